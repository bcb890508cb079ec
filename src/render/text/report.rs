//! Whole reports as `sensei` prints them: the trace of `explain`, the
//! technique list of `techniques`. Built from the step lines, sentences
//! and outcome texts of the parent module.

use super::{outcome_text, step_sentence, summary, technique_status, write_step_line};
use crate::format;
use crate::technique::Technique;
use crate::trace::{Outcome, Trace};
use std::fmt::Write;

/// The text of a whole trace, as `sensei explain` prints it: the puzzle,
/// the numbered step lines, the outcome, the position reached when the
/// solve stopped short, the solution, the steps per technique and the
/// hardest of these steps (highest HoDoKu score, [`Trace::hardest_step`]).
/// `verbose` adds, per step, the candidate grid before it and a sentence
/// for a learner.
pub fn explain_text(trace: &Trace, verbose: bool) -> String {
    let mut s = String::new();
    s.push_str(&format!("Puzzle: {}\n", trace.puzzle.to_line()));
    if verbose {
        s.push_str(&format::boxed(&trace.puzzle));
        s.push('\n');
    }
    let width = trace.steps.len().to_string().len();
    // the positions before the steps (a trace without a start has no steps)
    let befores = if verbose {
        trace.positions()
    } else {
        Vec::new()
    };
    let steps = if trace.start.is_some() {
        &trace.steps[..]
    } else {
        &[]
    };
    for (i, step) in steps.iter().enumerate() {
        if let Some((before, _)) = befores.get(i) {
            s.push('\n');
            s.push_str(&format::pencilmarks(before));
            s.push('\n');
        }
        let _ = write!(s, "{:>width$}. ", i + 1);
        write_step_line(&mut s, step);
        s.push('\n');
        if verbose {
            let _ = writeln!(s, "{:>width$}  {}", "", step_sentence(step));
        }
    }
    s.push('\n');
    s.push_str(&outcome_text(&trace.outcome));
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
    let summary = summary(trace);
    if !summary.is_empty() {
        s.push_str(&format!("Steps: {}\n", trace.steps.len()));
        for (t, n) in summary {
            s.push_str(&format!("  {:<40} {n:>4}\n", t.name()));
        }
    }
    if let Some((n, step)) = trace.hardest_step() {
        let _ = writeln!(s, "Hardest step: {} (step {n})", step.technique.name());
    }
    s
}

/// The technique list of `sensei techniques`: slug, name, HoDoKu code,
/// level, score, SE rating and status, one technique per line in solving
/// order, under a header line. The slug and name columns are as wide as
/// their longest entry.
#[doc(hidden)]
pub fn techniques_table() -> String {
    let slug = Technique::all().map(|t| t.slug().len()).max().unwrap_or(4);
    let name = Technique::all().map(|t| t.name().len()).max().unwrap_or(4);
    let mut s = format!(
        "{:<slug$} {:<name$} {:<6} {:<8} {:>6} {:>5}  status\n",
        "slug", "name", "hodoku", "level", "score", "SE"
    );
    for t in Technique::all() {
        let i = t.info();
        s.push_str(&format!(
            "{:<slug$} {:<name$} {:<6} {:<8} {:>6} {:>5}  {}\n",
            i.slug,
            i.name,
            i.hodoku_code.unwrap_or("-"),
            i.level.name(),
            i.score,
            t.se_rating().map_or("-".to_string(), |r| format!("{r:.1}")),
            technique_status(t),
        ));
    }
    s
}

/// The summary `sensei grade` writes on a terminal after a batch: how many
/// puzzles in how long, how many per level (HoDoKu's, or the outcome when
/// a puzzle has no level), and the slowest puzzle with its time.
#[doc(hidden)]
pub fn grade_summary(
    total: usize,
    seconds: f64,
    levels: &std::collections::BTreeMap<String, usize>,
    slowest: Option<(f64, &str)>,
) -> String {
    let mut s = format!(
        "graded {total} puzzles in {seconds:.1} s ({:.0}/s)\n",
        total as f64 / seconds.max(1e-9)
    );
    for (level, n) in levels {
        s.push_str(&format!("  {level:<20} {n}\n"));
    }
    if let Some((ms, p)) = slowest {
        s.push_str(&format!("  slowest: {p} ({ms:.1} ms)\n"));
    }
    s
}

/// How many solutions, in words: `1 solution`, `10 solutions`, or, when
/// the count stopped at the limit, `at least 1000 solutions (stopped at
/// --limit 1000)`.
#[doc(hidden)]
pub fn solutions_text(count: usize, complete: bool, limit: usize) -> String {
    if complete {
        format!("{count} solution{}", if count == 1 { "" } else { "s" })
    } else {
        format!("at least {count} solutions (stopped at --limit {limit})")
    }
}

/// The line `sensei solve` prints in place of a solution, so that its
/// output keeps one line per puzzle: `# no solution`, `# 10 solutions`,
/// `# at least 1000 solutions`, `# invalid: r1c2 and r1c7 are both 5 in
/// row 1`, `# error: line 2: found 3 cells instead of 81`. `None` when
/// there are solutions to print. The `#` makes the line a comment for
/// sensei's readers.
#[doc(hidden)]
pub fn solve_marker<'a>(solved: &'a crate::render::Solved<'a>) -> Option<SolveMarker<'a>> {
    use crate::render::Solved;
    let shown = match solved {
        Solved::Unreadable(_) | Solved::Invalid { .. } => true,
        Solved::Counted { count, all, .. } => *count == 0 || (*count > 1 && !*all),
    };
    shown.then_some(SolveMarker(solved))
}

/// A line of [`solve_marker`]. It is written where it is displayed: a
/// batch of puzzles with several solutions builds no string per puzzle.
#[doc(hidden)]
pub struct SolveMarker<'a>(&'a crate::render::Solved<'a>);

impl std::fmt::Display for SolveMarker<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::render::Solved;
        match self.0 {
            Solved::Unreadable(e) => write!(f, "# error: {e}"),
            Solved::Invalid { contradiction, .. } => write!(f, "# invalid: {contradiction}"),
            Solved::Counted { count: 0, .. } => f.write_str("# no solution"),
            Solved::Counted {
                count,
                complete: true,
                ..
            } => write!(f, "# {count} solutions"),
            Solved::Counted { count, .. } => write!(f, "# at least {count} solutions"),
        }
    }
}

/// Values of a grid that contradict each other, in words, naming the
/// values a player placed: `the givens clash: r1c2 and r1c7 are both 5 in
/// row 1`, `the placed value r1c3=5 clashes with the given r1c7=5 in row 1`.
#[doc(hidden)]
pub fn values_contradiction(
    grid: &crate::grid::Grid,
    contradiction: &crate::board::Contradiction,
) -> String {
    crate::format::clash(grid, *contradiction, crate::format::Within::Grid)
        .kind()
        .to_string()
}
