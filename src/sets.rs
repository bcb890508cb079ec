//! Almost locked sets of a position. An **almost locked set** (ALS) is N
//! cells of one house that hold N+1 candidates between them (a bivalue cell
//! is the smallest). The ALS techniques (`strategies::als`) and the chains
//! through sets (`links`) both start from this list.

use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit, House};
use crate::step::Als;
use std::collections::BTreeSet;

/// An ALS with, per digit, the cells that hold it and the cells outside
/// that see all of those.
#[derive(Clone, Debug)]
pub struct AlsInfo {
    pub cells: CellSet,
    pub digits: DigitSet,
    holding: [CellSet; 9],
    seeing: [CellSet; 9],
}

impl AlsInfo {
    fn new(board: &Board, cells: CellSet, digits: DigitSet) -> AlsInfo {
        let mut holding = [CellSet::EMPTY; 9];
        let mut seeing = [CellSet::EMPTY; 9];
        for d in digits {
            let h = cells & board.positions(d);
            holding[d.index()] = h;
            seeing[d.index()] = h.common_peers();
        }
        AlsInfo {
            cells,
            digits,
            holding,
            seeing,
        }
    }
    /// The cells of the set holding `d`.
    pub fn holding(&self, d: Digit) -> CellSet {
        self.holding[d.index()]
    }
    /// The cells (outside the set's `d` cells) that see every `d` of the set.
    pub fn seeing(&self, d: Digit) -> CellSet {
        self.seeing[d.index()]
    }
    pub fn als(&self) -> Als {
        Als {
            cells: self.cells,
            digits: self.digits,
        }
    }
}

/// Every ALS of the board, each once, smaller sets first, then by cells.
pub fn almost_locked_sets(board: &Board) -> Vec<AlsInfo> {
    let mut found: BTreeSet<(u32, CellSet)> = BTreeSet::new();
    let mut digits_of: Vec<(CellSet, DigitSet)> = Vec::new();
    for house in House::all() {
        let empty: Vec<Cell> = house
            .cell_list()
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none() && !board.candidates(c).is_empty())
            .collect();
        let n = empty.len();
        for mask in 1u32..(1 << n) {
            let size = mask.count_ones();
            if size as usize >= n {
                continue;
            }
            let mut cells = CellSet::EMPTY;
            let mut digits = DigitSet::EMPTY;
            for (i, &c) in empty.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    cells.insert(c);
                    digits |= board.candidates(c);
                }
            }
            if digits.len() == size + 1 && found.insert((size, cells)) {
                digits_of.push((cells, digits));
            }
        }
    }
    digits_of.sort_by_key(|(cells, _)| (cells.len(), *cells));
    digits_of
        .into_iter()
        .map(|(cells, digits)| AlsInfo::new(board, cells, digits))
        .collect()
}

/// The restricted common digits of two ALS: every cell of one holding the
/// digit sees every cell of the other holding it, and no shared cell holds it.
pub fn restricted_commons(a: &AlsInfo, b: &AlsInfo) -> DigitSet {
    let mut rc = DigitSet::EMPTY;
    if a.cells == b.cells {
        return rc;
    }
    let shared = a.cells & b.cells;
    for d in a.digits & b.digits {
        let (ad, bd) = (a.holding(d), b.holding(d));
        if (ad | bd).intersects(shared) {
            continue;
        }
        if bd.is_subset(a.seeing(d)) {
            rc.insert(d);
        }
    }
    rc
}

/// The restricted commons of every pair of sets (indices into the list,
/// i < j), and per set the sets it is linked to.
pub struct RestrictedCommons {
    pub pairs: Vec<(usize, usize, DigitSet)>,
    pub adjacent: Vec<Vec<(usize, DigitSet)>>,
}

impl RestrictedCommons {
    pub fn of(sets: &[AlsInfo]) -> RestrictedCommons {
        let mut pairs = Vec::new();
        let mut adjacent = vec![Vec::new(); sets.len()];
        for (i, a) in sets.iter().enumerate() {
            for (j, b) in sets.iter().enumerate().skip(i + 1) {
                if (a.digits & b.digits).is_empty() {
                    continue;
                }
                let rc = restricted_commons(a, b);
                if !rc.is_empty() {
                    pairs.push((i, j, rc));
                    adjacent[i].push((j, rc));
                    adjacent[j].push((i, rc));
                }
            }
        }
        RestrictedCommons { pairs, adjacent }
    }
}
