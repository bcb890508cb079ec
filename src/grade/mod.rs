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
use crate::technique::{Level, Technique};
use crate::trace::OutcomeKind;

mod hodoku;
mod qqwing;
mod se;

pub use crate::technique::Class;
pub use hodoku::{hodoku_rating, hodoku_trace};
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
/// order.
pub const HODOKU_RULES: &str =
    "HoDoKu 2.2.0 default scores and level caps (sensei rating rules v5)";
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
    /// The hardest technique of the HoDoKu-profile solve (highest score).
    pub hardest: Option<Technique>,
    /// Whether a solve needed the fallback (a guess).
    pub guessed: bool,
    /// How the HoDoKu-profile solve ended: only a solved puzzle is rated.
    pub outcome: OutcomeKind,
}

/// Rate a puzzle on the chosen scales (one solve per scale).
pub fn grade(puzzle: &Grid, scales: Scales) -> Rating {
    let hodoku_trace = hodoku_trace(puzzle);
    let mut guessed = hodoku_trace.guesses() > 0;
    let hardest = hodoku_trace
        .steps
        .iter()
        .map(|s| s.technique)
        .max_by_key(|t| (t.info().score, t.info().order));
    let ok = hodoku_trace.outcome.is_solved();
    let se = (scales.se && ok).then(|| {
        let (t, ratings) = se_solve(puzzle);
        guessed |= t.guesses() > 0;
        se_rating_of(&t, &ratings)
    });
    let class = (scales.class && ok).then(|| {
        let t = solver::solve(puzzle, &Options::with_profile(Profile::Qqwing));
        class_of(&t)
    });
    Rating {
        se,
        hodoku: (scales.hodoku && ok).then(|| hodoku_rating(&hodoku_trace)),
        class,
        hardest,
        guessed,
        outcome: hodoku_trace.outcome.kind(),
    }
}
