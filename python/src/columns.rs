//! `_grade_arrow` and `_explain_arrow`: one Arrow batch in, whole columns
//! out, for `sudoku_sensei.spark` (`mapInArrow`). The puzzles come as the
//! buffers of an Arrow string array and the results go back as the buffers
//! of Arrow arrays (validity bitmaps, offsets, values; little-endian), which
//! pyarrow wraps as they are (`pa.Array.from_buffers`): no Python object
//! per row, no second copy of a trace. The work runs on the calling thread
//! with the GIL released (a Spark task is one thread), and each trace is
//! dropped where it was made, as soon as its row is written.
//!
//! The values are those of `grade_many` and `explain_many` (the same
//! getters' rules: ratings to the tenth, slugs, the input as given for an
//! error row), so the two paths agree row for row.

use crate::batch::explain_entry;
use crate::convert::{self, Failure};
use crate::learn;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::{Grid, Options, Trace};

/// A validity bitmap (Arrow: bit i of byte i/8, least significant first).
#[derive(Default)]
struct Validity {
    bits: Vec<u8>,
    len: usize,
}

impl Validity {
    fn push(&mut self, valid: bool) {
        if self.len / 8 == self.bits.len() {
            self.bits.push(0);
        }
        if valid {
            self.bits[self.len / 8] |= 1 << (self.len % 8);
        }
        self.len += 1;
    }
}

/// A column of nullable strings: validity, i32 offsets, UTF-8 data.
struct Strings {
    validity: Validity,
    offsets: Vec<u8>,
    data: Vec<u8>,
}

impl Strings {
    fn new() -> Strings {
        Strings {
            validity: Validity::default(),
            offsets: 0i32.to_le_bytes().to_vec(),
            data: Vec::new(),
        }
    }
    fn push(&mut self, value: Option<&str>) {
        self.validity.push(value.is_some());
        self.data.extend_from_slice(value.unwrap_or("").as_bytes());
        // a batch's text stays far below 2 GiB (Spark's batches hold 10,000 rows)
        let end = i32::try_from(self.data.len()).unwrap_or(i32::MAX);
        self.offsets.extend_from_slice(&end.to_le_bytes());
    }
}

/// A column of nullable fixed-width values (f64, i32): validity, values.
#[derive(Default)]
struct Fixed {
    validity: Validity,
    values: Vec<u8>,
}

impl Fixed {
    fn push_f64(&mut self, value: Option<f64>) {
        self.validity.push(value.is_some());
        self.values
            .extend_from_slice(&value.unwrap_or(0.0).to_le_bytes());
    }
    fn push_i32(&mut self, value: Option<usize>) {
        self.validity.push(value.is_some());
        let v = value.map_or(0, |v| i32::try_from(v).unwrap_or(i32::MAX));
        self.values.extend_from_slice(&v.to_le_bytes());
    }
}

/// A column of nullable booleans: validity, a bitmap of values.
#[derive(Default)]
struct Bools {
    validity: Validity,
    values: Validity,
}

impl Bools {
    fn push(&mut self, value: Option<bool>) {
        self.validity.push(value.is_some());
        self.values.push(value == Some(true));
    }
}

/// A column of nullable lists of strings: validity, i32 offsets, the strings.
struct StringLists {
    validity: Validity,
    offsets: Vec<u8>,
    count: i32,
    items: Strings,
}

impl StringLists {
    fn new() -> StringLists {
        StringLists {
            validity: Validity::default(),
            offsets: 0i32.to_le_bytes().to_vec(),
            count: 0,
            items: Strings::new(),
        }
    }
    fn push(&mut self, value: Option<&[&str]>) {
        self.validity.push(value.is_some());
        for item in value.unwrap_or_default() {
            self.items.push(Some(item));
            self.count = self.count.saturating_add(1);
        }
        self.offsets.extend_from_slice(&self.count.to_le_bytes());
    }
}

/// The optional trace column (`trace=` of `sudoku_sensei.spark`).
enum TraceColumn {
    None,
    Compact(Strings),
    Tokens(StringLists),
}

impl TraceColumn {
    fn new(kind: Option<&str>) -> PyResult<TraceColumn> {
        match kind {
            None => Ok(TraceColumn::None),
            Some("compact") => Ok(TraceColumn::Compact(Strings::new())),
            Some("tokens") => Ok(TraceColumn::Tokens(StringLists::new())),
            Some(other) => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "trace must be None, 'compact' or 'tokens', not {other:?}"
            ))),
        }
    }
    fn push(&mut self, trace: Option<&Trace>) {
        match self {
            TraceColumn::None => {}
            TraceColumn::Compact(c) => c.push(trace.map(learn::compact_json).as_deref()),
            TraceColumn::Tokens(c) => c.push(trace.map(learn::tokens).as_deref()),
        }
    }
}

/// Arrow buffers as Python bytes, in Arrow's order for the column's type.
type Buffers = Vec<Option<Py<PyBytes>>>;

fn bytes(py: Python<'_>, b: &[u8]) -> Option<Py<PyBytes>> {
    Some(PyBytes::new(py, b).unbind())
}

impl Strings {
    fn buffers(&self, py: Python<'_>) -> Buffers {
        vec![
            bytes(py, &self.validity.bits),
            bytes(py, &self.offsets),
            bytes(py, &self.data),
        ]
    }
}

impl Fixed {
    fn buffers(&self, py: Python<'_>) -> Buffers {
        vec![bytes(py, &self.validity.bits), bytes(py, &self.values)]
    }
}

impl Bools {
    fn buffers(&self, py: Python<'_>) -> Buffers {
        vec![bytes(py, &self.validity.bits), bytes(py, &self.values.bits)]
    }
}

impl TraceColumn {
    /// A list column's buffers are its own two, then its strings' three.
    fn buffers(&self, py: Python<'_>) -> Option<Buffers> {
        match self {
            TraceColumn::None => None,
            TraceColumn::Compact(c) => Some(c.buffers(py)),
            TraceColumn::Tokens(c) => {
                let mut b = vec![bytes(py, &c.validity.bits), bytes(py, &c.offsets)];
                b.extend(c.items.buffers(py));
                Some(b)
            }
        }
    }
}

/// The puzzles of an Arrow string array, read from its buffers.
struct Input<'a> {
    validity: Option<&'a [u8]>,
    offsets: &'a [u8],
    data: &'a [u8],
    offset: usize,
    length: usize,
}

impl Input<'_> {
    fn check(&self) -> PyResult<()> {
        let needed = (self.offset + self.length + 1) * 4;
        let bits = (self.offset + self.length).div_ceil(8);
        if self.offsets.len() < needed || self.validity.is_some_and(|v| v.len() < bits) {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "the Arrow buffers are shorter than the array they describe",
            ));
        }
        Ok(())
    }

    fn offset_at(&self, i: usize) -> usize {
        let b = &self.offsets[i * 4..i * 4 + 4];
        usize::try_from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])).unwrap_or(0)
    }

    /// Row `i`'s text: a null is a `TypeError` (as `None` in `grade_many`).
    fn text(&self, i: usize) -> Result<&str, Failure> {
        let j = self.offset + i;
        if self
            .validity
            .is_some_and(|v| v[j / 8] & (1 << (j % 8)) == 0)
        {
            return Err(Failure::Type(
                "a puzzle must be a str or a sudoku_sensei.Puzzle, not NoneType".into(),
            ));
        }
        let (start, end) = (self.offset_at(j), self.offset_at(j + 1));
        let bytes = self.data.get(start..end).ok_or_else(|| {
            Failure::Value("the Arrow string array's offsets point past its data".into())
        })?;
        std::str::from_utf8(bytes).map_err(|_| Failure::Value("the text is not valid UTF-8".into()))
    }
}

/// The columns of `sudoku_sensei.spark.GRADE_COLUMNS`, in order.
struct GradeColumns {
    puzzle: Strings,
    solution: Strings,
    outcome: Strings,
    er: Fixed,
    ep: Fixed,
    ed: Fixed,
    level: Strings,
    score: Fixed,
    class: Strings,
    hardest: Strings,
    guessed: Bools,
    steps: Fixed,
    error: Strings,
    trace: TraceColumn,
}

/// A rating to one decimal, as the JSON (and `Rating.er`) writes it.
fn tenths(r: f32) -> f64 {
    (f64::from(r) * 10.0).round() / 10.0
}

fn line(g: &Grid) -> String {
    g.to_line()
}

impl GradeColumns {
    fn push(&mut self, text: Result<&str, Failure>, scales: Scales) {
        let graded = text.clone().and_then(|text| {
            let entry = convert::read(text)?;
            if entry.position.is_some() {
                return Err(Failure::Value(
                    "grade rates puzzles, not positions with pencil marks".into(),
                ));
            }
            let (rating, solve) = grade::grade_traced(&entry.grid, scales);
            Ok((entry.grid, rating, solve))
        });
        match graded {
            Ok((grid, r, solve)) => {
                self.puzzle.push(Some(&line(&grid)));
                let solution = solve.as_ref().and_then(|t| t.solution.as_ref()).map(line);
                self.solution.push(solution.as_deref());
                self.outcome.push(Some(r.outcome.slug()));
                self.er.push_f64(r.se.map(|s| tenths(s.er)));
                self.ep.push_f64(r.se.map(|s| tenths(s.ep)));
                self.ed.push_f64(r.se.map(|s| tenths(s.ed)));
                self.level.push(r.hodoku.map(|h| h.level.name()));
                self.score.push_i32(
                    r.hodoku
                        .map(|h| usize::try_from(h.score).unwrap_or(usize::MAX)),
                );
                self.class.push(r.class.map(|c| c.name()));
                self.hardest.push(r.hardest.map(|t| t.slug()));
                self.guessed.push(Some(r.guessed));
                self.steps.push_i32(solve.as_ref().map(|t| t.steps.len()));
                self.error.push(None);
                self.trace.push(solve.as_ref());
            }
            Err(f) => {
                self.puzzle.push(text.ok());
                self.solution.push(None);
                self.outcome.push(Some("error"));
                for c in [&mut self.er, &mut self.ep, &mut self.ed] {
                    c.push_f64(None);
                }
                self.level.push(None);
                self.score.push_i32(None);
                self.class.push(None);
                self.hardest.push(None);
                self.guessed.push(None);
                self.steps.push_i32(None);
                self.error.push(Some(f.message()));
                self.trace.push(None);
            }
        }
    }

    fn buffers(self, py: Python<'_>) -> Vec<Buffers> {
        let mut out = vec![
            self.puzzle.buffers(py),
            self.solution.buffers(py),
            self.outcome.buffers(py),
            self.er.buffers(py),
            self.ep.buffers(py),
            self.ed.buffers(py),
            self.level.buffers(py),
            self.score.buffers(py),
            self.class.buffers(py),
            self.hardest.buffers(py),
            self.guessed.buffers(py),
            self.steps.buffers(py),
            self.error.buffers(py),
        ];
        out.extend(self.trace.buffers(py));
        out
    }
}

/// The columns of `sudoku_sensei.spark.EXPLAIN_COLUMNS`, in order.
struct ExplainColumns {
    puzzle: Strings,
    solution: Strings,
    outcome: Strings,
    hardest: Strings,
    steps: Fixed,
    guesses: Fixed,
    error: Strings,
    trace: TraceColumn,
}

impl ExplainColumns {
    fn push(&mut self, text: Result<&str, Failure>, opts: &Options) {
        let explained = text
            .clone()
            .and_then(|text| explain_entry(&convert::read(text)?, opts));
        match explained {
            Ok(t) => {
                self.puzzle.push(Some(&line(&t.puzzle)));
                self.solution.push(t.solution.as_ref().map(line).as_deref());
                self.outcome.push(Some(t.outcome.slug()));
                self.hardest
                    .push(t.hardest_step().map(|(_, s)| s.technique.slug()));
                self.steps.push_i32(Some(t.steps.len()));
                self.guesses.push_i32(Some(t.guesses()));
                self.error.push(None);
                self.trace.push(Some(&t));
            }
            Err(f) => {
                self.puzzle.push(text.ok());
                self.solution.push(None);
                self.outcome.push(Some("error"));
                self.hardest.push(None);
                self.steps.push_i32(None);
                self.guesses.push_i32(None);
                self.error.push(Some(f.message()));
                self.trace.push(None);
            }
        }
    }

    fn buffers(self, py: Python<'_>) -> Vec<Buffers> {
        let mut out = vec![
            self.puzzle.buffers(py),
            self.solution.buffers(py),
            self.outcome.buffers(py),
            self.hardest.buffers(py),
            self.steps.buffers(py),
            self.guesses.buffers(py),
            self.error.buffers(py),
        ];
        out.extend(self.trace.buffers(py));
        out
    }
}

/// _grade_arrow(validity, offsets, data, offset, length, *, scales=None, trace=None)
/// -> list of each column's Arrow buffers
///
/// Grade the `length` puzzles of an Arrow string array (its buffers, from `offset`) on
/// this thread; the columns of `sudoku_sensei.spark.GRADE_COLUMNS` (then the trace's),
/// each as its Arrow buffers. Used by `sudoku_sensei.spark.grade_batches`.
#[pyfunction]
#[pyo3(signature = (validity, offsets, data, offset, length, *, scales = None, trace = None))]
#[allow(clippy::too_many_arguments)]
pub fn _grade_arrow(
    py: Python<'_>,
    validity: Option<&[u8]>,
    offsets: &[u8],
    data: &[u8],
    offset: usize,
    length: usize,
    scales: Option<&Bound<'_, PyAny>>,
    trace: Option<&str>,
) -> PyResult<Vec<Buffers>> {
    let input = Input {
        validity,
        offsets,
        data,
        offset,
        length,
    };
    input.check()?;
    let scales = crate::scales(scales)?;
    let mut cols = GradeColumns {
        puzzle: Strings::new(),
        solution: Strings::new(),
        outcome: Strings::new(),
        er: Fixed::default(),
        ep: Fixed::default(),
        ed: Fixed::default(),
        level: Strings::new(),
        score: Fixed::default(),
        class: Strings::new(),
        hardest: Strings::new(),
        guessed: Bools::default(),
        steps: Fixed::default(),
        error: Strings::new(),
        trace: TraceColumn::new(trace)?,
    };
    py.allow_threads(|| {
        for i in 0..input.length {
            cols.push(input.text(i), scales);
        }
    });
    py.check_signals()?;
    Ok(cols.buffers(py))
}

/// _explain_arrow(validity, offsets, data, offset, length, *, trace=None, only=None,
/// exclude=None, no_guess=False, profile="hodoku") -> list of each column's Arrow buffers
///
/// `_grade_arrow` for `sudoku_sensei.spark.explain_batches`: the columns of
/// `EXPLAIN_COLUMNS` (then the trace's).
#[pyfunction]
#[pyo3(signature = (validity, offsets, data, offset, length, *, trace = None, only = None, exclude = None, no_guess = false, profile = "hodoku"))]
#[allow(clippy::too_many_arguments)]
pub fn _explain_arrow(
    py: Python<'_>,
    validity: Option<&[u8]>,
    offsets: &[u8],
    data: &[u8],
    offset: usize,
    length: usize,
    trace: Option<&str>,
    only: Option<&Bound<'_, PyAny>>,
    exclude: Option<&Bound<'_, PyAny>>,
    no_guess: bool,
    profile: &str,
) -> PyResult<Vec<Buffers>> {
    let input = Input {
        validity,
        offsets,
        data,
        offset,
        length,
    };
    input.check()?;
    let opts = crate::options(only, exclude, no_guess, profile)?;
    let mut cols = ExplainColumns {
        puzzle: Strings::new(),
        solution: Strings::new(),
        outcome: Strings::new(),
        hardest: Strings::new(),
        steps: Fixed::default(),
        guesses: Fixed::default(),
        error: Strings::new(),
        trace: TraceColumn::new(trace)?,
    };
    py.allow_threads(|| {
        for i in 0..input.length {
            cols.push(input.text(i), &opts);
        }
    });
    py.check_signals()?;
    Ok(cols.buffers(py))
}
