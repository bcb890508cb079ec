//! The practice mode's endpoints of docs/api.md (issue 36), over HTTP
//! against a real server on an ephemeral loopback port: the technique map
//! in HoDoKu's order, a lesson, practice positions (generated, bundled, and
//! the bundled fallback of a technique the generator cannot target) and
//! the three answers of check-step.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::Duration;
use sudoku_sensei::serve::{self, Config};

/// The position just before an X-Wing (docs/learn/fish.md):
/// `X-Wing: 4 r24 c19 => r16c19,r9c9<>4`.
const X_WING: &str = "1234...8...34.6.8.1....6...........91.3............7...2.4...8.....5.....234.6.8...34.........5..........7...2............6..........8.........91..........34.....123....8...3..6.8.........9...4.....1.3..........5.....2.....8.......7...23..6.8....4...8.........9.2.............7......5..8.1.............6.....3.........45..8...3...78...3....8.....5.........6......4......2.............78.........91........1..4..78....4.6.8.1....6.....3..........5..8.........9.2.4..78....4...8..2.45..8.....5.....2..............8.1..............7.....4.......3...........6...........9.....6...1...........4............8.........9..3..........5.....2.............7..........9......7....3..........5.....2............6...1...........4...8....4...8.";

/// A server on its own thread (it stops when the test process ends).
fn server() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind an ephemeral port");
    let addr = listener.local_addr().expect("local address");
    std::thread::spawn(move || serve::run(listener, Config::default(), std::future::pending()));
    addr
}

/// One request on its own connection: the status and the JSON body.
fn call(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(120))).ok();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    s.write_all(body.as_bytes()).expect("write");
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("read");
    let (head, body) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let value = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"));
    (status, value)
}

fn cand(row: u8, col: u8, digit: u8) -> Value {
    json!({ "row": row, "col": col, "digit": digit })
}

#[test]
fn the_map_lists_the_default_techniques_by_family_in_hodokus_order() {
    let addr = server();
    let (status, v) = call(addr, "GET", "/api/techniques", None);
    assert_eq!(status, 200);
    let families = v["families"].as_array().expect("families");
    let names: Vec<&str> = families
        .iter()
        .filter_map(|f| f["family"].as_str())
        .collect();
    assert_eq!(names.first(), Some(&"Singles"), "{names:?}");
    let fish = names
        .iter()
        .position(|&n| n == "Basic Fish")
        .expect("Basic Fish");
    let wings = names
        .iter()
        .position(|&n| n.contains("Wing"))
        .expect("wings");
    assert!(fish < wings, "HoDoKu's order: {names:?}");
    let slugs: Vec<&str> = families
        .iter()
        .flat_map(|f| f["techniques"].as_array().into_iter().flatten())
        .filter_map(|t| t["slug"].as_str())
        .collect();
    assert!(
        slugs.contains(&"x-wing") && !slugs.contains(&"brute-force"),
        "{slugs:?}"
    );
    let (status, v) = call(addr, "POST", "/api/techniques", Some(json!({})));
    assert_eq!(status, 405, "{v}");
}

#[test]
fn a_lesson_has_the_pages_text_and_picture() {
    let addr = server();
    let (status, v) = call(
        addr,
        "POST",
        "/api/lesson",
        Some(json!({ "technique": "x-wing" })),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["name"], "X-Wing");
    assert!(
        v["text"][0].as_str().unwrap_or("").contains("rectangle"),
        "{v}"
    );
    assert!(
        v["picture"].as_str().unwrap_or("").starts_with("<svg"),
        "a picture"
    );
    assert_eq!(v["example_line"], "X-Wing: 4 r24 c19 => r16c19,r9c9<>4");
    let (status, v) = call(
        addr,
        "POST",
        "/api/lesson",
        Some(json!({ "technique": "x-wang" })),
    );
    assert_eq!(status, 400);
    assert!(
        v["error"].as_str().unwrap_or("").contains("\"x-wang\""),
        "{v}"
    );
}

#[test]
fn practice_positions_are_made_or_bundled() {
    let addr = server();
    let req = json!({ "technique": "x-wing", "seed": 7 });
    let (status, made) = call(addr, "POST", "/api/practice", Some(req.clone()));
    assert_eq!(status, 200, "{made}");
    assert_eq!(made["source"], "generated");
    let (_, again) = call(addr, "POST", "/api/practice", Some(req));
    assert_eq!(made, again, "the same seed, the same position");
    // the position is just before an X-Wing: the hint says so
    let (_, hint) = call(
        addr,
        "POST",
        "/api/hint",
        Some(json!({ "position": made["position"], "level": 1 })),
    );
    assert_eq!(hint["technique"], "x-wing", "{hint}");
    let (_, bundled) = call(
        addr,
        "POST",
        "/api/practice",
        Some(json!({ "technique": "x-wing", "bundled": true })),
    );
    assert_eq!(bundled["source"], "bundled");
    assert_eq!(bundled["candidates"], X_WING);
    // the generator cannot target a naked single: the lesson's position
    let (status, single) = call(
        addr,
        "POST",
        "/api/practice",
        Some(json!({ "technique": "naked-single" })),
    );
    assert_eq!(status, 200, "{single}");
    assert_eq!(single["source"], "bundled");
}

#[test]
fn check_step_answers_right_partly_or_not_valid() {
    let addr = server();
    let all: Vec<Value> = [(1, 1), (1, 9), (6, 1), (6, 9), (9, 9)]
        .iter()
        .map(|&(r, c)| cand(r, c, 4))
        .collect();
    let ask = |eliminations: &[Value]| {
        call(
            addr,
            "POST",
            "/api/check-step",
            Some(json!({
                "position": X_WING, "technique": "x-wing",
                "eliminations": eliminations, "picture": true,
            })),
        )
    };
    let (status, right) = ask(&all);
    assert_eq!(status, 200, "{right}");
    assert_eq!(right["status"], "right");
    assert_eq!(right["step"]["technique"], "x-wing");
    assert!(right["picture"].as_str().unwrap_or("").starts_with("<svg"));
    let (_, partly) = ask(&all[..3]);
    assert_eq!(partly["status"], "partly");
    assert_eq!(
        (partly["found"].clone(), partly["total"].clone()),
        (json!(3), json!(5))
    );
    assert!(
        partly["message"]
            .as_str()
            .unwrap_or("")
            .contains("you found 3 of 5 eliminations"),
        "{partly}"
    );
    let (_, none) = ask(&[]);
    assert_eq!(none["status"], "not_valid");
    let (status, bad) = ask(&[cand(10, 1, 4)]);
    assert_eq!(status, 400);
    assert!(
        bad["error"].as_str().unwrap_or("").contains("1 to 9"),
        "{bad}"
    );
}
