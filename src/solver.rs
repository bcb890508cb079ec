//! The solver loop: try the enabled techniques in order, apply the first
//! step found, record it, and start again from the easiest technique. When
//! nothing applies, the fallback either takes one cell's value from the
//! exact solution (a recorded guess) or stops.

use crate::bitset::CellSet;
use crate::board::Board;
use crate::exact;
use crate::grid::{Cell, Clash, Grid};
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

/// How a solve chooses its steps. The plain solve ([`solve`]) takes the
/// first step of the first of its techniques that has one; HoDoKu's and
/// SE's rating solves choose as those programs do, each through its own
/// `Pick` (the solver knows nothing of ratings).
pub(crate) trait Pick {
    /// The step to take on `board` (none: the solve adds its guess).
    fn next(&mut self, board: &Board) -> Option<Step>;
    /// Hears of each step taken.
    fn applied(&mut self, _step: &Step) {}
    /// Whether the chooser has seen enough: its solve then ends where
    /// `next` found nothing, without the guess.
    fn finished(&self) -> bool {
        false
    }
}

/// A puzzle prepared once for all its solves (issue 35): its givens
/// checked for a clash, its start position built, its solutions counted
/// (up to a limit) and, when it has one, its unique solution. `sensei
/// grade` hands one to the HoDoKu, SE and QQWing rating solves, `explain`
/// to the solve and to the walkthrough's ratings, `hint` to the guess.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The puzzle as given (a position's values and givens).
    grid: Grid,
    /// The position the steps start from, or the givens' clash.
    start: Result<Board, Clash>,
    /// Whether `start` is the puzzle's own (not a player's pencil marks).
    fresh: bool,
    /// The number of solutions counted, at most `limit`.
    count: usize,
    /// The limit of the count (2 or more).
    limit: usize,
    /// The cells where the first two solutions found differ.
    differing: CellSet,
    /// The unique solution, when there is one.
    solution: Option<Grid>,
}

impl Prepared {
    /// Prepare `puzzle`, counting up to `solution_limit` solutions (as
    /// [`Options::solution_limit`]).
    pub fn new(puzzle: &Grid, solution_limit: usize) -> Prepared {
        match Board::of_puzzle(puzzle) {
            Ok(board) => Prepared::counted(board, true, solution_limit),
            Err(clash) => Prepared::clashing(puzzle, clash),
        }
    }

    /// Prepare a position (values plus pencil marks, e.g. a player's game):
    /// the exact solver works from its values.
    pub fn position(start: &Board, solution_limit: usize) -> Prepared {
        if let Some(clash) = start.grid().find_clash() {
            return Prepared::clashing(start.grid(), clash);
        }
        Prepared::counted(start.clone(), false, solution_limit)
    }

    /// A position whose values agree with `solution`, the unique solution of
    /// its givens (see [`crate::hint::check_position`]): the values, which
    /// hold the givens, have that solution only.
    pub(crate) fn position_solved(
        start: &Board,
        solution: &Grid,
        solution_limit: usize,
    ) -> Prepared {
        if let Some(clash) = start.grid().find_clash() {
            return Prepared::clashing(start.grid(), clash);
        }
        Prepared {
            grid: start.grid().clone(),
            start: Ok(start.clone()),
            fresh: false,
            count: 1,
            limit: solution_limit.max(2),
            differing: CellSet::EMPTY,
            solution: Some(complete(start.grid(), solution.values())),
        }
    }

    /// A puzzle whose givens clash: no position, no solution.
    fn clashing(puzzle: &Grid, clash: Clash) -> Prepared {
        Prepared {
            grid: puzzle.clone(),
            start: Err(clash),
            fresh: true,
            count: 0,
            limit: 2,
            differing: CellSet::EMPTY,
            solution: None,
        }
    }

    /// The solutions of the board's values: how many (up to `limit`), where
    /// the first two differ, and the unique one.
    fn counted(board: Board, fresh: bool, limit: usize) -> Prepared {
        let grid = board.grid().clone();
        let limit = limit.max(2);
        let mut first_two: Vec<[u8; 81]> = Vec::with_capacity(2);
        let count = exact::for_each_solution(grid.values(), limit, |s| {
            if first_two.len() < 2 {
                first_two.push(*s);
            }
        });
        let differing: CellSet = match &first_two[..] {
            [a, b, ..] => Cell::all()
                .filter(|c| a[c.index()] != b[c.index()])
                .collect(),
            _ => CellSet::EMPTY,
        };
        let solution = match (count, first_two.first()) {
            (1, Some(s)) => Some(complete(&grid, s)),
            _ => None,
        };
        Prepared {
            grid,
            start: Ok(board),
            fresh,
            count,
            limit,
            differing,
            solution,
        }
    }

    /// The puzzle (a position's values and givens).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
    /// The start position, `None` when the givens clash.
    pub fn start(&self) -> Option<&Board> {
        self.start.as_ref().ok()
    }
    /// The unique solution, when there is one.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }
    /// The number of solutions counted (complete when below the limit).
    pub fn count(&self) -> usize {
        self.count
    }

    /// This preparation with a count up to `limit`: itself when its count
    /// holds for that limit too (below both limits), else counted again.
    fn for_limit(&self, limit: usize) -> std::borrow::Cow<'_, Prepared> {
        let limit = limit.max(2);
        match &self.start {
            Ok(board) if limit != self.limit && self.count >= limit.min(self.limit) => {
                std::borrow::Cow::Owned(Prepared::counted(board.clone(), self.fresh, limit))
            }
            _ => std::borrow::Cow::Borrowed(self),
        }
    }

    /// The puzzle itself, as [`Prepared::new`] makes it: this one, or for
    /// a position its values and givens with fresh candidates (their count
    /// and solution are the position's).
    pub fn as_puzzle(&self) -> std::borrow::Cow<'_, Prepared> {
        if self.fresh {
            return std::borrow::Cow::Borrowed(self);
        }
        std::borrow::Cow::Owned(match Board::of_puzzle(&self.grid) {
            Ok(board) => Prepared {
                start: Ok(board),
                fresh: true,
                ..self.clone()
            },
            Err(clash) => Prepared::clashing(&self.grid, clash),
        })
    }
}

/// Solve `puzzle` as a person would and record every step.
pub fn solve(puzzle: &Grid, opts: &Options) -> Trace {
    solve_prepared(&Prepared::new(puzzle, opts.solution_limit), opts)
}

/// Solve from a position (values plus pencil marks, e.g. a player's game).
/// The exact solver works from the values; the steps work from the marks.
pub fn solve_position(start: &Board, opts: &Options) -> Trace {
    solve_prepared(&Prepared::position(start, opts.solution_limit), opts)
}

/// [`solve`] or [`solve_position`] on a prepared puzzle.
pub fn solve_prepared(prepared: &Prepared, opts: &Options) -> Trace {
    let prepared = prepared.for_limit(opts.solution_limit);
    let ctx = Context::new(prepared.count == 1);
    let techniques: Vec<Technique> = opts
        .techniques
        .iter()
        .copied()
        .filter(|t| ctx.unique || t.family() != Family::Uniqueness)
        .collect();
    let mut first = FirstStep {
        techniques: &techniques,
        ctx: &ctx,
        fallback: opts.fallback,
        solution: prepared.solution.as_ref(),
    };
    solve_with(&prepared, &mut first)
}

/// A rating solve: the steps chosen by `chooser` on a puzzle with a unique
/// solution (the guess added where it finds none), the plain solve of
/// `opts` otherwise.
pub(crate) fn solve_by(prepared: &Prepared, opts: &Options, chooser: &mut impl Pick) -> Trace {
    match &prepared.for_limit(opts.solution_limit).solution {
        Some(solution) => solve_with(prepared, &mut Guessing { chooser, solution }),
        None => solve_prepared(prepared, opts),
    }
}

/// The plain solve's choice: the first step of the first technique that
/// has one, else the fallback's guess.
struct FirstStep<'a> {
    techniques: &'a [Technique],
    ctx: &'a Context,
    fallback: Fallback,
    solution: Option<&'a Grid>,
}

impl Pick for FirstStep<'_> {
    fn next(&mut self, board: &Board) -> Option<Step> {
        next_step(board, self.techniques, self.ctx).or_else(|| {
            match (self.fallback, self.solution) {
                (Fallback::Guess, Some(sol)) => guess(board, sol),
                _ => None,
            }
        })
    }
}

/// A rating solve's chooser with the solver's guess where it finds no
/// step (unless it has finished).
struct Guessing<'a, P> {
    chooser: &'a mut P,
    solution: &'a Grid,
}

impl<P: Pick> Pick for Guessing<'_, P> {
    fn next(&mut self, board: &Board) -> Option<Step> {
        self.chooser.next(board).or_else(|| {
            if self.chooser.finished() {
                None
            } else {
                guess(board, self.solution)
            }
        })
    }
    fn applied(&mut self, step: &Step) {
        self.chooser.applied(step);
    }
}

/// The solve of a prepared puzzle with the steps `pick` chooses, and its
/// outcome.
fn solve_with(prepared: &Prepared, pick: &mut impl Pick) -> Trace {
    let start = match &prepared.start {
        Ok(board) => board,
        Err(clash) => {
            return Trace {
                puzzle: prepared.grid.clone(),
                start: None,
                steps: Vec::new(),
                outcome: Outcome::InvalidGivens { clash: *clash },
                solution: None,
            }
        }
    };
    let count = prepared.count;
    let (board, steps) = drive(start.clone(), prepared.solution.as_ref(), pick);
    let mut trace = Trace {
        puzzle: prepared.grid.clone(),
        start: Some(start.clone()),
        steps,
        outcome: Outcome::NoSolution {
            contradiction: None,
        },
        solution: prepared.solution.clone(),
    };
    trace.outcome = if board.is_solved() && board.contradiction().is_none() {
        Outcome::Solved {
            guesses: trace.guesses(),
        }
    } else if count == 0 || board.contradiction().is_some() {
        Outcome::NoSolution {
            contradiction: board.contradiction(),
        }
    } else if count >= 2 {
        Outcome::MultipleSolutions {
            count,
            complete: count < prepared.limit,
            differing: prepared.differing,
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

/// The loop proper: take the step `pick` chooses, apply it, record it, and
/// start again. Stops when solved, when a contradiction shows, or when
/// `pick` finds nothing.
///
/// With the puzzle's unique `solution` known, a board that still holds the
/// solution's digit in every cell (as its value or a candidate) can have
/// no contradiction. The start is checked once; then a step that agrees
/// with the solution (it places the solution's digits and removes none of
/// them) keeps the board holding it. The full scan for a contradiction is
/// made only when that chain of checks is broken.
fn drive(mut board: Board, solution: Option<&Grid>, pick: &mut impl Pick) -> (Board, Vec<Step>) {
    #[cfg(test)]
    crate::grid::work::add(|w| &mut w.solves);
    // one step per empty cell at least, when every step places a value
    let mut steps = Vec::with_capacity(board.empty_cells().len() as usize + 8);
    let mut holds_solution = solution.is_some_and(|sol| board.keeps_solution(sol));
    while !board.is_solved() && (holds_solution || board.contradiction().is_none()) {
        if crate::stop::requested() {
            break;
        }
        let Some(step) = pick.next(&board) else {
            break;
        };
        step.apply(&mut board);
        holds_solution = holds_solution && solution.is_some_and(|sol| step.agrees_with(sol));
        pick.applied(&step);
        steps.push(step);
    }
    (board, steps)
}

/// The first step of the first technique that has one (none once the
/// work is asked to stop: [`crate::stop`]).
///
/// One exception to the order: where the grouped forms (Grouped
/// Continuous and Discontinuous Nice Loop, Grouped AIC) follow each other,
/// a chain of any of them that enters no cell twice and takes no forcing
/// link comes before one that only HoDoKu's looser last walk finds (see
/// [`strategies::chains::first_strict`]). That chain is the simpler to
/// follow, and the last walk, the dearest of the chain searches, is then
/// not made.
pub fn next_step(board: &Board, techniques: &[Technique], ctx: &Context) -> Option<Step> {
    use strategies::chains::{first_strict, is_grouped};
    techniques.iter().enumerate().find_map(|(i, &t)| {
        if crate::stop::requested() {
            return None;
        }
        let starts_grouped_run =
            is_grouped(t) && !(i > 0 && techniques.get(i - 1).is_some_and(|&p| is_grouped(p)));
        if starts_grouped_run {
            let strict = techniques[i..]
                .iter()
                .take_while(|&&g| is_grouped(g))
                .find_map(|&g| first_strict(g, board, ctx));
            if strict.is_some() {
                return strict;
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A chooser that takes the naked singles only, counts the steps it
    /// hears of, and has seen enough after `enough` of them.
    struct NakedSinglesOnly {
        ctx: Context,
        heard: usize,
        enough: usize,
    }

    impl Pick for NakedSinglesOnly {
        fn next(&mut self, board: &Board) -> Option<Step> {
            if self.heard >= self.enough {
                return None;
            }
            strategies::first_step(Technique::NakedSingle, board, &self.ctx)
        }
        fn applied(&mut self, _step: &Step) {
            self.heard += 1;
        }
        fn finished(&self) -> bool {
            self.heard >= self.enough
        }
    }

    /// A rating solve's chooser drives the loop through `Pick`: it hears
    /// of every step taken, the solver guesses where it finds nothing, and
    /// once it has finished the solve ends there, without the guess.
    #[test]
    fn a_chooser_picks_the_steps_and_may_end_the_solve() {
        let puzzle = crate::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let prepared = Prepared::new(&puzzle, 1000);
        let opts = Options::default();
        let mut chooser = NakedSinglesOnly {
            ctx: Context::new(true),
            heard: 0,
            enough: usize::MAX,
        };
        let trace = solve_by(&prepared, &opts, &mut chooser);
        assert!(trace.outcome.is_solved());
        assert_eq!(chooser.heard, trace.steps.len());
        assert!(trace.guesses() > 0, "no naked single at the start: a guess");
        assert!(trace
            .steps
            .iter()
            .all(|s| matches!(s.technique, Technique::NakedSingle | Technique::BruteForce)));

        let mut finished = NakedSinglesOnly {
            ctx: Context::new(true),
            heard: 0,
            enough: 3,
        };
        let trace = solve_by(&prepared, &opts, &mut finished);
        assert_eq!(trace.steps.len(), 3);
        assert!(!trace.outcome.is_solved());
    }

    /// A count made up to one limit serves another when it is below both;
    /// otherwise the puzzle is counted again.
    #[test]
    fn a_preparation_serves_another_solution_limit() {
        let counted = |t: &Trace| match t.outcome {
            Outcome::MultipleSolutions {
                count, complete, ..
            } => Some((count, complete)),
            _ => None,
        };
        let ten = crate::parse(include_str!("../examples/ten_solutions.txt")).unwrap();
        let many = crate::parse(&format!("1{}", ".".repeat(80))).unwrap();
        for (puzzle, limits) in [(ten, [3, 20, 1000]), (many, [3, 20, 1000])] {
            let prepared = Prepared::new(&puzzle, 20);
            for limit in limits {
                let opts = Options {
                    solution_limit: limit,
                    ..Options::default()
                };
                let trace = solve_prepared(&prepared, &opts);
                assert!(counted(&trace).is_some());
                assert_eq!(counted(&trace), counted(&solve(&puzzle, &opts)), "{limit}");
            }
        }
    }
}
