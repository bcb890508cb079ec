//! The solver loop: try the enabled techniques in order, apply the first
//! step found, record it, and start again from the easiest technique. When
//! nothing applies, the fallback either takes one cell's value from the
//! exact solution (a recorded guess) or stops.

use crate::bitset::CellSet;
use crate::board::Board;
use crate::exact;
use crate::grid::{Cell, Grid};
use crate::step::{Evidence, Step};
use crate::strategies::{self, Context};
pub use crate::technique::Profile;
use crate::technique::{Family, Technique};
use crate::trace::{Outcome, Trace};

/// What to do when no technique applies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub enum Fallback {
    /// Take one cell's value from the exact solution and carry on.
    #[default]
    Guess,
    /// Stop and report the position reached.
    Stop,
}

/// How to solve.
#[derive(Clone, Debug)]
pub struct Options {
    /// The techniques to use, in the order they are tried.
    pub techniques: Vec<Technique>,
    pub fallback: Fallback,
    /// How many solutions to count at most when a puzzle has several (at
    /// least 2, which telling one solution from several needs: 0 or 1
    /// count as 2). [`Outcome::MultipleSolutions`](crate::Outcome) says
    /// whether the count is complete.
    pub solution_limit: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options::with_profile(Profile::Hodoku)
    }
}

impl Options {
    pub fn with_profile(p: Profile) -> Options {
        Options {
            techniques: p.techniques(),
            fallback: Fallback::Guess,
            solution_limit: 1000,
        }
    }
    /// Keep only the techniques in `only` (in the profile's order): exactly
    /// these, the singles too only when listed. (The command line's
    /// `--only` lists [`Technique::SINGLES`] for the user unless
    /// `--no-singles` is given.)
    pub fn only(mut self, only: &[Technique]) -> Options {
        self.techniques.retain(|t| only.contains(t));
        self
    }
    /// Drop the techniques in `exclude`.
    pub fn exclude(mut self, exclude: &[Technique]) -> Options {
        self.techniques.retain(|t| !exclude.contains(t));
        self
    }
}

/// A rating solve's own choice of steps (HoDoKu's and SE's solves choose
/// as those programs do): `next` finds the step on a board (the solver adds
/// the guess when it finds none), `applied` hears of each step taken. It is
/// used when the puzzle has one solution; otherwise the plain solve runs.
/// A chooser that has seen enough sets `finished` and returns no step: the
/// solve then ends there, without the guess.
pub(crate) struct Chooser<'a> {
    pub next: &'a mut dyn FnMut(&Board) -> Option<Step>,
    pub applied: &'a mut dyn FnMut(&Step),
    pub finished: Option<&'a std::cell::Cell<bool>>,
}

/// Solve `puzzle` as a person would and record every step.
pub fn solve(puzzle: &Grid, opts: &Options) -> Trace {
    solve_by(puzzle, opts, None)
}

/// [`solve`], with the steps chosen by `chooser` when one is given.
pub(crate) fn solve_by(puzzle: &Grid, opts: &Options, chooser: Option<Chooser<'_>>) -> Trace {
    if let Some(clash) = puzzle.find_clash() {
        return Trace {
            puzzle: puzzle.clone(),
            start: None,
            steps: Vec::new(),
            outcome: Outcome::InvalidGivens { clash },
            solution: None,
        };
    }
    match Board::from_grid(puzzle) {
        Ok(board) => solve_position_by(&board, opts, chooser),
        Err(c) => Trace {
            puzzle: puzzle.clone(),
            start: None,
            steps: Vec::new(),
            outcome: Outcome::NoSolution {
                contradiction: Some(c),
            },
            solution: None,
        },
    }
}

/// The solutions of a position's values: how many (up to `limit`), and the
/// first two found.
fn solutions_of(values: &[u8; 81], limit: usize) -> (usize, Vec<[u8; 81]>) {
    let mut first_two: Vec<[u8; 81]> = Vec::with_capacity(2);
    let count = exact::for_each_solution(values, limit.max(2), |s| {
        if first_two.len() < 2 {
            first_two.push(*s);
        }
    });
    (count, first_two)
}

/// Solve from a position (values plus pencil marks, e.g. a player's game).
/// The exact solver works from the values; the steps work from the marks.
pub fn solve_position(start: &Board, opts: &Options) -> Trace {
    solve_position_by(start, opts, None)
}

fn solve_position_by(start: &Board, opts: &Options, chooser: Option<Chooser<'_>>) -> Trace {
    let puzzle = start.grid().clone();
    let mut trace = Trace {
        puzzle: puzzle.clone(),
        start: Some(start.clone()),
        steps: Vec::new(),
        outcome: Outcome::NoSolution {
            contradiction: None,
        },
        solution: None,
    };
    if let Some(clash) = puzzle.find_clash() {
        trace.start = None;
        trace.outcome = Outcome::InvalidGivens { clash };
        return trace;
    }
    // Uniqueness is checked first: later techniques rely on it.
    let (count, solutions) = solutions_of(puzzle.values(), opts.solution_limit);
    let solution = match (count, solutions.first()) {
        (1, Some(s)) => Some(complete(&puzzle, s)),
        _ => None,
    };
    trace.solution = solution.clone();
    let ctx = Context::new(count == 1);
    let techniques: Vec<Technique> = opts
        .techniques
        .iter()
        .copied()
        .filter(|t| ctx.unique || t.family() != Family::Uniqueness)
        .collect();
    let (board, steps) = match (chooser, solution.as_ref()) {
        (Some(ch), Some(sol)) => drive(
            start.clone(),
            Some(sol),
            |b| {
                (ch.next)(b).or_else(|| match ch.finished {
                    Some(finished) if finished.get() => None,
                    _ => guess(b, sol),
                })
            },
            ch.applied,
        ),
        _ => drive(
            start.clone(),
            solution.as_ref(),
            |b| {
                next_step(b, &techniques, &ctx).or_else(|| match (opts.fallback, &solution) {
                    (Fallback::Guess, Some(sol)) => guess(b, sol),
                    _ => None,
                })
            },
            |_| {},
        ),
    };
    trace.steps = steps;
    trace.outcome = if board.is_solved() && board.contradiction().is_none() {
        Outcome::Solved {
            guesses: trace.guesses(),
        }
    } else if count == 0 || board.contradiction().is_some() {
        Outcome::NoSolution {
            contradiction: board.contradiction(),
        }
    } else if count >= 2 {
        let differing: CellSet = match &solutions[..] {
            [a, b, ..] => Cell::all()
                .filter(|c| a[c.index()] != b[c.index()])
                .collect(),
            _ => CellSet::EMPTY,
        };
        Outcome::MultipleSolutions {
            count,
            complete: count < opts.solution_limit.max(2),
            differing,
            board,
        }
    } else {
        Outcome::Stuck { board }
    };
    trace
}

/// The puzzle with its empty cells filled from `solution` (givens kept).
fn complete(puzzle: &Grid, solution: &[u8; 81]) -> Grid {
    let mut g = puzzle.clone();
    for cell in Cell::all() {
        if g.value(cell).is_none() {
            if let Some(d) = crate::grid::Digit::new(solution[cell.index()]) {
                g.set_placed(cell, d);
            }
        }
    }
    g
}

/// A player's mistakes in a position, checked against the unique solution:
/// values that differ from it and pencil marks that removed its digit.
pub fn mistakes(board: &Board, solution: &Grid) -> Vec<crate::grid::Candidate> {
    Cell::all()
        .filter_map(|cell| {
            let want = solution.value(cell)?;
            let wrong = match board.value(cell) {
                Some(v) => v != want,
                None => !board.has_candidate(cell, want),
            };
            wrong.then_some(crate::grid::Candidate::new(cell, want))
        })
        .collect()
}

/// The loop proper: take the step `next` finds, apply it, record it, and
/// start again. Stops when solved, when a contradiction shows, or when
/// `next` finds nothing.
///
/// With the puzzle's unique `solution` known, a board that still holds the
/// solution's digit in every cell (as its value or a candidate) can have
/// no contradiction. The start is checked once; then a step that agrees
/// with the solution (it places the solution's digits and removes none of
/// them) keeps the board holding it. The full scan for a contradiction is
/// made only when that chain of checks is broken.
fn drive(
    mut board: Board,
    solution: Option<&Grid>,
    mut next: impl FnMut(&Board) -> Option<Step>,
    mut applied: impl FnMut(&Step),
) -> (Board, Vec<Step>) {
    // one step per empty cell at least, when every step places a value
    let mut steps = Vec::with_capacity(board.empty_cells().len() as usize + 8);
    let mut holds_solution = solution.is_some_and(|sol| board.keeps_solution(sol));
    while !board.is_solved() && (holds_solution || board.contradiction().is_none()) {
        if crate::stop::requested() {
            break;
        }
        let Some(step) = next(&board) else {
            break;
        };
        step.apply(&mut board);
        holds_solution = holds_solution && solution.is_some_and(|sol| step.agrees_with(sol));
        applied(&step);
        steps.push(step);
    }
    (board, steps)
}

/// The first step of the first technique that has one (none once the
/// work is asked to stop: [`crate::stop`]).
pub fn next_step(board: &Board, techniques: &[Technique], ctx: &Context) -> Option<Step> {
    techniques.iter().find_map(|&t| {
        if crate::stop::requested() {
            return None;
        }
        strategies::first_step(t, board, ctx)
    })
}

/// The fallback: the empty cell with the fewest candidates (first in cell
/// order) gets its value from the solution.
pub fn guess(board: &Board, solution: &Grid) -> Option<Step> {
    let cell = Cell::all()
        .filter(|&c| board.value(c).is_none())
        .min_by_key(|&c| board.candidates(c).len())?;
    let digit = solution.value(cell)?;
    Some(Step::placement(
        Technique::BruteForce,
        cell,
        digit,
        Evidence::Guess { cell, digit },
    ))
}
