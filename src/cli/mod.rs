//! The commands of `sensei`, one file each, and what they share: the
//! technique options, the input path, progress, the exit status.
//!
//! A command is a file `src/cli/<command>.rs` exposing a clap `Args`
//! struct and `run(&Args) -> u8` (the exit code), plus one variant of
//! `Command` in `main.rs`. Commands print only what `sudoku_sensei::render`
//! (and `sudoku_sensei::format`'s printers) write; this layer owns I/O,
//! progress, parallelism and exit codes (0 done, 1 not solved / no unique
//! solution, 2 error).

pub mod batch;
pub mod canon;
pub mod check;
pub mod dedupe;
pub mod explain;
pub mod generate;
pub mod grade;
pub mod hint;
pub mod input;
pub mod pictures;
pub mod pipe;
pub mod progress;
pub mod resume;
#[cfg(feature = "serve")]
pub mod serve;
pub mod show;
pub mod solve;
pub mod stats;
pub mod techniques;
pub mod transform;

use clap::ValueEnum;
use std::io;
use sudoku_sensei::solver::{Fallback, Options, Profile};
use sudoku_sensei::Technique;

/// The help text after each command's options: formats, exit codes, examples.
pub const AFTER_HELP: &str = "\
Puzzle formats (detected automatically):
  81-character line      53..7....6..195...  (. 0 _ * are empty; text after the 81 cells is ignored)
  9 lines of 9 digits    0 6 0 0 0 5 2 0 4   (spaces or tabs between digits; 0 or . for empty)
  boxed ASCII grid       +-------+---  / | 5 3 . | . 7 . |   (sensei, Sudoku Explainer, HoDoKu style;
                         empty cells may be blanks; of two grids side by side, the left one is read)
  LeetCode board         [[\"5\",\"3\",\".\",...],...]
  many puzzles           one per line; blank lines and # comments are skipped
Positions for `hint`, `explain` and `show` may also be a 729-character candidate string, a
pencil-mark grid, or a HoDoKu library line (:0000:x:<givens>:<deleted>:::).

Exit codes: 0 done, 1 a puzzle has no (unique) solution or was not solved, 2 bad input or I/O error,
130 interrupted (Ctrl-C, kill's SIGTERM, or a closed terminal's SIGHUP: a batch starts no
more puzzles, finishes those running and writes, whole, the output of the puzzles done; a
second signal ends it at once).

Examples:
  sensei solve examples/puzzles.txt
  sensei solve --side-by-side examples/hard.txt
  sensei solve --count --limit 1000 examples/ten_solutions.txt
  sensei explain examples/hard.txt --verbose
  sensei hint --level 2 examples/position.txt
  sensei grade examples/puzzles.txt
  sensei canon --transform examples/puzzles.txt
  sensei dedupe --report puzzles.txt
  sensei transform --random --seed 1 --count 10 --with-solution examples/puzzles.txt
  sensei check --against collection.txt my_puzzle.txt";

/// The exit code of a command whose work ended with `result`: an I/O
/// error is reported and gives 2, except a closed pipe (`| head`), which
/// stops the command quietly.
pub fn finish(result: io::Result<u8>) -> u8 {
    match result {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            say!("sensei: {e}");
            2
        }
    }
}

/// How a command ended a batch: the worst status seen.
#[derive(Default)]
pub struct Status {
    pub not_solved: bool,
    pub error: bool,
}

impl Status {
    /// 2 after an error, else 1 after a puzzle not solved, else 0.
    pub fn code(&self) -> u8 {
        if self.error {
            2
        } else if self.not_solved {
            1
        } else {
            0
        }
    }
}

// The options that choose the techniques (`explain`, `hint`).
#[derive(clap::Args)]
pub struct TechniqueArgs {
    /// Do not guess when no technique applies: stop and show the position.
    #[arg(long)]
    no_guess: bool,
    /// Use only these techniques, and the singles (full house, naked single, hidden single) unless
    /// --no-singles: comma-separated slugs, names or HoDoKu codes, e.g. `x-wing` or `x-wing,xy-wing`.
    /// Any technique sensei has may be named (see `sensei techniques`); they are tried in HoDoKu's order.
    #[arg(long, value_delimiter = ',', value_name = "SLUG")]
    only: Vec<Technique>,
    /// With --only: do not add the singles; use exactly the techniques --only names
    /// (e.g. `--only hidden-single --no-singles`: hidden singles alone).
    #[arg(long, requires = "only")]
    no_singles: bool,
    /// Never use these techniques (comma-separated).
    #[arg(long, value_delimiter = ',')]
    exclude: Vec<Technique>,
    /// The order and selection of techniques.
    #[arg(long, value_enum, default_value_t = ProfileArg::Hodoku)]
    profile: ProfileArg,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ProfileArg {
    /// sensei's default: HoDoKu 2.2.0's default techniques in HoDoKu's order, plus WXYZ-Wing, 3D Medusa
    /// and deeper forcing nets, which HoDoKu lacks (the HoDoKu rating uses HoDoKu's own set).
    Hodoku,
    /// Every technique sensei has, in HoDoKu's order.
    All,
}

impl TechniqueArgs {
    /// The solver options these arguments ask for.
    pub fn options(&self) -> Options {
        let profile = match self.profile {
            ProfileArg::Hodoku => Profile::Hodoku,
            ProfileArg::All => Profile::All,
        };
        // --only may name techniques the profile leaves off by default
        let mut opts = if self.only.is_empty() {
            Options::with_profile(profile)
        } else {
            Options::with_profile(Profile::All).only(&only_techniques(&self.only, self.no_singles))
        };
        opts = opts.exclude(&self.exclude);
        if self.no_guess {
            opts.fallback = Fallback::Stop;
        }
        opts
    }
}

/// The techniques `--only` asks for: those it names and, unless
/// `--no-singles`, the singles, without which a solve places nothing but
/// guesses. The same in `explain`, `hint` and `generate`.
pub fn only_techniques(named: &[Technique], no_singles: bool) -> Vec<Technique> {
    let mut only = named.to_vec();
    if !no_singles && !named.is_empty() {
        only.extend(Technique::SINGLES.iter().filter(|t| !named.contains(t)));
    }
    only
}

/// The output format of `explain` and `hint`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TextOrJson {
    /// Text for people: step lines in HoDoKu's notation, the outcome, hints in words.
    Text,
    /// The versioned trace schema of docs/trace-format.md (one document per puzzle).
    Json,
}
