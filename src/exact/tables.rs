//! The exact solver's precomputed tables, built at compile time: the cells of
//! a band's rows, columns and mini-rows, and per 9-bit row pattern the
//! permutation law's cells and locked columns (see the module notes of
//! [`super`]).

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// For the 9 cells of one row: bit `b` is set when box `b` (of the band)
/// has a candidate in that row.
pub(super) static MINIROWS_OF_ROW: [u8; 512] = minirows_of_row();

/// For a 9-bit pattern of non-empty mini-rows (bit `3 * row + box`): the
/// cells of every mini-row used by at least one row/box permutation that
/// fits the pattern; 0 when no permutation fits.
pub(super) static PERMUTATION_CELLS: [u32; 512] = permutation_cells();

/// For a 9-bit set of columns holding a digit in a band: the cells (all
/// three rows) of those columns that are the only one of their box.
pub(super) static LOCKED_COLUMNS: [u32; 512] = locked_columns();

/// For each cell of a band: its peers inside the band (row and box), not
/// counting the cell itself.
pub(super) static BAND_PEERS: [u32; 27] = band_peers();

/// For a 3-bit set of rows of a band: all their cells.
pub(super) static ROWS_CELLS: [u32; 8] = [
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
pub(super) const fn column_cells(column: usize) -> u32 {
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
