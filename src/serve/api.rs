//! The JSON API (`docs/api.md`): each handler reads its request, runs the
//! library on a blocking thread within the server's limits, and answers in
//! the trace format's JSON (`render::json`). Bad input is a 400 whose
//! `error` is the message the CLI prints.

use super::lanes::{Lanes, Work};
use super::Config;
use crate::board::Board;
use crate::exact::{self, Count};
use crate::format::{self, ParseError};
use crate::generate::{Generator, Request};
use crate::grade::{self, Rating, Scales};
use crate::grid::{Cell, Grid};
use crate::hint::{self, Hint, HintLevel};
use crate::render::{self, html, json as rjson, svg};
use crate::solver::{self, Options};
use crate::technique::Level;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The server's state: its limits and its lanes of workers.
pub(crate) struct App {
    pub(crate) config: Config,
    pub(crate) lanes: Lanes,
}

impl App {
    pub(crate) fn new(config: Config) -> App {
        App {
            lanes: Lanes::new(&config),
            config,
        }
    }

    /// Run `compute` as `work` says ([`Lanes::run`]).
    pub(super) async fn run<T, F>(&self, work: Work, compute: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn() -> T + Send + Sync + 'static,
    {
        self.lanes.run(work, compute).await
    }
}

/// An answer that is not a result: a status and `{"error": message, ...}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    body: Value,
    /// Seconds to wait before trying again (`Retry-After`), for a 503.
    retry_after: Option<u64>,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({ "error": message.into() }),
            retry_after: None,
        }
    }

    /// The same, with a `Retry-After` of `seconds`.
    pub(crate) fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    pub(super) fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A text that cannot be read: the CLI's message, and where. A clash
    /// names its cells, so its message leaves out the line and column (the
    /// page sends the player's grid as one line the player never typed);
    /// they stay in the answer's `line` and `column`.
    fn unreadable(e: &ParseError) -> ApiError {
        let message = match e.kind() {
            format::ParseErrorKind::Clash { .. } => e.kind().to_string(),
            _ => e.to_string(),
        };
        ApiError {
            status: StatusCode::BAD_REQUEST,
            body: json!({ "error": message, "line": e.line(), "column": e.column() }),
            retry_after: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, json_body(&self.body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// A JSON answer.
pub(super) fn json_body(v: &Value) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        v.to_string() + "\n",
    )
        .into_response()
}

pub(super) type Answer = Result<Response, ApiError>;

/// Whether a request comes from a page of this server or from no page at
/// all (a browser sends `Origin` with a POST: another site's page is
/// refused, so it cannot make the server work for it).
fn same_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let from = origin.to_str().ok().and_then(|o| {
            o.strip_prefix("http://")
                .or_else(|| o.strip_prefix("https://"))
        });
        if from.is_none() || from != host {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "requests from another site's page are not accepted",
            ));
        }
    }
    Ok(())
}

/// The request body as `T`.
pub(super) fn read<T: DeserializeOwned>(
    app: &App,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    same_origin(headers)?;
    let body = body.map_err(|r| {
        let status = r.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                status,
                format!(
                    "the request is larger than {} bytes, this server's limit",
                    app.config.max_body
                ),
            )
        } else {
            ApiError::new(
                status,
                format!("the request could not be read: {}", r.body_text()),
            )
        }
    })?;
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad(
            "the request is empty: send a JSON object, e.g. {\"position\": \"53..7....6..195...\"}",
        ));
    }
    serde_json::from_slice(&body).map_err(|e| ApiError::bad(format!("bad request: {e}")))
}

/// The position of a request: its text in any format sensei reads.
pub(super) fn position_of(text: &str) -> Result<Board, ApiError> {
    format::parse_position(text).map_err(|e| ApiError::unreadable(&e))
}

/// The givens of a position, without the player's values.
fn givens_of(board: &Board) -> [u8; 81] {
    let mut givens = [0u8; 81];
    for cell in board.grid().givens() {
        givens[cell.index()] = board.grid().values()[cell.index()];
    }
    givens
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionRequest {
    position: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HintRequest {
    position: String,
    #[serde(default = "first_level")]
    level: i64,
    #[serde(default)]
    picture: bool,
}

fn first_level() -> i64 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExplainRequest {
    position: String,
    #[serde(default)]
    format: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct GenerateRequest {
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

/// `GET /api/puzzles`: the built-in puzzles.
pub(crate) async fn puzzles() -> Response {
    let list: Vec<Value> = super::builtin()
        .iter()
        .map(|p| {
            json!({
                "name": p.name, "level": p.level.name(), "er": p.er,
                "score": p.score, "puzzle": p.puzzle,
            })
        })
        .collect();
    json_body(&json!({ "puzzles": list }))
}

/// A request that holds only a position: `work` on its board, answered
/// as JSON.
async fn on_position(
    app: &App,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
    work: Work,
    compute: impl Fn(&Board) -> Value + Send + Sync + 'static,
) -> Answer {
    let req: PositionRequest = read(app, headers, body)?;
    let board = position_of(&req.position)?;
    let work = work.same_as(&req.position);
    let v = app.run(work, move || compute(&board)).await?;
    Ok(json_body(&v))
}

/// `POST /api/position`: what a text holds, for the page to load it.
pub(crate) async fn position(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let work = Work::cheap("reading the position");
    on_position(&app, &headers, body, work, |board| {
        let givens = givens_of(board);
        let solutions = exact::count(&givens, 2).found();
        let grid = board.grid();
        let placed: Vec<Cell> = Cell::all()
            .filter(|&c| grid.value(c).is_some() && !grid.is_given(c))
            .collect();
        json!({
            "puzzle": Grid::from_values(givens).to_line(),
            "values": grid.to_line(),
            "placed": placed,
            "candidates": format::candidate_string(board),
            "solutions": solutions,
        })
    })
    .await
}

/// `POST /api/hint`: the next step at a level, with its picture on request.
pub(crate) async fn hint(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let req: HintRequest = read(&app, &headers, body)?;
    let level = match HintLevel::try_from(req.level) {
        Ok(level) => level,
        Err(e) => return Err(ApiError::bad(e.to_string())),
    };
    let board = position_of(&req.position)?;
    let work = Work::cheap("finding a hint").same_as(&req.position);
    let picture = req.picture;
    app.run(work, move || {
        let hint = hint::hint(&board, &Options::default());
        let mut v = rjson::hint_json(&hint, level);
        if picture {
            v["picture"] = json!(svg::hint(&board, &hint, level));
        }
        v
    })
    .await
    .map(|v| json_body(&v))
}

/// What a check finds: the player's mistakes first, then whether the
/// position can be completed at all.
fn check_of(board: &Board) -> Value {
    let wrong = hint::mistakes(board);
    let found = if !wrong.is_empty() {
        Hint::Mistakes(wrong)
    } else if let Some(c) = board.contradiction() {
        Hint::NoSolution(Some(c))
    } else {
        match exact::count(&givens_of(board), 2) {
            Count::None => Hint::NoSolution(None),
            Count::Exactly(n) | Count::AtLeast(n) => Hint::MultipleSolutions(n),
            Count::Unique if board.is_solved() => Hint::Solved,
            Count::Unique => {
                let empty = board.empty_cells().len();
                return json!({
                    "status": "ok",
                    "empty": empty,
                    "message": format!(
                        "No mistakes: every value and pencil mark agrees with the solution \
                         ({empty} cells to go)."
                    ),
                });
            }
        }
    };
    let mut v = rjson::hint_json(&found, HintLevel::Technique);
    if let Some(o) = v.as_object_mut() {
        o.remove("level");
    }
    match &found {
        Hint::Solved => v["message"] = json!("Solved: every value is right. Well done!"),
        // (the hint's "Check your grid first: ..." would send the player
        // back to the button just pressed)
        Hint::Mistakes(wrong) => {
            let s = if wrong.len() == 1 { "" } else { "s" };
            v["message"] = json!(format!(
                "{} mistake{s}: {}.",
                wrong.len(),
                render::text::mistake_list(wrong)
            ));
        }
        _ => {}
    }
    v
}

/// `POST /api/check`: the player's wrong values and wrongly removed
/// candidates, as `sensei hint` names them.
pub(crate) async fn check(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let work = Work::cheap("checking the position");
    on_position(&app, &headers, body, work, check_of).await
}

/// What an explanation is: the trace, the walkthrough page, or the
/// mistakes that must be fixed first.
enum Explained {
    Json(Value),
    Html(String),
}

/// `POST /api/explain`: the rest of the solve from a position, as the JSON
/// trace or as the HTML walkthrough.
pub(crate) async fn explain(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let req: ExplainRequest = read(&app, &headers, body)?;
    let as_html = match req.format.as_deref() {
        None | Some("json") => false,
        Some("html") => true,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "format must be \"json\" or \"html\", not {other:?}"
            )))
        }
    };
    let board = position_of(&req.position)?;
    let work = Work::cheap("explaining the position").same_as(&req.position);
    let explained = app
        .run(work, move || {
            let wrong = hint::mistakes(&board);
            if !wrong.is_empty() {
                return Explained::Json(rjson::hint_json(
                    &Hint::Mistakes(wrong),
                    HintLevel::Technique,
                ));
            }
            let trace = solver::solve_position(&board, &Options::default());
            if as_html {
                Explained::Html(html::walkthrough(&trace, None))
            } else {
                Explained::Json(rjson::trace_json(&trace))
            }
        })
        .await?;
    Ok(match explained {
        Explained::Json(v) => json_body(&v),
        Explained::Html(page) => {
            ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
        }
    })
}

/// A rating as `sensei grade --format json` prints it, without `line`.
fn rating_json(puzzle: &Grid, rating: &Rating) -> Value {
    let record = rjson::grade_record(0, puzzle, Scales::ALL, rating);
    let mut v: Value = serde_json::from_str(&record).unwrap_or(Value::Null);
    if let Some(o) = v.as_object_mut() {
        o.remove("line");
    }
    v
}

/// `POST /api/grade`: the ratings of a position's givens.
pub(crate) async fn grade(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let work = Work::cheap("grading the puzzle");
    on_position(&app, &headers, body, work, |board| {
        let puzzle = Grid::from_values(givens_of(board));
        rating_json(&puzzle, &grade::grade(&puzzle, Scales::ALL))
    })
    .await
}

const LEVELS: [Level; 5] = [
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Unfair,
    Level::Extreme,
];

/// `POST /api/generate`: a new puzzle, at a HoDoKu level if one is asked.
pub(crate) async fn generate(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    same_origin(&headers)?;
    let req: GenerateRequest = match &body {
        Ok(b) if b.iter().all(u8::is_ascii_whitespace) => GenerateRequest::default(),
        _ => read(&app, &headers, body)?,
    };
    let level = match req.level.as_deref() {
        None => None,
        Some(name) => match LEVELS.iter().find(|l| l.name().eq_ignore_ascii_case(name)) {
            Some(&l) => Some((l, l)),
            None => {
                return Err(ApiError::bad(format!(
                    "level must be one of easy, medium, hard, unfair, extreme, not {name:?}"
                )))
            }
        },
    };
    let seed = req.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let request = Request {
        seed,
        level,
        rate: true,
        ..Request::default()
    };
    let generator = Generator::new(request).map_err(|e| ApiError::bad(e.to_string()))?;
    let made = app
        .run(Work::expensive("making a puzzle"), move || generator.nth(0))
        .await?;
    match made {
        Ok(g) => {
            let rating = match &g.rating {
                Some(r) => rating_json(&g.puzzle, r),
                None => Value::Null,
            };
            Ok(json_body(&json!({
                "puzzle": g.puzzle.to_line(), "seed": seed, "tries": g.tries, "rating": rating,
            })))
        }
        Err(e) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{e} (seed {seed})"),
        )),
    }
}

/// Any other address.
pub(crate) async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "nothing here: {method} {} (the API is in docs/api.md)",
            uri.path()
        ),
    )
}

/// A known address with the wrong method.
pub(crate) async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    let get_only = ["/api/puzzles", "/api/techniques"];
    let wanted = if get_only.contains(&uri.path()) || !uri.path().starts_with("/api/") {
        "GET"
    } else {
        "POST"
    };
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {}: use {wanted}", uri.path()),
    )
}
