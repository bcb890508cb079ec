//! A pencil-mark grid: nine rows of nine cells, each cell written as its
//! value or its candidates (`5`, `146`), separated by blanks, with or
//! without `|` between blocks and `-`/`+` lines between bands, as HoDoKu
//! and SudokuWiki print them:
//!
//! ```text
//! +----------------+----------------+----------------+
//! | 5    3    124  | 26   7    2468 | 1489 1249 248  |
//! ```
//!
//! A cell written with a single digit is read as a value — the format
//! cannot tell a solved cell from a cell with one candidate left — and that
//! value as a given; `+5` marks a placed value. A cell written `.` (or `0`
//! `_` `*`) has no pencil marks noted: it gets every digit its peers allow.

use super::{lone_plus, ParseError, Within};
use crate::bitset::DigitSet;
use crate::board::Board;
use crate::grid::{Cell, Digit, Grid};

/// One cell of a pencil-mark grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mark {
    Value { digit: Digit, placed: bool },
    Candidates(DigitSet),
}

fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || ch == '|' || super::boxgrid::is_box_drawing(ch)
}

/// Whether a row line looks like a row of a pencil-mark grid: nine cells
/// separated by blanks, one of them with several candidates.
pub(crate) fn looks_like_pencil_row(line: &str) -> bool {
    let tokens: Vec<&str> = line.split(is_separator).filter(|t| !t.is_empty()).collect();
    tokens.len() == 9
        && tokens.iter().any(|t| {
            let t = t.trim_start_matches('+');
            t.chars().count() > 1 && t.chars().all(|c| ('1'..='9').contains(&c))
        })
}

fn not_allowed_here(ch: char) -> ParseError {
    super::bad_character(ch, Within::PencilMarks)
}

/// The cells of one row line of a pencil-mark grid, at most 81 kept, and
/// how many there were. Errors carry the column.
pub(crate) fn pencil_row(line: &str) -> Result<(Vec<Mark>, usize), ParseError> {
    let mut marks = Vec::new();
    let mut count = 0;
    let mut chars = line.chars().enumerate().peekable();
    while let Some(&(i, ch)) = chars.peek() {
        if is_separator(ch) {
            chars.next();
            continue;
        }
        // one token
        let start = i + 1;
        let mut plus = false;
        let mut unknown = false;
        let mut set = DigitSet::EMPTY;
        let mut len = 0;
        while let Some(&(j, ch)) = chars.peek() {
            if is_separator(ch) {
                break;
            }
            chars.next();
            match ch {
                '+' if len == 0 && !plus => plus = true,
                '.' | '0' | '_' | '*' if len == 0 && !plus => {
                    unknown = true;
                    len += 1;
                }
                '1'..='9' if !unknown => {
                    if let Some(d) = Digit::new(ch as u8 - b'0') {
                        set.insert(d);
                    }
                    len += 1;
                }
                _ => return Err(not_allowed_here(ch).at_column(j + 1)),
            }
        }
        let mark = match (plus, unknown, set.single_digit()) {
            (_, true, _) => Mark::Candidates(DigitSet::ALL),
            (false, false, Some(digit)) if len == 1 => Mark::Value {
                digit,
                placed: false,
            },
            (true, false, Some(digit)) if len == 1 => Mark::Value {
                digit,
                placed: true,
            },
            (true, _, _) => return Err(lone_plus().at_column(start)),
            (false, false, _) => Mark::Candidates(set),
        };
        count += 1;
        if marks.len() < 81 {
            marks.push(mark);
        }
    }
    Ok((marks, count))
}

/// Build the position from nine rows of nine marks.
pub(crate) fn board_of(rows: &[Vec<Mark>]) -> Result<Board, ParseError> {
    let mut grid = Grid::default();
    let mut cands = [DigitSet::EMPTY; 81];
    for (r, row) in (0u8..9).zip(rows) {
        for (c, mark) in (0u8..9).zip(row) {
            let cell = Cell::at(r, c);
            match *mark {
                Mark::Value { digit, placed } => {
                    if placed {
                        grid.set_placed(cell, digit);
                    } else {
                        grid.set_given(cell, digit);
                    }
                }
                Mark::Candidates(set) => cands[cell.index()] = set,
            }
        }
    }
    Board::from_pencilmarks(&grid, &cands).map_err(|c| super::clash(&grid, c, Within::PencilMarks))
}

/// The text of one cell: its value, or its candidates.
fn cell_text(board: &Board, cell: Cell) -> String {
    match board.value(cell) {
        Some(v) => v.to_string(),
        // a cell without candidates (a broken position) cannot be written
        // as a list: `.` reads back as "no pencil marks noted"
        None if board.candidates(cell).is_empty() => ".".to_string(),
        None => board.candidates(cell).to_string(),
    }
}

/// The pencil-mark grid of a position, like HoDoKu's: each column padded
/// to its widest cell, `|` between blocks, `+---` lines between bands,
/// values shown as their digit; every line ends with a newline.
///
/// ```text
/// +-------------------+-------------------+-------------------+
/// | 5     3     124   | 26    7     2468  | 1489  1249  248   |
/// ...
/// ```
pub fn pencilmarks(board: &Board) -> String {
    let texts: Vec<String> = Cell::all().map(|c| cell_text(board, c)).collect();
    let mut widths = [1usize; 9];
    for (i, t) in texts.iter().enumerate() {
        if let Some(w) = widths.get_mut(i % 9) {
            *w = (*w).max(t.chars().count());
        }
    }
    let mut border = String::from("+");
    for block in widths.chunks(3) {
        let inner: usize = block.iter().sum::<usize>() + block.len() + 1;
        border.push_str(&"-".repeat(inner));
        border.push('+');
    }
    border.push('\n');
    let mut out = String::new();
    for (r, row) in texts.chunks(9).enumerate() {
        if r % 3 == 0 {
            out.push_str(&border);
        }
        for (c, (t, w)) in row.iter().zip(widths).enumerate() {
            if c % 3 == 0 {
                out.push_str("| ");
            }
            out.push_str(t);
            out.push_str(&" ".repeat(w.saturating_sub(t.chars().count()) + 1));
        }
        out.push_str("|\n");
    }
    out.push_str(&border);
    out
}
