//! Reading the inputs named on the command line, or standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use sudoku_sensei::format::{self, PuzzleReader};
use sudoku_sensei::solver::{self, Options};
use sudoku_sensei::{Board, Grid, Trace};

/// An input source: a named file or standard input.
pub fn open(name: &str) -> io::Result<Box<dyn BufRead>> {
    if name == "-" {
        Ok(Box::new(BufReader::new(io::stdin())))
    } else {
        File::open(name)
            .map(|f| Box::new(BufReader::new(f)) as Box<dyn BufRead>)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot read {name}: {e}")))
    }
}

/// The inputs named on the command line, or standard input when none is.
pub fn inputs_or_stdin(names: &[String]) -> Vec<String> {
    if names.is_empty() {
        vec!["-".to_string()]
    } else {
        names.to_vec()
    }
}

fn read_all(name: Option<&str>) -> io::Result<String> {
    let mut s = String::new();
    open(name.unwrap_or("-"))?.read_to_string(&mut s)?;
    Ok(s)
}

/// One thing to explain or hint from: a puzzle (givens only), a player's
/// position (with pencil marks), or an input that could not be read.
pub enum Input {
    Puzzle(Grid),
    Position(Box<Board>),
    Bad(String),
}

impl Input {
    pub fn trace(&self, opts: &Options) -> Result<Trace, String> {
        match self {
            Input::Puzzle(g) => Ok(solver::solve(g, opts)),
            Input::Position(b) => Ok(solver::solve_position(b, opts)),
            Input::Bad(m) => Err(m.clone()),
        }
    }
}

/// Read an input: every puzzle in it, or else one player's position
/// (candidate string, pencil marks, HoDoKu line). Each with its line number.
pub fn read_inputs(name: Option<&str>) -> io::Result<Vec<(usize, Input)>> {
    let text = read_all(name)?;
    // A HoDoKu library line is a position: it may carry removed pencil marks.
    let first_line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    if let Some(line) = first_line.filter(|l| l.starts_with(':')) {
        return Ok(vec![(
            1,
            match format::parse_position(line) {
                Ok(board) => Input::Position(Box::new(board)),
                Err(e) => Input::Bad(e.to_string()),
            },
        )]);
    }
    let mut inputs = Vec::new();
    let mut first_error = None;
    for e in PuzzleReader::new(text.as_bytes()) {
        match e {
            Ok(entry) => inputs.push((entry.line, Input::Puzzle(entry.grid))),
            Err(err) => {
                let line = err.line.unwrap_or(0);
                if first_error.is_none() {
                    first_error = Some(err.to_string());
                }
                inputs.push((line, Input::Bad(err.to_string())));
            }
        }
    }
    if first_error.is_some() || inputs.is_empty() {
        // Not (only) a list of puzzles: perhaps one player's position.
        if let Ok(board) = format::parse_position(&text) {
            return Ok(vec![(1, Input::Position(Box::new(board)))]);
        }
    }
    if inputs.is_empty() {
        inputs.push((1, Input::Bad("no puzzle found in the input".to_string())));
    }
    Ok(inputs)
}
