//! Printing helpers shared by every format: the 81-character line and
//! two printed blocks side by side.

use crate::grid::Grid;

/// The 81-character line, `.` for an empty cell (no newline).
pub fn to_line(grid: &Grid) -> String {
    grid.to_line()
}

/// Two multi-line blocks side by side: every line of `left` padded to the
/// width of its widest line, then `gap` blanks, then the line of `right`.
/// The shorter block is padded with blank lines; trailing blanks are
/// trimmed; every line ends with a newline.
pub fn side_by_side(left: &str, right: &str, gap: usize) -> String {
    let width = left.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut lefts = left.lines();
    let mut rights = right.lines();
    let mut out = String::new();
    loop {
        let (l, r) = (lefts.next(), rights.next());
        if l.is_none() && r.is_none() {
            break;
        }
        let l = l.unwrap_or("");
        let r = r.unwrap_or("");
        let pad = width.saturating_sub(l.chars().count()) + gap;
        let line = format!("{l}{}{r}", " ".repeat(pad));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
