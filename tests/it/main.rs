//! The integration tests: one binary, one module per area.

mod chains;
mod coloring;
mod common;
mod conformance;
mod soundness;
