//! Roles of forcing chains and nets: each branch's premise, every fact it
//! sets or removes, and an arrow from each fact to the facts resting on it
//! (through group nodes for HoDoKu's grouped forcing chains). The branches
//! keep only the facts their conclusion needs, so the picture shows the
//! implication tree and nothing else.

use super::{Branch, Builder, CandidateRole, CellRole, LinkRole, Node};
use crate::bitset::CellSet;
use crate::grid::Candidate;
use crate::step::{ForcingBranch, ForcingRule};

pub(super) fn forcing(b: &mut Builder, branches: &[ForcingBranch], contradiction: CellSet) {
    for br in branches {
        b.candidate(
            br.premise,
            CandidateRole::Premise {
                on: br.premise_is_on,
            },
        );
        b.branch(Branch {
            premise: br.premise,
            on: br.premise_is_on,
        });
    }
    b.cells(contradiction, CellRole::Contradiction);
    for (k, br) in branches.iter().enumerate() {
        let k = u8::try_from(k).unwrap_or(u8::MAX);
        // fact i: 0 is the premise, i >= 1 is chain[i - 1]
        let fact = |i: usize| -> Option<(Candidate, bool)> {
            match i.checked_sub(1) {
                None => Some((br.premise, br.premise_is_on)),
                Some(j) => br.chain.get(j).copied(),
            }
        };
        for (j, &(c, on)) in br.chain.iter().enumerate() {
            let role = if on {
                CandidateRole::On
            } else {
                CandidateRole::Off
            };
            b.candidate(c, role);
            let Some(reason) = br.reasons.get(j) else {
                continue;
            };
            let to = Node::single(c);
            if let ForcingRule::Technique { .. } = reason.rule {
                // the pattern rests on many facts: one arrow, from the latest
                if let Some((from, _)) = reason.parents.iter().max().and_then(|&p| fact(p)) {
                    b.link(Node::single(from), to, LinkRole::ByTechnique { on }, k);
                }
                continue;
            }
            for &p in &reason.parents {
                let Some((from, _)) = fact(p) else { continue };
                match &reason.rule {
                    ForcingRule::Group { digit, nodes, .. } => {
                        let mut prev = Node::single(from);
                        for g in nodes {
                            let n = Node {
                                digit: *digit,
                                cells: g.cells,
                            };
                            b.group(n);
                            b.link(prev, n, LinkRole::Implies { on: g.on }, k);
                            prev = n;
                        }
                        b.link(prev, to, LinkRole::Implies { on }, k);
                    }
                    _ => b.link(Node::single(from), to, LinkRole::Implies { on }, k),
                }
            }
        }
    }
}
