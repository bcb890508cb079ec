//! Text for forcing chains and nets. A branch is written in the order its
//! facts were found; `->` joins a fact to the one before it when it rests
//! on that fact alone, otherwise the fact names what it rests on:
//! `r1c2=1 -> r8c2<>1, r7c2=1 (r7c1<>1, r8c2<>1)`, and a fact found by a
//! technique inside the net names the technique, its pattern and the
//! removals it relies on:
//! `r4c5<>3 (Locked Candidates Type 1 (Pointing): 3 in b5; r4c4<>3, r6c6<>3)`.

use crate::bitset::CellSet;
use crate::grid::Candidate;
use crate::step::{Evidence, ForcingBranch, ForcingReason, ForcingRule, Step};

/// `r1c3=5` or `r1c3<>5`.
fn fact(c: Candidate, on: bool) -> String {
    format!("{}{}{}", c.cell, if on { "=" } else { "<>" }, c.digit)
}

/// A group node fact: `r2c46=5` (5 is in one of the cells) or `r2c46<>5`.
fn node_fact(cells: crate::bitset::CellSet, digit: crate::grid::Digit, on: bool) -> String {
    format!("{cells}{}{digit}", if on { "=" } else { "<>" })
}

/// The fact at index `i` of a branch (0 is the premise).
fn fact_at(b: &ForcingBranch, i: usize) -> String {
    match i.checked_sub(1) {
        None => fact(b.premise, b.premise_is_on),
        Some(k) => match b.chain.get(k) {
            Some(&(c, on)) => fact(c, on),
            None => String::from("?"),
        },
    }
}

/// The parents of a reason, as facts.
fn parents(b: &ForcingBranch, r: &ForcingReason) -> Vec<String> {
    r.parents.iter().map(|&i| fact_at(b, i)).collect()
}

/// The technique's name and pattern: `Locked Candidates Type 1 (Pointing): 3
/// in b5`. A net inside the net is named by its premise and where it breaks
/// (its branches are told in the sentence).
fn technique_pattern(r: &ForcingReason) -> Option<String> {
    let ForcingRule::Technique {
        technique,
        evidence,
    } = &r.rule
    else {
        return None;
    };
    if let Evidence::Forcing {
        branches,
        contradiction,
    } = &**evidence
    {
        let premise = branches
            .first()
            .map(|b| fact(b.premise, b.premise_is_on))
            .unwrap_or_default();
        return Some(format!(
            "{}: {premise} leads to a contradiction in {contradiction}",
            technique.name()
        ));
    }
    let inner = Step::new(*technique, vec![], vec![], (**evidence).clone());
    let pattern = super::family_text(&inner)
        .map(|(p, _)| p)
        .unwrap_or_default();
    Some(format!("{}: {pattern}", technique.name()))
}

/// The nets inside a branch's nets, each written once, in order (`seen`:
/// the nets already written, so that a net many facts rest on is written
/// out only once).
fn inner_nets<'a>(b: &'a ForcingBranch, seen: &mut Vec<&'a Evidence>, out: &mut Vec<String>) {
    for r in &b.reasons {
        if let ForcingRule::Technique { evidence, .. } = &r.rule {
            if let Evidence::Forcing {
                branches,
                contradiction,
            } = &**evidence
            {
                if seen.contains(&&**evidence) {
                    continue;
                }
                seen.push(evidence);
                let pattern = pattern_of(branches, *contradiction);
                if !out.contains(&pattern) {
                    out.push(pattern);
                }
            }
        }
    }
}

/// `r1c1=5 -> r1c3<>5 & r2c1<>5, r2c3=5 (r1c3<>5, r2c2<>5)`: facts that rest
/// on the same fact by the same value are joined by `&`.
fn branch(b: &ForcingBranch) -> String {
    let mut out = fact(b.premise, b.premise_is_on);
    let mut k = 0;
    while let Some(&(c, on)) = b.chain.get(k) {
        let f = fact(c, on);
        let Some(r) = b.reasons.get(k) else {
            out += &format!(" -> {f}");
            k += 1;
            continue;
        };
        if let Some(tp) = technique_pattern(r) {
            let ps = parents(b, r);
            if ps.is_empty() {
                out += &format!(", {f} ({tp})");
            } else {
                out += &format!(", {f} ({tp}; {})", ps.join(", "));
            }
            k += 1;
            continue;
        }
        if let ForcingRule::Group { digit, nodes, .. } = &r.rule {
            // the group nodes come between the parent and the fact
            let mut path: Vec<String> = nodes
                .iter()
                .map(|n| node_fact(n.cells, *digit, n.on))
                .collect();
            path.push(f);
            if r.parents == [k] {
                out += &format!(" -> {}", path.join(" -> "));
            } else {
                let first = path.remove(0);
                out += &format!(", {first} ({})", parents(b, r).join(", "));
                for p in path {
                    out += &format!(" -> {p}");
                }
            }
            k += 1;
            continue;
        }
        // the siblings: the next facts removed by the same value
        let mut group = vec![f];
        let mut next = k + 1;
        if r.rule == ForcingRule::Value {
            while let (Some(&(c2, on2)), Some(r2)) = (b.chain.get(next), b.reasons.get(next)) {
                if r2.rule != ForcingRule::Value || r2.parents != r.parents {
                    break;
                }
                group.push(fact(c2, on2));
                next += 1;
            }
        }
        if r.parents == [k] {
            // rests on the fact just before it alone: a chain link
            out += &format!(" -> {}", group.join(" & "));
        } else {
            out += &format!(", {} ({})", group.join(" & "), parents(b, r).join(", "));
        }
        k = next;
    }
    out
}

/// The learner's walk through a branch: each fact with why it holds.
fn walk(b: &ForcingBranch) -> String {
    let mut parts = Vec::new();
    let mut k = 0;
    while let Some(&(c, on)) = b.chain.get(k) {
        let f = fact(c, on);
        let Some(r) = b.reasons.get(k) else {
            parts.push(f);
            k += 1;
            continue;
        };
        let ps = parents(b, r).join(" and ");
        let part = match &r.rule {
            ForcingRule::Value => {
                // the siblings removed by the same value
                let mut group = vec![f];
                while let (Some(&(c2, on2)), Some(r2)) = (b.chain.get(k + 1), b.reasons.get(k + 1))
                {
                    if r2.rule != ForcingRule::Value || r2.parents != r.parents {
                        break;
                    }
                    group.push(fact(c2, on2));
                    k += 1;
                }
                format!("{} (because {ps})", group.join(", "))
            }
            ForcingRule::NakedSingle => {
                format!("{f} (the cell's last candidate once {ps})")
            }
            ForcingRule::HiddenSingle { house } => {
                format!("{f} (the last place for {} in {house} once {ps})", c.digit)
            }
            ForcingRule::Group {
                digit,
                nodes,
                house,
            } => {
                let mut says: Vec<String> = nodes
                    .iter()
                    .map(|n| {
                        if n.on {
                            format!("{digit} in {} must lie in the group {}", n.house, n.cells)
                        } else {
                            format!("the group {} (in {}) loses {digit}", n.cells, n.house)
                        }
                    })
                    .collect();
                says.push(if on {
                    format!("{f}, the last place for {digit} in {house}")
                } else {
                    format!("{f}, as it sees the whole group in {house}")
                });
                format!("{} (once {ps}, {})", fact(c, on), says.join(", so "))
            }
            ForcingRule::Technique { .. } => {
                let tp = technique_pattern(r).unwrap_or_default();
                if ps.is_empty() {
                    format!("{f} (by {tp})")
                } else {
                    format!("{f} (by {tp}, which holds once {ps})")
                }
            }
        };
        parts.push(part);
        k += 1;
    }
    if parts.is_empty() {
        format!("{} itself", fact(b.premise, b.premise_is_on))
    } else {
        format!(
            "from {}: {}",
            fact(b.premise, b.premise_is_on),
            parts.join(", then ")
        )
    }
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
    text_of(branches, *contradiction)
}

/// The pattern of a net's branches: its premise and where it breaks, and
/// each branch in the order its facts were found.
fn pattern_of(branches: &[ForcingBranch], contradiction: CellSet) -> String {
    let chains: Vec<String> = branches.iter().map(branch).collect();
    match branches.first() {
        Some(first) if !contradiction.is_empty() => format!(
            "{} leads to a contradiction in {contradiction}: {}",
            fact(first.premise, first.premise_is_on),
            chains.join(" | ")
        ),
        _ => chains.join(" | "),
    }
}

/// (pattern, sentence) of a net's branches (a net inside a net is written
/// from its evidence alone: its pattern, without a copy of it).
fn text_of(branches: &[ForcingBranch], contradiction: CellSet) -> (String, String) {
    let Some(first) = branches.first() else {
        return (String::new(), String::new());
    };
    let pattern = pattern_of(branches, contradiction);
    let walks: Vec<String> = branches.iter().map(walk).collect();
    let (mut seen, mut nets) = (Vec::new(), Vec::new());
    for b in branches {
        inner_nets(b, &mut seen, &mut nets);
    }
    let inside = if nets.is_empty() {
        String::new()
    } else {
        format!(
            " The nets inside the net, each on the position reached: {}.",
            nets.join("; ")
        )
    };
    let sentence = if contradiction.is_empty() {
        let premises: Vec<String> = branches
            .iter()
            .map(|b| fact(b.premise, b.premise_is_on))
            .collect();
        format!(
            "One of {} must be true, and each of them forces the same result ({}). So the result \
             holds whichever it is.",
            premises.join(", "),
            walks.join("; ")
        )
    } else {
        format!(
            "Suppose {}. Following what that forces ({}) breaks the rules at {contradiction}: \
             a candidate would be both set and removed, a cell would have no candidate, or a digit \
             no place in a house. So the assumption is false: {}.",
            fact(first.premise, first.premise_is_on),
            walks.join("; "),
            fact(first.premise, !first.premise_is_on)
        )
    };
    (pattern, sentence + &inside)
}
