//! `grade_many` and `explain_many`: an iterator over any iterable of
//! puzzle strings, read a chunk at a time, each chunk worked on all cores
//! with the GIL released, results handed out in input order. Memory is
//! bounded by one chunk; signals (Ctrl-C) are checked between chunks, and
//! a chunk is kept short (its size adapts to about 50 ms of work) so that
//! KeyboardInterrupt stops a batch promptly.

use crate::classes::{Rating, Trace};
use crate::convert::{self, Failure};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::{hint, solver, Options};

type GradedPuzzle = (
    sudoku_sensei::Grid,
    grade::Rating,
    Option<sudoku_sensei::Trace>,
);

/// What a batch does to each puzzle.
#[derive(Clone)]
pub enum Work {
    Grade(Scales),
    Explain(Arc<Options>),
}

/// One input: its text, or why it is not one.
type Input = Result<String, Failure>;

/// One result, made without the GIL.
enum Done {
    /// The puzzle, its rating and the HoDoKu solve the rating comes from.
    Graded(Result<Box<GradedPuzzle>, Failure>),
    Explained(Result<Box<sudoku_sensei::Trace>, Failure>),
}

/// The largest chunk, and the time a chunk aims at.
const MAX_CHUNK: usize = 1024;
const CHUNK_TIME: Duration = Duration::from_millis(50);

fn work_one(work: &Work, input: &Input) -> Done {
    match work {
        Work::Grade(scales) => {
            Done::Graded(input.as_ref().map_err(Clone::clone).and_then(|text| {
                let entry = convert::read(text)?;
                if entry.position.is_some() {
                    return Err(Failure::Value(
                        "grade rates puzzles, not positions with pencil marks".into(),
                    ));
                }
                let (rating, solve) = grade::grade_traced(&entry.grid, *scales);
                Ok(Box::new((entry.grid, rating, solve)))
            }))
        }
        Work::Explain(opts) => Done::Explained(
            input
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|text| explain_entry(&convert::read(text)?, opts).map(Box::new)),
        ),
    }
}

/// What `sensei explain` does with one entry: a position with mistakes is
/// not explained (its hint names them), anything else is solved.
pub fn explain_entry(
    entry: &sudoku_sensei::format::Entry,
    opts: &Options,
) -> Result<sudoku_sensei::Trace, Failure> {
    match &entry.position {
        Some(board) => {
            let wrong = hint::mistakes(board);
            if wrong.is_empty() {
                Ok(solver::solve_position(board, opts))
            } else {
                Err(Failure::Value(sudoku_sensei::render::text::hint_message(
                    &sudoku_sensei::Hint::Mistakes(wrong),
                )))
            }
        }
        None => Ok(solver::solve(&entry.grid, opts)),
    }
}

/// The iterator `grade_many` and `explain_many` return.
#[pyclass(module = "sudoku_sensei")]
pub struct Batch {
    inputs: Option<Py<PyAny>>,
    work: Work,
    pool: Option<Arc<rayon::ThreadPool>>,
    progress: Option<Py<PyAny>>,
    ready: VecDeque<(usize, Input, Done)>,
    next_index: usize,
    chunk: usize,
}

impl Batch {
    pub fn new(
        puzzles: &Bound<'_, PyAny>,
        work: Work,
        threads: Option<usize>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Batch> {
        let inputs = puzzles.try_iter().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "puzzles must be an iterable of str, not {}",
                convert::type_name(puzzles)
            ))
        })?;
        let pool = match threads {
            None => None,
            Some(0) => {
                return Err(pyo3::exceptions::PyValueError::new_err(
                    "threads must be at least 1 (None: all cores)",
                ))
            }
            Some(n) => Some(Arc::new(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?,
            )),
        };
        let threads = pool
            .as_ref()
            .map_or_else(rayon::current_num_threads, |p| p.current_num_threads());
        Ok(Batch {
            inputs: Some(inputs.into_any().unbind()),
            work,
            pool,
            progress,
            ready: VecDeque::new(),
            next_index: 0,
            chunk: (threads * 2).clamp(2, MAX_CHUNK),
        })
    }

    /// Read the next chunk and work on it; false when the input is done.
    fn fill(&mut self, py: Python<'_>) -> PyResult<bool> {
        let Some(inputs) = &self.inputs else {
            return Ok(false);
        };
        let inputs = inputs.bind(py).clone();
        let mut chunk: Vec<Input> = Vec::with_capacity(self.chunk);
        while chunk.len() < self.chunk {
            match inputs.call_method0("__next__") {
                Ok(item) => chunk.push(convert::text_arg(&item)),
                Err(e) if e.is_instance_of::<pyo3::exceptions::PyStopIteration>(py) => {
                    self.inputs = None;
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        if chunk.is_empty() {
            return Ok(false);
        }
        py.check_signals()?;
        let work = self.work.clone();
        let pool = self.pool.clone();
        let started = Instant::now();
        let done: Vec<Done> = py.allow_threads(|| {
            let run = || {
                chunk
                    .par_iter()
                    .map(|input| work_one(&work, input))
                    .collect()
            };
            match &pool {
                Some(pool) => pool.install(run),
                None => run(),
            }
        });
        // aim each chunk at CHUNK_TIME: short enough to stop promptly,
        // long enough that the hand-over costs nothing
        let took = started.elapsed();
        if took < CHUNK_TIME / 2 {
            self.chunk = (self.chunk * 2).min(MAX_CHUNK);
        } else if took > CHUNK_TIME * 2 {
            self.chunk = (self.chunk / 2).max(1);
        }
        let n = done.len();
        for (input, d) in chunk.into_iter().zip(done) {
            self.ready.push_back((self.next_index, input, d));
            self.next_index += 1;
        }
        py.check_signals()?;
        if let Some(progress) = &self.progress {
            let p = progress.bind(py);
            if p.hasattr("update")? {
                p.call_method1("update", (n,))?;
            } else {
                p.call1((n,))?;
            }
        }
        Ok(true)
    }
}

#[pymethods]
impl Batch {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        if self.ready.is_empty() && !self.fill(py)? {
            return Ok(None);
        }
        let Some((index, input, done)) = self.ready.pop_front() else {
            return Ok(None);
        };
        let failed_input = |f: &Failure| match (&input, f) {
            (Ok(text), _) => Some(text.clone()),
            _ => None,
        };
        let obj = match done {
            Done::Graded(Ok(rated)) => {
                let (grid, rating, solve) = *rated;
                Py::new(
                    py,
                    Rating {
                        rated: Some((grid, rating)),
                        solve: solve.map(Arc::new),
                        scales: match self.work {
                            Work::Grade(s) => s,
                            Work::Explain(_) => Scales::ALL,
                        },
                        failure: None,
                        index: Some(index),
                        input: None,
                    },
                )?
                .into_any()
            }
            Done::Graded(Err(f)) => Py::new(
                py,
                Rating {
                    rated: None,
                    solve: None,
                    scales: Scales::ALL,
                    input: failed_input(&f),
                    failure: Some(f),
                    index: Some(index),
                },
            )?
            .into_any(),
            Done::Explained(Ok(trace)) => Py::new(py, Trace::new(*trace, Some(index)))?.into_any(),
            Done::Explained(Err(f)) => {
                let input = failed_input(&f);
                Py::new(py, Trace::failed(f, Some(index), input))?.into_any()
            }
        };
        Ok(Some(obj))
    }
}
