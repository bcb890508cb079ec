//! The strategies: one file per family of techniques. A strategy only
//! *finds* steps and reports them through a sink; it never changes the
//! board. The solver applies what it is given.

use crate::board::Board;
use crate::step::Step;
use crate::technique::{Family, Technique};
use std::ops::ControlFlow;

pub mod als;
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
pub mod uniqueness;
pub mod wings;

/// Receives the steps a strategy finds; `Break` stops the search.
pub type Sink<'a> = &'a mut dyn FnMut(Step) -> ControlFlow<()>;

/// What a strategy may rely on besides the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    /// The puzzle is known to have exactly one solution, so uniqueness
    /// techniques may be used.
    pub unique: bool,
}

/// Something that finds steps of one technique.
pub trait Strategy {
    /// Report every step of this technique on `board` (or stop early when
    /// the sink says `Break`). Every reported step changes the board.
    fn find(&self, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()>;
}

impl Strategy for Technique {
    fn find(&self, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
        let t = *self;
        if direct::base_of(t).is_some() {
            return direct::find(t, board, ctx, sink);
        }
        match t.family() {
            Family::Singles => singles::find(t, board, sink),
            Family::Uniqueness => uniqueness::find(t, board, ctx, sink),
            Family::AlmostLockedSets => als::find(t, board, sink),
            Family::Miscellaneous => sue_de_coq::find(t, board, sink),
            Family::LastResort => forcing::find(t, board, sink),
            // Locked Pair/Triple are listed among the intersections but are
            // naked subsets; they live with the subsets.
            Family::Intersections => match t {
                Technique::LockedPair | Technique::LockedTriple => subsets::find(t, board, sink),
                _ => intersections::find(t, board, sink),
            },
            Family::Subsets => subsets::find(t, board, sink),
            Family::SingleDigitPatterns => single_digit::find(t, board, sink),
            Family::Wings => wings::find(t, board, sink),
            Family::Coloring => coloring::find(t, board, sink),
            Family::ChainsAndLoops => chains::find(t, board, sink),
            Family::BasicFish
            | Family::FinnedFish
            | Family::FrankenFish
            | Family::FinnedFrankenFish
            | Family::MutantFish
            | Family::FinnedMutantFish => fish::find(t, board, ctx, sink),
        }
    }
}

/// Whether sensei has a finder for this technique.
pub fn is_implemented(t: Technique) -> bool {
    if let Some(base) = direct::base_of(t) {
        return is_implemented(base);
    }
    match t.family() {
        Family::Singles
        | Family::Intersections
        | Family::Subsets
        | Family::Uniqueness
        | Family::AlmostLockedSets
        | Family::Miscellaneous
        | Family::SingleDigitPatterns
        | Family::Wings
        | Family::Coloring
        | Family::ChainsAndLoops => true,
        Family::BasicFish
        | Family::FinnedFish
        | Family::FrankenFish
        | Family::FinnedFrankenFish
        | Family::MutantFish
        | Family::FinnedMutantFish => fish::is_fish(t),
        Family::LastResort => forcing::handles(t),
    }
}

/// The first step of `technique` on `board`, if any.
pub fn first_step(technique: Technique, board: &Board, ctx: &Context) -> Option<Step> {
    let mut found = None;
    let _ = technique.find(board, ctx, &mut |s| {
        found = Some(s);
        ControlFlow::Break(())
    });
    found
}

/// Every step of `technique` on `board`.
pub fn all_steps(technique: Technique, board: &Board, ctx: &Context) -> Vec<Step> {
    let mut v = Vec::new();
    let _ = technique.find(board, ctx, &mut |s| {
        v.push(s);
        ControlFlow::Continue(())
    });
    v
}
