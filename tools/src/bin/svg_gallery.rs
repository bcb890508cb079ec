//! A gallery of step pictures to look at: for every technique sensei
//! implements, one step from HoDoKu's regression library (or, for the
//! techniques it has no case for, from solving a puzzle that needs them),
//! drawn at the three hint levels, plus an index page showing them all.
//!
//!     cargo run --release -p sensei-tools --bin svg_gallery -- OUT_DIR [FILTER]
//!
//! Needs ../shared/data/conformance/hodoku_reglib_1.3.txt; FILTER keeps the
//! techniques whose slug contains it.

use std::fmt::Write as _;
use std::path::PathBuf;
use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::svg;
use sudoku_sensei::solver::{Options, Profile};
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{parse, solve, Board, HintLevel, Step, Technique};

/// Puzzles for techniques the library has no case for.
const PUZZLES: &[&str] = &[
    // forcing nets, nested nets, templates (top1465 and the forum's hardest)
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
];

fn main() {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().unwrap_or_else(|| "gallery".to_string()));
    let filter = args.next().unwrap_or_default();
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("cannot create {}: {e}", out.display());
        std::process::exit(2);
    }
    let lib = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/conformance/hodoku_reglib_1.3.txt"
    );
    let text = std::fs::read_to_string(lib).unwrap_or_default();
    let ctx = Context::new(true);
    let mut found: Vec<(Technique, Board, Step)> = Vec::new();
    for line in text.lines().filter(|l| l.starts_with(':')) {
        let Ok(case) = parse_library_line(line) else {
            continue;
        };
        let Some(t) = case.technique else { continue };
        if case.variant.as_deref() == Some("x") || found.iter().any(|(f, _, _)| *f == t) {
            continue;
        }
        let steps = all_steps(t, &case.board, &ctx);
        let step = steps
            .iter()
            .find(|s| s.eliminations == case.eliminations && s.placements == case.placements)
            .or(steps.first());
        if let Some(s) = step {
            found.push((t, case.board.clone(), s.clone()));
        }
    }
    let missing: Vec<Technique> = Technique::all()
        .filter(|&t| t.is_implemented() && !found.iter().any(|(f, _, _)| *f == t))
        .collect();
    let opts = Options::with_profile(Profile::All);
    for p in PUZZLES {
        let Ok(grid) = parse(p) else { continue };
        let trace = solve(&grid, &opts);
        for (board, step) in trace.positions() {
            if missing.contains(&step.technique)
                && !found.iter().any(|(f, _, _)| *f == step.technique)
            {
                found.push((step.technique, board, step.clone()));
            }
        }
    }
    found.sort_by_key(|(t, _, _)| *t);
    let mut index = String::from(
        "<!doctype html><meta charset=\"utf-8\"><title>sensei gallery</title>\
         <style>body{font-family:sans-serif}img{width:600px;border:1px solid #ccc;margin:4px}</style>",
    );
    for (t, board, step) in &found {
        if !t.slug().contains(&filter) {
            continue;
        }
        let _ = write!(index, "<h2>{}</h2>", t.name());
        for level in HintLevel::ALL {
            let name = format!("{}-{}.svg", t.slug(), level.number());
            if let Err(e) = std::fs::write(out.join(&name), svg::step(board, step, level)) {
                eprintln!("cannot write {name}: {e}");
            }
            let _ = write!(index, "<img src=\"{name}\">");
        }
    }
    let _ = std::fs::write(out.join("index.html"), index);
    let none: Vec<&str> = Technique::all()
        .filter(|&t| t.is_implemented() && !found.iter().any(|(f, _, _)| *f == t))
        .map(|t| t.slug())
        .collect();
    println!(
        "{} techniques drawn in {}; none found for: {}",
        found.len(),
        out.display(),
        none.join(", ")
    );
}
