//! Where SE's rating solve may stop: when singles no harder than the
//! hardest step so far finish the puzzle, the rest of the solve cannot
//! change the ratings.
//!
//! The singles are monotone: a full house, a hidden single or a naked
//! single stays one (or is placed) however many candidates go, as long as
//! the position keeps its solution. So if applying the singles rated at
//! most `hardest` until none applies (their *closure*) solves a position,
//! it solves every later position of the solve too, and each of those
//! (until solved) has one of those singles. SE takes the easiest rule
//! first, and every rule it tries before a single of rating `r` rates at
//! most `r`: the solve's later steps all rate at most `hardest`. Once a
//! value has been placed, ER (the hardest step), EP (the hardest up to the
//! first placement) and ED (the first step) are then settled, and so is the
//! hardest step (the first of the highest rating).
//!
//! SE rates a full house 1.0, a hidden single 1.2 in a block and 1.5 in a
//! row or column, and a naked single 2.3.

use crate::board::Board;
use crate::grade::closure::Closure;
use crate::grid::House;

/// Whether the singles that SE rates at most `hardest` solve `board`.
pub(super) fn singles_solve(board: &Board, hardest: f32) -> bool {
    let mut closure = Closure::of_board(board);
    let naked = hardest >= 2.3;
    // (a full house in a block is a hidden single there: blocks from 1.2)
    let lines = hardest >= 1.5;
    let blocks = hardest >= 1.2;
    loop {
        let before = closure.empty;
        for house in House::all() {
            let is_block = house.index() >= 18;
            let hidden = if is_block { blocks } else { lines };
            if hidden {
                for d in 0..9 {
                    if let Some(cell) = (closure.places[d] & house.cells()).single_cell() {
                        closure.place(cell, d);
                    }
                }
            } else if let Some(cell) = (closure.empty & house.cells()).single_cell() {
                // a full house, rated 1.0: SE's easiest rule
                if let Some(d) = closure.only_digit(cell) {
                    closure.place(cell, d);
                }
            }
        }
        if naked {
            for cell in closure.naked_singles().0 {
                if let Some(d) = closure.only_digit(cell) {
                    closure.place(cell, d);
                }
            }
        }
        if closure.empty.is_empty() {
            return true;
        }
        if closure.empty == before {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn board_without(cells: &[usize]) -> Board {
        let mut text = SOLVED.to_string();
        for &c in cells {
            text.replace_range(c..c + 1, ".");
        }
        Board::from_grid(&crate::parse(&text).expect("puzzle parses")).expect("no clash")
    }

    #[test]
    fn a_full_house_is_always_allowed() {
        assert!(singles_solve(&board_without(&[40]), 1.0));
    }

    #[test]
    fn hidden_singles_in_blocks_need_1_2() {
        // r1c1, r1c2, r2c1, r2c2: no house has a single empty cell, and
        // each cell is its block's only place for its digit
        let b = board_without(&[0, 1, 9, 10]);
        assert!(!singles_solve(&b, 1.0));
        assert!(singles_solve(&b, 1.2));
    }

    /// `grade`'s SE solve does stop: on a puzzle of singles, right after
    /// its hardest step, long before the whole solve ends.
    #[test]
    fn the_rating_solve_stops_early() {
        let grid = crate::parse(
            "073002000000006037000000420800001000020600900900000870209410000007000000010000068",
        )
        .expect("puzzle parses");
        let (whole, _) = super::super::se_solve(&grid);
        let (settled, _) = super::super::se_solve_for_ratings(&grid);
        assert!(whole.outcome.is_solved() && settled.outcome.is_solved());
        assert!(
            2 * settled.steps.len() < whole.steps.len(),
            "{} of {} steps",
            settled.steps.len(),
            whole.steps.len()
        );
    }

    #[test]
    fn no_single_no_solve() {
        assert!(!singles_solve(&Board::empty(), 9.0));
    }
}
