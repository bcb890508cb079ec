//! The integration tests: one binary, one module per area.

mod als;
mod api;
mod cli;
mod common;
mod conformance;
mod corpus;
mod exact;
mod forcing;
mod format;
mod grade;
mod intersections;
mod single_digit;
mod singles;
mod soundness;
mod subsets;
mod uniqueness;
mod wings;
