//! The symmetries of a pattern of givens: Sudoku Explainer's ten types.
//!
//! A symmetry is a group of geometric maps of the grid (mirrors and
//! rotations). Its *orbits* split the 81 cells into classes that must be
//! all given or all empty: a cell and its mirror image, the four corners of
//! a square under a quarter turn, and so on. A symmetric puzzle is dug one
//! orbit at a time.
//!
//! Sudoku Explainer names the two diagonals the other way round: its
//! "Diagonal" is the rising one (r9c1 to r1c9, sensei's `antidiagonal`) and
//! its "Anti-diagonal" the falling one (r1c1 to r9c9, sensei's `diagonal`,
//! the main diagonal of the matrix). sensei follows the matrix convention
//! and lists SE's name beside each type.

use crate::bitset::CellSet;
use crate::grid::Cell;

/// How the givens of a puzzle are placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Unchanged by a half turn around the centre (central symmetry).
    Rotate180,
    /// Unchanged by a quarter turn (and so by a half turn).
    Rotate90,
    /// Mirror image left to right, in the vertical axis (column 5).
    Mirror,
    /// Mirror image top to bottom, in the horizontal axis (row 5).
    Flip,
    /// Mirror image in the main diagonal, r1c1 to r9c9.
    Diagonal,
    /// Mirror image in the anti-diagonal, r9c1 to r1c9.
    Antidiagonal,
    /// Both diagonals (and so a half turn).
    Bidiagonal,
    /// Both axes, vertical and horizontal (and so a half turn).
    Orthogonal,
    /// Every symmetry of the square: both axes, both diagonals, quarter turns.
    Full,
}

/// One geometric map of the grid, on (row, column), both 0-based.
type Map = fn(u8, u8) -> (u8, u8);

fn mirror(r: u8, c: u8) -> (u8, u8) {
    (r, 8 - c)
}
fn flip(r: u8, c: u8) -> (u8, u8) {
    (8 - r, c)
}
fn diagonal(r: u8, c: u8) -> (u8, u8) {
    (c, r)
}
fn antidiagonal(r: u8, c: u8) -> (u8, u8) {
    (8 - c, 8 - r)
}
fn half_turn(r: u8, c: u8) -> (u8, u8) {
    (8 - r, 8 - c)
}
fn quarter_turn(r: u8, c: u8) -> (u8, u8) {
    (c, 8 - r)
}

impl Symmetry {
    /// All ten, in the order `--help` lists them.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Bidiagonal,
        Symmetry::Orthogonal,
        Symmetry::Full,
    ];

    /// The name on the command line and in JSON.
    pub fn slug(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Bidiagonal => "bidiagonal",
            Symmetry::Orthogonal => "orthogonal",
            Symmetry::Full => "full",
        }
    }

    /// Sudoku Explainer's name of the same type.
    pub fn se_name(self) -> &'static str {
        match self {
            Symmetry::None => "None",
            Symmetry::Rotate180 => "Rotational180",
            Symmetry::Rotate90 => "Rotational90",
            Symmetry::Mirror => "Vertical",
            Symmetry::Flip => "Horizontal",
            Symmetry::Diagonal => "AntiDiagonal",
            Symmetry::Antidiagonal => "Diagonal",
            Symmetry::Bidiagonal => "BiDiagonal",
            Symmetry::Orthogonal => "Orthogonal",
            Symmetry::Full => "Full",
        }
    }

    /// The type with this slug, or one of the other common names
    /// (`central`, `vertical`, `horizontal`, `dihedral`, SE's names, ...).
    /// `diagonal` and `antidiagonal` are always sensei's (SE swaps them).
    pub fn from_name(name: &str) -> Option<Symmetry> {
        let n = name
            .trim()
            .to_ascii_lowercase()
            .replace(['-', '_', ' '], "");
        let by_slug = Symmetry::ALL.into_iter().find(|s| s.slug() == n);
        let by_se_name = || {
            Symmetry::ALL
                .into_iter()
                .find(|s| s.se_name().eq_ignore_ascii_case(&n))
        };
        by_slug.or_else(by_se_name).or(match n.as_str() {
            "central" | "rotational" | "rotate" | "halfturn" | "180" => Some(Symmetry::Rotate180),
            "quarterturn" | "90" => Some(Symmetry::Rotate90),
            "vertical" => Some(Symmetry::Mirror),
            "horizontal" => Some(Symmetry::Flip),
            "main" | "maindiagonal" => Some(Symmetry::Diagonal),
            "dihedral" | "all" => Some(Symmetry::Full),
            _ => None,
        })
    }

    /// The maps that generate the group.
    fn generators(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[half_turn],
            Symmetry::Rotate90 => &[quarter_turn],
            Symmetry::Mirror => &[mirror],
            Symmetry::Flip => &[flip],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::Antidiagonal => &[antidiagonal],
            Symmetry::Bidiagonal => &[diagonal, antidiagonal],
            Symmetry::Orthogonal => &[mirror, flip],
            Symmetry::Full => &[mirror, diagonal],
        }
    }

    /// Whether the group holds the half turn.
    pub fn has_half_turn(self) -> bool {
        matches!(
            self,
            Symmetry::Rotate180
                | Symmetry::Rotate90
                | Symmetry::Bidiagonal
                | Symmetry::Orthogonal
                | Symmetry::Full
        )
    }

    /// The orbits of the cells: classes of cells that the symmetry maps onto
    /// each other, in the order of their first cell.
    pub fn orbits(self) -> Vec<CellSet> {
        let mut orbits: Vec<CellSet> = Vec::new();
        let mut seen = CellSet::EMPTY;
        for start in Cell::all() {
            if seen.contains(start) {
                continue;
            }
            // the closure of the cell under the generators
            let mut orbit = CellSet::single(start);
            let mut frontier = vec![start];
            while let Some(cell) = frontier.pop() {
                for map in self.generators() {
                    let (r, c) = map(cell.row(), cell.col());
                    let image = Cell::at(r, c);
                    if !orbit.contains(image) {
                        orbit.insert(image);
                        frontier.push(image);
                    }
                }
            }
            seen = seen.union(orbit);
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether a set of cells (a pattern of givens) has this symmetry.
    pub fn holds(self, cells: CellSet) -> bool {
        self.orbits()
            .iter()
            .all(|&o| !o.intersects(cells) || o.is_subset(cells))
    }

    /// The numbers of givens a puzzle with this symmetry can have: the sums
    /// of orbit sizes (`counts[n]` is true when `n` givens are possible).
    pub fn possible_counts(self) -> [bool; 82] {
        let mut counts = [false; 82];
        counts[0] = true;
        for orbit in self.orbits() {
            let size = orbit.len() as usize;
            for n in (size..=81).rev() {
                if counts[n - size] {
                    counts[n] = true;
                }
            }
        }
        counts
    }
}

impl std::fmt::Display for Symmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.slug())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbit_sizes() {
        let sizes = |s: Symmetry| {
            let mut v: Vec<u32> = s.orbits().iter().map(|o| o.len()).collect();
            v.sort();
            v.dedup();
            v
        };
        assert_eq!(Symmetry::None.orbits().len(), 81);
        assert_eq!(Symmetry::Rotate180.orbits().len(), 41);
        assert_eq!(Symmetry::Rotate90.orbits().len(), 21);
        assert_eq!(Symmetry::Mirror.orbits().len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits().len(), 45);
        assert_eq!(Symmetry::Orthogonal.orbits().len(), 25);
        assert_eq!(Symmetry::Bidiagonal.orbits().len(), 25);
        assert_eq!(Symmetry::Full.orbits().len(), 15);
        assert_eq!(sizes(Symmetry::Rotate90), vec![1, 4]);
        assert_eq!(sizes(Symmetry::Full), vec![1, 4, 8]);
        for s in Symmetry::ALL {
            let total: u32 = s.orbits().iter().map(|o| o.len()).sum();
            assert_eq!(total, 81, "{s}");
            assert_eq!(Symmetry::from_name(s.slug()), Some(s));
            if !matches!(s, Symmetry::Diagonal | Symmetry::Antidiagonal) {
                assert_eq!(Symmetry::from_name(s.se_name()), Some(s));
            }
        }
    }

    #[test]
    fn counts_follow_orbits() {
        let c = Symmetry::Rotate90.possible_counts();
        assert!(c[17] && c[20] && c[21]);
        assert!(!c[18] && !c[19]);
        assert!(Symmetry::None.possible_counts().iter().all(|&b| b));
    }
}
