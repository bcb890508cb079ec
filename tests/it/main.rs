//! The integration tests: one binary, one module per area.

mod common;
mod conformance;
mod intersections;
mod soundness;
mod subsets;
