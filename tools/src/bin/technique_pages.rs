//! Writes the examples of the technique pages for learners (`docs/learn/`):
//! for every technique of the default profile, a step of a real puzzle's
//! solve, its picture (`docs/learn/img/<slug>.svg`) and its block in the
//! family's page (between the markers of `render::learn`), with the
//! position just before the step to practise on.
//!
//!     cargo run --release -p sensei-tools --bin technique_pages [-- DATA_DIR]
//!
//! DATA_DIR defaults to `../shared/data`. The puzzles searched, in order:
//! HoDoKu's exemplars (`conformance/hodoku_exemplars_1.0.txt`, puzzles
//! chosen by HoDoKu's author to show each technique), then the puzzles of
//! the shared sets in `SETS` (about 10,000 in all; 10 minutes on 2 cores). Each puzzle is solved with the default
//! options; of the first `KEEP` steps found of a technique, the example is
//! the one with the smallest picture (the least to look at) whose practice
//! position, read back, gives the same step as a hint. A dual form (Dual
//! 2-String Kite, Dual Empty Rectangle) is never found with the default
//! options, its plain form finding one half first: a puzzle whose solve
//! used the plain form is solved again without it
//! (`render::learn::options`), and the block says so. A page needs a
//! block (its two markers) for each of its techniques; the techniques
//! without an example are printed. `tests/it/learn.rs` keeps the pages and
//! pictures true without the shared data.

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use sudoku_sensei::format::{candidate_string, parse_position, position_line};
use sudoku_sensei::render::learn::{self, Source};
use sudoku_sensei::{hint, parse, solve, Board, Hint, Options, Step, Technique};

/// Steps kept per technique to choose from.
const KEEP: usize = 8;

/// The files searched, in order, and how many puzzles of each (HoDoKu's
/// exemplars first: puzzles chosen to show each technique).
const SETS: &[(&str, usize)] = &[
    ("conformance/hodoku_exemplars_1.0.txt", usize::MAX),
    ("puzzles/sudocue_learningcurve.txt", 2500),
    ("puzzles/qqwing_expert.txt", 1000),
    ("puzzles/top1465.txt", 1465),
    ("puzzles/17_clue.txt", 5000),
    ("puzzles/forum_hardest_1106.txt", 100),
];

struct Found {
    source: Source,
    board: Board,
    step: Step,
}

/// The puzzles of a file with their line numbers.
fn puzzles(path: &Path, limit: usize) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
        .filter_map(|(i, l)| {
            let p = l.get(..81)?;
            p.chars()
                .all(|c| c.is_ascii_digit() || c == '.')
                .then(|| (i + 1, p.to_string()))
        })
        .take(limit)
        .collect()
}

/// The practice position of a step: the candidate string when it reads
/// back to the same step as a hint (with the options of
/// [`learn::options`]), else HoDoKu's library line, else none.
fn practice(board: &Board, step: &Step) -> Option<String> {
    let same = |text: &str| {
        let Ok(b) = parse_position(text) else {
            return false;
        };
        let options = learn::options(step.technique);
        matches!(hint(&b, &options), Hint::Step(s) if *s == *step)
    };
    [candidate_string(board), position_line(board)]
        .into_iter()
        .find(|t| same(t))
}

fn main() {
    let data = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data").into()),
    );
    let docs = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/learn"));
    let wanted: Vec<Technique> = Options::default()
        .techniques
        .into_iter()
        .filter(|t| *t != Technique::BruteForce)
        .collect();
    let mut sources = Vec::new();
    for &(file, limit) in SETS {
        let name = Path::new(file)
            .file_name()
            .map_or(file.into(), |n| n.to_string_lossy().into_owned());
        sources.push((name, puzzles(&data.join(file), limit)));
    }
    if sources.iter().all(|(_, p)| p.is_empty()) {
        eprintln!("no puzzles under {}", data.display());
        std::process::exit(2);
    }
    let mut found: BTreeMap<Technique, Vec<Found>> = BTreeMap::new();
    for (name, list) in &sources {
        let missing = |found: &BTreeMap<Technique, Vec<Found>>| {
            wanted
                .iter()
                .any(|t| found.get(t).map_or(0, Vec::len) < KEEP)
        };
        if !missing(&found) {
            break;
        }
        let solved: Vec<Vec<Found>> = list
            .par_iter()
            .map(|(line, p)| {
                let Ok(grid) = parse(p) else { return vec![] };
                let found = |options: &Options, origin: String| {
                    let trace = solve(&grid, options);
                    let steps: Vec<Found> = trace
                        .positions()
                        .into_iter()
                        .enumerate()
                        .map(|(i, (board, step))| Found {
                            source: Source {
                                puzzle: p.clone(),
                                origin: origin.clone(),
                                step: i + 1,
                                practice: String::new(),
                            },
                            board,
                            step: step.clone(),
                        })
                        .collect();
                    steps
                };
                let origin = format!("{name}, line {line}");
                let mut steps = found(&Options::default(), origin.clone());
                // a dual form: solved again without its plain form, when
                // the solve used the plain form (else there is no pattern)
                for &dual in &wanted {
                    let Some(plain) = learn::solved_without(dual) else {
                        continue;
                    };
                    if steps.iter().any(|f| f.step.technique == plain) {
                        let origin = format!("{origin}, solved with {} off", plain.name());
                        steps.extend(
                            found(&learn::options(dual), origin)
                                .into_iter()
                                .filter(|f| f.step.technique == dual),
                        );
                    }
                }
                steps
            })
            .collect();
        for f in solved.into_iter().flatten() {
            let list = found.entry(f.step.technique).or_default();
            if wanted.contains(&f.step.technique) && list.len() < KEEP {
                list.push(f);
            }
        }
        eprintln!("{name}: {} puzzles solved", list.len());
    }
    // the example of each technique: the smallest picture that practises
    let mut chosen: BTreeMap<Technique, (Found, String)> = BTreeMap::new();
    for (&t, list) in &mut found {
        if !list.is_empty() {
            eprintln!("{}: {} steps found", t.slug(), list.len());
        }
        let mut list: Vec<(usize, Found)> = std::mem::take(list)
            .into_iter()
            .map(|f| (learn::picture(&f.board, &f.step).len(), f))
            .collect();
        list.sort_by_key(|(len, _)| *len);
        for (_, mut f) in list {
            if let Some(p) = practice(&f.board, &f.step) {
                f.source.practice = p;
                if learn::board(&f.source).as_ref() != Some(&f.board) {
                    eprintln!("{}: {} does not read back", t.slug(), f.source.origin);
                    continue;
                }
                let svg = learn::picture(&f.board, &f.step);
                chosen.insert(t, (f, svg));
                break;
            }
        }
    }
    // write the pictures and the blocks
    let _ = std::fs::create_dir_all(docs.join("img"));
    let mut pages: BTreeMap<&str, String> = BTreeMap::new();
    let mut failed = false;
    for (&t, (f, svg)) in &chosen {
        let Some(page) = learn::page(t) else { continue };
        let text = pages
            .entry(page)
            .or_insert_with(|| std::fs::read_to_string(docs.join(page)).unwrap_or_default());
        let marker = format!("{}{} -->", learn::BEGIN, t.slug());
        let Some(&(start, end)) = learn::blocks(text)
            .iter()
            .find(|(s, _)| text[*s..].starts_with(&marker))
        else {
            eprintln!("docs/learn/{page} has no block for {}", t.slug());
            failed = true;
            continue;
        };
        text.replace_range(start..end, &learn::block(t, &f.source, &f.step));
        let file = docs.join("img").join(format!("{}.svg", t.slug()));
        if let Err(e) = std::fs::write(&file, svg) {
            eprintln!("{}: {e}", file.display());
            failed = true;
        }
        let file = docs.join("img").join(format!("{}-try.svg", t.slug()));
        if let Err(e) = std::fs::write(&file, learn::try_picture(&f.board)) {
            eprintln!("{}: {e}", file.display());
            failed = true;
        }
        println!(
            "{:<36} {:>6} bytes  {} step {}",
            t.slug(),
            svg.len(),
            f.source.origin,
            f.source.step
        );
    }
    for (page, text) in &pages {
        if let Err(e) = std::fs::write(docs.join(page), text) {
            eprintln!("docs/learn/{page}: {e}");
            failed = true;
        }
    }
    let none: Vec<&str> = wanted
        .iter()
        .filter(|t| !chosen.contains_key(t))
        .map(|t| t.slug())
        .collect();
    println!("{} examples; none for: {}", chosen.len(), none.join(", "));
    if failed {
        std::process::exit(1);
    }
}
