//! Almost Locked Sets. An **almost locked set** (ALS) is N cells of one
//! house that hold N+1 candidates between them (a bivalue cell is the
//! smallest). Take one digit away and the rest is locked: every remaining
//! digit must then appear in the set.
//!
//! Two ALS are linked by a **restricted common** digit X when every cell of
//! one holding X sees every cell of the other holding X (and no shared cell
//! holds X): X can be true in at most one of them.
//!
//! - **ALS-XZ**: A and B linked by X, and Z common to both. If neither held
//!   Z, both would be locked and both would need X. So Z is in A or B: a cell
//!   that sees every Z of both loses Z. When A and B share two restricted
//!   commons (doubly linked), both sets are locked and every digit of each
//!   leaves the cells that see all its places in that set (the commons leave
//!   the cells that see them in both sets).
//! - **ALS-XY-Wing**: A–C linked by X, B–C by Y (X ≠ Y), Z common to A and
//!   B; C shares no cell with A or B (A and B may overlap, as in HoDoKu).
//!   If Z were in neither, A would need X and B would need Y, taking two
//!   digits from C, which cannot spare two. So Z is in A or B.
//! - **ALS-XY-Chain**: the same along a chain A1–A2–…–An of restricted
//!   commons, each different from the one before: Z common to A1 and An.
//! - **Death Blossom**: a stem cell and, for each of its candidates d, a
//!   petal ALS whose every d sees the stem. Whatever the stem holds, one
//!   petal loses that digit and is locked, so Z common to all petals is in
//!   some petal (or in the stem itself).

use super::{Context, Sink};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit};
use crate::sets::{AlsInfo, RestrictedCommons};
use crate::step::{Als, Evidence, Step};
use crate::technique::Technique;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// Cap on the work of the chain and blossom searches (links or petals
/// tried), so a search stays within milliseconds on any position.
const WORK_BUDGET: usize = 400_000;
/// Longest ALS chain searched, in restricted-common links.
const MAX_CHAIN_LINKS: usize = 6;

pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    // each elimination of the first three is a chain of implications,
    // which the grouped chains' test rules out where it finds none
    // (`chains::reach`)
    let chained = matches!(
        t,
        Technique::AlsXz | Technique::AlsXyWing | Technique::AlsXyChain
    );
    if chained && super::chains::nothing_refuted(board, ctx) {
        return ControlFlow::Continue(());
    }
    find_all(t, board, ctx, sink)
}

/// [`find`] without the chains' test first.
pub(crate) fn find_all(
    t: Technique,
    board: &Board,
    ctx: &Context,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let alses = ctx.cache.sets(board);
    match t {
        Technique::AlsXz => als_xz(board, &alses, &ctx.cache.commons(board), sink),
        Technique::AlsXyWing => als_xy_wing(board, &alses, &ctx.cache.commons(board), sink),
        Technique::AlsXyChain => als_xy_chain(board, &alses, &ctx.cache.commons(board), sink),
        Technique::DeathBlossom => death_blossom(board, &alses, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The candidates of `z` in `cells`, added to `elims`.
fn add_elims(board: &Board, z: Digit, cells: CellSet, elims: &mut Vec<Candidate>) {
    for c in cells & board.positions(z) {
        elims.push(Candidate::new(c, z));
    }
}

fn digits_of(elims: &[Candidate]) -> DigitSet {
    elims.iter().map(|e| e.digit).collect()
}

/// Reports a step once per distinct set of eliminations.
struct Reporter<'a, 'b> {
    technique: Technique,
    seen: BTreeSet<Vec<Candidate>>,
    sink: Sink<'a>,
    _marker: std::marker::PhantomData<&'b ()>,
}

impl<'a> Reporter<'a, '_> {
    fn new(technique: Technique, sink: Sink<'a>) -> Self {
        Reporter {
            technique,
            seen: BTreeSet::new(),
            sink,
            _marker: std::marker::PhantomData,
        }
    }
    fn report(&mut self, elims: Vec<Candidate>, evidence: Evidence) -> ControlFlow<()> {
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let step = Step::elimination(self.technique, elims, evidence);
        if self.seen.insert(step.eliminations.clone()) {
            (self.sink)(step)?;
        }
        ControlFlow::Continue(())
    }
}

fn als_xz(
    board: &Board,
    alses: &[AlsInfo],
    links: &RestrictedCommons,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let mut out = Reporter::new(Technique::AlsXz, sink);
    for &(i, j, rc) in &links.pairs {
        let (a, b) = (&alses[i], &alses[j]);
        let mut elims = Vec::new();
        match rc.len() {
            1 => {
                for z in (a.digits & b.digits) - rc {
                    add_elims(board, z, a.seeing(z) & b.seeing(z), &mut elims);
                }
            }
            2 => {
                // doubly linked: both sets are locked
                for x in rc {
                    add_elims(board, x, a.seeing(x) & b.seeing(x), &mut elims);
                }
                for z in a.digits - rc {
                    add_elims(board, z, a.seeing(z), &mut elims);
                }
                for z in b.digits - rc {
                    add_elims(board, z, b.seeing(z), &mut elims);
                }
            }
            _ => continue,
        }
        let z = digits_of(&elims) - if rc.len() == 1 { rc } else { DigitSet::EMPTY };
        let ev = Evidence::Als {
            sets: vec![a.als(), b.als()],
            rcc: rc,
            z,
            stem: None,
        };
        out.report(elims, ev)?;
    }
    ControlFlow::Continue(())
}

fn als_xy_wing(
    board: &Board,
    alses: &[AlsInfo],
    links: &RestrictedCommons,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let mut out = Reporter::new(Technique::AlsXyWing, sink);
    for (ci, c) in alses.iter().enumerate() {
        let adj = &links.adjacent[ci];
        for (p, &(ai, rc_a)) in adj.iter().enumerate() {
            for &(bi, rc_b) in adj.iter().skip(p + 1) {
                let (a, b) = (&alses[ai], &alses[bi]);
                let common = a.digits & b.digits;
                // the linked sets must not share cells (A and B may)
                let overlap = a.cells.intersects(c.cells) || b.cells.intersects(c.cells);
                if common.is_empty() || overlap {
                    continue;
                }
                for x in rc_a {
                    for y in rc_b {
                        if x == y {
                            continue;
                        }
                        let mut elims = Vec::new();
                        for z in common - DigitSet::single(x) - DigitSet::single(y) {
                            add_elims(board, z, a.seeing(z) & b.seeing(z), &mut elims);
                        }
                        if elims.is_empty() {
                            continue;
                        }
                        let ev = Evidence::Als {
                            sets: vec![a.als(), b.als(), c.als()],
                            rcc: DigitSet::single(x) | DigitSet::single(y),
                            z: digits_of(&elims),
                            stem: None,
                        };
                        out.report(elims, ev)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The states of the chain search, each (set, digit of the link that
/// entered it) numbered `set * 9 + digit`, and per state the states one link
/// further on: the linked sets, by each digit of the link but the one that
/// entered (a chain's consecutive links differ). Listed once per position,
/// the search from every start then scans a flat list.
struct ChainStates {
    /// The successors of state `s` are `next[first[s]..first[s + 1]]`, in
    /// the order of the set's links, then by digit.
    first: Vec<u32>,
    next: Vec<u32>,
}

impl ChainStates {
    fn new(alses: &[AlsInfo], links: &RestrictedCommons) -> ChainStates {
        let mut first = Vec::with_capacity(alses.len() * 9 + 1);
        let mut next = Vec::new();
        first.push(0);
        for (ki, k) in alses.iter().enumerate() {
            for x_in in 0..9 {
                // a chain enters a set only by one of the set's digits
                if k.digits.bits() & (1 << (x_in + 1)) != 0 {
                    for &(mi, rc) in &links.adjacent[ki] {
                        for d in rc {
                            if d.index() != x_in {
                                next.push((mi * 9 + d.index()) as u32);
                            }
                        }
                    }
                }
                first.push(next.len() as u32);
            }
        }
        ChainStates { first, next }
    }

    fn successors(&self, state: u32) -> &[u32] {
        let s = state as usize;
        &self.next[self.first[s] as usize..self.first[s + 1] as usize]
    }
}

/// How a search reached a state: which search, and from which state.
#[derive(Clone, Copy)]
struct Visit {
    search: u32,
    parent: u32,
}

/// No parent: the state is the first set of a chain.
const NO_PARENT: u32 = u32::MAX;

/// What a chain from one start set could remove on ending in each set: the
/// digits Z common to both sets with a candidate that sees every Z of both.
/// Worked out for a set when a chain first reaches it.
struct Ends<'a> {
    board: &'a Board,
    alses: &'a [AlsInfo],
    /// The start set's digits and, per digit, the candidates seeing all its
    /// places in the start set.
    digits: DigitSet,
    targets: [CellSet; 9],
    /// Per set, its digits once worked out, and for which start set (its
    /// turn `start`: a new start set leaves the old ones unread).
    ends: Vec<(u32, DigitSet)>,
    start: u32,
}

impl<'a> Ends<'a> {
    fn new(board: &'a Board, alses: &'a [AlsInfo]) -> Ends<'a> {
        Ends {
            board,
            alses,
            digits: DigitSet::EMPTY,
            targets: [CellSet::EMPTY; 9],
            ends: vec![(0, DigitSet::EMPTY); alses.len()],
            start: 0,
        }
    }

    fn start(&mut self, si: usize) {
        let s = &self.alses[si];
        self.digits = s.digits;
        for z in s.digits {
            self.targets[z.index()] = s.seeing(z) & self.board.positions(z);
        }
        self.start += 1;
    }

    /// The digits Z a chain from the start set, first linked by the digits
    /// `x1` (bits as [`DigitSet::bits`]), could remove on ending in
    /// `state`: the link digits at either end are no Z.
    fn at(&mut self, state: u32, x1: u16) -> u16 {
        let (ei, xl) = (state as usize / 9, state as usize % 9);
        self.of(ei).bits() & !(1 << (xl + 1)) & !x1
    }

    /// The digits a chain from the start set to set `ei` could remove.
    fn of(&mut self, ei: usize) -> DigitSet {
        if let Some(&(start, zs)) = self.ends.get(ei) {
            if start == self.start {
                return zs;
            }
        }
        let e = &self.alses[ei];
        let mut zs = DigitSet::EMPTY;
        for z in self.digits & e.digits {
            if e.seeing(z).intersects(self.targets[z.index()]) {
                zs.insert(z);
            }
        }
        if let Some(slot) = self.ends.get_mut(ei) {
            *slot = (self.start, zs);
        }
        zs
    }
}

/// ALS chains, found breadth first from each start set and first link: a
/// state is (set, digit of the link that entered it).
fn als_xy_chain(
    board: &Board,
    alses: &[AlsInfo],
    links: &RestrictedCommons,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let mut out = Reporter::new(Technique::AlsXyChain, sink);
    let n = alses.len();
    let states = ChainStates::new(alses, links);
    // visits[state]: the last search that reached the state, and how
    let mut visits = vec![
        Visit {
            search: 0,
            parent: NO_PARENT,
        };
        n * 9
    ];
    // the states in the order reached; each depth a range of it
    let mut queue: Vec<u32> = Vec::new();
    let mut ends = Ends::new(board, alses);
    let mut search = 0u32;
    let mut work = 0usize;
    // (links, eliminations, evidence): reported shortest chains first
    let mut found: Vec<(usize, Vec<Candidate>, Evidence)> = Vec::new();
    for (si, s) in alses.iter().enumerate() {
        // only sets with a digit some outside cell could lose are worth it
        let useful = s
            .digits
            .iter()
            .any(|z| s.seeing(z).intersects(board.positions(z)));
        if !useful {
            continue;
        }
        ends.start(si);
        for &(first, rc) in &links.adjacent[si] {
            for x1 in rc {
                search += 1;
                let x1_bit = DigitSet::single(x1).bits();
                // the chain never comes back to its start set
                for v in &mut visits[si * 9..si * 9 + 9] {
                    v.search = search;
                }
                let start = (first * 9 + x1.index()) as u32;
                visits[start as usize] = Visit {
                    search,
                    parent: NO_PARENT,
                };
                queue.clear();
                queue.push(start);
                let mut level = 0..1;
                for depth in 1..=MAX_CHAIN_LINKS {
                    // report the chains that end here (at least 2 links)
                    if depth >= 2 {
                        for &state in &queue[level.clone()] {
                            let ei = state as usize / 9;
                            let zs = ends.at(state, x1_bit);
                            if zs == 0 {
                                continue;
                            }
                            let e = &alses[ei];
                            let mut elims = Vec::new();
                            for z in DigitSet::from_bits(zs) {
                                add_elims(board, z, s.seeing(z) & e.seeing(z), &mut elims);
                            }
                            let (sets, rcs) = chain_path(alses, si, x1, state, &visits);
                            let ev = Evidence::AlsChain {
                                sets,
                                links: rcs,
                                z: digits_of(&elims),
                            };
                            found.push((depth, elims, ev));
                        }
                    }
                    if depth == MAX_CHAIN_LINKS {
                        break;
                    }
                    let reached = queue.len();
                    // the last states are only worth reaching where a chain ends
                    let last = depth + 1 == MAX_CHAIN_LINKS;
                    for i in level {
                        let state = queue[i];
                        // the work counts every link looked at
                        work += links.adjacent[state as usize / 9].len();
                        for &st in states.successors(state) {
                            if last && ends.at(st, x1_bit) == 0 {
                                continue;
                            }
                            let v = &mut visits[st as usize];
                            if v.search != search {
                                *v = Visit {
                                    search,
                                    parent: state,
                                };
                                queue.push(st);
                            }
                        }
                    }
                    if work > WORK_BUDGET * 10 || queue.len() == reached {
                        break;
                    }
                    level = reached..queue.len();
                }
                if work > WORK_BUDGET * 10 {
                    break;
                }
            }
        }
    }
    found.sort_by_key(|(links, _, _)| *links);
    for (_, elims, ev) in found {
        out.report(elims, ev)?;
    }
    ControlFlow::Continue(())
}

/// The sets and link digits of the chain that ends in `state`.
fn chain_path(
    alses: &[AlsInfo],
    start: usize,
    x1: Digit,
    state: u32,
    visits: &[Visit],
) -> (Vec<Als>, Vec<Digit>) {
    let mut states = vec![state];
    let mut cur = state;
    while let Some(v) = visits.get(cur as usize) {
        if v.parent == NO_PARENT || states.len() > MAX_CHAIN_LINKS {
            break;
        }
        states.push(v.parent);
        cur = v.parent;
    }
    states.reverse();
    let mut sets = vec![alses[start].als()];
    let mut rcs = Vec::new();
    for (k, &st) in states.iter().enumerate() {
        sets.push(alses[st as usize / 9].als());
        let d = if k == 0 {
            Some(x1)
        } else {
            Digit::new((st % 9) as u8 + 1)
        };
        if let Some(d) = d {
            rcs.push(d);
        }
    }
    (sets, rcs)
}

fn death_blossom(board: &Board, alses: &[AlsInfo], sink: Sink<'_>) -> ControlFlow<()> {
    let mut out = Reporter::new(Technique::DeathBlossom, sink);
    let mut work = 0usize;
    for stem in Cell::all() {
        let stem_digits = board.candidates(stem);
        if board.value(stem).is_some() || stem_digits.len() < 2 {
            continue;
        }
        // petals[k]: the ALS that may answer the stem's k-th digit
        let stem_list: Vec<Digit> = stem_digits.iter().collect();
        let petals: Vec<Vec<usize>> = stem_list
            .iter()
            .map(|&d| {
                alses
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| {
                        !a.cells.contains(stem)
                            && a.digits.contains(d)
                            && a.holding(d).is_subset(stem.peers())
                    })
                    .map(|(i, _)| i)
                    .collect()
            })
            .collect();
        if petals.iter().any(|p| p.is_empty()) {
            continue;
        }
        // targets[z]: the cells that may still lose z
        let mut targets = [CellSet::EMPTY; 9];
        for z in Digit::all() {
            let mut t = board.positions(z);
            if stem_digits.contains(z) {
                t &= stem.peers();
            }
            targets[z.index()] = t;
        }
        let mut chosen = Vec::new();
        let mut ctx = Blossom {
            board,
            alses,
            stem,
            stem_list: &stem_list,
            petals: &petals,
            work: &mut work,
        };
        ctx.grow(0, DigitSet::ALL, targets, &mut chosen, &mut out)?;
        if work > WORK_BUDGET {
            break;
        }
    }
    ControlFlow::Continue(())
}

struct Blossom<'a> {
    board: &'a Board,
    alses: &'a [AlsInfo],
    stem: Cell,
    stem_list: &'a [Digit],
    petals: &'a [Vec<usize>],
    work: &'a mut usize,
}

impl Blossom<'_> {
    /// Choose a petal for the stem digit `k` onwards; `common` holds the
    /// digits shared by the petals so far, `targets` what they may remove.
    fn grow(
        &mut self,
        k: usize,
        common: DigitSet,
        targets: [CellSet; 9],
        chosen: &mut Vec<usize>,
        out: &mut Reporter<'_, '_>,
    ) -> ControlFlow<()> {
        if k == self.stem_list.len() {
            let mut elims = Vec::new();
            for z in common {
                add_elims(self.board, z, targets[z.index()], &mut elims);
            }
            let ev = Evidence::Als {
                sets: chosen.iter().map(|&i| self.alses[i].als()).collect(),
                rcc: self.stem_list.iter().copied().collect(),
                z: digits_of(&elims),
                stem: Some(self.stem),
            };
            return out.report(elims, ev);
        }
        for &pi in &self.petals[k] {
            *self.work += 1;
            if *self.work > WORK_BUDGET {
                return ControlFlow::Continue(());
            }
            let petal = &self.alses[pi];
            let new_common = common & petal.digits;
            let mut new_targets = [CellSet::EMPTY; 9];
            let mut any = false;
            for z in new_common {
                let t = targets[z.index()] & petal.seeing(z);
                new_targets[z.index()] = t;
                any |= !t.is_empty();
            }
            if !any {
                continue;
            }
            chosen.push(pi);
            self.grow(k + 1, new_common, new_targets, chosen, out)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }
}
