//! Roles of chains and loops (single-digit patterns, W-Wing, Remote Pair,
//! X-/XY-Chains, nice loops, AICs, grouped forms, dual patterns): each node
//! true or false in the chain's reading, group nodes, almost locked sets,
//! and the links as arrows.
//!
//! The reading starts from the first node: false when its first link is
//! strong (so the next node is true), true when it is weak. Then the end of
//! a strong link is true and the end of a weak link false.
//!
//! A node of several cells (a group, or an almost locked set's cells
//! holding the digit) is one node with one state: true means the digit is
//! in one of its cells, not in each. So its candidates get no state of
//! their own; the group carries it.

use super::{Builder, CandidateRole, HouseRole, LinkRole, Node, SetRole};
use crate::grid::{Candidate, House};
use crate::step::{Chain, ChainNode, LinkKind};

pub(super) fn chains(b: &mut Builder, chains: &[Chain], houses: &[House]) {
    b.houses(houses, HouseRole::Pattern);
    for chain in chains {
        one(b, chain);
    }
}

fn node(n: &ChainNode) -> Node {
    Node {
        digit: n.digit,
        cells: n.cells,
    }
}

fn one(b: &mut Builder, chain: &Chain) {
    let mut on = chain.links.first() != Some(&LinkKind::Strong);
    for (i, n) in chain.nodes.iter().enumerate() {
        if i > 0 {
            on = chain.links.get(i - 1) == Some(&LinkKind::Strong);
        }
        let role = if on {
            CandidateRole::On
        } else {
            CandidateRole::Off
        };
        if let Some(set) = n.als {
            b.set(set.cells, SetRole::Als);
        }
        if n.cells.len() > 1 {
            b.group(node(n), on);
            continue;
        }
        for cell in n.cells {
            b.candidate(Candidate::new(cell, n.digit), role);
        }
    }
    let count = chain.nodes.len();
    for (i, kind) in chain.links.iter().enumerate() {
        let j = if i + 1 < count {
            i + 1
        } else if chain.is_loop {
            0
        } else {
            break;
        };
        let (Some(a), Some(z)) = (chain.nodes.get(i), chain.nodes.get(j)) else {
            continue;
        };
        let role = match kind {
            LinkKind::Strong => LinkRole::Strong,
            LinkKind::Weak => LinkRole::Weak,
        };
        b.link(node(a), node(z), role, 0);
    }
}
