//! The 729-character candidate string: nine characters per cell, cells row
//! by row; a cell's nine characters hold its candidates (digit `k` normally
//! in the k-th place) and `.` or `0` elsewhere:
//! `1........` is a cell with only 1, `.2.4.....` a cell with 2 and 4.
//! A cell with a single digit is read as a value (the format cannot tell a
//! solved cell from a cell with one candidate left), and that value as a
//! given.

use super::{clash, lone_plus, not_allowed, CellText, ParseError, ParseErrorKind, Within};
use crate::bitset::DigitSet;
use crate::board::Board;
use crate::grid::{Cell, Grid};

/// Parse a 729-character candidate string (anything after it on the line
/// is ignored). Errors carry the column.
pub fn parse_candidate_string(line: &str) -> Result<Board, ParseError> {
    let mut cands = [DigitSet::EMPTY; 81];
    let mut n: usize = 0;
    let start = line.len() - line.trim_start().len();
    for (i, (byte, ch)) in line.char_indices().enumerate() {
        if byte < start {
            continue;
        }
        if n == 729 {
            if ch.is_ascii_digit() || matches!(ch, '.' | '_' | '*') {
                return Err(ParseError::new(ParseErrorKind::TooManyCells {
                    within: Within::CandidateString,
                })
                .at_column(i + 1));
            }
            break;
        }
        match CellText::of(ch) {
            Some(CellText::Given(d)) => {
                if let Some(set) = cands.get_mut(n / 9) {
                    set.insert(d);
                }
            }
            Some(_) => {}
            None if ch == '+' => return Err(lone_plus().at_column(i + 1)),
            None if ch.is_whitespace() || ch == '#' || ch == ',' => break,
            None => return Err(not_allowed(ch).at_column(i + 1)),
        }
        n += 1;
    }
    if n != 729 {
        return Err(ParseError::new(ParseErrorKind::WrongCellCount {
            found: n,
            within: Within::CandidateString,
        }));
    }
    let mut grid = Grid::default();
    for cell in Cell::all() {
        if let Some(d) = cands[cell.index()].single_digit() {
            grid.set_given(cell, d);
        }
    }
    Board::from_pencilmarks(&grid, &cands).map_err(|c| clash(&grid, c, Within::CandidateString))
}

/// The 729-character candidate string of a position (no newline): a value
/// is written as its digit alone in its place, an empty cell as its
/// candidates, `.` elsewhere.
pub fn candidate_string(board: &Board) -> String {
    let mut out = String::with_capacity(729);
    for cell in Cell::all() {
        let set = match board.value(cell) {
            Some(v) => DigitSet::single(v),
            None => board.candidates(cell),
        };
        for d in 1..=9u8 {
            let present = crate::grid::Digit::new(d).is_some_and(|d| set.contains(d));
            out.push(if present { (b'0' + d) as char } else { '.' });
        }
    }
    out
}
