//! The `sensei` command as a user runs it: outputs, messages and exit codes.

use crate::common::{sensei, text};
use std::io::Write;
use std::process::{Command, Stdio};

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
        format!("{EASY_SOLUTION}\n# error: line 2, column 4: found 3 cells instead of 81\n{EASY_SOLUTION}\n")
    );
    assert!(
        text(&o.stderr).contains("<stdin>: line 2"),
        "{}",
        text(&o.stderr)
    );
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
    assert_eq!(v["version"], 2);
    assert_eq!(v["outcome"]["kind"], "solved");
    assert_eq!(v["solution"], EASY_SOLUTION);
    let step = &v["steps"][0];
    // version 2: the technique's name once per trace, not per step
    assert!(step.get("name").is_none(), "{step}");
    let slug = step["technique"].as_str().expect("a slug");
    assert!(v["techniques"][slug]["name"].is_string(), "{v}");
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

/// A puzzle that singles alone leave stuck and an X-Wing opens (QQWing
/// "expert"; HoDoKu Hard, ER 3.2): it needs singles and an X-Wing.
const NEEDS_X_WING: &str =
    ".61....544....9.1.9.35........9.27......1..3.67..3.....5...62.....79.............";

/// The slugs of the steps of a JSON trace, and its outcome's kind.
fn trace_techniques(stdout: &[u8]) -> (Vec<String>, String) {
    let v: serde_json::Value = serde_json::from_slice(stdout).expect("one JSON trace");
    let slugs = v["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| s["technique"].as_str().expect("a slug").to_string())
        .collect();
    let kind = v["outcome"]["kind"].as_str().expect("outcome").to_string();
    (slugs, kind)
}

#[test]
fn only_a_technique_keeps_the_singles() {
    // `--only x-wing`: the singles and X-Wing, no guess
    let o = sensei(
        &["explain", "--only", "x-wing", "--format", "json"],
        NEEDS_X_WING,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let (slugs, kind) = trace_techniques(&o.stdout);
    assert_eq!(kind, "solved");
    assert!(slugs.iter().any(|s| s == "x-wing"), "{slugs:?}");
    for s in &slugs {
        assert!(
            ["full-house", "naked-single", "hidden-single", "x-wing"].contains(&s.as_str()),
            "--only x-wing used {s}"
        );
    }
    // the same in text, as the user reads it
    let out = text(&sensei(&["explain", "--only", "x-wing"], NEEDS_X_WING).stdout);
    assert!(out.contains("Solved by logic alone"), "{out}");
    assert!(!out.contains("Brute Force"), "{out}");
    // a hint with --only X-Wing starts with a single
    let h = text(&sensei(&["hint", "--only", "x-wing"], NEEDS_X_WING).stdout);
    assert!(h.starts_with("Hint: try ") && h.contains("Single"), "{h}");
}

#[test]
fn only_with_no_singles_uses_exactly_the_techniques_named() {
    // X-Wing alone places nothing: every value is a guess
    let o = sensei(
        &[
            "explain",
            "--only",
            "x-wing",
            "--no-singles",
            "--format",
            "json",
        ],
        NEEDS_X_WING,
    );
    let (slugs, _) = trace_techniques(&o.stdout);
    assert!(
        slugs.iter().all(|s| s == "x-wing" || s == "brute-force"),
        "{slugs:?}"
    );
    assert!(slugs.iter().any(|s| s == "brute-force"), "{slugs:?}");
    // hidden singles alone, no naked single or full house
    let o = sensei(
        &[
            "explain",
            "--only",
            "hidden-single",
            "--no-singles",
            "--format",
            "json",
        ],
        EASY,
    );
    let (slugs, _) = trace_techniques(&o.stdout);
    assert!(
        slugs
            .iter()
            .all(|s| s == "hidden-single" || s == "brute-force"),
        "{slugs:?}"
    );
    // --no-singles means nothing without --only: refused
    let o = sensei(&["explain", "--no-singles"], EASY);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--only"), "{}", text(&o.stderr));
}

#[test]
fn the_help_says_what_only_keeps() {
    for cmd in ["explain", "hint", "generate"] {
        let help = text(&sensei(&[cmd, "--help"], "").stdout);
        assert!(
            help.contains(
                "and the singles (full house, naked single, hidden single) unless --no-singles"
            ),
            "{cmd} --help: {help}"
        );
        assert!(help.contains("--no-singles"), "{cmd} --help: {help}");
    }
}

#[test]
fn the_default_profile_is_described_as_it_is() {
    use sudoku_sensei::{Profile, Technique};
    // what the default profile adds to HoDoKu's own default set
    let added: Vec<&str> = Profile::Hodoku
        .techniques()
        .into_iter()
        .filter(|t| !t.in_hodoku_default())
        .map(Technique::slug)
        .collect();
    for slug in &added {
        assert!(
            *slug == "wxyz-wing" || *slug == "3d-medusa" || slug.contains("forcing-net"),
            "the help does not name {slug}"
        );
    }
    let help = text(&sensei(&["explain", "--help"], "").stdout);
    assert!(
        help.contains("HoDoKu 2.2.0's default techniques in HoDoKu's order, plus WXYZ-Wing, 3D Medusa and deeper forcing nets, which HoDoKu lacks"),
        "{help}"
    );
    assert!(!help.contains("default order and selection"), "{help}");
}

/// examples/hard.txt is hard for a person, and needs no guess.
#[test]
fn the_hard_example_is_hard() {
    let o = sensei(&["grade", "examples/hard.txt"], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let rows: Vec<Vec<&str>> = out
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    let column = |name: &str| {
        let i = rows[0].iter().position(|c| *c == name).expect(name);
        rows[1][i]
    };
    let er: f32 = column("er").parse().expect("ER");
    assert!(er >= 4.0, "ER {er}");
    assert!(
        ["Hard", "Unfair", "Extreme"].contains(&column("hodoku_level")),
        "{out}"
    );
    assert_eq!(column("guess"), "no", "{out}");
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
            "--no-singles",
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

/// `grade --pipe` (issue 33, for Spark's RDD.pipe): one row per input line,
/// in order, bad, blank and comment lines included, no header, exit 0.
#[test]
fn grade_pipe_gives_one_row_per_input_line_and_exits_0() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let input = format!(
        "{EASY}\nnot a puzzle\n\n# a comment\n{}\n{hard}  label\r\n",
        ".".repeat(81)
    );
    let o = sensei(
        &[
            "grade",
            "--format",
            "tsv",
            "--quiet",
            "--threads",
            "1",
            "--pipe",
        ],
        &input,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stderr), "");
    let out = text(&o.stdout);
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 6, "{out}");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 11, "{out}");
        assert_eq!(row[0], (i + 1).to_string());
    }
    assert_eq!(
        rows[0][1..],
        [
            EASY,
            "1.2",
            "1.2",
            "1.2",
            "Easy",
            "204",
            "simple",
            "naked-single",
            "no",
            "-"
        ]
    );
    assert_eq!(rows[1][5], "error");
    assert!(
        rows[1][10].starts_with("line 2, column 1: 'n' is not allowed"),
        "{out}"
    );
    assert_eq!(rows[2][10], "no puzzle found: the text is empty");
    assert_eq!(rows[3][5], "error");
    assert_eq!(rows[4][5], "multiple_solutions");
    assert_eq!(rows[5][1], hard);
    // several threads: the same rows; without --pipe, the header and no error rows
    let two = sensei(
        &["grade", "--pipe", "--threads", "2", "--scale", "se"],
        &input,
    );
    assert_eq!(text(&two.stdout).lines().count(), 6);
    let plain = sensei(
        &["grade", "--format", "tsv", "--quiet", "--threads", "1"],
        &input,
    );
    assert_eq!(plain.status.code(), Some(2));
    assert_eq!(text(&plain.stdout).lines().count(), 5);
    let json = sensei(&["grade", "--pipe", "--format", "json"], &input);
    assert_eq!(json.status.code(), Some(2));
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

// ------------------------------------------------ what a new user hits first

/// The write-up's boxed grid of the easy puzzle: blanks for empty cells.
fn blank_boxed() -> String {
    let g = sudoku_sensei::parse(EASY).expect("easy");
    sudoku_sensei::format::boxed(&g).replace('.', " ")
}

#[test]
fn boxed_grids_with_blanks_and_side_by_side_grids_are_read() {
    let o = sensei(&["solve", "--format", "line"], &blank_boxed());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), format!("{EASY_SOLUTION}\n"));
    // the write-up's side-by-side output: the puzzle --> its solution
    let solution =
        sudoku_sensei::format::boxed(&sudoku_sensei::parse(EASY_SOLUTION).expect("solution"));
    let both: String = blank_boxed()
        .lines()
        .zip(solution.lines())
        .enumerate()
        .map(|(i, (l, r))| format!("{l}{}{r}\n", if i == 6 { "  -->  " } else { "       " }))
        .collect();
    let o = sensei(&["explain", "--format", "json"], &both);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["puzzle"], EASY);
}

/// A four-puzzle batch: unique, several solutions, clashing givens, unreadable.
fn four_puzzles() -> String {
    let mut clash = ".".repeat(81);
    clash.replace_range(0..2, "11");
    format!("{EASY}\n{}\n{clash}\n{}x\n", ".".repeat(81), &EASY[..80])
}

#[test]
fn solve_prints_one_line_per_puzzle_so_paste_lines_up() {
    let o = sensei(&["solve"], &four_puzzles());
    assert_eq!(o.status.code(), Some(2));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            EASY_SOLUTION,
            "# at least 2 solutions",
            "# invalid: r1c1 and r1c2 are both 1 in row 1",
            "# error: line 4, column 81: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)",
        ],
        "{out}"
    );
    // a batch only tells one solution from several, and says so
    assert!(
        text(&o.stderr).contains("line 2: the puzzle has more than one solution; use --count"),
        "{}",
        text(&o.stderr)
    );
    // --count keeps one line per puzzle too, and counts on
    let c = sensei(&["solve", "--count"], &four_puzzles());
    let counts = text(&c.stdout);
    assert_eq!(counts.lines().count(), 4, "{counts}");
    assert_eq!(
        counts.lines().nth(1),
        Some("at least 1000 solutions (stopped at --limit 1000)")
    );
    // and so does an explicit --limit
    let l = sensei(&["solve", "--limit", "50"], &four_puzzles());
    assert_eq!(
        text(&l.stdout).lines().nth(1),
        Some("# at least 50 solutions")
    );
}

/// A file of the tests' temporary directory, written once.
fn temp_file(name: &str, bytes: &[u8]) -> String {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("temp file");
    path.to_string_lossy().into_owned()
}

#[test]
fn every_command_names_the_file_line_and_column_of_a_parse_error() {
    let file = temp_file(
        "bad.txt",
        format!("# a comment\n{}x\n", &EASY[..80]).as_bytes(),
    );
    let want = format!("sensei: {file}: line 2, column 81: 'x' is not allowed");
    for cmd in ["solve", "explain", "hint", "grade", "show"] {
        let o = sensei(&[cmd, &file], "");
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert!(
            text(&o.stderr).starts_with(&want),
            "{cmd}: {}",
            text(&o.stderr)
        );
    }
}

#[test]
fn every_command_reports_a_directory_and_a_missing_file_by_name() {
    for cmd in ["solve", "explain", "hint", "grade", "show"] {
        let o = sensei(&[cmd, "tests"], "");
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert_eq!(
            text(&o.stderr),
            "sensei: tests: is a directory, not a file of puzzles\n",
            "{cmd}"
        );
        let o = sensei(&[cmd, "no-such-file.txt"], "");
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert!(
            text(&o.stderr).starts_with("sensei: no-such-file.txt: cannot read it: "),
            "{cmd}: {}",
            text(&o.stderr)
        );
    }
    // the pattern of `generate --pattern` is read with the same messages
    let o = sensei(&["generate", "--pattern", "tests"], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "sensei: --pattern tests: is a directory, not a pattern file\n"
    );
}

#[test]
fn invalid_utf8_is_reported_with_line_and_column_and_allowed_in_labels() {
    let bad_cell = temp_file("latin1-cell.txt", b"# puzzles\n53..7\xe9...6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
    let mut latin1_label = format!("{EASY} caf").into_bytes();
    latin1_label.extend_from_slice(b"\xe9\n");
    let label = temp_file("latin1-label.txt", &latin1_label);
    for cmd in ["solve", "explain", "hint", "grade", "show"] {
        let o = sensei(&[cmd, &bad_cell], "");
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert_eq!(
            text(&o.stderr),
            format!("sensei: {bad_cell}: line 2, column 6: invalid UTF-8 here (save the text as UTF-8)\n"),
            "{cmd}"
        );
        // invalid bytes in a label are the label's business, in every command
        let o = sensei(&[cmd, &label], "");
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", text(&o.stderr));
    }
    let o = sensei(&["generate", "--pattern", &bad_cell], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        format!("sensei: --pattern {bad_cell}: line 2, column 6: invalid UTF-8 here (save the text as UTF-8)\n")
    );
}

#[test]
fn every_command_refuses_an_empty_input() {
    for input in ["", "# only a comment\n\n"] {
        for cmd in ["solve", "explain", "hint", "grade", "show"] {
            let o = sensei(&[cmd], input);
            assert_eq!(o.status.code(), Some(2), "{cmd}");
            assert!(o.stdout.is_empty(), "{cmd}: {}", text(&o.stdout));
            assert_eq!(
                text(&o.stderr),
                "sensei: <stdin>: no puzzle found: the input is empty (or holds only blank lines and comments)\n",
                "{cmd}"
            );
        }
    }
}

#[test]
fn explain_explains_every_puzzle_and_hint_says_which_it_used() {
    let input = format!("{EASY}\n\n{}\n", EASY.replacen('5', ".", 1));
    let o = sensei(&["explain"], &input);
    let out = text(&o.stdout);
    assert_eq!(out.matches("Puzzle: ").count(), 2, "{out}");
    assert!(out.starts_with("# <stdin>: line 1\nPuzzle: "), "{out}");
    assert!(out.contains("\n\n# <stdin>: line 3\nPuzzle: "), "{out}");
    let j = sensei(&["explain", "--format", "json"], &input);
    let docs: Vec<serde_json::Value> = text(&j.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one document per line"))
        .collect();
    assert_eq!(docs.len(), 2);
    assert_eq!(
        (docs[0]["line"].as_u64(), docs[1]["line"].as_u64()),
        (Some(1), Some(3))
    );
    // several HoDoKu library lines are several positions, each explained
    let library = format!(":0000:x:{EASY}::::\n:0000:x:{EASY}:413:::\n");
    let l = sensei(&["explain"], &library);
    let out = text(&l.stdout);
    assert!(
        out.contains("# <stdin>: line 2\nCheck your grid first"),
        "{out}"
    );
    // hint takes one position and says which one it used
    let h = sensei(&["hint"], &input);
    assert_eq!(h.status.code(), Some(0));
    assert_eq!(
        text(&h.stderr),
        "sensei: <stdin>: holds 2 puzzles; this hint is for the first one, on line 1\n"
    );
    // so does show, which draws one
    let d = sensei(&["show"], &input);
    assert_eq!(d.status.code(), Some(0));
    assert_eq!(
        text(&d.stderr),
        "sensei: <stdin>: holds 2 puzzles; this picture is of the first one, on line 1\n"
    );
}

#[test]
fn hint_messages_say_what_is_wrong() {
    // givens only, no solution: nothing was placed, so nothing placed is blamed
    let broken = format!("{}2{}", &EASY[..2], &EASY[3..]);
    let o = sensei(&["hint"], &broken);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(out.starts_with("The givens have no solution"), "{out}");
    assert!(!out.contains("placed so far"), "{out}");
    // a plain puzzle holds givens only: nothing about `+` marks or other formats
    assert_eq!(
        out, "The givens have no solution, so no hint can lead to one.\n",
        "only what applies to a plain puzzle"
    );
    for format in ["json", "svg"] {
        let o = sensei(&["hint", "--format", format], &broken);
        let out = text(&o.stdout);
        assert!(
            !out.contains("729") && !out.contains("`+"),
            "{format}: {out}"
        );
    }
    // in a candidate string a wrong value reads as a given: the message says so
    let g = sudoku_sensei::parse(&broken).expect("parses");
    let board = sudoku_sensei::Board::from_grid(&g).expect("no clash");
    let o = sensei(&["hint"], &sudoku_sensei::format::candidate_string(&board));
    let out = text(&o.stdout);
    assert!(
        out.contains("candidate string cannot mark placed values")
            && out.contains("HoDoKu library line"),
        "{out}"
    );
    // a HoDoKu line that marks placed values: only what applies to it
    let line = format!(":0000:x:{}+6{}::::", &broken[..3], &broken[4..]);
    let out = text(&sensei(&["hint"], &line).stdout);
    assert!(
        out.starts_with("The givens have no solution")
            && out.contains("every value without `+` is read as a given")
            && !out.contains("729"),
        "{out}"
    );
    // a placed value that clashes with a given is named as placed
    let placed = format!(":0000:x:5.+5{}::::", &EASY[3..]);
    let o = sensei(&["hint"], &placed);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "sensei: <stdin>: line 1: the placed value r1c3=5 clashes with the given r1c1=5 in row 1\n"
    );
    let o = sensei(&["hint"], &format!("5.+5{}", &EASY[3..]));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stderr),
        "sensei: <stdin>: line 1: the puzzle cannot be solved: the placed value r1c3=5 clashes with the given r1c1=5 in row 1\n"
    );
}

#[test]
fn help_describes_every_format_and_what_verbose_does() {
    let o = sensei(&["explain", "--help"], "");
    let out = text(&o.stdout);
    assert!(out.contains("- text: "), "{out}");
    assert!(out.contains("Text only: add, per step"), "{out}");
    let o = sensei(&["solve", "--help"], "");
    assert!(text(&o.stdout).contains("- line: One line per puzzle"));
}

#[test]
fn techniques_columns_never_run_together() {
    let o = sensei(&["techniques"], "");
    let out = text(&o.stdout);
    let header = out.lines().next().unwrap_or_default();
    let start = header.find("name").expect("a name column");
    let hodoku = header.find("hodoku").expect("a hodoku column");
    for (line, t) in out.lines().skip(1).zip(sudoku_sensei::Technique::all()) {
        let name = line.get(start..hodoku).unwrap_or_default();
        assert_eq!(name.trim_end(), t.name(), "{line}");
        assert!(
            name.ends_with(' '),
            "the name runs into the next column: {line}"
        );
    }
}

/// Run `command` (a shell command line) with a terminal as its stdin and
/// stderr, through util-linux's `script`: what the terminal showed. `None`
/// (with a message) where `script` is missing.
fn on_a_terminal(command: &str, keys: &str) -> Option<String> {
    let script = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = script else {
        crate::common::skip(
            "progress on a terminal",
            "util-linux `script` is not installed",
        );
        return None;
    };
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(keys.as_bytes());
    }
    child.wait_with_output().ok().map(|o| text(&o.stdout))
}

#[test]
fn progress_shows_on_a_terminal_for_slow_work_on_stdin() {
    // counting ten million solutions takes over a second, even in an
    // optimised build: the count of puzzles appears, although stdin is a
    // pipe (its size is unknown)
    let bin = env!("CARGO_BIN_EXE_sensei");
    let empty = ".".repeat(81);
    let cmd = |limit: &str| format!("echo {empty} | {bin} solve --count {limit} > /dev/null");
    let Some(shown) = on_a_terminal(&cmd("--limit 10000000"), "") else {
        return;
    };
    assert!(shown.contains("solving: 0 puzzles done"), "{shown:?}");
    // quick work shows nothing, nor does --quiet (see cli::progress's unit test)
    let quick = on_a_terminal(&cmd("--limit 10"), "").unwrap_or_default();
    assert!(!quick.contains("solving"), "{quick:?}");
}

#[test]
fn a_terminal_on_stdin_is_told_what_to_type() {
    let bin = env!("CARGO_BIN_EXE_sensei");
    // Ctrl-D at once: the input is empty
    let Some(shown) = on_a_terminal(&format!("{bin} solve"), "\u{4}") else {
        return;
    };
    assert!(
        shown.contains("sensei: reading standard input from the terminal: type or paste puzzles"),
        "{shown:?}"
    );
}

/// A batch large enough to be searched on several threads prints the same
/// lines, in input order, with the same messages and exit code, as on one.
#[test]
fn a_batch_on_several_threads_prints_what_one_thread_prints() {
    let puzzles = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/puzzles.txt"),
    )
    .expect("examples/puzzles.txt");
    let lines: Vec<&str> = puzzles.lines().filter(|l| !l.starts_with('#')).collect();
    // the example puzzles, a puzzle with two solutions, a clash and an
    // unreadable line, over and over: the threads start on the long search
    // of the hard puzzle, and order or messages going astray shows at once
    let mut batch = String::new();
    for i in 0..1500 {
        batch.push_str(lines[i % lines.len()]);
        batch.push('\n');
        match i % 7 {
            0 => batch.push_str(&format!("{}\n", ".".repeat(81))),
            3 => batch.push_str(&format!("55{}\n", &EASY[2..])),
            5 => batch.push_str("not a puzzle\n"),
            _ => {}
        }
    }
    let one = sensei(&["solve", "--threads", "1"], &batch);
    let two = sensei(&["solve", "--threads", "2"], &batch);
    assert_eq!(one.status.code(), Some(2), "{}", text(&one.stderr));
    assert_eq!(two.status.code(), one.status.code());
    assert_eq!(text(&two.stdout), text(&one.stdout));
    assert_eq!(text(&two.stderr), text(&one.stderr));
    let out = text(&one.stdout);
    assert_eq!(
        out.lines().count(),
        1500 + 215 + 214 + 214,
        "one line per puzzle"
    );
    assert!(
        out.lines().nth(1).is_some_and(|l| l.starts_with("# ")),
        "{out}"
    );
}

/// A batch reads puzzles ahead of what it prints: the notice of an empty
/// input still comes between the messages of the inputs around it.
#[test]
fn an_empty_input_is_reported_in_its_place_among_the_others() {
    let dir = std::env::temp_dir().join(format!("sensei-empty-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let several = ".".repeat(81);
    let files = [
        ("a.txt", format!("{several}\n{EASY}\nnot a puzzle\n")),
        ("empty.txt", String::new()),
        ("b.txt", format!("{EASY}\nxx\n")),
        ("last.txt", "# only a comment\n".to_string()),
    ];
    let mut args = vec!["solve".to_string(), "--quiet".to_string()];
    for (name, body) in &files {
        let path = dir.join(name);
        std::fs::write(&path, body).expect("temp file");
        args.push(path.to_string_lossy().into_owned());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = sensei(&args, "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    let named: Vec<&str> = err
        .lines()
        .map(|l| {
            [
                "a.txt: line 1",
                "a.txt: line 3",
                "empty.txt",
                "b.txt: line 2",
                "last.txt",
            ]
            .into_iter()
            .find(|n| l.contains(n))
            .unwrap_or(l)
        })
        .collect();
    assert_eq!(
        named,
        [
            "a.txt: line 1",
            "a.txt: line 3",
            "empty.txt",
            "b.txt: line 2",
            "last.txt"
        ],
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The thread counts of `solve`, `grade` and `generate` take 1 to 1024:
/// 0 (which would mean "all cores" to the thread pool) and absurd counts
/// are refused with the range, before any work.
#[test]
fn thread_counts_out_of_range_are_refused() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    for args in [
        &["solve", "--threads", "0"][..],
        &["grade", "--threads", "0"],
        &["grade", "--threads", "5000"],
        &["generate", "-j", "0"],
        &["generate", "--jobs", "1025"],
    ] {
        let out = sensei(args, puzzle);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("1..=1024"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = sensei(&["grade", "--threads", "1", "--scale", "se"], puzzle);
    assert_eq!(out.status.code(), Some(0));
}
