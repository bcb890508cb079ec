//! Roles of the ALS techniques (ALS-XZ, ALS-XY-Wing, Death Blossom, Sue de
//! Coq, ALS-XY-Chain): the sets, their restricted common digits linked from
//! set to set, the digit z they remove, and a Death Blossom's stem.

use super::{Builder, CandidateRole, CellRole, LinkRole, Node, SetRole};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit};
use crate::step::Als;

/// The cells of `set` holding `d`, as a node.
fn node(board: &Board, set: &Als, d: Digit) -> Node {
    Node {
        digit: d,
        cells: set.cells & board.positions(d),
    }
}

/// Whether `d` is a restricted common of two sets: in both, and every place
/// of it in one sees every place in the other.
fn restricted(board: &Board, a: &Als, b: &Als, d: Digit) -> bool {
    let (x, y) = (node(board, a, d).cells, node(board, b, d).cells);
    !x.is_empty()
        && !y.is_empty()
        && !x.intersects(y)
        && x.iter().all(|p| y.iter().all(|q| p.sees(q)))
}

fn paint_sets(b: &mut Builder, board: &Board, sets: &[Als], rcc: DigitSet, z: DigitSet) {
    let all = sets.iter().fold(CellSet::EMPTY, |acc, s| acc | s.cells);
    for s in sets {
        b.set(s.cells, SetRole::Als);
    }
    b.candidates_in(board, all, z, CandidateRole::Z);
    b.candidates_in(board, all, rcc, CandidateRole::Rcc);
    b.candidates_in(board, all, DigitSet::ALL, CandidateRole::Pattern);
}

/// ALS-XZ, ALS-XY-Wing, Death Blossom (with its `stem`), Sue de Coq.
pub(super) fn als(
    b: &mut Builder,
    board: &Board,
    sets: &[Als],
    rcc: DigitSet,
    z: DigitSet,
    stem: Option<Cell>,
) {
    if let Some(stem) = stem {
        b.cell(stem, CellRole::Stem);
        b.candidates_in(board, CellSet::single(stem), rcc, CandidateRole::Rcc);
        // petal k hangs on the stem's k-th digit
        for (d, petal) in rcc.iter().zip(sets) {
            let from = Node {
                digit: d,
                cells: CellSet::single(stem),
            };
            b.link(from, node(board, petal, d), LinkRole::Weak, 0);
        }
        paint_sets(b, board, sets, rcc, z);
        return;
    }
    paint_sets(b, board, sets, rcc, z);
    for (i, x) in sets.iter().enumerate() {
        for y in sets.iter().skip(i + 1) {
            for d in rcc {
                if restricted(board, x, y, d) {
                    b.link(node(board, x, d), node(board, y, d), LinkRole::Weak, 0);
                }
            }
        }
    }
}

/// ALS-XY-Chain: `links[i]` is the restricted common of sets `i` and `i + 1`.
pub(super) fn als_chain(
    b: &mut Builder,
    board: &Board,
    sets: &[Als],
    links: &[Digit],
    z: DigitSet,
) {
    let rcc: DigitSet = links.iter().copied().collect();
    paint_sets(b, board, sets, rcc, z);
    for (i, &d) in links.iter().enumerate() {
        if let (Some(x), Some(y)) = (sets.get(i), sets.get(i + 1)) {
            b.link(node(board, x, d), node(board, y, d), LinkRole::Weak, 0);
        }
    }
}

/// Sue de Coq: the intersection cells, the line part and the block part.
pub(super) fn sue_de_coq(b: &mut Builder, board: &Board, sets: [&Als; 3]) {
    let roles = [SetRole::Intersection, SetRole::LinePart, SetRole::BlockPart];
    for (s, role) in sets.into_iter().zip(roles) {
        b.set(s.cells, role);
        b.candidates_in(board, s.cells, s.digits, CandidateRole::Pattern);
    }
}
