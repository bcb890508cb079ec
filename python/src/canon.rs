//! The canonical form and the Sudoku group's transformations for Python
//! (docs/python.md, "Which puzzles are the same"): `canon`,
//! `canon_transform`, `equivalent`, `transform`, `random_transform` and
//! `dedupe`, the library's `sudoku_sensei::canon` as `sensei canon`,
//! `transform` and `dedupe` use it.

use crate::convert::{self, Failure};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::collections::HashSet;
use sudoku_sensei::canon::{self as c, Transform};
use sudoku_sensei::Grid;

fn grid(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Grid> {
    convert::puzzle_arg(puzzle)
        .map(|e| e.grid)
        .map_err(|f: Failure| f.into_pyerr(py))
}

/// canon(puzzle) -> str
///
/// The minlex canonical form (docs/canon.md): of all the puzzles equivalent to this one
/// (by transposing, permuting bands, rows within a band, stacks, columns within a stack,
/// and relabelling digits), the one whose 81-character line is smallest, empty cells
/// first; written with `.` for empty cells. Equivalent puzzles have equal forms.
#[pyfunction]
pub fn canon(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<String> {
    let g = grid(py, puzzle)?;
    Ok(py.allow_threads(|| c::minlex(&g).form.to_line()))
}

/// canon_transform(puzzle) -> tuple[str, str, int]
///
/// The minlex form, a transformation that maps the puzzle to it (in the notation
/// `[T]R<rows>C<columns>D<digits>` of `transform`), and the number of transformations that
/// do (the puzzle's automorphisms): what `sensei canon --transform` prints.
#[pyfunction]
pub fn canon_transform(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
) -> PyResult<(String, String, u64)> {
    let g = grid(py, puzzle)?;
    let found = py.allow_threads(|| c::minlex(&g));
    Ok((
        found.form.to_line(),
        found.transform.to_string(),
        found.automorphisms,
    ))
}

/// equivalent(a, b) -> bool
///
/// Whether one puzzle becomes the other by a transformation of the Sudoku group (their
/// minlex forms are equal).
#[pyfunction]
pub fn equivalent(py: Python<'_>, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    let (a, b) = (grid(py, a)?, grid(py, b)?);
    Ok(py.allow_threads(|| c::minlex(&a).form == c::minlex(&b).form))
}

fn parse_transform(t: &str) -> PyResult<Transform> {
    t.parse()
        .map_err(|e: c::TransformError| PyValueError::new_err(e.to_string()))
}

/// transform(puzzle, t) -> str
///
/// The puzzle (or a solution grid) under the transformation `t`, written
/// `[T]R<9 rows>C<9 columns>D<9 digits>` as `sensei transform --transform` takes it (each
/// part optional: "T" transposes, "D987654321" swaps 1 and 9, 2 and 8...; docs/canon.md).
/// Raises ValueError for a transformation that is not one of the group.
#[pyfunction]
pub fn transform(py: Python<'_>, puzzle: &Bound<'_, PyAny>, t: &str) -> PyResult<String> {
    let g = grid(py, puzzle)?;
    Ok(parse_transform(t)?.apply(&g).to_line())
}

/// random_transform(seed, index=0) -> str
///
/// A transformation drawn uniformly from the whole group: number `index` of the seed, the
/// same on every run and platform, and the one `sensei transform --random --seed SEED` uses
/// for the puzzle and copy it numbers `index` (puzzle k's copy i: k * count + i).
#[pyfunction]
#[pyo3(signature = (seed, index = 0))]
pub fn random_transform(seed: u64, index: u64) -> String {
    Transform::seeded(seed, index).to_string()
}

/// dedupe(puzzles) -> list[int]
///
/// The indices of the puzzles to keep: the first of each class of equivalent puzzles, in
/// input order (`sensei dedupe`). The forms are found on all cores with the GIL released.
/// Raises ParseError for the first puzzle that cannot be read (its message names its
/// index).
#[pyfunction]
pub fn dedupe(py: Python<'_>, puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let items = puzzles.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "puzzles must be an iterable of str, not {}",
            convert::type_name(puzzles)
        ))
    })?;
    let mut grids = Vec::new();
    for (i, item) in items.enumerate() {
        let entry = convert::puzzle_arg(&item?).map_err(|f| {
            // the message names the puzzle (0-based, as the indices kept)
            let f = match f {
                Failure::Parse {
                    message,
                    kind,
                    line,
                    column,
                } => Failure::Parse {
                    message: format!("puzzle {i}: {message}"),
                    kind,
                    line,
                    column,
                },
                Failure::Type(m) => Failure::Type(format!("puzzle {i}: {m}")),
                Failure::Value(m) => Failure::Value(format!("puzzle {i}: {m}")),
            };
            f.into_pyerr(py)
        })?;
        grids.push(entry.grid);
    }
    let forms: Vec<Grid> =
        py.allow_threads(|| grids.par_iter().map(|g| c::minlex(g).form).collect());
    let mut seen = HashSet::new();
    Ok(forms
        .into_iter()
        .enumerate()
        .filter(|(_, f)| seen.insert(f.clone()))
        .map(|(i, _)| i)
        .collect())
}
