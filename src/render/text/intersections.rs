//! Text for Locked Candidates Type 1 (Pointing) and Type 2 (Claiming).

use super::{and_list, eliminations_text};
use crate::step::{Evidence, Step};

/// (pattern, sentence). HoDoKu names the digit and the base house:
/// `Locked Candidates Type 1 (Pointing): 5 in b1 => r1c46<>5`.
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Intersection {
        digit,
        base,
        cover,
        cells,
    } = step.evidence
    else {
        return (String::new(), String::new());
    };
    let pattern = format!("{digit} in {base}");
    let sentence = format!(
        "In {base_name}, {digit} can only go in {cell_words}, which lie in {cover_name} too. \
         Whichever of these cells holds {digit}, the {digit} of {cover_name} is inside {base_name}, \
         so no other cell of {cover_name} can be {digit}: {elims}.",
        base_name = base.describe(),
        cover_name = cover.describe(),
        elims = eliminations_text(&step.eliminations),
        cell_words = and_list(cells.iter()),
    );
    (pattern, sentence)
}
