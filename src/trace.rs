//! [`Trace`]: the record of a solve (the steps in order and the outcome),
//! which the renderers turn into text or JSON and the grader into ratings.

use crate::bitset::CellSet;
use crate::board::{Board, Contradiction};
use crate::grid::{Clash, Grid};
use crate::step::Step;

/// How a solve ended. Solving a parsed puzzle never errors: every way it
/// can end is one of these.
#[derive(Clone, PartialEq, Debug)]
pub enum Outcome {
    /// Every cell is filled. `guesses` counts the fallback steps used.
    Solved { guesses: usize },
    /// No technique applied and guessing was off: the position reached.
    Stuck { board: Board },
    /// The puzzle has no solution. `contradiction` is what logic ran into
    /// on the way (the cell that lost its last candidate ...), when it did.
    NoSolution {
        contradiction: Option<Contradiction>,
    },
    /// The puzzle has several solutions: `count` of them were found
    /// (`complete` is false when the search stopped at the limit). The
    /// `differing` cells are those where the first two solutions differ.
    MultipleSolutions {
        count: usize,
        complete: bool,
        differing: CellSet,
        board: Board,
    },
    /// Two givens clash; no search was made.
    InvalidGivens { clash: Clash },
}

impl Outcome {
    pub fn is_solved(&self) -> bool {
        matches!(self, Outcome::Solved { .. })
    }
    /// A stable identifier for JSON and scripts.
    pub fn slug(&self) -> &'static str {
        match self {
            Outcome::Solved { .. } => "solved",
            Outcome::Stuck { .. } => "stuck",
            Outcome::NoSolution { .. } => "no_solution",
            Outcome::MultipleSolutions { .. } => "multiple_solutions",
            Outcome::InvalidGivens { .. } => "invalid_givens",
        }
    }
}

/// A recorded solve.
#[derive(Clone, PartialEq, Debug)]
pub struct Trace {
    /// The puzzle as given.
    pub puzzle: Grid,
    /// The position the steps start from (`None` when the givens clash).
    pub start: Option<Board>,
    pub steps: Vec<Step>,
    pub outcome: Outcome,
    /// The unique solution, when there is one.
    pub solution: Option<Grid>,
}

impl Trace {
    /// Number of fallback (guess) steps.
    pub fn guesses(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| s.technique == crate::technique::Technique::BruteForce)
            .count()
    }
    /// The board before each step, paired with the step.
    pub fn positions(&self) -> Vec<(Board, &Step)> {
        let mut out = Vec::with_capacity(self.steps.len());
        if let Some(start) = &self.start {
            let mut b = start.clone();
            for s in &self.steps {
                out.push((b.clone(), s));
                s.apply(&mut b);
            }
        }
        out
    }
}
