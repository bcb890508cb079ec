//! The calibration report: sensei's ratings against the reference programs'
//! (Sudoku Explainer 1.2.1.3, HoDoKu 2.2.0, QQWing's classes), written as
//! markdown. Regenerate `docs/ratings.md` with
//!
//! `cargo run --release -p sensei-tools --bin calibrate -- ../shared/data > docs/ratings.md`
//!
//! Per reference: the exact-match rate, the distribution of differences, and
//! the puzzles that differ most, with the techniques each program used.

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use sudoku_sensei::grade::{self, Rating, Scales};
use sudoku_sensei::solver::{self, Options, Profile};
use sudoku_sensei::{parse, Technique};

/// A puzzle HoDoKu rated: puzzle, level, score, techniques, flags (`bf`).
type HodokuRef = (String, String, u32, String, String);

struct Row {
    puzzle: String,
    fields: Vec<String>,
}

/// A TSV file's data rows (after `#` comments and the header line).
fn read_tsv(path: &Path) -> (Vec<String>, Vec<Row>) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut header = Vec::new();
    let mut rows = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<String> = line.split('\t').map(str::to_string).collect();
        if header.is_empty() {
            header = fields;
            continue;
        }
        rows.push(Row {
            puzzle: fields.first().cloned().unwrap_or_default(),
            fields,
        });
    }
    (header, rows)
}

fn col(header: &[String], name: &str) -> usize {
    header.iter().position(|h| h == name).unwrap_or(usize::MAX)
}

fn techniques_used(puzzle: &str, profile: Profile) -> String {
    let Ok(g) = parse(puzzle) else {
        return String::new();
    };
    let t = match profile {
        Profile::Hodoku => grade::hodoku_trace(&g),
        Profile::Se => grade::se_trace(&g),
        _ => solver::solve(&g, &Options::with_profile(profile)),
    };
    let mut seen: Vec<Technique> = Vec::new();
    for s in &t.steps {
        if !seen.contains(&s.technique) {
            seen.push(s.technique);
        }
    }
    seen.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
}

/// Whether only the HoDoKu sections are wanted (`--hodoku`): faster to iterate.
fn hodoku_only() -> bool {
    std::env::args().any(|a| a == "--hodoku")
}

/// One scale only.
const SE: Scales = Scales {
    se: true,
    hodoku: false,
    class: false,
};
const HODOKU: Scales = Scales {
    se: false,
    hodoku: true,
    class: false,
};
const CLASS: Scales = Scales {
    se: false,
    hodoku: false,
    class: true,
};

fn rate_all(puzzles: &[String], scales: Scales) -> Vec<Option<Rating>> {
    puzzles
        .par_iter()
        .map(|p| parse(p).ok().map(|g| grade::grade(&g, scales)))
        .collect()
}

fn pct(n: usize, d: usize) -> String {
    format!("{:.1}%", 100.0 * n as f64 / d.max(1) as f64)
}

/// The distribution of `sensei - reference` differences, as a table.
fn distribution(diffs: &[f64], step: f64, unit: &str) -> String {
    let mut buckets: BTreeMap<i64, usize> = BTreeMap::new();
    for d in diffs {
        *buckets.entry((d / step).round() as i64).or_default() += 1;
    }
    let mut s = format!("| sensei − reference ({unit}) | puzzles |\n|---:|---:|\n");
    for (b, n) in buckets {
        let _ = writeln!(s, "| {:+.1} | {n} |", b as f64 * step);
    }
    s
}

fn se_section(out: &mut String, title: &str, refs: &[(String, f64, f64, f64, String)]) {
    let puzzles: Vec<String> = refs.iter().map(|r| r.0.clone()).collect();
    let ratings = rate_all(&puzzles, SE);
    let mut n = 0;
    let mut eq = 0;
    let mut within = 0;
    let (mut n9, mut eq9, mut within9) = (0, 0, 0);
    let mut diffs = Vec::new();
    let mut worst: Vec<(f64, usize)> = Vec::new();
    let (mut ep_eq, mut ed_eq) = (0, 0);
    for (i, (r, (_, er, ep, ed, _))) in ratings.iter().zip(refs).enumerate() {
        let Some(se) = r.as_ref().and_then(|r| r.se) else {
            continue;
        };
        ep_eq += ((se.ep as f64 - ep).abs() < 0.05) as usize;
        ed_eq += ((se.ed as f64 - ed).abs() < 0.05) as usize;
        let d = (se.er as f64 - er).abs();
        n += 1;
        let exact = d < 0.05;
        let near = d < 0.25;
        eq += exact as usize;
        within += near as usize;
        if *er <= 9.0 {
            n9 += 1;
            eq9 += exact as usize;
            within9 += near as usize;
        }
        diffs.push(se.er as f64 - er);
        worst.push((d, i));
    }
    worst.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let _ = writeln!(out, "## {title}\n");
    let _ = writeln!(
        out,
        "{n} puzzles rated. ER equal: {eq} ({}); within 0.2: {within} ({}).\n\
         Puzzles with reference ER ≤ 9.0: {n9}; ER equal: {eq9} ({}); within 0.2: {within9} ({}).\n\
         EP equal: {ep_eq} ({}); ED equal: {ed_eq} ({}).\n",
        pct(eq, n),
        pct(within, n),
        pct(eq9, n9),
        pct(within9, n9),
        pct(ep_eq, n),
        pct(ed_eq, n)
    );
    out.push_str(&distribution(&diffs, 0.1, "ER"));
    let differing: Vec<usize> = worst
        .iter()
        .filter(|(d, _)| *d >= 0.05)
        .map(|&(_, i)| i)
        .take(10)
        .collect();
    if differing.is_empty() {
        out.push_str("\nNo puzzle's ER differs.\n\n");
        return;
    }
    let _ = writeln!(out, "\nThe cases that differ most:\n");
    let _ = writeln!(out, "| puzzle | SE ER/EP/ED | sensei ER/EP/ED | SE rules | sensei (SE profile) | why |\n|---|---|---|---|---|---|");
    for i in differing {
        let (p, er, ep, ed, rules) = &refs[i];
        let Some(se) = ratings[i].as_ref().and_then(|r| r.se) else {
            continue;
        };
        let used = techniques_used(p, Profile::Se);
        let _ = writeln!(
            out,
            "| `{p}` | {er:.1}/{ep:.1}/{ed:.1} | {:.1}/{:.1}/{:.1} | {rules} | {used} | {} |",
            se.er,
            se.ep,
            se.ed,
            se_why(*er, se.er as f64, &used, rules)
        );
    }
    out.push('\n');
}

/// Why sensei's ER differs from SE's, from what each solve used.
fn se_why(reference: f64, sensei: f64, used: &str, rules: &str) -> String {
    if rules.contains("Unique Loop") || rules.contains("BUG type") {
        return "SE used a Unique Loop (a rectangle's argument over 6 or more cells) or a \
                BUG of type 2 to 4; sensei's model of them (grade/se/uniqueness.rs) \
                took another step here"
            .into();
    }
    if rules.contains("Unique Rectangle") && sensei > reference && sensei < reference + 0.45 {
        return "SE offers the lowest-rated of its unique rectangles and loops first; \
                sensei's model of that choice took a higher-rated one here"
            .into();
    }
    if used.contains("Brute Force") {
        return "sensei guessed: none of its rules applied (a technique sensei lacks)".into();
    }
    if reference >= 8.95 {
        return "SE's dynamic forcing chains (+) or nested forcing chains: sensei's model of \
                them (grade/se/chains/nested.rs) took another chain of a different \
                complexity here (one possible cause: SE takes the removals of an inner hint \
                over several cells in the order of a hash map keyed by object identity)"
            .into();
    }
    "SE's easiest chain differs in kind or length from sensei's model of it (a bug to fix)".into()
}

/// Why sensei's HoDoKu score differs, from the techniques each solve used
/// (in order of first use): where the two lists first part, and what is
/// known to differ there.
fn hodoku_why(hodoku: &str, sensei: &str, flags: &str) -> String {
    if flags.contains("bf") {
        return if sensei.contains("Brute Force") {
            "both guessed (HoDoKu's brute force: the middle empty cell), but not on the same \
             position: an earlier step differs"
                .into()
        } else {
            "HoDoKu fell back to brute force here; sensei solved by logic".into()
        };
    }
    let list = |s: &str| -> Vec<String> {
        s.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    let (h, s) = (list(hodoku), list(sensei));
    let Some(at) = h.iter().zip(&s).position(|(a, b)| a != b) else {
        return "the same techniques in the same order of first use: HoDoKu took another \
                step of one technique among equally ranked ones, so a technique is used a \
                different number of times"
            .into();
    };
    let (a, b) = (&h[at], &s[at]);
    let both = format!("{a} {b}");
    let cause = if b == "Brute Force" {
        "sensei's HoDoKu solve found no step and guessed, where HoDoKu went on by logic \
         (a chain or net its search finds and sensei's model of it does not, or an earlier \
         choice left the two on different positions)"
    } else if both.contains("Forcing Net") {
        "sensei's HoDoKu solve builds its nets as HoDoKu does, from one table per premise \
         (four rounds of singles) joined table to table, but its model of the tables \
         differs from HoDoKu's in details, so here they find or rank different nets"
    } else if both.contains("Forcing Chain") {
        "the forcing chains each program finds differ (HoDoKu's implication tables against \
         sensei's propagation, which the HoDoKu solve still uses for chains)"
    } else if both.contains("Nice Loop") || both.contains("AIC") {
        "the nice loops and AICs each search finds differ (HoDoKu's tables against sensei's \
         bounded walk), so the best-ranked loop differs"
    } else if both.contains("Almost Locked Set") {
        "the ALS steps found differ"
    } else {
        "an earlier choice among chains, loops or forcing steps left the two solves on \
         different positions"
    };
    format!(
        "first parts at technique {}: HoDoKu {a}, sensei {b}; {cause}",
        at + 1
    )
}

fn hodoku_section(out: &mut String, title: &str, refs: &[HodokuRef]) {
    let puzzles: Vec<String> = refs.iter().map(|r| r.0.clone()).collect();
    let ratings = rate_all(&puzzles, HODOKU);
    let (mut n, mut level_eq, mut score_eq) = (0, 0, 0);
    let mut diffs = Vec::new();
    let mut worst: Vec<(u32, usize)> = Vec::new();
    for (i, (r, (_, level, score, _, _))) in ratings.iter().zip(refs).enumerate() {
        let Some(h) = r.as_ref().and_then(|r| r.hodoku) else {
            continue;
        };
        n += 1;
        level_eq += (h.level.name() == level) as usize;
        score_eq += (h.score == *score) as usize;
        diffs.push(h.score as f64 - *score as f64);
        worst.push((h.score.abs_diff(*score), i));
    }
    worst.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let _ = writeln!(out, "## {title}\n");
    let _ = writeln!(
        out,
        "{n} puzzles rated. Level equal: {level_eq} ({}); score equal: {score_eq} ({}).\n",
        pct(level_eq, n),
        pct(score_eq, n)
    );
    out.push_str(&distribution(&diffs, 100.0, "score, buckets of 100"));
    let _ = writeln!(out, "\nThe cases that differ most:\n");
    let _ = writeln!(out, "| puzzle | HoDoKu | sensei | HoDoKu's techniques | sensei's techniques | why |\n|---|---|---|---|---|---|");
    for &(_, i) in worst.iter().take(10) {
        let (p, level, score, techs, flags) = &refs[i];
        let Some(h) = ratings[i].as_ref().and_then(|r| r.hodoku) else {
            continue;
        };
        let used = techniques_used(p, Profile::Hodoku);
        let _ = writeln!(
            out,
            "| `{p}` | {level} {score} | {} {} | {techs} | {used} | {} |",
            h.level.name(),
            h.score,
            hodoku_why(techs, &used, flags)
        );
    }
    out.push('\n');
}

/// `--se-quick`: only the SE ratings of calibration_550 (SE solves only),
/// the summary line and one line per puzzle whose ER differs.
fn se_quick(data: &Path) {
    let (h, rows) = read_tsv(&data.join("ratings/calibration_550.tsv"));
    let (er, se_t) = (col(&h, "se_er"), col(&h, "se_techniques"));
    let refs: Vec<(String, f64, String)> = rows
        .iter()
        .filter_map(|r| {
            Some((
                r.puzzle.clone(),
                r.fields.get(er)?.parse().ok()?,
                r.fields.get(se_t).cloned().unwrap_or_default(),
            ))
        })
        .collect();
    let rated: Vec<Option<(f32, String)>> = refs
        .par_iter()
        .map(|(p, _, _)| {
            let g = parse(p).ok()?;
            let (t, ratings) = grade::se_solve(&g);
            let se = grade::se_rating_of(&t, &ratings);
            let hardest = t
                .steps
                .iter()
                .zip(&ratings)
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map(|(s, r)| format!("{}({r:.1})", s.technique.name()))
                .unwrap_or_default();
            Some((se.er, hardest))
        })
        .collect();
    let (mut n9, mut eq9, mut within9) = (0, 0, 0);
    let mut misses = Vec::new();
    for ((p, er, rules), r) in refs.iter().zip(&rated) {
        let Some((mine, hardest)) = r else { continue };
        if *er > 9.0 {
            continue;
        }
        let d = *mine as f64 - er;
        n9 += 1;
        eq9 += (d.abs() < 0.05) as usize;
        within9 += (d.abs() < 0.25) as usize;
        if d.abs() >= 0.05 {
            misses.push((
                d,
                format!("{d:+.1}\t{er:.1}\t{mine:.1}\t{p}\t{hardest}\t{rules}"),
            ));
        }
    }
    misses.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()));
    for (_, line) in &misses {
        println!("{line}");
    }
    println!(
        "ER <= 9.0: {n9}; equal {eq9} ({}); within 0.2 {within9} ({})",
        pct(eq9, n9),
        pct(within9, n9)
    );
}

/// What the HoDoKu rating solve models, and where it is known to part from
/// HoDoKu (the worst cases below fall under these).
const MODEL: &str = "\
## How the HoDoKu rating is modelled, and where it parts from HoDoKu

HoDoKu's score is the sum of the base scores of the steps of its own solve, so
sensei follows HoDoKu's choices step by step: its singles queues, its subset,
W-Wing and Sue de Coq search orders (the first found), its ALS list order, and, where HoDoKu
collects every step of a search (chains and loops, ALS chains, forcing chains and
nets), HoDoKu's sort: most eliminations first; between steps removing different
candidates, the lowest weighted sum of them (by digit, then cell, the n-th cell
index weighted 1 + 80n); chain length only between steps removing the same
candidates; placements before eliminations among forcing chains and nets. Its
grouped chains keep HoDoKu's lasso rule (no node's first cell in a node before the
one it follows, read from either end of the chain; no loop through a group holding
its start cell but as the group's first cell) and, as HoDoKu's defaults have it,
no almost locked set (the walks leave the sets out), and where no technique applies
it guesses as HoDoKu does: the middle empty cell, in cell order, takes its value
from the solution.

Known causes of the remaining differences, by the technique where the two solves
first part:

- **Forcing chains and nets**: HoDoKu builds them from one table per premise,
  joined table to table. sensei's HoDoKu solve takes its nets from a model of
  those tables (`grade/hodoku/tables.rs`: what the premise removes and sets, then
  four rounds of singles, on a copy of the unchanged position), which matches
  most of HoDoKu's choices but not all; its forcing chains still come from
  sensei's own propagation (a table of direct implications matched fewer), and
  HoDoKu finds some forcing chain verities sensei does not. Where they part, the
  hardest puzzles differ by several thousand points.
- **Nice loops and AICs**: HoDoKu's table search and sensei's bounded walk do not
  find the same set of long chains (HoDoKu keeps one path per implication and
  builds each chain in one direction; sensei keeps the shortest chain for each set
  of eliminations, so where that one breaks HoDoKu's lasso rule, a longer one
  HoDoKu would take is not offered); where HoDoKu's best-ranked loop is one sensei
  does not find, the paths part.
- **Brute force**: where HoDoKu gave up and guessed (flag `bf`), sensei's solve
  guesses too, but on another position, or its nets solve by logic; where sensei
  guesses and HoDoKu does not (Brute Force in sensei's list only), HoDoKu found a
  chain or net that sensei's model of its search lacks.

";

fn field(r: &Row, i: usize) -> String {
    r.fields.get(i).cloned().unwrap_or_default()
}

/// A file's SE references: puzzle, ER, EP, ED, rules.
fn se_refs(h: &[String], rows: &[Row]) -> Vec<(String, f64, f64, f64, String)> {
    let (er, ep, ed, se_t) = (
        col(h, "se_er"),
        col(h, "se_ep"),
        col(h, "se_ed"),
        col(h, "se_techniques"),
    );
    rows.iter()
        .filter_map(|r| {
            Some((
                r.puzzle.clone(),
                field(r, er).parse().ok()?,
                field(r, ep).parse().ok()?,
                field(r, ed).parse().ok()?,
                field(r, se_t),
            ))
        })
        .collect()
}

/// A file's HoDoKu references.
fn hodoku_refs(h: &[String], rows: &[Row]) -> Vec<HodokuRef> {
    let (hl, hs, ht, hf) = (
        col(h, "hodoku_level"),
        col(h, "hodoku_score"),
        col(h, "hodoku_techniques"),
        col(h, "hodoku_flags"),
    );
    rows.iter()
        .filter_map(|r| {
            Some((
                r.puzzle.clone(),
                field(r, hl),
                field(r, hs).parse().ok()?,
                field(r, ht),
                field(r, hf),
            ))
        })
        .collect()
}

fn main() {
    let data = PathBuf::from(
        std::env::args()
            .skip(1)
            .find(|a| !a.starts_with("--"))
            .unwrap_or_else(|| "../shared/data".to_string()),
    );
    if std::env::args().any(|a| a == "--se-quick") {
        se_quick(&data);
        return;
    }
    let mut out = String::new();
    out.push_str("# Rating calibration\n\n");
    out.push_str(
        "sensei's ratings compared with the reference programs' on the shared reference data.\n\
         Regenerate with `cargo run --release -p sensei-tools --bin calibrate -- ../shared/data > docs/ratings.md`.\n\n",
    );
    let _ = writeln!(
        out,
        "Scales: SE — {}; HoDoKu — {}; class — {}.\n",
        grade::SE_RULES,
        grade::HODOKU_RULES,
        grade::CLASS_RULES
    );
    out.push_str(MODEL);

    // the files rated by both programs: SE and HoDoKu sections
    for (file, what) in [
        ("calibration_550", "550 puzzles from public sets"),
        (
            "calibration_hodoku_generated_500",
            "500 puzzles made by HoDoKu's generator, 100 per level",
        ),
    ] {
        let (h, rows) = read_tsv(&data.join(format!("ratings/{file}.tsv")));
        let se_refs = se_refs(&h, &rows);
        if !hodoku_only() {
            se_section(
                &mut out,
                &format!("Sudoku Explainer 1.2.1.3: {file} ({what})"),
                &se_refs,
            );
        }
        hodoku_section(
            &mut out,
            &format!("HoDoKu 2.2.0: {file} ({what})"),
            &hodoku_refs(&h, &rows),
        );
    }

    // top1465 rated by HoDoKu.
    let (h2, rows2) = read_tsv(&data.join("ratings/top1465_hodoku.tsv"));
    let top = hodoku_refs(&h2, &rows2);
    hodoku_section(
        &mut out,
        "HoDoKu 2.2.0: top1465 (the 1,465 hardest of a classic list)",
        &top,
    );
    if hodoku_only() {
        print!("{out}");
        return;
    }

    // The hardest database with SE ratings (CSV: puzzle,label,poster,q1,q2,ER,EP,ED,...).
    let hd =
        std::fs::read_to_string(data.join("conformance/hardest_database_110626_se_ratings.txt"))
            .unwrap_or_default();
    let hardest: Vec<(String, f64, f64, f64, String)> = hd
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 81)
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            Some((
                f.first()?.to_string(),
                f.get(5)?.parse().ok()?,
                f.get(6)?.parse().ok()?,
                f.get(7)?.parse().ok()?,
                String::new(),
            ))
        })
        .collect();
    se_section(
        &mut out,
        "Sudoku Explainer: hardest database 2011-06-26 (268 rated)",
        &hardest,
    );

    // QQWing classes.
    let _ = writeln!(out, "## QQWing classes\n");
    let _ = writeln!(
        out,
        "| file | puzzles | class equal | sensei's classes |\n|---|---:|---:|---|"
    );
    let (mut all_n, mut all_eq) = (0, 0);
    for class in ["simple", "easy", "intermediate", "expert"] {
        let text = std::fs::read_to_string(data.join(format!("puzzles/qqwing_{class}.txt")))
            .unwrap_or_default();
        let puzzles: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() >= 81)
            .map(|l| l[..81].to_string())
            .collect();
        let ratings = rate_all(&puzzles, CLASS);
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        let mut eq = 0;
        for r in ratings.iter().flatten() {
            let c = r.class.map_or("-", |c| c.name());
            *counts.entry(c).or_default() += 1;
            eq += (c == class) as usize;
        }
        all_n += puzzles.len();
        all_eq += eq;
        let dist: Vec<String> = counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(
            out,
            "| qqwing_{class}.txt | {} | {eq} ({}) | {} |",
            puzzles.len(),
            pct(eq, puzzles.len()),
            dist.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "\nOverall: {all_eq} of {all_n} ({}) equal.\n",
        pct(all_eq, all_n)
    );
    print!("{out}");
}
