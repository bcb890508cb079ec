//! Text for the single-digit patterns: Skyscraper, 2-String Kite, Turbot
//! Fish, Empty Rectangle and their dual forms.

use crate::bitset::CellSet;
use crate::grid::{cells_to_string, Cell, Digit, House, HouseKind};
use crate::render::eureka;
use crate::step::{Chain, Evidence, Step};
use crate::technique::Technique;

/// (pattern, sentence) of a single-digit pattern step.
pub fn text(step: &Step) -> (String, String) {
    let effect = targets(step);
    match &step.evidence {
        Evidence::Chain { chain, houses } => {
            let Some(p) = Parts::of(chain) else {
                return (eureka(chain), String::new());
            };
            match step.technique {
                Technique::Skyscraper => (
                    skyscraper_pattern(&p),
                    skyscraper_sentence(&p, houses, &effect),
                ),
                Technique::TwoStringKite => (kite_pattern(&p), kite_sentence(&p, houses, &effect)),
                Technique::EmptyRectangle => {
                    (er_pattern(&p, houses), er_sentence(&p, houses, &effect))
                }
                _ => (eureka(chain), turbot_sentence(&p, houses, &effect)),
            }
        }
        Evidence::Chains { chains, houses } => {
            let parts: Vec<Parts> = chains.iter().filter_map(Parts::of).collect();
            let Some(first) = parts.first() else {
                return (String::new(), String::new());
            };
            match step.technique {
                Technique::DualEmptyRectangle => {
                    let pairs: Vec<String> = parts
                        .iter()
                        .map(|p| cells_to_string(&[p.far, p.near]))
                        .collect();
                    let block = houses.first().map(|h| h.to_string()).unwrap_or_default();
                    let pattern = format!("{} in {block} ({})", first.digit, pairs.join(" / "));
                    let each: Vec<String> = parts
                        .iter()
                        .map(|p| {
                            er_sentence(
                                p,
                                &[
                                    houses.first().copied().unwrap_or(House::block(0)),
                                    line_of(p),
                                ],
                                &p.reach(),
                            )
                        })
                        .collect();
                    (
                        pattern,
                        format!(
                            "Two empty rectangles share {}. {}",
                            describe(houses.first()),
                            each.join(" ")
                        ),
                    )
                }
                _ => {
                    let kites: Vec<String> = parts.iter().map(kite_cells).collect();
                    let pattern = format!("{} in {}", first.digit, kites.join(" / "));
                    let each: Vec<String> = parts
                        .iter()
                        .map(|p| kite_sentence(p, &[], &p.reach()))
                        .collect();
                    (
                        pattern,
                        format!(
                            "Two 2-String Kites use the same two cells of one block. {}",
                            each.join(" ")
                        ),
                    )
                }
            }
        }
        _ => (String::new(), String::new()),
    }
}

/// The four nodes of a strong–weak–strong chain on one digit: the outer
/// ends `far` and `end`, the inner nodes `near` and `inner` (single cells
/// except the group nodes of an empty rectangle).
struct Parts {
    digit: Digit,
    far: Cell,
    near: Cell,
    near_side: CellSet,
    other_side: CellSet,
    end: Cell,
}

impl Parts {
    fn of(chain: &Chain) -> Option<Parts> {
        let [a, b, c, d] = chain.nodes.get(..4)? else {
            return None;
        };
        Some(Parts {
            digit: a.digit,
            far: a.cells.first()?,
            near: b.cells.first()?,
            near_side: c.cells,
            other_side: d.cells,
            end: d.cells.first()?,
        })
    }
    /// For a single-cell chain: the cells that see both outer ends (used
    /// when a dual step describes each half).
    fn reach(&self) -> String {
        String::new()
    }
}

fn targets(step: &Step) -> String {
    let cells: Vec<Cell> = step.eliminations.iter().map(|c| c.cell).collect();
    cells_to_string(&cells)
}

fn describe(h: Option<&House>) -> String {
    h.map(|h| h.describe()).unwrap_or_default()
}

fn house_of(a: Cell, b: Cell, kinds: &[HouseKind]) -> String {
    a.houses()
        .into_iter()
        .find(|h| kinds.contains(&h.kind()) && h.cells().contains(b))
        .map(|h| h.describe())
        .unwrap_or_default()
}

fn skyscraper_pattern(p: &Parts) -> String {
    let base = cells_to_string(&[p.near, inner(p)]);
    format!("{} in {},{} (connected by {base})", p.digit, p.far, p.end)
}

fn inner(p: &Parts) -> Cell {
    p.near_side.first().unwrap_or(p.near)
}

fn skyscraper_sentence(p: &Parts, houses: &[House], effect: &str) -> String {
    let d = p.digit;
    let (l1, l2, cross) = match houses {
        [a, b, c, ..] => (a.describe(), b.describe(), c.describe()),
        _ => Default::default(),
    };
    format!(
        "In {l1}, {d} can only go in {} or {}; in {l2}, only in {} or {}. \
         {} and {} share {cross}, so at most one of them is {d}; therefore {} or {} is {d}. \
         {effect} sees both of them, so it cannot be {d}.",
        p.far,
        p.near,
        inner(p),
        p.end,
        p.near,
        inner(p),
        p.far,
        p.end
    )
}

fn kite_cells(p: &Parts) -> String {
    format!("{},{} (connected by {},{})", p.far, p.end, p.near, inner(p))
}

fn kite_pattern(p: &Parts) -> String {
    format!("{} in {}", p.digit, kite_cells(p))
}

fn kite_sentence(p: &Parts, houses: &[House], effect: &str) -> String {
    let d = p.digit;
    let (row, col, block) = match houses {
        [a, b, c, ..] => (a.describe(), b.describe(), c.describe()),
        _ => (
            house_of(p.far, p.near, &[HouseKind::Row]),
            house_of(inner(p), p.end, &[HouseKind::Col]),
            format!("block {}", p.near.block() + 1),
        ),
    };
    let tail = if effect.is_empty() {
        format!(
            "Any cell that sees both {} and {} cannot be {d}.",
            p.far, p.end
        )
    } else {
        format!("{effect} sees both of them, so it cannot be {d}.")
    };
    format!(
        "In {row}, {d} can only go in {} or {}; in {col}, only in {} or {}. \
         {} and {} both lie in {block}, so at most one of them is {d}; therefore {} or {} is {d}. {tail}",
        p.far, p.near, inner(p), p.end, p.near, inner(p), p.far, p.end
    )
}

fn turbot_sentence(p: &Parts, houses: &[House], effect: &str) -> String {
    let d = p.digit;
    let (h1, weak, h2) = match houses {
        [a, b, c, ..] => (a.describe(), b.describe(), c.describe()),
        _ => Default::default(),
    };
    format!(
        "In {h1}, {d} can only go in {} or {}; in {h2}, only in {} or {}. \
         {} and {} share {weak}, so at most one of them is {d}; therefore {} or {} is {d}. \
         {effect} sees both of them, so it cannot be {d}.",
        p.far,
        p.near,
        inner(p),
        p.end,
        p.near,
        inner(p),
        p.far,
        p.end
    )
}

/// The line of an empty rectangle's conjugate pair.
fn line_of(p: &Parts) -> House {
    if p.far.row() == p.near.row() {
        House::row(p.far.row())
    } else {
        House::col(p.far.col())
    }
}

fn er_pattern(p: &Parts, houses: &[House]) -> String {
    let block = houses.first().map(|h| h.to_string()).unwrap_or_default();
    format!(
        "{} in {block} ({})",
        p.digit,
        cells_to_string(&[p.far, p.near])
    )
}

fn er_sentence(p: &Parts, houses: &[House], effect: &str) -> String {
    let d = p.digit;
    let block = describe(houses.first());
    let line = line_of(p);
    // The cross of the rectangle: the block's line through `near`, and the
    // perpendicular one holding the other side.
    let (near_line, other_line) = match line.kind() {
        HouseKind::Col => (
            House::row(p.near.row()),
            p.other_side.first().map(|c| House::col(c.col())),
        ),
        _ => (
            House::col(p.near.col()),
            p.other_side.first().map(|c| House::row(c.row())),
        ),
    };
    let other = describe(other_line.as_ref());
    let effect = if effect.is_empty() {
        "the cell where that line meets the far end's line".to_string()
    } else {
        effect.to_string()
    };
    format!(
        "In {block}, every {d} lies on {} or {other} (an empty rectangle), so {d} is on one of them there. \
         In {}, {d} can only go in {} or {}. If {} is not {d}, {} is, which clears {} of {d} in {block}, \
         so {d} lies on {other} there. Either way {effect} sees a {d}, so it cannot be {d}.",
        near_line.describe(),
        line.describe(),
        p.near,
        p.far,
        p.far,
        p.near,
        near_line.describe(),
    )
}
