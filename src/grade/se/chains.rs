//! Sudoku Explainer's chaining rules, modelled for SE-style ratings.
//!
//! SE reasons with *potentials*: a candidate assumed set ("on") or removed
//! ("off"). An "on" potential turns off the other candidates of its cell
//! (the Y rule) and the digit in the cell's peers (the X rule); an "off"
//! potential turns on the other candidate of a two-candidate cell (Y) and
//! the other place of a digit with two places in a house (X).
//!
//! - **Cycles** (Bidirectional X-/Y-Cycle, Bidirectional Cycle): a loop
//!   of such implications from a potential back to itself holds in both
//!   directions, so a candidate outside the loop's cells that sees a
//!   candidate of its digit set in the loop and one removed in the loop is
//!   false either way.
//! - **Forcing chains** (Forcing X-Chain, Forcing Chain): a potential
//!   implies its own opposite, so it is false.
//! - **Aligned Pair/Triplet Exclusion**: no possible combination of values
//!   of two or three cells gives a candidate its digit.
//! - **Nishio**: one digit, *dynamic* (the implications see the removals
//!   made so far): setting or removing a candidate leads to a candidate both
//!   set and removed.
//! - **Multiple forcing chains** (Cell/Region Forcing Chains): every
//!   candidate of a cell, or every place of a digit in a house, implies the
//!   same potential.
//! - **Dynamic forcing chains**: contradiction, double (a candidate set and
//!   removed imply the same potential), cell and region, all dynamic.
//!
//! Each rule has SE's base rating, plus SE's length penalty counted on the
//! potentials the conclusion rests on (SE's "complexity" less two). Among
//! the hints of one rule family the lowest-rated one is taken, then the
//! shortest, as SE does. The searches follow SE's order (cells in order, a
//! cell's houses block, row, column) because it decides which of two
//! equally rated chains is found, and so the rest of the solve. SE's source
//! was read to learn these rules; this is an independent implementation.

use super::se_length_penalty;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, Literal};
use crate::step::{
    Chain, ChainNode, Evidence, ForcingBranch, ForcingReason, ForcingRule, LinkKind, Step,
};
use crate::technique::Technique;

/// A step with its SE rating.
#[derive(Clone, Debug)]
pub struct Hint {
    pub step: Step,
    pub rating: f32,
    /// The number of potentials the conclusion rests on (ties: shorter first).
    pub complexity: usize,
    /// SE's order among hints of equal rating and length.
    pub sort_key: u8,
}

/// How many potentials SE leaves out of a chain's length before the penalty.
const LENGTH_OFFSET: usize = 2;

fn rated(base: f32, complexity: usize) -> f32 {
    let r = base + se_length_penalty(complexity.saturating_sub(LENGTH_OFFSET));
    (r * 10.0).round() / 10.0
}

/// A potential (SE's word for a [`Literal`]) by its dense index,
/// [`Literal::index`]: the arrays of a propagation are indexed by it.
type Pot = usize;

fn pot(c: Candidate, on: bool) -> Pot {
    Literal::new(c, on).index()
}

fn cand_of(p: Pot) -> Option<Candidate> {
    Literal::from_index(p).map(|l| l.cand)
}

fn is_on(p: Pot) -> bool {
    Literal::from_index(p).is_some_and(|l| l.on)
}

const POTS: usize = Literal::COUNT;

/// Whether flag `i` is set.
fn flag(v: &[bool], i: usize) -> bool {
    v.get(i).copied().unwrap_or(false)
}

/// Set flag `i`.
fn set_flag(v: &mut [bool], i: usize) {
    if let Some(f) = v.get_mut(i) {
        *f = true;
    }
}

/// Which implications a propagation follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Rules {
    x: bool,
    y: bool,
    /// Singles are read from the position with the removals made so far.
    dynamic: bool,
    /// Nishio: an "on" turns off the digit's peers only.
    nishio: bool,
    /// A single forcing chain: follow every pending "on", then every
    /// pending "off", and so on, and go on past a contradiction. Otherwise
    /// each "on" is followed as soon as found and the search stops at the
    /// first contradiction.
    unary: bool,
}

/// The potentials a premise implies, each with the potentials it rests on.
struct Propagation {
    seen: Vec<bool>,
    par_start: Vec<u32>,
    par_len: Vec<u8>,
    arena: Vec<u16>,
    order: Vec<Pot>,
    /// The first potential found both on and off.
    absurd: Option<Pot>,
}

impl Propagation {
    fn run(board: &Board, rules: Rules, premise: Pot) -> Propagation {
        let mut p = Propagation {
            seen: vec![false; POTS],
            par_start: vec![0; POTS],
            par_len: vec![0; POTS],
            arena: Vec::with_capacity(256),
            order: Vec::with_capacity(128),
            absurd: None,
        };
        let mut cands = [DigitSet::EMPTY; 81];
        for c in Cell::all() {
            cands[c.index()] = board.candidates(c);
        }
        p.add(premise, &[]);
        // "on" potentials are followed before "off" ones, each in order found
        let (mut next_on, mut next_off) = (0usize, 0usize);
        let mut ons: Vec<Pot> = Vec::new();
        let mut offs: Vec<Pot> = Vec::new();
        if is_on(premise) {
            ons.push(premise);
        } else {
            offs.push(premise);
        }
        let mut phase_on = true;
        while next_on < ons.len() || next_off < offs.len() {
            if !rules.unary && p.absurd.is_some() {
                break;
            }
            let take_on = if rules.unary {
                if phase_on && next_on >= ons.len() {
                    phase_on = false;
                } else if !phase_on && next_off >= offs.len() {
                    phase_on = true;
                }
                phase_on
            } else {
                next_on < ons.len()
            };
            if take_on {
                let Some(&q) = ons.get(next_on) else { break };
                next_on += 1;
                let Some(c) = cand_of(q) else { continue };
                let mut found = Vec::new();
                if rules.y && !rules.nishio {
                    for d in board.candidates(c.cell) - DigitSet::single(c.digit) {
                        found.push(pot(Candidate::new(c.cell, d), false));
                    }
                }
                for x in peers_in_se_order(board, c) {
                    found.push(pot(Candidate::new(x, c.digit), false));
                }
                for f in found {
                    if p.add(f, &[q as u16]) {
                        offs.push(f);
                    }
                    if !rules.unary && p.absurd.is_some() {
                        break;
                    }
                }
            } else {
                let Some(&q) = offs.get(next_off) else { break };
                next_off += 1;
                let Some(c) = cand_of(q) else { continue };
                if rules.dynamic {
                    cands[c.cell.index()].remove(c.digit);
                }
                let mut found: Vec<(Pot, Vec<u16>)> = Vec::new();
                if rules.y && !rules.nishio {
                    let orig = board.candidates(c.cell);
                    if rules.dynamic {
                        if let Some(d) = cands[c.cell.index()].single_digit() {
                            let parents = (orig - DigitSet::single(d))
                                .iter()
                                .map(|e| pot(Candidate::new(c.cell, e), false) as u16)
                                .collect();
                            found.push((pot(Candidate::new(c.cell, d), true), parents));
                        }
                    } else if orig.len() == 2 {
                        if let Some(d) = (orig - DigitSet::single(c.digit)).first() {
                            found.push((pot(Candidate::new(c.cell, d), true), vec![q as u16]));
                        }
                    }
                }
                if rules.x {
                    for h in se_houses(c.cell) {
                        let orig = board.positions_in(c.digit, h);
                        if rules.dynamic {
                            let left: CellSet = orig
                                .iter()
                                .filter(|x| cands[x.index()].contains(c.digit))
                                .collect();
                            if let Some(x) = left.single_cell() {
                                let parents = (orig - CellSet::single(x))
                                    .iter()
                                    .map(|o| pot(Candidate::new(o, c.digit), false) as u16)
                                    .collect();
                                found.push((pot(Candidate::new(x, c.digit), true), parents));
                            }
                        } else if orig.len() == 2 {
                            if let Some(x) = (orig - CellSet::single(c.cell)).first() {
                                found.push((pot(Candidate::new(x, c.digit), true), vec![q as u16]));
                            }
                        }
                    }
                }
                for (f, parents) in found {
                    if p.add(f, &parents) {
                        ons.push(f);
                    }
                    if !rules.unary && p.absurd.is_some() {
                        break;
                    }
                }
            }
        }
        p
    }

    /// Record a potential (once); false when already known.
    fn add(&mut self, q: Pot, parents: &[u16]) -> bool {
        if flag(&self.seen, q) {
            return false;
        }
        set_flag(&mut self.seen, q);
        if let Some(s) = self.par_start.get_mut(q) {
            *s = self.arena.len() as u32;
        }
        if let Some(n) = self.par_len.get_mut(q) {
            *n = parents.len() as u8;
        }
        self.arena.extend_from_slice(parents);
        self.order.push(q);
        if flag(&self.seen, q ^ 1) && self.absurd.is_none() {
            self.absurd = Some(q);
        }
        true
    }

    fn has(&self, q: Pot) -> bool {
        flag(&self.seen, q)
    }

    fn parents(&self, q: Pot) -> &[u16] {
        let s = self.par_start.get(q).copied().unwrap_or(0) as usize;
        let n = self.par_len.get(q).copied().unwrap_or(0) as usize;
        self.arena.get(s..s + n).unwrap_or(&[])
    }

    /// The potentials `q` rests on (itself and the premise included), in
    /// the order found.
    fn ancestors(&self, q: Pot) -> Vec<Pot> {
        let mut mark = vec![false; POTS];
        let mut stack = vec![q];
        while let Some(x) = stack.pop() {
            if flag(&mark, x) || !flag(&self.seen, x) {
                continue;
            }
            set_flag(&mut mark, x);
            stack.extend(self.parents(x).iter().map(|&y| y as usize));
        }
        self.order
            .iter()
            .copied()
            .filter(|&x| flag(&mark, x))
            .collect()
    }

    fn ancestor_count(&self, q: Pot) -> usize {
        let mut mark = vec![false; POTS];
        let mut stack = vec![q];
        let mut n = 0;
        while let Some(x) = stack.pop() {
            if flag(&mark, x) || !flag(&self.seen, x) {
                continue;
            }
            set_flag(&mut mark, x);
            n += 1;
            stack.extend(self.parents(x).iter().map(|&y| y as usize));
        }
        n
    }

    /// A branch for the evidence: the premise and what leads to `q`.
    fn branch(&self, premise: Candidate, premise_is_on: bool, q: Pot) -> ForcingBranch {
        let start = pot(premise, premise_is_on);
        let facts: Vec<Pot> = self
            .ancestors(q)
            .into_iter()
            .filter(|&x| x != start && cand_of(x).is_some())
            .collect();
        let chain: Vec<(Candidate, bool)> = facts
            .iter()
            .filter_map(|&x| Some((cand_of(x)?, is_on(x))))
            .collect();
        // each fact's parents: 0 is the premise, i + 1 is chain[i]
        let index_of = |y: Pot| {
            if y == start {
                Some(0)
            } else {
                facts.iter().position(|&f| f == y).map(|i| i + 1)
            }
        };
        let reasons = facts
            .iter()
            .zip(&chain)
            .map(|(&x, &(cand, on))| {
                let parent_pots: Vec<Pot> = self.parents(x).iter().map(|&y| y as usize).collect();
                let parents = parent_pots.iter().filter_map(|&y| index_of(y)).collect();
                let parent_cands: Vec<Candidate> =
                    parent_pots.iter().filter_map(|&y| cand_of(y)).collect();
                ForcingReason {
                    parents,
                    rule: rule_of(cand, on, &parent_cands),
                }
            })
            .collect();
        ForcingBranch {
            premise,
            premise_is_on,
            chain,
            reasons,
        }
    }
}

/// The single rule behind a fact of SE's chains: a removal follows from a
/// value set; a value follows from its cell's other candidates going (naked
/// single) or from the digit's other places in a house going (hidden single).
fn rule_of(cand: Candidate, on: bool, parents: &[Candidate]) -> ForcingRule {
    if !on {
        return ForcingRule::Value;
    }
    if parents.iter().all(|p| p.cell == cand.cell) {
        return ForcingRule::NakedSingle;
    }
    se_houses(cand.cell)
        .into_iter()
        .find(|h| {
            parents
                .iter()
                .all(|p| p.digit == cand.digit && h.cells().contains(p.cell))
        })
        .map_or(ForcingRule::NakedSingle, |house| {
            ForcingRule::HiddenSingle { house }
        })
}

/// A cell's houses in the order SE reads them: block, row, column.
fn se_houses(cell: Cell) -> [House; 3] {
    [
        House::block(cell.block()),
        House::row(cell.row()),
        House::col(cell.col()),
    ]
}

/// The other places of a candidate's digit in its houses, house by house
/// in SE's order, each once.
fn peers_in_se_order(board: &Board, c: Candidate) -> Vec<Cell> {
    let mut seen = CellSet::single(c.cell);
    let mut out = Vec::with_capacity(20);
    for h in se_houses(c.cell) {
        for &x in h.cell_list() {
            if !seen.contains(x) && board.has_candidate(x, c.digit) && board.value(x).is_none() {
                seen.insert(x);
                out.push(x);
            }
        }
    }
    out
}

/// A step concluding potential `q` false or true: `q` on means the
/// candidate is placed, off that it is removed.
fn conclusion(t: Technique, q: Pot, ev: Evidence) -> Option<Step> {
    let c = cand_of(q)?;
    Some(if is_on(q) {
        Step::placement(t, c.cell, c.digit, ev)
    } else {
        Step::elimination(t, vec![c], ev)
    })
}

fn keep_best(best: &mut Option<Hint>, h: Hint) {
    let better = match best {
        None => true,
        Some(b) => (h.rating, h.complexity, h.sort_key) < (b.rating, b.complexity, b.sort_key),
    };
    if better {
        *best = Some(h);
    }
}

/// Whether a conclusion changes the board.
fn changes(board: &Board, q: Pot) -> bool {
    match cand_of(q) {
        Some(c) => board.has_candidate(c.cell, c.digit) && board.value(c.cell).is_none(),
        None => false,
    }
}

/// SE's "Forcing Chains & Cycles" (6.5 to 7.x): the lowest-rated cycle or
/// forcing chain in X-only, Y-only and mixed form.
pub fn forcing_chains_and_cycles(board: &Board) -> Option<Hint> {
    let mut best = None;
    let modes = [(true, false), (false, true), (true, true)];
    for (x, y) in modes {
        let rules = Rules {
            x,
            y,
            dynamic: false,
            nishio: false,
            unary: true,
        };
        for c in board.candidate_list() {
            let bivalue = board.candidates(c.cell).len() == 2;
            if !x && !bivalue {
                continue;
            }
            if let Some(h) = cycle(board, rules, c) {
                keep_best(&mut best, h);
            }
            if x {
                for on in [true, false] {
                    if let Some(h) = forcing_chain(board, rules, pot(c, on)) {
                        keep_best(&mut best, h);
                    }
                }
            }
        }
    }
    best
}

/// A potential implying its opposite (static chain).
fn forcing_chain(board: &Board, rules: Rules, premise: Pot) -> Option<Hint> {
    let p = Propagation::run(board, rules, premise);
    let target = premise ^ 1;
    if !p.has(target) {
        return None;
    }
    let n = p.ancestor_count(target);
    let base = if rules.y { 7.0 } else { 6.6 };
    let ev = Evidence::Forcing {
        branches: vec![p.branch(cand_of(premise)?, is_on(premise), target)],
        contradiction: cand_of(premise).map_or(CellSet::EMPTY, |c| CellSet::single(c.cell)),
    };
    let step = conclusion(Technique::ForcingChainContradiction, target, ev)?;
    Some(Hint {
        step,
        rating: rated(base, n),
        complexity: n,
        sort_key: 0,
    })
}

/// The loops from `start` on back to itself, found level by level, that
/// remove something: the lowest-rated. As SE does, an "on" is followed
/// once, an "off" each time it is reached, but never back into the path
/// that led to it.
fn cycle(board: &Board, rules: Rules, start: Candidate) -> Option<Hint> {
    let source = pot(start, true);
    // the search tree: (potential, parent node)
    let mut nodes: Vec<(Pot, Option<usize>)> = vec![(source, None)];
    let mut on_seen = vec![false; POTS];
    set_flag(&mut on_seen, source);
    let on_path = |nodes: &[(Pot, Option<usize>)], mut i: usize, q: Pot| loop {
        let Some(&(p, parent)) = nodes.get(i) else {
            return false;
        };
        if p == q {
            return true;
        }
        match parent {
            Some(j) => i = j,
            None => return false,
        }
    };
    let mut frontier = vec![0usize];
    let mut length = 0;
    let mut best: Option<Hint> = None;
    while !frontier.is_empty() && best.is_none() && nodes.len() < 20_000 {
        // on -> off
        length += 1;
        let mut offs = Vec::new();
        for &i in &frontier {
            let Some(c) = nodes.get(i).and_then(|n| cand_of(n.0)) else {
                continue;
            };
            let mut found = Vec::new();
            if rules.y {
                for d in board.candidates(c.cell) - DigitSet::single(c.digit) {
                    found.push(pot(Candidate::new(c.cell, d), false));
                }
            }
            for x in peers_in_se_order(board, c) {
                found.push(pot(Candidate::new(x, c.digit), false));
            }
            for f in found {
                if !on_path(&nodes, i, f) {
                    nodes.push((f, Some(i)));
                    offs.push(nodes.len() - 1);
                }
            }
        }
        // off -> on
        length += 1;
        let mut ons = Vec::new();
        for &i in &offs {
            let Some(c) = nodes.get(i).and_then(|n| cand_of(n.0)) else {
                continue;
            };
            let mut found = Vec::new();
            if rules.y {
                let orig = board.candidates(c.cell);
                if orig.len() == 2 {
                    if let Some(d) = (orig - DigitSet::single(c.digit)).first() {
                        found.push(pot(Candidate::new(c.cell, d), true));
                    }
                }
            }
            if rules.x {
                for h in se_houses(c.cell) {
                    let orig = board.positions_in(c.digit, h);
                    if orig.len() == 2 {
                        if let Some(x) = (orig - CellSet::single(c.cell)).first() {
                            found.push(pot(Candidate::new(x, c.digit), true));
                        }
                    }
                }
            }
            for f in found {
                if f == source && length >= 4 {
                    if let Some(h) = cycle_hint(board, rules, &nodes, i) {
                        keep_best(&mut best, h);
                    }
                }
                if !flag(&on_seen, f) {
                    set_flag(&mut on_seen, f);
                    nodes.push((f, Some(i)));
                    ons.push(nodes.len() - 1);
                }
            }
        }
        frontier = ons;
    }
    best
}

/// The loop ending at node `last` (an off potential whose next is the
/// source).
fn cycle_hint(
    board: &Board,
    rules: Rules,
    nodes: &[(Pot, Option<usize>)],
    last: usize,
) -> Option<Hint> {
    let mut pots = Vec::new();
    let mut i = Some(last);
    while let Some(j) = i {
        let &(p, parent) = nodes.get(j)?;
        pots.push(p);
        i = parent;
    }
    pots.reverse(); // source on, off, on, ..., last off
    let cands: Vec<Candidate> = pots.iter().filter_map(|&p| cand_of(p)).collect();
    if cands.len() != pots.len() {
        return None;
    }
    // a candidate outside the loop's cells that sees a candidate of its
    // digit set in the loop and one removed in the loop: one of the two
    // states holds, so it is false either way
    let loop_cells: CellSet = cands.iter().map(|c| c.cell).collect();
    let mut sees_on = [CellSet::EMPTY; 9];
    let mut sees_off = [CellSet::EMPTY; 9];
    for (&q, c) in pots.iter().zip(&cands) {
        if let Some(slot) = if is_on(q) {
            sees_on.get_mut(c.digit.index())
        } else {
            sees_off.get_mut(c.digit.index())
        } {
            *slot |= c.cell.peers();
        }
    }
    let mut elims = Vec::new();
    for d in Digit::all() {
        let (Some(&on), Some(&off)) = (sees_on.get(d.index()), sees_off.get(d.index())) else {
            continue;
        };
        for x in (on & off & (board.positions(d) - loop_cells)).iter() {
            elims.push(Candidate::new(x, d));
        }
    }
    if elims.is_empty() {
        return None;
    }
    let n = pots.len();
    let base = if rules.x && rules.y { 7.0 } else { 6.5 };
    let mut links = Vec::with_capacity(n);
    for i in 0..n {
        links.push(if i % 2 == 0 {
            LinkKind::Weak
        } else {
            LinkKind::Strong
        });
    }
    let chain = Chain {
        nodes: cands
            .iter()
            .map(|c| ChainNode::single(c.cell, c.digit))
            .collect(),
        links,
        is_loop: true,
    };
    let step = Step::elimination(
        Technique::ContinuousNiceLoop,
        elims,
        Evidence::Chain {
            chain,
            houses: Vec::new(),
        },
    );
    Some(Hint {
        step,
        rating: rated(base, n),
        complexity: n,
        sort_key: 0,
    })
}

/// SE's Nishio Forcing Chains (7.5+): setting (or removing) a candidate
/// leads, on its digit alone and dynamically, to a contradiction.
pub fn nishio(board: &Board) -> Option<Hint> {
    let rules = Rules {
        x: true,
        y: false,
        dynamic: true,
        nishio: true,
        unary: false,
    };
    let mut best = None;
    for c in board.candidate_list() {
        for on in [true, false] {
            let p = Propagation::run(board, rules, pot(c, on));
            if let Some(h) = contradiction(&p, c, on, 7.5, Technique::ForcingNetContradiction) {
                keep_best(&mut best, h);
            }
        }
    }
    best
}

/// The premise leads to a potential both set and removed: it is false.
fn contradiction(
    p: &Propagation,
    premise: Candidate,
    on: bool,
    base: f32,
    t: Technique,
) -> Option<Hint> {
    let a = p.absurd?;
    let n = p.ancestor_count(a) + p.ancestor_count(a ^ 1);
    let ev = Evidence::Forcing {
        branches: vec![p.branch(premise, on, a | 1), p.branch(premise, on, a & !1)],
        contradiction: cand_of(a).map_or(CellSet::EMPTY, |c| CellSet::single(c.cell)),
    };
    let step = conclusion(t, pot(premise, !on), ev)?;
    Some(Hint {
        step,
        rating: rated(base, n),
        complexity: n,
        sort_key: 7,
    })
}

/// A conclusion `q` reached from every premise of a group, one of which is
/// true (`runs`: one propagation per premise, in order).
fn reduction(
    board: &Board,
    group: &[(Candidate, &Propagation)],
    base: f32,
    t: Technique,
    sort_key: u8,
    best: &mut Option<Hint>,
) {
    let Some(&(_, first)) = group.first() else {
        return;
    };
    for &q in &first.order {
        if !changes(board, q) || !group.iter().all(|(_, m)| m.has(q)) {
            continue;
        }
        let n: usize = group.iter().map(|(_, m)| m.ancestor_count(q)).sum();
        let r = rated(base, n);
        if best
            .as_ref()
            .is_some_and(|b| (b.rating, b.complexity, b.sort_key) <= (r, n, sort_key))
        {
            continue;
        }
        let branches = group.iter().map(|(c, m)| m.branch(*c, true, q)).collect();
        let ev = Evidence::Forcing {
            branches,
            contradiction: CellSet::EMPTY,
        };
        if let Some(step) = conclusion(t, q, ev) {
            *best = Some(Hint {
                step,
                rating: r,
                complexity: n,
                sort_key,
            });
        }
    }
}

/// SE's multiple forcing chains, in SE's order: for each cell (with more
/// than two candidates when static), for each of its candidates, the
/// contradiction and double forcing chains (dynamic only) and the region
/// forcing chains of the houses where the cell is the digit's first place;
/// then the cell's forcing chains.
fn multiple_forcing_chains(board: &Board, dynamic: bool) -> Option<Hint> {
    let rules = Rules {
        x: true,
        y: true,
        dynamic,
        nishio: false,
        unary: false,
    };
    let (base, verity, contra) = if dynamic {
        (
            8.5,
            Technique::ForcingNetVerity,
            Technique::ForcingNetContradiction,
        )
    } else {
        (
            8.0,
            Technique::ForcingChainVerity,
            Technique::ForcingChainContradiction,
        )
    };
    let mut on_runs: Vec<Option<Propagation>> = (0..729).map(|_| None).collect();
    let run_on = |runs: &mut Vec<Option<Propagation>>, c: Candidate| {
        if let Some(slot) = runs.get_mut(c.index()) {
            if slot.is_none() {
                *slot = Some(Propagation::run(board, rules, pot(c, true)));
            }
        }
    };
    let mut best: Option<Hint> = None;
    for cell in Cell::all() {
        let ds = board.candidates(cell);
        let n = ds.len();
        if board.value(cell).is_some() || n < 2 || (!dynamic && n < 3) {
            continue;
        }
        for d in ds {
            let c = Candidate::new(cell, d);
            run_on(&mut on_runs, c);
            if dynamic {
                let off = Propagation::run(board, rules, pot(c, false));
                let Some(Some(on)) = on_runs.get(c.index()) else {
                    continue;
                };
                for h in [
                    contradiction(on, c, true, base, contra),
                    contradiction(&off, c, false, base, contra),
                ]
                .into_iter()
                .flatten()
                {
                    keep_best(&mut best, h);
                }
                if n >= 3 {
                    // double forcing chains: both states of the candidate
                    // lead to the same potential
                    let mut found = None;
                    for &q in &on.order {
                        if q / 2 == c.index() || !off.has(q) || !changes(board, q) {
                            continue;
                        }
                        let k = on.ancestor_count(q) + off.ancestor_count(q);
                        let r = rated(base, k);
                        let better = |b: &Option<Hint>| {
                            b.as_ref()
                                .is_none_or(|b| (r, k, 1) < (b.rating, b.complexity, b.sort_key))
                        };
                        if !better(&best) || !better(&found) {
                            continue;
                        }
                        let ev = Evidence::Forcing {
                            branches: vec![on.branch(c, true, q), off.branch(c, false, q)],
                            contradiction: CellSet::EMPTY,
                        };
                        if let Some(step) = conclusion(verity, q, ev) {
                            found = Some(Hint {
                                step,
                                rating: r,
                                complexity: k,
                                sort_key: 1,
                            });
                        }
                    }
                    if let Some(h) = found {
                        keep_best(&mut best, h);
                    }
                }
            }
            // region forcing chains where this cell is the digit's first place
            for house in se_houses(cell) {
                let places = board.positions_in(d, house);
                if places.len() < 2 || places.first() != Some(cell) {
                    continue;
                }
                for x in places.iter() {
                    run_on(&mut on_runs, Candidate::new(x, d));
                }
                let group: Vec<(Candidate, &Propagation)> = places
                    .iter()
                    .filter_map(|x| {
                        let cx = Candidate::new(x, d);
                        Some((cx, on_runs.get(cx.index())?.as_ref()?))
                    })
                    .collect();
                reduction(board, &group, base, verity, 6, &mut best);
            }
        }
        // cell forcing chains
        let group: Vec<(Candidate, &Propagation)> = ds
            .iter()
            .filter_map(|d| {
                let c = Candidate::new(cell, d);
                Some((c, on_runs.get(c.index())?.as_ref()?))
            })
            .collect();
        reduction(board, &group, base, verity, 5, &mut best);
    }
    best
}

/// SE's (static) Cell and Region Forcing Chains (8.0+).
pub fn multiple_chains(board: &Board) -> Option<Hint> {
    multiple_forcing_chains(board, false)
}

/// SE's Dynamic Forcing Chains (8.5+): contradiction, double, cell and
/// region forcing chains with dynamic implications.
pub fn dynamic_chains(board: &Board) -> Option<Hint> {
    multiple_forcing_chains(board, true)
}

/// SE's Aligned Pair (6.2) and Aligned Triplet (7.5) Exclusion.
///
/// Take `degree` base cells and every combination of their candidates. A
/// combination is impossible when two base cells that share a house get
/// the same digit, or when it takes every candidate of a cell that sees all
/// the base cells (an *excluder*, with 2 to `degree` candidates: at least
/// two are required). A base cell's candidate in no possible combination
/// is removed. The base cells: cells with two or more candidates that see
/// an excluder; beyond the first two, each further base cell is an
/// excluder of one of the first two.
pub fn aligned_exclusion(board: &Board, degree: usize) -> Option<Hint> {
    let small = |c: Cell| {
        let n = board.candidates(c).len() as usize;
        board.value(c).is_none() && (2..=degree).contains(&n)
    };
    let mut base: Vec<Cell> = Vec::new();
    let mut excluders: Vec<CellSet> = vec![CellSet::EMPTY; 81];
    for c in Cell::all() {
        if board.value(c).is_some() || board.candidates(c).len() < 2 {
            continue;
        }
        let ex: CellSet = c.peers().iter().filter(|&p| small(p)).collect();
        if !ex.is_empty() {
            base.push(c);
            excluders[c.index()] = ex;
        }
    }
    let base_set: CellSet = base.iter().copied().collect();
    for (i, &a) in base.iter().enumerate() {
        for &b in base.iter().skip(i + 1) {
            let near = excluders[a.index()] | excluders[b.index()];
            let twin = near & (base_set - CellSet::single(a) - CellSet::single(b));
            let tails: Vec<Vec<Cell>> = match degree {
                2 => vec![vec![]],
                _ => twin.iter().map(|t| vec![t]).collect(),
            };
            for tail in tails {
                let mut cells = vec![a, b];
                cells.extend(tail);
                let common = cells
                    .iter()
                    .fold(CellSet::ALL, |acc, c| acc & excluders[c.index()]);
                if common.len() < 2 {
                    continue;
                }
                if let Some(step) = exclusion_step(board, &cells, common) {
                    let rating = if degree == 2 { 6.2 } else { 7.5 };
                    return Some(Hint {
                        step,
                        rating,
                        complexity: 0,
                        sort_key: 0,
                    });
                }
            }
        }
    }
    None
}

/// The candidates of `cells` in no possible combination.
fn exclusion_step(board: &Board, cells: &[Cell], common: CellSet) -> Option<Step> {
    let lists: Vec<Vec<Digit>> = cells
        .iter()
        .map(|&c| board.candidates(c).iter().collect())
        .collect();
    let mut allowed = vec![DigitSet::EMPTY; cells.len()];
    let mut pick = vec![0usize; cells.len()];
    loop {
        let values: Vec<Digit> = pick
            .iter()
            .zip(&lists)
            .filter_map(|(&i, l)| l.get(i).copied())
            .collect();
        let clash = cells.iter().enumerate().any(|(i, &c)| {
            cells
                .iter()
                .enumerate()
                .skip(i + 1)
                .any(|(j, &d)| values.get(i) == values.get(j) && c.sees(d))
        });
        let chosen = values.iter().fold(DigitSet::EMPTY, |mut acc, &d| {
            acc.insert(d);
            acc
        });
        let emptied = common
            .iter()
            .any(|e| (board.candidates(e) - chosen).is_empty());
        if !clash && !emptied {
            for (slot, &v) in allowed.iter_mut().zip(&values) {
                slot.insert(v);
            }
        }
        // next combination
        let mut k = 0;
        while let Some(p) = pick.get_mut(k) {
            *p += 1;
            if *p < lists.get(k).map_or(0, |l| l.len()) {
                break;
            }
            *p = 0;
            k += 1;
        }
        if k == cells.len() {
            break;
        }
    }
    let elims: Vec<Candidate> = cells
        .iter()
        .zip(&allowed)
        .flat_map(|(&c, &ok)| {
            (board.candidates(c) - ok)
                .iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect();
    if elims.is_empty() {
        return None;
    }
    let digits = cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, &c| acc | board.candidates(c));
    let ev = Evidence::Subset {
        digits,
        cells: cells.iter().copied().collect::<CellSet>() | common,
        houses: Vec::new(),
        hidden: false,
    };
    Some(Step::elimination(Technique::ForcingChainVerity, elims, ev))
}
