//! Removing givens from a full grid while the solution stays unique.
//!
//! The orbits of the symmetry (single cells when there is none) are tried in
//! random order; an orbit is emptied when the exact solver still finds one
//! solution, and kept otherwise. One pass is enough for a minimal puzzle:
//! removing more givens only adds solutions, so an orbit that could not go
//! once can never go later.

use super::random::Random;
use super::Reject;
use crate::bitset::CellSet;
use crate::exact::{self, Cells, Count};

/// How far to dig.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Digging {
    /// The fewest and most givens wanted.
    pub min: u8,
    pub max: u8,
    /// Dig until no orbit can go (else stop at a random count in the range).
    pub minimal: bool,
}

fn unique(cells: &Cells) -> bool {
    exact::count(cells, 2) == Count::Unique
}

fn clear(cells: &mut Cells, orbit: CellSet) {
    for c in orbit {
        cells[c.index()] = 0;
    }
}

fn restore(cells: &mut Cells, orbit: CellSet, solution: &Cells) {
    for c in orbit {
        cells[c.index()] = solution[c.index()];
    }
}

/// Dig a puzzle out of `solution`, one orbit at a time.
pub(crate) fn dig(
    solution: &Cells,
    orbits: &[CellSet],
    plan: Digging,
    rng: &mut Random,
) -> Result<Cells, Reject> {
    let mut order: Vec<CellSet> = orbits.to_vec();
    rng.shuffle(&mut order);
    // without minimality, stop at a count drawn from the range, so a range
    // gives puzzles of every size in it
    let stop_at = if plan.minimal {
        0
    } else {
        let span = u32::from(plan.max.saturating_sub(plan.min)) + 1;
        plan.min + rng.below(span) as u8
    };
    let mut puzzle = *solution;
    let mut count = 81u32;
    for orbit in order {
        if !plan.minimal && count <= u32::from(stop_at) {
            break;
        }
        let size = orbit.len();
        if !plan.minimal && count - size < u32::from(plan.min) {
            continue; // would fall below the range
        }
        clear(&mut puzzle, orbit);
        if unique(&puzzle) {
            count -= size;
        } else {
            restore(&mut puzzle, orbit, solution);
        }
    }
    if count > u32::from(plan.max) || count < u32::from(plan.min) {
        return Err(Reject::Givens);
    }
    Ok(puzzle)
}

/// The puzzle whose givens are `solution`'s values on the pattern's cells,
/// if its solution is unique (and, when asked, it is minimal).
pub(crate) fn from_pattern(
    solution: &Cells,
    pattern: CellSet,
    minimal_in: Option<&[CellSet]>,
) -> Result<Cells, Reject> {
    let mut puzzle = [0u8; 81];
    for c in pattern {
        puzzle[c.index()] = solution[c.index()];
    }
    if !unique(&puzzle) {
        return Err(Reject::NotUnique);
    }
    if let Some(orbits) = minimal_in {
        if !is_minimal_cells(&puzzle, orbits) {
            return Err(Reject::NotMinimal);
        }
    }
    Ok(puzzle)
}

/// Whether no orbit of givens can be removed with the solution staying
/// unique (the puzzle itself is assumed unique).
pub(crate) fn is_minimal_cells(puzzle: &Cells, orbits: &[CellSet]) -> bool {
    let mut p = *puzzle;
    for &orbit in orbits {
        if orbit.iter().any(|c| p[c.index()] == 0) {
            continue; // not an orbit of givens
        }
        clear(&mut p, orbit);
        let removable = unique(&p);
        restore(&mut p, orbit, puzzle);
        if removable {
            return false;
        }
    }
    true
}
