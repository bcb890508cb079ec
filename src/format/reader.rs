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
//! A JSON board left unfinished (a stray `[`, a board cut short) must not
//! swallow the puzzles after it: it ends, unclosed, before the first line
//! that cannot continue it (see [`Scanner::json_takes`]), and that line is
//! read afresh. So every puzzle after it is still read, and the unfinished
//! board is one error, on the line where it starts.
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

use super::json::{self, json_scan, lone_json_value, JsonBoard};
use super::{
    boxgrid, candidates, cell_count, clash, hodoku, line, pencil, rows, ParseError, ParseErrorKind,
    Within,
};
use crate::board::Board;
use crate::grid::Grid;
use std::collections::VecDeque;
use std::io::{BufRead, Read};

/// Longest line kept (longer lines are cut: the rest can only be a label).
const MAX_LINE: usize = 4096;
/// A one-line puzzle longer than this (up to its first blank) is read as a
/// candidate string ...
const CANDIDATE_STRING: usize = 600;
/// ... up to this length: a longer run of cells is no candidate string
/// (729 characters) with a slip, but a line of that many cells.
const CANDIDATE_STRING_MAX: usize = 1000;
/// A line starting with this many cell characters is a one-line puzzle.
const ONE_LINE: usize = 27;

/// One puzzle read from a stream.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The values: givens, and placed values marked `+`.
    pub grid: Grid,
    /// The text after the cells of an 81-character line, or the title line
    /// (`Grid 01`) before a multi-line grid; `""` otherwise.
    pub label: String,
    /// The player's position, when the text holds one rather than a plain
    /// puzzle: a HoDoKu library line (its deleted candidates removed), and,
    /// from [`PuzzleReader::positions`], a pencil-mark grid or a candidate
    /// string. `None` for a plain puzzle. (Boxed: a batch moves each
    /// plain puzzle's entry several times, and a board is four times the
    /// size of the rest.)
    pub position: Option<Box<Board>>,
}

/// What a puzzle text turned out to be.
#[derive(Clone, Debug)]
pub(crate) enum Parsed {
    /// A puzzle (its values, given or placed).
    Grid(Grid),
    /// A HoDoKu library line: a position that also has givens.
    Library(Box<Board>),
    /// A position with pencil marks (pencil-mark grid, candidate string).
    Pencil(Box<Board>),
}

impl Parsed {
    /// The entry of a stream: `positions` accepts pencil marks.
    pub(crate) fn into_entry(
        self,
        line: usize,
        label: String,
        positions: bool,
    ) -> Result<Entry, ParseError> {
        let (grid, position) = match self {
            Parsed::Grid(grid) => (grid, None),
            Parsed::Library(b) => (b.grid().clone(), Some(b)),
            Parsed::Pencil(b) if positions => (b.grid().clone(), Some(b)),
            Parsed::Pencil(_) => return Err(ParseError::new(ParseErrorKind::PositionNotPuzzle)),
        };
        Ok(Entry {
            line,
            grid,
            label,
            position,
        })
    }
    pub(crate) fn into_grid(self) -> Result<Grid, ParseError> {
        match self {
            Parsed::Grid(g) => Ok(g),
            Parsed::Library(b) => Ok(b.grid().clone()),
            Parsed::Pencil(_) => Err(ParseError::new(ParseErrorKind::PositionNotPuzzle)),
        }
    }
    pub(crate) fn into_board(self) -> Result<Board, ParseError> {
        match self {
            Parsed::Grid(g) => Board::from_grid(&g).map_err(|c| clash(&g, c, Within::Grid)),
            Parsed::Library(b) | Parsed::Pencil(b) => Ok(*b),
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

/// What a line cut at [`MAX_LINE`] bytes had in the part not kept: its
/// cell characters, and how many of them run on from the kept part (so an
/// over-long line reports its true number of cells).
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Tail {
    /// Cell characters in the part not kept.
    pub(crate) cells: usize,
    /// Cell characters at the start of the part not kept.
    pub(crate) run: usize,
    /// Bytes in the part not kept.
    bytes: usize,
}

/// A row line of a multi-line grid.
struct RowLine {
    no: usize,
    text: String,
    tail: Tail,
}

/// The block being read.
enum Block {
    Idle,
    /// Rows (and frame lines) of a multi-line grid. `cut`: where the left
    /// grid of two printed side by side ends (from a frame line).
    Rows {
        first: usize,
        rows: Vec<RowLine>,
        frames: usize,
        cut: Option<usize>,
    },
    /// A JSON board.
    Json(JsonBoard),
    /// Rows after a complete grid (one puzzle per text only).
    Extra,
}

/// The line-by-line state machine behind [`PuzzleReader`] and
/// [`super::parse`].
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

    /// Read line number `no` (1-based); `tail`: what the line had beyond
    /// the part given.
    pub(crate) fn feed(&mut self, no: usize, text: &str, tail: Tail) {
        if let Block::Json(_) = self.block {
            if self.json_takes(no, text) {
                return;
            }
            // the board ended, unclosed, before this line: read it afresh
            self.close();
        }
        if let Some((grid, label)) = self.plain(text) {
            self.emit(no, Parsed::Grid(grid), label);
            return;
        }
        let kind = classify(text);
        let completed = self.just_completed.take();
        match kind {
            Kind::Blank => self.close(),
            Kind::Comment => {}
            Kind::Title => {
                self.close();
                self.title = Some(text.trim().to_string());
            }
            Kind::Frame => match &mut self.block {
                Block::Rows { frames, cut, .. } => {
                    *frames += 1;
                    *cut = cut.or_else(|| boxgrid::left_grid_end(text));
                }
                _ => {
                    self.close();
                    self.block = Block::Rows {
                        first: no,
                        rows: Vec::new(),
                        frames: 1,
                        cut: boxgrid::left_grid_end(text),
                    };
                }
            },
            Kind::Row => self.row(no, text, completed, tail),
            Kind::OneLine => {
                self.close();
                self.title = None;
                self.one_line(no, text, tail);
            }
            Kind::Library => {
                self.close();
                self.title = None;
                if tail.bytes > 0 {
                    // cut: its fields cannot be told (a real library line
                    // is well under the limit)
                    let bytes = MAX_LINE + tail.bytes;
                    let kind = ParseErrorKind::LineTooLong {
                        bytes,
                        limit: MAX_LINE,
                    };
                    self.fail(ParseError::new(kind).at_line(no));
                    return;
                }
                match hodoku::parse_library_line(text) {
                    Ok(case) => self.emit(no, Parsed::Library(Box::new(case.board)), String::new()),
                    Err(e) => self.fail(e.at_line(no)),
                }
            }
            Kind::Json => {
                self.close();
                self.title = None;
                let indent = text.len() - text.trim_start().len();
                let column = text.get(..indent).map_or(0, |t| t.chars().count()) + 1;
                self.block = Block::Json(JsonBoard {
                    first: no,
                    column,
                    last: no,
                    lines: 0,
                    text: String::new(),
                    depth: 0,
                    in_string: false,
                    escaped: false,
                    indent,
                    too_long: None,
                });
                let Block::Json(board) = &mut self.block else {
                    return;
                };
                let (state, used) = json_scan(board.state(), text);
                board.add(no, text.get(..used).unwrap_or(text), state);
                if state.closed {
                    self.close();
                }
            }
        }
    }

    /// The common line read quickly, outside any block: a plain
    /// 81-character puzzle line ([`line::plain_line`]), its grid and label,
    /// the line taken in as [`Scanner::feed`] takes it in. `None` for any
    /// other line (nothing is taken in).
    pub(crate) fn plain(&mut self, text: &str) -> Option<(Grid, String)> {
        if !matches!(self.block, Block::Idle) {
            return None;
        }
        let found = line::plain_line(text)?;
        // what the general path of `feed` does with such a line
        self.just_completed = None;
        self.title = None;
        Some(found)
    }

    /// The end of the text.
    pub(crate) fn finish(&mut self) {
        self.close();
    }

    fn one_line(&mut self, no: usize, text: &str, tail: Tail) {
        let word = text
            .trim_start()
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, '#' | ','))
            .count();
        // a run of cells that goes on past the cut counts whole
        let kept = text.trim_start().chars().count();
        let word = if word == kept { word + tail.run } else { word };
        let result = if word > CANDIDATE_STRING && word <= CANDIDATE_STRING_MAX {
            candidates::parse_candidate_string(text)
                .map(|b| (Parsed::Pencil(Box::new(b)), String::new()))
        } else {
            line::parse_line(text)
                .map(|(g, label)| (Parsed::Grid(g), label))
                .map_err(|e| with_tail(e, tail.run, text))
        };
        match result {
            Ok((parsed, label)) => self.emit(no, parsed, label),
            Err(e) => self.fail(e.at_line(no)),
        }
    }

    fn row(&mut self, no: usize, text: &str, completed: Option<usize>, tail: Tail) {
        if let Block::Extra = self.block {
            return;
        }
        if let (Block::Idle, true, Some(first)) = (&self.block, self.single, completed) {
            self.fail(
                ParseError::new(ParseErrorKind::TooManyRows { first_line: first }).at_line(no),
            );
            self.block = Block::Extra;
            return;
        }
        if let Block::Idle = self.block {
            // a whole puzzle written as one row of 81 cells
            if let (Ok((cells, 81)), 0) = (rows::row_cells(text), tail.cells) {
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
                cut: None,
            };
        }
        if let Block::Rows { first, rows, .. } = &mut self.block {
            rows.push(RowLine {
                no,
                text: text.to_string(),
                tail,
            });
            if rows.len() == 9 {
                let first = *first;
                self.close();
                self.just_completed = Some(first);
            }
        }
    }

    /// Whether line `no` continues the JSON board being read; if so, it is
    /// taken in (and the board closed if it ends there). A line cannot
    /// continue a board when it is a puzzle or a frame of its own (an
    /// 81-character line, a HoDoKu line, a title, a frame line), when it
    /// holds neither bracket nor quote and is more than a lone value (a
    /// row of a grid, a `|` row, other text), when it would open a third
    /// bracket (`[[` after a stray `[`: a new board), or when it is a lone
    /// `[` no more indented than the board's first line (a new board
    /// written over several lines). A blank line ends the board; a comment
    /// line is passed over.
    fn json_takes(&mut self, no: usize, text: &str) -> bool {
        let Block::Json(board) = &mut self.block else {
            return false;
        };
        let t = text.trim();
        match classify(text) {
            Kind::Blank => return false,
            Kind::Comment => {
                board.add(no, "", board.state());
                return true;
            }
            Kind::Json | Kind::Row => {}
            Kind::OneLine | Kind::Library | Kind::Title | Kind::Frame => return false,
        }
        let json_like = t.contains(['[', ']', '"', '\'']) || lone_json_value(t);
        if !json_like {
            return false;
        }
        let indent = text.len() - text.trim_start().len();
        if t == "[" && indent <= board.indent && board.depth < 2 {
            return false;
        }
        let (state, used) = json_scan(board.state(), text);
        if state.deepest > 2 && !board.in_string {
            return false;
        }
        board.add(no, text.get(..used).unwrap_or(text), state);
        if state.closed {
            self.close();
        }
        true
    }

    /// End the block being read, reporting its puzzle or its error.
    fn close(&mut self) {
        match std::mem::replace(&mut self.block, Block::Idle) {
            Block::Idle | Block::Extra => {}
            Block::Json(board) => {
                let first = board.first;
                let place = |kind| ParseError::new(kind).at_line(first).at_column(board.column);
                if let Some(kind) = board.too_long {
                    self.fail(place(kind));
                } else if board.depth > 0 {
                    self.fail(place(ParseErrorKind::JsonNotClosed {
                        missing: board.depth,
                        last_line: board.last,
                    }));
                } else {
                    match json::parse_leetcode(&board.text) {
                        Ok(g) => self.emit(first, Parsed::Grid(g), String::new()),
                        Err(e) => self.fail(e.shifted(first - 1).at_line(first)),
                    }
                }
            }
            Block::Rows {
                first,
                rows,
                frames,
                cut,
            } => {
                if rows.is_empty() {
                    return; // only frame lines: the bottom of a grid
                }
                let label = self.title.take().unwrap_or_default();
                match grid_of(&rows, frames, cut) {
                    Ok(parsed) => self.emit(first, parsed, label),
                    Err(e) => self.fail(e.at_line(first)),
                }
            }
        }
    }
}

/// The puzzle or position of a multi-line grid's rows. `cut`: the column
/// where the left grid ends when two grids are printed side by side (the
/// rest of each line is not read).
fn grid_of(lines: &[RowLine], frames: usize, cut: Option<usize>) -> Result<Parsed, ParseError> {
    let left = |text: &str| -> String {
        match cut {
            Some(end) => text.chars().take(end).collect(),
            None => text.to_string(),
        }
    };
    let is_pencil = lines
        .iter()
        .any(|l| pencil::looks_like_pencil_row(&left(&l.text)));
    if is_pencil {
        let mut marks = Vec::with_capacity(9);
        for (r, l) in lines.iter().enumerate() {
            let (row, count) = pencil::pencil_row(&left(&l.text)).map_err(|e| e.at_line(l.no))?;
            if count != 9 {
                return Err(wrong_row(r, count).at_line(l.no));
            }
            marks.push(row);
        }
        if lines.len() != 9 {
            return Err(wrong_rows(lines.len()));
        }
        return pencil::board_of(&marks).map(|b| Parsed::Pencil(Box::new(b)));
    }
    let mut grid = Grid::default();
    for (r, l) in lines.iter().enumerate() {
        let text = left(&l.text);
        let (mut cells, count) = rows::row_cells(&text).map_err(|e| e.at_line(l.no))?;
        let count = count + l.tail.cells;
        if lines.len() == 1 && frames == 0 {
            // a single line that is no row: a puzzle line with too few cells
            let column = rows::column_after(&text, 81);
            return Err(cell_count(count).at_line(l.no).at_column(column));
        }
        if count != 9 {
            // a boxed grid may leave its empty cells blank: read the cells
            // by their place between the bars
            match boxgrid::row_by_position(&text).map_err(|e| e.at_line(l.no))? {
                Some(by_position) if l.tail.cells == 0 => cells = by_position,
                _ => {
                    let column = rows::column_after(&text, 9);
                    return Err(wrong_row(r, count).at_line(l.no).at_column(column));
                }
            }
        }
        rows::fill_row(&mut grid, r as u8, &cells);
    }
    if lines.len() != 9 {
        return Err(wrong_rows(lines.len()));
    }
    Ok(Parsed::Grid(grid))
}

/// A cell-count error of a line that was cut: when the whole part kept is
/// one run of cells, the cells that ran on past the cut (`run`) count too.
fn with_tail(mut e: ParseError, run: usize, text: &str) -> ParseError {
    let whole_run = line::leading_cells(text) == text.trim_start().chars().count();
    if let ParseErrorKind::WrongCellCount { found, .. } = e.kind_mut() {
        if whole_run {
            *found += run;
        }
    }
    e
}

/// `row 3 has 8 cells instead of 9` (`r`: the 0-based row)
fn wrong_row(r: usize, count: usize) -> ParseError {
    ParseError::new(ParseErrorKind::WrongRowLength {
        row: r,
        found: count,
    })
}

/// `found 8 rows instead of 9`
fn wrong_rows(n: usize) -> ParseError {
    ParseError::new(ParseErrorKind::WrongRowCount {
        found: n,
        within: Within::Grid,
    })
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
    /// What the line in `buf` had beyond [`MAX_LINE`] bytes.
    tail: Tail,
    /// Bytes consumed from `input` so far.
    bytes: u64,
    /// Whether positions with pencil marks are entries too.
    positions: bool,
    done: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of puzzles: a pencil-mark grid or a candidate string in the
    /// stream is an error ([`ParseErrorKind::PositionNotPuzzle`]).
    pub fn new(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            scanner: Scanner::new(false),
            line: 0,
            buf: Vec::new(),
            tail: Tail::default(),
            bytes: 0,
            positions: false,
            done: false,
        }
    }

    /// A reader of puzzles and players' positions: a pencil-mark grid or a
    /// candidate string is an entry too, with its [`Entry::position`].
    pub fn positions(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            positions: true,
            ..PuzzleReader::new(input)
        }
    }

    /// How many bytes of the input have been read so far (whole lines,
    /// newlines included): the progress through a file of known size.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Read the next line into `buf`, keeping at most [`MAX_LINE`] bytes of
    /// it (and noting in `tail` the cells of the rest). `Ok(false)` at the
    /// end of the input.
    fn read_line(&mut self) -> std::io::Result<bool> {
        self.buf.clear();
        self.tail = Tail::default();
        // The kept part and its newline, or one byte more when the line is
        // longer (`read_until` finds the newline a word at a time).
        let room = MAX_LINE as u64 + 1;
        let read = (&mut self.input)
            .take(room)
            .read_until(b'\n', &mut self.buf)?;
        self.bytes += read as u64;
        if read == 0 {
            return Ok(false);
        }
        match self.buf.last() {
            Some(b'\n') => {
                self.buf.pop();
                return Ok(true);
            }
            _ if self.buf.len() <= MAX_LINE => return Ok(true), // the end of the input
            _ => {}
        }
        // A line longer than MAX_LINE: the rest only counts as the tail.
        let over = self.buf.split_off(MAX_LINE);
        count_tail(&mut self.tail, &over);
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(true);
            }
            let (part, used, ends) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (chunk.get(..i).unwrap_or(chunk), i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            count_tail(&mut self.tail, part);
            self.input.consume(used);
            self.bytes += used as u64;
            if ends {
                return Ok(true);
            }
        }
    }
}

/// Count `bytes`, the next part of a line beyond [`MAX_LINE`], into `tail`.
fn count_tail(tail: &mut Tail, bytes: &[u8]) {
    for &b in bytes {
        let cell = b.is_ascii_digit() || matches!(b, b'.' | b'_' | b'*');
        if cell && tail.run == tail.bytes {
            tail.run += 1;
        }
        tail.cells += usize::from(cell);
        tail.bytes += 1;
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
                        .into_entry(line, found.label, self.positions)
                        .map_err(|e| e.at_line(line))
                }));
            }
            if self.done {
                return None;
            }
            match self.read_line() {
                Ok(true) => {
                    self.line += 1;
                    // (valid UTF-8, the usual case, is checked much faster)
                    let text = match std::str::from_utf8(&self.buf) {
                        Ok(text) => std::borrow::Cow::Borrowed(text),
                        Err(_) => String::from_utf8_lossy(&self.buf),
                    };
                    let mut text: &str = text.trim_end_matches('\r');
                    if self.line == 1 {
                        text = text.trim_start_matches('\u{feff}');
                    }
                    // (nothing waits in the scanner here: a plain line's
                    // entry can be handed out at once)
                    if let Some((grid, label)) = self.scanner.plain(text) {
                        return Some(Ok(Entry {
                            line: self.line,
                            grid,
                            label,
                            position: None,
                        }));
                    }
                    self.scanner.feed(self.line, text, self.tail);
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
                        .push_back(Err(ParseError::new(ParseErrorKind::Io {
                            message: e.to_string(),
                        })
                        .at_line(line)));
                }
            }
        }
    }
}
