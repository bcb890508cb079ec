//! `sensei generate` on the command line: the same bytes on any number of
//! threads, the formats, bad requests and giving up (exit codes 2 and 1),
//! a closed pipe, Ctrl-C, and the help.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_sensei::generate::Symmetry;

fn sensei(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(args)
        .output()
        .expect("sensei runs")
}

#[test]
fn cli_same_seed_same_bytes_on_one_or_two_threads() {
    let run = |jobs: &str| {
        let out = sensei(&[
            "generate",
            "--seed",
            "123",
            "--count",
            "10",
            "--jobs",
            jobs,
            "--format",
            "json",
            "--symmetry",
            "rotate180",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let text = String::from_utf8(one).expect("utf-8");
    let indices: Vec<u64> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            v["index"].as_u64().expect("index")
        })
        .collect();
    assert_eq!(indices, (1..=10).collect::<Vec<_>>());
}

#[test]
fn cli_formats() {
    let out = sensei(&["generate", "--seed", "5", "--count", "3"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(text.lines().count(), 3);
    assert!(text.lines().all(|l| l.len() == 81));
    let out = sensei(&["generate", "--seed", "5", "--count", "3", "--format", "tsv"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("# sensei generate: seed 5"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("index\tpuzzle\tgivens\ter"),
        "{}",
        lines[1]
    );
    assert_eq!(lines.len(), 5);
    // the same puzzles whatever the format
    let plain = sensei(&["generate", "--seed", "5", "--count", "3"]);
    let first = String::from_utf8_lossy(&plain.stdout)
        .lines()
        .next()
        .map(str::to_string);
    assert_eq!(lines[2].split('\t').nth(1).map(str::to_string), first);
    let out = sensei(&["generate", "--seed", "9", "--practice", "x-wing"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let (cands, library) = text.trim_end().split_once('\t').expect("two fields");
    assert_eq!(cands.len(), 729);
    assert!(library.starts_with(":0300:"), "{library}");
}

#[test]
fn cli_bad_requests_exit_2_with_the_reason() {
    let out = sensei(&["generate", "--givens", "10"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--givens 10") && err.contains("17"), "{err}");
    assert!(out.stdout.is_empty());
    let out = sensei(&[
        "generate",
        "--level",
        "extreme",
        "--only",
        "naked-single,hidden-single",
    ]);
    assert_eq!(out.status.code(), Some(2));
    // out of reach: refused at once, not after a long search
    let started = Instant::now();
    // (--max-tries: should the refusal go, the search ends soon anyway)
    let out = sensei(&["generate", "--er", "12..13", "--max-tries", "50"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(started.elapsed() < Duration::from_secs(10));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--er: 12.0..13.0: sensei's SE ratings stop"),
        "{err}"
    );
    let out = sensei(&[
        "generate",
        "--technique",
        "brute-force",
        "--allow-guess",
        "--max-tries",
        "20",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = sensei(&["generate", "--symmetry", "spiral"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("rotate180"));
    let out = sensei(&["generate", "--pattern", "/no/such/file"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--pattern /no/such/file: cannot read it")
    );
}

/// `--only` means what it means in `explain`: the techniques named and the
/// singles, unless `--no-singles`.
#[test]
fn cli_only_keeps_the_singles_unless_no_singles() {
    let out = sensei(&[
        "generate",
        "--seed",
        "1",
        "--only",
        "x-wing",
        "--technique",
        "hidden-single",
        "--format",
        "json",
        "--quiet",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON line");
    let used: Vec<&str> = v["techniques"]
        .as_array()
        .expect("the techniques used")
        .iter()
        .map(|t| t["technique"].as_str().expect("a slug"))
        .collect();
    assert!(used.contains(&"hidden-single"), "{used:?}");
    for t in &used {
        assert!(
            ["full-house", "naked-single", "hidden-single", "x-wing"].contains(t),
            "--only x-wing used {t}"
        );
    }
    let out = sensei(&[
        "generate",
        "--only",
        "hidden-single",
        "--no-singles",
        "--technique",
        "naked-single",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("naked-single is asked for but not among the --only techniques"),
        "{err}"
    );
}

#[test]
fn cli_gives_up_with_exit_1() {
    let out = sensei(&[
        "generate",
        "--seed",
        "1",
        "--level",
        "extreme",
        "--givens",
        "40..45",
        "--max-tries",
        "20",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("gave up on puzzle 1 after 20 tries"), "{err}");
}

#[test]
fn cli_a_closed_pipe_stops_the_batch_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(["generate", "--seed", "1", "--count", "1000000", "--quiet"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sensei starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a line");
    assert_eq!(first.trim_end().len(), 81);
    // the reader is gone: sensei must notice and stop on its own
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "sensei kept running"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr");
    assert!(!err.contains("panicked"), "{err}");
}

#[cfg(unix)]
#[test]
fn cli_ctrl_c_writes_what_is_done_and_exits_130() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args([
            "generate", "--seed", "2", "--count", "1000000", "--quiet", "--jobs", "2",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sensei starts");
    let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("a line");
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let mut rest = String::new();
    reader.read_to_string(&mut rest).expect("the rest");
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(130));
    assert!(rest.lines().all(|l| l.len() == 81), "only whole lines");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr");
    assert!(
        err.contains("sensei: interrupted; the output of the"),
        "{err}"
    );
}

#[test]
fn cli_help_names_every_symmetry() {
    let out = sensei(&["generate", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    for s in Symmetry::ALL {
        assert!(
            help.contains(&format!("- {}:", s.slug())),
            "{} missing",
            s.slug()
        );
    }
    for word in [
        "--practice",
        "--technique",
        "--level",
        "--er",
        "--class",
        "--pattern",
    ] {
        assert!(help.contains(word), "{word} missing");
    }
}

#[test]
fn cli_practice_of_a_single_with_one_candidate_is_refused_up_front() {
    // issue 31: it ran 239 s, then gave up; docs/generate.md promises a
    // hopeless request is refused before any search, with the reason
    for slug in ["naked-single", "full-house"] {
        let started = std::time::Instant::now();
        let out = sensei(&["generate", "--seed", "1", "--practice", slug]);
        assert_eq!(out.status.code(), Some(2), "{slug}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("--practice: {slug} cannot be practised"))
                && err.contains("one candidate"),
            "{err}"
        );
        // (refused before any search: far below the minutes of a search)
        assert!(started.elapsed() < std::time::Duration::from_secs(60));
    }
    // the other singles are still practised
    let out = sensei(&["generate", "--seed", "1", "--practice", "hidden-single"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
