//! Reading and printing puzzles in the formats users bring (see
//! `docs/formats.md` for every format with an example).
//!
//! Reading:
//! - [`parse`]: a text holding one puzzle, its format detected: an
//!   81-character line, nine lines of nine cells, a boxed grid, a LeetCode
//!   JSON board, or a HoDoKu library line.
//! - [`PuzzleReader`]: a stream of many puzzles (one per line, or multi-line
//!   grids separated by blank lines), read in constant memory;
//!   [`PuzzleReader::positions`] reads players' positions too.
//! - [`parse_position`]: a player's position with pencil marks (any puzzle
//!   format, a 729-character candidate string, a pencil-mark grid, or a
//!   HoDoKu library line).
//! - [`parse_entry`]: a text holding one puzzle or one position, as
//!   `sensei explain` reads each entry: the values, and the position if
//!   the text holds one.
//! - [`check_givens`]: whether the givens of a grid contradict each other.
//!
//! Printing: [`to_line`], [`nine_lines`], [`boxed`], [`leetcode`],
//! [`candidate_string`], [`pencilmarks`], [`position_line`], and
//! [`side_by_side`] to join two printed blocks.
//!
//! Errors ([`ParseError`]) have a matchable [`ParseErrorKind`] and name the
//! line and column (1-based) where the text went wrong.

pub(crate) mod boxgrid;
pub(crate) mod candidates;
mod error;
/// HoDoKu's library lines (the regression library's format, used by the
/// conformance tests); [`position_line`] prints one.
#[doc(hidden)]
pub mod hodoku;
pub(crate) mod json;
pub(crate) mod line;
pub(crate) mod pencil;
pub(crate) mod print;
pub(crate) mod reader;
pub(crate) mod rows;

pub use boxgrid::boxed;
pub use candidates::candidate_string;
pub use error::{ParseError, ParseErrorKind, Within};
pub use hodoku::position_line;
pub use json::leetcode;
pub use pencil::pencilmarks;
pub use print::{side_by_side, to_line};
pub use reader::{Entry, PuzzleReader};
pub use rows::nine_lines;

use crate::board::{Board, Contradiction};
use crate::grid::{Cell, Digit, Grid};
use reader::{Parsed, Scanner};

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

/// `'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)`,
/// or, for the U+FFFD that stands for bytes that are not UTF-8, an
/// [`ParseErrorKind::InvalidUtf8`].
pub(crate) fn not_allowed(ch: char) -> ParseError {
    bad_character(ch, Within::Grid)
}

/// A character not allowed in `within` (U+FFFD: invalid UTF-8).
pub(crate) fn bad_character(found: char, within: Within) -> ParseError {
    ParseError::new(if found == char::REPLACEMENT_CHARACTER {
        ParseErrorKind::InvalidUtf8
    } else {
        ParseErrorKind::BadCharacter { found, within }
    })
}

/// `'+' marks a placed value: it must be followed by a digit 1-9`
pub(crate) fn lone_plus() -> ParseError {
    ParseError::new(ParseErrorKind::LonePlus)
}

/// `found 79 cells instead of 81`
pub(crate) fn cell_count(found: usize) -> ParseError {
    ParseError::new(ParseErrorKind::WrongCellCount {
        found,
        within: Within::Grid,
    })
}

/// The values of `grid` contradict each other (`c`, from [`Board`]'s
/// constructors): the error names the values a player placed.
pub(crate) fn clash(grid: &Grid, c: Contradiction, within: Within) -> ParseError {
    let placed = match c {
        Contradiction::Clash(cl) => {
            let placed = |cell| grid.value(cell).is_some() && !grid.is_given(cell);
            [placed(cl.first), placed(cl.second)]
        }
        _ => [false, false],
    };
    ParseError::new(ParseErrorKind::Clash {
        contradiction: c,
        placed,
        within,
    })
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
                return Err(
                    ParseError::new(ParseErrorKind::SecondPuzzle { first_line: *line })
                        .at_line(found.line),
                );
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
        scanner.feed(i + 1, line, reader::Tail::default());
        take(&mut scanner)?;
    }
    scanner.finish();
    take(&mut scanner)?;
    first.ok_or_else(|| {
        let only_blank = text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
        ParseError::new(if only_blank {
            ParseErrorKind::Empty
        } else {
            ParseErrorKind::OnlyFrames
        })
    })
}

/// Parse a text holding one puzzle, detecting its format (an 81-character
/// line, nine lines of nine cells, a boxed grid, a LeetCode JSON board, or a
/// HoDoKu library line).
///
/// Clashing givens are **not** a parse error: the text is read as written
/// (a [`Grid`] can hold a clash) and checked later, by [`check_givens`]
/// before solving, or by the solver, whose outcome is then
/// [`crate::Outcome::InvalidGivens`]. A position must be consistent:
/// [`parse_position`] reports a clash as [`ParseErrorKind::Clash`].
///
/// ```
/// use sudoku_sensei::format::{check_givens, parse};
/// let clash = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let grid = parse(clash).expect("read as written");
/// assert_eq!(check_givens(&grid).unwrap_err().to_string(), "r1c1 and r1c2 are both 5 in row 1");
/// ```
pub fn parse(text: &str) -> Result<Grid, ParseError> {
    let (line, parsed) = scan_one(text)?;
    parsed.into_grid().map_err(|e| e.at_line(line))
}

/// `"53..7....6..".parse::<Grid>()`: [`parse`], any format it reads.
impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        parse(text)
    }
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

/// Parse a text holding one puzzle or one player's position, as `sensei
/// explain` reads each entry of its input: the values, and the position
/// when the text holds one (a HoDoKu library line, a pencil-mark grid, a
/// candidate string; `None` for a plain puzzle). The Python package's
/// `explain` and `hint` read their argument with it.
///
/// ```
/// use sudoku_sensei::format::parse_entry;
/// let plain = parse_entry("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")?;
/// assert!(plain.position.is_none());
/// let library = parse_entry(":0000:x:4+1+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:215 915:::")?;
/// assert!(library.position.is_some());
/// # Ok::<(), sudoku_sensei::ParseError>(())
/// ```
pub fn parse_entry(text: &str) -> Result<Entry, ParseError> {
    let (line, parsed) = scan_one(text)?;
    parsed
        .into_entry(line, String::new(), true)
        .map_err(|e| e.at_line(line))
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
