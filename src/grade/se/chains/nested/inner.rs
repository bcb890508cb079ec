//! The inner rules of SE's nested chains: what a chain of level `n` asks,
//! once its propagation is at rest, of the position it has reached.
//!
//! In order, the first that has a hint resting on the chain gives all its
//! removals: locked candidates (pointing, then claiming), hidden pairs,
//! naked pairs, X-wings; then by level SE's forcing chains and cycles (levels
//! 2, 3), the static cell/region forcing chains (3), the dynamic forcing
//! chains (4, 5) and the chains of level 2 (5). A hint rests on the chain
//! when its pattern needs removals the chain made (its "parents"): for a
//! locked set or a fish, the digit's removed places in the base houses
//! outside the cover; for a hidden pair, the pair's digits removed from
//! the house's other cells; for a naked pair, the pair cells' other
//! candidates removed; for a chain, what its singles needed.
//! Each rule enumerates its hints in SE's order.
//!
//! What a chaining rule gives on a position is kept (per thread, for the
//! grid being rated): the levels of one step reach the same positions
//! until they part, so they share those searches.

use super::refuting::{self_refuting, Refuting};
use super::*;

/// A removal an inner rule offers: the potential, its parents, and the
/// nested chain it comes from (identity and complexity).
#[derive(Clone)]
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
pub(super) fn advanced(env: &Env, src: &Pos, cur: &Pos, level: u8) -> Vec<Advanced> {
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
        let key = (rule, src.c, cur.c);
        if let Some(known) = known(env, &key) {
            out = known;
        } else {
            let mut found = Vec::new();
            let mut sink = |f: Found| found.push(f);
            match rule {
                0 => unary_hints(cur, src, &mut sink),
                1 => multiple_hints(env, cur, 0, false, Some(src), &mut sink),
                2 => multiple_hints(env, cur, 0, true, Some(src), &mut sink),
                _ => multiple_hints(env, cur, level - 3, true, Some(src), &mut sink),
            }
            for f in sorted_unique(found) {
                take(&mut out, &f.removes, &f.parents, Some((f.id, f.complexity)));
            }
            let _ = KNOWN.try_with(|k| k.borrow_mut().put(env, key, &out));
        }
        if !out.is_empty() {
            return out;
        }
    }
    out
}

/// What an inner chaining rule gave on a position: the rule, the outer
/// chain's source and the position it reached.
type Key = (u8, [u16; 81], [u16; 81]);

/// The removals the inner chaining rules gave, per position, for one grid
/// (its `Env`). A rule's removals depend on nothing else, and the chains
/// of one level reach the positions those of the level below reached (they
/// part only where the lower level's rules found nothing): so the levels
/// of one step share the inner searches, the costliest part of them.
struct Known {
    grid: ([u8; 27], [u8; 10]),
    map: std::collections::HashMap<Key, Vec<Advanced>>,
}

/// At most this many positions are kept (some 15 MB per thread); then all
/// are dropped.
const KNOWN_MAX: usize = 30_000;

/// The removals of `key`'s rule, if known.
fn known(env: &Env, key: &Key) -> Option<Vec<Advanced>> {
    KNOWN.try_with(|k| k.borrow().get(env, key)).ok().flatten()
}

impl Known {
    fn get(&self, env: &Env, key: &Key) -> Option<Vec<Advanced>> {
        if self.grid != (env.empties, env.placed) {
            return None;
        }
        self.map.get(key).cloned()
    }
    fn put(&mut self, env: &Env, key: Key, found: &[Advanced]) {
        if self.grid != (env.empties, env.placed) || self.map.len() >= KNOWN_MAX {
            self.grid = (env.empties, env.placed);
            self.map.clear();
        }
        self.map.insert(key, found.to_vec());
    }
}

thread_local! {
    static KNOWN: std::cell::RefCell<Known> = std::cell::RefCell::new(Known {
        grid: ([0; 27], [0; 10]),
        map: std::collections::HashMap::new(),
    });
}

/// Drops every remembered search and the memory that held them.
pub(super) fn forget() {
    let _ = KNOWN.try_with(|k| {
        let mut k = k.borrow_mut();
        k.grid = ([0; 27], [0; 10]);
        k.map = std::collections::HashMap::new();
    });
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

/// SE's "Forcing Chains & Cycles" on `cur`, every hint in SE's order:
/// with X links, then Y links, then both, per cell and candidate, the
/// cycles from it and (with X links) the forcing chains from it set and
/// removed. Parents are taken against `src`.
fn unary_hints(cur: &Pos, src: &Pos, sink: &mut dyn FnMut(Found)) {
    unary_search(cur, src, true, sink);
}

/// [`unary_hints`]; with `prune`, searching only where a hint can be.
///
/// A loop's removal `z` sees, in its digit, the cell of an "on" `q` of the
/// loop and the cell of an "off" `r`: `z` set turns `r` off, which leads
/// around the loop to `q` on, and turns `q` off, so `z` set leads to its
/// opposite (the implications are their own contrapositives). So a
/// position where no premise leads to its opposite has no hint at all, and
/// a loop can remove something only in a component holding the "on" of a
/// candidate that a refuted "on" of its digit sees. (The plain search,
/// without `prune`, is the tests'.)
fn unary_search(cur: &Pos, src: &Pos, prune: bool, sink: &mut dyn FnMut(Found)) {
    let mut parents = Vec::new();
    // which premises lead to their opposite: a premise that does so with
    // X links alone does so with X and Y links
    let Refuting {
        refuted,
        cyclic,
        component,
    } = self_refuting(cur);
    if prune && refuted.0.iter().all(|&w| w == 0) {
        return;
    }
    let may_remove = loop_components(cur, &refuted, &component);
    let mut nodes: Vec<Node> = Vec::new();
    let mut loops: Vec<u32> = Vec::new();
    // X links, Y links, both (SE's three searches)
    for (x_rule, y_rule) in [(true, false), (false, true), (true, true)] {
        for cell in 0..81 {
            let m = cur.c[cell];
            if m.count_ones() < 2 || (!x_rule && m.count_ones() > 2) {
                continue;
            }
            for d in bits(m) {
                let source = pt(cell, d, true);
                if cyclic.contains(source)
                    && (!prune || may_remove.contains(usize::from(component[source])))
                {
                    loops.clear();
                    let inside = Inside {
                        component: &component,
                        of: component[source],
                    };
                    cycles(cur, source, x_rule, y_rule, inside, &mut nodes, &mut loops);
                    for &last in &loops {
                        let Some((removes, cx, parents)) = cycle_hint(cur, src, &nodes, last)
                        else {
                            continue;
                        };
                        let (base, key) = match (x_rule, y_rule) {
                            (true, true) => (7.0, 4),
                            (false, true) => (6.5, 3),
                            _ => (6.5, 2),
                        };
                        sink(Found {
                            rating: rated(base, cx),
                            complexity: cx,
                            sort_key: key,
                            removes,
                            parents,
                            id: (source as u64) << 24 | (cx as u64) << 8 | u64::from(key) << 4 | 1,
                            what: What::Unary,
                        });
                    }
                }
                if !x_rule {
                    continue;
                }
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

/// The components in which a loop may remove something (see
/// [`unary_search`]): those holding the "on" of a candidate that a refuted
/// "on" of its digit sees.
fn loop_components(cur: &Pos, refuted: &PotSet, component: &[u16; POTS]) -> PotSet {
    let mut out = PotSet::default();
    for (cell, &m) in cur.c.iter().enumerate() {
        for d in bits(m) {
            if !refuted.contains(pt(cell, d, true)) {
                continue;
            }
            for &(h, k) in &CELL_HOUSES[cell] {
                for x in cells_in(h as usize, cur.p[d][h as usize] & !(1 << k)) {
                    out.insert(usize::from(component[pt(x, d, true)]));
                }
            }
        }
    }
    out
}

/// A node of SE's cycle search: the potential, its parent node, its cause.
type Node = (u16, u32, u8);

/// The strongly connected component of a cycle search's source (of the
/// implications with X and Y links).
#[derive(Clone, Copy)]
struct Inside<'a> {
    component: &'a [u16; POTS],
    of: u16,
}

impl Inside<'_> {
    fn contains(&self, q: Pot) -> bool {
        self.component.get(q) == Some(&self.of)
    }
}

/// SE's cycles from `source` (an "on") back to itself (its `doCycles`):
/// level by level, an "on" followed once, an "off" each time it is
/// reached but never back into its own path. Each loop found is given by
/// its last node (in `nodes`).
///
/// Only the potentials of the source's component (`inside`) are followed:
/// a potential on a path from the source that leads back to it lies in the
/// source's component, and so does every potential before it on the path.
/// The nodes left out lead to no loop, and the nodes kept are reached in
/// the same order from the same parents, so the loops found are SE's.
fn cycles(
    cur: &Pos,
    source: Pot,
    x: bool,
    y: bool,
    inside: Inside,
    nodes: &mut Vec<Node>,
    found: &mut Vec<u32>,
) {
    nodes.clear();
    nodes.push((source as u16, u32::MAX, NO_CAUSE));
    let mut to_on = PotSet::default();
    to_on.insert(source);
    let mut pending_on: Vec<u32> = vec![0];
    let mut pending_off: Vec<u32> = Vec::new();
    let mut next: Vec<(Pot, u8)> = Vec::with_capacity(32);
    let mut length = 0;
    let is_parent = |nodes: &[Node], mut i: u32, f: Pot| {
        while let Some(&(_, parent, _)) = nodes.get(i as usize) {
            i = parent;
            match nodes.get(i as usize) {
                Some(&(q, _, _)) if q as usize == f => return true,
                Some(_) => {}
                None => return false,
            }
        }
        false
    };
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        for i in std::mem::take(&mut pending_on) {
            let (cell, d) = cell_digit(nodes[i as usize].0 as usize);
            next.clear();
            if y {
                next.extend(bits(cur.c[cell] & !(1 << d)).map(|e| (pt(cell, e, false), NAKED)));
            }
            for (kind, &(h, k)) in CELL_HOUSES[cell].iter().enumerate() {
                for xc in cells_in(h as usize, cur.p[d][h as usize] & !(1 << k)) {
                    let f = pt(xc, d, false);
                    if !next.iter().any(|&(g, _)| g == f) {
                        next.push((f, kind as u8 + 1));
                    }
                }
            }
            for &(f, cause) in &next {
                if inside.contains(f) && !is_parent(nodes, i, f) {
                    nodes.push((f as u16, i, cause));
                    pending_off.push(nodes.len() as u32 - 1);
                }
            }
        }
        length += 1;
        for j in std::mem::take(&mut pending_off) {
            let (cell, d) = cell_digit(nodes[j as usize].0 as usize);
            next.clear();
            let others = cur.c[cell] & !(1 << d);
            if y && others.count_ones() == 1 {
                next.push((pt(cell, others.trailing_zeros() as usize, true), NAKED));
            }
            if x {
                for (kind, &(h, k)) in CELL_HOUSES[cell].iter().enumerate() {
                    let m = cur.p[d][h as usize];
                    if m.count_ones() == 2 {
                        let other = (m & !(1 << k)).trailing_zeros() as usize;
                        let f = pt(HOUSE_CELLS[h as usize][other] as usize, d, true);
                        if !next.iter().any(|&(g, _)| g == f) {
                            next.push((f, kind as u8 + 1));
                        }
                    }
                }
            }
            for &(f, cause) in &next {
                if length >= 4 && f == source {
                    nodes.push((f as u16, j, cause));
                    found.push(nodes.len() as u32 - 1);
                }
                if !to_on.contains(f) && inside.contains(f) {
                    to_on.insert(f);
                    nodes.push((f as u16, j, cause));
                    pending_on.push(nodes.len() as u32 - 1);
                }
            }
        }
    }
}

/// The hint of a loop found by [`cycles`] (its last node `last`): the
/// candidates outside the loop's cells that see a candidate of their
/// digit set in the loop and one removed in it; with its complexity (the
/// loop's potentials) and the removals of the outer chain it rests on.
fn cycle_hint(
    cur: &Pos,
    src: &Pos,
    nodes: &[Node],
    last: u32,
) -> Option<(Vec<Pot>, usize, Vec<Pot>)> {
    let mut path: Vec<Node> = Vec::new();
    let mut i = last;
    while let Some(&n) = nodes.get(i as usize) {
        path.push(n);
        i = n.1;
    }
    // the loop's nodes, its root (the source again) left out
    let body = path.get(..path.len().saturating_sub(1))?;
    let mut cells = 0u128;
    for &(q, _, _) in body {
        cells |= 1 << cell_digit(q as usize).0;
    }
    let mut forw: Vec<Pot> = Vec::new();
    let mut back = PotSet::default();
    for &(q, _, _) in body {
        let (cell, d) = cell_digit(q as usize);
        for &(h, _) in &CELL_HOUSES[cell] {
            for xc in cells_in(h as usize, cur.p[d][h as usize]) {
                if cells >> xc & 1 == 1 {
                    continue;
                }
                let f = pt(xc, d, false);
                if q & 1 == 1 {
                    if !forw.contains(&f) {
                        forw.push(f);
                    }
                } else {
                    back.insert(f);
                }
            }
        }
    }
    forw.retain(|&f| back.contains(f));
    if forw.is_empty() {
        return None;
    }
    let mut distinct = PotSet::default();
    let mut cx = 0;
    let mut parents = Vec::new();
    let mut seen = PotSet::default();
    for &(q, _, cause) in &path {
        let q = q as usize;
        if !distinct.contains(q) {
            distinct.insert(q);
            cx += 1;
        }
        let (cell, d) = cell_digit(q);
        let mut push = |g: Pot| {
            if !seen.contains(g) {
                seen.insert(g);
                parents.push(g);
            }
        };
        match cause {
            NO_CAUSE => {}
            NAKED => bits(src.c[cell] & !cur.c[cell]).for_each(|v| push(pt(cell, v, false))),
            k => {
                let h = CELL_HOUSES[cell][(k - 1) as usize].0 as usize;
                cells_in(h, src.p[d][h] & !cur.p[d][h]).for_each(|c| push(pt(c, d, false)));
            }
        }
    }
    Some((forw, cx, parents))
}

/// SE's forcing chain search from one premise (static, level by level:
/// every pending "on", then every pending "off"), until the premise's
/// opposite is found.
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
                let f = pt(
                    cell,
                    (cur.c[cell] & !(1 << d)).trailing_zeros() as usize,
                    true,
                );
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
fn locking(cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for (t1, t2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for i1 in 0..9 {
            let h1 = t1 * 9 + i1;
            // the digits with two places or more in the base house, which
            // the chain changed there (a base house the chain left as it
            // was gives no parents)
            let digits = (1..=9)
                .filter(|&d| {
                    let m = cur.p[d][h1];
                    m != src.p[d][h1] && m.count_ones() >= 2
                })
                .fold(0u16, |acc, d| acc | 1 << d);
            if digits == 0 {
                continue;
            }
            for i2 in 0..9 {
                let h2 = t2 * 9 + i2;
                let in1 = INTER[h1][h2];
                if in1 == 0 {
                    continue;
                }
                let in2 = INTER[h2][h1];
                for d in bits(digits) {
                    let m = cur.p[d][h1];
                    if m & !in1 != 0 {
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

/// The pairs of the members of mask `m` in SE's order (by the larger,
/// then the smaller): [`pairs`] with both in `m`.
fn pairs_within(m: u16) -> impl Iterator<Item = (usize, usize)> {
    bits(m).flat_map(move |b| bits(m & ((1 << b) - 1)).map(move |a| (a, b)))
}

/// SE's house order for subsets: blocks, columns, rows.
const SUBSET_KINDS: [usize; 3] = [0, 2, 1];

fn hidden_pairs(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for t in SUBSET_KINDS {
        for i in 0..9 {
            let h = t * 9 + i;
            if env.empties[h] <= 4 || (1..=9).all(|d| src.p[d][h] == cur.p[d][h]) {
                continue;
            }
            // two digits whose places are two (each more than one, both
            // together two) have the same two places
            let twos = (1..=9)
                .filter(|&d| cur.p[d][h].count_ones() == 2)
                .fold(0u16, |acc, d| acc | 1 << d);
            for (va, vb) in pairs_within(twos) {
                let (pa, pb) = (cur.p[va][h], cur.p[vb][h]);
                if pa != pb {
                    continue;
                }
                let both = pa | pb;
                // no parents: the chain removed neither digit outside the pair
                if (src.p[va][h] | src.p[vb][h]) & !both == 0 {
                    continue;
                }
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

fn naked_pairs(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for t in SUBSET_KINDS {
        for i in 0..9 {
            let h = t * 9 + i;
            if env.empties[h] < 4
                || HOUSE_CELLS[h]
                    .iter()
                    .all(|&c| src.c[c as usize] == cur.c[c as usize])
            {
                continue;
            }
            // two cells whose candidates are two (each more than one, both
            // together two) have the same two candidates
            let twos = (0..9)
                .filter(|&k| cur.c[HOUSE_CELLS[h][k] as usize].count_ones() == 2)
                .fold(0u16, |acc, k| acc | 1 << k);
            for (a, b) in pairs_within(twos) {
                let (ca, cb) = (HOUSE_CELLS[h][a] as usize, HOUSE_CELLS[h][b] as usize);
                let (ma, mb) = (cur.c[ca], cur.c[cb]);
                if ma != mb {
                    continue;
                }
                let set = ma | mb;
                // no parents: the chain removed nothing from the pair's cells
                if (src.c[ca] | src.c[cb]) & !set == 0 {
                    continue;
                }
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
fn x_wings(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for (base, cover) in [(2usize, 1usize), (1, 2)] {
        // per base line, the digits (placed at most five times) with two
        // places there: two lines whose places of a digit are two (each
        // more than one, both together two) have the same two places
        let mut twos = [0u16; 9];
        for (l, t) in twos.iter_mut().enumerate() {
            *t = (1..=9)
                .filter(|&d| env.placed[d] + 4 <= 9 && cur.p[d][base * 9 + l].count_ones() == 2)
                .fold(0u16, |acc, d| acc | 1 << d);
        }
        for (a, b) in pairs() {
            for d in bits(twos[a] & twos[b]) {
                let (pa, pb) = (cur.p[d][base * 9 + a], cur.p[d][base * 9 + b]);
                if pa != pb {
                    continue;
                }
                let common = pa | pb;
                let (ha, hb) = (base * 9 + a, base * 9 + b);
                // no parents: the chain removed the digit from neither base
                // line outside the cover
                if (src.p[d][ha] & !pa | src.p[d][hb] & !pb) & !common == 0 {
                    continue;
                }
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

#[cfg(test)]
mod tests;
