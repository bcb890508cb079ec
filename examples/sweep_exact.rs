//! The exact-solver sweep run by CI: for every puzzle in the given files,
//! check that it has exactly one solution, that the solution is a valid
//! grid, and that it keeps the givens. Prints one line per file and exits
//! non-zero on any failure.
//!
//! `cargo run --release --example sweep_exact -- ../shared/data/puzzles/*.txt`

use std::process::ExitCode;
use sudoku_sensei::exact::{self, Count};
use sudoku_sensei::Grid;

fn main() -> ExitCode {
    let mut failures = 0usize;
    let mut total = 0usize;
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                failures += 1;
                continue;
            }
        };
        let mut n = 0usize;
        let mut bad = 0usize;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Ok(grid) = sudoku_sensei::parse_one(line) else {
                eprintln!("{path}:{}: cannot parse", i + 1);
                bad += 1;
                continue;
            };
            n += 1;
            match exact::solve_unique(grid.values()) {
                Ok(sol) => {
                    let sol = Grid::from_values(sol);
                    let keeps = grid.givens().iter().all(|c| sol.value(c) == grid.value(c));
                    if !sol.is_valid_solution() || !keeps {
                        eprintln!("{path}:{}: invalid solution {}", i + 1, sol.to_line());
                        bad += 1;
                    }
                }
                Err(Count::None) => {
                    eprintln!("{path}:{}: no solution", i + 1);
                    bad += 1;
                }
                Err(c) => {
                    eprintln!("{path}:{}: not unique ({c:?})", i + 1);
                    bad += 1;
                }
            }
        }
        println!("{path}: {n} puzzles, {bad} failures");
        total += n;
        failures += bad;
    }
    println!("exact sweep: {total} puzzles, {failures} failures");
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
