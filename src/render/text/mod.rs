//! Text rendering of steps: the one-line form in HoDoKu's notation
//! (`<technique>: <pattern> => <effect>`) and a sentence a learner
//! understands. Each family of techniques has its own module that writes
//! the `<pattern>` part and the sentence; this module writes the rest.

use crate::bitset::DigitSet;
use crate::grid::{cells_to_string, Candidate, Cell};
use crate::step::{Evidence, Step};
use crate::technique::{Family, Technique};
use std::collections::BTreeMap;
use std::fmt::Write;

mod als;
mod chains;
mod coloring;
mod fish;
mod forcing;
mod intersections;
mod report;
mod single_digit;
mod singles;
mod subsets;
mod sue_de_coq;
mod templates;
mod uniqueness;
mod wings;

pub use report::{
    explain_text, grade_summary, solutions_text, solve_marker, techniques_table,
    values_contradiction, SolveMarker,
};

/// The pattern part of a step line (between `: ` and ` =>`) and the
/// learner's sentence, written by the family's module. The match names
/// every family, so a new family fails to compile until it has its text.
fn family_text(step: &Step) -> Option<(String, String)> {
    match step.technique.family() {
        Family::Singles => Some(singles::text(step)),
        Family::Uniqueness => Some(uniqueness::text(step)),
        Family::AlmostLockedSets => Some(als::text(step)),
        Family::Miscellaneous => Some(sue_de_coq::text(step)),
        // a guess is written by `step_text` itself; any other evidence of a
        // last resort gets the generic pattern
        Family::LastResort => match step.evidence {
            Evidence::Forcing { .. } => Some(forcing::text(step)),
            Evidence::Template { .. } => Some(templates::text(step)),
            _ => None,
        },
        Family::Intersections => match step.technique {
            Technique::LockedPair | Technique::LockedTriple => Some(subsets::text(step)),
            _ => Some(intersections::text(step)),
        },
        Family::Subsets => Some(subsets::text(step)),
        Family::SingleDigitPatterns => Some(single_digit::text(step)),
        Family::Wings => Some(wings::text(step)),
        Family::Coloring => Some(coloring::text(step)),
        Family::ChainsAndLoops => Some(chains::text(step)),
        Family::BasicFish
        | Family::FinnedFish
        | Family::FrankenFish
        | Family::FinnedFrankenFish
        | Family::MutantFish
        | Family::FinnedMutantFish => Some(fish::text(step)),
    }
}

/// One line in HoDoKu's style, e.g.
/// `Locked Candidates Type 1 (Pointing): 5 in b1 => r1c46<>5`.
pub fn step_line(step: &Step) -> String {
    let mut s = String::new();
    write_step_line(&mut s, step);
    s
}

/// [`step_line`], written at the end of `out`.
pub fn write_step_line(out: &mut String, step: &Step) {
    // singles and guesses have no pattern part: the line needs no sentence
    if step.technique.family() == Family::Singles || matches!(step.evidence, Evidence::Guess { .. })
    {
        out.push_str(step.technique.name());
        out.push_str(": ");
        write_effects(out, step);
        return;
    }
    out.push_str(&step_text(step).0);
}

/// A sentence (or a few) explaining the step to a learner.
pub fn step_sentence(step: &Step) -> String {
    step_text(step).1
}

/// [`step_line`] and [`step_sentence`] together, for the price of one (a
/// forcing net's text is long to write).
#[doc(hidden)]
pub fn step_text(step: &Step) -> (String, String) {
    let (mut line, mut sentence) = (String::new(), String::new());
    write_step_text(step, &mut line, &mut sentence);
    (line, sentence)
}

/// [`step_text`] written into two strings, emptied first: the JSON trace
/// reuses the same two for every step, and the singles, most steps of a
/// solve, are written straight into them (no string of their own).
#[doc(hidden)]
pub fn write_step_text(step: &Step, line: &mut String, sentence: &mut String) {
    line.clear();
    sentence.clear();
    let name = step.technique.name();
    if let Evidence::Guess { cell, digit } = step.evidence {
        line.push_str(name);
        line.push_str(": ");
        write_effects(line, step);
        // (writing to a String cannot fail)
        let _ = write!(
            sentence,
            "No technique in use applies here, so this is a guess: {cell} is set to {digit}, \
             the value it has in the puzzle's solution found by the exact solver."
        );
        return;
    }
    let pattern = if step.technique.family() == Family::Singles {
        singles::write_sentence(sentence, step);
        String::new()
    } else {
        match family_text(step) {
            Some((pattern, s)) => {
                *sentence = s;
                pattern
            }
            None => {
                let _ = write!(sentence, "{name} removes ");
                write_effects(sentence, step);
                sentence.push('.');
                generic_pattern(&step.evidence)
            }
        }
    };
    line.push_str(name);
    if !pattern.is_empty() {
        line.push_str(": ");
        line.push_str(&pattern);
        line.push_str(" => ");
    } else if step.technique == crate::technique::Technique::BugPlus1 {
        // HoDoKu writes BUG+1 with no pattern and no colon
        line.push_str(" => ");
    } else {
        line.push_str(": ");
    }
    write_effects(line, step);
}

/// The effect part: `r3c5=7`, or eliminations grouped by the digits removed
/// from each cell: `r1c46<>5, r3c2<>79`.
#[doc(hidden)]
pub fn effects(step: &Step) -> String {
    let mut s = String::new();
    write_effects(&mut s, step);
    s
}

/// [`effects`], written at the end of `out`.
fn write_effects(out: &mut String, step: &Step) {
    let start = out.len();
    for p in &step.placements {
        if out.len() > start {
            out.push_str(", ");
        }
        // `r3c5=7`, written by hand: a solve has many
        for b in [
            b'r',
            b'1' + p.cell.row(),
            b'c',
            b'1' + p.cell.col(),
            b'=',
            b'0' + p.digit.get(),
        ] {
            out.push(char::from(b));
        }
    }
    if !step.eliminations.is_empty() {
        if out.len() > start {
            out.push_str(", ");
        }
        write_eliminations(out, &step.eliminations);
    }
}

/// `r1c46<>5, r3c2<>79`: cells that lose the same digits are written together.
#[doc(hidden)]
pub fn eliminations_text(elims: &[Candidate]) -> String {
    let mut s = String::new();
    write_eliminations(&mut s, elims);
    s
}

/// [`eliminations_text`], written at the end of `out`: the cells grouped
/// by the digits each loses, the groups in the order of their first cell.
fn write_eliminations(out: &mut String, elims: &[Candidate]) {
    let mut per_cell = [DigitSet::EMPTY; 81];
    let mut cells = crate::bitset::CellSet::EMPTY;
    for e in elims {
        per_cell[e.cell.index()].insert(e.digit);
        cells.insert(e.cell);
    }
    // (at most one group per cell)
    let mut groups: Vec<(DigitSet, crate::bitset::CellSet)> = Vec::new();
    for cell in cells.iter() {
        let ds = per_cell[cell.index()];
        match groups.iter_mut().find(|(d, _)| *d == ds) {
            Some((_, group)) => group.insert(cell),
            None => groups.push((ds, crate::bitset::CellSet::single(cell))),
        }
    }
    for (i, (ds, group)) in groups.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        crate::grid::write_cells(out, *group);
        out.push_str("<>");
        for d in ds.iter() {
            out.push(char::from(b'0' + d.get()));
        }
    }
}

/// A plain description from the evidence alone, for families whose module
/// has not written its own.
fn generic_pattern(ev: &Evidence) -> String {
    match ev {
        Evidence::Single { cell, digit, .. } => format!("{cell}={digit}"),
        Evidence::Intersection { digit, base, .. } => format!("{digit} in {base}"),
        Evidence::Subset { digits, cells, .. } => format!("{digits} in {cells}"),
        Evidence::Fish {
            digit, base, cover, ..
        } => {
            let b: Vec<String> = base.iter().map(|h| h.to_string()).collect();
            let c: Vec<String> = cover.iter().map(|h| h.to_string()).collect();
            format!("{digit} {} {}", b.join(""), c.join(""))
        }
        Evidence::Wing {
            pivot,
            pincers,
            digits,
            ..
        } => {
            let p: Vec<Cell> = pincers.clone();
            format!("{digits} in {pivot}, {}", cells_to_string(&p))
        }
        Evidence::Chain { chain, .. } => crate::render::eureka(chain),
        Evidence::Uniqueness {
            digits, rectangle, ..
        } => {
            format!("{digits} in {}", cells_to_string(rectangle))
        }
        Evidence::Coloring { colors } => {
            let cs: Vec<String> = colors
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect();
            cs.join(" / ")
        }
        Evidence::Als { sets, rcc, .. } => {
            let s: Vec<String> = sets
                .iter()
                .map(|a| format!("{} {{{}}}", a.cells, a.digits))
                .collect();
            format!("{} (RC {rcc})", s.join(", "))
        }
        Evidence::SueDeCoq {
            intersection,
            line,
            block,
        } => {
            let s: Vec<String> = [intersection, line, block]
                .iter()
                .map(|a| format!("{} {{{}}}", a.cells, a.digits))
                .collect();
            format!("{} (RC {})", s.join(", "), DigitSet::EMPTY)
        }
        Evidence::Forcing { branches, .. } => {
            let s: Vec<String> = branches.iter().map(|b| b.premise.to_string()).collect();
            s.join(", ")
        }
        Evidence::Guess { cell, digit } => format!("{cell}={digit}"),
        Evidence::AlsChain { sets, links, .. } => {
            let s: Vec<String> = sets
                .iter()
                .map(|a| format!("{} {{{}}}", a.cells, a.digits))
                .collect();
            let l: Vec<String> = links.iter().map(|d| d.to_string()).collect();
            format!("{} (RCs {})", s.join(" - "), l.join(","))
        }
        Evidence::Chains { chains, .. } => chains
            .iter()
            .map(crate::render::eureka)
            .collect::<Vec<_>>()
            .join(" / "),
        Evidence::Template { digit, .. } => digit.to_string(),
    }
}

use crate::trace::{Outcome, Trace};

/// An outcome shows as its sentence ([`outcome_text`]): `Solved by logic
/// alone.`
impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&outcome_text(self))
    }
}

/// A rating shows each scale it has, then the hardest technique of its
/// solve: `SE 7.2/1.2/1.2; HoDoKu Hard (1234); class Diabolical; hardest
/// technique: X-Wing`. A puzzle without a rating shows its outcome's slug:
/// `not rated: multiple_solutions`.
impl std::fmt::Display for crate::grade::Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts = Vec::new();
        if let Some(se) = self.se {
            parts.push(format!("SE {:.1}/{:.1}/{:.1}", se.er, se.ep, se.ed));
        }
        if let Some(h) = self.hodoku {
            parts.push(format!("HoDoKu {} ({})", h.level.name(), h.score));
        }
        if let Some(c) = self.class {
            parts.push(format!("class {}", c.name()));
        }
        if parts.is_empty() {
            return write!(f, "not rated: {}", self.outcome.slug());
        }
        if let Some(t) = self.hardest {
            parts.push(format!("hardest technique: {}", t.name()));
        }
        f.write_str(&parts.join("; "))
    }
}

/// What happened, in words.
pub fn outcome_text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Solved { guesses: 0 } => "Solved by logic alone.".to_string(),
        Outcome::Solved { guesses } => format!(
            "Solved, with {guesses} guess{} (Brute Force steps: values taken from the solution \
             found by the exact solver, because no enabled technique applied).",
            if *guesses == 1 { "" } else { "es" }
        ),
        Outcome::Stuck { .. } => "Stuck: no enabled technique applies to the position reached, \
             and guessing is off (--no-guess)."
            .to_string(),
        Outcome::NoSolution {
            contradiction: Some(c),
        } => format!("The puzzle has no solution: {c}."),
        Outcome::NoSolution {
            contradiction: None,
        } => "The puzzle has no solution (the exact solver found none).".to_string(),
        Outcome::MultipleSolutions {
            count,
            complete,
            differing,
            ..
        } => {
            let n = if *complete {
                format!("{count} solutions")
            } else {
                format!("at least {count} solutions (the count stopped at the limit)")
            };
            format!(
                "The puzzle has {n}, so it has no single answer; logic alone went as far as shown. \
                 The first two solutions differ in {} cells: {differing}.",
                differing.len()
            )
        }
        Outcome::InvalidGivens { clash } => {
            format!("The givens clash: {clash}. No search was made.")
        }
    }
}

/// Why the ratings and the steps shown may disagree, said beside every
/// rating that sits next to a solve's steps.
pub const RATINGS_OWN_SOLVES: &str = "Each rating is the rating program's measure of its \
    own solve, which uses its own techniques in its own order: its hardest step and its \
    guesses can differ from the steps shown here.";

/// Whose solve a rating's `hardest` and `guessed` come from, as
/// `grade::grade` takes them: HoDoKu's when it rated the puzzle, else
/// Sudoku Explainer's, else QQWing's; `None` when nothing was rated.
pub fn hardest_rated_by(r: &crate::grade::Rating) -> Option<&'static str> {
    if r.hodoku.is_some() {
        Some("HoDoKu")
    } else if r.se.is_some() {
        Some("Sudoku Explainer")
    } else if r.class.is_some() {
        Some("QQWing")
    } else {
        None
    }
}

/// Steps per technique, in the order of the technique table.
#[doc(hidden)]
pub fn summary(trace: &Trace) -> Vec<(crate::technique::Technique, usize)> {
    let mut counts: BTreeMap<crate::technique::Technique, usize> = BTreeMap::new();
    for s in &trace.steps {
        *counts.entry(s.technique).or_default() += 1;
    }
    counts.into_iter().collect()
}

/// `a`, `a and b`, `a, b and c` (nothing for no item): the one list of
/// the sentences, for cells, digits, houses or words alike.
pub(super) fn and_list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    joined_list(items, " and ")
}

/// The items with `, ` between them and `last` (` and `, ` or `) before
/// the last one, written into one string.
pub(super) fn joined_list<T: std::fmt::Display>(
    items: impl IntoIterator<Item = T>,
    last: &str,
) -> String {
    let items: Vec<T> = items.into_iter().collect();
    let mut s = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            s.push_str(if i + 1 == items.len() { last } else { ", " });
        }
        // (writing to a String cannot fail)
        let _ = write!(s, "{item}");
    }
    s
}

/// Level 2 of a hint: where to look, without the answer. Said from the
/// step's [`Focus`](crate::step::Focus) (its houses, cells and digits),
/// in words that suit the family.
pub fn hint_where(step: &Step) -> String {
    let focus = step.focus();
    let digits = |ds: DigitSet| {
        format!(
            "digit{} {}",
            if ds.len() == 1 { "" } else { "s" },
            and_list(ds.iter())
        )
    };
    match &step.evidence {
        Evidence::Single { house: None, .. } => format!(
            "one cell of {} can hold only one digit: check what each empty cell there sees.",
            and_list(focus.houses.iter().map(|h| h.describe()))
        ),
        Evidence::Wing { .. } => format!(
            "look at the cells with two or three candidates around {}.",
            cells_to_string(&focus.cells.iter().collect::<Vec<_>>())
        ),
        Evidence::Uniqueness { rectangle, .. } if rectangle.is_empty() => {
            "look at the cells with more than two candidates: all but one have exactly two."
                .to_string()
        }
        Evidence::Chain { chain, .. } if focus.houses.is_empty() => {
            let all: DigitSet = chain.nodes.iter().map(|n| n.digit).collect();
            format!("look at the strong links of {}.", digits(all))
        }
        Evidence::Coloring { .. } if !focus.digits.is_empty() => {
            format!("colour the strong links of {}.", digits(focus.digits))
        }
        Evidence::Coloring { .. } => format!(
            "colour the candidates of the cells {}, joined by strong links.",
            cells_to_string(&focus.cells.iter().collect::<Vec<_>>())
        ),
        Evidence::Als { sets, .. } | Evidence::AlsChain { sets, .. } => {
            let cells: Vec<String> = sets.iter().map(|a| a.cells.to_string()).collect();
            format!("look at the almost locked sets {}.", cells.join(" and "))
        }
        Evidence::SueDeCoq {
            intersection,
            line,
            block,
        } => format!(
            "look at the almost locked sets {} and {} and {}.",
            intersection.cells, line.cells, block.cells
        ),
        Evidence::Forcing { branches, .. } => match branches.first() {
            Some(b) => format!(
                "try what follows from {} being {}.",
                b.premise.cell, b.premise.digit
            ),
            None => "try what follows from one assumption.".to_string(),
        },
        Evidence::Guess { .. } => format!(
            "no technique applies; a guess is needed, e.g. at {}.",
            cells_to_string(&focus.cells.iter().collect::<Vec<_>>())
        ),
        Evidence::Template { .. } => format!(
            "look at every way {} could still fill the grid, one in each row, column and block.",
            digits(focus.digits)
        ),
        // the rest: the focus's digits in its houses, or in its cells
        _ => {
            let what = if focus.digits.is_empty() {
                "the candidates".to_string()
            } else {
                digits(focus.digits)
            };
            if focus.houses.is_empty() {
                format!(
                    "look at {what} in the cells {}.",
                    cells_to_string(&focus.cells.iter().collect::<Vec<_>>())
                )
            } else {
                format!(
                    "look at {what} in {}.",
                    and_list(focus.houses.iter().map(|h| h.describe()))
                )
            }
        }
    }
}

/// A hint at `level` (1: the technique; 2: also where to look; 3: the step
/// and why), as lines of text.
pub fn hint_text(hint: &crate::hint::Hint, level: crate::hint::HintLevel) -> String {
    use crate::hint::{Hint, HintLevel};
    match hint {
        Hint::Step(step) => {
            let mut s = format!("Hint: try {}.\n", step.technique.name());
            if level >= HintLevel::Where {
                s.push_str(&format!("Where: {}\n", hint_where(step)));
            }
            if level >= HintLevel::Step {
                s.push_str(&format!(
                    "Step: {}\nWhy: {}\n",
                    step_line(step),
                    step_sentence(step)
                ));
            }
            s
        }
        other => format!("{}\n", hint_message(other)),
    }
}

/// For a player's position (a HoDoKu library line, a pencil-mark grid or a
/// 729-character candidate string) whose givens have no solution: why the
/// player's values could not be checked, and how to write them so that they
/// can be. `None` for any other hint. The command line prints it after the
/// hint when the input was such a position; a plain puzzle holds givens
/// only, and the trainer marks the player's values itself, so neither
/// needs it.
pub fn unchecked_values_note(
    hint: &crate::hint::Hint,
    position: &crate::board::Board,
) -> Option<&'static str> {
    if !matches!(hint, crate::hint::Hint::NoSolution(_)) {
        return None;
    }
    let marks_placed = Cell::all().any(|c| position.value(c).is_some() && !position.is_given(c));
    Some(if marks_placed {
        "Only values marked as placed (`+5`) are checked as yours: every value without `+` \
         is read as a given, so a wrong one of them looks like a broken puzzle (see \
         docs/formats.md)."
    } else {
        "Only values marked as placed (`+5`) can be checked as yours: every other value is \
         read as a given, so a wrong value of yours written without `+` looks like a broken \
         puzzle. A 729-character candidate string cannot mark placed values; write your \
         position as a HoDoKu library line or a pencil-mark grid with `+` before your values \
         (see docs/formats.md)."
    })
}

/// A player's mistakes named one by one: `r1c1 holds 2, which is not its
/// value; r3c4 lost the candidate 7, which it needs`.
pub fn mistake_list(wrong: &[crate::hint::Mistake]) -> String {
    let list: Vec<String> = wrong
        .iter()
        .map(|m| match m.found {
            Some(v) => format!("{} holds {v}, which is not its value", m.expected.cell),
            None => format!(
                "{} lost the candidate {}, which it needs",
                m.expected.cell, m.expected.digit
            ),
        })
        .collect();
    list.join("; ")
}

/// The sentence for a hint that is not a step.
pub fn hint_message(hint: &crate::hint::Hint) -> String {
    use crate::hint::Hint;
    match hint {
        Hint::Step(step) => step_line(step),
        Hint::Solved => "The puzzle is already solved.".to_string(),
        Hint::Mistakes(wrong) => format!("Check your grid first: {}.", mistake_list(wrong)),
        Hint::NoSolution(Some(c)) => format!("The position cannot be completed: {c}."),
        Hint::NoSolution(None) => {
            "The givens have no solution, so no hint can lead to one.".to_string()
        }
        Hint::Stuck => {
            "No enabled technique applies to this position, and guessing is off (--no-guess)."
                .to_string()
        }
        Hint::MultipleSolutions(n) => {
            format!("The puzzle has {n} or more solutions, so no hint can lead to a single answer.")
        }
    }
}

/// The doc file of a family, under `docs/techniques/`.
fn family_doc(f: Family) -> Option<&'static str> {
    Some(match f {
        Family::Singles => "singles.md",
        Family::Intersections => "intersections.md",
        Family::Subsets => "subsets.md",
        Family::BasicFish
        | Family::FinnedFish
        | Family::FrankenFish
        | Family::FinnedFrankenFish
        | Family::MutantFish
        | Family::FinnedMutantFish => "fish.md",
        Family::SingleDigitPatterns => "single_digit.md",
        Family::Wings => "wings.md",
        Family::Uniqueness => "uniqueness.md",
        Family::Coloring => "coloring.md",
        Family::ChainsAndLoops => "chains.md",
        Family::AlmostLockedSets => "als.md",
        Family::Miscellaneous => "als.md",
        Family::LastResort => return None,
    })
}

/// The page that explains a technique, under `docs/techniques/` (for
/// developers) and `docs/learn/` (for players): its family's.
#[doc(hidden)]
pub fn technique_doc(t: crate::technique::Technique) -> Option<&'static str> {
    match (t.family(), t.is_implemented()) {
        (Family::LastResort, true) => Some("forcing.md"),
        (f, _) => family_doc(f),
    }
}

/// Whether sensei uses a technique: `on` (by default), `available` (off by
/// default), `not yet` (no finder), or `fallback` (Brute Force).
#[doc(hidden)]
pub fn technique_status(t: crate::technique::Technique) -> &'static str {
    match (
        t.is_implemented(),
        t.in_profile(crate::technique::Profile::Hodoku),
    ) {
        _ if t == crate::technique::Technique::BruteForce => "fallback",
        (true, true) => "on",
        (true, false) => "available",
        (false, _) => "not yet",
    }
}

/// A markdown table of every technique: status, HoDoKu code, level, score,
/// SE rating, and the doc that explains it (the index of docs/techniques.md).
#[doc(hidden)]
pub fn techniques_markdown() -> String {
    let mut s = String::from(
        "| technique | slug | status | HoDoKu code | HoDoKu level | score | SE rating | explained in |\n\
         |---|---|---|---|---|---:|---:|---|\n",
    );
    for t in crate::technique::Technique::all() {
        let i = t.info();
        let status = technique_status(t);
        let doc = technique_doc(t);
        s.push_str(&format!(
            "| {} | `{}` | {status} | {} | {} | {} | {} | {} |\n",
            i.name,
            i.slug,
            i.hodoku_code.unwrap_or("–"),
            i.level.name(),
            i.score,
            t.se_rating().map_or("–".to_string(), |r| format!("{r:.1}")),
            doc.map_or("–".to_string(), |d| format!("[{d}](techniques/{d})")),
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::{and_list, step_text, write_step_text};

    #[test]
    fn step_texts_written_into_reused_strings_keep_nothing_of_the_last_step() {
        // top1465's first puzzle: singles, intersections, subsets, wings
        // and chains, so each kind of text follows other kinds
        let puzzle = crate::parse(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .expect("a puzzle");
        let trace = crate::solve(&puzzle, &crate::solver::Options::default());
        assert!(trace.steps.len() > 50);
        let (mut line, mut sentence) = (String::from("left over"), String::from("left over"));
        for step in &trace.steps {
            write_step_text(step, &mut line, &mut sentence);
            assert_eq!((line.clone(), sentence.clone()), step_text(step));
            assert!(line.starts_with(step.technique.name()), "{line}");
            assert!(sentence.ends_with('.'), "{sentence}");
        }
    }

    #[test]
    fn and_list_writes_a_list_for_a_sentence() {
        assert_eq!(and_list(Vec::<String>::new()), "");
        assert_eq!(and_list(["r1c1"]), "r1c1");
        assert_eq!(and_list(["r1c1", "r2c2"]), "r1c1 and r2c2");
        assert_eq!(and_list([1, 5, 9]), "1, 5 and 9");
    }
}
