//! How a propagation is told: the facts a conclusion needs, traced back
//! to the premise, as the branches of a forcing step.

use super::net::{Conflict, Propagation, Reason};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, Literal};
use crate::step::{ForcingBranch, ForcingReason, ForcingRule, GroupNode};

impl Propagation<'_> {
    /// The candidates of `origin` that this propagation's start position
    /// lacks and that the conflict's explanation relies on (for a net
    /// inside a net: the outer net's removals it uses).
    pub(super) fn relied_absent(&self, origin: &Board) -> Vec<Candidate> {
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
    pub(super) fn removals(&self, cells: CellSet, digit: Digit) -> Vec<usize> {
        cells
            .iter()
            .filter_map(|c| {
                self.position(Literal {
                    cand: Candidate::new(c, digit),
                    on: false,
                })
            })
            .collect()
    }

    /// The facts a trail position rests on.
    pub(super) fn parents(&self, i: usize) -> Vec<usize> {
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
                    self.position(Literal {
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
    pub(super) fn needed(&self, targets: &[usize]) -> Vec<usize> {
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
    pub(super) fn branch(&self, premise: Literal, targets: &[usize]) -> ForcingBranch {
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
                        evidence: Box::new(r.evidence.evidence()),
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
    pub(super) fn conflict_ends(&self) -> Vec<usize> {
        match self.conflict {
            Some(Conflict::Both(cand)) => {
                let on = Literal { cand, on: true };
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
                    self.position(Literal {
                        cand: Candidate::new(cell, d),
                        on: false,
                    })
                })
                .collect(),
            Some(Conflict::NoPlace(h, d)) => self.removals(self.board.positions_in(d, h), d),
            None => vec![],
        }
    }

    /// The length of the conflict's branches (`branch_length` of
    /// `conflict_branches`), without building them.
    pub(super) fn conflict_length(&self) -> usize {
        self.conflict_ends()
            .iter()
            .map(|&end| {
                let mut len = 1;
                for i in self.needed(&[end]) {
                    match self.trail.get(i) {
                        Some((_, Reason::Premise)) | None => {}
                        Some((_, Reason::Group { node, .. })) => {
                            len += 1 + self.node_path(*node).1.len();
                        }
                        Some(_) => len += 1,
                    }
                }
                len
            })
            .sum()
    }

    /// The branches that show the conflict, and the cells where it shows.
    pub(super) fn conflict_branches(&self, premise: Literal) -> (Vec<ForcingBranch>, CellSet) {
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
