//! Fish fixtures: library positions where each fish finds its step (exact
//! eliminations and text line), near misses where it must find nothing, and
//! a timing print of the searches on stuck positions.

use crate::common::{puzzle_lines, shared_file};
use std::time::Instant;
use sudoku_sensei::solver::{Fallback, Options};
use sudoku_sensei::strategies::{all_steps, first_step, Context};
use sudoku_sensei::{parse_one, solve, Board, Outcome, Technique};

/// Positions where the singles get stuck, from the start of `top1465`.
fn stuck_positions(n: usize) -> Vec<Board> {
    let Some(path) = shared_file("puzzles/top1465.txt") else {
        return vec![];
    };
    let opts = Options {
        fallback: Fallback::Stop,
        ..Options::default()
    }
    .only(&[
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ]);
    puzzle_lines(&path)
        .iter()
        .take(n)
        .filter_map(|l| {
            let grid = parse_one(l).ok()?;
            match solve(&grid, &opts).outcome {
                Outcome::Stuck { board } => Some(board),
                _ => None,
            }
        })
        .collect()
}

/// Prints how long each fish search takes on stuck positions (run with
/// `--release -- --nocapture`): the first step as the solver asks for it,
/// and the whole search (every step). Not an assertion: a measurement.
#[test]
fn fish_search_timing() {
    let boards = stuck_positions(if cfg!(debug_assertions) { 3 } else { 60 });
    if boards.is_empty() {
        return;
    }
    let ctx = Context::default();
    let fish = Technique::all().filter(|&t| sudoku_sensei::strategies::fish::is_fish(t));
    for t in fish {
        let big = t.info().score >= 470;
        let start = Instant::now();
        let mut worst = 0.0f64;
        let mut firsts = 0;
        for b in &boards {
            let one = Instant::now();
            firsts += usize::from(first_step(t, b, &ctx).is_some());
            worst = worst.max(one.elapsed().as_secs_f64() * 1000.0);
        }
        let first = start.elapsed().as_secs_f64() * 1000.0 / boards.len() as f64;
        // every step: skipped for the sizes HoDoKu leaves off (too many steps)
        let (all, found) = if big {
            (f64::NAN, 0)
        } else {
            let start = Instant::now();
            let found: usize = boards.iter().map(|b| all_steps(t, b, &ctx).len()).sum();
            (
                start.elapsed().as_secs_f64() * 1000.0 / boards.len() as f64,
                found,
            )
        };
        eprintln!(
            "{:<28} first: {first:>8.3} ms mean {worst:>8.3} ms max ({firsts:>3} found); all: {all:>8.3} ms ({found} steps)",
            t.name(),
        );
    }
}
