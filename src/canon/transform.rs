//! A transformation of the Sudoku group: what maps a puzzle to an
//! equivalent one.
//!
//! Every validity-preserving map of the grid is a composition of: an
//! optional transposition (rows become columns), a permutation of the
//! three bands and of the rows within each band, a permutation of the
//! three stacks and of the columns within each stack, and a relabelling of
//! the nine digits. There are 2 × 6^8 = 3,359,232 geometric maps and 9!
//! relabellings.
//!
//! A [`Transform`] is applied in that order: transpose first (if asked),
//! then target row `r` takes source row `rows[r]` and target column `c`
//! source column `cols[c]`, then each digit `d` becomes `digits[d]`.
//!
//! ## The notation
//!
//! `[T]R<9 rows>C<9 columns>D<9 digits>`, all 1-based: `R` lists, for
//! target rows 1 to 9, the source row each one takes; `C` the same for
//! columns; `D` lists what digits 1 to 9 become. `T` (first) transposes the
//! source. So `R123456789C123456789D123456789` is the identity,
//! `TR123456789C123456789D123456789` the transposition, and
//! `R456123789C123456789D213456789` swaps the first two bands and the
//! digits 1 and 2. Any part may be left out (it is then the identity):
//! `T`, `D987654321` and `R321456789` are transformations too. Letters may
//! be lower case and parts may be separated by spaces.

use crate::grid::{Cell, Grid};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

/// One element of the Sudoku group (see the module notes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Transform {
    pub(crate) transpose: bool,
    /// Target row `r` (0-based) takes source row `rows[r]`.
    pub(crate) rows: [u8; 9],
    /// Target column `c` takes source column `cols[c]`.
    pub(crate) cols: [u8; 9],
    /// Digit `d` becomes `digits[d]`; `digits[0]` is 0 (empty stays empty).
    pub(crate) digits: [u8; 10],
}

const IDENTITY9: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

impl Transform {
    /// The transformation that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: IDENTITY9,
        cols: IDENTITY9,
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A transformation from its parts: `rows[r]` the source row of target
    /// row `r`, `cols[c]` the source column of target column `c` (both
    /// 0-based, keeping bands and stacks whole), `digits[d - 1]` what digit
    /// `d` becomes. `None` when a part is not such a permutation.
    pub fn new(transpose: bool, rows: [u8; 9], cols: [u8; 9], digits: [u8; 9]) -> Option<Self> {
        let mut d = [0u8; 10];
        d[1..].copy_from_slice(&digits);
        let t = Transform {
            transpose,
            rows,
            cols,
            digits: d,
        };
        (check_lines(&rows).is_ok() && check_lines(&cols).is_ok() && check_digits(&digits).is_ok())
            .then_some(t)
    }

    /// Whether the source is transposed first.
    pub fn transposes(&self) -> bool {
        self.transpose
    }
    /// The source row (0-based) of each target row.
    pub fn rows(&self) -> [u8; 9] {
        self.rows
    }
    /// The source column (0-based) of each target column.
    pub fn cols(&self) -> [u8; 9] {
        self.cols
    }
    /// What digits 1 to 9 become.
    pub fn digits(&self) -> [u8; 9] {
        let mut d = [0u8; 9];
        d.copy_from_slice(&self.digits[1..]);
        d
    }

    /// The 81 values (0 = empty) transformed; values above 9 become 0.
    pub fn apply_values(&self, values: &[u8; 81]) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                let (sr, sc) = (usize::from(sr), usize::from(sc));
                let at = if self.transpose {
                    sc * 9 + sr
                } else {
                    sr * 9 + sc
                };
                let v = values[at];
                out[r * 9 + c] = if v <= 9 {
                    self.digits[usize::from(v)]
                } else {
                    0
                };
            }
        }
        out
    }

    /// The cell (0..81) a source cell moves to.
    pub fn map_cell(&self, index: usize) -> usize {
        let (mut r, mut c) = ((index / 9) as u8, (index % 9) as u8);
        if self.transpose {
            std::mem::swap(&mut r, &mut c);
        }
        let tr = self.rows.iter().position(|&x| x == r).unwrap_or(0);
        let tc = self.cols.iter().position(|&x| x == c).unwrap_or(0);
        tr * 9 + tc
    }

    /// A grid transformed: its values, and which of them are givens.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let mut out = Grid::from_values(self.apply_values(grid.values()));
        for cell in Cell::all() {
            if grid.value(cell).is_some() && !grid.is_given(cell) {
                let to = Cell::new(self.map_cell(cell.index()) as u8).unwrap_or(cell);
                if let Some(d) = out.value(to) {
                    out.set_placed(to, d);
                }
            }
        }
        out
    }

    /// `self`, then `then`: `a.then(&b).apply(g) == b.apply(&a.apply(g))`.
    pub fn then(&self, then: &Transform) -> Transform {
        // transposing the result of `self` swaps its row and column maps
        let (ra, ca) = if then.transpose {
            (&self.cols, &self.rows)
        } else {
            (&self.rows, &self.cols)
        };
        let mut t = Transform {
            transpose: self.transpose ^ then.transpose,
            ..Transform::IDENTITY
        };
        for i in 0..9 {
            t.rows[i] = ra[usize::from(then.rows[i])];
            t.cols[i] = ca[usize::from(then.cols[i])];
        }
        for d in 1..10 {
            t.digits[d] = then.digits[usize::from(self.digits[d])];
        }
        t
    }

    /// The transformation that undoes `self`.
    pub fn inverse(&self) -> Transform {
        let (ra, ca) = if self.transpose {
            (&self.cols, &self.rows)
        } else {
            (&self.rows, &self.cols)
        };
        let mut t = Transform {
            transpose: self.transpose,
            ..Transform::IDENTITY
        };
        for i in 0..9 {
            t.rows[usize::from(ra[i])] = i as u8;
            t.cols[usize::from(ca[i])] = i as u8;
        }
        for d in 1..10 {
            t.digits[usize::from(self.digits[d])] = d as u8;
        }
        t
    }

    /// A transformation drawn uniformly from the whole group.
    pub fn random(rng: &mut impl RngCore) -> Transform {
        let mut t = Transform {
            transpose: rng.next_u32() & 1 == 1,
            ..Transform::IDENTITY
        };
        t.rows = random_lines(rng);
        t.cols = random_lines(rng);
        let mut d = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(rng, &mut d);
        t.digits[1..].copy_from_slice(&d);
        t
    }

    /// The `index`-th random transformation of the batch `seed`: ChaCha8
    /// keyed by the seed, on stream `index` (the same on every platform).
    pub fn seeded(seed: u64, index: u64) -> Transform {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        Transform::random(&mut rng)
    }
}

/// A random permutation of the nine rows (or columns) that keeps bands
/// (stacks) whole.
fn random_lines(rng: &mut impl RngCore) -> [u8; 9] {
    let mut bands = [0u8, 1, 2];
    shuffle(rng, &mut bands);
    let mut out = [0u8; 9];
    for (b, &band) in bands.iter().enumerate() {
        let mut within = [0u8, 1, 2];
        shuffle(rng, &mut within);
        for k in 0..3 {
            out[b * 3 + k] = band * 3 + within[k];
        }
    }
    out
}

/// A number in `0..n` without bias (Lemire's multiply-and-shift, redrawn
/// in the rare case that would favour some results).
fn below(rng: &mut impl RngCore, n: u32) -> u32 {
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = u64::from(rng.next_u32()) * u64::from(n);
        if (m as u32) >= threshold {
            return (m >> 32) as u32;
        }
    }
}

/// Fisher–Yates: every order equally likely.
fn shuffle<T>(rng: &mut impl RngCore, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// Why a text is not a transformation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransformError(String);

impl fmt::Display for TransformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TransformError {}

/// Whether `lines` (0-based) is a permutation of the nine rows that keeps
/// bands whole; else what is wrong, in 1-based words.
fn check_lines(lines: &[u8; 9]) -> Result<(), String> {
    let mut seen = 0u16;
    for &l in lines {
        if l > 8 {
            return Err(format!("{} is not a line number 1 to 9", l + 1));
        }
        if seen & (1 << l) != 0 {
            return Err(format!("{} appears twice", l + 1));
        }
        seen |= 1 << l;
    }
    for b in 0..3 {
        let band = lines[b * 3] / 3;
        if let Some(&off) = lines[b * 3..b * 3 + 3].iter().find(|&&l| l / 3 != band) {
            return Err(format!(
                "positions {}-{} must take the three lines of one band (or stack), \
                 but {} and {} are in different ones",
                b * 3 + 1,
                b * 3 + 3,
                lines[b * 3] + 1,
                off + 1
            ));
        }
    }
    Ok(())
}

fn check_digits(digits: &[u8; 9]) -> Result<(), String> {
    let mut seen = 0u16;
    for &d in digits {
        if !(1..=9).contains(&d) {
            return Err(format!("{d} is not a digit 1 to 9"));
        }
        if seen & (1 << d) != 0 {
            return Err(format!("{d} appears twice"));
        }
        seen |= 1 << d;
    }
    Ok(())
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.transpose {
            f.write_str("T")?;
        }
        f.write_str("R")?;
        for r in self.rows {
            write!(f, "{}", r + 1)?;
        }
        f.write_str("C")?;
        for c in self.cols {
            write!(f, "{}", c + 1)?;
        }
        f.write_str("D")?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl FromStr for Transform {
    type Err = TransformError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fail = |why: String| {
            Err(TransformError(format!(
                "`{text}` is not a transformation: {why} \
                 (the form is [T]R<9 rows>C<9 columns>D<9 digits>, e.g. TR213456789C123456789D987654321)"
            )))
        };
        let mut t = Transform::IDENTITY;
        let compact: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return fail("it is empty".into());
        }
        let mut i = 0;
        let mut last = 0; // the order T, R, C, D
        while i < compact.len() {
            let letter = compact[i].to_ascii_uppercase();
            let rank = match letter {
                'T' => 1,
                'R' => 2,
                'C' => 3,
                'D' => 4,
                other => return fail(format!("`{other}` is not T, R, C or D")),
            };
            if rank <= last {
                return fail(format!("`{letter}` is out of place (the parts come in the order T, R, C, D, once each)"));
            }
            last = rank;
            i += 1;
            if letter == 'T' {
                t.transpose = true;
                continue;
            }
            let digits: Vec<u8> = compact[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .map(|c| *c as u8 - b'0')
                .collect();
            i += digits.len();
            let Ok(nine) = <[u8; 9]>::try_from(digits.as_slice()) else {
                return fail(format!("{letter} needs 9 digits, not {}", digits.len()));
            };
            match letter {
                'D' => match check_digits(&nine) {
                    Ok(()) => t.digits[1..].copy_from_slice(&nine),
                    Err(why) => return fail(format!("in D, {why}")),
                },
                _ => {
                    let Some(lines) = nine
                        .iter()
                        .map(|&d| d.checked_sub(1))
                        .collect::<Option<Vec<u8>>>()
                    else {
                        return fail(format!("in {letter}, 0 is not a line number 1 to 9"));
                    };
                    let mut lines9 = [0u8; 9];
                    lines9.copy_from_slice(&lines);
                    if let Err(why) = check_lines(&lines9) {
                        return fail(format!("in {letter}, {why}"));
                    }
                    if letter == 'R' {
                        t.rows = lines9;
                    } else {
                        t.cols = lines9;
                    }
                }
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> [u8; 81] {
        let mut v = [0u8; 81];
        for (i, x) in v.iter_mut().enumerate() {
            *x = ((i * 7 + i / 9) % 10) as u8;
        }
        v
    }

    #[test]
    fn composition_inverse_and_notation_agree() {
        let g = sample();
        for k in 0..200 {
            let a = Transform::seeded(1, k);
            let b = Transform::seeded(2, k);
            let ab = a.then(&b);
            assert_eq!(ab.apply_values(&g), b.apply_values(&a.apply_values(&g)));
            assert_eq!(a.inverse().apply_values(&a.apply_values(&g)), g);
            assert_eq!(a.then(&a.inverse()), Transform::IDENTITY);
            assert_eq!(a.to_string().parse::<Transform>(), Ok(a));
        }
    }

    #[test]
    fn notation_parts_may_be_left_out_and_errors_say_why() {
        let t: Transform = "t d987654321".parse().expect("valid");
        assert!(t.transpose);
        assert_eq!(t.rows, IDENTITY9);
        assert_eq!(t.digits[1], 9);
        let err = |s: &str| s.parse::<Transform>().unwrap_err().to_string();
        assert!(
            err("R412356789").contains("different ones"),
            "{}",
            err("R412356789")
        );
        assert!(err("R12345678").contains("needs 9 digits, not 8"));
        assert!(err("D113456789").contains("1 appears twice"));
        assert!(err("C123456789R123456789").contains("out of place"));
        assert!(err("X").contains("not T, R, C or D"));
    }
}
