//! Where the explain solve spends its time, technique by technique: runs
//! the solver's loop by hand (the profile's techniques in order, the first
//! step found applied, a guess when none) and times every finder call.
//!
//! `cargo run --release -p sensei-tools --bin profile_explain -- FILE [N] [--profile se|all]`
//!
//! Prints, per technique: calls, steps found, total and mean time, and its
//! share of the whole; the slowest puzzles last.
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use sudoku_sensei::solver::{guess, Options, Profile};
use sudoku_sensei::strategies::{first_step, Context};
use sudoku_sensei::technique::Family;
use sudoku_sensei::{parse, Board, Technique};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("FILE");
    let mut n = usize::MAX;
    let mut profile = Profile::Hodoku;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--profile" => {
                profile = match args.next().as_deref() {
                    Some("se") => Profile::Se,
                    Some("all") => Profile::All,
                    _ => Profile::Hodoku,
                }
            }
            other => n = other.parse().unwrap_or(usize::MAX),
        }
    }
    let text = std::fs::read_to_string(path).expect("readable file");
    let opts = Options::with_profile(profile);
    let mut per: BTreeMap<Technique, (usize, usize, Duration)> = BTreeMap::new();
    let mut slow: Vec<(Duration, String)> = Vec::new();
    let mut total = Duration::ZERO;
    let mut exact_time = Duration::ZERO;
    for line in text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(n)
    {
        let Ok(g) = parse(&line[..81]) else { continue };
        let t0 = Instant::now();
        let Ok(sol) = sudoku_sensei::exact::unique_solution(g.values()) else {
            continue;
        };
        exact_time += t0.elapsed();
        let mut solved = g.clone();
        for c in sudoku_sensei::Cell::all() {
            if solved.value(c).is_none() {
                if let Some(d) = sudoku_sensei::Digit::new(sol[c.index()]) {
                    solved.set_placed(c, d);
                }
            }
        }
        let ctx = Context::new(true);
        let techniques: Vec<Technique> = opts
            .techniques
            .iter()
            .copied()
            .filter(|t| ctx.unique || t.family() != Family::Uniqueness)
            .collect();
        let Ok(mut b) = Board::from_grid(&g) else {
            continue;
        };
        let start = Instant::now();
        while !b.is_solved() && b.contradiction().is_none() {
            let mut step = None;
            for &t in &techniques {
                let t1 = Instant::now();
                let s = first_step(t, &b, &ctx);
                let e = t1.elapsed();
                let slot = per.entry(t).or_default();
                slot.0 += 1;
                slot.2 += e;
                if s.is_some() {
                    slot.1 += 1;
                    step = s;
                    break;
                }
            }
            let Some(s) = step.or_else(|| guess(&b, &solved)) else {
                break;
            };
            s.apply(&mut b);
        }
        let e = start.elapsed();
        total += e;
        slow.push((e, line[..81].to_string()));
    }
    let sum: Duration = per.values().map(|v| v.2).sum();
    let mut rows: Vec<_> = per.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1 .2));
    println!(
        "{} puzzles, solve {:.1} ms mean, finders {:.1} ms mean, exact {:.3} ms mean",
        slow.len(),
        total.as_secs_f64() * 1e3 / slow.len().max(1) as f64,
        sum.as_secs_f64() * 1e3 / slow.len().max(1) as f64,
        exact_time.as_secs_f64() * 1e3 / slow.len().max(1) as f64
    );
    println!(
        "{:<40} {:>8} {:>7} {:>10} {:>9} {:>6}",
        "technique", "calls", "found", "total ms", "mean µs", "share"
    );
    for (t, (calls, found, d)) in rows.iter().take(80) {
        println!(
            "{:<40} {:>8} {:>7} {:>10.1} {:>9.1} {:>5.1}%",
            t.name(),
            calls,
            found,
            d.as_secs_f64() * 1e3,
            d.as_secs_f64() * 1e6 / *calls as f64,
            100.0 * d.as_secs_f64() / sum.as_secs_f64().max(1e-9)
        );
    }
    slow.sort_by_key(|s| std::cmp::Reverse(s.0));
    for (d, p) in slow.iter().take(5) {
        println!("slow {:>8.1} ms {p}", d.as_secs_f64() * 1e3);
    }
}
