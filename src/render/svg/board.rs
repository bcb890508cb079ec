//! The position itself: the frame (cell and block lines, row and column
//! labels), the values (givens and placed values apart) and the pencil
//! marks. Text is drawn a band at a time: one `<text>` element with one x
//! per glyph for each line of pencil marks, which keeps a picture small.

use super::Out;
use crate::board::Board;
use crate::grid::{Candidate, Cell};
use std::fmt::Write;

/// Left and top margin (row and column labels), in px.
pub(super) const X0: i32 = 30;
pub(super) const Y0: i32 = 30;
/// One cell, in px; a candidate's slot is a third of it.
pub(super) const CELL: i32 = 60;
pub(super) const SLOT: i32 = CELL / 3;
/// The grid's side.
pub(super) const SIDE: i32 = 9 * CELL;
/// The picture's width: readable at 600 px.
pub const WIDTH: i32 = 600;
/// The radius of a candidate's mark.
pub(super) const R: i32 = 9;

/// The top-left corner of a cell.
pub(super) fn corner(cell: Cell) -> (i32, i32) {
    (
        X0 + i32::from(cell.col()) * CELL,
        Y0 + i32::from(cell.row()) * CELL,
    )
}

/// The centre of a cell.
pub(super) fn centre(cell: Cell) -> (i32, i32) {
    let (x, y) = corner(cell);
    (x + CELL / 2, y + CELL / 2)
}

/// The centre of a candidate's slot: digits 1-3 on the top line of the
/// cell, 4-6 in the middle, 7-9 at the bottom.
pub(super) fn slot(c: Candidate) -> (i32, i32) {
    let (x, y) = corner(c.cell);
    let k = c.digit.index() as i32;
    (x + SLOT / 2 + SLOT * (k % 3), y + SLOT / 2 + SLOT * (k / 3))
}

/// The cell and block lines and the labels `c1`..`c9`, `r1`..`r9`.
pub(super) fn frame(o: &mut Out) {
    let end = X0 + SIDE;
    o.s.push_str("<path class=\"ln\" d=\"");
    for i in (1..9).filter(|i| i % 3 != 0) {
        let p = X0 + i * CELL;
        let _ = write!(o.s, "M{p} {Y0}V{end}M{X0} {p}H{end}");
    }
    o.s.push_str("\"/><path class=\"bx\" d=\"");
    for i in (0..=9).step_by(3) {
        let p = X0 + i * CELL;
        let _ = write!(
            o.s,
            "M{p} {}V{}M{} {p}H{}",
            Y0 - 1,
            end + 1,
            X0 - 1,
            end + 1
        );
    }
    o.s.push_str("\"/>");
    for i in 0..9 {
        let _ = write!(
            o.s,
            "<text class=\"lb\" x=\"{}\" y=\"20\">c{}</text>",
            X0 + CELL / 2 + i * CELL,
            i + 1
        );
    }
    for i in 0..9 {
        let _ = write!(
            o.s,
            "<text class=\"lb\" x=\"14\" y=\"{}\">r{}</text>",
            Y0 + CELL / 2 + 4 + i * CELL,
            i + 1
        );
    }
}

/// Givens (dark) and placed values (blue), one text element per row and
/// kind.
pub(super) fn values(o: &mut Out, board: &Board) {
    for row in 0..9u8 {
        for given in [true, false] {
            let (mut xs, mut ds) = (String::new(), String::new());
            for col in 0..9u8 {
                let cell = Cell::at(row, col);
                let Some(v) = board.value(cell) else { continue };
                if board.is_given(cell) != given {
                    continue;
                }
                let (x, _) = centre(cell);
                if !xs.is_empty() {
                    xs.push(' ');
                }
                let _ = write!(xs, "{x}");
                let _ = write!(ds, "{v}");
            }
            if ds.is_empty() {
                continue;
            }
            let y = Y0 + i32::from(row) * CELL + CELL / 2 + 13;
            let class = if given { "gv" } else { "pv" };
            let _ = write!(
                o.s,
                "<text class=\"{class}\" x=\"{xs}\" y=\"{y}\">{ds}</text>"
            );
        }
    }
}

/// The pencil marks, one text element per line of slots across a row.
pub(super) fn pencil_marks(o: &mut Out, board: &Board) {
    for row in 0..9u8 {
        for band in 0..3u8 {
            let (mut xs, mut ds) = (String::new(), String::new());
            for col in 0..9u8 {
                let cell = Cell::at(row, col);
                if board.value(cell).is_some() {
                    continue;
                }
                for d in board.candidates(cell) {
                    if d.index() / 3 != usize::from(band) {
                        continue;
                    }
                    let (x, _) = slot(Candidate::new(cell, d));
                    if !xs.is_empty() {
                        xs.push(' ');
                    }
                    let _ = write!(xs, "{x}");
                    let _ = write!(ds, "{d}");
                }
            }
            if ds.is_empty() {
                continue;
            }
            let y = Y0 + i32::from(row) * CELL + SLOT / 2 + SLOT * i32::from(band) + 5;
            let _ = write!(o.s, "<text class=\"pm\" x=\"{xs}\" y=\"{y}\">{ds}</text>");
        }
    }
}
