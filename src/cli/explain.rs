//! `sensei explain`: a step-by-step solve of each puzzle, as text or JSON.

use super::input::{read_inputs, Input};
use super::{finish, Status, TechniqueArgs, TextOrJson};
use std::io::{self, BufWriter, Write};
use sudoku_sensei::hint::{self, Hint};
use sudoku_sensei::render::{json as rjson, text as rtext};

#[derive(clap::Args)]
pub struct Args {
    /// File to read (`-` or none: standard input); every puzzle in it is explained.
    input: Option<String>,
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
    /// Add, per step, a sentence for a learner and the candidate grid before the step.
    #[arg(long, short)]
    verbose: bool,
    #[command(flatten)]
    techniques: TechniqueArgs,
}

pub fn run(a: &Args) -> u8 {
    finish(explain(a))
}

fn explain(a: &Args) -> io::Result<u8> {
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
                    TextOrJson::Json => writeln!(out, "{}", rjson::hint_json(&h, 1))?,
                    TextOrJson::Text => writeln!(out, "{}", rtext::hint_message(&h))?,
                }
                continue;
            }
        }
        let trace = match input.trace(&opts) {
            Ok(t) => t,
            Err(m) => {
                status.error = true;
                writeln!(io::stderr(), "sensei: {m}")?;
                continue;
            }
        };
        if !trace.outcome.is_solved() {
            status.not_solved = true;
        }
        match a.format {
            TextOrJson::Json => {
                let line = many.then_some(*line);
                writeln!(out, "{}", rjson::trace_record(&trace, line))?;
            }
            TextOrJson::Text => {
                if many {
                    writeln!(out, "# line {line}")?;
                }
                write!(out, "{}", rtext::explain_text(&trace, a.verbose))?;
                if many {
                    writeln!(out)?;
                }
            }
        }
    }
    out.flush()?;
    Ok(status.code())
}
