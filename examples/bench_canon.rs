//! Throughput of the minlex canonical form (`sudoku_sensei::canon`).
//!
//! Usage: `cargo run --release --example bench_canon -- [--grids] FILE...`
//!
//! Each file holds one puzzle per line (81 characters, `.` or `0` for an
//! empty cell); blank lines and lines starting with `#` are skipped. Every
//! puzzle is put in minlex form on one thread, `BENCH_ROUNDS` (default 3)
//! times; the best round is reported as puzzles per second (per core).
//! Also printed: how many lines are already in minlex form (a published
//! minlex list, such as the 17-clue list, must give all of them), how many
//! distinct forms there are, and the largest automorphism count.
//! `--grids` first replaces each puzzle by its solution: the figure for
//! full solution grids.

use std::collections::HashSet;
use std::time::{Duration, Instant};
use sudoku_sensei::{canon, exact, Grid};

fn main() {
    let mut grids = false;
    let mut puzzles: Vec<Grid> = Vec::new();
    for arg in std::env::args().skip(1) {
        if arg == "--grids" {
            grids = true;
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
    let mut best = Duration::MAX;
    let mut forms = Vec::new();
    for _ in 0..rounds {
        let start = Instant::now();
        forms = puzzles.iter().map(canon::minlex).collect();
        best = best.min(start.elapsed());
    }
    let already = puzzles
        .iter()
        .zip(&forms)
        .filter(|(p, c)| p.values() == c.form.values())
        .count();
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
    println!(
        "already in minlex form: {already}; distinct forms: {}; with automorphisms: {symmetric} (most {most})",
        distinct.len()
    );
}
