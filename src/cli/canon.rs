//! `sensei canon`: the minlex canonical form of each puzzle, in input order.

use super::input::{Accept, Inputs, Item};
use super::{finish, Status};
use rayon::prelude::*;
use std::io::{self, BufWriter, Write};
use sudoku_sensei::canon::{self, Canonical};

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input).
    inputs: Vec<String>,
    /// Also print, after a tab, the transformation that maps the puzzle to its form
    /// (`[T]R<rows>C<columns>D<digits>`, docs/canon.md), and the number of automorphisms.
    #[arg(long)]
    transform: bool,
    /// Never show progress.
    #[arg(long)]
    quiet: bool,
}

/// Puzzles read, put in form in parallel and printed at a time.
pub const CHUNK: usize = 4096;

pub fn run(a: &Args) -> u8 {
    finish(canon_all(a))
}

/// The forms of a chunk of items, in parallel (`None` for unreadable ones).
pub fn forms(chunk: &[Item]) -> Vec<Option<Canonical>> {
    chunk
        .par_iter()
        .map(|item| item.entry.as_ref().ok().map(|e| canon::minlex(&e.grid)))
        .collect()
}

fn canon_all(a: &Args) -> io::Result<u8> {
    let mut inputs = Inputs::open(&a.inputs, Accept::Puzzles, "canonicalising", a.quiet);
    inputs.defer_empty_notices();
    let progress = inputs.progress();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut status = Status::default();
    loop {
        let chunk: Vec<Item> = inputs.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        for (item, form) in chunk.iter().zip(forms(&chunk)) {
            item.report_skipped(&progress);
            match (&item.entry, form) {
                (Ok(_), Some(c)) => {
                    out.write_all(&c.form.line_bytes())?;
                    if a.transform {
                        write!(out, "\t{}\t{}", c.transform, c.automorphisms)?;
                    }
                    out.write_all(b"\n")?;
                }
                (Err(e), _) => {
                    // one line per input puzzle: the error keeps its place
                    status.error = true;
                    progress.report(&item.name, e);
                    writeln!(out, "# error: {e}")?;
                }
                (Ok(_), None) => {}
            }
            progress.done(item.bytes);
        }
        progress.flush(&mut out)?;
    }
    inputs.finish(&mut status);
    out.flush()?;
    Ok(status.code())
}
