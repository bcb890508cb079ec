//! The general fish search: any shape (basic, Franken, mutant), base houses
//! first, then cover houses chosen cell by cell (see [`Searcher::covers`]).

use super::{is_sashimi, shape_of, Fish, Kind, Shape, MAX_ENDO_FINS, MAX_FINS};
use crate::bitset::CellSet;
use crate::grid::{Digit, House};
use std::ops::ControlFlow;

/// [`super::search`] for any shape: base houses, then cover houses chosen cell by
/// cell (see [`Searcher::covers`]).
pub(super) fn general_search(
    positions: CellSet,
    digit: Digit,
    k: Kind,
    visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let rows: [House; 9] = std::array::from_fn(|i| House::row(i as u8));
    let cols: [House; 9] = std::array::from_fn(|i| House::col(i as u8));
    let blocks: [House; 9] = std::array::from_fn(|i| House::block(i as u8));
    let all: [House; 27] = std::array::from_fn(|i| match i {
        0..=8 => rows[i],
        9..=17 => cols[i - 9],
        _ => blocks[i - 18],
    });
    let rows_blocks: [House; 18] = std::array::from_fn(|i| all[if i < 9 { i } else { i + 9 }]);
    let cols_blocks: [House; 18] = std::array::from_fn(|i| all[i + 9]);
    let orientations: &[(&[House], &[House])] = match k.shape {
        Shape::Basic => &[(&rows, &cols), (&cols, &rows)],
        Shape::Franken => &[(&rows_blocks, &cols_blocks), (&cols_blocks, &rows_blocks)],
        Shape::Mutant => &[(&all, &all)],
    };
    for &(base_pool, cover_pool) in orientations {
        let mut pool = [House::row(0); 27];
        let mut len = 0;
        for &h in base_pool {
            if positions.intersects(h.cells()) {
                pool[len] = h;
                len += 1;
            }
        }
        let mut s = Searcher {
            positions,
            digit,
            k,
            base_pool: &pool[..len],
            cover_pool,
            base: Vec::with_capacity(k.size),
            seen: Vec::new(),
            targets: CellSet::EMPTY,
            visit,
        };
        s.bases(0, CellSet::EMPTY, CellSet::EMPTY)?;
    }
    ControlFlow::Continue(())
}

struct Searcher<'a, 'v> {
    positions: CellSet,
    digit: Digit,
    k: Kind,
    base_pool: &'a [House],
    cover_pool: &'a [House],
    base: Vec<House>,
    /// The cover sets already reported for the current base.
    seen: Vec<u32>,
    /// For the current base: the cells any cover could eliminate from.
    targets: CellSet,
    visit: &'v mut dyn FnMut(&Fish) -> ControlFlow<()>,
}

impl Searcher<'_, '_> {
    /// Choose the base houses from `base_pool[from..]`; `cands` holds the
    /// base candidates so far, `endo` those in two base houses.
    fn bases(&mut self, from: usize, cands: CellSet, endo: CellSet) -> ControlFlow<()> {
        if self.base.len() == self.k.size {
            return self.start_covers(cands, endo);
        }
        let need = self.k.size - self.base.len();
        let pool = self.base_pool;
        for i in from..pool.len() {
            if pool.len() - i < need {
                break;
            }
            let house = pool[i];
            let here = self.positions & house.cells();
            let new_endo = endo | (here & cands);
            if new_endo.len() > if self.k.finned { MAX_ENDO_FINS } else { 0 } {
                continue;
            }
            self.base.push(house);
            let r = self.bases(i + 1, cands | here, new_endo);
            self.base.pop();
            r?;
        }
        ControlFlow::Continue(())
    }

    /// Choose the cover houses for the chosen base. The first base
    /// candidate not yet covered decides: one of the (at most three) cover
    /// houses through it covers it, or it becomes a fin. Each set of cover
    /// houses is reached once.
    fn start_covers(&mut self, cands: CellSet, endo: CellSet) -> ControlFlow<()> {
        let mut pool = 0u32;
        for h in self.cover_pool {
            if !self.base.contains(h) && cands.intersects(h.cells()) {
                pool |= 1 << h.index();
            }
        }
        if pool.count_ones() < self.k.size as u32 {
            return ControlFlow::Continue(());
        }
        // the cells that could lose the digit: candidates in a cover house
        // outside the base, or base candidates in two cover houses
        let mut reach = CellSet::EMPTY;
        let mut twice = CellSet::EMPTY;
        for h in self.cover_pool {
            if pool & (1 << h.index()) != 0 {
                let cells = h.cells() & self.positions;
                twice |= reach & cells;
                reach |= cells;
            }
        }
        self.targets = (reach - cands) | (twice & cands);
        if self.targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut state = Covers {
            cands,
            pool,
            chosen: 0,
            excluded: 0,
            covered: CellSet::EMPTY,
            fins: endo,
        };
        if !self.fins_ok(state.fins) {
            return ControlFlow::Continue(());
        }
        self.seen.clear();
        self.covers(&mut state, endo)
    }

    /// Whether `fins` may still be the fins of a fish with eliminations.
    fn fins_ok(&self, fins: CellSet) -> bool {
        if fins.is_empty() {
            return true;
        }
        self.k.finned
            && fins.len() <= MAX_FINS
            && !((fins.common_peers() & self.targets) - fins).is_empty()
    }

    fn covers(&mut self, st: &mut Covers, endo: CellSet) -> ControlFlow<()> {
        let open = st.cands - st.covered - st.fins;
        let count = st.chosen.count_ones() as usize;
        if count == self.k.size {
            let fins = st.fins | open;
            if self.fins_ok(fins) {
                return self.check(st.chosen, st.cands, endo, fins);
            }
            return ControlFlow::Continue(());
        }
        let Some(cell) = open.first() else {
            // everything is covered with fewer houses: any other houses of
            // the pool complete the cover
            return self.extra_covers(st, endo, 0);
        };
        let through = cell.houses().iter().fold(0u32, |m, h| m | 1 << h.index())
            & st.pool
            & !st.excluded
            & !st.chosen;
        let saved = (st.chosen, st.excluded, st.covered, st.fins);
        let mut earlier = 0u32;
        let mut rest = through;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let cells = house_of_bit(bit).map_or(CellSet::EMPTY, |h| h.cells());
            st.chosen |= bit;
            st.excluded |= earlier;
            st.covered |= cells & self.positions;
            let r = self.covers(st, endo);
            (st.chosen, st.excluded, st.covered, st.fins) = saved;
            r?;
            earlier |= bit;
        }
        // or the cell is a fin, and no house through it may cover it later
        let fins = st.fins | CellSet::single(cell);
        if self.fins_ok(fins) {
            st.fins = fins;
            st.excluded |= through;
            let r = self.covers(st, endo);
            (st.chosen, st.excluded, st.covered, st.fins) = saved;
            r?;
        }
        ControlFlow::Continue(())
    }

    /// Complete a cover that already covers every non-fin with houses of
    /// the pool taken in index order from bit `from` on.
    fn extra_covers(&mut self, st: &mut Covers, endo: CellSet, from: u32) -> ControlFlow<()> {
        if st.chosen.count_ones() as usize == self.k.size {
            return self.check(st.chosen, st.cands, endo, st.fins);
        }
        let free = st.pool & !st.excluded & !st.chosen & (u32::MAX << from);
        let mut rest = free;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            st.chosen |= bit;
            let r = self.extra_covers(st, endo, bit.trailing_zeros() + 1);
            st.chosen &= !bit;
            r?;
        }
        ControlFlow::Continue(())
    }

    fn check(
        &mut self,
        chosen: u32,
        cands: CellSet,
        endo: CellSet,
        fins: CellSet,
    ) -> ControlFlow<()> {
        if fins.is_empty() == self.k.finned {
            return ControlFlow::Continue(());
        }
        if self.seen.contains(&chosen) {
            return ControlFlow::Continue(());
        }
        self.seen.push(chosen);
        let cover: Vec<House> = (0..27u8)
            .filter(|i| chosen & (1 << i) != 0)
            .filter_map(House::new)
            .collect();
        if shape_of(&self.base, &cover) != self.k.shape {
            return ControlFlow::Continue(());
        }
        let sashimi = self.k.shape == Shape::Basic
            && !fins.is_empty()
            && is_sashimi(self.positions, &self.base, fins);
        if self.k.sashimi.is_some_and(|want| want != sashimi) {
            return ControlFlow::Continue(());
        }
        let mut covered = CellSet::EMPTY;
        let mut twice = CellSet::EMPTY;
        for h in &cover {
            let cells = h.cells() & self.positions;
            twice |= covered & cells;
            covered |= cells;
        }
        let mut targets = (covered - cands) | (twice & cands);
        targets -= fins;
        if !fins.is_empty() {
            targets &= fins.common_peers();
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let fish = Fish {
            digit: self.digit,
            base: self.base.clone(),
            cover,
            fins,
            endo_fins: endo,
            eliminations: targets,
            sashimi,
        };
        (self.visit)(&fish)
    }
}

/// The state of the cover search for one base.
struct Covers {
    /// The base candidates.
    cands: CellSet,
    /// The houses that may cover (bit = house index).
    pool: u32,
    chosen: u32,
    /// Houses ruled out on this branch.
    excluded: u32,
    /// The candidates in the chosen houses.
    covered: CellSet,
    fins: CellSet,
}

fn house_of_bit(bit: u32) -> Option<House> {
    House::new(bit.trailing_zeros() as u8)
}
