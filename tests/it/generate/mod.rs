//! The generator: every puzzle is checked independently of the generator's
//! own checks (exact count, minimality, symmetry, pattern, ratings,
//! techniques, practice positions), batches are deterministic across thread
//! counts, and bad requests fail fast with a clear message.
//!
//! `SENSEI_GENERATE_CHECK=n` (set by `.ci/run`, in release) also checks `n`
//! puzzles of every kind of request with fixed seeds (`many.rs`); the
//! command line is tested in `cli.rs`.

use std::time::{Duration, Instant};
use sudoku_sensei::exact::{count, first_solution, Count};
use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::generate::{
    is_minimal, parse_pattern, Fill, Generated, Generator, Reject, Request, Symmetry,
};
use sudoku_sensei::grade::{self, Class, Scales};
use sudoku_sensei::hint::{hint, Hint};
use sudoku_sensei::render::generated as render;
use sudoku_sensei::solver::{Fallback, Options, Profile};
use sudoku_sensei::technique::Level;
use sudoku_sensei::{CellSet, Technique, Trace};

/// The solve a request's technique targets refer to.
fn the_solve_options(req: &Request) -> Options {
    req.solve_options()
}

#[test]
fn the_solve_is_the_default_one_adjusted_by_the_request() {
    let default = Options::default();
    let plain = seeded(0).solve_options();
    assert_eq!(plain.techniques, default.techniques);
    assert_eq!(plain.fallback, Fallback::Stop);
    let req = Request {
        techniques: vec![Technique::Squirmbag],
        exclude: vec![Technique::XWing],
        allow_guess: true,
        ..seeded(0)
    };
    let opts = req.solve_options();
    assert!(!default.techniques.contains(&Technique::Squirmbag));
    assert!(opts.techniques.contains(&Technique::Squirmbag));
    assert!(!opts.techniques.contains(&Technique::XWing));
    assert_eq!(opts.fallback, Fallback::Guess);
    let mut sorted = opts.techniques.clone();
    sorted.sort();
    assert_eq!(sorted, opts.techniques, "in HoDoKu's order");
    let only = Request {
        only: vec![Technique::HiddenSingle, Technique::NakedSingle],
        ..seeded(0)
    };
    assert_eq!(
        only.solve_options().techniques,
        vec![Technique::NakedSingle, Technique::HiddenSingle]
    );
}

/// Everything a request promises, checked on one generated puzzle.
fn check(req: &Request, g: &Generated) {
    let p = &g.puzzle;
    let line = p.to_line();
    // unique, and the solution given is the solution
    assert_eq!(count(p.values(), 2), Count::Unique, "{line}");
    assert_eq!(
        first_solution(p.values()).as_ref(),
        Some(g.solution.values()),
        "{line}"
    );
    assert!(g.solution.is_valid_solution());
    assert!(
        p.givens().len() as usize == p.filled(),
        "all values are givens"
    );
    // placement of the givens
    assert!(
        req.symmetry.holds(p.givens()),
        "{line} is not {}",
        req.symmetry
    );
    if let Some(pattern) = req.pattern {
        assert_eq!(p.givens(), pattern, "{line} is off the pattern");
    }
    if let Some((lo, hi)) = req.givens {
        let n = p.filled() as u8;
        assert!(lo <= n && n <= hi, "{line}: {n} givens");
    }
    let minimal = req
        .minimal
        .unwrap_or(req.givens.is_none() && req.pattern.is_none());
    if minimal {
        assert!(is_minimal(p, req.symmetry), "{line} is not minimal");
    }
    // the solve
    let trace: Trace = sudoku_sensei::solve(p, &the_solve_options(req));
    if !req.allow_guess {
        assert!(trace.outcome.is_solved(), "{line} needs a guess");
        assert_eq!(trace.guesses(), 0, "{line}");
    }
    for t in &req.techniques {
        assert!(
            trace.steps.iter().any(|s| s.technique == *t),
            "{line} does not use {t}"
        );
    }
    if req.hardest {
        let hardest = trace
            .steps
            .iter()
            .map(|s| s.technique)
            .max_by_key(|t| (t.info().score, t.info().order));
        assert!(
            hardest.is_some_and(|h| req.techniques.contains(&h)),
            "{line}: hardest is {hardest:?}"
        );
    }
    for t in &req.exclude {
        assert!(trace.steps.iter().all(|s| s.technique != *t), "{line}");
    }
    // ratings, as `sensei grade` computes them
    if req.level.is_some() || req.er.is_some() {
        let scales = Scales {
            se: req.er.is_some(),
            hodoku: req.level.is_some(),
            class: false,
        };
        let r = grade::grade(p, scales);
        if let Some((lo, hi)) = req.level {
            let level = r.hodoku.map(|h| h.level).expect("rated");
            assert!(lo <= level && level <= hi, "{line} is {level}");
        }
        if let Some((lo, hi)) = req.er {
            let er = r.se.map(|s| (s.er * 10.0).round() / 10.0).expect("rated");
            assert!(lo - 0.01 <= er && er <= hi + 0.01, "{line} has ER {er}");
        }
        if !req.allow_guess {
            assert!(!r.guessed, "{line}: a rating solve guessed");
        }
    }
    if let Some(class) = req.class {
        let t = sudoku_sensei::solve(p, &Options::with_profile(Profile::Qqwing));
        assert_eq!(grade::class_of(&t), class, "{line}");
    }
    if let Some(t) = req.practice {
        check_practice(req, g, t);
    }
}

/// The practice position: the first step of `t` in the solve starts there,
/// and a hint on the position read back from either printed format is that
/// step.
fn check_practice(req: &Request, g: &Generated, t: Technique) {
    let practice = g.practice.as_ref().expect("a practice position");
    assert_eq!(practice.step.technique, t);
    let trace = sudoku_sensei::solve(&g.puzzle, &the_solve_options(req));
    let first = trace
        .positions()
        .into_iter()
        .find(|(_, s)| s.technique == t)
        .expect("the solve uses the technique");
    assert_eq!(
        first.0, practice.position,
        "the position before the first {t}"
    );
    assert_eq!(*first.1, practice.step);
    let opts = the_solve_options(req);
    let hint_is_the_step = |board: &sudoku_sensei::Board| match hint(board, &opts) {
        Hint::Step(s) => {
            s.technique == t
                && s.eliminations == practice.step.eliminations
                && s.placements == practice.step.placements
        }
        _ => false,
    };
    let line = render::line(g);
    let (cands, library) = line.split_once('\t').expect("candidates, tab, HoDoKu line");
    let from_cands =
        sudoku_sensei::format::parse_position(cands).expect("the candidate string reads back");
    assert!(hint_is_the_step(&from_cands), "{line}");
    let case = parse_library_line(library).expect("the HoDoKu line reads back");
    assert_eq!(case.technique, Some(t), "{library}");
    assert_eq!(case.eliminations, practice.step.eliminations);
    assert_eq!(case.placements, practice.step.placements);
    assert!(hint_is_the_step(&case.board), "{library}");
}

fn make(req: &Request, n: u64) -> Vec<Generated> {
    let gen = Generator::new(req.clone()).expect("a valid request");
    (0..n)
        .map(|i| {
            let g = gen.nth(i).unwrap_or_else(|e| panic!("{req:?}: {e}"));
            check(req, &g);
            g
        })
        .collect()
}

fn seeded(seed: u64) -> Request {
    Request {
        seed,
        ..Request::default()
    }
}

#[test]
fn minimal_unique_guess_free_by_default() {
    let made = make(&seeded(1), 8);
    // different puzzles
    let mut lines: Vec<String> = made.iter().map(|g| g.puzzle.to_line()).collect();
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), 8);
}

#[test]
fn every_symmetry_is_kept() {
    for (i, s) in Symmetry::ALL.into_iter().enumerate() {
        let req = Request {
            symmetry: s,
            ..seeded(10 + i as u64)
        };
        make(&req, 2);
    }
}

#[test]
fn symmetric_minimal_means_no_orbit_can_go() {
    // with rotate180 a single given may be removable (breaking the symmetry),
    // but no pair of mirrored givens
    let req = Request {
        symmetry: Symmetry::Rotate180,
        ..seeded(4)
    };
    for g in make(&req, 4) {
        assert!(is_minimal(&g.puzzle, Symmetry::Rotate180));
    }
}

#[test]
fn givens_in_a_range_or_exact() {
    let req = Request {
        givens: Some((28, 32)),
        ..seeded(2)
    };
    let made = make(&req, 6);
    // not minimal by default: such puzzles have givens to spare
    assert!(made.iter().any(|g| !is_minimal(&g.puzzle, Symmetry::None)));
    let req = Request {
        givens: Some((25, 25)),
        minimal: Some(true),
        ..seeded(3)
    };
    for g in make(&req, 2) {
        assert_eq!(g.puzzle.filled(), 25);
    }
    let req = Request {
        givens: Some((30, 34)),
        symmetry: Symmetry::Rotate90,
        ..seeded(3)
    };
    make(&req, 2);
}

#[test]
fn patterns_fix_the_givens() {
    // a 32-cell pattern with 180-degree symmetry
    let text = "\
        x.x...x.x\n.x.x.x.x.\nx..x.x..x\n..x...x..\n.x.x.x.x.\n..x...x..\nx..x.x..x\n.x.x.x.x.\nx.x...x.x\n";
    let pattern = parse_pattern(text).expect("pattern");
    assert_eq!(pattern.len(), 32);
    let req = Request {
        pattern: Some(pattern),
        ..seeded(5)
    };
    make(&req, 2);
    let req = Request {
        pattern: Some(pattern),
        symmetry: Symmetry::Rotate180,
        ..seeded(6)
    };
    make(&req, 1);
    // minimal on this pattern: about one try in 20,000, in the bigger check
}

/// The 32-cell pattern of `patterns_fix_the_givens`.
fn star_pattern() -> CellSet {
    let text =
        "x.x...x.x .x.x.x.x. x..x.x..x ..x...x.. .x.x.x.x. ..x...x.. x..x.x..x .x.x.x.x. x.x...x.x";
    parse_pattern(text).expect("pattern")
}

#[test]
fn pattern_files_are_read_with_positions_in_errors() {
    let e = parse_pattern("x.x\nxxq").unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(2), Some(3)));
    assert!(e.to_string().contains("'q'"), "{e}");
    let e = parse_pattern("x").unwrap_err();
    assert!(e.to_string().contains("found 1 cell in"), "{e}");
    let e = parse_pattern("").unwrap_err();
    assert!(e.to_string().contains("found 0 cells in"), "{e}");
    let all = parse_pattern(&"x".repeat(81)).expect("81 cells");
    assert_eq!(all, CellSet::ALL);
}

#[test]
fn template_fill() {
    let req = Request {
        fill: Fill::Templates,
        ..seeded(7)
    };
    make(&req, 3);
}

#[test]
fn target_levels() {
    // Unfair and Extreme: in the bigger check (slow to grade in a debug build)
    for (i, level) in [Level::Easy, Level::Medium, Level::Hard]
        .into_iter()
        .enumerate()
    {
        let req = Request {
            level: Some((level, level)),
            ..seeded(20 + i as u64)
        };
        make(&req, 2);
    }
}

#[test]
fn target_er_and_class() {
    let req = Request {
        er: Some((4.0, 5.0)),
        ..seeded(30)
    };
    make(&req, 2);
    let req = Request {
        class: Some(Class::Intermediate),
        ..seeded(31)
    };
    make(&req, 2);
    let req = Request {
        class: Some(Class::Simple),
        ..seeded(32)
    };
    make(&req, 2);
}

#[test]
fn target_techniques() {
    let hard_at_most = Some((Level::Easy, Level::Hard));
    let req = Request {
        techniques: vec![Technique::XWing],
        level: hard_at_most,
        ..seeded(40)
    };
    make(&req, 2);
    let req = Request {
        techniques: vec![Technique::Skyscraper],
        hardest: true,
        ..seeded(41)
    };
    make(&req, 2);
    // solved without X-Wing, and still Hard
    let req = Request {
        exclude: vec![Technique::XWing],
        level: Some((Level::Hard, Level::Hard)),
        ..seeded(42)
    };
    make(&req, 2);
    let req = Request {
        only: vec![
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
            Technique::LockedCandidates1,
            Technique::LockedCandidates2,
        ],
        techniques: vec![Technique::LockedCandidates2],
        ..seeded(43)
    };
    make(&req, 2);
}

#[test]
fn practice_positions_are_exact() {
    for (i, t) in [
        Technique::Skyscraper,
        Technique::XyWing,
        Technique::HiddenPair,
    ]
    .into_iter()
    .enumerate()
    {
        let req = Request {
            practice: Some(t),
            ..seeded(50 + i as u64)
        };
        make(&req, 1);
    }
}

#[test]
fn ratings_printed_with_the_puzzle() {
    let req = Request {
        level: Some((Level::Hard, Level::Hard)),
        rate: true,
        ..seeded(60)
    };
    let g = &make(&req, 1)[0];
    let r = g.rating.as_ref().expect("rated");
    assert_eq!(r, &grade::grade(&g.puzzle, Scales::ALL));
    let row = render::tsv(g);
    assert!(row.contains("\tHard\t"), "{row}");
    let cols = render::tsv_header(&req)
        .lines()
        .nth(1)
        .map(|h| h.split('\t').count());
    assert_eq!(cols, Some(row.split('\t').count()));
    let json: serde_json::Value = serde_json::from_str(&render::json(g, &req)).expect("json");
    assert_eq!(json["rating"]["hodoku"]["level"], "Hard");
    assert_eq!(json["puzzle"], g.puzzle.to_line());
    assert_eq!(json["seed"], 60);
}

#[test]
fn a_guess_is_asked_of_a_solve_without_forcing_techniques() {
    // the way the refusal of a guess in the default solve points to
    let req = Request {
        techniques: vec![Technique::BruteForce],
        allow_guess: true,
        only: vec![
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
        ],
        ..seeded(44)
    };
    for g in make(&req, 2) {
        let trace = sudoku_sensei::solve(&g.puzzle, &req.solve_options());
        assert!(trace.guesses() > 0, "{}", g.puzzle.to_line());
    }
    // a solve of singles that may guess says nothing of the graders' level
    let extreme = Request {
        level: Some((Level::Extreme, Level::Extreme)),
        techniques: Vec::new(),
        ..req
    };
    assert!(Generator::new(extreme).is_ok());
}

#[test]
fn printed_ratings_come_with_the_solves_techniques_also_with_guesses() {
    let req = Request {
        allow_guess: true,
        rate: true,
        ..seeded(61)
    };
    let g = &make(&req, 1)[0];
    assert!(
        !g.techniques.is_empty(),
        "the solve's techniques are listed"
    );
    let row = render::tsv(g);
    let last: Vec<&str> = row.rsplit('\t').next().unwrap_or("").split(',').collect();
    assert_eq!(last.len(), g.techniques.len(), "{row}");
    for (t, n) in &g.techniques {
        assert!(
            last.contains(&format!("{}:{n}", t.slug()).as_str()),
            "{row}"
        );
    }
}

#[test]
fn a_batch_depends_on_seed_and_index_only() {
    let gen = Generator::new(seeded(70)).expect("valid");
    let forward: Vec<String> = (0..6)
        .map(|i| gen.nth(i).expect("made").puzzle.to_line())
        .collect();
    let backward: Vec<String> = (0..6)
        .rev()
        .map(|i| gen.nth(i).expect("made").puzzle.to_line())
        .collect();
    let mut backward = backward;
    backward.reverse();
    assert_eq!(forward, backward);
    let iterated: Vec<String> = gen
        .iter()
        .take(6)
        .map(|g| g.expect("made").puzzle.to_line())
        .collect();
    assert_eq!(forward, iterated);
    let other = Generator::new(seeded(71)).expect("valid");
    assert_ne!(
        other.nth(0).expect("made").puzzle,
        gen.nth(0).expect("made").puzzle
    );
}

#[test]
fn bad_requests_are_refused_up_front() {
    let pattern_of = |n: usize| -> CellSet {
        sudoku_sensei::Cell::all()
            .filter(|c| c.index() * 7 % 81 < n)
            .collect()
    };
    let cases: Vec<(Request, &str)> = vec![
        (
            Request {
                givens: Some((10, 10)),
                ..seeded(0)
            },
            "fewer than 17 givens",
        ),
        (
            Request {
                givens: Some((30, 20)),
                ..seeded(0)
            },
            "range is empty",
        ),
        (
            Request {
                givens: Some((18, 18)),
                ..seeded(0)
            },
            "ask for 20 or more",
        ),
        (
            Request {
                givens: Some((17, 17)),
                symmetry: Symmetry::Rotate90,
                ..seeded(0)
            },
            "none of the 49,158 known 17-given puzzles",
        ),
        (
            Request {
                givens: Some((22, 23)),
                symmetry: Symmetry::Rotate90,
                ..seeded(0)
            },
            "groups of 1 or 4",
        ),
        (
            Request {
                pattern: Some(CellSet::EMPTY),
                ..seeded(0)
            },
            "0 cells",
        ),
        (
            Request {
                pattern: Some(pattern_of(1)),
                ..seeded(0)
            },
            "1 cell;",
        ),
        (
            Request {
                pattern: Some(pattern_of(30)),
                givens: Some((30, 30)),
                ..seeded(0)
            },
            "use one of them",
        ),
        (
            Request {
                level: Some((Level::Extreme, Level::Extreme)),
                only: vec![Technique::NakedSingle, Technique::HiddenSingle],
                ..seeded(0)
            },
            "Extreme cannot be met",
        ),
        (
            Request {
                level: Some((Level::Hard, Level::Easy)),
                ..seeded(0)
            },
            "range is empty",
        ),
        (
            Request {
                class: Some(Class::Easy),
                er: Some((3.0, 4.0)),
                ..seeded(0)
            },
            "at most 2.3",
        ),
        (
            Request {
                level: Some((Level::Easy, Level::Easy)),
                techniques: vec![Technique::XWing],
                ..seeded(0)
            },
            "x-wing cannot be used",
        ),
        (
            Request {
                techniques: vec![Technique::BruteForce],
                ..seeded(0)
            },
            "--allow-guess",
        ),
        (
            Request {
                techniques: vec![Technique::XWing],
                exclude: vec![Technique::XWing],
                ..seeded(0)
            },
            "asked for and excluded",
        ),
        (
            Request {
                hardest: true,
                ..seeded(0)
            },
            "needs --technique",
        ),
        (
            Request {
                er: Some((9.0, 8.0)),
                ..seeded(0)
            },
            "range is empty",
        ),
        (
            Request {
                practice: Some(Technique::KrakenFishType1),
                ..seeded(0)
            },
            "not implemented",
        ),
        (
            Request {
                er: Some((12.0, 13.0)),
                ..seeded(0)
            },
            "sensei's SE ratings stop at about 10.5",
        ),
        (
            Request {
                er: Some((10.6, 20.0)),
                allow_guess: true,
                ..seeded(0)
            },
            "sensei's SE ratings stop at about 10.5",
        ),
        (
            Request {
                techniques: vec![Technique::BruteForce],
                allow_guess: true,
                ..seeded(0)
            },
            "practically never happens in a solve with forcing chains",
        ),
        (
            Request {
                practice: Some(Technique::BruteForce),
                allow_guess: true,
                exclude: vec![Technique::NestedForcingNetContradiction],
                ..seeded(0)
            },
            "--exclude forcing-chain-contradiction,forcing-chain-verity,",
        ),
    ];
    for (req, words) in cases {
        let started = Instant::now();
        let err = Generator::new(req.clone()).expect_err("refused");
        assert!(started.elapsed() < Duration::from_secs(1));
        assert!(
            err.to_string().contains(words),
            "{err} (expected '{words}')"
        );
    }
    // the rows of one band both empty: never unique
    let mut p = CellSet::ALL;
    for c in sudoku_sensei::Cell::all().filter(|c| c.row() < 2) {
        p.remove(c);
    }
    let err = Generator::new(Request {
        pattern: Some(p),
        ..seeded(0)
    })
    .expect_err("refused");
    assert!(err.to_string().contains("rows r1 and r2"), "{err}");
    let mut p = CellSet::ALL;
    p.remove(sudoku_sensei::Cell::at(0, 0));
    let err = Generator::new(Request {
        pattern: Some(p),
        symmetry: Symmetry::Mirror,
        ..seeded(0)
    })
    .expect_err("refused");
    assert!(
        err.to_string().contains("does not have mirror symmetry"),
        "{err}"
    );
}

#[test]
fn rare_requests_give_up_after_the_tries_with_the_reasons() {
    let req = Request {
        level: Some((Level::Extreme, Level::Extreme)),
        givens: Some((40, 45)),
        max_tries: 30,
        ..seeded(80)
    };
    let err = Generator::new(req)
        .expect("valid")
        .nth(0)
        .expect_err("too rare");
    assert_eq!(err.tries, 30);
    assert!(!err.cancelled);
    assert_eq!(err.rejections.count(Reject::Level), 30);
    let text = err.to_string();
    assert!(
        text.contains("after 30 tries") && text.contains("30 other HoDoKu level"),
        "{text}"
    );
}

#[test]
fn a_caller_can_stop_a_search() {
    let gen = Generator::new(Request {
        level: Some((Level::Extreme, Level::Extreme)),
        givens: Some((40, 45)),
        ..seeded(81)
    })
    .expect("valid");
    let err = gen
        .nth_with(0, &mut |tries| {
            if tries > 5 {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        })
        .expect_err("stopped");
    assert!(err.cancelled);
    assert_eq!(err.tries, 5);
}

mod cli;
mod many;
