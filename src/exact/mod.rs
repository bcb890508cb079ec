//! The exact solver: a fast backtracking search that finds, counts or
//! enumerates the solutions of a Sudoku.
//!
//! # Representation
//!
//! The grid is split into its three *bands* (rows 1–3, 4–6 and 7–9). For
//! every digit and every band we keep one 27-bit set of the cells of that
//! band where the digit may still go (bit `9 * row + column`, with `row`
//! counted inside the band). That makes 9 × 3 = 27 small words, and almost
//! every deduction is a handful of AND/OR operations on them.
//!
//! # Propagation
//!
//! A digit's candidates inside one band are governed by a simple law: each
//! of the band's three rows and each of its three boxes holds the digit
//! exactly once. Think of the band as a 3 × 3 matrix of *mini-rows* (the
//! three cells where a row crosses a box); the digit's placement in the band
//! picks one mini-row per row and per box, i.e. a permutation. A precomputed
//! table maps the 9-bit "which mini-rows still have a candidate" pattern to
//! the union of all permutations it still allows, and one AND with it
//! performs pointing and claiming (locked candidates) inside the band at
//! once. After that:
//!
//! * a row of the band with a single candidate is a *hidden single*: the
//!   cell is solved and the other digits are removed from it;
//! * a box whose candidates all lie in one column *locks* that column: the
//!   digit is removed from the column in the two other bands (this also
//!   finishes the job for every solved cell).
//!
//! Bands whose candidates changed are re-examined until nothing moves, then
//! a bit-sliced count over the nine digits finds *naked singles* (cells with
//! one candidate left) and empty cells (contradictions).
//!
//! Placing a digit (a naked single, or a guess) only removes it from the
//! cell's row and box inside its band; the band law does the rest when
//! that band is re-examined (the cell becomes its row's hidden single, and
//! its box's locked column). The deductions only ever remove candidates,
//! and what one of them keeps of a grid it keeps of any grid with more
//! candidates, so they reach the same grid (or a contradiction) in whatever
//! order they are applied: the search sees the same grid at every node.
//!
//! # Search
//!
//! When propagation stalls we branch on a bivalue cell whenever there is
//! one, preferring (among the first few found) the cell with the most open
//! and bivalue peers, whose branches propagate furthest; otherwise on a
//! cell with the fewest candidates. Its digits are tried in increasing
//! order.
//!
//! Every branch but the last works on a copy of the grid; the last
//! continues in place. The order of exploration, and hence the first
//! solution and the order of enumeration, is fully deterministic.
//!
//! Scoring the cells shapes the tree of a hard puzzle, but costs time at
//! every node. The functions that only count solutions (or give the
//! solution when it is the only one) score at the top of the tree (until
//! two branches have been taken on copies: a cell's last digit continues
//! in place and does not count) and everywhere once the search has met a
//! contradiction; further down a path that has met none (the usual case
//! in a puzzle with many solutions, where nearly any branch leads to one)
//! they take the first bivalue cell. Their counts are the same either way;
//! the functions that hand out solutions of a puzzle with several always
//! score, so the order in which those come is unchanged.
//!
//! # Safety of indexing
//!
//! Array indices are `9 * band + digit` with `band < 3` and `digit < 9`
//! (both from bounded loops, const generics or a 9-bit digit set), cell
//! positions below 27 (taken from 27-bit sets) and table indices masked to
//! 9 bits, so no index can be out of bounds.

/// 81 cells, row-major, 0 = empty, 1..=9 = value.
pub type Cells = [u8; 81];

/// How many solutions a puzzle has, as far as a bounded search can tell:
/// exactly, or at least a number when the search stopped at its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// The puzzle has no solution (or its givens are invalid).
    None,
    /// Exactly one solution.
    Unique,
    /// Exactly `n` solutions, `n >= 2`: the search saw them all.
    Exactly(usize),
    /// At least `n` solutions, `n >= 2`: the search stopped at its limit.
    AtLeast(usize),
}

impl Count {
    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(self) -> bool {
        self == Count::Unique
    }
    /// The number of solutions known: exact, or a lower bound.
    pub fn found(self) -> usize {
        match self {
            Count::None => 0,
            Count::Unique => 1,
            Count::Exactly(n) | Count::AtLeast(n) => n,
        }
    }
    /// Whether [`Count::found`] is the exact number of solutions.
    pub fn is_exact(self) -> bool {
        !matches!(self, Count::AtLeast(_))
    }
}

/// Returns the first solution found, or `None` when there is none (or the
/// givens are invalid: a value above 9, or two equal givens that see each
/// other). The result is deterministic.
pub fn first_solution(givens: &Cells) -> Option<Cells> {
    let mut first = None;
    for_each_solution(givens, 1, |solution| first = Some(*solution));
    first
}

/// Counts the solutions, stopping as soon as `limit` of them have been
/// found: then the count is [`Count::AtLeast`]`(limit)`.
///
/// The search always looks for two solutions at least, since telling a
/// unique puzzle from one with several needs them: a `limit` of 0 or 1
/// counts as 2.
pub fn count(givens: &Cells, limit: usize) -> Count {
    let limit = limit.max(2);
    let Some(mut grid) = Grid::from_givens(givens) else {
        return Count::None;
    };
    let mut found = 0usize;
    search(&mut grid, Branching::Counting, &mut |_| {
        found += 1;
        found < limit
    });
    match found {
        0 => Count::None,
        1 => Count::Unique,
        n if n >= limit => Count::AtLeast(n),
        n => Count::Exactly(n),
    }
}

/// Returns the solution if there is exactly one, otherwise `Err(Count::None)`
/// or `Err(Count::AtLeast(2))`.
pub fn unique_solution(givens: &Cells) -> Result<Cells, Count> {
    match count_and_only_solution(givens, 2) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(Count::None),
        _ => Err(Count::AtLeast(2)),
    }
}

/// Calls `f` on up to `limit` solutions, in a deterministic order, and
/// returns how many were found. A `limit` of 0 enumerates nothing; invalid
/// givens (a value above 9, clashing givens) have no solutions.
pub fn for_each_solution(givens: &Cells, limit: usize, mut f: impl FnMut(&Cells)) -> usize {
    if limit == 0 {
        return 0;
    }
    let Some(mut grid) = Grid::from_givens(givens) else {
        return 0;
    };
    let mut found = 0usize;
    search(&mut grid, Branching::Scored, &mut |solved: &Grid| {
        f(&solved.values());
        found += 1;
        found < limit
    });
    found
}

/// Counts up to `limit` solutions like [`for_each_solution`], and returns
/// the count with the first solution (`None` when there is none): the
/// values of the others are never read off, which a batch telling one
/// solution from several saves on every puzzle with several.
pub fn first_and_count(givens: &Cells, limit: usize) -> (usize, Option<Cells>) {
    let (found, first) = count_keeping_first(givens, limit, Branching::Scored);
    (found, first.map(|solved| solved.values()))
}

/// Counts up to `limit` solutions like [`first_and_count`], and returns
/// the count with the solution when it is the only one found: the values
/// of a puzzle with several solutions are never read off, which a batch
/// telling one solution from several saves on every such puzzle.
pub fn count_and_only_solution(givens: &Cells, limit: usize) -> (usize, Option<Cells>) {
    // Below a limit of 2, the one solution found may be the first of
    // several: it is then the one the enumeration finds first.
    let branching = if limit >= 2 {
        Branching::Counting
    } else {
        Branching::Scored
    };
    let (found, first) = count_keeping_first(givens, limit, branching);
    let only = first.filter(|_| found == 1).map(|solved| solved.values());
    (found, only)
}

/// The count of solutions up to `limit`, and the first one's grid (which
/// depends on the `branching` rule when there are several).
fn count_keeping_first(
    givens: &Cells,
    limit: usize,
    branching: Branching,
) -> (usize, Option<Grid>) {
    if limit == 0 {
        return (0, None);
    }
    let Some(mut grid) = Grid::from_givens(givens) else {
        return (0, None);
    };
    let (mut found, mut first) = (0usize, None);
    search(&mut grid, branching, &mut |solved: &Grid| {
        if found == 0 {
            first = Some(*solved);
        }
        found += 1;
        found < limit
    });
    (found, first)
}

// ---------------------------------------------------------------------------
// Precomputed tables
// ---------------------------------------------------------------------------

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// For the 9 cells of one row: bit `b` is set when box `b` (of the band)
/// has a candidate in that row.
static MINIROWS_OF_ROW: [u8; 512] = minirows_of_row();

/// For a 9-bit pattern of non-empty mini-rows (bit `3 * row + box`): the
/// cells of every mini-row used by at least one row/box permutation that
/// fits the pattern; 0 when no permutation fits.
static PERMUTATION_CELLS: [u32; 512] = permutation_cells();

/// For a 9-bit set of columns holding a digit in a band: the cells (all
/// three rows) of those columns that are the only one of their box.
static LOCKED_COLUMNS: [u32; 512] = locked_columns();

/// For each cell of a band: its peers inside the band (row and box), not
/// counting the cell itself.
static BAND_PEERS: [u32; 27] = band_peers();

/// For a 3-bit set of rows of a band: all their cells.
static ROWS_CELLS: [u32; 8] = [
    0,
    0x1ff,
    0x1ff << 9,
    0x3ffff,
    0x1ff << 18,
    0x1ff | 0x1ff << 18,
    0x3ffff << 9,
    BAND,
];

/// For each column: its three cells in a band.
const fn column_cells(column: usize) -> u32 {
    0x40201 << column
}

/// The three cells where `row` (of a band) crosses box `stack`.
const fn minirow_cells(row: usize, stack: usize) -> u32 {
    7 << (9 * row + 3 * stack)
}

const fn minirows_of_row() -> [u8; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut stack = 0;
        while stack < 3 {
            if row & (7 << (3 * stack)) != 0 {
                table[row] |= 1 << stack;
            }
            stack += 1;
        }
        row += 1;
    }
    table
}

const fn permutation_cells() -> [u32; 512] {
    // The six ways of giving each row of a band its own box.
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                if pattern & (1 << (3 * row + boxes[row])) == 0 {
                    fits = false;
                }
                row += 1;
            }
            if fits {
                let mut row = 0;
                while row < 3 {
                    table[pattern] |= minirow_cells(row, boxes[row]);
                    row += 1;
                }
            }
            p += 1;
        }
        pattern += 1;
    }
    table
}

const fn locked_columns() -> [u32; 512] {
    let mut table = [0; 512];
    let mut columns: usize = 0;
    while columns < 512 {
        let mut stack = 0;
        while stack < 3 {
            let in_box = (columns >> (3 * stack)) & 7;
            if in_box != 0 && in_box & (in_box - 1) == 0 {
                let column = (in_box.trailing_zeros() as usize) + 3 * stack;
                table[columns] |= column_cells(column);
            }
            stack += 1;
        }
        columns += 1;
    }
    table
}

const fn band_peers() -> [u32; 27] {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let row = cell / 9;
        let stack = (cell % 9) / 3;
        let mut peers = 0x1ff << (9 * row);
        let mut r = 0;
        while r < 3 {
            peers |= minirow_cells(r, stack);
            r += 1;
        }
        table[cell] = peers & !(1 << cell);
        cell += 1;
    }
    table
}

// ---------------------------------------------------------------------------
// The grid state
// ---------------------------------------------------------------------------

/// A partially solved grid. Indices `9 * band + digit` use `digit` in
/// `0..9` and `band` in `0..3`, so they are always below 27.
#[derive(Clone, Copy)]
struct Grid {
    /// Cells of `band` where `digit` may still go.
    candidates: [u32; 27],
    /// The value `candidates` had when that band was last settled by
    /// [`Grid::settle_band`]; a difference means there is work to do.
    settled: [u32; 27],
    /// Cells of each band not solved yet.
    unsolved: [u32; 3],
}

/// Marker for "this grid has no solution".
struct Contradiction;

/// What a sweep for naked singles did.
enum Singles {
    /// It placed at least one.
    Placed,
    /// There was none; these are the bivalue cells of each band.
    NoneLeft { bivalue: [u32; 3] },
}

impl Grid {
    /// Builds the grid for `givens`; `None` for a value above 9 or two
    /// equal givens in the same row, column or box.
    fn from_givens(givens: &Cells) -> Option<Grid> {
        let mut grid = Grid {
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
    fn place(&mut self, digit: usize, band: usize, cell: u32) {
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
    fn settle_band<const DIGIT: usize, const BAND_INDEX: usize>(
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
    /// solved; see [`Grid::is_solved`].
    fn propagate(&mut self) -> Result<[u32; 3], Contradiction> {
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

    /// One sweep of [`Grid::settle_band`] over every (digit, band) whose
    /// candidates changed since it was last settled; reports whether there
    /// was any.
    fn settle_stale_bands(&mut self) -> Result<bool, Contradiction> {
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
    fn place_naked_singles(&mut self) -> Result<Singles, Contradiction> {
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

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Picks the cell to branch on, given the `bivalue` cells of each
    /// band: among the first few bivalue cells, the one with the most open
    /// and bivalue peers (its two branches then propagate furthest);
    /// without bivalue cells, the first cell with the fewest candidates.
    /// Returns `(band, cell)`.
    fn branching_cell(&self, bivalue: &[u32; 3]) -> (usize, u32) {
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
    /// [`Grid::branching_cell`] picks. Returns `(band, cell)`.
    fn first_bivalue_cell(&self, bivalue: &[u32; 3]) -> (usize, u32) {
        for (band, &cells) in bivalue.iter().enumerate() {
            if cells != 0 {
                return (band, cells & cells.wrapping_neg());
            }
        }
        self.branching_cell(bivalue)
    }

    /// The candidate digits of `cell` in `band`, as a 9-bit set.
    fn digits_of(&self, band: usize, cell: u32) -> u32 {
        let mut digits = 0;
        for digit in 0..9 {
            if self.candidates[9 * band + digit] & cell != 0 {
                digits |= 1 << digit;
            }
        }
        digits
    }

    /// Reads the values off a solved grid.
    fn values(&self) -> Cells {
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

/// Depth-first search with the `branching` rule. `sink` is called on each
/// solution and returns whether to keep searching; the return value says
/// the same.
fn search<F: FnMut(&Grid) -> bool>(grid: &mut Grid, branching: Branching, sink: &mut F) -> bool {
    Search {
        sink,
        score_every_level: branching == Branching::Scored,
    }
    .explore(grid, 0)
}

/// How the search picks the cell it branches on (see the module notes).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Branching {
    /// Always the best-scored cell: the order in which solutions are found,
    /// and so the first of several, stays what it has always been. For
    /// the functions that hand out solutions of a puzzle with several.
    Scored,
    /// Scored only above [`SCORED_DEPTH`] and once a branch has met a
    /// contradiction; else the first bivalue cell. For the functions that
    /// only count (or give the solution when it is the only one found of at
    /// least two looked for), which it makes faster on puzzles with many
    /// solutions.
    Counting,
}

/// The depth of the search (branches taken on copies of the grid: every
/// digit of a cell but its last, which continues in place) above which
/// [`Branching::Counting`] always scores the branching cell: the top of the
/// tree, which decides most of a hard puzzle's tree.
const SCORED_DEPTH: usize = 2;

/// One depth-first search.
struct Search<'a, F> {
    sink: &'a mut F,
    /// Whether every branching cell is scored: always with
    /// [`Branching::Scored`], and with [`Branching::Counting`] from the first
    /// contradiction on (the search is then proving rather than finding).
    score_every_level: bool,
}

impl<F: FnMut(&Grid) -> bool> Search<'_, F> {
    /// Searches below `grid`, reached by `depth` branches taken on copies
    /// (a cell's last digit continues in place, at its parent's depth);
    /// `false` when the sink asked to stop.
    fn explore(&mut self, grid: &mut Grid, depth: usize) -> bool {
        loop {
            let Ok(bivalue) = grid.propagate() else {
                self.score_every_level = true;
                return true;
            };
            if grid.is_solved() {
                return (self.sink)(grid);
            }
            let (band, cell) = if depth < SCORED_DEPTH || self.score_every_level {
                grid.branching_cell(&bivalue)
            } else {
                grid.first_bivalue_cell(&bivalue)
            };
            let mut digits = grid.digits_of(band, cell);
            if digits == 0 {
                return true;
            }
            // All digits but the last on copies; the last one in place.
            while digits & (digits - 1) != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = *grid;
                child.place(digit, band, cell);
                if !self.explore(&mut child, depth + 1) {
                    return false;
                }
            }
            grid.place(digits.trailing_zeros() as usize, band, cell);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grid `from_givens` must build, worked out cell by cell: `None`
    /// for a value above 9 or two equal givens that see each other; else
    /// a given keeps only its own digit, and an empty cell every digit no
    /// peer holds.
    fn grid_by_cells(givens: &Cells) -> Option<Grid> {
        let sees = |a: usize, b: usize| {
            a != b
                && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3))
        };
        let mut grid = Grid {
            candidates: [0; 27],
            settled: [BAND; 27],
            unsolved: [0; 3],
        };
        for (cell, &value) in givens.iter().enumerate() {
            if value > 9 {
                return None;
            }
            let (band, position) = (cell / 27, cell % 27);
            if value != 0 {
                if (0..81).any(|peer| sees(cell, peer) && givens[peer] == value) {
                    return None;
                }
                grid.candidates[9 * band + usize::from(value) - 1] |= 1 << position;
                continue;
            }
            grid.unsolved[band] |= 1 << position;
            for digit in 1..=9u8 {
                if !(0..81).any(|peer| sees(cell, peer) && givens[peer] == digit) {
                    grid.candidates[9 * band + usize::from(digit) - 1] |= 1 << position;
                }
            }
        }
        Some(grid)
    }

    /// A small reproducible stream of pseudo-random numbers.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// The solutions of `givens` (up to `limit`) found with `branching`, in
    /// the order found.
    fn solutions_with(givens: &Cells, limit: usize, branching: Branching) -> Vec<Cells> {
        let mut all = Vec::new();
        if let Some(mut grid) = Grid::from_givens(givens) {
            search(&mut grid, branching, &mut |solved: &Grid| {
                all.push(solved.values());
                all.len() < limit
            });
        }
        all
    }

    #[test]
    fn both_branching_rules_find_the_same_solutions() {
        // a solved grid with 30 to 59 cells taken out at random: from one
        // solution to more than the limit
        let solved = first_solution(&[0; 81]).expect("the empty grid has solutions");
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let limit = 200;
        let (mut several, mut at_limit, mut other_order) = (0, 0, 0);
        for round in 0..400 {
            let mut givens = solved;
            while givens.iter().filter(|&&v| v == 0).count() < 30 + round % 30 {
                givens[(next() % 81) as usize] = 0;
            }
            let scored = solutions_with(&givens, limit, Branching::Scored);
            let mut counting = solutions_with(&givens, limit, Branching::Counting);
            assert_eq!(scored.len(), counting.len(), "{givens:?}");
            // the counting functions, on the public side
            let expected = match scored.len() {
                0 => Count::None,
                1 => Count::Unique,
                n if n >= limit => Count::AtLeast(n),
                n => Count::Exactly(n),
            };
            assert_eq!(count(&givens, limit), expected, "{givens:?}");
            let only = scored.first().copied().filter(|_| scored.len() == 1);
            for small in [2, 3, limit] {
                let found = scored.len().min(small);
                let only = only.filter(|_| found == 1);
                assert_eq!(count_and_only_solution(&givens, small), (found, only));
            }
            // the same solutions, found in another order when the rules
            // chose other cells
            other_order += usize::from(scored != counting);
            several += usize::from(scored.len() > 1);
            at_limit += usize::from(scored.len() == limit);
            if scored.len() < limit {
                let mut scored = scored;
                scored.sort_unstable();
                counting.sort_unstable();
                assert_eq!(scored, counting, "{givens:?}");
            }
        }
        assert!(
            several > 150 && at_limit > 20 && other_order > 20,
            "{several} with several, {at_limit} at the limit, {other_order} in another order"
        );
    }

    #[test]
    fn from_givens_agrees_with_a_cell_by_cell_reading() {
        // random givens from sparse to dense, with values up to 11: many
        // clash, many do not
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        let (mut valid, mut rejected) = (0, 0);
        for round in 0..20_000 {
            let filled = round % 24 + 1;
            let mut givens = [0u8; 81];
            for _ in 0..filled {
                let cell = (next() % 81) as usize;
                // values above 9 in two puzzles of a hundred: just above,
                // and any byte
                let top = match round % 100 {
                    0 => 12,
                    1 => 256,
                    _ => 10,
                };
                givens[cell] = (next() % top) as u8;
            }
            let (fast, slow) = (Grid::from_givens(&givens), grid_by_cells(&givens));
            match (fast, slow) {
                (None, None) => rejected += 1,
                (Some(fast), Some(slow)) => {
                    valid += 1;
                    assert_eq!(fast.candidates, slow.candidates, "{givens:?}");
                    assert_eq!(fast.unsolved, slow.unsolved, "{givens:?}");
                    assert_eq!(fast.settled, slow.settled);
                }
                (fast, slow) => panic!(
                    "{givens:?}: accepted by from_givens {}, by the reference {}",
                    fast.is_some(),
                    slow.is_some()
                ),
            }
        }
        assert!(
            valid > 5_000 && rejected > 5_000,
            "{valid} valid, {rejected} rejected"
        );
    }
}
