//! The `sudoku_sensei._sensei` extension: the library's façade for Python
//! (docs/python.md). The core crate knows nothing of Python; this crate
//! reads Python arguments, calls the library (with the GIL released for
//! any real work) and wraps its values in the classes of `classes.rs`.
//! Batches are in `batch.rs`, the learning forms of a trace in `learn.rs`.

mod batch;
mod canon;
mod classes;
mod columns;
mod convert;
mod learn;

use classes::{Generated, Hint, Puzzle, Rating, Step, Trace};
use convert::{Failure, GenerateError, ParseError, SolveError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use rayon::prelude::*;
use std::sync::Arc;
use sudoku_sensei::generate::{parse_pattern, Fill, Generator, Request, Symmetry};
use sudoku_sensei::grade::Scales;
use sudoku_sensei::render::svg as draw;
use sudoku_sensei::{exact, Class, Count, Fallback, Level, Options, Profile, Technique};

fn fail(py: Python<'_>, f: Failure) -> PyErr {
    f.into_pyerr(py)
}

/// parse(text) -> Puzzle
///
/// Read one puzzle or position in any format `sensei` reads (an 81-character line, nine
/// lines, a boxed grid, a LeetCode board, a HoDoKu library line, a pencil-mark grid, a
/// 729-character candidate string). Raises ParseError (a ValueError) with .line, .column,
/// .kind and sensei's message.
#[pyfunction]
fn parse(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
    let text = convert::text_arg(text).map_err(|f| fail(py, f))?;
    let entry = py
        .allow_threads(|| convert::read(&text))
        .map_err(|f| fail(py, f))?;
    Ok(Puzzle { entry })
}

/// The values of a puzzle argument (a position's values count as givens).
fn values(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<[u8; 81]> {
    let entry = convert::puzzle_arg(puzzle).map_err(|f| fail(py, f))?;
    Ok(*entry.grid.values())
}

/// solve(puzzle) -> str
///
/// The unique solution as an 81-character line (the exact solver: no explanation).
/// Raises SolveError (a ValueError) when the puzzle has no solution or more than one
/// (its .solutions is 0, or 2 for "at least two").
#[pyfunction]
fn solve(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<String> {
    let cells = values(py, puzzle)?;
    match py.allow_threads(|| exact::count_and_only_solution(&cells, 2)) {
        (1, Some(sol)) => Ok(convert::cells_line(&sol)),
        (n, _) => {
            let message = if n == 0 {
                "the puzzle has no solution"
            } else {
                "the puzzle has more than one solution"
            };
            let err = SolveError::new_err(message);
            err.value(py).setattr("solutions", n.min(2))?;
            Err(err)
        }
    }
}

/// count_solutions(puzzle, limit=2) -> int
///
/// How many solutions the puzzle has, counting at most `limit` (the search stops there:
/// a result equal to `limit` means "at least limit").
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 2))]
fn count_solutions(py: Python<'_>, puzzle: &Bound<'_, PyAny>, limit: i64) -> PyResult<usize> {
    if limit < 1 {
        return Err(PyValueError::new_err(format!(
            "limit must be at least 1, not {limit}"
        )));
    }
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let cells = values(py, puzzle)?;
    let count = py.allow_threads(|| exact::count(&cells, limit.max(2)));
    let n = match count {
        Count::None => 0,
        Count::Unique => 1,
        Count::Exactly(n) | Count::AtLeast(n) => n,
    };
    Ok(n.min(limit))
}

/// The techniques `only` names and the singles, as `sensei --only` takes
/// them (without `--no-singles`); empty stays empty (no restriction).
fn with_singles(mut only: Vec<sudoku_sensei::Technique>) -> Vec<sudoku_sensei::Technique> {
    if !only.is_empty() {
        for t in sudoku_sensei::Technique::SINGLES {
            if !only.contains(&t) {
                only.push(t);
            }
        }
    }
    only
}

/// The solver options of `only`, `exclude`, `no_guess` and `profile`, as
/// `sensei explain`'s options make them.
fn options(
    only: Option<&Bound<'_, PyAny>>,
    exclude: Option<&Bound<'_, PyAny>>,
    no_guess: bool,
    profile: &str,
) -> PyResult<Options> {
    let only = convert::techniques(only, "only")?;
    let exclude = convert::techniques(exclude, "exclude")?;
    let profile = match profile {
        "hodoku" => Profile::Hodoku,
        "all" => Profile::All,
        other => {
            return Err(PyValueError::new_err(format!(
                "profile must be 'hodoku' or 'all', not {other:?}"
            )))
        }
    };
    let mut opts = if only.is_empty() {
        Options::with_profile(profile)
    } else {
        Options::with_profile(Profile::All).only(&with_singles(only))
    };
    opts = opts.exclude(&exclude);
    if no_guess {
        opts.fallback = Fallback::Stop;
    }
    Ok(opts)
}

/// explain(puzzle, *, only=None, exclude=None, no_guess=False, profile="hodoku") -> Trace
///
/// A step-by-step human-style solve, as `sensei explain` prints it. `only` / `exclude`:
/// technique slugs or names (a list, or one comma-separated str); `only` keeps the singles
/// (full house, naked single, hidden single) too, as `sensei explain --only` does. A position with wrong
/// values or pencil marks raises ValueError naming them.
#[pyfunction]
#[pyo3(signature = (puzzle, *, only = None, exclude = None, no_guess = false, profile = "hodoku"))]
fn explain(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    only: Option<&Bound<'_, PyAny>>,
    exclude: Option<&Bound<'_, PyAny>>,
    no_guess: bool,
    profile: &str,
) -> PyResult<Trace> {
    let opts = options(only, exclude, no_guess, profile)?;
    let entry = convert::puzzle_arg(puzzle).map_err(|f| fail(py, f))?;
    let trace = py
        .allow_threads(|| batch::explain_entry(&entry, &opts))
        .map_err(|f| fail(py, f))?;
    Ok(Trace::new(trace, None))
}

/// hint(position, level=1, *, only=None, exclude=None, no_guess=False, profile="hodoku") -> Hint
///
/// The next step from a position (a puzzle, or a player's position with pencil marks),
/// mistakes first, told at a level: 1 the technique, 2 where to look, 3 the whole step.
#[pyfunction]
#[pyo3(signature = (position, level = 1, *, only = None, exclude = None, no_guess = false, profile = "hodoku"))]
fn hint(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    level: i64,
    only: Option<&Bound<'_, PyAny>>,
    exclude: Option<&Bound<'_, PyAny>>,
    no_guess: bool,
    profile: &str,
) -> PyResult<Hint> {
    let number = level;
    let level = sudoku_sensei::HintLevel::try_from(number).map_err(|_| {
        PyValueError::new_err(format!(
            "level must be 1 (the technique), 2 (where to look) or 3 (the whole step), not {number}"
        ))
    })?;
    let opts = options(only, exclude, no_guess, profile)?;
    let entry = convert::puzzle_arg(position).map_err(|f| fail(py, f))?;
    let board = convert::board_of(&entry).map_err(|f| match f {
        Failure::Value(m) => SolveError::new_err(m),
        f => fail(py, f),
    })?;
    let hint = py.allow_threads(|| sudoku_sensei::hint(&board, &opts));
    Ok(Hint { board, hint, level })
}

/// The scales named by `scales`: a str or an iterable of `se`, `hodoku`, `qqwing`
/// (`class` is an alias), or None for all three.
fn scales(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Scales> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Scales::ALL);
    };
    let names: Vec<String> = if let Ok(s) = obj.downcast::<PyString>() {
        s.to_cow()?
            .split(',')
            .map(|x| x.trim().to_string())
            .collect()
    } else {
        obj.try_iter()
            .map_err(|_| PyTypeError::new_err("scales must be a str or an iterable of str"))?
            .map(|x| x?.extract::<String>())
            .collect::<PyResult<_>>()?
    };
    let mut s = Scales {
        se: false,
        hodoku: false,
        class: false,
    };
    for n in &names {
        match n.to_ascii_lowercase().as_str() {
            "se" => s.se = true,
            "hodoku" => s.hodoku = true,
            "qqwing" | "class" => s.class = true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown scale {other:?} (scales: 'se', 'hodoku', 'qqwing')"
                )))
            }
        }
    }
    if !(s.se || s.hodoku || s.class) {
        return Err(PyValueError::new_err("scales names no scale"));
    }
    Ok(s)
}

/// grade(puzzle, scales=None) -> Rating
///
/// Rate a puzzle: Sudoku Explainer's ER/EP/ED, HoDoKu's level and score, QQWing's class
/// (`scales`: some of 'se', 'hodoku', 'qqwing'; only those solves run). A puzzle without
/// a unique solution is not rated: its Rating has None values and .outcome says why.
#[pyfunction]
#[pyo3(signature = (puzzle, scales = None))]
fn grade(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    scales: Option<&Bound<'_, PyAny>>,
) -> PyResult<Rating> {
    let scales = self::scales(scales)?;
    let entry = convert::puzzle_arg(puzzle).map_err(|f| fail(py, f))?;
    if entry.position.is_some() {
        return Err(PyValueError::new_err(
            "grade rates puzzles, not positions with pencil marks",
        ));
    }
    let (rating, solve) =
        py.allow_threads(|| sudoku_sensei::grade::grade_traced(&entry.grid, scales));
    Ok(Rating {
        rated: Some((entry.grid, rating)),
        solve: solve.map(Arc::new),
        scales,
        failure: None,
        index: None,
        input: None,
    })
}

/// grade_many(puzzles, *, scales=None, threads=None, progress=None) -> Iterator[Rating]
///
/// Rate every puzzle of an iterable of str (list, numpy array, pandas Series, generator,
/// open file...), on all cores with the GIL released, yielding Ratings in input order, a
/// chunk at a time (bounded memory). A bad puzzle yields a Rating whose .error says why.
/// `progress`: a callable given the number of puzzles just done, or a tqdm bar.
#[pyfunction]
#[pyo3(signature = (puzzles, *, scales = None, threads = None, progress = None))]
fn grade_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    scales: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<batch::Batch> {
    let work = batch::Work::Grade(self::scales(scales)?);
    batch::Batch::new(puzzles, work, threads, progress.filter(|p| !p.is_none(py)))
}

/// explain_many(puzzles, *, only=None, exclude=None, no_guess=False, profile="hodoku",
/// threads=None, progress=None) -> Iterator[Trace]
///
/// explain() for every puzzle of an iterable, as grade_many does it: in input order, on
/// all cores, a bad puzzle yielding a Trace whose .error says why.
#[pyfunction]
#[pyo3(signature = (puzzles, *, only = None, exclude = None, no_guess = false, profile = "hodoku", threads = None, progress = None))]
#[allow(clippy::too_many_arguments)]
fn explain_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    only: Option<&Bound<'_, PyAny>>,
    exclude: Option<&Bound<'_, PyAny>>,
    no_guess: bool,
    profile: &str,
    threads: Option<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<batch::Batch> {
    let opts = options(only, exclude, no_guess, profile)?;
    let work = batch::Work::Explain(Arc::new(opts));
    batch::Batch::new(puzzles, work, threads, progress.filter(|p| !p.is_none(py)))
}

/// A value or a range: `x`, `(lo, hi)` (None for an open end), or a str `"lo..hi"`,
/// `"..hi"`, `"lo.."`, `"x"`.
fn range<T: Copy>(
    obj: Option<&Bound<'_, PyAny>>,
    what: &str,
    lowest: T,
    highest: T,
    one: &dyn Fn(&Bound<'_, PyAny>) -> Option<T>,
    text: &dyn Fn(&str) -> Option<T>,
) -> PyResult<Option<(T, T)>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let bad = || {
        PyValueError::new_err(format!(
            "{what}: not a value or a range (lo, hi) / 'lo..hi'"
        ))
    };
    if let Ok(s) = obj.downcast::<PyString>() {
        let s = s.to_cow()?.trim().to_string();
        let end = |x: &str, default: T| {
            if x.trim().is_empty() {
                Some(default)
            } else {
                text(x.trim())
            }
        };
        let (lo, hi) = match s.split_once("..") {
            Some((a, b)) => (
                end(a, lowest),
                end(b.strip_prefix('=').unwrap_or(b), highest),
            ),
            None => (text(&s), text(&s)),
        };
        return lo.zip(hi).map(Some).ok_or_else(bad);
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        if t.len() != 2 {
            return Err(bad());
        }
        let end = |x: Bound<'_, PyAny>, default: T| {
            if x.is_none() {
                Some(default)
            } else {
                one(&x)
            }
        };
        let lo = end(t.get_item(0)?, lowest);
        let hi = end(t.get_item(1)?, highest);
        return lo.zip(hi).map(Some).ok_or_else(bad);
    }
    one(obj).map(|v| Some((v, v))).ok_or_else(bad)
}

const LEVELS: [Level; 5] = [
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Unfair,
    Level::Extreme,
];

fn level_named(s: &str) -> Option<Level> {
    LEVELS
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(s))
}

fn one_technique(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Technique>> {
    let list = convert::techniques(obj, what)?;
    match list.as_slice() {
        [] => Ok(None),
        [t] => Ok(Some(*t)),
        _ => Err(PyValueError::new_err(format!("{what}: one technique"))),
    }
}

/// generate(count=1, *, seed=0, level=None, er=None, qqwing=None, symmetry="none",
/// technique=None, hardest=False, exclude=None, only=None, givens=None, pattern=None,
/// minimal=None, allow_guess=False, practice=None, fill="random", max_tries=100000,
/// rate=True, threads=None) -> list[Generated]
///
/// Make puzzles as `sensei generate` does, with its options (docs/generate.md): unique,
/// minimal unless givens/pattern, guess-free unless allow_guess. The same seed gives the
/// same puzzles on any number of threads. Raises ValueError for a request that cannot be
/// met, GenerateError when a puzzle was not found within max_tries.
#[pyfunction]
#[pyo3(signature = (count = 1, *, seed = 0, level = None, er = None, qqwing = None, symmetry = "none", technique = None, hardest = false, exclude = None, only = None, givens = None, pattern = None, minimal = None, allow_guess = false, practice = None, fill = "random", max_tries = 100_000, rate = true, threads = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    count: u64,
    seed: u64,
    level: Option<&Bound<'_, PyAny>>,
    er: Option<&Bound<'_, PyAny>>,
    qqwing: Option<&str>,
    symmetry: &str,
    technique: Option<&Bound<'_, PyAny>>,
    hardest: bool,
    exclude: Option<&Bound<'_, PyAny>>,
    only: Option<&Bound<'_, PyAny>>,
    givens: Option<&Bound<'_, PyAny>>,
    pattern: Option<&str>,
    minimal: Option<bool>,
    allow_guess: bool,
    practice: Option<&Bound<'_, PyAny>>,
    fill: &str,
    max_tries: u64,
    rate: bool,
    threads: Option<usize>,
) -> PyResult<Vec<Generated>> {
    let level = range(
        level,
        "level",
        Level::Easy,
        Level::Extreme,
        &|o| o.extract::<String>().ok().and_then(|s| level_named(&s)),
        &level_named,
    )
    .map_err(|e| {
        PyValueError::new_err(format!(
            "{} (levels: easy, medium, hard, unfair, extreme)",
            e.value(py)
        ))
    })?;
    let er = range(
        er,
        "er",
        1.0f32,
        20.0,
        &|o| o.extract::<f32>().ok().filter(|v| v.is_finite()),
        &|s| s.parse::<f32>().ok().filter(|v| v.is_finite()),
    )?;
    let givens = range(
        givens,
        "givens",
        0u8,
        81,
        &|o| o.extract::<u8>().ok(),
        &|s| s.parse::<u8>().ok(),
    )?;
    let class = match qqwing.map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("simple") => Some(Class::Simple),
        Some("easy") => Some(Class::Easy),
        Some("intermediate") => Some(Class::Intermediate),
        Some("expert") => Some(Class::Expert),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "qqwing must be simple, easy, intermediate or expert, not {other:?}"
            )))
        }
    };
    let wanted = symmetry.to_ascii_lowercase();
    let symmetry = match wanted.as_str() {
        "central" | "rotational180" => Symmetry::Rotate180,
        "rotational90" => Symmetry::Rotate90,
        "vertical" => Symmetry::Mirror,
        "horizontal" => Symmetry::Flip,
        "dihedral" => Symmetry::Full,
        s => Symmetry::ALL
            .into_iter()
            .find(|x| x.slug() == s)
            .ok_or_else(|| {
                let all: Vec<&str> = Symmetry::ALL.iter().map(|x| x.slug()).collect();
                PyValueError::new_err(format!(
                    "unknown symmetry {symmetry:?} (symmetries: {})",
                    all.join(", ")
                ))
            })?,
    };
    let fill = match fill {
        "random" => Fill::Random,
        "templates" => Fill::Templates,
        other => {
            return Err(PyValueError::new_err(format!(
                "fill must be 'random' or 'templates', not {other:?}"
            )))
        }
    };
    let pattern = pattern
        .map(parse_pattern)
        .transpose()
        .map_err(|e| fail(py, Failure::parse(&e)))?;
    let request = Request {
        seed,
        fill,
        givens,
        symmetry,
        pattern,
        minimal,
        level,
        er,
        class,
        techniques: convert::techniques(technique, "technique")?,
        hardest,
        exclude: convert::techniques(exclude, "exclude")?,
        only: with_singles(convert::techniques(only, "only")?),
        allow_guess,
        practice: one_technique(practice, "practice")?,
        rate,
        max_tries,
    };
    let generator = Generator::new(request).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    let per_round = (pool.current_num_threads() as u64).max(1);
    let mut out = Vec::with_capacity(count.min(1 << 16) as usize);
    let mut next = 0u64;
    while next < count {
        let end = (next + per_round).min(count);
        let made: Vec<_> = py.allow_threads(|| {
            pool.install(|| {
                (next..end)
                    .into_par_iter()
                    .map(|i| generator.nth(i))
                    .collect()
            })
        });
        for m in made {
            let made = m.map_err(|e| GenerateError::new_err(e.to_string()))?;
            out.push(Generated { made });
        }
        next = end;
        py.check_signals()?;
    }
    Ok(out)
}

/// svg(what, level=3) -> str
///
/// An SVG picture: of a Step on the position before it (at a hint level), of a Hint, or
/// of a puzzle or position (a Puzzle or a str).
#[pyfunction]
#[pyo3(signature = (what, level = 3))]
fn svg(py: Python<'_>, what: &Bound<'_, PyAny>, level: i64) -> PyResult<String> {
    if let Ok(step) = what.downcast::<Step>() {
        return step.call_method1("svg", (level,))?.extract();
    }
    if let Ok(hint) = what.downcast::<Hint>() {
        return hint.call_method0("svg")?.extract();
    }
    let entry = convert::puzzle_arg(what).map_err(|f| fail(py, f))?;
    let board = convert::board_of(&entry).map_err(|f| fail(py, f))?;
    Ok(draw::position(&board))
}

/// html(trace) -> str
///
/// The self-contained HTML walkthrough of a Trace (`sensei explain --format html`).
#[pyfunction]
fn html(trace: &Bound<'_, Trace>) -> PyResult<String> {
    trace.call_method0("html")?.extract()
}

/// vocabulary() -> list[str]
///
/// The tokens of Trace.tokens(), in the order of their ids (Trace.token_ids()).
#[pyfunction]
fn vocabulary() -> Vec<&'static str> {
    learn::vocabulary().tokens.clone()
}

/// techniques() -> list[dict]
///
/// Every technique sensei knows, in HoDoKu's order: slug, name, family, hodoku_code, level,
/// score (HoDoKu's), se (Sudoku Explainer's rating), implemented.
#[pyfunction]
fn techniques(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    Technique::all()
        .map(|t| {
            let d = PyDict::new(py);
            let info = t.info();
            d.set_item("slug", t.slug())?;
            d.set_item("name", t.name())?;
            d.set_item("family", t.family().name())?;
            d.set_item("hodoku_code", t.hodoku_code())?;
            d.set_item("level", info.level.name())?;
            d.set_item("score", info.score)?;
            d.set_item("se", t.se_rating())?;
            d.set_item("implemented", t.is_implemented())?;
            Ok(d)
        })
        .collect()
}

/// The mean wall time in seconds of `repeat` explain solves of one puzzle
/// inside Rust (the work alone, without Python): the benchmark's
/// reference for the per-call overhead of `explain` (python/bench).
#[pyfunction]
fn _explain_seconds(py: Python<'_>, puzzle: &Bound<'_, PyAny>, repeat: u32) -> PyResult<f64> {
    let entry = convert::puzzle_arg(puzzle).map_err(|f| fail(py, f))?;
    let opts = Options::default();
    let repeat = repeat.max(1);
    Ok(py.allow_threads(|| {
        let started = std::time::Instant::now();
        for _ in 0..repeat {
            std::hint::black_box(batch::explain_entry(std::hint::black_box(&entry), &opts).ok());
        }
        started.elapsed().as_secs_f64() / f64::from(repeat)
    }))
}

/// Raise a Rust panic (a test that panics become exceptions, not a crash).
#[pyfunction]
fn _panic_for_test() {
    panic!("a deliberate panic, to test that it becomes an exception");
}

#[pymodule]
fn _sensei(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("COMPACT_VERSION", learn::COMPACT_VERSION)?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("SolveError", py.get_type::<SolveError>())?;
    m.add("GenerateError", py.get_type::<GenerateError>())?;
    m.add_class::<Puzzle>()?;
    m.add_class::<Step>()?;
    m.add_class::<Trace>()?;
    m.add_class::<Rating>()?;
    m.add_class::<Hint>()?;
    m.add_class::<Generated>()?;
    m.add_class::<batch::Batch>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(grade, m)?)?;
    m.add_function(wrap_pyfunction!(grade_many, m)?)?;
    m.add_function(wrap_pyfunction!(explain_many, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(svg, m)?)?;
    m.add_function(wrap_pyfunction!(html, m)?)?;
    m.add_function(wrap_pyfunction!(vocabulary, m)?)?;
    m.add_function(wrap_pyfunction!(techniques, m)?)?;
    m.add_function(wrap_pyfunction!(canon::canon, m)?)?;
    m.add_function(wrap_pyfunction!(canon::canon_transform, m)?)?;
    m.add_function(wrap_pyfunction!(canon::equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(canon::transform, m)?)?;
    m.add_function(wrap_pyfunction!(canon::random_transform, m)?)?;
    m.add_function(wrap_pyfunction!(canon::dedupe, m)?)?;
    m.add_function(wrap_pyfunction!(columns::_grade_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(columns::_explain_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    m.add_function(wrap_pyfunction!(_explain_seconds, m)?)?;
    Ok(())
}
