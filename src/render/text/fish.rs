//! Text for every fish: basic, finned and sashimi, Franken and Mutant.
//! The pattern part follows HoDoKu: the digit, the base houses, the cover
//! houses, then the fins (`f` + cells) and endo fins (`ef` + cells):
//! `Finned Swordfish: 2 r148 c159 fr8c6 => r9c5<>2`. A siamese pair shows
//! both covers: `c159/c169`.

use super::and_list;
use crate::bitset::CellSet;
use crate::grid::{House, HouseKind};
use crate::step::{Evidence, Step};

/// Houses in HoDoKu's compact form: `r17b9`, `c148`.
pub fn houses_text(houses: &[House]) -> String {
    let mut out = String::new();
    for kind in [HouseKind::Row, HouseKind::Col, HouseKind::Block] {
        let numbers: String = houses
            .iter()
            .filter(|h| h.kind() == kind)
            .map(|h| (b'1' + h.number()) as char)
            .collect();
        if !numbers.is_empty() {
            out.push(kind.letter());
            out.push_str(&numbers);
        }
    }
    out
}

/// Houses for a learner: "rows 1 and 7 and block 9".
fn houses_words(houses: &[House]) -> String {
    let mut parts = Vec::new();
    for kind in [HouseKind::Row, HouseKind::Col, HouseKind::Block] {
        let numbers: Vec<String> = houses
            .iter()
            .filter(|h| h.kind() == kind)
            .map(|h| (h.number() + 1).to_string())
            .collect();
        match numbers.len() {
            0 => {}
            1 => parts.push(format!("{} {}", kind.word(), numbers[0])),
            _ => parts.push(format!("{}s {}", kind.word(), and_list(&numbers))),
        }
    }
    and_list(&parts)
}

/// `fr8c6`, `fr8c6 fr9c4`: each group of cells with the prefix.
fn cells_with_prefix(prefix: &str, cells: CellSet) -> String {
    cells
        .to_string()
        .split(',')
        .filter(|g| !g.is_empty())
        .map(|g| format!("{prefix}{g}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// (pattern, sentence).
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Fish {
        digit,
        base,
        cover,
        fins,
        endo_fins,
    } = &step.evidence
    else {
        return (String::new(), String::new());
    };
    let n = base.len();
    // a siamese pair carries two covers, one after the other
    let covers: Vec<&[House]> = if cover.len() > n && n > 0 {
        cover.chunks(n).collect()
    } else {
        vec![&cover[..]]
    };
    let cover_text = covers
        .iter()
        .map(|c| houses_text(c))
        .collect::<Vec<_>>()
        .join("/");
    let outer_fins = *fins - *endo_fins;
    let mut pattern = format!("{digit} {} {cover_text}", houses_text(base));
    if !outer_fins.is_empty() {
        pattern.push(' ');
        pattern.push_str(&cells_with_prefix("f", outer_fins));
    }
    if !endo_fins.is_empty() {
        pattern.push(' ');
        pattern.push_str(&cells_with_prefix("ef", *endo_fins));
    }

    let removed: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let mut sentence = format!(
        "In {} (the base), every {digit} lies in {} (the cover){}. ",
        houses_words(base),
        covers
            .iter()
            .map(|c| houses_words(c))
            .collect::<Vec<_>>()
            .join(", and also in "),
        if fins.is_empty() {
            String::new()
        } else {
            format!(", apart from the fins {}", fins)
        }
    );
    sentence.push_str(&format!(
        "Each of the {n} base houses needs its {digit}, and they cannot share one, \
         so those {n} digits fill all {n} cover houses: no other cell of a cover house can hold {digit}."
    ));
    let base_cells = base.iter().fold(CellSet::EMPTY, |acc, h| acc | h.cells());
    let cannibal = removed & base_cells;
    if !cannibal.is_empty() {
        sentence.push_str(&format!(
            " {cannibal} lies in two cover houses: a {digit} there would fill two of them at once, \
             leaving the other base houses too few cover houses."
        ));
    }
    if !endo_fins.is_empty() {
        sentence.push_str(&format!(
            " {} lies in two base houses at once (an endo fin), so it is treated as a fin.",
            endo_fins
        ));
    }
    if !fins.is_empty() {
        sentence.push_str(&format!(
            " If a fin holds {digit} instead, the fish may fail, but every cell that loses {digit} \
             here sees all the fins, so it cannot hold {digit} either way."
        ));
    }
    sentence.push_str(&format!(" So {removed} cannot be {digit}."));
    (pattern, sentence)
}
