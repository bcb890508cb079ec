//! Snapshot tests of the curated corpus (`tests/corpus/corpus.txt` and the
//! example files): the text trace of every puzzle, the JSON trace of a few,
//! and the three hint levels for a few positions. Snapshots live in
//! `snapshots/corpus/`; each one was read by a person before it was accepted.

use std::path::PathBuf;
use sudoku_sensei::render::{json, text};
use sudoku_sensei::{parse, solve, Options, Trace};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(root().join("snapshots/corpus"));
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

/// (label, puzzle text) for every corpus line and example file.
pub(crate) fn corpus() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(root().join("tests/corpus/corpus.txt")).expect("corpus");
    let mut v: Vec<(String, String)> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (p, label) = l.split_at(81.min(l.len()));
            (label.trim().to_string(), p.to_string())
        })
        .collect();
    for f in ["examples/leetcode.json", "examples/ten_solutions.txt"] {
        let t = std::fs::read_to_string(root().join(f)).expect("example");
        let label = format!(
            "file-{}",
            f.trim_start_matches("examples/").replace('.', "-")
        );
        v.push((label, t));
    }
    v
}

/// The traces of the whole corpus, computed once for all the tests here
/// (the forum's hardest puzzles take a while in a debug build).
fn traces() -> &'static [(String, Trace)] {
    static TRACES: std::sync::OnceLock<Vec<(String, Trace)>> = std::sync::OnceLock::new();
    TRACES.get_or_init(|| {
        let opts = Options::default();
        corpus()
            .into_iter()
            .map(|(label, p)| {
                let t = solve(&parse(&p).expect("corpus parses"), &opts);
                (label, t)
            })
            .collect()
    })
}

#[test]
fn corpus_has_thirty_puzzles_from_easy_to_brute_force() {
    let c = traces();
    assert!(c.len() >= 30, "{} puzzles", c.len());
    let mut beyond_hodoku = 0;
    let mut logic_only = 0;
    for (_, t) in c {
        if t.guesses() == 0 && t.outcome.is_solved() {
            logic_only += 1;
        }
        // HoDoKu would need brute force: the fallback or sensei's deeper nets
        if t.guesses() > 0
            || t.steps.iter().any(|s| {
                s.technique.is_implemented()
                    && !s.technique.in_hodoku_default()
                    && s.technique.family() == sudoku_sensei::technique::Family::LastResort
            })
        {
            beyond_hodoku += 1;
        }
    }
    assert!(logic_only >= 10, "{logic_only} solved by logic");
    assert!(
        beyond_hodoku >= 1,
        "at least one needs more than HoDoKu's techniques"
    );
}

#[test]
fn corpus_text_traces() {
    let s = settings();
    s.bind(|| {
        for (label, t) in traces() {
            insta::assert_snapshot!(format!("text-{label}"), text::explain_text(t, false));
        }
    });
}

#[test]
fn corpus_json_traces() {
    let opts = Options::default();
    let s = settings();
    let wanted = [
        "leetcode-example",
        "tab-zero-grid-10-solutions",
        "invalid-clash",
        "no-solution-empty-cell",
        "top1465-1",
    ];
    s.bind(|| {
        for (label, p) in corpus()
            .into_iter()
            .filter(|(l, _)| wanted.contains(&l.as_str()))
        {
            let t = solve(&parse(&p).expect("corpus parses"), &opts);
            let v: serde_json::Value = serde_json::from_str(&json::trace(&t)).expect("JSON");
            insta::assert_snapshot!(
                format!("json-{label}"),
                serde_json::to_string_pretty(&v).expect("json")
            );
        }
    });
}
