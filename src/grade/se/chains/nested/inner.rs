//! The inner rules of SE's nested chains: what a chain of level `n` asks,
//! once its propagation is at rest, of the position it has reached.
//!
//! In order, the first that has a hint resting on the chain gives all its
//! removals: locked candidates (pointing, then claiming), hidden pairs,
//! naked pairs, X-wings; then by level SE's static forcing chains (levels
//! 2, 3), the static cell/region forcing chains (3), the dynamic forcing
//! chains (4, 5) and the chains of level 2 (5). A hint rests on the chain
//! when its pattern needs removals the chain made (its "parents"): for a
//! locked set or a fish, the digit's removed places in the base houses
//! outside the cover; for a hidden pair, the pair's digits removed from
//! the house's other cells; for a naked pair, the pair cells' other
//! candidates removed; for a chain, what its singles needed.
//! Each rule enumerates its hints in SE's order.

use super::*;

/// A removal an inner rule offers: the potential, its parents, and the
/// nested chain it comes from (identity and complexity).
pub(super) struct Advanced {
    pub pot: Pot,
    pub parents: Vec<Pot>,
    pub nested: Option<(u64, usize)>,
}

/// A pattern's hint: its removals and its parents.
type Pattern = (Vec<Pot>, Vec<Pot>);

/// The removals the inner rules of `level` offer on `cur` (the position a
/// chain from `src` has reached): those of the first rule with a hint
/// resting on the chain.
pub static COUNTS: [std::sync::atomic::AtomicUsize; 8] = [const { std::sync::atomic::AtomicUsize::new(0) }; 8];
fn count(i: usize) {
    COUNTS[i].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}
#[inline(never)]
pub(super) fn advanced(env: &Env, src: &Pos, cur: &Pos, level: u8) -> Vec<Advanced> {
    count(level as usize);
    let mut out: Vec<Advanced> = Vec::new();
    let take = |out: &mut Vec<Advanced>, removes: &[Pot], parents: &[Pot], nested| {
        if parents.is_empty() {
            return;
        }
        for &q in removes {
            out.push(Advanced {
                pot: q,
                parents: parents.to_vec(),
                nested,
            });
        }
    };
    let mut hints: Vec<Pattern> = Vec::new();
    for rule in 0..4 {
        hints.clear();
        match rule {
            0 => locking(cur, src, &mut hints),
            1 => hidden_pairs(env, cur, src, &mut hints),
            2 => naked_pairs(env, cur, src, &mut hints),
            _ => x_wings(env, cur, src, &mut hints),
        }
        for (r, p) in &hints {
            take(&mut out, r, p, None);
        }
        if !out.is_empty() {
            return out;
        }
    }
    let rules: &[u8] = match level {
        1 => &[],
        2 => &[0],
        3 => &[0, 1],
        4 => &[2],
        _ => &[2, 3],
    };
    for &rule in rules {
        let mut found = Vec::new();
        count(6);

        let mut sink = |f: Found| found.push(f);
        match rule {
            0 => unary_hints(env, cur, src, &mut sink),
            1 => multiple_hints(env, cur, 0, false, Some(src), &mut sink),
            2 => multiple_hints(env, cur, 0, true, Some(src), &mut sink),
            _ => multiple_hints(env, cur, level - 3, true, Some(src), &mut sink),
        }
        for f in sorted_unique(found) {
            take(&mut out, &f.removes, &f.parents, Some((f.id, f.complexity)));
        }
        if !out.is_empty() {
            return out;
        }
    }
    out
}

/// The hints of an inner chaining rule as SE offers them: sorted (lower
/// rating, then complexity, then kind; stable), one per set of removals.
fn sorted_unique(mut hints: Vec<Found>) -> Vec<Found> {
    hints.sort_by(|a, b| {
        (a.rating, a.complexity, a.sort_key)
            .partial_cmp(&(b.rating, b.complexity, b.sort_key))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut seen: Vec<Vec<Pot>> = Vec::new();
    hints.retain(|h| {
        let mut key = h.removes.clone();
        key.sort_unstable();
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
    hints
}

/// SE's static forcing chains (X-only, then mixed; SE's cycles are left
/// out) on `cur`: a potential implying its opposite, followed level by
/// level. Parents are taken against `src`.
#[inline(never)]
fn unary_hints(env: &Env, cur: &Pos, src: &Pos, sink: &mut dyn FnMut(Found)) {
    let mut parents = Vec::new();
    // which premises lead to their opposite: a premise that does so with
    // X links alone does so with X and Y links
    let refuted = self_refuting(cur);
    for y_rule in [false, true] {
        for cell in 0..81 {
            let m = cur.c[cell];
            if m.count_ones() < 2 {
                continue;
            }
            for d in bits(m) {
                for on in [true, false] {
                    let premise = pt(cell, d, on);
                    if !refuted.contains(premise) {
                        continue;
                    }
                    let n = unary_net(cur, premise, y_rule);
                    let target = premise ^ 1;
                    if !n.p.has(target) {
                        continue;
                    }
                    let removes: Vec<Pot> = if on {
                        vec![target]
                    } else {
                        bits(m & !(1 << d)).map(|e| pt(cell, e, false)).collect()
                    };
                    if removes.is_empty() {
                        continue;
                    }
                    let cx = n.p.ancestor_count(target);
                    parents.clear();
                    rule_parents(&[(&n, target)], NO_CAUSE, src, cur, &mut parents);
                    let base = if y_rule { 7.0 } else { 6.6 };
                    sink(Found {
                        rating: rated(base, cx),
                        complexity: cx,
                        sort_key: if y_rule { 4 } else { 2 },
                        removes,
                        parents: parents.clone(),
                        id: (premise as u64) << 20 | (cx as u64) << 4 | 2,
                        what: What::Unary,
                    });
                }
            }
        }
    }
}

/// The potentials that lead to their opposite by SE's static X and Y
/// implications on `cur`: the strongly connected components of the
/// implications, each with the components it leads to.
#[inline(never)]
fn self_refuting(cur: &Pos) -> PotSet {
    let mut state_of = [u16::MAX; POTS];
    let mut states: Vec<u16> = Vec::with_capacity(600);
    for (cell, &m) in cur.c.iter().enumerate() {
        for d in bits(m) {
            for on in [false, true] {
                let q = pt(cell, d, on);
                state_of[q] = states.len() as u16;
                states.push(q as u16);
            }
        }
    }
    let mut start: Vec<u32> = Vec::with_capacity(states.len() + 1);
    let mut edges: Vec<u16> = Vec::with_capacity(states.len() * 8);
    for &q in &states {
        start.push(edges.len() as u32);
        let q = q as usize;
        let (cell, d) = cell_digit(q);
        if q & 1 == 1 {
            for e in bits(cur.c[cell] & !(1 << d)) {
                edges.push(state_of[pt(cell, e, false)]);
            }
            for &(h, k) in &CELL_HOUSES[cell] {
                for x in cells_in(h as usize, cur.p[d][h as usize] & !(1 << k)) {
                    edges.push(state_of[pt(x, d, false)]);
                }
            }
        } else {
            let others = cur.c[cell] & !(1 << d);
            if others.count_ones() == 1 {
                edges.push(state_of[pt(cell, others.trailing_zeros() as usize, true)]);
            }
            for &(h, k) in &CELL_HOUSES[cell] {
                let m = cur.p[d][h as usize];
                if m.count_ones() == 2 {
                    let other = (m & !(1 << k)).trailing_zeros() as usize;
                    let x = HOUSE_CELLS[h as usize][other] as usize;
                    edges.push(state_of[pt(x, d, true)]);
                }
            }
        }
    }
    start.push(edges.len() as u32);
    let succ = |s: usize| -> &[u16] {
        let (a, b) = (start[s] as usize, start[s + 1] as usize);
        edges.get(a..b).unwrap_or(&[])
    };
    let words = states.len().div_ceil(64).max(1);
    let mut leads: Vec<u64> = Vec::new();
    let component = crate::scc::components(
        states.len(),
        |s, k| succ(s).get(k).map(|&t| t as usize),
        |c, members, component| {
            let base = leads.len();
            leads.resize(base + words, 0);
            leads[base + c as usize / 64] |= 1 << (c % 64);
            for &m in members {
                for &t in succ(m as usize) {
                    let o = component.get(t as usize).copied().unwrap_or(c);
                    if o != c {
                        let ob = o as usize * words;
                        for j in 0..words {
                            leads[base + j] |= leads[ob + j];
                        }
                    }
                }
            }
        },
    );
    let mut out = PotSet::default();
    for (s, &q) in states.iter().enumerate() {
        let q = q as usize;
        let (a, b) = (component[s] as usize, state_of[q ^ 1]);
        let b = component.get(b as usize).copied().unwrap_or(0) as usize;
        if leads[a * words + b / 64] >> (b % 64) & 1 == 1 {
            out.insert(q);
        }
    }
    out
}

/// SE's forcing chain search from one premise (static, level by level:
/// every pending "on", then every pending "off"), until the premise's
/// opposite is found.
#[inline(never)]
fn unary_net(cur: &Pos, premise: Pot, y_rule: bool) -> Net {
    let mut n = Net::new();
    n.p.add(premise, &[]);
    let mut ons: Vec<Pot> = Vec::new();
    let mut offs: Vec<Pot> = Vec::new();
    if premise & 1 == 1 {
        ons.push(premise);
    } else {
        offs.push(premise);
    }
    let target = premise ^ 1;
    let (mut i_on, mut i_off) = (0, 0);
    while i_on < ons.len() || i_off < offs.len() {
        while let Some(&q) = ons.get(i_on) {
            i_on += 1;
            let (cell, d) = cell_digit(q);
            if y_rule {
                for e in bits(cur.c[cell] & !(1 << d)) {
                    let f = pt(cell, e, false);
                    if n.p.add(f, &[q as u16]) {
                        offs.push(f);
                    }
                }
            }
            for &(h, k) in &CELL_HOUSES[cell] {
                for x in cells_in(h as usize, cur.p[d][h as usize] & !(1 << k)) {
                    let f = pt(x, d, false);
                    if n.p.add(f, &[q as u16]) {
                        offs.push(f);
                    }
                }
            }
            if n.p.has(target) {
                return n;
            }
        }
        while let Some(&q) = offs.get(i_off) {
            i_off += 1;
            let (cell, d) = cell_digit(q);
            if y_rule && cur.c[cell].count_ones() == 2 {
                let f = pt(cell, (cur.c[cell] & !(1 << d)).trailing_zeros() as usize, true);
                if n.p.add(f, &[q as u16]) {
                    n.set_cause(f, NAKED);
                    ons.push(f);
                }
            }
            for (i, &(h, k)) in CELL_HOUSES[cell].iter().enumerate() {
                let m = cur.p[d][h as usize];
                if m.count_ones() == 2 {
                    let other = (m & !(1 << k)).trailing_zeros() as usize;
                    let f = pt(HOUSE_CELLS[h as usize][other] as usize, d, true);
                    if n.p.add(f, &[q as u16]) {
                        n.set_cause(f, i as u8 + 1);
                        ons.push(f);
                    }
                }
            }
            if n.p.has(target) {
                return n;
            }
        }
    }
    n
}

/// SE's locked candidates (pointing: block against column, then row; then
/// claiming: column, then row, against block), each with the removals its
/// base house needed.
#[inline(never)]
fn locking(cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for (t1, t2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (h1, h2) = (t1 * 9 + i1, t2 * 9 + i2);
                let in1 = INTER[h1][h2];
                if in1 == 0 {
                    continue;
                }
                let in2 = INTER[h2][h1];
                for d in 1..=9 {
                    let m = cur.p[d][h1];
                    if m.count_ones() < 2 || m & !in1 != 0 {
                        continue;
                    }
                    let rm = cur.p[d][h2] & !in2;
                    if rm == 0 {
                        continue;
                    }
                    let removes = cells_in(h2, rm).map(|c| pt(c, d, false)).collect();
                    let gone = src.p[d][h1] & !m & !in1;
                    let parents = cells_in(h1, gone).map(|c| pt(c, d, false)).collect();
                    out.push((removes, parents));
                }
            }
        }
    }
}

/// The pairs of 0..9 in SE's order (by the larger, then the smaller).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// SE's house order for subsets: blocks, columns, rows.
const SUBSET_KINDS: [usize; 3] = [0, 2, 1];

#[inline(never)]
fn hidden_pairs(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for t in SUBSET_KINDS {
        for i in 0..9 {
            let h = t * 9 + i;
            if env.empties[h] <= 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (va, vb) = (a + 1, b + 1);
                let (pa, pb) = (cur.p[va][h], cur.p[vb][h]);
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let both = pa | pb;
                let set = 1u16 << va | 1 << vb;
                let removes: Vec<Pot> = cells_in(h, both)
                    .flat_map(|c| bits(cur.c[c] & !set).map(move |e| pt(c, e, false)))
                    .collect();
                if removes.is_empty() {
                    continue;
                }
                let parents = cells_in(h, 0x1ff & !both)
                    .flat_map(|c| bits(src.c[c] & set).map(move |v| pt(c, v, false)))
                    .collect();
                out.push((removes, parents));
            }
        }
    }
}

#[inline(never)]
fn naked_pairs(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for t in SUBSET_KINDS {
        for i in 0..9 {
            let h = t * 9 + i;
            if env.empties[h] < 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (ca, cb) = (HOUSE_CELLS[h][a] as usize, HOUSE_CELLS[h][b] as usize);
                let (ma, mb) = (cur.c[ca], cur.c[cb]);
                if ma.count_ones() <= 1 || mb.count_ones() <= 1 || (ma | mb).count_ones() != 2 {
                    continue;
                }
                let set = ma | mb;
                let removes: Vec<Pot> = cells_in(h, 0x1ff & !(1 << a | 1 << b))
                    .flat_map(|c| bits(cur.c[c] & set).map(move |e| pt(c, e, false)))
                    .collect();
                if removes.is_empty() {
                    continue;
                }
                let parents = [ca, cb]
                    .into_iter()
                    .flat_map(|c| bits(src.c[c] & !set).map(move |v| pt(c, v, false)))
                    .collect();
                out.push((removes, parents));
            }
        }
    }
}

/// SE's X-wings: base columns (cover rows), then base rows.
#[inline(never)]
fn x_wings(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for (base, cover) in [(2usize, 1usize), (1, 2)] {
        for (a, b) in pairs() {
            for d in 1..=9 {
                if env.placed[d] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (cur.p[d][base * 9 + a], cur.p[d][base * 9 + b]);
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let common = pa | pb;
                let lines = 1u16 << a | 1 << b;
                let removes: Vec<Pot> = bits(common)
                    .flat_map(|i| {
                        let h = cover * 9 + i;
                        cells_in(h, cur.p[d][h] & !lines).map(move |c| pt(c, d, false))
                    })
                    .collect();
                if removes.is_empty() {
                    continue;
                }
                // cell k of a base line lies in cover line k
                let parents = [a, b]
                    .into_iter()
                    .flat_map(|l| {
                        let h = base * 9 + l;
                        let gone = src.p[d][h] & !cur.p[d][h] & !common;
                        cells_in(h, gone).map(move |c| pt(c, d, false))
                    })
                    .collect();
                out.push((removes, parents));
            }
        }
    }
}
