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
//! The inner rules are in `inner.rs`.

use super::*;

mod inner;
mod refuting;

/// The cells of each house in SE's order (blocks 0-8, rows 9-17,
/// columns 18-26), and of each cell its houses (block, row, column) with
/// its index in each.
const HOUSE_CELLS: [[u8; 9]; 27] = house_cells();
const CELL_HOUSES: [[(u8, u8); 3]; 81] = cell_houses();
/// Per pair of houses, the cells of the first that lie in the second, as
/// a mask of the first's indexes.
const INTER: [[u16; 27]; 27] = intersections();

const fn house_cells() -> [[u8; 9]; 27] {
    let mut t = [[0u8; 9]; 27];
    let mut h = 0;
    while h < 27 {
        let mut k = 0;
        while k < 9 {
            let i = h % 9;
            t[h][k] = match h / 9 {
                0 => ((i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3) as u8,
                1 => (i * 9 + k) as u8,
                _ => (k * 9 + i) as u8,
            };
            k += 1;
        }
        h += 1;
    }
    t
}

const fn cell_houses() -> [[(u8, u8); 3]; 81] {
    let cells = house_cells();
    let mut t = [[(0u8, 0u8); 3]; 81];
    let mut h = 0;
    while h < 27 {
        let mut k = 0;
        while k < 9 {
            let c = cells[h][k] as usize;
            t[c][h / 9] = (h as u8, k as u8);
            k += 1;
        }
        h += 1;
    }
    t
}

const fn intersections() -> [[u16; 27]; 27] {
    let cells = house_cells();
    let mut t = [[0u16; 27]; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            let mut k = 0;
            while k < 9 {
                let mut j = 0;
                while j < 9 {
                    if cells[a][k] == cells[b][j] {
                        t[a][b] |= 1 << k;
                    }
                    j += 1;
                }
                k += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// A position as SE's chains see it: the candidates of each cell, bit `d`
/// for digit `d` (a cell with a value has none), and per digit and house
/// the digit's places, bit `k` for the house's `k`-th cell.
#[derive(Clone)]
struct Pos {
    c: [u16; 81],
    p: [[u16; 27]; 10],
}

impl Pos {
    fn new(c: [u16; 81]) -> Pos {
        let mut p = [[0u16; 27]; 10];
        for (cell, &m) in c.iter().enumerate() {
            for d in bits(m) {
                for &(h, k) in &CELL_HOUSES[cell] {
                    p[d][h as usize] |= 1 << k;
                }
            }
        }
        Pos { c, p }
    }
    fn has(&self, cell: usize, d: usize) -> bool {
        self.c[cell] >> d & 1 == 1
    }
    fn remove(&mut self, cell: usize, d: usize) {
        self.c[cell] &= !(1 << d);
        for &(h, k) in &CELL_HOUSES[cell] {
            self.p[d][h as usize] &= !(1 << k);
        }
    }
}

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

fn pt(cell: usize, d: usize, on: bool) -> Pot {
    (cell * 9 + d - 1) * 2 + on as usize
}

fn cell_digit(q: Pot) -> (usize, usize) {
    let c = q / 2;
    (c / 9, c % 9 + 1)
}

/// The digits of a candidate mask, or the indexes of a house mask (from 1
/// for digits: bit 0 is never set in a candidate mask).
fn bits(m: u16) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The cells of house `h` whose index is in mask `m`.
fn cells_in(h: usize, m: u16) -> impl Iterator<Item = usize> {
    bits(m).map(move |k| HOUSE_CELLS[h][k] as usize)
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
    Contradiction {
        premise: Pot,
    },
    Double {
        cand: usize,
        target: Pot,
    },
    Cell {
        cell: usize,
        target: Pot,
    },
    Region {
        house: usize,
        digit: usize,
        target: Pot,
    },
    /// A static forcing chain (only inside another chain).
    Unary,
}

fn base_of(level: u8, dynamic: bool) -> f32 {
    match level {
        0 if dynamic => 8.5,
        0 => 8.0,
        1 => 9.0,
        l => 9.5 + 0.5 * f32::from(l - 2),
    }
}

thread_local! {
    /// Spare cause arrays (all `NO_CAUSE`), for reuse.
    static SPARE_CAUSES: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Net {
    fn new() -> Net {
        let cause = SPARE_CAUSES
            .try_with(|s| s.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_else(|| vec![NO_CAUSE; POTS]);
        Net {
            p: Propagation::empty(),
            cause,
            nested: Vec::new(),
        }
    }
    fn set_cause(&mut self, q: Pot, cause: u8) {
        if let Some(c) = self.cause.get_mut(q) {
            *c = cause;
        }
    }
}

impl Drop for Net {
    fn drop(&mut self) {
        let mut cause = std::mem::take(&mut self.cause);
        for &q in &self.p.order {
            if let Some(c) = cause.get_mut(q) {
                *c = NO_CAUSE;
            }
        }
        let _ = SPARE_CAUSES.try_with(|s| s.borrow_mut().push(cause));
    }
}

/// SE's propagation (its `doChaining`): "on" potentials first, each as
/// found; with `dynamic`, singles are read from the position with the
/// removals made so far; at `level` 1 and up, the inner rules when nothing
/// is pending. Stops at the first potential found both on and off.
fn net(env: &Env, src: &Pos, premise: Pot, dynamic: bool, level: u8) -> Net {
    let mut cur = src.clone();
    let mut n = Net::new();
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
            for e in bits(cur.c[cell] & !(1 << d)) {
                let f = pt(cell, e, false);
                if n.p.add(f, &[q as u16]) {
                    offs.push(f);
                }
                if n.p.absurd.is_some() {
                    return n;
                }
            }
            for &(h, k) in &CELL_HOUSES[cell] {
                for x in cells_in(h as usize, cur.p[d][h as usize] & !(1 << k)) {
                    let f = pt(x, d, false);
                    if n.p.add(f, &[q as u16]) {
                        offs.push(f);
                    }
                    if n.p.absurd.is_some() {
                        return n;
                    }
                }
            }
        } else if let Some(&q) = offs.get(i_off) {
            i_off += 1;
            let (cell, d) = cell_digit(q);
            // what goes on, read before the removal
            let mut found: [(Pot, u8, usize); 4] = [(usize::MAX, 0, 0); 4];
            let others = cur.c[cell] & !(1 << d);
            if others.count_ones() == 1 && cur.has(cell, d) {
                found[0] = (pt(cell, others.trailing_zeros() as usize, true), NAKED, 0);
            }
            for (i, &(h, k)) in CELL_HOUSES[cell].iter().enumerate() {
                let m = cur.p[d][h as usize];
                if m.count_ones() == 2 && m >> k & 1 == 1 {
                    let other = (m & !(1 << k)).trailing_zeros() as usize;
                    let x = HOUSE_CELLS[h as usize][other] as usize;
                    found[i + 1] = (pt(x, d, true), i as u8 + 1, h as usize);
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
                        for v in bits(src.c[x] & !cur.c[x]) {
                            parents.push(pt(x, v, false) as u16);
                        }
                    } else {
                        for y in cells_in(h, src.p[e][h] & !cur.p[e][h]) {
                            parents.push(pt(y, e, false) as u16);
                        }
                    }
                }
                if n.p.add(on, &parents) {
                    n.set_cause(on, cause);
                    ons.push(on);
                }
                if n.p.absurd.is_some() {
                    return n;
                }
            }
            if dynamic {
                cur.remove(cell, d);
            }
        } else {
            break;
        }
        if level > 0 && i_on == ons.len() && i_off == offs.len() {
            for a in inner::advanced(env, src, &cur, level) {
                if n.p.has(a.pot) {
                    continue;
                }
                parents.clear();
                parents.extend(a.parents.iter().map(|&x| x as u16));
                let absurd = n.p.absurd;
                n.p.add(a.pot, &parents);
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
    src: &Pos,
    cur: &Pos,
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
                    for v in bits(src.c[cell] & !cur.c[cell]) {
                        push(pt(cell, v, false));
                    }
                }
                k => {
                    let h = CELL_HOUSES[cell][(k - 1) as usize].0 as usize;
                    for y in cells_in(h, src.p[d][h] & !cur.p[d][h]) {
                        push(pt(y, d, false));
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
    cands: &Pos,
    level: u8,
    dynamic: bool,
    outer: Option<&Pos>,
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
        // SE counts a nested chain once however often it is used: chains
        // are the same when their premises, targets and lengths are
        let premise = match what {
            What::Contradiction { premise } => premise,
            What::Double { cand, .. } => cand * 2,
            What::Cell { cell, .. } => 2000 + cell,
            What::Region { house, digit, .. } => 3000 + house * 10 + digit,
            What::Unary => 0,
        };
        for x in [premise, cx, sort_key as usize] {
            id = (id ^ x as u64).wrapping_mul(0x100_0000_01b3);
        }
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
            bits(cands.c[cell] & !(1 << d))
                .map(|e| pt(cell, e, false))
                .collect()
        } else {
            vec![q]
        }
    };
    for (cell, &m) in cands.c.iter().enumerate() {
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
                    for q in common_targets(&[on, &off]) {
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
            // region chains where this cell is the digit's first place
            for (i, &(h, k)) in CELL_HOUSES[cell].iter().enumerate() {
                let h = h as usize;
                let pm = cands.p[d][h];
                if pm.count_ones() < 2 || pm.trailing_zeros() != u32::from(k) {
                    continue;
                }
                let xs: Vec<usize> = cells_in(h, pm).collect();
                for &x in &xs {
                    get_on(&mut on_nets, x, d);
                }
                let group: Vec<&Net> = xs
                    .iter()
                    .filter_map(|&x| on_nets.get(x * 9 + d - 1)?.as_ref())
                    .collect();
                for q in common_targets(&group) {
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
        // cell chains
        let group: Vec<&Net> = bits(m)
            .filter_map(|d| on_nets.get(cell * 9 + d - 1)?.as_ref())
            .collect();
        for q in common_targets(&group) {
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

/// The potentials every branch of a double, cell or region chain reaches, in SE's
/// order: the "on" ones, then the "off" ones, each in the order the first
/// branch found them.
fn common_targets(group: &[&Net]) -> Vec<Pot> {
    let Some(first) = group.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for want_on in [true, false] {
        for &q in &first.p.order {
            if (q & 1 == 1) == want_on && group.iter().all(|g| g.p.has(q)) {
                out.push(q);
            }
        }
    }
    out
}

fn env_of(board: &Board) -> (Env, Pos) {
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
                for &(h, _) in &CELL_HOUSES[i] {
                    env.empties[h as usize] += 1;
                }
            }
        }
    }
    (env, Pos::new(cands))
}

/// Lets go of the inner searches the levels of one step shared (see
/// `inner`'s memory of them): call it once a step's levels are done.
pub fn forget_inner_searches() {
    inner::forget();
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
fn step_of(env: &Env, cands: &Pos, level: u8, f: &Found) -> Option<Step> {
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
            let branches = bits(cands.c[cell])
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
            let branches = cells_in(house, cands.p[digit][house])
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
        What::Unary => None,
    }
}
