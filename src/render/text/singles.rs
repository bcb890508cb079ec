//! Text for Full House, Naked Single and Hidden Single.

use crate::grid::{Cell, Digit, House};
use crate::step::{Evidence, Step};
use crate::technique::Technique;

/// (pattern, sentence). HoDoKu writes singles with no pattern part:
/// `Naked Single: r3c5=7`.
pub fn text(step: &Step) -> (String, String) {
    let mut sentence = String::new();
    write_sentence(&mut sentence, step);
    (String::new(), sentence)
}

/// The sentence of [`text`], written at the end of `out` piece by piece: a
/// solve has many singles, and the JSON trace writes each one's sentence
/// into one reused string (no formatting machinery, no allocation).
pub fn write_sentence(out: &mut String, step: &Step) {
    let Evidence::Single { cell, digit, house } = step.evidence else {
        return;
    };
    let mut w = Words(out);
    match (step.technique, house) {
        (Technique::FullHouse, Some(h)) => {
            w.cell(cell);
            w.0.push_str(" is the last empty cell of ");
            w.house(h);
            w.0.push_str(", so it takes the one digit missing there: ");
            w.digit(digit);
            w.0.push('.');
        }
        (Technique::HiddenSingle, Some(h)) => {
            w.0.push_str("In ");
            w.house(h);
            w.0.push_str(", ");
            w.digit(digit);
            w.0.push_str(" fits in only one cell, ");
            w.cell(cell);
            w.0.push_str(", so it goes there.");
        }
        _ => {
            w.0.push_str("Every digit but ");
            w.digit(digit);
            w.0.push_str(" is already used by a peer of ");
            w.cell(cell);
            w.0.push_str(", so ");
            w.cell(cell);
            w.0.push_str(" must be ");
            w.digit(digit);
            w.0.push('.');
        }
    }
}

/// A sentence being written: cells as `r3c5`, digits, houses in a
/// learner's words (`row 3`), as their `Display` and
/// [`House::describe`] write them.
struct Words<'a>(&'a mut String);

impl Words<'_> {
    fn cell(&mut self, cell: Cell) {
        for b in [b'r', b'1' + cell.row(), b'c', b'1' + cell.col()] {
            self.0.push(char::from(b));
        }
    }
    fn digit(&mut self, digit: Digit) {
        self.0.push(char::from(b'0' + digit.get()));
    }
    fn house(&mut self, house: House) {
        self.0.push_str(house.kind().word());
        self.0.push(' ');
        self.0.push(char::from(b'1' + house.number()));
    }
}
