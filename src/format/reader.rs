//! Many puzzles in a file or on stdin, and the format detection every
//! reader shares.
//!
//! A stream holds puzzles one per line (81-character lines, HoDoKu library
//! lines) and multi-line puzzles (nine-line grids, boxed grids, LeetCode
//! JSON boards spread over lines). Blank lines and lines starting with `#`
//! are skipped. A multi-line grid ends with its 9th row or a blank line; a
//! JSON board ends with its closing bracket. A bad puzzle yields an error
//! naming its line, and reading goes on with the next puzzle.
//!
//! Each line is classified on its own:
//! - blank, or a `#` comment;
//! - a title such as Project Euler's `Grid 01`: the label of the grid below;
//! - a frame line of a boxed grid (`+-------+-------+-------+`, also
//!   HoDoKu's `:-----+-----:`);
//! - a HoDoKu library line (starts with `:`);
//! - the start of a JSON board (starts with `[`);
//! - a one-line puzzle: it starts with 27 or more cell characters in a row
//!   (an 81-character line, or, when more than 600 characters precede the
//!   first blank, a 729-character candidate string);
//! - otherwise a row of a multi-line grid.

use super::{boxgrid, candidates, cell_count, hodoku, json, line, pencil, rows, ParseError};
use crate::board::Board;
use crate::grid::Grid;
use std::collections::VecDeque;
use std::io::BufRead;

/// Longest line kept (longer lines are cut: the rest can only be a label).
const MAX_LINE: usize = 4096;
/// Longest JSON board read.
const MAX_JSON: usize = 16384;
/// A one-line puzzle longer than this (up to its first blank) is read as a
/// candidate string.
const CANDIDATE_STRING: usize = 600;
/// A line starting with this many cell characters is a one-line puzzle.
const ONE_LINE: usize = 27;

/// One puzzle read from a stream.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    pub grid: Grid,
    /// The text after the cells of an 81-character line, or the title line
    /// (`Grid 01`) before a multi-line grid; `""` otherwise.
    pub label: String,
}

/// What a puzzle text turned out to be.
#[derive(Clone, Debug)]
pub(crate) enum Parsed {
    /// A puzzle (its values, given or placed).
    Grid(Grid),
    /// A HoDoKu library line: a position that also has givens.
    Library(Board),
    /// A position with pencil marks (pencil-mark grid, candidate string).
    Pencil(Board),
}

impl Parsed {
    pub(crate) fn into_grid(self) -> Result<Grid, ParseError> {
        match self {
            Parsed::Grid(g) => Ok(g),
            Parsed::Library(b) => Ok(b.grid().clone()),
            Parsed::Pencil(_) => Err(ParseError::new(
                "this is a position with pencil marks, not a puzzle (read it as a position)",
            )),
        }
    }
    pub(crate) fn into_board(self) -> Result<Board, ParseError> {
        match self {
            Parsed::Grid(g) => {
                Board::from_grid(&g).map_err(|c| ParseError::new(format!("the givens clash: {c}")))
            }
            Parsed::Library(b) | Parsed::Pencil(b) => Ok(b),
        }
    }
}

/// A puzzle found by the scanner.
pub(crate) struct Found {
    pub(crate) line: usize,
    pub(crate) parsed: Parsed,
    pub(crate) label: String,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Blank,
    Comment,
    Library,
    Json,
    Frame,
    Title,
    OneLine,
    Row,
}

fn classify(text: &str) -> Kind {
    let t = text.trim();
    if t.is_empty() {
        Kind::Blank
    } else if t.starts_with('#') {
        Kind::Comment
    } else if is_title(t) {
        Kind::Title
    } else if boxgrid::is_separator_line(t) {
        Kind::Frame
    } else if t.starts_with(':') {
        Kind::Library
    } else if t.starts_with('[') {
        Kind::Json
    } else if line::leading_cells(t) >= ONE_LINE {
        Kind::OneLine
    } else {
        Kind::Row
    }
}

/// A title line before a grid, as Project Euler's `Grid 01`.
fn is_title(t: &str) -> bool {
    t.strip_prefix("Grid ")
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// The block being read.
enum Block {
    Idle,
    /// Rows (and frame lines) of a multi-line grid.
    Rows {
        first: usize,
        rows: Vec<(usize, String)>,
        frames: usize,
    },
    /// A JSON board.
    Json {
        first: usize,
        text: String,
        depth: usize,
        in_string: bool,
        escaped: bool,
    },
    /// Rows after a complete grid (one puzzle per text only).
    Extra,
}

/// The line-by-line state machine behind [`PuzzleReader`] and
/// [`super::parse_one`].
pub(crate) struct Scanner {
    block: Block,
    /// One puzzle per text: rows after a complete grid are an error.
    single: bool,
    /// First line of the grid whose 9th row was the previous line.
    just_completed: Option<usize>,
    /// The title line just read, the label of the grid that follows.
    title: Option<String>,
    out: VecDeque<Result<Found, ParseError>>,
}

impl Scanner {
    pub(crate) fn new(single: bool) -> Scanner {
        Scanner {
            block: Block::Idle,
            single,
            just_completed: None,
            title: None,
            out: VecDeque::new(),
        }
    }

    pub(crate) fn pop(&mut self) -> Option<Result<Found, ParseError>> {
        self.out.pop_front()
    }

    fn emit(&mut self, line: usize, parsed: Parsed, label: String) {
        self.out.push_back(Ok(Found {
            line,
            parsed,
            label,
        }));
    }

    fn fail(&mut self, e: ParseError) {
        self.out.push_back(Err(e));
    }

    /// Read line number `no` (1-based).
    pub(crate) fn feed(&mut self, no: usize, text: &str) {
        let kind = classify(text);
        if matches!(self.block, Block::Json { .. }) {
            if kind == Kind::Blank {
                self.close();
            } else {
                self.json_line(text);
            }
            return;
        }
        let completed = self.just_completed.take();
        match kind {
            Kind::Blank => self.close(),
            Kind::Comment => {}
            Kind::Title => {
                self.close();
                self.title = Some(text.trim().to_string());
            }
            Kind::Frame => match &mut self.block {
                Block::Rows { frames, .. } => *frames += 1,
                _ => {
                    self.close();
                    self.block = Block::Rows {
                        first: no,
                        rows: Vec::new(),
                        frames: 1,
                    };
                }
            },
            Kind::Row => self.row(no, text, completed),
            Kind::OneLine => {
                self.close();
                self.title = None;
                self.one_line(no, text);
            }
            Kind::Library => {
                self.close();
                self.title = None;
                match hodoku::parse_library_line(text) {
                    Ok(case) => self.emit(no, Parsed::Library(case.board), String::new()),
                    Err(e) => self.fail(e.at_line(no)),
                }
            }
            Kind::Json => {
                self.close();
                self.title = None;
                self.block = Block::Json {
                    first: no,
                    text: String::new(),
                    depth: 0,
                    in_string: false,
                    escaped: false,
                };
                self.json_line(text);
            }
        }
    }

    /// The end of the text.
    pub(crate) fn finish(&mut self) {
        self.close();
    }

    fn one_line(&mut self, no: usize, text: &str) {
        let word = text
            .trim_start()
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, '#' | ','))
            .count();
        let result = if word > CANDIDATE_STRING {
            candidates::parse_candidate_string(text).map(|b| (Parsed::Pencil(b), String::new()))
        } else {
            line::parse_line(text).map(|(g, label)| (Parsed::Grid(g), label))
        };
        match result {
            Ok((parsed, label)) => self.emit(no, parsed, label),
            Err(e) => self.fail(e.at_line(no)),
        }
    }

    fn row(&mut self, no: usize, text: &str, completed: Option<usize>) {
        if let Block::Extra = self.block {
            return;
        }
        if let (Block::Idle, true, Some(first)) = (&self.block, self.single, completed) {
            self.fail(
                ParseError::new(format!(
                    "too many rows: the grid that starts on line {first} already has 9 rows"
                ))
                .at_line(no),
            );
            self.block = Block::Extra;
            return;
        }
        if let Block::Idle = self.block {
            // a whole puzzle written as one row of 81 cells
            if let Ok((cells, 81)) = rows::row_cells(text) {
                let mut grid = Grid::default();
                for (r, row) in (0u8..9).zip(cells.chunks(9)) {
                    rows::fill_row(&mut grid, r, row);
                }
                self.emit(no, Parsed::Grid(grid), String::new());
                return;
            }
            self.block = Block::Rows {
                first: no,
                rows: Vec::with_capacity(9),
                frames: 0,
            };
        }
        if let Block::Rows { first, rows, .. } = &mut self.block {
            rows.push((no, text.to_string()));
            if rows.len() == 9 {
                let first = *first;
                self.close();
                self.just_completed = Some(first);
            }
        }
    }

    fn json_line(&mut self, text: &str) {
        let Block::Json {
            first,
            text: json,
            depth,
            in_string,
            escaped,
        } = &mut self.block
        else {
            return;
        };
        let first = *first;
        let mut done = false;
        for ch in text.chars() {
            json.push(ch);
            if *in_string {
                if *escaped {
                    *escaped = false;
                } else if ch == '\\' {
                    *escaped = true;
                } else if ch == '"' {
                    *in_string = false;
                }
            } else if ch == '"' {
                *in_string = true;
            } else if ch == '[' {
                *depth += 1;
            } else if ch == ']' {
                *depth = depth.saturating_sub(1);
                if *depth == 0 {
                    done = true;
                    break;
                }
            }
        }
        json.push('\n');
        if json.len() > MAX_JSON {
            self.block = Block::Idle;
            self.fail(
                ParseError::new(format!(
                    "the JSON board is longer than {MAX_JSON} characters"
                ))
                .at_line(first),
            );
        } else if done {
            self.close();
        }
    }

    /// End the block being read, reporting its puzzle or its error.
    fn close(&mut self) {
        match std::mem::replace(&mut self.block, Block::Idle) {
            Block::Idle | Block::Extra => {}
            Block::Json {
                first, text, depth, ..
            } => {
                if depth > 0 {
                    self.fail(
                        ParseError::new("the JSON board is not closed (a ']' is missing)")
                            .at_line(first),
                    );
                } else {
                    match json::parse_leetcode(&text) {
                        Ok(g) => self.emit(first, Parsed::Grid(g), String::new()),
                        Err(e) => self.fail(e.shifted(first - 1).at_line(first)),
                    }
                }
            }
            Block::Rows {
                first,
                rows,
                frames,
            } => {
                if rows.is_empty() {
                    return; // only frame lines: the bottom of a grid
                }
                let label = self.title.take().unwrap_or_default();
                match grid_of(&rows, frames) {
                    Ok(parsed) => self.emit(first, parsed, label),
                    Err(e) => self.fail(e.at_line(first)),
                }
            }
        }
    }
}

/// The puzzle or position of a multi-line grid's rows.
fn grid_of(lines: &[(usize, String)], frames: usize) -> Result<Parsed, ParseError> {
    let is_pencil = lines.iter().any(|(_, t)| pencil::looks_like_pencil_row(t));
    if is_pencil {
        let mut marks = Vec::with_capacity(9);
        for (r, (no, text)) in lines.iter().enumerate() {
            let (row, count) = pencil::pencil_row(text).map_err(|e| e.at_line(*no))?;
            if count != 9 {
                return Err(wrong_row(r, count).at_line(*no));
            }
            marks.push(row);
        }
        if lines.len() != 9 {
            return Err(wrong_rows(lines.len()));
        }
        return pencil::board_of(&marks).map(Parsed::Pencil);
    }
    let mut grid = Grid::default();
    for (r, (no, text)) in lines.iter().enumerate() {
        let (cells, count) = rows::row_cells(text).map_err(|e| e.at_line(*no))?;
        if lines.len() == 1 && frames == 0 {
            // a single line that is no row: a puzzle line with too few cells
            return Err(cell_count(count).at_line(*no));
        }
        if count != 9 {
            return Err(wrong_row(r, count).at_line(*no));
        }
        rows::fill_row(&mut grid, r as u8, &cells);
    }
    if lines.len() != 9 {
        return Err(wrong_rows(lines.len()));
    }
    Ok(Parsed::Grid(grid))
}

/// `row 3 has 8 cells instead of 9`
fn wrong_row(r: usize, count: usize) -> ParseError {
    ParseError::new(format!("row {} has {count} cells instead of 9", r + 1))
}

/// `found 8 rows instead of 9`
fn wrong_rows(n: usize) -> ParseError {
    let s = if n == 1 { "" } else { "s" };
    ParseError::new(format!("found {n} row{s} instead of 9"))
}

/// Reads puzzles from a stream, one at a time, in constant memory.
///
/// ```
/// use sudoku_sensei::format::PuzzleReader;
/// let text = "# two puzzles\n\
///     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 easy\n\
///     oops\n";
/// let mut reader = PuzzleReader::new(text.as_bytes());
/// let first = reader.next().unwrap().unwrap();
/// assert_eq!((first.line, first.label.as_str()), (2, "easy"));
/// let second = reader.next().unwrap().unwrap_err();
/// assert_eq!(second.to_string(), "line 3, column 1: 'o' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)");
/// assert!(reader.next().is_none());
/// ```
pub struct PuzzleReader<R: BufRead> {
    input: R,
    scanner: Scanner,
    line: usize,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    pub fn new(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            scanner: Scanner::new(false),
            line: 0,
            buf: Vec::new(),
            done: false,
        }
    }

    /// Read the next line into `buf`, keeping at most [`MAX_LINE`] bytes of
    /// it. `Ok(false)` at the end of the input.
    fn read_line(&mut self) -> std::io::Result<bool> {
        self.buf.clear();
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any);
            }
            any = true;
            let (part, used, ends) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (chunk.get(..i).unwrap_or(chunk), i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            let room = MAX_LINE.saturating_sub(self.buf.len());
            self.buf
                .extend_from_slice(part.get(..room.min(part.len())).unwrap_or(part));
            self.input.consume(used);
            if ends {
                return Ok(true);
            }
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Entry, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.scanner.pop() {
                return Some(item.and_then(|found| {
                    let line = found.line;
                    found
                        .parsed
                        .into_grid()
                        .map(|grid| Entry {
                            line,
                            grid,
                            label: found.label,
                        })
                        .map_err(|e| e.at_line(line))
                }));
            }
            if self.done {
                return None;
            }
            match self.read_line() {
                Ok(true) => {
                    self.line += 1;
                    let text = String::from_utf8_lossy(&self.buf);
                    let mut text: &str = text.trim_end_matches('\r');
                    if self.line == 1 {
                        text = text.trim_start_matches('\u{feff}');
                    }
                    let text = text.to_string();
                    self.scanner.feed(self.line, &text);
                }
                Ok(false) => {
                    self.done = true;
                    self.scanner.finish();
                }
                Err(e) => {
                    self.done = true;
                    self.scanner.finish();
                    let line = self.line + 1;
                    self.scanner
                        .out
                        .push_back(Err(
                            ParseError::new(format!("cannot read the input: {e}")).at_line(line)
                        ));
                }
            }
        }
    }
}
