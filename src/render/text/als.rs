//! Text for ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom.

use crate::bitset::DigitSet;
use crate::step::{Als, Evidence, Step};
use crate::technique::Technique;

/// `r5c4689 {13689}`
fn set(a: &Als) -> String {
    format!("{} {{{}}}", a.cells, a.digits)
}

/// `1,6`
fn digit_list(ds: DigitSet) -> String {
    ds.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// A learner's description of a set: "r8c4 (16: 1 cell, 2 digits)".
fn describe(a: &Als) -> String {
    let n = a.cells.len();
    format!(
        "{} ({n} cell{}, digits {})",
        a.cells,
        if n == 1 { "" } else { "s" },
        a.digits
    )
}

/// (pattern, sentence) for a step of the ALS family.
pub fn text(step: &Step) -> (String, String) {
    match (&step.evidence, step.technique) {
        (Evidence::Als { sets, rcc, z, stem }, t) => match (t, sets.as_slice(), stem) {
            (Technique::AlsXz, [a, b], _) => xz(a, b, *rcc, *z),
            (Technique::AlsXyWing, [a, b, c], _) => xy_wing(a, b, c, *rcc, *z),
            (Technique::DeathBlossom, petals, Some(stem)) => {
                let parts: Vec<String> = rcc
                    .iter()
                    .zip(petals)
                    .map(|(d, p)| format!("{d} in {}", set(p)))
                    .collect();
                let pattern = format!(
                    "Stem {stem} {{{rcc}}}: {}, Z={}",
                    parts.join(", "),
                    digit_list(*z)
                );
                let sentence = format!(
                    "The stem {stem} must be one of {rcc}. For each of those digits there is an \
                     almost locked set (a petal: N cells with N+1 digits) whose every cell with that \
                     digit sees the stem: {}. Whatever the stem holds, the petal of that digit loses it \
                     and becomes locked, so it must hold {z}, the digit every petal has. Hence {z} is \
                     in some petal (or the stem), and a cell that sees all those places cannot be {z}.",
                    parts.join("; ")
                );
                (pattern, sentence)
            }
            _ => (String::new(), String::new()),
        },
        (Evidence::AlsChain { sets, links, z }, _) => chain(sets, links, *z),
        _ => (String::new(), String::new()),
    }
}

fn xz(a: &Als, b: &Als, rcc: DigitSet, z: DigitSet) -> (String, String) {
    let mut pattern = format!("A={}, B={}, X={}", set(a), set(b), digit_list(rcc));
    if rcc.len() == 1 && !z.is_empty() {
        pattern.push_str(&format!(", Z={}", digit_list(z)));
    }
    let intro = format!(
        "A = {} and B = {} are almost locked sets: each has one digit more than it has cells, \
         so if it loses one digit all the others are locked in it.",
        describe(a),
        describe(b)
    );
    let sentence = if rcc.len() >= 2 {
        format!(
            "{intro} Both {} are restricted commons: every cell of A holding one of them sees \
             every cell of B holding it, so each of them is in at most one of the sets. Two sets \
             that can lose only one digit each must then both be locked: every digit of A stays \
             in A, every digit of B in B, and {} each go into A or B. A cell that sees all the \
             places of such a digit cannot hold it.",
            digit_list(rcc),
            digit_list(rcc)
        )
    } else {
        format!(
            "{intro} {rcc} is a restricted common: every {rcc} of A sees every {rcc} of B, so at \
             most one of them is {rcc}. If neither set held {z}, both would be locked and both \
             would need {rcc}, which cannot be. So {z} is in A or in B, and a cell that sees every \
             {z} of both sets cannot be {z}."
        )
    };
    (pattern, sentence)
}

fn xy_wing(a: &Als, b: &Als, c: &Als, rcc: DigitSet, z: DigitSet) -> (String, String) {
    let pattern = format!(
        "A={}, B={}, C={}, X,Y={}, Z={}",
        set(a),
        set(b),
        set(c),
        digit_list(rcc),
        digit_list(z)
    );
    let sentence = format!(
        "A = {}, B = {} and C = {} are almost locked sets (one digit more than cells). C shares a \
         restricted common with A and another with B ({}): such a digit can be in only one of the \
         two sets it links. If neither A nor B held {z}, A and B would be locked and take both \
         restricted commons away from C, which can spare only one digit. So {z} is in A or B, and \
         a cell that sees every {z} of both cannot be {z}.",
        describe(a),
        describe(b),
        describe(c),
        digit_list(rcc)
    );
    (pattern, sentence)
}

fn chain(sets: &[Als], links: &[crate::grid::Digit], z: DigitSet) -> (String, String) {
    let mut pattern = String::new();
    for (i, a) in sets.iter().enumerate() {
        if i > 0 {
            if let Some(d) = links.get(i - 1) {
                pattern.push_str(&format!(" -{d}- "));
            }
        }
        pattern.push_str(&set(a));
    }
    pattern.push_str(&format!(", Z={}", digit_list(z)));
    let (first, last) = (sets.first(), sets.last());
    let sentence = match (first, last) {
        (Some(f), Some(l)) => format!(
            "The almost locked sets {} form a chain: neighbours share a restricted common (a digit \
             that can be in only one of the two), and each link uses a different digit from the \
             one before. If the first set {} had no {z}, it would be locked and hold the first \
             link's digit; that takes the digit from the next set, which is then locked and holds \
             the next link's digit, and so on to the last set {}, which would be locked and hold \
             {z}. So {z} is in the first or the last set, and a cell that sees every {z} of both \
             cannot be {z}.",
            sets.iter().map(|a| a.cells.to_string()).collect::<Vec<_>>().join(", "),
            f.cells,
            l.cells
        ),
        _ => String::new(),
    };
    (pattern, sentence)
}
