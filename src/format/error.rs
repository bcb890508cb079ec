//! Why a puzzle text could not be read, and where: [`ParseError`], its
//! matchable [`ParseErrorKind`], and the messages users see.

use crate::board::Contradiction;
use std::fmt;

/// Why a puzzle text could not be read ([`kind`](ParseError::kind)), and
/// where: the 1-based [`line`](ParseError::line) and
/// [`column`](ParseError::column) (in characters), when known. `Display`
/// puts the place first: `line 3, column 12: 'x' is not allowed (...)`.
///
/// ```
/// use sudoku_sensei::format::{parse, ParseErrorKind};
/// let e = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x").unwrap_err();
/// assert_eq!(e.kind(), &ParseErrorKind::BadCharacter { found: 'x', within: sudoku_sensei::format::Within::Grid });
/// assert_eq!((e.line(), e.column()), (Some(1), Some(81)));
/// assert_eq!(e.to_string(), "line 1, column 81: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    kind: ParseErrorKind,
    line: Option<usize>,
    column: Option<usize>,
}

/// The kind of text an error was found in, where the rules differ.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Within {
    /// A puzzle: an 81-character line, rows of cells, a boxed grid.
    Grid,
    /// A LeetCode JSON board.
    Json,
    /// A pencil-mark grid (a position).
    PencilMarks,
    /// A 729-character candidate string (a position).
    CandidateString,
    /// The givens field of a HoDoKu library line.
    GivensField,
    /// A pattern of givens for the generator (`x` a given, `.` empty).
    Pattern,
}

/// What is wrong with a puzzle text. Counts are as found; a `row` is a
/// row of the grid, 0-based like every index of the API (the message says
/// `row 1` for row 0); a `first_line` is a place in the text, 1-based like
/// [`ParseError::line`].
/// New kinds may be added (the enum is `#[non_exhaustive]`).
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// No puzzle in the text: it is empty, or blank lines and `#`
    /// comments only.
    Empty,
    /// Only the frame lines of a boxed grid, no row of cells.
    OnlyFrames,
    /// Bytes that are not UTF-8 where a cell was expected (they read as
    /// U+FFFD).
    InvalidUtf8,
    /// A character that cannot stand where it is.
    BadCharacter { found: char, within: Within },
    /// A `+` (the mark of a placed value) not followed by a digit 1-9.
    LonePlus,
    /// Another number of cells than 81 (of characters than 729 in a
    /// candidate string).
    WrongCellCount { found: usize, within: Within },
    /// More than 81 cells (729 characters in a candidate string), where
    /// reading stopped.
    TooManyCells { within: Within },
    /// A row of a grid with another number of cells than 9.
    WrongRowLength { row: usize, found: usize },
    /// A grid with another number of rows than 9.
    WrongRowCount { found: usize, within: Within },
    /// A 10th row right after a complete grid (a text holding one puzzle).
    TooManyRows { first_line: usize },
    /// A second puzzle in a text that must hold one.
    SecondPuzzle { first_line: usize },
    /// A position with pencil marks where a puzzle was expected.
    PositionNotPuzzle,
    /// Values that contradict each other, as two equal values in a house.
    /// `placed` says which of a clash's two cells (in the order of
    /// [`crate::grid::Clash`]) hold a value a player placed (`+5`) rather
    /// than a given.
    Clash {
        contradiction: Contradiction,
        placed: [bool; 2],
        within: Within,
    },
    /// Text that is not JSON (serde_json's message, without its place).
    NotJson { message: String },
    /// JSON that is not an array of rows.
    NotABoard,
    /// A row of a JSON board that is not an array.
    RowNotArray { row: usize },
    /// A JSON cell that is neither a one-character string nor a number
    /// 0-9 (`found`: the value as JSON text).
    BadJsonCell { found: String },
    /// A JSON board longer than `limit` characters.
    JsonTooLong { limit: usize },
    /// A JSON board of more than `limit` lines.
    JsonTooManyLines { limit: usize },
    /// A JSON board whose closing `]` is missing: `missing` of them after
    /// its last line, `last_line` (the next line cannot continue it, or
    /// the text ends). The error's own place is the board's opening `[`.
    JsonNotClosed { missing: usize, last_line: usize },
    /// A line longer than the `limit` bytes a reader keeps of a line,
    /// where the whole line matters (a HoDoKu library line).
    LineTooLong { bytes: usize, limit: usize },
    /// A line given as a HoDoKu library line that does not start with `:`.
    NotLibraryLine,
    /// A HoDoKu library line with fewer than 4 fields.
    LibraryFields { found: usize },
    /// An item of a candidate list that is not `<digit><row><col>`.
    BadCandidate { found: String },
    /// The input could not be read (the reader's I/O error, as text).
    Io { message: String },
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind) -> ParseError {
        ParseError {
            kind,
            line: None,
            column: None,
        }
    }
    /// What is wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
    /// The 1-based line where the text went wrong, when known.
    pub fn line(&self) -> Option<usize> {
        self.line
    }
    /// The 1-based column (in characters) where the text went wrong, when
    /// known.
    pub fn column(&self) -> Option<usize> {
        self.column
    }
    pub(crate) fn kind_mut(&mut self) -> &mut ParseErrorKind {
        &mut self.kind
    }
    /// The same error on `line` (kept if a line is already known).
    pub(crate) fn at_line(mut self, line: usize) -> ParseError {
        self.line.get_or_insert(line);
        self
    }
    /// The same error at `column` (kept if a column is already known).
    pub(crate) fn at_column(mut self, column: usize) -> ParseError {
        self.column.get_or_insert(column);
        self
    }
    /// Move the error down by `lines` lines (for a block read from the
    /// middle of a file).
    pub(crate) fn shifted(mut self, lines: usize) -> ParseError {
        if let Some(l) = self.line.as_mut() {
            *l += lines;
        }
        self
    }
}

impl From<ParseErrorKind> for ParseError {
    fn from(kind: ParseErrorKind) -> ParseError {
        ParseError::new(kind)
    }
}

/// `line 3, column 12: 'x' is not allowed (...)`
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: ")?,
            (Some(l), None) => write!(f, "line {l}: ")?,
            (None, Some(c)) => write!(f, "column {c}: ")?,
            (None, None) => {}
        }
        self.kind.fmt(f)
    }
}

impl std::error::Error for ParseError {}

/// The message, without the place.
impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind as K;
        match self {
            K::Empty => f.write_str("no puzzle found: the text is empty"),
            K::OnlyFrames => f.write_str("no puzzle found: the text holds only frame lines"),
            K::InvalidUtf8 => {
                f.write_str("invalid UTF-8 here (save the text as UTF-8)")
            }
            K::BadCharacter { found, within } => match within {
                Within::PencilMarks => write!(
                    f,
                    "{found:?} is not allowed in a pencil-mark grid (write each cell as its value or its candidates, e.g. 5 or 146)"
                ),
                Within::GivensField => write!(
                    f,
                    "{found:?} is not allowed in the givens field (use 1-9, '.', '0' or '+')"
                ),
                Within::Pattern => write!(
                    f,
                    "{found:?} is not a pattern cell: use x for a given and . for an empty cell"
                ),
                _ => write!(
                    f,
                    "{found:?} is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
                ),
            },
            K::LonePlus => f.write_str("'+' marks a placed value: it must be followed by a digit 1-9"),
            K::WrongCellCount { found, within } => {
                let s = if *found == 1 { "" } else { "s" };
                match within {
                    Within::CandidateString => write!(
                        f,
                        "found {found} character{s} instead of 729 in a candidate string (9 per \
                         cell)"
                    ),
                    Within::GivensField => {
                        write!(f, "found {found} cell{s} instead of 81 in the givens field")
                    }
                    Within::Pattern => write!(
                        f,
                        "found {found} cell{s} in the pattern instead of 81 (one x or . per cell)"
                    ),
                    _ => write!(f, "found {found} cell{s} instead of 81"),
                }
            }
            K::TooManyCells { within } => match within {
                Within::CandidateString => f.write_str(
                    "found more than 729 characters in a candidate string (9 per cell)",
                ),
                Within::GivensField => f.write_str("more than 81 cells in the givens field"),
                Within::Pattern => {
                    f.write_str("more than 81 cells in the pattern (one x or . per cell)")
                }
                _ => f.write_str("more than 81 cells"),
            },
            K::WrongRowLength { row, found } => {
                write!(f, "row {} has {found} cells instead of 9", row + 1)
            }
            K::WrongRowCount { found, within } => {
                let s = if *found == 1 { "" } else { "s" };
                match within {
                    Within::Json => write!(f, "the board has {found} row{s} instead of 9"),
                    _ => write!(f, "found {found} row{s} instead of 9"),
                }
            }
            K::TooManyRows { first_line } => write!(
                f,
                "too many rows: the grid that starts on line {first_line} already has 9 rows"
            ),
            K::SecondPuzzle { first_line } => write!(
                f,
                "a second puzzle starts here (the first one starts on line {first_line}): give one puzzle"
            ),
            K::PositionNotPuzzle => f.write_str(
                "this is a position with pencil marks, not a puzzle (read it as a position)",
            ),
            K::Clash {
                contradiction,
                placed,
                within,
            } => clash_message(f, contradiction, *placed, *within),
            K::NotJson { message } => write!(f, "not a valid JSON board: {message}"),
            K::NotABoard => f.write_str("a LeetCode board is a JSON array of 9 rows"),
            K::RowNotArray { row } => write!(f, "row {} is not an array of 9 cells", row + 1),
            K::BadJsonCell { found } => {
                if found.starts_with('"') {
                    write!(
                        f,
                        "{found} is not one character (write a cell as \"5\", or \".\" when empty)"
                    )
                } else if found.parse::<f64>().is_ok() {
                    write!(
                        f,
                        "{found} is not allowed (use 1-9 for givens and 0 for empty cells)"
                    )
                } else {
                    write!(
                        f,
                        "{found} is not a cell (write a cell as \"5\", or \".\" when empty)"
                    )
                }
            }
            K::JsonTooLong { limit } => {
                write!(f, "the JSON board is longer than {limit} characters")
            }
            K::JsonTooManyLines { limit } => write!(
                f,
                "the JSON board runs over more than {limit} lines (a 9x9 board takes at most 101)"
            ),
            K::JsonNotClosed { missing, last_line } => {
                let are = if *missing == 1 { "is" } else { "are" };
                write!(
                    f,
                    "the JSON board that opens here is not closed: {missing} ']' {are} missing \
                     at the end of line {last_line}"
                )
            }
            K::LineTooLong { bytes, limit } => write!(
                f,
                "the line is {bytes} bytes long, longer than the {limit} bytes read of a line \
                 (a HoDoKu library line is far shorter)"
            ),
            K::NotLibraryLine => f.write_str("a HoDoKu library line starts with ':'"),
            K::LibraryFields { found } => write!(
                f,
                "a HoDoKu library line has at least 4 fields (:code:candidates:givens:deleted:...), found {found}"
            ),
            K::BadCandidate { found } => write!(
                f,
                "'{found}' is not a candidate: expected <digit><row><col>, e.g. 436 for 4 in r3c6"
            ),
            K::Io { message } => write!(f, "cannot read the input: {message}"),
        }
    }
}

/// `the givens clash: r1c2 and r1c7 are both 5 in row 1`; a value a player
/// placed is named as such: `the placed value r1c3=5 clashes with the
/// given r1c7=5 in row 1`.
fn clash_message(
    f: &mut fmt::Formatter<'_>,
    c: &Contradiction,
    placed: [bool; 2],
    within: Within,
) -> fmt::Result {
    let values = match within {
        Within::PencilMarks | Within::CandidateString => "values",
        _ => "givens",
    };
    let Contradiction::Clash(cl) = c else {
        return write!(f, "the {values} contradict each other: {c}");
    };
    let (d, house) = (cl.digit, cl.house.describe());
    match placed {
        [false, false] => write!(f, "the {values} clash: {c}"),
        [true, true] => write!(
            f,
            "the placed values {}={d} and {}={d} clash in {house}",
            cl.first, cl.second
        ),
        [first_placed, _] => {
            let (mine, given) = if first_placed {
                (cl.first, cl.second)
            } else {
                (cl.second, cl.first)
            };
            write!(
                f,
                "the placed value {mine}={d} clashes with the given {given}={d} in {house}"
            )
        }
    }
}
