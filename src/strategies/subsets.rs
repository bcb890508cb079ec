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
//!
//! The same search serves HoDoKu's rating solve in HoDoKu's own order and
//! by its own rules ([`Order::Hodoku`], [`first_in_hodoku_order`]): which
//! subset HoDoKu's solve takes first decides the rest of its solve.

use super::{Changed, Sink};
use crate::bitset::{each_combination_within, CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, HouseKind};
use crate::step::{Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    find_in(t, board, Order::Sensei, sink)
}

/// Whose search: the order of the houses, and the rules for what a naked
/// subset removes and when it counts as locked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    /// sensei's: rows, columns, then blocks; a naked pair or triple in a
    /// block and a line is a locked subset (found from its block), any
    /// other naked subset removes from the house it was found in; a
    /// hidden subset found in a block is left to its line when it is one
    /// there too.
    Sensei,
    /// HoDoKu 2.2.0's: blocks, rows, then columns; a naked subset's pool
    /// is every empty cell with at most N candidates; it removes from
    /// every house its cells share, and is locked (looked for in blocks
    /// only) only when it removes both in its block and in its line
    /// outside the block.
    Hodoku,
}

impl Order {
    /// The houses in the order searched.
    fn houses(self) -> impl Iterator<Item = House> {
        // HoDoKu's order is sensei's (rows, columns, blocks) turned round
        // to start at the blocks
        let first = match self {
            Order::Sensei => 0,
            Order::Hodoku => 18,
        };
        House::all().cycle().skip(first).take(27)
    }
}

/// The subset HoDoKu's solve takes for technique `t`: the first in HoDoKu's
/// order, by HoDoKu's rules ([`Order::Hodoku`]).
pub fn first_in_hodoku_order(t: Technique, board: &Board) -> Option<Step> {
    let mut first = None;
    let _ = find_in(t, board, Order::Hodoku, &mut |s: Step| {
        first = Some(s);
        ControlFlow::Break(())
    });
    first
}

/// The subsets of technique `t`, in `order`.
pub fn find_in(t: Technique, board: &Board, order: Order, sink: Sink<'_>) -> ControlFlow<()> {
    find_changed(t, board, order, &Changed::ALL, sink)
}

/// The naked and hidden subsets of `t` in the houses where a cell lost a
/// candidate (see [`Changed`]), in the order of [`find`].
pub(crate) fn find_within(
    t: Technique,
    board: &Board,
    changed: &Changed,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    find_changed(t, board, Order::Sensei, changed, sink)
}

fn find_changed(
    t: Technique,
    board: &Board,
    order: Order,
    changed: &Changed,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    match (t, order) {
        (Technique::NakedPair, Order::Sensei) => naked(t, 2, board, changed, sink),
        (Technique::NakedTriple, Order::Sensei) => naked(t, 3, board, changed, sink),
        (Technique::NakedQuadruple, Order::Sensei) => naked(t, 4, board, changed, sink),
        (Technique::LockedPair, Order::Sensei) => locked(t, 2, board, sink),
        (Technique::LockedTriple, Order::Sensei) => locked(t, 3, board, sink),
        (Technique::NakedPair, Order::Hodoku) => hodoku_naked(2, false, board, sink),
        (Technique::NakedTriple, Order::Hodoku) => hodoku_naked(3, false, board, sink),
        (Technique::NakedQuadruple, Order::Hodoku) => hodoku_naked(4, false, board, sink),
        (Technique::LockedPair, Order::Hodoku) => hodoku_naked(2, true, board, sink),
        (Technique::LockedTriple, Order::Hodoku) => hodoku_naked(3, true, board, sink),
        (Technique::HiddenPair, _) => hidden(t, 2, board, order, changed, sink),
        (Technique::HiddenTriple, _) => hidden(t, 3, board, order, changed, sink),
        (Technique::HiddenQuadruple, _) => hidden(t, 4, board, order, changed, sink),
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

/// The cells of `house` that may be in a naked subset of `n` cells: those
/// holding between 2 and `n` candidates (sensei), every empty cell with at
/// most `n` (HoDoKu).
fn subset_cells(board: &Board, house: House, n: u32, order: Order) -> ([Cell; 9], usize) {
    let mut pool = [Cell::at(0, 0); 9];
    let mut len = 0;
    for &cell in house.cell_list() {
        let k = board.candidates(cell).len();
        let fits = match order {
            Order::Sensei => (2..=n).contains(&k),
            Order::Hodoku => board.value(cell).is_none() && k <= n,
        };
        if fits {
            pool[len] = cell;
            len += 1;
        }
    }
    (pool, len)
}

/// Every naked subset of `n` cells in `house`, the pool's combinations in
/// lexicographic order (HoDoKu's nested loops): calls `found(cells, digits)`.
fn naked_subsets(
    board: &Board,
    house: House,
    n: usize,
    order: Order,
    mut found: impl FnMut(CellSet, DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (pool, len) = subset_cells(board, house, n as u32, order);
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

fn naked(
    t: Technique,
    n: usize,
    board: &Board,
    changed: &Changed,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    for house in House::all().filter(|&h| changed.house(h)) {
        naked_subsets(board, house, n, Order::Sensei, |cells, digits| {
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
        naked_subsets(board, block, n, Order::Sensei, |cells, digits| {
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

/// HoDoKu's naked subsets of `n` cells, locked ones (`want_locked`, in
/// blocks) or the others (in blocks, rows, then columns): see
/// [`Order::Hodoku`].
fn hodoku_naked(n: usize, want_locked: bool, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    for house in Order::Hodoku.houses() {
        if want_locked && house.kind() != HouseKind::Block {
            continue;
        }
        naked_subsets(board, house, n, Order::Hodoku, |cells, digits| {
            let Some(first) = cells.first() else {
                return ControlFlow::Continue(());
            };
            let block = House::block(first.block());
            // the houses the cells share, in the order of a cell's houses
            let (mut shared, mut count) = ([block; 3], 0);
            for h in first.houses() {
                if cells.is_subset(h.cells()) {
                    shared[count] = h;
                    count += 1;
                }
            }
            let common = &shared[..count];
            // the eliminations, and in how many houses some are found (in
            // a line, outside the block)
            let mut elims = Vec::new();
            let mut found_in = 0;
            for &h in common {
                let mut counted = false;
                for c in (h.cells() - cells).iter() {
                    for d in (board.candidates(c) & digits).iter() {
                        elims.push(Candidate::new(c, d));
                        if !counted && (h == block || !block.cells().contains(c)) {
                            counted = true;
                            found_in += 1;
                        }
                    }
                }
            }
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            let locked = n < 4 && found_in > 1 && common.contains(&block) && common.len() > 1;
            if locked != want_locked {
                return ControlFlow::Continue(());
            }
            let technique = match (n, locked) {
                (2, true) => Technique::LockedPair,
                (3, true) => Technique::LockedTriple,
                (2, false) => Technique::NakedPair,
                (3, false) => Technique::NakedTriple,
                _ => Technique::NakedQuadruple,
            };
            let ev = Evidence::Subset {
                digits,
                cells,
                houses: common.to_vec(),
                hidden: false,
            };
            sink(Step::elimination(technique, elims, ev))
        })?;
    }
    ControlFlow::Continue(())
}

fn hidden(
    t: Technique,
    n: usize,
    board: &Board,
    order: Order,
    changed: &Changed,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    for house in order.houses().filter(|&h| changed.house(h)) {
        // (HoDoKu leaves out the houses with no more empty cells than the
        // subset's size: no hidden subset there removes anything)
        if order == Order::Hodoku && board.empty_in(house).len() <= n {
            continue;
        }
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
            // (sensei's order has seen the lines before the blocks)
            let seen = order == Order::Sensei && reported_in_line(board, house, digits, cells);
            if cells.len() as usize != n || seen {
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
