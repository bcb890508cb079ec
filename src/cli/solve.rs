//! `sensei solve`: exact solutions, counts, or every solution.

use super::batch::{self, Batch, Plan, Threads};
use super::finish;
use super::grade::with_file;
use super::input::Accept;
use super::progress::Progress;
use super::Status;
use clap::ValueEnum;
use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, BufWriter, IsTerminal, Write};
use sudoku_sensei::format::{self, Entry};
use sudoku_sensei::render::{json as rjson, text, Solved};
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
    /// The most solutions to count or print (at least 2: telling one solution from several needs two)
    /// [default: 1000; for several puzzles without --count or --all, 2: a batch only tells one
    /// solution from several, which is much faster on puzzles with many solutions].
    #[arg(long, value_parser = clap::value_parser!(u64).range(2..=10_000_000))]
    limit: Option<u64>,
    /// Worker threads for a batch (default: all cores; never more than puzzles, nor more than 4
    /// per core). A batch moves onto them once its searches take long enough to gain from it;
    /// `--all` stays on one.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Never show progress (shown on a terminal when solving takes more than a second).
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SolveFormat {
    /// One line per puzzle: its solution, or a line starting with `#` that names the problem
    /// (`# no solution`, `# 10 solutions`, `# invalid: ...`, `# error: ...`).
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
    let mut batch = Batch::open(&a.inputs, Accept::Puzzles, "solving", a.quiet);
    let several = batch.several_inputs();
    let progress = batch.progress().clone();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    // The default format: the boxed grid for one puzzle, lines for several.
    // Peek one entry ahead to know which.
    let many = batch.read_ahead();
    let fmt = a.format.unwrap_or(if many && !a.side_by_side {
        SolveFormat::Line
    } else {
        SolveFormat::Grid
    });
    let printer = Printer {
        a,
        fmt,
        many,
        several,
        progress: &progress,
    };
    // Puzzles are read a chunk at a time, searched (on all cores once that
    // is worth it) and printed in input order. One at a time when they are
    // typed in or shown on a terminal (each answer as soon as it is found),
    // and with --all (the solutions of one puzzle at a time in memory, on
    // one thread).
    let one_by_one = batch.interactive() || io::stdout().is_terminal() || a.all;
    let plan = Plan {
        chunk: if one_by_one { 1 } else { CHUNK },
        threads: if a.all {
            Threads::One
        } else {
            Threads::WhenWorthIt(a.threads)
        },
    };
    let mut marker = Marker::default();
    batch.run(
        &mut out,
        plan,
        |entry| printer.search(&entry.grid),
        |out, item, found, status| {
            let line = item.line();
            if many && fmt == SolveFormat::Grid {
                writeln!(out, "# {}: line {line}", item.name)?;
            }
            match (&item.entry, found) {
                (Ok(entry), Ok(found)) => {
                    let at = (&item.name[..], entry);
                    printer.report(out, at, found, status, &mut marker)
                }
                // with several inputs, the line names the input too
                (_, Err(e)) if several && printer.one_line_each() => {
                    writeln!(out, "# error: {}", batch::error_text(several, item, e))
                }
                (_, Err(e)) => {
                    let unreadable = Solved::Unreadable(e);
                    printer.print(out, (&item.name, line), &unreadable, &mut marker)
                }
                (Err(_), Ok(_)) => Ok(()), // (never: an unreadable item has no result)
            }
        },
    )?;
    batch.finish(&mut out)
}

/// Puzzles read, searched in parallel and printed at a time: memory stays
/// bounded by the chunk, whatever the input size (`--all`, whose searches
/// keep every solution, goes one puzzle at a time).
const CHUNK: usize = 256;

/// What the exact search found for one puzzle: `count` solutions, up to
/// the limit, and the solutions kept: all of them with `--all` (`all`),
/// else the solution when it is the only one (`only`: no allocation per
/// puzzle for a batch).
struct Found {
    count: usize,
    only: Option<Grid>,
    all: Vec<Grid>,
}

impl Found {
    /// The solutions kept.
    fn solutions(&self) -> &[Grid] {
        match &self.only {
            Some(only) => std::slice::from_ref(only),
            None => &self.all,
        }
    }
}

/// The marker line of a count printed last (`# at least 2 solutions`),
/// kept to be written again as it is: a batch of puzzles with several
/// solutions prints the same line for each.
#[derive(Default)]
struct Marker {
    /// The count and whether it is complete.
    key: Option<(usize, bool)>,
    text: String,
}

/// What is printed, and how.
struct Printer<'a> {
    a: &'a Args,
    fmt: SolveFormat,
    many: bool,
    /// Whether several inputs were named (JSON records then name theirs).
    several: bool,
    progress: &'a Progress,
}

impl Printer<'_> {
    /// Whether every puzzle gets one line of text (a solution or a `#`
    /// line naming the problem).
    fn one_line_each(&self) -> bool {
        self.fmt != SolveFormat::Json
            && ((self.fmt == SolveFormat::Line && !self.a.side_by_side) || self.many)
    }

    /// How many solutions to look for at most: `--limit`, or 1000, or for
    /// a batch that neither counts nor prints them all, 2.
    fn limit(&self) -> usize {
        let a = self.a;
        match a.limit {
            Some(n) => n as usize,
            None if self.many && !a.count && !a.all => 2,
            None => 1000,
        }
    }

    /// Search for the solutions of one puzzle.
    fn search(&self, grid: &Grid) -> Found {
        let a = self.a;
        // at least 2: telling one solution from several needs two
        let limit = self.limit();
        if a.all {
            let mut all = Vec::new();
            let count = exact::for_each_solution(grid.values(), limit, |s| {
                all.push(Grid::from_values(*s));
            });
            return Found {
                count,
                only: None,
                all,
            };
        }
        // the solution is printed only when it is the only one
        let (count, only) = exact::count_and_only_solution(grid.values(), limit);
        Found {
            count,
            only: only.map(Grid::from_values),
            all: Vec::new(),
        }
    }

    /// Report and print what the search `found` for one puzzle.
    fn report(
        &self,
        out: &mut impl Write,
        (name, entry): (&str, &Entry),
        found: Found,
        status: &mut Status,
        marker: &mut Marker,
    ) -> io::Result<()> {
        let (a, grid) = (self.a, &entry.grid);
        let (count, solutions) = (found.count, found.solutions());
        let limit = self.limit();
        // Givens that clash, or leave a cell or a house without a place,
        // have no solution: only then is the cause looked for (the exact
        // solver is much faster than the board that names it).
        if count == 0 {
            if let Err(c) = format::check_givens(grid) {
                status.not_solved = true;
                let why = format!("the puzzle cannot be solved: {c}");
                self.progress.report_at(name, entry.line, &why);
                let invalid = Solved::Invalid {
                    puzzle: grid,
                    contradiction: &c,
                };
                return self.print(out, (name, entry.line), &invalid, marker);
            }
        }
        let complete = count < limit;
        if count != 1 {
            status.not_solved = true;
        }
        if self.fmt != SolveFormat::Json && !a.count {
            let count_text = || text::solutions_text(count, complete, limit);
            let why: Option<Cow<str>> = match count {
                0 => Some("the puzzle has no solution".into()),
                1 => None,
                _ if a.all => Some(format!("the puzzle has {}", count_text()).into()),
                _ if !complete && a.limit.is_none() => Some(
                    "the puzzle has more than one solution; use --count to count them or --all to print them"
                        .into(),
                ),
                _ => Some(format!(
                    "the puzzle has {}, not one; use --all to print them or --count to count them",
                    count_text()
                ).into()),
            };
            if let Some(why) = why {
                self.progress.report_at(name, entry.line, &why);
            }
        }
        let counted = Solved::Counted {
            puzzle: grid,
            count,
            complete,
            solutions,
            all: a.all,
        };
        self.print(out, (name, entry.line), &counted, marker)
    }

    /// Print the result for one puzzle: one line in the line format, so the
    /// output lines up with the input.
    fn print(
        &self,
        out: &mut impl Write,
        (name, line): (&str, usize),
        solved: &Solved,
        last: &mut Marker,
    ) -> io::Result<()> {
        let a = self.a;
        if self.fmt == SolveFormat::Json {
            let record = rjson::solve_record(line, solved);
            return writeln!(out, "{}", with_file(self.several, name, &record));
        }
        let marker = text::solve_marker(solved);
        let lines = self.fmt == SolveFormat::Line && !a.side_by_side;
        match (solved, marker) {
            (
                Solved::Counted {
                    count, complete, ..
                },
                _,
            ) if a.count => {
                writeln!(
                    out,
                    "{}",
                    text::solutions_text(*count, *complete, self.limit())
                )
            }
            (
                Solved::Counted {
                    count, complete, ..
                },
                Some(marker),
            ) if lines || self.many => {
                // the same line for every puzzle with as many solutions
                let key = (*count, *complete);
                if last.key != Some(key) {
                    last.text.clear();
                    writeln!(last.text, "{marker}").map_err(io::Error::other)?;
                    last.key = Some(key);
                }
                out.write_all(last.text.as_bytes())
            }
            (_, Some(marker)) if lines || self.many => writeln!(out, "{marker}"),
            (_, Some(_)) => Ok(()),
            (
                Solved::Counted {
                    puzzle, solutions, ..
                },
                None,
            ) => {
                for sol in *solutions {
                    if a.side_by_side {
                        let (left, right) = (format::boxed(puzzle), format::boxed(sol));
                        write!(out, "{}", format::side_by_side(&left, &right, 4))?;
                    } else if lines {
                        out.write_all(&sol.line_bytes())?;
                        out.write_all(b"\n")?;
                    } else {
                        write!(out, "{}", format::boxed(sol))?;
                    }
                }
                Ok(())
            }
            (_, None) => Ok(()),
        }
    }
}
