//! # sudoku-sensei
//!
//! An explainable, human-style Sudoku engine. Parse a puzzle into a
//! [`Grid`], [`solve`] it with a pipeline of human techniques into a
//! [`Trace`] of recorded [`Step`]s, and render the trace as text or JSON.
//! The [`exact`] solver counts and finds solutions fast.
//!
//! ```
//! use sudoku_sensei::{parse_one, solve, Options};
//! let grid = parse_one("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
//! let trace = solve(&grid, &Options::default());
//! assert!(trace.outcome.is_solved());
//! ```

pub mod bitset;
pub mod board;
pub mod exact;
pub mod format;
pub mod generate;
pub mod grade;
pub mod grid;
pub mod hint;
pub mod links;
pub mod render;
#[cfg(feature = "serve")]
pub mod serve;
pub mod sets;
pub mod solver;
pub mod step;
pub mod strategies;
pub mod technique;
pub mod trace;

pub use bitset::{CellSet, DigitSet};
pub use board::{Board, Contradiction};
pub use format::{parse_one, ParseError};
pub use grid::{Candidate, Cell, Digit, Grid, House};
pub use solver::{solve, Options, Profile};
pub use step::{Evidence, Step};
pub use technique::Technique;
pub use trace::{Outcome, Trace};

/// LeetCode's "Sudoku Solver" (problem 37) with its Rust signature: fills
/// `board` (9 rows of 9 chars, `'.'` for empty, `'1'..='9'` for givens) in
/// place. A board that is malformed (wrong size, another character) or has
/// no solution is left unchanged.
#[allow(clippy::ptr_arg)] // LeetCode's signature takes `&mut Vec<Vec<char>>`
pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
    if board.len() != 9 || board.iter().any(|r| r.len() != 9) {
        return;
    }
    let mut cells = [0u8; 81];
    for (r, row) in board.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            cells[r * 9 + c] = match ch {
                '.' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => return,
            };
        }
    }
    if let Some(sol) = exact::solve(&cells) {
        for (r, row) in board.iter_mut().enumerate() {
            for (c, ch) in row.iter_mut().enumerate() {
                *ch = (b'0' + sol[r * 9 + c]) as char;
            }
        }
    }
}
