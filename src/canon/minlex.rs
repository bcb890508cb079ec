//! The minlex form: the smallest 81-character string over the whole group.
//!
//! The string is built one row at a time, and every transformation that
//! could still give the smallest string is kept, grouped into
//! *candidates*. A candidate fixes the orientation, the source rows of the
//! target rows placed so far, the labels of the digits seen, and as much of
//! the column order as those rows decide. The rest of the column order is
//! kept open, because it cannot matter yet: columns that are empty in every
//! row placed so far are interchangeable. So a candidate holds
//!
//! - a *free group* of stacks, empty in every row so far: they take the
//!   first stack positions, in any order, each with its columns in any
//!   order;
//! - then, for each other stack position, its source stack, and within it
//!   a *free prefix* of columns still empty in every row (in any order),
//!   followed by columns whose order is fixed.
//!
//! For each candidate and each source row that may come next (any row of an
//! unused band at the start of a band, else an unused row of the current
//! band), the smallest row it can give is found greedily: empty columns
//! first in each free set, then the digits already labelled in increasing
//! order, then the new digits, which take the next labels in order of
//! appearance; stacks of the free group that are empty in this row stay
//! free, the others are ordered by what they show. Only the candidates whose
//! row equals the smallest of all go on to the next row. Where two
//! arrangements give the same row (two new digits in one free set, two
//! stacks of the free group showing the same), both are kept: they give the
//! same row but may differ later.
//!
//! At the end, each surviving candidate stands for `free stacks! × 6^free
//! stacks × Π free prefix sizes!` transformations (times the relabellings
//! of digits the puzzle does not use), all giving the form: their sum is
//! the number of automorphisms, the size of the puzzle's stabiliser.

use super::transform::Transform;
use super::Canonical;
use crate::grid::Grid;
use std::cmp::Ordering;

/// A set of transformations that agree on the rows placed so far.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    transpose: bool,
    /// The source row of each target row placed so far.
    rows: [u8; 9],
    rows_used: u16,
    bands_used: u8,
    /// Source stacks empty in every row so far (bit per stack): they hold
    /// the first stack positions.
    free_stacks: u8,
    /// The source stack at each stack position after the free group.
    stack_at: [u8; 3],
    /// The source column of each target column whose order is fixed.
    cols: [u8; 9],
    /// Per stack position after the free group, the source columns (bit
    /// per column) still empty in every row: its first offsets.
    free_cols: [u16; 3],
    /// The label given to each digit seen so far (0: not seen).
    label: [u8; 10],
    next: u8,
}

impl Candidate {
    fn start(transpose: bool) -> Candidate {
        Candidate {
            transpose,
            rows: [0; 9],
            rows_used: 0,
            bands_used: 0,
            free_stacks: 0b111,
            stack_at: [0; 3],
            cols: [0; 9],
            free_cols: [0; 3],
            label: [0; 10],
            next: 1,
        }
    }

    /// The source rows that may become target row `i`.
    fn next_rows(&self, i: usize) -> u16 {
        if i.is_multiple_of(3) {
            let mut rows = 0u16;
            for band in 0..3 {
                if self.bands_used & (1 << band) == 0 {
                    rows |= 0b111 << (3 * band);
                }
            }
            rows
        } else {
            let band = self.rows[i - 1] / 3;
            (0b111 << (3 * band)) & !self.rows_used
        }
    }
}

/// The orders of `m` items (indices into them), for m up to 3.
fn orders(m: usize) -> &'static [[u8; 3]] {
    const ALL: [[u8; 3]; 6] = [
        [0, 1, 2],
        [1, 0, 2],
        [0, 2, 1],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    match m {
        0 | 1 => &ALL[..1],
        2 => &ALL[..2],
        _ => &ALL,
    }
}

/// One source row seen through a candidate.
struct RowView<'a> {
    c: &'a Candidate,
    v: [u8; 9],
    /// The stacks of the free group that show a digit in this row, sorted
    /// by what they show (`keys`), and how many of them.
    shown: [u8; 3],
    keys: [[u8; 3]; 3],
    n_shown: usize,
    /// The free group's stacks empty in this row.
    empty_stacks: u8,
}

/// Placeholder key of a digit not yet labelled: above every label.
const NEW: u8 = 10;

impl<'a> RowView<'a> {
    fn new(c: &'a Candidate, src: &[u8; 81], r: usize) -> RowView<'a> {
        let mut v = [0u8; 9];
        v.copy_from_slice(&src[r * 9..r * 9 + 9]);
        let mut view = RowView {
            c,
            v,
            shown: [0; 3],
            keys: [[0; 3]; 3],
            n_shown: 0,
            empty_stacks: 0,
        };
        for s in 0..3u8 {
            if c.free_stacks & (1 << s) == 0 {
                continue;
            }
            let at = usize::from(s) * 3;
            let part = [v[at], v[at + 1], v[at + 2]];
            if part == [0, 0, 0] {
                view.empty_stacks |= 1 << s;
                continue;
            }
            let mut key = part.map(|d| match d {
                0 => 0,
                d if c.label[usize::from(d)] != 0 => c.label[usize::from(d)],
                _ => NEW,
            });
            key.sort_unstable();
            // insertion in key order (stable: source order among equals)
            let mut at = view.n_shown;
            while at > 0 && view.keys[at - 1] > key {
                view.keys[at] = view.keys[at - 1];
                view.shown[at] = view.shown[at - 1];
                at -= 1;
            }
            view.keys[at] = key;
            view.shown[at] = s;
            view.n_shown += 1;
        }
        view
    }

    /// Every order of the shown stacks that keeps their keys sorted, as
    /// indices into `shown`; `f` is called with each.
    fn stack_orders(&self, mut f: impl FnMut(&[u8; 3])) {
        for order in orders(self.n_shown) {
            let sorted = (1..self.n_shown)
                .all(|k| self.keys[usize::from(order[k - 1])] <= self.keys[usize::from(order[k])]);
            if sorted {
                f(order);
            }
        }
    }

    /// The free set and the source stack at each stack position, for the
    /// stack order `order`: (free columns, stack).
    fn layout(&self, order: &[u8; 3]) -> [(u16, u8); 3] {
        let c = self.c;
        let n_free = c.free_stacks.count_ones() as usize;
        let n_empty = self.empty_stacks.count_ones() as usize;
        let mut out = [(0u16, 0u8); 3];
        for (k, &o) in order.iter().take(self.n_shown).enumerate() {
            let s = self.shown[usize::from(o)];
            out[n_empty + k] = (0b111 << (3 * s), s);
        }
        for (p, slot) in out.iter_mut().enumerate().skip(n_free) {
            *slot = (c.free_cols[p], c.stack_at[p]);
        }
        out
    }

    /// How many new digits each stack position shows in its free set.
    fn new_counts(&self, layout: &[(u16, u8); 3]) -> [usize; 3] {
        let n_empty = self.empty_stacks.count_ones() as usize;
        let mut counts = [0; 3];
        for p in n_empty..3 {
            counts[p] = (0..9)
                .filter(|&col| layout[p].0 & (1 << col) != 0)
                .filter(|&col| self.v[col] != 0 && self.c.label[usize::from(self.v[col])] == 0)
                .count();
        }
        counts
    }

    /// The row and the candidate it leads to, for one arrangement: the
    /// stack `layout` and, per stack position, the order of its new digits.
    fn place(
        &self,
        i: usize,
        r: usize,
        layout: &[(u16, u8); 3],
        news: [&[u8; 3]; 3],
        bound: &[u8; 9],
    ) -> Option<([u8; 9], Candidate, bool)> {
        let c = self.c;
        let mut child = *c;
        child.rows[i] = r as u8;
        child.rows_used |= 1 << r;
        child.bands_used |= 1 << (r / 3);
        child.free_stacks = self.empty_stacks;
        let mut row = [0u8; 9];
        let n_free = c.free_stacks.count_ones() as usize;
        let n_empty = self.empty_stacks.count_ones() as usize;
        // whether the row so far equals the bound's beginning (the free
        // group's empty stacks show nothing: never above it)
        let mut level = bound[..3 * n_empty].iter().all(|&b| b == 0);
        // whether two new digits share a free set (then their order is open)
        let mut open = false;
        for p in n_empty..3 {
            let (free, stack) = layout[p];
            child.stack_at[p] = stack;
            let mut zeros = 0u16;
            let mut olds: [(u8, u8); 3] = [(0, 0); 3]; // (label, column)
            let mut n_olds = 0;
            let mut new_cols = [0u8; 3];
            let mut n_new = 0;
            let mut members = free;
            while members != 0 {
                let col = members.trailing_zeros() as u8;
                members &= members - 1;
                let d = self.v[usize::from(col)];
                if d == 0 {
                    zeros |= 1 << col;
                } else if c.label[usize::from(d)] != 0 {
                    olds[n_olds] = (c.label[usize::from(d)], col);
                    n_olds += 1;
                } else {
                    new_cols[n_new] = col;
                    n_new += 1;
                    open |= n_new > 1;
                }
            }
            // (at most three: a sorting network)
            if n_olds > 1 {
                if olds[0] > olds[1] {
                    olds.swap(0, 1);
                }
                if n_olds > 2 {
                    if olds[1] > olds[2] {
                        olds.swap(1, 2);
                    }
                    if olds[0] > olds[1] {
                        olds.swap(0, 1);
                    }
                }
            }
            child.free_cols[p] = zeros;
            let mut k = zeros.count_ones() as usize;
            for &(l, col) in &olds[..n_olds] {
                child.cols[3 * p + k] = col;
                row[3 * p + k] = l;
                k += 1;
            }
            for &j in news[p].iter().take(n_new) {
                let col = new_cols[usize::from(j)];
                let d = usize::from(self.v[usize::from(col)]);
                child.label[d] = child.next;
                child.next += 1;
                child.cols[3 * p + k] = col;
                row[3 * p + k] = child.label[d];
                k += 1;
            }
            // the columns fixed before (none in a stack leaving the free group)
            if p >= n_free {
                for k in k..3 {
                    let d = usize::from(self.v[usize::from(c.cols[3 * p + k])]);
                    if d != 0 && child.label[d] == 0 {
                        child.label[d] = child.next;
                        child.next += 1;
                    }
                    row[3 * p + k] = child.label[d];
                }
            }
            if level {
                let at = 3 * p;
                let mine = (row[at], row[at + 1], row[at + 2]);
                match mine.cmp(&(bound[at], bound[at + 1], bound[at + 2])) {
                    Ordering::Greater => return None,
                    Ordering::Less => level = false,
                    Ordering::Equal => {}
                }
            }
        }
        Some((row, child, open))
    }

    /// The smallest row this source row can give (the first arrangement),
    /// unless it is above `bound`.
    /// With it, its candidate when it is the only arrangement giving that
    /// row (else `None`: [`RowView::children`] finds them all).
    fn smallest(
        &self,
        i: usize,
        r: usize,
        bound: &[u8; 9],
    ) -> Option<([u8; 9], Option<Candidate>)> {
        let order = &orders(self.n_shown)[0];
        let layout = self.layout(order);
        let first = &orders(0)[0];
        let (row, child, open) = self.place(i, r, &layout, [first, first, first], bound)?;
        let tied_stacks = (1..self.n_shown).any(|k| self.keys[k - 1] == self.keys[k]);
        Some((row, (!open && !tied_stacks).then_some(child)))
    }

    /// Every candidate that gives the smallest row.
    fn children(&self, i: usize, r: usize, out: &mut Vec<Candidate>) {
        self.stack_orders(|order| {
            let layout = self.layout(order);
            let m = self.new_counts(&layout);
            for a in orders(m[0]) {
                for b in orders(m[1]) {
                    for e in orders(m[2]) {
                        let all = [u8::MAX; 9];
                        if let Some((_, child, _)) = self.place(i, r, &layout, [a, b, e], &all) {
                            out.push(child);
                        }
                    }
                }
            }
        });
    }
}

/// A row as one number that compares as the row does (4 bits a cell).
fn packed(row: &[u8; 9]) -> u64 {
    row.iter().fold(0, |acc, &x| acc << 4 | u64::from(x & 15))
}

fn factorial(n: u32) -> u64 {
    (1..=u64::from(n)).product()
}

/// The minlex form of `grid` (see [`super`]).
pub fn minlex(grid: &Grid) -> Canonical {
    let values = grid.values();
    // a full solution grid has a faster search of its own
    if grid.filled() == 81 && super::grids::is_solution(values) {
        return super::grids::minlex_solution(values);
    }
    search(values)
}

/// The general search (see [`super`]), for any grid.
pub(super) fn search(values: &[u8; 81]) -> Canonical {
    let mut transposed = [0u8; 81];
    for (i, t) in transposed.iter_mut().enumerate() {
        *t = values[(i % 9) * 9 + i / 9];
    }
    let sources = [*values, transposed];
    let mut cands = vec![Candidate::start(false), Candidate::start(true)];
    let mut next: Vec<Candidate> = Vec::new();
    let mut form = [0u8; 81];
    for i in 0..9 {
        let mut best = [u8::MAX; 9];
        next.clear();
        for c in &cands {
            let src = &sources[usize::from(c.transpose)];
            let mut rows = c.next_rows(i);
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                let view = RowView::new(c, src, r);
                let Some((row, only)) = view.smallest(i, r, &best) else {
                    continue;
                };
                match packed(&row).cmp(&packed(&best)) {
                    Ordering::Greater => continue,
                    Ordering::Less => {
                        best = row;
                        next.clear();
                    }
                    Ordering::Equal => {}
                }
                match only {
                    Some(child) => next.push(child),
                    None => view.children(i, r, &mut next),
                }
            }
        }
        form[i * 9..i * 9 + 9].copy_from_slice(&best);
        std::mem::swap(&mut cands, &mut next);
    }
    let unused = 10 - u32::from(cands[0].next);
    let automorphisms = cands
        .iter()
        .map(|c| {
            let n = c.free_stacks.count_ones();
            let n_fixed = 3 - n as usize;
            let mut count = factorial(n) * 6u64.pow(n);
            for p in 3 - n_fixed..3 {
                count *= factorial(c.free_cols[p].count_ones());
            }
            count
        })
        .sum::<u64>()
        * factorial(unused);
    Canonical {
        form: Grid::from_values(form),
        transform: transform_of(&cands[0]),
        automorphisms,
    }
}

/// One transformation of a finished candidate: free stacks and free
/// columns in source order, unseen digits labelled in increasing order.
fn transform_of(c: &Candidate) -> Transform {
    let mut cols = [0u8; 9];
    let n = c.free_stacks.count_ones() as usize;
    let mut p = 0;
    for s in 0..3u8 {
        if c.free_stacks & (1 << s) != 0 {
            for k in 0..3 {
                cols[p * 3 + k] = s * 3 + k as u8;
            }
            p += 1;
        }
    }
    for p in n..3 {
        let mut k = 0;
        for col in 0..9u8 {
            if c.free_cols[p] & (1 << col) != 0 {
                cols[3 * p + k] = col;
                k += 1;
            }
        }
        cols[3 * p + k..3 * p + 3].copy_from_slice(&c.cols[3 * p + k..3 * p + 3]);
    }
    let mut digits = [0u8; 9];
    let mut next = c.next;
    for d in 1..10 {
        digits[d - 1] = if c.label[d] != 0 {
            c.label[d]
        } else {
            next += 1;
            next - 1
        };
    }
    Transform::new(c.transpose, c.rows, cols, digits).unwrap_or_default()
}
