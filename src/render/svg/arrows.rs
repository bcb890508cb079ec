//! Links as arrows between candidates, and boxes around group nodes.
//!
//! An arrow joins the two nearest candidates of its nodes (for a group,
//! it stops at the group's box). It is straight when nothing lies in its
//! way, else bent (a quadratic curve) to the side that crosses the fewest
//! other candidates and values. Strong links are solid, weak links dashed;
//! a forcing branch's arrows take the branch's colour, solid into a fact
//! set and dashed into a fact removed; a branch told short is one thicker
//! arrow from its premise to each end (the legend says how many
//! implications it stands for).
//!
//! A group node is one box with one state: a solid green box when it is
//! true (the digit is in one of its cells), a dashed blue one when false,
//! like the single candidates' discs and rings.

use super::board::{centre, slot, CELL, R, X0, Y0};
use super::Out;
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit};
use crate::render::roles::{Link, LinkRole, Node, Roles};
use std::fmt::Write;

/// The slot centres of a node, in cell order.
fn points(n: &Node) -> Vec<(i32, i32)> {
    n.cells
        .iter()
        .map(|c| slot(Candidate::new(c, n.digit)))
        .collect()
}

/// The margin of a group's box around its candidates' slot centres.
const GROUP_MARGIN: i32 = R + 3;

/// Boxes around group nodes (one digit in several cells taken as one),
/// each one path in the style of its state: a box around each run of
/// neighbouring candidates, and a line from box to box across a gap, so
/// that a cell between two of a group's cells is not taken for one.
pub(super) fn groups(o: &mut Out, roles: &Roles) {
    for g in &roles.groups {
        let class = if g.on { "gOn" } else { "gOff" };
        let ps = points(&g.node);
        // runs of candidates in neighbouring cells of one row or column
        let mut runs: Vec<((i32, i32), (i32, i32))> = Vec::new();
        for &p in &ps {
            match runs.last_mut() {
                Some((first, last))
                    if (last.0 == p.0 && p.1 - last.1 == CELL && first.0 == p.0)
                        || (last.1 == p.1 && p.0 - last.0 == CELL && first.1 == p.1) =>
                {
                    *last = p;
                }
                _ => runs.push((p, p)),
            }
        }
        let m = GROUP_MARGIN;
        let _ = write!(o.s, "<path class=\"{class}\" d=\"");
        for &((x0, y0), (x1, y1)) in &runs {
            let (w, h) = (x1 - x0, y1 - y0);
            let _ = write!(
                o.s,
                "M{} {}h{w}a{m} {m} 0 0 1 {m} {m}v{h}a{m} {m} 0 0 1 -{m} {m}h-{w}\
                 a{m} {m} 0 0 1 -{m} -{m}v-{h}a{m} {m} 0 0 1 {m} -{m}z",
                x0,
                y0 - m
            );
        }
        for pair in runs.windows(2) {
            let (a, b) = (pair[0].1, pair[1].0);
            let (a, b) = ((a.0 as f32, a.1 as f32), (b.0 as f32, b.1 as f32));
            let (p, q) = (toward(a, b, m as f32), toward(b, a, m as f32));
            let _ = write!(o.s, "M{} {}L{} {}", num(p.0), num(p.1), num(q.0), num(q.1));
        }
        o.s.push_str("\"/>");
    }
}

/// Whether the point lies on something drawn: a present candidate other than
/// the arrow's ends, or a value.
fn blocked(board: &Board, p: (f32, f32), ends: &[(i32, i32)]) -> bool {
    let (x, y) = (p.0 - X0 as f32, p.1 - Y0 as f32);
    if x < 0.0 || y < 0.0 {
        return false;
    }
    let (col, row) = ((x / CELL as f32) as u8, (y / CELL as f32) as u8);
    if col > 8 || row > 8 {
        return false;
    }
    let cell = Cell::at(row, col);
    if board.value(cell).is_some() {
        let (cx, cy) = centre(cell);
        return (p.0 - cx as f32).hypot(p.1 - cy as f32) < 18.0;
    }
    let sx = ((x % CELL as f32) / (CELL / 3) as f32) as u8;
    let sy = ((y % CELL as f32) / (CELL / 3) as f32) as u8;
    let Some(d) = Digit::new(sy.min(2) * 3 + sx.min(2) + 1) else {
        return false;
    };
    if !board.has_candidate(cell, d) {
        return false;
    }
    let s = slot(Candidate::new(cell, d));
    if ends.contains(&s) {
        return false;
    }
    (p.0 - s.0 as f32).hypot(p.1 - s.1 as f32) < R as f32
}

/// The point of a quadratic curve at `t`.
fn at(a: (f32, f32), c: (f32, f32), b: (f32, f32), t: f32) -> (f32, f32) {
    let u = 1.0 - t;
    (
        u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
        u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
    )
}

/// A point `d` along the unit vector from `p` towards `q`.
fn toward(p: (f32, f32), q: (f32, f32), d: f32) -> (f32, f32) {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len = dx.hypot(dy).max(1e-3);
    (p.0 + dx / len * d, p.1 + dy / len * d)
}

/// A number for an attribute: one decimal, without a trailing `.0`.
fn num(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{}", r as i32)
    } else {
        format!("{r:.1}")
    }
}

/// The class of a link: its line style and colour.
fn class(l: &Link) -> String {
    match l.role {
        LinkRole::Strong => "lS".to_string(),
        LinkRole::Weak => "lW".to_string(),
        LinkRole::Conjugate => "lC".to_string(),
        LinkRole::Implies { on } => {
            format!("l{} b{}", if on { "S" } else { "W" }, l.branch % 6)
        }
        LinkRole::ByTechnique { .. } => format!("lT b{}", l.branch % 6),
        LinkRole::Leads { on, .. } => {
            format!("l{} lL b{}", if on { "S" } else { "W" }, l.branch % 6)
        }
    }
}

/// How far from a node's candidate an arrow stops: at the mark of a
/// single candidate, at the box of a group.
fn gap(n: &Node) -> i32 {
    if n.cells.len() > 1 {
        GROUP_MARGIN + 1
    } else {
        R + 1
    }
}

/// The arrows of the links.
pub(super) fn links(o: &mut Out, board: &Board, roles: &Roles) {
    for l in &roles.links {
        let (from, to) = (points(&l.from), points(&l.to));
        // the two nearest candidates of the nodes
        let Some((_, p, q)) = from
            .iter()
            .flat_map(|&p| {
                to.iter()
                    .map(move |&q| ((p.0 - q.0).pow(2) + (p.1 - q.1).pow(2), p, q))
            })
            .filter(|&(d, _, _)| d > 0)
            .min_by_key(|&(d, _, _)| d)
        else {
            continue;
        };
        let ends = [p, q];
        let (a, b) = ((p.0 as f32, p.1 as f32), (q.0 as f32, q.1 as f32));
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        // the bend: none, then a little to either side, then more; two
        // candidates close together are joined by a wide arc, so that the
        // arrow has room
        // the branches of a net after the first start bent, to either
        // side in turn, so that arrows of two branches do not overlap
        let close = dx.hypot(dy) < 45.0;
        let side = if l.branch % 2 == 0 { 1.0 } else { -1.0 };
        let later_branch = l.branch > 0
            && matches!(
                l.role,
                LinkRole::Implies { .. } | LinkRole::ByTechnique { .. } | LinkRole::Leads { .. }
            );
        let bends: Vec<f32> = if let LinkRole::Leads { .. } = l.role {
            // a branch told short: each branch on its own side
            vec![0.25 * side, 0.4 * side, 0.12 * side]
        } else if close {
            vec![0.9 * side, -0.9 * side]
        } else if later_branch {
            vec![0.18 * side, 0.32 * side, -0.18 * side, -0.32 * side]
        } else {
            vec![0.0, 0.18, -0.18, 0.32, -0.32]
        };
        let mut choice = (mid, usize::MAX);
        for &k in &bends {
            // the bend stays over the grid
            let c = (
                (mid.0 - dy * k).clamp((X0 + 6) as f32, (X0 + 9 * CELL - 6) as f32),
                (mid.1 + dx * k).clamp((Y0 + 6) as f32, (Y0 + 9 * CELL - 6) as f32),
            );
            let hits = (1..12)
                .filter(|&i| blocked(board, at(a, c, b, i as f32 / 12.0), &ends))
                .count();
            if hits < choice.1 {
                choice = (c, hits);
            }
            if hits == 0 {
                break;
            }
        }
        let c = choice.0;
        let start = toward(a, c, gap(&l.from) as f32);
        let end = toward(b, c, (gap(&l.to) + 1) as f32);
        let cls = class(l);
        if c == mid {
            let _ = write!(
                o.s,
                "<path class=\"{cls}\" d=\"M{} {}L{} {}\"/>",
                num(start.0),
                num(start.1),
                num(end.0),
                num(end.1)
            );
        } else {
            let _ = write!(
                o.s,
                "<path class=\"{cls}\" d=\"M{} {}Q{} {} {} {}\"/>",
                num(start.0),
                num(start.1),
                num(c.0),
                num(c.1),
                num(end.0),
                num(end.1)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::num;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.04), "12");
        assert_eq!(num(12.26), "12.3");
        assert_eq!(num(-3.5), "-3.5");
    }
}
