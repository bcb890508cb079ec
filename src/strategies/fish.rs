//! Fish. Pick `n` **base** houses and `n` **cover** houses for one digit.
//! If every candidate of the digit in the base houses lies in the cover
//! houses, the digit's `n` places in the (disjoint) base houses fill all `n`
//! cover houses, so no other cell of a cover house can hold it: those
//! candidates go. A candidate lying in two cover houses goes too
//! (cannibalism): taking it would leave `n - 1` base places for `n - 1` ...
//! too few cover houses.
//!
//! **Basic fish** (X-Wing, Swordfish, Jellyfish, ...) use rows as base and
//! columns as cover, or the other way round. **Franken fish** add blocks:
//! rows and blocks against columns and blocks (or the reverse). **Mutant
//! fish** mix houses freely.
//!
//! **Fins** are base candidates outside the cover houses. If one of them is
//! true the fish may fail, so only cells that see every fin lose the digit:
//! whichever is true, fin or fish, removes it there. Candidates lying in two
//! base houses (**endo fins**) count as fins. A finned basic fish is
//! **sashimi** when, without its fins, some base house would keep fewer
//! than two candidates (the fish would be degenerate).

use super::{Context, Sink};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, Digit, House, HouseKind};
use crate::step::{eliminations_of, Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

/// The most fins a fish may have (HoDoKu's default).
const MAX_FINS: u32 = 5;
/// The most endo fins a fish may have (HoDoKu's default).
const MAX_ENDO_FINS: u32 = 2;

/// Which houses a fish uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// Rows against columns (or columns against rows).
    Basic,
    /// Rows and blocks against columns and blocks (or the reverse).
    Franken,
    /// Any other mix.
    Mutant,
}

/// What a technique asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Kind {
    shape: Shape,
    size: usize,
    finned: bool,
    /// For finned basic fish: `Some(true)` sashimi, `Some(false)` plain finned.
    sashimi: Option<bool>,
}

fn kind(t: Technique) -> Option<Kind> {
    use Technique::*;
    let (shape, size, finned, sashimi) = match t {
        XWing => (Shape::Basic, 2, false, None),
        Swordfish => (Shape::Basic, 3, false, None),
        Jellyfish => (Shape::Basic, 4, false, None),
        Squirmbag => (Shape::Basic, 5, false, None),
        Whale => (Shape::Basic, 6, false, None),
        Leviathan => (Shape::Basic, 7, false, None),
        FinnedXWing => (Shape::Basic, 2, true, Some(false)),
        FinnedSwordfish => (Shape::Basic, 3, true, Some(false)),
        FinnedJellyfish => (Shape::Basic, 4, true, Some(false)),
        FinnedSquirmbag => (Shape::Basic, 5, true, Some(false)),
        FinnedWhale => (Shape::Basic, 6, true, Some(false)),
        FinnedLeviathan => (Shape::Basic, 7, true, Some(false)),
        SashimiXWing => (Shape::Basic, 2, true, Some(true)),
        SashimiSwordfish => (Shape::Basic, 3, true, Some(true)),
        SashimiJellyfish => (Shape::Basic, 4, true, Some(true)),
        SashimiSquirmbag => (Shape::Basic, 5, true, Some(true)),
        SashimiWhale => (Shape::Basic, 6, true, Some(true)),
        SashimiLeviathan => (Shape::Basic, 7, true, Some(true)),
        FrankenXWing => (Shape::Franken, 2, false, None),
        FrankenSwordfish => (Shape::Franken, 3, false, None),
        FrankenJellyfish => (Shape::Franken, 4, false, None),
        FrankenSquirmbag => (Shape::Franken, 5, false, None),
        FrankenWhale => (Shape::Franken, 6, false, None),
        FrankenLeviathan => (Shape::Franken, 7, false, None),
        FinnedFrankenXWing => (Shape::Franken, 2, true, None),
        FinnedFrankenSwordfish => (Shape::Franken, 3, true, None),
        FinnedFrankenJellyfish => (Shape::Franken, 4, true, None),
        FinnedFrankenSquirmbag => (Shape::Franken, 5, true, None),
        FinnedFrankenWhale => (Shape::Franken, 6, true, None),
        FinnedFrankenLeviathan => (Shape::Franken, 7, true, None),
        MutantXWing => (Shape::Mutant, 2, false, None),
        MutantSwordfish => (Shape::Mutant, 3, false, None),
        MutantJellyfish => (Shape::Mutant, 4, false, None),
        MutantSquirmbag => (Shape::Mutant, 5, false, None),
        MutantWhale => (Shape::Mutant, 6, false, None),
        MutantLeviathan => (Shape::Mutant, 7, false, None),
        FinnedMutantXWing => (Shape::Mutant, 2, true, None),
        FinnedMutantSwordfish => (Shape::Mutant, 3, true, None),
        FinnedMutantJellyfish => (Shape::Mutant, 4, true, None),
        FinnedMutantSquirmbag => (Shape::Mutant, 5, true, None),
        FinnedMutantWhale => (Shape::Mutant, 6, true, None),
        FinnedMutantLeviathan => (Shape::Mutant, 7, true, None),
        _ => return None,
    };
    Some(Kind {
        shape,
        size,
        finned,
        sashimi,
    })
}

/// The technique searching the same fish as a finned basic fish of kind
/// `k`, keeping the other form (sashimi for finned, finned for sashimi).
fn twin(k: Kind) -> Option<Technique> {
    let other = Kind {
        sashimi: Some(!k.sashimi?),
        ..k
    };
    Technique::all().find(|&t| kind(t) == Some(other))
}

/// Whether `t` is one of the fish this file finds.
pub fn is_fish(t: Technique) -> bool {
    kind(t).is_some()
}

/// One fish found on the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Fish {
    pub digit: Digit,
    pub base: Vec<House>,
    pub cover: Vec<House>,
    /// Base candidates outside the cover houses (endo fins included).
    pub fins: CellSet,
    /// Base candidates lying in two base houses.
    pub endo_fins: CellSet,
    /// Cells that lose the digit.
    pub eliminations: CellSet,
    /// A finned basic fish whose base would be degenerate without its fins.
    pub sashimi: bool,
}

/// Every fish of technique `t`, digit by digit. What a digit yields depends
/// on its places alone, so a digit on which `t` found nothing is skipped
/// until its places change (see [`crate::strategies::Fruitless`]).
pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    let Some(k) = kind(t) else {
        return ControlFlow::Continue(());
    };
    ctx.fruitless.each_digit(t, board, |digit| {
        let mut reported = false;
        let mut report = |step: Step| {
            reported = true;
            sink(step)
        };
        // finned and sashimi fish are searched together: a siamese pair may
        // hold one of each
        let wide = Kind { sashimi: None, ..k };
        let mut found: Vec<Fish> = Vec::new();
        let mut any = false;
        search(board, digit, wide, &mut |fish| {
            any = true;
            if k.finned {
                found.push(fish.clone());
            }
            if k.sashimi.is_none_or(|s| s == fish.sashimi) {
                report(step_of(t, board, fish))?;
            }
            ControlFlow::Continue(())
        })?;
        if k.finned {
            found.sort_by(|a, b| (&a.base, &a.cover).cmp(&(&b.base, &b.cover)));
            for (first, fish) in siamese(&found) {
                if k.sashimi.is_none_or(|s| s == first.sashimi) {
                    report(step_of(t, board, &fish))?;
                }
            }
        }
        // the finned and the sashimi form run the same search: when it
        // found no fish at all, the other form finds nothing either
        if let (false, Some(twin)) = (any, twin(k)) {
            ctx.fruitless.record(twin, digit, board.positions(digit));
        }
        ControlFlow::Continue(reported)
    })
}

fn step_of(t: Technique, board: &Board, fish: &Fish) -> Step {
    let ev = Evidence::Fish {
        digit: fish.digit,
        base: fish.base.clone(),
        cover: fish.cover.clone(),
        fins: fish.fins,
        endo_fins: fish.endo_fins,
    };
    Step::elimination(t, eliminations_of(board, fish.digit, fish.eliminations), ev)
}

/// Two finned fish on the same base houses with different covers, taken
/// together: both hold, so both sets of eliminations do (HoDoKu calls the
/// pair "siamese"). The cover lists are concatenated: first fish, second fish.
fn siamese(found: &[Fish]) -> Vec<(&Fish, Fish)> {
    let mut out = Vec::new();
    for (i, a) in found.iter().enumerate() {
        for b in &found[i + 1..] {
            if a.base != b.base || a.cover == b.cover {
                continue;
            }
            if a.eliminations.is_subset(b.eliminations) || b.eliminations.is_subset(a.eliminations)
            {
                continue;
            }
            let mut cover = a.cover.clone();
            cover.extend(b.cover.iter().copied());
            out.push((
                a,
                Fish {
                    digit: a.digit,
                    base: a.base.clone(),
                    cover,
                    fins: a.fins | b.fins,
                    endo_fins: a.endo_fins | b.endo_fins,
                    eliminations: a.eliminations | b.eliminations,
                    sashimi: a.sashimi,
                },
            ));
        }
    }
    out
}

fn kinds_mask(houses: &[House]) -> u8 {
    houses.iter().fold(0, |m, h| {
        m | match h.kind() {
            HouseKind::Row => 1,
            HouseKind::Col => 2,
            HouseKind::Block => 4,
        }
    })
}

/// The shape of a fish with these base and cover houses.
pub fn shape_of(base: &[House], cover: &[House]) -> Shape {
    let (b, c) = (kinds_mask(base), kinds_mask(cover));
    if (b == 1 && c == 2) || (b == 2 && c == 1) {
        Shape::Basic
    } else if (b & 2 == 0 && c & 1 == 0) || (b & 1 == 0 && c & 2 == 0) {
        Shape::Franken
    } else {
        Shape::Mutant
    }
}

/// Whether, without its fins, some base house keeps fewer than two candidates.
fn is_sashimi(positions: CellSet, base: &[House], fins: CellSet) -> bool {
    base.iter()
        .any(|h| ((positions & h.cells()) - fins).len() < 2)
}

/// Every fish of kind `k` for `digit`, in order: base houses by index, then
/// cover houses by index.
fn search(
    board: &Board,
    digit: Digit,
    k: Kind,
    visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let positions = board.positions(digit);
    if k.shape == Shape::Basic {
        return basic_search(positions, digit, k, visit);
    }
    general_search(positions, digit, k, visit)
}

/// [`search`] for any shape: base houses, then cover houses chosen cell by
/// cell (see [`Searcher::covers`]).
fn general_search(
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

/// [`search`] for basic fish, on 9-bit masks: each base line is the set of
/// cross lines where it holds the digit. It finds the same fish in the same
/// order as the general search: base lines by index; then, for each base,
/// the cover sets in the order the general search's first-uncovered-cell
/// rule reaches them: the cross lines ranked by where the base candidates
/// first meet them (in cell order), each taken before it is left out (and
/// its candidates made fins).
fn basic_search(
    positions: CellSet,
    digit: Digit,
    k: Kind,
    visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for by_rows in [true, false] {
        let line = |i: usize| {
            if by_rows {
                House::row(i as u8)
            } else {
                House::col(i as u8)
            }
        };
        let cross = |i: usize| {
            if by_rows {
                House::col(i as u8)
            } else {
                House::row(i as u8)
            }
        };
        let masks = positions.line_masks(by_rows);
        let cross_cells: [CellSet; 9] = std::array::from_fn(|j| cross(j).cells() & positions);
        let (mut pool, mut lines) = ([0usize; 9], 0);
        for i in (0..9).filter(|&i| masks[i] != 0) {
            pool[lines] = i;
            lines += 1;
        }
        let pool = &pool[..lines];
        let mut base: Vec<usize> = Vec::with_capacity(k.size);
        let most = most_cover_lines(k);
        basic_bases(
            pool,
            &masks,
            k.size,
            most,
            0,
            0,
            &mut base,
            &mut |base, union| {
                let cands = base
                    .iter()
                    .fold(CellSet::EMPTY, |a, &i| a | (line(i).cells() & positions));
                let reach = (0..9)
                    .filter(|&j| union & 1 << j != 0)
                    .fold(CellSet::EMPTY, |a, j| a | cross_cells[j]);
                let targets = reach - cands;
                if targets.is_empty() {
                    return ControlFlow::Continue(());
                }
                // the cross lines in the order the base candidates first meet them
                // (on the stack: this runs for every base)
                let (mut order, mut met) = ([0usize; 9], 0);
                for cell in cands {
                    let j = if by_rows { cell.col() } else { cell.row() } as usize;
                    if !order[..met].contains(&j) {
                        order[met] = j;
                        met += 1;
                    }
                }
                let covers = BasicCovers {
                    k,
                    order: &order[..met],
                    cands,
                    targets,
                    cross_cells: &cross_cells,
                };
                covers.choose(0, 0, CellSet::EMPTY, &mut |chosen, fins| {
                    let covered = (0..9)
                        .filter(|&j| chosen & 1 << j != 0)
                        .fold(CellSet::EMPTY, |a, j| a | cross_cells[j]);
                    let mut base_houses = [line(0); 9];
                    for (house, &i) in base_houses.iter_mut().zip(base) {
                        *house = line(i);
                    }
                    let base_houses = &base_houses[..base.len().min(9)];
                    let sashimi = !fins.is_empty() && is_sashimi(positions, base_houses, fins);
                    if k.sashimi.is_some_and(|want| want != sashimi) {
                        return ControlFlow::Continue(());
                    }
                    let mut eliminations = covered - cands;
                    if !fins.is_empty() {
                        eliminations &= fins.common_peers();
                    }
                    if eliminations.is_empty() {
                        return ControlFlow::Continue(());
                    }
                    visit(&Fish {
                        digit,
                        base: base_houses.to_vec(),
                        cover: (0..9)
                            .filter(|&j| chosen & 1 << j != 0)
                            .map(cross)
                            .collect(),
                        fins,
                        endo_fins: CellSet::EMPTY,
                        eliminations,
                        sashimi,
                    })
                })
            },
        )?;
    }
    ControlFlow::Continue(())
}

/// Base lines for [`basic_search`]: `size` of `pool[from..]` in order,
/// whose masks together touch at least `size` and at most `most` cross
/// lines; `found` gets the lines and their union.
#[allow(clippy::too_many_arguments)]
fn basic_bases(
    pool: &[usize],
    masks: &[u16; 9],
    size: usize,
    most: u32,
    from: usize,
    union: u16,
    base: &mut Vec<usize>,
    found: &mut dyn FnMut(&[usize], u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if base.len() == size {
        if union.count_ones() < size as u32 {
            return ControlFlow::Continue(());
        }
        return found(base, union);
    }
    for (k, &i) in pool.iter().enumerate().skip(from) {
        if pool.len() - k < size - base.len() {
            break;
        }
        let u = union | masks[i];
        if u.count_ones() > most {
            continue;
        }
        base.push(i);
        let r = basic_bases(pool, masks, size, most, k + 1, u, base, found);
        base.pop();
        r?;
    }
    ControlFlow::Continue(())
}

/// The cover choice of [`basic_search`] for one base.
struct BasicCovers<'a> {
    k: Kind,
    /// The cross lines through the base candidates, in the order decided.
    order: &'a [usize],
    /// The base candidates.
    cands: CellSet,
    /// The cells any cover could remove the digit from.
    targets: CellSet,
    /// The digit's places in each cross line.
    cross_cells: &'a [CellSet; 9],
}

impl BasicCovers<'_> {
    /// Decide `order[at..]`, each line taken, then left out (its base
    /// candidates become fins); `found` gets the `size` lines chosen (a
    /// mask) and the fins, when the fins may still give a fish.
    fn choose(
        &self,
        at: usize,
        chosen: u16,
        fins: CellSet,
        found: &mut dyn FnMut(u16, CellSet) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let count = chosen.count_ones() as usize;
        if count == self.k.size {
            let rest = self.order[at..]
                .iter()
                .fold(fins, |f, &j| f | (self.cands & self.cross_cells[j]));
            if rest.is_empty() != self.k.finned && self.fins_ok(rest) {
                return found(chosen, rest);
            }
            return ControlFlow::Continue(());
        }
        let Some(&j) = self.order.get(at) else {
            return ControlFlow::Continue(());
        };
        if self.order.len() - at < self.k.size - count {
            return ControlFlow::Continue(());
        }
        self.choose(at + 1, chosen | 1 << j, fins, found)?;
        let more = fins | (self.cands & self.cross_cells[j]);
        if self.fins_ok(more) {
            self.choose(at + 1, chosen, more, found)?;
        }
        ControlFlow::Continue(())
    }

    /// As [`Searcher::fins_ok`].
    fn fins_ok(&self, fins: CellSet) -> bool {
        fins.is_empty()
            || (self.k.finned
                && fins.len() <= MAX_FINS
                && !((fins.common_peers() & self.targets) - fins).is_empty())
    }
}

/// The most cover lines the base candidates of a basic fish of kind `k`
/// may touch. Without fins every one of them must be a cover. With fins,
/// the lines that are not covers hold only fins, and a basic fish's fins
/// lie in one block: a cell that loses the digit sits in a cover line
/// outside the base lines, so it sees a fin only through the fin's block.
/// That cell's cover line crosses the block too, which leaves two of the
/// block's three cross lines for the fins.
fn most_cover_lines(k: Kind) -> u32 {
    k.size as u32 + if k.finned { 2 } else { 0 }
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

/// The first basic fish (no fins) of `size` lines (2: X-Wing, 3: Swordfish, 4:
/// Jellyfish) that removes something: digits 1 to 9, rows then columns as
/// base, base lines in order. `size` lines hold the digit only within
/// `size` cross lines, so it goes from the rest of those cross lines.
/// A quick search for the forcing nets, which look for one at every
/// standstill; the general search above is slower for these shapes.
pub(crate) fn first_basic_fish(board: &Board, size: usize) -> Option<(Evidence, Vec<Candidate>)> {
    for digit in Digit::all() {
        let cells = board.positions(digit);
        for by_rows in [true, false] {
            let line = |i: u8| {
                if by_rows {
                    House::row(i)
                } else {
                    House::col(i)
                }
            };
            let cross = |i: u8| {
                if by_rows {
                    House::col(i)
                } else {
                    House::row(i)
                }
            };
            // where each line holds the digit, as a 9-bit mask of cross lines
            let masks: Vec<(u8, u16)> = (0..9u8)
                .map(|i| {
                    let m = (cells & line(i).cells()).iter().fold(0u16, |m, c| {
                        m | 1 << if by_rows { c.col() } else { c.row() }
                    });
                    (i, m)
                })
                .filter(|&(_, m)| (2..=size as u32).contains(&m.count_ones()))
                .collect();
            let mut pick = Vec::with_capacity(size);
            if let Some(found) = fish_pick(&masks, size, 0, 0, &mut pick, &mut |bases, cover| {
                let base: Vec<House> = bases.iter().map(|&i| line(i)).collect();
                let covers: Vec<House> = (0..9u8)
                    .filter(|&i| cover & 1 << i != 0)
                    .map(cross)
                    .collect();
                let base_cells = base.iter().fold(CellSet::EMPTY, |a, h| a | h.cells());
                let cover_cells = covers.iter().fold(CellSet::EMPTY, |a, h| a | h.cells());
                let gone: Vec<Candidate> = (cells & (cover_cells - base_cells))
                    .iter()
                    .map(|c| Candidate::new(c, digit))
                    .collect();
                (!gone.is_empty()).then(|| {
                    let ev = Evidence::Fish {
                        digit,
                        base,
                        cover: covers,
                        fins: CellSet::EMPTY,
                        endo_fins: CellSet::EMPTY,
                    };
                    (ev, gone)
                })
            }) {
                return Some(found);
            }
        }
    }
    None
}

/// Choose `size` of the lines `masks[from..]` whose masks together cover
/// `size` cross lines; `found` decides whether the choice removes something.
fn fish_pick<T>(
    masks: &[(u8, u16)],
    size: usize,
    from: usize,
    cover: u16,
    pick: &mut Vec<u8>,
    found: &mut dyn FnMut(&[u8], u16) -> Option<T>,
) -> Option<T> {
    if pick.len() == size {
        return found(pick, cover);
    }
    for k in from..masks.len() {
        let Some(&(i, m)) = masks.get(k) else {
            break;
        };
        let c = cover | m;
        if c.count_ones() as usize > size {
            continue;
        }
        pick.push(i);
        let r = fish_pick(masks, size, k + 1, c, pick, found);
        pick.pop();
        if r.is_some() {
            return r;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    type Visit<'a> = &'a mut dyn FnMut(&Fish) -> ControlFlow<()>;

    /// Every fish a search reports, in order.
    fn all_fish(
        search: fn(CellSet, Digit, Kind, Visit<'_>) -> ControlFlow<()>,
        positions: CellSet,
        k: Kind,
    ) -> Vec<Fish> {
        let mut found = Vec::new();
        let digit = Digit::new(4).expect("a digit");
        let _ = search(positions, digit, k, &mut |f| {
            found.push(f.clone());
            ControlFlow::Continue(())
        });
        found
    }

    #[test]
    fn the_mask_search_finds_the_basic_fish_of_the_general_search_in_its_order() {
        // pseudo-random places of a digit, sparse to dense
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut fish_seen = 0;
        for round in 0..600 {
            let density = 20 + (round % 5) * 10; // percent
            let mut positions = CellSet::EMPTY;
            for cell in crate::grid::Cell::all() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 100 < density {
                    positions.insert(cell);
                }
            }
            // the large fish (up to Leviathan, 7) on fewer layouts: their
            // general search is slow
            let largest = if round % 10 == 0 { 7 } else { 4 };
            for size in 2..=largest {
                for (finned, sashimi) in [
                    (false, None),
                    (true, None),
                    (true, Some(true)),
                    (true, Some(false)),
                ] {
                    let k = Kind {
                        shape: Shape::Basic,
                        size,
                        finned,
                        sashimi,
                    };
                    let general = all_fish(general_search, positions, k);
                    let masks = all_fish(basic_search, positions, k);
                    fish_seen += general.len();
                    assert_eq!(
                        masks, general,
                        "size {size}, finned {finned}, round {round}"
                    );
                }
            }
        }
        // the comparison is not vacuous
        assert!(fish_seen > 1000, "only {fish_seen} fish");
    }
}
