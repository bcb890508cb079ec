//! Text for Sue de Coq.

use crate::step::{Evidence, Step};

/// (pattern, sentence): `r1c12 - {1234} (r1c5 - {14}, r3c2 - {23})`.
pub fn text(step: &Step) -> (String, String) {
    let Evidence::SueDeCoq {
        intersection: inter,
        line,
        block,
    } = &step.evidence
    else {
        return (String::new(), String::new());
    };
    let pattern = format!(
        "{} - {{{}}} ({} - {{{}}}, {} - {{{}}})",
        inter.cells, inter.digits, line.cells, line.digits, block.cells, block.digits
    );
    let n = inter.cells.len() + line.cells.len() + block.cells.len();
    let sentence = format!(
        "The intersection cells {} hold {}. Together with {} ({}) in the same line and {} ({}) in \
         the same block, which share no candidate, these {n} cells hold exactly {n} digits, so \
         each digit is placed once in the pattern. The digits of the line cells ({}) stay in the \
         line part and leave the rest of the line; the digits of the block cells ({}) leave the \
         rest of the block; the other digits of the intersection leave both.",
        inter.cells,
        inter.digits,
        line.cells,
        line.digits,
        block.cells,
        block.digits,
        line.digits,
        block.digits
    );
    (pattern, sentence)
}
