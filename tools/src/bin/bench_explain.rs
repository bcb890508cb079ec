//! Benchmark of the explainable solver: explains every puzzle of each file
//! (HoDoKu profile, guessing allowed) and prints puzzles per second, the
//! guess-free fraction, the slowest puzzle, and the technique histogram.
//!
//! `cargo run --release -p sensei-tools --bin bench_explain -- ../shared/data/puzzles/top1465.txt`
//!
//! Options: `--limit N` explains only the first N puzzles of each file;
//! `--no-guess` stops instead of guessing; `--profile all|hodoku`.

use std::collections::BTreeMap;
use std::time::Instant;
use sudoku_sensei::solver::{Fallback, Options, Profile};
use sudoku_sensei::{parse, solve, Outcome, Technique};

fn main() {
    let mut files = Vec::new();
    let mut limit = usize::MAX;
    let mut opts = Options::with_profile(Profile::Hodoku);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => {
                limit = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(usize::MAX)
            }
            "--no-guess" => opts.fallback = Fallback::Stop,
            "--profile" => {
                let p = match args.next().as_deref() {
                    Some("all") => Profile::All,
                    Some("se") => Profile::Se,
                    _ => Profile::Hodoku,
                };
                let fb = opts.fallback;
                opts = Options::with_profile(p);
                opts.fallback = fb;
            }
            _ => files.push(a),
        }
    }
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let puzzles: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(limit)
            .filter_map(|l| l.get(..81).map(str::to_string))
            .collect();
        let mut histogram: BTreeMap<Technique, usize> = BTreeMap::new();
        let mut guess_free = 0;
        let mut solved = 0;
        let mut slowest = (0.0f64, String::new());
        let started = Instant::now();
        for p in &puzzles {
            let Ok(g) = parse(p) else { continue };
            let t0 = Instant::now();
            let trace = solve(&g, &opts);
            let ms = t0.elapsed().as_secs_f64() * 1000.0;
            if ms > slowest.0 {
                slowest = (ms, p.clone());
            }
            if matches!(trace.outcome, Outcome::Solved { .. }) {
                solved += 1;
                if trace.guesses() == 0 {
                    guess_free += 1;
                }
            }
            for s in &trace.steps {
                *histogram.entry(s.technique).or_default() += 1;
            }
        }
        let secs = started.elapsed().as_secs_f64();
        let n = puzzles.len();
        println!("{f}");
        println!(
            "  {n} puzzles in {secs:.2} s: {:.1} puzzles/s, mean {:.2} ms, slowest {:.1} ms ({})",
            n as f64 / secs.max(1e-9),
            1000.0 * secs / n.max(1) as f64,
            slowest.0,
            slowest.1
        );
        println!(
            "  solved {solved}, without guessing {guess_free} ({:.1}%)",
            100.0 * guess_free as f64 / n.max(1) as f64
        );
        println!("  techniques (steps):");
        for (t, c) in &histogram {
            println!("    {:<40} {c:>8}", t.name());
        }
    }
}
