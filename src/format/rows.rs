//! Nine lines of nine cells, one line per row: `0 6 0 0 0 5 2 0 4`, with
//! blanks, tabs, commas or nothing between the cells (`060005204`), and
//! `0` `.` `_` `*` for an empty cell. The rows of a boxed grid are read the
//! same way (`|` is a separator too). A `+` before a digit marks a value
//! that was placed rather than given.

use super::{lone_plus, not_allowed, CellText, ParseError};
use crate::grid::{Cell, Grid};

/// Whether `ch` separates the cells of a row.
pub(crate) fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | ',' | ';') || super::boxgrid::is_box_drawing(ch)
}

/// The cells of one row line written one character per cell, at most 81 of
/// them kept, and how many there were. Errors carry the column.
pub(crate) fn row_cells(line: &str) -> Result<(Vec<CellText>, usize), ParseError> {
    row_cells_up_to(line, usize::MAX).map(|(cells, count, _)| (cells, count))
}

/// The column of the cell after the first `n` cells of a row line (or the
/// column after the line when it has no more): where a row with another
/// number of cells than `n` goes wrong.
pub(crate) fn column_after(line: &str, n: usize) -> usize {
    match row_cells_up_to(line, n) {
        Ok((_, _, Some(column))) => column,
        _ => line.trim_end().chars().count() + 1,
    }
}

/// [`row_cells`], also giving the column of the cell after the first `n`.
fn row_cells_up_to(
    line: &str,
    n: usize,
) -> Result<(Vec<CellText>, usize, Option<usize>), ParseError> {
    let mut after = None;
    let mut cells = Vec::new();
    let mut count = 0;
    let mut plus: Option<usize> = None;
    for (i, ch) in line.chars().enumerate() {
        let column = i + 1;
        if ch == '+' && plus.is_none() {
            plus = Some(column);
            continue;
        }
        if is_separator(ch) && plus.is_none() {
            continue;
        }
        let cell = match (CellText::of(ch), plus) {
            (Some(CellText::Given(d)), Some(_)) => CellText::Placed(d),
            (Some(cell), None) => cell,
            (_, Some(p)) => return Err(lone_plus().at_column(p)),
            (None, None) => return Err(not_allowed(ch).at_column(column)),
        };
        plus = None;
        if count == n {
            after.get_or_insert(column);
        }
        count += 1;
        if cells.len() < 81 {
            cells.push(cell);
        }
    }
    if let Some(p) = plus {
        return Err(lone_plus().at_column(p));
    }
    Ok((cells, count, after))
}

/// Fill row `row` (0-based) of `grid` with nine cells.
pub(crate) fn fill_row(grid: &mut Grid, row: u8, cells: &[CellText]) {
    for (col, cell) in (0u8..9).zip(cells) {
        cell.fill(grid, Cell::at(row, col));
    }
}

/// Nine lines of nine cells separated by blanks, `0` for an empty cell,
/// each line ending with a newline:
///
/// ```text
/// 5 3 0 0 7 0 0 0 0
/// 6 0 0 1 9 5 0 0 0
/// ...
/// ```
pub fn nine_lines(grid: &Grid) -> String {
    let mut out = String::with_capacity(162);
    for row in grid.values().chunks(9) {
        let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}
