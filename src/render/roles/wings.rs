//! Roles of XY-, XYZ- and WXYZ-Wings: the pivot, the pincers, and the digit
//! z they remove.

use super::{Builder, CandidateRole, CellRole};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit};

pub(super) fn wing(
    b: &mut Builder,
    board: &Board,
    pivot: Cell,
    pincers: &[Cell],
    digits: DigitSet,
    z: Digit,
) {
    b.cell(pivot, CellRole::Pivot);
    b.cells(pincers.iter().copied(), CellRole::Pincer);
    let all: CellSet = pincers.iter().copied().chain([pivot]).collect();
    b.candidates_in(board, all, DigitSet::single(z), CandidateRole::Z);
    b.candidates_in(board, all, digits, CandidateRole::Pattern);
}
