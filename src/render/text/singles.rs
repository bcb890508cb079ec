//! Text for Full House, Naked Single and Hidden Single.

use crate::step::{Evidence, Step};
use crate::technique::Technique;

/// (pattern, sentence). HoDoKu writes singles with no pattern part:
/// `Naked Single: r3c5=7`.
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Single { cell, digit, house } = step.evidence else {
        return (String::new(), String::new());
    };
    let sentence = match (step.technique, house) {
        (Technique::FullHouse, Some(h)) => format!(
            "{cell} is the last empty cell of {}, so it takes the one digit missing there: {digit}.",
            h.describe()
        ),
        (Technique::HiddenSingle, Some(h)) => format!(
            "In {}, {digit} fits in only one cell, {cell}, so it goes there.",
            h.describe()
        ),
        _ => format!(
            "Every digit but {digit} is already used by a peer of {cell}, so {cell} must be {digit}."
        ),
    };
    (String::new(), sentence)
}
