//! The basic fish search (X-Wing to Leviathan, plain, finned or sashimi) on
//! 9-bit masks, one per line, and the forcing nets' quick search for the
//! first plain basic fish.

use super::{is_sashimi, Fish, Kind, MAX_FINS};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, Digit, House};
use crate::step::Evidence;
use crate::strategies::Changed;
use std::ops::ControlFlow;

/// [`super::search`] for basic fish, on 9-bit masks: each base line is the set of
/// cross lines where it holds the digit. It finds the same fish in the same
/// order as the general search: base lines by index; then, for each base,
/// the cover sets in the order the general search's first-uncovered-cell
/// rule reaches them: the cross lines ranked by where the base candidates
/// first meet them (in cell order), each taken before it is left out (and
/// its candidates made fins).
pub(super) fn basic_search(
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

/// The first basic fish (no fins) of `size` lines (2: X-Wing, 3: Swordfish, 4:
/// Jellyfish) that removes something: digits 1 to 9, rows then columns as
/// base, base lines in order. `size` lines hold the digit only within
/// `size` cross lines, so it goes from the rest of those cross lines.
/// A quick search for the forcing nets, which look for one at every
/// standstill; the general search above is slower for these shapes.
/// Only the digits that lost a place are searched, and only base lines
/// one of which lost a place (see [`Changed`]: base lines that kept their
/// places make the same fish, whose targets can only have shrunk).
pub(crate) fn first_basic_fish(
    board: &Board,
    size: usize,
    changed: &Changed,
) -> Option<(Evidence, Vec<Candidate>)> {
    for digit in Digit::all().filter(|&d| changed.digit(d)) {
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
            // where each line holds the digit, as a 9-bit mask of cross
            // lines: the lines with 2 to `size` places, in order
            let all = cells.line_masks(by_rows);
            let (mut masks, mut n) = ([(0u8, 0u16); 9], 0);
            for (i, &m) in (0u8..).zip(&all) {
                if (2..=size as u32).contains(&m.count_ones()) {
                    masks[n] = (i, m);
                    n += 1;
                }
            }
            if n < size {
                continue;
            }
            let mut pick = Vec::with_capacity(size);
            if let Some(found) =
                fish_pick(&masks[..n], size, 0, 0, &mut pick, &mut |bases, cover| {
                    let base_cells = bases
                        .iter()
                        .fold(CellSet::EMPTY, |a, &i| a | line(i).cells());
                    if !bases.iter().any(|&i| changed.digit_in(digit, line(i))) {
                        return None;
                    }
                    let cover_cells = (0..9u8)
                        .filter(|&i| cover & 1 << i != 0)
                        .fold(CellSet::EMPTY, |a, i| a | cross(i).cells());
                    let gone = cells & (cover_cells - base_cells);
                    if gone.is_empty() {
                        return None;
                    }
                    let ev = Evidence::Fish {
                        digit,
                        base: bases.iter().map(|&i| line(i)).collect(),
                        cover: (0..9u8)
                            .filter(|&i| cover & 1 << i != 0)
                            .map(cross)
                            .collect(),
                        fins: CellSet::EMPTY,
                        endo_fins: CellSet::EMPTY,
                    };
                    Some((ev, gone.iter().map(|c| Candidate::new(c, digit)).collect()))
                })
            {
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
