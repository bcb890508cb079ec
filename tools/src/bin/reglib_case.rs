//! What sensei finds for chosen cases of HoDoKu's regression library: the
//! expected step, then every step sensei's finder for that technique gives
//! (shortest first), marking the one that matches.
//!
//! `cargo run --release -p sensei-tools --bin reglib_case -- ../shared/data/conformance/hodoku_reglib_1.3.txt 1253 1299 [--grid]`
//!
//! `--grid` also prints the position's pencil marks.

use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::{eliminations_text, step_line};
use sudoku_sensei::strategies::{all_steps, Context};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: reglib_case LIBRARY LINE...");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let lines: Vec<&str> = text.lines().collect();
    let show_grid = args.iter().any(|a| a == "--grid");
    for arg in args[1..].iter().filter(|a| *a != "--grid") {
        let Some(line) = arg
            .parse::<usize>()
            .ok()
            .and_then(|n| lines.get(n.wrapping_sub(1)))
        else {
            eprintln!("{arg}: no such line");
            continue;
        };
        println!("line {arg}: {line}");
        let case = match parse_library_line(line) {
            Ok(c) => c,
            Err(e) => {
                println!("  cannot parse: {e}");
                continue;
            }
        };
        let Some(t) = case.technique else {
            println!("  technique not known");
            continue;
        };
        println!(
            "  expected: {} {}",
            t.name(),
            eliminations_text(&case.eliminations)
        );
        if show_grid {
            println!("{}", sudoku_sensei::format::pencilmarks(&case.board));
        }
        let steps = all_steps(t, &case.board, &Context::new(true));
        for s in &steps {
            let hit = s.eliminations == case.eliminations && s.placements == case.placements;
            println!("  {} {}", if hit { "=>" } else { "  " }, step_line(s));
        }
        println!("  ({} steps)", steps.len());
    }
}
