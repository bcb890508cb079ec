//! Difficulty ratings computed from traces, on the scales people already
//! use:
//!
//! - **SE** (Sudoku Explainer 1.2.1): every step has a rating; ER is the
//!   hardest step of the easiest-first solve ([`se_solve`]: SE's own rules
//!   only, then SE's chaining rules as `grade::se::chains` models them,
//!   each taking its lowest-rated hint), EP the hardest up to the first
//!   placement, ED the rating of the first step. Chains add SE's length
//!   penalty. In other traces, techniques SE lacks are rated as the SE rule
//!   that would make the same deduction (see [`Technique::se_base`](crate::Technique::se_base)).
//! - **HoDoKu** (2.2.0): the sum of the steps' base scores of the HoDoKu
//!   profile's solve; the level is the hardest step's level, raised while the
//!   score exceeds the level's cap.
//! - **QQWing class**: simple (naked singles), easy (hidden singles),
//!   intermediate (intersections and pairs), expert (anything more, which
//!   QQWing would guess), from a solve with QQWing's techniques only.

use crate::grid::Grid;
use crate::solver::{self, Options, Prepared, Profile};
use crate::step::Step;
use crate::technique::{Level, Technique};
use crate::trace::{OutcomeKind, Trace};

mod closure;
mod hodoku;
mod qqwing;
mod se;

pub use crate::technique::Class;
pub use hodoku::{hodoku_rating, hodoku_trace};
/// QQWing's class without its solve, for the test that holds it to the
/// solve's class.
#[doc(hidden)]
pub use qqwing::class_by_closure;
pub use qqwing::class_of;
/// SE's chaining rules, for tests of the rating model.
#[doc(hidden)]
pub use se::chains as se_chains;
/// SE's Aligned Pair and Triplet Exclusion, for tests of the rating model.
#[doc(hidden)]
pub use se::exclusion::aligned_exclusion;
pub use se::{se_rating, se_rating_of, se_solve, se_step, se_trace};

/// The rules each scale follows, printed with every rating so it can be
/// reproduced.
/// SE rules v3: SE's own rules only, with SE's chaining rules modelled
/// (`crate::se_chains`) and the lowest-rated chaining hint taken. v4: SE's
/// uniqueness rules as SE has them: unique rectangles and loops (6 cells or
/// more) as one rule offering its lowest-rated hint, and BUG types 2 and 4.
pub const SE_RULES: &str = "Sudoku Explainer 1.2.1 ratings (sensei rating rules v4)";
/// v3: the HoDoKu solve chooses among chains, nice loops, forcing chains
/// and ALS steps as HoDoKu 2.2.0 does, and leaves out WXYZ-Wing and 3D
/// Medusa (HoDoKu has neither). v4: HoDoKu's sort of steps that remove
/// different candidates (its weighted index sum before chain length), and
/// its Sue de Coq search order. v5: forcing nets from HoDoKu's tables (one
/// per premise, four rounds of singles deep, joined), W-Wings in HoDoKu's
/// order. v6: HoDoKu's guess (the middle empty cell), and its lasso rule
/// for grouped chains. v7: grouped chains walked without almost locked
/// sets, which HoDoKu's defaults keep out of chains (a chain through a set
/// no longer hides one without).
pub const HODOKU_RULES: &str =
    "HoDoKu 2.2.0 default scores and level caps (sensei rating rules v7)";
pub const CLASS_RULES: &str = "QQWing 1.3 difficulty classes (sensei rating rules v2)";

/// SE's three numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeRating {
    pub er: f32,
    pub ep: f32,
    pub ed: f32,
}

/// HoDoKu's level and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HodokuRating {
    pub level: Level,
    pub score: u32,
}

/// Which scales to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scales {
    pub se: bool,
    pub hodoku: bool,
    pub class: bool,
}

impl Scales {
    pub const ALL: Scales = Scales {
        se: true,
        hodoku: true,
        class: true,
    };
}

/// Every scale.
impl Default for Scales {
    fn default() -> Scales {
        Scales::ALL
    }
}

/// A puzzle's ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub se: Option<SeRating>,
    pub hodoku: Option<HodokuRating>,
    pub class: Option<Class>,
    /// The hardest technique of the HoDoKu-profile solve (highest score):
    /// a rating solve's, which may differ from the steps `explain` shows
    /// (those have [`Trace::hardest_step`]).
    pub hardest: Option<Technique>,
    /// Whether a rating solve needed the fallback (a guess).
    pub guessed: bool,
    /// How the HoDoKu-profile solve ended: only a solved puzzle is rated.
    pub outcome: OutcomeKind,
}

/// Rate a puzzle on the chosen scales (one solve per scale).
///
/// `hardest`, `guessed` and `outcome` come from the HoDoKu solve when the
/// HoDoKu scale is asked for (or no scale is); otherwise from the solves of
/// the scales asked for, so that no solve runs for a scale nobody asked
/// for: the hardest step is then SE's highest-rated one (or, for the class
/// alone, the QQWing solve's highest by HoDoKu score).
pub fn grade(puzzle: &Grid, scales: Scales) -> Rating {
    grade_traced(puzzle, scales).0
}

/// [`grade`] on a prepared puzzle (of a position: its values and givens),
/// whose count and solution the rating solves take instead of finding
/// them again: `explain --format html` grades the puzzle it has solved.
pub fn grade_prepared(prepared: &Prepared, scales: Scales) -> Rating {
    grade_traced_of(&prepared.as_puzzle(), scales).0
}

/// The solution limit of every rating solve.
fn rating_limit() -> usize {
    Options::default().solution_limit
}

/// [`grade`], keeping the HoDoKu profile's solve that the rating comes
/// from ([`hodoku_trace`]; `None` when the scales leave HoDoKu's out): its
/// steps and solution, for batch tools that want them beside the rating
/// without solving twice.
pub fn grade_traced(puzzle: &Grid, scales: Scales) -> (Rating, Option<Trace>) {
    // one preparation for every rating solve: the clash check, the start
    // position, the count and the solution
    grade_traced_of(&Prepared::new(puzzle, rating_limit()), scales)
}

/// [`grade_traced`] on a prepared puzzle.
fn grade_traced_of(prepared: &Prepared, scales: Scales) -> (Rating, Option<Trace>) {
    if !scales.hodoku && (scales.se || scales.class) {
        return (grade_without_hodoku(prepared, scales), None);
    }
    let hodoku_trace = hodoku::hodoku_trace_of(prepared);
    let mut guessed = hodoku_trace.guesses() > 0;
    let hardest = hardest_by_score(&hodoku_trace);
    let ok = hodoku_trace.outcome.is_solved();
    let se = (scales.se && ok).then(|| {
        let (t, ratings) = se::se_solve_of(prepared, true);
        guessed |= t.guesses() > 0;
        se_rating_of(&t, &ratings)
    });
    let class = (scales.class && ok).then(|| qqwing_class(prepared, Some(&hodoku_trace)));
    let rating = Rating {
        se,
        hodoku: (scales.hodoku && ok).then(|| hodoku_rating(&hodoku_trace)),
        class,
        hardest,
        guessed,
        outcome: hodoku_trace.outcome.kind(),
    };
    (rating, Some(hodoku_trace))
}

/// [`grade`] on SE's scale, QQWing's or both, without the HoDoKu solve.
fn grade_without_hodoku(prepared: &Prepared, scales: Scales) -> Rating {
    let se = scales.se.then(|| se::se_solve_of(prepared, true));
    // beside SE's solve, QQWing's would only give the class (and a guess
    // exactly when the class is expert): the closures give it without
    let qq = (scales.class && se.is_none()).then(|| qqwing_trace(prepared));
    // every solve starts from the exact solver's verdict, so each ends the same way
    let outcome = match (&se, &qq) {
        (Some((t, _)), _) | (None, Some(t)) => t.outcome.kind(),
        (None, None) => OutcomeKind::NoSolution,
    };
    let ok = outcome == OutcomeKind::Solved;
    let class = match &qq {
        Some(t) => ok.then(|| class_of(t)),
        None => (scales.class && ok).then(|| qqwing_class(prepared, None)),
    };
    let guessed = se
        .iter()
        .map(|(t, _)| t)
        .chain(&qq)
        .any(|t| t.guesses() > 0)
        || (qq.is_none() && class == Some(Class::Expert));
    let hardest = match (&se, &qq) {
        (Some((t, ratings)), _) => t
            .steps
            .iter()
            .zip(ratings)
            .fold(None, |best: Option<(&Step, f32)>, (s, &r)| match best {
                Some((_, b)) if b >= r => best,
                _ => Some((s, r)),
            })
            .map(|(s, _)| s.technique),
        (None, Some(t)) => hardest_by_score(t),
        (None, None) => None,
    };
    Rating {
        se: se.filter(|_| ok).map(|(t, r)| se_rating_of(&t, &r)),
        hodoku: None,
        class,
        hardest,
        guessed,
        outcome,
    }
}

/// The technique of a solve's step with the highest HoDoKu score.
fn hardest_by_score(trace: &Trace) -> Option<Technique> {
    trace.hardest_step().map(|(_, s)| s.technique)
}

/// QQWing's class of a puzzle with a unique solution: from another
/// scale's solve when that used singles only (`singles`), else from the
/// closures of its techniques, which give the class of [`qqwing_trace`]
/// without the solve (`qqwing.rs`), or from the solve itself should a
/// closure meet a contradiction, which needs a puzzle without a unique
/// solution.
fn qqwing_class(prepared: &Prepared, singles: Option<&Trace>) -> Class {
    if let Some(class) = singles.and_then(|t| qqwing::class_of_singles(t, prepared.grid())) {
        return class;
    }
    prepared
        .start()
        .and_then(qqwing::class_by_closure)
        .unwrap_or_else(|| class_of(&qqwing_trace(prepared)))
}

/// The solve QQWing's class is taken from.
fn qqwing_trace(prepared: &Prepared) -> Trace {
    solver::solve_prepared(prepared, &Options::with_profile(Profile::Qqwing))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::grid::work::{self, Work};

    /// The work of one puzzle's solves (issue 35): the exact solver, the
    /// clash check and the start position once each, however many solves
    /// follow. (Before: `grade` checked for clashes 7 times, built 3 boards
    /// and ran the exact solver twice; `explain` on a position, and `hint`,
    /// ran it twice, a hint's guess three times; the walkthrough's grade
    /// ran it again.)
    #[test]
    fn each_puzzle_is_prepared_once() {
        let puzzle = crate::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let once = |solves| Work {
            exact_searches: 1,
            clash_checks: 1,
            boards: 1,
            solves,
        };
        // the HoDoKu and SE solves (QQWing's class from closures)
        assert_eq!(work::of(|| grade(&puzzle, Scales::ALL)).1, once(2));
        assert_eq!(
            work::of(|| solver::solve(&puzzle, &Options::default())).1,
            once(1)
        );
        // `explain --format html`: the solve, then the ratings of the same
        // prepared puzzle
        let (_, html) = work::of(|| {
            let prepared = Prepared::new(&puzzle, 1000);
            let trace = solver::solve_prepared(&prepared, &Options::default());
            (trace, grade_prepared(&prepared, Scales::ALL))
        });
        assert_eq!(html, once(3));
        // a player's position: the givens' solution, found once, serves
        // the check for mistakes and the solve (or the hint and its guess)
        let board = Board::from_grid(&puzzle).unwrap();
        let position = Work {
            boards: 0,
            ..once(1)
        };
        let (trace, w) = work::of(|| {
            let prepared = crate::hint::check_position(&board, 1000).expect("no mistake");
            solver::solve_prepared(&prepared, &Options::default())
        });
        assert!(trace.outcome.is_solved());
        assert_eq!(w, position);
        let (_, w) = work::of(|| crate::hint::hint(&board, &Options::default()));
        assert_eq!(
            w,
            Work {
                exact_searches: 1,
                clash_checks: 0,
                solves: 0,
                boards: 0
            }
        );
        let (hint, w) = work::of(|| crate::hint::hint(&board, &Options::default().only(&[])));
        assert!(matches!(hint, crate::Hint::Step(_)));
        assert_eq!(w, position);
    }
}
