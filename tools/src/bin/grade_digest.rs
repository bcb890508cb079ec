//! A digest of the rating solves of a puzzle file, so that two builds can
//! be compared for equal output: every step line of the SE solve with its
//! SE rating, and of the HoDoKu and QQWing solves with their ratings.
//!
//! `cargo run --release -p sensei-tools --bin grade_digest -- FILE [N] [se|hodoku|class|all]`
use std::hash::{Hash, Hasher};
use std::time::Instant;
use sudoku_sensei::grade;
use sudoku_sensei::render::text::step_line;
use sudoku_sensei::solver::{self, Options, Profile};
use sudoku_sensei::{parse, Grid};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("FILE");
    let n: usize = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let which = args.next().unwrap_or_else(|| "all".to_string());
    let text = std::fs::read_to_string(&path).expect("readable FILE");
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .filter_map(|l| parse(&l[..81]).ok())
        .take(n)
        .collect();
    let run = |name: &str, f: &dyn Fn(&Grid, &mut std::collections::hash_map::DefaultHasher)| {
        if which != "all" && which != name {
            return;
        }
        let t = Instant::now();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for g in &puzzles {
            f(g, &mut h);
        }
        println!(
            "{name:<7} {} puzzles, {:.1} s, digest {:016x}",
            puzzles.len(),
            t.elapsed().as_secs_f64(),
            h.finish()
        );
    };
    run("se", &|g, h| {
        let (t, ratings) = grade::se_solve(g);
        for (s, r) in t.steps.iter().zip(&ratings) {
            step_line(s).hash(h);
            r.to_bits().hash(h);
        }
    });
    run("hodoku", &|g, h| {
        let t = grade::hodoku_trace(g);
        for s in &t.steps {
            step_line(s).hash(h);
        }
        format!("{:?}", grade::hodoku_rating(&t)).hash(h);
    });
    run("class", &|g, h| {
        let t = solver::solve(g, &Options::with_profile(Profile::Qqwing));
        for s in &t.steps {
            step_line(s).hash(h);
        }
    });
}
