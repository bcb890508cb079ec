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
//!
//! Empty cells may be left blank (`|       |       | 8   1 |`): a row with
//! fewer than nine cells is then read by place, each block's cells evenly
//! spaced between its bars (`row_by_position`). Two grids printed side by
//! side (a puzzle `-->` its solution) are read as the left one: a frame
//! line that holds two frames tells where the left grid ends
//! (`left_grid_end`).

use super::{not_allowed, CellText, ParseError};
use crate::grid::Grid;

/// Whether `ch` is one of Unicode's box-drawing characters (`─ │ ┼ ╔ ...`).
pub(crate) fn is_box_drawing(ch: char) -> bool {
    ('\u{2500}'..='\u{257f}').contains(&ch)
}

/// Whether a line only draws the frame of a grid: it holds a `-` or `=`
/// (or a horizontal box-drawing line) and nothing but `-` `=` `+` `|` `.`
/// `:` `'` `*`, box-drawing characters and blanks (and the `>` of an arrow
/// `-->` between two grids side by side).
pub(crate) fn is_separator_line(line: &str) -> bool {
    let line = line.trim();
    line.contains(['-', '=', '─', '━', '═'])
        && line.chars().all(|c| {
            c.is_whitespace()
                || is_box_drawing(c)
                || matches!(c, '-' | '=' | '+' | '|' | '.' | ':' | '\'' | '*' | '>')
        })
}

/// Where the left grid ends (a column, 0-based in characters) when a frame
/// line draws two frames side by side (`+---+---+---+    +---+---+---+`):
/// the end of its first run of at least 7 characters, if more follows.
/// `None` for the frame line of a single grid.
pub(crate) fn left_grid_end(line: &str) -> Option<usize> {
    let chars: Vec<char> = line.chars().collect();
    let start = chars.iter().position(|c| !c.is_whitespace())?;
    let len = chars.get(start..)?.iter().position(|c| c.is_whitespace())?;
    let end = start + len;
    let more = chars.get(end..)?.iter().any(|c| !c.is_whitespace());
    (len >= 7 && more).then_some(end)
}

/// Whether `ch` draws a vertical bar between blocks.
fn is_bar(ch: char) -> bool {
    matches!(ch, '|' | '│' | '┃' | '║')
}

/// The nine cells of a boxed row whose empty cells are blank, read by
/// place: the two bars between the blocks give the width of a block, the
/// three blocks are equally wide, and each block's three cells are evenly
/// spaced in it (`| 5   . |`: 2nd, 4th and 6th character). `Ok(None)` when
/// the row does not have that shape (its bars are not evenly spaced, or a
/// character lies between two cell places); an error for a character at
/// a cell's place that is not a cell.
pub(crate) fn row_by_position(line: &str) -> Result<Option<Vec<CellText>>, ParseError> {
    let chars: Vec<char> = line.chars().collect();
    let bars: Vec<usize> = (0..chars.len()).filter(|&i| is_bar(chars[i])).collect();
    let before_first = |b: usize| chars.iter().take(b).all(|c| c.is_whitespace());
    let (inner, outer) = match bars.as_slice() {
        [a, b, c, d] => ((*b, *c), Some((*a, *d))),
        [a, b, c] if before_first(*a) => ((*b, *c), Some((*a, usize::MAX))),
        [a, b, _] | [a, b] => ((*a, *b), None),
        _ => return Ok(None),
    };
    let width = inner.1 - inner.0 - 1;
    let step = width / 3;
    if step == 0 {
        return Ok(None);
    }
    if let Some((left, right)) = outer {
        let right_ok = right == usize::MAX || right == inner.1 + width + 1;
        if inner.0 < width + 1 || left != inner.0 - width - 1 || !right_ok {
            return Ok(None);
        }
    }
    // the cells' offsets in a block; the first block is placed from its
    // right bar (Sudoku Explainer's rows have no blank before the first cell)
    let offsets = [step / 2, step / 2 + step, step / 2 + 2 * step];
    if inner.0 + offsets[0] < width {
        return Ok(None);
    }
    let places: Vec<usize> = offsets
        .iter()
        .map(|o| inner.0 + o - width)
        .chain(offsets.iter().map(|o| inner.0 + 1 + o))
        .chain(offsets.iter().map(|o| inner.1 + 1 + o))
        .collect();
    // nothing but blanks and bars away from the cell places
    let stray = chars
        .iter()
        .enumerate()
        .any(|(i, &c)| !c.is_whitespace() && !is_bar(c) && !places.contains(&i));
    if stray {
        return Ok(None);
    }
    let mut cells = Vec::with_capacity(9);
    for &i in &places {
        match chars.get(i) {
            None => cells.push(CellText::Empty),
            Some(c) if c.is_whitespace() => cells.push(CellText::Empty),
            Some(&c) => match CellText::of(c) {
                Some(cell) => cells.push(cell),
                None => return Err(not_allowed(c).at_column(i + 1)),
            },
        }
    }
    Ok(Some(cells))
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
