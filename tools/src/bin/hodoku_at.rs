//! Every step sensei finds for some techniques at one point of its HoDoKu
//! rating solve: `cargo run --release -p sensei-tools --bin hodoku_at -- <puzzle> <n> <slug>...`
//! (the position before step n of the HoDoKu solve), with the candidates.

use std::ops::ControlFlow;
use sudoku_sensei::strategies::{self, Context};
use sudoku_sensei::{grade, parse, Board, Technique};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let g = parse(&args[0]).expect("puzzle");
    let n: usize = args[1].parse().expect("step");
    let t = grade::hodoku_trace(&g);
    let mut board = Board::from_grid(&g).expect("board");
    for s in t.steps.iter().take(n) {
        s.apply(&mut board);
    }
    for r in 0..9u8 {
        let row: Vec<String> = (0..9u8)
            .map(|c| {
                let cell = sudoku_sensei::Cell::at(r, c);
                match board.value(cell) {
                    Some(d) => format!("{d}"),
                    None => board
                        .candidates(cell)
                        .iter()
                        .map(|d| d.to_string())
                        .collect(),
                }
            })
            .collect();
        println!(
            "{}",
            row.iter().map(|s| format!("{s:>9}")).collect::<String>()
        );
    }
    let ctx = Context::new(true);
    for slug in &args[2..] {
        let tech = Technique::all().find(|t| t.slug() == slug).expect("slug");
        let _ = strategies::find(tech, &board, &ctx, &mut |s| {
            let lens = match &s.evidence {
                sudoku_sensei::step::Evidence::Forcing { branches, .. } => branches
                    .iter()
                    .map(|b| 1 + b.chain.len())
                    .collect::<Vec<_>>(),
                _ => vec![],
            };
            println!("{:?} {}", lens, sudoku_sensei::render::text::step_line(&s));
            ControlFlow::Continue(())
        });
    }
}
