//! QQWing's difficulty classes: simple (naked singles), easy (hidden
//! singles), intermediate (intersections and pairs), expert (anything more,
//! which QQWing would guess), from a solve with QQWing's techniques only.

use crate::technique::Class;
use crate::trace::Trace;

/// The QQWing class of a trace made with [`Profile::Qqwing`](crate::Profile::Qqwing).
pub fn class_of(trace: &Trace) -> Class {
    trace
        .steps
        .iter()
        .map(|s| s.technique.info().class)
        .max()
        .unwrap_or(Class::Simple)
}
