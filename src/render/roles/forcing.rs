//! Roles of forcing chains and nets: each branch's premise, every fact it
//! sets or removes, and an arrow from each fact to the facts resting on it
//! (through group nodes for HoDoKu's grouped forcing chains). The branches
//! keep only the facts their conclusion needs, so the whole net is the
//! implication tree and nothing else.
//!
//! A whole net of thirty arrows is a tangle no learner follows, so a
//! branch of more than [`SHORT`] arrows is told short: one arrow from its
//! premise to each of its ends (the facts nothing else in it rests on: the
//! conclusion of a verity, the clashing facts of a contradiction), marked
//! with the number of implications on the way ([`LinkRole::Leads`]). The
//! whole net then goes to [`super::Roles::detail`], drawn apart (the
//! walkthrough's "whole net" switch, the CLI's `-net.svg` pictures).

use super::{Branch, Builder, CandidateRole, CellRole, LinkRole, Node};
use crate::bitset::CellSet;
use crate::grid::Candidate;
use crate::step::{ForcingBranch, ForcingRule};

/// The most arrows a branch may have to be drawn whole in the main picture.
const SHORT: usize = 3;

pub(super) fn forcing(b: &mut Builder, branches: &[ForcingBranch], contradiction: CellSet) {
    let mut whole = Builder {
        area: b.area.clone(),
        ..Builder::default()
    };
    premises(&mut whole, branches, contradiction);
    for (k, br) in branches.iter().enumerate() {
        branch(&mut whole, br, k);
    }
    if branches.iter().all(|br| arrows(br) <= SHORT) {
        *b = whole;
        return;
    }
    premises(b, branches, contradiction);
    for (k, br) in branches.iter().enumerate() {
        if arrows(br) <= SHORT {
            branch(b, br, k);
        } else {
            short(b, br, k);
        }
    }
    b.detail = Some(Box::new(whole));
}

/// The premises, the branches in the legend, the contradiction's cells.
fn premises(b: &mut Builder, branches: &[ForcingBranch], contradiction: CellSet) {
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
}

/// Fact `i` of a branch: 0 is the premise, `i >= 1` is `chain[i - 1]`.
fn fact(br: &ForcingBranch, i: usize) -> Option<(Candidate, bool)> {
    match i.checked_sub(1) {
        None => Some((br.premise, br.premise_is_on)),
        Some(j) => br.chain.get(j).copied(),
    }
}

fn state(on: bool) -> CandidateRole {
    if on {
        CandidateRole::On
    } else {
        CandidateRole::Off
    }
}

fn index(k: usize) -> u8 {
    u8::try_from(k).unwrap_or(u8::MAX)
}

/// How many arrows the whole branch draws.
fn arrows(br: &ForcingBranch) -> usize {
    let mut b = Builder::default();
    branch(&mut b, br, 0);
    b.links.len()
}

/// Every fact of branch `k` and every arrow between them.
fn branch(b: &mut Builder, br: &ForcingBranch, k: usize) {
    let k = index(k);
    for (j, &(c, on)) in br.chain.iter().enumerate() {
        b.candidate(c, state(on));
        let Some(reason) = br.reasons.get(j) else {
            continue;
        };
        let to = Node::single(c);
        if let ForcingRule::Technique { .. } = reason.rule {
            // the pattern rests on many facts: one arrow, from the latest
            if let Some((from, _)) = reason.parents.iter().max().and_then(|&p| fact(br, p)) {
                b.link(Node::single(from), to, LinkRole::ByTechnique { on }, k);
            }
            continue;
        }
        for &p in &reason.parents {
            let Some((from, _)) = fact(br, p) else {
                continue;
            };
            match &reason.rule {
                ForcingRule::Group { digit, nodes, .. } => {
                    let mut prev = Node::single(from);
                    for g in nodes {
                        let n = Node {
                            digit: *digit,
                            cells: g.cells,
                        };
                        b.group(n, g.on);
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

/// Branch `k` told short: its ends, each with one arrow from the premise
/// marked with the implications on the longest way there.
fn short(b: &mut Builder, br: &ForcingBranch, k: usize) {
    let count = br.chain.len() + 1;
    // depth[i]: arrows on the longest way from the premise to fact i
    let mut depth = vec![0usize; count];
    let mut rests_on = vec![false; count];
    for (j, reason) in br.reasons.iter().enumerate().take(br.chain.len()) {
        let i = j + 1;
        for &p in &reason.parents {
            if p < i {
                depth[i] = depth[i].max(depth[p] + 1);
                rests_on[p] = true;
            }
        }
    }
    for i in (1..count).filter(|&i| !rests_on[i]) {
        let Some((c, on)) = fact(br, i) else {
            continue;
        };
        b.candidate(c, state(on));
        let steps = u8::try_from(depth[i].max(1)).unwrap_or(u8::MAX);
        b.link(
            Node::single(br.premise),
            Node::single(c),
            LinkRole::Leads { on, steps },
            index(k),
        );
    }
}
