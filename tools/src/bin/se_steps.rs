//! The steps of sensei's SE rating solve of one puzzle, each with its SE
//! rating: `cargo run --release -p sensei-tools --bin se_steps -- <puzzle>`.

use sudoku_sensei::grade;
use sudoku_sensei::parse;

fn main() {
    for p in std::env::args().skip(1) {
        let g = parse(&p).expect("puzzle");
        let (t, r) = grade::se_solve(&g);
        for (i, (s, r)) in t.steps.iter().zip(&r).enumerate() {
            println!(
                "{i:3} {r:4.1} {}",
                sudoku_sensei::render::text::step_line(s)
            );
        }
        println!();
    }
}
