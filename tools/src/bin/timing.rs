//! Times the nice loop (one walk serves AIC and both loops), ALS, Sue de
//! Coq and forcing finders on positions stuck after
//! singles, and checks every step against the solution:
//! `cargo run --release -p sensei-tools --bin timing -- ../shared/data/puzzles/top1465.txt 100`.
use std::time::{Duration, Instant};
use sudoku_sensei::strategies::{all_steps, first_step, Context};
use sudoku_sensei::{parse, Board, Technique};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(50);
    let text = std::fs::read_to_string(path).unwrap();
    let techs = [
        Technique::Aic,
        Technique::GroupedAic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsXyChain,
        Technique::DeathBlossom,
        Technique::SueDeCoq,
        Technique::ForcingChainContradiction,
        Technique::ForcingChainVerity,
        Technique::ForcingNetContradiction,
        Technique::ForcingNetVerity,
    ];
    let mut tot = vec![Duration::ZERO; techs.len()];
    let mut max = vec![Duration::ZERO; techs.len()];
    let mut found = vec![0usize; techs.len()];
    let mut wrong = 0;
    let mut steps_checked = 0;
    let ctx = Context::new(true);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(n)
        .collect();
    for l in &lines {
        let g = parse(&l[..81]).unwrap();
        let cells: [u8; 81] = *g.values();
        let sol = sudoku_sensei::exact::first_solution(&cells).unwrap();
        let mut b = Board::from_grid(&g).unwrap();
        loop {
            let s = first_step(Technique::NakedSingle, &b, &ctx)
                .or_else(|| first_step(Technique::HiddenSingle, &b, &ctx));
            match s {
                Some(s) => s.apply(&mut b),
                None => break,
            }
        }
        let _ = Board::empty();
        for (k, &t) in techs.iter().enumerate() {
            let t0 = Instant::now();
            let steps = all_steps(t, &b, &ctx);
            let e = t0.elapsed();
            tot[k] += e;
            if e > max[k] {
                max[k] = e;
            }
            if !steps.is_empty() {
                found[k] += 1;
            }
            for s in &steps {
                steps_checked += 1;
                for p in &s.placements {
                    if sol[p.cell.index()] != p.digit.get() {
                        wrong += 1;
                        eprintln!(
                            "WRONG {:?} {}",
                            t,
                            sudoku_sensei::render::text::step_line(s)
                        );
                    }
                }
                for e in &s.eliminations {
                    if sol[e.cell.index()] == e.digit.get() {
                        wrong += 1;
                        eprintln!(
                            "WRONG {:?} {}",
                            t,
                            sudoku_sensei::render::text::step_line(s)
                        );
                    }
                }
            }
        }
    }
    for (k, t) in techs.iter().enumerate() {
        println!(
            "{:<28} found in {:>4}/{}  avg {:>9.3?}  max {:>9.3?}",
            format!("{t:?}"),
            found[k],
            lines.len(),
            tot[k] / lines.len() as u32,
            max[k]
        );
    }
    println!("steps checked {steps_checked}, wrong {wrong}");
}
