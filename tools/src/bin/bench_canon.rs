//! Throughput of the minlex canonical form (`sudoku_sensei::canon`).
//!
//! Usage: `cargo run --release -p sensei-tools --bin bench_canon -- [--grids] FILE...`
//!
//! Each file holds one puzzle per line (81 characters, `.` or `0` for an
//! empty cell); blank lines and lines starting with `#` are skipped. Every
//! puzzle is put in minlex form on one thread, `BENCH_ROUNDS` (default 3)
//! times; the best round is reported as puzzles per second (per core).
//! Each transformation found is checked to map its puzzle to the form.
//! Also printed: how many lines are already in minlex form (a published
//! minlex list, such as the 17-clue list, must give all of them), how many
//! distinct forms there are, and the largest automorphism count.
//! `--grids` first replaces each puzzle by its solution: the figure for
//! full solution grids. `--dedupe N` instead times what `sensei dedupe`
//! does, on N threads: every form (in parallel), then the first puzzle of
//! each form kept.

use std::collections::HashSet;
use std::time::{Duration, Instant};
use sudoku_sensei::{canon, exact, Grid};

/// The CPU time this process has used, in seconds (Linux: /proc/self/stat,
/// at 100 ticks a second), or `None`. On a shared machine the wall time of
/// a round counts the time other programs had the core too; the CPU time
/// does not.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(") ")?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn main() {
    let mut grids = false;
    let mut dedupe: Option<usize> = None;
    let mut puzzles: Vec<Grid> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--grids" {
            grids = true;
            continue;
        }
        if arg == "--dedupe" {
            dedupe = args.next().and_then(|n| n.parse().ok());
            continue;
        }
        let text = std::fs::read_to_string(&arg).expect("readable file");
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.len() < 81 {
                continue;
            }
            let mut cells = [0u8; 81];
            for (c, b) in cells.iter_mut().zip(line.bytes()) {
                *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            puzzles.push(Grid::from_values(cells));
        }
    }
    if grids {
        puzzles = puzzles
            .iter()
            .filter_map(|p| exact::first_solution(p.values()).map(Grid::from_values))
            .collect();
    }
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    if let Some(threads) = dedupe {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        let mut best = Duration::MAX;
        let mut kept = 0;
        for _ in 0..rounds {
            let start = Instant::now();
            let forms: Vec<Grid> = pool.install(|| {
                use rayon::prelude::*;
                puzzles.par_iter().map(|p| canon::minlex(p).form).collect()
            });
            let mut seen = HashSet::new();
            kept = forms.into_iter().filter(|f| seen.insert(f.clone())).count();
            best = best.min(start.elapsed());
        }
        println!(
            "dedupe of {} puzzles on {threads} threads: best of {rounds} rounds {:.3} s; {kept} kept",
            puzzles.len(),
            best.as_secs_f64()
        );
        return;
    }
    let mut best = Duration::MAX;
    let mut forms = Vec::new();
    let cpu_start = cpu_seconds();
    for _ in 0..rounds {
        let start = Instant::now();
        forms = puzzles.iter().map(canon::minlex).collect();
        best = best.min(start.elapsed());
    }
    let cpu = cpu_start
        .zip(cpu_seconds())
        .map(|(a, b)| (b - a) / rounds as f64);
    let already = puzzles
        .iter()
        .zip(&forms)
        .filter(|(p, c)| p.values() == c.form.values())
        .count();
    // (outside the timing) each transformation found maps its puzzle to
    // the form, and no form is above its puzzle
    let wrong = puzzles
        .iter()
        .zip(&forms)
        .filter(|(p, c)| c.transform.apply(p) != c.form || c.form.values() > p.values())
        .count();
    assert_eq!(wrong, 0, "transformations that do not give the form");
    let distinct: HashSet<&Grid> = forms.iter().map(|c| &c.form).collect();
    let most = forms.iter().map(|c| c.automorphisms).max().unwrap_or(0);
    let symmetric = forms.iter().filter(|c| c.automorphisms > 1).count();
    println!(
        "{} {}: best of {rounds} rounds {:.3} s, {:.0} per second on one core",
        puzzles.len(),
        if grids { "solution grids" } else { "puzzles" },
        best.as_secs_f64(),
        puzzles.len() as f64 / best.as_secs_f64()
    );
    if let Some(cpu) = cpu {
        println!(
            "CPU time per round {cpu:.3} s: {:.0} per second of CPU",
            puzzles.len() as f64 / cpu
        );
    }
    println!(
        "already in minlex form: {already}; distinct forms: {}; with automorphisms: {symmetric} (most {most})",
        distinct.len()
    );
}
