//! `sensei canon`: the minlex canonical form of each puzzle, in input order.

use super::batch::{self, Batch, Plan, Threads};
use super::finish;
use super::input::Accept;
use std::io::{self, BufWriter, Write};
use sudoku_sensei::canon;

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

/// Puzzles read, put in form in parallel and printed at a time (`canon`
/// and `dedupe`).
pub const PLAN: Plan = Plan {
    chunk: 4096,
    threads: Threads::Pool(None),
};

pub fn run(a: &Args) -> u8 {
    finish(canon_all(a))
}

fn canon_all(a: &Args) -> io::Result<u8> {
    let mut batch = Batch::open(&a.inputs, Accept::Puzzles, "canonicalising", a.quiet);
    let several = batch.several_inputs();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    batch.run(
        &mut out,
        PLAN,
        |entry| canon::minlex(&entry.grid),
        |out, item, form, _| match form {
            Ok(c) => {
                out.write_all(&c.form.line_bytes())?;
                if a.transform {
                    write!(out, "\t{}\t{}", c.transform, c.automorphisms)?;
                }
                out.write_all(b"\n")
            }
            // one line per input puzzle: the error keeps its place
            Err(e) => writeln!(out, "# error: {}", batch::error_text(several, item, e)),
        },
    )?;
    batch.finish(&mut out)
}
