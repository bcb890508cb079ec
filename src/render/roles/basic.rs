//! Roles of singles, intersections, subsets and templates: a house (or
//! two) and the candidates locked in it.

use super::{Builder, CandidateRole, CellRole, HouseRole};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit, House};

/// Full house, hidden single (`house` is named) or naked single (none).
/// A hidden single shows the values of `digit` that keep it out of the
/// house's other cells; a naked single one value of each other digit
/// among the cell's peers.
/// The candidate itself is the answer: it shows as the placement only.
pub(super) fn single(
    b: &mut Builder,
    board: &Board,
    cell: Cell,
    digit: Digit,
    house: Option<House>,
) {
    match house {
        Some(h) => {
            b.house(h, HouseRole::Pattern);
            let others: Vec<Cell> = board
                .empty_in(h)
                .into_iter()
                .filter(|&c| c != cell && !board.has_candidate(c, digit))
                .collect();
            for c in others {
                if let Some(blocker) = c
                    .peers()
                    .iter()
                    .find(|&p| !h.cells().contains(p) && board.value(p) == Some(digit))
                {
                    b.cell(blocker, CellRole::Blocker);
                }
            }
        }
        None => {
            b.houses(&cell.houses(), HouseRole::Pattern);
            b.cell(cell, CellRole::Pattern);
            for d in crate::grid::Digit::all().filter(|&d| d != digit) {
                // the first peer holding d, by the cell's houses in order
                let blocker = cell
                    .houses()
                    .iter()
                    .flat_map(|h| h.cell_list().iter().copied())
                    .find(|&p| p != cell && board.value(p) == Some(d));
                if let Some(p) = blocker {
                    b.cell(p, CellRole::Blocker);
                }
            }
        }
    }
}

/// Locked candidates: `digit` in `base` lies only in `cells`, inside `cover`.
pub(super) fn intersection(
    b: &mut Builder,
    board: &Board,
    digit: Digit,
    base: House,
    cover: House,
    cells: CellSet,
) {
    b.house(base, HouseRole::Base)
        .house(cover, HouseRole::Cover);
    b.candidates_in(
        board,
        cells,
        DigitSet::single(digit),
        CandidateRole::Pattern,
    );
}

/// Naked or hidden subset (and locked pair/triple); a hidden subset's
/// other digits in its cells are its eliminations.
pub(super) fn subset(
    b: &mut Builder,
    board: &Board,
    digits: DigitSet,
    cells: CellSet,
    houses: &[House],
) {
    b.houses(houses, HouseRole::Pattern);
    b.cells(cells, CellRole::Pattern);
    b.candidates_in(board, cells, digits, CandidateRole::Pattern);
}

/// Template Set / Delete: every place of `digit`, and the cells decided.
pub(super) fn template(b: &mut Builder, board: &Board, digit: Digit, cells: CellSet) {
    b.cells(cells, CellRole::Pattern);
    b.candidates_in(
        board,
        board.positions(digit),
        DigitSet::single(digit),
        CandidateRole::Pattern,
    );
}
