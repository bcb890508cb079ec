//! Sudoku Explainer's Aligned Pair (6.2) and Aligned Triplet (7.5)
//! Exclusion: two or three cells that see each other's excluders cannot
//! take a combination of values that clashes or empties an excluder, so a
//! candidate in no possible combination goes.

use super::chains::Hint;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell};
use crate::step::{Evidence, Step};
use crate::technique::Technique;

/// SE's Aligned Pair (6.2) and Aligned Triplet (7.5) Exclusion.
///
/// Take `degree` base cells and every combination of their candidates. A
/// combination is impossible when two base cells that share a house get
/// the same digit, or when it takes every candidate of a cell that sees all
/// the base cells (an *excluder*, with 2 to `degree` candidates: at least
/// two are required). A base cell's candidate in no possible combination
/// is removed. The base cells: cells with two or more candidates that see
/// an excluder; beyond the first two, each further base cell is an
/// excluder of one of the first two.
pub fn aligned_exclusion(board: &Board, degree: usize) -> Option<Hint> {
    search(board, degree, CellSet::ALL)
}

/// The candidates of the last position on which Aligned Exclusion of one
/// degree found nothing, so that on a later position of the same solve
/// (candidates only go) it tries again only the pairs or triples whose
/// cells or common excluders changed.
#[derive(Default)]
pub(super) struct NothingFoundOn {
    last: Option<Box<[DigitSet; 81]>>,
}

/// [`aligned_exclusion`], the same hint, trying only the pairs or triples
/// whose cells or common excluders changed since the position on which
/// `memo` says it found nothing. The others still find nothing: their
/// cells have the same candidates, and each of their excluders now has the
/// candidates it had then, so it was an excluder of theirs then too; with
/// those excluders, and maybe more, they excluded nothing then.
pub(super) fn aligned_exclusion_after(
    board: &Board,
    degree: usize,
    memo: &mut NothingFoundOn,
) -> Option<Hint> {
    let changed = match &memo.last {
        Some(last) => Cell::all()
            .filter(|&c| last[c.index()] != board.candidates(c))
            .collect(),
        None => CellSet::ALL,
    };
    let found = search(board, degree, changed);
    if found.is_some() {
        memo.last = None;
    } else {
        let grid = memo
            .last
            .get_or_insert_with(|| Box::new([DigitSet::EMPTY; 81]));
        for c in Cell::all() {
            grid[c.index()] = board.candidates(c);
        }
    }
    found
}

/// [`aligned_exclusion`], trying only the pairs or triples with a cell or
/// a common excluder in `changed`.
fn search(board: &Board, degree: usize, changed: CellSet) -> Option<Hint> {
    let (base, excluders) = base_cells(board, degree);
    let base_set: CellSet = base.iter().copied().collect();
    let rating = if degree == 2 { 6.2 } else { 7.5 };
    let try_cells = |cells: &[Cell]| {
        let common = cells
            .iter()
            .fold(CellSet::ALL, |acc, c| acc & excluders[c.index()]);
        if !two_or_more(common) {
            return None;
        }
        let cells_set: CellSet = cells.iter().copied().collect();
        if !changed.intersects(common | cells_set) {
            return None;
        }
        exclusion_step(board, cells, common).map(|step| Hint {
            step,
            rating,
            complexity: 0,
            sort_key: 0,
        })
    };
    for (i, &a) in base.iter().enumerate() {
        for &b in base.iter().skip(i + 1) {
            if degree == 2 {
                if let Some(h) = try_cells(&[a, b]) {
                    return Some(h);
                }
                continue;
            }
            // a triple's excluders are among the pair's
            if !two_or_more(excluders[a.index()] & excluders[b.index()]) {
                continue;
            }
            let near = |x: Cell, y: Cell| excluders[x.index()] | excluders[y.index()];
            let twin = near(a, b) & (base_set - CellSet::single(a) - CellSet::single(b));
            for t in twin {
                // a triple removes the same whatever the order of its
                // cells: it is tried only where the loops first meet it
                // (as p, q and then r, in cell order, when r is near p and
                // q; else as p, r and q; else as q, r and p)
                let met_before = if t < a {
                    near(t, a).contains(b) || near(t, b).contains(a)
                } else {
                    t < b && near(a, t).contains(b)
                };
                if met_before {
                    continue;
                }
                if let Some(h) = try_cells(&[a, b, t]) {
                    return Some(h);
                }
            }
        }
    }
    None
}

/// Whether a set has two cells or more (no population count).
fn two_or_more(cells: CellSet) -> bool {
    let bits = cells.bits();
    bits & bits.wrapping_sub(1) != 0
}

/// The base cells of Aligned Exclusion of `degree` cells, in cell order,
/// and each base cell's excluders (indexed by cell).
fn base_cells(board: &Board, degree: usize) -> (Vec<Cell>, [CellSet; 81]) {
    let small: CellSet = Cell::all()
        .filter(|&c| {
            let n = board.candidates(c).len() as usize;
            board.value(c).is_none() && (2..=degree).contains(&n)
        })
        .collect();
    let mut base: Vec<Cell> = Vec::new();
    let mut excluders = [CellSet::EMPTY; 81];
    for c in Cell::all() {
        if board.value(c).is_some() || board.candidates(c).len() < 2 {
            continue;
        }
        let ex = c.peers() & small;
        if !ex.is_empty() {
            base.push(c);
            excluders[c.index()] = ex;
        }
    }
    (base, excluders)
}

/// The candidates of `cells` (two or three) in no possible combination.
///
/// The combinations are taken a pair of the first two cells' digits at a
/// time: [`completing`] gives the third cell's digits that complete the
/// pair to a combination emptying an excluder (all of them if the pair
/// does), so each pair costs a few bit operations per excluder. The search
/// stops as soon as every candidate of the cells is in a possible
/// combination: then nothing goes (most pairs and triples end so).
fn exclusion_step(board: &Board, cells: &[Cell], common: CellSet) -> Option<Step> {
    let n = cells.len();
    if !(2..=3).contains(&n) {
        return None;
    }
    // (on the stack: this runs for many pairs and triples at every step)
    let mut cands = [DigitSet::EMPTY; 3];
    for (slot, &c) in cands.iter_mut().zip(cells) {
        *slot = board.candidates(c);
    }
    let (mut excluded, mut seen) = ([DigitSet::EMPTY; 81], 0);
    for e in common {
        excluded[seen] = board.candidates(e);
        seen += 1;
    }
    let excluded = &excluded[..seen];
    // whether base cells i and j may not share a digit
    let sees = |i: usize, j: usize| match (cells.get(i), cells.get(j)) {
        (Some(a), Some(b)) => a.sees(*b),
        _ => false,
    };
    let (s01, s02, s12) = (sees(0, 1), sees(0, 2), sees(1, 2));
    // with two cells, one pass with a third taking "no digit"
    let thirds = if n == 3 { cands[2] } else { DigitSet::ALL };
    let mut allowed = [DigitSet::EMPTY; 3];
    'search: for x in cands[0] {
        for y in cands[1] {
            if x == y && s01 {
                continue;
            }
            let pair = DigitSet::single(x) | DigitSet::single(y);
            let mut zs = thirds - completing(excluded, pair);
            if s02 {
                zs.remove(x);
            }
            if s12 {
                zs.remove(y);
            }
            if !zs.is_empty() {
                allowed[0].insert(x);
                allowed[1].insert(y);
                allowed[2] |= zs;
                if (0..n).all(|i| allowed[i] == cands[i]) {
                    break 'search;
                }
            }
        }
    }
    let elims: Vec<Candidate> = cells
        .iter()
        .zip(&allowed)
        .flat_map(|(&c, &ok)| {
            (board.candidates(c) - ok)
                .iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect();
    if elims.is_empty() {
        return None;
    }
    let digits = cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, &c| acc | board.candidates(c));
    let ev = Evidence::Subset {
        digits,
        cells: cells.iter().copied().collect::<CellSet>() | common,
        houses: Vec::new(),
        hidden: false,
    };
    Some(Step::elimination(Technique::ForcingChainVerity, elims, ev))
}

/// The digits a third base cell may take that, with the first two taking
/// the digits of `pair`, give a combination holding every candidate of an
/// excluder: all of them when `pair` holds one's candidates, else the one
/// candidate an excluder has outside `pair`. (With two base cells, a digit
/// that completes nothing is left, so a pair is possible unless all go.)
fn completing(excluded: &[DigitSet], pair: DigitSet) -> DigitSet {
    let mut zs = DigitSet::EMPTY;
    for &e in excluded {
        // (no population count: the bits of one digit or none)
        let rest = (e - pair).bits();
        if rest == 0 {
            return DigitSet::ALL;
        }
        if rest & (rest - 1) == 0 {
            zs |= DigitSet::from_bits(rest);
        }
    }
    zs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::se::se_solve;

    /// Puzzles whose SE solves reach Aligned Pair and Triplet Exclusion
    /// (top1465 and 17-clue puzzles).
    const PUZZLES: [&str; 8] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
        ".6..5.4.3.2.1...........7..4.3...6..7..5........2.........8..5.6...4...........1.",
        "................12....34.........3....5.....1.671........27..8.34.....6.9........",
        "................12....34........53....12......36....7....1....8.9.......75....4..",
        "..............1..2....3..4......53....6.......472........68...71.....9..3..4.....",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ];

    /// Every position of the puzzles' SE solves.
    fn positions() -> Vec<Board> {
        let mut found = Vec::new();
        for puzzle in PUZZLES {
            let Ok(grid) = crate::format::hodoku::parse_givens(puzzle) else {
                continue;
            };
            let Ok(mut board) = Board::from_grid(&grid) else {
                continue;
            };
            for step in se_solve(&grid).0.steps {
                found.push(board.clone());
                step.apply(&mut board);
            }
        }
        found
    }

    /// Along each puzzle's SE solve, the search that remembers where it
    /// found nothing finds the very hint of the full search at every
    /// position, of both degrees (each step applied, as SE's solve does).
    #[test]
    fn remembering_what_found_nothing_finds_the_same_hint() {
        let (mut compared, mut found, mut skipped) = (0, 0, 0);
        for puzzle in PUZZLES {
            let Ok(grid) = crate::format::hodoku::parse_givens(puzzle) else {
                continue;
            };
            let Ok(mut board) = Board::from_grid(&grid) else {
                continue;
            };
            let mut memo = [NothingFoundOn::default(), NothingFoundOn::default()];
            for step in se_solve(&grid).0.steps {
                for (degree, memo) in [2, 3].into_iter().zip(&mut memo) {
                    let asked_before = memo.last.is_some();
                    let full = aligned_exclusion(&board, degree);
                    let after = aligned_exclusion_after(&board, degree, memo);
                    let line = |h: &Option<Hint>| h.as_ref().map(|h| format!("{:?}", h.step));
                    assert_eq!(line(&after), line(&full), "{}", board.grid().to_line());
                    compared += 1;
                    found += usize::from(full.is_some());
                    skipped += usize::from(asked_before);
                }
                step.apply(&mut board);
            }
        }
        // positions with a hint, and positions after one that found nothing
        assert!(
            compared > 500 && found > 5 && skipped > 100,
            "{compared} {found} {skipped}"
        );
    }

    /// The plain search: every combination of the cells' candidates,
    /// each tested for a clash and against every excluder.
    fn plain_allowed(board: &Board, cells: &[Cell], common: CellSet) -> Vec<DigitSet> {
        let n = cells.len();
        let cands: Vec<DigitSet> = cells.iter().map(|&c| board.candidates(c)).collect();
        let excluded: Vec<DigitSet> = common.iter().map(|e| board.candidates(e)).collect();
        let thirds: Vec<Option<crate::grid::Digit>> = match cands.get(2) {
            Some(ds) => ds.iter().map(Some).collect(),
            None => vec![None],
        };
        let mut allowed = vec![DigitSet::EMPTY; n];
        for x in cands[0] {
            for y in cands[1] {
                for &z in &thirds {
                    let values = [Some(x), Some(y), z];
                    let clash = (0..n).any(|i| {
                        (i + 1..n).any(|j| values[i] == values[j] && cells[i].sees(cells[j]))
                    });
                    let chosen: DigitSet = values.iter().flatten().copied().collect();
                    let emptied = excluded.iter().any(|&e| e.is_subset(chosen));
                    if !clash && !emptied {
                        for (slot, v) in allowed.iter_mut().zip(values) {
                            if let Some(v) = v {
                                slot.insert(v);
                            }
                        }
                    }
                }
            }
        }
        allowed
    }

    /// The eliminations of the plain search.
    fn plain(board: &Board, cells: &[Cell], common: CellSet) -> Vec<Candidate> {
        cells
            .iter()
            .zip(plain_allowed(board, cells, common))
            .flat_map(|(&c, ok)| {
                (board.candidates(c) - ok)
                    .iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect()
    }

    /// The look-up table and the early stop remove what the plain search
    /// removes, for every pair and triple of base cells with two common
    /// excluders or more, on every position of the solves; and the search
    /// skipping pairs with fewer than two common excluders finds the same
    /// first hint as one trying every triple.
    #[test]
    fn exclusion_is_the_plain_search() {
        let (mut compared, mut removing) = (0, [0, 0]);
        for board in positions() {
            for degree in [2, 3] {
                let (base, excluders) = base_cells(&board, degree);
                let mut first: Option<Vec<Candidate>> = None;
                for (i, &a) in base.iter().enumerate() {
                    for &b in base.iter().skip(i + 1) {
                        let thirds: Vec<Option<Cell>> = if degree == 2 {
                            vec![None]
                        } else {
                            base.iter()
                                .copied()
                                .filter(|&t| t != a && t != b)
                                .filter(|t| {
                                    (excluders[a.index()] | excluders[b.index()]).contains(*t)
                                })
                                .map(Some)
                                .collect()
                        };
                        for t in thirds {
                            let cells: Vec<Cell> =
                                [Some(a), Some(b), t].into_iter().flatten().collect();
                            let common = cells
                                .iter()
                                .fold(CellSet::ALL, |acc, c| acc & excluders[c.index()]);
                            if common.len() < 2 {
                                continue;
                            }
                            // (a step lists its eliminations sorted)
                            let mut expected = plain(&board, &cells, common);
                            expected.sort();
                            let got = exclusion_step(&board, &cells, common)
                                .map(|s| s.eliminations)
                                .unwrap_or_default();
                            assert_eq!(got, expected, "{} {cells:?}", board.grid().to_line());
                            compared += 1;
                            if !expected.is_empty() {
                                removing[degree - 2] += 1;
                                first.get_or_insert(expected);
                            }
                        }
                    }
                }
                let hint = aligned_exclusion(&board, degree).map(|h| h.step.eliminations);
                assert_eq!(hint, first, "{}", board.grid().to_line());
            }
        }
        assert!(compared > 10_000, "{compared} compared");
        assert!(removing[0] > 0 && removing[1] > 0, "{removing:?} removing");
    }
}
