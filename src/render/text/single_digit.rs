//! Text for the single-digit patterns: Skyscraper, 2-String Kite, Turbot
//! Fish, Empty Rectangle and their dual forms.

use crate::bitset::CellSet;
use crate::grid::{cells_to_string, Cell, Digit, House, HouseKind};
use crate::render::eureka;
use crate::render::text::and_list;
use crate::step::{Chain, Evidence, Step};
use crate::technique::Technique;

/// (pattern, sentence) of a single-digit pattern step.
pub fn text(step: &Step) -> (String, String) {
    let (chains, houses): (Vec<&Chain>, &[House]) = match &step.evidence {
        Evidence::Chain { chain, houses } => (vec![chain], houses),
        Evidence::Chains { chains, houses } => (chains.iter().collect(), houses),
        _ => return (String::new(), String::new()),
    };
    let parts: Vec<Parts> = chains.iter().filter_map(|c| Parts::of(c)).collect();
    if parts.len() != chains.len() || parts.is_empty() {
        let p: Vec<String> = chains.iter().map(|c| eureka(c)).collect();
        return (p.join(" / "), String::new());
    }
    let first_digit = parts.first().map(|p| p.digit);
    let same_digit = parts.iter().all(|p| Some(p.digit) == first_digit);
    let pattern = match step.technique {
        Technique::Skyscraper => parts.iter().map(skyscraper_pattern).collect(),
        Technique::TwoStringKite | Technique::DualTwoStringKite => {
            join_halves(&parts, same_digit, kite_cells)
        }
        Technique::EmptyRectangle | Technique::DualEmptyRectangle => {
            if same_digit {
                let pairs: Vec<String> = parts.iter().map(|p| p.pair()).collect();
                let block = parts.first().map(|p| p.block()).unwrap_or(House::block(0));
                let digit = parts
                    .first()
                    .map(|p| p.digit.to_string())
                    .unwrap_or_default();
                format!("{digit} in {block} ({})", pairs.join(" / "))
            } else {
                join_halves(&parts, false, |p| format!("{} ({})", p.block(), p.pair()))
            }
        }
        _ => chains
            .iter()
            .map(|c| eureka(c))
            .collect::<Vec<_>>()
            .join(" / "),
    };
    let halves: Vec<String> = parts
        .iter()
        .map(|p| match step.technique {
            Technique::EmptyRectangle | Technique::DualEmptyRectangle => er_sentence(p),
            _ => link_sentence(p, houses),
        })
        .collect();
    let sentence = match (step.technique, halves.as_slice()) {
        (Technique::DualTwoStringKite, _) => format!(
            "Two 2-String Kites use the same two block cells. {} Together: {}.",
            halves.join(" "),
            cannot_be(step)
        ),
        (Technique::DualEmptyRectangle, _) => format!(
            "Two empty rectangles use the same block. {} Together: {}.",
            halves.join(" "),
            cannot_be(step)
        ),
        (Technique::EmptyRectangle, _) => halves.join(" "),
        _ => format!("{} So {}.", halves.join(" "), cannot_be(step)),
    };
    (pattern, sentence)
}

/// `A / B` with the digit in front once (same digit) or before each half.
fn join_halves(parts: &[Parts], same_digit: bool, half: impl Fn(&Parts) -> String) -> String {
    let v: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i == 0 || !same_digit {
                format!("{} in {}", p.digit, half(p))
            } else {
                half(p)
            }
        })
        .collect();
    v.join(" / ")
}

/// The four nodes of a strong–weak–strong chain on one digit,
/// `far = near - inner = end`. The inner nodes of an empty rectangle are
/// group nodes: the block's cells on the cross line through `near`, and
/// the block's other cells.
struct Parts {
    digit: Digit,
    far: Cell,
    near: Cell,
    inner: CellSet,
    end: CellSet,
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
            inner: c.cells,
            end: d.cells,
        })
    }
    /// The conjugate pair of an empty rectangle, `r4c79`.
    fn pair(&self) -> String {
        cells_to_string(&[self.far, self.near])
    }
    /// The block of an empty rectangle.
    fn block(&self) -> House {
        House::block(self.end.first().map_or(0, |c| c.block()))
    }
}

fn skyscraper_pattern(p: &Parts) -> String {
    let base: Vec<Cell> = std::iter::once(p.near).chain(p.inner).collect();
    format!(
        "{} in {},{} (connected by {})",
        p.digit,
        p.far,
        p.end,
        cells_to_string(&base)
    )
}

fn kite_cells(p: &Parts) -> String {
    format!("{},{} (connected by {},{})", p.far, p.end, p.near, p.inner)
}

/// The house holding both `a` and `b` (the first of rows, columns, blocks),
/// described, preferring the given one when it holds both.
fn house_with(a: CellSet, b: CellSet, hint: &[House]) -> String {
    let both = a | b;
    hint.iter()
        .copied()
        .chain(House::all())
        .find(|h| both.is_subset(h.cells()))
        .map(|h| h.describe())
        .unwrap_or_default()
}

/// The sentence of one strong–weak–strong chain on single cells.
fn link_sentence(p: &Parts, houses: &[House]) -> String {
    let d = p.digit;
    let one = CellSet::single;
    let first = house_with(one(p.far), one(p.near), houses);
    let last = house_with(p.inner, p.end, houses);
    let weak = house_with(one(p.near), p.inner, houses.get(2..).unwrap_or(&[]));
    format!(
        "In {first}, {d} can only go in {} or {}; in {last}, only in {} or {}. \
         {} and {} share {weak}, so at most one of them is {d}; therefore {} or {} is {d}, \
         and no cell that sees both of them can be {d}.",
        p.far, p.near, p.inner, p.end, p.near, p.inner, p.far, p.end
    )
}

/// The sentence of one empty rectangle.
fn er_sentence(p: &Parts) -> String {
    let d = p.digit;
    let block = p.block().describe();
    let (line, near_line, other_line) = if p.far.col() == p.near.col() {
        (
            House::col(p.far.col()),
            House::row(p.near.row()),
            p.end.first().map(|c| House::col(c.col())),
        )
    } else {
        (
            House::row(p.far.row()),
            House::col(p.near.col()),
            p.end.first().map(|c| House::row(c.row())),
        )
    };
    let other = other_line.map(|h| h.describe()).unwrap_or_default();
    let near_line = near_line.describe();
    let meet = match (line.kind(), other_line) {
        (HouseKind::Col, Some(o)) => format!("r{}c{}", p.far.row() + 1, o.number() + 1),
        (_, Some(o)) => format!("r{}c{}", o.number() + 1, p.far.col() + 1),
        _ => String::new(),
    };
    format!(
        "In {block}, every {d} lies on {near_line} or {other} (an empty rectangle). \
         In {}, {d} can only go in {} or {}. If {} is not {d}, {} is, which leaves no {d} on {near_line} \
         in {block}, so the block's {d} is on {other}. Either way {meet} sees a {d}, so it cannot be {d}.",
        line.describe(),
        p.far,
        p.near,
        p.far,
        p.near,
    )
}

/// `r4c9 and r6c8 cannot be 1`, per digit removed.
fn cannot_be(step: &Step) -> String {
    let mut parts = Vec::new();
    for d in crate::grid::Digit::all() {
        let cells: Vec<String> = step
            .eliminations
            .iter()
            .filter(|e| e.digit == d)
            .map(|e| e.cell.to_string())
            .collect();
        if !cells.is_empty() {
            parts.push(format!("{} cannot be {d}", and_list(&cells)));
        }
    }
    parts.join("; ")
}
