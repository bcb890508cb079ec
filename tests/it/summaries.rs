//! Summaries say what they describe (issue 31, point 6): the steps shown
//! have their own hardest step and guesses, computed from the trace shown;
//! the ratings are labelled as the rating programs' measures of their own
//! solves. No sentence contradicts a number beside it, in text, JSON, TSV
//! and HTML.
//!
//! The puzzle is top1465's hardest: sensei's solve needs no guess, while
//! HoDoKu's rating solve guesses (its hardest step is Brute Force).

use sudoku_sensei::generate::{Generator, Request};
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::render::{generated, html, json, text, tsv};
use sudoku_sensei::{parse, solve, Options, Technique};

const TOP1465_HARDEST: &str =
    "5..2..3......8..9...2..4..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9";

fn trace() -> sudoku_sensei::Trace {
    let trace = solve(&parse(TOP1465_HARDEST).unwrap(), &Options::default());
    assert!(trace.outcome.is_solved());
    assert_eq!(
        trace.guesses(),
        0,
        "sensei's solve of this puzzle needs no guess"
    );
    trace
}

/// The technique of the trace's hardest step, and its number.
fn hardest(trace: &sudoku_sensei::Trace) -> (usize, Technique) {
    let (n, step) = trace.hardest_step().expect("a step");
    (n, step.technique)
}

#[test]
fn the_hardest_step_is_one_of_the_steps_and_the_hardest_of_them() {
    let trace = trace();
    let (n, t) = hardest(&trace);
    assert_eq!(trace.steps[n - 1].technique, t);
    let key = |t: Technique| (t.info().score, t.info().order);
    assert!(trace.steps.iter().all(|s| key(s.technique) <= key(t)));
    assert!(
        trace.steps[..n - 1].iter().all(|s| s.technique != t),
        "the first of its technique"
    );
    assert_ne!(t, Technique::BruteForce);
}

#[test]
fn the_text_summary_names_the_hardest_step_shown() {
    let trace = trace();
    let (n, t) = hardest(&trace);
    let out = text::explain_text(&trace, false);
    assert!(out.contains("Solved by logic alone."), "{out}");
    let line = format!("Hardest step: {} (step {n})", t.name());
    assert!(out.contains(&line), "{out}");
    assert!(!out.contains("Brute Force"), "{out}");
}

#[test]
fn the_json_trace_names_its_hardest_step() {
    let trace = trace();
    let (n, t) = hardest(&trace);
    let doc: serde_json::Value = serde_json::from_str(&json::trace(&trace)).unwrap();
    assert_eq!(
        doc["version"], 2,
        "the trace schema's version (2 since issue 39)"
    );
    assert_eq!(doc["hardest"]["step"], n);
    assert_eq!(doc["hardest"]["technique"], t.slug());
    assert_eq!(doc["steps"][n - 1]["technique"], t.slug());
    assert_eq!(doc["outcome"]["guesses"], 0);
}

#[test]
fn the_walkthrough_tells_the_steps_shown_from_the_ratings() {
    let trace = trace();
    let (n, t) = hardest(&trace);
    let rating = grade::grade(&trace.puzzle, Scales::ALL);
    // the rating solve guessed: the reason this puzzle is the test
    assert!(rating.guessed && rating.hardest == Some(Technique::BruteForce));
    let page = html::walkthrough(&trace, Some(&rating));
    let summary = &page[page.find("<section class=\"summary\"").expect("a summary")..];
    // the steps shown: their own hardest step and no guess
    let hardest_row = format!(
        "<tr><th>Hardest step</th><td><a href=\"#s{n}\">{}</a> (step {n})</td></tr>",
        t.name()
    );
    assert!(summary.contains(&hardest_row), "{summary}");
    assert!(
        summary.contains("<tr><th>Guesses</th><td>none</td></tr>"),
        "{summary}"
    );
    // the ratings: each labelled as its program's own solve, with the reason
    assert!(summary.contains(text::RATINGS_OWN_SOLVES), "{summary}");
    for label in [
        "Sudoku Explainer (its own solve)",
        "HoDoKu (its own solve)",
        "QQWing (its own solve)",
        "<tr><th>Hardest step of HoDoKu's solve</th><td>Brute Force</td></tr>",
        "<tr><th>A guess in a rating solve</th><td>yes</td></tr>",
    ] {
        assert!(summary.contains(label), "{label}: {summary}");
    }
    // the old, contradicting rows are gone
    assert!(!summary.contains("Needs a guess"), "{summary}");
    assert!(!summary.contains("Hardest technique"), "{summary}");
    // the ratings come after the steps' own summary
    assert!(
        summary.find("Hardest step<").unwrap() < summary.find(text::RATINGS_OWN_SOLVES).unwrap()
    );
}

#[test]
fn grades_header_says_whose_solve_hardest_and_guess_are() {
    let all = tsv::grade_header(Scales::ALL);
    assert!(
        all.lines()
            .next()
            .unwrap()
            .ends_with("hardest, guess: of HoDoKu's rating solve"),
        "{all}"
    );
    let se = Scales {
        se: true,
        hodoku: false,
        class: false,
    };
    assert!(tsv::grade_header(se).contains("of Sudoku Explainer's rating solve"));
    let class = Scales {
        se: false,
        hodoku: false,
        class: true,
    };
    assert!(tsv::grade_header(class).contains("of QQWing's rating solve"));
}

/// `generate --technique x-wing --hardest --seed 17`: puzzle 83's solve
/// takes an X-Wing and two Remote Pairs (X-Wing the hardest by HoDoKu
/// score), while HoDoKu's rating solve takes no X-Wing and names Remote
/// Pair. The row's `hardest` is the solve's, `rating_hardest` the rating's.
#[test]
fn generated_rows_name_the_solves_hardest_and_the_ratings_apart() {
    let req = Request {
        seed: 17,
        techniques: vec![Technique::XWing],
        hardest: true,
        rate: true,
        ..Request::default()
    };
    let generator = Generator::new(req.clone()).unwrap();
    let g = generator.nth(82).expect("puzzle 83");
    let header = generated::tsv_header(&req);
    let names: Vec<&str> = header.lines().nth(1).unwrap().split('\t').collect();
    let row = generated::tsv(&g);
    let cols: Vec<&str> = row.split('\t').collect();
    assert_eq!(names.len(), cols.len());
    let col = |name: &str| cols[names.iter().position(|n| *n == name).expect(name)];
    assert_eq!(col("hardest"), "x-wing", "{row}");
    assert_eq!(col("guess"), "no", "{row}");
    assert_eq!(col("rating_hardest"), "remote-pair", "{row}");
    assert_eq!(col("rating_guess"), "no", "{row}");
    assert!(col("techniques").contains("x-wing:"), "{row}");
    let doc: serde_json::Value = serde_json::from_str(&generated::json(&g, &req)).unwrap();
    assert_eq!(doc["hardest"], "x-wing");
    assert_eq!(doc["guess"], false);
    assert_eq!(doc["rating"]["hardest"], "remote-pair");
}
