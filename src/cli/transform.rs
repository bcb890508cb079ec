//! `sensei transform`: equivalent puzzles, by a given or a random
//! transformation of the Sudoku group (augmentation for datasets).

use super::batch::{self, Batch, Plan, Threads};
use super::finish;
use super::input::Accept;
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
    let mut batch = Batch::open(&a.inputs, Accept::Puzzles, "transforming", a.quiet);
    let several = batch.several_inputs();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    let per = if a.random { a.count } else { 1 };
    // puzzle k of the input draws transformations k·count … k·count+count-1
    // of the seed: the same whatever else the input holds after it
    let mut k = 0u64;
    let plan = Plan {
        chunk: 1024,
        threads: if a.with_solution {
            Threads::Pool(None)
        } else {
            Threads::One
        },
    };
    batch.run(
        &mut out,
        plan,
        // the solution, when it is asked for and unique
        |entry| {
            a.with_solution
                .then(|| exact::count_and_only_solution(entry.grid.values(), 2))
        },
        |out, item, solved, status| {
            k += 1;
            let (entry, solved) = match (&item.entry, solved) {
                (Ok(entry), Ok(solved)) => (entry, solved),
                (_, Err(e)) => {
                    let text = batch::error_text(several, item, e);
                    for _ in 0..per {
                        writeln!(out, "# error: {text}")?;
                    }
                    return Ok(());
                }
                (Err(_), Ok(_)) => return Ok(()), // (never: an unreadable item has no result)
            };
            let solution = solved.and_then(|(count, only)| {
                status.not_solved |= count != 1;
                only
            });
            for i in 0..per {
                let t = match a.transform {
                    Some(t) => t,
                    None => Transform::seeded(a.seed, (k - 1) * per + i),
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
            Ok(())
        },
    )?;
    batch.finish(&mut out)
}
