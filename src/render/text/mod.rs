//! Text rendering of steps: the one-line form in HoDoKu's notation
//! (`<technique>: <pattern> => <effect>`) and a sentence a learner
//! understands. Each family of techniques has its own module that writes
//! the `<pattern>` part and the sentence; this module writes the rest.

use crate::bitset::DigitSet;
use crate::grid::{cells_to_string, Candidate, Cell};
use crate::step::{Evidence, Step};
use crate::technique::Family;
use std::collections::BTreeMap;

mod fish;
mod singles;

/// The pattern part of a step line (between `: ` and ` =>`) and the
/// learner's sentence, written by the family's module.
fn family_text(step: &Step) -> Option<(String, String)> {
    match step.technique.family() {
        Family::Singles => Some(singles::text(step)),
        Family::BasicFish
        | Family::FinnedFish
        | Family::FrankenFish
        | Family::FinnedFrankenFish
        | Family::MutantFish
        | Family::FinnedMutantFish => Some(fish::text(step)),
        _ => None,
    }
}

/// One line in HoDoKu's style, e.g.
/// `Locked Candidates Type 1 (Pointing): 5 in b1 => r1c46<>5`.
pub fn step_line(step: &Step) -> String {
    let pattern = match (&step.evidence, family_text(step)) {
        (Evidence::Guess { .. }, _) => None,
        (_, Some((p, _))) => Some(p),
        (_, None) => Some(generic_pattern(&step.evidence)),
    };
    match pattern {
        Some(p) if !p.is_empty() => {
            format!("{}: {} => {}", step.technique.name(), p, effects(step))
        }
        _ => format!("{}: {}", step.technique.name(), effects(step)),
    }
}

/// A sentence (or a few) explaining the step to a learner.
pub fn step_sentence(step: &Step) -> String {
    if let Evidence::Guess { cell, digit } = step.evidence {
        return format!(
            "No technique in use applies here, so this is a guess: {cell} is set to {digit}, \
             the value it has in the puzzle's solution found by the exact solver."
        );
    }
    match family_text(step) {
        Some((_, s)) => s,
        None => format!("{} removes {}.", step.technique.name(), effects(step)),
    }
}

/// The effect part: `r3c5=7`, or eliminations grouped by the digits removed
/// from each cell: `r1c46<>5, r3c2<>79`.
pub fn effects(step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{}={}", p.cell, p.digit))
        .collect();
    parts.push(eliminations_text(&step.eliminations));
    parts.retain(|p| !p.is_empty());
    parts.join(", ")
}

/// `r1c46<>5, r3c2<>79`: cells that lose the same digits are written together.
pub fn eliminations_text(elims: &[Candidate]) -> String {
    let mut per_cell: BTreeMap<Cell, DigitSet> = BTreeMap::new();
    for e in elims {
        per_cell.entry(e.cell).or_default().insert(e.digit);
    }
    let mut groups: Vec<(DigitSet, Vec<Cell>)> = Vec::new();
    for (cell, ds) in per_cell {
        match groups.iter_mut().find(|(d, _)| *d == ds) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((ds, vec![cell])),
        }
    }
    groups
        .iter()
        .map(|(ds, cells)| format!("{}<>{}", cells_to_string(cells), ds))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A plain description from the evidence alone, for families whose module
/// has not written its own.
fn generic_pattern(ev: &Evidence) -> String {
    match ev {
        Evidence::Single { cell, digit, .. } => format!("{cell}={digit}"),
        Evidence::Intersection { digit, base, .. } => format!("{digit} in {base}"),
        Evidence::Subset { digits, cells, .. } => format!("{digits} in {cells}"),
        Evidence::Fish {
            digit, base, cover, ..
        } => {
            let b: Vec<String> = base.iter().map(|h| h.to_string()).collect();
            let c: Vec<String> = cover.iter().map(|h| h.to_string()).collect();
            format!("{digit} {} {}", b.join(""), c.join(""))
        }
        Evidence::Wing {
            pivot,
            pincers,
            digits,
            ..
        } => {
            let p: Vec<Cell> = pincers.clone();
            format!("{digits} in {pivot}, {}", cells_to_string(&p))
        }
        Evidence::Chain { chain, .. } => crate::render::eureka(chain),
        Evidence::Uniqueness {
            digits, rectangle, ..
        } => {
            format!("{digits} in {}", cells_to_string(rectangle))
        }
        Evidence::Coloring { colors } => {
            let cs: Vec<String> = colors
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect();
            cs.join(" / ")
        }
        Evidence::Als { sets, rcc, .. } => {
            let s: Vec<String> = sets
                .iter()
                .map(|a| format!("{} {{{}}}", a.cells, a.digits))
                .collect();
            format!("{} (RC {rcc})", s.join(", "))
        }
        Evidence::Forcing { branches, .. } => {
            let s: Vec<String> = branches.iter().map(|b| b.premise.to_string()).collect();
            s.join(", ")
        }
        Evidence::Guess { cell, digit } => format!("{cell}={digit}"),
    }
}
