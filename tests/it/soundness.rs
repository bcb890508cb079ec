//! The soundness sweep: solve puzzles from the shared sets with every
//! implemented technique and replay each step against the exact solution.
//! No placement may differ from it and no elimination may remove its digit.
//!
//! The default run takes a sample spread over each set (10 puzzles in a
//! debug build, leaving out the forum's hardest sets; 400 in release); `SENSEI_SWEEP=N` takes N per set and
//! `SENSEI_SWEEP=all` every puzzle (run that with `--release`).

use crate::common::{puzzle_lines, shared_file};
use rayon::prelude::*;
use sudoku_sensei::solver::{Fallback, Options, Profile};
use sudoku_sensei::{parse, solve, Outcome, Trace};

const SETS: &[&str] = &[
    "puzzles/top1465.txt",
    "puzzles/17_clue.txt",
    "puzzles/forum_hardest_1106.txt",
    "puzzles/forum_hardest_1905_11plus.txt",
    // serg_benchmark.txt is left out: its puzzles all have several
    // solutions, so there is no single solution to check steps against.
    "puzzles/qqwing_expert.txt",
    "puzzles/sudocue_learningcurve.txt",
];

/// The wrong steps of a trace, described.
pub fn wrong_steps(trace: &Trace) -> Vec<String> {
    let Some(sol) = &trace.solution else {
        return vec![];
    };
    let mut wrong = Vec::new();
    for (i, s) in trace.steps.iter().enumerate() {
        for p in &s.placements {
            if sol.value(p.cell) != Some(p.digit) {
                wrong.push(format!(
                    "step {} {:?}: places {}={}",
                    i + 1,
                    s.technique,
                    p.cell,
                    p.digit
                ));
            }
        }
        for e in &s.eliminations {
            if sol.value(e.cell) == Some(e.digit) {
                wrong.push(format!(
                    "step {} {:?}: removes {}<>{}",
                    i + 1,
                    s.technique,
                    e.cell,
                    e.digit
                ));
            }
        }
    }
    wrong
}

fn sample_size() -> Option<usize> {
    match std::env::var("SENSEI_SWEEP").as_deref() {
        Ok("all") => None,
        Ok(n) => n.parse().ok().or(Some(40)),
        Err(_) => Some(if cfg!(debug_assertions) { 10 } else { 400 }),
    }
}

#[test]
fn every_step_agrees_with_the_solution() {
    let opts = Options {
        fallback: Fallback::Guess,
        ..Options::with_profile(Profile::All)
    };
    let limit = sample_size();
    let mut total = 0;
    let mut bad = Vec::new();
    for set in SETS {
        // The forum's hardest puzzles take seconds each in a debug build:
        // the release sweep of `.ci/run` covers them.
        if cfg!(debug_assertions) && limit.is_some() && set.contains("forum_hardest") {
            eprintln!("soundness: {set}: left to the release sweep (.ci/run)");
            continue;
        }
        let Some(path) = shared_file(set) else {
            continue;
        };
        let lines = puzzle_lines(&path);
        let take = limit.unwrap_or(lines.len()).min(lines.len());
        // spread the sample over the whole file
        let stride = (lines.len() / take.max(1)).max(1);
        // puzzles in parallel (rayon), findings kept in file order
        let sample: Vec<&String> = lines.iter().step_by(stride).take(take).collect();
        let n = sample.len();
        let found: Vec<Vec<String>> = sample
            .par_iter()
            .map(|line| {
                let grid = parse(line).expect("shared puzzles parse");
                let trace = solve(&grid, &opts);
                assert!(
                    matches!(trace.outcome, Outcome::Solved { .. }),
                    "{line}: {:?}",
                    trace.outcome.slug()
                );
                wrong_steps(&trace)
                    .into_iter()
                    .map(|w| format!("{line}: {w}"))
                    .collect()
            })
            .collect();
        bad.extend(found.into_iter().flatten());
        eprintln!("soundness: {set}: {n} puzzles");
        total += n;
    }
    eprintln!("soundness: {total} puzzles, {} wrong steps", bad.len());
    for b in bad.iter().take(20) {
        eprintln!("WRONG {b}");
    }
    assert!(bad.is_empty(), "{} wrong steps", bad.len());
}
