//! JSON shapes of the core types (1-based rows and columns).

use crate::bitset::{CellSet, DigitSet};
use crate::grid::{Candidate, Cell, Digit, House};
use crate::technique::Technique;
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

/// `{"row": 3, "col": 5}`
impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Cell", 2)?;
        st.serialize_field("row", &(self.row() + 1))?;
        st.serialize_field("col", &(self.col() + 1))?;
        st.end()
    }
}

/// A number 1..=9.
impl Serialize for Digit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.get())
    }
}

/// `{"kind": "row", "index": 3}` (index 1-based)
impl Serialize for House {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("House", 2)?;
        st.serialize_field("kind", &self.kind())?;
        st.serialize_field("index", &(self.number() + 1))?;
        st.end()
    }
}

/// `{"row": 3, "col": 5, "digit": 7}`
impl Serialize for Candidate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Candidate", 3)?;
        st.serialize_field("row", &(self.cell.row() + 1))?;
        st.serialize_field("col", &(self.cell.col() + 1))?;
        st.serialize_field("digit", &self.digit.get())?;
        st.end()
    }
}

/// A list of cells.
impl Serialize for CellSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len() as usize))?;
        for c in self.iter() {
            seq.serialize_element(&c)?;
        }
        seq.end()
    }
}

/// A list of digits.
impl Serialize for DigitSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len() as usize))?;
        for d in self.iter() {
            seq.serialize_element(&d.get())?;
        }
        seq.end()
    }
}

/// The technique's slug.
impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.slug())
    }
}

use crate::board::Contradiction;
use crate::grid::Grid;
use crate::step::Step;
use crate::trace::{Outcome, Trace};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The version of the trace schema (`docs/trace-format.md`). Bump it on any
/// change that could break a reader.
pub const TRACE_SCHEMA_VERSION: u32 = 1;

/// The whole trace as one line of JSON (no newline; schema in
/// `docs/trace-format.md`).
pub fn trace(trace: &Trace) -> String {
    trace_json(trace).to_string()
}

/// One step as one line of JSON, as it appears in a trace (numbered 1).
pub fn step(step: &Step) -> String {
    step_json(1, step).to_string()
}

/// A hint at `level` as one line of JSON: `status`, and for a step its
/// technique, then where to look (level 2) and the full step (level 3).
pub fn hint(hint: &crate::hint::Hint, level: crate::hint::HintLevel) -> String {
    hint_json(hint, level).to_string()
}

/// One step as JSON: technique, effects, evidence, and both texts.
pub(crate) fn step_json(index: usize, step: &Step) -> Value {
    json!({
        "index": index,
        "technique": step.technique.slug(),
        "name": step.technique.name(),
        "family": step.technique.family().name(),
        "hodoku_code": step.technique.hodoku_code(),
        "text": crate::render::text::step_line(step),
        "explanation": crate::render::text::step_sentence(step),
        "focus": step.focus(),
        "placements": step.placements,
        "eliminations": step.eliminations,
        "evidence": step.evidence,
    })
}

fn contradiction_json(c: &Contradiction) -> Value {
    let mut v = match c {
        Contradiction::Clash(cl) => json!({
            "kind": "clash", "cells": [cl.first, cl.second], "digit": cl.digit, "house": cl.house,
        }),
        Contradiction::NoCandidate { cell } => json!({"kind": "no_candidate", "cells": [cell]}),
        Contradiction::NoPlace { house, digit } => {
            json!({"kind": "no_place", "house": house, "digit": digit})
        }
        Contradiction::Occupied { cell, value } => {
            json!({"kind": "occupied", "cells": [cell], "digit": value})
        }
    };
    v["message"] = Value::String(c.to_string());
    v
}

/// The outcome as JSON.
pub(crate) fn outcome_json(outcome: &Outcome) -> Value {
    let mut v = match outcome {
        Outcome::Solved { guesses } => json!({ "guesses": guesses }),
        Outcome::Stuck { board } => json!({ "candidates": crate::format::candidate_string(board) }),
        Outcome::NoSolution { contradiction } => {
            json!({ "contradiction": contradiction.as_ref().map(contradiction_json) })
        }
        Outcome::MultipleSolutions {
            count,
            complete,
            differing,
            board,
        } => json!({
            "count": count,
            "complete": complete,
            "differing_cells": differing,
            "candidates": crate::format::candidate_string(board),
        }),
        Outcome::InvalidGivens { clash } => {
            json!({ "contradiction": contradiction_json(&Contradiction::Clash(*clash)) })
        }
    };
    v["kind"] = Value::String(outcome.slug().to_string());
    v["message"] = Value::String(crate::render::text::outcome_text(outcome));
    v
}

fn grid_line(g: &Grid) -> String {
    g.to_line()
}

/// The whole trace as one JSON document (schema in `docs/trace-format.md`).
pub(crate) fn trace_json(trace: &Trace) -> Value {
    let steps: Vec<Value> = trace
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| step_json(i + 1, s))
        .collect();
    let mut summary: BTreeMap<&str, usize> = BTreeMap::new();
    for s in &trace.steps {
        *summary.entry(s.technique.slug()).or_default() += 1;
    }
    let mut v = json!({
        "schema": "sudoku-sensei/trace",
        "version": TRACE_SCHEMA_VERSION,
        "puzzle": grid_line(&trace.puzzle),
        "placed": trace.puzzle.values().iter().enumerate()
            .filter(|&(i, &v)| v != 0 && crate::grid::Cell::new(i as u8).is_some_and(|c| !trace.puzzle.is_given(c)))
            .filter_map(|(i, _)| crate::grid::Cell::new(i as u8))
            .collect::<Vec<_>>(),
        "outcome": outcome_json(&trace.outcome),
        "steps": steps,
        "summary": summary,
        "hardest": trace.hardest_step().map(|(n, s)| json!({
            "step": n, "technique": s.technique.slug(), "name": s.technique.name(),
        })),
        "solution": trace.solution.as_ref().map(grid_line),
    });
    if let Some(start) = start_with_marks(trace) {
        v["start"] = json!(crate::format::candidate_string(start));
    }
    v
}

/// The position the steps start from, when its pencil marks are not the
/// ones its values give (a player's position, some marks removed).
fn start_with_marks(trace: &Trace) -> Option<&crate::board::Board> {
    let start = trace.start.as_ref()?;
    let plain = crate::board::Board::from_grid(&trace.puzzle).ok();
    let differs = plain
        .is_none_or(|p| crate::grid::Cell::all().any(|c| p.candidates(c) != start.candidates(c)));
    differs.then_some(start)
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
                v["focus"] = json!(step.focus());
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
    let mut v = trace_json(trace);
    if let Some(line) = line {
        v["line"] = json!(line);
    }
    v.to_string()
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
