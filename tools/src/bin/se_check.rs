//! Sensei's SE ER against a reference TSV's: the puzzles that differ.
//! `cargo run --release -p sensei-tools --bin se_check -- ../shared/data/ratings/calibration_550.tsv`

use rayon::prelude::*;
use sudoku_sensei::grade;
use sudoku_sensei::parse;

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("tsv");
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let col = |n: &str| header.iter().position(|h| *h == n).expect("column");
        let (ce, ct) = (col("se_er"), col("se_techniques"));
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
        let out: Vec<(f32, f32, String, String)> = rows
            .par_iter()
            .filter_map(|r| {
                let er: f32 = r.get(ce)?.parse().ok()?;
                let g = parse(r[0]).ok()?;
                let (t, ratings) = grade::se_solve(&g);
                let mine = grade::se_rating_of(&t, &ratings).er;
                Some((
                    er,
                    mine,
                    r[0].to_string(),
                    r.get(ct).unwrap_or(&"").to_string(),
                ))
            })
            .collect();
        let le9: Vec<_> = out.iter().filter(|o| o.0 <= 9.0).collect();
        let eq = le9.iter().filter(|o| (o.0 - o.1).abs() < 0.05).count();
        let within = le9.iter().filter(|o| (o.0 - o.1).abs() < 0.25).count();
        println!(
            "{path}: {} rated, ER<=9: {}, equal {eq}, within 0.2 {within}",
            out.len(),
            le9.len()
        );
        for o in &le9 {
            if (o.0 - o.1).abs() >= 0.05 {
                println!("  {} SE {:.1} sensei {:.1}  {}", o.2, o.0, o.1, o.3);
            }
        }
    }
}
