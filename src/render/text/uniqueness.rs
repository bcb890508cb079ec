//! Text for the uniqueness techniques: Unique Rectangles (Uniqueness Test
//! 1-6), Hidden Rectangle, Avoidable Rectangles and BUG+1.
//!
//! The pattern part follows HoDoKu: `1/3 in r5c89,r8c89` (the two digits and
//! the rectangle's cells, one group per row). BUG+1 has no pattern part.

use crate::bitset::{CellSet, DigitSet};
use crate::grid::{cells_to_string, Cell, House};
use crate::render::text::{and_list, eliminations_text};
use crate::step::{Evidence, Step};
use crate::technique::Technique;

/// (pattern, sentence).
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Uniqueness {
        digits,
        rectangle,
        extra_cells,
        extra_digits,
        houses,
    } = &step.evidence
    else {
        return (String::new(), String::new());
    };
    let ev = Parts {
        digits: *digits,
        rectangle,
        extra_cells: *extra_cells,
        extra_digits: *extra_digits,
        houses,
    };
    if step.technique == Technique::BugPlus1 {
        return (String::new(), bug_sentence(step, &ev));
    }
    let pattern = format!("{} in {}", slashed(ev.digits), rectangle_cells(rectangle));
    (pattern, sentence(step, &ev))
}

struct Parts<'a> {
    digits: DigitSet,
    rectangle: &'a [Cell],
    extra_cells: CellSet,
    extra_digits: DigitSet,
    houses: &'a [House],
}

/// `1/3`.
fn slashed(ds: DigitSet) -> String {
    ds.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// `1 or 3`, `1, 3 and 8`.
fn words(ds: DigitSet, last: &str) -> String {
    let v: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
    match v.len() {
        0 => String::new(),
        1 => v[0].clone(),
        n => format!("{} {last} {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

/// HoDoKu writes a rectangle one row at a time: `r5c89,r8c89`.
pub fn rectangle_cells(cells: &[Cell]) -> String {
    let mut rows: Vec<u8> = cells.iter().map(|c| c.row()).collect();
    rows.sort();
    rows.dedup();
    rows.iter()
        .map(|&r| {
            let in_row: Vec<Cell> = cells.iter().copied().filter(|c| c.row() == r).collect();
            cells_to_string(&in_row)
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// `holds` for one cell, `hold` for several.
fn hold(cells: CellSet) -> &'static str {
    if cells.len() == 1 {
        "holds"
    } else {
        "hold"
    }
}

/// The shared opening: what the deadly pattern would be.
fn deadly(ev: &Parts<'_>) -> String {
    let cells: CellSet = ev.rectangle.iter().copied().collect();
    format!(
        "The cells {} lie in two rows, two columns and two blocks, and none is a given. \
         If they all ended up holding only {}, the two digits could be swapped among them \
         and the puzzle would have a second solution (a deadly pattern). The puzzle has \
         exactly one solution, so this cannot happen.",
        and_list(cells.iter()),
        words(ev.digits, "and"),
    )
}

fn sentence(step: &Step, ev: &Parts<'_>) -> String {
    let removed = eliminations_text(&step.eliminations);
    let rect: CellSet = ev.rectangle.iter().copied().collect();
    let plain = rect - ev.extra_cells;
    let d = words(ev.digits, "or");
    match step.technique {
        Technique::Uniqueness1 => format!(
            "{} {} {} nothing but {d}, so if {} were {d} as well the pattern would be \
             complete. Hence {removed}.",
            deadly(ev),
            and_list(plain.iter()),
            hold(plain),
            and_list(ev.extra_cells.iter()),
        ),
        Technique::Uniqueness2 | Technique::Uniqueness5 => format!(
            "{} {} {} nothing but {d}; {} hold just one more candidate, {x}. If none of \
             them were {x} the pattern would be complete, so one of them is {x} and every \
             cell that sees all of them loses it: {removed}.",
            deadly(ev),
            and_list(plain.iter()),
            hold(plain),
            and_list((ev.extra_cells & rect).iter()),
            x = ev.extra_digits,
        ),
        Technique::Uniqueness3 => {
            let corners = ev.extra_cells & rect;
            let others = ev.extra_cells - rect;
            let house = ev.houses.first().map(|h| h.describe()).unwrap_or_default();
            format!(
                "{} {} {} nothing but {d}, so one of {} must take one of its other \
                 candidates: together they act like a single cell of {house} holding their \
                 extra candidates. With {} they form a naked subset: {} cells for the {} \
                 digits {}, so these digits go from the other cells of {}: {removed}.",
                deadly(ev),
                and_list(plain.iter()),
                hold(plain),
                and_list(corners.iter()),
                and_list(others.iter()),
                others.len() + 1,
                ev.extra_digits.len(),
                words(ev.extra_digits, "and"),
                and_list(ev.houses.iter().map(|h| h.describe())),
            )
        }
        Technique::Uniqueness4 => {
            let other = ev.digits - ev.extra_digits;
            format!(
                "{} {} {} nothing but {d}. In {}, {x} can only go in {}, so one of them is \
                 {x}; if the other were {y}, the pattern would be complete. So neither can be \
                 {y}: {removed}.",
                deadly(ev),
                and_list(plain.iter()),
                hold(plain),
                and_list(ev.houses.iter().map(|h| h.describe())),
                and_list(ev.extra_cells.iter()),
                x = ev.extra_digits,
                y = other,
            )
        }
        Technique::Uniqueness6 => {
            let other = ev.digits - ev.extra_digits;
            format!(
                "{} {} {} nothing but {d}. In {}, {x} appears only in the rectangle's \
                 corners, so it goes in two opposite corners. If it took {}, then {} would both \
                 be {y} and the pattern would be complete; so {x} takes the other diagonal: \
                 {removed}.",
                deadly(ev),
                and_list(plain.iter()),
                hold(plain),
                and_list(ev.houses.iter().map(|h| h.describe())),
                and_list(ev.extra_cells.iter()),
                and_list(plain.iter()),
                x = ev.extra_digits,
                y = other,
            )
        }
        Technique::HiddenRectangle => {
            let corner = and_list(ev.extra_cells.iter());
            let x = ev.extra_digits;
            let y = ev.digits - x;
            let target = step
                .eliminations
                .first()
                .map(|e| e.cell.to_string())
                .unwrap_or_default();
            format!(
                "{} {corner} holds nothing but {d}. In {}, {x} appears only in the \
                 rectangle's cells. If {target} were {y}, {x} would have to go in the two \
                 corners beside {target}, {corner} (which sees both) would be {y}, and the \
                 pattern would be complete. So {removed}.",
                deadly(ev),
                and_list(ev.houses.iter().map(|h| h.describe())),
            )
        }
        Technique::AvoidableRectangle1 => {
            let solved = rect - ev.extra_cells;
            format!(
                "The cells {} lie in two rows, two columns and two blocks. {} were solved \
                 earlier but are not givens, so the givens alone do not fix them. If {} \
                 completed the rectangle with {d}, the two digits could be swapped among the \
                 four cells and the givens would allow a second solution. The puzzle has \
                 exactly one solution, so {removed}.",
                and_list(rect.iter()),
                and_list(solved.iter()),
                and_list(ev.extra_cells.iter()),
            )
        }
        Technique::AvoidableRectangle2 => {
            let solved = rect - ev.extra_cells;
            format!(
                "The cells {} lie in two rows, two columns and two blocks. {} were solved \
                 earlier but are not givens. {} each hold the digit that would complete the \
                 rectangle with {d} plus the same other candidate {x}. If neither were {x}, \
                 the two digits could be swapped among the four cells and the givens would \
                 allow a second solution; so one of them is {x} and every cell that sees both \
                 loses it: {removed}.",
                and_list(rect.iter()),
                and_list(solved.iter()),
                and_list(ev.extra_cells.iter()),
                x = ev.extra_digits,
            )
        }
        _ => format!("{} removes {removed}.", step.technique.name()),
    }
}

fn bug_sentence(step: &Step, ev: &Parts<'_>) -> String {
    let cell = and_list(ev.extra_cells.iter());
    format!(
        "Every empty cell but {cell} has exactly two candidates, and every digit still to \
         place has exactly two places in each house, except {d}, which has three in {}. If \
         {cell} were not {d}, every cell and every house would be left with exactly two \
         choices: a bivalue universal grave, which never has exactly one solution. The puzzle \
         has exactly one solution, so {cell} must be {d}: {}.",
        and_list(ev.houses.iter().map(|h| h.describe())),
        eliminations_text(&step.eliminations),
        d = ev.digits,
    )
}
