//! Sudoku Explainer 1.2.1's ratings: the rating of each step (SE's base
//! rating of the rule plus its chain length penalty), and the SE rating
//! solve: SE's own rules in SE's order, then SE's chaining rules as
//! [`chains`] models them, each taking its lowest-rated hint. ER is the
//! hardest step, EP the hardest up to the first placement, ED the first.

use super::SeRating;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Digit, Grid, House, HouseKind};
use crate::solver::{self, Options, Pick, Prepared, Profile};
use crate::step::{Evidence, Step};
use crate::strategies::Context;
use crate::technique::{Finder, Technique};
use crate::trace::Trace;

pub mod chains;
pub mod exclusion;
mod tail;
pub mod uniqueness;

/// SE's chain length penalty: 0.1 each time the length passes a threshold
/// that starts at 4 and grows by 3/2 and 4/3 in turn (4, 6, 8, 12, 16, ...).
pub fn se_length_penalty(length: usize) -> f32 {
    let mut added = 0.0;
    let mut ceil = 4usize;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// SE's base rating of a chain by its shape: on one digit an X-cycle (6.5)
/// or a forcing X-chain (6.6); a loop whose strong links all lie inside
/// cells a Y-cycle (6.5); any other cycle or forcing chain 7.0. Chains
/// with group nodes keep the technique's base (`None`).
fn se_chain_base(chain: &crate::step::Chain) -> Option<f32> {
    use crate::step::LinkKind;
    if chain.nodes.iter().any(|n| n.cells.len() != 1) {
        return None;
    }
    let one_digit = chain.nodes.windows(2).all(|w| match w {
        [a, b] => a.digit == b.digit,
        _ => true,
    });
    let n = chain.nodes.len();
    let strong_in_cells = chain.links.iter().enumerate().all(|(i, link)| {
        *link != LinkKind::Strong
            || match (chain.nodes.get(i), chain.nodes.get((i + 1) % n.max(1))) {
                (Some(a), Some(b)) => a.cells == b.cells,
                _ => false,
            }
    });
    Some(match (chain.is_loop, one_digit, strong_in_cells) {
        (true, true, _) | (true, false, true) => 6.5,
        (false, true, _) => 6.6,
        _ => 7.0,
    })
}

/// The SE rating of one step.
pub fn se_step(step: &Step) -> f32 {
    let base = step.technique.se_base();
    let rating = match (&step.evidence, step.technique) {
        (Evidence::Single { house: Some(h), .. }, Technique::HiddenSingle) => {
            if h.kind() == HouseKind::Block {
                1.2
            } else {
                1.5
            }
        }
        (Evidence::Chain { .. }, Technique::RemotePair) => base,
        (Evidence::Chain { chain, .. }, _) if base >= 6.5 => {
            // SE counts a mixed chain one node shorter than its nodes
            match se_chain_base(chain) {
                Some(b) if b >= 7.0 => b + se_length_penalty(chain.nodes.len().saturating_sub(1)),
                Some(b) => b + se_length_penalty(chain.nodes.len()),
                None => base + se_length_penalty(chain.nodes.len()),
            }
        }
        (Evidence::Uniqueness { extra_cells, .. }, Technique::Uniqueness3) => {
            // SE: 4.5 plus 0.1 per cell of the naked set formed with the extra candidates
            base + 0.1 * (extra_cells.len().saturating_sub(1) as f32).min(3.0)
        }
        (Evidence::Forcing { branches, .. }, _) => {
            // SE's length of a net is its number of distinct nodes (every
            // premise and implication, over all branches)
            let mut nodes: Vec<(crate::grid::Candidate, bool)> = Vec::new();
            for b in branches {
                nodes.push((b.premise, b.premise_is_on));
                nodes.extend(b.chain.iter().copied());
            }
            nodes.sort_by_key(|(c, on)| (*c, *on));
            nodes.dedup();
            let len = nodes.len();
            base + se_length_penalty(len)
        }
        _ => base,
    };
    (rating * 10.0).round() / 10.0
}

/// ER, EP and ED of an SE-profile trace, each step rated by [`se_step`]
/// (use [`se_solve`] and [`se_rating_of`] for the ratings of SE's chains).
pub fn se_rating(trace: &Trace) -> SeRating {
    let ratings: Vec<f32> = trace.steps.iter().map(se_step).collect();
    se_rating_of(trace, &ratings)
}

/// SE's direct techniques: the pattern, with its eliminations only
/// imagined, leaves a digit a single place in a house SE looks at:
/// - Direct Hidden Pair/Triplet: another digit in a house where the set is
///   hidden;
/// - Direct Pointing: the pointed digit in another block along the line;
/// - Direct Claiming: the claimed digit in another line of the same kind
///   through the block.
///
/// The step only places that single.
fn se_direct(t: Technique, board: &Board, ctx: &Context) -> Option<Step> {
    use std::ops::ControlFlow;
    let base = crate::strategies::direct::base_of(t)?;
    let mut found = None;
    let _ = crate::strategies::find(base, board, ctx, &mut |step: Step| {
        // the places of `d` in `house` once the pattern's eliminations are
        // made (the patterns remove candidates and place nothing)
        let after = |d: Digit, house: House| {
            step.eliminations
                .iter()
                .filter(|e| e.digit == d)
                .fold(board.positions_in(d, house), |places, e| {
                    places - CellSet::single(e.cell)
                })
        };
        // a single of `d` in `house` the pattern makes
        let single_of = |d: Digit, house: House| {
            let cell = after(d, house).single_cell()?;
            (board.positions_in(d, house).len() > 1).then(|| crate::grid::Candidate::new(cell, d))
        };
        let mut single = None;
        if step.placements.is_empty() {
            match &step.evidence {
                Evidence::Subset { digits, cells, .. } => {
                    let houses = House::all().filter(|&h| {
                        (*cells - h.cells()).is_empty()
                            && digits
                                .iter()
                                .all(|d| (board.positions_in(d, h) - *cells).is_empty())
                    });
                    single = houses
                        .flat_map(|h| (DigitSet::ALL - *digits).iter().map(move |d| (d, h)))
                        .find_map(|(d, h)| single_of(d, h));
                }
                Evidence::Intersection {
                    digit, base, cover, ..
                } => {
                    single = House::all()
                        .filter(|h| {
                            h.kind() == base.kind()
                                && h != base
                                && !(h.cells() & cover.cells()).is_empty()
                        })
                        .find_map(|h| single_of(*digit, h));
                }
                _ => {}
            }
        }
        match single {
            Some(single) => {
                found = Some(Step::new(
                    t,
                    vec![single],
                    Vec::new(),
                    step.evidence.clone(),
                ));
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    });
    found
}

/// The solve SE's ratings are taken from: the SE profile (easiest rule
/// first). SE's direct techniques only place their single: the pattern's
/// eliminations are shown but not made, so later steps do not profit from
/// them.
pub fn se_trace(puzzle: &Grid) -> Trace {
    se_solve(puzzle).0
}

/// SE's rating of Aligned Pair Exclusion, the first of its rules that
/// sensei has no technique for.
const ALIGNED_PAIR_EXCLUSION: f32 = 6.2;

/// The SE rating solve with each step's SE rating.
///
/// The techniques of [`Profile::Se`] are tried in order of their SE rating
/// up to SE's chaining rules (6.5 and up, after the Turbot Fish patterns);
/// then SE's chaining rules in SE's order (see [`chains`]):
/// forcing chains and cycles, Nishio, multiple and dynamic forcing chains,
/// then SE's Dynamic Forcing Chains (+) and Nested Forcing Chains, levels 1
/// to 5 (see `chains/nested.rs`), each taking its lowest-rated hint. What
/// they all miss (SE gives up there) falls to sensei's forcing nets, rated
/// at least 9.0.
pub fn se_solve(puzzle: &Grid) -> (Trace, Vec<f32>) {
    se_solve_until(puzzle, false)
}

/// [`se_solve`] for the ratings only: it stops where singles no harder
/// than its hardest step finish the puzzle (see `tail.rs`). The trace then
/// lacks those singles (its outcome is still the solve's), but ER, EP, ED,
/// the hardest step and the guesses are those of the whole solve. (`grade`
/// runs it as `se_solve_of(prepared, true)`, on the puzzle it prepared.)
#[cfg(test)]
pub(crate) fn se_solve_for_ratings(puzzle: &Grid) -> (Trace, Vec<f32>) {
    se_solve_until(puzzle, true)
}

/// The SE solve; with `settled`, only until the ratings are settled.
fn se_solve_until(puzzle: &Grid, settled: bool) -> (Trace, Vec<f32>) {
    let prepared = Prepared::new(puzzle, Options::with_profile(Profile::Se).solution_limit);
    se_solve_of(&prepared, settled)
}

/// The SE solve of a prepared puzzle; with `settled`, only until the
/// ratings are settled.
pub(crate) fn se_solve_of(prepared: &Prepared, settled: bool) -> (Trace, Vec<f32>) {
    let opts = Options::with_profile(Profile::Se);
    // SE's order: its rules below Aligned Pair Exclusion, APE, its other
    // rules (the Turbot Fish patterns), its chaining rules, then sensei's
    // forcing nets (SE's nested chains)
    let (nets, rules): (Vec<Technique>, Vec<Technique>) = opts
        .techniques
        .iter()
        .partition(|t| t.finder() == Finder::Forcing);
    let (easy, turbot): (Vec<Technique>, Vec<Technique>) = rules
        .iter()
        .partition(|t| t.se_base() < ALIGNED_PAIR_EXCLUSION);
    let mut chooser = SeChoice {
        easy,
        turbot,
        nets,
        ctx: Context::new(true),
        settled,
        pending: None,
        ratings: Vec::new(),
        hardest: 0.0,
        placed: false,
        test_again: false,
        finished: false,
        exclusion: Default::default(),
    };
    let mut trace = solver::solve_by(prepared, &opts, &mut chooser);
    if chooser.finished {
        // (the chooser only runs on a puzzle with a unique solution, which
        // the singles' closure reached)
        trace.outcome = crate::trace::Outcome::Solved {
            guesses: trace.guesses(),
        };
    }
    let mut ratings = chooser.ratings;
    if ratings.len() != trace.steps.len() {
        ratings = trace.steps.iter().map(se_step).collect();
    }
    (trace, ratings)
}

/// SE's chaining rules before its nested ones, in SE's order.
/// (Aligned Triplet Exclusion, between the first and the second, keeps
/// what it found nothing on: see `SeChoice::choose`.)
const CHAINING: [fn(&Board) -> Option<chains::Hint>; 4] = [
    chains::forcing_chains_and_cycles,
    chains::nishio,
    chains::multiple_chains,
    chains::dynamic_chains,
];

/// SE's choice of steps, each with its SE rating.
struct SeChoice {
    /// SE's rules below Aligned Pair Exclusion, in SE's order.
    easy: Vec<Technique>,
    /// Its rules after Aligned Pair Exclusion (the Turbot Fish patterns).
    turbot: Vec<Technique>,
    /// sensei's forcing nets, tried last.
    nets: Vec<Technique>,
    ctx: Context,
    /// Whether to stop once the ratings are settled (`tail.rs`).
    settled: bool,
    /// The rating of the step `next` chose, until it is applied.
    pending: Option<f32>,
    /// The rating of each step applied.
    ratings: Vec<f32>,
    // for `settled`: the hardest rating so far, whether a value was placed,
    // whether the singles' closure is worth testing again (after a step
    // that is not such a single, or a harder one), and whether it solved
    hardest: f32,
    placed: bool,
    test_again: bool,
    finished: bool,
    /// Aligned Pair and Triplet Exclusion: the position each last found
    /// nothing on.
    exclusion: [exclusion::NothingFoundOn; 2],
}

impl SeChoice {
    /// The first step of `t`, as SE finds it.
    fn find(&self, t: Technique, board: &Board) -> Option<Step> {
        if crate::strategies::direct::base_of(t).is_some() {
            se_direct(t, board, &self.ctx)
        } else {
            crate::strategies::first_step(t, board, &self.ctx)
        }
    }

    /// The step SE takes on `board`, with its rating.
    fn choose(&mut self, board: &Board) -> Option<(Step, f32)> {
        // SE's unique rectangles and loops are one rule, as is its BUG
        // rule: each offers its lowest-rated hint first
        let mut loops_tried = false;
        for &t in &self.easy {
            let found = if uniqueness::RECTANGLES.contains(&t) {
                if std::mem::replace(&mut loops_tried, true) {
                    continue;
                }
                uniqueness::unique_loops(board, &self.ctx)
            } else if t == Technique::BugPlus1 {
                uniqueness::bug(board, &self.ctx)
            } else {
                self.find(t, board).map(|step| {
                    let r = se_step(&step);
                    (step, r)
                })
            };
            if found.is_some() {
                return found;
            }
        }
        if let Some(h) = exclusion::aligned_exclusion_after(board, 2, &mut self.exclusion[0]) {
            return Some((h.step, h.rating));
        }
        if let Some(step) = self.turbot.iter().find_map(|&t| self.find(t, board)) {
            let r = se_step(&step);
            return Some((step, r));
        }
        let [cycles, later @ ..] = CHAINING;
        if let Some(h) = cycles(board)
            .or_else(|| exclusion::aligned_exclusion_after(board, 3, &mut self.exclusion[1]))
            .or_else(|| later.iter().find_map(|f| f(board)))
        {
            return Some((h.step, h.rating));
        }
        // SE's Dynamic Forcing Chains (+) and its Nested Forcing Chains
        let nested = (1..=5).find_map(|level| chains::nested_chains(board, level));
        // the levels of this step shared their inner searches; the next
        // step's position is another, so the memory is let go now (a
        // server's worker thread would otherwise keep it while idle)
        chains::forget_inner_searches();
        if let Some(h) = nested {
            return Some((h.step, h.rating));
        }
        let step = self.nets.iter().find_map(|&t| self.find(t, board))?;
        let r = se_step(&step).max(9.0);
        Some((step, r))
    }
}

impl Pick for SeChoice {
    fn next(&mut self, board: &Board) -> Option<Step> {
        if self.settled
            && self.placed
            && std::mem::replace(&mut self.test_again, false)
            && tail::singles_solve(board, self.hardest)
        {
            self.finished = true;
            return None;
        }
        let (step, r) = self.choose(board)?;
        self.pending = Some(r);
        Some(step)
    }

    fn applied(&mut self, step: &Step) {
        let r = self.pending.take().unwrap_or_else(|| se_step(step));
        self.ratings.push(r);
        let single = matches!(
            step.technique,
            Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
        );
        if r > self.hardest || !single {
            self.test_again = true;
        }
        self.hardest = self.hardest.max(r);
        self.placed = self.placed || !step.placements.is_empty();
    }

    fn finished(&self) -> bool {
        self.finished
    }
}

/// ER, EP and ED from a trace's steps and their ratings.
pub fn se_rating_of(trace: &Trace, ratings: &[f32]) -> SeRating {
    let er = ratings.iter().copied().fold(0.0, f32::max);
    let first_placement = trace
        .steps
        .iter()
        .position(|s| !s.placements.is_empty())
        .unwrap_or(ratings.len().saturating_sub(1));
    let ep = ratings
        .iter()
        .take(first_placement + 1)
        .copied()
        .fold(0.0, f32::max);
    let ed = ratings.first().copied().unwrap_or(0.0);
    SeRating { er, ep, ed }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_penalty_thresholds() {
        assert_eq!(se_length_penalty(4), 0.0);
        assert!((se_length_penalty(5) - 0.1).abs() < 1e-6);
        assert!((se_length_penalty(6) - 0.1).abs() < 1e-6);
        assert!((se_length_penalty(7) - 0.2).abs() < 1e-6);
        assert!((se_length_penalty(9) - 0.3).abs() < 1e-6);
        assert!((se_length_penalty(13) - 0.4).abs() < 1e-6);
    }
}
