//! Sudoku Explainer's **direct** techniques: a Pointing, Claiming, Hidden
//! Pair or Hidden Triple whose eliminations leave some digit with a single
//! place in a house. SE rates the pattern together with the hidden single
//! it causes as one step, easier than the pattern alone (1.7, 1.9, 2.0,
//! 2.5). The step removes the pattern's candidates and places the single.

use super::{Context, Sink};
use crate::board::Board;
use crate::grid::{Candidate, Digit, House};
use crate::step::Step;
use crate::technique::Technique;
use std::ops::ControlFlow;

/// The plain technique a direct technique builds on.
pub fn base_of(t: Technique) -> Option<Technique> {
    match t {
        Technique::DirectPointing => Some(Technique::LockedCandidates1),
        Technique::DirectClaiming => Some(Technique::LockedCandidates2),
        Technique::DirectHiddenPair => Some(Technique::HiddenPair),
        Technique::DirectHiddenTriple => Some(Technique::HiddenTriple),
        _ => None,
    }
}

pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    let Some(base) = base_of(t) else {
        return ControlFlow::Continue(());
    };
    super::find(base, board, ctx, &mut |step: Step| {
        let mut after = board.clone();
        step.apply(&mut after);
        match new_hidden_single(board, &after) {
            Some(single) => sink(Step::new(
                t,
                vec![single],
                step.eliminations.clone(),
                step.evidence.clone(),
            )),
            None => ControlFlow::Continue(()),
        }
    })
}

/// The first hidden single of `after` (houses in SE's order: blocks, then
/// rows, then columns) that `before` did not have.
fn new_hidden_single(before: &Board, after: &Board) -> Option<Candidate> {
    let houses = House::blocks().chain(House::rows()).chain(House::cols());
    for house in houses {
        for d in Digit::all() {
            if let Some(cell) = after.positions_in(d, house).single_cell() {
                if before.positions_in(d, house).len() > 1 {
                    return Some(Candidate::new(cell, d));
                }
            }
        }
    }
    None
}
