//! SVG pictures of a position and of a step, 600 px wide.
//!
//! A step is drawn on the position before it, every role of
//! [`crate::render::roles`] in one fixed style with a legend, and the step
//! line and its sentence under the grid. [`step`] draws a hint level, and
//! no more than that level's words say: 1 (the technique) the position
//! alone, 2 (where to look) the houses, cells and digits of the step's
//! focus, 3 (the step) the whole step. The same input always gives the
//! same bytes.
//!
//! The HTML walkthrough embeds [`layered`] pictures: all three levels in
//! one picture (the parts drawn from level 2 on in class `l2`, from level
//! 3 on in `l3`; the legends `k2`, `k3`), shown by the page's CSS, with the style and the frame
//! shared by the page ([`STYLE`], [`shared_defs`]).

mod arrows;
mod board;
mod legend;
mod paint;
#[doc(hidden)]
pub mod text;

pub use board::WIDTH;

use crate::board::Board;
use crate::hint::{Hint, HintLevel};
use crate::render::roles::{roles, CandidateRole, CellRole, Roles};
use crate::render::text as rtext;
use crate::step::Step;
use paint::Part;
use std::fmt::Write;

/// The string a picture is written into.
pub(crate) struct Out {
    pub(crate) s: String,
}

macro_rules! css_base {
    () => {
        "\
text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif}\
.bg{fill:#fff}\
.ln{stroke:#b0b0b0;stroke-width:1;fill:none}\
.bx{stroke:#222;stroke-width:3;fill:none;stroke-linecap:square}\
.lb{font-size:12px;fill:#777;text-anchor:middle}\
.gv{font-size:36px;font-weight:bold;fill:#1a1a1a;text-anchor:middle}\
.pv{font-size:36px;fill:#1f5fa8;text-anchor:middle}\
.pm{font-size:14px;fill:#4a4a4a;text-anchor:middle}\
.wd{font-size:14px;font-weight:bold;fill:#fff;text-anchor:middle}\
.tt{font-size:14px;font-weight:bold;fill:#111}\
.tx{font-size:13px;fill:#222}"
    };
}
macro_rules! css_area {
    () => {
        "\
.ta{fill:#F0E442;fill-opacity:.45}\
.oa{fill:none;stroke:#8a7a00;stroke-width:2.5;stroke-dasharray:7 4}\
.cA{fill:#fff09a;stroke:#a08c00;stroke-width:1.2}"
    };
}
macro_rules! css_houses {
    () => {
        "\
.hP{fill:#F0E442;fill-opacity:.28}\
.hPo{fill:none;stroke:#a08c00;stroke-width:2}\
.hB{fill:#56B4E9;fill-opacity:.22}\
.hBo{fill:none;stroke:#0072B2;stroke-width:2.5}\
.hC{fill:#E69F00;fill-opacity:.18}\
.hCo{fill:none;stroke:#a86a00;stroke-width:2.5;stroke-dasharray:9 5}"
    };
}
macro_rules! css_cells {
    () => {
        "\
.kP{fill:#F0E442;fill-opacity:.4}\
.kV{fill:#CC79A7;fill-opacity:.35}\
.kN{fill:#56B4E9;fill-opacity:.35}\
.kC{fill:#F0E442;fill-opacity:.5}\
.kX{fill:#E69F00;fill-opacity:.3}\
.kG{fill:#CC79A7;fill-opacity:.3}\
.oC{fill:none;stroke:#555;stroke-width:2.5;stroke-dasharray:3 3}\
.oX{fill:none;stroke:#D55E00;stroke-width:3}\
.oB{fill:none;stroke:#0072B2;stroke-width:2.5;stroke-dasharray:5 3}"
    };
}
macro_rules! css_sets {
    () => {
        "\
.s0{fill:url(#h0)}.so0{fill:none;stroke:#0072B2;stroke-width:3}\
.s1{fill:url(#h1)}.so1{fill:none;stroke:#a86a00;stroke-width:3;stroke-dasharray:8 4}\
.s2{fill:url(#h2)}.so2{fill:none;stroke:#8f3b70;stroke-width:3;stroke-dasharray:2 3}\
.s3{fill:url(#h3)}.so3{fill:none;stroke:#00694c;stroke-width:3;stroke-dasharray:10 3 2 3}\
.s4{fill:url(#h4)}.so4{fill:none;stroke:#8a7a00;stroke-width:3}\
.s5{fill:url(#h5)}.so5{fill:none;stroke:#555;stroke-width:3;stroke-dasharray:4 4}"
    };
}
macro_rules! css_candidates {
    () => {
        "\
.oQ{fill:none;stroke:#111;stroke-width:2}\
.cP{fill:#a6e3c9;stroke:#009E73;stroke-width:1.5}\
.cZ{fill:#ffd27f;stroke:#a86a00;stroke-width:1.5}\
.cR{fill:#bfe0f5;stroke:#0072B2;stroke-width:1.5}\
.cF{fill:#8ccaf0;stroke:#0072B2;stroke-width:1.5}\
.cE{fill:#e7b3d3;stroke:#8f3b70;stroke-width:1.5}\
.cOn{fill:#009E73;stroke:#00694c;stroke-width:1.5}\
.cOff{fill:#fff;stroke:#0072B2;stroke-width:2;stroke-dasharray:3 2}"
    };
}
macro_rules! css_colors {
    () => {
        "\
.q0{fill:#f7c35f;stroke:#a86a00;stroke-width:1.5}\
.q1{fill:#8fd0f5;stroke:#0b5f95;stroke-width:1.5}\
.q2{fill:#e6a3cd;stroke:#8f3b70;stroke-width:2;stroke-dasharray:3 2}\
.q3{fill:#7fd6b5;stroke:#00694c;stroke-width:2;stroke-dasharray:3 2}\
.q4{fill:#d9c29a;stroke:#7a5a20;stroke-width:1.5}\
.q5{fill:#c8c8c8;stroke:#555;stroke-width:1.5}"
    };
}
macro_rules! css_effect {
    () => {
        "\
.cS{fill:#0072B2;stroke:#003f63;stroke-width:1.5}\
.cX{fill:#fde0cf;stroke:#D55E00;stroke-width:1.5}\
.xX{stroke:#D55E00;stroke-width:2.4;stroke-linecap:round;fill:none}"
    };
}
macro_rules! css_links {
    () => {
        "\
.gOn{fill:none;stroke:#009E73;stroke-width:3}\
.gOff{fill:none;stroke:#0072B2;stroke-width:2.2;stroke-dasharray:4 3}\
.lS,.lW,.lC,.lT{fill:none;stroke:#222;stroke-width:2.2;stroke-opacity:.85}\
.lS,.lW,.lT{marker-end:url(#ak)}\
.lW{stroke-dasharray:6 4}\
.lT{stroke-dasharray:1 4;stroke-linecap:round;stroke-width:3}\
.lC{stroke:#555}\
.lL{stroke-width:3.4}\
.hl .pm,.hl .gv,.hl .pv,.hl .wd{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}\
.hl .wO{stroke:#009E73}.hl .wS{stroke:#0072B2}"
    };
}
macro_rules! css_branches {
    () => {
        "\
.b0{stroke:#0072B2;marker-end:url(#a0)}\
.b1{stroke:#b36b00;marker-end:url(#a1)}\
.b2{stroke:#a24a82;marker-end:url(#a2)}\
.b3{stroke:#007a59;marker-end:url(#a3)}\
.b4{stroke:#3c8fc4;marker-end:url(#a4)}\
.b5{stroke:#555;marker-end:url(#a5)}"
    };
}
/// Style: the grid, digits and text.
const STYLE_BASE: &str = css_base!();
/// Style: hint level 2: where to look.
const STYLE_AREA: &str = css_area!();
/// Style: houses.
const STYLE_HOUSES: &str = css_houses!();
/// Style: cells.
const STYLE_CELLS: &str = css_cells!();
/// Style, in a page only: a forcing net told short shows its whole net
/// (class `nt`) instead (class `sm`) once the checkbox of class `whole`
/// before the picture is checked ([`whole_net_switch`]).
macro_rules! css_page {
    () => {
        ".nt{display:none}.whole:checked~svg .nt{display:inline}.whole:checked~svg .sm{display:none}"
    };
}
/// Style: almost locked sets (hatched by the patterns of [`hatches`], never
/// a translucent fill: two sets' fills would blend into a third colour).
const STYLE_SETS: &str = css_sets!();
/// Style: candidate marks.
const STYLE_CANDIDATES: &str = css_candidates!();
/// Style: colour classes.
const STYLE_COLORS: &str = css_colors!();
/// Style: placements and eliminations.
const STYLE_EFFECT: &str = css_effect!();
/// Style: group nodes and links.
const STYLE_LINKS: &str = css_links!();
/// Style: the branches of a forcing net.
const STYLE_BRANCHES: &str = css_branches!();
/// The style of every role, in groups: a standalone picture carries the
/// groups it uses. Colours are from the Okabe-Ito palette, safe for
/// colour-blind readers, and every role also differs in shape or line.
#[doc(hidden)]
pub const STYLE: &str = concat!(
    css_base!(),
    css_area!(),
    css_houses!(),
    css_cells!(),
    css_sets!(),
    css_candidates!(),
    css_colors!(),
    css_effect!(),
    css_links!(),
    css_branches!(),
    css_page!(),
);

/// The arrowheads, one per link colour: the first `count` of them.
fn markers(o: &mut Out, count: usize) {
    for (id, colour) in [
        ("ak", "#222"),
        ("a0", "#0072B2"),
        ("a1", "#b36b00"),
        ("a2", "#a24a82"),
        ("a3", "#007a59"),
        ("a4", "#3c8fc4"),
        ("a5", "#555"),
    ]
    .into_iter()
    .take(count)
    {
        let _ = write!(
            o.s,
            "<marker id=\"{id}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"9\" \
             markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto\">\
             <path d=\"M0 0L10 5L0 10z\" fill=\"{colour}\"/></marker>"
        );
    }
}

/// The hatching of each almost locked set (`#h0`..`#h5`): its own colour
/// and its own angle, so that a cell in two sets shows both, cross-hatched,
/// and a reader who cannot tell the colours apart tells the angles.
const HATCHES: [(&str, i32); 6] = [
    ("#56B4E9", 45),
    ("#E69F00", -45),
    ("#CC79A7", 0),
    ("#009E73", 90),
    ("#c9b800", 22),
    ("#888", -68),
];

fn hatches(o: &mut Out) {
    for (i, (colour, angle)) in HATCHES.iter().enumerate() {
        let _ = write!(
            o.s,
            "<pattern id=\"h{i}\" width=\"9\" height=\"9\" patternUnits=\"userSpaceOnUse\" \
             patternTransform=\"rotate({angle})\"><path d=\"M2 0V9\" stroke=\"{colour}\" \
             stroke-width=\"2.6\" stroke-opacity=\".6\"/></pattern>"
        );
    }
}

/// The definitions a page shares between its layered pictures: the
/// arrowheads, the hatchings and the frame (`#frame`).
#[doc(hidden)]
pub fn shared_defs() -> String {
    let mut o = Out { s: String::new() };
    o.s.push_str("<defs>");
    markers(&mut o, 7);
    hatches(&mut o);
    o.s.push_str("<g id=\"frame\">");
    board::frame(&mut o);
    o.s.push_str("</g></defs>");
    o.s
}

/// The grid's bottom edge plus a gap: where the legend starts.
const BELOW_GRID: i32 = board::Y0 + board::SIDE + 12;
/// Characters per line of text under the grid (13 px and 14 px bold).
const TEXT_WIDTH: usize = 74;
const TITLE_WIDTH: usize = 60;
const LINE: i32 = 18;
/// At most this many lines of a step line and of a sentence under the grid.
const MAX_BOLD: usize = 8;
const MAX_PLAIN: usize = 16;

/// The picture's layers in paint order: for each, the roles it draws, the
/// part of them shown, and its classes in a layered picture, outermost
/// first (none in a plain one), each a nested group.
type Layers<'a> = [(&'a Roles, Part, &'a [&'a str])];

fn paint_all(o: &mut Out, board: &Board, layers: &Layers<'_>, frame_inline: bool) {
    let group = |o: &mut Out, classes: &[&str], f: &mut dyn FnMut(&mut Out)| {
        let start = o.s.len();
        for c in classes {
            let _ = write!(o.s, "<g class=\"{c}\">");
        }
        let inner = o.s.len();
        f(o);
        if o.s.len() == inner {
            o.s.truncate(start);
        } else {
            for _ in classes {
                o.s.push_str("</g>");
            }
        }
    };
    for &(roles, part, classes) in layers {
        group(o, classes, &mut |o| paint::tints(o, roles, part));
    }
    for &(roles, part, classes) in layers {
        group(o, classes, &mut |o| paint::marks(o, board, roles, part));
    }
    if frame_inline {
        board::frame(o);
    } else {
        o.s.push_str("<use href=\"#frame\"/>");
    }
    // the arrows run under the digits, which a white halo keeps readable
    // (class `hl` on the picture)
    for &(roles, part, classes) in layers {
        if part == Part::Pattern {
            group(o, classes, &mut |o| arrows::links(o, board, roles));
        }
    }
    board::values(o, board);
    board::pencil_marks(o, board);
    for &(roles, part, classes) in layers {
        group(o, classes, &mut |o| {
            paint::overlays(o, board, roles, part);
            if part == Part::Pattern {
                arrows::groups(o, roles);
            }
        });
    }
}

/// Lines of text: each paragraph wrapped, the first ones bold. A long
/// paragraph (a forcing net's) is cut after `MAX_BOLD` or `MAX_PLAIN`
/// lines, and a last line says where the whole text is.
fn text_block(o: &mut Out, y: i32, bold: &[String], plain: &[String]) -> i32 {
    let mut yy = y;
    let mut cut = false;
    for (para, class, width, max) in bold
        .iter()
        .map(|p| (p, "tt", TITLE_WIDTH, MAX_BOLD))
        .chain(plain.iter().map(|p| (p, "tx", TEXT_WIDTH, MAX_PLAIN)))
    {
        let (lines, more) = text::wrap_at_most(para, width, max);
        cut |= more;
        for line in lines {
            yy += LINE;
            let _ = write!(
                o.s,
                "<text class=\"{class}\" x=\"{}\" y=\"{yy}\">{}</text>",
                board::X0,
                text::escape(&line)
            );
        }
        yy += 4;
    }
    if cut {
        yy += LINE;
        let _ = write!(
            o.s,
            "<text class=\"tx\" x=\"{}\" y=\"{yy}\">(shortened: `sensei explain --verbose` \
             writes the whole text)</text>",
            board::X0
        );
    }
    if yy == y {
        0
    } else {
        yy - y + 8
    }
}

/// A whole standalone document around `body` of the given height, with
/// the arrowheads `roles` needs.
fn document(body: &str, height: i32, label: &str, roles: &Roles, parts: &[Part]) -> String {
    let mut o = Out {
        s: String::with_capacity(body.len() + STYLE.len() + 1600),
    };
    let _ = write!(
        o.s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\"{} viewBox=\"0 0 {WIDTH} {height}\" \
         width=\"{WIDTH}\" height=\"{height}\" role=\"img\" aria-label=\"{}\">\
         <style>{}</style>",
        if halo(roles, parts) {
            " class=\"hl\""
        } else {
            ""
        },
        text::escape(label),
        style_for(roles, parts)
    );
    let arrowheads = !roles.links.is_empty();
    let hatched = parts.contains(&Part::Pattern) && !roles.sets.is_empty();
    if arrowheads || hatched {
        o.s.push_str("<defs>");
        if arrowheads {
            markers(&mut o, 1 + roles.branches.len().min(6));
        }
        if hatched {
            hatches(&mut o);
        }
        o.s.push_str("</defs>");
    }
    let _ = write!(
        o.s,
        "<rect class=\"bg\" width=\"{WIDTH}\" height=\"{height}\"/>"
    );
    o.s.push_str(body);
    o.s.push_str("</svg>\n");
    o.s
}

/// Whether the picture draws arrows, which run under the digits: its
/// digits then have a white halo.
fn halo(roles: &Roles, parts: &[Part]) -> bool {
    parts.contains(&Part::Pattern) && !roles.links.is_empty()
}

/// The style groups a picture of `roles` showing `parts` uses.
fn style_for(roles: &Roles, parts: &[Part]) -> String {
    let pattern = parts.contains(&Part::Pattern);
    let effect = parts.contains(&Part::Effect)
        && !(roles.placements.is_empty() && roles.eliminations.is_empty());
    let mut s = String::from(STYLE_BASE);
    for (wanted, group) in [
        (parts.contains(&Part::Area), STYLE_AREA),
        (pattern && !roles.houses.is_empty(), STYLE_HOUSES),
        (pattern && !roles.cells.is_empty(), STYLE_CELLS),
        (pattern && !roles.sets.is_empty(), STYLE_SETS),
        (pattern && !roles.candidates.is_empty(), STYLE_CANDIDATES),
        (
            pattern
                && roles
                    .candidates
                    .iter()
                    .any(|(_, r)| matches!(r, CandidateRole::Color(_))),
            STYLE_COLORS,
        ),
        (effect, STYLE_EFFECT),
        (
            pattern && !(roles.links.is_empty() && roles.groups.is_empty()),
            STYLE_LINKS,
        ),
        (pattern && !roles.branches.is_empty(), STYLE_BRANCHES),
    ] {
        if wanted {
            s.push_str(group);
        }
    }
    s
}

/// The parts shown at a hint level: each level's picture shows no more
/// than its words. Level 1 names the technique (the position alone), level
/// 2 says where to look (the focus: its houses, cells and digits, no mark
/// of the pattern or the answer), level 3 gives the whole step.
fn parts(level: u8) -> &'static [Part] {
    match level {
        0 | 1 => &[],
        2 => &[Part::Area],
        _ => &[Part::Pattern, Part::Effect],
    }
}

/// A picture of `board` with `roles` at `level` and text under it.
fn picture(
    board: &Board,
    roles: &Roles,
    level: u8,
    bold: &[String],
    plain: &[String],
    label: &str,
) -> String {
    let mut o = Out {
        s: String::with_capacity(12_000),
    };
    let layers: Vec<(&Roles, Part, &[&str])> =
        parts(level).iter().map(|&p| (roles, p, &[][..])).collect();
    paint_all(&mut o, board, &layers, true);
    let mut y = BELOW_GRID;
    y += legend::legend(&mut o, roles, parts(level), y);
    y += text_block(&mut o, y, bold, plain);
    document(
        &o.s,
        y.max(board::Y0 + board::SIDE + board::Y0),
        label,
        roles,
        parts(level),
    )
}

/// A position alone: givens, placed values and pencil marks.
pub fn position(board: &Board) -> String {
    picture(board, &Roles::default(), 0, &[], &[], "Sudoku position")
}

/// A position with a title under it.
pub fn position_titled(board: &Board, title: &str) -> String {
    picture(
        board,
        &Roles::default(),
        0,
        &[title.to_string()],
        &[],
        "Sudoku position",
    )
}

/// A step drawn on `board`, the position before it, at hint `level`
/// ([`HintLevel::Technique`] the position alone, [`HintLevel::Where`] the
/// area to look at, [`HintLevel::Step`] the whole step), with the hint's
/// words under it (the technique at level 1, and where to look at level
/// 2; the step line and its sentence at level 3).
pub fn step(board: &Board, step: &Step, level: HintLevel) -> String {
    step_titled(board, step, level, None)
}

/// [`step`] with a title line above the text (e.g. `Step 12 of 80`).
pub fn step_titled(board: &Board, step: &Step, level: HintLevel, title: Option<&str>) -> String {
    let r = roles(board, step);
    let (mut bold, plain) = match level {
        HintLevel::Step => {
            let (line, sentence) = rtext::step_text(step);
            (vec![line], vec![sentence])
        }
        HintLevel::Where => (
            vec![format!("Hint: try {}.", step.technique.name())],
            vec![format!("Where: {}", rtext::hint_where(step))],
        ),
        HintLevel::Technique => (
            vec![format!("Hint: try {}.", step.technique.name())],
            vec![],
        ),
    };
    if let Some(t) = title {
        bold.insert(0, t.to_string());
    }
    picture(
        board,
        &r,
        level.number(),
        &bold,
        &plain,
        step.technique.name(),
    )
}

/// A step's whole picture (hint level 3) with its step line under the
/// grid but not its sentence: the technique pages write the sentence.
#[doc(hidden)]
pub fn step_with_line(board: &Board, step: &Step) -> String {
    let r = roles(board, step);
    let line = rtext::step_text(step).0;
    picture(board, &r, 3, &[line], &[], step.technique.name())
}

/// The picture of a hint at `level`: a step as [`step`] draws it, the
/// wrong cells of a player's mistakes, or the position with the message.
pub fn hint(board: &Board, hint: &Hint, level: HintLevel) -> String {
    match hint {
        Hint::Step(s) => step(board, s, level),
        Hint::Mistakes(wrong) => {
            let mut r = Roles {
                cells: wrong
                    .iter()
                    .map(|m| (m.expected.cell, CellRole::Mistake))
                    .collect(),
                ..Roles::default()
            };
            r.cells.sort();
            r.cells.dedup();
            // the wrong cells are the pattern of this hint: level 3 draws it
            picture(
                board,
                &r,
                3,
                &[rtext::hint_message(hint)],
                &[],
                "Sudoku hint: mistakes",
            )
        }
        other => picture(
            board,
            &Roles::default(),
            0,
            &[rtext::hint_message(other)],
            &[],
            "Sudoku hint",
        ),
    }
}

/// The height of a layered picture of `step` (the tallest legend, of the
/// picture or of its whole net).
fn layered_height(roles: &Roles) -> i32 {
    let mut scratch = Out { s: String::new() };
    let h = (1..=3)
        .flat_map(|l| [Some(roles), roles.detail.as_deref()].map(|r| (l, r)))
        .filter_map(|(l, r)| r.map(|r| legend::legend(&mut scratch, r, parts(l), 0)))
        .max()
        .unwrap_or(0);
    BELOW_GRID + h + 4
}

/// A picture for the HTML walkthrough: `step` (or none, for the starting
/// position) on `board` with its hint levels in classes: what level 2 adds
/// (the area) in `l2`, what level 3 shows (the whole step) in `l3`, and
/// their legends in `k2` and `k3`; level 1 draws nothing of the step. It
/// uses the page's [`STYLE`] and [`shared_defs`] and carries no text: the
/// page writes it. A forcing net told short has its whole net in groups of
/// class `nt` (hidden), beside the short one's in class `sm`: a checkbox
/// of class `whole` just before the picture swaps them
/// ([`whole_net_switch`]).
#[doc(hidden)]
pub fn layered(board: &Board, step: Option<&Step>) -> String {
    let r = step.map(|s| roles(board, s)).unwrap_or_default();
    let height = if step.is_some() {
        layered_height(&r)
    } else {
        board::Y0 + board::SIDE + board::Y0
    };
    let mut o = Out {
        s: String::with_capacity(9_000),
    };
    let label = step.map_or("Sudoku position", |s| s.technique.name());
    let _ = write!(
        o.s,
        "<svg class=\"pic{}\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" aria-label=\"{}\">\
         <rect class=\"bg\" width=\"{WIDTH}\" height=\"{height}\"/>",
        if r.links.is_empty() { "" } else { " hl" },
        text::escape(label)
    );
    if step.is_none() {
        paint_all(&mut o, board, &[], false);
        o.s.push_str("</svg>");
        return o.s;
    }
    let mut layers: Vec<(&Roles, Part, &[&str])> = vec![(&r, Part::Area, &["l2"])];
    match r.detail.as_deref() {
        Some(d) => {
            layers.push((&r, Part::Pattern, &["l3", "sm"]));
            layers.push((d, Part::Pattern, &["l3", "nt"]));
        }
        None => layers.push((&r, Part::Pattern, &["l3"])),
    }
    layers.push((&r, Part::Effect, &["l3"]));
    paint_all(&mut o, board, &layers, false);
    for (level, class) in [(2, "k2"), (3, "k3")] {
        let _ = write!(o.s, "<g class=\"{class}\">");
        match r.detail.as_deref() {
            Some(d) if level > 2 => {
                for (roles, inner) in [(&r, "sm"), (d, "nt")] {
                    let _ = write!(o.s, "<g class=\"{inner}\">");
                    legend::legend(&mut o, roles, parts(level), BELOW_GRID);
                    o.s.push_str("</g>");
                }
            }
            _ => {
                legend::legend(&mut o, &r, parts(level), BELOW_GRID);
            }
        }
        o.s.push_str("</g>");
    }
    o.s.push_str("</svg>");
    o.s
}

/// For the walkthrough: when the picture of `step` tells a forcing net
/// short, the checkbox (`id` its id) that shows the whole net instead, to
/// write just before the [`layered`] picture; else nothing.
#[doc(hidden)]
pub fn whole_net_switch(board: &Board, step: &Step, id: &str) -> String {
    if roles(board, step).detail.is_none() {
        return String::new();
    }
    format!(
        "<input type=\"checkbox\" class=\"whole\" id=\"{id}\"><label for=\"{id}\"> \
         Show the whole net (every implication)</label>"
    )
}

/// The whole net of a forcing step whose picture ([`step`]) tells it
/// short: every implication of every branch, with the step line under it;
/// `None` when the step's picture already shows everything.
pub fn whole_net(board: &Board, step: &Step, title: Option<&str>) -> Option<String> {
    let r = roles(board, step);
    let detail = r.detail.as_deref()?;
    let (line, sentence) = rtext::step_text(step);
    let mut bold = vec![line];
    if let Some(t) = title {
        bold.insert(0, t.to_string());
    }
    Some(picture(
        board,
        detail,
        3,
        &bold,
        &[sentence],
        step.technique.name(),
    ))
}
