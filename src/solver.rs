//! The solver loop: try the enabled techniques in order, apply the first
//! step found, record it, and start again from the easiest technique. When
//! nothing applies, the fallback either takes one cell's value from the
//! exact solution (a recorded guess) or stops.

use crate::bitset::CellSet;
use crate::board::Board;
use crate::exact::{self, Count};
use crate::grid::{Cell, Grid};
use crate::step::{Evidence, Step};
use crate::strategies::{self, Context};
use crate::technique::{Family, Technique};
use crate::trace::{Outcome, Trace};

/// A named order of techniques.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Profile {
    /// HoDoKu 2.2.0's default order and selection (the default).
    #[default]
    Hodoku,
    /// Every technique sensei has, in HoDoKu's order, except fish of size
    /// 5 to 7 (Squirmbag, Whale, Leviathan and their variants), whose search
    /// can take seconds: name them with `--only` to use them.
    All,
    /// Sudoku Explainer's easiest-first order: the techniques SE 1.2.1 has
    /// (with its direct techniques), sorted by SE rating, then sensei's
    /// forcing nets. SE's chaining rules (cycles, forcing chains, Nishio,
    /// multiple and dynamic forcing chains) are not techniques of sensei:
    /// the SE rating solve (`grade::se_solve`) adds them; a plain solve with
    /// this profile goes from the Turbot Fish patterns to the forcing nets.
    Se,
    /// QQWing's techniques only (singles, intersections, naked and hidden
    /// pairs), for QQWing's classes.
    Qqwing,
}

impl Profile {
    pub fn name(self) -> &'static str {
        match self {
            Profile::Hodoku => "hodoku",
            Profile::All => "all",
            Profile::Se => "se",
            Profile::Qqwing => "qqwing",
        }
    }
    /// The techniques of the profile, in order (only implemented ones).
    pub fn techniques(self) -> Vec<Technique> {
        use Technique::*;
        let direct = [
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            DirectHiddenTriple,
        ];
        let se_rules = [
            FullHouse,
            NakedSingle,
            HiddenSingle,
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            DirectHiddenTriple,
            LockedPair,
            LockedTriple,
            LockedCandidates1,
            LockedCandidates2,
            NakedPair,
            NakedTriple,
            NakedQuadruple,
            HiddenPair,
            HiddenTriple,
            HiddenQuadruple,
            XWing,
            Swordfish,
            Jellyfish,
            XyWing,
            XyzWing,
            Uniqueness1,
            Uniqueness2,
            Uniqueness3,
            Uniqueness4,
            BugPlus1,
            Skyscraper,
            TwoStringKite,
            TurbotFish,
            ForcingNetContradiction,
            ForcingNetVerity,
            // SE's Dynamic Forcing Chains (+) and Nested Forcing Chains
            ForcingNetPlusContradiction,
            ForcingNetPlusVerity,
            NestedForcingNetContradiction,
        ];
        let qqwing = [
            FullHouse,
            NakedSingle,
            HiddenSingle,
            LockedCandidates1,
            LockedCandidates2,
            NakedPair,
            HiddenPair,
        ];
        let mut ts: Vec<Technique> = Technique::all()
            .filter(|&t| t != BruteForce && strategies::is_implemented(t))
            .filter(|&t| match self {
                Profile::Hodoku => t.info().default_on,
                Profile::All => !direct.contains(&t) && !is_big_fish(t),
                // SE 1.2.1's own rules only; its chains (cycles, forcing
                // chains, Nishio, multiple and dynamic forcing chains) are
                // modelled in `crate::se_chains` and tried by the SE rating
                // solve; sensei's forcing nets stay as the last resort
                Profile::Se => se_rules.contains(&t),
                Profile::Qqwing => qqwing.contains(&t),
            })
            .collect();
        if self == Profile::Se {
            // stable: equal ratings keep HoDoKu's order
            ts.sort_by(|a, b| crate::grade::se_base(*a).total_cmp(&crate::grade::se_base(*b)));
        }
        ts
    }
}

/// A fish of size 5 to 7, slow to search and almost never needed.
fn is_big_fish(t: Technique) -> bool {
    let name = t.name();
    ["Squirmbag", "Whale", "Leviathan"]
        .iter()
        .any(|size| name.ends_with(size))
}

/// What to do when no technique applies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
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
    /// How many solutions to count at most when a puzzle has several.
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
    /// Keep only the techniques in `only` (in the profile's order).
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

/// Solve `puzzle` as a person would and record every step.
pub fn solve(puzzle: &Grid, opts: &Options) -> Trace {
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
        Ok(board) => solve_position(&board, opts),
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
    let ctx = Context { unique: count == 1 };
    let techniques: Vec<Technique> = opts
        .techniques
        .iter()
        .copied()
        .filter(|t| ctx.unique || t.family() != Family::Uniqueness)
        .collect();
    let (board, steps) = run(
        start.clone(),
        &techniques,
        &ctx,
        solution.as_ref(),
        opts.fallback,
    );
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

/// The loop proper. Stops when solved, when a contradiction shows, or when
/// nothing applies and the fallback cannot (or may not) guess.
fn run(
    mut board: Board,
    techniques: &[Technique],
    ctx: &Context,
    solution: Option<&Grid>,
    fallback: Fallback,
) -> (Board, Vec<Step>) {
    let mut steps = Vec::new();
    while !board.is_solved() {
        if board.contradiction().is_some() {
            break;
        }
        let step = next_step(&board, techniques, ctx).or_else(|| match (fallback, solution) {
            (Fallback::Guess, Some(sol)) => guess(&board, sol),
            _ => None,
        });
        match step {
            Some(s) => {
                s.apply(&mut board);
                steps.push(s);
            }
            None => break,
        }
    }
    (board, steps)
}

/// The first step of the first technique that has one.
pub fn next_step(board: &Board, techniques: &[Technique], ctx: &Context) -> Option<Step> {
    techniques
        .iter()
        .find_map(|&t| strategies::first_step(t, board, ctx))
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

/// The solution count of a puzzle (a thin wrapper over the exact solver).
pub fn count_solutions(puzzle: &Grid, limit: usize) -> Count {
    exact::count_solutions(puzzle.values(), limit)
}
