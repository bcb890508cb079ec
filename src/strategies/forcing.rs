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
//!
//! **Contradiction**: if the premise leads to an impossible position (a
//! candidate both set and removed, a cell with no candidate, a digit with no
//! place in a house), the premise is false. **Verity**: if every candidate of
//! a cell, or every place of a digit in a house, leads to the same fact,
//! that fact is true, since one of them is.

use super::Sink;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::step::{Evidence, ForcingBranch, Step};
use crate::technique::Technique;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// Whether this module finds `t`.
pub fn handles(t: Technique) -> bool {
    matches!(
        t,
        Technique::ForcingChainContradiction
            | Technique::ForcingChainVerity
            | Technique::ForcingNetContradiction
            | Technique::ForcingNetVerity
    )
}

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let (net, verity) = match t {
        Technique::ForcingChainContradiction => (false, false),
        Technique::ForcingChainVerity => (false, true),
        Technique::ForcingNetContradiction => (true, false),
        Technique::ForcingNetVerity => (true, true),
        _ => return ControlFlow::Continue(()),
    };
    let mut steps = if verity {
        verities(t, board, net)
    } else {
        contradictions(t, board, net)
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
    /// Follows from the fact at this trail position.
    From(usize),
    /// The cell has no other candidate left.
    NakedSingle,
    /// The digit has no other place left in this house.
    HiddenSingle(House),
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
    net: bool,
    cands: [DigitSet; 81],
    placed: [Option<Digit>; 81],
    house_placed: [DigitSet; 27],
    /// at[lit] = trail position + 1, or 0.
    at: Vec<usize>,
    trail: Vec<(Lit, Reason)>,
    conflict: Option<Conflict>,
}

impl<'a> Propagation<'a> {
    fn run(board: &'a Board, net: bool, premise: Lit) -> Propagation<'a> {
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
            net,
            cands,
            placed,
            house_placed,
            at: vec![0; 729 * 2],
            trail: Vec::with_capacity(128),
            conflict: None,
        };
        p.derive(premise, Reason::Premise);
        let mut head = 0;
        while head < p.trail.len() && p.conflict.is_none() {
            let lit = p.trail[head].0;
            if lit.on {
                p.set(lit.cand, head);
            } else {
                p.remove(lit.cand);
            }
            head += 1;
        }
        p
    }

    fn has(&self, lit: Lit) -> bool {
        self.at[lit.index()] != 0
    }

    fn derive(&mut self, lit: Lit, reason: Reason) {
        if self.conflict.is_some() || self.has(lit) {
            return;
        }
        self.trail.push((lit, reason));
        self.at[lit.index()] = self.trail.len();
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
    }

    fn remove(&mut self, cand: Candidate) {
        let Candidate { cell, digit } = cand;
        self.cands[cell.index()].remove(digit);
        if self.placed[cell.index()].is_none() {
            let left = self.cands[cell.index()];
            match left.len() {
                0 => {
                    self.conflict = Some(Conflict::EmptyCell(cell));
                    return;
                }
                1 if self.net || self.board.candidates(cell).len() == 2 => {
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
                1 if self.net || self.board.positions_in(digit, h).len() == 2 => {
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

    /// Trail positions of the removals of `cells`' candidate `digit`.
    fn removals(&self, cells: CellSet, digit: Digit) -> Vec<usize> {
        cells
            .iter()
            .filter_map(|c| {
                let lit = Lit {
                    cand: Candidate::new(c, digit),
                    on: false,
                };
                self.at[lit.index()].checked_sub(1)
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
            Reason::NakedSingle => {
                let mut v = Vec::new();
                for e in self.board.candidates(cell) - DigitSet::single(digit) {
                    let off = Lit {
                        cand: Candidate::new(cell, e),
                        on: false,
                    };
                    if let Some(j) = self.at[off.index()].checked_sub(1) {
                        v.push(j);
                    }
                }
                v
            }
            Reason::HiddenSingle(h) => self.removals(
                self.board.positions_in(digit, h) - CellSet::single(cell),
                digit,
            ),
        }
    }

    /// The facts (premise excluded) that `targets` rest on, in trail order.
    fn support(&self, targets: &[usize]) -> Vec<(Candidate, bool)> {
        let mut need = vec![false; self.trail.len()];
        let mut stack: Vec<usize> = targets.to_vec();
        while let Some(i) = stack.pop() {
            if i >= need.len() || need[i] {
                continue;
            }
            need[i] = true;
            stack.extend(self.parents(i));
        }
        self.trail
            .iter()
            .enumerate()
            .filter(|&(i, (_, r))| need[i] && !matches!(r, Reason::Premise))
            .map(|(_, (lit, _))| (lit.cand, lit.on))
            .collect()
    }

    fn position(&self, lit: Lit) -> Option<usize> {
        self.at[lit.index()].checked_sub(1)
    }

    /// The branches that show the conflict, and the cells where it shows.
    fn conflict_branches(&self, premise: Lit) -> (Vec<ForcingBranch>, CellSet) {
        let branch = |targets: &[usize]| ForcingBranch {
            premise: premise.cand,
            premise_is_on: premise.on,
            chain: self.support(targets),
        };
        match self.conflict {
            Some(Conflict::Both(cand)) => {
                let on = Lit { cand, on: true };
                let ends = [self.position(on), self.position(on.negated())];
                let branches = ends
                    .iter()
                    .flatten()
                    .map(|&i| branch(&[i]))
                    .collect::<Vec<_>>();
                (branches, CellSet::single(cand.cell))
            }
            Some(Conflict::EmptyCell(cell)) => {
                let ends: Vec<usize> = self
                    .board
                    .candidates(cell)
                    .iter()
                    .filter_map(|d| {
                        self.position(Lit {
                            cand: Candidate::new(cell, d),
                            on: false,
                        })
                    })
                    .collect();
                (
                    ends.iter().map(|&i| branch(&[i])).collect(),
                    CellSet::single(cell),
                )
            }
            Some(Conflict::NoPlace(h, d)) => {
                let cells = self.board.positions_in(d, h);
                let ends = self.removals(cells, d);
                (ends.iter().map(|&i| branch(&[i])).collect(), cells)
            }
            None => (vec![], CellSet::EMPTY),
        }
    }
}

fn branch_length(branches: &[ForcingBranch]) -> usize {
    branches.iter().map(|b| b.chain.len() + 1).sum()
}

fn all_candidates(board: &Board) -> Vec<Candidate> {
    Cell::all()
        .flat_map(|c| {
            board
                .candidates(c)
                .iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect()
}

fn contradictions(t: Technique, board: &Board, net: bool) -> Vec<(usize, Step)> {
    let mut out = Vec::new();
    for cand in all_candidates(board) {
        for on in [true, false] {
            let premise = Lit { cand, on };
            let p = Propagation::run(board, net, premise);
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
fn verities(t: Technique, board: &Board, net: bool) -> Vec<(usize, Step)> {
    // what each "set this candidate" premise forces, as two bit grids
    let mut forced: Vec<Option<([CellSet; 9], [CellSet; 9])>> = vec![None; 729];
    for cand in all_candidates(board) {
        let p = Propagation::run(board, net, Lit { cand, on: true });
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
            .map(|&cand| Propagation::run(board, net, Lit { cand, on: true }))
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
            let chain = match p.position(conclusion) {
                Some(i) => p.support(&[i]),
                None => vec![],
            };
            ForcingBranch {
                premise: cand,
                premise_is_on: true,
                chain,
            }
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
