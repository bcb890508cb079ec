//! Reading and printing puzzles. (Placeholder: the 81-character line only.)

pub mod hodoku;

use crate::grid::{Cell, Digit, Grid};
use std::fmt;

/// Why a puzzle text could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    pub message: String,
}

impl ParseError {
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parse one puzzle.
pub fn parse_one(text: &str) -> Result<Grid, ParseError> {
    let mut g = Grid::default();
    let mut n = 0u8;
    for ch in text.trim().chars().take(81) {
        let Some(cell) = Cell::new(n) else { break };
        if let Some(d) = ch.to_digit(10).and_then(|d| Digit::new(d as u8)) {
            g.set_given(cell, d);
        }
        n += 1;
    }
    if n < 81 {
        return Err(ParseError {
            message: format!("found {n} cells instead of 81"),
        });
    }
    Ok(g)
}
