//! The Python classes: `Puzzle`, `Step`, `Trace`, `Rating`, `Hint`,
//! `Generated`. Each holds the library's value and writes its Python view
//! on access (1-based rows and columns, as the JSON).

use crate::convert::{self, to_py, Failure};
use crate::learn;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;
use sudoku_sensei::format::Entry;
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::render::{html, json as rjson, svg, text as rtext};
use sudoku_sensei::{Board, Candidate, Grid, HintLevel};

/// A puzzle or a player's position, read by `parse`.
#[pyclass(frozen, module = "sudoku_sensei")]
pub struct Puzzle {
    pub entry: Entry,
}

fn level_of(level: i64) -> PyResult<HintLevel> {
    HintLevel::try_from(level).map_err(|_| {
        PyValueError::new_err(format!(
            "level must be 1 (the technique), 2 (where to look) or 3 (the whole step), not {level}"
        ))
    })
}

#[pymethods]
impl Puzzle {
    /// The values as an 81-character line (`.` for an empty cell).
    #[getter]
    fn line(&self) -> String {
        self.entry.grid.to_line()
    }
    /// The 81 values, row by row, 0 for an empty cell.
    #[getter]
    fn values(&self) -> Vec<u8> {
        self.entry.grid.values().to_vec()
    }
    /// How many givens.
    #[getter]
    fn givens(&self) -> usize {
        self.entry.grid.givens().len() as usize
    }
    /// Whether the text held a player's position (pencil marks), not a plain puzzle.
    #[getter]
    fn is_position(&self) -> bool {
        self.entry.position.is_some()
    }
    /// The position as a 729-character candidate string (9 characters per cell); None when
    /// the values contradict each other.
    #[getter]
    fn candidates(&self) -> Option<String> {
        convert::board_of(&self.entry)
            .ok()
            .map(|b| sudoku_sensei::format::candidate_string(&b))
    }
    /// The grid as nine rows of nine values (0 for empty).
    fn rows(&self) -> Vec<Vec<u8>> {
        self.entry
            .grid
            .values()
            .chunks(9)
            .map(<[u8]>::to_vec)
            .collect()
    }
    fn __str__(&self) -> String {
        self.line()
    }
    fn __repr__(&self) -> String {
        format!("Puzzle('{}')", self.line())
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<Puzzle>() {
            Ok(o) => {
                o.get().entry.grid == self.entry.grid
                    && o.get().entry.position == self.entry.position
            }
            Err(_) => false,
        }
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.entry.grid.values().hash(&mut h);
        h.finish()
    }
}

/// One step of a solve: its technique, its effect, its evidence, its words.
#[pyclass(frozen, module = "sudoku_sensei")]
pub struct Step {
    /// The position just before the step (for its picture).
    pub board: Board,
    pub step: sudoku_sensei::Step,
    /// 1-based number in the trace.
    pub number: usize,
}

fn candidates_py(list: &[Candidate]) -> Vec<(u8, u8, u8)> {
    list.iter()
        .map(|c| (c.cell.row() + 1, c.cell.col() + 1, c.digit.get()))
        .collect()
}

#[pymethods]
impl Step {
    /// 1-based number of the step in its trace.
    #[getter]
    fn index(&self) -> usize {
        self.number
    }
    /// The technique's slug (`hidden-single`), stable: see `sudoku_sensei.techniques()`.
    #[getter]
    fn technique(&self) -> &'static str {
        self.step.technique.slug()
    }
    /// The technique's name (`Hidden Single`).
    #[getter]
    fn name(&self) -> &'static str {
        self.step.technique.name()
    }
    /// The technique's family (`Singles`).
    #[getter]
    fn family(&self) -> &'static str {
        self.step.technique.family().name()
    }
    /// HoDoKu's code of the technique (`0002`), if it has one.
    #[getter]
    fn hodoku_code(&self) -> Option<&'static str> {
        self.step.technique.hodoku_code()
    }
    /// Cells filled: (row, col, value), 1-based rows and columns.
    #[getter]
    fn placements(&self) -> Vec<(u8, u8, u8)> {
        candidates_py(&self.step.placements)
    }
    /// Candidates removed: (row, col, digit), 1-based rows and columns.
    #[getter]
    fn eliminations(&self) -> Vec<(u8, u8, u8)> {
        candidates_py(&self.step.eliminations)
    }
    /// The step line in HoDoKu's notation (`Hidden Single: r6c2=4`).
    #[getter]
    fn text(&self) -> String {
        rtext::step_line(&self.step)
    }
    /// The sentence for a learner.
    #[getter]
    fn sentence(&self) -> String {
        rtext::step_sentence(&self.step)
    }
    /// The evidence (houses, cells, digits, chains...) as plain dicts, as in the JSON trace.
    #[getter]
    fn evidence(&self, py: Python<'_>) -> PyResult<PyObject> {
        let v = serde_json::to_value(&self.step.evidence)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        to_py(py, &v)
    }
    /// Where to look: houses, cells and digits, as in the JSON trace.
    #[getter]
    fn focus(&self, py: Python<'_>) -> PyResult<PyObject> {
        let v = serde_json::to_value(self.step.focus())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        to_py(py, &v)
    }
    /// The step as JSON, as in a trace (`"index"` is 1 here).
    fn to_json(&self) -> String {
        rjson::step(&self.step)
    }
    /// An SVG picture of the step on the position before it, at a hint level (1: the area,
    /// 2: the pattern, 3: the whole step).
    #[pyo3(signature = (level = 3))]
    fn svg(&self, level: i64) -> PyResult<String> {
        Ok(svg::step(&self.board, &self.step, level_of(level)?))
    }
    fn __repr__(&self) -> String {
        format!("Step({})", rtext::step_line(&self.step))
    }
}

/// A recorded solve, as `sensei explain` prints it; in a batch, `.error`
/// says why a puzzle could not be explained.
#[pyclass(frozen, module = "sudoku_sensei")]
pub struct Trace {
    pub trace: Option<Arc<sudoku_sensei::Trace>>,
    pub failure: Option<Failure>,
    /// Index in a batch's input (0-based); None outside a batch.
    pub index: Option<usize>,
    /// The input text, kept for error results.
    pub input: Option<String>,
    pub steps: GILOnceCell<Vec<Py<Step>>>,
}

impl Trace {
    pub fn new(trace: sudoku_sensei::Trace, index: Option<usize>) -> Trace {
        Trace {
            trace: Some(Arc::new(trace)),
            failure: None,
            index,
            input: None,
            steps: GILOnceCell::new(),
        }
    }
    pub fn failed(failure: Failure, index: Option<usize>, input: Option<String>) -> Trace {
        Trace {
            trace: None,
            failure: Some(failure),
            index,
            input,
            steps: GILOnceCell::new(),
        }
    }
    pub fn inner(&self) -> PyResult<&sudoku_sensei::Trace> {
        match &self.trace {
            Some(t) => Ok(t),
            None => Err(PyValueError::new_err(format!(
                "this puzzle could not be explained: {}",
                self.failure.as_ref().map_or("", Failure::message)
            ))),
        }
    }
}

#[pymethods]
impl Trace {
    /// The steps, in order (empty for an error result).
    #[getter]
    fn steps(&self, py: Python<'_>) -> PyResult<Vec<Py<Step>>> {
        let Some(trace) = &self.trace else {
            return Ok(Vec::new());
        };
        let steps = self
            .steps
            .get_or_try_init(py, || -> PyResult<Vec<Py<Step>>> {
                trace
                    .positions()
                    .into_iter()
                    .enumerate()
                    .map(|(i, (board, step))| {
                        Py::new(
                            py,
                            Step {
                                board,
                                step: step.clone(),
                                number: i + 1,
                            },
                        )
                    })
                    .collect()
            })?;
        Ok(steps.iter().map(|s| s.clone_ref(py)).collect())
    }
    /// How the solve ended: `solved`, `stuck`, `no_solution`, `multiple_solutions`,
    /// `invalid_givens`; `error` for a batch's error result.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.trace.as_ref().map_or("error", |t| t.outcome.slug())
    }
    /// Whether every cell was filled.
    #[getter]
    fn solved(&self) -> bool {
        self.trace.as_ref().is_some_and(|t| t.outcome.is_solved())
    }
    /// The outcome in words (`Solved.`, `Stuck ...`), as the text output ends.
    #[getter]
    fn outcome_text(&self) -> Option<String> {
        self.trace.as_ref().map(|t| rtext::outcome_text(&t.outcome))
    }
    /// The puzzle as an 81-character line.
    #[getter]
    fn puzzle(&self) -> Option<String> {
        self.trace.as_ref().map(|t| t.puzzle.to_line())
    }
    /// The unique solution as an 81-character line, when there is one.
    #[getter]
    fn solution(&self) -> Option<String> {
        self.trace
            .as_ref()
            .and_then(|t| t.solution.as_ref())
            .map(Grid::to_line)
    }
    /// How many guesses (brute-force steps) the solve needed.
    #[getter]
    fn guesses(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.guesses())
    }
    /// The technique of the trace's hardest step (highest HoDoKu score; `Trace::hardest_step`),
    /// its slug; None without steps.
    #[getter]
    fn hardest(&self) -> Option<&'static str> {
        self.trace
            .as_ref()
            .and_then(|t| t.hardest_step())
            .map(|(_, s)| s.technique.slug())
    }
    /// In a batch: why this puzzle could not be explained (None when it was).
    #[getter]
    fn error(&self) -> Option<String> {
        self.failure.as_ref().map(|f| f.message().to_string())
    }
    /// In a batch: `parse_error`, `type_error` or `value_error` (None when explained).
    #[getter]
    fn error_kind(&self) -> Option<&'static str> {
        self.failure.as_ref().map(Failure::kind)
    }
    /// In a batch: the 0-based index of the input (None outside a batch).
    #[getter]
    fn index(&self) -> Option<usize> {
        self.index
    }
    /// In a batch's error result: the input as given (None otherwise).
    #[getter]
    fn input(&self) -> Option<String> {
        self.input.clone()
    }
    /// The trace as JSON: byte for byte the line `sensei explain --format json` prints
    /// for this puzzle (without the newline); schema in docs/trace-format.md.
    fn to_json(&self) -> PyResult<String> {
        Ok(rjson::trace_record(self.inner()?, None))
    }
    /// The text `sensei explain` prints (`verbose`: with the candidate grids and sentences).
    #[pyo3(signature = (verbose = false))]
    fn text(&self, verbose: bool) -> PyResult<String> {
        Ok(rtext::explain_text(self.inner()?, verbose))
    }
    /// For each cell filled, in order: (order, row, col, value, technique), 1-based.
    fn cells(&self) -> PyResult<Vec<learn::FilledCell>> {
        Ok(learn::cells(self.inner()?))
    }
    /// The steps as tokens (docs/python.md): `<step> <hidden-single> <r3> <c7> <=5> ...`.
    fn tokens(&self) -> PyResult<Vec<&'static str>> {
        Ok(learn::tokens(self.inner()?))
    }
    /// The tokens as indices into `vocabulary()`.
    fn token_ids(&self) -> PyResult<Vec<u32>> {
        Ok(learn::token_ids(self.inner()?))
    }
    /// The compact JSON form (docs/python.md), one line for a JSONL dataset.
    fn to_compact_json(&self) -> PyResult<String> {
        Ok(learn::compact_json(self.inner()?))
    }
    /// The self-contained HTML walkthrough (`sensei explain --format html`).
    fn html(&self) -> PyResult<String> {
        let t = self.inner()?;
        let rating = grade::grade(&t.puzzle, Scales::ALL);
        Ok(html::walkthrough(t, Some(&rating)))
    }
    fn __len__(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.steps.len())
    }
    fn __repr__(&self) -> String {
        match (&self.trace, &self.failure) {
            (Some(t), _) => format!(
                "Trace(puzzle='{}', steps={}, outcome='{}')",
                t.puzzle.to_line(),
                t.steps.len(),
                t.outcome.slug()
            ),
            (None, f) => format!("Trace(error={:?})", f.as_ref().map_or("", Failure::message)),
        }
    }
}

/// A puzzle's ratings on the scales asked for; in a batch, `.error` says
/// why a puzzle could not be rated.
#[pyclass(frozen, module = "sudoku_sensei")]
pub struct Rating {
    pub rated: Option<(Grid, grade::Rating)>,
    /// The HoDoKu profile's solve the rating comes from (None when the
    /// scales leave HoDoKu's out, or for a generated puzzle's rating).
    pub solve: Option<Arc<sudoku_sensei::Trace>>,
    pub scales: Scales,
    pub failure: Option<Failure>,
    pub index: Option<usize>,
    pub input: Option<String>,
}

/// A rating to one decimal, as the JSON writes it.
fn tenths(r: f32) -> f64 {
    (f64::from(r) * 10.0).round() / 10.0
}

impl Rating {
    fn rating(&self) -> Option<&grade::Rating> {
        self.rated.as_ref().map(|(_, r)| r)
    }
}

#[pymethods]
impl Rating {
    /// Sudoku Explainer's ER (the hardest step), to the tenth.
    #[getter]
    fn er(&self) -> Option<f64> {
        self.rating().and_then(|r| r.se).map(|s| tenths(s.er))
    }
    /// Sudoku Explainer's EP (the hardest step before the first placement).
    #[getter]
    fn ep(&self) -> Option<f64> {
        self.rating().and_then(|r| r.se).map(|s| tenths(s.ep))
    }
    /// Sudoku Explainer's ED (the hardest step before the first elimination or placement).
    #[getter]
    fn ed(&self) -> Option<f64> {
        self.rating().and_then(|r| r.se).map(|s| tenths(s.ed))
    }
    /// HoDoKu's level: `Easy`, `Medium`, `Hard`, `Unfair`, `Extreme`.
    #[getter]
    fn level(&self) -> Option<&'static str> {
        self.rating().and_then(|r| r.hodoku).map(|h| h.level.name())
    }
    /// HoDoKu's score.
    #[getter]
    fn score(&self) -> Option<u32> {
        self.rating().and_then(|r| r.hodoku).map(|h| h.score)
    }
    /// QQWing's class: `simple`, `easy`, `intermediate`, `expert`.
    #[getter]
    fn qqwing(&self) -> Option<&'static str> {
        self.rating().and_then(|r| r.class).map(|c| c.name())
    }
    /// The hardest technique of the rating solve (its slug).
    #[getter]
    fn hardest(&self) -> Option<&'static str> {
        self.rating().and_then(|r| r.hardest).map(|t| t.slug())
    }
    /// Whether a rating solve needed a guess.
    #[getter]
    fn guessed(&self) -> bool {
        self.rating().is_some_and(|r| r.guessed)
    }
    /// How the rating solve ended (`solved`, ...; `error` for a batch's error result).
    #[getter]
    fn outcome(&self) -> &'static str {
        self.rating().map_or("error", |r| r.outcome.slug())
    }
    /// The puzzle as an 81-character line.
    #[getter]
    fn puzzle(&self) -> Option<String> {
        self.rated.as_ref().map(|(g, _)| g.to_line())
    }
    /// The unique solution as an 81-character line, from the HoDoKu solve the rating comes
    /// from (None without a unique solution, or when the scales leave HoDoKu's out).
    #[getter]
    fn solution(&self) -> Option<String> {
        self.solve
            .as_ref()
            .and_then(|t| t.solution.as_ref())
            .map(Grid::to_line)
    }
    /// How many steps the HoDoKu solve the rating comes from took (None when the scales
    /// leave HoDoKu's out).
    #[getter]
    fn steps(&self) -> Option<usize> {
        self.solve.as_ref().map(|t| t.steps.len())
    }
    /// The HoDoKu solve the rating comes from, as a Trace (HoDoKu 2.2.0's default
    /// techniques: it may differ from `explain`'s, which uses all of sensei's); None when
    /// the scales leave HoDoKu's out.
    fn trace(&self) -> Option<Trace> {
        self.solve.as_ref().map(|t| Trace {
            trace: Some(Arc::clone(t)),
            failure: None,
            index: self.index,
            input: None,
            steps: GILOnceCell::new(),
        })
    }
    /// In a batch: why this puzzle could not be rated (None when it was).
    #[getter]
    fn error(&self) -> Option<String> {
        self.failure.as_ref().map(|f| f.message().to_string())
    }
    /// In a batch: `parse_error`, `type_error` or `value_error` (None when rated).
    #[getter]
    fn error_kind(&self) -> Option<&'static str> {
        self.failure.as_ref().map(Failure::kind)
    }
    /// In a batch: the 0-based index of the input (None outside a batch).
    #[getter]
    fn index(&self) -> Option<usize> {
        self.index
    }
    /// In a batch's error result: the input as given.
    #[getter]
    fn input(&self) -> Option<String> {
        self.input.clone()
    }
    /// The line `sensei grade --format json` prints (`line`: the input line it names).
    #[pyo3(signature = (line = None))]
    fn to_json(&self, line: Option<usize>) -> PyResult<String> {
        let (grid, r) = self.rated.as_ref().ok_or_else(|| {
            PyValueError::new_err(format!(
                "this puzzle could not be rated: {}",
                self.failure.as_ref().map_or("", Failure::message)
            ))
        })?;
        let line = line.or(self.index.map(|i| i + 1)).unwrap_or(1);
        Ok(rjson::grade_record(line, grid, self.scales, r))
    }
    /// The ratings as a plain dict (puzzle, er, ep, ed, level, score, qqwing, hardest,
    /// guessed, outcome, error).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("puzzle", self.puzzle())?;
        d.set_item("er", self.er())?;
        d.set_item("ep", self.ep())?;
        d.set_item("ed", self.ed())?;
        d.set_item("level", self.level())?;
        d.set_item("score", self.score())?;
        d.set_item("qqwing", self.qqwing())?;
        d.set_item("hardest", self.hardest())?;
        d.set_item("guessed", self.guessed())?;
        d.set_item("outcome", self.outcome())?;
        d.set_item("error", self.error())?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        match &self.failure {
            Some(f) => format!("Rating(error={:?})", f.message()),
            None => format!(
                "Rating(er={:?}, ep={:?}, ed={:?}, level={:?}, score={:?}, qqwing={:?}, hardest={:?})",
                self.er(),
                self.ep(),
                self.ed(),
                self.level(),
                self.score(),
                self.qqwing(),
                self.hardest()
            )
            .replace("Some(", "")
            .replace(')', "")
                + ")",
        }
    }
}

/// A hint for a position: the next step, or what is wrong with it.
#[pyclass(frozen, module = "sudoku_sensei")]
pub struct Hint {
    pub board: Board,
    pub hint: sudoku_sensei::Hint,
    pub level: HintLevel,
}

#[pymethods]
impl Hint {
    /// `step`, `solved`, `mistakes`, `no_solution`, `multiple_solutions`, `stuck`.
    #[getter]
    fn status(&self) -> &'static str {
        self.hint.slug()
    }
    /// The level asked for: 1 the technique, 2 where to look, 3 the whole step.
    #[getter]
    fn level(&self) -> u8 {
        self.level.number()
    }
    /// The hint in words at its level (what `sensei hint` prints).
    #[getter]
    fn text(&self) -> String {
        rtext::hint_text(&self.hint, self.level)
    }
    /// The technique's slug, for a step.
    #[getter]
    fn technique(&self) -> Option<&'static str> {
        match &self.hint {
            sudoku_sensei::Hint::Step(s) => Some(s.technique.slug()),
            _ => None,
        }
    }
    /// The whole step (whatever the level), for a step.
    #[getter]
    fn step(&self, py: Python<'_>) -> PyResult<Option<Py<Step>>> {
        match &self.hint {
            sudoku_sensei::Hint::Step(s) => Ok(Some(Py::new(
                py,
                Step {
                    board: self.board.clone(),
                    step: (**s).clone(),
                    number: 1,
                },
            )?)),
            _ => Ok(None),
        }
    }
    /// The player's mistakes: dicts with row, col (1-based), found (the value, or None when
    /// the pencil marks lost it) and expected.
    #[getter]
    fn mistakes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        if let sudoku_sensei::Hint::Mistakes(m) = &self.hint {
            for m in m {
                let d = PyDict::new(py);
                d.set_item("row", m.expected.cell.row() + 1)?;
                d.set_item("col", m.expected.cell.col() + 1)?;
                d.set_item("found", m.found.map(|d| d.get()))?;
                d.set_item("expected", m.expected.digit.get())?;
                list.append(d)?;
            }
        }
        Ok(list)
    }
    /// The hint as JSON at its level (`sensei hint --format json`).
    fn to_json(&self) -> String {
        rjson::hint_record(&self.hint, self.level, None)
    }
    /// The hint's picture at its level (`sensei hint --format svg`).
    fn svg(&self) -> String {
        svg::hint(&self.board, &self.hint, self.level)
    }
    fn __repr__(&self) -> String {
        format!(
            "Hint({:?})",
            rtext::hint_text(&self.hint, self.level).trim_end()
        )
    }
}

/// A puzzle made by `generate`.
#[pyclass(frozen, module = "sudoku_sensei")]
pub struct Generated {
    pub made: sudoku_sensei::generate::Generated,
}

#[pymethods]
impl Generated {
    /// Its number in the batch (the same seed and index give the same puzzle).
    #[getter]
    fn index(&self) -> u64 {
        self.made.index
    }
    /// The givens as an 81-character line.
    #[getter]
    fn puzzle(&self) -> String {
        self.made.puzzle.to_line()
    }
    /// The unique solution.
    #[getter]
    fn solution(&self) -> String {
        self.made.solution.to_line()
    }
    /// How many givens.
    #[getter]
    fn givens(&self) -> u32 {
        self.made.puzzle.givens().len()
    }
    /// The ratings on every scale.
    #[getter]
    fn rating(&self) -> Option<Rating> {
        self.made.rating.clone().map(|r| Rating {
            rated: Some((self.made.puzzle.clone(), r)),
            solve: None,
            scales: Scales::ALL,
            failure: None,
            index: None,
            input: None,
        })
    }
    /// The techniques of the solve and their numbers of steps, in HoDoKu's order.
    #[getter]
    fn techniques(&self) -> Vec<(&'static str, usize)> {
        self.made
            .techniques
            .iter()
            .map(|(t, n)| (t.slug(), *n))
            .collect()
    }
    /// With `practice=`: the position before the technique's first step, as a 729-character
    /// candidate string (None otherwise).
    #[getter]
    fn practice(&self) -> Option<String> {
        self.made
            .practice
            .as_ref()
            .map(|p| sudoku_sensei::format::candidate_string(&p.position))
    }
    /// With `practice=`: the step to find there.
    #[getter]
    fn practice_step(&self, py: Python<'_>) -> PyResult<Option<Py<Step>>> {
        self.made
            .practice
            .as_ref()
            .map(|p| {
                Py::new(
                    py,
                    Step {
                        board: p.position.clone(),
                        step: p.step.clone(),
                        number: 1,
                    },
                )
            })
            .transpose()
    }
    /// How many tries it took.
    #[getter]
    fn tries(&self) -> u64 {
        self.made.tries
    }
    fn __str__(&self) -> String {
        self.puzzle()
    }
    fn __repr__(&self) -> String {
        format!(
            "Generated(index={}, puzzle='{}')",
            self.made.index,
            self.puzzle()
        )
    }
}
