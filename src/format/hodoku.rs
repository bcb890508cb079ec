//! HoDoKu's library line, used by its regression library and as a way to
//! hand over a player's position:
//!
//! `:<code>[-variant]:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`
//!
//! `<givens>` is 81 cells, `.`/`0` empty, a `+` before a digit marks a value
//! that was placed rather than given. `<deleted>`, `<eliminations>` and
//! `<placements>` are blank-separated `<digit><row><col>` triples.

use super::ParseError;
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, Grid};
use crate::technique::Technique;

/// One line of the library.
#[derive(Clone, Debug)]
pub struct LibraryCase {
    /// The technique code, e.g. `0100`.
    pub code: String,
    /// The variant after the dash (`1`, `x`, ...), if any.
    pub variant: Option<String>,
    /// The technique with that code, if sensei knows it.
    pub technique: Option<Technique>,
    /// The digits of the `<candidates>` field.
    pub digits: Vec<Digit>,
    /// The position: givens, placed values, and the pencil marks left after
    /// the deleted candidates are removed.
    pub board: Board,
    pub eliminations: Vec<Candidate>,
    pub placements: Vec<Candidate>,
    pub extra: String,
}

impl LibraryCase {
    /// A fail case (`-x`): the technique must find nothing.
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }
}

fn err(message: String) -> ParseError {
    ParseError::new(message)
}

/// Parse the 81 cells of a `<givens>` field.
pub fn parse_givens(field: &str) -> Result<Grid, ParseError> {
    let mut grid = Grid::default();
    let mut index: u8 = 0;
    let mut placed = false;
    for (col, ch) in field.chars().enumerate() {
        if ch == '+' {
            placed = true;
            continue;
        }
        let Some(cell) = Cell::new(index) else {
            return Err(err(format!(
                "column {}: more than 81 cells in the givens field",
                col + 1
            )));
        };
        match ch {
            '.' | '0' => {}
            '1'..='9' => {
                let d = Digit::new(ch as u8 - b'0')
                    .ok_or_else(|| err(format!("column {}: bad digit", col + 1)))?;
                if placed {
                    grid.set_placed(cell, d);
                } else {
                    grid.set_given(cell, d);
                }
            }
            _ => {
                return Err(err(format!(
                "column {}: '{ch}' is not allowed in the givens field (use 1-9, '.', '0' or '+')",
                col + 1
            )))
            }
        }
        placed = false;
        index += 1;
    }
    if index != 81 {
        return Err(err(format!(
            "the givens field has {index} cells instead of 81"
        )));
    }
    Ok(grid)
}

/// Parse a list of `<digit><row><col>` triples separated by blanks.
pub fn parse_candidates(field: &str) -> Result<Vec<Candidate>, ParseError> {
    let mut out = Vec::new();
    for item in field.split_whitespace() {
        let b = item.as_bytes();
        let num = |i: usize| {
            b.get(i)
                .and_then(|&c| c.checked_sub(b'0'))
                .filter(|&n| (1..=9).contains(&n))
        };
        match (b.len(), num(0), num(1), num(2)) {
            (3, Some(d), Some(r), Some(c)) => {
                let digit = Digit::new(d).ok_or_else(|| err(format!("bad candidate '{item}'")))?;
                out.push(Candidate::new(Cell::at(r - 1, c - 1), digit));
            }
            _ => {
                return Err(err(format!(
                "'{item}' is not a candidate: expected <digit><row><col>, e.g. 436 for 4 in r3c6"
            )))
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The technique of a library code. Besides the codes of the technique
/// table this knows HoDoKu's siamese fish, written as the fish's code with a
/// `1` appended (`03111` is a Siamese Finned Swordfish): they are found by
/// the finned fish of that code.
pub fn technique_of_code(code: &str) -> Option<Technique> {
    Technique::from_hodoku_code(code).or_else(|| {
        let base = code
            .strip_suffix('1')
            .filter(|b| b.len() == 4 && b.starts_with("03"))?;
        Technique::from_hodoku_code(base)
    })
}

/// Parse one library line.
pub fn parse_library_line(line: &str) -> Result<LibraryCase, ParseError> {
    let line = line.trim();
    let body = line
        .strip_prefix(':')
        .ok_or_else(|| err("a HoDoKu library line starts with ':'".to_string()))?;
    let fields: Vec<&str> = body.split(':').collect();
    if fields.len() < 4 {
        return Err(err(format!(
            "a HoDoKu library line has at least 4 fields (:code:candidates:givens:deleted:...), found {}",
            fields.len()
        )));
    }
    let field = |i: usize| fields.get(i).copied().unwrap_or("");
    let (code, variant) = match field(0).split_once('-') {
        Some((c, v)) => (c.to_string(), Some(v.to_string())),
        None => (field(0).to_string(), None),
    };
    let digits = field(1)
        .chars()
        .filter_map(|c| c.to_digit(10).and_then(|d| Digit::new(d as u8)))
        .collect();
    let grid = parse_givens(field(2))?;
    let mut board = Board::from_grid(&grid).map_err(|c| err(format!("the givens clash: {c}")))?;
    for c in parse_candidates(field(3))? {
        board.eliminate(c);
    }
    Ok(LibraryCase {
        technique: technique_of_code(&code),
        code,
        variant,
        digits,
        board,
        eliminations: parse_candidates(field(4))?,
        placements: parse_candidates(field(5))?,
        extra: field(6).to_string(),
    })
}
