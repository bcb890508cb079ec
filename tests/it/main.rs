//! The integration tests: one binary, one module per area.

mod common;
mod conformance;
mod single_digit;
mod soundness;
mod wings;
