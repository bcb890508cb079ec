//! `check_step`: a player's marks judged as a step of a technique (right,
//! partly right, not valid), on the X-Wing position of docs/learn/fish.md
//! (`X-Wing: 4 r24 c19 => r16c19,r9c9<>4`) and a position with many
//! hidden singles; any step of the technique counts, and no input panics.

use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{
    check_step, parse_position, Board, Candidate, Cell, Digit, Marks, Problem, StepCheck, Technique,
};

/// The position just before the X-Wing (its candidate string).
const X_WING: &str = "1234...8...34.6.8.1....6...........91.3............7...2.4...8.....5.....234.6.8...34.........5..........7...2............6..........8.........91..........34.....123....8...3..6.8.........9...4.....1.3..........5.....2.....8.......7...23..6.8....4...8.........9.2.............7......5..8.1.............6.....3.........45..8...3...78...3....8.....5.........6......4......2.............78.........91........1..4..78....4.6.8.1....6.....3..........5..8.........9.2.4..78....4...8..2.45..8.....5.....2..............8.1..............7.....4.......3...........6...........9.....6...1...........4............8.........9..3..........5.....2.............7..........9......7....3..........5.....2............6...1...........4...8....4...8.";

fn board(text: &str) -> Board {
    parse_position(text).expect("the position reads")
}

/// `r3c5` and a digit as a candidate.
fn cand(name: &str, d: u8) -> Candidate {
    let b = name.as_bytes();
    let (r, c) = (b[1] - b'1', b[3] - b'1');
    Candidate::new(
        Cell::new(r * 9 + c).expect("a cell"),
        Digit::new(d).expect("a digit"),
    )
}

fn eliminations(list: &[(&str, u8)]) -> Marks {
    Marks {
        placements: vec![],
        eliminations: list.iter().map(|&(n, d)| cand(n, d)).collect(),
    }
}

const ALL_FIVE: [(&str, u8); 5] = [
    ("r1c1", 4),
    ("r1c9", 4),
    ("r6c1", 4),
    ("r6c9", 4),
    ("r9c9", 4),
];

#[test]
fn the_whole_x_wing_is_right_and_its_pattern_comes_back() {
    let b = board(X_WING);
    let got = check_step(&b, Technique::XWing, &eliminations(&ALL_FIVE));
    let StepCheck::Right { step } = &got else {
        panic!("the five eliminations are the X-Wing: {got:?}");
    };
    assert_eq!(step.technique, Technique::XWing);
    assert_eq!(step.eliminations.len(), 5);
    assert_eq!(got.status(), "right");
    assert_eq!(
        got.message(Technique::XWing),
        "Right: you found the X-Wing."
    );
}

#[test]
fn part_of_the_x_wing_is_partly_right_and_says_how_much() {
    let b = board(X_WING);
    let got = check_step(&b, Technique::XWing, &eliminations(&ALL_FIVE[..2]));
    let StepCheck::Partly {
        found,
        total,
        missing,
        ..
    } = &got
    else {
        panic!("two of five eliminations are partly right: {got:?}");
    };
    assert_eq!((*found, *total), (2, 5));
    assert_eq!(missing.eliminations.len(), 3);
    let message = got.message(Technique::XWing);
    assert!(
        message.contains("you found 2 of 5 eliminations"),
        "{message}"
    );
}

#[test]
fn an_elimination_no_x_wing_makes_is_not_valid_and_named() {
    let b = board(X_WING);
    // r1c1 keeps a candidate no X-Wing of this position removes: find one
    let steps = all_steps(Technique::XWing, &b, &Context::new(true));
    let removed: Vec<Candidate> = steps.iter().flat_map(|s| s.eliminations.clone()).collect();
    let kept = b
        .candidate_list()
        .into_iter()
        .find(|c| !removed.contains(c))
        .expect("a candidate no X-Wing removes");
    let mut marks = eliminations(&ALL_FIVE);
    marks.eliminations.push(kept);
    let got = check_step(&b, Technique::XWing, &marks);
    assert_eq!(
        got,
        StepCheck::NotValid {
            problem: Problem::NotRemoved(kept)
        }
    );
    let message = got.message(Technique::XWing);
    let expected = format!("{} can still be {}: no X-Wing", kept.cell, kept.digit);
    assert!(message.contains(&expected), "{message}");
}

#[test]
fn a_placement_the_technique_does_not_make_is_not_valid() {
    let b = board(X_WING);
    let c = b.candidate_list()[0];
    let marks = Marks {
        placements: vec![c],
        eliminations: vec![],
    };
    let got = check_step(&b, Technique::XWing, &marks);
    assert_eq!(
        got,
        StepCheck::NotValid {
            problem: Problem::NotPlaced(c)
        }
    );
}

#[test]
fn nothing_marked_a_filled_cell_and_a_missing_candidate_are_not_valid() {
    let b = board(X_WING);
    let none = check_step(&b, Technique::XWing, &Marks::default());
    assert_eq!(
        none,
        StepCheck::NotValid {
            problem: Problem::NothingMarked
        }
    );
    let filled = Cell::all()
        .find(|&c| b.value(c).is_some())
        .expect("a value");
    let v = b.value(filled).expect("a value");
    let other = Digit::all().find(|&d| d != v).expect("another digit");
    let got = check_step(
        &b,
        Technique::XWing,
        &Marks {
            placements: vec![],
            eliminations: vec![Candidate::new(filled, other)],
        },
    );
    assert_eq!(
        got,
        StepCheck::NotValid {
            problem: Problem::CellFilled {
                cell: filled,
                value: v.get()
            }
        }
    );
    let empty = Cell::all()
        .find(|&c| b.value(c).is_none())
        .expect("an empty cell");
    let gone = Digit::all()
        .find(|&d| !b.has_candidate(empty, d))
        .expect("a removed candidate");
    let got = check_step(
        &b,
        Technique::XWing,
        &Marks {
            placements: vec![],
            eliminations: vec![Candidate::new(empty, gone)],
        },
    );
    assert_eq!(
        got,
        StepCheck::NotValid {
            problem: Problem::NotACandidate(Candidate::new(empty, gone))
        }
    );
}

#[test]
fn a_technique_with_no_step_here_says_so() {
    let b = board(X_WING);
    let ctx = Context::new(true);
    let absent = [
        Technique::Jellyfish,
        Technique::Swordfish,
        Technique::XyzWing,
        Technique::RemotePair,
    ]
    .into_iter()
    .find(|&t| all_steps(t, &b, &ctx).is_empty())
    .expect("one of these techniques has no step here");
    let got = check_step(&b, absent, &eliminations(&ALL_FIVE));
    assert_eq!(
        got,
        StepCheck::NotValid {
            problem: Problem::NoStep
        }
    );
    assert!(
        got.message(absent).starts_with("There is no "),
        "{}",
        got.message(absent)
    );
}

#[test]
fn every_step_counts_not_only_the_first() {
    // a technique with several steps in one of these positions
    let boards = [
        board(X_WING),
        board("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"),
    ];
    let ctx = Context::new(true);
    let techniques = [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::LockedCandidates1,
        Technique::LockedCandidates2,
        Technique::NakedPair,
        Technique::XWing,
    ];
    let (b, t, steps) = boards
        .iter()
        .flat_map(|b| techniques.iter().map(move |&t| (b, t)))
        .map(|(b, t)| (b, t, all_steps(t, b, &ctx)))
        .find(|(_, _, steps)| steps.len() >= 3)
        .expect("a technique with three steps or more");
    for s in &steps {
        let marks = Marks {
            placements: s.placements.clone(),
            eliminations: s.eliminations.clone(),
        };
        let got = check_step(b, t, &marks);
        assert!(
            matches!(got, StepCheck::Right { .. }),
            "{t:?} {s:?}: {got:?}"
        );
    }
    // two whole steps at once are right too, when they do not overlap
    let (first, last) = (&steps[0], &steps[steps.len() - 1]);
    let mut both = Marks {
        placements: first.placements.clone(),
        eliminations: first.eliminations.clone(),
    };
    both.placements.extend(last.placements.iter().copied());
    both.eliminations.extend(last.eliminations.iter().copied());
    let covers = |s: &sudoku_sensei::Step| {
        both.placements.iter().all(|p| s.placements.contains(p))
            && both.eliminations.iter().all(|e| s.eliminations.contains(e))
    };
    let got = check_step(b, t, &both);
    if steps.iter().any(covers) {
        // the two are parts of one bigger step
        assert!(!matches!(got, StepCheck::NotValid { .. }), "{got:?}");
    } else {
        assert!(
            matches!(got, StepCheck::Right { .. }),
            "two whole steps: {got:?}"
        );
    }
}

#[test]
fn no_input_makes_it_panic() {
    // odd boards (empty, a clash of candidates, a solved grid) and odd marks
    let mut boards = vec![Board::empty(), board(X_WING)];
    boards.push(board(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    ));
    let mut seed = 12345u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let cheap = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::LockedCandidates1,
        Technique::NakedPair,
        Technique::XWing,
        Technique::Skyscraper,
        Technique::XyWing,
        Technique::Uniqueness1,
        Technique::BruteForce,
        Technique::KrakenFishType1,
    ];
    for b in &boards {
        for &t in &cheap {
            for _ in 0..20 {
                let mut marks = Marks::default();
                for _ in 0..next() % 5 {
                    let c = Candidate::from_index(next() % 729).expect("a candidate");
                    if next() % 3 == 0 {
                        marks.placements.push(c);
                    } else {
                        marks.eliminations.push(c);
                    }
                }
                let got = check_step(b, t, &marks);
                assert!(!got.message(t).is_empty());
            }
        }
    }
}
