//! The strategies: one file per family of techniques. A strategy only
//! *finds* steps and reports them through a sink; it never changes the
//! board. The solver applies what it is given.

use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Digit, House};
use crate::step::Step;
use crate::technique::{Finder, Technique};
use std::ops::ControlFlow;

pub mod als;
mod cache;
pub mod chains;
pub mod coloring;
pub mod direct;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
pub mod templates;
pub mod uniqueness;
pub mod wings;

/// Receives the steps a strategy finds; `Break` stops the search.
pub type Sink<'a> = &'a mut dyn FnMut(Step) -> ControlFlow<()>;

pub use cache::{Cache, Fruitless};

/// What a strategy may rely on besides the board, and what the finders of
/// one position share (see [`Cache`]).
#[derive(Debug, Default)]
pub struct Context {
    /// The puzzle is known to have exactly one solution, so uniqueness
    /// techniques may be used.
    pub unique: bool,
    /// Link graphs, almost locked sets and chain walks of the position
    /// last asked about, built on first use.
    pub cache: Cache,
    /// One-digit searches known to find nothing (see [`Fruitless`]).
    pub fruitless: Fruitless,
}

impl Context {
    /// A context with an empty cache.
    pub fn new(unique: bool) -> Context {
        Context {
            unique,
            cache: Cache::default(),
            fruitless: Fruitless::default(),
        }
    }
}

/// A copy knows the same facts and starts with an empty cache.
impl Clone for Context {
    fn clone(&self) -> Context {
        Context::new(self.unique)
    }
}

/// Report every step of technique `t` on `board` (or stop early when the
/// sink says `Break`). Every reported step changes the board. The
/// technique's row in the table names the file whose finder answers.
pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    match t.finder() {
        Finder::Singles => singles::find(t, board, sink),
        Finder::Direct => direct::find(t, board, ctx, sink),
        Finder::Intersections => intersections::find(t, board, sink),
        Finder::Subsets => subsets::find(t, board, sink),
        Finder::Fish => fish::find(t, board, ctx, sink),
        Finder::SingleDigit => single_digit::find(t, board, ctx, sink),
        Finder::Wings => wings::find(t, board, sink),
        Finder::Uniqueness => uniqueness::find(t, board, ctx, sink),
        Finder::Coloring => coloring::find(t, board, ctx, sink),
        Finder::Chains => chains::find(t, board, ctx, sink),
        Finder::Als => als::find(t, board, ctx, sink),
        Finder::SueDeCoq => sue_de_coq::find(t, board, sink),
        Finder::Forcing => forcing::find(t, board, ctx, sink),
        Finder::Templates => templates::find(t, board, sink),
        Finder::Fallback | Finder::Missing => ControlFlow::Continue(()),
    }
}

/// The first step of `technique` on `board`, if any.
pub fn first_step(technique: Technique, board: &Board, ctx: &Context) -> Option<Step> {
    let mut found = None;
    let _ = find(technique, board, ctx, &mut |s| {
        found = Some(s);
        ControlFlow::Break(())
    });
    found
}

/// Where a search must look: per digit, the cells that have lost it since
/// a position on which the search found nothing. The forcing nets ask the
/// basic techniques again at every standstill; a locked candidate, a subset
/// or a basic fish that removes something now but removed nothing then
/// must lie where the position changed, since candidates only go (a
/// pattern whose houses kept their places is the same pattern, and its
/// targets can only have shrunk).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Changed {
    /// lost[d]: the cells that lost digit `d`.
    lost: [CellSet; 9],
    /// The cells that lost any digit.
    any: CellSet,
}

impl Changed {
    /// Everywhere: a search with no position to compare with.
    pub(crate) const ALL: Changed = Changed {
        lost: [CellSet::ALL; 9],
        any: CellSet::ALL,
    };

    /// What changed from places `then` to places `now` (per digit).
    pub(crate) fn between(then: &[CellSet; 9], now: &[CellSet; 9]) -> Changed {
        let mut lost = [CellSet::EMPTY; 9];
        let mut any = CellSet::EMPTY;
        for ((l, t), n) in lost.iter_mut().zip(then).zip(now) {
            *l = *t - *n;
            any |= *l;
        }
        Changed { lost, any }
    }

    /// Whether nothing changed.
    pub(crate) fn is_empty(&self) -> bool {
        self.any.is_empty()
    }

    /// Whether `digit` lost a place.
    pub(crate) fn digit(&self, digit: Digit) -> bool {
        !self.lost[digit.index()].is_empty()
    }

    /// Whether `digit` lost a place in `house`.
    pub(crate) fn digit_in(&self, digit: Digit, house: House) -> bool {
        self.lost[digit.index()].intersects(house.cells())
    }

    /// Whether a cell of `house` lost a candidate.
    pub(crate) fn house(&self, house: House) -> bool {
        self.any.intersects(house.cells())
    }
}

/// The first step of a locked candidates or subset technique `t` (the
/// forcing nets' basic techniques but fish) that [`Changed`] allows: the
/// first step of `t` when the search found nothing where nothing changed.
pub(crate) fn first_step_within(
    technique: Technique,
    board: &Board,
    changed: &Changed,
) -> Option<Step> {
    let mut found = None;
    let mut sink = |s| {
        found = Some(s);
        ControlFlow::Break(())
    };
    let _ = match technique.finder() {
        Finder::Intersections => intersections::find_within(technique, board, changed, &mut sink),
        Finder::Subsets => subsets::find_within(technique, board, changed, &mut sink),
        _ => find(technique, board, &Context::new(false), &mut sink),
    };
    found
}

/// Every step of `technique` on `board`.
pub fn all_steps(technique: Technique, board: &Board, ctx: &Context) -> Vec<Step> {
    let mut v = Vec::new();
    let _ = find(technique, board, ctx, &mut |s| {
        v.push(s);
        ControlFlow::Continue(())
    });
    v
}
