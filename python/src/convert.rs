//! From Python to the library and back: reading a puzzle argument, the
//! exceptions, technique lists, JSON values as plain Python objects.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use serde_json::Value;
use sudoku_sensei::format::{self, Entry};
use sudoku_sensei::{Board, ParseErrorKind, Technique};

pyo3::create_exception!(
    sudoku_sensei,
    ParseError,
    PyValueError,
    "A puzzle text could not be read. `.line` and `.column` (1-based, or None) say where, \
     `.kind` what (a stable identifier such as 'bad_character'), `str(e)` is the message \
     `sensei` prints."
);
pyo3::create_exception!(
    sudoku_sensei,
    SolveError,
    PyValueError,
    "The puzzle has no solution, or more than one, or givens that contradict each other \
     (`.solutions`: 0, or at least 2; None for contradicting givens)."
);
pyo3::create_exception!(
    sudoku_sensei,
    GenerateError,
    pyo3::exceptions::PyRuntimeError,
    "The generator could not make a puzzle of the request within its tries."
);

/// A stable identifier of a parse error's kind (Python's `ParseError.kind`).
pub fn kind_slug(kind: &ParseErrorKind) -> &'static str {
    match kind {
        ParseErrorKind::Empty => "empty",
        ParseErrorKind::OnlyFrames => "only_frames",
        ParseErrorKind::InvalidUtf8 => "invalid_utf8",
        ParseErrorKind::BadCharacter { .. } => "bad_character",
        ParseErrorKind::LonePlus => "lone_plus",
        ParseErrorKind::WrongCellCount { .. } => "wrong_cell_count",
        ParseErrorKind::TooManyCells { .. } => "too_many_cells",
        ParseErrorKind::WrongRowLength { .. } => "wrong_row_length",
        ParseErrorKind::WrongRowCount { .. } => "wrong_row_count",
        ParseErrorKind::TooManyRows { .. } => "too_many_rows",
        ParseErrorKind::SecondPuzzle { .. } => "second_puzzle",
        ParseErrorKind::PositionNotPuzzle => "position_not_puzzle",
        ParseErrorKind::Clash { .. } => "clash",
        ParseErrorKind::NotJson { .. } => "not_json",
        ParseErrorKind::NotABoard => "not_a_board",
        ParseErrorKind::RowNotArray { .. } => "row_not_array",
        ParseErrorKind::BadJsonCell { .. } => "bad_json_cell",
        ParseErrorKind::JsonTooLong { .. } => "json_too_long",
        ParseErrorKind::JsonTooManyLines { .. } => "json_too_many_lines",
        ParseErrorKind::JsonNotClosed { .. } => "json_not_closed",
        ParseErrorKind::LineTooLong { .. } => "line_too_long",
        ParseErrorKind::NotLibraryLine => "not_library_line",
        ParseErrorKind::LibraryFields { .. } => "library_fields",
        ParseErrorKind::BadCandidate { .. } => "bad_candidate",
        ParseErrorKind::Io { .. } => "io",
        _ => "other",
    }
}

/// Why one puzzle could not be read or used: what a Python exception or
/// a batch's error result says. Plain data, so that a batch can make it
/// without the GIL.
#[derive(Clone, Debug)]
pub enum Failure {
    Parse {
        message: String,
        kind: &'static str,
        line: Option<usize>,
        column: Option<usize>,
    },
    /// Not a str (`TypeError`).
    Type(String),
    /// Readable but not usable here (`ValueError`).
    Value(String),
}

impl Failure {
    pub fn parse(e: &sudoku_sensei::ParseError) -> Failure {
        Failure::Parse {
            message: e.to_string(),
            kind: kind_slug(e.kind()),
            line: e.line(),
            column: e.column(),
        }
    }
    pub fn message(&self) -> &str {
        match self {
            Failure::Parse { message, .. } | Failure::Type(message) | Failure::Value(message) => {
                message
            }
        }
    }
    /// `parse_error`, `type_error` or `value_error` (a batch result's `error_kind`).
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Parse { .. } => "parse_error",
            Failure::Type(_) => "type_error",
            Failure::Value(_) => "value_error",
        }
    }
    pub fn into_pyerr(self, py: Python<'_>) -> PyErr {
        match self {
            Failure::Parse {
                message,
                kind,
                line,
                column,
            } => {
                let err = ParseError::new_err(message.clone());
                let value = err.value(py);
                // setting attributes on a fresh exception instance cannot fail
                let _ = value.setattr("line", line);
                let _ = value.setattr("column", column);
                let _ = value.setattr("kind", kind);
                let _ = value.setattr("message", message);
                err
            }
            Failure::Type(m) => PyTypeError::new_err(m),
            Failure::Value(m) => PyValueError::new_err(m),
        }
    }
}

/// Read one puzzle or position text (any format `sensei` reads).
pub fn read(text: &str) -> Result<Entry, Failure> {
    format::parse_entry(text).map_err(|e| Failure::parse(&e))
}

/// The type name of a Python object, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".into())
}

/// A puzzle argument: a `Puzzle` (already read) or a `str` in any format.
pub fn puzzle_arg(obj: &Bound<'_, PyAny>) -> Result<Entry, Failure> {
    if let Ok(p) = obj.downcast::<crate::classes::Puzzle>() {
        return Ok(p.get().entry.clone());
    }
    read(&text_arg(obj)?)
}

/// The text of a `str` argument (bytes, None and other types are a `TypeError`).
pub fn text_arg(obj: &Bound<'_, PyAny>) -> Result<String, Failure> {
    if let Ok(s) = obj.downcast::<PyString>() {
        return s
            .to_cow()
            .map(|c| c.into_owned())
            .map_err(|_| Failure::Value("the text is not valid Unicode (lone surrogates)".into()));
    }
    let what = type_name(obj);
    if obj.is_instance_of::<PyBytes>() {
        return Err(Failure::Type(format!(
            "a puzzle must be a str, not {what} (decode it first, e.g. data.decode())"
        )));
    }
    Err(Failure::Type(format!(
        "a puzzle must be a str or a sudoku_sensei.Puzzle, not {what}"
    )))
}

/// The board a position argument stands for: the player's position, or
/// the candidates a puzzle's values allow.
pub fn board_of(entry: &Entry) -> Result<Board, Failure> {
    match &entry.position {
        Some(b) => Ok((**b).clone()),
        None => Board::from_grid(&entry.grid).map_err(|c| {
            Failure::Value(format!(
                "the puzzle cannot be solved: {}",
                sudoku_sensei::render::text::values_contradiction(&entry.grid, &c)
            ))
        }),
    }
}

/// Techniques named by `None`, one str (comma-separated) or an iterable of str.
pub fn techniques(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Vec<Technique>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = if let Ok(s) = obj.downcast::<PyString>() {
        s.to_cow()?
            .split(',')
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect()
    } else {
        let mut out = Vec::new();
        for item in obj.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} must be a str or an iterable of str, not {}",
                type_name(obj)
            ))
        })? {
            let item = item?;
            out.push(item.extract::<String>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{what} must hold technique names (str), not {}",
                    type_name(&item)
                ))
            })?);
        }
        out
    };
    names
        .iter()
        .map(|n| {
            n.parse::<Technique>()
                .map_err(|e| PyValueError::new_err(format!("{what}: {e}")))
        })
        .collect()
}

/// A JSON value as plain Python objects (dict, list, str, int, float, bool, None).
pub fn to_py(py: Python<'_>, v: &Value) -> PyResult<PyObject> {
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any().unbind()
            } else {
                n.as_f64()
                    .unwrap_or(f64::NAN)
                    .into_pyobject(py)?
                    .into_any()
                    .unbind()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, to_py(py, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// A grid of digits as an 81-character line (`.` for empty).
pub fn cells_line(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}
