//! `sensei grade`: ratings on three scales, in parallel, in input order.

use super::input::{inputs_or_stdin, open};
use super::progress::progress;
use super::{display_name, finish, Status};
use clap::ValueEnum;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::Instant;
use sudoku_sensei::format::{self, Entry, PuzzleReader};
use sudoku_sensei::grade::{self, Rating, Scales};
use sudoku_sensei::render::{json as rjson, text, tsv};
use sudoku_sensei::Grid;

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input).
    inputs: Vec<String>,
    #[arg(long, value_enum, default_value_t = GradeFormat::Tsv)]
    format: GradeFormat,
    /// Print only this scale (default: all three).
    #[arg(long, value_enum)]
    scale: Option<ScaleArg>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Never show a progress bar or the summary.
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GradeFormat {
    /// Tab-separated columns with a header line.
    Tsv,
    /// One JSON object per puzzle (JSON lines).
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ScaleArg {
    /// Sudoku Explainer's ER/EP/ED.
    Se,
    /// HoDoKu's level and score.
    Hodoku,
    /// QQWing's class.
    Class,
}

/// Puzzles read, graded in parallel and printed at a time: memory stays
/// bounded by the chunk, whatever the input size.
const CHUNK: usize = 512;

/// One graded puzzle, ready to print.
struct Graded {
    line: usize,
    puzzle: Grid,
    rating: Result<Rating, String>,
    millis: f64,
}

pub fn run(a: &Args) -> u8 {
    finish(grade(a))
}

fn scales(scale: Option<ScaleArg>) -> Scales {
    let only = |se, hodoku, class| Scales { se, hodoku, class };
    match scale {
        None => Scales::ALL,
        Some(ScaleArg::Se) => only(true, false, false),
        Some(ScaleArg::Hodoku) => only(false, true, false),
        Some(ScaleArg::Class) => only(false, false, true),
    }
}

fn grade(a: &Args) -> io::Result<u8> {
    let scales = scales(a.scale);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
        .map_err(|e| io::Error::other(e.to_string()))?;
    let inputs = inputs_or_stdin(&a.inputs);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if a.format == GradeFormat::Tsv {
        write!(out, "{}", tsv::grade_header(scales))?;
    }
    let mut status = Status::default();
    let mut levels: BTreeMap<String, usize> = BTreeMap::new();
    let mut slowest: Option<(f64, String)> = None;
    let mut total = 0usize;
    let started = Instant::now();
    for name in &inputs {
        let reader = match open(name) {
            Ok(r) => r,
            Err(e) => {
                status.error = true;
                eprintln!("sensei: {e}");
                continue;
            }
        };
        let pb = progress(name, a.quiet);
        let mut entries = PuzzleReader::new(reader).peekable();
        while entries.peek().is_some() {
            let chunk: Vec<Result<Entry, format::ParseError>> =
                entries.by_ref().take(CHUNK).collect();
            let graded: Vec<Graded> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|e| match e {
                        Ok(entry) => {
                            let t0 = Instant::now();
                            let rating = grade::grade(&entry.grid, scales);
                            Graded {
                                line: entry.line,
                                puzzle: entry.grid.clone(),
                                rating: Ok(rating),
                                millis: t0.elapsed().as_secs_f64() * 1000.0,
                            }
                        }
                        Err(err) => Graded {
                            line: err.line.unwrap_or(0),
                            puzzle: Grid::default(),
                            rating: Err(err.to_string()),
                            millis: 0.0,
                        },
                    })
                    .collect()
            });
            for g in graded {
                if let Some(pb) = &pb {
                    pb.inc(82);
                }
                let r = match &g.rating {
                    Ok(r) => r,
                    Err(m) => {
                        status.error = true;
                        if let Some(pb) = &pb {
                            pb.suspend(|| eprintln!("sensei: {}: {m}", display_name(name)));
                        } else {
                            eprintln!("sensei: {}: {m}", display_name(name));
                        }
                        continue;
                    }
                };
                total += 1;
                if r.outcome != "solved" {
                    status.not_solved = true;
                }
                let level = r
                    .hodoku
                    .map_or_else(|| r.outcome.to_string(), |h| h.level.name().to_string());
                *levels.entry(level).or_default() += 1;
                if slowest.as_ref().is_none_or(|(ms, _)| g.millis > *ms) {
                    slowest = Some((g.millis, g.puzzle.to_line()));
                }
                match a.format {
                    GradeFormat::Tsv => {
                        write!(out, "{}", tsv::grade_row(g.line, &g.puzzle, scales, r))?
                    }
                    GradeFormat::Json => {
                        writeln!(out, "{}", rjson::grade_record(g.line, &g.puzzle, scales, r))?
                    }
                }
            }
        }
        if let Some(pb) = pb {
            pb.finish_and_clear();
        }
    }
    out.flush()?;
    if !a.quiet && io::stderr().is_terminal() {
        let secs = started.elapsed().as_secs_f64();
        let slowest = slowest.as_ref().map(|(ms, p)| (*ms, p.as_str()));
        eprint!("{}", text::grade_summary(total, secs, &levels, slowest));
    }
    Ok(status.code())
}
