//! The legend under the grid: one sample and a few words for each role the
//! picture shows, in two columns.

use super::board::WIDTH;
use super::paint::{candidate_style, shape, Part, Shape};
use super::text::escape;
use super::Out;
use crate::grid::Candidate;
use crate::render::roles::{CandidateRole, CellRole, HouseRole, LinkRole, Roles, SetRole};
use std::fmt::Write;

/// How a legend entry is drawn.
enum Sample {
    Rect {
        fill: &'static str,
        line: &'static str,
    },
    Ring,
    Disc(&'static str),
    Mark(CandidateRole),
    Placed,
    Removed,
    Line(String),
    Group(&'static str),
}

const ROW: i32 = 24;
const COLUMN: i32 = 270;

/// The legend entries for the parts shown.
fn entries(roles: &Roles, parts: &[Part]) -> Vec<(Sample, String)> {
    let mut v = Vec::new();
    if parts.contains(&Part::Area) {
        if !roles.area.houses.is_empty() || !roles.area.cells.is_empty() {
            v.push((
                Sample::Rect {
                    fill: "ta",
                    line: "oa",
                },
                "look here".to_string(),
            ));
        }
        if !roles.area.digits.is_empty() {
            let ds: Vec<String> = roles.area.digits.iter().map(|d| d.to_string()).collect();
            v.push((
                Sample::Disc("cA"),
                format!("every candidate {}", ds.join(" and ")),
            ));
        }
    }
    if parts.contains(&Part::Pattern) {
        pattern_entries(roles, &mut v);
    }
    if parts.contains(&Part::Effect) {
        if !roles.placements.is_empty() {
            v.push((Sample::Placed, "placed".to_string()));
        }
        if !roles.eliminations.is_empty() {
            v.push((Sample::Removed, "removed".to_string()));
        }
    }
    v
}

fn pattern_entries(roles: &Roles, v: &mut Vec<(Sample, String)>) {
    for (role, fill, line, label) in [
        (HouseRole::Pattern, "hP", "hPo", "house of the pattern"),
        (HouseRole::Base, "hB", "hBo", "base house"),
        (HouseRole::Cover, "hC", "hCo", "cover house"),
    ] {
        if roles.houses.iter().any(|&(_, r)| r == role) {
            v.push((Sample::Rect { fill, line }, label.to_string()));
        }
    }
    let cell_entries = [
        (CellRole::Pattern, "kP", "", "cell of the pattern"),
        (CellRole::Pivot, "kV", "", "pivot"),
        (CellRole::Pincer, "kN", "", "pincer"),
        (CellRole::Corner, "kC", "oC", "rectangle corner"),
        (CellRole::Extra, "kX", "", "extra cell"),
        (CellRole::Stem, "kV", "", "stem"),
        (CellRole::Contradiction, "", "oX", "contradiction"),
        (CellRole::Guess, "kG", "oC", "guessed cell"),
        (CellRole::Mistake, "", "oX", "mistake"),
    ];
    for (role, fill, line, label) in cell_entries {
        if roles.cells.iter().any(|&(_, r)| r == role) {
            v.push((Sample::Rect { fill, line }, label.to_string()));
        }
    }
    if roles.cells.iter().any(|&(_, r)| r == CellRole::Blocker) {
        v.push((Sample::Ring, "value ruling out a candidate".to_string()));
    }
    let mut letters = (b'A'..=b'Z').map(char::from).cycle();
    for (i, &(cells, role)) in roles.sets.iter().enumerate() {
        let fill = ["s0", "s1", "s2", "s3", "s4", "s5"][i % 6];
        let line = ["so0", "so1", "so2", "so3", "so4", "so5"][i % 6];
        let label = match role {
            SetRole::Als => format!(
                "almost locked set {}: {cells}",
                letters.next().unwrap_or('A')
            ),
            SetRole::Intersection => "intersection of line and block".to_string(),
            SetRole::LinePart => "cells of the line".to_string(),
            SetRole::BlockPart => "cells of the block".to_string(),
        };
        v.push((Sample::Rect { fill, line }, label));
    }
    let forcing = !roles.branches.is_empty();
    let clusters = roles
        .candidates
        .iter()
        .filter_map(|&(_, r)| match r {
            CandidateRole::Color(k) => Some(k / 2),
            _ => None,
        })
        .max();
    let mut seen: Vec<CandidateRole> = roles.candidates.iter().map(|&(_, r)| r).collect();
    seen.sort();
    seen.dedup();
    for r in seen {
        let label = match r {
            CandidateRole::Pattern => "candidate of the pattern".to_string(),
            CandidateRole::Z => "digit z".to_string(),
            CandidateRole::Rcc => "restricted common digit".to_string(),
            CandidateRole::Fin => "fin".to_string(),
            CandidateRole::EndoFin => "endo-fin".to_string(),
            CandidateRole::On if forcing => "set by the assumption".to_string(),
            CandidateRole::Off if forcing => "removed by the assumption".to_string(),
            CandidateRole::On => "on: true in this reading".to_string(),
            CandidateRole::Off => "off: false in this reading".to_string(),
            CandidateRole::Premise { on: true } => "assumed true".to_string(),
            CandidateRole::Premise { on: false } => "assumed false".to_string(),
            CandidateRole::Color(k) => {
                let side = if k % 2 == 0 { "A" } else { "B" };
                if clusters.unwrap_or(0) > 0 {
                    format!("cluster {}, colour {side}", k / 2 + 1)
                } else {
                    format!("colour {side}")
                }
            }
        };
        v.push((Sample::Mark(r), label));
    }
    for (on, class, label) in [
        (true, "gOn", "group true: in one of its cells"),
        (false, "gOff", "group false: in none of its cells"),
    ] {
        if roles.groups.iter().any(|g| g.on == on) {
            v.push((Sample::Group(class), label.to_string()));
        }
    }
    let has = |want: LinkRole| roles.links.iter().any(|l| l.role == want);
    if has(LinkRole::Strong) && !forcing {
        v.push((
            Sample::Line("lS".to_string()),
            "strong link: one end is true".to_string(),
        ));
    }
    if has(LinkRole::Weak) && !forcing {
        v.push((
            Sample::Line("lW".to_string()),
            "weak link: not both ends true".to_string(),
        ));
    }
    if has(LinkRole::Conjugate) {
        v.push((
            Sample::Line("lC".to_string()),
            "exactly one end is true".to_string(),
        ));
    }
    let fact =
        |c: Candidate, on: bool| format!("{}{}{}", c.cell, if on { "=" } else { "<>" }, c.digit);
    for (k, b) in roles.branches.iter().enumerate() {
        // a branch told short: where it ends, and in how many steps
        let ends: Vec<(String, u8)> = roles
            .links
            .iter()
            .filter(|l| usize::from(l.branch) == k)
            .filter_map(|l| match l.role {
                LinkRole::Leads { on, steps } => {
                    l.to.cells
                        .first()
                        .map(|cell| (fact(Candidate::new(cell, l.to.digit), on), steps))
                }
                _ => None,
            })
            .collect();
        let label = if ends.is_empty() {
            format!("branch {}: from {}", k + 1, fact(b.premise, b.on))
        } else {
            let steps = ends.iter().map(|e| e.1).max().unwrap_or(1);
            let ends: Vec<&str> = ends.iter().map(|e| e.0.as_str()).collect();
            format!(
                "branch {}: {} … {} ({steps} step{})",
                k + 1,
                fact(b.premise, b.on),
                ends.join(", "),
                if steps == 1 { "" } else { "s" }
            )
        };
        v.push((Sample::Line(format!("lS b{}", k % 6)), label));
    }
    if forcing {
        v.push((
            Sample::Line("lW".to_string()),
            "dashed: leads to a removal".to_string(),
        ));
    }
    if roles
        .links
        .iter()
        .any(|l| matches!(l.role, LinkRole::Leads { .. }))
    {
        v.push((
            Sample::Line("lS lL".to_string()),
            "thick: many steps as one arrow".to_string(),
        ));
    }
    if roles
        .links
        .iter()
        .any(|l| matches!(l.role, LinkRole::ByTechnique { .. }))
    {
        v.push((
            Sample::Line("lT".to_string()),
            "dotted: by a technique (see text)".to_string(),
        ));
    }
}

/// Labels longer than this take a whole row of the legend.
const NARROW: usize = 34;

/// The legend at `y` for the parts shown; returns its height (0 when there
/// is nothing to explain). Entries go in two columns; a long one takes a
/// whole row.
pub(super) fn legend(o: &mut Out, roles: &Roles, parts: &[Part], y: i32) -> i32 {
    let items = entries(roles, parts);
    if items.is_empty() {
        return 0;
    }
    let left = (WIDTH - 2 * COLUMN) / 2;
    let (mut row, mut column) = (0, 0);
    for (sample, label) in &items {
        let wide = label.chars().count() > NARROW;
        if wide && column == 1 {
            (row, column) = (row + 1, 0);
        }
        let x = left + column * COLUMN;
        let cy = y + row * ROW + ROW / 2;
        draw(o, sample, x + 12, cy);
        let _ = write!(
            o.s,
            "<text class=\"tx\" x=\"{}\" y=\"{}\">{}</text>",
            x + 30,
            cy + 5,
            escape(label)
        );
        if wide || column == 1 {
            (row, column) = (row + 1, 0);
        } else {
            column = 1;
        }
    }
    (row + column) * ROW
}

fn draw(o: &mut Out, sample: &Sample, x: i32, y: i32) {
    match sample {
        Sample::Rect { fill, line } => {
            for class in [fill, line].into_iter().filter(|c| !c.is_empty()) {
                let _ = write!(
                    o.s,
                    "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"20\" height=\"18\"/>",
                    x - 10,
                    y - 9
                );
            }
        }
        Sample::Ring => {
            let _ = write!(o.s, "<circle class=\"oB\" cx=\"{x}\" cy=\"{y}\" r=\"9\"/>");
        }
        Sample::Disc(class) => shape(o, (x, y), Shape::Circle, class),
        Sample::Mark(r) => {
            let (class, sh) = candidate_style(*r);
            shape(o, (x, y), sh, &class);
            if matches!(r, CandidateRole::Premise { .. }) {
                let _ = write!(
                    o.s,
                    "<rect class=\"oQ\" x=\"{}\" y=\"{}\" width=\"20\" height=\"20\"/>",
                    x - 10,
                    y - 10
                );
            }
        }
        Sample::Placed => {
            let _ = write!(
                o.s,
                "<rect class=\"cS\" x=\"{}\" y=\"{}\" width=\"18\" height=\"18\" rx=\"4\"/>",
                x - 9,
                y - 9
            );
        }
        Sample::Removed => {
            shape(o, (x, y), Shape::Circle, "cX");
            let _ = write!(
                o.s,
                "<path class=\"xX\" d=\"M{} {}l12 12m0-12l-12 12\"/>",
                x - 6,
                y - 6
            );
        }
        Sample::Line(class) => {
            let _ = write!(o.s, "<path class=\"{class}\" d=\"M{} {y}h22\"/>", x - 12);
        }
        Sample::Group(class) => {
            let _ = write!(
                o.s,
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"22\" height=\"18\" rx=\"6\"/>",
                x - 11,
                y - 9
            );
        }
    }
}
