//! HoDoKu's own search order for naked, locked and hidden subsets, which
//! decides which subset HoDoKu's solve takes first.

use crate::bitset::{each_combination_within, CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Digit, House};
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
    let (mut blocks, mut all) = (House::blocks(), hodoku_houses());
    let houses: &mut dyn Iterator<Item = House> = if want_locked { &mut blocks } else { &mut all };
    for house in houses {
        // (on the stack: the search runs for every house at every step of
        // a grade)
        let (mut pool, mut sets, mut size) = (*house.cell_list(), [0u128; 9], 0);
        for &c in house.cell_list() {
            let digits = board.candidates(c);
            if board.value(c).is_none() && digits.len() as usize <= n {
                (pool[size], sets[size]) = (c, u128::from(digits.bits()));
                size += 1;
            }
        }
        let (pool, sets) = (&pool[..size], &sets[..size]);
        let mut found = None;
        // the pool's combinations in lexicographic order (HoDoKu's nested
        // loops), those with more than n digits left out
        let _ = each_combination_within(sets, n, n as u32, |mask, union| {
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
            let (mut shared, mut count) = ([block; 3], 0);
            for h in first.houses() {
                if cells.is_subset(h.cells()) {
                    shared[count] = h;
                    count += 1;
                }
            }
            let common = &shared[..count];
            let mut elims = Vec::new();
            let mut found_in = 0;
            for &h in common {
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
                houses: common.to_vec(),
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
        // (on the stack: the search runs for every house at every step of
        // a grade) each digit with 1..=n places, as the bits of a DigitSet
        let (mut pool, mut sets, mut size) = ([0u16; 9], [0u128; 9], 0);
        for d in Digit::all() {
            let places = board.positions_in(d, house);
            if (1..=n).contains(&(places.len() as usize)) {
                (pool[size], sets[size]) = (1 << d.get(), places.bits());
                size += 1;
            }
        }
        let (pool, sets) = (&pool[..size], &sets[..size]);
        let mut found = None;
        // the pool's combinations in lexicographic order (HoDoKu's nested
        // loops), those with more than n places left out
        let _ = each_combination_within(sets, n, n as u32, |mask, union| {
            let idx = (0..pool.len()).filter(|i| mask & 1 << i != 0);
            let digits = DigitSet::from_bits(idx.filter_map(|i| pool.get(i)).fold(0, |a, b| a | b));
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
