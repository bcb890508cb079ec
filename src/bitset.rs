//! Typed bitsets: [`DigitSet`] (a `u16`, one bit per digit 1..=9) and
//! [`CellSet`] (a `u128`, one bit per cell 0..81).
//!
//! Both iterate in ascending order, which keeps every output deterministic.

use crate::grid::{Cell, Digit, House};
use std::fmt;
use std::ops::ControlFlow;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

/// A set of digits 1..=9; bit `d` stands for digit `d` (bit 0 is unused).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0b11_1111_1110);

    /// The set with the given raw bits (bit `d` = digit `d`); bits outside 1..=9 are dropped.
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & Self::ALL.0)
    }
    /// The raw bits (bit `d` = digit `d`).
    pub const fn bits(self) -> u16 {
        self.0
    }
    /// The set holding only `d`.
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(1 << d.get())
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.get()) != 0
    }
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << d.get();
    }
    pub fn remove(&mut self, d: Digit) {
        self.0 &= !(1 << d.get());
    }
    /// The smallest digit in the set.
    pub fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Digit::new(self.0.trailing_zeros() as u8)
        }
    }
    /// The only digit, if the set holds exactly one.
    pub fn single_digit(self) -> Option<Digit> {
        // one bit: not zero, and clearing the lowest bit leaves nothing
        // (cheaper than counting where the CPU has no popcount)
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            self.first()
        } else {
            None
        }
    }
    pub const fn is_subset(self, other: DigitSet) -> bool {
        self.0 & !other.0 == 0
    }
    pub fn iter(self) -> DigitSetIter {
        DigitSetIter(self.0)
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut s = DigitSet::EMPTY;
        for d in iter {
            s.insert(d);
        }
        s
    }
}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitSetIter;
    fn into_iter(self) -> DigitSetIter {
        self.iter()
    }
}

/// Iterates a [`DigitSet`] in ascending order.
#[derive(Clone)]
pub struct DigitSetIter(u16);

impl Iterator for DigitSetIter {
    type Item = Digit;
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Digit::new(d)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// Digits written together, e.g. `{1,5,9}` prints as `159`.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// A set of cells; bit `i` stands for cell `i` (row-major, 0..81).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(u128);

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet((1u128 << 81) - 1);

    /// The set with the given raw bits; bits at 81 and above are dropped.
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & Self::ALL.0)
    }
    pub const fn bits(self) -> u128 {
        self.0
    }
    pub const fn single(c: Cell) -> CellSet {
        CellSet(1 << c.index())
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn contains(self, c: Cell) -> bool {
        self.0 & (1 << c.index()) != 0
    }
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1 << c.index();
    }
    pub fn remove(&mut self, c: Cell) {
        self.0 &= !(1 << c.index());
    }
    pub const fn union(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }
    pub const fn intersection(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }
    /// The lowest-numbered cell.
    pub fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Cell::new(self.0.trailing_zeros() as u8)
        }
    }
    /// The only cell, if the set holds exactly one.
    pub fn single_cell(self) -> Option<Cell> {
        // one bit: not zero, and clearing the lowest bit leaves nothing
        // (cheaper than counting where the CPU has no popcount)
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            self.first()
        } else {
            None
        }
    }
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
    /// Whether every two cells of the set see each other. Such cells lie
    /// in one house: three cells that see each other do (two in a line and
    /// the third outside it would be in the box of both), and a fourth
    /// seeing three in a box from outside it would share a line with two.
    pub fn see_each_other(self) -> bool {
        self.is_empty() || self.houses_holding().next().is_some()
    }
    /// The houses that hold every cell of a non-empty set (none for the
    /// empty set): up to three for one cell, two for two cells of a box
    /// and a line, one otherwise.
    pub fn houses_holding(self) -> impl Iterator<Item = House> {
        let first = self.first().map(Cell::houses);
        first
            .into_iter()
            .flatten()
            .filter(move |house| self.is_subset(house.cells()))
    }
    /// The cells that see every cell of the set: its common peers. No cell
    /// of the set is among them (a cell is not its own peer). The rule for
    /// the empty set: no cells. An empty pattern proves nothing, so it must
    /// not make every cell a target.
    pub fn common_peers(self) -> CellSet {
        if self.is_empty() {
            return CellSet::EMPTY;
        }
        self.iter().fold(CellSet::ALL, |acc, c| acc & c.peers())
    }
    /// The set line by line: for each row (`by_rows`) or column, the 9-bit
    /// mask of the columns (or rows) where it holds a cell.
    pub fn line_masks(self, by_rows: bool) -> [u16; 9] {
        let mut masks = [0u16; 9];
        for cell in self {
            let (line, cross) = if by_rows {
                (cell.row(), cell.col())
            } else {
                (cell.col(), cell.row())
            };
            masks[line as usize] |= 1 << cross;
        }
        masks
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl Extend<Cell> for CellSet {
    fn extend<I: IntoIterator<Item = Cell>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

/// Iterates a [`CellSet`] in ascending cell order.
#[derive(Clone)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Cell::new(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// Compact community notation, e.g. `r1c46` or `r26c37` (see `grid::cells_to_string`).
impl fmt::Display for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<Cell> = self.iter().collect();
        f.write_str(&crate::grid::cells_to_string(&cells))
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CellSet[{self}]")
    }
}

macro_rules! set_ops {
    ($t:ty) => {
        impl BitOr for $t {
            type Output = $t;
            fn bitor(self, o: $t) -> $t {
                Self(self.0 | o.0)
            }
        }
        impl BitOrAssign for $t {
            fn bitor_assign(&mut self, o: $t) {
                self.0 |= o.0;
            }
        }
        impl BitAnd for $t {
            type Output = $t;
            fn bitand(self, o: $t) -> $t {
                Self(self.0 & o.0)
            }
        }
        impl BitAndAssign for $t {
            fn bitand_assign(&mut self, o: $t) {
                self.0 &= o.0;
            }
        }
        impl BitXor for $t {
            type Output = $t;
            fn bitxor(self, o: $t) -> $t {
                Self(self.0 ^ o.0)
            }
        }
        /// Set difference.
        impl Sub for $t {
            type Output = $t;
            fn sub(self, o: $t) -> $t {
                Self(self.0 & !o.0)
            }
        }
        impl SubAssign for $t {
            fn sub_assign(&mut self, o: $t) {
                self.0 &= !o.0;
            }
        }
        /// Complement within the universe (9 digits or 81 cells).
        impl Not for $t {
            type Output = $t;
            fn not(self) -> $t {
                Self(!self.0 & <$t>::ALL.0)
            }
        }
    };
}
set_ops!(DigitSet);
set_ops!(CellSet);

/// Every way to choose `k` of the indices `0..n` (`n` at most 32), in
/// lexicographic order ({0,1}, {0,2}, ..., {0,n-1}, {1,2}, ...: the order of
/// nested loops), each as a bit mask with bit `i` for index `i`. Stops when
/// `visit` breaks. Choosing none, or more than there are, gives nothing.
pub fn each_combination(
    n: usize,
    k: usize,
    mut visit: impl FnMut(u32) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == 0 || k > n || n > 32 {
        return ControlFlow::Continue(());
    }
    // the chosen indices, increasing
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        visit(idx.iter().fold(0u32, |m, &i| m | 1 << i))?;
        // the last index that can still move right
        let Some(j) = (0..k).rev().find(|&j| idx[j] < n - k + j) else {
            return ControlFlow::Continue(());
        };
        idx[j] += 1;
        for i in j + 1..k {
            idx[i] = idx[i - 1] + 1;
        }
    }
}

/// Like [`each_combination`] over `sets.len()` items, `k` at a time and in
/// the same (lexicographic) order, but only the choices whose sets have at
/// most `limit` bits together: `visit` gets the choice's mask and that
/// union. A choice whose first few sets already have more is not extended,
/// which a subset search, needing `k` sets with `k` bits together, would
/// only have rejected `k` at a time.
pub fn each_combination_within(
    sets: &[u128],
    k: usize,
    limit: u32,
    mut visit: impl FnMut(u32, u128) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn extend(
        sets: &[u128],
        from: usize,
        left: usize,
        (mask, union): (u32, u128),
        limit: u32,
        visit: &mut dyn FnMut(u32, u128) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if left == 0 {
            return visit(mask, union);
        }
        // the next set, with room left after it for the others
        for i in from..=sets.len().saturating_sub(left) {
            let Some(&set) = sets.get(i) else { break };
            let joined = union | set;
            if joined.count_ones() <= limit {
                extend(sets, i + 1, left - 1, (mask | 1 << i, joined), limit, visit)?;
            }
        }
        ControlFlow::Continue(())
    }
    if k == 0 || k > sets.len() || sets.len() > 32 {
        return ControlFlow::Continue(());
    }
    extend(sets, 0, k, (0, 0), limit, &mut visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_within_a_limit_are_those_of_all_combinations_in_order() {
        // sets of a few bits each, from a fixed pseudo-random sequence
        let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1du64);
        for case in 0..300 {
            let n = case % 10;
            let sets: Vec<u128> = (0..n)
                .map(|_| {
                    let x = next();
                    u128::from(x & 0x1ff & (x >> 9) & (x >> 18) | 1 << (x % 9))
                })
                .collect();
            for k in 0..=n {
                for limit in 0..=6 {
                    let union = |mask: u32| {
                        (0..n)
                            .filter(|i| mask & 1 << i != 0)
                            .fold(0u128, |u, i| u | sets[i])
                    };
                    let mut all = Vec::new();
                    let _ = each_combination(n, k, |mask| {
                        if union(mask).count_ones() <= limit {
                            all.push((mask, union(mask)));
                        }
                        ControlFlow::Continue(())
                    });
                    let mut within = Vec::new();
                    let _ = each_combination_within(&sets, k, limit, |mask, u| {
                        within.push((mask, u));
                        ControlFlow::Continue(())
                    });
                    assert_eq!(within, all, "{sets:?} k {k} limit {limit}");
                }
            }
        }
    }

    #[test]
    fn a_single_is_a_set_of_exactly_one() {
        let cells: Vec<Cell> = [0u8, 1, 63, 64, 80]
            .iter()
            .filter_map(|&i| Cell::new(i))
            .collect();
        assert_eq!(CellSet::EMPTY.single_cell(), None);
        for &a in &cells {
            assert_eq!(CellSet::single(a).single_cell(), Some(a));
            for &b in cells.iter().filter(|&&b| b != a) {
                assert_eq!(
                    (CellSet::single(a) | CellSet::single(b)).single_cell(),
                    None
                );
            }
        }
        assert_eq!(CellSet::ALL.single_cell(), None);
        assert_eq!(DigitSet::EMPTY.single_digit(), None);
        for d in Digit::all() {
            assert_eq!(DigitSet::single(d).single_digit(), Some(d));
            let mut two = DigitSet::single(d);
            two.insert(Digit::all().find(|&e| e != d).unwrap());
            assert_eq!(two.single_digit(), None);
        }
        assert_eq!(DigitSet::ALL.single_digit(), None);
    }

    fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let _ = each_combination(n, k, |mask| {
            out.push((0..n).filter(|i| mask & 1 << i != 0).collect());
            ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn combinations_come_in_lexicographic_order() {
        let four_choose_two = combinations(4, 2);
        let want = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
        assert_eq!(four_choose_two, want.map(|c| c.to_vec()));
        assert_eq!(combinations(9, 4).len(), 126);
        assert_eq!(combinations(3, 3), vec![vec![0, 1, 2]]);
        assert!(combinations(3, 0).is_empty());
        assert!(combinations(3, 4).is_empty());
    }

    #[test]
    fn a_break_stops_the_combinations() {
        let mut seen = 0;
        let flow = each_combination(9, 2, |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((seen, flow), (3, ControlFlow::Break(())));
    }

    /// `see_each_other` against its definition, every pair checked: on all
    /// sets of up to three cells, and on sets grown cell by cell from each
    /// cell along a fixed pseudo-random order (4 to 9 cells).
    #[test]
    fn cells_that_see_each_other_are_those_of_one_house() {
        let pairwise = |set: CellSet| {
            set.iter()
                .all(|c| (set - CellSet::single(c) - c.peers()).is_empty())
        };
        let cells: Vec<Cell> = Cell::all().collect();
        let mut agreeing = 0;
        for (i, &a) in cells.iter().enumerate() {
            for (j, &b) in cells.iter().enumerate().skip(i) {
                for &c in &cells[j..] {
                    let set: CellSet = [a, b, c].into_iter().collect();
                    assert_eq!(set.see_each_other(), pairwise(set), "{set:?}");
                    agreeing += usize::from(pairwise(set));
                }
            }
        }
        assert!(agreeing > 0);
        let mut x: u32 = 12345;
        for start in &cells {
            let mut set = CellSet::single(*start);
            for _ in 0..8 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                // most draws from the start's own houses, so that many sets
                // do see each other
                let pool: Vec<Cell> = if x.is_multiple_of(4) {
                    cells.clone()
                } else {
                    (start.peers() | CellSet::single(*start)).iter().collect()
                };
                set.insert(pool[(x as usize / 7) % pool.len()]);
                assert_eq!(set.see_each_other(), pairwise(set), "{set:?}");
            }
        }
        assert!(CellSet::EMPTY.see_each_other());
    }

    #[test]
    fn common_peers_see_every_cell_and_the_empty_set_has_none() {
        let cell = |r, c| Cell::at(r, c);
        assert_eq!(CellSet::EMPTY.common_peers(), CellSet::EMPTY);
        let one = CellSet::single(cell(0, 0));
        assert_eq!(one.common_peers(), cell(0, 0).peers());
        // r1c1 and r1c5: the rest of row 1, nothing else
        let pair: CellSet = [cell(0, 0), cell(0, 4)].into_iter().collect();
        let row_rest: CellSet = (0..9)
            .filter(|&c| c != 0 && c != 4)
            .map(|c| cell(0, c))
            .collect();
        assert_eq!(pair.common_peers(), row_rest);
        // r1c1 and r5c5 share no house: their common peers are r1c5 and r5c1
        let apart: CellSet = [cell(0, 0), cell(4, 4)].into_iter().collect();
        let corners: CellSet = [cell(0, 4), cell(4, 0)].into_iter().collect();
        assert_eq!(apart.common_peers(), corners);
    }
}
