//! sudoku-sensei: an explainable, human-style Sudoku engine.

pub mod exact;
