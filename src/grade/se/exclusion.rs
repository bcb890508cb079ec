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
    let base_set: CellSet = base.iter().copied().collect();
    let rating = if degree == 2 { 6.2 } else { 7.5 };
    let try_cells = |cells: &[Cell]| {
        let common = cells
            .iter()
            .fold(CellSet::ALL, |acc, c| acc & excluders[c.index()]);
        if common.len() < 2 {
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
            let near = excluders[a.index()] | excluders[b.index()];
            let twin = near & (base_set - CellSet::single(a) - CellSet::single(b));
            for t in twin {
                if let Some(h) = try_cells(&[a, b, t]) {
                    return Some(h);
                }
            }
        }
    }
    None
}

/// The candidates of `cells` (two or three) in no possible combination.
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
    // a third cell, if any, takes each of its candidates; else one pass
    let (mut thirds, mut choices) = ([None; 9], 1);
    if n == 3 {
        choices = 0;
        for d in cands[2] {
            thirds[choices] = Some(d);
            choices += 1;
        }
    }
    let thirds = &thirds[..choices];
    let mut allowed = [DigitSet::EMPTY; 3];
    for x in cands[0] {
        for y in cands[1] {
            for &z in thirds {
                let values = [Some(x), Some(y), z];
                let clash = (0..n)
                    .any(|i| (i + 1..n).any(|j| values[i] == values[j] && cells[i].sees(cells[j])));
                let chosen = values
                    .iter()
                    .flatten()
                    .fold(DigitSet::EMPTY, |acc, &d| acc | DigitSet::single(d));
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
