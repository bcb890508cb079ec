//! Throughput of `sudoku_sensei::generate`, beside the `sudoku` crate's
//! generator (v0.8) in the same run.
//!
//! Usage: `cargo bench -p sensei-tools --bench bench_generate -- [PART...]`
//! with parts `peer`, `levels`, `techniques` (default: all three).
//!
//! - **peer**: unique minimal puzzles per second on one thread, no symmetry
//!   and rotate180. The `sudoku` crate digs a random grid cell by cell (one
//!   symmetric class at a time) with its own uniqueness check; sensei does
//!   the same with its exact solver. Neither checks for guesses here (the
//!   crate cannot); sensei's default, guess-free puzzles are a third row.
//!   The two alternate in chunks of `CHUNK` puzzles for `BENCH_ROUNDS`
//!   rounds (default 5) and the best time of each chunk is kept, so a busy
//!   moment of the machine does not land on one side only.
//! - **levels**: guess-free puzzles per second at each HoDoKu level, on 2
//!   threads (rayon), as `sensei generate --level L --jobs 2` makes them.
//! - **techniques**: the 40 techniques most often used by the solve of
//!   random minimal puzzles (counted on `BENCH_SAMPLE` puzzles, default
//!   2,000), and verified puzzles per minute for each on 2 threads: the
//!   solve of every puzzle made is replayed here and must use the technique.
//!   Each technique runs for at most `BENCH_SECONDS` (default 30) or 20
//!   puzzles. Prints a markdown table (docs/generate.md).

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sudoku::board::Symmetry as PeerSymmetry;
use sudoku::Sudoku;
use sudoku_sensei::generate::{Generator, Request, Symmetry};
use sudoku_sensei::technique::Level;
use sudoku_sensei::{solve, Options, Technique};

const CHUNK: u64 = 50;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let wants = |part: &str| args.is_empty() || args.iter().any(|a| a == part);
    println!(
        "machine: {} cores (nproc), rayon threads for the 2-thread parts: 2",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    if wants("peer") {
        peer();
    }
    if wants("levels") {
        levels();
    }
    if wants("techniques") {
        techniques();
    }
}

/// Time `n` puzzles of `gen` from `first`, and their total of givens.
fn time_sensei(gen: &Generator, first: u64, n: u64) -> (Duration, usize) {
    let t = Instant::now();
    let mut givens = 0;
    for i in first..first + n {
        if let Ok(g) = gen.nth(i) {
            givens += g.puzzle.filled();
        }
    }
    (t.elapsed(), givens)
}

fn time_peer(symmetry: PeerSymmetry, n: u64) -> (Duration, usize) {
    let t = Instant::now();
    let mut givens = 0;
    for _ in 0..n {
        let s = Sudoku::generate_with_symmetry_from(Sudoku::generate_solved(), symmetry);
        givens += s.to_bytes().iter().filter(|&&b| b != 0).count();
    }
    (t.elapsed(), givens)
}

fn per_second(n: u64, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64().max(1e-9)
}

fn peer() {
    let rounds = env_or("BENCH_ROUNDS", 5);
    let chunks = env_or("BENCH_CHUNKS", 20);
    println!(
        "\n## Unique minimal puzzles, one thread ({chunks} chunks of {CHUNK}, best of {rounds})\n"
    );
    println!("| symmetry | sensei /s | sudoku 0.8 /s | ratio | sensei guess-free /s | avg givens sensei / sudoku |");
    println!("|---|---:|---:|---:|---:|---|");
    for (sym, peer_sym) in [
        (Symmetry::None, PeerSymmetry::None),
        (Symmetry::Rotate180, PeerSymmetry::HalfRotation),
    ] {
        let raw = Generator::new(Request {
            seed: 1,
            symmetry: sym,
            allow_guess: true,
            ..Request::default()
        })
        .expect("valid");
        let checked = Generator::new(Request {
            seed: 1,
            symmetry: sym,
            ..Request::default()
        })
        .expect("valid");
        let (mut ours, mut theirs, mut free) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
        let (mut our_givens, mut their_givens) = (0, 0);
        for c in 0..chunks {
            let mut best = [Duration::MAX; 3];
            for r in 0..rounds {
                // the same puzzles every round: indices of this chunk
                let (d, g) = time_sensei(&raw, c * CHUNK, CHUNK);
                best[0] = best[0].min(d);
                if r == 0 {
                    our_givens += g;
                }
                let (d, g) = time_peer(peer_sym, CHUNK);
                best[1] = best[1].min(d);
                if r == 0 {
                    their_givens += g;
                }
                let (d, _) = time_sensei(&checked, c * CHUNK, CHUNK);
                best[2] = best[2].min(d);
            }
            ours += best[0];
            theirs += best[1];
            free += best[2];
        }
        let n = chunks * CHUNK;
        let (a, b, f) = (
            per_second(n, ours),
            per_second(n, theirs),
            per_second(n, free),
        );
        println!(
            "| {sym} | {a:.0} | {b:.0} | {:.2} | {f:.0} | {:.2} / {:.2} |",
            a / b,
            our_givens as f64 / n as f64,
            their_givens as f64 / n as f64
        );
    }
}

fn pool2() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool of 2 threads")
}

/// Make puzzles 0.. of `gen` on 2 threads until `count` are made or
/// `budget` runs out; the puzzles made (in index order) and the time.
fn batch(gen: &Generator, count: u64, budget: Duration) -> (Vec<sudoku_sensei::Grid>, Duration) {
    let pool = pool2();
    let started = Instant::now();
    let late = AtomicBool::new(false);
    let made: Vec<sudoku_sensei::Grid> = pool.install(|| {
        (0..count)
            .into_par_iter()
            .filter_map(|i| {
                let mut stop = |_| {
                    if started.elapsed() > budget {
                        late.store(true, Ordering::Relaxed);
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                gen.nth_with(i, &mut stop).ok().map(|g| g.puzzle)
            })
            .collect()
    });
    (made, started.elapsed())
}

fn levels() {
    println!("\n## Target HoDoKu level, guess-free, 2 threads\n");
    println!("| level | puzzles | seconds | puzzles/s |");
    println!("|---|---:|---:|---:|");
    for (level, n) in [
        (Level::Easy, 1000),
        (Level::Medium, 1000),
        (Level::Hard, 400),
        (Level::Unfair, 100),
        (Level::Extreme, 40),
    ] {
        let gen = Generator::new(Request {
            seed: 3,
            level: Some((level, level)),
            ..Request::default()
        })
        .expect("valid");
        let (made, d) = batch(&gen, n, Duration::from_secs(600));
        println!(
            "| {level} | {} | {:.1} | {:.1} |",
            made.len(),
            d.as_secs_f64(),
            per_second(made.len() as u64, d)
        );
    }
}

fn techniques() {
    let sample = env_or("BENCH_SAMPLE", 2000);
    let seconds = env_or("BENCH_SECONDS", 30);
    // the techniques of the default solve of random minimal puzzles
    let gen = Generator::new(Request {
        seed: 5,
        allow_guess: true,
        ..Request::default()
    })
    .expect("valid");
    let counts: BTreeMap<Technique, u64> = pool2().install(|| {
        (0..sample)
            .into_par_iter()
            .map(|i| {
                let mut used = BTreeMap::new();
                if let Ok(g) = gen.nth(i) {
                    let trace = solve(&g.puzzle, &Options::default());
                    for s in &trace.steps {
                        used.insert(s.technique, 1u64);
                    }
                }
                used
            })
            .reduce(BTreeMap::new, |mut a, b| {
                for (t, n) in b {
                    *a.entry(t).or_default() += n;
                }
                a
            })
    });
    let mut common: Vec<(Technique, u64)> = counts
        .into_iter()
        .filter(|(t, _)| *t != Technique::BruteForce)
        .collect();
    common.sort_by_key(|&(t, n)| (std::cmp::Reverse(n), t));
    common.truncate(40);
    println!(
        "\n## Target technique, guess-free, 2 threads (at most 20 puzzles or {seconds} s each)\n"
    );
    println!("| technique | in random puzzles | puzzles | seconds | verified per minute |");
    println!("|---|---:|---:|---:|---:|");
    for (t, seen) in common {
        let req = Request {
            seed: 7,
            techniques: vec![t],
            ..Request::default()
        };
        let replay = req.solve_options();
        let gen = Generator::new(req).expect("valid");
        let (made, d) = batch(&gen, 20, Duration::from_secs(seconds));
        // verify: the default solve uses the technique, without a guess
        let verified = made
            .iter()
            .filter(|p| {
                let trace = solve(p, &replay);
                trace.outcome.is_solved() && trace.steps.iter().any(|s| s.technique == t)
            })
            .count();
        println!(
            "| {} | {:.1}% | {verified} | {:.1} | {:.0} |",
            t.slug(),
            100.0 * seen as f64 / sample as f64,
            d.as_secs_f64(),
            60.0 * verified as f64 / d.as_secs_f64().max(1e-9)
        );
    }
}
