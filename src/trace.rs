//! [`Trace`]: the record of a solve (the steps in order and the outcome),
//! which the renderers turn into text or JSON and the grader into ratings.

use crate::bitset::CellSet;
use crate::board::{Board, Contradiction};
use crate::grid::{Clash, Grid};
use crate::step::Step;

/// How a solve ended. Solving a parsed puzzle never errors: every way it
/// can end is one of these.
#[derive(Clone, PartialEq, Debug)]
#[non_exhaustive]
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

/// Which way a solve ended, without the details of [`Outcome`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum OutcomeKind {
    Solved,
    Stuck,
    NoSolution,
    MultipleSolutions,
    InvalidGivens,
}

impl OutcomeKind {
    /// A stable identifier for JSON and scripts: `solved`, `stuck`,
    /// `no_solution`, `multiple_solutions`, `invalid_givens`.
    pub fn slug(self) -> &'static str {
        match self {
            OutcomeKind::Solved => "solved",
            OutcomeKind::Stuck => "stuck",
            OutcomeKind::NoSolution => "no_solution",
            OutcomeKind::MultipleSolutions => "multiple_solutions",
            OutcomeKind::InvalidGivens => "invalid_givens",
        }
    }
}

impl Outcome {
    pub fn is_solved(&self) -> bool {
        matches!(self, Outcome::Solved { .. })
    }
    /// Which way the solve ended.
    pub fn kind(&self) -> OutcomeKind {
        match self {
            Outcome::Solved { .. } => OutcomeKind::Solved,
            Outcome::Stuck { .. } => OutcomeKind::Stuck,
            Outcome::NoSolution { .. } => OutcomeKind::NoSolution,
            Outcome::MultipleSolutions { .. } => OutcomeKind::MultipleSolutions,
            Outcome::InvalidGivens { .. } => OutcomeKind::InvalidGivens,
        }
    }
    /// A stable identifier for JSON and scripts (see [`OutcomeKind::slug`]).
    pub fn slug(&self) -> &'static str {
        self.kind().slug()
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
    /// The hardest of the trace's own steps: the first step of its
    /// technique with the highest HoDoKu score (the later in HoDoKu's order
    /// between equal scores), with its 1-based number. This is what a
    /// summary of the steps shown names; the ratings' solves may differ.
    pub fn hardest_step(&self) -> Option<(usize, &Step)> {
        let key = |s: &Step| (s.technique.info().score, s.technique.info().order);
        let top = self.steps.iter().map(key).max()?;
        self.steps
            .iter()
            .position(|s| key(s) == top)
            .map(|i| (i + 1, &self.steps[i]))
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
