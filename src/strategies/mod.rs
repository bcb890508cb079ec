//! The strategies: one file per family of techniques. A strategy only
//! *finds* steps and reports them through a sink; it never changes the
//! board. The solver applies what it is given.

use crate::board::Board;
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

/// Every step of `technique` on `board`.
pub fn all_steps(technique: Technique, board: &Board, ctx: &Context) -> Vec<Step> {
    let mut v = Vec::new();
    let _ = find(technique, board, ctx, &mut |s| {
        v.push(s);
        ControlFlow::Continue(())
    });
    v
}
