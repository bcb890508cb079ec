//! The integration tests: one binary, one module per area.

mod common;
mod conformance;
mod fish;
mod soundness;
