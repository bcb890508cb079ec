//! Text for forcing chains and nets.

use crate::grid::Candidate;
use crate::step::{Evidence, ForcingBranch, Step};

/// `r1c3=5` or `r1c3<>5`.
fn fact(c: Candidate, on: bool) -> String {
    format!("{}{}{}", c.cell, if on { "=" } else { "<>" }, c.digit)
}

/// `r1c1=5 -> r1c3<>5 -> r2c3=5`
fn branch(b: &ForcingBranch) -> String {
    std::iter::once(fact(b.premise, b.premise_is_on))
        .chain(b.chain.iter().map(|&(c, on)| fact(c, on)))
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// (pattern, sentence).
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Forcing {
        branches,
        contradiction,
    } = &step.evidence
    else {
        return (String::new(), String::new());
    };
    let chains: Vec<String> = branches.iter().map(branch).collect();
    let Some(first) = branches.first() else {
        return (String::new(), String::new());
    };
    if !contradiction.is_empty() {
        let premise = fact(first.premise, first.premise_is_on);
        let pattern = format!(
            "{premise} leads to a contradiction in {contradiction}: {}",
            chains.join(" | ")
        );
        let sentence = format!(
            "Suppose {premise}. Following what that forces ({}) breaks the rules at {contradiction}: \
             a candidate would be both set and removed, a cell would have no candidate, or a digit \
             no place in a house. So the assumption is false: {}.",
            chains.join("; "),
            fact(first.premise, !first.premise_is_on)
        );
        (pattern, sentence)
    } else {
        let premises: Vec<String> = branches
            .iter()
            .map(|b| fact(b.premise, b.premise_is_on))
            .collect();
        let pattern = chains.join(" | ");
        let sentence = format!(
            "One of {} must be true, and each of them forces the same result ({}). So the result \
             holds whichever it is.",
            premises.join(", "),
            chains.join("; ")
        );
        (pattern, sentence)
    }
}
