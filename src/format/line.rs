//! The 81-character line: the cells row by row, `1`-`9` for a given and
//! `.` `0` `_` `*` for an empty cell (a `+` before a digit marks a placed
//! value, as HoDoKu writes it). Anything after the 81 cells on the line —
//! `  # comment`, `,label,4.5`, a tab and a rating — is not part of the
//! puzzle: it is kept as the puzzle's label, without the blanks and the
//! `#` `,` `;` `|` that lead it.

use super::{cell_count, is_cell_char, lone_plus, not_allowed, CellText, ParseError};
use crate::grid::{Cell, Grid};

/// How many cells the line starts with (after leading blanks): the length
/// of its leading run of cell characters, `+5` counting as one cell.
pub(crate) fn leading_cells(line: &str) -> usize {
    let mut n = 0;
    let mut chars = line.trim_start().chars().peekable();
    while let Some(ch) = chars.next() {
        if is_cell_char(ch) {
            n += 1;
        } else if ch == '+' && chars.peek().is_some_and(|c| c.is_ascii_digit()) {
            continue;
        } else {
            break;
        }
    }
    n
}

/// Whether a character may start a label after the cells.
fn starts_label(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '#' | ',' | ';' | '|')
}

/// Parse an 81-character line; returns the grid and the label (the text
/// after the cells). Errors carry the column.
pub fn parse_line(line: &str) -> Result<(Grid, String), ParseError> {
    let mut grid = Grid::default();
    let mut n: usize = 0;
    let mut plus: Option<usize> = None;
    let mut rest = "";
    // the column after the cells: where an 80th or an 82nd cell stands
    let mut end = line.chars().count() + 1;
    let start = line.len() - line.trim_start().len();
    for (i, (byte, ch)) in line.char_indices().enumerate() {
        if byte < start {
            continue;
        }
        let column = i + 1;
        if n == 81 {
            rest = line.get(byte..).unwrap_or("");
            end = column;
            break;
        }
        if ch == '+' && plus.is_none() {
            plus = Some(column);
            continue;
        }
        let cell = match (CellText::of(ch), plus) {
            (Some(CellText::Given(d)), Some(_)) => CellText::Placed(d),
            (Some(cell), None) => cell,
            (_, Some(p)) => return Err(lone_plus().at_column(p)),
            (None, None) if starts_label(ch) => return Err(cell_count(n).at_column(column)),
            (None, None) => return Err(not_allowed(ch).at_column(column)),
        };
        plus = None;
        if let Some(c) = Cell::new(n as u8) {
            cell.fill(&mut grid, c);
        }
        n += 1;
    }
    if let Some(p) = plus {
        return Err(lone_plus().at_column(p));
    }
    if n < 81 {
        return Err(cell_count(n).at_column(end));
    }
    let more = leading_cells_here(rest);
    if more > 0 {
        return Err(cell_count(81 + more).at_column(end));
    }
    Ok((grid, label(rest)))
}

/// The common line read quickly: 81 cells of one character each (`1`-`9`,
/// `.` `0` `_` `*`) from the first column, alone on the line or followed by
/// a blank, `#` or `,` and a label. `None` for any other line, which
/// [`parse_line`] reads (with the same result where both apply).
pub(crate) fn plain_line(line: &str) -> Option<(Grid, String)> {
    let bytes = line.as_bytes();
    let (cells, rest) = (bytes.get(..81)?, bytes.get(81..).unwrap_or_default());
    if !rest
        .first()
        .is_none_or(|&b| b.is_ascii_whitespace() || b == b'#' || b == b',')
    {
        return None;
    }
    // Without a branch per cell: the cells of a line are too irregular
    // for the branches to be predicted.
    let mut values = [0u8; 81];
    let mut readable = true;
    for (value, &b) in values.iter_mut().zip(cells) {
        let digit = b.wrapping_sub(b'0');
        let given = digit.wrapping_sub(1) < 9;
        readable &= given | matches!(b, b'.' | b'0' | b'_' | b'*');
        *value = if given { digit } else { 0 };
    }
    if !readable {
        return None;
    }
    let grid = Grid::from_values(values);
    let label = match line.get(81..) {
        Some(rest) if !rest.is_empty() => label(rest),
        _ => String::new(),
    };
    Some((grid, label))
}

/// Cells right at the start of `text` (no blanks skipped).
fn leading_cells_here(text: &str) -> usize {
    if text.starts_with(|c: char| c.is_whitespace()) {
        0
    } else {
        leading_cells(text)
    }
}

/// The label: the text after the cells without its leading separators.
fn label(rest: &str) -> String {
    rest.trim()
        .trim_start_matches(['#', ',', ';', '|'])
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn the_quick_path_reads_what_the_general_one_reads() {
        let lines = [
            PUZZLE.to_string(),
            format!("{PUZZLE},a label,4.5"),
            format!("{PUZZLE}\t7.2"),
            format!("{PUZZLE}  # a comment"),
            PUZZLE.replace('.', "0"),
            PUZZLE.replace('.', "_"),
        ];
        for line in &lines {
            let quick = plain_line(line).expect("a plain line");
            assert_eq!(Ok(quick), parse_line(line), "{line}");
        }
    }

    #[test]
    fn the_quick_path_leaves_every_other_line_to_the_general_one() {
        let others = [
            format!("{PUZZLE}1"),          // 82 cells: an error there
            format!(" {PUZZLE}"),          // leading blank
            format!("+5{}", &PUZZLE[1..]), // a placed value
            PUZZLE.replacen('.', "x", 1),  // a bad character
            PUZZLE.replacen('.', "é", 1),  // a character of two bytes
            PUZZLE.replacen('.', "\0", 1), // a byte below the digits
            format!("{PUZZLE};label"),     // read as a longer word there
            PUZZLE[..80].to_string(),      // 80 cells
        ];
        for line in &others {
            assert_eq!(plain_line(line), None, "{line}");
        }
    }
}
