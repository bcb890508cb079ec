//! [`Board`]: a position in play. Values (givens and placed digits) plus the
//! pencil marks (candidates) of every empty cell, kept in two mirrored views:
//! per cell (`DigitSet`) and per digit (`CellSet`), so strategies can ask both
//! "what may go here?" and "where may this digit go?" in one lookup.

use crate::bitset::{CellSet, DigitSet};
use crate::grid::{Candidate, Cell, Clash, Digit, Grid, House};
use std::fmt;

/// Why a position cannot be completed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Contradiction {
    /// Two equal values share a house.
    Clash(Clash),
    /// An empty cell has no candidate left.
    NoCandidate { cell: Cell },
    /// A digit has no place left in a house (and is not placed there).
    NoPlace { house: House, digit: Digit },
    /// A value was set in a cell that already holds one.
    Occupied { cell: Cell, value: Digit },
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Clash(c) => c.fmt(f),
            Contradiction::NoCandidate { cell } => {
                write!(
                    f,
                    "{cell} can hold no digit: every digit is already used by one of its peers"
                )
            }
            Contradiction::NoPlace { house, digit } => {
                write!(f, "{digit} has no place left in {}", house.describe())
            }
            Contradiction::Occupied { cell, value } => {
                write!(f, "{cell} already holds {value}")
            }
        }
    }
}

impl std::error::Error for Contradiction {}

/// A position: values plus candidates.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    grid: Grid,
    /// Candidates per cell; empty for filled cells.
    cands: [DigitSet; 81],
    /// `positions[d]`: the empty cells where `d + 1` is still a candidate.
    positions: [CellSet; 9],
    /// The cells holding a value (the grid's, kept as a set for speed).
    filled: CellSet,
}

impl Board {
    /// An empty board: every cell may hold every digit.
    pub fn empty() -> Board {
        Board {
            grid: Grid::default(),
            cands: [DigitSet::ALL; 81],
            positions: [CellSet::ALL; 9],
            filled: CellSet::EMPTY,
        }
    }

    /// The position of a fresh puzzle: its givens placed, every other cell
    /// holding the digits none of its peers holds. Fails on a clash of givens.
    pub fn from_grid(grid: &Grid) -> Result<Board, Contradiction> {
        Board::of_puzzle(grid).map_err(Contradiction::Clash)
    }

    /// [`Board::from_grid`], failing with the clash itself.
    pub(crate) fn of_puzzle(grid: &Grid) -> Result<Board, Clash> {
        #[cfg(test)]
        crate::grid::work::add(|w| &mut w.boards);
        if let Some(clash) = grid.find_clash() {
            return Err(clash);
        }
        let mut b = Board::empty();
        for cell in Cell::all() {
            if let Some(d) = grid.value(cell) {
                b.place(cell, d);
                if !grid.is_given(cell) {
                    b.grid.set_placed(cell, d);
                }
            }
        }
        Ok(b)
    }

    /// A player's position from explicit pencil marks. Values come from
    /// `grid`; for empty cells `cands[cell]` is taken as given (it is not
    /// widened). Clashing values are an error.
    pub fn from_pencilmarks(grid: &Grid, cands: &[DigitSet; 81]) -> Result<Board, Contradiction> {
        if let Some(clash) = grid.find_clash() {
            return Err(Contradiction::Clash(clash));
        }
        let mut b = Board {
            grid: grid.clone(),
            cands: [DigitSet::EMPTY; 81],
            positions: [CellSet::EMPTY; 9],
            filled: Cell::all().filter(|&c| grid.value(c).is_some()).collect(),
        };
        for cell in Cell::all() {
            if grid.value(cell).is_none() {
                // a pencil mark that a peer's value rules out is dropped
                let mut allowed = cands[cell.index()];
                for p in cell.peers() {
                    if let Some(v) = grid.value(p) {
                        allowed.remove(v);
                    }
                }
                b.cands[cell.index()] = allowed;
                for d in allowed {
                    b.positions[d.index()].insert(cell);
                }
            }
        }
        Ok(b)
    }

    /// The values and givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.grid.value(cell)
    }
    pub fn is_given(&self, cell: Cell) -> bool {
        self.grid.is_given(cell)
    }
    /// Candidates of a cell (empty for a filled cell).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }
    pub fn has_candidate(&self, cell: Cell, d: Digit) -> bool {
        self.cands[cell.index()].contains(d)
    }
    /// Empty cells where `d` is a candidate.
    pub fn positions(&self, d: Digit) -> CellSet {
        self.positions[d.index()]
    }
    /// Empty cells where each digit is a candidate (by digit index): every
    /// [`Board::positions`] at once.
    pub fn all_positions(&self) -> [CellSet; 9] {
        self.positions
    }
    /// Empty cells of `house` where `d` is a candidate.
    pub fn positions_in(&self, d: Digit, house: House) -> CellSet {
        self.positions[d.index()] & house.cells()
    }
    /// Digits still to be placed in `house` (candidates of its empty cells).
    pub fn house_candidates(&self, house: House) -> DigitSet {
        house
            .cell_list()
            .iter()
            .fold(DigitSet::EMPTY, |acc, &c| acc | self.cands[c.index()])
    }
    /// Whether `d` is already placed in `house`.
    pub fn house_has_value(&self, house: House, d: Digit) -> bool {
        house
            .cell_list()
            .iter()
            .any(|&c| self.grid.values()[c.index()] == d.get())
    }
    /// All empty cells.
    pub fn empty_cells(&self) -> CellSet {
        CellSet::ALL - self.filled
    }
    /// The empty cells of a house, in the house's order.
    pub fn empty_in(&self, house: House) -> Vec<Cell> {
        house
            .cell_list()
            .iter()
            .copied()
            .filter(|&c| self.value(c).is_none())
            .collect()
    }
    /// Every candidate on the board, cell by cell, digits in order.
    pub fn candidate_list(&self) -> Vec<Candidate> {
        Cell::all()
            .flat_map(|c| self.candidates(c).iter().map(move |d| Candidate::new(c, d)))
            .collect()
    }
    /// Empty cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        Cell::all()
            .filter(|&c| self.cands[c.index()].len() == 2)
            .collect()
    }
    pub fn is_solved(&self) -> bool {
        self.filled == CellSet::ALL
    }
    /// Number of candidates left on the board.
    pub fn candidate_count(&self) -> u32 {
        self.cands.iter().map(|s| s.len()).sum()
    }

    /// Place `d` in `cell` as a player would: the value is set and `d` is
    /// removed from the candidates of its peers. Reports a contradiction the
    /// move creates (or reveals) anywhere on the board, as a value.
    ///
    /// A move that is illegal in itself (`Occupied`, or a `Clash` with a
    /// peer's value) leaves the board unchanged. A legal move whose
    /// consequence is a contradiction elsewhere (`NoCandidate`, `NoPlace`)
    /// stays made: the board shows the position that cannot be completed.
    pub fn set(&mut self, cell: Cell, d: Digit) -> Result<(), Contradiction> {
        if let Some(value) = self.value(cell) {
            return Err(Contradiction::Occupied { cell, value });
        }
        for p in cell.peers() {
            if self.value(p) == Some(d) {
                let (first, second) = if p < cell { (p, cell) } else { (cell, p) };
                let house = cell
                    .houses()
                    .into_iter()
                    .find(|h| h.cells().contains(p))
                    .unwrap_or(House::row(cell.row()));
                return Err(Contradiction::Clash(Clash {
                    first,
                    second,
                    digit: d,
                    house,
                }));
            }
        }
        self.place(cell, d);
        self.grid.set_placed(cell, d);
        match self.contradiction() {
            Some(c) => Err(c),
            None => Ok(()),
        }
    }

    /// Place without checks: set the value, clear the cell's candidates and
    /// remove `d` from its peers. Used by the solver, whose steps are sound.
    pub fn place(&mut self, cell: Cell, d: Digit) {
        self.grid.set_given(cell, d);
        self.filled.insert(cell);
        for digit in self.cands[cell.index()] {
            self.positions[digit.index()].remove(cell);
        }
        self.cands[cell.index()] = DigitSet::EMPTY;
        let peers = cell.peers() & self.positions[d.index()];
        for p in peers {
            self.cands[p.index()].remove(d);
        }
        self.positions[d.index()] -= peers;
    }

    /// Place a value that is not a given (a deduction of the solver).
    pub fn place_deduced(&mut self, cell: Cell, d: Digit) {
        self.place(cell, d);
        self.grid.set_placed(cell, d);
    }

    /// Remove one candidate; returns whether it was there.
    pub fn eliminate(&mut self, c: Candidate) -> bool {
        let had = self.cands[c.cell.index()].contains(c.digit);
        self.cands[c.cell.index()].remove(c.digit);
        self.positions[c.digit.index()].remove(c.cell);
        had
    }

    /// The first contradiction on the board, scanning cells in order, then
    /// houses (rows, columns, blocks) and digits: an empty cell with no
    /// candidate, or a digit with neither a value nor a place in a house.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if self.is_consistent() {
            return None;
        }
        if let Some(clash) = self.grid.find_clash() {
            return Some(Contradiction::Clash(clash));
        }
        for cell in Cell::all() {
            if self.value(cell).is_none() && self.cands[cell.index()].is_empty() {
                return Some(Contradiction::NoCandidate { cell });
            }
        }
        for house in House::all() {
            let mut covered = self.house_candidates(house);
            for &c in house.cell_list() {
                if let Some(v) = self.value(c) {
                    covered.insert(v);
                }
            }
            if let Some(digit) = (DigitSet::ALL - covered).first() {
                return Some(Contradiction::NoPlace { house, digit });
            }
        }
        None
    }

    /// Whether every cell still holds `solution`'s digit, as its value or
    /// as a candidate. Such a board has no contradiction: the solution's
    /// digits give every cell a candidate and every house every digit, and
    /// its values (the solution's) cannot clash.
    pub(crate) fn keeps_solution(&self, solution: &Grid) -> bool {
        let values = self.grid.values();
        solution
            .values()
            .iter()
            .zip(values)
            .zip(&self.cands)
            .all(|((&want, &value), cands)| {
                want != 0
                    && if value != 0 {
                        value == want
                    } else {
                        cands.bits() >> want & 1 != 0
                    }
            })
    }

    /// Whether the board has no contradiction: one pass of bit masks, so
    /// the solver can ask after every step; [`Board::contradiction`] names
    /// the first one when there is one.
    fn is_consistent(&self) -> bool {
        // values per row, column and block; a value seen twice is a clash
        let mut seen = [0u16; 27];
        for cell in self.filled {
            let Some(v) = self.value(cell) else {
                return false;
            };
            let bit = 1u16 << v.get();
            for h in cell.houses() {
                let slot = &mut seen[h.index()];
                if *slot & bit != 0 {
                    return false;
                }
                *slot |= bit;
            }
        }
        // every empty cell keeps a candidate, every house every digit
        let mut covered = seen;
        for cell in CellSet::ALL - self.filled {
            let cands = self.cands[cell.index()];
            if cands.is_empty() {
                return false;
            }
            for h in cell.houses() {
                covered[h.index()] |= cands.bits();
            }
        }
        covered.iter().all(|&c| c == DigitSet::ALL.bits())
    }

    /// Cells whose value is forced right now: naked singles (one candidate
    /// left) and hidden singles (the only place for a digit in a house), in
    /// cell order, each reported once.
    pub fn forced_cells(&self) -> Vec<(Cell, Digit)> {
        let mut forced: Vec<(Cell, Digit)> = Vec::new();
        let mut seen = CellSet::EMPTY;
        for cell in Cell::all() {
            if let Some(d) = self.cands[cell.index()].single_digit() {
                forced.push((cell, d));
                seen.insert(cell);
            }
        }
        for house in House::all() {
            for d in Digit::all() {
                if let Some(cell) = self.positions_in(d, house).single_cell() {
                    if !seen.contains(cell) {
                        forced.push((cell, d));
                        seen.insert(cell);
                    }
                }
            }
        }
        forced.sort();
        forced
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(r: u8, c: u8) -> Cell {
        Cell::at(r - 1, c - 1)
    }
    fn digit(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    #[test]
    fn set_removes_from_peers() {
        let mut b = Board::empty();
        b.set(cell(1, 1), digit(5)).unwrap();
        assert!(!b.has_candidate(cell(1, 9), digit(5)));
        assert!(!b.has_candidate(cell(9, 1), digit(5)));
        assert!(!b.has_candidate(cell(3, 3), digit(5)));
        assert!(b.has_candidate(cell(4, 4), digit(5)));
        assert_eq!(b.positions(digit(5)).len(), 81 - 1 - 20);
    }

    #[test]
    fn set_reports_clash_and_occupied() {
        let mut b = Board::empty();
        b.set(cell(1, 2), digit(5)).unwrap();
        let err = b.set(cell(1, 7), digit(5)).unwrap_err();
        assert_eq!(err.to_string(), "r1c2 and r1c7 are both 5 in row 1");
        let err = b.set(cell(1, 2), digit(3)).unwrap_err();
        assert_eq!(err.to_string(), "r1c2 already holds 5");
    }

    #[test]
    fn set_reports_empty_cell() {
        let mut b = Board::empty();
        // r1c1 sees 1..8 in its row, then 9 in its column
        for (c, d) in (2..=9).zip(1..=8) {
            b.set(cell(1, c), digit(d)).unwrap();
        }
        let err = b.set(cell(5, 1), digit(9)).unwrap_err();
        assert_eq!(err, Contradiction::NoCandidate { cell: cell(1, 1) });
    }

    #[test]
    fn forced_cells_appear() {
        let mut b = Board::empty();
        for (c, d) in (2..=9).zip(1..=8) {
            b.set(cell(1, c), digit(d)).unwrap();
        }
        assert_eq!(b.forced_cells()[0], (cell(1, 1), digit(9)));
    }
}
