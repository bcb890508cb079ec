//! The integration tests: one binary, one module per area.

mod api;
mod cli;
mod common;
mod conformance;
mod corpus;
mod exact;
mod format;
mod singles;
mod soundness;
mod uniqueness;
