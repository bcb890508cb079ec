//! Full grids to dig puzzles from.
//!
//! - [`random_grid`]: the three boxes of the main diagonal are independent
//!   of each other, so each gets a random permutation of 1..9; a depth-first
//!   search completes the grid, taking the cell with the fewest candidates
//!   first and trying its digits in random order. The grid is then shuffled
//!   by a random transformation that keeps every Sudoku valid (rows within
//!   their band, bands, columns within their stack, stacks, and a transpose
//!   half of the time), so no cell position is favoured by the search order.
//!   No practical generator draws uniformly from the 6.67 × 10²¹ grids; this
//!   one can produce every grid.
//! - [`Templates`]: the write-up's way. A *template* is the nine cells of
//!   one digit, one in each row, column and box (46,656 of them). The grid
//!   is nine templates that do not overlap, drawn at random for the digits
//!   one after the other, backing up when a digit has no template left.

use super::random::Random;
use crate::exact::Cells;

/// How full grids are made (more ways may come: the enum is
/// `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fill {
    /// A random search (see the module notes).
    #[default]
    Random,
    /// Nine non-overlapping digit templates drawn at random.
    Templates,
}

impl Fill {
    pub fn slug(self) -> &'static str {
        match self {
            Fill::Random => "random",
            Fill::Templates => "templates",
        }
    }
}

/// The box (0..9) of a cell index.
const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// A grid being filled: values and the digits used in each house, as bit
/// masks (bit `d` for digit `d`).
struct Filling {
    cells: Cells,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Filling {
    fn new() -> Filling {
        Filling {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        }
    }
    fn free(&self, cell: usize) -> u16 {
        !(self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[box_of(cell)]) & 0b11_1111_1110
    }
    fn toggle(&mut self, cell: usize, d: u8) {
        let bit = 1u16 << d;
        self.rows[cell / 9] ^= bit;
        self.cols[cell % 9] ^= bit;
        self.boxes[box_of(cell)] ^= bit;
    }
    fn set(&mut self, cell: usize, d: u8) {
        self.cells[cell] = d;
        self.toggle(cell, d);
    }
    fn clear(&mut self, cell: usize) {
        let d = self.cells[cell];
        self.cells[cell] = 0;
        self.toggle(cell, d);
    }

    /// Fill the empty cells, depth first: the cell with the fewest
    /// candidates, its digits in random order. `budget` bounds the number of
    /// placements tried; false when it runs out or there is no completion.
    fn complete(&mut self, rng: &mut Random, budget: &mut u32) -> bool {
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if self.cells[cell] != 0 {
                continue;
            }
            let free = self.free(cell);
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, free)) = best else {
            return true; // no empty cell left
        };
        let mut digits = [0u8; 9];
        let mut n = 0;
        for d in 1..=9u8 {
            if free & (1 << d) != 0 {
                digits[n] = d;
                n += 1;
            }
        }
        let digits = &mut digits[..n];
        rng.shuffle(digits);
        for &d in digits.iter() {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            self.set(cell, d);
            if self.complete(rng, budget) {
                return true;
            }
            self.clear(cell);
        }
        false
    }
}

/// A random full grid (see the module notes). The search almost never backs
/// up far; it is bounded all the same, and starts again if it runs out.
pub(crate) fn random_grid(rng: &mut Random) -> Cells {
    loop {
        let mut f = Filling::new();
        for b in [0usize, 4, 8] {
            let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
            rng.shuffle(&mut digits);
            for (k, &d) in digits.iter().enumerate() {
                let cell = (b / 3) * 27 + (b % 3) * 3 + (k / 3) * 9 + k % 3;
                f.set(cell, d);
            }
        }
        let mut budget = 10_000;
        if f.complete(rng, &mut budget) {
            return transform(&f.cells, rng);
        }
    }
}

/// A random permutation of 0..9 that keeps bands (or stacks) together: the
/// three bands in random order, the three rows of each in random order.
fn line_permutation(rng: &mut Random) -> [usize; 9] {
    let mut bands = [0usize, 1, 2];
    rng.shuffle(&mut bands);
    let mut out = [0usize; 9];
    for (i, &band) in bands.iter().enumerate() {
        let mut rows = [0usize, 1, 2];
        rng.shuffle(&mut rows);
        for (j, &r) in rows.iter().enumerate() {
            out[i * 3 + j] = band * 3 + r;
        }
    }
    out
}

/// The grid under a random validity-preserving transformation.
fn transform(cells: &Cells, rng: &mut Random) -> Cells {
    let rows = line_permutation(rng);
    let cols = line_permutation(rng);
    let transpose = rng.below(2) == 1;
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            out[r * 9 + c] = cells[sr * 9 + sc];
        }
    }
    out
}

/// Every template of one digit, as 81-bit masks.
pub(crate) struct Templates(Vec<u128>);

impl Templates {
    /// All 46,656 templates: a column per row, no two in one column or box.
    pub(crate) fn all() -> Templates {
        fn extend(row: usize, cols_used: u16, mask: u128, out: &mut Vec<u128>) {
            if row == 9 {
                out.push(mask);
                return;
            }
            for col in 0..9 {
                if cols_used & (1 << col) != 0 {
                    continue;
                }
                // the box of (row, col) must not hold a cell already: the
                // rows above in the same band
                let band_start = row - row % 3;
                let taken = (band_start..row).any(|r| {
                    (0..9).any(|c| mask & (1u128 << (r * 9 + c)) != 0 && c / 3 == col / 3)
                });
                if taken {
                    continue;
                }
                extend(
                    row + 1,
                    cols_used | (1 << col),
                    mask | (1u128 << (row * 9 + col)),
                    out,
                );
            }
        }
        let mut out = Vec::with_capacity(46_656);
        extend(0, 0, 0, &mut out);
        Templates(out)
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Nine templates that do not overlap, at random; `None` when the
    /// search budget runs out (it very rarely does).
    pub(crate) fn fill(&self, rng: &mut Random) -> Option<Cells> {
        let mut chosen: Vec<u128> = Vec::with_capacity(9);
        // the templates still open for each digit being placed
        let mut open: Vec<Vec<u128>> = Vec::with_capacity(9);
        let mut budget = 200u32;
        loop {
            let used = chosen.iter().fold(0u128, |a, &t| a | t);
            if chosen.len() == 9 {
                break;
            }
            if open.len() == chosen.len() {
                open.push(self.0.iter().copied().filter(|&t| t & used == 0).collect());
            }
            let options = open.last_mut()?;
            if options.is_empty() {
                // this digit has no room: back up one digit
                open.pop();
                chosen.pop()?;
                budget = budget.checked_sub(1)?;
                continue;
            }
            let pick = rng.below(options.len() as u32) as usize;
            chosen.push(options.swap_remove(pick));
        }
        // the digits in random order, so that digit 1 is not always the
        // freest choice
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        let mut cells = [0u8; 81];
        for (t, d) in chosen.iter().zip(digits) {
            for (cell, v) in cells.iter_mut().enumerate() {
                if t & (1u128 << cell) != 0 {
                    *v = d;
                }
            }
        }
        Some(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn random_grids_are_valid_and_differ() {
        let mut rng = Random::for_puzzle(1, 0);
        let a = random_grid(&mut rng);
        let b = random_grid(&mut rng);
        assert!(Grid::from_values(a).is_valid_solution());
        assert!(Grid::from_values(b).is_valid_solution());
        assert_ne!(a, b);
    }

    #[test]
    fn templates_make_grids() {
        let t = Templates::all();
        assert_eq!(t.len(), 46_656);
        let mut rng = Random::for_puzzle(2, 0);
        for _ in 0..5 {
            let g = t.fill(&mut rng).expect("a template grid");
            assert!(Grid::from_values(g).is_valid_solution());
        }
    }
}
