//! A boxed grid: rows of cells with `|` between the blocks and lines of
//! `-` `+` (or `=` `*` `.` `:` `'`) between the bands, as sensei, Sudoku
//! Explainer and HoDoKu print them:
//!
//! ```text
//! +-------+-------+-------+
//! | 5 3 . | . 7 . | . . . |
//! ```
//!
//! Grids drawn with Unicode box-drawing characters (`┌───┬`, `│ 5 3 . │`)
//! are read too. The rows are read like the rows of a nine-line grid
//! ([`super::rows`]); the separator lines are skipped.

use crate::grid::Grid;

/// Whether `ch` is one of Unicode's box-drawing characters (`─ │ ┼ ╔ ...`).
pub(crate) fn is_box_drawing(ch: char) -> bool {
    ('\u{2500}'..='\u{257f}').contains(&ch)
}

/// Whether a line only draws the frame of a grid: it holds a `-` or `=`
/// (or a horizontal box-drawing line) and nothing but `-` `=` `+` `|` `.`
/// `:` `'` `*`, box-drawing characters and blanks.
pub(crate) fn is_separator_line(line: &str) -> bool {
    let line = line.trim();
    line.contains(['-', '=', '─', '━', '═'])
        && line.chars().all(|c| {
            c.is_whitespace()
                || is_box_drawing(c)
                || matches!(c, '-' | '=' | '+' | '|' | '.' | ':' | '\'' | '*')
        })
}

/// The boxed grid, `.` for an empty cell, each line ending with a newline:
///
/// ```text
/// +-------+-------+-------+
/// | 5 3 . | . 7 . | . . . |
/// | 6 . . | 1 9 5 | . . . |
/// | . 9 8 | . . . | . 6 . |
/// +-------+-------+-------+
/// ...
/// +-------+-------+-------+
/// ```
pub fn boxed(grid: &Grid) -> String {
    const BORDER: &str = "+-------+-------+-------+\n";
    let mut out = String::with_capacity(13 * 26);
    for (r, row) in grid.values().chunks(9).enumerate() {
        if r % 3 == 0 {
            out.push_str(BORDER);
        }
        for (c, &v) in row.iter().enumerate() {
            if c % 3 == 0 {
                out.push_str("| ");
            }
            out.push(if v == 0 { '.' } else { (b'0' + v) as char });
            out.push(' ');
        }
        out.push_str("|\n");
    }
    out.push_str(BORDER);
    out
}
