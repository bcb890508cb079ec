//! sensei's HoDoKu rating solve of puzzles read from stdin (one per line),
//! each step as `technique|placements|eliminations` (cells `r1c2=5`,
//! `r4c6<>3`, sorted by cell then digit), steps separated by `;` after the
//! puzzle and a tab: a form to compare with another program's step list.
//!
//! `cargo run --release -p sensei-tools --bin hodoku_effects < puzzles.txt`

use std::io::BufRead;
use sudoku_sensei::{grade, parse, Candidate};

fn main() {
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let p = line.trim();
        if p.is_empty() {
            continue;
        }
        let Ok(g) = parse(p) else { continue };
        let t = grade::hodoku_trace(&g);
        let steps: Vec<String> = t
            .steps
            .iter()
            .map(|s| {
                let sorted = |cands: &[Candidate]| {
                    let mut v: Vec<(usize, u8)> = cands
                        .iter()
                        .map(|c| (c.cell.index(), c.digit.get()))
                        .collect();
                    v.sort_unstable();
                    v
                };
                let (pl, el) = (sorted(&s.placements), sorted(&s.eliminations));
                let f = |v: &[(usize, u8)], op: &str| {
                    v.iter()
                        .map(|&(c, d)| format!("r{}c{}{op}{d}", c / 9 + 1, c % 9 + 1))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                format!("{}|{}|{}", s.technique.name(), f(&pl, "="), f(&el, "<>"))
            })
            .collect();
        println!("{p}\t{}", steps.join(";"));
    }
}
