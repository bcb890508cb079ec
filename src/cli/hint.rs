//! `sensei hint`: the next step from a position, a little at a time.

use super::input::first_entry;
use super::{finish, TechniqueArgs};
use std::io::{self, Write};
use sudoku_sensei::hint::{self, Hint, HintLevel};
use sudoku_sensei::render::{json as rjson, svg, text as rtext};
use sudoku_sensei::Board;

#[derive(clap::Args)]
pub struct Args {
    /// File holding one position (`-` or none: standard input); of several, the first is used
    /// (and a note on stderr says so).
    input: Option<String>,
    /// 1: the technique's name; 2: also where to look; 3: the full step.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    level: u8,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    techniques: TechniqueArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// The hint in words.
    Text,
    /// The hint as JSON (see docs/trace-format.md).
    Json,
    /// An SVG picture at the hint's level, showing no more than its words: 1 the position alone, 2
    /// where to look (the houses, cells and digits of the step's focus), 3 the whole step.
    Svg,
}

/// The level asked for (clap has checked it is 1, 2 or 3).
fn level(a: &Args) -> HintLevel {
    HintLevel::try_from(i64::from(a.level)).unwrap_or(HintLevel::Technique)
}

pub fn run(a: &Args) -> u8 {
    finish(hint(a))
}

fn hint(a: &Args) -> io::Result<u8> {
    let opts = a.techniques.options();
    let (name, entry) = match first_entry(a.input.as_ref(), "this hint is for") {
        Ok(first) => first,
        Err(code) => return Ok(code), // reported
    };
    // a player's position, whose values may be the player's
    let is_position = entry.position.is_some();
    let board = match entry.position {
        Some(board) => *board,
        None => match Board::from_grid(&entry.grid) {
            Ok(board) => board,
            Err(c) => {
                let why = format!(
                    "line {}: the puzzle cannot be solved: {}",
                    entry.line,
                    rtext::values_contradiction(&entry.grid, &c)
                );
                say!("sensei: {name}: {why}");
                return Ok(1);
            }
        },
    };
    let hint = hint::hint(&board, &opts);
    let mut out = io::stdout().lock();
    match a.format {
        Format::Json => writeln!(out, "{}", rjson::hint_record(&hint, level(a), None))?,
        Format::Text => {
            write!(out, "{}", rtext::hint_text(&hint, level(a)))?;
            match rtext::unchecked_values_note(&hint, &board) {
                Some(note) if is_position => writeln!(out, "{note}")?,
                _ => {}
            }
        }
        Format::Svg => write!(out, "{}", svg::hint(&board, &hint, level(a)))?,
    }
    Ok(match hint {
        Hint::Step(_) | Hint::Solved => 0,
        _ => 1,
    })
}
