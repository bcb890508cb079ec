//! `sensei hint`: the next step from a position, a little at a time.

use super::input::{read_inputs, Input};
use super::{finish, TechniqueArgs, TextOrJson};
use std::io::{self, Write};
use sudoku_sensei::hint::{self, Hint};
use sudoku_sensei::render::{json as rjson, text as rtext};
use sudoku_sensei::Board;

#[derive(clap::Args)]
pub struct Args {
    /// File holding one position (`-` or none: standard input).
    input: Option<String>,
    /// 1: the technique's name; 2: also where to look; 3: the full step.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    level: u8,
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
    #[command(flatten)]
    techniques: TechniqueArgs,
}

pub fn run(a: &Args) -> u8 {
    finish(hint(a))
}

fn hint(a: &Args) -> io::Result<u8> {
    let opts = a.techniques.options();
    let inputs = read_inputs(a.input.as_deref())?;
    let board = match inputs.into_iter().next() {
        Some((_, Input::Position(b))) => *b,
        Some((line, Input::Puzzle(g))) => match Board::from_grid(&g) {
            Ok(b) => b,
            Err(c) => {
                eprintln!("sensei: line {line}: the puzzle cannot be solved: {c}");
                return Ok(1);
            }
        },
        Some((_, Input::Bad(m))) => {
            eprintln!("sensei: {m}");
            return Ok(2);
        }
        None => {
            eprintln!("sensei: no position found in the input");
            return Ok(2);
        }
    };
    let hint = hint::next_hint(&board, &opts);
    let mut out = io::stdout().lock();
    match a.format {
        TextOrJson::Json => writeln!(out, "{}", rjson::hint_json(&hint, a.level))?,
        TextOrJson::Text => write!(out, "{}", rtext::hint_text(&hint, a.level))?,
    }
    Ok(match hint {
        Hint::Step(_) | Hint::Solved => 0,
        _ => 1,
    })
}
