//! QQWing's difficulty classes: simple (naked singles), easy (hidden
//! singles), intermediate (intersections and pairs), expert (anything more,
//! which QQWing would guess), from a solve with QQWing's techniques only.

use crate::technique::Technique;
use crate::trace::Trace;

/// QQWing's classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Simple,
    Easy,
    Intermediate,
    Expert,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Simple => "simple",
            Class::Easy => "easy",
            Class::Intermediate => "intermediate",
            Class::Expert => "expert",
        }
    }
}

/// The QQWing class of a trace made with [`Profile::Qqwing`].
pub fn class_of(trace: &Trace) -> Class {
    use Technique::*;
    trace
        .steps
        .iter()
        .map(|s| match s.technique {
            FullHouse | NakedSingle => Class::Simple,
            HiddenSingle => Class::Easy,
            LockedCandidates1 | LockedCandidates2 | NakedPair | HiddenPair => Class::Intermediate,
            _ => Class::Expert,
        })
        .max()
        .unwrap_or(Class::Simple)
}
