//! The general fish search: any shape (basic, Franken, mutant), base houses
//! first, then cover houses chosen cell by cell (see [`Searcher::covers`]).
//! A branch stops as soon as it cannot end in a fish: the base candidates
//! that may not become fins ([`Searcher::fin_room`]) must fit in the cover
//! houses still to choose.

use super::{is_sashimi, shape_of, Fish, Kind, Shape, MAX_ENDO_FINS, MAX_FINS};
use crate::bitset::CellSet;
use crate::grid::{Digit, House};
use std::ops::ControlFlow;

/// [`super::search`] for any shape: base houses, then cover houses chosen cell by
/// cell (see [`Searcher::covers`]); only bases with a house holding a cell
/// of `lost` (`CellSet::ALL`: every base).
pub(super) fn general_search(
    positions: CellSet,
    digit: Digit,
    k: Kind,
    lost: CellSet,
    visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    search_within(positions, digit, k, true, lost, visit)
}

/// [`general_search`] on every base, with the cover search's early stop
/// (`prune`) or, for a test to compare with, without it.
#[cfg(test)]
pub(super) fn search_pruned(
    positions: CellSet,
    digit: Digit,
    k: Kind,
    prune: bool,
    visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    search_within(positions, digit, k, prune, CellSet::ALL, visit)
}

fn search_within(
    positions: CellSet,
    digit: Digit,
    k: Kind,
    prune: bool,
    lost: CellSet,
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
        let in_house: [CellSet; 27] = std::array::from_fn(|i| {
            House::new(i as u8).map_or(CellSet::EMPTY, |h| h.cells() & positions)
        });
        // touch[b]: the cover houses that hold a place of base house b
        let mut touch = [0u32; 27];
        for &b in &pool[..len] {
            for &h in cover_pool {
                if in_house[b.index()].intersects(h.cells()) {
                    touch[b.index()] |= 1 << h.index();
                }
            }
        }
        let mut s = Searcher {
            positions,
            in_house,
            touch,
            base_bits: 0,
            digit,
            k,
            prune,
            lost,
            base_pool: &pool[..len],
            base: Vec::with_capacity(k.size),
            seen: Vec::new(),
            targets: CellSet::EMPTY,
            visit,
        };
        s.bases(0, CellSet::EMPTY, CellSet::EMPTY, 0)?;
    }
    ControlFlow::Continue(())
}

struct Searcher<'a, 'v> {
    positions: CellSet,
    /// in_house[h]: the digit's places in house `h` (by house index).
    in_house: [CellSet; 27],
    /// touch[h]: the cover houses holding a place of base house `h` (bit
    /// = house index).
    touch: [u32; 27],
    /// The chosen base houses (bit = house index).
    base_bits: u32,
    digit: Digit,
    k: Kind,
    /// Whether a branch stops once its cover cannot take in what may not
    /// be a fin.
    prune: bool,
    /// A base needs a house holding one of these cells.
    lost: CellSet,
    base_pool: &'a [House],
    base: Vec<House>,
    /// The cover sets already reported for the current base.
    seen: Vec<u32>,
    /// For the current base: the cells any cover could eliminate from.
    targets: CellSet,
    visit: &'v mut dyn FnMut(&Fish) -> ControlFlow<()>,
}

impl Searcher<'_, '_> {
    /// Choose the base houses from `base_pool[from..]`; `cands` holds the
    /// base candidates so far, `endo` those in two base houses, `touched`
    /// the cover houses holding any of them.
    fn bases(
        &mut self,
        from: usize,
        cands: CellSet,
        endo: CellSet,
        touched: u32,
    ) -> ControlFlow<()> {
        if self.base.len() == self.k.size {
            if !self.base.iter().any(|h| h.cells().intersects(self.lost)) {
                return ControlFlow::Continue(());
            }
            return self.start_covers(cands, endo, touched & !self.base_bits);
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
            self.base_bits |= 1 << house.index();
            let r = self.bases(
                i + 1,
                cands | here,
                new_endo,
                touched | self.touch[house.index()],
            );
            self.base_bits &= !(1 << house.index());
            self.base.pop();
            r?;
        }
        ControlFlow::Continue(())
    }

    /// Choose the cover houses for the chosen base. The first base
    /// candidate not yet covered decides: one of the (at most three) cover
    /// houses through it covers it, or it becomes a fin. Each set of cover
    /// houses is reached once.
    /// `pool`: the cover houses that hold a base candidate and are no base
    /// house.
    fn start_covers(&mut self, cands: CellSet, endo: CellSet, pool: u32) -> ControlFlow<()> {
        if pool.count_ones() < self.k.size as u32 {
            return ControlFlow::Continue(());
        }
        // the cells that could lose the digit: candidates in a cover house
        // outside the base, or base candidates in two cover houses
        let (reach, twice) = self.places_in(pool);
        self.targets = (reach - cands) | (twice & cands);
        if self.targets.is_empty() {
            return ControlFlow::Continue(());
        }
        if !self.fins_ok(endo) {
            return ControlFlow::Continue(());
        }
        let mut state = Covers {
            cands,
            pool,
            chosen: 0,
            count: 0,
            excluded: 0,
            covered: CellSet::EMPTY,
            fins: endo,
            fin_room: self.fin_room(endo),
        };
        self.seen.clear();
        self.covers(&mut state, endo)
    }

    /// The digit's places in the houses `houses` (bit = house index), and
    /// those in two of them or more.
    fn places_in(&self, houses: u32) -> (CellSet, CellSet) {
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        let mut rest = houses;
        while rest != 0 {
            let cells = self.in_house[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            twice |= once & cells;
            once |= cells;
        }
        (once, twice)
    }

    /// The cells that may still join `fins` as [`Self::fins_ok`] allows
    /// (all of them while there is no fin: the first is tested alone).
    /// Adding a fin only takes cells away from the fins' common peers, so a
    /// cell outside stays outside on the whole branch.
    fn fin_room(&self, fins: CellSet) -> CellSet {
        if !self.k.finned || fins.len() >= MAX_FINS {
            return CellSet::EMPTY;
        }
        if fins.is_empty() {
            return CellSet::ALL;
        }
        // a new fin must see one of the cells that see every fin and may
        // lose the digit
        let targets = (fins.common_peers() & self.targets) - fins;
        targets
            .iter()
            .fold(CellSet::EMPTY, |room, t| room | t.peers())
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
        // the open candidates that cannot be fins: covered, or no fish
        let must = open - st.fin_room;
        let left = self.k.size - st.count;
        if left == 0 {
            let fins = st.fins | open;
            if must.is_empty() && self.fins_ok(fins) {
                return self.check(st.chosen, st.cands, endo, fins);
            }
            return ControlFlow::Continue(());
        }
        let free = st.pool & !st.excluded & !st.chosen;
        if self.prune && !must.is_empty() && !coverable(must, free, left) {
            return ControlFlow::Continue(());
        }
        let Some(cell) = open.first() else {
            // everything is covered with fewer houses: any other houses of
            // the pool complete the cover
            return self.extra_covers(st, endo, 0);
        };
        let through = HOUSE_BITS[cell.index()] & free;
        let saved = *st;
        let mut earlier = 0u32;
        let mut rest = through;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            st.chosen |= bit;
            st.count += 1;
            st.excluded |= earlier;
            st.covered |= self.in_house[bit.trailing_zeros() as usize];
            let r = self.covers(st, endo);
            *st = saved;
            r?;
            earlier |= bit;
        }
        // or the cell is a fin, and no house through it may cover it later
        let fins = st.fins | CellSet::single(cell);
        if self.fins_ok(fins) {
            st.fins = fins;
            st.fin_room = self.fin_room(fins);
            st.excluded |= through;
            let r = self.covers(st, endo);
            *st = saved;
            r?;
        }
        ControlFlow::Continue(())
    }

    /// Complete a cover that already covers every non-fin with houses of
    /// the pool taken in index order from bit `from` on.
    fn extra_covers(&mut self, st: &mut Covers, endo: CellSet, from: u32) -> ControlFlow<()> {
        if st.count == self.k.size {
            return self.check(st.chosen, st.cands, endo, st.fins);
        }
        let free = st.pool & !st.excluded & !st.chosen & (u32::MAX << from);
        let mut rest = free;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            st.chosen |= bit;
            st.count += 1;
            let r = self.extra_covers(st, endo, bit.trailing_zeros() + 1);
            st.chosen &= !bit;
            st.count -= 1;
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
        // the eliminations first: most covers have none
        let (covered, twice) = self.places_in(chosen);
        let mut targets = (covered - cands) | (twice & cands);
        targets -= fins;
        if !fins.is_empty() {
            targets &= fins.common_peers();
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
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
#[derive(Clone, Copy)]
struct Covers {
    /// The base candidates.
    cands: CellSet,
    /// The houses that may cover (bit = house index).
    pool: u32,
    chosen: u32,
    /// The number of houses in `chosen`.
    count: usize,
    /// Houses ruled out on this branch.
    excluded: u32,
    /// The candidates in the chosen houses.
    covered: CellSet,
    fins: CellSet,
    /// The cells that may still become fins ([`Searcher::fin_room`]).
    fin_room: CellSet,
}

/// HOUSE_BITS[cell]: the bits (by house index) of the cell's row, column
/// and block.
const HOUSE_BITS: [u32; 81] = {
    let mut bits = [0u32; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        bits[i] = 1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3);
        i += 1;
    }
    bits
};

/// Whether at most `n` of the houses `pool` (bit = house index) hold
/// every cell of `cells`: one of the first cell's houses must.
fn coverable(cells: CellSet, pool: u32, n: usize) -> bool {
    let Some(cell) = cells.first() else {
        return true;
    };
    if n == 0 {
        return false;
    }
    let mut through = HOUSE_BITS[cell.index()] & pool;
    while through != 0 {
        let bit = through & through.wrapping_neg();
        through &= through - 1;
        let rest = cells - house_cells(bit);
        if rest.is_empty() || (n > 1 && coverable(rest, pool & !bit, n - 1)) {
            return true;
        }
    }
    false
}

/// The cells of the house of index `bit.trailing_zeros()`.
fn house_cells(bit: u32) -> CellSet {
    House::new(bit.trailing_zeros() as u8).map_or(CellSet::EMPTY, |h| h.cells())
}
