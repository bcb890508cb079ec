//! `sensei dedupe`: drop the puzzles equivalent to an earlier one.

use super::input::{Accept, Inputs, Item};
use super::{finish, Status};
use std::collections::HashMap;
use std::io::{self, BufWriter, Write};
use sudoku_sensei::Grid;

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input).
    inputs: Vec<String>,
    /// Instead of the puzzles, list each class of equivalent puzzles: its minlex form, how many
    /// members it has and their line numbers (`file:line` when there are several files).
    #[arg(long)]
    report: bool,
    /// Never show progress or the count.
    #[arg(long)]
    quiet: bool,
}

pub fn run(a: &Args) -> u8 {
    finish(dedupe(a))
}

fn dedupe(a: &Args) -> io::Result<u8> {
    let mut inputs = Inputs::open(&a.inputs, Accept::Puzzles, "deduplicating", a.quiet);
    let progress = inputs.progress();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut status = Status::default();
    // form → index of its class; classes in order of first appearance
    let mut seen: HashMap<Grid, usize> = HashMap::new();
    let mut classes: Vec<(Grid, Vec<String>)> = Vec::new();
    let (mut total, mut kept) = (0usize, 0usize);
    let several = a.inputs.len() > 1;
    loop {
        let chunk: Vec<Item> = inputs.by_ref().take(super::canon::CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        for (item, form) in chunk.iter().zip(super::canon::forms(&chunk)) {
            let (entry, c) = match (&item.entry, form) {
                (Ok(entry), Some(c)) => (entry, c),
                (Err(e), _) => {
                    status.error = true;
                    progress.report(&item.name, e);
                    continue;
                }
                (Ok(_), None) => continue,
            };
            total += 1;
            let place = if several {
                format!("{}:{}", item.name, entry.line)
            } else {
                entry.line.to_string()
            };
            match seen.get(&c.form) {
                Some(&class) => classes[class].1.push(place),
                None => {
                    seen.insert(c.form.clone(), classes.len());
                    classes.push((c.form, vec![place]));
                    kept += 1;
                    if !a.report {
                        out.write_all(&entry.grid.line_bytes())?;
                        out.write_all(b"\n")?;
                    }
                }
            }
            progress.done(item.bytes);
        }
        progress.flush(&mut out)?;
    }
    if a.report {
        for (form, members) in &classes {
            out.write_all(&form.line_bytes())?;
            writeln!(out, "\t{}\t{}", members.len(), members.join(","))?;
        }
    }
    inputs.finish(&mut status);
    out.flush()?;
    if !a.quiet {
        eprintln!(
            "sensei: {total} puzzles, {kept} kept, {} equivalent to an earlier one removed",
            total - kept
        );
    }
    Ok(status.code())
}
