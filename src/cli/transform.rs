//! `sensei transform`: equivalent puzzles, by a given or a random
//! transformation of the Sudoku group (augmentation for datasets).

use super::input::{Accept, Inputs};
use super::{finish, Status};
use std::io::{self, BufWriter, Write};
use sudoku_sensei::canon::Transform;
use sudoku_sensei::exact;

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input).
    inputs: Vec<String>,
    /// The transformation to apply: `[T]R<9 rows>C<9 columns>D<9 digits>`, each part optional
    /// (e.g. `T` transposes, `D987654321` swaps 1↔9, 2↔8…, `R321456789` reverses the first
    /// band's rows). See docs/canon.md.
    #[arg(long, value_parser = parse_transform, required_unless_present = "random", conflicts_with = "random")]
    transform: Option<Transform>,
    /// Apply random transformations, drawn uniformly from the whole group (with --seed: the same
    /// ones on every run and platform).
    #[arg(long)]
    random: bool,
    /// The seed of --random.
    #[arg(long, default_value_t = 0, requires = "random")]
    seed: u64,
    /// With --random: how many equivalents to print per puzzle, one per line.
    #[arg(long, default_value_t = 1, requires = "random",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    count: u64,
    /// Print the (transformed) solution after the puzzle, separated by a tab (`# no unique
    /// solution` when there is none to print).
    #[arg(long)]
    with_solution: bool,
    /// Print the transformation used after the puzzle, separated by a tab.
    #[arg(long)]
    print_transform: bool,
    /// Never show progress.
    #[arg(long)]
    quiet: bool,
}

fn parse_transform(text: &str) -> Result<Transform, String> {
    text.parse()
        .map_err(|e: sudoku_sensei::canon::TransformError| e.to_string())
}

pub fn run(a: &Args) -> u8 {
    finish(transform(a))
}

fn transform(a: &Args) -> io::Result<u8> {
    let mut inputs = Inputs::open(&a.inputs, Accept::Puzzles, "transforming", a.quiet);
    let progress = inputs.progress();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut status = Status::default();
    let per = if a.random { a.count } else { 1 };
    // puzzle k of the input draws transformations k·count … k·count+count-1
    // of the seed: the same whatever else the input holds after it
    for (k, item) in inputs.by_ref().enumerate() {
        let entry = match &item.entry {
            Ok(entry) => entry,
            Err(e) => {
                status.error = true;
                progress.report(&item.name, e);
                for _ in 0..per {
                    writeln!(out, "# error: {e}")?;
                }
                continue;
            }
        };
        let solution = if a.with_solution {
            let (count, only) = exact::count_and_only_solution(entry.grid.values(), 2);
            if count != 1 {
                status.not_solved = true;
            }
            only
        } else {
            None
        };
        for i in 0..per {
            let t = match a.transform {
                Some(t) => t,
                None => Transform::seeded(a.seed, k as u64 * per + i),
            };
            out.write_all(&t.apply(&entry.grid).line_bytes())?;
            if a.with_solution {
                match &solution {
                    Some(s) => {
                        let mapped = sudoku_sensei::Grid::from_values(t.apply_values(s));
                        out.write_all(b"\t")?;
                        out.write_all(&mapped.line_bytes())?;
                    }
                    None => out.write_all(b"\t# no unique solution")?,
                }
            }
            if a.print_transform {
                write!(out, "\t{t}")?;
            }
            out.write_all(b"\n")?;
        }
        progress.done(item.bytes);
        progress.flush(&mut out)?;
    }
    inputs.finish(&mut status);
    out.flush()?;
    Ok(status.code())
}
