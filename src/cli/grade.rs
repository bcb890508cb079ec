//! `sensei grade`: ratings on three scales, in parallel, in input order.

use super::batch::{self, Batch, Plan, Threads};
use super::finish;
use super::input::Accept;
use super::resume::{self, Rows};
use clap::ValueEnum;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;
use sudoku_sensei::grade::{self, Rating, Scales};
use sudoku_sensei::render::{json as rjson, text, tsv};
use sudoku_sensei::{Grid, OutcomeKind};

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input).
    inputs: Vec<String>,
    #[arg(long, value_enum, default_value_t = GradeFormat::Tsv)]
    format: GradeFormat,
    /// Print only this scale (default: all three). Only that scale's solve
    /// runs, so one scale is faster than three; `hardest` and `guess` then
    /// come from that solve (with all scales, or hodoku: from HoDoKu's).
    #[arg(long, value_enum)]
    scale: Option<ScaleArg>,
    /// Worker threads, 1 to 1024 (default: all cores; never more than puzzles, nor more than 4
    /// per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Never show progress (shown on a terminal when grading takes more than a second) or the
    /// summary.
    #[arg(long)]
    quiet: bool,
    /// One output line for each input line, in order, for tools that pair them by position
    /// (Spark's RDD.pipe, GNU parallel --pipe): each line is read alone as one puzzle; a line
    /// that is no puzzle (blank, a comment, bad text) gives a row with the message in a last
    /// column, `error` (`-` for a puzzle: test this column), and `error` as its outcome in
    /// `hodoku_level` when that scale is asked for; no header; exit status 0 unless an input
    /// cannot be read. Tab-separated only.
    #[arg(long, conflicts_with_all = ["output", "resume"])]
    pipe: bool,
    /// Write the rows to FILE, kept as they are done; see --resume.
    ///
    /// Each row reaches FILE within about a second of being done (it and the rows before it),
    /// so a run stopped in any way (Ctrl-C, kill, a crash, a reboot) keeps them. An existing
    /// FILE that holds anything is never overwritten: give --resume, or remove it.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Go on with the stopped run that wrote -o FILE, after its last row.
    ///
    /// Keeps FILE's rows, drops a last row cut short, and grades only the puzzles after the
    /// last row, appending theirs: FILE ends as one whole run would have written it, and the
    /// exit code is that run's. Give the same inputs, in the same order, and options: every row
    /// is checked against them (input, line, puzzle; the header's columns and rules), and a
    /// FILE of another run is refused, untouched. A missing or empty FILE starts afresh.
    /// Example: sensei grade --scale se -o ph.tsv --resume forum_hardest_1905_11plus.txt
    #[arg(long, requires = "output")]
    resume: bool,
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
    rating: Rating,
    millis: f64,
}

pub fn run(a: &Args) -> u8 {
    if a.pipe {
        if a.format != GradeFormat::Tsv {
            say!("sensei: grade --pipe writes tab-separated rows only (leave out --format json)");
            return 2;
        }
        return super::pipe::run(&a.inputs, scales(a.scale), a.threads);
    }
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

/// The figures of the summary printed after a batch on a terminal.
#[derive(Default)]
struct Summary {
    total: usize,
    levels: BTreeMap<String, usize>,
    slowest: Option<(f64, String)>,
}

fn grade(a: &Args) -> io::Result<u8> {
    let scales = scales(a.scale);
    let started = Instant::now();
    let mut batch = Batch::open(&a.inputs, Accept::Puzzles, "grading", a.quiet);
    // with several inputs, a first column names the input of each row
    let several = batch.several_inputs();
    let mut header = a.format == GradeFormat::Tsv;
    let head = tsv::grade_header(scales);
    let head = if several {
        head.replacen("\nline\t", "\nfile\tline\t", 1)
    } else {
        head
    };
    let sink: Box<dyn Write> = match &a.output {
        None => Box::new(io::stdout().lock()),
        Some(path) => {
            if let Some(input) = a.inputs.iter().find(|i| same_file(i.as_ref(), path)) {
                say!("sensei: --output {} is the input {input}", path.display());
                return Ok(2);
            }
            let mut keys = vec![
                ("line", None),
                ("puzzle", None),
                ("outcome", None),
                ("hardest", None),
                ("guess", None),
            ];
            for (on, key, rules) in [
                (scales.se, "se", grade::SE_RULES),
                (scales.hodoku, "hodoku", grade::HODOKU_RULES),
                (scales.class, "class", grade::CLASS_RULES),
            ] {
                if on {
                    keys.push((key, Some(rules)));
                }
            }
            let rows = match a.format {
                GradeFormat::Tsv => Rows::Tsv { header: &head },
                GradeFormat::Json => Rows::JsonLines { keys: &keys },
            };
            let (file, left) = match resume::open(path, a.resume, &rows, several) {
                Ok(opened) => opened,
                Err(e) => {
                    say!("sensei: {e}");
                    return Ok(2);
                }
            };
            header &= !left.header;
            if let Some(last) = left.rows.last() {
                if !a.quiet {
                    let input = last
                        .name
                        .as_deref()
                        .map_or(String::new(), |n| format!(" of {n}"));
                    let n = left.rows.len();
                    let s = if n == 1 { "" } else { "s" };
                    say!(
                        "sensei: {} holds {n} row{s}, the last for line {}{input}: going on after it",
                        path.display(),
                        last.line,
                    );
                }
                batch.resume_after(left.rows);
            }
            Box::new(file)
        }
    };
    let mut out = BufWriter::with_capacity(1 << 20, sink);
    let mut summary = Summary::default();
    let plan = Plan {
        chunk: CHUNK,
        threads: Threads::Pool(a.threads),
    };
    batch.run(
        &mut out,
        plan,
        // grade in parallel, print in input order
        |entry| {
            let t0 = Instant::now();
            let rating = grade::grade(&entry.grid, scales);
            Graded {
                line: entry.line,
                puzzle: entry.grid.clone(),
                rating,
                millis: t0.elapsed().as_secs_f64() * 1000.0,
            }
        },
        |out, item, g, status| {
            // (an unreadable puzzle has no row: the driver reported it)
            let Ok(g) = g else { return Ok(()) };
            let r = &g.rating;
            summary.total += 1;
            if r.outcome != OutcomeKind::Solved {
                status.not_solved = true;
            }
            let level = r.hodoku.map_or_else(
                || r.outcome.slug().to_string(),
                |h| h.level.name().to_string(),
            );
            *summary.levels.entry(level).or_default() += 1;
            if summary
                .slowest
                .as_ref()
                .is_none_or(|(ms, _)| g.millis > *ms)
            {
                summary.slowest = Some((g.millis, g.puzzle.to_line()));
            }
            if std::mem::take(&mut header) {
                write!(out, "{head}")?;
            }
            match a.format {
                GradeFormat::Tsv => {
                    if several {
                        write!(out, "{}\t", item.name)?;
                    }
                    write!(out, "{}", tsv::grade_row(g.line, &g.puzzle, scales, r))
                }
                GradeFormat::Json => {
                    let record = rjson::grade_record(g.line, &g.puzzle, scales, r);
                    writeln!(out, "{}", with_file(several, &item.name, &record))
                }
            }
        },
    )?;
    let unreached =
        batch.resume_pending().map(|row| {
            let input = row
                .name
                .as_deref()
                .map_or(String::new(), |n| format!("{n}, "));
            format!(
            "the inputs end before the puzzle that line {} of {} answers ({input}line {}): these \
             are not the inputs of the run to resume",
            row.at,
            a.output.as_ref().map_or(String::new(), |p| p.display().to_string()),
            row.line
        )
        });
    let code = batch.finish(&mut out)?;
    if code == batch::INTERRUPTED {
        return Ok(code);
    }
    if let Some(message) = unreached {
        say!("sensei: {message}");
        return Ok(2);
    }
    if !a.quiet && io::stderr().is_terminal() && summary.total > 0 {
        let secs = started.elapsed().as_secs_f64();
        let slowest = summary.slowest.as_ref().map(|(ms, p)| (*ms, p.as_str()));
        say_part!(
            "{}",
            text::grade_summary(summary.total, secs, &summary.levels, slowest)
        );
    }
    Ok(code)
}

/// Whether the input named `input` is the file `output` (which would be
/// overwritten).
fn same_file(input: &std::path::Path, output: &std::path::Path) -> bool {
    match (input.canonicalize(), output.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// A JSON record (`{...}`) with the input's name first (`"file"`) when
/// there are `several` inputs.
pub fn with_file<'a>(several: bool, name: &str, record: &'a str) -> std::borrow::Cow<'a, str> {
    match record.strip_prefix('{') {
        Some(rest) if several => {
            let name = serde_json::Value::from(name);
            let sep = if rest.starts_with('}') { "" } else { "," };
            format!("{{\"file\":{name}{sep}{rest}").into()
        }
        _ => record.into(),
    }
}
