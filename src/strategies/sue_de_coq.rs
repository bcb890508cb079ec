//! Sue de Coq (two-sector disjoint subsets). Take two or three empty cells
//! where a line (row or column) crosses a block: the intersection. Add some
//! other cells of the line (the line set) and some other cells of the block
//! (the block set) such that the line set and the block set share no
//! candidate, and all the cells together hold exactly as many digits as
//! there are cells.
//!
//! Then every one of those digits is placed exactly once in the pattern:
//! a digit cannot go twice into the line part (intersection + line set, one
//! house), nor twice into the block part, nor once in each set (they share
//! no candidate). So a digit of the line set is placed in the line part and
//! leaves the rest of the line; a digit of the block set leaves the rest of
//! the block; a digit found only in the intersection leaves both.
//!
//! The extended forms are covered: the sets may have any number of cells
//! and may hold digits that the intersection does not.

use super::Sink;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, House};
use crate::step::{Als, Evidence, Step};
use crate::technique::Technique;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::SueDeCoq => sue_de_coq(board, Order::Size, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The order in which the cells of the intersection, of the line and of the
/// block are combined.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Smaller sets first (sensei's: the simplest pattern first).
    Size,
    /// Depth first, each set followed by its extensions ({a}, {a,b},
    /// {a,b,c}, {a,c}, {b}, ...): HoDoKu's search order.
    DepthFirst,
}

/// The first Sue de Coq in HoDoKu's search order (rows, then columns, each
/// with the blocks it crosses; the cell sets combined depth first), which
/// HoDoKu's rating solve takes.
pub fn first_in_hodoku_order(board: &Board) -> Option<Step> {
    let mut first = None;
    let _ = sue_de_coq(board, Order::DepthFirst, &mut |s: Step| {
        first = Some(s);
        ControlFlow::Break(())
    });
    first
}

/// The empty cells of `cells`.
fn empty_in(board: &Board, cells: CellSet) -> CellSet {
    cells.iter().filter(|&c| board.value(c).is_none()).collect()
}

fn candidates_of(board: &Board, cells: CellSet) -> DigitSet {
    cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, c| acc | board.candidates(c))
}

/// Every non-empty subset of `cells` with its candidates, in `order`.
fn subsets(board: &Board, cells: CellSet, order: Order) -> Vec<(CellSet, DigitSet)> {
    let list: Vec<Cell> = cells.iter().collect();
    let mut v = Vec::new();
    for mask in 1u32..(1 << list.len()) {
        let set: CellSet = list
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, &c)| c)
            .collect();
        v.push((set, candidates_of(board, set)));
    }
    match order {
        Order::Size => v.sort_by_key(|(s, _)| (s.len(), *s)),
        // the cell lists compared in lexicographic order, a list before
        // its extensions
        // (each list as 1-based cell numbers padded with zeros: the sets
        // here have at most six cells, a line's or a block's outside their
        // intersection)
        Order::DepthFirst => v.sort_by_cached_key(|(s, _)| {
            let mut key = [0u8; 9];
            for (k, c) in key.iter_mut().zip(s.iter()) {
                *k = c.index() as u8 + 1;
            }
            key
        }),
    }
    v
}

fn sue_de_coq(board: &Board, order: Order, sink: Sink<'_>) -> ControlFlow<()> {
    let mut seen: BTreeSet<Vec<Candidate>> = BTreeSet::new();
    let lines = House::rows().chain(House::cols());
    for line in lines {
        for block in House::blocks() {
            let meet = empty_in(board, line.cells() & block.cells());
            if meet.len() < 2 {
                continue;
            }
            let line_rest = empty_in(board, line.cells() - block.cells());
            let block_rest = empty_in(board, block.cells() - line.cells());
            let line_sets = subsets(board, line_rest, order);
            let block_sets = subsets(board, block_rest, order);
            for (inter, inter_digits) in subsets(board, meet, order) {
                if inter.len() < 2 || inter_digits.len() < inter.len() + 2 {
                    continue;
                }
                for &(lset, ldigits) in &line_sets {
                    // the line set must take some of the intersection's digits
                    if (ldigits & inter_digits).is_empty() {
                        continue;
                    }
                    let so_far = inter_digits | ldigits;
                    let cells_so_far = inter.len() + lset.len();
                    if so_far.len() <= cells_so_far {
                        continue; // a locked set already, no Sue de Coq
                    }
                    for &(bset, bdigits) in &block_sets {
                        if (bdigits & inter_digits).is_empty()
                            || (bdigits & ldigits) != DigitSet::EMPTY
                        {
                            continue;
                        }
                        let all = so_far | bdigits;
                        if all.len() != cells_so_far + bset.len() {
                            continue;
                        }
                        let line_others = empty_in(board, line.cells()) - inter - lset;
                        let block_others = empty_in(board, block.cells()) - inter - bset;
                        let mut elims = Vec::new();
                        for d in all {
                            let from = if ldigits.contains(d) {
                                line_others
                            } else if bdigits.contains(d) {
                                block_others
                            } else {
                                line_others | block_others
                            };
                            for c in from & board.positions(d) {
                                elims.push(Candidate::new(c, d));
                            }
                        }
                        if elims.is_empty() {
                            continue;
                        }
                        let step = Step::elimination(
                            Technique::SueDeCoq,
                            elims,
                            Evidence::SueDeCoq {
                                intersection: Als {
                                    cells: inter,
                                    digits: inter_digits,
                                },
                                line: Als {
                                    cells: lset,
                                    digits: ldigits,
                                },
                                block: Als {
                                    cells: bset,
                                    digits: bdigits,
                                },
                            },
                        );
                        if seen.insert(step.eliminations.clone()) {
                            sink(step)?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}
