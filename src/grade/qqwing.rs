//! QQWing's difficulty classes: simple (naked singles), easy (hidden
//! singles), intermediate (intersections and pairs), expert (anything more,
//! which QQWing would guess), from a solve with QQWing's techniques only.
//!
//! The class is the hardest class among the steps of that solve
//! ([`class_of`]). It can also be told without a solve ([`class_by_closure`]),
//! because the class depends on the solve only through one question per
//! class: do the techniques up to that class, applied until none applies,
//! solve the puzzle?
//!
//! - Each of QQWing's techniques stays true as candidates go: a naked or
//!   hidden single stays one until it is placed; a digit confined to a line
//!   in a block (or to a block in a line) stays confined, or is placed
//!   there, which makes the same removals; the two cells of a pair keep
//!   their two digits, or one is placed and the other becomes a single
//!   (the singles are in every closure), whose placing makes the same
//!   removals. So applying a set of these techniques until none applies
//!   ends in the same position whatever the order (their *closure*), for a
//!   puzzle with a unique solution, where every deduction keeps the
//!   solution.
//! - The closure's rules are the finders' own: the naked pair finder leaves
//!   out a pair whose cells share a block and a line (a locked pair, which
//!   QQWing's techniques lack), and so does the closure; the hidden pair
//!   finder also takes a digit with one place, but that is a hidden single,
//!   which the solve takes first; its skip of a pair found in a line again
//!   from the block only drops the same step twice.
//! - The solve tries the easiest technique first, so it uses a hidden single
//!   only once no naked single is left, that is at the closure of the naked
//!   singles; and an intersection or a pair only at the closure of the
//!   singles. It guesses only at the closure of all of them.
//!
//! So the class is the first of simple, easy, intermediate whose closure
//! solves the puzzle, and expert when none does.

use crate::bitset::CellSet;
use crate::board::Board;
use crate::grade::closure::Closure;
use crate::grid::{Candidate, Digit, Grid, House, HouseKind};
use crate::technique::{Class, Technique};
use crate::trace::Trace;

/// The QQWing class of a trace made with [`Profile::Qqwing`](crate::Profile::Qqwing).
pub fn class_of(trace: &Trace) -> Class {
    trace
        .steps
        .iter()
        .map(|s| s.technique.info().class)
        .max()
        .unwrap_or(Class::Simple)
}

/// The QQWing class of the puzzle on `start`, from the closures of its
/// techniques (see the module notes): the class [`class_of`] gives the
/// solve with [`Profile::Qqwing`](crate::Profile::Qqwing), provided the
/// puzzle has a unique solution and `start` holds all its candidates (as
/// [`Board::from_grid`] makes it). On other positions the answer means
/// nothing: `None` when an empty cell is left without a candidate, and
/// expert when the closures stall.
pub fn class_by_closure(start: &Board) -> Option<Class> {
    let mut board = start.clone();
    for class in [Class::Simple, Class::Easy, Class::Intermediate] {
        close(&mut board, class)?;
        if board.is_solved() {
            return Some(class);
        }
    }
    Some(Class::Expert)
}

/// The QQWing class of `puzzle` when its solve `singles` (any order) used
/// only full houses, naked and hidden singles: simple when the naked
/// singles (full houses among them) solve the puzzle, easy otherwise, the
/// singles' closure being solved, since it holds every step of that solve.
/// Without a hidden single among `singles`, the naked singles' closure
/// holds them all: simple. `None` when a step is no single or the solve did
/// not end solved (a puzzle whose givens clash never does).
pub(crate) fn class_of_singles(singles: &Trace, puzzle: &Grid) -> Option<Class> {
    if !singles.outcome.is_solved() {
        return None;
    }
    let mut hidden = false;
    for step in &singles.steps {
        match step.technique {
            Technique::FullHouse | Technique::NakedSingle => {}
            Technique::HiddenSingle => hidden = true,
            _ => return None,
        }
    }
    if !hidden {
        return Some(Class::Simple);
    }
    Some(if naked_singles_solve(puzzle)? {
        Class::Simple
    } else {
        Class::Easy
    })
}

/// Whether the naked singles alone, placed until none is left, solve
/// `puzzle` (whose givens do not clash): the simple class's closure, kept
/// as the places of each digit rather than a whole board. `None` when an
/// empty cell is left without a candidate.
fn naked_singles_solve(puzzle: &Grid) -> Option<bool> {
    let mut closure = Closure::of_grid(puzzle);
    loop {
        let (singles, every_cell_has_one) = closure.naked_singles();
        if !every_cell_has_one {
            return None;
        }
        if singles.is_empty() {
            return Some(closure.empty.is_empty());
        }
        for cell in singles {
            // an earlier single of the batch may have taken the only digit
            let d = closure.places.iter().position(|p| p.contains(cell))?;
            closure.place(cell, d);
        }
    }
}

/// Applies QQWing's techniques of classes up to `upto` until none applies,
/// the easiest first, as the solve does. `None` on a contradiction.
fn close(board: &mut Board, upto: Class) -> Option<()> {
    loop {
        if naked_singles(board)? {
            continue;
        }
        if upto >= Class::Easy && hidden_singles(board) {
            continue;
        }
        if upto >= Class::Intermediate && (intersections(board) | pairs(board)) {
            continue;
        }
        return Some(());
    }
}

/// Places every cell with one candidate (Full House is one of them).
/// Whether any was placed; `None` when an empty cell has no candidate.
fn naked_singles(board: &mut Board) -> Option<bool> {
    // the cells among the places of one digit, and of two or more
    let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
    for digit in Digit::all() {
        let places = board.positions(digit);
        twice |= once & places;
        once |= places;
    }
    if !(board.empty_cells() - once).is_empty() {
        return None;
    }
    let singles = once - twice;
    for cell in singles {
        // an earlier single of the batch may have taken the only digit
        board.place_deduced(cell, board.candidates(cell).single_digit()?);
    }
    Some(!singles.is_empty())
}

/// Places every digit with one place left in a house. Whether any was
/// placed.
fn hidden_singles(board: &mut Board) -> bool {
    let mut placed = false;
    for digit in Digit::all() {
        for house in House::all() {
            if let Some(cell) = board.positions_in(digit, house).single_cell() {
                board.place_deduced(cell, digit);
                placed = true;
            }
        }
    }
    placed
}

/// Locked candidates, pointing and claiming: a digit whose places in one
/// house all lie in a second house leaves the rest of the second. Whether
/// any candidate went.
fn intersections(board: &mut Board) -> bool {
    let mut removed = false;
    for digit in Digit::all() {
        for house in House::all() {
            let places = board.positions_in(digit, house);
            // a block's places along a line (pointing), or a line's inside
            // a block (claiming)
            let is_block = |h: House| h.kind() == HouseKind::Block;
            let cover = if is_block(house) {
                holding(places, |h| !is_block(h))
            } else {
                holding(places, is_block)
            };
            if let Some(cover) = cover {
                removed |= remove(board, digit, cover.cells() - house.cells());
            }
        }
    }
    removed
}

/// Naked and hidden pairs. A naked pair whose two cells share a block and
/// a line is a locked pair, which QQWing's techniques leave out (the solve
/// does not use it as a naked pair either). Whether any candidate went.
fn pairs(board: &mut Board) -> bool {
    let mut removed = false;
    for house in House::all() {
        let pair_cells: CellSet = (board.empty_cells() & house.cells())
            .iter()
            .filter(|&c| board.candidates(c).len() == 2)
            .collect();
        for a in pair_cells {
            for b in pair_cells.iter().filter(|&b| b > a) {
                let digits = board.candidates(a);
                let cells = CellSet::single(a) | CellSet::single(b);
                // (a block and a line hold a locked pair)
                if digits.len() != 2
                    || board.candidates(b) != digits
                    || cells.houses_holding().count() == 2
                {
                    continue;
                }
                for digit in digits {
                    removed |= remove(board, digit, house.cells() - cells);
                }
            }
        }
        for a in Digit::all() {
            let places = board.positions_in(a, house);
            if places.len() != 2 {
                continue;
            }
            // (the places as they are now: an earlier pair of the house may
            // have changed them, in a contradictory position)
            for b in Digit::all().filter(|&b| b > a) {
                if board.positions_in(b, house) != places || board.positions_in(a, house) != places
                {
                    continue;
                }
                for cell in places {
                    for digit in board.candidates(cell) {
                        if digit != a && digit != b {
                            board.eliminate(Candidate::new(cell, digit));
                            removed = true;
                        }
                    }
                }
            }
        }
    }
    removed
}

/// Removes `digit` from `cells`; whether it was in any of them.
fn remove(board: &mut Board, digit: Digit, cells: CellSet) -> bool {
    let targets = board.positions(digit) & cells;
    for cell in targets {
        board.eliminate(Candidate::new(cell, digit));
    }
    !targets.is_empty()
}

/// The house `wanted` that holds two or more `places`, if one does.
fn holding(places: CellSet, wanted: impl Fn(House) -> bool) -> Option<House> {
    if places.len() < 2 {
        return None;
    }
    places.houses_holding().find(|&h| wanted(h))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class from a solve of singles is the class of the closures, and
    /// a solve with any other step tells nothing.
    #[test]
    fn a_solve_of_singles_tells_the_class() {
        for (puzzle, class) in [
            (
                "073002000000006037000000420800001000020600900900000870209410000007000000010000068",
                Some(Class::Simple),
            ),
            (
                "080470003000050016040000050000300700000000004320001065803040002000000000010503000",
                Some(Class::Easy),
            ),
            (
                "000100000020000000050700083800370902074000010000800305900000050000200790400950201",
                None,
            ),
        ] {
            let grid = crate::parse(puzzle).expect("puzzle parses");
            let board = Board::from_grid(&grid).expect("no clash");
            let trace = crate::grade::hodoku_trace(&grid);
            let got = class_of_singles(&trace, &grid);
            assert_eq!(got, class, "{puzzle}");
            if let Some(class) = got {
                assert_eq!(class_by_closure(&board), Some(class), "{puzzle}");
            }
        }
    }

    /// The naked singles' closure on the places of each digit ends as the
    /// closure on a whole board does.
    #[test]
    fn the_light_closure_of_naked_singles_is_the_boards() {
        let (mut solved, mut stalled) = (0, 0);
        for line in include_str!("../../tests/corpus/corpus.txt").lines() {
            let Ok(grid) = crate::parse(line.get(..81).unwrap_or("")) else {
                continue;
            };
            let Ok(mut board) = Board::from_grid(&grid) else {
                continue;
            };
            let closed = close(&mut board, Class::Simple).map(|()| board.is_solved());
            assert_eq!(naked_singles_solve(&grid), closed, "{line}");
            match closed {
                Some(true) => solved += 1,
                _ => stalled += 1,
            }
        }
        // (both outcomes are among the cases)
        assert!(
            solved > 0 && stalled > 0,
            "{solved} solved, {stalled} stalled"
        );
    }
}
