//! The integration tests: one binary, one module per area.

mod als;
mod api;
#[cfg(feature = "cli")]
mod batch;
mod canon;
mod chains;
#[cfg(feature = "cli")]
mod check_step;
#[cfg(feature = "cli")]
mod cli;
mod cli_canon;
mod coloring;
mod common;
mod conformance;
mod corpus;
mod docs;
mod exact;
mod fish;
mod forcing;
mod forcing_groups;
mod format;
mod format_errors;
mod generate;
mod grade;
mod intersections;
mod layers;
mod learn;
mod pictures;
#[cfg(feature = "serve")]
mod serve;
#[cfg(feature = "serve")]
mod serve_practice;
mod single_digit;
mod singles;
mod soundness;
mod subsets;
mod summaries;
mod templates;
mod trace_format;
mod uniqueness;
mod wings;
