//! Roles of Simple Colors, Multi-Colors and 3D Medusa: each candidate in its
//! colour class, and the strong links that join opposite colours (conjugate
//! pairs and bivalue cells of the position).

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
        for &x in one {
            for &y in other {
                if strongly_linked(board, x, y) {
                    b.link(Node::single(x), Node::single(y), LinkRole::Conjugate, 0);
                }
            }
        }
    }
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
