//! Benchmark of the pictures: milliseconds per step SVG and the size of the
//! HTML walkthrough, on puzzles of the corpus (or of the files given).
//!
//!     cargo run --release -p sensei-tools --bin bench_pictures [-- FILE ...]
//!
//! Each puzzle is solved once (HoDoKu's profile, outside the timing); then
//! every step's picture is drawn at each of the three hint levels
//! (`svg::step`), each `BENCH_ROUNDS` times (default 20), and the best round
//! of each picture is kept (a shared machine's preemption stays out of the
//! figure); the columns give the mean and the slowest picture. The walkthrough
//! (`html::walkthrough`, with the rating) is timed the same way and its
//! size printed. Goals (issue 11): at most 1 ms per step SVG, an 80-step
//! walkthrough under 1 MB.

use std::time::Instant;
use sudoku_sensei::grade::{grade, Scales};
use sudoku_sensei::render::{html, svg};
use sudoku_sensei::{parse, solve, Options};

/// Corpus puzzles: easy, chains, forcing nets, and the longest solves.
const CORPUS: &[(&str, &str)] = &[
    (
        "qqwing-easy-1",
        "080470003000050016040000050000300700000000004320001065803040002000000000010503000",
    ),
    (
        "top1465-501",
        "...7.....12.....84....8.....945.....3....2..67....45........16.6.1..73.5....5...7",
    ),
    (
        "top1465-101",
        ".2.....8.....4.6......1.....3.2.74..1.....5.....8.....2..3...7.4.5......6........",
    ),
    (
        "top1465-1",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ),
    (
        "forum-hardest-1106-1",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ),
];

fn best_of<T>(rounds: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut out = f();
    for _ in 0..rounds {
        let t = Instant::now();
        out = f();
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
    }
    (best, out)
}

fn main() {
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let mut puzzles: Vec<(String, String)> = Vec::new();
    for f in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for (i, line) in text.lines().map(str::trim).enumerate() {
            if let Some(p) = line.get(..81).filter(|_| !line.starts_with('#')) {
                puzzles.push((format!("{f}:{}", i + 1), p.to_string()));
            }
        }
    }
    if puzzles.is_empty() {
        puzzles = CORPUS
            .iter()
            .map(|&(n, p)| (n.to_string(), p.to_string()))
            .collect();
    }
    println!(
        "{:<24} {:>5} {:>9} {:>9} {:>9} {:>11} {:>10} {:>9}",
        "puzzle", "steps", "ms/SVG", "max ms", "KB/SVG", "page ms", "page KB", "KB/step"
    );
    let (mut all_ms, mut all_pictures, mut worst) = (0.0, 0usize, 0.0f64);
    let mut worst_step = String::new();
    for (name, p) in &puzzles {
        let Ok(grid) = parse(p) else { continue };
        let trace = solve(&grid, &Options::default());
        let positions = trace.positions();
        let mut total = 0.0;
        let mut bytes = 0usize;
        let mut puzzle_worst = 0.0f64;
        for (board, step) in &positions {
            for level in sudoku_sensei::HintLevel::ALL {
                let (ms, len) = best_of(rounds, || svg::step(board, step, level).len());
                total += ms;
                bytes += len;
                puzzle_worst = puzzle_worst.max(ms);
                if ms > worst {
                    worst = ms;
                    worst_step = format!(
                        "{name}: {} at level {}",
                        step.technique.name(),
                        level.number()
                    );
                }
            }
        }
        let pictures = 3 * positions.len();
        all_ms += total;
        all_pictures += pictures;
        let rating = grade(&trace.puzzle, Scales::ALL);
        let (page_ms, page) = best_of(rounds.min(5), || html::walkthrough(&trace, Some(&rating)));
        println!(
            "{:<24} {:>5} {:>9.3} {:>9.3} {:>9.1} {:>11.1} {:>10.1} {:>9.2}",
            name,
            trace.steps.len(),
            total / pictures.max(1) as f64,
            puzzle_worst,
            bytes as f64 / pictures.max(1) as f64 / 1024.0,
            page_ms,
            page.len() as f64 / 1024.0,
            page.len() as f64 / 1024.0 / (trace.steps.len() + 2) as f64,
        );
    }
    println!(
        "all: {all_pictures} step SVGs, {:.3} ms per step SVG (best of {rounds} rounds); \
         slowest picture {worst:.3} ms ({worst_step})",
        all_ms / all_pictures.max(1) as f64
    );
}
