//! The JSON the library writes: the trace (schema `sudoku-sensei/trace`,
//! docs/trace-format.md), its compact one-line form for datasets, hints,
//! and the records of `sensei solve` and `sensei grade`. The trace's shapes
//! are the wire types of `render::wire` (private); they are written straight to the
//! output, without a value tree.

use crate::grid::Grid;
use crate::step::{Evidence, Focus, Step};
use crate::trace::Trace;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};

use super::wire::{
    to_bytes, WCandidate, WCell, WCells, WDigit, WDigits, WEvidence, WFocus, WHouse, WStep, WTrace,
    Wire,
};
pub use super::wire::{TraceOptions, TRACE_SCHEMA, TRACE_SCHEMA_VERSION};
use crate::bitset::{CellSet, DigitSet};
use crate::grid::{Candidate, Cell, Digit, House};
use crate::technique::Technique;

/// The whole trace as one line of JSON (no newline; schema in
/// `docs/trace-format.md`).
pub fn trace(trace: &Trace) -> String {
    trace_record(trace, None)
}

/// The whole trace, with what `options` adds, appended to `out` as one
/// line of JSON (no newline), with `"line"` when one is given. This is what
/// `sensei explain --format json` writes: the wire types write themselves
/// into the buffer, no value tree is built.
pub fn write_trace(out: &mut Vec<u8>, trace: &Trace, line: Option<usize>, options: TraceOptions) {
    to_bytes(
        &WTrace {
            trace,
            line,
            options,
        },
        out,
    );
}

/// The version of the compact form ([`write_compact`]), its `"v"`.
pub const COMPACT_VERSION: u32 = 1;

/// The compact form of a trace, for datasets (`sensei explain --format
/// jsonl`, Python's `Trace.to_compact_json()`), appended to `out` as one
/// line (no newline): `{"v":1,"puzzle":"...","outcome":"solved",
/// "solution":"..."|null,"steps":[["hidden-single",[375],[]],...]}`, each
/// step its technique's slug, its placements and its eliminations as
/// numbers `row*100 + col*10 + digit` (1-based), then `"line"` when one is
/// given. docs/trace-format.md ("The compact form") describes it.
pub fn write_compact(out: &mut Vec<u8>, trace: &Trace, line: Option<usize>) {
    use std::io::Write;
    let rcd = |c: &Candidate| {
        u32::from(c.cell.row() + 1) * 100
            + u32::from(c.cell.col() + 1) * 10
            + u32::from(c.digit.get())
    };
    let list = |out: &mut Vec<u8>, cs: &[Candidate]| {
        out.push(b'[');
        for (i, c) in cs.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let _ = write!(out, "{}", rcd(c));
        }
        out.push(b']');
    };
    let _ = write!(out, "{{\"v\":{COMPACT_VERSION},\"puzzle\":\"");
    out.extend_from_slice(&trace.puzzle.line_bytes());
    let _ = write!(
        out,
        "\",\"outcome\":\"{}\",\"solution\":",
        trace.outcome.slug()
    );
    match &trace.solution {
        Some(g) => {
            out.push(b'"');
            out.extend_from_slice(&g.line_bytes());
            out.push(b'"');
        }
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"steps\":[");
    for (i, step) in trace.steps.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let _ = write!(out, "[\"{}\",", step.technique.slug());
        list(out, &step.placements);
        out.push(b',');
        list(out, &step.eliminations);
        out.push(b']');
    }
    out.push(b']');
    if let Some(line) = line {
        let _ = write!(out, ",\"line\":{line}");
    }
    out.push(b'}');
}

/// [`write_compact`] as a string.
pub fn compact(trace: &Trace) -> String {
    let mut out = Vec::with_capacity(256 + trace.steps.len() * 24);
    write_compact(&mut out, trace, None);
    String::from_utf8(out).unwrap_or_default()
}

/// One step as one line of JSON, as it appears in a trace (numbered 1).
pub fn step(step: &Step) -> String {
    to_string(&WStep {
        index: 1,
        step,
        before: None,
    })
}

/// A hint at `level` as one line of JSON: `status`, and for a step its
/// technique, then where to look (level 2) and the full step (level 3).
pub fn hint(hint: &crate::hint::Hint, level: crate::hint::HintLevel) -> String {
    hint_json(hint, level).to_string()
}

/// A wire value as a string.
fn to_string<W: Wire + ?Sized>(value: &W) -> String {
    let mut out = Vec::with_capacity(256);
    to_bytes(value, &mut out);
    // the wire writes UTF-8: its own ASCII and the strings it is given
    String::from_utf8(out).unwrap_or_default()
}

/// A wire value as a JSON value (for the server and the hints, which add
/// fields, and for serde): read back from its bytes.
fn to_value<W: Wire + ?Sized>(value: &W) -> Value {
    let mut out = Vec::with_capacity(256);
    to_bytes(value, &mut out);
    serde_json::from_slice(&out).unwrap_or(Value::Null)
}

/// One step as a JSON value: technique, effects, evidence, and both texts.
pub(crate) fn step_json(index: usize, step: &Step) -> Value {
    to_value(&WStep {
        index,
        step,
        before: None,
    })
}

/// The whole trace as one JSON value (schema in `docs/trace-format.md`).
#[cfg(feature = "serve")]
pub(crate) fn trace_json(trace: &Trace) -> Value {
    to_value(&WTrace {
        trace,
        line: None,
        options: TraceOptions::default(),
    })
}

/// The model's types serialize (with serde, to any format) as their wire
/// shapes of docs/trace-format.md: a trace as its document, a step as in a
/// trace (numbered 1), evidence and focus as a step's, a cell `{"col",
/// "row"}`, a candidate `{"col", "digit", "row"}`, a house `{"index",
/// "kind"}` (all 1-based), a digit a number, sets as lists, a technique as
/// its slug. The wire writes the JSON; serde is handed the value read back
/// from it (`render::json::write_trace` is the fast way to JSON).
macro_rules! serialize_as_wire {
    ($($model:ty => $wire:expr;)*) => {$(
        impl Serialize for $model {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                #[allow(clippy::redundant_closure_call)]
                to_value(&($wire)(self)).serialize(s)
            }
        }
    )*};
}

serialize_as_wire! {
    Trace => |t| WTrace { trace: t, line: None, options: TraceOptions::default() };
    Step => |step| WStep { index: 1, step, before: None };
    Evidence => WEvidence;
    Focus => WFocus;
    Cell => |c: &Cell| WCell(*c);
    Digit => |d: &Digit| WDigit(*d);
    House => |h: &House| WHouse(*h);
    Candidate => |c: &Candidate| WCandidate(*c);
    CellSet => |c: &CellSet| WCells(*c);
    DigitSet => |d: &DigitSet| WDigits(*d);
    Technique => |t: &Technique| t.slug();
}

/// A hint at `level` as JSON: `status`, and for a step its technique, then
/// where to look (level 2) and the full step (level 3).
pub(crate) fn hint_json(hint: &crate::hint::Hint, level: crate::hint::HintLevel) -> Value {
    use crate::hint::{Hint, HintLevel};
    let mut v = json!({ "level": level.number(), "status": hint.slug() });
    match hint {
        Hint::Step(step) => {
            v["technique"] = json!(step.technique.slug());
            v["name"] = json!(step.technique.name());
            if level >= HintLevel::Where {
                v["where"] = json!(crate::render::text::hint_where(step));
                v["focus"] = to_value(&WFocus(&step.focus()));
            }
            if level >= HintLevel::Step {
                v["step"] = step_json(1, step);
            }
        }
        Hint::Mistakes(wrong) => {
            let list: Vec<Value> = wrong
                .iter()
                .map(|m| json!({ "cell": m.expected.cell, "found": m.found, "expected": m.expected.digit }))
                .collect();
            v["mistakes"] = Value::Array(list);
            v["message"] = json!(crate::render::text::hint_message(hint));
        }
        other => v["message"] = json!(crate::render::text::hint_message(other)),
    }
    v
}

/// The trace as one line of JSON (no newline), with `"line"`, the input
/// line of its puzzle, when one is given (for inputs holding several).
#[doc(hidden)]
pub fn trace_record(trace: &Trace, line: Option<usize>) -> String {
    let mut out = Vec::with_capacity(4096);
    write_trace(&mut out, trace, line, TraceOptions::default());
    String::from_utf8(out).unwrap_or_default()
}

/// What `sensei solve --format json` prints for one puzzle: one line of
/// JSON (no newline) with `line`, `puzzle`, `status` (`unique`, `multiple`,
/// `none`, `invalid` or `error`) and, by status, `solutions` and `complete`
/// (the count and whether it is exact), `solution` or `all`, or `message`.
#[doc(hidden)]
pub fn solve_record(line: usize, solved: &crate::render::Solved) -> String {
    use crate::render::Solved;
    let v = match solved {
        Solved::Unreadable(e) => json!({
            "line": line, "status": "error", "message": e.to_string(),
        }),
        Solved::Invalid {
            puzzle,
            contradiction,
        } => json!({
            "line": line, "puzzle": puzzle.to_line(), "status": "invalid",
            "message": contradiction.to_string(),
        }),
        Solved::Counted {
            puzzle,
            count,
            complete,
            solutions,
            all,
        } => {
            let status = match count {
                0 => "none",
                1 => "unique",
                _ => "multiple",
            };
            let mut v = json!({
                "line": line, "puzzle": puzzle.to_line(), "status": status,
                "solutions": count, "complete": complete,
            });
            if *all {
                let lines: Vec<String> = solutions.iter().map(Grid::to_line).collect();
                v["all"] = json!(lines);
            } else if *count == 1 {
                v["solution"] = json!(solutions.first().map(Grid::to_line));
            }
            v
        }
    };
    v.to_string()
}

/// A rating to one decimal, as an f64 without float noise (1.2, not
/// 1.2000000476837158).
fn tenths(r: f32) -> f64 {
    format!("{r:.1}").parse().unwrap_or(0.0)
}

/// What `sensei grade --format json` prints for one puzzle: one line of
/// JSON (no newline) with `line`, `puzzle`, `outcome`, `hardest`, `guess`
/// (both of the rating solves: HoDoKu's, or SE's or QQWing's when HoDoKu's
/// scale is not asked for) and an object per scale asked for (`se`,
/// `hodoku`, `class`; null when the scale gives no rating), each naming
/// its rules.
#[doc(hidden)]
pub fn grade_record(
    line: usize,
    puzzle: &Grid,
    scales: crate::grade::Scales,
    r: &crate::grade::Rating,
) -> String {
    use crate::grade;
    let mut v = json!({
        "line": line, "puzzle": puzzle.to_line(), "outcome": r.outcome.slug(),
        "hardest": r.hardest.map(|t| t.slug()), "guess": r.guessed,
    });
    if scales.se {
        v["se"] = match r.se {
            Some(se) => json!({
                "er": tenths(se.er), "ep": tenths(se.ep), "ed": tenths(se.ed), "rules": grade::SE_RULES,
            }),
            None => Value::Null,
        };
    }
    if scales.hodoku {
        v["hodoku"] = match r.hodoku {
            Some(h) => {
                json!({ "level": h.level.name(), "score": h.score, "rules": grade::HODOKU_RULES })
            }
            None => Value::Null,
        };
    }
    if scales.class {
        v["class"] = match r.class {
            Some(c) => json!({ "class": c.name(), "rules": grade::CLASS_RULES }),
            None => Value::Null,
        };
    }
    v.to_string()
}

/// A hint as one line of JSON (no newline), with `"line"`, the input line
/// of its position, when one is given (for inputs holding several).
#[doc(hidden)]
pub fn hint_record(
    hint: &crate::hint::Hint,
    level: crate::hint::HintLevel,
    line: Option<usize>,
) -> String {
    let mut v = hint_json(hint, level);
    if let Some(line) = line {
        v["line"] = json!(line);
    }
    v.to_string()
}
