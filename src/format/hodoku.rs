//! HoDoKu's library line, used by its regression library and as a way to
//! hand over a player's position:
//!
//! `:<code>[-variant]:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>`
//!
//! `<givens>` is 81 cells, `.`/`0` empty, a `+` before a digit marks a value
//! that was placed rather than given. `<deleted>`, `<eliminations>` and
//! `<placements>` are blank-separated `<digit><row><col>` triples.

use super::{bad_character, clash, ParseError, ParseErrorKind, Within};
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

/// Parse the 81 cells of a `<givens>` field. Errors carry the column
/// within the field.
pub fn parse_givens(field: &str) -> Result<Grid, ParseError> {
    givens_at(field, 0)
}

/// Parse a `<givens>` field that starts after `offset` characters of its
/// line; errors carry the column within the line.
fn givens_at(field: &str, offset: usize) -> Result<Grid, ParseError> {
    let mut grid = Grid::default();
    let mut index: u8 = 0;
    let mut placed = false;
    for (i, ch) in field.chars().enumerate() {
        let column = offset + i + 1;
        if ch == '+' && !placed {
            placed = true;
            continue;
        }
        let Some(cell) = Cell::new(index) else {
            return Err(ParseError::new(ParseErrorKind::TooManyCells {
                within: Within::GivensField,
            })
            .at_column(column));
        };
        match ch {
            '.' | '0' if !placed => {}
            '1'..='9' => {
                let d = Digit::new(ch as u8 - b'0')
                    .ok_or_else(|| bad_character(ch, Within::GivensField).at_column(column))?;
                if placed {
                    grid.set_placed(cell, d);
                } else {
                    grid.set_given(cell, d);
                }
            }
            _ if placed => return Err(super::lone_plus().at_column(column - 1)),
            _ => return Err(bad_character(ch, Within::GivensField).at_column(column)),
        }
        placed = false;
        index += 1;
    }
    if placed {
        return Err(super::lone_plus().at_column(offset + field.chars().count()));
    }
    if index != 81 {
        return Err(ParseError::new(ParseErrorKind::WrongCellCount {
            found: index as usize,
            within: Within::GivensField,
        }));
    }
    Ok(grid)
}

/// `'45' is not a candidate: expected <digit><row><col>, ...`
fn bad_candidate(item: &str) -> ParseError {
    ParseError::new(ParseErrorKind::BadCandidate {
        found: item.to_string(),
    })
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
                let digit = Digit::new(d).ok_or_else(|| bad_candidate(item))?;
                out.push(Candidate::new(Cell::at(r - 1, c - 1), digit));
            }
            _ => return Err(bad_candidate(item)),
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
    let raw = line;
    let line = line.trim();
    let body = line
        .strip_prefix(':')
        .ok_or_else(|| ParseError::new(ParseErrorKind::NotLibraryLine))?;
    let fields: Vec<&str> = body.split(':').collect();
    if fields.len() < 4 {
        return Err(ParseError::new(ParseErrorKind::LibraryFields {
            found: fields.len(),
        }));
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
    // the givens field starts after the leading blanks, ':' and two fields
    let offset =
        line_start_blanks(raw) + 1 + field(0).chars().count() + 1 + field(1).chars().count() + 1;
    let grid = givens_at(field(2), offset)?;
    let mut board = Board::from_grid(&grid).map_err(|c| clash(&grid, c, Within::GivensField))?;
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

fn line_start_blanks(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count()
}

/// A player's position as a library line HoDoKu reads back:
/// `:0000:x:<givens>:<deleted>::` — placed values marked with `+`, and the
/// deleted candidates (those the values allow but the board no longer
/// holds) as `<digit><row><col>` triples. No newline.
pub fn position_line(board: &Board) -> String {
    let grid = board.grid();
    let mut givens = String::with_capacity(100);
    for cell in Cell::all() {
        match grid.value(cell) {
            Some(d) if grid.is_given(cell) => givens.push_str(&d.to_string()),
            Some(d) => givens.push_str(&format!("+{d}")),
            None => givens.push('.'),
        }
    }
    let mut deleted: Vec<String> = Vec::new();
    if let Ok(fresh) = Board::from_grid(grid) {
        for cell in Cell::all() {
            for d in fresh.candidates(cell) - board.candidates(cell) {
                deleted.push(format!("{d}{}{}", cell.row() + 1, cell.col() + 1));
            }
        }
    }
    format!(":0000:x:{givens}:{}::", deleted.join(" "))
}
