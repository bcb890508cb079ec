//! The propagation of one premise: the facts it forces, each with the
//! facts it rests on and the rule that gives it, until the position stands
//! still (a (+) net then applies a basic technique, a nested net a net of
//! its own) or breaks a rule.

use super::groups::{node_key, BoardGroups};
use super::tight::Standstill;
use super::{Depth, BASIC};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, Literal};
use crate::step::Evidence;
use crate::strategies::fish::first_basic_fish;
use crate::strategies::{first_step_within, Changed};
use crate::technique::Technique;
use std::rc::Rc;

/// Why a fact holds.
#[derive(Clone, Copy, Debug)]
pub(super) enum Reason {
    Premise,
    /// Follows from the value set at this trail position.
    From(usize),
    /// The cell has no other candidate left.
    NakedSingle,
    /// The digit has no other place left in this house.
    HiddenSingle(House),
    /// A technique applied to the position reached (`rules[k]`).
    Rule(usize),
    /// Follows from group node `nodes[node]` by a link through `house`.
    Group {
        node: usize,
        house: House,
    },
}

/// A group node fact of a forcing chain: `digit` lies in one of `cells` (a
/// line inside a block, all of the digit's places there) or in none.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeFact {
    pub(super) cells: CellSet,
    pub(super) on: bool,
    /// The fact it follows from: a trail position, or an earlier node.
    pub(super) from: NodeFrom,
    /// The house of the link from that fact.
    pub(super) house: House,
    pub(super) digit: Digit,
    pub(super) line: House,
    pub(super) block: House,
    /// The trail length when it was found: it is followed after the facts
    /// found before it.
    pub(super) queued_at: usize,
}

#[derive(Clone, Copy, Debug)]
pub(super) enum NodeFrom {
    Fact(usize),
    Node(usize),
}

/// A technique the net applied to the position it reached.
pub(super) struct Applied {
    pub(super) technique: Technique,
    pub(super) evidence: Told,
    /// The trail positions of the removals the pattern relies on.
    pub(super) parents: Vec<usize>,
}

/// The evidence of a technique a net applied, or for a nested net's inner
/// net, what tells it: the position the inner net started from and its
/// premise. Most inner contradictions are never shown (the outer net is
/// shown only when it is a step's), so their branches are built only when
/// asked for, by following the premise again.
pub(super) enum Told {
    Evidence(Evidence),
    InnerNet {
        reached: Rc<Board>,
        premise: Literal,
    },
}

impl Told {
    /// The evidence.
    pub(super) fn evidence(&self) -> Evidence {
        match self {
            Told::Evidence(e) => e.clone(),
            Told::InnerNet { reached, premise } => {
                let mut inner = Propagation::new(reached, Depth::Net);
                inner.follow(*premise, &Budget::unlimited());
                let (branches, cells) = inner.conflict_branches(*premise);
                Evidence::Forcing {
                    branches,
                    contradiction: cells,
                }
            }
        }
    }
}

/// Where the premise breaks the rules.
#[derive(Clone, Copy, Debug)]
pub(super) enum Conflict {
    /// A candidate both set and removed.
    Both(Candidate),
    EmptyCell(Cell),
    NoPlace(House, Digit),
}

/// The board's position as a propagation keeps it.
struct Start {
    cands: [DigitSet; 81],
    has: [CellSet; 9],
    places: [CellSet; 9],
    placed: [Option<Digit>; 81],
    house_placed: [DigitSet; 27],
    clean: Clean,
}

/// Per basic technique (in the order of `BASIC`), the places (per digit)
/// of a position on which it found nothing, if one is known: at the next
/// standstill it need only look where places were lost since
/// ([`Changed`]). Only (+) and nested nets keep them.
type Clean = [Option<[CellSet; 9]>; BASIC.len()];

/// The facts a premise forces, in the order found.
pub(super) struct Propagation<'a> {
    pub(super) board: &'a Board,
    pub(super) depth: Depth,
    pub(super) cands: [DigitSet; 81],
    /// has[d]: the cells whose `cands` hold digit `d` (`cands` by digit).
    pub(super) has: [CellSet; 9],
    /// places[d]: the cells not yet placed whose `cands` hold `d`, so a
    /// house's places for a digit are one intersection.
    pub(super) places: [CellSet; 9],
    pub(super) placed: [Option<Digit>; 81],
    pub(super) house_placed: [DigitSet; 27],
    clean: Clean,
    /// Whether a standstill's searches look only where the position
    /// changed (`clean`); always but in a test comparing the two.
    pub(super) incremental: bool,
    /// Whether a standstill skips a subset or fish search where no tight
    /// set removes anything (see `tight.rs`); always but in a test.
    pub(super) skips_untight: bool,
    /// Whether a nested net's inner search skips a candidate that the net
    /// of an earlier inner premise set; always but in a test.
    pub(super) skips_reached: bool,
    /// The position before any premise, to start the next one from.
    start: Box<Start>,
    /// at[lit] = trail position + 1, or 0.
    pub(super) at: Vec<u16>,
    pub(super) trail: Vec<(Literal, Reason)>,
    pub(super) rules: Vec<Applied>,
    /// The group nodes a forcing chain has reached (chains only).
    pub(super) nodes: Vec<NodeFact>,
    /// node_at[key] = index in `nodes` + 1, or 0.
    pub(super) node_at: Vec<u16>,
    /// The board's group nodes (chains only; empty for nets).
    pub(super) groups: BoardGroups,
    pub(super) conflict: Option<Conflict>,
}

impl<'a> Propagation<'a> {
    /// Follow `premise`. `budget` is the number of inner nets a nested net
    /// may still run (shared by all the premises of one search).
    pub(super) fn run(
        board: &'a Board,
        depth: Depth,
        premise: Literal,
        budget: &Budget,
    ) -> Propagation<'a> {
        let mut p = Propagation::new(board, depth);
        p.follow(premise, budget);
        p
    }

    /// A propagation of `board` that has followed nothing yet: `follow`
    /// runs a premise, and may run one after another on the same buffers.
    pub(super) fn new(board: &'a Board, depth: Depth) -> Propagation<'a> {
        let mut cands = [DigitSet::EMPTY; 81];
        let mut placed = [None; 81];
        let mut house_placed = [DigitSet::EMPTY; 27];
        let mut has = [CellSet::EMPTY; 9];
        for c in Cell::all() {
            cands[c.index()] = board.candidates(c);
            for d in cands[c.index()] {
                has[d.index()].insert(c);
            }
            if let Some(v) = board.value(c) {
                placed[c.index()] = Some(v);
                for h in c.houses() {
                    house_placed[h.index()].insert(v);
                }
            }
        }
        let places = board.all_positions();
        // the basic techniques that find nothing on the start position
        let mut clean = [None; BASIC.len()];
        if depth >= Depth::Plus {
            for (slot, t) in clean.iter_mut().zip(BASIC) {
                if first_basic(t, board, &Changed::ALL).is_none() {
                    *slot = Some(places);
                }
            }
        }
        let start = Start {
            cands,
            has,
            places,
            placed,
            house_placed,
            clean,
        };
        Propagation {
            board,
            depth,
            cands,
            has,
            places,
            placed,
            house_placed,
            clean,
            incremental: true,
            skips_untight: true,
            skips_reached: true,
            start: Box::new(start),
            at: vec![0; 729 * 2],
            trail: Vec::with_capacity(128),
            rules: Vec::new(),
            nodes: Vec::new(),
            node_at: if depth == Depth::Chain {
                vec![0; 9 * 18 * 9 * 2]
            } else {
                Vec::new()
            },
            groups: if depth == Depth::Chain {
                BoardGroups::of(board)
            } else {
                BoardGroups::default()
            },
            conflict: None,
        }
    }

    /// Back to the start position: only what the last premise touched is
    /// cleared.
    fn reset(&mut self) {
        for &(lit, _) in &self.trail {
            if let Some(slot) = self.at.get_mut(lit.index()) {
                *slot = 0;
            }
        }
        for n in &self.nodes {
            if let Some(slot) = self
                .node_at
                .get_mut(node_key(n.digit, n.line, n.block, n.on))
            {
                *slot = 0;
            }
        }
        self.trail.clear();
        self.rules.clear();
        self.nodes.clear();
        self.conflict = None;
        let start = &*self.start;
        self.cands = start.cands;
        self.has = start.has;
        self.places = start.places;
        self.placed = start.placed;
        self.house_placed = start.house_placed;
        self.clean = start.clean;
    }

    /// Follow `premise` from the start position (what an earlier premise
    /// found is forgotten).
    pub(super) fn follow(&mut self, premise: Literal, budget: &Budget) {
        self.reset();
        let p = self;
        p.derive(premise, Reason::Premise);
        let mut head = 0;
        let mut node_head = 0;
        loop {
            while (head < p.trail.len() || node_head < p.nodes.len()) && p.conflict.is_none() {
                // one queue: a group node (chains) waits for the facts
                // found before it
                if let Some(n) = p.nodes.get(node_head) {
                    if n.queued_at <= head || head >= p.trail.len() {
                        p.expand_node(node_head);
                        node_head += 1;
                        continue;
                    }
                }
                if let Some(&(lit, _)) = p.trail.get(head) {
                    if lit.on {
                        p.set(lit.cand, head);
                    } else {
                        p.remove(lit.cand, head);
                    }
                }
                head += 1;
            }
            if p.conflict.is_some() || p.depth < Depth::Plus || !p.apply_technique(budget) {
                break;
            }
        }
    }

    pub(super) fn has(&self, lit: Literal) -> bool {
        self.position(lit).is_some()
    }

    pub(super) fn position(&self, lit: Literal) -> Option<usize> {
        self.at
            .get(lit.index())
            .and_then(|&i| (i as usize).checked_sub(1))
    }

    pub(super) fn derive(&mut self, lit: Literal, reason: Reason) {
        if self.conflict.is_some() || self.has(lit) {
            return;
        }
        self.trail.push((lit, reason));
        if let Some(slot) = self.at.get_mut(lit.index()) {
            *slot = self.trail.len() as u16;
        }
        if self.has(lit.negated()) {
            self.conflict = Some(Conflict::Both(lit.cand));
        }
    }

    pub(super) fn set(&mut self, cand: Candidate, from: usize) {
        let Candidate { cell, digit } = cand;
        self.placed[cell.index()] = Some(digit);
        for places in &mut self.places {
            places.remove(cell);
        }
        for h in cell.houses() {
            self.house_placed[h.index()].insert(digit);
        }
        for e in self.cands[cell.index()] - DigitSet::single(digit) {
            let lit = Literal {
                cand: Candidate::new(cell, e),
                on: false,
            };
            self.derive(lit, Reason::From(from));
        }
        // the peers that still hold the digit, in cell order
        for p in cell.peers() & self.has[digit.index()] {
            let lit = Literal {
                cand: Candidate::new(p, digit),
                on: false,
            };
            self.derive(lit, Reason::From(from));
        }
        if self.depth == Depth::Chain {
            // the group nodes the cell sees lose the digit
            for via in cell.houses() {
                for i in self.groups.in_house(digit, via) {
                    let Some((line, block, cells)) = self.groups.node(i) else {
                        continue;
                    };
                    if !cells.contains(cell) {
                        self.derive_node(digit, line, block, false, NodeFrom::Fact(from), via);
                    }
                }
            }
        }
    }

    pub(super) fn remove(&mut self, cand: Candidate, at: usize) {
        let Candidate { cell, digit } = cand;
        let net = self.depth >= Depth::Net;
        self.cands[cell.index()].remove(digit);
        self.has[digit.index()].remove(cell);
        self.places[digit.index()].remove(cell);
        if self.depth == Depth::Chain {
            // the digit's other places in a house form a group node: the
            // digit is in that group
            for (h, group) in cell.houses().into_iter().zip(self.groups.left_by(cand)) {
                if let Some((line, block)) = group {
                    self.derive_node(digit, line, block, true, NodeFrom::Fact(at), h);
                }
            }
        }
        // (counts avoided: this build's CPU has no popcount instruction)
        if self.placed[cell.index()].is_none() {
            let left = self.cands[cell.index()];
            if left.is_empty() {
                self.conflict = Some(Conflict::EmptyCell(cell));
                return;
            }
            if let Some(d) = left.single_digit() {
                if net || self.board.candidates(cell).len() == 2 {
                    let lit = Literal {
                        cand: Candidate::new(cell, d),
                        on: true,
                    };
                    self.derive(lit, Reason::NakedSingle);
                }
            }
        }
        for h in cell.houses() {
            if self.house_placed[h.index()].contains(digit) {
                continue;
            }
            let places = self.places[digit.index()] & h.cells();
            if places.is_empty() {
                self.conflict = Some(Conflict::NoPlace(h, digit));
                return;
            }
            if let Some(x) = places.single_cell() {
                if net || self.board.positions_in(digit, h).len() == 2 {
                    let lit = Literal {
                        cand: Candidate::new(x, digit),
                        on: true,
                    };
                    self.derive(lit, Reason::HiddenSingle(h));
                }
            }
        }
    }

    /// The position the net has reached, as a board.
    pub(super) fn reached(&self) -> Board {
        let mut b = self.board.clone();
        for &(lit, _) in &self.trail {
            if !lit.on {
                b.eliminate(lit.cand);
            }
        }
        for &(lit, _) in &self.trail {
            if lit.on && b.value(lit.cand.cell).is_none() {
                b.place_deduced(lit.cand.cell, lit.cand.digit);
            }
        }
        b
    }

    /// At a standstill: apply the first basic technique (and for a nested
    /// net, else the first forcing net contradiction) that the position
    /// reached allows. Whether it removed anything.
    pub(super) fn apply_technique(&mut self, budget: &Budget) -> bool {
        let reached = self.reached();
        let mut standstill = Standstill::new(&reached);
        for (i, t) in BASIC.into_iter().enumerate() {
            // where a step of `t` may be (it found nothing elsewhere)
            let changed = match self.clean.get(i).copied().flatten() {
                Some(then) if self.incremental => Changed::between(&then, &self.places),
                _ => Changed::ALL,
            };
            if changed.is_empty() {
                continue;
            }
            let found = if self.skips_untight && standstill.rules_out(t, &changed) {
                None
            } else {
                first_basic(t, &reached, &changed)
            };
            if found.is_none() {
                if let Some(slot) = self.clean.get_mut(i) {
                    *slot = Some(self.places);
                }
            }
            if let Some((evidence, eliminations)) = found {
                let relied = relied_on(&evidence);
                let parents = self.removals_of(&reached, &relied);
                return self.apply(t, Told::Evidence(evidence), parents, &eliminations);
            }
        }
        if self.depth == Depth::Nested {
            // every inner contradiction at once: the position is the same
            // for all of them, and each inner search costs a net per candidate
            let mut changed = false;
            let reached = Rc::new(reached);
            let mut inner = Propagation::new(&reached, Depth::Net);
            // A plain net is monotone: a candidate that the net of an
            // earlier premise set, breaking no rule, has a net within that
            // one, which breaks none either, so it is not followed (its
            // share of the budget is spent all the same, so that what is
            // followed after it is unchanged). `set_by_earlier[d]`: such
            // cells of digit d.
            let mut set_by_earlier = [CellSet::EMPTY; 9];
            for cand in reached.candidate_list() {
                if !budget.spend() {
                    break;
                }
                if self.skips_reached && set_by_earlier[cand.digit.index()].contains(cand.cell) {
                    continue;
                }
                let premise = Literal { cand, on: true };
                inner.follow(premise, budget);
                if inner.conflict.is_none() {
                    for (lit, _) in &inner.trail {
                        if lit.on {
                            set_by_earlier[lit.cand.digit.index()].insert(lit.cand.cell);
                        }
                    }
                    continue;
                }
                let relied = inner.relied_absent(self.board);
                let parents = self.removals_of(&reached, &relied);
                let told = Told::InnerNet {
                    reached: reached.clone(),
                    premise,
                };
                changed |= self.apply(Technique::ForcingNetContradiction, told, parents, &[cand]);
                if self.conflict.is_some() {
                    break;
                }
            }
            return changed;
        }
        false
    }

    pub(super) fn apply(
        &mut self,
        technique: Technique,
        evidence: Told,
        parents: Vec<usize>,
        eliminations: &[Candidate],
    ) -> bool {
        let k = self.rules.len();
        self.rules.push(Applied {
            technique,
            evidence,
            parents,
        });
        let before = self.trail.len();
        for &cand in eliminations {
            self.derive(Literal { cand, on: false }, Reason::Rule(k));
        }
        self.trail.len() > before || self.conflict.is_some()
    }

    /// Trail positions of the removals among `cands` (those the start
    /// position had and `reached` lacks).
    pub(super) fn removals_of(&self, reached: &Board, cands: &[Candidate]) -> Vec<usize> {
        let mut v: Vec<usize> = cands
            .iter()
            .filter(|c| {
                self.board.has_candidate(c.cell, c.digit) && !reached.has_candidate(c.cell, c.digit)
            })
            .filter_map(|&cand| self.position(Literal { cand, on: false }))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// The first step of basic technique `t` on `board` that `changed` allows:
/// its evidence and eliminations.
pub(super) fn first_basic(
    t: Technique,
    board: &Board,
    changed: &Changed,
) -> Option<(Evidence, Vec<Candidate>)> {
    match t {
        // the general fish search is slow for this; the basic shapes are
        // quick to find directly
        Technique::XWing => first_basic_fish(board, 2, changed),
        Technique::Swordfish => first_basic_fish(board, 3, changed),
        Technique::Jellyfish => first_basic_fish(board, 4, changed),
        _ => first_step_within(t, board, changed).map(|s| (s.evidence, s.eliminations)),
    }
}

/// The candidates whose absence a basic pattern relies on.
pub(super) fn relied_on(ev: &Evidence) -> Vec<Candidate> {
    let of = |cells: CellSet, digits: DigitSet| -> Vec<Candidate> {
        cells
            .iter()
            .flat_map(|c| digits.iter().map(move |d| Candidate::new(c, d)))
            .collect()
    };
    match ev {
        Evidence::Intersection {
            digit, base, cover, ..
        } => of(base.cells() - cover.cells(), DigitSet::single(*digit)),
        Evidence::Subset {
            digits,
            cells,
            houses,
            hidden,
        } => {
            if *hidden {
                houses
                    .iter()
                    .flat_map(|h| of(h.cells() - *cells, *digits))
                    .collect()
            } else {
                of(*cells, DigitSet::ALL - *digits)
            }
        }
        Evidence::Fish {
            digit, base, cover, ..
        } => {
            let base: CellSet = base
                .iter()
                .map(|h| h.cells())
                .fold(CellSet::EMPTY, |a, b| a | b);
            let cover: CellSet = cover
                .iter()
                .map(|h| h.cells())
                .fold(CellSet::EMPTY, |a, b| a | b);
            of(base - cover, DigitSet::single(*digit))
        }
        _ => Vec::new(),
    }
}

/// How many inner nets one nested search may run (about a second in
/// release): the search gives up beyond, so that a position with many
/// candidates (a puzzle with several solutions) cannot make it run for
/// minutes. The count, not the clock, keeps the result deterministic.
pub(super) const NESTED_BUDGET: usize = 100_000;

/// A count of inner nets left to run.
pub(super) struct Budget(std::cell::Cell<usize>);

impl Budget {
    pub(super) fn new(n: usize) -> Budget {
        Budget(std::cell::Cell::new(n))
    }
    pub(super) fn unlimited() -> Budget {
        Budget::new(usize::MAX)
    }
    pub(super) fn left(&self) -> bool {
        self.0.get() > 0
    }
    /// Take one from the budget; false when none is left.
    pub(super) fn spend(&self) -> bool {
        let n = self.0.get();
        if n == 0 {
            return false;
        }
        self.0.set(n - 1);
        true
    }
}
