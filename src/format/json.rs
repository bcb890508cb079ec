//! A LeetCode-style board: a JSON array of 9 rows, each an array of 9
//! one-character strings, `"."` for an empty cell:
//! `[["5","3",".",".","7",".",".",".","."],["6",...],...]`.
//! Also read: Python's quotes (`[['5','3','.',...]]`) and numbers
//! (`[[5,3,0,...],...]`, `0` for an empty cell). The board may be spread
//! over several lines.
//!
//! In a stream ([`super::PuzzleReader`]) a board is read line by line as a
//! [`JsonBoard`]: [`json_scan`] follows its brackets to the one that closes
//! it, and the reader ends an unfinished board before a line that cannot
//! continue it.

use super::{not_allowed, CellText, ParseError, ParseErrorKind, Within};
use crate::grid::{Cell, Grid};
use serde_json::Value;

/// Where the rows and cells of a board start in its text (1-based line and
/// column), found by scanning the (valid) JSON.
struct Positions {
    rows: [(usize, usize); 9],
    cells: [[(usize, usize); 9]; 9],
}

fn positions(text: &str) -> Positions {
    let mut p = Positions {
        rows: [(1, 1); 9],
        cells: [[(1, 1); 9]; 9],
    };
    let (mut line, mut col) = (1usize, 0usize);
    let (mut depth, mut row, mut cell) = (0usize, 0usize, 0usize);
    let (mut in_string, mut escaped, mut expect_value) = (false, false, false);
    for ch in text.chars() {
        if ch == '\n' {
            line += 1;
            col = 0;
            continue;
        }
        col += 1;
        if in_string {
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == '"' {
                in_string = false;
            }
            continue;
        }
        if depth == 2 && expect_value && !ch.is_whitespace() && ch != ']' {
            expect_value = false;
            if let Some(slot) = p.cells.get_mut(row).and_then(|r| r.get_mut(cell)) {
                *slot = (line, col);
            }
        }
        match ch {
            '"' => in_string = true,
            '[' => {
                depth += 1;
                if depth == 2 {
                    if let Some(slot) = p.rows.get_mut(row) {
                        *slot = (line, col);
                    }
                    cell = 0;
                    expect_value = true;
                }
            }
            ']' => {
                if depth == 2 {
                    row += 1;
                }
                depth = depth.saturating_sub(1);
            }
            ',' if depth == 2 => {
                cell += 1;
                expect_value = true;
            }
            _ => {}
        }
    }
    p
}

/// Parse a LeetCode-style board. Errors carry the line and column within
/// `text`.
pub fn parse_leetcode(text: &str) -> Result<Grid, ParseError> {
    let python = !text.contains('"') && text.contains('\'');
    let text = if python {
        text.replace('\'', "\"")
    } else {
        text.to_string()
    };
    let value: Value = serde_json::from_str(&text).map_err(|e| {
        let full = e.to_string();
        let message = match full.rfind(" at line ") {
            Some(i) => full.get(..i).unwrap_or(&full).to_string(),
            None => full,
        };
        ParseError::new(ParseErrorKind::NotJson { message })
            .at_line(e.line())
            .at_column(e.column())
    })?;
    let at = |(line, column): (usize, usize), e: ParseError| e.at_line(line).at_column(column);
    let Value::Array(rows) = value else {
        return Err(at((1, 1), ParseError::new(ParseErrorKind::NotABoard)));
    };
    let pos = positions(&text);
    if rows.len() != 9 {
        return Err(at(
            (1, 1),
            ParseError::new(ParseErrorKind::WrongRowCount {
                found: rows.len(),
                within: Within::Json,
            }),
        ));
    }
    let mut grid = Grid::default();
    for (r, row) in rows.iter().enumerate() {
        let row_at = pos.rows.get(r).copied().unwrap_or((1, 1));
        let Value::Array(cells) = row else {
            return Err(at(
                row_at,
                ParseError::new(ParseErrorKind::RowNotArray { row: r }),
            ));
        };
        if cells.len() != 9 {
            return Err(at(
                row_at,
                ParseError::new(ParseErrorKind::WrongRowLength {
                    row: r,
                    found: cells.len(),
                }),
            ));
        }
        for (c, value) in cells.iter().enumerate() {
            let cell_at = pos
                .cells
                .get(r)
                .and_then(|row| row.get(c))
                .copied()
                .unwrap_or(row_at);
            let text = cell_text(value).map_err(|e| at(cell_at, e))?;
            if let Some(cell) = Cell::new((r * 9 + c) as u8) {
                text.fill(&mut grid, cell);
            }
        }
    }
    Ok(grid)
}

/// One cell: a one-character string or a number 0-9.
fn cell_text(value: &Value) -> Result<CellText, ParseError> {
    let bad = || {
        ParseError::new(ParseErrorKind::BadJsonCell {
            found: value.to_string(),
        })
    };
    match value {
        Value::String(s) => {
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) => CellText::of(ch).ok_or_else(|| not_allowed(ch)),
                _ => Err(bad()),
            }
        }
        Value::Number(n) => match n.as_u64() {
            Some(0) => Ok(CellText::Empty),
            Some(d @ 1..=9) => CellText::of((b'0' + d as u8) as char).ok_or_else(bad),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

/// The LeetCode board of a grid, on one line (no newline):
/// `[["5","3",".",...],...]`.
pub fn leetcode(grid: &Grid) -> String {
    let rows: Vec<String> = grid
        .values()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&v| {
                    if v == 0 {
                        "\".\"".to_string()
                    } else {
                        format!("\"{v}\"")
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

// ------------------------------------------------- a board in a stream

/// Longest JSON board read.
pub(crate) const MAX_JSON: usize = 16384;
/// Most lines of a JSON board: a 9x9 board written one value per line
/// takes 9 x 11 + 2 = 101.
pub(crate) const MAX_JSON_LINES: usize = 128;

/// A JSON board being read.
pub(crate) struct JsonBoard {
    /// Its first line, and the column of its opening `[` there.
    pub(crate) first: usize,
    pub(crate) column: usize,
    /// Its last line so far.
    pub(crate) last: usize,
    /// Its lines so far.
    pub(crate) lines: usize,
    /// Its text so far (empty once it is too long: then only its end is
    /// looked for).
    pub(crate) text: String,
    /// The brackets open at the end of the text read.
    pub(crate) depth: usize,
    pub(crate) in_string: bool,
    pub(crate) escaped: bool,
    /// The indentation of its first line.
    pub(crate) indent: usize,
    /// Set when the board runs over [`MAX_JSON`] characters or
    /// [`MAX_JSON_LINES`] lines.
    pub(crate) too_long: Option<ParseErrorKind>,
}

/// What reading a line of a JSON board leaves: the brackets open, and
/// whether the board was closed on it.
#[derive(Clone, Copy)]
pub(crate) struct JsonState {
    pub(crate) depth: usize,
    pub(crate) in_string: bool,
    pub(crate) escaped: bool,
    pub(crate) closed: bool,
    /// The most brackets open at once on the line.
    pub(crate) deepest: usize,
}

impl JsonBoard {
    pub(crate) fn state(&self) -> JsonState {
        JsonState {
            depth: self.depth,
            in_string: self.in_string,
            escaped: self.escaped,
            closed: false,
            deepest: self.depth,
        }
    }

    /// Take in line `no` (`part`: what belongs to the board), read up to
    /// `state`.
    pub(crate) fn add(&mut self, no: usize, part: &str, state: JsonState) {
        self.last = no;
        self.lines += 1;
        self.depth = state.depth;
        self.in_string = state.in_string;
        self.escaped = state.escaped;
        if self.too_long.is_some() {
            return;
        }
        if self.text.len() + part.len() + 1 > MAX_JSON {
            self.too_long = Some(ParseErrorKind::JsonTooLong { limit: MAX_JSON });
        } else if self.lines > MAX_JSON_LINES {
            self.too_long = Some(ParseErrorKind::JsonTooManyLines {
                limit: MAX_JSON_LINES,
            });
        }
        if self.too_long.is_some() {
            self.text = String::new();
            return;
        }
        self.text.push_str(part);
        self.text.push('\n');
    }
}

/// Read `text` on from `state`, up to the bracket that closes the board.
/// Returns the state after it and how many bytes of `text` belong to the
/// board.
pub(crate) fn json_scan(mut s: JsonState, text: &str) -> (JsonState, usize) {
    for (i, ch) in text.char_indices() {
        if s.in_string {
            if s.escaped {
                s.escaped = false;
            } else if ch == '\\' {
                s.escaped = true;
            } else if ch == '"' {
                s.in_string = false;
            }
        } else if ch == '"' {
            s.in_string = true;
        } else if ch == '[' {
            s.depth += 1;
            s.deepest = s.deepest.max(s.depth);
        } else if ch == ']' {
            s.depth = s.depth.saturating_sub(1);
            if s.depth == 0 {
                s.closed = true;
                return (s, i + 1);
            }
        }
    }
    (s, text.len())
}

/// Whether a line without brackets or quotes can be part of a JSON board:
/// only a lone value, as in a board written one value per line (`5,`). A
/// row of a grid (`530070000`, `5 3 0 ...`, `| 5 3 . |`), a label or any
/// other text cannot.
pub(crate) fn lone_json_value(t: &str) -> bool {
    let value = t.trim().trim_matches(',').trim();
    value.len() == 1 && value.bytes().all(|b| b.is_ascii_digit())
}
