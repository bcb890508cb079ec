//! Forcing chains and nets. Assume one thing (a premise: "r1c1 is 5", or
//! "r1c1 is not 5") and follow what it forces:
//!
//! - a digit set in a cell leaves its other candidates and its peers;
//! - a cell left with one candidate takes it (naked single), and a digit
//!   left with one place in a house goes there (hidden single).
//!
//! A **forcing chain** only follows implications that rest on one earlier
//! fact (the single then comes from a bivalue cell or a house with two
//! places for the digit); a **forcing net** follows the singles the whole
//! position allows, so an implication may rest on several earlier facts.
//! As HoDoKu's, a forcing chain may also pass through **group nodes** (the
//! places of a digit in a line inside one block, taken as one node).
//!
//! **Contradiction**: if the premise leads to an impossible position (a
//! candidate both set and removed, a cell with no candidate, a digit with no
//! place in a house), the premise is false. **Verity**: if every candidate of
//! a cell, or every place of a digit in a house, leads to the same fact,
//! that fact is true, since one of them is.
//!
//! Deeper nets, which HoDoKu lacks (it guesses there): a **(+) net**
//! applies, whenever the singles stand still, the basic techniques (locked
//! candidates, naked and hidden subsets, X-Wing, Swordfish, Jellyfish) to
//! the position it has reached; a **nested net** also removes every
//! candidate whose own forcing net (of singles) breaks the rules there.
//! Every fact records the facts it rests on, so a branch reads as a tree.

use super::Sink;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, HouseKind};
use crate::step::{Evidence, ForcingBranch, ForcingReason, ForcingRule, GroupNode, Step};
use crate::technique::Technique;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// How far a premise's consequences are followed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Depth {
    /// Singles that rest on one earlier fact.
    Chain,
    /// Every single.
    Net,
    /// Every single, and at each standstill the basic techniques.
    Plus,
    /// As `Plus`, and at each standstill also a forcing net contradiction
    /// (a net inside the net).
    Nested,
}

/// The basic techniques a (+) net applies when singles stand still, easiest
/// first.
const BASIC: [Technique; 11] = [
    Technique::LockedCandidates1,
    Technique::LockedCandidates2,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::XWing,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::Swordfish,
    Technique::NakedQuadruple,
    Technique::HiddenQuadruple,
    Technique::Jellyfish,
];

/// The depth and kind (verity or contradiction) of a technique of this module.
fn kind(t: Technique) -> Option<(Depth, bool)> {
    Some(match t {
        Technique::ForcingChainContradiction => (Depth::Chain, false),
        Technique::ForcingChainVerity => (Depth::Chain, true),
        Technique::ForcingNetContradiction => (Depth::Net, false),
        Technique::ForcingNetVerity => (Depth::Net, true),
        Technique::ForcingNetPlusContradiction => (Depth::Plus, false),
        Technique::ForcingNetPlusVerity => (Depth::Plus, true),
        Technique::NestedForcingNetContradiction => (Depth::Nested, false),
        _ => return None,
    })
}

/// Whether this module finds `t`.
pub fn handles(t: Technique) -> bool {
    kind(t).is_some()
}

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let Some((depth, verity)) = kind(t) else {
        return ControlFlow::Continue(());
    };
    let mut steps = if verity {
        verities(t, board, depth)
    } else {
        contradictions(t, board, depth)
    };
    // shortest explanations first, each effect once
    steps.sort_by(|a, b| {
        (a.0, &a.1.placements, &a.1.eliminations).cmp(&(b.0, &b.1.placements, &b.1.eliminations))
    });
    let mut seen = BTreeSet::new();
    for (_, step) in steps {
        if seen.insert((step.placements.clone(), step.eliminations.clone())) {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// A fact: a candidate set (`on`) or removed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Lit {
    cand: Candidate,
    on: bool,
}

impl Lit {
    fn index(self) -> usize {
        self.cand.index() * 2 + self.on as usize
    }
    fn negated(self) -> Lit {
        Lit {
            cand: self.cand,
            on: !self.on,
        }
    }
}

/// Why a fact holds.
#[derive(Clone, Copy, Debug)]
enum Reason {
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
struct NodeFact {
    cells: CellSet,
    on: bool,
    /// The fact it follows from: a trail position, or an earlier node.
    from: NodeFrom,
    /// The house of the link from that fact.
    house: House,
    digit: Digit,
    line: House,
    block: House,
    /// The trail length when it was found: it is followed after the facts
    /// found before it.
    queued_at: usize,
}

#[derive(Clone, Copy, Debug)]
enum NodeFrom {
    Fact(usize),
    Node(usize),
}

/// A technique the net applied to the position it reached.
struct Applied {
    technique: Technique,
    evidence: Evidence,
    /// The trail positions of the removals the pattern relies on.
    parents: Vec<usize>,
}

/// Where the premise breaks the rules.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    /// A candidate both set and removed.
    Both(Candidate),
    EmptyCell(Cell),
    NoPlace(House, Digit),
}

/// The facts a premise forces, in the order found.
struct Propagation<'a> {
    board: &'a Board,
    depth: Depth,
    cands: [DigitSet; 81],
    placed: [Option<Digit>; 81],
    house_placed: [DigitSet; 27],
    /// at[lit] = trail position + 1, or 0.
    at: Vec<u16>,
    trail: Vec<(Lit, Reason)>,
    rules: Vec<Applied>,
    /// The group nodes a forcing chain has reached (chains only).
    nodes: Vec<NodeFact>,
    /// node_at[key] = index in `nodes` + 1, or 0.
    node_at: Vec<u16>,
    conflict: Option<Conflict>,
}

impl<'a> Propagation<'a> {
    /// Follow `premise`. `budget` is the number of inner nets a nested net
    /// may still run (shared by all the premises of one search).
    fn run(board: &'a Board, depth: Depth, premise: Lit, budget: &Budget) -> Propagation<'a> {
        let mut cands = [DigitSet::EMPTY; 81];
        let mut placed = [None; 81];
        let mut house_placed = [DigitSet::EMPTY; 27];
        for c in Cell::all() {
            cands[c.index()] = board.candidates(c);
            if let Some(v) = board.value(c) {
                placed[c.index()] = Some(v);
                for h in c.houses() {
                    house_placed[h.index()].insert(v);
                }
            }
        }
        let mut p = Propagation {
            board,
            depth,
            cands,
            placed,
            house_placed,
            at: vec![0; 729 * 2],
            trail: Vec::with_capacity(128),
            rules: Vec::new(),
            nodes: Vec::new(),
            node_at: if depth == Depth::Chain {
                vec![0; 9 * 18 * 9 * 2]
            } else {
                Vec::new()
            },
            conflict: None,
        };
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
        p
    }

    fn has(&self, lit: Lit) -> bool {
        self.position(lit).is_some()
    }

    fn position(&self, lit: Lit) -> Option<usize> {
        self.at
            .get(lit.index())
            .and_then(|&i| (i as usize).checked_sub(1))
    }

    fn derive(&mut self, lit: Lit, reason: Reason) {
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

    fn set(&mut self, cand: Candidate, from: usize) {
        let Candidate { cell, digit } = cand;
        self.placed[cell.index()] = Some(digit);
        for h in cell.houses() {
            self.house_placed[h.index()].insert(digit);
        }
        for e in self.cands[cell.index()] - DigitSet::single(digit) {
            let lit = Lit {
                cand: Candidate::new(cell, e),
                on: false,
            };
            self.derive(lit, Reason::From(from));
        }
        for p in cell.peers() {
            if self.cands[p.index()].contains(digit) {
                let lit = Lit {
                    cand: Candidate::new(p, digit),
                    on: false,
                };
                self.derive(lit, Reason::From(from));
            }
        }
        if self.depth == Depth::Chain {
            // the group nodes the cell sees lose the digit
            for via in cell.houses() {
                for (line, block, cells) in group_nodes_in(self.board, digit, via) {
                    if !cells.contains(cell) {
                        self.derive_node(digit, line, block, false, NodeFrom::Fact(from), via);
                    }
                }
            }
        }
    }

    /// Record a group node fact, to follow its links in turn (a group node
    /// is never a premise nor a conclusion, only a step of a chain):
    /// - the digit in the group removes it from every cell, and every other
    ///   group, that sees the whole group;
    /// - the digit in none of the group's cells goes to the digit's only
    ///   other place (cell or group) in the group's block or line.
    fn derive_node(
        &mut self,
        digit: Digit,
        line: House,
        block: House,
        on: bool,
        from: NodeFrom,
        house: House,
    ) {
        let key = node_key(digit, line, block, on);
        if self.conflict.is_some() || self.node_at.get(key).is_none_or(|&i| i != 0) {
            return;
        }
        let cells = self.board.positions_in(digit, line) & block.cells();
        self.nodes.push(NodeFact {
            cells,
            on,
            from,
            house,
            digit,
            line,
            block,
            queued_at: self.trail.len(),
        });
        if let Some(slot) = self.node_at.get_mut(key) {
            *slot = self.nodes.len() as u16;
        }
    }

    /// Follow the links of group node `k`.
    fn expand_node(&mut self, k: usize) {
        let Some(&NodeFact {
            cells,
            on,
            digit,
            line,
            block,
            ..
        }) = self.nodes.get(k)
        else {
            return;
        };
        if on {
            for h in [line, block] {
                for c in self.board.positions_in(digit, h) - cells {
                    if self.cands[c.index()].contains(digit) {
                        let lit = Lit {
                            cand: Candidate::new(c, digit),
                            on: false,
                        };
                        self.derive(lit, Reason::Group { node: k, house: h });
                    }
                }
            }
            for via in [line, block] {
                for (line2, block2, cells2) in group_nodes_in(self.board, digit, via) {
                    if (cells2 & cells).is_empty() {
                        self.derive_node(digit, line2, block2, false, NodeFrom::Node(k), via);
                    }
                }
            }
        } else {
            for h in [line, block] {
                let rest = self.board.positions_in(digit, h) - cells;
                if let Some(c) = rest.single_cell() {
                    let lit = Lit {
                        cand: Candidate::new(c, digit),
                        on: true,
                    };
                    self.derive(lit, Reason::Group { node: k, house: h });
                } else if let Some((line2, block2)) = group_node(self.board, digit, rest) {
                    self.derive_node(digit, line2, block2, true, NodeFrom::Node(k), h);
                }
            }
        }
    }

    /// The trail position a group node rests on, and the nodes from it to
    /// `node`, in order.
    fn node_path(&self, node: usize) -> (Option<usize>, Vec<usize>) {
        let mut path = vec![node];
        let mut k = node;
        while let Some(n) = self.nodes.get(k) {
            match n.from {
                NodeFrom::Fact(i) => {
                    path.reverse();
                    return (Some(i), path);
                }
                NodeFrom::Node(j) => {
                    path.push(j);
                    k = j;
                }
            }
        }
        path.reverse();
        (None, path)
    }

    fn remove(&mut self, cand: Candidate, at: usize) {
        let Candidate { cell, digit } = cand;
        let net = self.depth >= Depth::Net;
        self.cands[cell.index()].remove(digit);
        if self.depth == Depth::Chain {
            // the digit's other places in a house form a group node: the
            // digit is in that group
            for h in cell.houses() {
                let rest = self.board.positions_in(digit, h) - CellSet::single(cell);
                if let Some((line, block)) = group_node(self.board, digit, rest) {
                    self.derive_node(digit, line, block, true, NodeFrom::Fact(at), h);
                }
            }
        }
        if self.placed[cell.index()].is_none() {
            let left = self.cands[cell.index()];
            match left.len() {
                0 => {
                    self.conflict = Some(Conflict::EmptyCell(cell));
                    return;
                }
                1 if net || self.board.candidates(cell).len() == 2 => {
                    if let Some(d) = left.first() {
                        let lit = Lit {
                            cand: Candidate::new(cell, d),
                            on: true,
                        };
                        self.derive(lit, Reason::NakedSingle);
                    }
                }
                _ => {}
            }
        }
        for h in cell.houses() {
            if self.house_placed[h.index()].contains(digit) {
                continue;
            }
            let places: CellSet = h
                .cell_list()
                .iter()
                .copied()
                .filter(|&x| {
                    self.placed[x.index()].is_none() && self.cands[x.index()].contains(digit)
                })
                .collect();
            match places.len() {
                0 => {
                    self.conflict = Some(Conflict::NoPlace(h, digit));
                    return;
                }
                1 if net || self.board.positions_in(digit, h).len() == 2 => {
                    if let Some(x) = places.first() {
                        let lit = Lit {
                            cand: Candidate::new(x, digit),
                            on: true,
                        };
                        self.derive(lit, Reason::HiddenSingle(h));
                    }
                }
                _ => {}
            }
        }
    }

    /// The position the net has reached, as a board.
    fn reached(&self) -> Board {
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
    fn apply_technique(&mut self, budget: &Budget) -> bool {
        let reached = self.reached();
        let ctx = super::Context { unique: false };
        for t in BASIC {
            let found = match t {
                // the general fish search is slow for this; the basic
                // shapes are quick to find directly
                Technique::XWing => basic_fish(&reached, 2),
                Technique::Swordfish => basic_fish(&reached, 3),
                Technique::Jellyfish => basic_fish(&reached, 4),
                _ => super::first_step(t, &reached, &ctx).map(|s| (s.evidence, s.eliminations)),
            };
            if let Some((evidence, eliminations)) = found {
                let relied = relied_on(&evidence);
                let parents = self.removals_of(&reached, &relied);
                return self.apply(t, evidence, parents, &eliminations);
            }
        }
        if self.depth == Depth::Nested {
            // every inner contradiction at once: the position is the same
            // for all of them, and each inner search costs a net per candidate
            let mut changed = false;
            for cand in reached.candidate_list() {
                if !budget.spend() {
                    break;
                }
                let premise = Lit { cand, on: true };
                let inner = Propagation::run(&reached, Depth::Net, premise, budget);
                if inner.conflict.is_none() {
                    continue;
                }
                let (branches, cells) = inner.conflict_branches(premise);
                let relied = inner.relied_absent(self.board);
                let parents = self.removals_of(&reached, &relied);
                let ev = Evidence::Forcing {
                    branches,
                    contradiction: cells,
                };
                changed |= self.apply(Technique::ForcingNetContradiction, ev, parents, &[cand]);
                if self.conflict.is_some() {
                    break;
                }
            }
            return changed;
        }
        false
    }

    fn apply(
        &mut self,
        technique: Technique,
        evidence: Evidence,
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
            self.derive(Lit { cand, on: false }, Reason::Rule(k));
        }
        self.trail.len() > before || self.conflict.is_some()
    }

    /// Trail positions of the removals among `cands` (those the start
    /// position had and `reached` lacks).
    fn removals_of(&self, reached: &Board, cands: &[Candidate]) -> Vec<usize> {
        let mut v: Vec<usize> = cands
            .iter()
            .filter(|c| {
                self.board.has_candidate(c.cell, c.digit) && !reached.has_candidate(c.cell, c.digit)
            })
            .filter_map(|&cand| self.position(Lit { cand, on: false }))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The candidates of `origin` that this propagation's start position
    /// lacks and that the conflict's explanation relies on (for a net
    /// inside a net: the outer net's removals it uses).
    fn relied_absent(&self, origin: &Board) -> Vec<Candidate> {
        let mut out = Vec::new();
        let cell_gone = |cell: Cell, except: Option<Digit>, out: &mut Vec<Candidate>| {
            for d in origin.candidates(cell) - self.board.candidates(cell) {
                if Some(d) != except {
                    out.push(Candidate::new(cell, d));
                }
            }
        };
        let targets = self.conflict_ends();
        for i in self.needed(&targets) {
            let Some(&(lit, reason)) = self.trail.get(i) else {
                continue;
            };
            let Candidate { cell, digit } = lit.cand;
            match reason {
                Reason::NakedSingle => cell_gone(cell, Some(digit), &mut out),
                Reason::HiddenSingle(h) => {
                    for x in origin.positions_in(digit, h) - self.board.positions_in(digit, h) {
                        if x != cell {
                            out.push(Candidate::new(x, digit));
                        }
                    }
                }
                _ => {}
            }
        }
        match self.conflict {
            Some(Conflict::EmptyCell(cell)) => cell_gone(cell, None, &mut out),
            Some(Conflict::NoPlace(h, d)) => {
                for x in origin.positions_in(d, h) - self.board.positions_in(d, h) {
                    out.push(Candidate::new(x, d));
                }
            }
            _ => {}
        }
        out
    }

    /// Trail positions of the removals of `cells`' candidate `digit`.
    fn removals(&self, cells: CellSet, digit: Digit) -> Vec<usize> {
        cells
            .iter()
            .filter_map(|c| {
                self.position(Lit {
                    cand: Candidate::new(c, digit),
                    on: false,
                })
            })
            .collect()
    }

    /// The facts a trail position rests on.
    fn parents(&self, i: usize) -> Vec<usize> {
        let Some(&(lit, reason)) = self.trail.get(i) else {
            return vec![];
        };
        let Candidate { cell, digit } = lit.cand;
        match reason {
            Reason::Premise => vec![],
            Reason::From(j) => vec![j],
            Reason::NakedSingle => self
                .board
                .candidates(cell)
                .iter()
                .filter(|&e| e != digit)
                .filter_map(|e| {
                    self.position(Lit {
                        cand: Candidate::new(cell, e),
                        on: false,
                    })
                })
                .collect(),
            Reason::HiddenSingle(h) => self.removals(
                self.board.positions_in(digit, h) - CellSet::single(cell),
                digit,
            ),
            Reason::Rule(k) => self
                .rules
                .get(k)
                .map(|r| r.parents.clone())
                .unwrap_or_default(),
            Reason::Group { node, .. } => self.node_path(node).0.into_iter().collect(),
        }
    }

    /// The trail positions `targets` rest on (themselves included), in
    /// trail order.
    fn needed(&self, targets: &[usize]) -> Vec<usize> {
        let mut need = vec![false; self.trail.len()];
        let mut stack: Vec<usize> = targets.to_vec();
        while let Some(i) = stack.pop() {
            match need.get_mut(i) {
                Some(n) if !*n => *n = true,
                _ => continue,
            }
            stack.extend(self.parents(i));
        }
        need.iter()
            .enumerate()
            .filter_map(|(i, &n)| n.then_some(i))
            .collect()
    }

    /// The branch from `premise` that shows `targets`: the facts they rest
    /// on, each with its reason.
    fn branch(&self, premise: Lit, targets: &[usize]) -> ForcingBranch {
        let needed: Vec<usize> = self
            .needed(targets)
            .into_iter()
            .filter(|&i| !matches!(self.trail.get(i), Some((_, Reason::Premise)) | None))
            .collect();
        // index in the branch: 0 is the premise, k is chain[k - 1]
        let index_of = |i: usize| -> usize {
            match needed.binary_search(&i) {
                Ok(k) => k + 1,
                Err(_) => 0,
            }
        };
        let mut chain = Vec::with_capacity(needed.len());
        let mut reasons = Vec::with_capacity(needed.len());
        for &i in &needed {
            let Some(&(lit, reason)) = self.trail.get(i) else {
                continue;
            };
            chain.push((lit.cand, lit.on));
            let mut parents: Vec<usize> = self.parents(i).into_iter().map(index_of).collect();
            parents.sort_unstable();
            parents.dedup();
            let rule = match reason {
                Reason::Premise | Reason::From(_) => ForcingRule::Value,
                Reason::NakedSingle => ForcingRule::NakedSingle,
                Reason::HiddenSingle(house) => ForcingRule::HiddenSingle { house },
                Reason::Rule(k) => match self.rules.get(k) {
                    Some(r) => ForcingRule::Technique {
                        technique: r.technique,
                        evidence: Box::new(r.evidence.clone()),
                    },
                    None => ForcingRule::Value,
                },
                Reason::Group { node, house } => ForcingRule::Group {
                    digit: lit.cand.digit,
                    nodes: self
                        .node_path(node)
                        .1
                        .iter()
                        .filter_map(|&k| self.nodes.get(k))
                        .map(|n| GroupNode {
                            cells: n.cells,
                            on: n.on,
                            house: n.house,
                        })
                        .collect(),
                    house,
                },
            };
            reasons.push(ForcingReason { parents, rule });
        }
        ForcingBranch {
            premise: premise.cand,
            premise_is_on: premise.on,
            chain,
            reasons,
        }
    }

    /// The trail positions where the conflict shows.
    fn conflict_ends(&self) -> Vec<usize> {
        match self.conflict {
            Some(Conflict::Both(cand)) => {
                let on = Lit { cand, on: true };
                [self.position(on), self.position(on.negated())]
                    .into_iter()
                    .flatten()
                    .collect()
            }
            Some(Conflict::EmptyCell(cell)) => self
                .board
                .candidates(cell)
                .iter()
                .filter_map(|d| {
                    self.position(Lit {
                        cand: Candidate::new(cell, d),
                        on: false,
                    })
                })
                .collect(),
            Some(Conflict::NoPlace(h, d)) => self.removals(self.board.positions_in(d, h), d),
            None => vec![],
        }
    }

    /// The branches that show the conflict, and the cells where it shows.
    fn conflict_branches(&self, premise: Lit) -> (Vec<ForcingBranch>, CellSet) {
        let cells = match self.conflict {
            Some(Conflict::Both(cand)) => CellSet::single(cand.cell),
            Some(Conflict::EmptyCell(cell)) => CellSet::single(cell),
            Some(Conflict::NoPlace(h, d)) => self.board.positions_in(d, h),
            None => CellSet::EMPTY,
        };
        let branches = self
            .conflict_ends()
            .iter()
            .map(|&i| self.branch(premise, &[i]))
            .collect();
        (branches, cells)
    }
}

/// The group nodes of `digit` inside `house` (line, block and cells): a
/// group node is the digit's places in a line inside one block when there
/// are two or three.
fn group_nodes_in(
    board: &Board,
    digit: Digit,
    house: House,
) -> impl Iterator<Item = (House, House, CellSet)> + '_ {
    let pairs: Vec<(House, House)> = match house.kind() {
        HouseKind::Block => {
            let (r, c) = (house.number() / 3 * 3, house.number() % 3 * 3);
            (0..3)
                .map(|i| House::row(r + i))
                .chain((0..3).map(|i| House::col(c + i)))
                .map(|line| (line, house))
                .collect()
        }
        _ => House::blocks()
            .filter(|b| !(b.cells() & house.cells()).is_empty())
            .map(|block| (house, block))
            .collect(),
    };
    pairs.into_iter().filter_map(move |(line, block)| {
        let cells = board.positions_in(digit, line) & block.cells();
        (cells.len() >= 2).then_some((line, block, cells))
    })
}

/// The line and block of the group node of `digit` that is exactly `cells`.
fn group_node(board: &Board, digit: Digit, cells: CellSet) -> Option<(House, House)> {
    if !(2..=3).contains(&cells.len()) {
        return None;
    }
    let first = cells.first()?;
    let block = House::block(first.block());
    let line = [House::row(first.row()), House::col(first.col())]
        .into_iter()
        .find(|l| (cells - l.cells()).is_empty())?;
    let whole = board.positions_in(digit, line) & block.cells();
    (whole == cells).then_some((line, block))
}

/// Where a group node fact is kept in `Propagation::node_at`.
fn node_key(digit: Digit, line: House, block: House, on: bool) -> usize {
    ((digit.index() * 18 + line.index()) * 9 + block.number() as usize) * 2 + on as usize
}

/// The first basic fish of `size` lines (2: X-Wing, 3: Swordfish, 4:
/// Jellyfish) that removes something: digits 1 to 9, rows then columns as
/// base, base lines in order. `size` lines hold the digit only within
/// `size` cross lines, so it goes from the rest of those cross lines.
fn basic_fish(board: &Board, size: usize) -> Option<(Evidence, Vec<Candidate>)> {
    for digit in Digit::all() {
        let cells = board.positions(digit);
        for by_rows in [true, false] {
            let line = |i: u8| {
                if by_rows {
                    House::row(i)
                } else {
                    House::col(i)
                }
            };
            let cross = |i: u8| {
                if by_rows {
                    House::col(i)
                } else {
                    House::row(i)
                }
            };
            // where each line holds the digit, as a 9-bit mask of cross lines
            let masks: Vec<(u8, u16)> = (0..9u8)
                .map(|i| {
                    let m = (cells & line(i).cells()).iter().fold(0u16, |m, c| {
                        m | 1 << if by_rows { c.col() } else { c.row() }
                    });
                    (i, m)
                })
                .filter(|&(_, m)| (2..=size as u32).contains(&m.count_ones()))
                .collect();
            let mut pick = Vec::with_capacity(size);
            if let Some(found) = fish_pick(&masks, size, 0, 0, &mut pick, &mut |bases, cover| {
                let base: Vec<House> = bases.iter().map(|&i| line(i)).collect();
                let covers: Vec<House> = (0..9u8)
                    .filter(|&i| cover & 1 << i != 0)
                    .map(cross)
                    .collect();
                let base_cells = base.iter().fold(CellSet::EMPTY, |a, h| a | h.cells());
                let cover_cells = covers.iter().fold(CellSet::EMPTY, |a, h| a | h.cells());
                let gone: Vec<Candidate> = (cells & (cover_cells - base_cells))
                    .iter()
                    .map(|c| Candidate::new(c, digit))
                    .collect();
                (!gone.is_empty()).then(|| {
                    let ev = Evidence::Fish {
                        digit,
                        base,
                        cover: covers,
                        fins: CellSet::EMPTY,
                        endo_fins: CellSet::EMPTY,
                    };
                    (ev, gone)
                })
            }) {
                return Some(found);
            }
        }
    }
    None
}

/// Choose `size` of the lines `masks[from..]` whose masks together cover
/// `size` cross lines; `found` decides whether the choice removes something.
fn fish_pick<T>(
    masks: &[(u8, u16)],
    size: usize,
    from: usize,
    cover: u16,
    pick: &mut Vec<u8>,
    found: &mut dyn FnMut(&[u8], u16) -> Option<T>,
) -> Option<T> {
    if pick.len() == size {
        return found(pick, cover);
    }
    for k in from..masks.len() {
        let Some(&(i, m)) = masks.get(k) else {
            break;
        };
        let c = cover | m;
        if c.count_ones() as usize > size {
            continue;
        }
        pick.push(i);
        let r = fish_pick(masks, size, k + 1, c, pick, found);
        pick.pop();
        if r.is_some() {
            return r;
        }
    }
    None
}

/// The candidates whose absence a basic pattern relies on.
fn relied_on(ev: &Evidence) -> Vec<Candidate> {
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

/// The facts of the branches, group nodes included.
fn branch_length(branches: &[ForcingBranch]) -> usize {
    branches
        .iter()
        .map(|b| b.chain.len() + 1 + group_node_count(b))
        .sum()
}

/// The group nodes a branch passes through.
pub fn group_node_count(b: &ForcingBranch) -> usize {
    b.reasons
        .iter()
        .map(|r| match &r.rule {
            ForcingRule::Group { nodes, .. } => nodes.len(),
            _ => 0,
        })
        .sum()
}

/// How many inner nets one nested search may run (about a second in
/// release): the search gives up beyond, so that a position with many
/// candidates (a puzzle with several solutions) cannot make it run for
/// minutes. The count, not the clock, keeps the result deterministic.
const NESTED_BUDGET: usize = 100_000;

/// A count of inner nets left to run.
struct Budget(std::cell::Cell<usize>);

impl Budget {
    fn new(n: usize) -> Budget {
        Budget(std::cell::Cell::new(n))
    }
    fn unlimited() -> Budget {
        Budget::new(usize::MAX)
    }
    fn left(&self) -> bool {
        self.0.get() > 0
    }
    /// Take one from the budget; false when none is left.
    fn spend(&self) -> bool {
        let n = self.0.get();
        if n == 0 {
            return false;
        }
        self.0.set(n - 1);
        true
    }
}

/// A nested search stops after this many contradictions (each costs a net
/// per candidate at each standstill): the shortest of the first few.
const NESTED_ENOUGH: usize = 4;

fn contradictions(t: Technique, board: &Board, depth: Depth) -> Vec<(usize, Step)> {
    let mut out = Vec::new();
    let budget = Budget::new(NESTED_BUDGET);
    for cand in board.candidate_list() {
        if depth == Depth::Nested && out.len() >= NESTED_ENOUGH {
            break;
        }
        for on in [true, false] {
            let premise = Lit { cand, on };
            if !budget.left() {
                break;
            }
            let p = Propagation::run(board, depth, premise, &budget);
            if p.conflict.is_none() {
                continue;
            }
            let (branches, cells) = p.conflict_branches(premise);
            let len = branch_length(&branches);
            let ev = Evidence::Forcing {
                branches,
                contradiction: cells,
            };
            // the premise is false
            let step = if on {
                Step::elimination(t, vec![cand], ev)
            } else {
                Step::placement(t, cand.cell, cand.digit, ev)
            };
            out.push((len, step));
        }
    }
    out
}

/// Facts forced by every premise of a group (the candidates of a cell, or
/// the places of a digit in a house) that change the board.
fn verities(t: Technique, board: &Board, depth: Depth) -> Vec<(usize, Step)> {
    // what each "set this candidate" premise forces, as two bit grids
    let mut forced: Vec<Option<([CellSet; 9], [CellSet; 9])>> = vec![None; 729];
    for cand in board.candidate_list() {
        let p = Propagation::run(board, depth, Lit { cand, on: true }, &Budget::unlimited());
        let mut on = [CellSet::EMPTY; 9];
        let mut off = [CellSet::EMPTY; 9];
        for (lit, _) in &p.trail {
            let d = lit.cand.digit.index();
            if lit.on {
                on[d].insert(lit.cand.cell);
            } else {
                off[d].insert(lit.cand.cell);
            }
        }
        forced[cand.index()] = Some((on, off));
    }
    let mut groups: Vec<Vec<Candidate>> = Vec::new();
    for c in Cell::all() {
        let ds = board.candidates(c);
        if ds.len() >= 2 {
            groups.push(ds.iter().map(|d| Candidate::new(c, d)).collect());
        }
    }
    for h in House::all() {
        for d in Digit::all() {
            let cells = board.positions_in(d, h);
            if cells.len() >= 2 {
                groups.push(cells.iter().map(|c| Candidate::new(c, d)).collect());
            }
        }
    }
    let mut out = Vec::new();
    for group in groups {
        let mut on = [CellSet::ALL; 9];
        let mut off = [CellSet::ALL; 9];
        for cand in &group {
            if let Some((o, f)) = &forced[cand.index()] {
                for d in 0..9 {
                    on[d] &= o[d];
                    off[d] &= f[d];
                }
            }
        }
        let mut conclusions = Vec::new();
        for d in Digit::all() {
            for cell in on[d.index()] {
                if board.value(cell).is_none() {
                    conclusions.push(Lit {
                        cand: Candidate::new(cell, d),
                        on: true,
                    });
                }
            }
            for cell in off[d.index()] & board.positions(d) {
                conclusions.push(Lit {
                    cand: Candidate::new(cell, d),
                    on: false,
                });
            }
        }
        if conclusions.is_empty() {
            continue;
        }
        let runs: Vec<Propagation<'_>> = group
            .iter()
            .map(|&cand| {
                Propagation::run(board, depth, Lit { cand, on: true }, &Budget::unlimited())
            })
            .collect();
        for lit in conclusions {
            out.push(verity_step(t, &group, &runs, lit));
        }
    }
    out
}

fn verity_step(
    t: Technique,
    group: &[Candidate],
    runs: &[Propagation<'_>],
    conclusion: Lit,
) -> (usize, Step) {
    let branches: Vec<ForcingBranch> = group
        .iter()
        .zip(runs)
        .map(|(&cand, p)| {
            let premise = Lit { cand, on: true };
            let targets: Vec<usize> = p.position(conclusion).into_iter().collect();
            p.branch(premise, &targets)
        })
        .collect();
    let len = branch_length(&branches);
    let ev = Evidence::Forcing {
        branches,
        contradiction: CellSet::EMPTY,
    };
    let c = conclusion.cand;
    let step = if conclusion.on {
        Step::placement(t, c.cell, c.digit, ev)
    } else {
        Step::elimination(t, vec![c], ev)
    };
    (len, step)
}
