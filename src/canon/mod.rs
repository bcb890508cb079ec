//! Which puzzles are the same: the Sudoku group, its transformations and
//! the minlex canonical form.
//!
//! Two puzzles are *equivalent* when one becomes the other by transposing,
//! permuting bands, rows within a band, stacks, columns within a stack, and
//! relabelling digits ([`Transform`]). Equivalent puzzles have the same
//! solutions (transformed), the same logic and the same difficulty.
//!
//! The *minlex form* ([`minlex`]) is the forum's canonical form (used by
//! the enjoysudoku.com collections and the published 17-clue list): write
//! the grid as 81 characters row by row, an empty cell as `0`; of all the
//! equivalent grids, take the one whose string is lexicographically
//! smallest. Empty cells sort before every digit, so the form starts with
//! as many empty cells as the puzzle allows; for a fixed geometric map the
//! smallest relabelling numbers the digits 1, 2, 3, … in the order they
//! first appear, so the form's digits appear in that order too. The form is
//! printed with `.` for empty, like the collections. Two puzzles are
//! equivalent exactly when their forms are equal. A full solution grid has
//! a form too (it starts `123456789`).
//!
//! ```
//! use sudoku_sensei::{canon, parse};
//!
//! let puzzle = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
//! let moved = canon::Transform::seeded(7, 0).apply(&puzzle);
//! let (a, b) = (canon::minlex(&puzzle), canon::minlex(&moved));
//! assert_eq!(a.form, b.form);
//! // the transformation found maps the puzzle to its form
//! assert_eq!(a.transform.apply(&puzzle), a.form);
//! # Ok::<(), sudoku_sensei::ParseError>(())
//! ```

mod grids;
mod minlex;
mod transform;

pub use minlex::minlex;
pub use transform::{Transform, TransformError};

use crate::grid::Grid;

/// A puzzle's minlex form, a transformation that gives it, and how many
/// transformations do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The minlex form.
    pub form: Grid,
    /// A transformation mapping the puzzle to `form` (the first of them in
    /// the search's order: deterministic).
    pub transform: Transform,
    /// How many transformations of the group (geometric maps times
    /// relabellings) map the puzzle to its form: the puzzle's automorphisms,
    /// 1 for most puzzles, 2 or more for a symmetric one, 2 × 6^8 × 9! for
    /// the empty grid.
    pub automorphisms: u64,
}
