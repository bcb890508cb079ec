//! The trainer's server (`sudoku_sensei::serve`, `sensei serve`): the page
//! and the JSON API of docs/api.md, tested over HTTP against a real server
//! on an ephemeral loopback port, started in-process (and once as the
//! binary).

use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::thread::JoinHandle;
use std::time::Duration;
use sudoku_sensei::format::{parse_position, ParseErrorKind};
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::serve::{self, Config};
use sudoku_sensei::Grid;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A puzzle with ten solutions.
const TEN: &str =
    ".6...52.4.2..16..33.5...7....6....5..59.....1....7...85....3...2...41.3..9.......";
/// One of the hardest known puzzles: a hint needs forcing nets.
const HARDEST: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
/// A puzzle of forum_hardest_1905_11plus whose grade (all scales) takes
/// seconds: work that surely outlasts a test's pause.
const SLOWEST: &str =
    "1....6.......8...6..93..5...3.9..4..8...7......5....2...4....9......1..7...2..35.";

/// A server on its own thread, stopped when dropped.
struct Server {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<std::io::Result<()>>>,
}

impl Server {
    fn start(config: Config) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind an ephemeral port");
        let addr = listener.local_addr().expect("local address");
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            serve::run(listener, config, async {
                let _ = rx.await;
            })
        });
        Server {
            addr,
            stop: Some(tx),
            thread: Some(thread),
        }
    }

    fn new() -> Server {
        Server::start(Config::default())
    }

    /// Stop and wait: the server returns Ok once its requests are done.
    fn shut_down(mut self) -> std::io::Result<()> {
        self.stop.take().map(|s| s.send(()));
        self.thread
            .take()
            .expect("running")
            .join()
            .expect("no panic")
    }

    fn get(&self, path: &str) -> Answer {
        request(self.addr, "GET", path, None, &[])
    }

    fn post(&self, path: &str, body: &str) -> Answer {
        request(self.addr, "POST", path, Some(body), &[])
    }

    fn post_json(&self, path: &str, body: Value) -> Answer {
        self.post(path, &body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// An HTTP answer.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
    fn header(&self, name: &str) -> Option<String> {
        self.headers.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }
    fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

/// One HTTP/1.1 request on its own connection.
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> Answer {
    request_bytes(addr, method, path, body.map(str::as_bytes), headers)
}

fn request_bytes(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    headers: &[(&str, &str)],
) -> Answer {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(120))).ok();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).expect("send");
    if let Some(b) = body {
        // a server may answer (413) before reading a large body whole
        let _ = s.write_all(b);
    }
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (headers, body) = text.split_once("\r\n\r\n").expect("a whole answer");
    let status = headers
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    assert!(
        !headers.to_ascii_lowercase().contains("transfer-encoding"),
        "answers have a length: {headers}"
    );
    Answer {
        status,
        headers: headers.to_string(),
        body: body.to_string(),
    }
}

/// `EASY` with the player's value `digit` placed in cell `index` (HoDoKu
/// library line: `+` marks a placed value).
fn with_placed(index: usize, digit: char) -> String {
    let mut givens = String::new();
    for (i, ch) in EASY.chars().enumerate() {
        if i == index {
            givens.push('+');
            givens.push(digit);
        } else {
            givens.push(ch);
        }
    }
    format!(":0000:x:{givens}::::")
}

#[test]
fn the_page_and_its_files_are_served_with_no_outside_reference() {
    let server = Server::new();
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.css", "text/css"),
        ("/app.js", "text/javascript"),
        ("/store.js", "text/javascript"),
    ] {
        let a = server.get(path);
        assert_eq!(a.status, 200, "{path}");
        assert!(
            a.header("content-type")
                .is_some_and(|t| t.starts_with(kind)),
            "{path}: {:?}",
            a.header("content-type")
        );
        let csp = a.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        // no CDN, no web font, no request elsewhere
        for outside in ["http://", "https://", "//fonts.", "@import", "@font-face"] {
            assert!(!a.body.contains(outside), "{path} contains {outside}");
        }
    }
    let page = server.get("/").body;
    // the saved games first: the page's script uses them
    assert!(page.contains("<script src=\"/store.js\"></script>\n<script src=\"/app.js\"></script>"));
    assert!(page.contains("href=\"/app.css\""));
    assert_eq!(page, serve::PAGE);
}

/// A number the page's scripts set: `var NAME = 12;`.
fn script_constant(script: &str, name: &str) -> Option<u32> {
    let at = script.find(&format!("var {name} = "))?;
    let rest = &script[at + name.len() + 7..];
    rest.split(';').next()?.trim().parse().ok()
}

#[test]
fn docs_say_how_many_games_and_moves_the_page_keeps() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md"))
        .expect("docs/api.md");
    let games = script_constant(serve::STORE_SCRIPT, "GAMES_MAX").expect("GAMES_MAX");
    let moves = script_constant(serve::SCRIPT, "HISTORY_MAX").expect("HISTORY_MAX");
    assert!(
        doc.contains(&format!("the {games} most recent games")),
        "docs/api.md must say the page keeps the {games} most recent games"
    );
    assert!(
        doc.contains(&format!("up to {moves} moves")),
        "docs/api.md must say the undo history keeps up to {moves} moves"
    );
}

#[test]
fn a_hint_reveals_more_at_each_level_with_its_picture() {
    let server = Server::new();
    let one = server
        .post_json("/api/hint", serde_json::json!({ "position": EASY }))
        .json();
    assert_eq!(one["level"], 1, "level 1 by default: {one}");
    assert_eq!(one["status"], "step");
    assert!(one["name"].is_string() && one["technique"].is_string());
    assert!(
        one.get("where").is_none() && one.get("step").is_none() && one.get("picture").is_none()
    );
    let two = server
        .post_json(
            "/api/hint",
            serde_json::json!({ "position": EASY, "level": 2 }),
        )
        .json();
    assert_eq!(two["technique"], one["technique"]);
    assert!(
        two["where"].is_string() && two.get("step").is_none(),
        "{two}"
    );
    let three = server
        .post_json(
            "/api/hint",
            serde_json::json!({ "position": EASY, "level": 3, "picture": true }),
        )
        .json();
    let step = &three["step"];
    assert_eq!(step["technique"], one["technique"]);
    assert!(step["text"].is_string() && step["explanation"].is_string());
    assert!(
        step["placements"].as_array().is_some_and(|p| !p.is_empty())
            || step["eliminations"]
                .as_array()
                .is_some_and(|e| !e.is_empty())
    );
    // the placement is the solution's value
    for p in step["placements"].as_array().into_iter().flatten() {
        let i = (p["row"].as_u64().unwrap_or(0) as usize - 1) * 9
            + p["col"].as_u64().unwrap_or(0) as usize
            - 1;
        assert_eq!(
            EASY_SOLUTION.as_bytes()[i] - b'0',
            p["digit"].as_u64().unwrap_or(0) as u8
        );
    }
    let picture = three["picture"].as_str().unwrap_or_default();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    // the same answer as the library's hint
    let board = parse_position(EASY).expect("reads");
    let hint = sudoku_sensei::hint::hint(&board, &Default::default());
    let library: serde_json::Value = serde_json::from_str(&sudoku_sensei::render::json::hint(
        &hint,
        sudoku_sensei::HintLevel::Step,
    ))
    .expect("JSON");
    assert_eq!(three.get("step"), library.get("step"));
}

#[test]
fn a_hint_names_the_players_mistake_first() {
    let server = Server::new();
    // r1c3 must be 4: the player wrote 2
    let a = server
        .post_json(
            "/api/hint",
            serde_json::json!({ "position": with_placed(2, '2'), "picture": true }),
        )
        .json();
    assert_eq!(a["status"], "mistakes");
    assert_eq!(
        a["message"],
        "Check your grid first: r1c3 holds 2, which is not its value."
    );
    assert!(a["picture"].as_str().is_some_and(|p| p.contains("<svg")));
}

#[test]
fn a_placed_value_that_clashes_is_named_without_a_line_number() {
    let server = Server::new();
    // r1c3=5 clashes with the given r1c1=5
    let a = server.post_json(
        "/api/check",
        serde_json::json!({ "position": with_placed(2, '5') }),
    );
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(
        a.error(),
        "the placed value r1c3=5 clashes with the given r1c1=5 in row 1"
    );
}

#[test]
fn bad_input_gets_a_400_with_the_clis_message() {
    let server = Server::new();
    for text in [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
        "53..7....6..195",
        "",
        "5 3 . 7\n6 . . 1",
        ":0000:x:55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79::::",
    ] {
        let e = parse_position(text).expect_err("unreadable");
        // a clash names its cells: the page's one-line grid is no line the
        // player typed, so the message leaves the place out
        let expected = match e.kind() {
            ParseErrorKind::Clash { .. } => e.kind().to_string(),
            _ => e.to_string(),
        };
        for path in ["/api/hint", "/api/check", "/api/explain", "/api/grade", "/api/position"] {
            let a = server.post_json(path, serde_json::json!({ "position": text }));
            assert_eq!(a.status, 400, "{path} {text:?}: {}", a.body);
            assert_eq!(a.error(), expected, "{path}");
            assert!(a.header("content-type").is_some_and(|t| t == "application/json"));
        }
    }
    let a = server.post_json(
        "/api/hint",
        serde_json::json!({ "position": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x" }),
    );
    assert_eq!(
        (a.json()["line"].as_u64(), a.json()["column"].as_u64()),
        (Some(1), Some(81))
    );
}

#[test]
fn bad_requests_say_what_is_wrong() {
    let server = Server::new();
    let cases: [(&str, &str, &str); 8] = [
        ("/api/hint", "", "the request is empty"),
        ("/api/hint", "{\"position\": ", "bad request: EOF"),
        ("/api/hint", "{}", "missing field `position`"),
        ("/api/hint", "{\"puzzle\": \"1\"}", "unknown field `puzzle`"),
        (
            "/api/hint",
            "{\"position\": 5}",
            "invalid type: integer `5`",
        ),
        (
            "/api/hint",
            &format!("{{\"position\": \"{EASY}\", \"level\": 4}}"),
            "level must be 1, 2 or 3, not 4",
        ),
        (
            "/api/explain",
            &format!("{{\"position\": \"{EASY}\", \"format\": \"pdf\"}}"),
            "format must be \"json\" or \"html\"",
        ),
        (
            "/api/generate",
            "{\"level\": \"impossible\"}",
            "level must be one of easy, medium",
        ),
    ];
    for (path, body, message) in cases {
        let a = server.post(path, body);
        assert_eq!(a.status, 400, "{path} {body}: {}", a.body);
        assert!(a.error().contains(message), "{path} {body}: {}", a.error());
    }
}

#[test]
fn limits_methods_addresses_and_origins() {
    let server = Server::start(Config {
        max_body: 4096,
        ..Config::default()
    });
    let big = format!("{{\"position\": \"{}\"}}", "x".repeat(10_000));
    let a = server.post("/api/hint", &big);
    assert_eq!(a.status, 413, "{}", a.body);
    assert!(
        a.error().contains("larger than 4096 bytes"),
        "{}",
        a.error()
    );
    let a = server.get("/api/hint");
    assert_eq!(
        (a.status, a.error().as_str()),
        (405, "GET is not allowed on /api/hint: use POST")
    );
    let a = server.post("/api/puzzles", "{}");
    assert_eq!(a.status, 405);
    let a = server.get("/nothing/here");
    assert_eq!(a.status, 404);
    assert!(a.error().contains("/nothing/here"));
    // a page of another site may not use the API; the trainer's own may
    let body = format!("{{\"position\": \"{EASY}\"}}");
    let foreign = request(
        server.addr,
        "POST",
        "/api/hint",
        Some(&body),
        &[("Origin", "http://example.com")],
    );
    assert_eq!(foreign.status, 403, "{}", foreign.body);
    let own = format!("http://{}", server.addr);
    let a = request(
        server.addr,
        "POST",
        "/api/hint",
        Some(&body),
        &[("Origin", &own)],
    );
    assert_eq!(a.status, 200, "{}", a.body);
    // bytes that are not UTF-8 are bad JSON, not a crash
    let a = request_bytes(
        server.addr,
        "POST",
        "/api/hint",
        Some(b"{\"position\": \"\xff\"}"),
        &[],
    );
    assert_eq!(a.status, 400);
}

#[test]
fn check_names_a_wrong_value_or_a_removed_true_candidate() {
    let server = Server::new();
    let check = |position: &str| {
        server
            .post_json("/api/check", serde_json::json!({ "position": position }))
            .json()
    };
    let wrong = check(&with_placed(2, '2'));
    assert_eq!(wrong["status"], "mistakes");
    // (not "Check your grid first", which would send the player back to
    // the button just pressed)
    assert_eq!(
        wrong["message"],
        "1 mistake: r1c3 holds 2, which is not its value."
    );
    assert_eq!(
        wrong["mistakes"],
        serde_json::json!([{ "cell": { "row": 1, "col": 3 }, "found": 2, "expected": 4 }])
    );
    // 413: the candidate 4 of r1c3, which the solution needs
    let lost = check(&format!(":0000:x:{EASY}:413:::"));
    assert_eq!(
        lost["message"],
        "1 mistake: r1c3 lost the candidate 4, which it needs."
    );
    let right = check(&with_placed(2, '4'));
    assert_eq!(right["status"], "ok", "{right}");
    assert_eq!(right["empty"], 50);
    let solved = check(EASY_SOLUTION);
    assert_eq!(solved["status"], "solved");
    let several = check(TEN);
    assert_eq!(several["status"], "multiple_solutions", "{several}");
}

#[test]
fn explain_gives_the_trace_or_the_walkthrough() {
    let server = Server::new();
    let trace = server
        .post_json(
            "/api/explain",
            serde_json::json!({ "position": with_placed(2, '4') }),
        )
        .json();
    assert_eq!(trace["schema"], "sudoku-sensei/trace");
    assert_eq!(trace["solution"], EASY_SOLUTION);
    assert_eq!(trace["outcome"]["kind"], "solved");
    assert_eq!(trace["placed"], serde_json::json!([{ "row": 1, "col": 3 }]));
    let page = server.post_json(
        "/api/explain",
        serde_json::json!({ "position": EASY, "format": "html" }),
    );
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/html")));
    assert!(page.body.starts_with("<!DOCTYPE html>") && page.body.contains("<nav>"));
    // a mistake comes first, as in `sensei explain`
    let wrong = server
        .post_json(
            "/api/explain",
            serde_json::json!({ "position": with_placed(2, '2'), "format": "html" }),
        )
        .json();
    assert_eq!(wrong["status"], "mistakes");
}

#[test]
fn grade_rates_the_givens_on_every_scale() {
    let server = Server::new();
    // the player's values do not change the rating of the puzzle
    for position in [EASY.to_string(), with_placed(2, '4')] {
        let r = server
            .post_json("/api/grade", serde_json::json!({ "position": position }))
            .json();
        assert_eq!(r["puzzle"], EASY);
        assert_eq!(r["hodoku"]["level"], "Easy");
        assert_eq!(r["se"]["er"], 1.2);
        assert_eq!(r["class"]["class"], "simple");
        assert_eq!(r["outcome"], "solved");
        assert!(r.get("line").is_none());
    }
}

#[test]
fn generate_makes_a_unique_puzzle_of_the_level() {
    let server = Server::new();
    let a = server.post_json(
        "/api/generate",
        serde_json::json!({ "level": "easy", "seed": 11 }),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let g = a.json();
    assert_eq!(g["seed"], 11);
    assert_eq!(g["rating"]["hodoku"]["level"], "Easy");
    let puzzle = g["puzzle"].as_str().unwrap_or_default();
    let grid = sudoku_sensei::parse(puzzle).expect("a puzzle");
    assert_eq!(
        sudoku_sensei::exact::count(grid.values(), 2),
        sudoku_sensei::exact::Count::Unique
    );
    // the same seed, the same puzzle
    let again = server
        .post_json(
            "/api/generate",
            serde_json::json!({ "level": "easy", "seed": 11 }),
        )
        .json();
    assert_eq!(again["puzzle"], g["puzzle"]);
    // no body at all: any level, a seed from the clock
    let any = server.post("/api/generate", "");
    assert_eq!(any.status, 200, "{}", any.body);
    assert!(any.json()["seed"].is_u64());
}

#[test]
fn position_tells_the_page_what_a_text_holds() {
    let server = Server::new();
    let p = server
        .post_json(
            "/api/position",
            serde_json::json!({ "position": with_placed(2, '4') }),
        )
        .json();
    assert_eq!(p["puzzle"], EASY);
    assert_eq!(p["values"].as_str().map(|v| &v[..4]), Some("534."));
    assert_eq!(p["placed"], serde_json::json!([{ "row": 1, "col": 3 }]));
    assert_eq!(p["candidates"].as_str().map(str::len), Some(729));
    assert_eq!(p["solutions"], 1);
    let several = server
        .post_json("/api/position", serde_json::json!({ "position": TEN }))
        .json();
    assert_eq!(several["solutions"], 2, "counted up to 2");
}

#[test]
fn the_builtin_puzzles_are_rated_as_listed() {
    let server = Server::new();
    let listed = server.get("/api/puzzles").json();
    let list = listed["puzzles"].as_array().cloned().unwrap_or_default();
    assert_eq!(list.len(), 15);
    for level in ["Easy", "Medium", "Hard", "Unfair", "Extreme"] {
        assert_eq!(
            list.iter().filter(|p| p["level"] == level).count(),
            3,
            "{level}"
        );
    }
    // the grader agrees with every rating listed, and none needs a guess
    use rayon::prelude::*;
    let wrong: Vec<String> = serve::builtin()
        .par_iter()
        .filter_map(|b| {
            let grid: Grid = sudoku_sensei::parse(b.puzzle).ok()?;
            let r = grade::grade(&grid, Scales::ALL);
            let h = r.hodoku?;
            let er = r.se?.er;
            let ok =
                h.level == b.level && h.score == b.score && (er - b.er).abs() < 0.05 && !r.guessed;
            (!ok).then(|| {
                format!(
                    "{}: {:?} {} ER {er} guess {}",
                    b.name, h.level, h.score, r.guessed
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn concurrent_requests_get_the_same_answers() {
    let server = Server::new();
    let addr = server.addr;
    let expected = server
        .post_json(
            "/api/hint",
            serde_json::json!({ "position": EASY, "level": 3 }),
        )
        .body;
    let threads: Vec<_> = (0..16)
        .map(|i| {
            std::thread::spawn(move || {
                let mut answers = Vec::new();
                for _ in 0..4 {
                    let (path, body) = if i % 4 == 0 {
                        ("/api/check", serde_json::json!({ "position": EASY }))
                    } else {
                        (
                            "/api/hint",
                            serde_json::json!({ "position": EASY, "level": 3 }),
                        )
                    };
                    let a = request(addr, "POST", path, Some(&body.to_string()), &[]);
                    answers.push((path, a.status, a.body));
                }
                answers
            })
        })
        .collect();
    for t in threads {
        for (path, status, body) in t.join().expect("no panic") {
            assert_eq!(status, 200, "{path}: {body}");
            if path == "/api/hint" {
                assert_eq!(body, expected);
            }
        }
    }
    assert!(server.shut_down().is_ok());
}

#[test]
fn work_past_the_time_limit_is_a_503_that_says_so() {
    let server = Server::start(Config {
        cheap_limit: Duration::from_millis(1),
        ..Config::default()
    });
    let a = server.post_json("/api/hint", serde_json::json!({ "position": HARDEST }));
    assert_eq!(a.status, 503, "{}", a.body);
    assert!(
        a.error().contains("took longer than") || a.error().contains("busy"),
        "{}",
        a.error()
    );
    // the server still answers
    let a = server.get("/api/puzzles");
    assert_eq!(a.status, 200);
}

#[cfg(all(unix, feature = "cli"))]
#[test]
fn sensei_serve_prints_its_address_and_stops_on_ctrl_c() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sensei runs");
    let mut line = String::new();
    let mut out = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    out.read_line(&mut line).expect("a line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let addr: SocketAddr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .expect("an address");
    assert_eq!(request(addr, "GET", "/", None, &[]).status, 200);
    crate::common::send_signal(&child, "-INT");
    let status = child.wait().expect("sensei ends");
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(err.contains("stopped"), "{err}");

    // a port in use is reported, with what to do
    let taken = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("address").port().to_string();
    let o = Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(["serve", "--port", &port])
        .output()
        .expect("sensei runs");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("cannot listen on 127.0.0.1:") && err.contains("--port 0"),
        "{err}"
    );
}

/// A request with a `Host` of its own (DNS rebinding: another site's name
/// that resolves to this machine).
fn with_host(addr: SocketAddr, host: &str, origin: Option<&str>) -> Answer {
    let body = format!("{{\"position\": \"{EASY}\"}}");
    let mut s = TcpStream::connect(addr).expect("connect");
    let mut head = format!(
        "POST /api/hint HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(o) = origin {
        head.push_str(&format!("Origin: {o}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).expect("send");
    s.write_all(body.as_bytes()).expect("send");
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    let (headers, body) = raw.split_once("\r\n\r\n").expect("a whole answer");
    Answer {
        status: headers
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("status"),
        headers: headers.to_string(),
        body: body.to_string(),
    }
}

#[test]
fn a_host_that_is_not_this_server_is_refused_and_no_site_may_frame_the_page() {
    let server = Server::start(Config {
        allowed_hosts: vec!["sudoku.lan".to_string()],
        ..Config::default()
    });
    let port = server.addr.port();
    let rebound = format!("attacker.example:{port}");
    let a = with_host(server.addr, &rebound, Some(&format!("http://{rebound}")));
    assert_eq!(a.status, 403, "{}", a.body);
    assert!(
        a.error().contains("--allow-host attacker.example"),
        "{}",
        a.error()
    );
    for host in [
        format!("localhost:{port}"),
        server.addr.to_string(),
        format!("sudoku.lan:{port}"),
    ] {
        let a = with_host(server.addr, &host, Some(&format!("http://{host}")));
        assert_eq!(a.status, 200, "{host}: {}", a.body);
    }
    let page = server.get("/");
    let csp = page.header("content-security-policy").expect("a CSP");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.header("x-frame-options").as_deref(), Some("DENY"));
    assert!(page.header("access-control-allow-origin").is_none());
}

#[test]
fn a_full_queue_is_a_503_with_retry_after_at_once() {
    let server = Server::start(Config {
        expensive_workers: 1,
        expensive_queue: 0,
        ..Config::default()
    });
    let addr = server.addr;
    // grading SLOWEST (all scales: SE's nested chains) outruns the cheap
    // slice and holds the one expensive worker for seconds (1.7 s in a
    // release build, 3.8 s in the tests' build, on an idle machine); an
    // explain of HARDEST no longer does (0.17 s since the faster forcing
    // nets), so it cannot be the work that fills the queue
    let grade = format!("{{\"position\": \"{SLOWEST}\"}}");
    let long = {
        let grade = grade.clone();
        std::thread::spawn(move || request(addr, "POST", "/api/grade", Some(&grade), &[]))
    };
    std::thread::sleep(Duration::from_millis(300));
    let started = std::time::Instant::now();
    let a = server.post("/api/grade", &grade);
    assert_eq!(a.status, 503, "{}", a.body);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert!(a.error().contains("busy"), "{}", a.error());
    let wait: u64 = a
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .expect("seconds");
    assert!((1..=60).contains(&wait), "{wait}");
    // a cheap request is answered meanwhile
    let a = server.post_json("/api/hint", serde_json::json!({ "position": EASY }));
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(long.join().expect("no panic").status, 200);
}

#[test]
fn a_client_that_goes_away_frees_its_worker() {
    let server = Server::start(Config {
        expensive_workers: 1,
        expensive_queue: 4,
        ..Config::default()
    });
    // (SLOWEST: HARDEST's explain, 0.17 s since the faster forcing nets,
    // is too quick for five abandoned ones to add up to more than the bound)
    let explain = format!("{{\"position\": \"{SLOWEST}\"}}");
    // five walkthroughs of SLOWEST asked and given up on: without
    // cancellation the last request would wait for all five
    let alone = std::time::Instant::now();
    assert_eq!(server.post("/api/explain", &explain).status, 200);
    let alone = alone.elapsed();
    for _ in 0..5 {
        let mut s = TcpStream::connect(server.addr).expect("connect");
        let head = format!(
            "POST /api/explain HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{explain}",
            server.addr,
            explain.len()
        );
        s.write_all(head.as_bytes()).expect("send");
        std::thread::sleep(Duration::from_millis(100));
        drop(s);
    }
    let again = std::time::Instant::now();
    assert_eq!(server.post("/api/explain", &explain).status, 200);
    assert!(
        again.elapsed() < alone * 2 + Duration::from_millis(500),
        "{:?} after the others went away, {alone:?} alone",
        again.elapsed()
    );
}

#[test]
fn half_open_connections_time_out_and_do_not_keep_new_clients_out() {
    let server = Server::start(Config {
        header_timeout: Duration::from_millis(500),
        max_connections: 20,
        ..Config::default()
    });
    let mut half_open: Vec<TcpStream> = (0..60)
        .map(|_| {
            let mut s = TcpStream::connect(server.addr).expect("connect");
            s.write_all(b"POST /api/hint HTTP/1.1\r\nHost: x")
                .expect("send");
            s
        })
        .collect();
    // a new client is answered although more than the cap are half open
    let started = std::time::Instant::now();
    assert_eq!(server.get("/api/puzzles").status, 200);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    // and after the header deadline every half-open connection is closed
    std::thread::sleep(Duration::from_millis(1500));
    for s in &mut half_open {
        s.set_read_timeout(Some(Duration::from_secs(2))).ok();
        // the end of the stream (perhaps after an answer), or a reset: closed
        let mut rest = Vec::new();
        if let Err(e) = s.read_to_end(&mut rest) {
            assert!(
                !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ),
                "a half-open connection is still open"
            );
        }
    }
}

#[test]
fn a_body_that_does_not_arrive_in_time_is_a_408() {
    let server = Server::start(Config {
        body_timeout: Duration::from_millis(300),
        ..Config::default()
    });
    let mut s = TcpStream::connect(server.addr).expect("connect");
    let head = format!(
        "POST /api/hint HTTP/1.1\r\nHost: {}\r\nContent-Length: 100\r\n\r\n{{\"pos",
        server.addr
    );
    s.write_all(head.as_bytes()).expect("send");
    s.set_read_timeout(Some(Duration::from_secs(5))).ok();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
}

/// The hook the server's deadlines and cancelled requests rest on
/// (`sudoku_sensei::stop`).
#[test]
fn the_library_stops_a_solve_of_a_hardest_puzzle_soon_after_its_deadline() {
    let hardest = sudoku_sensei::parse(
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    )
    .unwrap();
    let opts = sudoku_sensei::Options::default();
    let alone = std::time::Instant::now();
    assert!(
        sudoku_sensei::stop::stoppable(|| false, || sudoku_sensei::solve(&hardest, &opts))
            .is_some()
    );
    let alone = alone.elapsed();
    let started = std::time::Instant::now();
    let deadline = started + alone / 10;
    let stopped = sudoku_sensei::stop::stoppable(
        move || std::time::Instant::now() >= deadline,
        || sudoku_sensei::solve(&hardest, &opts),
    );
    assert!(stopped.is_none());
    assert!(
        started.elapsed() < alone / 2,
        "stopped after {:?}, a whole solve takes {alone:?}",
        started.elapsed()
    );
}
