//! `sensei generate`: arguments, the batch spread over threads, streamed
//! output in order, progress, Ctrl-C and closed pipes.

use super::batch;
use clap::ValueEnum;
use indicatif::{HumanCount, ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use sudoku_sensei::generate::{
    self, Fill, GenerateError, Generated, Generator, Request, Symmetry, DEFAULT_MAX_TRIES,
};
use sudoku_sensei::grade::Class;
use sudoku_sensei::render::generated as render;
use sudoku_sensei::technique::Level;
use sudoku_sensei::Technique;

const AFTER_HELP: &str = "\
Each puzzle has one solution (checked by the exact solver) and, unless --allow-guess, is solved by
sensei's techniques without a guess. Targets are checked by sensei's own graders, the ratings
`sensei grade` prints. Technique targets (--technique, --hardest, --exclude, --only, --practice)
refer to the solve `sensei explain` prints.

The same --seed gives the same puzzles, in the same order, on any number of --jobs.

Exit codes: 0 done, 1 a puzzle could not be made within --max-tries, 2 bad request or I/O error,
130 interrupted (Ctrl-C, or kill's SIGTERM: the puzzles finished before are written, whole).

Examples:
  sensei generate --count 10 --seed 1
  sensei generate --symmetry rotate180 --level hard --format tsv
  sensei generate --givens 28..32 --symmetry mirror --count 5
  sensei generate --pattern examples/pattern.txt
  sensei generate --technique x-wing --hardest --count 20 --format json
  sensei generate --er 7.0..8.0 --count 3 --format tsv
  sensei generate --practice skyscraper | cut -f1 | sensei hint --level 3";

// Make puzzles: unique, minimal, symmetric, at a target difficulty or for a technique.
#[derive(clap::Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1)]
    count: u64,
    /// The seed of the batch [default: drawn from the clock, printed on stderr].
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads, 1 to 1024 [default: all cores; never more than puzzles, nor more than 4 per
    /// core]. The output does not depend on it.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..=1024))]
    jobs: Option<u16>,
    /// How full grids are made.
    #[arg(long, value_enum, default_value_t = FillArg::Random)]
    fill: FillArg,
    /// The number of givens, N or MIN..MAX: digging stops there (not minimal unless --minimal).
    #[arg(long, value_parser = parse_givens, value_name = "N|MIN..MAX")]
    givens: Option<(u8, u8)>,
    /// The symmetry of the givens (Sudoku Explainer's ten types).
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// A file with the pattern of givens: 81 cells, x for a given, . for an empty cell (`-`: stdin).
    #[arg(long, value_name = "FILE")]
    pattern: Option<String>,
    /// No given can be removed (the default, unless --givens or --pattern).
    #[arg(long, overrides_with = "no_minimal")]
    minimal: bool,
    /// Allow puzzles that are not minimal.
    #[arg(long, overrides_with = "minimal")]
    no_minimal: bool,
    /// HoDoKu's level, or a range: easy, medium, hard, unfair, extreme (e.g. `hard..extreme`).
    #[arg(long, value_parser = parse_level, value_name = "LEVEL|MIN..MAX")]
    level: Option<(Level, Level)>,
    /// Sudoku Explainer's ER range, e.g. `7.0..8.5`, `..2.0`, `9.0..` or `6.6`.
    #[arg(long, value_parser = parse_er, value_name = "MIN..MAX")]
    er: Option<(f32, f32)>,
    /// QQWing's class.
    #[arg(long, value_enum)]
    class: Option<ClassArg>,
    /// The solve must use these techniques (comma-separated slugs or names; see `sensei techniques`).
    #[arg(long, value_delimiter = ',', value_name = "SLUG")]
    technique: Vec<Technique>,
    /// With --technique: its hardest step (highest HoDoKu score) is one of them.
    #[arg(long, requires = "technique")]
    hardest: bool,
    /// Leave these techniques out of the solve: the puzzle is solved without them.
    #[arg(long, value_delimiter = ',', value_name = "SLUG")]
    exclude: Vec<Technique>,
    /// The solve may use only these techniques, and the singles (full house, naked single, hidden
    /// single) unless --no-singles.
    #[arg(long, value_delimiter = ',', value_name = "SLUG")]
    only: Vec<Technique>,
    /// With --only: do not add the singles; the solve uses exactly the techniques --only names
    /// (e.g. `--only hidden-single --no-singles`: hidden singles alone).
    #[arg(long, requires = "only")]
    no_singles: bool,
    /// Accept puzzles that need a guess (by default every puzzle is guess-free).
    #[arg(long)]
    allow_guess: bool,
    /// Print the position just before the solve's first step of this technique, to find that step
    /// (its 729-character candidate string and its HoDoKu library line); a hint there gives that step.
    #[arg(long, value_name = "SLUG")]
    practice: Option<Technique>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Line)]
    format: FormatArg,
    /// Tries per puzzle before giving up.
    #[arg(long, default_value_t = DEFAULT_MAX_TRIES, value_name = "N")]
    max_tries: u64,
    /// No progress bar and no seed note on stderr.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FillArg {
    /// A random search for a full grid, shuffled.
    Random,
    /// Nine non-overlapping digit templates drawn at random.
    Templates,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SymmetryArg {
    /// No symmetry.
    None,
    /// Half turn around the centre (central symmetry; SE: Rotational180).
    #[value(alias = "central", alias = "rotational180")]
    Rotate180,
    /// Quarter turn, and so half turn (SE: Rotational90).
    #[value(alias = "rotational90")]
    Rotate90,
    /// Mirror left to right, in the vertical axis (SE: Vertical).
    #[value(alias = "vertical")]
    Mirror,
    /// Mirror top to bottom, in the horizontal axis (SE: Horizontal).
    #[value(alias = "horizontal")]
    Flip,
    /// Mirror in the main diagonal r1c1-r9c9 (SE calls it Anti-diagonal).
    Diagonal,
    /// Mirror in the anti-diagonal r9c1-r1c9 (SE calls it Diagonal).
    Antidiagonal,
    /// Both diagonals (SE: BiDiagonal).
    Bidiagonal,
    /// Both axes, vertical and horizontal (SE: Orthogonal).
    Orthogonal,
    /// All of them: both axes, both diagonals, quarter turns (SE: Full).
    #[value(alias = "dihedral")]
    Full,
}

impl SymmetryArg {
    fn symmetry(self) -> Symmetry {
        match self {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotate180 => Symmetry::Rotate180,
            SymmetryArg::Rotate90 => Symmetry::Rotate90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Flip => Symmetry::Flip,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
            SymmetryArg::Antidiagonal => Symmetry::Antidiagonal,
            SymmetryArg::Bidiagonal => Symmetry::Bidiagonal,
            SymmetryArg::Orthogonal => Symmetry::Orthogonal,
            SymmetryArg::Full => Symmetry::Full,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ClassArg {
    /// Naked singles only.
    Simple,
    /// Singles.
    Easy,
    /// Singles, locked candidates, naked and hidden pairs.
    Intermediate,
    /// More than that.
    Expert,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// One 81-character line per puzzle (practice: candidate string, tab, HoDoKu line).
    Line,
    /// Tab-separated, with the ratings and the solve's techniques, after a header.
    Tsv,
    /// One JSON object per puzzle (JSON lines), with solution and ratings.
    Json,
}

/// `N`, `MIN..MAX`, `..MAX` or `MIN..`.
fn parse_range<T: Copy>(
    s: &str,
    lowest: T,
    highest: T,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<(T, T), String> {
    let s = s.trim();
    let (lo, hi) = match s.split_once("..") {
        Some((a, b)) => {
            let b = b.strip_prefix('=').unwrap_or(b);
            let lo = if a.trim().is_empty() {
                Some(lowest)
            } else {
                parse(a.trim())
            };
            let hi = if b.trim().is_empty() {
                Some(highest)
            } else {
                parse(b.trim())
            };
            (lo, hi)
        }
        None => (parse(s), parse(s)),
    };
    match (lo, hi) {
        (Some(lo), Some(hi)) => Ok((lo, hi)),
        _ => Err(format!("'{s}' is not a value or a range MIN..MAX")),
    }
}

fn parse_givens(s: &str) -> Result<(u8, u8), String> {
    parse_range(s, 0, 81, |x| x.parse::<u8>().ok())
}

fn parse_level(s: &str) -> Result<(Level, Level), String> {
    let level = |x: &str| {
        [
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Unfair,
            Level::Extreme,
        ]
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(x))
    };
    parse_range(s, Level::Easy, Level::Extreme, level)
        .map_err(|e| format!("{e} (levels: easy, medium, hard, unfair, extreme)"))
}

fn parse_er(s: &str) -> Result<(f32, f32), String> {
    parse_range(s, 1.0, 20.0, |x| {
        x.parse::<f32>().ok().filter(|v| v.is_finite())
    })
}

fn read_pattern(name: &str) -> Result<sudoku_sensei::CellSet, String> {
    let shown = super::input::display_name(name);
    let text = super::input::read_text(name, "a pattern file")
        .map_err(|why| format!("--pattern {shown}: {why}"))?;
    generate::parse_pattern(&text).map_err(|e| format!("--pattern {shown}: {e}"))
}

/// A seed from the clock and the process, when none is given.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // keep it short enough to type
    (nanos ^ u64::from(std::process::id()).rotate_left(32)) % 1_000_000_000
}

impl Args {
    fn request(&self, seed: u64) -> Result<Request, String> {
        let pattern = self.pattern.as_deref().map(read_pattern).transpose()?;
        let minimal = match (self.minimal, self.no_minimal) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        };
        Ok(Request {
            seed,
            fill: match self.fill {
                FillArg::Random => Fill::Random,
                FillArg::Templates => Fill::Templates,
            },
            givens: self.givens,
            symmetry: self.symmetry.symmetry(),
            pattern,
            minimal,
            level: self.level,
            er: self.er,
            class: self.class.map(|c| match c {
                ClassArg::Simple => Class::Simple,
                ClassArg::Easy => Class::Easy,
                ClassArg::Intermediate => Class::Intermediate,
                ClassArg::Expert => Class::Expert,
            }),
            techniques: self.technique.clone(),
            hardest: self.hardest,
            exclude: self.exclude.clone(),
            only: super::only_techniques(&self.only, self.no_singles),
            allow_guess: self.allow_guess,
            practice: self.practice,
            rate: self.format != FormatArg::Line,
            max_tries: self.max_tries,
        })
    }
}

/// Run `sensei generate`.
pub fn run(args: &Args) -> u8 {
    match run_batch(args) {
        Ok(code) => code,
        Err(message) => {
            say!("sensei: {message}");
            2
        }
    }
}

/// How the batch ended.
enum End {
    Done,
    /// A puzzle could not be made.
    GaveUp(GenerateError),
    /// Ctrl-C.
    Interrupted,
    /// The reader closed the pipe (`| head`).
    Closed,
    WriteError(io::Error),
}

fn progress_bar(count: u64, quiet: bool) -> Option<ProgressBar> {
    if quiet || !io::stderr().is_terminal() {
        return None;
    }
    let pb = ProgressBar::new(count);
    pb.set_style(style(0));
    Some(pb)
}

/// The bar's layout once `done` puzzles are written: a rate and an ETA
/// only when there is something to measure them by (before the first
/// puzzle, "ETA 0s" would mislead), the time spent until then.
fn template(done: u64) -> &'static str {
    if done == 0 {
        "generating [{bar:24}] {pos}/{len} {elapsed} {msg}"
    } else {
        "generating [{bar:24}] {pos}/{len} {per_sec} ETA {eta} {msg}"
    }
}

fn style(done: u64) -> ProgressStyle {
    ProgressStyle::with_template(template(done))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// The bar's note: the tries so far and the bound of each puzzle, so a
/// rare request shows how far it is from giving up.
fn tries_note(tries: u64, max_tries: u64) -> String {
    format!(
        "({} tries in all; at most {} a puzzle)",
        HumanCount(tries),
        HumanCount(max_tries)
    )
}

fn run_batch(args: &Args) -> Result<u8, String> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let request = args.request(seed)?;
    let generator = Generator::new(request).map_err(|e| e.to_string())?;
    let threads = batch::thread_count(args.jobs, Some(args.count), batch::cores());
    // one worker makes the puzzles on this thread: no pool, no thread
    let pool = match threads {
        0 | 1 => None,
        n => Some(batch::pool(n).map_err(|e| e.to_string())?),
    };
    if args.seed.is_none() && !args.quiet {
        say!("sensei: seed {seed} (repeat this batch with --seed {seed})");
    }
    // Ctrl-C: stop the workers at their next try and write what is done.
    batch::watch();
    let interrupted = batch::flag();

    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let pb = progress_bar(args.count, args.quiet);
    let mut header = None;
    if args.format == FormatArg::Tsv {
        header = Some(render::tsv_header(generator.request()));
    }
    let write = |out: &mut io::BufWriter<io::StdoutLock>, g: &Generated| -> io::Result<()> {
        let text = match args.format {
            FormatArg::Line => render::line(g),
            FormatArg::Tsv => render::tsv(g),
            FormatArg::Json => render::json(g, generator.request()),
        };
        writeln!(out, "{text}")?;
        out.flush()
    };
    let mut written = 0u64;
    let end = (|| {
        if let Some(h) = header {
            if let Err(e) = writeln!(out, "{h}").and_then(|_| out.flush()) {
                return ended_by(e);
            }
        }
        let threads = pool.as_ref().map_or(1, |p| p.current_num_threads().max(1));
        run_workers(
            pool.as_ref(),
            &generator,
            args.count,
            threads,
            interrupted,
            pb.as_ref(),
            &mut |g| {
                let r = match &pb {
                    Some(pb) => pb.suspend(|| write(&mut out, g)),
                    None => write(&mut out, g),
                };
                if r.is_ok() {
                    written += 1;
                }
                r
            },
        )
    })();
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    match end {
        End::Done => Ok(0),
        End::Closed => Ok(0),
        End::GaveUp(e) => {
            say!("sensei: {e}");
            Ok(1)
        }
        End::Interrupted => {
            batch::report(written);
            Ok(batch::INTERRUPTED)
        }
        End::WriteError(e) => Err(format!("cannot write the output: {e}")),
    }
}

fn ended_by(e: io::Error) -> End {
    if e.kind() == io::ErrorKind::BrokenPipe {
        End::Closed
    } else {
        End::WriteError(e)
    }
}

/// Make puzzles `0..count` on `threads` workers; hand each to `emit` in
/// index order as soon as it and all before it are done. Workers claim the
/// next index; they wait when they run too far ahead of the output, so
/// memory stays bounded. One worker (or no `pool`) makes them on the
/// calling thread, with no hand-off: nothing to wait for (issue 39: `--jobs 1` on one CPU
/// waited about a third of its wall time, a worker and the writer taking
/// turns and the worker sleeping when it ran ahead).
fn run_workers(
    pool: Option<&rayon::ThreadPool>,
    generator: &Generator,
    count: u64,
    threads: usize,
    interrupted: &AtomicBool,
    pb: Option<&ProgressBar>,
    emit: &mut dyn FnMut(&Generated) -> io::Result<()>,
) -> End {
    let Some(pool) = pool.filter(|_| threads > 1) else {
        return run_inline(generator, count, interrupted, pb, emit);
    };
    let stop = AtomicBool::new(false);
    let next = AtomicU64::new(0);
    let emitted = AtomicU64::new(0);
    let tries = AtomicU64::new(0);
    let window = 8 * threads as u64;
    let (tx, rx) = mpsc::channel::<(u64, Result<Generated, GenerateError>)>();
    let halted = || stop.load(Ordering::Relaxed) || interrupted.load(Ordering::Relaxed);
    pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, emitted, tries, halted) = (&next, &emitted, &tries, &halted);
            scope.spawn(move |_| loop {
                if halted() {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= count {
                    break;
                }
                while i >= emitted.load(Ordering::SeqCst) + window && !halted() {
                    std::thread::sleep(Duration::from_millis(2));
                }
                let made = generator.nth_with(i, &mut |_| {
                    tries.fetch_add(1, Ordering::Relaxed);
                    if halted() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                if tx.send((i, made)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut end = End::Done;
        let mut pending: BTreeMap<u64, Result<Generated, GenerateError>> = BTreeMap::new();
        let mut next_out = 0u64;
        loop {
            let received = rx.recv_timeout(Duration::from_millis(100));
            let disconnected = matches!(received, Err(mpsc::RecvTimeoutError::Disconnected));
            if let Ok((i, made)) = received {
                pending.insert(i, made);
            }
            // write what is ready, in order (also after Ctrl-C: it is done)
            while matches!(end, End::Done) || matches!(end, End::Interrupted) {
                let Some(made) = pending.remove(&next_out) else {
                    break;
                };
                match made {
                    Ok(g) => {
                        if let Err(e) = emit(&g) {
                            end = ended_by(e);
                            stop.store(true, Ordering::SeqCst);
                            break;
                        }
                    }
                    Err(e) if e.cancelled => break,
                    Err(e) => {
                        end = End::GaveUp(e);
                        stop.store(true, Ordering::SeqCst);
                        break;
                    }
                }
                next_out += 1;
                emitted.store(next_out, Ordering::SeqCst);
            }
            if interrupted.load(Ordering::Relaxed) && matches!(end, End::Done) {
                end = End::Interrupted;
            }
            if let Some(pb) = pb {
                if next_out > 0 && pb.position() == 0 {
                    pb.set_style(style(next_out));
                }
                pb.set_position(next_out);
                let max_tries = generator.request().max_tries;
                pb.set_message(tries_note(tries.load(Ordering::Relaxed), max_tries));
            }
            if disconnected {
                break;
            }
        }
        end
    })
}

/// [`run_workers`] with one worker: each puzzle made and written on the
/// calling thread, in order.
fn run_inline(
    generator: &Generator,
    count: u64,
    interrupted: &AtomicBool,
    pb: Option<&ProgressBar>,
    emit: &mut dyn FnMut(&Generated) -> io::Result<()>,
) -> End {
    let mut tries = 0u64;
    for i in 0..count {
        if interrupted.load(Ordering::Relaxed) {
            return End::Interrupted;
        }
        let made = generator.nth_with(i, &mut |_| {
            tries += 1;
            if interrupted.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match made {
            Ok(g) => {
                if let Err(e) = emit(&g) {
                    return ended_by(e);
                }
            }
            Err(e) if e.cancelled => return End::Interrupted,
            Err(e) => return End::GaveUp(e),
        }
        if let Some(pb) = pb {
            if pb.position() == 0 {
                pb.set_style(style(i + 1));
            }
            pb.set_position(i + 1);
            pb.set_message(tries_note(tries, generator.request().max_tries));
        }
    }
    End::Done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_counts_the_tries_against_their_bound() {
        assert_eq!(
            tries_note(2314, 100_000),
            "(2,314 tries in all; at most 100,000 a puzzle)"
        );
    }

    #[test]
    fn no_rate_or_eta_before_the_first_puzzle() {
        assert!(!template(0).contains("eta") && !template(0).contains("per_sec"));
        assert!(template(0).contains("{elapsed}"));
        assert!(template(1).contains("ETA {eta}"));
    }
}
