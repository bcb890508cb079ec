//! HoDoKu 2.2.0's ratings: the sum of the base scores of the steps of
//! HoDoKu's own solve, and its level (the hardest step's level, raised
//! while the score passes the level's cap). The solve follows HoDoKu's
//! choices: singles from its queues ([`singles`]), subsets in its search
//! order (`strategies::subsets`' finder in `Order::Hodoku`), ALS steps in
//! its list order ([`als`]), W-Wings in its order, forcing nets as its
//! tables find them ([`tables`]), among chains, loops and forcing chains
//! and nets the step its sort puts first ([`choice`], grouped chains kept
//! to its lasso rule), and, where nothing applies, its guess (the middle
//! empty cell).

use super::HodokuRating;
use crate::board::Board;
use crate::grid::Grid;
use crate::solver::{self, Options, Pick, Prepared};
use crate::step::Step;
use crate::strategies::Context;
use crate::technique::{Finder, Level, Technique};
use crate::trace::Trace;

mod als;
mod choice;
mod singles;
mod tables;

use singles::SinglesQueues;

/// HoDoKu's level and score of a HoDoKu-profile trace.
pub fn hodoku_rating(trace: &Trace) -> HodokuRating {
    let score: u32 = trace.steps.iter().map(|s| s.technique.info().score).sum();
    let mut level = trace
        .steps
        .iter()
        .map(|s| s.technique.info().level)
        .max()
        .unwrap_or(Level::Easy);
    while let Some(cap) = level.score_cap() {
        if score <= cap {
            break;
        }
        level = level.next();
    }
    HodokuRating { level, score }
}

/// The step HoDoKu would take for technique `t`: its own search order for
/// subsets; for the searches where HoDoKu collects every step and sorts
/// them, its choice among all of sensei's steps; sensei's first step
/// otherwise.
///
/// HoDoKu finds the nice loops and AICs in one search (asked for any of
/// them, it returns the best of all), and likewise the grouped ones, the
/// forcing chains and the forcing nets: the first technique of each group
/// in the solve order answers for the group, the others find nothing new.
fn hodoku_step(t: Technique, board: &Board, ctx: &Context) -> Option<Step> {
    use Technique::*;
    match t {
        XChain | XyChain | RemotePair => choice::hodoku_best(&[t], board, ctx),
        AlsXz => als::xz(board, ctx),
        AlsXyWing => als::xy_wing(board, ctx),
        AlsXyChain => als::chain(board, ctx),
        SueDeCoq => crate::strategies::sue_de_coq::first_in_hodoku_order(board),
        WWing => w_wing(board, ctx),
        ContinuousNiceLoop => choice::hodoku_best(
            &[ContinuousNiceLoop, DiscontinuousNiceLoop, Aic],
            board,
            ctx,
        )
        .map(choice::hodoku_loop_name),
        GroupedContinuousNiceLoop => choice::hodoku_best(
            &[
                GroupedContinuousNiceLoop,
                GroupedDiscontinuousNiceLoop,
                GroupedAic,
            ],
            board,
            ctx,
        )
        .map(choice::hodoku_loop_name),
        ForcingChainContradiction => choice::hodoku_best_forcing(
            &[ForcingChainContradiction, ForcingChainVerity],
            board,
            ctx,
        ),
        ForcingNetContradiction => choice::best_forcing_of(tables::net_steps(board)),
        DiscontinuousNiceLoop
        | Aic
        | GroupedDiscontinuousNiceLoop
        | GroupedAic
        | ForcingChainVerity
        | ForcingNetVerity => None,
        Technique::LockedPair
        | Technique::LockedTriple
        | Technique::NakedPair
        | Technique::NakedTriple
        | Technique::NakedQuadruple
        | Technique::HiddenPair
        | Technique::HiddenTriple
        | Technique::HiddenQuadruple => crate::strategies::subsets::first_in_hodoku_order(t, board),
        _ => crate::strategies::first_step(t, board, ctx),
    }
}

/// HoDoKu's first W-Wing: its pairs of cells in the same order as
/// sensei's, but for each pair the lower digit eliminated first (the
/// higher one the link).
fn w_wing(board: &Board, ctx: &Context) -> Option<Step> {
    use crate::step::Evidence;
    let mut best: Option<((crate::grid::Cell, crate::grid::Cell, u8), Step)> = None;
    let _ = crate::strategies::find(Technique::WWing, board, ctx, &mut |s: Step| {
        if let Evidence::Chain { chain, .. } = &s.evidence {
            let (Some(a), Some(b)) = (chain.nodes.first(), chain.nodes.get(4)) else {
                return std::ops::ControlFlow::Continue(());
            };
            let (Some(c1), Some(c2)) = (a.cells.first(), b.cells.first()) else {
                return std::ops::ControlFlow::Continue(());
            };
            let key = (c1, c2, a.digit.get());
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, s));
            }
        }
        std::ops::ControlFlow::Continue(())
    });
    best.map(|(_, s)| s)
}

/// HoDoKu's guess when no technique applies: the middle one (in cell
/// order) of the empty cells takes its value from the solution.
fn brute_force(board: &Board, solution: &[u8; 81]) -> Option<Step> {
    let empty: Vec<crate::grid::Cell> = board.empty_cells().iter().collect();
    let cell = *empty.get(empty.len() / 2)?;
    let digit = crate::grid::Digit::new(solution[cell.index()])?;
    Some(Step::placement(
        Technique::BruteForce,
        cell,
        digit,
        crate::step::Evidence::Guess { cell, digit },
    ))
}

/// The solve HoDoKu's rating is taken from: HoDoKu 2.2.0's default
/// techniques ([`Technique::in_hodoku_default`]), with the singles found in HoDoKu's
/// queue order (see `singles::SinglesQueues`) and, where HoDoKu collects every
/// step of a search and sorts them, the step it would choose (see
/// `hodoku_step`).
pub fn hodoku_trace(puzzle: &Grid) -> Trace {
    hodoku_trace_of(&Prepared::new(puzzle, hodoku_options().solution_limit))
}

/// [`hodoku_trace`] of a prepared puzzle.
pub(crate) fn hodoku_trace_of(prepared: &Prepared) -> Trace {
    let opts = hodoku_options();
    let mut chooser = HodokuChoice {
        queues: SinglesQueues::new(prepared.grid()),
        // the singles come from HoDoKu's queues
        others: opts
            .techniques
            .iter()
            .copied()
            .filter(|t| t.finder() != Finder::Singles)
            .collect(),
        ctx: Context::new(true),
        solution: prepared.solution(),
    };
    solver::solve_by(prepared, &opts, &mut chooser)
}

/// HoDoKu 2.2.0's own default set: no WXYZ-Wing or 3D Medusa, and no
/// deeper nets (HoDoKu guesses where they would go on).
fn hodoku_options() -> Options {
    Options {
        techniques: Technique::all().filter(|t| t.in_hodoku_default()).collect(),
        ..Options::default()
    }
}

/// HoDoKu's choice of steps: singles from its queues, then its other
/// techniques in order, each as HoDoKu finds it, then its guess.
struct HodokuChoice<'a> {
    queues: SinglesQueues,
    /// The techniques after the singles.
    others: Vec<Technique>,
    ctx: Context,
    /// The unique solution, for HoDoKu's guesses.
    solution: Option<&'a Grid>,
}

impl Pick for HodokuChoice<'_> {
    fn next(&mut self, board: &Board) -> Option<Step> {
        let q = &mut self.queues;
        q.full_house(board)
            .or_else(|| q.naked_single(board))
            .or_else(|| q.hidden_single(board))
            .or_else(|| {
                self.others
                    .iter()
                    .find_map(|&t| hodoku_step(t, board, &self.ctx))
            })
            .or_else(|| brute_force(board, self.solution?.values()))
    }
    fn applied(&mut self, step: &Step) {
        self.queues.apply(step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guess_sets_the_middle_empty_cell_from_the_solution() {
        let puzzle = crate::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let solution = crate::exact::unique_solution(puzzle.values()).unwrap();
        let board = Board::from_grid(&puzzle).unwrap();
        let empty: Vec<crate::grid::Cell> = board.empty_cells().iter().collect();
        let step = brute_force(&board, &solution).expect("a guess");
        let cell = empty[empty.len() / 2];
        assert_eq!(step.technique, Technique::BruteForce);
        assert_eq!(
            step.evidence,
            crate::step::Evidence::Guess {
                cell,
                digit: crate::grid::Digit::new(solution[cell.index()]).unwrap()
            }
        );
        // a full board leaves nothing to guess
        let solved = Board::from_grid(&Grid::from_values(solution)).unwrap();
        assert!(brute_force(&solved, &solution).is_none());
    }

    #[test]
    fn hodoku_level_rises_with_score() {
        assert_eq!(Level::Easy.score_cap(), Some(800));
        assert_eq!(Level::Easy.next(), Level::Medium);
    }
}
