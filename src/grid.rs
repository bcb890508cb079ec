//! The vocabulary of the board: [`Cell`], [`Digit`], [`House`] (row, column,
//! block), [`Candidate`], and [`Grid`] (values plus which of them are givens).
//!
//! Internally rows, columns, blocks and cells are 0-based; everything printed
//! is 1-based in the community notation: `r3c5`, `r3`, `c5`, `b2`, `r3c5=7`.

use crate::bitset::CellSet;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the 81 cells, numbered row-major from 0 (`r1c1`) to 80 (`r9c9`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell with this index, if it is below 81.
    pub const fn new(index: u8) -> Option<Cell> {
        if index < 81 {
            Some(Cell(index))
        } else {
            None
        }
    }
    /// The cell at 0-based `row` and `col`; both are reduced modulo 9.
    pub const fn at(row: u8, col: u8) -> Cell {
        Cell((row % 9) * 9 + col % 9)
    }
    /// All 81 cells in order.
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        (0..81).map(Cell)
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 0-based row.
    pub const fn row(self) -> u8 {
        self.0 / 9
    }
    /// 0-based column.
    pub const fn col(self) -> u8 {
        self.0 % 9
    }
    /// 0-based block, numbered left to right, top to bottom.
    pub const fn block(self) -> u8 {
        (self.0 / 27) * 3 + (self.0 % 9) / 3
    }
    /// The three houses the cell belongs to: its row, column and block.
    pub const fn houses(self) -> [House; 3] {
        [
            House::row(self.row()),
            House::col(self.col()),
            House::block(self.block()),
        ]
    }
    /// The 20 cells that share a house with this one.
    pub fn peers(self) -> CellSet {
        tables::PEERS[self.index()]
    }
    /// Whether two distinct cells share a house.
    pub fn sees(self, other: Cell) -> bool {
        tables::PEERS[self.index()].contains(other)
    }
}

/// `r3c5`, 1-based.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = [b'r', b'1' + self.row(), b'c', b'1' + self.col()];
        f.write_str(std::str::from_utf8(&name).unwrap_or("r?c?"))
    }
}

/// A digit 1..=9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Digit(u8);

impl Digit {
    /// The digit `n`, if `n` is in 1..=9.
    pub const fn new(n: u8) -> Option<Digit> {
        if n >= 1 && n <= 9 {
            Some(Digit(n))
        } else {
            None
        }
    }
    /// All nine digits in order.
    pub fn all() -> impl Iterator<Item = Digit> + Clone {
        (1..=9).map(Digit)
    }
    pub const fn get(self) -> u8 {
        self.0
    }
    /// 0-based index (digit 1 is 0), handy for arrays of nine.
    pub const fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, char::from(b'0' + self.0))
    }
}

/// The kind of a house.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HouseKind {
    Row,
    Col,
    Block,
}

impl HouseKind {
    /// The word a learner reads: "row", "column", "block".
    pub fn word(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Col => "column",
            HouseKind::Block => "block",
        }
    }
    /// The letter of the notation: `r`, `c`, `b`.
    pub fn letter(self) -> char {
        match self {
            HouseKind::Row => 'r',
            HouseKind::Col => 'c',
            HouseKind::Block => 'b',
        }
    }
}

/// One of the 27 houses: rows 0..9, columns 9..18, blocks 18..27 (this order
/// is the deterministic "rows, then columns, then blocks" order of all output).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct House(u8);

impl House {
    pub const fn new(index: u8) -> Option<House> {
        if index < 27 {
            Some(House(index))
        } else {
            None
        }
    }
    /// 0-based row `r` (reduced modulo 9).
    pub const fn row(r: u8) -> House {
        House(r % 9)
    }
    pub const fn col(c: u8) -> House {
        House(9 + c % 9)
    }
    pub const fn block(b: u8) -> House {
        House(18 + b % 9)
    }
    /// All 27 houses: rows, columns, blocks.
    pub fn all() -> impl Iterator<Item = House> + Clone {
        (0..27).map(House)
    }
    pub fn rows() -> impl Iterator<Item = House> + Clone {
        (0..9).map(House)
    }
    pub fn cols() -> impl Iterator<Item = House> + Clone {
        (9..18).map(House)
    }
    pub fn blocks() -> impl Iterator<Item = House> + Clone {
        (18..27).map(House)
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Col,
            _ => HouseKind::Block,
        }
    }
    /// 0-based number within its kind.
    pub const fn number(self) -> u8 {
        self.0 % 9
    }
    /// The nine cells of the house, as a set.
    pub fn cells(self) -> CellSet {
        tables::HOUSE_SETS[self.index()]
    }
    /// The nine cells of the house, in order.
    pub fn cell_list(self) -> &'static [Cell; 9] {
        &tables::HOUSE_CELLS[self.index()]
    }
    /// A learner's words: "row 3", "column 5", "block 2".
    pub fn describe(self) -> String {
        format!("{} {}", self.kind().word(), self.number() + 1)
    }
}

/// `r3`, `c5`, `b2`, 1-based.
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind().letter(), self.number() + 1)
    }
}

/// A digit that may go in a cell: one pencil mark.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Candidate {
    pub cell: Cell,
    pub digit: Digit,
}

impl Candidate {
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
    /// A dense index 0..729: `cell * 9 + digit - 1`.
    pub const fn index(self) -> usize {
        self.cell.index() * 9 + self.digit.index()
    }
    pub const fn from_index(i: usize) -> Option<Candidate> {
        if i >= 729 {
            return None;
        }
        Some(Candidate {
            cell: Cell((i / 9) as u8),
            digit: Digit((i % 9) as u8 + 1),
        })
    }
}

/// A candidate taken as true (`on`: the cell holds the digit) or false:
/// the literal that forcing chains and nets propagate, and that Sudoku
/// Explainer calls a potential.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Literal {
    pub cand: Candidate,
    pub on: bool,
}

impl Literal {
    /// How many literals there are: two per candidate.
    pub const COUNT: usize = 729 * 2;

    pub const fn new(cand: Candidate, on: bool) -> Literal {
        Literal { cand, on }
    }
    /// A dense index 0..1458: `candidate index * 2 + on`.
    pub const fn index(self) -> usize {
        self.cand.index() * 2 + self.on as usize
    }
    pub const fn from_index(i: usize) -> Option<Literal> {
        match Candidate::from_index(i / 2) {
            Some(cand) => Some(Literal {
                cand,
                on: i % 2 == 1,
            }),
            None => None,
        }
    }
    /// The same candidate with the other truth value.
    pub const fn negated(self) -> Literal {
        Literal {
            cand: self.cand,
            on: !self.on,
        }
    }
}

/// A candidate as a chain node in Eureka notation: `(5)r3c5`. (Placed and
/// removed candidates are written `r3c5=5` and `r3c5<>5` by the renderers.)
impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}){}", self.digit, self.cell)
    }
}

/// A puzzle or a (partial) solution: 81 values and which of them are givens.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    values: [u8; 81],
    givens: CellSet,
}

/// The grid as its 81-character line, `.` for an empty cell (the form
/// [`str::parse`] reads back); with `{:#}`, nine lines of nine.
///
/// ```
/// use sudoku_sensei::Grid;
/// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let grid: Grid = line.parse().unwrap();
/// assert_eq!(grid.to_string(), line);
/// assert_eq!(format!("{grid:#}").lines().next(), Some("53..7...."));
/// ```
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.line_bytes();
        let line = std::str::from_utf8(&line).map_err(|_| fmt::Error)?;
        if !f.alternate() {
            return f.write_str(line);
        }
        for row in 0..9 {
            if row > 0 {
                f.write_str("\n")?;
            }
            f.write_str(&line[row * 9..row * 9 + 9])?;
        }
        Ok(())
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid {
            values: [0; 81],
            givens: CellSet::EMPTY,
        }
    }
}

impl Grid {
    /// A grid whose every filled cell is a given. Values above 9 are treated as empty.
    pub fn from_values(values: [u8; 81]) -> Grid {
        // Eight cells at a time, without a branch (puzzles are read by
        // the thousand, and their cells are too irregular for branches to
        // be predicted): bytes 1..=9 are kept, the others cleared.
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x80 * ONES;
        let mut kept = [0u8; 81];
        let mut givens = 0u128;
        let (head, last) = values.split_at(80);
        for (i, (eight, out)) in head
            .chunks_exact(8)
            .zip(kept.chunks_exact_mut(8))
            .enumerate()
        {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(eight);
            let word = u64::from_le_bytes(bytes);
            // below 128: the high bit of a lane is then free for the sums
            let low = word & !HIGH;
            let at_least_1 = low + 0x7f * ONES;
            let at_least_10 = low + 0x76 * ONES;
            let given = at_least_1 & !at_least_10 & !word & HIGH;
            let lanes = given >> 7;
            out.copy_from_slice(&(word & (lanes * 0xff)).to_le_bytes());
            // the lanes' low bits gathered into one byte, lane 0 lowest
            let bits = lanes.wrapping_mul(0x0102_0408_1020_4080) >> 56;
            givens |= u128::from(bits) << (8 * i);
        }
        if let (Some(&v), Some(out)) = (last.first(), kept.last_mut()) {
            if (1..=9).contains(&v) {
                *out = v;
                givens |= 1 << 80;
            }
        }
        Grid {
            values: kept,
            givens: CellSet::from_bits(givens),
        }
    }
    /// The 81 values, 0 = empty.
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }
    /// Cells holding a given (a clue of the puzzle).
    pub fn givens(&self) -> CellSet {
        self.givens
    }
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.contains(cell)
    }
    /// Place a given.
    pub fn set_given(&mut self, cell: Cell, d: Digit) {
        self.values[cell.index()] = d.get();
        self.givens.insert(cell);
    }
    /// Place a value that is not a given (a player's or the solver's).
    pub fn set_placed(&mut self, cell: Cell, d: Digit) {
        self.values[cell.index()] = d.get();
        self.givens.remove(cell);
    }
    pub fn clear(&mut self, cell: Cell) {
        self.values[cell.index()] = 0;
        self.givens.remove(cell);
    }
    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }
    /// The first pair of equal values sharing a house, in house order
    /// (rows, columns, blocks), as `(first cell, second cell, digit, house)`.
    pub fn find_clash(&self) -> Option<Clash> {
        #[cfg(test)]
        work::add(|w| &mut w.clash_checks);
        for house in House::all() {
            let mut seen: [Option<Cell>; 10] = [None; 10];
            for &cell in house.cell_list() {
                let v = self.values[cell.index()];
                if let Some(d) = Digit::new(v) {
                    if let Some(first) = seen[v as usize] {
                        return Some(Clash {
                            first,
                            second: cell,
                            digit: d,
                            house,
                        });
                    }
                    seen[v as usize] = Some(cell);
                }
            }
        }
        None
    }
    /// Whether this is a complete, valid solution.
    pub fn is_valid_solution(&self) -> bool {
        self.is_complete() && self.find_clash().is_none()
    }
    /// The 81-character line, `.` for empty.
    pub fn to_line(&self) -> String {
        String::from_utf8_lossy(&self.line_bytes()).into_owned()
    }
    /// The 81-character line as bytes, `.` for empty (no allocation: a
    /// batch writes one per puzzle).
    pub fn line_bytes(&self) -> [u8; 81] {
        self.values
            .map(|v| if (1..=9).contains(&v) { b'0' + v } else { b'.' })
    }
}

/// Two equal values in one house.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clash {
    pub first: Cell,
    pub second: Cell,
    pub digit: Digit,
    pub house: House,
}

/// `r1c2 and r1c7 are both 5 in row 1`
impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // (piece by piece, the house's words without a string of their
        // own: a batch of invalid puzzles writes two of these per puzzle)
        let house_number = [b'1' + self.house.number()];
        fmt::Display::fmt(&self.first, f)?;
        f.write_str(" and ")?;
        fmt::Display::fmt(&self.second, f)?;
        f.write_str(" are both ")?;
        fmt::Display::fmt(&self.digit, f)?;
        f.write_str(" in ")?;
        f.write_str(self.house.kind().word())?;
        f.write_str(" ")?;
        f.write_str(std::str::from_utf8(&house_number).unwrap_or("?"))
    }
}

/// Prints cells in compact community notation: cells of one row are
/// written `r1c46`, rows with the same columns merge into `r26c37`; the
/// column-first grouping is used when it is shorter. Groups are joined by `,`.
pub fn cells_to_string(cells: &[Cell]) -> String {
    let mut out = String::new();
    write_cells(&mut out, cells.iter().copied().collect());
    out
}

/// [`cells_to_string`] of a set of cells, written at the end of `out`
/// (counted first, then written once: no string per group).
pub fn write_cells(out: &mut String, cells: CellSet) {
    let by_row = cells.line_masks(true);
    let by_col = cells.line_masks(false);
    if group_len(&by_col) < group_len(&by_row) {
        write_group(out, &by_col, false);
    } else {
        write_group(out, &by_row, true);
    }
}

/// The groups of the lines of one kind (`lines[major]`: the bit mask of
/// the minor indices): lines with the same cells merge. Each group as
/// (the mask of its lines, the mask of their cells' minor indices), in
/// the order of its first line.
fn groups(lines: &[u16; 9]) -> impl Iterator<Item = (u16, u16)> + '_ {
    let mut done = 0u16;
    (0..9).filter_map(move |major| {
        if lines[major] == 0 || done & (1 << major) != 0 {
            return None;
        }
        let mut majors = 0u16;
        for (other, &mask) in lines.iter().enumerate().skip(major) {
            if mask == lines[major] {
                majors |= 1 << other;
            }
        }
        done |= majors;
        Some((majors, lines[major]))
    })
}

/// The length of [`write_group`]'s text: per group a letter and the digits
/// of each of its two masks, and a comma between groups.
fn group_len(lines: &[u16; 9]) -> u32 {
    let (n, len) = groups(lines).fold((0u32, 0u32), |(n, len), (majors, minors)| {
        (n + 1, len + 2 + majors.count_ones() + minors.count_ones())
    });
    len + n.saturating_sub(1)
}

/// `r26c37,r4c1`: the groups, rows before columns in each (`row_major`:
/// the lines are rows).
fn write_group(out: &mut String, lines: &[u16; 9], row_major: bool) {
    let digits = |out: &mut String, mask: u16| {
        for i in 0..9u8 {
            if mask & (1 << i) != 0 {
                out.push(char::from(b'1' + i));
            }
        }
    };
    for (i, (majors, minors)) in groups(lines).enumerate() {
        if i > 0 {
            out.push(',');
        }
        // keep the r..c.. order in the text: c3 with rows 12 is r12c3
        let (rows, cols) = if row_major {
            (majors, minors)
        } else {
            (minors, majors)
        };
        out.push('r');
        digits(out, rows);
        out.push('c');
        digits(out, cols);
    }
}

/// Lookup tables computed at compile time: the cells of each house and the
/// peers of each cell.
pub mod tables {
    use super::Cell;
    use crate::bitset::CellSet;

    const fn house_cells() -> [[Cell; 9]; 27] {
        let mut t = [[Cell(0); 9]; 27];
        let mut i = 0;
        while i < 9 {
            let mut j = 0;
            while j < 9 {
                t[i][j] = Cell((i * 9 + j) as u8);
                t[9 + i][j] = Cell((j * 9 + i) as u8);
                let r = (i / 3) * 3 + j / 3;
                let c = (i % 3) * 3 + j % 3;
                t[18 + i][j] = Cell((r * 9 + c) as u8);
                j += 1;
            }
            i += 1;
        }
        t
    }

    /// `HOUSE_CELLS[h]`: the nine cells of house `h`, in order.
    pub const HOUSE_CELLS: [[Cell; 9]; 27] = house_cells();

    const fn house_sets() -> [CellSet; 27] {
        let mut t = [CellSet::EMPTY; 27];
        let mut h = 0;
        while h < 27 {
            let mut bits = 0u128;
            let mut j = 0;
            while j < 9 {
                bits |= 1 << HOUSE_CELLS[h][j].0;
                j += 1;
            }
            t[h] = CellSet::from_bits(bits);
            h += 1;
        }
        t
    }

    /// `HOUSE_SETS[h]`: the cells of house `h` as a set.
    pub const HOUSE_SETS: [CellSet; 27] = house_sets();

    const fn peers() -> [CellSet; 81] {
        let mut t = [CellSet::EMPTY; 81];
        let mut i = 0;
        while i < 81 {
            let c = Cell(i as u8);
            let bits = HOUSE_SETS[c.row() as usize].bits()
                | HOUSE_SETS[9 + c.col() as usize].bits()
                | HOUSE_SETS[18 + c.block() as usize].bits();
            t[i] = CellSet::from_bits(bits & !(1u128 << i));
            i += 1;
        }
        t
    }

    /// `PEERS[c]`: the 20 cells sharing a house with cell `c`.
    pub const PEERS: [CellSet; 81] = peers();
}

/// The work done on this thread, counted in unit tests only (issue 35:
/// each puzzle is prepared once): how many times the exact solver set out,
/// values were checked for a clash, a board was built from a grid, and a
/// solve loop ran. Release builds have no counter.
#[cfg(test)]
pub(crate) mod work {
    use std::cell::Cell;

    /// What is counted.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    pub(crate) struct Work {
        pub exact_searches: usize,
        pub clash_checks: usize,
        pub boards: usize,
        pub solves: usize,
    }

    thread_local! {
        static WORK: Cell<Work> = const { Cell::new(Work { exact_searches: 0, clash_checks: 0, boards: 0, solves: 0 }) };
    }

    /// Count one more of what `f` picks.
    pub(crate) fn add(f: impl FnOnce(&mut Work) -> &mut usize) {
        WORK.with(|w| {
            let mut now = w.get();
            *f(&mut now) += 1;
            w.set(now);
        });
    }

    /// The work `run` does on this thread.
    pub(crate) fn of<T>(run: impl FnOnce() -> T) -> (T, Work) {
        let before = WORK.with(|w| w.replace(Work::default()));
        let out = run();
        let done = WORK.with(|w| w.replace(before));
        (out, done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(r: u8, col: u8) -> Cell {
        Cell::at(r - 1, col - 1)
    }

    #[test]
    fn notation() {
        assert_eq!(c(3, 5).to_string(), "r3c5");
        assert_eq!(House::block(1).to_string(), "b2");
        assert_eq!(c(4, 4).block(), 4);
        assert_eq!(cells_to_string(&[c(1, 4), c(1, 6)]), "r1c46");
        assert_eq!(
            cells_to_string(&[c(2, 3), c(2, 7), c(6, 3), c(6, 7)]),
            "r26c37"
        );
        assert_eq!(cells_to_string(&[c(1, 3), c(2, 3)]), "r12c3");
        assert_eq!(cells_to_string(&[c(1, 3), c(5, 7)]), "r1c3,r5c7");
    }

    #[test]
    fn from_values_keeps_digits_and_clears_the_rest() {
        // every byte value in every cell (each cell of a chunk of eight,
        // and the last, 81st, cell), among neighbours of every kind
        for v in 0..=255u8 {
            let mut values = [0u8; 81];
            for (i, value) in values.iter_mut().enumerate() {
                *value = match i % 4 {
                    0 => v,
                    1 => (i % 10) as u8,
                    2 => v.wrapping_add(i as u8),
                    _ => 255 - v,
                };
            }
            for shift in 0..4 {
                values.rotate_left(shift);
                let grid = Grid::from_values(values);
                for cell in Cell::all() {
                    let v = values[cell.index()];
                    let digit = (1..=9).contains(&v);
                    assert_eq!(grid.values()[cell.index()], if digit { v } else { 0 });
                    assert_eq!(grid.is_given(cell), digit, "{v} at {cell}");
                }
            }
        }
    }

    #[test]
    fn tables() {
        for h in House::all() {
            assert_eq!(h.cells().len(), 9);
        }
        for cell in Cell::all() {
            assert_eq!(cell.peers().len(), 20);
            assert!(!cell.peers().contains(cell));
        }
    }
}
