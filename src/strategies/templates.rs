//! Templates. A template of a digit is one way to place its nine copies, one
//! in every row, column and block; there are 46,656 of them. In a position,
//! a template of a digit is *possible* if it holds every cell where the digit
//! is placed and otherwise only cells where the digit is still a candidate.
//! The digit's solution is one of its possible templates, so:
//!
//! - **Template Set**: a cell that lies in every possible template of the
//!   digit takes the digit;
//! - **Template Delete**: a candidate of the digit that lies in no possible
//!   template is removed.
//!
//! A template of one digit is also impossible when it meets every possible
//! template of another digit: the two digits could not share the grid. That
//! check is repeated until no template is dropped any more.

use super::Sink;
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit};
use crate::step::{Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// Whether this module finds `t`.
pub fn handles(t: Technique) -> bool {
    matches!(t, Technique::TemplateSet | Technique::TemplateDel)
}

/// Every template, as cell bitmasks (bit `i` for cell `i`), built once.
fn all_templates() -> &'static [u128] {
    static TEMPLATES: OnceLock<Vec<u128>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut out = Vec::with_capacity(46_656);
        extend(0, 0, 0, &mut out);
        out
    })
}

/// Fill rows `row..9` of a template whose upper rows occupy `cells`, with
/// `cols_used` (bit per column) already taken.
fn extend(row: usize, cols_used: u16, cells: u128, out: &mut Vec<u128>) {
    if row == 9 {
        out.push(cells);
        return;
    }
    // the columns of the block band already used by the rows above in this band
    let band_start = row - row % 3;
    for col in 0..9 {
        if cols_used & (1 << col) != 0 {
            continue;
        }
        let stack_taken = (band_start..row).any(|r| {
            let rc = (0..9).find(|&c| cells & (1u128 << (r * 9 + c)) != 0);
            rc.is_some_and(|c| c / 3 == col / 3)
        });
        if stack_taken {
            continue;
        }
        extend(
            row + 1,
            cols_used | (1 << col),
            cells | (1u128 << (row * 9 + col)),
            out,
        );
    }
}

/// The possible templates of one digit: one bit per template of
/// [`all_templates`] (a small bitmap instead of a copy of the templates).
#[derive(Clone)]
struct Possible(Vec<u64>);

impl Possible {
    /// The templates that pass `keep`.
    fn filter(keep: impl Fn(u128) -> bool) -> Possible {
        let all = all_templates();
        let mut words = vec![0u64; all.len().div_ceil(64)];
        for (i, &t) in all.iter().enumerate() {
            if keep(t) {
                if let Some(w) = words.get_mut(i / 64) {
                    *w |= 1 << (i % 64);
                }
            }
        }
        Possible(words)
    }

    /// The templates, as cell bitmasks.
    fn iter(&self) -> impl Iterator<Item = u128> + '_ {
        let all = all_templates();
        self.0.iter().enumerate().flat_map(move |(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                all.get(w * 64 + b).copied()
            })
        })
    }

    /// Drop the templates that meet `cells`; whether any was dropped.
    fn drop_meeting(&mut self, cells: u128) -> bool {
        let all = all_templates();
        let mut dropped = false;
        for (w, word) in self.0.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if all.get(w * 64 + b).is_some_and(|&t| t & cells != 0) {
                    *word &= !(1 << b);
                    dropped = true;
                }
            }
        }
        dropped
    }

    /// How many templates, the cells common to all of them (0 if there is
    /// none), and the cells in any of them.
    fn summary(&self) -> (usize, u128, u128) {
        let (n, common, union) = self
            .iter()
            .fold((0, !0u128, 0u128), |(n, c, u), t| (n + 1, c & t, u | t));
        (n, if n == 0 { 0 } else { common }, union)
    }
}

/// The possible templates of every digit (index 0 for digit 1), with their
/// summaries.
fn possible_templates(board: &Board) -> [(usize, u128, u128); 9] {
    let mut placed = [0u128; 9];
    for cell in Cell::all() {
        if let Some(d) = board.value(cell) {
            placed[d.index()] |= 1u128 << cell.index();
        }
    }
    let mut lists: Vec<Possible> = Digit::all()
        .map(|d| {
            let set = placed[d.index()];
            let allowed = set | board.positions(d).bits();
            Possible::filter(|t| t & set == set && t & !allowed == 0)
        })
        .collect();
    // A template that takes a cell every possible template of another
    // digit needs leaves that digit without a place: drop it, until stable.
    loop {
        let mut summaries = [(0usize, 0u128, 0u128); 9];
        for (s, list) in summaries.iter_mut().zip(&lists) {
            *s = list.summary();
        }
        let mut dropped = false;
        for (d, list) in lists.iter_mut().enumerate() {
            let others = summaries
                .iter()
                .enumerate()
                .filter(|&(e, _)| e != d)
                .fold(0u128, |acc, (_, s)| acc | s.1);
            dropped |= list.drop_meeting(others);
        }
        if !dropped {
            return summaries;
        }
    }
}

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    if !handles(t) {
        return ControlFlow::Continue(());
    }
    let summaries = possible_templates(board);
    for (d, &(count, common, union)) in Digit::all().zip(&summaries) {
        if count == 0 {
            continue; // a broken position: leave it to other checks
        }
        let step = if t == Technique::TemplateSet {
            let cells = CellSet::from_bits(common) & board.positions(d);
            if cells.is_empty() {
                continue;
            }
            let placements = cells.iter().map(|c| Candidate::new(c, d)).collect();
            Step::new(t, placements, vec![], evidence(d, count, cells))
        } else {
            let cells = board.positions(d) - CellSet::from_bits(union);
            if cells.is_empty() {
                continue;
            }
            let elims = cells.iter().map(|c| Candidate::new(c, d)).collect();
            Step::elimination(t, elims, evidence(d, count, cells))
        };
        sink(step)?;
    }
    ControlFlow::Continue(())
}

fn evidence(digit: Digit, templates: usize, cells: CellSet) -> Evidence {
    Evidence::Template {
        digit,
        templates,
        cells,
    }
}
