//! The exact solver's state: [`Bitboard`], per digit and band the cells
//! where the digit may still go, with the band law, hidden and naked singles
//! and the choice of the branching cell (see the module notes of [`super`]).

use super::tables::*;
use super::Cells;

/// A partially solved grid. Indices `9 * band + digit` use `digit` in
/// `0..9` and `band` in `0..3`, so they are always below 27.
#[derive(Clone, Copy)]
pub(super) struct Bitboard {
    /// Cells of `band` where `digit` may still go.
    pub(super) candidates: [u32; 27],
    /// The value `candidates` had when that band was last settled by
    /// [`Bitboard::settle_band`]; a difference means there is work to do.
    pub(super) settled: [u32; 27],
    /// Cells of each band not solved yet.
    pub(super) unsolved: [u32; 3],
}

/// Marker for "this grid has no solution".
pub(super) struct Contradiction;

/// What a sweep for naked singles did.
pub(super) enum Singles {
    /// It placed at least one.
    Placed,
    /// There was none; these are the bivalue cells of each band.
    NoneLeft { bivalue: [u32; 3] },
}

impl Bitboard {
    /// Builds the grid for `givens`; `None` for a value above 9 or two
    /// equal givens in the same row, column or box.
    pub(super) fn from_givens(givens: &Cells) -> Option<Bitboard> {
        #[cfg(test)]
        crate::grid::work::add(|w| &mut w.exact_searches);
        let mut grid = Bitboard {
            candidates: [BAND; 27],
            settled: [BAND; 27],
            unsolved: [BAND; 3],
        };
        // Each given removes its digit from its peers inside the band at
        // once, so a clash in a row or box shows up as a given whose digit
        // is already gone. Columns are handled per digit at the end, and the
        // other digits leave the given cells then too.
        let mut given_cells = [0u32; 3];
        let mut own_givens = [0u32; 27];
        for (band, band_givens) in givens.chunks_exact(27).enumerate() {
            for (position, &value) in band_givens.iter().enumerate() {
                if value == 0 {
                    continue;
                }
                if value > 9 {
                    return None;
                }
                let index = 9 * band + usize::from(value - 1);
                let cell = 1u32 << position;
                if grid.candidates[index] & cell == 0 {
                    return None; // a peer in the band already holds this digit
                }
                grid.candidates[index] &= !BAND_PEERS[position];
                own_givens[index] |= cell;
                given_cells[band] |= cell;
            }
        }
        for digit in 0..9 {
            let column_of = |band: usize| {
                let own = own_givens[9 * band + digit];
                (own | own >> 9 | own >> 18) & 0x1ff
            };
            let columns = [column_of(0), column_of(1), column_of(2)];
            if columns[0] & columns[1] != 0
                || columns[0] & columns[2] != 0
                || columns[1] & columns[2] != 0
            {
                return None; // two equal givens in one column
            }
            for band in 0..3 {
                let elsewhere = columns[(band + 1) % 3] | columns[(band + 2) % 3];
                let index = 9 * band + digit;
                grid.candidates[index] &= !(elsewhere * 0x40201);
            }
        }
        for (band, &given) in given_cells.iter().enumerate() {
            grid.unsolved[band] &= !given;
            for digit in 0..9 {
                grid.candidates[9 * band + digit] &= !given | own_givens[9 * band + digit];
            }
        }
        Some(grid)
    }

    /// Puts `digit` in the single cell `cell` of `band` (which must still
    /// be a candidate): removes the digit from the cell's peers inside the
    /// band. The rest follows when the band is next settled, as it must be:
    /// the search only places at a stall, when no unsolved cell is its
    /// row's only place for a digit, so the first placement of a digit in a
    /// band removes a peer and leaves the band to settle (a later naked
    /// single of a batch may remove nothing, but the band is settled anyway
    /// for the earlier one). The cell is then its row's hidden single,
    /// which clears the other digits from it, and its box's candidates lie
    /// in one column, which is locked: the digit leaves the column in the
    /// other bands.
    #[inline(always)]
    pub(super) fn place(&mut self, digit: usize, band: usize, cell: u32) {
        debug_assert!(digit < 9 && band < 3 && cell.count_ones() == 1 && cell & BAND != 0);
        let position = cell.trailing_zeros() as usize % 27;
        let own = 9 * band + digit;
        self.candidates[own] = (self.candidates[own] & !BAND_PEERS[position]) | cell;
        self.unsolved[band] &= !cell;
    }

    /// Applies the band law to one digit in one band: keeps only mini-rows
    /// that fit a row/box permutation, solves rows down to one cell, and
    /// removes locked columns from the other two bands.
    #[inline(always)]
    pub(super) fn settle_band<const DIGIT: usize, const BAND_INDEX: usize>(
        &mut self,
    ) -> Result<(), Contradiction> {
        let (digit, band) = (DIGIT, BAND_INDEX);
        let index = 9 * band + digit;
        let mut cells = self.candidates[index];
        let pattern = usize::from(MINIROWS_OF_ROW[(cells & 0x1ff) as usize])
            | usize::from(MINIROWS_OF_ROW[((cells >> 9) & 0x1ff) as usize]) << 3
            | usize::from(MINIROWS_OF_ROW[((cells >> 18) & 0x1ff) as usize]) << 6;
        // Each lookup gives 3 bits, so `pattern < 512`.
        cells &= PERMUTATION_CELLS[pattern & 0x1ff];
        if cells == 0 {
            return Err(Contradiction);
        }
        self.candidates[index] = cells;
        self.settled[index] = cells;

        // Column locks: remove them from the other two bands.
        let locked = LOCKED_COLUMNS[((cells | cells >> 9 | cells >> 18) & 0x1ff) as usize];
        self.candidates[9 * ((band + 1) % 3) + digit] &= !locked;
        self.candidates[9 * ((band + 2) % 3) + digit] &= !locked;

        // Hidden singles in rows. Every row is non-empty here, because a
        // permutation uses a non-empty mini-row in each row. Rows solved
        // before are solved again: clearing their cell once more changes
        // nothing, and costs less than the unpredictable branch that would
        // tell new rows from old ones.
        let (top, middle, bottom) = (cells & 0x1ff, (cells >> 9) & 0x1ff, cells >> 18);
        let single_rows = u32::from(top & (top - 1) == 0)
            | u32::from(middle & (middle - 1) == 0) << 1
            | u32::from(bottom & (bottom - 1) == 0) << 2;
        let solved = cells & ROWS_CELLS[single_rows as usize & 7];
        for other in 0..9 {
            self.candidates[9 * band + other] &= !solved;
        }
        self.candidates[index] = cells;
        self.unsolved[band] &= !solved;
        Ok(())
    }

    /// Runs the deductions until none applies, and returns the bivalue
    /// cells of each band then (none when solved). `Ok` does not mean
    /// solved; see [`Bitboard::is_solved`].
    pub(super) fn propagate(&mut self) -> Result<[u32; 3], Contradiction> {
        loop {
            while self.settle_stale_bands()? {}
            if self.is_solved() {
                return Ok([0; 3]);
            }
            if let Singles::NoneLeft { bivalue } = self.place_naked_singles()? {
                return Ok(bivalue);
            }
        }
    }

    /// One sweep of [`Bitboard::settle_band`] over every (digit, band) whose
    /// candidates changed since it was last settled; reports whether there
    /// was any.
    pub(super) fn settle_stale_bands(&mut self) -> Result<bool, Contradiction> {
        let mut any = false;
        macro_rules! sweep {
            ($($digit:literal),*) => {$(
                if self.candidates[$digit] != self.settled[$digit] {
                    self.settle_band::<$digit, 0>()?;
                    any = true;
                }
                if self.candidates[9 + $digit] != self.settled[9 + $digit] {
                    self.settle_band::<$digit, 1>()?;
                    any = true;
                }
                if self.candidates[18 + $digit] != self.settled[18 + $digit] {
                    self.settle_band::<$digit, 2>()?;
                    any = true;
                }
            )*};
        }
        sweep!(0, 1, 2, 3, 4, 5, 6, 7, 8);
        Ok(any)
    }

    /// Places every naked single. When there is none, the same count of
    /// candidates per cell gives the bivalue cells, where the search
    /// branches.
    pub(super) fn place_naked_singles(&mut self) -> Result<Singles, Contradiction> {
        let mut placed = false;
        let mut bivalue = [0u32; 3];
        for (band, band_bivalue) in bivalue.iter_mut().enumerate() {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for digit in 0..9 {
                let cells = self.candidates[9 * band + digit];
                thrice |= twice & cells;
                twice |= once & cells;
                once |= cells;
            }
            if unsolved & !once != 0 {
                return Err(Contradiction); // a cell without candidates
            }
            *band_bivalue = unsolved & twice & !thrice;
            let singles = unsolved & !twice;
            if singles == 0 {
                continue;
            }
            placed = true;
            for digit in 0..9 {
                let mut mine = self.candidates[9 * band + digit] & singles;
                while mine != 0 {
                    let cell = mine & mine.wrapping_neg();
                    mine ^= cell;
                    if self.candidates[9 * band + digit] & cell == 0 {
                        // An earlier single of this batch took its only digit.
                        return Err(Contradiction);
                    }
                    self.place(digit, band, cell);
                }
            }
        }
        Ok(if placed {
            Singles::Placed
        } else {
            Singles::NoneLeft { bivalue }
        })
    }

    pub(super) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Picks the cell to branch on, given the `bivalue` cells of each
    /// band: among the first few bivalue cells, the one with the most open
    /// and bivalue peers (its two branches then propagate furthest);
    /// without bivalue cells, the first cell with the fewest candidates.
    /// Returns `(band, cell)`.
    pub(super) fn branching_cell(&self, bivalue: &[u32; 3]) -> (usize, u32) {
        let mut chosen = (0, 0, 0);
        // Scoring every bivalue cell costs more than it saves; the first
        // few (in band order) are enough.
        let mut budget = 6;
        for band in 0..3 {
            let mut left = bivalue[band];
            while left != 0 && budget != 0 {
                budget -= 1;
                let cell = left & left.wrapping_neg();
                left ^= cell;
                let position = cell.trailing_zeros() as usize % 27;
                let column = column_cells(position % 9);
                let (first, second) = ((band + 1) % 3, (band + 2) % 3);
                // Open peers plus bivalue peers, counted with two popcounts:
                // the column cells of the other two bands do not overlap
                // once one of them is shifted by one.
                let peers = BAND_PEERS[position];
                let in_band =
                    u64::from(self.unsolved[band] & peers) | u64::from(bivalue[band] & peers) << 32;
                let open_across =
                    (self.unsolved[first] & column) | (self.unsolved[second] & column) << 1;
                let bivalue_across = (bivalue[first] & column) | (bivalue[second] & column) << 1;
                let across = u64::from(open_across) | u64::from(bivalue_across) << 32;
                let score = in_band.count_ones() + across.count_ones() + 1;
                if score > chosen.2 {
                    chosen = (band, cell, score);
                }
            }
        }
        if chosen.1 != 0 {
            return (chosen.0, chosen.1);
        }
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let cell = open & open.wrapping_neg();
                open ^= cell;
                let count = self.digits_of(band, cell).count_ones();
                if count < best.2 {
                    best = (band, cell, count);
                }
            }
        }
        (best.0, best.1)
    }

    /// The first bivalue cell in band order, or (without one) the cell
    /// [`Bitboard::branching_cell`] picks. Returns `(band, cell)`.
    pub(super) fn first_bivalue_cell(&self, bivalue: &[u32; 3]) -> (usize, u32) {
        for (band, &cells) in bivalue.iter().enumerate() {
            if cells != 0 {
                return (band, cells & cells.wrapping_neg());
            }
        }
        self.branching_cell(bivalue)
    }

    /// The candidate digits of `cell` in `band`, as a 9-bit set.
    pub(super) fn digits_of(&self, band: usize, cell: u32) -> u32 {
        let mut digits = 0;
        for digit in 0..9 {
            if self.candidates[9 * band + digit] & cell != 0 {
                digits |= 1 << digit;
            }
        }
        digits
    }

    /// Reads the values off a solved grid.
    pub(super) fn values(&self) -> Cells {
        let mut cells = [0u8; 81];
        for digit in 0..9u8 {
            for band in 0..3 {
                let mut placed = self.candidates[9 * band + usize::from(digit)];
                while placed != 0 {
                    let position = placed.trailing_zeros() as usize;
                    placed &= placed - 1;
                    if let Some(value) = cells.get_mut(27 * band + position) {
                        *value = digit + 1;
                    }
                }
            }
        }
        cells
    }
}
