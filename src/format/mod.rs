//! Reading and printing puzzles in the formats users bring (see
//! `docs/formats.md` for every format with an example).
//!
//! Reading:
//! - [`parse_one`]: a text holding one puzzle, its format detected: an
//!   81-character line, nine lines of nine cells, a boxed grid, a LeetCode
//!   JSON board, or a HoDoKu library line.
//! - [`PuzzleReader`]: a stream of many puzzles (one per line, or multi-line
//!   grids separated by blank lines), read in constant memory.
//! - [`parse_position`]: a player's position with pencil marks (any puzzle
//!   format, a 729-character candidate string, a pencil-mark grid, or a
//!   HoDoKu library line).
//! - [`check_givens`]: whether the givens of a grid contradict each other.
//!
//! Printing: [`to_line`], [`nine_lines`], [`boxed`], [`leetcode`],
//! [`candidate_string`], [`pencilmarks`], [`hodoku::position_line`], and
//! [`side_by_side`] to join two printed blocks.
//!
//! Errors name the line and column (1-based) where the text went wrong.

pub mod boxgrid;
pub mod candidates;
pub mod hodoku;
pub mod json;
pub mod line;
pub mod pencil;
pub mod print;
pub mod reader;
pub mod rows;

pub use boxgrid::boxed;
pub use candidates::candidate_string;
pub use json::leetcode;
pub use pencil::pencilmarks;
pub use print::{side_by_side, to_line};
pub use reader::{Entry, PuzzleReader};
pub use rows::nine_lines;

use crate::board::{Board, Contradiction};
use crate::grid::{Cell, Digit, Grid};
use reader::{Parsed, Scanner};
use std::fmt;

/// Why a puzzle text could not be read, and where (1-based line and column,
/// when known).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl ParseError {
    /// An error without a position.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
            line: None,
            column: None,
        }
    }
    /// The same error on `line` (kept if a line is already known).
    pub fn at_line(mut self, line: usize) -> ParseError {
        self.line.get_or_insert(line);
        self
    }
    /// The same error at `column` (kept if a column is already known).
    pub fn at_column(mut self, column: usize) -> ParseError {
        self.column.get_or_insert(column);
        self
    }
    /// Move the error down by `lines` lines (for a block read from the
    /// middle of a file).
    pub(crate) fn shifted(mut self, lines: usize) -> ParseError {
        if let Some(l) = self.line.as_mut() {
            *l += lines;
        }
        self
    }
}

/// `line 3, column 12: 'x' is not allowed (...)`
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: ")?,
            (Some(l), None) => write!(f, "line {l}: ")?,
            (None, Some(c)) => write!(f, "column {c}: ")?,
            (None, None) => {}
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// One cell as written in a puzzle text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CellText {
    Empty,
    Given(Digit),
    Placed(Digit),
}

impl CellText {
    /// The cell a single character stands for: 1-9 a given, `.` `0` `_` `*`
    /// an empty cell.
    pub(crate) fn of(ch: char) -> Option<CellText> {
        match ch {
            '.' | '0' | '_' | '*' => Some(CellText::Empty),
            '1'..='9' => Digit::new(ch as u8 - b'0').map(CellText::Given),
            _ => None,
        }
    }
    /// Write this cell into `grid`.
    pub(crate) fn fill(self, grid: &mut Grid, cell: Cell) {
        match self {
            CellText::Empty => grid.clear(cell),
            CellText::Given(d) => grid.set_given(cell, d),
            CellText::Placed(d) => grid.set_placed(cell, d),
        }
    }
}

/// Whether `ch` stands for a cell (a digit or an empty-cell mark).
pub(crate) fn is_cell_char(ch: char) -> bool {
    CellText::of(ch).is_some()
}

/// `'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)`
pub(crate) fn not_allowed(ch: char) -> ParseError {
    ParseError::new(format!(
        "{ch:?} is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    ))
}

/// `'+' marks a placed value: it must be followed by a digit 1-9`
pub(crate) fn lone_plus() -> ParseError {
    ParseError::new("'+' marks a placed value: it must be followed by a digit 1-9")
}

/// `found 79 cells instead of 81`
pub(crate) fn cell_count(found: usize) -> ParseError {
    ParseError::new(format!("found {found} cells instead of 81"))
}

/// Scan a whole text holding one puzzle or position: the first thing found,
/// or the error that stops it; a second puzzle in the text is an error.
fn scan_one(text: &str) -> Result<(usize, Parsed), ParseError> {
    let mut scanner = Scanner::new(true);
    let mut first: Option<(usize, Parsed)> = None;
    let mut take = |scanner: &mut Scanner| -> Result<(), ParseError> {
        while let Some(item) = scanner.pop() {
            let found = item?;
            if let Some((line, _)) = &first {
                return Err(ParseError::new(format!(
                    "a second puzzle starts here (the first one starts on line {line}): give one puzzle"
                ))
                .at_line(found.line));
            }
            first = Some((found.line, found.parsed));
        }
        Ok(())
    };
    for (i, line) in text.lines().enumerate() {
        let line = if i == 0 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        };
        scanner.feed(i + 1, line);
        take(&mut scanner)?;
    }
    scanner.finish();
    take(&mut scanner)?;
    first.ok_or_else(|| {
        let only_blank = text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
        ParseError::new(if only_blank {
            "no puzzle found: the text is empty"
        } else {
            "no puzzle found: the text holds only frame lines"
        })
    })
}

/// Parse a text holding one puzzle, detecting its format (an 81-character
/// line, nine lines of nine cells, a boxed grid, a LeetCode JSON board, or a
/// HoDoKu library line). Clashing givens are not an error here: see
/// [`check_givens`].
pub fn parse_one(text: &str) -> Result<Grid, ParseError> {
    let (line, parsed) = scan_one(text)?;
    parsed.into_grid().map_err(|e| e.at_line(line))
}

/// Parse a player's position: any puzzle format (its candidates are then
/// those the values allow), a 729-character candidate string, a pencil-mark
/// grid, or a HoDoKu library line. In a candidate string or a pencil-mark
/// grid a cell written with a single digit is read as a value (these
/// formats cannot tell a solved cell from a cell with one candidate left),
/// and a value is a given unless marked placed with `+`.
pub fn parse_position(text: &str) -> Result<Board, ParseError> {
    let (line, parsed) = scan_one(text)?;
    parsed.into_board().map_err(|e| e.at_line(line))
}

/// Whether the givens can stand together: a clash (`r1c2 and r1c7 are both
/// 5 in row 1`) or another contradiction visible at once (`r4c5 can hold no
/// digit ...`, `7 has no place left in block 3`).
pub fn check_givens(grid: &Grid) -> Result<(), Contradiction> {
    if let Some(clash) = grid.find_clash() {
        return Err(Contradiction::Clash(clash));
    }
    let board = Board::from_grid(grid)?;
    match board.contradiction() {
        Some(c) => Err(c),
        None => Ok(()),
    }
}
