//! `sensei grade --pipe`: one output line for each input line, in order,
//! for tools that pair them by position (Spark's `RDD.pipe`, GNU
//! parallel's `--pipe`, `paste`).
//!
//! Each input line is read alone as one puzzle (an 81-character line, a
//! LeetCode board or a HoDoKu library line on one line). A line that is no
//! puzzle (blank, a comment, bad text) still gives its row, with `error`
//! in the outcome column and the message in the last column, `error`.
//! There is no header, and the exit status is 0 unless an input cannot be
//! read (2) or Ctrl-C came (130): a puzzle without a unique solution or a
//! bad line is an answer, not a failure of the command, so the tool that
//! started it does not take the batch for failed.

use super::batch;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use sudoku_sensei::format;
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::render::tsv;

/// Lines graded in parallel at a time when there are several threads.
const CHUNK: usize = 512;

/// Grade each line of `inputs` (none, or `-`: standard input) on `scales`
/// with `threads` workers, writing one row per line to standard output;
/// the exit code.
pub fn run(inputs: &[String], scales: Scales, threads: Option<u16>) -> u8 {
    batch::watch();
    match grade_lines(inputs, scales, threads) {
        Ok(code) => code,
        // a closed output (the reader went away) is no error of ours
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            say!("sensei: {e}");
            2
        }
    }
}

fn grade_lines(inputs: &[String], scales: Scales, threads: Option<u16>) -> io::Result<u8> {
    let stdin = ["-".to_string()];
    let names = if inputs.is_empty() {
        &stdin[..]
    } else {
        inputs
    };
    // the pool is sized for a stream of unknown length
    let threads = batch::thread_count(threads, None, batch::cores());
    let pool = batch::pool(threads)?;
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut code = 0;
    let mut number = 0usize;
    for name in names {
        let reader: Box<dyn BufRead> = if name == "-" {
            Box::new(BufReader::new(io::stdin()))
        } else {
            match File::open(name) {
                Ok(f) => Box::new(BufReader::new(f)),
                Err(e) => {
                    say!("sensei: {name}: cannot read it: {e}");
                    code = 2;
                    continue;
                }
            }
        };
        let mut lines = reader.split(b'\n');
        loop {
            // one line at a time with one thread: each row is written as
            // soon as its line is graded (a stream never waits for a chunk)
            let size = if threads == 1 { 1 } else { CHUNK };
            let mut chunk = Vec::with_capacity(size);
            for line in lines.by_ref().take(size) {
                number += 1;
                chunk.push((number, line?));
            }
            if chunk.is_empty() {
                break;
            }
            let rows = pool.install(|| {
                batch::map_in_order(&chunk, threads > 1, |(n, text)| row(*n, text, scales))
            });
            for r in &rows {
                out.write_all(r.as_bytes())?;
            }
            if batch::requested() {
                out.flush()?;
                batch::report(number as u64);
                return Ok(batch::INTERRUPTED);
            }
            if threads == 1 {
                out.flush()?;
            }
        }
    }
    out.flush()?;
    Ok(code)
}

/// The row of input line `number`: its ratings and an empty `error`, or
/// `error` and why.
fn row(number: usize, bytes: &[u8], scales: Scales) -> String {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let entry = std::str::from_utf8(bytes)
        .map_err(|_| "invalid UTF-8 here (save the text as UTF-8)".to_string())
        .and_then(|text| {
            format::parse_entry(text).map_err(|e| match (e.line(), e.column()) {
                // the line read alone is line 1: name the input's line
                (Some(_), Some(c)) => format!("line {number}, column {c}: {}", e.kind()),
                (Some(_), None) => format!("line {number}: {}", e.kind()),
                _ => e.to_string(),
            })
        })
        .and_then(|entry| match entry.position {
            Some(_) => Err("grade rates puzzles, not positions with pencil marks".to_string()),
            None => Ok(entry.grid),
        });
    match entry {
        Ok(grid) => {
            let rating = grade::grade(&grid, scales);
            let mut r = tsv::grade_row(number, &grid, scales, &rating);
            r.insert_str(r.len() - 1, "\t-");
            r
        }
        Err(why) => error_row(number, scales, &why),
    }
}

/// The row of a line that is no puzzle: `-` in every column but the
/// outcome (HoDoKu's level column, as for a puzzle without a unique
/// solution) and `error`.
fn error_row(number: usize, scales: Scales, why: &str) -> String {
    let mut cols = vec![number.to_string(), "-".to_string()];
    if scales.se {
        cols.extend(["-", "-", "-"].map(String::from));
    }
    if scales.hodoku {
        cols.extend(["error", "-"].map(String::from));
    }
    if scales.class {
        cols.push("-".into());
    }
    cols.extend(["-", "-"].map(String::from));
    // (a message is one line without tabs; a bad character may be either)
    cols.push(why.replace(['\t', '\n', '\r'], " "));
    let mut s = cols.join("\t");
    s.push('\n');
    s
}
