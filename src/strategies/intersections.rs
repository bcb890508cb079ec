//! Intersections (locked candidates). A block and a line (row or column)
//! share three cells.
//!
//! **Pointing** (Locked Candidates Type 1): if inside a block a digit can
//! only go in the cells it shares with one line, the digit must be placed in
//! that line within the block, so it goes from the rest of the line.
//!
//! **Claiming** (Locked Candidates Type 2): if inside a line a digit can only
//! go in the cells it shares with one block, the digit must be placed in
//! that block within the line, so it goes from the rest of the block.
//!
//! In both, the house where the digit is confined is the *base* and the
//! house that loses candidates is the *cover*. A digit with a single place
//! in the base is a hidden single, not locked candidates, so the base must
//! hold at least two places.

use super::{Changed, Sink};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Digit, House};
use crate::step::{eliminations_of, Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    find_within(t, board, &Changed::ALL, sink)
}

/// The steps of `t` whose base lost a place of their digit (see
/// [`Changed`]), in the order of [`find`].
pub(crate) fn find_within(
    t: Technique,
    board: &Board,
    changed: &Changed,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    match t {
        Technique::LockedCandidates1 => pointing(board, changed, sink),
        Technique::LockedCandidates2 => claiming(board, changed, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The row (then the column) holding all of `cells`, if any.
fn line_through(cells: CellSet) -> Option<House> {
    let first = cells.first()?;
    [House::row(first.row()), House::col(first.col())]
        .into_iter()
        .find(|line| cells.is_subset(line.cells()))
}

/// Base = block, cover = the line through all the block's places for the digit.
fn pointing(board: &Board, changed: &Changed, sink: Sink<'_>) -> ControlFlow<()> {
    for block in House::blocks() {
        for digit in Digit::all() {
            if !changed.digit_in(digit, block) {
                continue;
            }
            let cells = board.positions_in(digit, block);
            if cells.len() < 2 {
                continue;
            }
            if let Some(line) = line_through(cells) {
                let targets = board.positions_in(digit, line) - block.cells();
                report(
                    Technique::LockedCandidates1,
                    board,
                    digit,
                    block,
                    line,
                    cells,
                    targets,
                    sink,
                )?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Base = a line, cover = the block holding all the line's places for the digit.
fn claiming(board: &Board, changed: &Changed, sink: Sink<'_>) -> ControlFlow<()> {
    for line in House::rows().chain(House::cols()) {
        for digit in Digit::all() {
            if !changed.digit_in(digit, line) {
                continue;
            }
            let cells = board.positions_in(digit, line);
            let Some(first) = cells.first() else {
                continue;
            };
            let block = House::block(first.block());
            if cells.len() < 2 || !cells.is_subset(block.cells()) {
                continue;
            }
            let targets = board.positions_in(digit, block) - line.cells();
            report(
                Technique::LockedCandidates2,
                board,
                digit,
                line,
                block,
                cells,
                targets,
                sink,
            )?;
        }
    }
    ControlFlow::Continue(())
}

#[allow(clippy::too_many_arguments)]
fn report(
    t: Technique,
    board: &Board,
    digit: Digit,
    base: House,
    cover: House,
    cells: CellSet,
    targets: CellSet,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let ev = Evidence::Intersection {
        digit,
        base,
        cover,
        cells,
    };
    sink(Step::elimination(
        t,
        eliminations_of(board, digit, targets),
        ev,
    ))
}
