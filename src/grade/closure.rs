//! A position kept only as the places of each digit and the empty cells:
//! enough to apply singles until none applies (a *closure*), at a fraction
//! of a board's cost. SE's settled tail (`se/tail.rs`) and QQWing's class
//! (`qqwing.rs`) use it.

use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Cell, Grid};

/// The places of each digit and the empty cells, as singles fill them.
pub(super) struct Closure {
    pub(super) places: [CellSet; 9],
    pub(super) empty: CellSet,
}

impl Closure {
    /// The places and empty cells of `board`.
    pub(super) fn of_board(board: &Board) -> Closure {
        Closure {
            places: board.all_positions(),
            empty: board.empty_cells(),
        }
    }

    /// The places and empty cells of `puzzle` with all its candidates (as
    /// [`Board::from_grid`] has them, for givens that do not clash).
    pub(super) fn of_grid(puzzle: &Grid) -> Closure {
        let mut empty = CellSet::EMPTY;
        let mut seen = [CellSet::EMPTY; 9];
        for cell in Cell::all() {
            match puzzle.value(cell) {
                Some(d) => seen[d.index()] |= cell.peers(),
                None => empty.insert(cell),
            }
        }
        Closure {
            places: seen.map(|seen| empty - seen),
            empty,
        }
    }

    /// The empty cells with one candidate, and whether every empty cell
    /// has one at least.
    pub(super) fn naked_singles(&self) -> (CellSet, bool) {
        // the cells among the places of one digit, and of two or more
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        for &places in &self.places {
            twice |= once & places;
            once |= places;
        }
        ((once - twice) & self.empty, (self.empty - once).is_empty())
    }

    /// The digit that is the only candidate of `cell`, if one is.
    pub(super) fn only_digit(&self, cell: Cell) -> Option<usize> {
        let mut holding = (0..9).filter(|&d| self.places[d].contains(cell));
        let d = holding.next()?;
        holding.next().is_none().then_some(d)
    }

    /// Puts digit `d` in `cell`, unless an earlier single of the same sweep
    /// took the cell or the digit's place there.
    pub(super) fn place(&mut self, cell: Cell, d: usize) {
        if !self.places[d].contains(cell) {
            return;
        }
        for places in &mut self.places {
            places.remove(cell);
        }
        self.places[d] -= cell.peers();
        self.empty.remove(cell);
    }
}
