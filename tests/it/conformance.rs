//! Conformance with HoDoKu's regression library: for each case of an
//! implemented technique, set up the position, run only that technique, and
//! compare its eliminations and placements with the expected ones. A `-x`
//! case must find nothing. Prints a pass/fail table per code.

use crate::common::shared_file;
use std::collections::BTreeMap;
use sudoku_sensei::format::hodoku::{parse_library_line, LibraryCase};
use sudoku_sensei::strategies::{all_steps, is_implemented, Context};

/// The outcome of one case.
#[derive(PartialEq, Eq, Clone, Copy, Debug)]
pub enum Verdict {
    Pass,
    Fail,
    NotImplemented,
}

/// Run one case: pass if some step of the technique has exactly the
/// expected placements and eliminations (a fail case: if none is found).
pub fn check(case: &LibraryCase) -> (Verdict, String) {
    let Some(t) = case.technique.filter(|&t| is_implemented(t)) else {
        return (Verdict::NotImplemented, String::new());
    };
    let ctx = Context { unique: true };
    let steps = all_steps(t, &case.board, &ctx);
    let ok = if case.is_fail_case() {
        steps.is_empty()
    } else {
        steps
            .iter()
            .any(|s| s.eliminations == case.eliminations && s.placements == case.placements)
    };
    let detail = if ok {
        String::new()
    } else {
        let fmt = |v: &[sudoku_sensei::Candidate]| {
            v.iter()
                .map(|c| format!("{}{}", c.cell, c.digit))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let found: Vec<String> = steps
            .iter()
            .take(5)
            .map(|s| format!("[-{} +{}]", fmt(&s.eliminations), fmt(&s.placements)))
            .collect();
        format!(
            "expected -{} +{}; found {} step(s): {}",
            fmt(&case.eliminations),
            fmt(&case.placements),
            steps.len(),
            found.join(" ")
        )
    };
    (if ok { Verdict::Pass } else { Verdict::Fail }, detail)
}

/// Runs the whole library; returns (code -> (pass, fail, not implemented), failures).
pub fn run_library(lines: &str) -> (BTreeMap<String, [usize; 3]>, Vec<String>) {
    let mut table: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut failures = Vec::new();
    for (n, line) in lines.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let case = match parse_library_line(line) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("line {}: cannot parse: {e}", n + 1));
                continue;
            }
        };
        let (v, detail) = check(&case);
        let row = table.entry(case.code.clone()).or_default();
        match v {
            Verdict::Pass => row[0] += 1,
            Verdict::Fail => {
                row[1] += 1;
                failures.push(format!(
                    "line {} ({}): {detail}",
                    n + 1,
                    line.split(':').nth(1).unwrap_or("")
                ));
            }
            Verdict::NotImplemented => row[2] += 1,
        }
    }
    (table, failures)
}

#[test]
fn hodoku_regression_library() {
    let Some(path) = shared_file("conformance/hodoku_reglib_1.3.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).expect("read the library");
    let (table, failures) = run_library(&text);
    let mut totals = [0usize; 3];
    eprintln!("code   technique                                 pass  fail  n/a");
    for (code, row) in &table {
        let name = match sudoku_sensei::format::hodoku::technique_of_code(code) {
            // a code that is not the technique's own is a siamese fish
            Some(t) if t.info().hodoku_code != Some(code.as_str()) => {
                format!("Siamese {}", t.name())
            }
            Some(t) => t.name().to_string(),
            None => "(unknown to sensei)".to_string(),
        };
        eprintln!(
            "{code}  {name:<40} {:>5} {:>5} {:>4}",
            row[0], row[1], row[2]
        );
        for i in 0..3 {
            totals[i] += row[i];
        }
    }
    let all: usize = totals.iter().sum();
    eprintln!(
        "total: {} pass, {} fail, {} not implemented, of {all} ({:.1}% pass overall)",
        totals[0],
        totals[1],
        totals[2],
        100.0 * totals[0] as f64 / all.max(1) as f64
    );
    for f in failures.iter().take(40) {
        eprintln!("FAIL {f}");
    }
    assert!(
        failures.is_empty(),
        "{} conformance failures",
        failures.len()
    );
}
