//! HoDoKu's choice among all the steps of a search: where HoDoKu collects
//! every chain, loop or forcing chain and sorts them, the step its sort
//! puts first.

use crate::board::Board;
use crate::step::{Evidence, Step};
use crate::strategies::Context;
use crate::technique::Technique;

/// HoDoKu's length of a step's chain(s), used to order steps: every node
/// counts one (a loop names its start twice), a forcing chain counts its
/// premise and each implication of each branch.
///
/// HoDoKu writes a discontinuous loop from its first link out of the start
/// cell, and keeps an AIC only when it removes two candidates: an AIC that
/// removes one is the discontinuous loop through the removed candidate's
/// cell (one node longer when its ends hold different digits, two when
/// they hold the same digit).
fn hodoku_chain_length(step: &Step) -> usize {
    let chain_len = |c: &crate::step::Chain| c.nodes.len() + usize::from(c.is_loop);
    match &step.evidence {
        Evidence::Chain { chain, .. } => {
            let n = chain_len(chain);
            let (Some(first), Some(second), Some(last)) =
                (chain.nodes.first(), chain.nodes.get(1), chain.nodes.last())
            else {
                return n;
            };
            let is_aic = matches!(step.technique, Technique::Aic | Technique::GroupedAic);
            if is_aic && step.eliminations.len() == 1 {
                n + if first.digit == last.digit { 2 } else { 1 }
            } else if !chain.is_loop && first.cells == last.cells && first.cells == second.cells {
                n - 1
            } else {
                n
            }
        }
        Evidence::Chains { chains, .. } => chains.iter().map(chain_len).sum(),
        Evidence::Forcing { branches, .. } => branches
            .iter()
            .map(|b| 1 + b.chain.len() + crate::strategies::forcing::group_node_count(b))
            .sum(),
        Evidence::AlsChain { sets, .. } | Evidence::Als { sets, .. } => sets.len(),
        Evidence::SueDeCoq { .. } => 3,
        _ => 0,
    }
}

/// The sum of the cell indices of a list of candidates.
fn index_sum(cands: &[crate::grid::Candidate]) -> usize {
    cands.iter().map(|c| c.cell.index()).sum()
}

/// Every step `find` finds for the techniques `ts` (at most `cap`).
fn all_of(
    ts: &[Technique],
    board: &Board,
    ctx: &Context,
    cap: usize,
    find: fn(Technique, &Board, &Context, crate::strategies::Sink<'_>) -> std::ops::ControlFlow<()>,
) -> Vec<Step> {
    use std::ops::ControlFlow;
    let mut v = Vec::new();
    for &t in ts {
        let _ = find(t, board, ctx, &mut |s: Step| {
            v.push(s);
            if v.len() >= cap {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    v
}

/// HoDoKu's weighted sum of a step's eliminations, its sort key among steps
/// that remove different candidates: the candidates in HoDoKu's order (by
/// digit, then cell), the n-th (from 0) counting its cell index times
/// 1 + 80·n, plus its digit. The weights keep two different lists from
/// summing alike in practice.
pub(super) fn weighted_sum(cands: &[crate::grid::Candidate]) -> usize {
    let mut v: Vec<(usize, usize)> = cands
        .iter()
        .map(|c| (c.digit.get() as usize, c.cell.index()))
        .collect();
    v.sort_unstable();
    v.iter()
        .enumerate()
        .map(|(n, &(digit, cell))| cell * (1 + 80 * n) + digit)
        .sum()
}

/// HoDoKu's usual choice among all steps of a search (its steps' natural
/// order): the most eliminations; then, between steps that remove
/// different candidates, the lowest [`weighted_sum`] of the eliminations;
/// between steps that remove the same ones, the shortest chain; ties keep
/// the finder's order.
pub(super) fn hodoku_best(ts: &[Technique], board: &Board, ctx: &Context) -> Option<Step> {
    // (HoDoKu's grouped chains have no almost locked sets: the walks leave
    // them out, see `chains::find_without_sets`)
    let steps = all_of(
        ts,
        board,
        ctx,
        20_000,
        crate::strategies::chains::find_without_sets,
    );
    steps
        .into_iter()
        .filter(|s| !has_als_node(s) && !enters_cell_twice(s))
        .flat_map(hodoku_aic_split)
        .min_by_key(|s| {
            (
                std::cmp::Reverse(s.eliminations.len()),
                weighted_sum(&s.eliminations),
                hodoku_chain_length(s),
            )
        })
}

/// Whether a chain passes through an almost locked set: HoDoKu 2.2.0's
/// default settings keep ALS nodes out of its chains (sensei's grouped
/// chains use them, as HoDoKu's regression library does).
fn has_als_node(step: &Step) -> bool {
    matches!(&step.evidence, Evidence::Chain { chain, .. } if chain.nodes.iter().any(|n| n.als.is_some()))
}

/// Whether a grouped chain breaks HoDoKu's lasso rule read either way: a
/// node's first cell (the lowest of a group's) lies in a node before the
/// one it follows (the nodes in a loop's start cell aside). sensei's
/// stricter walks let a group share a cell with a single candidate of
/// another digit anywhere in the chain; HoDoKu keeps such a chain only when
/// the shared cell is not the later node's first, in the direction its
/// tables built the chain, which may be either (a loop or an AIC is found
/// from both ends), so a chain that breaks the rule both ways is one
/// HoDoKu does not find. A loop's start cell counts among the cells a
/// group node may not hold but as its first cell (seen in every case of
/// the reference data where a group holds it).
fn enters_cell_twice(step: &Step) -> bool {
    use crate::bitset::CellSet;
    let Evidence::Chain { chain, .. } = &step.evidence else {
        return false;
    };
    let start = match step.technique {
        Technique::GroupedDiscontinuousNiceLoop | Technique::GroupedContinuousNiceLoop => {
            chain.nodes.first().map_or(CellSet::EMPTY, |n| n.cells)
        }
        Technique::GroupedAic => CellSet::EMPTY,
        _ => return false,
    };
    let breaks = |nodes: &[crate::step::ChainNode]| {
        nodes.iter().enumerate().skip(2).any(|(j, later)| {
            let Some(first) = later.cells.iter().next() else {
                return false;
            };
            !start.contains(first)
                && nodes[..j - 1]
                    .iter()
                    .any(|n| !n.cells.is_subset(start) && n.cells.contains(first))
        })
    };
    // nor does a loop pass through a group holding its start cell other
    // than as the group's first cell
    let start_inside = chain.nodes.iter().any(|n| {
        n.cells.len() > 1
            && n.cells.intersects(start)
            && n.cells.iter().next().is_some_and(|f| !start.contains(f))
    });
    let mut reversed = chain.nodes.clone();
    reversed.reverse();
    start_inside || (breaks(&chain.nodes) && breaks(&reversed))
}

/// HoDoKu's AICs start and end on single candidates: a grouped AIC with a
/// group node at an end is, for HoDoKu, one discontinuous loop per
/// eliminated candidate (each removing only that candidate).
fn hodoku_aic_split(step: Step) -> Vec<Step> {
    let group_end = match (&step.evidence, step.technique) {
        (Evidence::Chain { chain, .. }, Technique::GroupedAic) => {
            chain.nodes.first().is_some_and(|n| n.cells.len() > 1)
                || chain.nodes.last().is_some_and(|n| n.cells.len() > 1)
        }
        _ => false,
    };
    if !group_end || step.eliminations.len() < 2 {
        return vec![step];
    }
    step.eliminations
        .iter()
        .map(|&e| Step::elimination(step.technique, vec![e], step.evidence.clone()))
        .collect()
}

/// HoDoKu's name for a chain step: an AIC that removes one candidate is,
/// for HoDoKu, a discontinuous nice loop (see [`hodoku_chain_length`]).
pub(super) fn hodoku_loop_name(mut step: Step) -> Step {
    if step.eliminations.len() == 1 {
        step.technique = match step.technique {
            Technique::Aic => Technique::DiscontinuousNiceLoop,
            Technique::GroupedAic => Technique::GroupedDiscontinuousNiceLoop,
            t => t,
        };
    }
    step
}

/// HoDoKu's choice among forcing chains (or nets): placements before
/// eliminations; the most placements, then the lowest sum of their cells;
/// or the most eliminations, then the first in HoDoKu's candidate order
/// (the eliminations by digit, then cell, compared one by one as cell·10 +
/// digit); then the shortest chains.
pub(super) fn hodoku_best_forcing(ts: &[Technique], board: &Board, ctx: &Context) -> Option<Step> {
    best_forcing_of(all_of(ts, board, ctx, 20_000, crate::strategies::find))
}

/// HoDoKu's choice among forcing steps already found (see
/// [`hodoku_best_forcing`]).
pub(super) fn best_forcing_of(steps: Vec<Step>) -> Option<Step> {
    steps.into_iter().min_by_key(|s| {
        // HoDoKu keeps the eliminations sorted by digit, then cell
        let mut order: Vec<(u8, usize)> = s
            .eliminations
            .iter()
            .map(|c| (c.digit.get(), c.cell.index()))
            .collect();
        order.sort_unstable();
        let order: Vec<usize> = order.iter().map(|&(d, c)| c * 10 + d as usize).collect();
        // HoDoKu checks single premises (contradictions) before pairs and
        // houses (verities): on a tie between kinds the first found stays
        let kind = matches!(
            s.technique,
            Technique::ForcingChainVerity | Technique::ForcingNetVerity
        );
        (
            s.placements.is_empty(),
            std::cmp::Reverse(s.placements.len()),
            index_sum(&s.placements),
            std::cmp::Reverse(s.eliminations.len()),
            order,
            kind,
            hodoku_chain_length(s),
        )
    })
}
