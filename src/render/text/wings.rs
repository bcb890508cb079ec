//! Text for XY-Wing, XYZ-Wing, WXYZ-Wing and W-Wing.

use crate::bitset::DigitSet;
use crate::grid::Cell;
use crate::render::eureka;
use crate::render::text::and_list;
use crate::step::{Evidence, Step};
use crate::technique::Technique;

/// (pattern, sentence) of a wing step.
pub fn text(step: &Step) -> (String, String) {
    let cells: Vec<Cell> = step.eliminations.iter().map(|c| c.cell).collect();
    let effect = and_list(&cells);
    // "sees" for one cell, "see" for several.
    let s = if cells.len() == 1 { "s" } else { "" };
    match &step.evidence {
        Evidence::Wing {
            pivot,
            pincers,
            digits,
            digit,
        } => {
            let z = *digit;
            // The pincers are ordered like the other digits: pincer i holds
            // the i-th of them (and z).
            let mut order: Vec<String> = (*digits - DigitSet::single(z))
                .iter()
                .map(|d| d.to_string())
                .collect();
            order.push(z.to_string());
            let mut all = vec![pivot.to_string()];
            all.extend(pincers.iter().map(|c| c.to_string()));
            let pattern = format!("{} in {}", order.join("/"), all.join(","));
            let pincer_list = pincers
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" and ");
            let sentence = match step.technique {
                Technique::XyWing => format!(
                    "The pivot {pivot} holds only {}, and sees {pincer_list}, which hold {} and {z}, and {} and {z}. \
                     Whichever digit {pivot} takes, one of the pincers is left with {z}, \
                     so {effect}, which see{s} both pincers, cannot be {z}.",
                    and_list((*digits - DigitSet::single(z)).iter()),
                    order.first().cloned().unwrap_or_default(),
                    order.get(1).cloned().unwrap_or_default(),
                ),
                Technique::XyzWing => format!(
                    "The pivot {pivot} holds only {}, and sees {pincer_list}, which hold {} and {z}, and {} and {z}. \
                     Whichever digit {pivot} takes, {z} ends up in the pivot or in a pincer, \
                     so {effect}, which see{s} all three cells, cannot be {z}.",
                    and_list(digits.iter()),
                    order.first().cloned().unwrap_or_default(),
                    order.get(1).cloned().unwrap_or_default(),
                ),
                _ => format!(
                    "The four cells {} hold only the digits {} between them. Apart from {z}, each of these digits \
                     can fill at most one of the four cells (its places there all see each other), so {z} \
                     must fill one of them. {effect} see{s} every wing cell holding {z}, so cannot be {z}.",
                    all.join(", "),
                    and_list(digits.iter())
                ),
            };
            (pattern, sentence)
        }
        Evidence::Chain { chain, houses } => {
            // (y)c1 = (x)c1 - (x)a = (x)b - (x)c2 = (y)c2
            let n = &chain.nodes;
            let (Some(first), Some(inner), Some(a), Some(b), Some(last)) =
                (n.first(), n.get(1), n.get(2), n.get(3), n.last())
            else {
                return (eureka(chain), String::new());
            };
            let (y, x) = (first.digit, inner.digit);
            let (c1, c2) = (first.cells, last.cells);
            let link = a.cells | b.cells;
            let house = houses.first().map(|h| h.describe()).unwrap_or_default();
            let pattern = format!("{y}/{x} in {c1},{c2} connected by {x} in {link}");
            let sentence = format!(
                "{c1} and {c2} both hold only {}. In {house}, {x} can only go in {} or {}, \
                 which see {c1} and {c2} respectively; one of them is {x}, so {c1} and {c2} cannot both be {x}. \
                 Hence one of them is {y}, and {effect}, which see{s} both, cannot be {y}.",
                and_list((DigitSet::single(x) | DigitSet::single(y)).iter()),
                a.cells,
                b.cells
            );
            (pattern, sentence)
        }
        _ => (String::new(), String::new()),
    }
}
