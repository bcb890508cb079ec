//! The exact solver's depth-first search over [`Bitboard`]s and its two
//! branching rules (see the module notes of [`super`]).

use super::bitboard::Bitboard;

/// Depth-first search with the `branching` rule. `sink` is called on each
/// solution and returns whether to keep searching; the return value says
/// the same.
pub(super) fn search<F: FnMut(&Bitboard) -> bool>(
    grid: &mut Bitboard,
    branching: Branching,
    sink: &mut F,
) -> bool {
    Search {
        sink,
        score_every_level: branching == Branching::Scored,
    }
    .explore(grid, 0)
}

/// How the search picks the cell it branches on (see the module notes).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Branching {
    /// Always the best-scored cell: the order in which solutions are found,
    /// and so the first of several, stays what it has always been. For
    /// the functions that hand out solutions of a puzzle with several.
    Scored,
    /// Scored only above [`SCORED_DEPTH`] and once a branch has met a
    /// contradiction; else the first bivalue cell. For the functions that
    /// only count (or give the solution when it is the only one found of at
    /// least two looked for), which it makes faster on puzzles with many
    /// solutions.
    Counting,
}

/// The depth of the search (branches taken on copies of the grid: every
/// digit of a cell but its last, which continues in place) above which
/// [`Branching::Counting`] always scores the branching cell: the top of the
/// tree, which decides most of a hard puzzle's tree.
const SCORED_DEPTH: usize = 2;

/// One depth-first search.
struct Search<'a, F> {
    sink: &'a mut F,
    /// Whether every branching cell is scored: always with
    /// [`Branching::Scored`], and with [`Branching::Counting`] from the first
    /// contradiction on (the search is then proving rather than finding).
    score_every_level: bool,
}

impl<F: FnMut(&Bitboard) -> bool> Search<'_, F> {
    /// Searches below `grid`, reached by `depth` branches taken on copies
    /// (a cell's last digit continues in place, at its parent's depth);
    /// `false` when the sink asked to stop.
    fn explore(&mut self, grid: &mut Bitboard, depth: usize) -> bool {
        loop {
            let Ok(bivalue) = grid.propagate() else {
                self.score_every_level = true;
                return true;
            };
            if grid.is_solved() {
                return (self.sink)(grid);
            }
            let (band, cell) = if depth < SCORED_DEPTH || self.score_every_level {
                grid.branching_cell(&bivalue)
            } else {
                grid.first_bivalue_cell(&bivalue)
            };
            let mut digits = grid.digits_of(band, cell);
            if digits == 0 {
                return true;
            }
            // All digits but the last on copies; the last one in place.
            while digits & (digits - 1) != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = *grid;
                child.place(digit, band, cell);
                if !self.explore(&mut child, depth + 1) {
                    return false;
                }
            }
            grid.place(digits.trailing_zeros() as usize, band, cell);
        }
    }
}
