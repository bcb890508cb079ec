//! The practice mode's API (`docs/api.md`): the map of techniques, a
//! technique's lesson, a practice position (made by the generator within
//! [`PRACTICE_BUDGET`], else the lesson's bundled one) and the check of a
//! player's step ([`crate::check_step`]).

use super::api::{json_body, position_of, read, Answer, ApiError, App};
use super::lanes::Work;
use super::lessons;
use crate::board::Board;
use crate::check_step::{check_step, Marks, StepCheck};
use crate::format;
use crate::generate::{Generator, Request};
use crate::grid::{Candidate, Cell, Digit, Grid};
use crate::hint::HintLevel;
use crate::render::{json as rjson, svg};
use crate::solver::Options;
use crate::technique::Technique;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use serde_json::{json, Value};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How long the generator may look for a practice position before the
/// bundled one is used instead.
pub(crate) const PRACTICE_BUDGET: Duration = Duration::from_secs(2);

/// The techniques a player can practise: sensei's defaults, in HoDoKu's
/// order (the order the enum is declared in), without the guess.
fn practice_techniques() -> Vec<Technique> {
    let mut list: Vec<Technique> = Options::default()
        .techniques
        .into_iter()
        .filter(|&t| t != Technique::BruteForce)
        .collect();
    list.sort();
    list.dedup();
    list
}

/// The technique of a request, by slug.
fn technique_of(slug: &str) -> Result<Technique, ApiError> {
    practice_techniques()
        .into_iter()
        .find(|t| t.slug() == slug)
        .ok_or_else(|| {
            ApiError::bad(format!(
                "technique must be the slug of one of sensei's default techniques \
                 (GET /api/techniques lists them), not {slug:?}"
            ))
        })
}

/// `GET /api/techniques`: the techniques to practise, grouped by family in
/// HoDoKu's order.
pub(crate) async fn techniques() -> Response {
    let mut families: Vec<Value> = Vec::new();
    // the families in HoDoKu's order (Remote Pair, tried early, stays with
    // the chains), each technique in its family in HoDoKu's order
    let mut list = practice_techniques();
    list.sort_by_key(|t| t.family());
    for t in list {
        let family = t.family().name();
        let entry = json!({
            "slug": t.slug(), "name": t.name(), "level": t.info().level.name(),
        });
        match families.last_mut() {
            Some(f) if f["family"] == family => {
                if let Some(list) = f["techniques"].as_array_mut() {
                    list.push(entry);
                }
            }
            _ => families.push(json!({ "family": family, "techniques": [entry] })),
        }
    }
    json_body(&json!({ "families": families }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LessonRequest {
    technique: String,
}

/// `POST /api/lesson`: a technique's lesson from the learner pages.
pub(crate) async fn lesson(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let req: LessonRequest = read(&app, &headers, body)?;
    let t = technique_of(&req.technique)?;
    let lesson = lessons::lesson(t).unwrap_or_default();
    Ok(json_body(&json!({
        "technique": t.slug(), "name": t.name(), "family": t.family().name(),
        "family_intro": lesson.family_intro, "text": lesson.text,
        "example_line": lesson.example_line, "example_text": lesson.example_text,
        "picture": lesson.picture,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PracticeRequest {
    technique: String,
    #[serde(default)]
    seed: Option<u64>,
    /// Skip the generator: the bundled position (for tests and slow machines).
    #[serde(default)]
    bundled: bool,
}

/// A practice position as the page loads it.
fn position_json(t: Technique, board: &Board, source: &str, seed: Option<u64>) -> Value {
    let grid = board.grid();
    let mut givens = [0u8; 81];
    for cell in grid.givens() {
        givens[cell.index()] = grid.values()[cell.index()];
    }
    let placed: Vec<Cell> = Cell::all()
        .filter(|&c| grid.value(c).is_some() && !grid.is_given(c))
        .collect();
    json!({
        "technique": t.slug(), "name": t.name(), "source": source, "seed": seed,
        "puzzle": Grid::from_values(givens).to_line(),
        "values": grid.to_line(),
        "placed": placed,
        "candidates": format::candidate_string(board),
        "position": format::hodoku::position_line(board),
    })
}

/// `POST /api/practice`: a position just before a step of the technique:
/// made by the generator within [`PRACTICE_BUDGET`], else the lesson's.
pub(crate) async fn practice(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let req: PracticeRequest = read(&app, &headers, body)?;
    let t = technique_of(&req.technique)?;
    let bundled = lessons::lesson(t)
        .and_then(|l| l.practice)
        .and_then(|text| format::parse_position(&text).ok());
    let seed = req.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let made = if req.bundled {
        None
    } else {
        let request = Request {
            seed,
            practice: Some(t),
            ..Request::default()
        };
        // a technique the generator cannot target (Full House, Naked Single:
        // their positions are the lesson's) goes to the bundled position
        match Generator::new(request) {
            Err(_) => None,
            Ok(generator) => {
                // the lane stops the work at the request's deadline; the
                // budget is shorter
                app.run(Work::expensive("making a practice position"), move || {
                    let deadline = Instant::now() + PRACTICE_BUDGET;
                    generator
                        .nth_with(0, &mut |_| {
                            if Instant::now() < deadline {
                                ControlFlow::Continue(())
                            } else {
                                ControlFlow::Break(())
                            }
                        })
                        .ok()
                        .and_then(|g| g.practice)
                })
                .await?
            }
        }
    };
    let v = match (made, bundled) {
        (Some(p), _) => position_json(t, &p.position, "generated", Some(seed)),
        (None, Some(board)) => position_json(t, &board, "bundled", None),
        (None, None) => {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "no practice position for {} could be made within {} s, and none is \
                     bundled; try again",
                    t.name(),
                    PRACTICE_BUDGET.as_secs()
                ),
            ))
        }
    };
    Ok(json_body(&v))
}

/// A cell and digit of a request, 1-based.
#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub(crate) struct CandidateIn {
    row: u8,
    col: u8,
    digit: u8,
}

impl CandidateIn {
    fn candidate(self) -> Result<Candidate, ApiError> {
        let on_board = (1..=9).contains(&self.row) && (1..=9).contains(&self.col);
        let cell = if on_board {
            Cell::new((self.row - 1) * 9 + self.col - 1)
        } else {
            None
        };
        match (cell, Digit::new(self.digit)) {
            (Some(cell), Some(digit)) => Ok(Candidate::new(cell, digit)),
            _ => Err(ApiError::bad(format!(
                "row, col and digit must be 1 to 9, not {{\"row\": {}, \"col\": {}, \"digit\": {}}}",
                self.row, self.col, self.digit
            ))),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CheckStepRequest {
    position: String,
    technique: String,
    #[serde(default)]
    placements: Vec<CandidateIn>,
    #[serde(default)]
    eliminations: Vec<CandidateIn>,
    #[serde(default)]
    picture: bool,
}

/// `POST /api/check-step`: whether the player's eliminations and
/// placements are a step of the technique in the position.
pub(crate) async fn check(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let req: CheckStepRequest = read(&app, &headers, body)?;
    let t = technique_of(&req.technique)?;
    let board = position_of(&req.position)?;
    let marks = Marks {
        placements: req
            .placements
            .iter()
            .map(|c| c.candidate())
            .collect::<Result<_, _>>()?,
        eliminations: req
            .eliminations
            .iter()
            .map(|c| c.candidate())
            .collect::<Result<_, _>>()?,
    };
    let picture = req.picture;
    let v = app
        .run(Work::cheap("checking the step"), move || {
            let found = check_step(&board, t, &marks);
            let mut v = json!({
                "status": found.status(),
                "message": found.message(t),
            });
            match &found {
                StepCheck::Right { step } => {
                    v["step"] = rjson::step_json(1, step);
                    if picture {
                        v["picture"] = json!(svg::step(&board, step, HintLevel::Step));
                    }
                }
                StepCheck::Partly {
                    found,
                    total,
                    missing,
                    ..
                } => {
                    v["found"] = json!(found);
                    v["total"] = json!(total);
                    v["missing"] = json!(missing.placements.len() + missing.eliminations.len());
                }
                StepCheck::NotValid { .. } => {}
            }
            v
        })
        .await?;
    Ok(json_body(&v))
}
