//! `sensei explain`: a step-by-step solve of each puzzle, as text or JSON.

use super::batch::{Batch, Plan, Threads};
use super::input::Accept;
use super::{finish, TechniqueArgs};
use std::io::{self, BufWriter, Write};
use sudoku_sensei::format::Entry;
use sudoku_sensei::hint::{self, Hint, HintLevel};
use sudoku_sensei::render::{json as rjson, text as rtext};
use sudoku_sensei::solver::{self, Options, Prepared};
use sudoku_sensei::Trace;

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input); every puzzle in them is explained, one after
    /// another (in JSON: one document per line).
    inputs: Vec<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Where pictures go: the folder for `--format svg`, the file for `--format html`.
    #[arg(long, short)]
    out: Option<std::path::PathBuf>,
    /// Text only: add, per step, the candidate grid before it and a sentence for a learner (the
    /// JSON trace always holds each step's sentence, as "explanation").
    #[arg(long, short)]
    verbose: bool,
    /// JSON only: each step also carries "candidates", the candidate string of the position before
    /// it (729 characters; a reader can get it by replaying the steps, so it is off by default).
    #[arg(long)]
    candidates: bool,
    /// Never show progress (shown on a terminal when explaining takes more than a second).
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    techniques: TechniqueArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Text for people: step lines in HoDoKu's notation, the outcome, the solution, the steps per
    /// technique and the hardest of these steps.
    Text,
    /// The versioned trace schema of docs/trace-format.md (one document per puzzle, one a line).
    Json,
    /// The compact form for datasets: one short line per puzzle with its solution and each step's
    /// technique, placements and eliminations (docs/trace-format.md, "The compact form").
    Jsonl,
    /// One SVG picture per step, and one of the start, in the folder given by --out (a forcing net drawn short, premises to ends, also gets its whole net: NNN-SLUG-net.svg, beside NNN-SLUG.svg).
    Svg,
    /// A self-contained HTML walkthrough (to --out FILE, or standard output).
    Html,
}

pub fn run(a: &Args) -> u8 {
    finish(explain(a))
}

/// What is printed for one puzzle.
enum Explained {
    /// The player's position has wrong values or pencil marks.
    Mistakes(Hint),
    /// The solve, and the puzzle prepared for it (which the walkthrough's
    /// ratings take too).
    Trace(Box<Trace>, Box<Prepared>),
}

fn explain_one(entry: &Entry, opts: &Options) -> Explained {
    // a player's position is checked for mistakes first
    let prepared = match &entry.position {
        Some(board) => match hint::check_position(board, opts.solution_limit) {
            Ok(prepared) => prepared,
            Err(wrong) => return Explained::Mistakes(Hint::Mistakes(wrong)),
        },
        None => Prepared::new(&entry.grid, opts.solution_limit),
    };
    let trace = solver::solve_prepared(&prepared, opts);
    Explained::Trace(Box::new(trace), Box::new(prepared))
}

fn explain(a: &Args) -> io::Result<u8> {
    let opts = a.techniques.options();
    let mut batch = Batch::open(&a.inputs, Accept::Positions, "explaining", a.quiet);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let many = batch.read_ahead();
    let progress = batch.progress().clone();
    let mut previous = false;
    // one buffer for every JSON document
    let mut buf = Vec::with_capacity(1 << 16);
    let trace_options = rjson::TraceOptions {
        candidates: a.candidates,
    };
    // one puzzle at a time, each written whole before Ctrl-C is looked at
    let plan = Plan {
        chunk: 1,
        threads: Threads::One,
    };
    batch.run(
        &mut out,
        plan,
        |entry| explain_one(entry, &opts),
        |out, item, explained, status| {
            // (an unreadable puzzle is reported by the driver, and skipped)
            let (Ok(entry), Ok(explained)) = (&item.entry, explained) else {
                return Ok(());
            };
            let solved = matches!(&explained, Explained::Trace(t, _) if t.outcome.is_solved());
            status.not_solved |= !solved;
            let line = many.then_some(entry.line);
            match (a.format, &explained) {
                (Format::Json | Format::Jsonl, Explained::Mistakes(h)) => {
                    writeln!(out, "{}", rjson::hint_record(h, HintLevel::Technique, line))?
                }
                (Format::Json, Explained::Trace(t, _)) => {
                    buf.clear();
                    rjson::write_trace(&mut buf, t, line, trace_options);
                    buf.push(b'\n');
                    out.write_all(&buf)?;
                }
                (Format::Jsonl, Explained::Trace(t, _)) => {
                    buf.clear();
                    rjson::write_compact(&mut buf, t, line);
                    buf.push(b'\n');
                    out.write_all(&buf)?;
                }
                (Format::Svg | Format::Html, Explained::Mistakes(h)) => {
                    progress.report(&item.name, &rtext::hint_message(h));
                }
                (Format::Svg | Format::Html, Explained::Trace(t, prepared)) => {
                    super::pictures::explain(
                        t,
                        prepared,
                        a.format == Format::Html,
                        a.out.as_deref(),
                        entry.line,
                        many,
                        out,
                    )?
                }
                (Format::Text, _) => {
                    if previous {
                        writeln!(out)?;
                    }
                    if many {
                        writeln!(out, "# {}: line {}", item.name, entry.line)?;
                    }
                    match &explained {
                        Explained::Mistakes(h) => writeln!(out, "{}", rtext::hint_message(h))?,
                        Explained::Trace(t, _) => {
                            write!(out, "{}", rtext::explain_text(t, a.verbose))?
                        }
                    }
                    previous = true;
                }
            }
            Ok(())
        },
    )?;
    batch.finish(&mut out)
}
