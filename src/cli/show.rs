//! `sensei show`: draw a position alone (givens, placed values, pencil
//! marks) as an SVG picture, or as a pencil-mark grid in text.

use super::input::first_entry;
use clap::ValueEnum;
use std::io::{self, Write};
use std::path::PathBuf;
use sudoku_sensei::format;
use sudoku_sensei::render::{svg, text as rtext};
use sudoku_sensei::{Board, DigitSet};

// Draw a puzzle or a position: an SVG picture (600 px wide) or a text grid.
//
// The input is one puzzle (its pencil marks are then every digit its
// values allow) or one player's position: a 729-character candidate
// string, a pencil-mark grid or a HoDoKu library line.
#[derive(clap::Args)]
#[command(after_help = "\
Examples:
  sensei show examples/hard.txt -o hard.svg
  sensei show --no-candidates --title 'Puzzle 1' examples/hard.txt > hard.svg
  sensei show --format text examples/position.txt")]
pub struct Args {
    /// File holding one puzzle or position (`-` or none: standard input); of several, the first
    /// is drawn (and a note on stderr says so).
    input: Option<String>,
    #[arg(long, value_enum, default_value_t = ShowFormat::Svg)]
    format: ShowFormat,
    /// Write the picture to FILE instead of standard output.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Draw the values only, without pencil marks.
    #[arg(long)]
    no_candidates: bool,
    /// A line of text under the grid (SVG only).
    #[arg(long)]
    title: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ShowFormat {
    /// An SVG picture.
    Svg,
    /// The pencil-mark grid in text.
    Text,
}

pub fn run(a: &Args) -> u8 {
    super::finish(show(a))
}

fn show(a: &Args) -> io::Result<u8> {
    // the one input path of every command: the same formats, messages
    // and exit codes as `hint`
    let (name, entry) = match first_entry(a.input.as_ref(), "this picture is of") {
        Ok(first) => first,
        Err(code) => return Ok(code), // reported
    };
    let mut board = match entry.position {
        Some(board) => *board,
        None => match Board::from_grid(&entry.grid) {
            Ok(board) => board,
            Err(c) => {
                let why = rtext::values_contradiction(&entry.grid, &c);
                say!("sensei: {name}: line {}: {why}", entry.line);
                return Ok(2);
            }
        },
    };
    if a.no_candidates {
        match Board::from_pencilmarks(board.grid(), &[DigitSet::EMPTY; 81]) {
            Ok(b) => board = b,
            Err(c) => {
                say!("sensei: {name}: {c}");
                return Ok(2);
            }
        }
    }
    let drawing = match (a.format, &a.title) {
        (ShowFormat::Text, _) => format::pencilmarks(&board) + "\n",
        (ShowFormat::Svg, Some(t)) => svg::position_titled(&board, t),
        (ShowFormat::Svg, None) => svg::position(&board),
    };
    match &a.out {
        Some(path) => std::fs::write(path, drawing).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
        })?,
        None => io::stdout().lock().write_all(drawing.as_bytes())?,
    }
    Ok(0)
}
