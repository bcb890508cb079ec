//! Hints: the next step from a position, for a player mid-game. Before any
//! technique, the position is checked against the solution, so a player
//! with a wrong value or a wrongly removed pencil mark hears about that first.

use crate::board::Board;
use crate::exact;
use crate::grid::{Candidate, Grid};
use crate::solver::{self, Fallback, Options, Prepared};
use crate::step::Step;
use crate::strategies::Context;

/// How much a hint reveals, a little more at each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HintLevel {
    /// 1: the technique to try.
    Technique = 1,
    /// 2: also where to look ([`Step::focus`](crate::Step::focus)).
    Where = 2,
    /// 3: the whole step and why it holds.
    Step = 3,
}

impl HintLevel {
    /// The three levels, first to last.
    pub const ALL: [HintLevel; 3] = [HintLevel::Technique, HintLevel::Where, HintLevel::Step];

    /// The level's number: 1, 2 or 3.
    pub fn number(self) -> u8 {
        self as u8
    }
}

/// A number that is not a hint level (1, 2 or 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAHintLevel(pub i64);

impl std::fmt::Display for NotAHintLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "level must be 1, 2 or 3, not {}", self.0)
    }
}

impl std::error::Error for NotAHintLevel {}

impl TryFrom<i64> for HintLevel {
    type Error = NotAHintLevel;
    fn try_from(n: i64) -> Result<HintLevel, NotAHintLevel> {
        match n {
            1 => Ok(HintLevel::Technique),
            2 => Ok(HintLevel::Where),
            3 => Ok(HintLevel::Step),
            _ => Err(NotAHintLevel(n)),
        }
    }
}

/// What a hint can say about a position.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Hint {
    /// The next step (a technique's, or a guess when none applies).
    Step(Box<Step>),
    /// Nothing left to do.
    Solved,
    /// Values or pencil marks that disagree with the unique solution.
    Mistakes(Vec<Mistake>),
    /// The position cannot be completed.
    NoSolution(Option<crate::board::Contradiction>),
    /// The values admit several solutions (at least this many).
    MultipleSolutions(usize),
    /// No enabled technique applies and guessing is off.
    Stuck,
}

impl Hint {
    pub fn slug(&self) -> &'static str {
        match self {
            Hint::Step(_) => "step",
            Hint::Solved => "solved",
            Hint::Mistakes(_) => "mistakes",
            Hint::NoSolution(_) => "no_solution",
            Hint::MultipleSolutions(_) => "multiple_solutions",
            Hint::Stuck => "stuck",
        }
    }
}

/// A cell whose value or pencil marks disagree with the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The cell and the value the solution has there.
    pub expected: Candidate,
    /// The player's value in the cell, if any (none: the pencil marks lost
    /// the expected digit).
    pub found: Option<crate::grid::Digit>,
}

/// The unique solution of the position's givens, if it has one. Values a
/// player placed are left out: they may be wrong, and a wrong one must be
/// named, not turned into "no solution".
fn solution_of_givens(board: &Board) -> Result<Grid, usize> {
    let mut givens = [0u8; 81];
    for cell in board.grid().givens() {
        givens[cell.index()] = board.grid().values()[cell.index()];
    }
    let mut first = None;
    let count = exact::for_each_solution(&givens, 2, |s| {
        if first.is_none() {
            first = Some(*s);
        }
    });
    match (count, first) {
        (1, Some(s)) => Ok(Grid::from_values(s)),
        (n, _) => Err(n),
    }
}

/// The player's mistakes in a position: placed values and pencil marks
/// that disagree with the unique solution of its givens (empty when there is
/// no unique solution to compare with).
pub fn mistakes(board: &Board) -> Vec<Mistake> {
    match solution_of_givens(board) {
        Ok(solution) => mistakes_against(board, &solution),
        Err(_) => Vec::new(),
    }
}

/// A player's position checked before its solve: its mistakes against the
/// unique solution of its givens, as [`mistakes`] finds them, or, when
/// there are none, the position prepared for the solve
/// ([`solver::solve_prepared`]), its solutions counted up to
/// `solution_limit`. The exact solver runs once: values that agree with
/// the givens' unique solution have that solution only.
pub fn check_position(board: &Board, solution_limit: usize) -> Result<Prepared, Vec<Mistake>> {
    match solution_of_givens(board) {
        Ok(solution) => {
            let wrong = mistakes_against(board, &solution);
            if wrong.is_empty() {
                Ok(Prepared::position_solved(board, &solution, solution_limit))
            } else {
                Err(wrong)
            }
        }
        Err(_) => Ok(Prepared::position(board, solution_limit)),
    }
}

/// The player's mistakes against `solution`, the unique solution of the
/// position's givens.
fn mistakes_against(board: &Board, solution: &Grid) -> Vec<Mistake> {
    let all: Vec<Mistake> = solver::mistakes(board, solution)
        .into_iter()
        .map(|expected| Mistake {
            expected,
            found: board.value(expected.cell),
        })
        .collect();
    // A candidate lost because a peer wrongly holds that digit is a
    // consequence of that wrong value, not a mistake of its own.
    let wrong_values: Vec<Mistake> = all.iter().copied().filter(|m| m.found.is_some()).collect();
    all.into_iter()
        .filter(|m| {
            m.found.is_some()
                || !wrong_values.iter().any(|w| {
                    w.found == Some(m.expected.digit) && w.expected.cell.sees(m.expected.cell)
                })
        })
        .collect()
}

/// The hint for `board` with the techniques of `opts`.
pub fn hint(board: &Board, opts: &Options) -> Hint {
    if board.is_solved() && board.contradiction().is_none() {
        return Hint::Solved;
    }
    // the one search of the exact solver: the givens' solution
    let solution = solution_of_givens(board);
    // A player's mistake is named first, even when it leaves no solution.
    if let Ok(solution) = &solution {
        let wrong = mistakes_against(board, solution);
        if !wrong.is_empty() {
            return Hint::Mistakes(wrong);
        }
    }
    if let Some(c) = board.contradiction() {
        return Hint::NoSolution(Some(c));
    }
    let solution = match solution {
        Ok(solution) => solution,
        Err(0) => return Hint::NoSolution(None),
        Err(n) => return Hint::MultipleSolutions(n),
    };
    let ctx = Context::new(true);
    if let Some(step) = solver::next_step(board, &opts.techniques, &ctx) {
        return Hint::Step(Box::new(step));
    }
    if opts.fallback == Fallback::Stop {
        return Hint::Stuck;
    }
    // No technique applies: the fallback's guess, from the position's
    // values, which agree with the givens' solution (no mistake)
    let guessing = Options {
        fallback: Fallback::Guess,
        techniques: Vec::new(),
        ..opts.clone()
    };
    let prepared = Prepared::position_solved(board, &solution, guessing.solution_limit);
    match solver::solve_prepared(&prepared, &guessing)
        .steps
        .into_iter()
        .next()
    {
        Some(step) => Hint::Step(Box::new(step)),
        None => Hint::Solved,
    }
}
