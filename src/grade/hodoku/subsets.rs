//! HoDoKu's own search order for naked, locked and hidden subsets, which
//! decides which subset HoDoKu's solve takes first.

use crate::bitset::{each_combination_within, CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit, House};
use crate::step::{Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

/// HoDoKu's house order for subsets: blocks, then rows, then columns.
fn hodoku_houses() -> impl Iterator<Item = House> {
    House::blocks().chain(House::rows()).chain(House::cols())
}

/// HoDoKu's naked and locked subsets. A naked subset removes its digits
/// from every house its cells share; it is *locked* (Locked Pair/Triple)
/// only when its cells share a block and a line and it removes candidates
/// both in the block and in the line outside the block. Locked subsets are
/// looked for in blocks only; naked ones in blocks, rows, then columns.
pub(super) fn hodoku_naked(t: Technique, board: &Board) -> Option<Step> {
    let (n, want_locked) = match t {
        Technique::LockedPair => (2, true),
        Technique::LockedTriple => (3, true),
        Technique::NakedPair => (2, false),
        Technique::NakedTriple => (3, false),
        Technique::NakedQuadruple => (4, false),
        _ => return None,
    };
    let houses: Vec<House> = if want_locked {
        House::blocks().collect()
    } else {
        hodoku_houses().collect()
    };
    for house in houses {
        let pool: Vec<Cell> = house
            .cell_list()
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none() && board.candidates(c).len() as usize <= n)
            .collect();
        let mut found = None;
        let sets: Vec<u128> = pool
            .iter()
            .map(|&c| u128::from(board.candidates(c).bits()))
            .collect();
        // the pool's combinations in lexicographic order (HoDoKu's nested
        // loops), those with more than n digits left out
        let _ = each_combination_within(&sets, n, n as u32, |mask, union| {
            let idx = (0..pool.len()).filter(|i| mask & 1 << i != 0);
            let cells: CellSet = idx.filter_map(|i| pool.get(i).copied()).collect();
            let digits = DigitSet::from_bits(union as u16);
            if digits.len() as usize != n {
                return ControlFlow::Continue(());
            }
            let Some(first) = cells.first() else {
                return ControlFlow::Continue(());
            };
            let block = House::block(first.block());
            let common: Vec<House> = first
                .houses()
                .into_iter()
                .filter(|h| cells.is_subset(h.cells()))
                .collect();
            let mut elims = Vec::new();
            let mut found_in = 0;
            for &h in &common {
                let mut counted = false;
                for c in (h.cells() - cells).iter() {
                    for d in (board.candidates(c) & digits).iter() {
                        elims.push(crate::grid::Candidate::new(c, d));
                        if !counted && (h == block || !block.cells().contains(c)) {
                            counted = true;
                            found_in += 1;
                        }
                    }
                }
            }
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            let locked = n < 4 && found_in > 1 && common.contains(&block) && common.len() > 1;
            if locked != want_locked {
                return ControlFlow::Continue(());
            }
            let technique = match (n, locked) {
                (2, true) => Technique::LockedPair,
                (3, true) => Technique::LockedTriple,
                (2, false) => Technique::NakedPair,
                (3, false) => Technique::NakedTriple,
                _ => Technique::NakedQuadruple,
            };
            let ev = Evidence::Subset {
                digits,
                cells,
                houses: common.clone(),
                hidden: false,
            };
            found = Some(Step::elimination(technique, elims, ev));
            ControlFlow::Break(())
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// HoDoKu's hidden subsets: in blocks, rows, then columns with more empty
/// cells than the subset's size, the digits with 1..=n places, combined in
/// order; the first combination confined to n cells that removes something.
pub(super) fn hodoku_hidden(t: Technique, board: &Board) -> Option<Step> {
    let n = match t {
        Technique::HiddenPair => 2,
        Technique::HiddenTriple => 3,
        Technique::HiddenQuadruple => 4,
        _ => return None,
    };
    for house in hodoku_houses() {
        let empty = board.empty_in(house).len();
        if empty <= n {
            continue;
        }
        let pool: Vec<Digit> = Digit::all()
            .filter(|&d| (1..=n).contains(&(board.positions_in(d, house).len() as usize)))
            .collect();
        let mut found = None;
        let sets: Vec<u128> = pool
            .iter()
            .map(|&d| board.positions_in(d, house).bits())
            .collect();
        // the pool's combinations in lexicographic order (HoDoKu's nested
        // loops), those with more than n places left out
        let _ = each_combination_within(&sets, n, n as u32, |mask, union| {
            let idx = (0..pool.len()).filter(|i| mask & 1 << i != 0);
            let digits: DigitSet =
                idx.filter_map(|i| pool.get(i).copied())
                    .fold(DigitSet::EMPTY, |mut acc, d| {
                        acc.insert(d);
                        acc
                    });
            let cells = CellSet::from_bits(union);
            if cells.len() as usize != n {
                return ControlFlow::Continue(());
            }
            let elims: Vec<crate::grid::Candidate> = cells
                .iter()
                .flat_map(|c| {
                    (board.candidates(c) - digits)
                        .iter()
                        .map(move |d| crate::grid::Candidate::new(c, d))
                })
                .collect();
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            let ev = Evidence::Subset {
                digits,
                cells,
                houses: vec![house],
                hidden: true,
            };
            found = Some(Step::elimination(t, elims, ev));
            ControlFlow::Break(())
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
