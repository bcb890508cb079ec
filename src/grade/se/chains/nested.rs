//! SE's Dynamic Forcing Chains (+) and Nested Forcing Chains: dynamic
//! forcing chains of level 1 to 5 whose propagation, each time it comes to
//! rest, asks simpler rules for more removals on the position it has
//! reached.
//!
//! The rule (learned from SE's source, implemented independently):
//!
//! - A chain of level `n` is a dynamic forcing chain (contradiction,
//!   double, cell, region) whose propagation, once nothing is pending,
//!   runs the *inner rules* of its level on the position it has reached
//!   (the removals made so far), in order, and takes every removal of the
//!   first inner rule that has a hint resting on the chain (a hint whose
//!   pattern needs some removal the chain made). The removals go on as
//!   "off" potentials whose parents are those removals; the propagation
//!   then goes on.
//! - Inner rules: level 1 locked candidates, hidden pairs, naked pairs,
//!   X-wings; level 2 those and SE's forcing chains (static); level 3
//!   those and the static cell/region forcing chains; level 4 the four
//!   patterns and the dynamic forcing chains (level 0); level 5 those and
//!   the chains of level 2.
//! - Base rating: level 1 9.0, level 2 9.5, level 3 10.0, level 4 10.5,
//!   level 5 11.0. The length penalty is taken on the chain's complexity:
//!   the potentials its conclusion rests on (per branch), plus the
//!   complexity of every distinct nested chain among them (SE's "nested
//!   complexity", recursively).
//! - An inner chaining rule offers all its hints, lowest rated first
//!   (then the least complex, then SE's order of kinds), one per set of
//!   removals. A hint rests on the chain by the removals its "on"
//!   potentials needed: a naked single needs the cell's removed
//!   candidates, a hidden single the digit's removed places in its house.
//!
//! SE's cycles are not among the inner rules here (see docs/ratings.md).

use super::*;

/// A position as SE's chains see it: the candidates of each cell, bit `d`
/// for digit `d` (a cell with a value has none).
type Cands = [u16; 81];

/// No cause: the premise, or a removal.
const NO_CAUSE: u8 = 255;
/// The cause of an "on" potential: a naked single (0) or a hidden single
/// in the cell's block (1), row (2) or column (3).
const NAKED: u8 = 0;

/// What the real grid fixes for every position derived from it: the
/// empty cells per house (SE's subset rules look at them) and how often
/// each digit is placed (its fish rule does).
struct Env {
    empties: [u8; 27],
    placed: [u8; 10],
}

/// The cells of house `h` in SE's order: blocks 0-8, rows 9-17, columns 18-26.
fn house_cell(h: usize, k: usize) -> usize {
    match h / 9 {
        0 => {
            let b = h % 9;
            (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3
        }
        1 => (h % 9) * 9 + k,
        _ => k * 9 + h % 9,
    }
}

/// The houses of a cell, SE's order: block, row, column.
fn houses_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r / 3 * 3 + c / 3, 9 + r, 18 + c]
}

fn pt(cell: usize, d: usize, on: bool) -> Pot {
    (cell * 9 + d - 1) * 2 + on as usize
}

fn cell_digit(q: Pot) -> (usize, usize) {
    let c = q / 2;
    (c / 9, c % 9 + 1)
}

fn bits(m: u16) -> impl Iterator<Item = usize> {
    (1..=9).filter(move |d| m >> d & 1 == 1)
}

/// The places of digit `d` in house `h`, as a mask of house indexes.
fn places(cands: &Cands, h: usize, d: usize) -> u16 {
    let mut m = 0;
    for k in 0..9 {
        if cands[house_cell(h, k)] >> d & 1 == 1 {
            m |= 1 << k;
        }
    }
    m
}

/// A propagation with SE's causes and nested chains.
struct Net {
    p: Propagation,
    /// Per "on" potential, its cause.
    cause: Vec<u8>,
    /// The removals found by inner chaining rules: the potential, the
    /// nested chain's identity and complexity.
    nested: Vec<(Pot, u64, usize)>,
}

/// A hint of a chaining rule, with what an outer chain needs of it.
#[derive(Clone)]
struct Found {
    rating: f32,
    complexity: usize,
    sort_key: u8,
    /// The removals, in order.
    removes: Vec<Pot>,
    /// The removals of the outer chain it rests on.
    parents: Vec<Pot>,
    /// A fingerprint of the chain (nested chains counted once each).
    id: u64,
    what: What,
}

/// What a hint concludes from, to rebuild its evidence.
#[derive(Clone, Copy)]
enum What {
    Contradiction { premise: Pot },
    Double { cand: usize, target: Pot },
    Cell { cell: usize, target: Pot },
    Region { house: usize, digit: usize, target: Pot },
    Unary { premise: Pot, target: Pot },
}

/// A removal an inner rule offers: the potential, its parents, and the
/// nested chain it comes from.
struct Advanced {
    pot: Pot,
    parents: Vec<Pot>,
    nested: Option<(u64, usize)>,
}

fn base_of(level: u8, dynamic: bool) -> f32 {
    match level {
        0 if dynamic => 8.5,
        0 => 8.0,
        1 => 9.0,
        l => 9.5 + 0.5 * f32::from(l - 2),
    }
}

/// SE's propagation (its `doChaining`): "on" potentials first, each as
/// found; with `dynamic`, singles are read from the position with the
/// removals made so far; at `level` 1 and up, the inner rules when nothing
/// is pending. Stops at the first potential found both on and off.
fn net(env: &Env, src: &Cands, premise: Pot, dynamic: bool, level: u8) -> Net {
    let mut cur = *src;
    let mut n = Net {
        p: Propagation::empty(),
        cause: vec![NO_CAUSE; POTS],
        nested: Vec::new(),
    };
    n.p.add(premise, &[]);
    let mut ons: Vec<Pot> = Vec::with_capacity(64);
    let mut offs: Vec<Pot> = Vec::with_capacity(128);
    if premise & 1 == 1 {
        ons.push(premise);
    } else {
        offs.push(premise);
    }
    let (mut i_on, mut i_off) = (0, 0);
    let mut parents: Vec<u16> = Vec::with_capacity(16);
    loop {
        if let Some(&q) = ons.get(i_on) {
            i_on += 1;
            let (cell, d) = cell_digit(q);
            for e in bits(cur[cell] & !(1 << d)) {
                let f = pt(cell, e, false);
                if n.p.add(f, &[q as u16]) {
                    offs.push(f);
                }
                if n.p.absurd.is_some() {
                    return n;
                }
            }
            for h in houses_of(cell) {
                for k in 0..9 {
                    let x = house_cell(h, k);
                    if x != cell && cur[x] >> d & 1 == 1 {
                        let f = pt(x, d, false);
                        if n.p.add(f, &[q as u16]) {
                            offs.push(f);
                        }
                        if n.p.absurd.is_some() {
                            return n;
                        }
                    }
                }
            }
        } else if let Some(&q) = offs.get(i_off) {
            i_off += 1;
            let (cell, d) = cell_digit(q);
            // what goes on, read before the removal
            let mut found: [(Pot, u8, usize); 4] = [(usize::MAX, 0, 0); 4];
            if cur[cell].count_ones() == 2 {
                if let Some(e) = bits(cur[cell] & !(1 << d)).next() {
                    found[0] = (pt(cell, e, true), NAKED, 0);
                }
            }
            for (i, h) in houses_of(cell).into_iter().enumerate() {
                let m = places(&cur, h, d);
                if m.count_ones() == 2 {
                    let k = (0..9)
                        .find(|&k| m >> k & 1 == 1 && house_cell(h, k) != cell)
                        .unwrap_or(0);
                    found[i + 1] = (pt(house_cell(h, k), d, true), i as u8 + 1, h);
                }
            }
            for &(on, cause, h) in &found {
                if on == usize::MAX {
                    continue;
                }
                parents.clear();
                parents.push(q as u16);
                if dynamic {
                    let (x, e) = cell_digit(on);
                    if cause == NAKED {
                        for v in bits(src[x] & !cur[x]) {
                            parents.push(pt(x, v, false) as u16);
                        }
                    } else {
                        for k in 0..9 {
                            let y = house_cell(h, k);
                            if src[y] >> e & 1 == 1 && cur[y] >> e & 1 == 0 {
                                parents.push(pt(y, e, false) as u16);
                            }
                        }
                    }
                }
                if n.p.add(on, &parents) {
                    if let Some(c) = n.cause.get_mut(on) {
                        *c = cause;
                    }
                    ons.push(on);
                }
                if n.p.absurd.is_some() {
                    return n;
                }
            }
            if dynamic {
                cur[cell] &= !(1 << d);
            }
        } else {
            break;
        }
        if level > 0 && i_on == ons.len() && i_off == offs.len() {
            for a in advanced(env, src, &cur, level) {
                if n.p.has(a.pot) {
                    continue;
                }
                let ps: Vec<u16> = a.parents.iter().map(|&x| x as u16).collect();
                let absurd = n.p.absurd;
                n.p.add(a.pot, &ps);
                n.p.absurd = absurd;
                if let Some((id, cx)) = a.nested {
                    n.nested.push((a.pot, id, cx));
                }
                offs.push(a.pot);
            }
        }
    }
    n
}

/// The complexity of a hint whose branches end at `targets`: each
/// branch's potentials, plus every distinct nested chain among them.
fn complexity(targets: &[(&Net, Pot)]) -> usize {
    let mut flat = 0;
    let mut ids: Vec<(u64, usize)> = Vec::new();
    for &(n, t) in targets {
        let (mark, k) = n.p.mark_ancestors(t);
        flat += k;
        for &(q, id, cx) in &n.nested {
            if mark.contains(q) && !ids.iter().any(|&(i, _)| i == id) {
                ids.push((id, cx));
            }
        }
    }
    flat + ids.iter().map(|&(_, cx)| cx).sum::<usize>()
}

/// The removals of the outer chain (from `src` to `cur`) a hint rests on:
/// those its "on" potentials needed. `premise_cause` is the cause SE gives
/// the premises of cell (naked) and region (hidden) chains.
fn rule_parents(
    targets: &[(&Net, Pot)],
    premise_cause: u8,
    src: &Cands,
    cur: &Cands,
    out: &mut Vec<Pot>,
) {
    let mut seen = PotSet::default();
    for &(n, t) in targets {
        let (mark, _) = n.p.mark_ancestors(t);
        for &x in &n.p.order {
            if x & 1 == 0 || !mark.contains(x) {
                continue;
            }
            let mut cause = n.cause.get(x).copied().unwrap_or(NO_CAUSE);
            if cause == NO_CAUSE && n.p.parents(x).is_empty() {
                cause = premise_cause;
            }
            let (cell, d) = cell_digit(x);
            let mut push = |q: Pot| {
                if !seen.contains(q) {
                    seen.insert(q);
                    out.push(q);
                }
            };
            match cause {
                NO_CAUSE => {}
                NAKED => {
                    for v in bits(src[cell] & !cur[cell]) {
                        push(pt(cell, v, false));
                    }
                }
                k => {
                    let h = houses_of(cell)[(k - 1) as usize];
                    for i in 0..9 {
                        let y = house_cell(h, i);
                        if src[y] >> d & 1 == 1 && cur[y] >> d & 1 == 0 {
                            push(pt(y, d, false));
                        }
                    }
                }
            }
        }
    }
}

/// SE's multiple (and dynamic) forcing chains on `cands`, every hint in
/// SE's order of discovery: per cell, per candidate, the contradictions
/// and double chains (dynamic), the region chains where the cell is the
/// digit's first place; then the cell chains. With `outer`, the hints'
/// parents are taken against the outer chain's source.
fn multiple_hints(
    env: &Env,
    cands: &Cands,
    level: u8,
    dynamic: bool,
    outer: Option<&Cands>,
    sink: &mut dyn FnMut(Found),
) {
    let base = base_of(level, dynamic);
    let mut on_nets: Vec<Option<Net>> = (0..729).map(|_| None).collect();
    let get_on = |nets: &mut Vec<Option<Net>>, cell: usize, d: usize| {
        let i = cell * 9 + d - 1;
        if nets[i].is_none() {
            nets[i] = Some(net(env, cands, pt(cell, d, true), dynamic, level));
        }
    };
    let mut parents = Vec::new();
    let mut emit = |targets: &[(&Net, Pot)],
                    premise_cause: u8,
                    removes: Vec<Pot>,
                    sort_key: u8,
                    what: What,
                    sink: &mut dyn FnMut(Found)| {
        if removes.is_empty() {
            return;
        }
        let cx = complexity(targets);
        parents.clear();
        if let Some(src) = outer {
            rule_parents(targets, premise_cause, src, cands, &mut parents);
        }
        let mut id = 0xcbf2_9ce4_8422_2325u64;
        for &(_, t) in targets {
            id = (id ^ t as u64).wrapping_mul(0x100_0000_01b3);
        }
        id = (id ^ cx as u64).wrapping_mul(0x100_0000_01b3);
        id = (id ^ sort_key as u64).wrapping_mul(0x100_0000_01b3);
        sink(Found {
            rating: rated(base, cx),
            complexity: cx,
            sort_key,
            removes,
            parents: parents.clone(),
            id,
            what,
        });
    };
    // the removals of a conclusion: an "on" removes the cell's others
    let removes_of = |q: Pot| -> Vec<Pot> {
        let (cell, d) = cell_digit(q);
        if q & 1 == 1 {
            bits(cands[cell] & !(1 << d))
                .map(|e| pt(cell, e, false))
                .collect()
        } else {
            vec![q]
        }
    };
    for cell in 0..81 {
        let m = cands[cell];
        let card = m.count_ones();
        if card < 2 || (!dynamic && card < 3) {
            continue;
        }
        for d in bits(m) {
            get_on(&mut on_nets, cell, d);
            let Some(Some(on)) = on_nets.get(cell * 9 + d - 1) else {
                continue;
            };
            if dynamic {
                let off = net(env, cands, pt(cell, d, false), dynamic, level);
                if let Some(a) = on.p.absurd {
                    let premise = pt(cell, d, true);
                    emit(
                        &[(on, a | 1), (on, a & !1)],
                        NO_CAUSE,
                        vec![pt(cell, d, false)],
                        7,
                        What::Contradiction { premise },
                        sink,
                    );
                }
                if let Some(a) = off.p.absurd {
                    let premise = pt(cell, d, false);
                    emit(
                        &[(&off, a | 1), (&off, a & !1)],
                        NO_CAUSE,
                        removes_of(pt(cell, d, true)),
                        7,
                        What::Contradiction { premise },
                        sink,
                    );
                }
                if card >= 3 {
                    for want_on in [true, false] {
                        for &q in &on.p.order {
                            if (q & 1 == 1) != want_on || !off.p.has(q) {
                                continue;
                            }
                            emit(
                                &[(on, q), (&off, q)],
                                NO_CAUSE,
                                removes_of(q),
                                1,
                                What::Double {
                                    cand: cell * 9 + d - 1,
                                    target: q,
                                },
                                sink,
                            );
                        }
                    }
                }
            }
            // region chains where this cell is the digit's first place
            for (i, h) in houses_of(cell).into_iter().enumerate() {
                let pm = places(cands, h, d);
                if pm.count_ones() < 2 || house_cell(h, pm.trailing_zeros() as usize) != cell {
                    continue;
                }
                let xs: Vec<usize> = (0..9)
                    .filter(|&k| pm >> k & 1 == 1)
                    .map(|k| house_cell(h, k))
                    .collect();
                for &x in &xs {
                    get_on(&mut on_nets, x, d);
                }
                let group: Vec<&Net> = xs
                    .iter()
                    .filter_map(|&x| on_nets.get(x * 9 + d - 1)?.as_ref())
                    .collect();
                let Some(first) = group.first() else { continue };
                for want_on in [true, false] {
                    for &q in &first.p.order {
                        if (q & 1 == 1) != want_on || !group.iter().all(|g| g.p.has(q)) {
                            continue;
                        }
                        let targets: Vec<(&Net, Pot)> = group.iter().map(|g| (*g, q)).collect();
                        emit(
                            &targets,
                            i as u8 + 1,
                            removes_of(q),
                            6,
                            What::Region {
                                house: h,
                                digit: d,
                                target: q,
                            },
                            sink,
                        );
                    }
                }
            }
        }
        // cell chains
        let group: Vec<&Net> = bits(m)
            .filter_map(|d| on_nets.get(cell * 9 + d - 1)?.as_ref())
            .collect();
        let Some(first) = group.first() else { continue };
        for want_on in [true, false] {
            for &q in &first.p.order {
                if (q & 1 == 1) != want_on || !group.iter().all(|g| g.p.has(q)) {
                    continue;
                }
                let targets: Vec<(&Net, Pot)> = group.iter().map(|g| (*g, q)).collect();
                emit(
                    &targets,
                    NAKED,
                    removes_of(q),
                    5,
                    What::Cell { cell, target: q },
                    sink,
                );
            }
        }
    }
}

/// SE's static forcing chains (X and mixed; no cycles) on `cands`: a
/// potential implying its opposite, followed level by level.
fn unary_hints(cands: &Cands, outer: Option<&Cands>, sink: &mut dyn FnMut(Found)) {
    let mut parents = Vec::new();
    for y_rule in [false, true] {
        for cell in 0..81 {
            if cands[cell].count_ones() < 2 {
                continue;
            }
            for d in bits(cands[cell]) {
                for on in [true, false] {
                    let premise = pt(cell, d, on);
                    let n = unary_net(cands, premise, y_rule);
                    let target = premise ^ 1;
                    if !n.p.has(target) {
                        continue;
                    }
                    let removes: Vec<Pot> = if target & 1 == 1 {
                        bits(cands[cell] & !(1 << d))
                            .map(|e| pt(cell, e, false))
                            .collect()
                    } else {
                        vec![target]
                    };
                    if removes.is_empty() {
                        continue;
                    }
                    let cx = n.p.ancestor_count(target);
                    parents.clear();
                    if let Some(src) = outer {
                        rule_parents(&[(&n, target)], NO_CAUSE, src, cands, &mut parents);
                    }
                    let base = if y_rule { 7.0 } else { 6.6 };
                    sink(Found {
                        rating: rated(base, cx),
                        complexity: cx,
                        sort_key: if y_rule { 4 } else { 2 },
                        removes,
                        parents: parents.clone(),
                        id: (premise as u64) << 20 | (cx as u64) << 4 | 2,
                        what: What::Unary { premise, target },
                    });
                }
            }
        }
    }
}

/// SE's forcing chain search from one premise (static, level by level:
/// every pending "on", then every pending "off").
fn unary_net(cands: &Cands, premise: Pot, y_rule: bool) -> Net {
    let mut n = Net {
        p: Propagation::empty(),
        cause: vec![NO_CAUSE; POTS],
        nested: Vec::new(),
    };
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
                for e in bits(cands[cell] & !(1 << d)) {
                    let f = pt(cell, e, false);
                    if n.p.add(f, &[q as u16]) {
                        offs.push(f);
                    }
                }
            }
            for h in houses_of(cell) {
                for k in 0..9 {
                    let x = house_cell(h, k);
                    if x != cell && cands[x] >> d & 1 == 1 {
                        let f = pt(x, d, false);
                        if n.p.add(f, &[q as u16]) {
                            offs.push(f);
                        }
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
            if y_rule && cands[cell].count_ones() == 2 {
                if let Some(e) = bits(cands[cell] & !(1 << d)).next() {
                    let f = pt(cell, e, true);
                    if n.p.add(f, &[q as u16]) {
                        n.cause[f] = NAKED;
                        ons.push(f);
                    }
                }
            }
            for (i, h) in houses_of(cell).into_iter().enumerate() {
                let m = places(cands, h, d);
                if m.count_ones() == 2 {
                    if let Some(k) = (0..9).find(|&k| m >> k & 1 == 1 && house_cell(h, k) != cell) {
                        let f = pt(house_cell(h, k), d, true);
                        if n.p.add(f, &[q as u16]) {
                            n.cause[f] = i as u8 + 1;
                            ons.push(f);
                        }
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

/// The hints of an inner chaining rule, as SE offers them: sorted (lower
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

/// The removals the inner rules of `level` offer on `cur` (the position a
/// chain from `src` has reached): those of the first rule with a hint
/// resting on the chain.
fn advanced(env: &Env, src: &Cands, cur: &Cands, level: u8) -> Vec<Advanced> {
    let mut out: Vec<Advanced> = Vec::new();
    let mut take = |out: &mut Vec<Advanced>, removes: &[Pot], parents: &[Pot], nested| {
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
    for rule in 0..4 {
        let mut hints: Vec<(Vec<Pot>, Vec<Pot>)> = Vec::new();
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
        let mut hints = Vec::new();
        let mut sink = |f: Found| hints.push(f);
        match rule {
            0 => unary_hints(cur, Some(src), &mut sink),
            1 => multiple_hints(env, cur, 0, false, Some(src), &mut sink),
            2 => multiple_hints(env, cur, 0, true, Some(src), &mut sink),
            _ => multiple_hints(env, cur, level - 3, true, Some(src), &mut sink),
        }
        for f in sorted_unique(hints) {
            take(&mut out, &f.removes, &f.parents, Some((f.id, f.complexity)));
        }
        if !out.is_empty() {
            return out;
        }
    }
    out
}

/// SE's locked candidates (pointing, then claiming) on `cur`, each with
/// the removals its base house needed.
fn locking(cur: &Cands, src: &Cands, out: &mut Vec<(Vec<Pot>, Vec<Pot>)>) {
    // (block, column), (block, row), (column, block), (row, block)
    for (t1, t2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (h1, h2) = (t1 * 9 + i1, t2 * 9 + i2);
                let cells2: Vec<usize> = (0..9).map(|k| house_cell(h2, k)).collect();
                let cells1: Vec<usize> = (0..9).map(|k| house_cell(h1, k)).collect();
                if !cells1.iter().any(|c| cells2.contains(c)) {
                    continue;
                }
                for d in 1..=9 {
                    let m = places(cur, h1, d);
                    if m.count_ones() < 2 {
                        continue;
                    }
                    if (0..9).any(|k| m >> k & 1 == 1 && !cells2.contains(&cells1[k])) {
                        continue;
                    }
                    let removes: Vec<Pot> = cells2
                        .iter()
                        .filter(|&&c| !cells1.contains(&c) && cur[c] >> d & 1 == 1)
                        .map(|&c| pt(c, d, false))
                        .collect();
                    if removes.is_empty() {
                        continue;
                    }
                    let parents = cells1
                        .iter()
                        .filter(|&&c| {
                            src[c] >> d & 1 == 1 && cur[c] >> d & 1 == 0 && !cells2.contains(&c)
                        })
                        .map(|&c| pt(c, d, false))
                        .collect();
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
const SUBSET_HOUSES: [usize; 3] = [0, 2, 1];

fn hidden_pairs(env: &Env, cur: &Cands, src: &Cands, out: &mut Vec<(Vec<Pot>, Vec<Pot>)>) {
    for t in SUBSET_HOUSES {
        for i in 0..9 {
            let h = t * 9 + i;
            if env.empties[h] <= 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (va, vb) = (a + 1, b + 1);
                let (pa, pb) = (places(cur, h, va), places(cur, h, vb));
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let both = pa | pb;
                let set = 1u16 << va | 1 << vb;
                let mut removes = Vec::new();
                for k in 0..9 {
                    if both >> k & 1 == 1 {
                        let c = house_cell(h, k);
                        removes.extend(bits(cur[c] & !set).map(|e| pt(c, e, false)));
                    }
                }
                if removes.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for k in 0..9 {
                    if both >> k & 1 == 0 {
                        let c = house_cell(h, k);
                        for v in [va, vb] {
                            if src[c] >> v & 1 == 1 {
                                parents.push(pt(c, v, false));
                            }
                        }
                    }
                }
                out.push((removes, parents));
            }
        }
    }
}

fn naked_pairs(env: &Env, cur: &Cands, src: &Cands, out: &mut Vec<(Vec<Pot>, Vec<Pot>)>) {
    for t in SUBSET_HOUSES {
        for i in 0..9 {
            let h = t * 9 + i;
            if env.empties[h] < 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (ca, cb) = (house_cell(h, a), house_cell(h, b));
                let (ma, mb) = (cur[ca], cur[cb]);
                if ma.count_ones() <= 1 || mb.count_ones() <= 1 || (ma | mb).count_ones() != 2 {
                    continue;
                }
                let set = ma | mb;
                let mut removes = Vec::new();
                for k in 0..9 {
                    let c = house_cell(h, k);
                    if c != ca && c != cb {
                        removes.extend(bits(cur[c] & set).map(|e| pt(c, e, false)));
                    }
                }
                if removes.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for c in [ca, cb] {
                    parents.extend(bits(src[c] & !set).map(|v| pt(c, v, false)));
                }
                out.push((removes, parents));
            }
        }
    }
}

fn x_wings(env: &Env, cur: &Cands, src: &Cands, out: &mut Vec<(Vec<Pot>, Vec<Pot>)>) {
    // base columns then base rows
    for (base, cover) in [(2usize, 1usize), (1, 2)] {
        for (a, b) in pairs() {
            for d in 1..=9 {
                if env.placed[d] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (places(cur, base * 9 + a, d), places(cur, base * 9 + b, d));
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let common = pa | pb;
                let lines = 1u16 << a | 1 << b;
                let mut removes = Vec::new();
                for i in 0..9 {
                    if common >> i & 1 == 1 {
                        let m = places(cur, cover * 9 + i, d) & !lines;
                        for j in 0..9 {
                            if m >> j & 1 == 1 {
                                removes.push(pt(house_cell(cover * 9 + i, j), d, false));
                            }
                        }
                    }
                }
                if removes.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for l in [a, b] {
                    for k in 0..9 {
                        // cell k of base line l lies in cover line k
                        let c = house_cell(base * 9 + l, k);
                        if src[c] >> d & 1 == 1 && cur[c] >> d & 1 == 0 && common >> k & 1 == 0 {
                            parents.push(pt(c, d, false));
                        }
                    }
                }
                out.push((removes, parents));
            }
        }
    }
}

fn env_of(board: &Board) -> (Env, Cands) {
    let mut cands = [0u16; 81];
    let mut env = Env {
        empties: [0; 27],
        placed: [0; 10],
    };
    for c in Cell::all() {
        let i = c.index();
        match board.value(c) {
            Some(v) => env.placed[v.get() as usize] += 1,
            None => {
                cands[i] = board.candidates(c).bits();
                for h in houses_of(i) {
                    env.empties[h] += 1;
                }
            }
        }
    }
    (env, cands)
}

/// SE's dynamic forcing chains of `level` (1: "(+)", 2 to 5: nested): the
/// lowest-rated hint, then the least complex, then SE's order of kinds,
/// the first found of equals.
pub fn nested_chains(board: &Board, level: u8) -> Option<Hint> {
    let (env, cands) = env_of(board);
    let mut best: Option<Found> = None;
    multiple_hints(&env, &cands, level, true, None, &mut |f: Found| {
        let better = best.as_ref().is_none_or(|b| {
            (f.rating, f.complexity, f.sort_key) < (b.rating, b.complexity, b.sort_key)
        });
        if better {
            best = Some(f);
        }
    });
    let f = best?;
    let step = step_of(&env, &cands, level, &f)?;
    Some(Hint {
        step,
        rating: f.rating,
        complexity: f.complexity,
        sort_key: f.sort_key,
    })
}

/// The step of a hint, its propagations run again for the evidence.
fn step_of(env: &Env, cands: &Cands, level: u8, f: &Found) -> Option<Step> {
    let (contra, verity) = if level == 1 {
        (
            Technique::ForcingNetPlusContradiction,
            Technique::ForcingNetPlusVerity,
        )
    } else {
        (
            Technique::NestedForcingNetContradiction,
            Technique::ForcingNetPlusVerity,
        )
    };
    let lit = |q: Pot| Literal::from_index(q).map(|l| (l.cand, l.on));
    let run = |q: Pot| net(env, cands, q, true, level);
    match f.what {
        What::Contradiction { premise } => {
            let n = run(premise);
            let a = n.p.absurd?;
            let (c, on) = lit(premise)?;
            let ev = Evidence::Forcing {
                branches: vec![n.p.branch(c, on, a | 1), n.p.branch(c, on, a & !1)],
                contradiction: cand_of(a).map_or(CellSet::EMPTY, |c| CellSet::single(c.cell)),
            };
            conclusion(contra, premise ^ 1, ev)
        }
        What::Double { cand, target } => {
            let on = run(cand * 2 + 1);
            let off = run(cand * 2);
            let c = Candidate::from_index(cand)?;
            let ev = Evidence::Forcing {
                branches: vec![on.p.branch(c, true, target), off.p.branch(c, false, target)],
                contradiction: CellSet::EMPTY,
            };
            conclusion(verity, target, ev)
        }
        What::Cell { cell, target } => {
            let branches = bits(cands[cell])
                .filter_map(|d| {
                    let q = pt(cell, d, true);
                    Some(run(q).p.branch(lit(q)?.0, true, target))
                })
                .collect();
            let ev = Evidence::Forcing {
                branches,
                contradiction: CellSet::EMPTY,
            };
            conclusion(verity, target, ev)
        }
        What::Region {
            house,
            digit,
            target,
        } => {
            let branches = (0..9)
                .map(|k| house_cell(house, k))
                .filter(|&x| cands[x] >> digit & 1 == 1)
                .filter_map(|x| {
                    let q = pt(x, digit, true);
                    Some(run(q).p.branch(lit(q)?.0, true, target))
                })
                .collect();
            let ev = Evidence::Forcing {
                branches,
                contradiction: CellSet::EMPTY,
            };
            conclusion(verity, target, ev)
        }
        What::Unary { .. } => None,
    }
}
