//! Subsets.
//!
//! **Naked subset** (pair, triple, quadruple): when N cells of a house
//! together hold only N digits, those digits must fill those cells, so they
//! go from every other cell of the house.
//!
//! **Locked subset** (pair, triple): a naked pair or triple whose cells lie
//! in the intersection of a block and a line belongs to both houses at
//! once, so its digits go from the rest of the block and of the line.
//!
//! **Hidden subset** (pair, triple, quadruple): when N digits of a house can
//! only go in the same N cells, those cells must hold those digits, so every
//! other candidate goes from those cells.

use super::Sink;
use crate::bitset::{each_combination_within, CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, HouseKind};
use crate::step::{Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::NakedPair => naked(t, 2, board, sink),
        Technique::NakedTriple => naked(t, 3, board, sink),
        Technique::NakedQuadruple => naked(t, 4, board, sink),
        Technique::LockedPair => locked(t, 2, board, sink),
        Technique::LockedTriple => locked(t, 3, board, sink),
        Technique::HiddenPair => hidden(t, 2, board, sink),
        Technique::HiddenTriple => hidden(t, 3, board, sink),
        Technique::HiddenQuadruple => hidden(t, 4, board, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The line (row, then column) that holds all of `cells`, if any.
fn common_line(cells: CellSet) -> Option<House> {
    let first = cells.first()?;
    [House::row(first.row()), House::col(first.col())]
        .into_iter()
        .find(|line| cells.is_subset(line.cells()))
}

/// The block that holds all of `cells`, if any.
fn common_block(cells: CellSet) -> Option<House> {
    let first = cells.first()?;
    let block = House::block(first.block());
    cells.is_subset(block.cells()).then_some(block)
}

/// The candidates of `digits` in `cells`.
fn candidates_in(board: &Board, digits: DigitSet, cells: CellSet) -> Vec<Candidate> {
    let mut out = Vec::new();
    for cell in cells {
        for digit in board.candidates(cell) & digits {
            out.push(Candidate::new(cell, digit));
        }
    }
    out
}

/// The cells of `house` that are empty and hold between 2 and `n` candidates.
fn subset_cells(board: &Board, house: House, n: u32) -> ([Cell; 9], usize) {
    let mut pool = [Cell::at(0, 0); 9];
    let mut len = 0;
    for &cell in house.cell_list() {
        let k = board.candidates(cell).len();
        if (2..=n).contains(&k) {
            pool[len] = cell;
            len += 1;
        }
    }
    (pool, len)
}

/// Every naked subset of `n` cells in `house`: calls `found(cells, digits)`.
fn naked_subsets(
    board: &Board,
    house: House,
    n: usize,
    mut found: impl FnMut(CellSet, DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (pool, len) = subset_cells(board, house, n as u32);
    let mut sets = [0u128; 9];
    for (set, &cell) in sets.iter_mut().zip(&pool).take(len) {
        *set = u128::from(board.candidates(cell).bits());
    }
    // (no more than n digits in n cells: a pool's first cells with more
    // make no subset, whichever cells join them)
    each_combination_within(&sets[..len], n, n as u32, |mask, union| {
        let mut cells = CellSet::EMPTY;
        for (i, &cell) in pool.iter().enumerate().take(len) {
            if mask & (1 << i) != 0 {
                cells.insert(cell);
            }
        }
        let digits = DigitSet::from_bits(union as u16);
        if digits.len() as usize == n {
            found(cells, digits)?;
        }
        ControlFlow::Continue(())
    })
}

/// Whether `cells` lie in the intersection of a block and a line.
fn is_locked(cells: CellSet) -> bool {
    common_line(cells).is_some() && common_block(cells).is_some()
}

fn naked(t: Technique, n: usize, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    for house in House::all() {
        naked_subsets(board, house, n, |cells, digits| {
            if n <= 3 && is_locked(cells) {
                return ControlFlow::Continue(()); // a locked pair/triple
            }
            let targets = house.cells() - cells;
            let elims = candidates_in(board, digits, targets);
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            let ev = Evidence::Subset {
                digits,
                cells,
                houses: vec![house],
                hidden: false,
            };
            sink(Step::elimination(t, elims, ev))
        })?;
    }
    ControlFlow::Continue(())
}

fn locked(t: Technique, n: usize, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    // every locked subset lies in a block: search the blocks only
    for block in House::blocks() {
        naked_subsets(board, block, n, |cells, digits| {
            let Some(line) = common_line(cells) else {
                return ControlFlow::Continue(());
            };
            let targets = (line.cells() | block.cells()) - cells;
            let elims = candidates_in(board, digits, targets);
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            let ev = Evidence::Subset {
                digits,
                cells,
                houses: vec![line, block],
                hidden: false,
            };
            sink(Step::elimination(t, elims, ev))
        })?;
    }
    ControlFlow::Continue(())
}

fn hidden(t: Technique, n: usize, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    for house in House::all() {
        // the digits with between 1 and n places in the house
        let mut pool = [Digit::all().next(); 9];
        let mut len = 0;
        for digit in Digit::all() {
            let k = board.positions_in(digit, house).len() as usize;
            if (1..=n).contains(&k) {
                pool[len] = Some(digit);
                len += 1;
            }
        }
        let mut sets = [0u128; 9];
        for (set, digit) in sets.iter_mut().zip(&pool).take(len) {
            *set = digit.map_or(0, |d| board.positions_in(d, house).bits());
        }
        // (n digits confined to n cells: a pool's first digits with more
        // places make no subset, whichever digits join them)
        each_combination_within(&sets[..len], n, n as u32, |mask, union| {
            let mut digits = DigitSet::EMPTY;
            for (i, digit) in pool.iter().enumerate().take(len) {
                if let Some(d) = digit.filter(|_| mask & (1 << i) != 0) {
                    digits.insert(d);
                }
            }
            let cells = CellSet::from_bits(union);
            if cells.len() as usize != n || reported_in_line(board, house, digits, cells) {
                return ControlFlow::Continue(());
            }
            let others = cells
                .iter()
                .fold(DigitSet::EMPTY, |acc, c| acc | board.candidates(c))
                - digits;
            let elims = candidates_in(board, others, cells);
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            let ev = Evidence::Subset {
                digits,
                cells,
                houses: vec![house],
                hidden: true,
            };
            sink(Step::elimination(t, elims, ev))
        })?;
    }
    ControlFlow::Continue(())
}

/// Whether a hidden subset found in a block was already reported from a
/// line: its cells lie in one line where the digits are confined to them too
/// (the step would be the same).
fn reported_in_line(board: &Board, house: House, digits: DigitSet, cells: CellSet) -> bool {
    if house.kind() != HouseKind::Block {
        return false;
    }
    let Some(line) = common_line(cells) else {
        return false;
    };
    digits
        .iter()
        .all(|d| board.positions_in(d, line).is_subset(cells))
}
