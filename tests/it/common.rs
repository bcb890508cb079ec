//! Shared helpers for the integration tests.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use sudoku_sensei::format::hodoku::{parse_library_line, LibraryCase};
use sudoku_sensei::render::text::step_line;
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Grid, Technique};

/// `../shared/data` beside the project, when it is there.
pub fn shared_data() -> Option<PathBuf> {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data"));
    p.is_dir().then_some(p)
}

/// Says that a test skips, and why, where the person running `cargo test`
/// sees it: straight to the process's stderr, which the test harness does
/// not capture (it captures `eprintln!`, and shows that only on failure).
pub fn skip(test: &str, why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "note: {test}: skipped, {why}");
}

/// A file of the shared data, or `None` after saying that the test skips.
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    match shared_data() {
        Some(d) if d.join(rel).is_file() => Some(d.join(rel)),
        _ => {
            skip(rel, "../shared/data is not present (see README: Test)");
            None
        }
    }
}

#[allow(dead_code)] // used by the sweep modules
/// The puzzle lines of a file: blank and `#` lines skipped, first 81 chars kept.
pub fn puzzle_lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.get(..81).map(str::to_string))
        .collect()
}

/// A HoDoKu library case.
#[allow(dead_code)] // not every fixture module uses every helper
pub fn case(line: &str) -> LibraryCase {
    parse_library_line(line).expect("library line parses")
}

/// The technique finds a step with exactly the library's eliminations and
/// placements, and that step reads `text`.
#[allow(dead_code)]
pub fn finds(t: Technique, line: &str, text: &str) {
    let c = case(line);
    let steps = all_steps(t, &c.board, &Context::new(true));
    let step = steps
        .iter()
        .find(|s| s.eliminations == c.eliminations && s.placements == c.placements)
        .unwrap_or_else(|| panic!("{t:?} misses the expected step; found {}", steps.len()));
    assert_eq!(step_line(step), text);
}

/// With the library's eliminations already made, the technique finds nothing.
#[allow(dead_code)]
pub fn nothing_after(t: Technique, line: &str) {
    let mut c = case(line);
    for e in c.eliminations.clone() {
        c.board.eliminate(e);
    }
    let steps = all_steps(t, &c.board, &Context::new(true));
    assert!(steps.is_empty(), "{t:?} found {}", step_line(&steps[0]));
}

/// An empty board has no pattern at all, so nothing is found.
#[allow(dead_code)]
pub fn nothing_on_empty_board(t: Technique) {
    let b = Board::from_grid(&Grid::default()).expect("empty board");
    assert!(all_steps(t, &b, &Context::new(true)).is_empty());
}

/// Every step of a solved trace agrees with its solution: no elimination
/// removes a solution digit, every placement is the solution's value.
pub fn assert_trace_sound(trace: &sudoku_sensei::Trace, label: &str) {
    assert!(trace.outcome.is_solved(), "{label}: not solved");
    let solution = trace.solution.clone().expect("unique solution");
    for s in &trace.steps {
        for e in &s.eliminations {
            assert_ne!(solution.value(e.cell), Some(e.digit), "{label}: {s:?}");
        }
        for p in &s.placements {
            assert_eq!(solution.value(p.cell), Some(p.digit), "{label}: {s:?}");
        }
    }
}

/// A step agrees with a solution (81 values, as `exact::solve` gives).
pub fn assert_step_agrees(step: &sudoku_sensei::Step, solution: &[u8]) {
    for p in &step.placements {
        assert_eq!(
            solution[p.cell.index()],
            p.digit.get(),
            "{}",
            step_line(step)
        );
    }
    for e in &step.eliminations {
        assert_ne!(
            solution[e.cell.index()],
            e.digit.get(),
            "{}",
            step_line(step)
        );
    }
}

/// The position a puzzle reaches with naked and hidden singles only.
pub fn after_singles(puzzle: &str) -> Board {
    let g = sudoku_sensei::parse(puzzle).expect("puzzle parses");
    let mut b = Board::from_grid(&g).expect("givens agree");
    let ctx = Context::new(true);
    while let Some(s) = sudoku_sensei::strategies::first_step(Technique::NakedSingle, &b, &ctx)
        .or_else(|| sudoku_sensei::strategies::first_step(Technique::HiddenSingle, &b, &ctx))
    {
        s.apply(&mut b);
    }
    b
}

/// Run the `sensei` binary with `args`, `stdin` on its standard input, in
/// the project folder.
pub fn sensei(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sensei");
    if let Some(mut i) = child.stdin.take() {
        // sensei may exit before reading (e.g. on a bad option): a broken pipe is fine
        let _ = i.write_all(stdin.as_bytes());
    }
    child.wait_with_output().expect("sensei output")
}

/// Bytes a command printed, as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Send `signal` (`-INT`, `-TERM`, ...) to a running child, as `kill` does.
pub fn send_signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill {signal} failed");
}
