//! Text for Remote Pair, X-Chain, XY-Chain, nice loops and AICs: the chain
//! in Eureka notation and a sentence on why its ends remove candidates.

use super::effects;
use crate::render::eureka;
use crate::step::{Chain, ChainNode, Evidence, Step};
use crate::technique::Technique;

const LINKS: &str = "In the chain, '=' is a strong link (of its two ends at least one is true: \
                     the only two places of a digit in a house, or the two digits of a bivalue \
                     cell) and '-' is a weak link (at most one end is true: the same digit twice \
                     in a house, or two digits of one cell).";

const ALS: &str = " A node written `(x=y)` over several cells is an almost locked set (N cells \
                   holding N+1 digits): if it loses digit x it is locked, so it holds y, and \
                   every y outside it that sees all its cells holding y is false.";

fn node(n: &ChainNode) -> String {
    match n.als {
        Some(set) => format!(
            "{} in the almost locked set {} {{{}}}",
            n.digit, set.cells, set.digits
        ),
        None => format!("{} in {}", n.digit, n.cells),
    }
}

/// (pattern, sentence).
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Chain { chain, .. } = &step.evidence else {
        return (String::new(), String::new());
    };
    let pattern = eureka(chain);
    let effect = effects(step);
    let (Some(first), Some(last)) = (chain.nodes.first(), chain.nodes.last()) else {
        return (pattern, String::new());
    };
    let with_als = chain.nodes.iter().any(|n| n.als.is_some());
    let sentence = match step.technique {
        Technique::RemotePair => remote_pair(chain, &effect),
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => format!(
            "{LINKS} The chain closes into a loop that alternates strong and weak links all the \
             way round, so either every other node is true or all the others are: each weak \
             link of the loop then has exactly one true end. A candidate that sees both ends \
             of a weak link (or shares a cell with two digits joined by one) is false: {effect}."
        ),
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            dnl(chain, first, last, &effect)
        }
        _ => format!(
            "{LINKS} If {} were false, the links would force {} to be true, so at least one \
             of the two ends of the chain is true. Whatever sees both ends (or, for two \
             different digits, shares a cell with one end and sees the other) cannot be true: \
             {effect}.",
            node(first),
            node(last)
        ),
    };
    let sentence = if with_als {
        let sets = set_sentences(chain, step.technique);
        sentence.replacen(LINKS, &format!("{LINKS}{ALS}{sets}"), 1)
    } else {
        sentence
    };
    (pattern, sentence)
}

/// What each forcing link of the chain says, e.g. " If r7c89,r89c9 lacked
/// 5 it would be locked on 1268, which leaves r1c9 only 3: so 5 is in the
/// set or r1c9 is 3." In a continuous loop, also what its sets remove.
fn set_sentences(chain: &Chain, technique: Technique) -> String {
    let links = crate::render::forcing_links(chain);
    let mut out = String::new();
    for &(s, c) in &links {
        let (set_node, cell_node) = (chain.nodes[s], chain.nodes[c]);
        let Some(set) = set_node.als else { continue };
        let x = set_node.digit;
        let rest: String = (set.digits - crate::bitset::DigitSet::single(x))
            .iter()
            .map(|d| d.to_string())
            .collect();
        let (w, cell) = (cell_node.digit, cell_node.cells);
        out.push_str(&format!(
            " If {} lacked {x} it would be locked on {rest}, which leaves {cell} only {w}: so \
             {x} is in the set or {cell} is {w} (a forcing link, written `(x=yz)cells=(w)C` \
             or `(w)C=(yz=x)cells`).",
            set.cells
        ));
    }
    let continuous = matches!(
        technique,
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop
    );
    let in_set_link = chain
        .nodes
        .windows(2)
        .any(|w| w[0].als.is_some() && w[0].als == w[1].als && w[0].digit != w[1].digit);
    if continuous && in_set_link {
        out.push_str(
            " A set in the loop holds exactly one of its two loop digits, so it holds all its \
             other digits, which leave the cells that see all their places in it.",
        );
    }
    if continuous && !links.is_empty() {
        out.push_str(
            " In the loop exactly one end of a forcing link is true, so the set holds every \
             digit but x and the cell's other digits, and each of the cell's other digits is in \
             the set or the cell: these digits leave the cells that see all their places.",
        );
    }
    out
}

fn dnl(chain: &Chain, first: &ChainNode, last: &ChainNode, effect: &str) -> String {
    let start = node(first);
    let first_strong = chain.links.first() == Some(&crate::step::LinkKind::Strong);
    let last_strong = chain.links.last() == Some(&crate::step::LinkKind::Strong);
    if first_strong && last_strong {
        format!(
            "{LINKS} The loop starts and ends at {start} with two strong links: if {start} were \
             false, the chain would force it to be true. So it is true, and its cell loses its \
             other digits: {effect}."
        )
    } else if !first_strong {
        format!(
            "{LINKS} If {start} were true, the chain would force {} to be true, which rules out \
             {start} itself. So {start} is false: {effect}.",
            node(last)
        )
    } else {
        format!(
            "{LINKS} If {start} were false, the chain would force {} to be true; both sit in one \
             cell, so that cell holds one of the two digits and loses the others: {effect}.",
            node(last)
        )
    }
}

fn remote_pair(chain: &Chain, effect: &str) -> String {
    let cells: Vec<String> = chain
        .nodes
        .iter()
        .step_by(2)
        .map(|n| n.cells.to_string())
        .collect();
    let digits: Vec<String> = chain
        .nodes
        .iter()
        .take(2)
        .map(|n| n.digit.to_string())
        .collect();
    format!(
        "The cells {} each hold only {} and each sees the next, so the two digits alternate \
         along the chain: cells an odd number of steps apart hold different digits. A cell that \
         sees two such cells sees both digits and can hold neither: {effect}.",
        cells.join(", "),
        digits.join(" and ")
    )
}
