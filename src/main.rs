//! `sensei`: the command-line tool. It turns arguments into library calls,
//! renderer calls and an exit code (0 done, 1 not solved / no unique
//! solution, 2 error); each command lives in `src/cli/<command>.rs`.

/// `eprintln!` without its panic: when stderr fails (a closed terminal
/// answers EIO after a hangup), the message is dropped and the command
/// goes on to its exit code, where `eprintln!` would abort.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `eprint!` without its panic (see [`say!`]).
macro_rules! say_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

mod cli;

use clap::{Parser, Subcommand};
use cli::AFTER_HELP;
use std::process::ExitCode;

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
#[command(defer = true)]
enum Command {
    /// Solve puzzles exactly and print their solutions.
    ///
    /// Says clearly when a puzzle has no solution or several (exit code 1).
    #[command(after_help = AFTER_HELP)]
    Solve(cli::solve::Args),
    /// Solve a puzzle step by step as a person would, explaining every step.
    #[command(after_help = AFTER_HELP)]
    Explain(cli::explain::Args),
    /// The next step from a position, revealed a little at a time.
    #[command(after_help = AFTER_HELP)]
    Hint(cli::hint::Args),
    /// Rate puzzles: Sudoku Explainer's ER/EP/ED, HoDoKu's level and score, QQWing's class.
    ///
    /// One line per puzzle, in input order, computed in parallel on all cores.
    #[command(after_help = AFTER_HELP)]
    Grade(cli::grade::Args),
    /// Make puzzles: unique and minimal, symmetric, at a target difficulty or for a technique.
    Generate(cli::generate::Args),
    /// Draw a puzzle or a position as an SVG picture (or a pencil-mark grid in text).
    Show(cli::show::Args),
    /// Start the trainer in your browser: play a puzzle with hints, pictures, checks and walkthroughs.
    ///
    /// A local web server (this computer only, unless --bind says otherwise) serving one page and
    /// a JSON API (docs/api.md). It prints the address to open; Ctrl-C stops it.
    #[cfg(feature = "serve")]
    Serve(cli::serve::Args),
    /// The minlex canonical form of each puzzle: equal forms mean equivalent puzzles.
    ///
    /// Equivalent: one becomes the other by transposing, permuting bands, rows within a band,
    /// stacks, columns within a stack, and relabelling the digits. The form is the smallest
    /// 81-character string among all equivalents, empty cells (printed `.`) before digits: the
    /// forum's minlex convention (docs/canon.md). One line per puzzle, in input order.
    #[command(after_help = AFTER_HELP)]
    Canon(cli::canon::Args),
    /// Drop the puzzles equivalent to an earlier one (same minlex form), keeping the first.
    ///
    /// Prints the puzzles kept, in input order, and the counts on stderr; --report lists the
    /// classes instead.
    #[command(after_help = AFTER_HELP)]
    Dedupe(cli::dedupe::Args),
    /// Print equivalent puzzles: a given transformation, or random ones for augmentation.
    ///
    /// The transformations keep a puzzle's solutions (transformed too with --with-solution),
    /// its logic and its ratings (but HoDoKu's score, which follows the order HoDoKu finds
    /// equal steps in: docs/canon.md).
    #[command(after_help = AFTER_HELP)]
    Transform(cli::transform::Args),
    /// A setter's report: unique, minimal, symmetric, rated, its minlex form, already known?
    ///
    /// Exit code 0 when every puzzle is proper (one solution), 1 when one is not.
    #[command(after_help = AFTER_HELP)]
    Check(cli::check::Args),
    /// What a collection is made of: levels, ER histogram, classes, techniques, givens.
    ///
    /// Grades every puzzle (in parallel) and prints the counts; --svg FILE also draws them as a
    /// chart for a web page.
    #[command(after_help = AFTER_HELP)]
    Stats(cli::stats::Args),
    /// List the techniques sensei knows, in solving order, with their ratings.
    Techniques(cli::techniques::Args),
}

fn main() -> ExitCode {
    let code = match &Cli::parse().command {
        Command::Solve(a) => cli::solve::run(a),
        Command::Explain(a) => cli::explain::run(a),
        Command::Hint(a) => cli::hint::run(a),
        Command::Grade(a) => cli::grade::run(a),
        Command::Generate(a) => cli::generate::run(a),
        Command::Show(a) => cli::show::run(a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => cli::serve::run(a),
        Command::Techniques(a) => cli::techniques::run(a),
        Command::Canon(a) => cli::canon::run(a),
        Command::Dedupe(a) => cli::dedupe::run(a),
        Command::Transform(a) => cli::transform::run(a),
        Command::Check(a) => cli::check::run(a),
        Command::Stats(a) => cli::stats::run(a),
    };
    ExitCode::from(code)
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// clap checks a command's definition when it is built; with the
    /// subcommands deferred, a run builds only its own, so every one is
    /// checked here.
    #[test]
    fn every_subcommand_is_well_formed() {
        Cli::command().debug_assert();
    }
}
