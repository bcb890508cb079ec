//! Where sensei's HoDoKu rating solve leaves HoDoKu 2.2.0's path: for every
//! puzzle of a reference TSV whose score differs, the techniques of both
//! solves in order of first use and the first place they differ.
//!
//! `cargo run --release -p sensei-tools --bin hodoku_diff -- ../shared/data/ratings/calibration_550.tsv [puzzle]`
//!
//! With a puzzle (81 characters) it prints sensei's whole step list instead;
//! with `--every N` it takes only every Nth puzzle of the file (a fixed sample).
//! Puzzles whose level differs are listed with `LEVEL`.

use rayon::prelude::*;
use sudoku_sensei::grade;
use sudoku_sensei::{parse, Technique};

fn first_use(steps: &[sudoku_sensei::step::Step]) -> Vec<String> {
    let mut seen: Vec<Technique> = Vec::new();
    for s in steps {
        if !seen.contains(&s.technique) {
            seen.push(s.technique);
        }
    }
    seen.iter().map(|t| t.name().to_string()).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .cloned()
        .unwrap_or_else(|| "../shared/data/ratings/calibration_550.tsv".into());
    if let Some(p) = args.get(1).filter(|a| !a.starts_with("--")) {
        let g = parse(p).expect("puzzle");
        let t = grade::hodoku_trace(&g);
        let mut score = 0;
        for (i, s) in t.steps.iter().enumerate() {
            score += s.technique.info().score;
            println!(
                "{i:3} {score:6} {}",
                sudoku_sensei::render::text::step_line(s)
            );
        }
        return;
    }
    let text = std::fs::read_to_string(&path).expect("tsv");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let col = |n: &str| header.iter().position(|h| *h == n).expect("column");
    let (cs, ct, cl) = (
        col("hodoku_score"),
        col("hodoku_techniques"),
        col("hodoku_level"),
    );
    // `--every N`: only every Nth puzzle (a fixed sample of a large file)
    let every: usize = args
        .iter()
        .position(|a| a == "--every")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    type Ref = (String, u32, Vec<String>, String);
    let rows: Vec<Ref> = lines
        .step_by(every.max(1))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[cs].parse().unwrap_or(0),
                f[ct].split(',').map(str::to_string).collect(),
                f[cl].to_string(),
            )
        })
        .collect();
    let results: Vec<(u32, Vec<String>, String)> = rows
        .par_iter()
        .map(|(p, _, _, _)| {
            let g = parse(p).expect("puzzle");
            let t = grade::hodoku_trace(&g);
            let r = grade::hodoku_rating(&t);
            (r.score, first_use(&t.steps), r.level.name().to_string())
        })
        .collect();
    let mut eq = 0;
    let mut level_eq = 0;
    let mut diverge: std::collections::BTreeMap<String, usize> = Default::default();
    for ((p, score, techs, level), (s, mine, my_level)) in rows.iter().zip(&results) {
        if level == my_level {
            level_eq += 1;
        } else {
            println!("LEVEL {p} hodoku {level} {score} sensei {my_level} {s}");
        }
        if s == score {
            eq += 1;
            continue;
        }
        let at = techs
            .iter()
            .zip(mine)
            .position(|(a, b)| a != b)
            .unwrap_or(techs.len().min(mine.len()));
        let key = format!(
            "{} -> {}",
            techs.get(at).map_or("-", |s| s.as_str()),
            mine.get(at).map_or("-", |s| s.as_str())
        );
        *diverge.entry(key.clone()).or_default() += 1;
        println!(
            "{p} hodoku {score} sensei {s} ({:+}) first diff #{at}: {key}",
            *s as i64 - *score as i64
        );
        println!("   H: {}", techs.join(", "));
        println!("   S: {}", mine.join(", "));
    }
    println!(
        "\nscore equal {eq}/{}, level equal {level_eq}/{}",
        rows.len(),
        rows.len()
    );
    let mut d: Vec<_> = diverge.into_iter().collect();
    d.sort_by_key(|b| std::cmp::Reverse(b.1));
    for (k, n) in d.iter().take(40) {
        println!("{n:4} {k}");
    }
}
