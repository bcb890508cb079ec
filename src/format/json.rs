//! A LeetCode-style board: a JSON array of 9 rows, each an array of 9
//! one-character strings, `"."` for an empty cell:
//! `[["5","3",".",".","7",".",".",".","."],["6",...],...]`.
//! Also read: Python's quotes (`[['5','3','.',...]]`) and numbers
//! (`[[5,3,0,...],...]`, `0` for an empty cell). The board may be spread
//! over several lines.

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
