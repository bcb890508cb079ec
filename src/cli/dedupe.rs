//! `sensei dedupe`: drop the puzzles equivalent to an earlier one.

use super::batch::Batch;
use super::finish;
use super::input::Accept;
use std::collections::HashMap;
use std::io::{self, BufWriter, Write};
use sudoku_sensei::{canon, Grid};

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
    let mut batch = Batch::open(&a.inputs, Accept::Puzzles, "deduplicating", a.quiet);
    let several = batch.several_inputs();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    // form → index of its class; classes in order of first appearance
    let mut seen: HashMap<Grid, usize> = HashMap::new();
    let mut classes: Vec<(Grid, Vec<String>)> = Vec::new();
    let (mut total, mut kept) = (0usize, 0usize);
    batch.run(
        &mut out,
        super::canon::PLAN,
        |entry| canon::minlex(&entry.grid),
        |out, item, form, _| {
            // (dedupe drops lines by design: an unreadable one is only
            // reported)
            let (Ok(entry), Ok(c)) = (&item.entry, form) else {
                return Ok(());
            };
            total += 1;
            let place = if several {
                format!("{}:{}", item.name, entry.line)
            } else {
                entry.line.to_string()
            };
            match seen.get(&c.form) {
                Some(&class) => {
                    if let Some((_, members)) = classes.get_mut(class) {
                        members.push(place);
                    }
                }
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
            Ok(())
        },
    )?;
    if a.report {
        for (form, members) in &classes {
            out.write_all(&form.line_bytes())?;
            writeln!(out, "\t{}\t{}", members.len(), members.join(","))?;
        }
    }
    let code = batch.finish(&mut out)?;
    if !a.quiet && code != super::batch::INTERRUPTED {
        say!(
            "sensei: {total} puzzles, {kept} kept, {} equivalent to an earlier one removed",
            total - kept
        );
    }
    Ok(code)
}
