//! Text for naked, locked and hidden subsets.

use super::{and_list, eliminations_text, joined_list};
use crate::bitset::DigitSet;
use crate::step::{Evidence, Step};

/// `2,9`: the digits of a subset as HoDoKu writes them.
fn digit_list(digits: DigitSet) -> String {
    let mut s = String::new();
    for d in digits.iter() {
        if !s.is_empty() {
            s.push(',');
        }
        s.push(char::from(b'0' + d.get()));
    }
    s
}

fn count_word(n: u32) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        4 => "four",
        _ => "several",
    }
}

/// (pattern, sentence). HoDoKu names the digits and the cells:
/// `Naked Pair: 2,9 in r1c37 => r1c5<>2`, `Hidden Pair: 3,8 in r4c16 => r4c1<>5`.
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Subset {
        digits,
        cells,
        ref houses,
        hidden,
    } = step.evidence
    else {
        return (String::new(), String::new());
    };
    let pattern = format!("{} in {cells}", digit_list(digits));
    let n = count_word(cells.len());
    let cell_words = and_list(cells.iter());
    let digit_words = and_list(digits.iter());
    let house_names: Vec<String> = houses.iter().map(|h| h.describe()).collect();
    let house_words = and_list(house_names.clone());
    let house_or = house_names.join(" or ");
    let elims = eliminations_text(&step.eliminations);
    let sentence = if hidden {
        format!(
            "In {house_words}, the digits {digit_words} can only go in the {n} cells {cell_words}. \
             {n_cap} digits need {n} cells, so these cells hold exactly {digit_words} and their \
             other candidates can be removed: {elims}.",
            n_cap = capitalized(n),
        )
    } else {
        format!(
            "The {n} cells {cell_words}{place} hold only the digits {digit_words} between them. \
             {n_cap} cells with {n} digits must take all of them, so no other cell of {house_or} \
             can hold {digit_or}: {elims}.",
            place = if houses.len() > 1 {
                format!(", which lie in both {house_words},")
            } else {
                format!(" of {house_words}")
            },
            n_cap = capitalized(n),
            digit_or = or_list(digits),
        )
    };
    (pattern, sentence)
}

/// `2, 5 or 9`.
fn or_list(digits: DigitSet) -> String {
    joined_list(digits.iter(), " or ")
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
