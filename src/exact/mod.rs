//! The exact solver: a fast backtracking search that finds, counts or
//! enumerates the solutions of a Sudoku.
//!
//! # Representation
//!
//! The grid is split into its three *bands* (rows 1–3, 4–6 and 7–9). For
//! every digit and every band we keep one 27-bit set of the cells of that
//! band where the digit may still go (bit `9 * row + column`, with `row`
//! counted inside the band). That makes 9 × 3 = 27 small words, and almost
//! every deduction is a handful of AND/OR operations on them.
//!
//! # Propagation
//!
//! A digit's candidates inside one band are governed by a simple law: each
//! of the band's three rows and each of its three boxes holds the digit
//! exactly once. Think of the band as a 3 × 3 matrix of *mini-rows* (the
//! three cells where a row crosses a box); the digit's placement in the band
//! picks one mini-row per row and per box, i.e. a permutation. A precomputed
//! table maps the 9-bit "which mini-rows still have a candidate" pattern to
//! the union of all permutations it still allows, and one AND with it
//! performs pointing and claiming (locked candidates) inside the band at
//! once. After that:
//!
//! * a row of the band with a single candidate is a *hidden single*: the
//!   cell is solved and the other digits are removed from it;
//! * a box whose candidates all lie in one column *locks* that column: the
//!   digit is removed from the column in the two other bands (this also
//!   finishes the job for every solved cell).
//!
//! Bands whose candidates changed are re-examined until nothing moves, then
//! a bit-sliced count over the nine digits finds *naked singles* (cells with
//! one candidate left) and empty cells (contradictions).
//!
//! Placing a digit (a naked single, or a guess) only removes it from the
//! cell's row and box inside its band; the band law does the rest when
//! that band is re-examined (the cell becomes its row's hidden single, and
//! its box's locked column). The deductions only ever remove candidates,
//! and what one of them keeps of a grid it keeps of any grid with more
//! candidates, so they reach the same grid (or a contradiction) in whatever
//! order they are applied: the search sees the same grid at every node.
//!
//! # Search
//!
//! When propagation stalls we branch on a bivalue cell whenever there is
//! one, preferring (among the first few found) the cell with the most open
//! and bivalue peers, whose branches propagate furthest; otherwise on a
//! cell with the fewest candidates. Its digits are tried in increasing
//! order.
//!
//! Every branch but the last works on a copy of the grid; the last
//! continues in place. The order of exploration, and hence the first
//! solution and the order of enumeration, is fully deterministic.
//!
//! Scoring the cells shapes the tree of a hard puzzle, but costs time at
//! every node. The functions that only count solutions (or give the
//! solution when it is the only one) score at the top of the tree (until
//! two branches have been taken on copies: a cell's last digit continues
//! in place and does not count) and everywhere once the search has met a
//! contradiction; further down a path that has met none (the usual case
//! in a puzzle with many solutions, where nearly any branch leads to one)
//! they take the first bivalue cell. Their counts are the same either way;
//! the functions that hand out solutions of a puzzle with several always
//! score, so the order in which those come is unchanged.
//!
//! # Files
//!
//! `tables.rs` the tables built at compile time, `bitboard.rs` the state
//! (`Bitboard`: propagation, singles, the branching cell), `search.rs`
//! the depth-first search and its branching rules; this file the API.
//!
//! # Safety of indexing
//!
//! Array indices are `9 * band + digit` with `band < 3` and `digit < 9`
//! (both from bounded loops, const generics or a 9-bit digit set), cell
//! positions below 27 (taken from 27-bit sets) and table indices masked to
//! 9 bits, so no index can be out of bounds.

/// 81 cells, row-major, 0 = empty, 1..=9 = value.
pub type Cells = [u8; 81];

mod bitboard;
mod search;
mod tables;

use bitboard::Bitboard;
use search::{search, Branching};

/// How many solutions a puzzle has, as far as a bounded search can tell:
/// exactly, or at least a number when the search stopped at its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// The puzzle has no solution (or its givens are invalid).
    None,
    /// Exactly one solution.
    Unique,
    /// Exactly `n` solutions, `n >= 2`: the search saw them all.
    Exactly(usize),
    /// At least `n` solutions, `n >= 2`: the search stopped at its limit.
    AtLeast(usize),
}

impl Count {
    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(self) -> bool {
        self == Count::Unique
    }
    /// The number of solutions known: exact, or a lower bound.
    pub fn found(self) -> usize {
        match self {
            Count::None => 0,
            Count::Unique => 1,
            Count::Exactly(n) | Count::AtLeast(n) => n,
        }
    }
    /// Whether [`Count::found`] is the exact number of solutions.
    pub fn is_exact(self) -> bool {
        !matches!(self, Count::AtLeast(_))
    }
}

/// Returns the first solution found, or `None` when there is none (or the
/// givens are invalid: a value above 9, or two equal givens that see each
/// other). The result is deterministic.
pub fn first_solution(givens: &Cells) -> Option<Cells> {
    let mut first = None;
    for_each_solution(givens, 1, |solution| first = Some(*solution));
    first
}

/// Counts the solutions, stopping as soon as `limit` of them have been
/// found: then the count is [`Count::AtLeast`]`(limit)`.
///
/// The search always looks for two solutions at least, since telling a
/// unique puzzle from one with several needs them: a `limit` of 0 or 1
/// counts as 2.
pub fn count(givens: &Cells, limit: usize) -> Count {
    let limit = limit.max(2);
    let Some(mut grid) = Bitboard::from_givens(givens) else {
        return Count::None;
    };
    let mut found = 0usize;
    search(&mut grid, Branching::Counting, &mut |_| {
        found += 1;
        found < limit
    });
    match found {
        0 => Count::None,
        1 => Count::Unique,
        n if n >= limit => Count::AtLeast(n),
        n => Count::Exactly(n),
    }
}

/// Returns the solution if there is exactly one, otherwise `Err(Count::None)`
/// or `Err(Count::AtLeast(2))`.
pub fn unique_solution(givens: &Cells) -> Result<Cells, Count> {
    match count_and_only_solution(givens, 2) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(Count::None),
        _ => Err(Count::AtLeast(2)),
    }
}

/// Calls `f` on up to `limit` solutions, in a deterministic order, and
/// returns how many were found. A `limit` of 0 enumerates nothing; invalid
/// givens (a value above 9, clashing givens) have no solutions.
pub fn for_each_solution(givens: &Cells, limit: usize, mut f: impl FnMut(&Cells)) -> usize {
    if limit == 0 {
        return 0;
    }
    let Some(mut grid) = Bitboard::from_givens(givens) else {
        return 0;
    };
    let mut found = 0usize;
    search(&mut grid, Branching::Scored, &mut |solved: &Bitboard| {
        f(&solved.values());
        found += 1;
        found < limit
    });
    found
}

/// Counts up to `limit` solutions like [`for_each_solution`], and returns
/// the count with the first solution (`None` when there is none): the
/// values of the others are never read off, which a batch telling one
/// solution from several saves on every puzzle with several.
pub fn first_and_count(givens: &Cells, limit: usize) -> (usize, Option<Cells>) {
    let (found, first) = count_keeping_first(givens, limit, Branching::Scored);
    (found, first.map(|solved| solved.values()))
}

/// Counts up to `limit` solutions like [`first_and_count`], and returns
/// the count with the solution when it is the only one found: the values
/// of a puzzle with several solutions are never read off, which a batch
/// telling one solution from several saves on every such puzzle.
pub fn count_and_only_solution(givens: &Cells, limit: usize) -> (usize, Option<Cells>) {
    // Below a limit of 2, the one solution found may be the first of
    // several: it is then the one the enumeration finds first.
    let branching = if limit >= 2 {
        Branching::Counting
    } else {
        Branching::Scored
    };
    let (found, first) = count_keeping_first(givens, limit, branching);
    let only = first.filter(|_| found == 1).map(|solved| solved.values());
    (found, only)
}

/// The count of solutions up to `limit`, and the first one's grid (which
/// depends on the `branching` rule when there are several).
fn count_keeping_first(
    givens: &Cells,
    limit: usize,
    branching: Branching,
) -> (usize, Option<Bitboard>) {
    if limit == 0 {
        return (0, None);
    }
    let Some(mut grid) = Bitboard::from_givens(givens) else {
        return (0, None);
    };
    let (mut found, mut first) = (0usize, None);
    search(&mut grid, branching, &mut |solved: &Bitboard| {
        if found == 0 {
            first = Some(*solved);
        }
        found += 1;
        found < limit
    });
    (found, first)
}

#[cfg(test)]
mod tests {
    use super::tables::BAND;
    use super::*;

    /// The grid `from_givens` must build, worked out cell by cell: `None`
    /// for a value above 9 or two equal givens that see each other; else
    /// a given keeps only its own digit, and an empty cell every digit no
    /// peer holds.
    fn grid_by_cells(givens: &Cells) -> Option<Bitboard> {
        let sees = |a: usize, b: usize| {
            a != b
                && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3))
        };
        let mut grid = Bitboard {
            candidates: [0; 27],
            settled: [BAND; 27],
            unsolved: [0; 3],
        };
        for (cell, &value) in givens.iter().enumerate() {
            if value > 9 {
                return None;
            }
            let (band, position) = (cell / 27, cell % 27);
            if value != 0 {
                if (0..81).any(|peer| sees(cell, peer) && givens[peer] == value) {
                    return None;
                }
                grid.candidates[9 * band + usize::from(value) - 1] |= 1 << position;
                continue;
            }
            grid.unsolved[band] |= 1 << position;
            for digit in 1..=9u8 {
                if !(0..81).any(|peer| sees(cell, peer) && givens[peer] == digit) {
                    grid.candidates[9 * band + usize::from(digit) - 1] |= 1 << position;
                }
            }
        }
        Some(grid)
    }

    /// The solutions of `givens` (up to `limit`) found with `branching`, in
    /// the order found.
    fn solutions_with(givens: &Cells, limit: usize, branching: Branching) -> Vec<Cells> {
        let mut all = Vec::new();
        if let Some(mut grid) = Bitboard::from_givens(givens) {
            search(&mut grid, branching, &mut |solved: &Bitboard| {
                all.push(solved.values());
                all.len() < limit
            });
        }
        all
    }

    #[test]
    fn both_branching_rules_find_the_same_solutions() {
        // a solved grid with 30 to 59 cells taken out at random: from one
        // solution to more than the limit
        let solved = first_solution(&[0; 81]).expect("the empty grid has solutions");
        let mut next = crate::testing::xorshift(0x9e37_79b9_7f4a_7c15);
        let limit = 200;
        let (mut several, mut at_limit, mut other_order) = (0, 0, 0);
        for round in 0..400 {
            let mut givens = solved;
            while givens.iter().filter(|&&v| v == 0).count() < 30 + round % 30 {
                givens[(next() % 81) as usize] = 0;
            }
            let scored = solutions_with(&givens, limit, Branching::Scored);
            let mut counting = solutions_with(&givens, limit, Branching::Counting);
            assert_eq!(scored.len(), counting.len(), "{givens:?}");
            // the counting functions, on the public side
            let expected = match scored.len() {
                0 => Count::None,
                1 => Count::Unique,
                n if n >= limit => Count::AtLeast(n),
                n => Count::Exactly(n),
            };
            assert_eq!(count(&givens, limit), expected, "{givens:?}");
            let only = scored.first().copied().filter(|_| scored.len() == 1);
            for small in [2, 3, limit] {
                let found = scored.len().min(small);
                let only = only.filter(|_| found == 1);
                assert_eq!(count_and_only_solution(&givens, small), (found, only));
            }
            // the same solutions, found in another order when the rules
            // chose other cells
            other_order += usize::from(scored != counting);
            several += usize::from(scored.len() > 1);
            at_limit += usize::from(scored.len() == limit);
            if scored.len() < limit {
                let mut scored = scored;
                scored.sort_unstable();
                counting.sort_unstable();
                assert_eq!(scored, counting, "{givens:?}");
            }
        }
        assert!(
            several > 150 && at_limit > 20 && other_order > 20,
            "{several} with several, {at_limit} at the limit, {other_order} in another order"
        );
    }

    #[test]
    fn from_givens_agrees_with_a_cell_by_cell_reading() {
        // random givens from sparse to dense, with values up to 11: many
        // clash, many do not
        let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1du64);
        let (mut valid, mut rejected) = (0, 0);
        for round in 0..20_000 {
            let filled = round % 24 + 1;
            let mut givens = [0u8; 81];
            for _ in 0..filled {
                let cell = (next() % 81) as usize;
                // values above 9 in two puzzles of a hundred: just above,
                // and any byte
                let top = match round % 100 {
                    0 => 12,
                    1 => 256,
                    _ => 10,
                };
                givens[cell] = (next() % top) as u8;
            }
            let (fast, slow) = (Bitboard::from_givens(&givens), grid_by_cells(&givens));
            match (fast, slow) {
                (None, None) => rejected += 1,
                (Some(fast), Some(slow)) => {
                    valid += 1;
                    assert_eq!(fast.candidates, slow.candidates, "{givens:?}");
                    assert_eq!(fast.unsolved, slow.unsolved, "{givens:?}");
                    assert_eq!(fast.settled, slow.settled);
                }
                (fast, slow) => panic!(
                    "{givens:?}: accepted by from_givens {}, by the reference {}",
                    fast.is_some(),
                    slow.is_some()
                ),
            }
        }
        assert!(
            valid > 5_000 && rejected > 5_000,
            "{valid} valid, {rejected} rejected"
        );
    }
}
