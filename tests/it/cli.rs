//! The `sensei` command as a user runs it: outputs, messages and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn sensei(args: &[&str], stdin: &str) -> Output {
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

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn solve_one_puzzle_prints_a_boxed_grid() {
    let o = sensei(&["solve"], EASY);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.starts_with("+-------+-------+-------+\n| 5 3 4 | 6 7 8 | 9 1 2 |"),
        "{out}"
    );
    assert!(
        o.stderr.is_empty(),
        "nothing on stderr when piped: {}",
        text(&o.stderr)
    );
}

#[test]
fn solve_many_puzzles_prints_lines_in_order() {
    let input = format!("# two puzzles\n{EASY}\n\n{EASY} # again\n");
    let o = sensei(&["solve"], &input);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        text(&o.stdout),
        format!("{EASY_SOLUTION}\n{EASY_SOLUTION}\n")
    );
}

#[test]
fn the_ten_solution_grid_says_ten_solutions() {
    let o = sensei(&["solve", "examples/ten_solutions.txt"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("10 solutions"),
        "{}",
        text(&o.stderr)
    );
    assert!(o.stdout.is_empty(), "no solution presented as the answer");
    let c = sensei(&["solve", "--count", "examples/ten_solutions.txt"], "");
    assert_eq!(text(&c.stdout), "10 solutions\n");
    let all = sensei(
        &[
            "solve",
            "--all",
            "--format",
            "line",
            "examples/ten_solutions.txt",
        ],
        "",
    );
    let lines: Vec<String> = text(&all.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 10);
    let mut dedup = lines.clone();
    dedup.sort();
    dedup.dedup();
    assert_eq!(dedup.len(), 10, "distinct solutions");
}

#[test]
fn count_respects_the_limit() {
    let o = sensei(&["solve", "--count", "--limit", "5"], &".".repeat(81));
    assert_eq!(
        text(&o.stdout),
        "at least 5 solutions (stopped at --limit 5)\n"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn clashing_givens_are_reported_before_any_search() {
    let mut p = ".".repeat(81);
    p.replace_range(1..2, "5");
    p.replace_range(6..7, "5");
    let o = sensei(&["solve"], &p);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("r1c2 and r1c7 are both 5 in row 1"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_bad_line_is_reported_and_the_rest_solved() {
    let input = format!("{EASY}\n123\n{EASY}\n");
    let o = sensei(&["solve"], &input);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stdout),
        format!("{EASY_SOLUTION}\n{EASY_SOLUTION}\n")
    );
    assert!(text(&o.stderr).contains("line 2"), "{}", text(&o.stderr));
}

#[test]
fn side_by_side_shows_puzzle_and_solution() {
    let o = sensei(&["solve", "--side-by-side"], EASY);
    let first = text(&o.stdout)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_string();
    assert!(first.starts_with("| 5 3 . | . 7 . | . . . |"), "{first}");
    assert!(first.ends_with("| 5 3 4 | 6 7 8 | 9 1 2 |"), "{first}");
}

#[test]
fn solve_json_lines() {
    let o = sensei(
        &["solve", "--format", "json"],
        &format!("{EASY}\n{}\n", ".".repeat(81)),
    );
    let lines: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(lines[0]["status"], "unique");
    assert_eq!(lines[0]["solution"], EASY_SOLUTION);
    assert_eq!(lines[1]["status"], "multiple");
}

#[test]
fn leetcode_json_input() {
    let o = sensei(&["solve", "--format", "line", "examples/leetcode.json"], "");
    assert_eq!(text(&o.stdout), format!("{EASY_SOLUTION}\n"));
}

#[test]
fn explain_prints_steps_outcome_and_summary() {
    let o = sensei(&["explain"], EASY);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.contains(" 1. "), "{out}");
    assert!(out.contains("Solved by logic alone."), "{out}");
    assert!(out.contains("Steps: "), "{out}");
    let v = sensei(&["explain", "--verbose"], EASY);
    assert!(text(&v.stdout).len() > out.len() * 3);
}

#[test]
fn explain_json_is_the_versioned_schema() {
    let o = sensei(&["explain", "--format", "json"], EASY);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["schema"], "sudoku-sensei/trace");
    assert_eq!(v["version"], 1);
    assert_eq!(v["outcome"]["kind"], "solved");
    assert_eq!(v["solution"], EASY_SOLUTION);
    let step = &v["steps"][0];
    assert!(step["placements"][0]["row"]
        .as_u64()
        .is_some_and(|r| (1..=9).contains(&r)));
}

#[test]
fn explain_no_guess_stops_with_the_position() {
    let o = sensei(
        &[
            "explain",
            "--no-guess",
            "--only",
            "naked-single",
            "examples/hard.txt",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(out.contains("Stuck"), "{out}");
    assert!(out.contains("Position reached:"), "{out}");
}

#[test]
fn explain_rejects_unknown_techniques() {
    let o = sensei(&["explain", "--only", "x-wingg"], EASY);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("unknown technique 'x-wingg'"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn hint_levels_reveal_more_and_more() {
    let l1 = text(&sensei(&["hint", "--level", "1"], EASY).stdout);
    let l2 = text(&sensei(&["hint", "--level", "2"], EASY).stdout);
    let l3 = text(&sensei(&["hint", "--level", "3"], EASY).stdout);
    assert!(l1.starts_with("Hint: try "), "{l1}");
    assert_eq!(l1.lines().count(), 1);
    assert!(l2.starts_with(&l1) && l2.contains("Where: "), "{l2}");
    assert!(
        l3.starts_with(&l2) && l3.contains("Step: ") && l3.contains("Why: "),
        "{l3}"
    );
}

#[test]
fn hint_points_out_a_wrong_value_first() {
    // r1c3 should be 4; the player wrote 2 there (HoDoKu line: + marks a placed value)
    let mut givens = String::new();
    for (i, ch) in EASY.chars().enumerate() {
        if i == 2 {
            givens.push_str("+2");
        } else {
            givens.push(ch);
        }
    }
    let line = format!(":0000:x:{givens}::::");
    let o = sensei(&["hint"], &line);
    let out = text(&o.stdout);
    assert_eq!(
        out,
        "Check your grid first: r1c3 holds 2, which is not its value.\n"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn hint_points_out_a_wrongly_removed_pencil_mark() {
    // r1c3 must be 4; the player removed that candidate (413: digit 4, r1c3)
    let line = format!(":0000:x:{EASY}:413:::");
    let o = sensei(&["hint"], &line);
    assert_eq!(
        text(&o.stdout),
        "Check your grid first: r1c3 lost the candidate 4, which it needs.\n"
    );
    let e = sensei(&["explain"], &line);
    assert!(
        text(&e.stdout).starts_with("Check your grid first"),
        "{}",
        text(&e.stdout)
    );
}

#[test]
fn hint_respects_no_guess() {
    let o = sensei(
        &[
            "hint",
            "--no-guess",
            "--only",
            "full-house",
            "examples/hard.txt",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stdout).contains("guessing is off"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn grade_prints_one_line_per_puzzle_in_order() {
    let o = sensei(&["grade", "examples/puzzles.txt"], "");
    let out = text(&o.stdout);
    let rows: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(
        rows[0].starts_with("line\tpuzzle\ter\tep\ted\thodoku_level"),
        "{out}"
    );
    assert_eq!(rows.len(), 5, "{out}");
    assert!(rows[1].starts_with("2\t53..7"), "{}", rows[1]);
    let j = sensei(&["grade", "--format", "json", "--scale", "hodoku"], EASY);
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).expect("json");
    assert_eq!(v["hodoku"]["level"], "Easy");
    assert!(v.get("se").is_none());
}

#[test]
fn help_teaches() {
    let o = sensei(&["solve", "--help"], "");
    let out = text(&o.stdout);
    assert!(
        out.contains("--side-by-side") && out.contains("Exit codes"),
        "{out}"
    );
}
