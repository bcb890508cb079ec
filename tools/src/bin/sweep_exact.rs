//! The exact-solver sweep run by CI: for every puzzle in the given files,
//! check that it has exactly one solution, that the solution is a valid
//! grid, and that it keeps the givens. Prints one line per file and exits
//! non-zero on any failure.
//!
//! `cargo run --release -p sensei-tools --bin sweep_exact -- FILE... [--allow-multiple FILE...]`
//!
//! Files after `--allow-multiple` hold puzzles that are known to have several
//! solutions (e.g. `serg_benchmark.txt`, a first-solution benchmark): there
//! the first solution must be valid and keep the givens, and the number of
//! puzzles with several solutions is printed instead of counted as failures.

use std::process::ExitCode;
use sudoku_sensei::exact::{self, Count};
use sudoku_sensei::Grid;

fn main() -> ExitCode {
    let mut failures = 0usize;
    let mut total = 0usize;
    let mut allow_multiple = false;
    for path in std::env::args().skip(1) {
        if path == "--allow-multiple" {
            allow_multiple = true;
            continue;
        }
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
        let mut several = 0usize;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Ok(grid) = sudoku_sensei::parse(line) else {
                eprintln!("{path}:{}: cannot parse", i + 1);
                bad += 1;
                continue;
            };
            n += 1;
            let result = match exact::unique_solution(grid.values()) {
                Err(Count::AtLeast(_)) if allow_multiple => {
                    several += 1;
                    exact::first_solution(grid.values()).ok_or(Count::None)
                }
                r => r,
            };
            match result {
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
        if allow_multiple {
            println!(
                "{path}: {n} puzzles, {several} with several solutions (allowed), {bad} failures"
            );
        } else {
            println!("{path}: {n} puzzles, all unique: {bad} failures");
        }
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
