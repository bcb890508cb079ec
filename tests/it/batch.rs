//! Batches as a user runs them: every puzzle gets its answer, in order,
//! whatever bad lines sit among them; Ctrl-C keeps what is done.

use crate::common::send_signal;
use crate::format::{LEET_JSON, LEET_LINE, LEET_SOLUTION, ROWS};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn sensei(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sensei runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A file in the temporary folder, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("sensei-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).expect("temp file written");
        TempFile(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A small xorshift generator: the same puzzles on every run.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `count` different puzzles with one solution each, and their solutions:
/// LeetCode's example with its digits relabelled and its rows shuffled
/// within their bands (each keeps one solution, the same transformed).
fn puzzles(count: usize) -> Vec<(String, String)> {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let transform = |line: &str, digits: &[u8; 10], rows: &[usize; 9]| -> String {
        let b = line.as_bytes();
        let mut out = String::with_capacity(81);
        for &r in rows {
            for c in 0..9 {
                let ch = b[r * 9 + c];
                out.push(match ch {
                    b'1'..=b'9' => char::from(b'0' + digits[usize::from(ch - b'0')]),
                    _ => '.',
                });
            }
        }
        out
    };
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut digits: [u8; 10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        for i in (2..10).rev() {
            let j = 1 + rng.below(i);
            digits.swap(i, j);
        }
        let mut rows = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        for band in 0..3 {
            for i in (1..3).rev() {
                let j = rng.below(i + 1);
                rows.swap(band * 3 + i, band * 3 + j);
            }
        }
        let puzzle = transform(LEET_LINE, &digits, &rows);
        if seen.insert(puzzle.clone()) {
            out.push((puzzle, transform(LEET_SOLUTION, &digits, &rows)));
        }
    }
    out
}

/// One item of a batch: its text, the line it starts on, and its
/// solution (`None`: it cannot be read).
struct Item {
    line: usize,
    solution: Option<String>,
}

/// 1,000 puzzles with every kind of bad line among them, and a LeetCode
/// board over several lines: the input's bytes and its items.
fn batch_with_bad_lines() -> (Vec<u8>, Vec<Item>) {
    let half_grid = ROWS[..4].join("\n");
    let spread = LEET_JSON.replace("],[", "],\n [");
    let bad: Vec<Vec<u8>> = vec![
        b"[".to_vec(),
        br#"[["5","3",".","#.to_vec(),
        half_grid.into_bytes(),
        b"|".to_vec(),
        vec![b'.'; 10_000_000],
        vec![b'x'; 10_000_000],
        b"53..7\xff\xfe..6..195\xc3".to_vec(),
    ];
    let mut bytes = Vec::new();
    let mut items = Vec::new();
    let mut line = 1;
    let mut add = |bytes: &mut Vec<u8>, text: &[u8], solution: Option<String>| {
        bytes.extend_from_slice(text);
        bytes.push(b'\n');
        items.push(Item { line, solution });
        line += text.iter().filter(|&&b| b == b'\n').count() + 1;
    };
    for (i, (puzzle, solution)) in puzzles(1000).into_iter().enumerate() {
        if i % 125 == 60 {
            if let Some(b) = bad.get(i / 125) {
                add(&mut bytes, b, None);
            } else {
                add(
                    &mut bytes,
                    spread.as_bytes(),
                    Some(LEET_SOLUTION.to_string()),
                );
            }
        }
        add(&mut bytes, puzzle.as_bytes(), Some(solution));
    }
    (bytes, items)
}

/// The line numbers of `sensei: <input>: line L...` messages, in order.
fn error_lines(stderr: &str) -> Vec<usize> {
    stderr
        .lines()
        .filter_map(|l| l.split(": line ").nth(1))
        .filter_map(|l| l.split([',', ':']).next()?.parse().ok())
        .collect()
}

#[test]
fn every_puzzle_gets_one_answer_in_order_whatever_bad_lines_sit_among_them() {
    let (bytes, items) = batch_with_bad_lines();
    assert_eq!(items.len(), 1008);
    let file = TempFile::new("bad-lines.txt", &bytes);
    let bad: Vec<usize> = items
        .iter()
        .filter(|i| i.solution.is_none())
        .map(|i| i.line)
        .collect();
    let good: Vec<usize> = items
        .iter()
        .filter(|i| i.solution.is_some())
        .map(|i| i.line)
        .collect();
    assert_eq!(bad.len(), 7);

    // solve (docs/formats.md): one line per input puzzle, its solution or
    // a `#` line naming the problem, so that the output pairs with the
    // input; the problems also on stderr, with the input's line
    let out = sensei(&["solve", file.path()]);
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), items.len());
    for (got, item) in lines.iter().zip(&items) {
        match &item.solution {
            Some(solution) => assert_eq!(got, solution, "line {}", item.line),
            None => assert!(
                got.starts_with(&format!("# error: line {}", item.line)),
                "line {}: {got}",
                item.line
            ),
        }
    }
    assert_eq!(error_lines(&text(&out.stderr)), bad);

    // grade: a row per puzzle (its line first), in input order; each bad
    // one reported on stderr with its line
    let out = sensei(&["grade", "--scale", "hodoku", file.path()]);
    assert_eq!(out.status.code(), Some(2));
    let rows: Vec<usize> = text(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("line\t"))
        .map(|l| {
            l.split('\t')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0)
        })
        .collect();
    assert_eq!(rows, good);
    assert_eq!(error_lines(&text(&out.stderr)), bad);

    // explain: a JSON document per puzzle, with its line, in input order
    let out = sensei(&["explain", "--format", "json", file.path()]);
    assert_eq!(out.status.code(), Some(2));
    let docs: Vec<usize> = text(&out.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a whole JSON document");
            v["line"].as_u64().unwrap_or(0) as usize
        })
        .collect();
    assert_eq!(docs, good);
    assert_eq!(error_lines(&text(&out.stderr)), bad);
}

// ------------------------------------------------------------------ Ctrl-C

/// Run sensei on `args`, interrupt it with SIGINT once it has worked a
/// while, and return what it wrote and its exit code.
fn interrupted(args: &[&str], name: &str) -> (String, String, Option<i32>) {
    let out_file = std::env::temp_dir().join(format!("sensei-{}-{name}.out", std::process::id()));
    let err_file = std::env::temp_dir().join(format!("sensei-{}-{name}.err", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_file).expect("output file"))
        .stderr(std::fs::File::create(&err_file).expect("error file"))
        .spawn()
        .expect("sensei runs");
    std::thread::sleep(Duration::from_secs(3));
    assert!(
        child.try_wait().ok().flatten().is_none(),
        "{args:?} ended before Ctrl-C: give it more work"
    );
    send_signal(&child, "-INT");
    // it stops promptly: after the puzzles in hand
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{args:?} did not stop within 60 s of Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let read = |p: &Path| {
        let t = std::fs::read(p).map(|b| text(&b)).unwrap_or_default();
        let _ = std::fs::remove_file(p);
        t
    };
    (read(&out_file), read(&err_file), status.code())
}

/// The output of an interrupted run is whole lines, not empty, and exactly
/// what the uninterrupted run prints for the first puzzles (`prefix`: that
/// run's output for the first `n` puzzles, `n` from the interrupted
/// output).
fn check_interrupted(
    what: &str,
    (stdout, stderr, code): (String, String, Option<i32>),
    puzzles_in: impl Fn(&str) -> usize,
    prefix: impl Fn(usize) -> String,
) {
    assert_eq!(code, Some(130), "{what}: {stderr}");
    assert!(stderr.contains("sensei: interrupted"), "{what}: {stderr}");
    assert!(!stdout.is_empty(), "{what}: nothing written");
    assert!(stdout.ends_with('\n'), "{what}: a line is cut: {stdout:?}");
    let n = puzzles_in(&stdout);
    assert!(n > 0, "{what}: no puzzle done");
    assert_eq!(stdout, prefix(n), "{what}: not the start of the whole run");
}

/// Puzzles that take a while to grade or explain: the curated corpus,
/// many times over (one puzzle a line).
fn slow_puzzles(copies: usize) -> Vec<String> {
    let corpus = include_str!("../corpus/corpus.txt");
    let lines: Vec<String> = corpus
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| l[..81].to_string())
        .collect();
    (0..copies).flat_map(|_| lines.iter().cloned()).collect()
}

fn file_of(name: &str, puzzles: &[String]) -> TempFile {
    TempFile::new(name, (puzzles.join("\n") + "\n").as_bytes())
}

/// Ctrl-C with a stderr that fails (a pipe nobody reads, as a terminal
/// closed by a hangup fails with EIO): the message is dropped, and the
/// rows done and the exit code are those of any stop, not a panic.
#[test]
fn ctrl_c_with_a_failing_stderr_still_exits_130() {
    let puzzles = slow_puzzles(50);
    let file = file_of("sigint-no-stderr.txt", &puzzles);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(["grade", "--quiet", file.path()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sensei runs");
    drop(child.stderr.take());
    std::thread::sleep(Duration::from_secs(1));
    send_signal(&child, "-INT");
    let out = child.wait_with_output().expect("sensei output");
    assert_eq!(out.status.code(), Some(130), "{:?}", out.status);
    assert!(text(&out.stdout).lines().any(|l| l.starts_with("1\t")));
}

#[test]
fn ctrl_c_during_grade_writes_the_rows_done() {
    let puzzles = slow_puzzles(50);
    let file = file_of("sigint-grade.txt", &puzzles);
    let run = interrupted(&["grade", "--quiet", file.path()], "grade");
    check_interrupted(
        "grade",
        run,
        |out| {
            out.lines()
                .filter(|l| !l.starts_with('#') && !l.starts_with("line\t"))
                .count()
        },
        |n| {
            let first = file_of("sigint-grade-prefix.txt", &puzzles[..n]);
            text(&sensei(&["grade", "--quiet", first.path()]).stdout)
        },
    );
}

#[test]
fn ctrl_c_during_explain_writes_whole_documents() {
    let puzzles = slow_puzzles(50);
    let file = file_of("sigint-explain.txt", &puzzles);
    let args = ["explain", "--format", "json", "--quiet"];
    let run = interrupted(&[&args[..], &[file.path()]].concat(), "explain");
    for doc in run.0.lines() {
        assert!(
            serde_json::from_str::<serde_json::Value>(doc).is_ok(),
            "{doc}"
        );
    }
    check_interrupted(
        "explain",
        run,
        |out| out.lines().count(),
        |n| {
            let first = file_of("sigint-explain-prefix.txt", &puzzles[..n]);
            text(&sensei(&[&args[..], &[first.path()]].concat()).stdout)
        },
    );
}

#[test]
fn ctrl_c_during_solve_writes_the_lines_done() {
    // counting two million solutions takes a while each
    let mut rng = Xorshift(7);
    let puzzles: Vec<String> = (0..300)
        .map(|_| {
            let mut p = vec![b'.'; 81];
            p[rng.below(81)] = b'1' + rng.below(9) as u8;
            String::from_utf8(p).unwrap_or_default()
        })
        .collect();
    let file = file_of("sigint-solve.txt", &puzzles);
    let args = ["solve", "--count", "--limit", "2000000", "--quiet"];
    let run = interrupted(&[&args[..], &[file.path()]].concat(), "solve");
    check_interrupted(
        "solve",
        run,
        |out| out.lines().count(),
        |n| {
            let first = file_of("sigint-solve-prefix.txt", &puzzles[..n]);
            text(&sensei(&[&args[..], &[first.path()]].concat()).stdout)
        },
    );
}

#[test]
fn ctrl_c_during_generate_writes_the_puzzles_made() {
    let args = ["generate", "--seed", "31", "--quiet"];
    let run = interrupted(&[&args[..], &["--count", "1000000"]].concat(), "generate");
    check_interrupted(
        "generate",
        run,
        |out| out.lines().count(),
        |n| text(&sensei(&[&args[..], &["--count", &n.to_string()]].concat()).stdout),
    );
}

#[test]
fn many_threads_asked_for_few_puzzles_still_grade_them() {
    // (the count itself is checked in src/cli/batch.rs: never more threads
    // than puzzles)
    let file = file_of(
        "threads.txt",
        &puzzles(4).into_iter().map(|p| p.0).collect::<Vec<_>>(),
    );
    let out = sensei(&[
        "grade",
        "--threads",
        "1024",
        "--scale",
        "class",
        file.path(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = text(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .count();
    assert_eq!(rows, 5, "a header and 4 rows");
}

#[test]
fn messages_keep_the_order_of_the_inputs() {
    // issue 35: `sensei grade a.txt empty.txt` wrote the notice for
    // empty.txt before a.txt's error on line 2
    let a = TempFile::new("order-a.txt", format!("{LEET_LINE}\nx\n").as_bytes());
    let empty = TempFile::new("order-empty.txt", b"");
    // (dedupe wrote the notice first too; every batch command now goes
    // through one driver)
    for cmd in [
        &["solve"][..],
        &["grade"],
        &["explain"],
        &["canon"],
        &["dedupe"],
        &["transform", "--transform", "T"],
        &["check"],
        &["stats"],
    ] {
        let out = sensei(&[cmd, &[a.path(), empty.path()]].concat());
        let err = text(&out.stderr);
        let line_2 = err.find(": line 2, column 1: 'x' is not allowed");
        let notice = err.find(": no puzzle found");
        assert!(
            line_2.is_some() && notice.is_some() && line_2 < notice,
            "{cmd:?}: {err}"
        );
        assert_eq!(out.status.code(), Some(2), "{cmd:?}");
    }
}

#[test]
fn the_canon_commands_answer_every_puzzle_in_order() {
    // canon, transform and check go through the one batch driver: one
    // answer per input puzzle, in order, a `# error: line L` line in place
    // of each bad one, and the error on stderr with its line
    let (bytes, items) = batch_with_bad_lines();
    let file = TempFile::new("bad-lines-canon.txt", &bytes);
    let bad: Vec<usize> = items
        .iter()
        .filter(|i| i.solution.is_none())
        .map(|i| i.line)
        .collect();
    for args in [
        &["canon"][..],
        &["transform", "--transform", "T"],
        &["check", "--format", "tsv"],
    ] {
        let out = sensei(&[args, &["--quiet", file.path()]].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout
            .lines()
            .filter(|l| !l.starts_with("line\t"))
            .collect();
        assert_eq!(lines.len(), items.len(), "{args:?}");
        for (got, item) in lines.iter().zip(&items) {
            match &item.solution {
                Some(_) => assert!(!got.starts_with('#'), "{args:?} line {}: {got}", item.line),
                None => assert!(
                    got.starts_with(&format!("# error: line {}", item.line)),
                    "{args:?} line {}: {got}",
                    item.line
                ),
            }
        }
        assert_eq!(error_lines(&text(&out.stderr)), bad, "{args:?}");
    }
    // dedupe drops lines by design, but reports every bad one in order
    let out = sensei(&["dedupe", "--quiet", file.path()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(error_lines(&text(&out.stderr)), bad);
}

#[test]
fn ctrl_c_during_check_writes_the_reports_done() {
    let puzzles = slow_puzzles(50);
    let file = file_of("sigint-check.txt", &puzzles);
    let args = ["check", "--format", "tsv", "--quiet"];
    let run = interrupted(&[&args[..], &[file.path()]].concat(), "check");
    check_interrupted(
        "check",
        run,
        |out| out.lines().filter(|l| !l.starts_with("line\t")).count(),
        |n| {
            let first = file_of("sigint-check-prefix.txt", &puzzles[..n]);
            text(&sensei(&[&args[..], &[first.path()]].concat()).stdout)
        },
    );
}

#[test]
fn ctrl_c_during_stats_writes_the_figures_of_the_puzzles_done() {
    let puzzles = slow_puzzles(50);
    let file = file_of("sigint-stats.txt", &puzzles);
    let args = ["stats", "--quiet"];
    let run = interrupted(&[&args[..], &[file.path()]].concat(), "stats");
    check_interrupted(
        "stats",
        run,
        // "N puzzles, ..." first
        |out| {
            out.split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0)
        },
        |n| {
            let first = file_of("sigint-stats-prefix.txt", &puzzles[..n]);
            text(&sensei(&[&args[..], &[first.path()]].concat()).stdout)
        },
    );
}

#[test]
fn several_inputs_name_the_input_of_each_row_and_error() {
    // a new user's finding (issue 35): with several files, `grade` and
    // `solve` did not say which file a row or an error line came from
    let a = TempFile::new("named-a.txt", format!("{LEET_LINE}\nx\n").as_bytes());
    let b = TempFile::new("named-b.txt", format!("{LEET_LINE}\n").as_bytes());
    let (pa, pb) = (a.path(), b.path());
    let out = sensei(&["grade", "--scale", "class", pa, pb]);
    let rows: Vec<String> = text(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').take(2).collect::<Vec<_>>().join("\t"))
        .collect();
    assert_eq!(
        rows,
        ["file\tline", &format!("{pa}\t1"), &format!("{pb}\t1")]
    );
    let out = sensei(&["grade", "--scale", "class", "--format", "json", pa, pb]);
    let files: Vec<String> = text(&out.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            v["file"].as_str().unwrap_or_default().to_string()
        })
        .collect();
    assert_eq!(files, [pa, pb]);
    let out = sensei(&["solve", pa, pb]);
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[1].starts_with(&format!("# error: {pa}: line 2, column 1: ")),
        "{}",
        lines[1]
    );
    // the error on stderr names the input, line and column
    assert!(text(&out.stderr).contains(&format!("sensei: {pa}: line 2, column 1: ")));
    // one input: the output is as it was, without the input's name
    let out = sensei(&["grade", "--scale", "class", pa]);
    assert!(text(&out.stdout).contains("\nline\tpuzzle\t"));
    assert!(!text(&out.stdout).contains(pa));
    let out = sensei(&["solve", pa]);
    assert!(text(&out.stdout).contains("\n# error: line 2, column 1: "));
}

// ------------------------------------------------------- --output, --resume

/// The rows of a grade output (past its two header lines).
fn rows_of(tsv: &str) -> usize {
    tsv.lines().count().saturating_sub(2)
}

/// Start `sensei args`, and once `path` holds at least `rows` rows (of a
/// grade output), send it `signal` (`-INT`, `-TERM`, `-KILL`); its exit code.
fn stop_once_rows(args: &[&str], path: &Path, rows: usize, signal: &str) -> Option<i32> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("sensei runs");
    let started = Instant::now();
    // (rows reach the file within about a second of being done)
    while std::fs::read_to_string(path).map_or(0, |t| rows_of(&t)) < rows {
        assert!(
            child.try_wait().ok().flatten().is_none(),
            "{args:?} ended before {rows} rows: give it more work"
        );
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no {rows} rows in 120 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    send_signal(&child, signal);
    let status = child.wait().expect("sensei ends");
    status.code()
}

#[test]
fn grade_output_stopped_any_way_then_resumed_is_the_whole_run() {
    // issue 37, goal 3: hours of grading keep what is done, whatever stops
    // them, and go on from there; the file of a resumed run is the file of
    // one whole run, and so is its exit code
    let puzzles = slow_puzzles(2);
    let input = file_of("resume-in.txt", &puzzles);
    let out = TempFile::new("resume-out.tsv", b"");
    std::fs::remove_file(&out.0).expect("no output yet");
    let whole_run = sensei(&["grade", "--quiet", input.path()]);
    let whole = text(&whole_run.stdout);
    let args = [
        "grade",
        "--quiet",
        "--threads",
        "1",
        "-o",
        out.path(),
        input.path(),
    ];
    // a kill without warning: the rows done a second before it are kept
    assert_eq!(stop_once_rows(&args, &out.0, 3, "-KILL"), None);
    let kept = std::fs::read_to_string(&out.0).expect("rows kept");
    assert!(whole.starts_with(&kept) && rows_of(&kept) >= 3, "{kept}");
    // typed again without --resume: refused, nothing lost
    let again = sensei(&args);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stderr).contains("add --resume"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(std::fs::read_to_string(&out.0).expect("file"), kept);
    // resumed, then stopped by `kill` (SIGTERM) as by Ctrl-C: the rows in hand are written
    let resume = [
        "grade",
        "--quiet",
        "--threads",
        "1",
        "-o",
        out.path(),
        "--resume",
        input.path(),
    ];
    let n = rows_of(&kept) + 3;
    assert_eq!(stop_once_rows(&resume, &out.0, n, "-TERM"), Some(130));
    let kept = std::fs::read_to_string(&out.0).expect("rows kept");
    assert!(kept.ends_with('\n') && whole.starts_with(&kept), "{kept}");
    let rows = rows_of(&kept);
    assert!(rows >= n && rows < puzzles.len(), "{rows} rows");
    // a kill cuts the next row short: that row is done again
    let cut = &whole[kept.len()..kept.len() + 30];
    std::fs::write(&out.0, format!("{kept}{cut}")).expect("cut row");
    // other inputs (the same puzzles, backwards; or another file first): refused, the rows stay
    let backwards: Vec<String> = puzzles.iter().rev().cloned().collect();
    let other = file_of("resume-other.txt", &backwards);
    for (inputs, why) in [
        (vec![other.path()], "not those of the run to resume"),
        (vec![other.path(), input.path()], "another number of inputs"),
    ] {
        let args = [
            &["grade", "--quiet", "-o", out.path(), "--resume"],
            &inputs[..],
        ]
        .concat();
        let refused = sensei(&args);
        assert_eq!(refused.status.code(), Some(2));
        let stderr = text(&refused.stderr);
        assert!(stderr.contains(why), "{stderr}");
        assert_eq!(std::fs::read_to_string(&out.0).expect("file"), kept);
    }
    // another scale: refused, naming the columns
    let refused = sensei(&[
        "grade",
        "--scale",
        "se",
        "-o",
        out.path(),
        "--resume",
        input.path(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("line 2 has the columns"));
    // resumed: the rest, after the last whole row; the whole run's exit code
    let resumed = sensei(&[
        "grade",
        "--quiet",
        "-o",
        out.path(),
        "--resume",
        input.path(),
    ]);
    assert_eq!(
        resumed.status.code(),
        whole_run.status.code(),
        "{}",
        text(&resumed.stderr)
    );
    assert_eq!(std::fs::read_to_string(&out.0).expect("file"), whole);
    // resumed when all is done: nothing to do, nothing changed
    let done = sensei(&[
        "grade",
        "--quiet",
        "-o",
        out.path(),
        "--resume",
        input.path(),
    ]);
    assert_eq!(done.status.code(), whole_run.status.code());
    assert_eq!(std::fs::read_to_string(&out.0).expect("file"), whole);
}

#[test]
fn grade_json_output_resumes_by_position_and_never_overwrites_its_input() {
    let other = "........1.......2...3..4.........3....5...6...7..1.......8.3....9...64..21......7";
    let a = TempFile::new(
        "resume-a.txt",
        format!("{LEET_LINE}\nx\n{other}\n").as_bytes(),
    );
    let b = TempFile::new("resume-b.txt", format!("{other}\n").as_bytes());
    let (pa, pb, bad) = (
        a.path(),
        b.path(),
        TempFile::new("resume-c.txt", b"# nothing\n"),
    );
    // the same input twice: the rows of the second pass are its own
    let whole_run = sensei(&["grade", "--format", "json", pa, pa]);
    let whole = text(&whole_run.stdout);
    assert_eq!(whole.lines().count(), 4);
    for keep in 0..4 {
        let first: String = whole.lines().take(keep).map(|l| format!("{l}\n")).collect();
        let out = TempFile::new("resume-out.jsonl", first.as_bytes());
        let resumed = sensei(&[
            "grade",
            "--format",
            "json",
            "-o",
            out.path(),
            "--resume",
            pa,
            pa,
        ]);
        // (line 2 of a is no puzzle: exit 2, as in the whole run)
        assert_eq!(resumed.status.code(), Some(2));
        assert_eq!(whole_run.status.code(), Some(2));
        assert_eq!(
            std::fs::read_to_string(&out.0).expect("file"),
            whole,
            "{keep} rows kept"
        );
    }
    // another scale in JSON: refused; the inputs in another order: refused
    let first = format!("{}\n", whole.lines().next().expect("a row"));
    let out = TempFile::new("resume-out.jsonl", first.as_bytes());
    let a_b = text(&sensei(&["grade", "--format", "json", pa, pb]).stdout);
    std::fs::write(
        &out.0,
        a_b.lines().next().expect("a row").to_string() + "\n",
    )
    .expect("row");
    let refused = sensei(&[
        "grade",
        "--format",
        "json",
        "-o",
        out.path(),
        "--resume",
        pb,
        pa,
    ]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = text(&refused.stderr);
    assert!(
        stderr.contains("not those of the run to resume"),
        "{stderr}"
    );
    std::fs::write(&out.0, &first).expect("row");
    let refused = sensei(&[
        "grade",
        "--format",
        "json",
        "--scale",
        "se",
        "-o",
        out.path(),
        "--resume",
        pa,
        pa,
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("another --scale"),
        "{}",
        text(&refused.stderr)
    );
    // the output named as an input: refused before anything is written
    let same = sensei(&["grade", "-o", bad.path(), bad.path()]);
    assert_eq!(same.status.code(), Some(2));
    assert!(text(&same.stderr).contains("is the input"));
    assert_eq!(
        std::fs::read_to_string(&bad.0).expect("input"),
        "# nothing\n"
    );
    // --pipe writes to standard output only; a device is written as it is
    assert_eq!(
        sensei(&["grade", "--pipe", "-o", out.path(), pa])
            .status
            .code(),
        Some(2)
    );
    let null = sensei(&["grade", "-o", "/dev/null", pa]);
    // (exit 2: line 2 of a is no puzzle)
    assert_eq!(null.status.code(), Some(2), "{}", text(&null.stderr));
    assert!(null.stdout.is_empty() && !text(&null.stderr).contains("/dev/null"));
}
