//! Roles of the uniqueness techniques: the rectangle's corners and digits,
//! the extra cells and digits a type relies on; for BUG+1 the one cell with
//! three candidates.

use super::{Builder, CandidateRole, CellRole, HouseRole};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, House};

pub(super) fn uniqueness(
    b: &mut Builder,
    board: &Board,
    digits: DigitSet,
    rectangle: &[Cell],
    extra_cells: CellSet,
    extra_digits: DigitSet,
    houses: &[House],
) {
    let corners: CellSet = rectangle.iter().copied().collect();
    b.houses(houses, HouseRole::Pattern);
    b.cells(rectangle.iter().copied(), CellRole::Corner);
    b.cells(extra_cells, CellRole::Extra);
    b.candidates_in(board, corners | extra_cells, digits, CandidateRole::Pattern);
    if !rectangle.is_empty() {
        // BUG+1's extra digits are simply its eliminations
        b.candidates_in(board, extra_cells, extra_digits, CandidateRole::Z);
    }
}
