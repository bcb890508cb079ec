//! `sensei solve`: exact solutions, counts, or every solution.

use super::input::{inputs_or_stdin, open};
use super::progress::progress;
use super::{display_name, finish, Status};
use clap::ValueEnum;
use std::io::{self, BufRead, BufWriter, Write};
use sudoku_sensei::format::{self, Entry, PuzzleReader};
use sudoku_sensei::render::{json as rjson, Solved};
use sudoku_sensei::{exact, Grid};

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input).
    inputs: Vec<String>,
    /// Output format [default: grid for a single puzzle, line for several].
    #[arg(long, value_enum)]
    format: Option<SolveFormat>,
    /// Print the puzzle and its solution as two boxed grids side by side.
    #[arg(long)]
    side_by_side: bool,
    /// Print the number of solutions (up to --limit) instead of a solution.
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print every solution (up to --limit).
    #[arg(long)]
    all: bool,
    /// The most solutions to count or print (at least 2: telling one solution from several needs two).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(2..=10_000_000))]
    limit: u64,
    /// Never show a progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SolveFormat {
    /// One 81-character line per puzzle.
    Line,
    /// A boxed ASCII grid.
    Grid,
    /// One JSON object per puzzle (JSON lines).
    Json,
}

pub fn run(a: &Args) -> u8 {
    finish(solve(a))
}

fn solve(a: &Args) -> io::Result<u8> {
    let inputs = inputs_or_stdin(&a.inputs);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut status = Status::default();
    let limit = a.limit as usize;
    // The default format: the boxed grid for one puzzle, lines for several.
    // Peek one entry ahead to know which.
    // Open every input first (handles only: reading stays streamed), so an
    // unreadable file is reported once, up front.
    let mut readers: Vec<(String, Box<dyn BufRead>)> = Vec::new();
    for name in &inputs {
        match open(name) {
            Ok(r) => readers.push((name.clone(), r)),
            Err(e) => {
                status.error = true;
                writeln!(io::stderr(), "sensei: {e}")?;
            }
        }
    }
    let mut entries = readers
        .into_iter()
        .flat_map(|(name, r)| PuzzleReader::new(r).map(move |e| (name.clone(), e)));
    let first = entries.next();
    let second = entries.next();
    let many = second.is_some();
    let fmt = a.format.unwrap_or(if many && !a.side_by_side {
        SolveFormat::Line
    } else {
        SolveFormat::Grid
    });
    let pb = if many && inputs.len() == 1 {
        progress(&inputs[0], a.quiet)
    } else {
        None
    };
    if first.is_none() && !status.error {
        status.error = true;
        let names: Vec<&str> = inputs.iter().map(|n| display_name(n)).collect();
        writeln!(
            io::stderr(),
            "sensei: no puzzle found in {}",
            names.join(", ")
        )?;
    }
    let all = first.into_iter().chain(second).chain(entries);
    for (name, entry) in all {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                status.error = true;
                if fmt == SolveFormat::Json {
                    // one record per input, so the output lines up with it
                    let line = e.line.unwrap_or(0);
                    writeln!(
                        out,
                        "{}",
                        rjson::solve_record(line, &Solved::Unreadable(&e))
                    )?;
                }
                writeln!(io::stderr(), "sensei: {}: {e}", display_name(&name))?;
                continue;
            }
        };
        if let Some(pb) = &pb {
            pb.inc(82);
        }
        if many && fmt == SolveFormat::Grid {
            writeln!(out, "# {}: line {}", display_name(&name), entry.line)?;
        }
        solve_one(&mut out, &name, &entry, a, fmt, limit, &mut status)?;
    }
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    out.flush()?;
    Ok(status.code())
}

fn solve_one(
    out: &mut impl Write,
    name: &str,
    entry: &Entry,
    a: &Args,
    fmt: SolveFormat,
    limit: usize,
    status: &mut Status,
) -> io::Result<()> {
    let grid = &entry.grid;
    let place = format!("{}: line {}", display_name(name), entry.line);
    // A clash of givens is reported before any search starts.
    if let Err(c) = format::check_givens(grid) {
        status.not_solved = true;
        if fmt == SolveFormat::Json {
            let invalid = Solved::Invalid {
                puzzle: grid,
                contradiction: &c,
            };
            writeln!(out, "{}", rjson::solve_record(entry.line, &invalid))?;
        }
        writeln!(
            io::stderr(),
            "sensei: {place}: the puzzle cannot be solved: {c}"
        )?;
        return Ok(());
    }
    let wanted = if a.all { limit } else { limit.max(2) };
    let mut solutions: Vec<Grid> = Vec::new();
    let count = exact::for_each_solution(
        grid.values(),
        if a.count || a.all { limit } else { wanted },
        |s| {
            if a.all || solutions.is_empty() {
                solutions.push(Grid::from_values(*s));
            }
        },
    );
    let complete = count < if a.count || a.all { limit } else { wanted };
    let count_text = if complete {
        format!("{count} solution{}", if count == 1 { "" } else { "s" })
    } else {
        format!("at least {count} solutions (stopped at --limit {limit})")
    };
    if fmt == SolveFormat::Json {
        let counted = Solved::Counted {
            puzzle: grid,
            count,
            complete,
            solutions: &solutions,
            all: a.all,
        };
        writeln!(out, "{}", rjson::solve_record(entry.line, &counted))?;
        if count != 1 {
            status.not_solved = true;
        }
        return Ok(());
    }
    if a.count {
        writeln!(out, "{count_text}")?;
        if count != 1 {
            status.not_solved = true;
        }
        return Ok(());
    }
    if count == 0 {
        status.not_solved = true;
        writeln!(io::stderr(), "sensei: {place}: the puzzle has no solution")?;
        return Ok(());
    }
    if count > 1 && !a.all {
        status.not_solved = true;
        writeln!(
            io::stderr(),
            "sensei: {place}: the puzzle has {count_text}, not one; use --all to print them or --count to count them"
        )?;
        return Ok(());
    }
    if count > 1 {
        status.not_solved = true;
        writeln!(io::stderr(), "sensei: {place}: the puzzle has {count_text}")?;
    }
    for sol in &solutions {
        match (fmt, a.side_by_side) {
            (_, true) => {
                let left = format::boxed(grid);
                let right = format::boxed(sol);
                write!(out, "{}", format::side_by_side(&left, &right, 4))?;
            }
            (SolveFormat::Grid, false) => write!(out, "{}", format::boxed(sol))?,
            _ => writeln!(out, "{}", sol.to_line())?,
        }
    }
    Ok(())
}
