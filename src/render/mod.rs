//! Renderers: the only place that writes prose, JSON or tables. `text`
//! writes step lines, sentences, hints and whole reports; `json` the trace
//! schema and the records of `sensei solve` and `sensei grade`; `tsv` the
//! rating table.

#[doc(hidden)]
pub mod generated;
pub mod html;
pub mod json;
#[doc(hidden)]
pub mod learn;
#[doc(hidden)]
pub mod roles;
#[doc(hidden)]
pub mod stats;
pub mod svg;
pub mod text;
#[doc(hidden)]
pub mod tsv;
pub(crate) mod wire;

use crate::board::Contradiction;
use crate::format::ParseError;
use crate::grid::Grid;
use crate::step::{Chain, ChainNode, LinkKind};

/// What `sensei solve` found for one puzzle of a batch, for the renderers
/// of its result ([`json::solve_record`], [`text::solve_marker`]).
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub enum Solved<'a> {
    /// The text could not be read as a puzzle.
    Unreadable(&'a ParseError),
    /// The givens contradict each other: no search was made.
    Invalid {
        puzzle: &'a Grid,
        contradiction: &'a Contradiction,
    },
    /// What the exact solver found: `count` solutions (at least that many
    /// when the count is not `complete`), and the solutions kept (`all`:
    /// every one found, else the first).
    Counted {
        puzzle: &'a Grid,
        count: usize,
        complete: bool,
        solutions: &'a [Grid],
        all: bool,
    },
}

/// A chain in Eureka notation: `(5)r1c2=(5)r1c8-(5)r4c8=(5)r4c3`; group
/// nodes list their cells (`(5)r1c78`); two digits of one cell that follow
/// each other are written together, `(4=2)r5c4`, and so are two digits of
/// an almost locked set, with all its cells: `(4=27)r3c89` would be the set
/// losing 4 and so holding 2 and 7; here the digit it keeps on leaving,
/// `(4=2)r3c89`. A loop ends back at its first node.
pub fn eureka(chain: &Chain) -> String {
    let mut nodes = chain.nodes.clone();
    if chain.is_loop {
        if let Some(&first) = chain.nodes.first() {
            nodes.push(first);
        }
    }
    let mut s = String::new();
    let mut i = 0;
    while i < nodes.len() {
        if i > 0 {
            s.push_str(link_symbol(chain.links.get(i - 1).copied()));
        }
        let n = nodes[i];
        match nodes.get(i + 1) {
            // an almost locked set: the digit it loses = the digit it keeps
            Some(m) if n.als.is_some() && m.als == n.als => {
                let link = link_symbol(chain.links.get(i).copied());
                let cells = n.occupied();
                s.push_str(&format!("({}{link}{}){cells}", n.digit, m.digit));
                i += 2;
            }
            Some(m) if n.cells.len() == 1 && m.cells == n.cells && m.digit != n.digit => {
                let link = link_symbol(chain.links.get(i).copied());
                s.push_str(&format!("({}{link}{}){}", n.digit, m.digit, n.cells));
                i += 2;
            }
            // an almost locked set alone: a forcing link leaves or enters it
            _ if n.als.is_some() => {
                s.push_str(&lone_set(chain, &nodes, i));
                i += 1;
            }
            _ => {
                s.push_str(&format!("({}){}", n.digit, n.cells));
                i += 1;
            }
        }
    }
    s
}

/// An ALS node with no neighbour of its own set: a forcing link leaves it
/// (`(4=27)r3c89=(5)r1c9`, the set losing 4 holds 2 and 7, which leaves
/// r1c9 only 5) or enters it, written the other way round.
fn lone_set(chain: &Chain, nodes: &[ChainNode], i: usize) -> String {
    let n = nodes[i];
    let Some(set) = n.als else {
        return format!("({}){}", n.digit, n.cells);
    };
    let rest = set.digits - crate::bitset::DigitSet::single(n.digit);
    let rest: String = rest.iter().map(|d| d.to_string()).collect();
    // link k joins nodes k and k + 1
    let forced = |k: usize| is_forcing(chain.links.get(k), &nodes[k], &nodes[k + 1]);
    if i + 1 < nodes.len() && forced(i) {
        format!("({}={rest}){}", n.digit, set.cells)
    } else if i > 0 && forced(i - 1) {
        format!("({rest}={}){}", n.digit, set.cells)
    } else {
        format!("({}){}", n.digit, n.cells)
    }
}

/// The forcing links of a chain (see [`crate::links`]): for each, the index
/// of the ALS node and of the cell's node. A forcing link is a strong link
/// between an ALS node and a node outside its set that is not a conjugate of
/// the same digit.
#[doc(hidden)]
pub fn forcing_links(chain: &Chain) -> Vec<(usize, usize)> {
    let n = chain.nodes.len();
    (0..chain.links.len())
        .filter_map(|i| {
            let j = (i + 1) % n;
            let (a, b) = (chain.nodes[i], chain.nodes[j]);
            if !is_forcing(chain.links.get(i), &a, &b) {
                return None;
            }
            Some(if a.als.is_some() { (i, j) } else { (j, i) })
        })
        .collect()
}

/// Whether a link (its kind and its two nodes) is a forcing link.
fn is_forcing(link: Option<&LinkKind>, a: &ChainNode, b: &ChainNode) -> bool {
    let (set_node, other) = match (a.als, b.als) {
        (Some(_), None) => (a, b),
        (None, Some(_)) => (b, a),
        _ => return false,
    };
    let Some(set) = set_node.als else {
        return false;
    };
    link == Some(&LinkKind::Strong)
        && !other.cells.intersects(set.cells)
        && (other.digit != set_node.digit || !other.cells.is_subset(set_node.cells.common_peers()))
}

fn link_symbol(l: Option<LinkKind>) -> &'static str {
    match l {
        Some(LinkKind::Strong) => "=",
        _ => "-",
    }
}
