//! The checks a request passes before any search: settings that cannot
//! be met (`--givens 10`, a one-cell pattern, `--level extreme` with only
//! singles allowed) get a [`RequestError`] at once, never a long search.

use super::*;
use std::fmt;

/// A request that cannot (or practically cannot) be met, found before any
/// search: `option` names the setting at fault as the CLI spells it, with
/// its value when that helps (`--givens 10`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    pub option: String,
    pub message: String,
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.option, self.message)
    }
}

impl std::error::Error for RequestError {}

fn bad(option: impl Into<String>, message: impl Into<String>) -> RequestError {
    RequestError {
        option: option.into(),
        message: message.into(),
    }
}

/// The fewest givens a dig from a random grid reaches in practice: puzzles
/// with fewer are rarer than one in ten million tries.
pub const FEWEST_PRACTICAL_GIVENS: u8 = 19;

/// The highest ER sensei's SE rating gives in practice: it rates the 375
/// hardest known puzzles (`forum_hardest_1106`, 11 and more for Sudoku
/// Explainer, whose nested forcing chains sensei does not model) from 9.8
/// to 10.5, and its rating solve needs a guess on every one of them.
pub const HIGHEST_PRACTICAL_ER: f32 = 10.5;

pub(super) fn validate(req: &Request) -> Result<(), RequestError> {
    if req.max_tries == 0 {
        return Err(bad("--max-tries", "must be at least 1"));
    }
    validate_givens(req)?;
    validate_pattern(req)?;
    validate_ratings(req)?;
    validate_techniques(req)?;
    Ok(())
}

fn validate_givens(req: &Request) -> Result<(), RequestError> {
    let Some((min, max)) = req.givens else {
        return Ok(());
    };
    let shown = if min == max {
        format!("{min}")
    } else {
        format!("{min}..{max}")
    };
    let opt = format!("--givens {shown}");
    if min > max {
        return Err(bad(opt, "the range is empty"));
    }
    if req.pattern.is_some() {
        return Err(bad(
            "--givens with --pattern",
            "both fix the givens: use one of them",
        ));
    }
    if max < 17 {
        return Err(bad(
            opt,
            "no Sudoku with fewer than 17 givens has a unique solution \
             (McGuire, Tugemann and Civario proved it in 2012)",
        ));
    }
    if min > 81 {
        return Err(bad(opt, "a grid has 81 cells"));
    }
    if max == 17 && !matches!(req.symmetry, Symmetry::Diagonal | Symmetry::Antidiagonal) {
        // checked against the whole list, under every relabelling of rows,
        // columns, bands and stacks and the transpose
        let s = req.symmetry;
        let (detail, option) = if s == Symmetry::None {
            (";".to_string(), opt)
        } else {
            let detail = format!(
                " and none of the 49,158 known 17-given puzzles (a list believed complete) has \
                 its givens placed with {s} symmetry, even after swapping rows, columns, bands \
                 or stacks;"
            );
            (detail, format!("{opt} with --symmetry {s}"))
        };
        return Err(bad(
            option,
            format!(
                "17 givens is the least a unique puzzle can have{detail} sensei digs puzzles \
                 out of random grids and practically never gets below \
                 {FEWEST_PRACTICAL_GIVENS}: take a 17-given puzzle from a published list"
            ),
        ));
    }
    let possible = req.symmetry.possible_counts();
    let fits = |n: usize| possible.get(n).copied().unwrap_or(false);
    if !(usize::from(min.max(17))..=usize::from(max.min(81))).any(fits) {
        let below = (17..usize::from(min)).rev().find(|&n| fits(n));
        let above = (usize::from(max) + 1..=81).find(|&n| fits(n));
        let nearest: Vec<String> = below
            .iter()
            .chain(above.iter())
            .map(|n| n.to_string())
            .collect();
        return Err(bad(
            format!("{opt} with --symmetry {}", req.symmetry),
            format!(
                "the cells this symmetry maps onto each other come in groups of {}, all given \
                 or all empty, so no puzzle with it has that many givens (nearest: {})",
                orbit_sizes(req.symmetry),
                nearest.join(" or ")
            ),
        ));
    }
    if max < FEWEST_PRACTICAL_GIVENS {
        return Err(bad(
            opt,
            format!(
                "sensei digs puzzles out of random grids, and a dig almost never ends below \
                 {FEWEST_PRACTICAL_GIVENS} givens (far fewer than once in ten million tries; \
                 20 givens about 4 times in 100,000, 19 not once in 100,000 tries); ask for \
                 20 or more (or a range such as 20..24), or take a puzzle from a published \
                 list of 17s and 18s"
            ),
        ));
    }
    Ok(())
}

/// "1 or 4"
fn orbit_sizes(s: Symmetry) -> String {
    let mut sizes: Vec<u32> = s.orbits().iter().map(|o| o.len()).collect();
    sizes.sort();
    sizes.dedup();
    let v: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => v.join(""),
    }
}

fn validate_pattern(req: &Request) -> Result<(), RequestError> {
    let Some(pattern) = req.pattern else {
        return Ok(());
    };
    let opt = "--pattern";
    let n = pattern.len();
    if n < 17 {
        let cells = if n == 1 { "cell" } else { "cells" };
        return Err(bad(
            opt,
            format!(
                "the pattern has {n} {cells}; no Sudoku with fewer than 17 givens has a unique \
                 solution"
            ),
        ));
    }
    // Two empty rows of one band (columns of one stack): swapping them in
    // any solution gives another, so the solution is never unique.
    for (kind, line_of) in [("rows", 0u8), ("columns", 1u8)] {
        for band in 0..3u8 {
            let empty: Vec<u8> = (band * 3..band * 3 + 3)
                .filter(|&i| {
                    (0..9u8).all(|j| {
                        let cell = if line_of == 0 {
                            Cell::at(i, j)
                        } else {
                            Cell::at(j, i)
                        };
                        !pattern.contains(cell)
                    })
                })
                .collect();
            if let [a, b, ..] = empty[..] {
                let letter = if line_of == 0 { 'r' } else { 'c' };
                return Err(bad(
                    opt,
                    format!(
                        "{kind} {letter}{} and {letter}{} are both empty and lie in the same \
                         {}: swapping them in any solution gives another, so no puzzle on this \
                         pattern has a unique solution",
                        a + 1,
                        b + 1,
                        if line_of == 0 { "band" } else { "stack" }
                    ),
                ));
            }
        }
    }
    if !req.symmetry.holds(pattern) {
        return Err(bad(
            "--symmetry",
            format!(
                "the pattern does not have {} symmetry (leave --symmetry out: the pattern \
                 fixes the givens)",
                req.symmetry
            ),
        ));
    }
    Ok(())
}

/// The singles: whatever they solve is Easy or Medium (at most 64 singles,
/// 14 points each: 896), at most ER 2.3, QQWing class simple or easy.
fn singles_only(ts: &[Technique]) -> bool {
    !ts.is_empty() && ts.iter().all(|t| target::SINGLES.contains(t))
}

fn validate_ratings(req: &Request) -> Result<(), RequestError> {
    if let Some((lo, hi)) = req.level {
        if lo > hi {
            return Err(bad("--level", format!("{lo}..{hi}: the range is empty")));
        }
    }
    if let Some((lo, hi)) = req.er {
        if lo > hi || lo.is_nan() || hi.is_nan() {
            return Err(bad("--er", format!("{lo:.1}..{hi:.1}: the range is empty")));
        }
        if hi < 1.0 {
            return Err(bad(
                "--er",
                format!("{lo:.1}..{hi:.1}: Sudoku Explainer's ratings start at 1.0"),
            ));
        }
        if lo > HIGHEST_PRACTICAL_ER {
            return Err(bad(
                "--er",
                format!(
                    "{lo:.1}..{hi:.1}: sensei's SE ratings stop at about \
                     {HIGHEST_PRACTICAL_ER:.1}: the 375 hardest known puzzles, rated 11 and up by \
                     Sudoku Explainer, get 9.8 to 10.5 here (sensei has no nested forcing chains; \
                     docs/ratings.md), and random puzzles stay far below; ask for a range that \
                     starts at {HIGHEST_PRACTICAL_ER:.1} or lower"
                ),
            ));
        }
    }
    // What a puzzle solved by singles alone can be. (With --allow-guess, a
    // solve of singles only may guess: the graders rate the puzzle anyway.)
    let singles_solved_because = if singles_only(&req.only) && !req.allow_guess {
        Some("--only allows singles only")
    } else if req.class.is_some_and(|c| c <= Class::Easy) {
        Some("QQWing's simple and easy classes are solved by singles")
    } else if req.level.is_some_and(|(_, hi)| hi == Level::Easy) {
        Some("HoDoKu's Easy puzzles are solved by singles")
    } else {
        None
    };
    if let Some(why) = singles_solved_because {
        let reason = format!("{why}, and a puzzle solved by singles");
        if let Some((lo, _)) = req.level.filter(|(lo, _)| *lo > Level::Medium) {
            return Err(bad(
                "--level",
                format!(
                    "{lo} cannot be met: {reason} is Easy, or Medium when its score passes 800 \
                     (at most 64 singles of 14 points: 896)"
                ),
            ));
        }
        if let Some((lo, _)) = req.er.filter(|(lo, _)| *lo > 2.3) {
            return Err(bad(
                "--er",
                format!("ER {lo:.1} and up cannot be met: {reason} is rated at most 2.3"),
            ));
        }
        if let Some(c) = req.class.filter(|c| *c > Class::Easy) {
            return Err(bad(
                "--class",
                format!("{} cannot be met: {reason} is simple or easy", c.name()),
            ));
        }
        let beyond: Vec<Technique> = req
            .techniques
            .iter()
            .chain(req.practice.iter())
            .copied()
            .filter(|t| !target::SINGLES.contains(t))
            .collect();
        if let Some(t) = beyond.first() {
            return Err(bad(
                "--technique",
                format!("{} cannot be used: {reason} uses singles only", t.slug()),
            ));
        }
    }
    let qqwing = crate::solver::Profile::Qqwing.techniques();
    if req.class == Some(Class::Expert)
        && !req.only.is_empty()
        && req.only.iter().all(|t| qqwing.contains(t))
    {
        return Err(bad(
            "--class",
            "expert cannot be met: --only allows QQWing's techniques only, and what they \
             solve is intermediate at most",
        ));
    }
    Ok(())
}

fn validate_techniques(req: &Request) -> Result<(), RequestError> {
    let named = req
        .techniques
        .iter()
        .map(|t| ("--technique", t))
        .chain(req.practice.iter().map(|t| ("--practice", t)))
        .chain(req.only.iter().map(|t| ("--only", t)))
        .chain(req.exclude.iter().map(|t| ("--exclude", t)));
    for (opt, &t) in named {
        if t == Technique::BruteForce {
            if opt == "--exclude" || opt == "--only" {
                return Err(bad(
                    opt,
                    "brute-force is the guess, not a technique: guesses are off unless \
                     --allow-guess",
                ));
            }
            if !req.allow_guess {
                return Err(bad(
                    opt,
                    "brute-force is the guess: add --allow-guess to ask for puzzles that need one",
                ));
            }
            // the forcing chains and nets leave nothing to a guess in practice
            let forcing: Vec<&str> = target::solve_options(req)
                .techniques
                .iter()
                .filter(|t| t.finder() == crate::technique::Finder::Forcing)
                .map(|t| t.slug())
                .collect();
            if !forcing.is_empty() {
                return Err(bad(
                    opt,
                    format!(
                        "brute-force (a guess) practically never happens in a solve with forcing \
                         chains and nets: sensei's default solve needs no guess on any of the \
                         hardest known puzzles (top1465, forum_hardest_1106); choose the solve's \
                         techniques with --only (e.g. --only full-house,naked-single,hidden-single) \
                         or leave the forcing techniques out with --exclude {}",
                        forcing.join(",")
                    ),
                ));
            }
            continue;
        }
        let direct = crate::solver::Profile::Se.techniques().contains(&t)
            && !crate::solver::Profile::All.techniques().contains(&t);
        if direct {
            return Err(bad(
                opt,
                format!(
                    "{} is one of Sudoku Explainer's direct techniques, used only by its rating \
                     solve; ask for an --er range instead",
                    t.slug()
                ),
            ));
        }
        if !t.is_implemented() {
            return Err(bad(
                opt,
                format!(
                    "{} is not implemented yet (see `sensei techniques`)",
                    t.slug()
                ),
            ));
        }
    }
    if let Some(t @ (Technique::FullHouse | Technique::NakedSingle)) = req.practice {
        return Err(bad(
            "--practice",
            format!(
                "{} cannot be practised: just before the step its cell has one candidate \
                 left, and the candidate string a practice position is printed as reads a cell \
                 with one candidate as a value, so the step would already be taken (every try \
                 would be turned down); any puzzle gives such steps: try `sensei hint` on one",
                t.slug()
            ),
        ));
    }
    if req.hardest && req.techniques.is_empty() {
        return Err(bad(
            "--hardest",
            "needs --technique: the hardest step is which?",
        ));
    }
    let wanted = req.techniques.iter().chain(req.practice.iter());
    for t in wanted {
        if req.exclude.contains(t) {
            return Err(bad(
                "--exclude",
                format!("{} is both asked for and excluded", t.slug()),
            ));
        }
        // the guess is the solve's fallback, not one of its techniques
        if !req.only.is_empty() && !req.only.contains(t) && *t != Technique::BruteForce {
            return Err(bad(
                "--only",
                format!(
                    "{} is asked for but not among the --only techniques",
                    t.slug()
                ),
            ));
        }
    }
    Ok(())
}
