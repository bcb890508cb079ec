//! An app built on sudoku-sensei's public API only (the crate root and its
//! documented modules), the way a trainer or a puzzle site would use it:
//! read a puzzle, explain it, hint a little at a time, rate it, count its
//! solutions, and start from a player's pencil marks.
//!
//! `cargo run --example app` (`.ci/run` runs it; `tests/it/docs.rs` checks
//! that it names nothing hidden).

use sudoku_sensei::{
    count_solutions, grade, hint, parse, parse_position, render, solve, Count, Evidence, Hint,
    HintLevel, Options, Outcome, ParseErrorKind, Scales,
};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Explain: every step, with the technique and what it did.
    let puzzle = parse(PUZZLE)?;
    let trace = solve(&puzzle, &Options::default());
    match &trace.outcome {
        Outcome::Solved { guesses } => {
            println!("solved in {} steps, {guesses} guesses", trace.steps.len())
        }
        other => println!("not solved: {}", render::text::outcome_text(other)),
    }
    for step in trace
        .steps
        .iter()
        .filter(|s| s.eliminations.len() > 2)
        .take(3)
    {
        println!("  {}", render::text::step_line(step));
        // the evidence is data: a fish names its base and cover houses
        if let Evidence::Fish { base, cover, .. } = &step.evidence {
            println!(
                "    {} base houses, {} cover houses",
                base.len(),
                cover.len()
            );
        }
    }

    // Hint: the technique, then where to look (as data), then the step.
    let position = parse_position(PUZZLE)?;
    let found = hint(&position, &Options::default());
    for level in HintLevel::ALL {
        print!(
            "level {}: {}",
            level.number(),
            render::text::hint_text(&found, level)
        );
    }
    if let Hint::Step(step) = &found {
        let focus = step.focus();
        println!(
            "focus: {} houses, {} cells, {} digits",
            focus.houses.len(),
            focus.cells.len(),
            focus.digits.len()
        );
    }

    // Rate on every scale.
    let rating = grade(&puzzle, Scales::default());
    if let (Some(se), Some(h)) = (rating.se, rating.hodoku) {
        println!("ER {:.1}, HoDoKu {} {}", se.er, h.level.name(), h.score);
    }

    // Count: exactly, or at least when the search stops at its limit.
    match count_solutions(&parse(&".".repeat(81))?, 100) {
        Count::AtLeast(n) => println!("the empty grid has at least {n} solutions"),
        other => println!("{other:?}"),
    }

    // A player's position: placed values (+) and removed pencil marks.
    let player = parse_position(
        ":0000:x:4+1+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:215 915:::",
    )?;
    println!(
        "{}",
        render::text::hint_text(&hint(&player, &Options::default()), HintLevel::Technique)
            .trim_end()
    );

    // Errors are typed: match the kind, report the place.
    match parse("12345678x") {
        Err(e) if matches!(e.kind(), ParseErrorKind::BadCharacter { .. }) => {
            println!(
                "bad character at line {:?}, column {:?}",
                e.line(),
                e.column()
            )
        }
        Err(e) => println!("error: {e}"),
        Ok(_) => println!("read"),
    }

    // JSON for other programs: one line, schema in docs/trace-format.md.
    let json = render::json::trace(&trace);
    println!("JSON trace: {} bytes", json.len());
    Ok(())
}
