//! Hints: the next step from a position, for a player mid-game. Before any
//! technique, the position is checked against the solution, so a player
//! with a wrong value or a wrongly removed pencil mark hears about that first.

use crate::board::Board;
use crate::exact;
use crate::grid::{Candidate, Grid};
use crate::solver::{self, Fallback, Options};
use crate::step::Step;
use crate::strategies::Context;

/// What a hint can say about a position.
#[derive(Clone, Debug, PartialEq)]
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
}

impl Hint {
    pub fn slug(&self) -> &'static str {
        match self {
            Hint::Step(_) => "step",
            Hint::Solved => "solved",
            Hint::Mistakes(_) => "mistakes",
            Hint::NoSolution(_) => "no_solution",
            Hint::MultipleSolutions(_) => "multiple_solutions",
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

/// The hint for `board` with the techniques of `opts`.
pub fn next_hint(board: &Board, opts: &Options) -> Hint {
    if board.is_solved() && board.contradiction().is_none() {
        return Hint::Solved;
    }
    if let Some(c) = board.contradiction() {
        return Hint::NoSolution(Some(c));
    }
    let mut first = None;
    let count = exact::for_each_solution(board.grid().values(), 2, |s| {
        if first.is_none() {
            first = Some(*s);
        }
    });
    let solution = match (count, first) {
        (1, Some(s)) => Grid::from_values(s),
        (0, _) | (_, None) => return Hint::NoSolution(None),
        (n, _) => return Hint::MultipleSolutions(n),
    };
    let wrong = solver::mistakes(board, &solution);
    if !wrong.is_empty() {
        let list = wrong
            .into_iter()
            .map(|expected| Mistake {
                expected,
                found: board.value(expected.cell),
            })
            .collect();
        return Hint::Mistakes(list);
    }
    let ctx = Context { unique: true };
    if let Some(step) = solver::next_step(board, &opts.techniques, &ctx) {
        return Hint::Step(Box::new(step));
    }
    // No technique applies: the fallback's guess.
    let guessing = Options {
        fallback: Fallback::Guess,
        techniques: Vec::new(),
        ..opts.clone()
    };
    match solver::solve_position(board, &guessing)
        .steps
        .into_iter()
        .next()
    {
        Some(step) => Hint::Step(Box::new(step)),
        None => Hint::Solved,
    }
}
