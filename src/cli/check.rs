//! `sensei check`: one report for a setter's puzzle: valid and unique,
//! minimal, symmetric, rated, its canonical form, and whether a collection
//! already holds an equivalent puzzle.

use super::batch::{self, Batch, Plan, Threads};
use super::grade::with_file;
use super::input::{Accept, Inputs};
use super::{finish, Status};
use clap::ValueEnum;
use serde_json::json;
use std::collections::HashMap;
use std::io::{self, BufWriter, Write};
use sudoku_sensei::generate::Symmetry;
use sudoku_sensei::{canon, count_solutions, grade, Cell, Count, Grid, Scales};

#[derive(clap::Args)]
pub struct Args {
    /// Files to read (`-` or none: standard input); each puzzle gets its report.
    inputs: Vec<String>,
    /// A collection of puzzles: say which of them (line numbers) are equivalent to the puzzle.
    #[arg(long, value_name = "FILE")]
    against: Option<String>,
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    format: CheckFormat,
    /// Never show progress.
    #[arg(long)]
    quiet: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    /// A report for people, a few lines per puzzle.
    Text,
    /// One JSON object per puzzle (JSON lines).
    Json,
    /// Tab-separated columns with a header line, one row per puzzle.
    Tsv,
}

/// What the check found about one puzzle.
struct Report {
    line: usize,
    puzzle: Grid,
    givens: usize,
    /// `unique`, `none`, `2`, `at least 1000`, or `invalid: …`.
    solutions: String,
    proper: bool,
    /// The givens that can go with the solution staying unique (`r3c5=7`).
    redundant: Vec<String>,
    symmetry: Vec<&'static str>,
    er: Option<(f32, f32, f32)>,
    level: Option<(String, u32)>,
    class: Option<String>,
    hardest: Option<String>,
    form: Grid,
    automorphisms: u64,
    matches: Vec<usize>,
}

pub fn run(a: &Args) -> u8 {
    finish(check(a))
}

/// The minlex forms of a collection, with their line numbers.
fn collection(name: &str, quiet: bool) -> Option<HashMap<Grid, Vec<usize>>> {
    let mut inputs = Inputs::open(&[name.to_string()], Accept::Puzzles, "reading", quiet);
    let progress = inputs.progress();
    let mut forms: HashMap<Grid, Vec<usize>> = HashMap::new();
    let mut failed = false;
    for item in inputs.by_ref() {
        match &item.entry {
            Ok(e) => forms
                .entry(canon::minlex(&e.grid).form)
                .or_default()
                .push(e.line),
            Err(e) => {
                failed = true;
                progress.report(&item.name, e);
            }
        }
    }
    let mut status = Status::default();
    inputs.finish(&mut status);
    (!failed && !status.error).then_some(forms)
}

fn examine(line: usize, puzzle: &Grid, against: Option<&HashMap<Grid, Vec<usize>>>) -> Report {
    let c = canon::minlex(puzzle);
    let clash = puzzle.find_clash();
    let count = if clash.is_some() {
        Count::None
    } else {
        count_solutions(puzzle, 1000)
    };
    let solutions = match (&clash, count) {
        (Some(clash), _) => format!("invalid: {clash}"),
        (None, Count::Unique) => "unique".into(),
        (None, Count::None) => "none".into(),
        (None, Count::Exactly(n)) => n.to_string(),
        (None, Count::AtLeast(n)) => format!("at least {n}"),
    };
    let proper = count == Count::Unique;
    let mut redundant = Vec::new();
    if proper {
        for cell in Cell::all() {
            if let Some(d) = puzzle.value(cell) {
                let mut fewer = puzzle.clone();
                fewer.clear(cell);
                if count_solutions(&fewer, 2) == Count::Unique {
                    redundant.push(format!("{cell}={d}"));
                }
            }
        }
    }
    let symmetry = Symmetry::ALL
        .into_iter()
        .filter(|s| *s != Symmetry::None && s.holds(puzzle.givens()))
        .map(Symmetry::slug)
        .collect();
    let (mut er, mut level, mut class, mut hardest) = (None, None, None, None);
    if proper {
        let r = grade(puzzle, Scales::default());
        er = r.se.map(|s| (s.er, s.ep, s.ed));
        level = r.hodoku.map(|h| (h.level.name().to_string(), h.score));
        class = r.class.map(|c| c.name().to_string());
        hardest = r.hardest.map(|t| t.name().to_string());
    }
    let matches = against
        .and_then(|forms| forms.get(&c.form).cloned())
        .unwrap_or_default();
    Report {
        line,
        puzzle: puzzle.clone(),
        givens: puzzle.filled(),
        solutions,
        proper,
        redundant,
        symmetry,
        er,
        level,
        class,
        hardest,
        form: c.form,
        automorphisms: c.automorphisms,
        matches,
    }
}

fn check(a: &Args) -> io::Result<u8> {
    let against = match &a.against {
        Some(name) => match collection(name, a.quiet) {
            Some(forms) => Some(forms),
            None => return Ok(2),
        },
        None => None,
    };
    let mut batch = Batch::open(&a.inputs, Accept::Puzzles, "checking", a.quiet);
    let several = batch.several_inputs();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if a.format == CheckFormat::Tsv {
        if several {
            write!(out, "file\t")?;
        }
        writeln!(out, "line\tpuzzle\tgivens\tsolutions\tminimal\tredundant\tsymmetry\ter\tep\ted\tlevel\tscore\tclass\thardest\tform\tautomorphisms\tequivalent_in_collection")?;
    }
    let mut first = true;
    let plan = Plan {
        chunk: 64,
        threads: Threads::Pool(None),
    };
    batch.run(
        &mut out,
        plan,
        |entry| examine(entry.line, &entry.grid, against.as_ref()),
        |out, item, report, status| {
            let r = match report {
                Ok(r) => r,
                Err(e) => {
                    let text = batch::error_text(several, item, e);
                    return match a.format {
                        CheckFormat::Json => writeln!(out, "{}", json!({ "error": text })),
                        _ => writeln!(out, "# error: {text}"),
                    };
                }
            };
            status.not_solved |= !r.proper;
            // with several inputs, each report names its input
            match a.format {
                CheckFormat::Text => {
                    if !std::mem::take(&mut first) {
                        writeln!(out)?;
                    }
                    if several {
                        writeln!(out, "# {}: line {}", item.name, r.line)?;
                    }
                    text(out, &r, against.is_some())
                }
                CheckFormat::Json => {
                    let record = to_json(&r, against.is_some()).to_string();
                    writeln!(out, "{}", with_file(several, &item.name, &record))
                }
                CheckFormat::Tsv => {
                    if several {
                        write!(out, "{}\t", item.name)?;
                    }
                    tsv(out, &r, against.is_some())
                }
            }
        },
    )?;
    batch.finish(&mut out)
}

fn lines(list: &[usize]) -> String {
    list.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn text(out: &mut impl Write, r: &Report, against: bool) -> io::Result<()> {
    writeln!(
        out,
        "puzzle     {} (line {}, {} givens)",
        r.puzzle.to_line(),
        r.line,
        r.givens
    )?;
    let verdict = if r.proper {
        "proper: one solution"
    } else {
        "NOT proper"
    };
    writeln!(out, "solutions  {} ({verdict})", r.solutions)?;
    if r.proper {
        if r.redundant.is_empty() {
            writeln!(out, "minimal    yes: every given is needed")?;
        } else {
            writeln!(
                out,
                "minimal    no: {} given(s) can go, each alone, and the solution stays unique: {}",
                r.redundant.len(),
                r.redundant.join(" ")
            )?;
        }
    }
    let sym = if r.symmetry.is_empty() {
        "none".to_string()
    } else {
        r.symmetry.join(", ")
    };
    writeln!(out, "symmetry   {sym}")?;
    if let Some((er, ep, ed)) = r.er {
        writeln!(out, "SE         ER {er:.1}  EP {ep:.1}  ED {ed:.1}")?;
    }
    if let Some((level, score)) = &r.level {
        writeln!(out, "HoDoKu     {level} (score {score})")?;
    }
    if let Some(class) = &r.class {
        writeln!(out, "QQWing     {class}")?;
    }
    if let Some(hardest) = &r.hardest {
        writeln!(out, "hardest    {hardest}")?;
    }
    writeln!(
        out,
        "minlex     {} ({} automorphism(s))",
        r.form.to_line(),
        r.automorphisms
    )?;
    if against {
        if r.matches.is_empty() {
            writeln!(out, "collection no equivalent puzzle: it is new")?;
        } else {
            writeln!(
                out,
                "collection equivalent to the puzzle(s) on line(s) {}",
                lines(&r.matches)
            )?;
        }
    }
    Ok(())
}

fn to_json(r: &Report, against: bool) -> serde_json::Value {
    let mut v = json!({
        "line": r.line,
        "puzzle": r.puzzle.to_line(),
        "givens": r.givens,
        "solutions": r.solutions,
        "proper": r.proper,
        "minimal": r.proper.then_some(r.redundant.is_empty()),
        "redundant": r.redundant,
        "symmetry": r.symmetry,
        "er": r.er.map(|x| x.0), "ep": r.er.map(|x| x.1), "ed": r.er.map(|x| x.2),
        "level": r.level.as_ref().map(|l| l.0.clone()),
        "score": r.level.as_ref().map(|l| l.1),
        "class": r.class,
        "hardest": r.hardest,
        "minlex": r.form.to_line(),
        "automorphisms": r.automorphisms,
    });
    if against {
        v["equivalent_lines"] = json!(r.matches);
    }
    v
}

fn tsv(out: &mut impl Write, r: &Report, against: bool) -> io::Result<()> {
    let opt = |x: Option<String>| x.unwrap_or_default();
    writeln!(
        out,
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        r.line,
        r.puzzle.to_line(),
        r.givens,
        r.solutions,
        if r.proper {
            if r.redundant.is_empty() {
                "yes"
            } else {
                "no"
            }
        } else {
            ""
        },
        r.redundant.join(" "),
        r.symmetry.join(","),
        opt(r.er.map(|x| format!("{:.1}", x.0))),
        opt(r.er.map(|x| format!("{:.1}", x.1))),
        opt(r.er.map(|x| format!("{:.1}", x.2))),
        opt(r.level.as_ref().map(|l| l.0.clone())),
        opt(r.level.as_ref().map(|l| l.1.to_string())),
        opt(r.class.clone()),
        opt(r.hardest.clone()),
        r.form.to_line(),
        r.automorphisms,
        if against {
            lines(&r.matches)
        } else {
            String::new()
        },
    )
}
