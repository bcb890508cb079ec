//! `sensei canon`, `dedupe`, `transform` and `check` as a user runs them.

use crate::common::{sensei, text};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// EASY under a transformation, by the command itself.
fn moved(t: &str) -> String {
    let o = sensei(&["transform", "--transform", t], EASY);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    text(&o.stdout).trim().to_string()
}

#[test]
fn canon_gives_equal_forms_to_equivalents_and_keeps_errors_in_place() {
    let other = moved("TR987654321C321654987D912345678");
    assert_ne!(other, EASY);
    let input = format!("{EASY}\n12345\n{other}\n");
    let o = sensei(&["canon"], &input);
    assert_eq!(o.status.code(), Some(2));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], lines[2]);
    assert!(lines[0].starts_with("..."), "{out}");
    assert!(lines[1].starts_with("# error: line 2"), "{out}");
    assert!(text(&o.stderr).contains("line 2"));
    // --transform: the transformation maps the puzzle to its form
    let o = sensei(&["canon", "--transform"], EASY);
    let out = text(&o.stdout);
    let cols: Vec<&str> = out.trim().split('\t').collect();
    assert_eq!(cols.len(), 3, "{out}");
    assert_eq!(moved(cols[1]), cols[0]);
    assert_eq!(cols[2], "1");
}

#[test]
fn dedupe_keeps_the_first_of_each_class() {
    let input = format!("{EASY}\n{HARD}\n{}\n{EASY}\n", moved("T"));
    let o = sensei(&["dedupe"], &input);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o.stdout), format!("{EASY}\n{HARD}\n"));
    assert!(text(&o.stderr).contains("4 puzzles, 2 kept, 2 equivalent to an earlier one removed"));
    let o = sensei(&["dedupe", "--report"], &input);
    let out = text(&o.stdout);
    assert!(out.lines().any(|l| l.ends_with("\t3\t1,3,4")), "{out}");
    assert!(out.lines().any(|l| l.ends_with("\t1\t2")), "{out}");
}

#[test]
fn transform_draws_reproducible_equivalents_with_their_solutions() {
    let args = [
        "transform",
        "--random",
        "--seed",
        "5",
        "--count",
        "3",
        "--with-solution",
    ];
    let a = sensei(&args, EASY);
    let b = sensei(&args, EASY);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    let out = text(&a.stdout);
    assert_eq!(out.lines().count(), 3);
    for line in out.lines() {
        let (puzzle, solution) = line.split_once('\t').expect("puzzle and solution");
        let solved = sensei(&["solve", "--format", "line"], puzzle);
        assert_eq!(text(&solved.stdout).trim(), solution);
    }
    // a bad transformation says what is wrong
    let o = sensei(&["transform", "--transform", "R412356789"], EASY);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("different ones"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn check_reports_a_setters_puzzle() {
    let o = sensei(&["check"], EASY);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    for want in [
        "unique (proper",
        "minimal    ",
        "symmetry",
        "HoDoKu     Easy",
        "minlex     ...",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    // several solutions: improper, exit 1
    let o2 = sensei(&["check", "--format", "tsv"], &".".repeat(81));
    assert_eq!(o2.status.code(), Some(1));
    assert!(text(&o2.stdout).starts_with("line\tpuzzle\t"));
    // --against: the line of the equivalent puzzle in a collection
    let path = std::env::temp_dir().join(format!("sensei-against-{}.txt", std::process::id()));
    std::fs::write(&path, format!("{HARD}\n{}\n", moved("D987654321"))).expect("temp file");
    let o = sensei(
        &[
            "check",
            "--format",
            "json",
            "--against",
            &path.to_string_lossy(),
        ],
        EASY,
    );
    let _ = std::fs::remove_file(&path);
    let out = text(&o.stdout);
    assert!(out.contains("\"equivalent_lines\":[2]"), "{out}");
}

#[test]
fn stats_counts_a_collection_and_draws_it() {
    let input = format!("{EASY}\n{EASY}\n{}\n", ".".repeat(81));
    let o = sensei(&["stats", "--svg", "-", "--title", "Three"], &input);
    // a puzzle without a unique solution: counted, not rated, exit 1
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let svg = text(&o.stdout);
    assert!(
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
    assert!(svg.contains("3 puzzles, 2 rated"), "{svg}");
    let o = sensei(&["stats"], &format!("{EASY}\n{EASY}\n"));
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.starts_with("2 puzzles, 2 rated"), "{out}");
    assert!(out.contains("  Easy                 2  100.0%"), "{out}");
    assert!(out.contains("  30                   2  100.0%"), "{out}");
}
