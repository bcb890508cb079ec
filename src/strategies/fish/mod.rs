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
//!
//! Two searches find them: `basic.rs` searches basic fish on 9-bit masks
//! (one per line), `general.rs` every shape house by house; a test below
//! holds the two to the same fish in the same order.

use super::{Context, Sink};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Digit, House, HouseKind};
use crate::step::{eliminations_of, Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

mod basic;
mod general;

use basic::basic_search;
pub(crate) use basic::first_basic_fish;
use general::general_search;

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
/// until its places change (see [`crate::strategies::Fruitless`]). Then
/// only the base houses that lost a place since need searching: a fish
/// whose base houses all hold the places they held then has the same
/// fins, and its cover houses hold fewer places, so it removes no more
/// than it did then, which was nothing.
pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    let Some(k) = kind(t) else {
        return ControlFlow::Continue(());
    };
    ctx.fruitless.each_digit_since(t, board, |digit, lost| {
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
        search(board, digit, wide, lost, &mut |fish| {
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
        // the finned and the sashimi form run the same search (of basic
        // fish, which looks at every base): when it found no fish at all,
        // the other form finds nothing either
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
/// cover houses by index. Franken and mutant fish only with a base house
/// holding a cell of `lost` (basic fish, a quick search, on every base).
fn search(
    board: &Board,
    digit: Digit,
    k: Kind,
    lost: CellSet,
    visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let positions = board.positions(digit);
    if k.shape == Shape::Basic {
        return basic_search(positions, digit, k, visit);
    }
    general_search(positions, digit, k, lost, visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    type Visit<'a> = &'a mut dyn FnMut(&Fish) -> ControlFlow<()>;

    /// Every kind of `shapes` from size 2 to `largest(shape)`, plain then
    /// finned (finned and sashimi together).
    fn kinds(shapes: &[Shape], largest: impl Fn(Shape) -> usize) -> Vec<Kind> {
        let mut out = Vec::new();
        for &shape in shapes {
            for size in 2..=largest(shape) {
                for finned in [false, true] {
                    out.push(Kind {
                        shape,
                        size,
                        finned,
                        sashimi: None,
                    });
                }
            }
        }
        out
    }

    fn general_everywhere(p: CellSet, d: Digit, k: Kind, v: Visit<'_>) -> ControlFlow<()> {
        general_search(p, d, k, CellSet::ALL, v)
    }

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
                    let general = all_fish(general_everywhere, positions, k);
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

    /// The general search stops a cover search once the base candidates
    /// that may not be fins no longer fit in the houses left to choose: it
    /// reports the same fish in the same order as the search without that
    /// stop, for every shape.
    #[test]
    fn the_cover_search_stops_only_where_no_fish_is_left() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut fish_seen = 0;
        for round in 0..150 {
            let density = 25 + (round % 4) * 10; // percent
            let mut positions = CellSet::EMPTY;
            for cell in crate::grid::Cell::all() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 100 < density {
                    positions.insert(cell);
                }
            }
            let shapes = [Shape::Basic, Shape::Franken, Shape::Mutant];
            for k in kinds(&shapes, |shape| if shape == Shape::Mutant { 3 } else { 4 }) {
                let run = |prune| {
                    let mut found = Vec::new();
                    let digit = Digit::new(4).expect("a digit");
                    let _ = general::search_pruned(positions, digit, k, prune, &mut |f| {
                        found.push(f.clone());
                        ControlFlow::Continue(())
                    });
                    found
                };
                let pruned = run(true);
                fish_seen += pruned.len();
                assert_eq!(pruned, run(false), "{k:?}, round {round}");
            }
        }
        // the comparison is not vacuous
        assert!(fish_seen > 1000, "only {fish_seen} fish");
    }

    /// The rule that lets a search look only at the bases that lost a
    /// place: a fish found on fewer places whose base houses all kept
    /// theirs was a fish on the places before, on the same houses, with
    /// the same fins and at least its eliminations; and the search told
    /// which cells were lost reports the other fish, in the same order.
    #[test]
    fn a_fish_on_fewer_places_with_unchanged_bases_was_one_before() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut kept, mut restricted_seen) = (0, 0);
        let digit = Digit::new(4).expect("a digit");
        let run = |positions, k, lost| {
            let mut found = Vec::new();
            let _ = general_search(positions, digit, k, lost, &mut |f: &Fish| {
                found.push(f.clone());
                ControlFlow::Continue(())
            });
            found
        };
        for round in 0..200 {
            let density = 30 + (round % 4) * 10; // percent
            let mut before = CellSet::EMPTY;
            for cell in crate::grid::Cell::all() {
                if next() % 100 < density {
                    before.insert(cell);
                }
            }
            // lose one to three places
            let mut after = before;
            for _ in 0..1 + next() % 3 {
                let list: Vec<_> = after.iter().collect();
                if let Some(&c) = list.get((next() % list.len().max(1) as u64) as usize) {
                    after.remove(c);
                }
            }
            let lost = before - after;
            let shapes = [Shape::Franken, Shape::Mutant];
            for k in kinds(&shapes, |shape| if shape == Shape::Mutant { 2 } else { 3 }) {
                let old = run(before, k, CellSet::ALL);
                let now = run(after, k, CellSet::ALL);
                let touches = |f: &Fish| f.base.iter().any(|h| h.cells().intersects(lost));
                for f in now.iter().filter(|f| !touches(f)) {
                    let was = old.iter().find(|o| o.base == f.base && o.cover == f.cover);
                    let was = was.unwrap_or_else(|| panic!("{f:?} was no fish, {k:?}"));
                    assert_eq!(was.fins, f.fins, "{k:?}");
                    assert!(f.eliminations.is_subset(was.eliminations), "{k:?}");
                    kept += 1;
                }
                let wanted: Vec<Fish> = now.into_iter().filter(touches).collect();
                restricted_seen += wanted.len();
                assert_eq!(run(after, k, lost), wanted, "{k:?}, round {round}");
            }
        }
        // neither side of the comparison is vacuous
        assert!(
            kept > 100 && restricted_seen > 100,
            "{kept} kept, {restricted_seen} new"
        );
    }
}
