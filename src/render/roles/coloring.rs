//! Roles of Simple Colors, Multi-Colors and 3D Medusa: each candidate in its
//! colour class, and strong links (conjugate pairs and bivalue cells of the
//! position) that join opposite colours: only enough of them to tie each
//! cluster together, the shortest first, so that a big cluster does not
//! fill the grid with lines.

use super::{Builder, CandidateRole, LinkRole, Node};
use crate::board::Board;
use crate::grid::Candidate;

pub(super) fn coloring(b: &mut Builder, board: &Board, colors: &[Vec<Candidate>]) {
    for (k, class) in colors.iter().enumerate() {
        let k = u8::try_from(k).unwrap_or(u8::MAX);
        for &c in class {
            b.candidate(c, CandidateRole::Color(k));
        }
    }
    for pair in colors.chunks(2) {
        let [one, other] = pair else { continue };
        for (x, y) in spanning_links(board, one, other) {
            b.link(Node::single(x), Node::single(y), LinkRole::Conjugate, 0);
        }
    }
}

/// Where a candidate sits on a 27 x 27 lattice of slots (a cell's digits
/// in three rows of three).
fn spot(c: Candidate) -> (i32, i32) {
    let d = c.digit.index() as i32;
    (
        3 * i32::from(c.cell.row()) + d / 3,
        3 * i32::from(c.cell.col()) + d % 3,
    )
}

/// A spanning forest of the strong links between the two colours of a
/// cluster (Prim's, the shortest link first, ties in candidate order): one
/// link fewer than the candidates a component has.
fn spanning_links(
    board: &Board,
    one: &[Candidate],
    other: &[Candidate],
) -> Vec<(Candidate, Candidate)> {
    let nodes: Vec<(Candidate, bool)> = one
        .iter()
        .map(|&c| (c, true))
        .chain(other.iter().map(|&c| (c, false)))
        .collect();
    let mut inside = vec![false; nodes.len()];
    let mut out = Vec::new();
    for start in 0..nodes.len() {
        if inside[start] {
            continue;
        }
        inside[start] = true;
        loop {
            // the shortest link from the tree to a candidate outside it
            let mut best: Option<(i32, usize, usize)> = None;
            for (i, &(x, side_x)) in nodes.iter().enumerate().filter(|&(i, _)| inside[i]) {
                for (j, &(y, side_y)) in nodes.iter().enumerate() {
                    if inside[j] || side_x == side_y || !strongly_linked(board, x, y) {
                        continue;
                    }
                    let (p, q) = (spot(x), spot(y));
                    let d = (p.0 - q.0).pow(2) + (p.1 - q.1).pow(2);
                    if best.is_none_or(|(bd, _, _)| d < bd) {
                        best = Some((d, i, j));
                    }
                }
            }
            let Some((_, i, j)) = best else { break };
            inside[j] = true;
            out.push((nodes[i].0, nodes[j].0));
        }
    }
    out
}

/// A conjugate pair (the only two places of a digit in a house) or the two
/// candidates of a bivalue cell.
fn strongly_linked(board: &Board, x: Candidate, y: Candidate) -> bool {
    if x.cell == y.cell {
        return x.digit != y.digit && board.candidates(x.cell).len() == 2;
    }
    x.digit == y.digit
        && x.cell.houses().iter().any(|&h| {
            let places = board.positions_in(x.digit, h);
            places.len() == 2 && places.contains(y.cell)
        })
}
