//! `sensei show`: draw a position alone (givens, placed values, pencil
//! marks) as an SVG picture, or as a pencil-mark grid in text.

use clap::ValueEnum;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use sudoku_sensei::format;
use sudoku_sensei::render::svg;
use sudoku_sensei::{Board, DigitSet};

/// Draw a puzzle or a position: an SVG picture (600 px wide) or a text grid.
///
/// The input is one puzzle (its pencil marks are then every digit its
/// values allow) or one player's position: a 729-character candidate
/// string, a pencil-mark grid or a HoDoKu library line.
#[derive(clap::Args)]
#[command(after_help = "\
Examples:
  sensei show examples/hard.txt -o hard.svg
  sensei show --no-candidates --title 'Puzzle 1' examples/hard.txt > hard.svg
  sensei show --format text examples/position.txt")]
pub struct Args {
    /// File holding one puzzle or position (`-` or none: standard input).
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
    let name = a.input.as_deref().unwrap_or("-");
    let mut text = String::new();
    if name == "-" {
        io::stdin().read_to_string(&mut text)?;
    } else {
        text = std::fs::read_to_string(name)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot read {name}: {e}")))?;
    }
    let shown = if name == "-" { "<stdin>" } else { name };
    let mut board = match format::parse_position(&text) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("sensei: {shown}: {e}");
            return Ok(2);
        }
    };
    if a.no_candidates {
        match Board::from_pencilmarks(board.grid(), &[DigitSet::EMPTY; 81]) {
            Ok(b) => board = b,
            Err(c) => {
                eprintln!("sensei: {shown}: {c}");
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
