//! The JSON trace's wire types: the shapes of schema `sudoku-sensei/trace`
//! (docs/trace-format.md), kept apart from the model (`step.rs`,
//! `trace.rs`) as ripgrep keeps its JSON messages apart from its searcher.
//! Each type here borrows a piece of the model and spells out its JSON
//! field by field, so renaming a field of `Evidence` changes nothing on the
//! wire: it stops this file compiling until the wire says what it wants.
//!
//! They write themselves straight into a byte buffer ([`Out`]): no value
//! tree, and the keys, which are this file's own constants, are copied
//! without an escaping pass. The fields of every object are written in
//! alphabetical order (the order of every version of the schema), and
//! strings are escaped as serde_json escapes them, so the bytes are those
//! serde_json would write for the same document. `tests/it/trace_format.rs`
//! checks the fields against the page.

use crate::bitset::{CellSet, DigitSet};
use crate::board::{Board, Contradiction};
use crate::grid::{Candidate, Cell, Digit, Grid, House, HouseKind};
use crate::step::{
    Als, Chain, ChainNode, Evidence, Focus, ForcingBranch, ForcingReason, ForcingRule, GroupNode,
    LinkKind, Step,
};
use crate::technique::Technique;
use crate::trace::{Outcome, Trace};

/// The name of the schema, the trace's `"schema"`.
pub const TRACE_SCHEMA: &str = "sudoku-sensei/trace";

/// The version of the trace schema (docs/trace-format.md, "Versions").
/// Bump it on any change that could break a reader.
pub const TRACE_SCHEMA_VERSION: u32 = 2;

/// What a trace holds beyond what every reader needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TraceOptions {
    /// Each step also carries `"candidates"`: the 729-character candidate
    /// string of the position before it (what a reader could get by
    /// replaying the steps from `puzzle`).
    pub candidates: bool,
}

// ---------------------------------------------------------------------------
// The writer.

/// JSON being written into a byte buffer.
pub struct Out<'a>(pub &'a mut Vec<u8>);

impl<'a> Out<'a> {
    #[inline]
    fn raw(&mut self, s: &str) {
        self.0.extend_from_slice(s.as_bytes());
    }
    #[inline]
    fn number(&mut self, n: usize) {
        if n < 10 {
            self.0.push(b'0' + n as u8);
        } else {
            let mut digits = [0u8; 20];
            let mut i = digits.len();
            let mut n = n;
            while n > 0 {
                i -= 1;
                digits[i] = b'0' + (n % 10) as u8;
                n /= 10;
            }
            self.0.extend_from_slice(&digits[i..]);
        }
    }
    /// A string, quoted and escaped as serde_json escapes it.
    #[inline]
    fn string(&mut self, s: &str) {
        let bytes = s.as_bytes();
        // most strings need no escape: one pass without branches says so
        let plain = !bytes.iter().fold(false, |any, &b| {
            any | (b < 0x20) | (b == b'"') | (b == b'\\')
        });
        self.0.push(b'"');
        if plain {
            self.0.extend_from_slice(bytes);
        } else {
            self.escaped(bytes);
        }
        self.0.push(b'"');
    }
    fn escaped(&mut self, bytes: &[u8]) {
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let escape: &[u8] = match b {
                b'"' => b"\\\"",
                b'\\' => b"\\\\",
                b'\n' => b"\\n",
                b'\r' => b"\\r",
                b'\t' => b"\\t",
                0x08 => b"\\b",
                0x0c => b"\\f",
                0..=0x1f => b"",
                _ => continue,
            };
            self.0.extend_from_slice(&bytes[start..i]);
            if escape.is_empty() {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let u = [
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[(b >> 4) as usize],
                    HEX[(b & 15) as usize],
                ];
                self.0.extend_from_slice(&u);
            } else {
                self.0.extend_from_slice(escape);
            }
            start = i + 1;
        }
        self.0.extend_from_slice(&bytes[start..]);
    }
    /// An object: its fields, then [`Object::end`].
    fn object<'o>(&'o mut self) -> Object<'o, 'a> {
        Object {
            out: self,
            first: true,
        }
    }
    /// A list of wire values.
    fn list<W: Wire>(&mut self, items: impl IntoIterator<Item = W>) {
        self.0.push(b'[');
        for (i, x) in items.into_iter().enumerate() {
            if i > 0 {
                self.0.push(b',');
            }
            x.write(self);
        }
        self.0.push(b']');
    }
}

/// An object being written: `field` by `field`, in alphabetical order.
struct Object<'o, 'b> {
    out: &'o mut Out<'b>,
    first: bool,
}

impl Object<'_, '_> {
    /// `"key": value` (the key is one of this file's constants: written
    /// as it is).
    #[inline(always)]
    fn field<W: Wire + ?Sized>(&mut self, key: &str, value: &W) -> &mut Self {
        // (inlined where `key` is a literal, its length is known: the copy
        // is a few moves, not a call)
        self.out.0.push(if self.first { b'{' } else { b',' });
        self.first = false;
        self.out.0.push(b'"');
        self.out.raw(key);
        self.out.0.extend_from_slice(b"\":");
        value.write(self.out);
        self
    }
    fn end(&mut self) {
        if self.first {
            self.out.0.push(b'{');
        }
        self.out.0.push(b'}');
    }
}

/// A value that writes itself as JSON.
pub trait Wire {
    fn write(&self, o: &mut Out);
}

impl<W: Wire + ?Sized> Wire for &W {
    fn write(&self, o: &mut Out) {
        (**self).write(o)
    }
}

impl Wire for usize {
    fn write(&self, o: &mut Out) {
        o.number(*self)
    }
}

impl Wire for u32 {
    fn write(&self, o: &mut Out) {
        o.number(*self as usize)
    }
}

impl Wire for bool {
    fn write(&self, o: &mut Out) {
        o.raw(if *self { "true" } else { "false" })
    }
}

impl Wire for str {
    fn write(&self, o: &mut Out) {
        o.string(self)
    }
}

impl Wire for String {
    fn write(&self, o: &mut Out) {
        o.string(self)
    }
}

/// `null` for none.
impl<W: Wire> Wire for Option<W> {
    fn write(&self, o: &mut Out) {
        match self {
            Some(w) => w.write(o),
            None => o.raw("null"),
        }
    }
}

/// A list: `[a, b, ...]`.
impl<W: Wire, const N: usize> Wire for [W; N] {
    fn write(&self, o: &mut Out) {
        o.list(self.iter())
    }
}

/// A pair as a list of two: `[candidate, on]`.
impl<A: Wire, B: Wire> Wire for (A, B) {
    fn write(&self, o: &mut Out) {
        o.0.push(b'[');
        self.0.write(o);
        o.0.push(b',');
        self.1.write(o);
        o.0.push(b']');
    }
}

/// A wire value as JSON bytes.
pub fn to_bytes<W: Wire + ?Sized>(value: &W, buf: &mut Vec<u8>) {
    value.write(&mut Out(buf));
}

// ---------------------------------------------------------------------------
// Shapes: cells, digits, houses, candidates and lists of them.

/// `{"col": 5, "row": 3}` (1-based).
#[derive(Clone, Copy)]
pub struct WCell(pub Cell);

impl Wire for WCell {
    fn write(&self, o: &mut Out) {
        // the trace's most common object: written in one piece (each
        // number is one digit)
        let (col, row) = (b'1' + self.0.col(), b'1' + self.0.row());
        let mut bytes = *b"{\"col\":0,\"row\":0}";
        bytes[7] = col;
        bytes[15] = row;
        o.0.extend_from_slice(&bytes);
    }
}

/// A digit: a number 1..=9.
#[derive(Clone, Copy)]
pub struct WDigit(pub Digit);

impl Wire for WDigit {
    fn write(&self, o: &mut Out) {
        o.number(self.0.get() as usize)
    }
}

/// `{"index": 2, "kind": "row" | "col" | "block"}` (index 1-based).
#[derive(Clone, Copy)]
pub struct WHouse(pub House);

/// A house kind's word on the wire.
fn house_kind(kind: HouseKind) -> &'static str {
    match kind {
        HouseKind::Row => "\"row\"}",
        HouseKind::Col => "\"col\"}",
        HouseKind::Block => "\"block\"}",
    }
}

impl Wire for WHouse {
    fn write(&self, o: &mut Out) {
        let mut bytes = *b"{\"index\":0,\"kind\":";
        bytes[9] = b'1' + self.0.number();
        o.0.extend_from_slice(&bytes);
        o.raw(house_kind(self.0.kind()));
    }
}

/// `{"col": 5, "digit": 7, "row": 3}`
#[derive(Clone, Copy)]
pub struct WCandidate(pub Candidate);

impl Wire for WCandidate {
    fn write(&self, o: &mut Out) {
        // in one piece, as a cell
        let c = self.0;
        let mut bytes = *b"{\"col\":0,\"digit\":0,\"row\":0}";
        bytes[7] = b'1' + c.cell.col();
        bytes[17] = b'0' + c.digit.get();
        bytes[25] = b'1' + c.cell.row();
        o.0.extend_from_slice(&bytes);
    }
}

/// [cell], row by row.
pub struct WCells(pub CellSet);

impl Wire for WCells {
    fn write(&self, o: &mut Out) {
        o.list(self.0.iter().map(WCell))
    }
}

/// [cell] in the model's order.
pub struct WCellList<'a>(pub &'a [Cell]);

impl Wire for WCellList<'_> {
    fn write(&self, o: &mut Out) {
        o.list(self.0.iter().map(|&c| WCell(c)))
    }
}

/// Digits, ascending: `[1, 5, 9]`.
pub struct WDigits(pub DigitSet);

impl Wire for WDigits {
    fn write(&self, o: &mut Out) {
        o.list(self.0.iter().map(WDigit))
    }
}

/// [house] in the model's order.
pub struct WHouses<'a>(pub &'a [House]);

impl Wire for WHouses<'_> {
    fn write(&self, o: &mut Out) {
        o.list(self.0.iter().map(|&h| WHouse(h)))
    }
}

/// [candidate] in the model's order.
pub struct WCandidates<'a>(pub &'a [Candidate]);

impl Wire for WCandidates<'_> {
    fn write(&self, o: &mut Out) {
        o.list(self.0.iter().map(|&c| WCandidate(c)))
    }
}

/// A grid as its 81-character line, `.` for empty.
pub struct WGrid<'a>(pub &'a Grid);

impl Wire for WGrid<'_> {
    fn write(&self, o: &mut Out) {
        o.0.push(b'"');
        o.0.extend_from_slice(&self.0.line_bytes());
        o.0.push(b'"');
    }
}

/// A position as its 729-character candidate string.
pub struct WCandidateString<'a>(pub &'a Board);

impl Wire for WCandidateString<'_> {
    fn write(&self, o: &mut Out) {
        // digits and dots only: no escape; filled in place, then copied
        // in one piece
        let mut bytes = [b'.'; 731];
        bytes[0] = b'"';
        bytes[730] = b'"';
        for cell in Cell::all() {
            let set = match self.0.value(cell) {
                Some(v) => DigitSet::single(v),
                None => self.0.candidates(cell),
            };
            let at = 1 + 9 * cell.index();
            for d in set {
                bytes[at + usize::from(d.get()) - 1] = b'0' + d.get();
            }
        }
        o.0.extend_from_slice(&bytes);
    }
}

// ---------------------------------------------------------------------------
// Steps and their evidence: `evidence.rs`.

mod evidence;
pub use evidence::*;

// ---------------------------------------------------------------------------
// Outcomes and contradictions.

/// `{"kind", "message", ...}`: how the solve ended.
pub struct WOutcome<'a>(pub &'a Outcome);

impl Wire for WOutcome<'_> {
    fn write(&self, o: &mut Out) {
        let outcome = self.0;
        let kind = outcome.slug();
        let message = crate::render::text::outcome_text(outcome);
        let mut st = o.object();
        match outcome {
            Outcome::Solved { guesses } => {
                st.field("guesses", guesses);
                st.field("kind", kind);
                st.field("message", &message);
            }
            Outcome::Stuck { board } => {
                st.field("candidates", &WCandidateString(board));
                st.field("kind", kind);
                st.field("message", &message);
            }
            Outcome::NoSolution { contradiction } => {
                st.field("contradiction", &contradiction.as_ref().map(WContradiction));
                st.field("kind", kind);
                st.field("message", &message);
            }
            Outcome::MultipleSolutions {
                count,
                complete,
                differing,
                board,
            } => {
                st.field("candidates", &WCandidateString(board));
                st.field("complete", complete);
                st.field("count", count);
                st.field("differing_cells", &WCells(*differing));
                st.field("kind", kind);
                st.field("message", &message);
            }
            Outcome::InvalidGivens { clash } => {
                let c = Contradiction::Clash(*clash);
                st.field("contradiction", &WContradiction(&c));
                st.field("kind", kind);
                st.field("message", &message);
            }
        }
        st.end()
    }
}

/// `{"cells"?, "digit"?, "house"?, "kind", "message"}`: what logic ran into.
pub struct WContradiction<'a>(pub &'a Contradiction);

impl Wire for WContradiction<'_> {
    fn write(&self, o: &mut Out) {
        let message = self.0.to_string();
        let mut st = o.object();
        match self.0 {
            Contradiction::Clash(cl) => {
                st.field("cells", &[WCell(cl.first), WCell(cl.second)]);
                st.field("digit", &WDigit(cl.digit));
                st.field("house", &WHouse(cl.house));
                st.field("kind", "clash");
            }
            Contradiction::NoCandidate { cell } => {
                st.field("cells", &[WCell(*cell)]);
                st.field("kind", "no_candidate");
            }
            Contradiction::NoPlace { house, digit } => {
                st.field("digit", &WDigit(*digit));
                st.field("house", &WHouse(*house));
                st.field("kind", "no_place");
            }
            Contradiction::Occupied { cell, value } => {
                st.field("cells", &[WCell(*cell)]);
                st.field("digit", &WDigit(*value));
                st.field("kind", "occupied");
            }
        }
        st.field("message", &message);
        st.end()
    }
}

// ---------------------------------------------------------------------------
// The whole trace.

/// The trace document (docs/trace-format.md, "Top level"), with `"line"`
/// when the input held several puzzles.
pub struct WTrace<'a> {
    pub trace: &'a Trace,
    pub line: Option<usize>,
    pub options: TraceOptions,
}

/// `{"step", "technique", "name"}` of the trace's hardest step.
struct WHardest<'a>(usize, &'a Step);

impl Wire for WHardest<'_> {
    fn write(&self, o: &mut Out) {
        let mut st = o.object();
        st.field("name", self.1.technique.name());
        st.field("step", &self.0);
        st.field("technique", self.1.technique.slug());
        st.end()
    }
}

/// The techniques of a trace's steps, in slug order, with a value per
/// technique: `{slug: value}`.
struct WBySlug<W: Wire>(Vec<(&'static str, W)>);

impl<W: Wire> Wire for WBySlug<W> {
    fn write(&self, o: &mut Out) {
        o.0.push(b'{');
        for (i, (slug, w)) in self.0.iter().enumerate() {
            if i > 0 {
                o.0.push(b',');
            }
            o.string(slug);
            o.0.push(b':');
            w.write(o);
        }
        o.0.push(b'}');
    }
}

/// The steps of a trace, each with the position before it when asked.
struct WSteps<'a> {
    trace: &'a Trace,
    candidates: bool,
}

impl Wire for WSteps<'_> {
    fn write(&self, o: &mut Out) {
        let mut board = self.trace.start.clone().filter(|_| self.candidates);
        let (mut text, mut explanation) = (String::new(), String::new());
        o.0.push(b'[');
        for (i, step) in self.trace.steps.iter().enumerate() {
            if i > 0 {
                o.0.push(b',');
            }
            let before = board.as_ref();
            WStep {
                index: i + 1,
                step,
                before,
            }
            .write_with(o, &mut text, &mut explanation);
            if let Some(b) = board.as_mut() {
                step.apply(b);
            }
        }
        o.0.push(b']');
    }
}

/// The cells of `puzzle` holding a value a player placed (not a given).
fn placed(puzzle: &Grid) -> CellSet {
    Cell::all()
        .filter(|&c| puzzle.value(c).is_some() && !puzzle.is_given(c))
        .collect()
}

/// The position the steps start from, when its pencil marks are not the
/// ones its values give (a player's position, some marks removed), or its
/// values clash.
fn start_with_marks(trace: &Trace) -> Option<&Board> {
    let start = trace.start.as_ref()?;
    // the digits of each house; the marks the values give are, in each
    // empty cell, the digits none of its houses holds (as
    // `Board::from_grid` makes them), without building that board
    let mut used = [DigitSet::EMPTY; 27];
    for cell in Cell::all() {
        if let Some(v) = trace.puzzle.value(cell) {
            for h in cell.houses() {
                if used[h.index()].contains(v) {
                    return Some(start);
                }
                used[h.index()].insert(v);
            }
        }
    }
    let differs = Cell::all().any(|c| {
        let plain = match trace.puzzle.value(c) {
            Some(_) => DigitSet::EMPTY,
            None => c
                .houses()
                .iter()
                .fold(DigitSet::ALL, |ds, h| ds - used[h.index()]),
        };
        plain != start.candidates(c)
    });
    differs.then_some(start)
}

impl Wire for WTrace<'_> {
    fn write(&self, o: &mut Out) {
        let t = self.trace;
        // the techniques used, in slug order: their step counts and names
        // (counted by technique, a few of them: then sorted by slug, each
        // technique having its own)
        let mut used: Vec<(&'static str, Technique, usize)> = Vec::new();
        for step in &t.steps {
            match used.iter_mut().find(|(_, t, _)| *t == step.technique) {
                Some(u) => u.2 += 1,
                None => used.push((step.technique.slug(), step.technique, 1)),
            }
        }
        used.sort_unstable_by_key(|&(slug, _, _)| slug);
        let summary = WBySlug(used.iter().map(|&(s, _, n)| (s, n)).collect());
        let techniques = WBySlug(used.iter().map(|&(s, t, _)| (s, WTechnique(t))).collect());
        let mut st = o.object();
        st.field("hardest", &t.hardest_step().map(|(n, s)| WHardest(n, s)));
        if let Some(line) = self.line {
            st.field("line", &line);
        }
        st.field("outcome", &WOutcome(&t.outcome));
        st.field("placed", &WCells(placed(&t.puzzle)));
        st.field("puzzle", &WGrid(&t.puzzle));
        st.field("schema", TRACE_SCHEMA);
        st.field("solution", &t.solution.as_ref().map(WGrid));
        if let Some(start) = start_with_marks(t) {
            st.field("start", &WCandidateString(start));
        }
        let steps = WSteps {
            trace: t,
            candidates: self.options.candidates,
        };
        st.field("steps", &steps);
        st.field("summary", &summary);
        st.field("techniques", &techniques);
        st.field("version", &TRACE_SCHEMA_VERSION);
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check for a start with marks of its own, made from the values'
    /// houses (issue 39: it built the puzzle's board for every trace), says
    /// what comparing with that board says: nothing for a puzzle, the
    /// start for a position with a mark removed.
    #[test]
    fn the_start_is_written_when_its_marks_are_not_the_values() {
        let opts = crate::solver::Options::default();
        let mut checked = 0;
        for line in include_str!("../../../tests/corpus/corpus.txt").lines() {
            let Ok(grid) = crate::parse(line.get(..81).unwrap_or("")) else {
                continue;
            };
            let Ok(board) = Board::from_grid(&grid) else {
                continue;
            };
            let trace = crate::solver::solve(&grid, &opts);
            assert!(start_with_marks(&trace).is_none(), "{line}");
            let Some(c) = board.candidate_list().into_iter().next() else {
                continue;
            };
            let mut marked = board.clone();
            marked.eliminate(c);
            let trace = crate::solver::solve_position(&marked, &opts);
            assert_eq!(start_with_marks(&trace), Some(&marked), "{line}");
            checked += 1;
        }
        assert!(checked > 10, "{checked} positions");
    }
}
