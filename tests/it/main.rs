//! The integration tests: one binary, one module per area.

mod als;
mod common;
mod conformance;
mod forcing;
mod soundness;
