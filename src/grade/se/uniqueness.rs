//! Sudoku Explainer's uniqueness rules as its rating solve applies them.
//!
//! - **Unique Rectangles and Loops** (one rule, 4.5 and up): SE looks at
//!   every rectangle and every longer loop of cells holding both digits of
//!   a pair (each row, column and block the loop touches holding two of its
//!   cells, alternately a and b), finds every hint of types 1-4 they give,
//!   and offers the lowest-rated first. A loop of 6 cells rates 0.1 more
//!   than a rectangle, each 2 cells more another 0.1.
//! - **Bivalue Universal Grave** (5.6 and up): remove the extra candidates
//!   of the cells with more than two so that every cell holds two and every
//!   digit two places in each house; a unique puzzle cannot end there, so
//!   one of the removed candidates is true. Type 1 (5.6): one such cell and
//!   candidate, which is placed; type 2 (5.7): several cells whose one extra
//!   candidate is the same digit, which goes from every cell seeing them
//!   all; type 4 (5.7): two such cells in one house, each with one extra
//!   candidate, where another digit of theirs is locked into the two: their
//!   third candidates go.
//!
//! The rectangles come from sensei's own finders
//! ([`crate::strategies::uniqueness`]); what sensei has no technique for
//! (loops, BUG types 2 and 4) is found here, reported with the evidence of
//! the nearest technique.

use super::se_step;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::step::{Evidence, Step};
use crate::strategies::Context;
use crate::technique::Technique;
use std::ops::ControlFlow;

/// The rectangle techniques SE's unique loop rule covers.
pub const RECTANGLES: [Technique; 4] = [
    Technique::Uniqueness1,
    Technique::Uniqueness2,
    Technique::Uniqueness3,
    Technique::Uniqueness4,
];

/// The longest loop looked for (SE's ratings stop at 5.0).
const MAX_LOOP: usize = 14;

/// The lowest-rated of the hints found so far (the first among equals).
#[derive(Default)]
struct Best(Option<(Step, f32)>);

impl Best {
    fn offer(&mut self, step: Step, rating: f32) {
        let rating = (rating * 10.0).round() / 10.0;
        if self.0.as_ref().is_none_or(|(_, r)| rating < *r - 1e-4) {
            self.0 = Some((step, rating));
        }
    }
}

/// SE's unique rectangles and loops: the lowest-rated hint of all of them.
pub fn unique_loops(board: &Board, ctx: &Context) -> Option<(Step, f32)> {
    if !ctx.unique {
        return None;
    }
    let mut best = Best::default();
    for t in RECTANGLES {
        let _ = crate::strategies::find(t, board, ctx, &mut |step: Step| {
            let r = se_step(&step);
            best.offer(step, r);
            ControlFlow::Continue(())
        });
    }
    loops(board, &mut best);
    best.0
}

/// A loop's rating over a rectangle's: 0.1 for 6 cells, 0.1 more each 2.
fn loop_bonus(len: usize) -> f32 {
    0.1 * (len.saturating_sub(4) / 2) as f32
}

struct LoopSearch<'a> {
    board: &'a Board,
    pair: DigitSet,
    /// cells holding both digits
    cells: CellSet,
    start: Cell,
    path: Vec<Cell>,
    /// per house: the loop cells in it
    count: [u8; 27],
    /// per house: the position in the path of its first loop cell
    first: [u8; 27],
    found: Vec<CellSet>,
}

impl LoopSearch<'_> {
    fn can_add(&self, cell: Cell) -> bool {
        let i = self.path.len();
        cell.houses().iter().all(|h| {
            let k = h.index();
            match self.count[k] {
                0 => true,
                1 => (i - self.first[k] as usize) % 2 == 1,
                _ => false,
            }
        })
    }
    fn push(&mut self, cell: Cell) {
        let i = self.path.len() as u8;
        for h in cell.houses() {
            let k = h.index();
            if self.count[k] == 0 {
                self.first[k] = i;
            }
            self.count[k] += 1;
        }
        self.path.push(cell);
    }
    fn pop(&mut self) {
        if let Some(cell) = self.path.pop() {
            for h in cell.houses() {
                self.count[h.index()] -= 1;
            }
        }
    }
    /// Whether the extra cells of the path can still give a hint: one or
    /// two of them, or any number holding one same third digit.
    fn extras_ok(&self) -> bool {
        let mut n = 0;
        let mut third = DigitSet::EMPTY;
        let mut all_three = true;
        for &c in &self.path {
            let cands = self.board.candidates(c);
            if cands == self.pair {
                continue;
            }
            n += 1;
            let extra = cands - self.pair;
            all_three &= extra.len() == 1;
            third |= extra;
        }
        n <= 2 || (all_three && third.len() == 1)
    }
    fn walk(&mut self) {
        let Some(&cur) = self.path.last() else {
            return;
        };
        let len = self.path.len();
        if len >= 6 && len.is_multiple_of(2) && cur.sees(self.start) && self.closed() {
            let set: CellSet = self.path.iter().copied().collect();
            if !self.found.contains(&set) {
                self.found.push(set);
            }
        }
        if len >= MAX_LOOP {
            return;
        }
        let next = self.cells & cur.peers();
        for c in next.iter() {
            // the loop is found from its lowest bivalue cell
            if self.path.contains(&c)
                || (c < self.start && self.board.candidates(c) == self.pair)
                || !self.can_add(c)
            {
                continue;
            }
            self.push(c);
            if self.extras_ok() {
                self.walk();
            }
            self.pop();
        }
    }
    /// Every house the path touches holds two of its cells.
    fn closed(&self) -> bool {
        self.path
            .iter()
            .all(|c| c.houses().iter().all(|h| self.count[h.index()] == 2))
    }
}

/// The cells of `cells` that may lie in a unique loop: every house of a
/// loop cell holds two loop cells, so each has another in its row, its
/// column and its block. The cells without are dropped, until none is.
fn loop_cells(mut cells: CellSet) -> CellSet {
    loop {
        let kept: CellSet = cells
            .iter()
            .filter(|&c| {
                let others = cells - CellSet::single(c);
                c.houses().iter().all(|h| others.intersects(h.cells()))
            })
            .collect();
        if kept == cells {
            return kept;
        }
        cells = kept;
    }
}

/// Unique loops of 6 cells or more and their hints.
fn loops(board: &Board, best: &mut Best) {
    let digits: Vec<Digit> = Digit::all().collect();
    for (i, &a) in digits.iter().enumerate() {
        for &b in &digits[i + 1..] {
            let pair = DigitSet::single(a) | DigitSet::single(b);
            let cells = loop_cells(board.positions(a) & board.positions(b));
            if cells.len() < 6 {
                continue;
            }
            let mut search = LoopSearch {
                board,
                pair,
                cells,
                start: Cell::at(0, 0),
                path: Vec::new(),
                count: [0; 27],
                first: [0; 27],
                found: Vec::new(),
            };
            for start in cells.iter().filter(|&c| board.candidates(c) == pair) {
                search.start = start;
                search.push(start);
                search.walk();
                search.pop();
            }
            for set in std::mem::take(&mut search.found) {
                loop_hints(board, a, b, set, best);
            }
        }
    }
}

fn evidence(
    a: Digit,
    b: Digit,
    set: CellSet,
    extra_cells: CellSet,
    extra_digits: DigitSet,
    houses: Vec<House>,
) -> Evidence {
    Evidence::Uniqueness {
        digits: DigitSet::single(a) | DigitSet::single(b),
        rectangle: set.iter().collect(),
        extra_cells,
        extra_digits,
        houses,
    }
}

fn elims_of(board: &Board, cells: CellSet, digits: DigitSet) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = cells
        .iter()
        .flat_map(|c| {
            (board.candidates(c) & digits)
                .iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect();
    out.sort();
    out
}

/// The hints of types 1-4 of one loop.
fn loop_hints(board: &Board, a: Digit, b: Digit, set: CellSet, best: &mut Best) {
    let pair = DigitSet::single(a) | DigitSet::single(b);
    let bonus = loop_bonus(set.len() as usize);
    let extra: CellSet = set
        .iter()
        .filter(|&c| board.candidates(c) != pair)
        .collect();
    let extra_digits = extra
        .iter()
        .fold(DigitSet::EMPTY, |acc, c| acc | board.candidates(c))
        - pair;
    // type 1: one cell with more
    if let Some(cell) = extra.single_cell() {
        let elims = elims_of(board, CellSet::single(cell), pair);
        let ev = evidence(a, b, set, extra, DigitSet::EMPTY, vec![]);
        best.offer(
            Step::elimination(Technique::Uniqueness1, elims, ev),
            4.5 + bonus,
        );
        return;
    }
    // type 2: one same third digit in every cell with more
    if let Some(x) = extra_digits.single_digit() {
        if extra
            .iter()
            .all(|c| (board.candidates(c) - pair).len() == 1)
        {
            let targets = extra.common_peers() & board.positions(x);
            if !targets.is_empty() {
                let elims = elims_of(board, targets, DigitSet::single(x));
                let ev = evidence(a, b, set, extra, DigitSet::single(x), vec![]);
                best.offer(
                    Step::elimination(Technique::Uniqueness2, elims, ev),
                    4.5 + bonus,
                );
            }
        }
    }
    let cells: Vec<Cell> = extra.iter().collect();
    let [p, q] = cells[..] else {
        return;
    };
    for house in p.houses() {
        if !house.cells().contains(q) {
            continue;
        }
        // type 4: a (or b) has no other place in the house
        for (locked, other) in [(a, b), (b, a)] {
            if (board.positions_in(locked, house) - extra).is_empty() {
                let elims = elims_of(board, extra, DigitSet::single(other));
                if !elims.is_empty() {
                    let ev = evidence(a, b, set, extra, DigitSet::single(locked), vec![house]);
                    best.offer(
                        Step::elimination(Technique::Uniqueness4, elims, ev),
                        4.5 + bonus,
                    );
                }
            }
        }
        // type 3: the two act as one cell holding their extra digits,
        // which forms a naked set with other cells of the house
        let pool: Vec<Cell> = house
            .cells()
            .iter()
            .filter(|&c| {
                board.value(c).is_none()
                    && !set.contains(c)
                    && (board.candidates(c) & pair).is_empty()
            })
            .collect();
        for k in 1..=pool.len().min(4) {
            let _ = crate::bitset::each_combination(pool.len(), k, |mask| {
                let chosen: CellSet = pool
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, &c)| c)
                    .collect();
                let digits = chosen
                    .iter()
                    .fold(extra_digits, |acc, c| acc | board.candidates(c));
                if digits.len() as usize == chosen.len() as usize + 1 {
                    let subset = chosen | extra;
                    let targets = house.cells() - subset - set;
                    let elims = elims_of(board, targets, digits);
                    if !elims.is_empty() {
                        let size = subset.len().saturating_sub(1).min(3) as f32;
                        let ev = evidence(a, b, set, subset, digits, vec![house]);
                        best.offer(
                            Step::elimination(Technique::Uniqueness3, elims, ev),
                            4.5 + bonus + 0.1 * size,
                        );
                    }
                }
                ControlFlow::Continue(())
            });
        }
    }
}

/// SE's Bivalue Universal Grave, types 1, 2 and 4: the lowest-rated hint.
pub fn bug(board: &Board, ctx: &Context) -> Option<(Step, f32)> {
    if !ctx.unique {
        return None;
    }
    let mut best = Best::default();
    let _ = crate::strategies::find(Technique::BugPlus1, board, ctx, &mut |step: Step| {
        best.offer(step, 5.6);
        ControlFlow::Break(())
    });
    if best.0.is_some() {
        return best.0;
    }
    let (cells, values) = bug_values(board)?;
    let all: Vec<Cell> = cells.iter().collect();
    // type 2: the same one extra digit everywhere
    let union = values.iter().fold(DigitSet::EMPTY, |acc, v| acc | *v);
    if let Some(x) = union.single_digit() {
        if values.iter().all(|v| v.len() == 1) {
            let targets = cells.common_peers() & board.positions(x);
            if !targets.is_empty() {
                let elims = elims_of(board, targets, DigitSet::single(x));
                let ev = Evidence::Uniqueness {
                    digits: DigitSet::single(x),
                    rectangle: vec![],
                    extra_cells: cells,
                    extra_digits: DigitSet::single(x),
                    houses: vec![],
                };
                best.offer(Step::elimination(Technique::BugPlus1, elims, ev), 5.7);
            }
        }
    }
    // type 4: two cells in one house, one extra digit each, and a digit of
    // their other candidates locked into them
    if let ([p, q], [vp, vq]) = (&all[..], &values[..]) {
        if vp.len() == 1 && vq.len() == 1 {
            let rest_p = board.candidates(*p) - *vp;
            let rest_q = board.candidates(*q) - *vq;
            for house in p.houses() {
                if !house.cells().contains(*q) {
                    continue;
                }
                for d in (rest_p & rest_q).iter() {
                    if !(board.positions_in(d, house) - cells).is_empty() {
                        continue;
                    }
                    let mut elims: Vec<Candidate> = (rest_p - DigitSet::single(d))
                        .iter()
                        .map(|x| Candidate::new(*p, x))
                        .chain(
                            (rest_q - DigitSet::single(d))
                                .iter()
                                .map(|x| Candidate::new(*q, x)),
                        )
                        .collect();
                    elims.sort();
                    if elims.is_empty() {
                        continue;
                    }
                    let ev = Evidence::Uniqueness {
                        digits: DigitSet::single(d),
                        rectangle: vec![],
                        extra_cells: cells,
                        extra_digits: *vp | *vq,
                        houses: vec![house],
                    };
                    best.offer(Step::elimination(Technique::BugPlus1, elims, ev), 5.7);
                }
            }
        }
    }
    best.0
}

/// The cells with more than two candidates and, for each, the candidates
/// whose removal leaves a BUG: every empty cell two candidates, every digit
/// two places (or none) in each house. `None` if there is no such choice,
/// or more than one.
fn bug_values(board: &Board) -> Option<(CellSet, Vec<DigitSet>)> {
    let cells: CellSet = board
        .empty_cells()
        .iter()
        .filter(|&c| board.candidates(c).len() > 2)
        .collect();
    let list: Vec<Cell> = cells.iter().collect();
    if list.is_empty() || list.len() > 6 {
        return None;
    }
    // the count of each digit in each house over the two-candidate cells
    let mut count = [[0u8; 9]; 27];
    for c in board.empty_cells().iter() {
        if cells.contains(c) {
            continue;
        }
        for d in board.candidates(c).iter() {
            for h in c.houses() {
                count[h.index()][d.index()] += 1;
            }
        }
    }
    let mut kept: Vec<DigitSet> = Vec::with_capacity(list.len());
    let mut answer: Option<Vec<DigitSet>> = None;
    let mut several = false;
    choose(
        board,
        &list,
        &mut count,
        &mut kept,
        &mut answer,
        &mut several,
    );
    if several {
        return None;
    }
    let kept = answer?;
    let values = list
        .iter()
        .zip(&kept)
        .map(|(&c, &k)| board.candidates(c) - k)
        .collect();
    Some((cells, values))
}

/// Try each pair of candidates to keep in each cell of `list`, in turn.
fn choose(
    board: &Board,
    list: &[Cell],
    count: &mut [[u8; 9]; 27],
    kept: &mut Vec<DigitSet>,
    answer: &mut Option<Vec<DigitSet>>,
    several: &mut bool,
) {
    if *several {
        return;
    }
    let Some(&cell) = list.get(kept.len()) else {
        let ok = House::all().all(|h| {
            Digit::all().all(|d| match count[h.index()][d.index()] {
                2 => true,
                0 => board.house_has_value(h, d),
                _ => false,
            })
        });
        if ok {
            if answer.is_some() {
                *several = true;
            } else {
                *answer = Some(kept.clone());
            }
        }
        return;
    };
    let digits: Vec<Digit> = board.candidates(cell).iter().collect();
    for (i, &x) in digits.iter().enumerate() {
        for &y in &digits[i + 1..] {
            // no house may hold a digit more than twice
            if cell
                .houses()
                .iter()
                .any(|h| count[h.index()][x.index()] >= 2 || count[h.index()][y.index()] >= 2)
            {
                continue;
            }
            for h in cell.houses() {
                count[h.index()][x.index()] += 1;
                count[h.index()][y.index()] += 1;
            }
            kept.push(DigitSet::single(x) | DigitSet::single(y));
            choose(board, list, count, kept, answer, several);
            kept.pop();
            for h in cell.houses() {
                count[h.index()][x.index()] -= 1;
                count[h.index()][y.index()] -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[(u8, u8)]) -> CellSet {
        list.iter().map(|&(r, c)| Cell::at(r - 1, c - 1)).collect()
    }

    /// A loop's cells all stay; a cell with no other in one of its houses
    /// goes, and so do those left without one once it has gone.
    #[test]
    fn loop_cells_keep_a_loop_and_drop_what_cannot_join_one() {
        let six = cells(&[(1, 1), (1, 4), (2, 4), (2, 7), (3, 7), (3, 1)]);
        assert_eq!(loop_cells(six), six);
        // r1c9: nothing else in column 9 or block 3; r5c1 nothing else in
        // block 4, and then r5c5 nothing else in row 5
        let strays = cells(&[(1, 9), (5, 1), (5, 5)]);
        assert_eq!(loop_cells(six | strays), six);
        assert_eq!(loop_cells(strays), CellSet::EMPTY);
    }
}
