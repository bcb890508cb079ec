//! Ratings of fixed puzzles, checked against the reference programs' own
//! ratings (../shared/data/ratings/calibration_550.tsv: Sudoku Explainer
//! 1.2.1.3 ER/EP/ED and HoDoKu 2.2.0 level/score), on puzzles where sensei
//! agrees with both. The QQWing class is the class of the puzzle's file.

use sudoku_sensei::grade::{self, Class, Scales};
use sudoku_sensei::technique::Level;
use sudoku_sensei::{parse, Technique};

struct Case {
    puzzle: &'static str,
    se: (f32, f32, f32),
    hodoku: (Level, u32),
    class: Class,
}

const CASES: &[Case] = &[
    // singles only (hidden singles in blocks)
    Case {
        puzzle: "043080100507400200900107030004000091030090080000705300000208000090000000000004000",
        se: (1.2, 1.2, 1.2),
        hodoku: (Level::Easy, 224),
        class: Class::Simple,
    },
    Case {
        puzzle: "070005000658300000090280000009507000030020009807060000003006500400700008080054000",
        se: (1.5, 1.2, 1.2),
        hodoku: (Level::Easy, 216),
        class: Class::Simple,
    },
    // SE: Direct Hidden Pair (2.0); HoDoKu: Medium
    Case {
        puzzle: "500900008170005024080003000000002030094308002000000700010000000030400000205010040",
        se: (2.0, 1.2, 1.2),
        hodoku: (Level::Medium, 564),
        class: Class::Intermediate,
    },
    // SE: Naked Single (2.3) is the hardest; HoDoKu: locked pair and subsets
    Case {
        puzzle: "600321000090040000080000000009000000060000073307000162000000010000400005000706324",
        se: (2.3, 1.2, 1.2),
        hodoku: (Level::Medium, 828),
        class: Class::Intermediate,
    },
    // SE: Hidden Pair (3.4)
    Case {
        puzzle: "005130080002000005300006004000040700010000020007090000900700008500000300070023900",
        se: (3.4, 1.2, 1.2),
        hodoku: (Level::Medium, 348),
        class: Class::Intermediate,
    },
    // SE: XY-Wing (4.2)
    Case {
        puzzle: "600708001014002050050410600000100030000000000002000048000000760001000020460085000",
        se: (4.2, 1.2, 1.2),
        hodoku: (Level::Hard, 594),
        class: Class::Expert,
    },
    // SE: a unique rectangle (4.5)
    Case {
        puzzle: "230000004005400009000080100004010970050200803807000400000307000000150000400090007",
        se: (4.5, 1.2, 1.2),
        hodoku: (Level::Hard, 690),
        class: Class::Expert,
    },
    // SE: BUG (5.6)
    Case {
        puzzle: "008900650005700009003004001040000000030090748000031000010006004009005000000080010",
        se: (5.6, 1.2, 1.2),
        hodoku: (Level::Hard, 474),
        class: Class::Expert,
    },
    // SE: Turbot Fish (6.6)
    Case {
        puzzle: "201060300005410007000000060402900010500020600960700030000000904046000000000000000",
        se: (6.6, 1.2, 1.2),
        hodoku: (Level::Hard, 818),
        class: Class::Expert,
    },
];

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 0.05
}

#[test]
fn fixed_puzzles_rate_as_the_reference_programs_do() {
    let mut wrong = Vec::new();
    for case in CASES {
        let g = parse(case.puzzle).expect("puzzle parses");
        let r = grade::grade(&g, Scales::ALL);
        let se = r.se.expect("SE rating");
        let h = r.hodoku.expect("HoDoKu rating");
        let (er, ep, ed) = case.se;
        if !(close(se.er, er) && close(se.ep, ep) && close(se.ed, ed)) {
            wrong.push(format!(
                "{}: SE {er}/{ep}/{ed}, sensei {}/{}/{}",
                case.puzzle, se.er, se.ep, se.ed
            ));
        }
        if (h.level, h.score) != case.hodoku {
            wrong.push(format!(
                "{}: HoDoKu {:?}, sensei {:?} {}",
                case.puzzle, case.hodoku, h.level, h.score
            ));
        }
        if r.class != Some(case.class) {
            wrong.push(format!(
                "{}: class {:?}, sensei {:?}",
                case.puzzle, case.class, r.class
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn hodoku_solve_takes_singles_in_queue_order() {
    // HoDoKu's score counts every single (Full House and Naked Single 4,
    // Hidden Single 14): only the queue order gives its 828 here.
    let g = parse(CASES[3].puzzle).expect("puzzle parses");
    let t = grade::hodoku_trace(&g);
    assert!(t.outcome.is_solved());
    let count = |tech: Technique| t.steps.iter().filter(|s| s.technique == tech).count();
    assert_eq!(count(Technique::HiddenSingle), 12);
    assert_eq!(count(Technique::NakedSingle), 26);
    assert_eq!(count(Technique::LockedCandidates1), 6);
    assert_eq!(count(Technique::FullHouse), 19);
}

#[test]
fn se_direct_steps_place_without_eliminating() {
    let g = parse(CASES[2].puzzle).expect("puzzle parses");
    let t = grade::se_trace(&g);
    let direct: Vec<_> = t
        .steps
        .iter()
        .filter(|s| s.technique == Technique::DirectHiddenPair)
        .collect();
    assert!(!direct.is_empty());
    assert!(direct
        .iter()
        .all(|s| s.eliminations.is_empty() && s.placements.len() == 1));
}

#[test]
fn puzzles_without_one_solution_get_no_rating() {
    let g = parse(&".".repeat(81)).expect("empty grid parses");
    let r = grade::grade(&g, Scales::ALL);
    assert_eq!(r.se, None);
    assert_eq!(r.hodoku, None);
    assert_eq!(r.class, None);
}

/// One scale alone runs only that scale's solve: the ratings are those of
/// the full grade, and `hardest`, `guess` and `outcome` come from that solve.
#[test]
fn one_scale_runs_its_own_solve_only() {
    use sudoku_sensei::grade::se_solve;
    use sudoku_sensei::OutcomeKind;
    let only = |se, hodoku, class| Scales { se, hodoku, class };
    // ER 6.6: the SE solve's hardest step is a chain
    let case = CASES
        .iter()
        .find(|c| c.se.0 == 6.6)
        .expect("an ER 6.6 case");
    let g = parse(case.puzzle).expect("parse");
    let all = grade::grade(&g, Scales::ALL);
    let se = grade::grade(&g, only(true, false, false));
    assert_eq!(se.se, all.se);
    assert_eq!((se.hodoku, se.class), (None, None));
    assert_eq!(se.outcome, OutcomeKind::Solved);
    let (trace, ratings) = se_solve(&g);
    let er = se.se.expect("rated").er;
    let first_hardest = trace.steps.iter().zip(&ratings).find(|(_, &r)| r == er);
    assert_eq!(se.hardest, first_hardest.map(|(s, _)| s.technique));
    assert_eq!(se.guessed, trace.guesses() > 0);
    let class = grade::grade(&g, only(false, false, true));
    assert_eq!(class.class, all.class);
    assert_eq!((class.se, class.hodoku), (None, None));
    // QQWing's "expert" means its solve guessed (HoDoKu's did not)
    assert!(class.guessed && !all.guessed);
    assert_eq!(class.hardest, Some(Technique::BruteForce));
    let hodoku = grade::grade(&g, only(false, true, false));
    assert_eq!((hodoku.hodoku, hodoku.hardest), (all.hodoku, all.hardest));
    // without one solution: the same outcome whichever solve runs
    let empty = parse(&".".repeat(81)).expect("empty grid parses");
    for scales in [
        only(true, false, false),
        only(false, false, true),
        Scales::ALL,
    ] {
        let r = grade::grade(&empty, scales);
        assert_eq!(r.outcome, OutcomeKind::MultipleSolutions);
        assert_eq!((r.se, r.hodoku, r.class), (None, None, None));
    }
}

/// Puzzles whose HoDoKu score depends on which chain, ALS or forcing chain
/// HoDoKu picks among many (calibration_550.tsv: level and score).
const HODOKU_CHOICES: &[(&str, Level, u32)] = &[
    // a grouped AIC HoDoKu reads as a loop (its AICs end on single candidates)
    (
        "..3..8..........75...4..96.........7..1.5..3.9...2..5...46......6.1....47.2.3....",
        Level::Unfair,
        986,
    ),
    // nice loops and AICs sorted together: most eliminations first
    (
        "4.35...2.....61...7............895.....3..8..2...........4...7..9....6...1.......",
        Level::Unfair,
        1532,
    ),
    // ALS-XZ, ALS chain and forcing chains in HoDoKu's order
    (
        "39.6.......2.......4..3.85......5....6..1..9....4......15.6..3.......7.......7.82",
        Level::Extreme,
        6880,
    ),
];

#[test]
fn hodoku_solve_chooses_among_steps_as_hodoku_does() {
    for &(puzzle, level, score) in HODOKU_CHOICES {
        let g = parse(puzzle).expect("puzzle parses");
        let t = grade::hodoku_trace(&g);
        // every step of the rating solve is sound
        crate::common::assert_trace_sound(&t, puzzle);
        let h = grade::hodoku_rating(&t);
        assert_eq!((h.level, h.score), (level, score), "{puzzle}");
    }
}

/// Puzzles whose hardest step is one of SE's chaining rules, with SE's own
/// ER/EP/ED (calibration_550.tsv) and the rule SE used for the ER.
const SE_CHAIN_CASES: &[(&str, (f32, f32, f32), &str)] = &[
    (
        "000000000009408002483020070720000600800900000000000000900701003307080029060002014",
        (6.8, 1.2, 1.2),
        "Bidirectional Y-Cycle",
    ),
    (
        "300071008000800709000000010050200000800060005010007002080000050005912000000680021",
        (6.7, 1.2, 1.2),
        "Forcing X-Chain",
    ),
    (
        "010030074000005901000700050000301007007006003900000800703050080000000006060107000",
        (7.2, 1.2, 1.2),
        "Forcing Chain",
    ),
    // sensei's WXYZ-Wing (which SE lacks) used to rate this 4.6
    (
        "400200000106700090203008006090030001007000039000907000000870003000000614000120870",
        (7.2, 1.2, 1.2),
        "Forcing Chain",
    ),
    (
        "307080150010000900008700000000671000006000090500000000001060040000003817000059000",
        (7.1, 1.2, 1.2),
        "Bidirectional Cycle",
    ),
    (
        ".....8.9.87....4.1..4...3...4..2..5.61...4..8................62...91......85.6..3",
        (7.6, 1.2, 1.2),
        "Nishio Forcing Chains after an Aligned Triplet Exclusion",
    ),
    (
        "7....46.8....6..5..5..38.........8.75.1.47.....9.1........721.642..............3.",
        (8.4, 1.2, 1.2),
        "Cell Forcing Chains",
    ),
    (
        ".836.........7..4...........6.1.8..........27...3.....4.2.5....7.....8........1..",
        (8.5, 1.2, 1.2),
        "Region Forcing Chains",
    ),
    (
        "...1...9......6.1..2...34.7..79....2....6.9....8.741..6...3..2..5.7..3...4.......",
        (8.9, 1.2, 1.2),
        "Dynamic Contradiction Forcing Chains",
    ),
    (
        "72........6......8..89...4.....8...63....7.2..9..3.4......4...727...3.......5.91.",
        (9.0, 1.2, 1.2),
        "Dynamic Cell Forcing Chains",
    ),
];

#[test]
fn se_chaining_rules_rate_as_sudoku_explainer_does() {
    let mut wrong = Vec::new();
    for &(puzzle, (er, ep, ed), rule) in SE_CHAIN_CASES {
        let g = parse(puzzle).expect("puzzle parses");
        let se = grade::grade(&g, Scales::ALL).se.expect("SE rating");
        if !(close(se.er, er) && close(se.ep, ep) && close(se.ed, ed)) {
            wrong.push(format!(
                "{puzzle} ({rule}): SE {er}/{ep}/{ed}, sensei {}/{}/{}",
                se.er, se.ep, se.ed
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Puzzles of the hardest database (conformance/hardest_database_110626_se_ratings.txt)
/// whose ER comes from SE's nested forcing chains, with SE's ER/EP/ED: the
/// first needs chains of level 2 (inner forcing chains), the second also
/// SE's cycles among the inner rules (without them sensei rated it 10.2).
const SE_NESTED_CASES: &[(&str, (f32, f32, f32))] = &[
    (
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
        (10.3, 10.3, 9.8),
    ),
    (
        ".....6.....1.2...3.3.8...7...6.....5.5.3..7..2....1.......9..4...5...98..9.4....7",
        (10.4, 1.2, 1.2),
    ),
];

#[test]
fn se_nested_chains_rate_as_sudoku_explainer_does() {
    for &(puzzle, (er, ep, ed)) in SE_NESTED_CASES {
        let g = parse(puzzle).expect("puzzle parses");
        let (t, ratings) = grade::se_solve(&g);
        let se = grade::se_rating_of(&t, &ratings);
        assert!(
            close(se.er, er) && close(se.ep, ep) && close(se.ed, ed),
            "{puzzle}: SE {er}/{ep}/{ed}, sensei {}/{}/{}",
            se.er,
            se.ep,
            se.ed
        );
    }
}

#[test]
fn se_solve_uses_only_sudoku_explainer_rules() {
    // SE has no WXYZ-Wing: its rating solve finds a forcing chain instead
    let g = parse(SE_CHAIN_CASES[3].0).expect("puzzle parses");
    let (trace, ratings) = grade::se_solve(&g);
    assert_eq!(trace.steps.len(), ratings.len());
    assert!(trace.outcome.is_solved());
    assert!(trace
        .steps
        .iter()
        .all(|s| s.technique != Technique::WxyzWing));
    let hardest = trace
        .steps
        .iter()
        .zip(&ratings)
        .max_by(|a, b| a.1.total_cmp(b.1))
        .expect("steps");
    assert_eq!(hardest.0.technique, Technique::ForcingChainContradiction);
    assert!(close(*hardest.1, 7.2));
}

#[test]
fn se_aligned_pair_exclusion_is_rated_6_2() {
    // SE: Aligned Pair Exclusion (6.2) on the way to a Forcing Chain (7.2)
    let g =
        parse("005030091000005070000791005000100000710800000000006040041003500900060400060000800")
            .expect("puzzle parses");
    let (_, ratings) = grade::se_solve(&g);
    assert!(ratings.iter().any(|&r| close(r, 6.2)));
    let er = ratings.iter().copied().fold(0.0, f32::max);
    assert!(close(er, 7.2));
}

#[test]
fn se_solve_steps_agree_with_the_solution() {
    for &(puzzle, _, rule) in SE_CHAIN_CASES {
        let g = parse(puzzle).expect("puzzle parses");
        let (trace, _) = grade::se_solve(&g);
        crate::common::assert_trace_sound(&trace, &format!("{puzzle} ({rule})"));
    }
}

#[test]
fn se_chaining_rules_find_nothing_where_nothing_holds() {
    use sudoku_sensei::grade::se_chains;
    use sudoku_sensei::Board;
    // a full grid: no candidate left to reason about
    let solved =
        parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
            .expect("grid parses");
    let b = Board::from_grid(&solved).expect("board");
    assert!(se_chains::forcing_chains_and_cycles(&b).is_none());
    assert!(se_chains::nishio(&b).is_none());
    assert!(se_chains::multiple_chains(&b).is_none());
    assert!(se_chains::dynamic_chains(&b).is_none());
    // three givens: no cell has two or three candidates, so no excluder
    let sparse = parse(&format!("123{}", ".".repeat(78))).expect("grid parses");
    let b = Board::from_grid(&sparse).expect("board");
    assert!(b.empty_cells().iter().all(|c| b.candidates(c).len() > 3));
    assert!(sudoku_sensei::grade::aligned_exclusion(&b, 2).is_none());
    assert!(sudoku_sensei::grade::aligned_exclusion(&b, 3).is_none());
}

/// QQWing's class told from the closures of its techniques (no solve) is
/// the class of the solve with QQWing's techniques: on one puzzle of each
/// class, on a puzzle where the solve must leave a naked pair unused
/// because its two cells share a block and a line (QQWing's techniques
/// have no locked pair; with it the closure would say intermediate), and
/// on the shared puzzle sets.
#[test]
fn class_by_closure_is_the_class_of_the_solve() {
    use sudoku_sensei::solver::{solve, Options, Profile};
    use sudoku_sensei::{Board, Grid};
    let by_solve = |g: &Grid| {
        let t = solve(g, &Options::with_profile(Profile::Qqwing));
        t.outcome.is_solved().then(|| grade::class_of(&t))
    };
    let by_closure = |g: &Grid| {
        let board = Board::from_grid(g).expect("givens do not clash");
        grade::class_by_closure(&board)
    };
    for (puzzle, class) in [
        (
            "073002000000006037000000420800001000020600900900000870209410000007000000010000068",
            Class::Simple,
        ),
        (
            "080470003000050016040000050000300700000000004320001065803040002000000000010503000",
            Class::Easy,
        ),
        (
            "000100000020000000050700083800370902074000010000800305900000050000200790400950201",
            Class::Intermediate,
        ),
        (
            "000009080000704000000200004050800200007030050036970000040000003000528006005090078",
            Class::Expert,
        ),
        (
            "...6..9...4521...6.....7...5.......2..8....5..32.....4.2.....1.8..369.........8..",
            Class::Expert,
        ),
    ] {
        let g = parse(puzzle).expect("puzzle parses");
        assert_eq!(by_solve(&g), Some(class), "{puzzle}");
        assert_eq!(by_closure(&g), Some(class), "{puzzle}");
    }
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (set, take) in [
        ("puzzles/qqwing_simple.txt", 1000),
        ("puzzles/qqwing_easy.txt", 1000),
        ("puzzles/qqwing_intermediate.txt", 1000),
        ("puzzles/qqwing_expert.txt", 1000),
        ("puzzles/top1465.txt", 1465),
        ("puzzles/sudocue_learningcurve.txt", 2500),
        ("puzzles/17_clue.txt", 3000),
    ] {
        let Some(path) = crate::common::shared_file(set) else {
            continue;
        };
        for line in crate::common::puzzle_lines(&path).iter().take(take) {
            let g = parse(line).expect("puzzle parses");
            let Some(class) = by_solve(&g) else { continue };
            checked += 1;
            if by_closure(&g) != Some(class) {
                wrong.push(format!(
                    "{line}: solve {class:?}, closure {:?}",
                    by_closure(&g)
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// SE's scale with QQWing's, without HoDoKu's (reachable from the library
/// only): the class comes from the closures there, and the rating is the
/// one each scale gives alone. `guess` says whether either solve guessed,
/// and `hardest` is the SE solve's; a puzzle without one solution gets
/// neither rating.
#[test]
fn se_and_class_together_match_each_alone() {
    let only = |se, hodoku, class| Scales { se, hodoku, class };
    let expert =
        "000009080000704000000200004050800200007030050036970000040000003000528006005090078";
    let empty = ".".repeat(81);
    let puzzles: Vec<&str> = CASES
        .iter()
        .map(|c| c.puzzle)
        .chain([expert, empty.as_str()])
        .collect();
    for puzzle in puzzles {
        let g = parse(puzzle).expect("puzzle parses");
        let both = grade::grade(&g, only(true, false, true));
        let se = grade::grade(&g, only(true, false, false));
        let class = grade::grade(&g, only(false, false, true));
        assert_eq!(both.class, class.class, "{puzzle}");
        assert_eq!(both.se, se.se, "{puzzle}");
        assert_eq!(both.hardest, se.hardest, "{puzzle}");
        assert_eq!(both.guessed, se.guessed || class.guessed, "{puzzle}");
        assert_eq!(both.outcome, class.outcome, "{puzzle}");
    }
    let g = parse(expert).expect("puzzle parses");
    let both = grade::grade(&g, only(true, false, true));
    assert_eq!(both.class, Some(Class::Expert));
    assert!(both.guessed, "QQWing's solve guesses on an expert puzzle");
}

/// `grade` stops SE's solve where singles no harder than its hardest step
/// finish the puzzle (`src/grade/se/tail.rs`): the ratings, the hardest
/// step and the guess are still those of the whole solve. On the fixtures
/// and the shared puzzle sets.
#[test]
fn se_grade_rates_as_the_whole_solve() {
    let se_only = Scales {
        se: true,
        hodoku: false,
        class: false,
    };
    let whole = |g: &sudoku_sensei::Grid| {
        let (t, ratings) = grade::se_solve(g);
        let hardest = t
            .steps
            .iter()
            .zip(&ratings)
            .fold(None, |best: Option<(Technique, f32)>, (s, &r)| match best {
                Some((_, b)) if b >= r => best,
                _ => Some((s.technique, r)),
            })
            .map(|(t, _)| t);
        let rating = t
            .outcome
            .is_solved()
            .then(|| grade::se_rating_of(&t, &ratings));
        (rating, hardest, t.guesses() > 0)
    };
    let mut lines: Vec<String> = CASES.iter().map(|c| c.puzzle.to_string()).collect();
    for (set, take) in [
        ("puzzles/qqwing_simple.txt", 200),
        ("puzzles/qqwing_easy.txt", 200),
        ("puzzles/qqwing_intermediate.txt", 200),
        ("puzzles/qqwing_expert.txt", 200),
        ("puzzles/sudocue_learningcurve.txt", 300),
        ("puzzles/17_clue.txt", 4000),
    ] {
        if let Some(path) = crate::common::shared_file(set) {
            lines.extend(crate::common::puzzle_lines(&path).into_iter().take(take));
        }
    }
    let mut wrong = Vec::new();
    for line in &lines {
        let g = parse(line).expect("puzzle parses");
        let graded = grade::grade(&g, se_only);
        let got = (graded.se, graded.hardest, graded.guessed);
        let want = whole(&g);
        if got != want {
            wrong.push(format!("{line}: grade {got:?}, whole solve {want:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        lines.len(),
        wrong.join("\n")
    );
}

/// `grade_traced` rates as `grade` does and keeps the HoDoKu solve it rates
/// (its steps give the score), none when HoDoKu's scale is left out.
#[test]
fn grade_traced_keeps_the_hodoku_solve() {
    let puzzle =
        parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .expect("puzzle");
    let (rating, trace) = grade::grade_traced(&puzzle, Scales::ALL);
    assert_eq!(rating, grade::grade(&puzzle, Scales::ALL));
    let trace = trace.expect("the HoDoKu solve");
    assert_eq!(trace, grade::hodoku_trace(&puzzle));
    assert_eq!(grade::hodoku_rating(&trace), rating.hodoku.expect("rated"));
    assert!(trace.solution.is_some() && !trace.steps.is_empty());
    let se_only = Scales {
        se: true,
        hodoku: false,
        class: false,
    };
    assert!(grade::grade_traced(&puzzle, se_only).1.is_none());
}
