//! # sudoku-sensei
//!
//! An explainable, human-style Sudoku engine: every deduction a person
//! could make, in the order a person would make it, as typed data an app
//! can draw, word and rate.
//!
//! ## The API in one screen
//!
//! | to | call | gives |
//! |---|---|---|
//! | read a puzzle | [`parse`] | [`Grid`] (or a [`ParseError`] with its kind, line and column) |
//! | read a player's position (pencil marks) | [`parse_position`] | [`Board`] |
//! | explain a solve | [`solve`], [`solve_position`] | [`Trace`]: the [`Step`]s and the [`Outcome`] |
//! | give a hint | [`hint`] | [`Hint`]: a step, or the player's mistakes first |
//! | rate a puzzle | [`grade`] | [`Rating`]: Sudoku Explainer's ER/EP/ED, HoDoKu's level and score, QQWing's class |
//! | count solutions | [`count_solutions`] | [`Count`]: none, unique, exactly n, at least n |
//! | make puzzles | [`generate::Generator`] | unique, minimal, symmetric puzzles at a target |
//! | print | [`render`] | step lines and sentences ([`render::text`]), the JSON trace ([`render::json`]), pictures ([`render::svg`], [`render::html`]) |
//! | solve fast, no explanation | [`exact`] | the first solution, a count, every solution |
//! | tell equivalent puzzles apart | [`canon::minlex`], [`canon::Transform`] | the minlex canonical form; the symmetry group's transformations |
//! | stop a long search from outside (a deadline, a cancelled request) | [`stop::stoppable`] | the result, or `None` when the hook said stop |
//!
//! A [`Step`] has a uniform effect (sorted `placements` and `eliminations`)
//! and typed [`Evidence`] (houses, cells, digits, chains, fins, sets: what
//! the pattern is made of), plus [`Step::focus`]: where to look, as data.
//! Nothing in the core is prose; [`render`] writes all the text.
//!
//! ## One indexing rule
//!
//! Every index of the grid the API hands out or takes is **0-based**:
//! [`Cell::row`], [`Cell::col`], [`Cell::block`] and [`Cell::index`]
//! (0..81), [`Cell::at`], [`House::number`] (0..9) and [`House::index`]
//! (0..27), [`Digit::index`] (0..9), the `row` of a [`ParseErrorKind`], the
//! `index` of a generated puzzle. A digit's *value*, [`Digit::get`], is 1
//! to 9. Everything written for people or for other programs is
//! **1-based**: the notation (`r3c5`, `b2`, `r3c5=7`), the text and
//! messages (`row 4 has 8 cells`), and the JSON (`"row": 3`). So are places
//! in an input text, as editors show them: [`ParseError::line`] and
//! [`ParseError::column`], [`format::Entry::line`].
//!
//! ## Explain a solve
//!
//! ```
//! use sudoku_sensei::{parse, render, solve, Options};
//!
//! let puzzle = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")?;
//! let trace = solve(&puzzle, &Options::default());
//! assert!(trace.outcome.is_solved());
//! for step in &trace.steps {
//!     // "Hidden Single: r6c2=4", then the sentence a learner reads
//!     println!("{}", render::text::step_line(step));
//!     println!("  {}", render::text::step_sentence(step));
//! }
//! # Ok::<(), sudoku_sensei::ParseError>(())
//! ```
//!
//! ## Give a hint, a little at a time
//!
//! ```
//! use sudoku_sensei::{hint, parse_position, render, Hint, HintLevel, Options};
//!
//! let position = parse_position("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")?;
//! let found = hint(&position, &Options::default());
//! if let Hint::Step(step) = &found {
//!     let focus = step.focus(); // where to look, as houses, cells and digits
//!     assert!(!focus.is_empty());
//! }
//! // level 1 names the technique, 2 says where to look, 3 gives the step
//! let words = render::text::hint_text(&found, HintLevel::Where);
//! assert!(words.starts_with("Hint: try "));
//! # Ok::<(), sudoku_sensei::ParseError>(())
//! ```
//!
//! ## Rate a puzzle
//!
//! ```
//! use sudoku_sensei::{grade, parse, Level, Scales};
//!
//! let puzzle = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
//! let rating = grade(&puzzle, Scales::default());
//! let hodoku = rating.hodoku.expect("a solved puzzle is rated");
//! assert_eq!(hodoku.level, Level::Easy);
//! let se = rating.se.expect("rated");
//! assert!(se.er < 2.0); // singles only
//! # Ok::<(), sudoku_sensei::ParseError>(())
//! ```
//!
//! ## Count solutions
//!
//! ```
//! use sudoku_sensei::{count_solutions, parse, Count};
//!
//! let unique = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
//! assert_eq!(count_solutions(&unique, 2), Count::Unique);
//! let empty = parse(&".".repeat(81))?;
//! // the search stops at the limit: "at least 10"
//! assert_eq!(count_solutions(&empty, 10), Count::AtLeast(10));
//! # Ok::<(), sudoku_sensei::ParseError>(())
//! ```
//!
//! ## A position from a player's pencil marks
//!
//! A player's position is a [`Board`]: values plus pencil marks. Read it
//! from a 729-character candidate string, a pencil-mark grid or a HoDoKu
//! library line (`docs/formats.md`), then ask for a hint or a solve from
//! there. A wrong value or a removed true candidate is named first.
//!
//! ```
//! use sudoku_sensei::{hint, parse_position, Hint, Options};
//!
//! // HoDoKu's library line: `+` marks the values the player placed
//! // (r1c2=1, r1c3=7); r1c5 lost the pencil marks 2 and 9 (`215 915`).
//! let position = parse_position(
//!     ":0000:x:4+1+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:215 915:::",
//! )?;
//! let r1c5 = position.candidates(sudoku_sensei::Cell::at(0, 4)); // 0-based row and column
//! let marks: Vec<u8> = r1c5.iter().map(|d| d.get()).collect();
//! assert_eq!(marks, [3, 6]);
//! match hint(&position, &Options::default()) {
//!     Hint::Step(step) => println!("next: {}", step.technique.name()),
//!     Hint::Mistakes(wrong) => println!("check r{}c{} first", wrong[0].expected.cell.row() + 1, wrong[0].expected.cell.col() + 1),
//!     other => println!("{other:?}"),
//! }
//! # Ok::<(), sudoku_sensei::ParseError>(())
//! ```
//!
//! An app that keeps its own pencil marks builds the same position with
//! [`Board::from_pencilmarks`]: the values in a [`Grid`] (a player's own
//! with [`Grid::set_placed`]), each empty cell's marks in a [`DigitSet`].
//!
//! ```
//! use sudoku_sensei::{parse, parse_position, Board, Cell, Digit, DigitSet};
//!
//! let digit = |d| Digit::new(d).expect("1 to 9");
//! let mut values = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")?;
//! values.set_placed(Cell::at(0, 1), digit(1));
//! values.set_placed(Cell::at(0, 2), digit(7));
//! // the marks the values allow, then the player crosses out 2 and 9 in r1c5
//! let allowed = Board::from_grid(&values).expect("no two equal values in a house");
//! let mut marks = [DigitSet::EMPTY; 81];
//! for cell in Cell::all() {
//!     marks[cell.index()] = allowed.candidates(cell);
//! }
//! marks[Cell::at(0, 4).index()].remove(digit(2));
//! marks[Cell::at(0, 4).index()].remove(digit(9));
//! let position = Board::from_pencilmarks(&values, &marks).expect("no clash");
//! let read = parse_position(
//!     ":0000:x:4+1+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:215 915:::",
//! )?;
//! assert_eq!(position, read);
//! # Ok::<(), sudoku_sensei::ParseError>(())
//! ```
//!
//! ## Stability
//!
//! The enums that grow as sensei learns (techniques, evidence kinds,
//! outcomes, hints, parse errors) are `#[non_exhaustive]`: match them with a
//! wildcard arm. Modules marked hidden in this documentation are the
//! engine's internals, public only for sensei's own command line and tests;
//! they may change in any release.

// The engine's internals: private, or (`#[doc(hidden)]`) public only
// because the `sensei` binary or the tests name them (tests/it/docs.rs
// checks it); not part of the stable API.
#[doc(hidden)]
pub mod bitset;
mod board;
mod check_step;
#[doc(hidden)]
pub mod grade;
mod grid;
#[doc(hidden)]
pub mod hint;
mod links;
mod scc;
mod sets;
#[doc(hidden)]
pub mod solver;
#[doc(hidden)]
pub mod step;
pub mod stop;
#[doc(hidden)]
pub mod strategies;
#[doc(hidden)]
pub mod technique;
#[cfg(test)]
mod testing;
mod trace;

pub mod canon;
pub mod exact;
pub mod format;
pub mod generate;
pub mod render;
#[cfg(feature = "serve")]
pub mod serve;

pub use bitset::{CellSet, DigitSet};
pub use board::Board;
pub use board::Contradiction;
pub use check_step::{check_step, Marks, Problem, StepCheck};
pub use exact::Count;
pub use format::{parse, parse_position, ParseError, ParseErrorKind, Within};
pub use grade::{grade, HodokuRating, Rating, Scales, SeRating};
pub use grid::{Candidate, Cell, Clash, Digit, Grid, House, HouseKind};
pub use hint::{hint, Hint, HintLevel, Mistake, NotAHintLevel};
pub use solver::{solve, solve_position, Fallback, Options};
pub use step::{
    Als, Chain, ChainNode, Evidence, Focus, ForcingBranch, ForcingReason, ForcingRule, GroupNode,
    LinkKind, Step,
};
pub use technique::{Class, Family, Level, Profile, Technique};
pub use trace::{Outcome, OutcomeKind, Trace};

/// How many solutions `puzzle` has, searching for at most `limit` of them
/// (and at least two): [`Count::AtLeast`] when the search stopped there.
/// Clashing givens have none.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> Count {
    exact::count(puzzle.values(), limit)
}

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
    if let Some(sol) = exact::first_solution(&cells) {
        for (r, row) in board.iter_mut().enumerate() {
            for (c, ch) in row.iter_mut().enumerate() {
                *ch = (b'0' + sol[r * 9 + c]) as char;
            }
        }
    }
}

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
