//! Roles into shapes. Each role has one style, the same in every picture
//! (the classes of [`super::STYLE`]), and no role relies on colour alone:
//! removed candidates are crossed out, fins are squares, endo-fins
//! diamonds, placements rounded squares with a white digit, "off" chain
//! nodes dashed rings, base houses solid outlines and cover houses dashed,
//! the two colours of a cluster circles and squares (a second cluster's
//! with dashed outlines), almost locked sets hatched each at its own angle
//! with its own outline (a set sharing cells with another drawn inside
//! it).
//!
//! A picture is painted at four depths: tints under the grid lines (houses,
//! cells, sets), marks under the digits (candidate shapes), the arrows
//! (under the digits, which then get a white halo), and overlays on top
//! (white digits, crosses, outlines, group boxes).

use super::board::{centre, corner, slot, CELL, R, SLOT, X0, Y0};
use super::Out;
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, House, HouseKind};
use crate::render::roles::{CandidateRole, CellRole, HouseRole, Roles};
use std::fmt::Write;

/// Which part of the roles to paint: the area (hint level 2, where to
/// look), the pattern and the effect (level 3, the whole step).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Part {
    Area,
    Pattern,
    Effect,
}

/// The rectangle of a house: x, y, width, height.
pub(super) fn house_rect(h: House) -> (i32, i32, i32, i32) {
    let n = i32::from(h.number());
    match h.kind() {
        HouseKind::Row => (X0, Y0 + n * CELL, 9 * CELL, CELL),
        HouseKind::Col => (X0 + n * CELL, Y0, CELL, 9 * CELL),
        HouseKind::Block => (
            X0 + (n % 3) * 3 * CELL,
            Y0 + (n / 3) * 3 * CELL,
            3 * CELL,
            3 * CELL,
        ),
    }
}

/// The outline of a set of cells along the cell edges, `inset` px inside
/// them: one path. Corners meet: a convex corner is cut short by the
/// inset, a concave one reached past the edge by it.
pub(super) fn outline(o: &mut Out, cells: CellSet, inset: i32, class: &str) {
    if cells.is_empty() {
        return;
    }
    let d = inset;
    let _ = write!(o.s, "<path class=\"{class}\" d=\"");
    for c in cells {
        let (x, y) = corner(c);
        let (r, k) = (i32::from(c.row()), i32::from(c.col()));
        let inside = |r: i32, k: i32| -> bool {
            (0..9).contains(&r)
                && (0..9).contains(&k)
                && cells.contains(crate::grid::Cell::at(r as u8, k as u8))
        };
        // how far an edge reaches past the corner at one end: `(dr, dk)`
        // along the edge, `(nr, nk)` out of the set
        let reach = |dr: i32, dk: i32, nr: i32, nk: i32| -> i32 {
            if !inside(r + dr, k + dk) {
                -d
            } else if inside(r + dr + nr, k + dk + nk) {
                d
            } else {
                0
            }
        };
        if !inside(r - 1, k) {
            let (a, b) = (reach(0, -1, -1, 0), reach(0, 1, -1, 0));
            let _ = write!(o.s, "M{} {}h{}", x - a, y + d, CELL + a + b);
        }
        if !inside(r + 1, k) {
            let (a, b) = (reach(0, -1, 1, 0), reach(0, 1, 1, 0));
            let _ = write!(o.s, "M{} {}h{}", x - a, y + CELL - d, CELL + a + b);
        }
        if !inside(r, k - 1) {
            let (a, b) = (reach(-1, 0, 0, -1), reach(1, 0, 0, -1));
            let _ = write!(o.s, "M{} {}v{}", x + d, y - a, CELL + a + b);
        }
        if !inside(r, k + 1) {
            let (a, b) = (reach(-1, 0, 0, 1), reach(1, 0, 0, 1));
            let _ = write!(o.s, "M{} {}v{}", x + CELL - d, y - a, CELL + a + b);
        }
    }
    o.s.push_str("\"/>");
}

/// The inset of each set's outline: 2 px, or more for a set sharing cells
/// with an earlier one, so that a cell in two sets shows both outlines,
/// one inside the other.
pub(super) fn set_insets(roles: &Roles) -> Vec<i32> {
    let mut levels: Vec<i32> = Vec::with_capacity(roles.sets.len());
    for (i, &(set, _)) in roles.sets.iter().enumerate() {
        let taken: Vec<i32> = roles.sets[..i]
            .iter()
            .zip(&levels)
            .filter(|((other, _), _)| other.intersects(set))
            .map(|(_, &l)| l)
            .collect();
        let level = (0..).find(|l| !taken.contains(l)).unwrap_or(0);
        levels.push(level);
    }
    levels.into_iter().map(|l| 2 + 5 * l).collect()
}

fn cells_rects(o: &mut Out, cells: impl IntoIterator<Item = crate::grid::Cell>, class: &str) {
    for c in cells {
        let (x, y) = corner(c);
        let _ = write!(
            o.s,
            "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>"
        );
    }
}

fn house_class(r: HouseRole) -> (&'static str, &'static str) {
    match r {
        HouseRole::Pattern => ("hP", "hPo"),
        HouseRole::Base => ("hB", "hBo"),
        HouseRole::Cover => ("hC", "hCo"),
    }
}

/// The tint class of a cell role (none for roles drawn as outlines only).
fn cell_tint(r: CellRole) -> Option<&'static str> {
    match r {
        CellRole::Pattern => Some("kP"),
        CellRole::Pivot | CellRole::Stem => Some("kV"),
        CellRole::Pincer => Some("kN"),
        CellRole::Corner => Some("kC"),
        CellRole::Extra => Some("kX"),
        CellRole::Guess => Some("kG"),
        CellRole::Blocker | CellRole::Contradiction | CellRole::Mistake => None,
    }
}

/// Tints under the grid lines.
pub(super) fn tints(o: &mut Out, roles: &Roles, part: Part) {
    match part {
        Part::Area => {
            for &h in &roles.area.houses {
                let (x, y, w, hh) = house_rect(h);
                let _ = write!(
                    o.s,
                    "<rect class=\"ta\" x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{hh}\"/>"
                );
            }
            cells_rects(o, roles.area.cells, "ta");
        }
        Part::Pattern => {
            for &(h, r) in &roles.houses {
                let (x, y, w, hh) = house_rect(h);
                let _ = write!(
                    o.s,
                    "<rect class=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{hh}\"/>",
                    house_class(r).0
                );
            }
            for (i, &(set, _)) in roles.sets.iter().enumerate() {
                cells_rects(o, set, &format!("s{}", i % 6));
            }
            for &(c, r) in &roles.cells {
                if let Some(class) = cell_tint(r) {
                    cells_rects(o, [c], class);
                }
            }
        }
        Part::Effect => {}
    }
}

/// The shape of a candidate mark.
#[derive(Clone, Copy)]
pub(super) enum Shape {
    Circle,
    Square,
    Diamond,
}

pub(super) fn shape(o: &mut Out, (x, y): (i32, i32), shape: Shape, class: &str) {
    match shape {
        Shape::Circle => {
            let _ = write!(
                o.s,
                "<circle class=\"{class}\" cx=\"{x}\" cy=\"{y}\" r=\"{R}\"/>"
            );
        }
        Shape::Square => {
            let _ = write!(
                o.s,
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"16\" height=\"16\" rx=\"2\"/>",
                x - 8,
                y - 8
            );
        }
        Shape::Diamond => {
            let _ = write!(
                o.s,
                "<path class=\"{class}\" d=\"M{x} {}l10 10-10 10-10-10z\"/>",
                y - 10
            );
        }
    }
}

/// The class and shape of a candidate role.
pub(super) fn candidate_style(r: CandidateRole) -> (String, Shape) {
    match r {
        CandidateRole::Pattern => ("cP".into(), Shape::Circle),
        CandidateRole::Z => ("cZ".into(), Shape::Circle),
        CandidateRole::Rcc => ("cR".into(), Shape::Circle),
        CandidateRole::Fin => ("cF".into(), Shape::Square),
        CandidateRole::EndoFin => ("cE".into(), Shape::Diamond),
        CandidateRole::On | CandidateRole::Premise { on: true } => ("cOn".into(), Shape::Circle),
        CandidateRole::Off | CandidateRole::Premise { on: false } => ("cOff".into(), Shape::Circle),
        CandidateRole::Color(k) => {
            let shape = if k % 2 == 0 {
                Shape::Circle
            } else {
                Shape::Square
            };
            (format!("q{}", k % 6), shape)
        }
    }
}

/// Whether a role's mark is dark enough to need a white digit on it.
pub(super) fn solid(r: CandidateRole) -> bool {
    matches!(r, CandidateRole::On | CandidateRole::Premise { on: true })
}

/// Candidate marks under the digits.
pub(super) fn marks(o: &mut Out, board: &Board, roles: &Roles, part: Part) {
    let empty = |c: &Candidate| board.value(c.cell).is_none();
    match part {
        Part::Area => {
            for d in roles.area.digits {
                for cell in board.positions(d) {
                    shape(o, slot(Candidate::new(cell, d)), Shape::Circle, "cA");
                }
            }
        }
        Part::Pattern => {
            for (c, r) in roles.candidates.iter().filter(|(c, _)| empty(c)) {
                let (class, sh) = candidate_style(*r);
                shape(o, slot(*c), sh, &class);
            }
        }
        Part::Effect => {
            for c in roles.placements.iter().filter(|c| empty(c)) {
                let (x, y) = slot(*c);
                let _ = write!(
                    o.s,
                    "<rect class=\"cS\" x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" rx=\"4\"/>",
                    x - 9,
                    y - 9
                );
            }
            for c in roles.eliminations.iter().filter(|c| empty(c)) {
                if !roles.candidates.iter().any(|(x, _)| x == c) {
                    shape(o, slot(*c), Shape::Circle, "cX");
                }
            }
        }
    }
}

/// White digits over solid marks, as one text element; `class` gives them
/// a halo of the mark's colour (over the white halo of the pencil marks
/// under them, when the picture has arrows).
fn white_digits(o: &mut Out, cands: impl Iterator<Item = Candidate>, class: &str) {
    let (mut xs, mut ys, mut ds) = (String::new(), String::new(), String::new());
    for c in cands {
        let (x, y) = slot(c);
        if !xs.is_empty() {
            xs.push(' ');
            ys.push(' ');
        }
        let _ = write!(xs, "{x}");
        let _ = write!(ys, "{}", y + 5);
        let _ = write!(ds, "{}", c.digit);
    }
    if !ds.is_empty() {
        let _ = write!(
            o.s,
            "<text class=\"wd {class}\" x=\"{xs}\" y=\"{ys}\">{ds}</text>"
        );
    }
}

/// Overlays: white digits, outlines, crosses; arrows are drawn by
/// [`super::arrows`].
pub(super) fn overlays(o: &mut Out, board: &Board, roles: &Roles, part: Part) {
    let empty = |c: &Candidate| board.value(c.cell).is_none();
    match part {
        Part::Area => {
            for &h in &roles.area.houses {
                let (x, y, w, hh) = house_rect(h);
                let _ = write!(
                    o.s,
                    "<rect class=\"oa\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                    x + 3,
                    y + 3,
                    w - 6,
                    hh - 6
                );
            }
            outline(o, roles.area.cells, 0, "oa");
        }
        Part::Pattern => {
            for &(h, r) in &roles.houses {
                let (x, y, w, hh) = house_rect(h);
                let _ = write!(
                    o.s,
                    "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                    house_class(r).1,
                    x + 3,
                    y + 3,
                    w - 6,
                    hh - 6
                );
            }
            for (i, (&(set, _), inset)) in roles.sets.iter().zip(set_insets(roles)).enumerate() {
                outline(o, set, inset, &format!("so{}", i % 6));
            }
            white_digits(
                o,
                roles
                    .candidates
                    .iter()
                    .filter(|(c, r)| solid(*r) && empty(c))
                    .map(|(c, _)| *c),
                "wO",
            );
            for (c, r) in &roles.candidates {
                if matches!(r, CandidateRole::Premise { .. }) && empty(c) {
                    let (x, y) = slot(*c);
                    let h = SLOT / 2;
                    let _ = write!(
                        o.s,
                        "<rect class=\"oQ\" x=\"{}\" y=\"{}\" width=\"{SLOT}\" height=\"{SLOT}\"/>",
                        x - h,
                        y - h
                    );
                }
            }
            for &(c, r) in &roles.cells {
                let (x, y) = corner(c);
                match r {
                    CellRole::Blocker => {
                        let (cx, cy) = centre(c);
                        let _ = write!(
                            o.s,
                            "<circle class=\"oB\" cx=\"{cx}\" cy=\"{cy}\" r=\"25\"/>"
                        );
                    }
                    CellRole::Contradiction | CellRole::Mistake => {
                        let _ = write!(
                            o.s,
                            "<rect class=\"oX\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\
                             <rect class=\"oX\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                            x + 2,
                            y + 2,
                            CELL - 4,
                            CELL - 4,
                            x + 7,
                            y + 7,
                            CELL - 14,
                            CELL - 14
                        );
                    }
                    CellRole::Corner | CellRole::Guess => {
                        let _ = write!(
                            o.s,
                            "<rect class=\"oC\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                            x + 3,
                            y + 3,
                            CELL - 6,
                            CELL - 6
                        );
                    }
                    _ => {}
                }
            }
        }
        Part::Effect => {
            white_digits(
                o,
                roles.placements.iter().copied().filter(|c| empty(c)),
                "wS",
            );
            // a removed candidate drawn solid (a forcing net's premise, an
            // "on" node) turns into a removed one, its digit dark again
            for &(c, _) in roles
                .candidates
                .iter()
                .filter(|(c, r)| solid(*r) && empty(c) && roles.eliminations.contains(c))
            {
                let (x, y) = slot(c);
                shape(o, (x, y), Shape::Circle, "cX");
                let _ = write!(
                    o.s,
                    "<text class=\"pm\" x=\"{x}\" y=\"{}\">{}</text>",
                    y + 5,
                    c.digit
                );
            }
            if roles.eliminations.iter().any(&empty) {
                o.s.push_str("<path class=\"xX\" d=\"");
                for c in roles.eliminations.iter().filter(|c| empty(c)) {
                    let (x, y) = slot(*c);
                    let _ = write!(o.s, "M{} {}l12 12m0-12l-12 12", x - 6, y - 6);
                }
                o.s.push_str("\"/>");
            }
        }
    }
}
