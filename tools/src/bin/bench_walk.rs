//! The chain walks on the positions where the explain solve asks for them:
//! collects, from the first N puzzles of a file, every position on which
//! the solve reaches the grouped nice loops, then times the grouped walk
//! (and the plain nice-loop walk) on each, with an empty cache, and prints
//! a digest of every step found, so that two builds can be compared for
//! speed and for identical results.
//!
//! `cargo run --release -p sensei-tools --bin bench_walk -- ../shared/data/puzzles/top1465.txt 100`
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};
use sudoku_sensei::render::text::step_line;
use sudoku_sensei::solver::{guess, Options, Profile};
use sudoku_sensei::strategies::{all_steps, first_step, Context};
use sudoku_sensei::technique::Family;
use sudoku_sensei::{parse, Board, Technique};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("FILE");
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(50);
    let text = std::fs::read_to_string(path).expect("readable file");
    let opts = Options::with_profile(Profile::Hodoku);
    let mut boards: Vec<Board> = Vec::new();
    for line in text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(n)
    {
        let Ok(g) = parse(&line[..81]) else { continue };
        let trace = sudoku_sensei::solve(&g, &opts);
        let Some(sol) = trace.solution.clone() else {
            continue;
        };
        let ctx = Context::new(true);
        let techniques: Vec<Technique> = opts
            .techniques
            .iter()
            .copied()
            .filter(|t| t.family() != Family::Uniqueness || ctx.unique)
            .collect();
        let Ok(mut b) = Board::from_grid(&g) else {
            continue;
        };
        while !b.is_solved() && b.contradiction().is_none() {
            let mut step = None;
            for &t in &techniques {
                if t == Technique::GroupedContinuousNiceLoop {
                    boards.push(b.clone());
                }
                if let Some(s) = first_step(t, &b, &ctx) {
                    step = Some(s);
                    break;
                }
            }
            let Some(s) = step.or_else(|| guess(&b, &sol)) else {
                break;
            };
            s.apply(&mut b);
        }
    }
    let groups: [(&str, &[Technique]); 2] = [
        (
            "nice loops",
            &[
                Technique::ContinuousNiceLoop,
                Technique::DiscontinuousNiceLoop,
                Technique::Aic,
            ],
        ),
        (
            "grouped",
            &[
                Technique::GroupedContinuousNiceLoop,
                Technique::GroupedDiscontinuousNiceLoop,
                Technique::GroupedAic,
            ],
        ),
    ];
    println!("{} positions", boards.len());
    for (name, techniques) in groups {
        let mut best = Duration::MAX;
        let mut digest = 0u64;
        let mut steps = 0usize;
        for round in 0..3 {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            let t0 = Instant::now();
            for b in &boards {
                let ctx = Context::new(true);
                for &t in techniques {
                    for s in all_steps(t, b, &ctx) {
                        if round == 0 {
                            steps += 1;
                        }
                        step_line(&s).hash(&mut h);
                    }
                }
            }
            best = best.min(t0.elapsed());
            digest = h.finish();
        }
        println!(
            "{name}: {:.2} ms per position (best of 3), {steps} steps, digest {digest:016x}",
            best.as_secs_f64() * 1e3 / boards.len().max(1) as f64
        );
    }
}
