//! Sudoku Explainer's Aligned Pair (6.2) and Aligned Triplet (7.5)
//! Exclusion: two or three cells that see each other's excluders cannot
//! take a combination of values that clashes or empties an excluder, so a
//! candidate in no possible combination goes.

use super::chains::Hint;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit};
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
    let small = |c: Cell| {
        let n = board.candidates(c).len() as usize;
        board.value(c).is_none() && (2..=degree).contains(&n)
    };
    let mut base: Vec<Cell> = Vec::new();
    let mut excluders: Vec<CellSet> = vec![CellSet::EMPTY; 81];
    for c in Cell::all() {
        if board.value(c).is_some() || board.candidates(c).len() < 2 {
            continue;
        }
        let ex: CellSet = c.peers().iter().filter(|&p| small(p)).collect();
        if !ex.is_empty() {
            base.push(c);
            excluders[c.index()] = ex;
        }
    }
    let base_set: CellSet = base.iter().copied().collect();
    for (i, &a) in base.iter().enumerate() {
        for &b in base.iter().skip(i + 1) {
            let near = excluders[a.index()] | excluders[b.index()];
            let twin = near & (base_set - CellSet::single(a) - CellSet::single(b));
            let tails: Vec<Vec<Cell>> = match degree {
                2 => vec![vec![]],
                _ => twin.iter().map(|t| vec![t]).collect(),
            };
            for tail in tails {
                let mut cells = vec![a, b];
                cells.extend(tail);
                let common = cells
                    .iter()
                    .fold(CellSet::ALL, |acc, c| acc & excluders[c.index()]);
                if common.len() < 2 {
                    continue;
                }
                if let Some(step) = exclusion_step(board, &cells, common) {
                    let rating = if degree == 2 { 6.2 } else { 7.5 };
                    return Some(Hint {
                        step,
                        rating,
                        complexity: 0,
                        sort_key: 0,
                    });
                }
            }
        }
    }
    None
}

/// The candidates of `cells` in no possible combination.
fn exclusion_step(board: &Board, cells: &[Cell], common: CellSet) -> Option<Step> {
    let lists: Vec<Vec<Digit>> = cells
        .iter()
        .map(|&c| board.candidates(c).iter().collect())
        .collect();
    let mut allowed = vec![DigitSet::EMPTY; cells.len()];
    let mut pick = vec![0usize; cells.len()];
    loop {
        let values: Vec<Digit> = pick
            .iter()
            .zip(&lists)
            .filter_map(|(&i, l)| l.get(i).copied())
            .collect();
        let clash = cells.iter().enumerate().any(|(i, &c)| {
            cells
                .iter()
                .enumerate()
                .skip(i + 1)
                .any(|(j, &d)| values.get(i) == values.get(j) && c.sees(d))
        });
        let chosen = values.iter().fold(DigitSet::EMPTY, |mut acc, &d| {
            acc.insert(d);
            acc
        });
        let emptied = common
            .iter()
            .any(|e| (board.candidates(e) - chosen).is_empty());
        if !clash && !emptied {
            for (slot, &v) in allowed.iter_mut().zip(&values) {
                slot.insert(v);
            }
        }
        // next combination
        let mut k = 0;
        while let Some(p) = pick.get_mut(k) {
            *p += 1;
            if *p < lists.get(k).map_or(0, |l| l.len()) {
                break;
            }
            *p = 0;
            k += 1;
        }
        if k == cells.len() {
            break;
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
