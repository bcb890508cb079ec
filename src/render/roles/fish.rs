//! Roles of a fish: base and cover houses, the digit in the base houses,
//! fins and endo-fins.

use super::{Builder, CandidateRole, HouseRole};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Digit, House};

pub(super) fn fish(
    b: &mut Builder,
    board: &Board,
    digit: Digit,
    base: &[House],
    cover: &[House],
    fins: CellSet,
    endo_fins: CellSet,
) {
    let one = DigitSet::single(digit);
    b.houses(base, HouseRole::Base)
        .houses(cover, HouseRole::Cover);
    b.candidates_in(board, endo_fins, one, CandidateRole::EndoFin);
    b.candidates_in(board, fins, one, CandidateRole::Fin);
    let in_base = base.iter().fold(CellSet::EMPTY, |acc, h| acc | h.cells());
    b.candidates_in(board, in_base, one, CandidateRole::Pattern);
}
