//! `sensei stats`: what a collection of puzzles is made of: HoDoKu levels,
//! Sudoku Explainer's ER, QQWing classes, the techniques used and the
//! hardest ones, the number of givens; as text and as an SVG chart (drawn
//! by `sudoku_sensei::render::stats`: this command grades and writes).

use super::batch::{Batch, Plan, Threads};
use super::finish;
use super::input::Accept;
use std::io::{self, BufWriter, Write};
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::render::stats::{self, Figures, One};

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input).
    inputs: Vec<String>,
    /// Also write the figures as an SVG chart to this file (`-`: standard output, instead of the
    /// text).
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// A title for the chart (default: the input's name).
    #[arg(long)]
    title: Option<String>,
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Never show progress.
    #[arg(long)]
    quiet: bool,
}

fn examine(grid: &sudoku_sensei::Grid) -> One {
    let rating = grade::grade(grid, Scales::ALL);
    // the HoDoKu solve `grade` names the hardest step from
    let trace = grade::hodoku_trace(grid);
    One {
        givens: grid.filled(),
        level: rating.hodoku.map(|h| h.level),
        er: rating.se.map(|s| s.er),
        class: rating.class.map(|c| c.name().to_string()),
        hardest: rating.hardest,
        used: trace
            .steps
            .iter()
            .map(|s| s.technique)
            .chain(rating.hardest)
            .collect(),
    }
}

pub fn run(a: &Args) -> u8 {
    finish(stats_of(a))
}

fn stats_of(a: &Args) -> io::Result<u8> {
    let mut batch = Batch::open(&a.inputs, Accept::Puzzles, "grading", a.quiet);
    let mut f = Figures::default();
    let plan = Plan {
        chunk: 512,
        threads: Threads::Pool(a.threads),
    };
    // (nothing is written while the puzzles are graded: the figures come
    // after the last one)
    batch.run(
        &mut io::sink(),
        plan,
        |entry| examine(&entry.grid),
        |_, _, one, _| {
            if let Ok(one) = one {
                f.add(one);
            }
            Ok(())
        },
    )?;
    let title = a
        .title
        .clone()
        .unwrap_or_else(|| match a.inputs.as_slice() {
            [one] => one.clone(),
            [] => "standard input".into(),
            many => format!("{} files", many.len()),
        });
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if f.unrated > 0 {
        batch.status.not_solved = true;
    }
    match a.svg.as_deref() {
        Some("-") => out.write_all(stats::svg(&f, &title).as_bytes())?,
        Some(path) => {
            out.write_all(stats::text(&f).as_bytes())?;
            if let Err(e) = std::fs::write(path, stats::svg(&f, &title)) {
                say!("sensei: {path}: cannot write it: {e}");
                batch.status.error = true;
            }
        }
        None => out.write_all(stats::text(&f).as_bytes())?,
    }
    batch.finish(&mut out)
}
