//! `sensei`: the command-line tool. It owns all I/O and exit codes
//! (0 done, 1 not solved / no unique solution, 2 error); the library does
//! the work.

mod cli;

use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::process::ExitCode;
use sudoku_sensei::format::{self, Entry, PuzzleReader};
use sudoku_sensei::hint::{self, Hint};
use sudoku_sensei::render::{json as rjson, text as rtext};
use sudoku_sensei::solver::{self, Fallback, Options, Profile};
use sudoku_sensei::{exact, grade};
use sudoku_sensei::{Board, Grid, Outcome, Technique, Trace};

const AFTER_HELP: &str = "\
Puzzle formats (detected automatically):
  81-character line      53..7....6..195...  (. 0 _ * are empty; text after the 81 cells is ignored)
  9 lines of 9 digits    0 6 0 0 0 5 2 0 4   (spaces or tabs between digits; 0 or . for empty)
  boxed ASCII grid       +-------+---  / | 5 3 . | . 7 . |   (sensei, Sudoku Explainer, HoDoKu style)
  LeetCode board         [[\"5\",\"3\",\".\",...],...]
  many puzzles           one per line; blank lines and # comments are skipped
Positions for `hint` and `explain` may also be a 729-character candidate string, a pencil-mark grid,
or a HoDoKu library line (:0000:x:<givens>:<deleted>:::).

Exit codes: 0 done, 1 a puzzle has no (unique) solution or was not solved, 2 bad input or I/O error.

Examples:
  sensei solve examples/puzzles.txt
  sensei solve --side-by-side examples/hard.txt
  sensei solve --count --limit 1000 examples/ten_solutions.txt
  sensei explain examples/hard.txt --verbose
  sensei hint --level 2 examples/position.txt
  sensei grade examples/puzzles.txt";

/// sensei: an explainable, human-style Sudoku solver.
///
/// Solves puzzles, explains each deduction a person could make, gives hints,
/// and grades difficulty.
#[derive(Parser)]
#[command(name = "sensei", version, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles exactly and print their solutions.
    ///
    /// Says clearly when a puzzle has no solution or several (exit code 1).
    #[command(after_help = AFTER_HELP)]
    Solve(SolveArgs),
    /// Solve a puzzle step by step as a person would, explaining every step.
    #[command(after_help = AFTER_HELP)]
    Explain(ExplainArgs),
    /// The next step from a position, revealed a little at a time.
    #[command(after_help = AFTER_HELP)]
    Hint(HintArgs),
    /// Rate puzzles: Sudoku Explainer's ER/EP/ED, HoDoKu's level and score, QQWing's class.
    ///
    /// One line per puzzle, in input order, computed in parallel on all cores.
    #[command(after_help = AFTER_HELP)]
    Grade(GradeArgs),
    /// Make puzzles: unique and minimal, symmetric, at a target difficulty or for a technique.
    Generate(cli::generate::GenerateArgs),
    /// List the techniques sensei knows, in solving order, with their ratings.
    Techniques {
        /// Print a markdown table (the index of docs/techniques.md).
        #[arg(long)]
        markdown: bool,
    },
}

#[derive(Args)]
struct SolveArgs {
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

#[derive(Args)]
struct TechniqueArgs {
    /// Do not guess when no technique applies: stop and show the position.
    #[arg(long)]
    no_guess: bool,
    /// Use only these techniques (comma-separated slugs, names or HoDoKu codes, e.g. `hidden-single,x-wing`).
    #[arg(long, value_delimiter = ',')]
    only: Vec<Technique>,
    /// Never use these techniques (comma-separated).
    #[arg(long, value_delimiter = ',')]
    exclude: Vec<Technique>,
    /// The order and selection of techniques.
    #[arg(long, value_enum, default_value_t = ProfileArg::Hodoku)]
    profile: ProfileArg,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ProfileArg {
    /// HoDoKu 2.2.0's default order and selection.
    Hodoku,
    /// Every technique sensei has, in HoDoKu's order.
    All,
}

impl TechniqueArgs {
    fn options(&self) -> Options {
        let profile = match self.profile {
            ProfileArg::Hodoku => Profile::Hodoku,
            ProfileArg::All => Profile::All,
        };
        // --only may name techniques the profile leaves off by default
        let mut opts = if self.only.is_empty() {
            Options::with_profile(profile)
        } else {
            Options::with_profile(Profile::All).only(&self.only)
        };
        opts = opts.exclude(&self.exclude);
        if self.no_guess {
            opts.fallback = Fallback::Stop;
        }
        opts
    }
}

#[derive(Args)]
struct ExplainArgs {
    /// File to read (`-` or none: standard input); every puzzle in it is explained.
    input: Option<String>,
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    format: ExplainFormat,
    /// Add, per step, a sentence for a learner and the candidate grid before the step.
    #[arg(long, short)]
    verbose: bool,
    #[command(flatten)]
    techniques: TechniqueArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ExplainFormat {
    Text,
    /// The versioned trace schema of docs/trace-format.md (one document per puzzle).
    Json,
}

#[derive(Args)]
struct HintArgs {
    /// File holding one position (`-` or none: standard input).
    input: Option<String>,
    /// 1: the technique's name; 2: also where to look; 3: the full step.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    level: u8,
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    format: ExplainFormat,
    #[command(flatten)]
    techniques: TechniqueArgs,
}

#[derive(Args)]
struct GradeArgs {
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(a) => cmd_solve(&a),
        Command::Explain(a) => cmd_explain(&a),
        Command::Hint(a) => cmd_hint(&a),
        Command::Grade(a) => cmd_grade(&a),
        Command::Generate(a) => return cli::generate::run(&a),
        Command::Techniques { markdown } => cmd_techniques(markdown),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        // the reader closed the pipe (e.g. `| head`): stop quietly
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sensei: {e}");
            ExitCode::from(2)
        }
    }
}

/// An input source: a named file or standard input.
fn open(name: &str) -> io::Result<Box<dyn BufRead>> {
    if name == "-" {
        Ok(Box::new(BufReader::new(io::stdin())))
    } else {
        File::open(name)
            .map(|f| Box::new(BufReader::new(f)) as Box<dyn BufRead>)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot read {name}: {e}")))
    }
}

/// The inputs named on the command line, or standard input when none is.
fn inputs_or_stdin(names: &[String]) -> Vec<String> {
    if names.is_empty() {
        vec!["-".to_string()]
    } else {
        names.to_vec()
    }
}

fn read_all(name: Option<&str>) -> io::Result<String> {
    let mut s = String::new();
    open(name.unwrap_or("-"))?.read_to_string(&mut s)?;
    Ok(s)
}

/// How `sensei` ended a batch: the worst status seen.
#[derive(Default)]
struct Status {
    not_solved: bool,
    error: bool,
}

impl Status {
    fn code(&self) -> u8 {
        if self.error {
            2
        } else if self.not_solved {
            1
        } else {
            0
        }
    }
}

/// A progress bar on stderr for a file on a terminal (by bytes read), or nothing.
fn progress(name: &str, quiet: bool) -> Option<ProgressBar> {
    if quiet || !io::stderr().is_terminal() || name == "-" {
        return None;
    }
    let len = std::fs::metadata(name).ok()?.len();
    if len < 200_000 {
        return None;
    }
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template(
            "{msg} [{bar:24}] {percent:>3}% {binary_bytes_per_sec} ETA {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    pb.set_message(name.to_string());
    Some(pb)
}

fn cmd_solve(a: &SolveArgs) -> io::Result<u8> {
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
                    let v = serde_json::json!({
                        "line": e.line, "status": "error", "message": e.to_string(),
                    });
                    writeln!(out, "{v}")?;
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

fn display_name(name: &str) -> &str {
    if name == "-" {
        "<stdin>"
    } else {
        name
    }
}

fn solve_one(
    out: &mut impl Write,
    name: &str,
    entry: &Entry,
    a: &SolveArgs,
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
            let v = serde_json::json!({
                "line": entry.line, "puzzle": grid.to_line(), "status": "invalid",
                "message": c.to_string(),
            });
            writeln!(out, "{v}")?;
        }
        writeln!(
            io::stderr(),
            "sensei: {place}: the puzzle cannot be solved: {c}"
        )?;
        return Ok(());
    }
    let wanted = if a.all { limit } else { limit.max(2) };
    let mut solutions: Vec<[u8; 81]> = Vec::new();
    let count = exact::for_each_solution(
        grid.values(),
        if a.count || a.all { limit } else { wanted },
        |s| {
            if a.all || solutions.is_empty() {
                solutions.push(*s);
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
        let sols: Vec<String> = solutions
            .iter()
            .map(|s| Grid::from_values(*s).to_line())
            .collect();
        let st = match count {
            0 => "none",
            1 => "unique",
            _ => "multiple",
        };
        let mut v = serde_json::json!({
            "line": entry.line, "puzzle": grid.to_line(), "status": st,
            "solutions": count, "complete": complete,
        });
        if a.all {
            v["all"] = serde_json::json!(sols);
        } else if count == 1 {
            v["solution"] = serde_json::json!(sols.first());
        }
        writeln!(out, "{v}")?;
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
    for s in &solutions {
        let sol = Grid::from_values(*s);
        match (fmt, a.side_by_side) {
            (_, true) => {
                let left = format::boxed(grid);
                let right = format::boxed(&sol);
                write!(out, "{}", format::side_by_side(&left, &right, 4))?;
            }
            (SolveFormat::Grid, false) => write!(out, "{}", format::boxed(&sol))?,
            _ => writeln!(out, "{}", sol.to_line())?,
        }
    }
    Ok(())
}

/// One thing to explain or hint from: a puzzle (givens only), a player's
/// position (with pencil marks), or an input that could not be read.
enum Input {
    Puzzle(Grid),
    Position(Box<Board>),
    Bad(String),
}

impl Input {
    fn trace(&self, opts: &Options) -> Result<Trace, String> {
        match self {
            Input::Puzzle(g) => Ok(solver::solve(g, opts)),
            Input::Position(b) => Ok(solver::solve_position(b, opts)),
            Input::Bad(m) => Err(m.clone()),
        }
    }
}

/// Read an input: every puzzle in it, or else one player's position
/// (candidate string, pencil marks, HoDoKu line). Each with its line number.
fn read_inputs(name: Option<&str>) -> io::Result<Vec<(usize, Input)>> {
    let text = read_all(name)?;
    // A HoDoKu library line is a position: it may carry removed pencil marks.
    let first_line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    if let Some(line) = first_line.filter(|l| l.starts_with(':')) {
        return Ok(vec![(
            1,
            match format::parse_position(line) {
                Ok(board) => Input::Position(Box::new(board)),
                Err(e) => Input::Bad(e.to_string()),
            },
        )]);
    }
    let mut inputs = Vec::new();
    let mut first_error = None;
    for e in PuzzleReader::new(text.as_bytes()) {
        match e {
            Ok(entry) => inputs.push((entry.line, Input::Puzzle(entry.grid))),
            Err(err) => {
                let line = err.line.unwrap_or(0);
                if first_error.is_none() {
                    first_error = Some(err.to_string());
                }
                inputs.push((line, Input::Bad(err.to_string())));
            }
        }
    }
    if first_error.is_some() || inputs.is_empty() {
        // Not (only) a list of puzzles: perhaps one player's position.
        if let Ok(board) = format::parse_position(&text) {
            return Ok(vec![(1, Input::Position(Box::new(board)))]);
        }
    }
    if inputs.is_empty() {
        inputs.push((1, Input::Bad("no puzzle found in the input".to_string())));
    }
    Ok(inputs)
}

fn cmd_explain(a: &ExplainArgs) -> io::Result<u8> {
    let opts = a.techniques.options();
    let inputs = read_inputs(a.input.as_deref())?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut status = Status::default();
    let many = inputs.len() > 1;
    for (line, input) in &inputs {
        if let Input::Position(board) = input {
            let wrong = hint::mistakes(board);
            if !wrong.is_empty() {
                status.not_solved = true;
                let h = Hint::Mistakes(wrong);
                match a.format {
                    ExplainFormat::Json => writeln!(out, "{}", rjson::hint_json(&h, 1))?,
                    ExplainFormat::Text => writeln!(out, "{}", rtext::hint_message(&h))?,
                }
                continue;
            }
        }
        let trace = match input.trace(&opts) {
            Ok(t) => t,
            Err(m) => {
                status.error = true;
                let _ = line;
                writeln!(io::stderr(), "sensei: {m}")?;
                continue;
            }
        };
        if !trace.outcome.is_solved() {
            status.not_solved = true;
        }
        match a.format {
            ExplainFormat::Json => {
                let mut v = rjson::trace_json(&trace);
                if many {
                    v["line"] = serde_json::json!(line);
                }
                writeln!(out, "{v}")?;
            }
            ExplainFormat::Text => {
                if many {
                    writeln!(out, "# line {line}")?;
                }
                write!(out, "{}", explain_text(&trace, a.verbose))?;
                if many {
                    writeln!(out)?;
                }
            }
        }
    }
    out.flush()?;
    Ok(status.code())
}

/// The text form of a whole trace.
fn explain_text(trace: &Trace, verbose: bool) -> String {
    let mut s = String::new();
    s.push_str(&format!("Puzzle: {}\n", trace.puzzle.to_line()));
    if verbose {
        s.push_str(&format::boxed(&trace.puzzle));
        s.push('\n');
    }
    let width = trace.steps.len().to_string().len();
    for (i, (before, step)) in trace.positions().into_iter().enumerate() {
        if verbose {
            s.push('\n');
            s.push_str(&format::pencilmarks(&before));
            s.push('\n');
        }
        s.push_str(&format!("{:>width$}. {}\n", i + 1, rtext::step_line(step)));
        if verbose {
            s.push_str(&format!("{:>width$}  {}\n", "", rtext::step_sentence(step)));
        }
    }
    s.push('\n');
    s.push_str(&rtext::outcome_text(&trace.outcome));
    s.push('\n');
    match &trace.outcome {
        Outcome::Stuck { board } | Outcome::MultipleSolutions { board, .. } => {
            s.push_str("Position reached:\n");
            s.push_str(&format::pencilmarks(board));
            s.push('\n');
        }
        _ => {}
    }
    if let Some(sol) = &trace.solution {
        if trace.outcome.is_solved() {
            s.push_str("Solution:\n");
            s.push_str(&format::boxed(sol));
            s.push('\n');
        }
    }
    let summary = rtext::summary(trace);
    if !summary.is_empty() {
        s.push_str(&format!("Steps: {}\n", trace.steps.len()));
        for (t, n) in summary {
            s.push_str(&format!("  {:<40} {n:>4}\n", t.name()));
        }
    }
    s
}

fn cmd_hint(a: &HintArgs) -> io::Result<u8> {
    let opts = a.techniques.options();
    let inputs = read_inputs(a.input.as_deref())?;
    let board = match inputs.into_iter().next() {
        Some((_, Input::Position(b))) => *b,
        Some((line, Input::Puzzle(g))) => match Board::from_grid(&g) {
            Ok(b) => b,
            Err(c) => {
                eprintln!("sensei: line {line}: the puzzle cannot be solved: {c}");
                return Ok(1);
            }
        },
        Some((_, Input::Bad(m))) => {
            eprintln!("sensei: {m}");
            return Ok(2);
        }
        None => {
            eprintln!("sensei: no position found in the input");
            return Ok(2);
        }
    };
    let hint = hint::next_hint(&board, &opts);
    let mut out = io::stdout().lock();
    match a.format {
        ExplainFormat::Json => writeln!(out, "{}", rjson::hint_json(&hint, a.level))?,
        ExplainFormat::Text => write!(out, "{}", rtext::hint_text(&hint, a.level))?,
    }
    Ok(match hint {
        Hint::Step(_) | Hint::Solved => 0,
        _ => 1,
    })
}

/// One graded puzzle, ready to print.
struct Graded {
    line: usize,
    puzzle: String,
    rating: Result<grade::Rating, String>,
    millis: f64,
}

fn cmd_grade(a: &GradeArgs) -> io::Result<u8> {
    use rayon::prelude::*;
    let scales = match a.scale {
        None => grade::Scales::ALL,
        Some(ScaleArg::Se) => grade::Scales {
            se: true,
            hodoku: false,
            class: false,
        },
        Some(ScaleArg::Hodoku) => grade::Scales {
            se: false,
            hodoku: true,
            class: false,
        },
        Some(ScaleArg::Class) => grade::Scales {
            se: false,
            hodoku: false,
            class: true,
        },
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
        .map_err(|e| io::Error::other(e.to_string()))?;
    let inputs = inputs_or_stdin(&a.inputs);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if a.format == GradeFormat::Tsv {
        writeln!(
            out,
            "# se: {}; hodoku: {}; class: {}",
            grade::SE_RULES,
            grade::HODOKU_RULES,
            grade::CLASS_RULES
        )?;
        let mut cols = vec!["line", "puzzle"];
        if scales.se {
            cols.extend(["er", "ep", "ed"]);
        }
        if scales.hodoku {
            cols.extend(["hodoku_level", "hodoku_score"]);
        }
        if scales.class {
            cols.push("class");
        }
        cols.extend(["hardest", "guess"]);
        writeln!(out, "{}", cols.join("\t"))?;
    }
    let mut status = Status::default();
    let mut levels: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let mut slowest: Option<(f64, String)> = None;
    let mut total = 0usize;
    let started = std::time::Instant::now();
    const CHUNK: usize = 512;
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
            // Read a chunk, grade it in parallel, print it in input order:
            // memory stays bounded by the chunk, whatever the input size.
            let chunk: Vec<Result<Entry, format::ParseError>> =
                entries.by_ref().take(CHUNK).collect();
            let graded: Vec<Graded> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|e| match e {
                        Ok(entry) => {
                            let t0 = std::time::Instant::now();
                            let rating = grade::grade(&entry.grid, scales);
                            Graded {
                                line: entry.line,
                                puzzle: entry.grid.to_line(),
                                rating: Ok(rating),
                                millis: t0.elapsed().as_secs_f64() * 1000.0,
                            }
                        }
                        Err(err) => Graded {
                            line: err.line.unwrap_or(0),
                            puzzle: String::new(),
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
                    slowest = Some((g.millis, g.puzzle.clone()));
                }
                write_grade(&mut out, a.format, scales, &g, r)?;
            }
        }
        if let Some(pb) = pb {
            pb.finish_and_clear();
        }
    }
    out.flush()?;
    if !a.quiet && io::stderr().is_terminal() {
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "graded {total} puzzles in {secs:.1} s ({:.0}/s)",
            total as f64 / secs.max(1e-9)
        );
        for (level, n) in &levels {
            eprintln!("  {level:<20} {n}");
        }
        if let Some((ms, p)) = slowest {
            eprintln!("  slowest: {p} ({ms:.1} ms)");
        }
    }
    Ok(status.code())
}

/// A rating to one decimal, as an f64 without float noise (1.2, not 1.2000000476837158).
fn tenths(r: f32) -> f64 {
    format!("{r:.1}").parse().unwrap_or(0.0)
}

fn write_grade(
    out: &mut impl Write,
    fmt: GradeFormat,
    scales: grade::Scales,
    g: &Graded,
    r: &grade::Rating,
) -> io::Result<()> {
    let hardest = r.hardest.map_or("-", |t| t.slug());
    match fmt {
        GradeFormat::Tsv => {
            let mut cols = vec![g.line.to_string(), g.puzzle.clone()];
            if scales.se {
                match r.se {
                    Some(se) => cols.extend([
                        format!("{:.1}", se.er),
                        format!("{:.1}", se.ep),
                        format!("{:.1}", se.ed),
                    ]),
                    None => cols.extend(["-".to_string(), "-".to_string(), "-".to_string()]),
                }
            }
            if scales.hodoku {
                match r.hodoku {
                    Some(h) => cols.extend([h.level.name().to_string(), h.score.to_string()]),
                    None => cols.extend([r.outcome.to_string(), "-".to_string()]),
                }
            }
            if scales.class {
                cols.push(r.class.map_or("-", |c| c.name()).to_string());
            }
            cols.push(hardest.to_string());
            cols.push(if r.guessed { "yes" } else { "no" }.to_string());
            writeln!(out, "{}", cols.join("\t"))
        }
        GradeFormat::Json => {
            let mut v = serde_json::json!({
                "line": g.line, "puzzle": g.puzzle, "outcome": r.outcome,
                "hardest": r.hardest.map(|t| t.slug()), "guess": r.guessed,
            });
            if scales.se {
                v["se"] = match r.se {
                    Some(se) => serde_json::json!({
                        "er": tenths(se.er), "ep": tenths(se.ep), "ed": tenths(se.ed), "rules": grade::SE_RULES }),
                    None => serde_json::Value::Null,
                };
            }
            if scales.hodoku {
                v["hodoku"] = match r.hodoku {
                    Some(h) => {
                        serde_json::json!({ "level": h.level.name(), "score": h.score, "rules": grade::HODOKU_RULES })
                    }
                    None => serde_json::Value::Null,
                };
            }
            if scales.class {
                v["class"] = match r.class {
                    Some(c) => {
                        serde_json::json!({ "class": c.name(), "rules": grade::CLASS_RULES })
                    }
                    None => serde_json::Value::Null,
                };
            }
            writeln!(out, "{v}")
        }
    }
}

fn cmd_techniques(markdown: bool) -> io::Result<u8> {
    let mut out = io::stdout().lock();
    if markdown {
        write!(
            out,
            "{}",
            sudoku_sensei::render::text::techniques_markdown()
        )?;
        return Ok(0);
    }
    writeln!(
        out,
        "{:<34} {:<34} {:<6} {:<8} {:>6} {:>5}  status",
        "slug", "name", "hodoku", "level", "score", "SE"
    )?;
    for t in Technique::all() {
        let i = t.info();
        let status = rtext::technique_status(t);
        writeln!(
            out,
            "{:<34} {:<34} {:<6} {:<8} {:>6} {:>5}  {status}",
            i.slug,
            i.name,
            i.hodoku_code.unwrap_or("-"),
            i.level.name(),
            i.score,
            i.se_rating.map_or("-".to_string(), |r| format!("{r:.1}")),
        )?;
    }
    Ok(0)
}
