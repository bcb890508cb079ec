//! Text for Simple Colors, Multi-Colors and 3D Medusa.

use super::effects;
use crate::grid::{cells_to_string, Candidate, Cell};
use crate::step::{Evidence, Step};
use crate::technique::Technique;

/// `(r1c3,r4c6)`: the cells of one colour, for a single-digit cluster.
fn cells(col: &[Candidate]) -> String {
    let cs: Vec<String> = col.iter().map(|c| c.cell.to_string()).collect();
    format!("({})", cs.join(","))
}

/// `(7)r1c3,(5)r1c3`: the candidates of one colour, for 3D Medusa.
fn cands(col: &[Candidate]) -> String {
    let cs: Vec<String> = col.iter().map(|c| c.to_string()).collect();
    format!("({})", cs.join(","))
}

fn cell_words(col: &[Candidate]) -> String {
    let v: Vec<Cell> = col.iter().map(|c| c.cell).collect();
    cells_to_string(&v)
}

/// (pattern, sentence), e.g. `7 (r1c3,r4c6) / (r2c2,r5c8)`.
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Coloring { colors } = &step.evidence else {
        return (String::new(), String::new());
    };
    let digit = colors
        .first()
        .and_then(|c| c.first())
        .map(|c| c.digit.to_string())
        .unwrap_or_default();
    let pairs: Vec<(&Vec<Candidate>, &Vec<Candidate>)> = colors
        .chunks(2)
        .filter_map(|p| match p {
            [a, b] => Some((a, b)),
            _ => None,
        })
        .collect();
    let effect = effects(step);
    let why_colors = "Each strong link joins two candidates of which exactly one is true, so \
                      colouring the ends of every link in opposite colours splits a cluster into \
                      two classes: one class is entirely true and the other entirely false.";
    match step.technique {
        Technique::Medusa3D => {
            let pattern = pairs
                .iter()
                .map(|(a, b)| format!("{} / {}", cands(a), cands(b)))
                .collect::<Vec<_>>()
                .join(", ");
            let sentence = format!(
                "Conjugate pairs and bivalue cells link the candidates {} (one colour) and {} \
                 (the other colour). {why_colors} Whichever colour is true, {effect} cannot hold: \
                 either a colour would put a digit twice in a house or a cell, or the removed \
                 candidates see (or share a cell with) a true candidate in both cases.",
                pairs.first().map(|p| cands(p.0)).unwrap_or_default(),
                pairs.first().map(|p| cands(p.1)).unwrap_or_default(),
            );
            (pattern, sentence)
        }
        _ => {
            let pattern = format!(
                "{digit} {}",
                pairs
                    .iter()
                    .map(|(a, b)| format!("{} / {}", cells(a), cells(b)))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let cluster = |i: usize| {
                pairs
                    .get(i)
                    .map(|(a, b)| {
                        format!(
                            "{} in one colour and {} in the other",
                            cell_words(a),
                            cell_words(b)
                        )
                    })
                    .unwrap_or_default()
            };
            let intro = format!(
                "Conjugate pairs of {digit} (the only two places of {digit} in a house) link {}.",
                cluster(0)
            );
            let why = match step.technique {
                Technique::SimpleColorsTrap => format!(
                    "{why_colors} So one of the two colours holds {digit}, and a cell that sees \
                     a cell of each colour cannot: {effect}."
                ),
                Technique::SimpleColorsWrap => format!(
                    "{why_colors} One colour has two cells in the same house, and a house holds \
                     {digit} only once, so that colour is false: {effect}."
                ),
                Technique::MultiColors1 => format!(
                    "A second cluster has {}. {why_colors} A cell of one cluster's colour sees a \
                     cell of the other cluster's colour, so not both of those colours are true \
                     and one of their opposite colours is: a cell seeing both opposite colours \
                     cannot hold {digit}: {effect}.",
                    cluster(1)
                ),
                _ => format!(
                    "A second cluster has {}. {why_colors} One colour of the first cluster sees \
                     both colours of the second, one of which is true, so that colour is false: \
                     {effect}.",
                    cluster(1)
                ),
            };
            (pattern, format!("{intro} {why}"))
        }
    }
}
