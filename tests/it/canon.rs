//! The minlex canonical form and the group's transformations
//! (`sudoku_sensei::canon`): equivalents give one form, inequivalent
//! puzzles different ones (checked against a plain brute force written
//! here), automorphic grids, transforms that keep the solution, and ratings
//! that do not depend on orientation.
//!
//! The default run is scaled down; `SENSEI_CANON_FULL=1` runs the counts of
//! issue 34 (10,000 equivalents of each of 100 puzzles, the brute force on a
//! few hundred puzzles, ratings on 1,000 equivalents), best in release:
//! `SENSEI_CANON_FULL=1 cargo test --release --test it canon`.

use crate::common::{shared_file, skip};
use std::collections::HashMap;
use sudoku_sensei::canon::{minlex, Transform};
use sudoku_sensei::{count_solutions, exact, grade, Count, Grid, Scales};

fn full() -> bool {
    std::env::var_os("SENSEI_CANON_FULL").is_some()
}

fn grid(line: &str) -> Grid {
    let mut cells = [0u8; 81];
    for (c, b) in cells.iter_mut().zip(line.bytes()) {
        *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
    }
    Grid::from_values(cells)
}

/// The corpus's puzzles without clashes, then for each a sparser puzzle
/// (every third given dropped) and a denser one (its solution with two
/// cells in three kept): 100 puzzles of all densities.
fn puzzles(n: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/corpus.txt"
    ))
    .expect("the corpus");
    let base: Vec<Grid> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(grid)
        .filter(|g| g.find_clash().is_none())
        .collect();
    let mut out = base.clone();
    for g in &base {
        let mut v = *g.values();
        let mut k = 0;
        for x in v.iter_mut().filter(|x| **x != 0) {
            k += 1;
            if k % 3 == 0 {
                *x = 0;
            }
        }
        out.push(Grid::from_values(v));
        if let Some(mut s) = exact::first_solution(g.values()) {
            for (i, x) in s.iter_mut().enumerate() {
                if i % 3 == 1 {
                    *x = 0;
                }
            }
            out.push(Grid::from_values(s));
        }
    }
    out.truncate(n);
    out
}

/// The brute force: every one of the 2 × 6^8 geometric maps, each with
/// the digits numbered in order of first appearance, the smallest string
/// kept. Written plainly and independently of the library (its loops stop
/// comparing a string at its first larger character).
fn brute_force(values: &[u8; 81]) -> [u8; 81] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut lines = Vec::new(); // every band-keeping permutation of 9 lines
    for b in PERMS {
        for x in PERMS {
            for y in PERMS {
                for z in PERMS {
                    let within = [x, y, z];
                    let mut p = [0usize; 9];
                    for k in 0..9 {
                        p[k] = b[k / 3] * 3 + within[k / 3][k % 3];
                    }
                    lines.push(p);
                }
            }
        }
    }
    let mut best = [10u8; 81];
    for transpose in [false, true] {
        for rows in &lines {
            for cols in &lines {
                let mut label = [0u8; 10];
                let mut next = 1;
                let mut smaller = false;
                let mut candidate = [0u8; 81];
                'cells: for i in 0..81 {
                    let (r, c) = (rows[i / 9], cols[i % 9]);
                    let v = if transpose {
                        values[c * 9 + r]
                    } else {
                        values[r * 9 + c]
                    };
                    let out = if v == 0 {
                        0
                    } else {
                        if label[v as usize] == 0 {
                            label[v as usize] = next;
                            next += 1;
                        }
                        label[v as usize]
                    };
                    candidate[i] = out;
                    if !smaller {
                        if out > best[i] {
                            break 'cells;
                        }
                        smaller = out < best[i];
                    }
                    if i == 80 && smaller {
                        best = candidate;
                    }
                }
            }
        }
    }
    best
}

#[test]
fn random_equivalents_give_the_original_form() {
    let (n, per) = if full() { (100, 10_000) } else { (100, 30) };
    for (k, p) in puzzles(n).iter().enumerate() {
        let c = minlex(p);
        assert_eq!(
            c.transform.apply(p),
            c.form,
            "puzzle {k}: the transform found gives the form"
        );
        for i in 0..per {
            let t = Transform::seeded(k as u64, i);
            let q = t.apply(p);
            let d = minlex(&q);
            assert_eq!(d.form, c.form, "puzzle {k}, equivalent {i} ({t})");
            assert_eq!(
                d.automorphisms, c.automorphisms,
                "puzzle {k}, equivalent {i}"
            );
        }
    }
}

#[test]
fn the_form_is_the_brute_force_minimum() {
    // about 0.1 s per puzzle in the dev profile
    let n = if full() { 300 } else { 12 };
    for (k, p) in puzzles(n).iter().enumerate() {
        // the sparse puzzles are the hard cases: take every kind
        assert_eq!(
            minlex(p).form.values(),
            &brute_force(p.values()),
            "puzzle {k}: {}",
            p.to_line()
        );
    }
}

#[test]
fn inequivalent_puzzles_have_different_forms() {
    // distinct forms for distinct brute-force minima, equal for equal ones
    let n = if full() { 300 } else { 12 };
    let mut by_form: HashMap<Grid, [u8; 81]> = HashMap::new();
    for p in puzzles(n) {
        let form = minlex(&p).form;
        let brute = brute_force(p.values());
        if let Some(seen) = by_form.insert(form.clone(), brute) {
            assert_eq!(
                seen,
                brute,
                "two inequivalent puzzles share the form {}",
                form.to_line()
            );
        }
    }
    // and the whole corpus, without the brute force: its puzzles differ
    let all = puzzles(100);
    let forms: std::collections::HashSet<Grid> = all.iter().map(|p| minlex(p).form).collect();
    let lines: std::collections::HashSet<[u8; 81]> = all.iter().map(|p| *p.values()).collect();
    assert_eq!(forms.len(), lines.len());
}

#[test]
fn automorphic_grids_are_counted() {
    let empty = minlex(&Grid::default());
    assert_eq!(empty.form, Grid::default());
    assert_eq!(empty.automorphisms, 2 * 6u64.pow(8) * 362_880);
    // the forum's smallest and largest minlex solution grids are their own
    // forms; the largest is 72-way automorphic (Red Ed, 2007)
    let smallest =
        grid("123456789456789123789123456214365897365897214897214365531642978642978531978531642");
    let largest =
        grid("123456789457893612986217354274538196531964827698721435342685971715349268869172543");
    for g in [&smallest, &largest] {
        let c = minlex(g);
        assert_eq!(&c.form, g);
        let moved = Transform::seeded(3, 3).apply(g);
        assert_eq!(&minlex(&moved).form, g);
    }
    assert_eq!(minlex(&largest).automorphisms, 72);
    // a puzzle unchanged by a half turn has at least two automorphisms
    let symmetric =
        grid("1.......2.3.....4...5...6.....7.8.......9.......8.7.....6...5...4.....3.2.......1");
    let c = minlex(&symmetric);
    assert!(c.automorphisms >= 2, "{}", c.automorphisms);
    // one given: every map that keeps its cell in the corner, times the
    // relabellings of the eight digits not shown
    let one = minlex(&grid(&format!("{}5", ".".repeat(80))));
    assert_eq!(one.form.to_line(), format!("{}1", ".".repeat(80)));
    assert_eq!(one.automorphisms, 2 * 2 * 2 * 36 * 2 * 2 * 36 * 40_320);
}

#[test]
fn a_solution_grid_has_the_published_form() {
    // SudokuWiki's "Min-Lex" page: the solution of its tough example and its
    // canonical grid (the page's puzzle form is another convention: the
    // givens placed in the grid's form)
    let solution =
        grid("369218475215749863487635912754861239631924758928357641173482596542196387896573124");
    assert_eq!(
        minlex(&solution).form.to_line(),
        "123456789457189236698273541261947853745831692839625417384792165512368974976514328"
    );
}

#[test]
fn the_17_clue_list_is_never_below_its_form() {
    // The published 17-clue list (../shared/data) is sorted minlex lines;
    // most are their own form, and none may be smaller than the form sensei
    // finds. (1,505 of its 49,158 lines have a smaller equivalent: see
    // docs/canon.md.)
    let Some(path) = shared_file("puzzles/17_clue.txt") else {
        return;
    };
    let lines = crate::common::puzzle_lines(&path);
    let take = if full() { lines.len() } else { 400 };
    let mut fixed = 0;
    for line in lines.iter().take(take) {
        let p = grid(line);
        let c = minlex(&p);
        assert!(c.form.values() <= p.values(), "{line}");
        assert_eq!(c.transform.apply(&p), c.form);
        fixed += usize::from(c.form == p);
    }
    assert!(
        fixed * 10 >= take * 9,
        "{fixed} of {take} are their own form"
    );
    if !full() {
        skip(
            "the_17_clue_list_is_never_below_its_form",
            "checked the first 400 lines only (SENSEI_CANON_FULL=1: all)",
        );
    }
}

#[test]
fn transforms_keep_uniqueness_and_map_the_solution() {
    for (k, p) in puzzles(100).iter().enumerate() {
        let solution = exact::first_solution(p.values());
        let count = count_solutions(p, 2);
        for i in 0..5 {
            let t = Transform::seeded(100 + k as u64, i);
            let q = t.apply(p);
            assert_eq!(q.filled(), p.filled());
            assert_eq!(count_solutions(&q, 2), count, "puzzle {k}");
            if count == Count::Unique {
                let s = solution.expect("a unique puzzle has a solution");
                let mapped = t.apply_values(&s);
                assert_eq!(
                    exact::first_solution(q.values()),
                    Some(mapped),
                    "puzzle {k}"
                );
            }
        }
    }
}

#[test]
fn ratings_do_not_depend_on_orientation() {
    // HoDoKu's level and QQWing's class are properties of the equivalence
    // class, and so are Sudoku Explainer's ER/EP/ED below 9.0. SE's
    // ratings from 9.0 up (dynamic and nested forcing chains) are not: they
    // follow the chains found first, so equivalents of the hardest puzzles
    // were rated 9.0 and 9.1, or 10.0 to 10.4 (reported on stderr, not
    // asserted: a finding of issue 34). HoDoKu's *score* is not either: it sums
    // the steps HoDoKu's solve takes, and which of several equal steps comes
    // first (which single, which subset) depends on the cells' order, so a
    // transformed puzzle may be solved by other steps (a finding of issue 34,
    // reported on stderr, not asserted). The default run grades 6 corpus
    // puzzles in 2 orientations; SENSEI_CANON_FULL=1 grades 1,000
    // equivalents.
    let unique: Vec<Grid> = puzzles(100)
        .into_iter()
        .filter(|p| count_solutions(p, 2) == Count::Unique)
        .collect();
    let (n, per) = if full() {
        (unique.len(), 1000 / unique.len().max(1) + 1)
    } else {
        (6, 2)
    };
    let mut differences = Vec::new();
    let mut scores = 0;
    let mut graded = 0;
    let mut se_high = 0;
    for (k, p) in unique.iter().take(n).enumerate() {
        let base = grade(p, Scales::default());
        for i in 0..per {
            let t = Transform::seeded(7_000 + k as u64, i as u64);
            let r = grade(&t.apply(p), Scales::default());
            graded += 1;
            let level = |x: &sudoku_sensei::Rating| x.hodoku.map(|h| h.level);
            // SE's ratings of 9.0 and above (dynamic and nested chains)
            // follow the chains found first: reported, not asserted
            let high = base.se.is_some_and(|x| x.er >= 9.0);
            if r.se != base.se && high {
                se_high += 1;
                continue;
            }
            if r.se != base.se || level(&r) != level(&base) || r.class != base.class {
                differences.push(format!(
                    "{} under {t}: {:?}/{:?}/{:?} vs {:?}/{:?}/{:?} (hardest {:?} vs {:?})",
                    p.to_line(),
                    base.se,
                    base.hodoku,
                    base.class,
                    r.se,
                    r.hodoku,
                    r.class,
                    base.hardest,
                    r.hardest
                ));
            }
            scores += usize::from(r.hodoku != base.hodoku);
        }
    }
    if se_high > 0 {
        skip(
            "ratings_do_not_depend_on_orientation",
            &format!("(not a failure) SE's rating (ER 9.0 and above) differs in {se_high} of {graded} equivalents"),
        );
    }
    if scores > 0 {
        skip(
            "ratings_do_not_depend_on_orientation",
            &format!("(not a failure) HoDoKu's score differs in {scores} of {graded} equivalents"),
        );
    }
    assert!(
        differences.is_empty(),
        "ratings that depend on orientation:\n{}",
        differences.join("\n")
    );
}

#[test]
fn solution_grids_have_the_brute_force_form_and_keep_it_when_moved() {
    // full grids take a search of their own (src/canon/grids.rs): the
    // solutions of corpus puzzles against the brute force, and their
    // random equivalents (SENSEI_CANON_FULL=1: more of each)
    let (n, brute, per) = if full() { (100, 30, 1000) } else { (10, 3, 20) };
    let grids: Vec<Grid> = puzzles(100)
        .iter()
        .filter_map(|p| exact::first_solution(p.values()).map(Grid::from_values))
        .take(n)
        .collect();
    // (the corpus's puzzles without a solution give no grid)
    assert!(grids.len() >= n.min(10), "{} grids", grids.len());
    for (k, g) in grids.iter().enumerate() {
        let c = minlex(g);
        assert_eq!(c.transform.apply(g), c.form, "grid {k}");
        assert_eq!(&c.form.to_line()[..9], "123456789", "grid {k}");
        if k < brute {
            assert_eq!(c.form.values(), &brute_force(g.values()), "grid {k}");
        }
        for i in 0..per {
            let t = Transform::seeded(50_000 + k as u64, i);
            let d = minlex(&t.apply(g));
            assert_eq!(d.form, c.form, "grid {k}, equivalent {i} ({t})");
            assert_eq!(d.automorphisms, c.automorphisms, "grid {k}");
        }
    }
}
