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
use crate::solver::{self, Options, Profile};
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

/// [`grade`], keeping the HoDoKu profile's solve that the rating comes
/// from ([`hodoku_trace`]; `None` when the scales leave HoDoKu's out): its
/// steps and solution, for batch tools that want them beside the rating
/// without solving twice.
pub fn grade_traced(puzzle: &Grid, scales: Scales) -> (Rating, Option<Trace>) {
    if !scales.hodoku && (scales.se || scales.class) {
        return (grade_without_hodoku(puzzle, scales), None);
    }
    let hodoku_trace = hodoku_trace(puzzle);
    let mut guessed = hodoku_trace.guesses() > 0;
    let hardest = hardest_by_score(&hodoku_trace);
    let ok = hodoku_trace.outcome.is_solved();
    let se = (scales.se && ok).then(|| {
        let (t, ratings) = se::se_solve_for_ratings(puzzle);
        guessed |= t.guesses() > 0;
        se_rating_of(&t, &ratings)
    });
    let class = (scales.class && ok).then(|| qqwing_class(puzzle, Some(&hodoku_trace)));
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
fn grade_without_hodoku(puzzle: &Grid, scales: Scales) -> Rating {
    let se = scales.se.then(|| se::se_solve_for_ratings(puzzle));
    // beside SE's solve, QQWing's would only give the class (and a guess
    // exactly when the class is expert): the closures give it without
    let qq = (scales.class && se.is_none()).then(|| qqwing_trace(puzzle));
    // every solve starts from the exact solver's verdict, so each ends the same way
    let outcome = match (&se, &qq) {
        (Some((t, _)), _) | (None, Some(t)) => t.outcome.kind(),
        (None, None) => OutcomeKind::NoSolution,
    };
    let ok = outcome == OutcomeKind::Solved;
    let class = match &qq {
        Some(t) => ok.then(|| class_of(t)),
        None => (scales.class && ok).then(|| qqwing_class(puzzle, None)),
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
fn qqwing_class(puzzle: &Grid, singles: Option<&Trace>) -> Class {
    if let Some(class) = singles.and_then(|t| qqwing::class_of_singles(t, puzzle)) {
        return class;
    }
    crate::board::Board::from_grid(puzzle)
        .ok()
        .and_then(|board| qqwing::class_by_closure(&board))
        .unwrap_or_else(|| class_of(&qqwing_trace(puzzle)))
}

/// The solve QQWing's class is taken from.
fn qqwing_trace(puzzle: &Grid) -> Trace {
    solver::solve(puzzle, &Options::with_profile(Profile::Qqwing))
}
