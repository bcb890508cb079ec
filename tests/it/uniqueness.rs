//! Fixtures for the uniqueness techniques: positions from HoDoKu's
//! regression library where each technique must find an exact step (and
//! its text line), and positions where it must find nothing.

use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::{step_line, step_sentence};
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Step, Technique};

fn case(line: &str) -> (Board, Vec<sudoku_sensei::Candidate>) {
    let c = parse_library_line(line).expect("library line");
    (c.board, c.eliminations)
}

fn steps(line: &str, t: Technique, unique: bool) -> Vec<Step> {
    all_steps(t, &case(line).0, &Context::new(unique))
}

/// (technique, library line, the expected step line)
const FINDS: &[(Technique, &str, &str)] = &[
    (
        Technique::Uniqueness1,
        ":0600-1:13:+5+2+3+9+7+8+1466+1+832+4...+4+7+9+5+6+1+38+29+5+1+6+32.+7.+86+2+49+7+5..+7+34+18526+9+38+7+21....295+8+4....+14+67+5..+2.::189 389::",
        "Uniqueness Test 1: 1/3 in r5c89,r8c89 => r8c9<>13",
    ),
    (
        Technique::Uniqueness1,
        ":0600-2:68:....+3.9.18.+1+97.+4+3.+3.+9.+1....43+85+6+7+2+1+9+9..+48+157+3+71+5+2+9+36..+1..3.9...5+9+3+7+4.+12....1..+3+9.:616 816 626 732 636 836 639 672 296 596 699:899::",
        "Uniqueness Test 1: 6/8 in r8c69,r9c69 => r9c9<>8",
    ),
    (
        Technique::Uniqueness2,
        ":0601-1:12:....6..2.394...7..2.+6..41....2....4..6.8........6.9....4...739...1.8...2.+2....51.:114 116 819 829 839 849 869 574 575 581 582 495:514 516 526 528 529 534 535::",
        "Uniqueness Test 2: 1/2 in r2c45,r7c45 => r1c46,r2c689,r3c45<>5",
    ),
    (
        Technique::Uniqueness3,
        ":0602-1:15:+7+1+3+4+5+862+9+4927+63..+8+8+6+51+9+2374+67158+9+4+3+2+9+5+42+3+7+8+612+386+4+1+7+9+5.8..+1.+24+71+47.+2.....+2..+74...::391::",
        "Uniqueness Test 3: 1/5 in r2c78,r9c78 => r9c1<>3",
    ),
    (
        Technique::Uniqueness3,
        ":0602-1:57:+54.........72+4.5..9.....+463...964.....5...+6........1.281...7........5+7867+5.3.....:213 613 714 715 626 134 834 135 835 151 251 252 663 568 373 195 196:355 356 361 362 363 368 854 855 856 862 863::",
        "Uniqueness Test 3: 5/7 in r3c45,r6c45 => r5c4<>8, r5c56,r6c23<>38, r6c18<>3",
    ),
    (
        Technique::Uniqueness4,
        ":0603-1:48:+3+9+6+17+52+8481+4+29+63..5+27.+8.+1+6+9..+5+9.2..1+2.38.19..9.+16.+7...+1.+2+7+6.5+98..8.2+9+7137.9.1+8...:448 465 468 492 692 494:442 447::",
        "Uniqueness Test 4: 4/8 in r4c27,r6c27 => r4c27<>4",
    ),
    (
        Technique::Uniqueness5,
        ":0604-2:57:1..+4..+93+2.2+6.7+3+1+4+5+4+3..2+1+6+78.4+3+2+1.7+8+6+7.+26.+4+35..+6.3.+7+4+2.6..14.2+9+3+2..+7+3...43.+4..+2..+7:812 815 563 573 586 886 592 892 994 595 895:883::",
        "Uniqueness Test 5: 5/7 in r1c23,r7c23 => r8c3<>8",
    ),
    (
        Technique::Uniqueness6,
        ":0605-2:38:+4+9+3+168+57+252+8...9+6+1+1+6+7+9+2+5...+3+51.7+2+6+9.+6+8+95..2.+7+74+2+6...+5.8.+5....+269.+42.+6..+5+2.6.+5..3+9:437 839 365 366 867:339 367::",
        "Uniqueness Test 6: 3/8 in r3c79,r6c79 => r3c9,r6c7<>3",
    ),
    (
        Technique::HiddenRectangle,
        ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4::966::",
        "Hidden Rectangle: 3/9 in r6c46,r9c46 => r6c6<>9",
    ),
    (
        Technique::AvoidableRectangle1,
        ":0607-1:25:..+8+9+3+1476+9+3+786+41+254+6+1+25+7.+8.3+1+2+4+7+9+5+6+87+4+5+38+6.1.+6+8912+5...+8.6+5+43.9+1.+9+371+86..+1.4+6+9+28..::257::",
        "Avoidable Rectangle Type 1: 2/5 in r4c37,r5c37 => r5c7<>2",
    ),
    (
        Technique::AvoidableRectangle2,
        ":0608-1:12:......+531.96...7+425.....+6+9+8......8..7.94..+1.+3....329..+9..+1+28+3+65+832.5.+41+9+6+51+3+49+287:814 815 141 142:714 715 716 732 733 736::",
        "Avoidable Rectangle Type 2: 1/2 in r3c45,r7c45 => r1c456,r3c236<>7",
    ),
    (
        Technique::BugPlus1,
        ":0610::8+4+9325+6+1+77+3+2+8..9+4+5+5+6+1+7..+32+8+49327+85+61+1+5+7.3.8+9+2+2+86...+4+7+3+9+7+8..+213+4+3+149+87+2566+2+5..+3+7+8+9::565 965::",
        "Bivalue Universal Grave + 1 => r6c5<>59",
    ),
];

#[test]
fn each_technique_finds_its_step_and_line() {
    for &(t, line, expected) in FINDS {
        let (_, elims) = case(line);
        let found = steps(line, t, true);
        let step = found
            .iter()
            .find(|s| s.eliminations == elims && s.placements.is_empty())
            .unwrap_or_else(|| panic!("{t:?}: no step removes {elims:?} in {line}"));
        assert_eq!(step_line(step), expected, "{t:?}");
        let sentence = step_sentence(step);
        assert!(sentence.contains("solution"), "{t:?}: {sentence}");
        assert!(step.changes(&case(line).0));
    }
}

#[test]
fn sentences_explain_the_deadly_pattern() {
    let (t, line, _) = FINDS[0];
    let s = step_sentence(&steps(line, t, true)[0]);
    assert!(s.contains("r5c8, r5c9, r8c8 and r8c9"), "{s}");
    assert!(s.contains("deadly pattern"), "{s}");
    assert!(s.contains("r8c9<>13"), "{s}");
    let (t, line, _) = FINDS[FINDS.len() - 1];
    let s = step_sentence(&steps(line, t, true)[0]);
    assert!(s.contains("r6c5 must be 1"), "{s}");
}

#[test]
fn nothing_without_a_unique_puzzle() {
    let all = [
        Technique::Uniqueness1,
        Technique::Uniqueness2,
        Technique::Uniqueness3,
        Technique::Uniqueness4,
        Technique::Uniqueness5,
        Technique::Uniqueness6,
        Technique::HiddenRectangle,
        Technique::AvoidableRectangle1,
        Technique::AvoidableRectangle2,
        Technique::BugPlus1,
    ];
    for &(t, line, _) in FINDS {
        assert!(!steps(line, t, true).is_empty(), "{t:?} finds with unique");
        for u in all {
            assert!(
                steps(line, u, false).is_empty(),
                "{u:?} must wait for uniqueness"
            );
        }
    }
}

/// HoDoKu once removed r3c5<>4 here with a Hidden Rectangle 3/4 in
/// r3c45,r9c45: 3 is missing from three of the corners and 3 and 4 both
/// appear elsewhere in row 3, so there is no hidden rectangle.
const HR_FAIL: &str = ":0606-x:34:.51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5+6+214.6.+29....2........:432 732 832 932 433 633 733 833 933 334 335 635 735 336 881 383 883 392 492 892 992 393 493 893 993 395:435::";

/// Not a BUG+1 (HoDoKu's fail cases): one cell holds three candidates, but
/// the digits do not all have exactly two places per house apart from one
/// digit with three in that cell's row, column and block.
const BUG_FAIL: &[&str] = &[
    ":0610-x::+5+4..9.8.1392..8.+5..+1.....2..3+46..5+926+2..4.+1.31+59..3.4..8+5.....+7.+7+18+3.4654+63.5.+2..:714 716 724 625 733 434 734 636 736 637 737 639 745 754 756 765 174 274 175 276 976 994 196:176 276 476 676:",
    ":0610-x::+9+5+2..+17+3+6..8+5+76+249476+9+2+3+18+5+78..92+5+61+69+17.5+42.2.+516.+97..2.+6.+981786+92+1+73+5+4..7...+6+9+2:391 392 494 395 495::",
    ":0610-x::.+7+5+9.6+4+32+9+6+234571+8.4+3+27.+5+6952.+7+6.3+41+4.+6.+5+3+2+9+73.7.+2.+6857+5..3..2+6+631592+8+7+42.+46.+7.+5+3:874 176::",
];

#[test]
fn near_misses_find_nothing() {
    assert!(steps(HR_FAIL, Technique::HiddenRectangle, true).is_empty());
    for line in BUG_FAIL {
        assert!(steps(line, Technique::BugPlus1, true).is_empty(), "{line}");
    }
}

#[test]
fn avoidable_rectangles_need_solved_cells_that_are_not_givens() {
    // the same positions with every placed value turned into a given
    for &(t, line, _) in FINDS {
        if !matches!(
            t,
            Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2
        ) {
            continue;
        }
        assert!(!steps(line, t, true).is_empty());
        let all_given = line.replace('+', "");
        assert!(steps(&all_given, t, true).is_empty(), "{t:?}: {all_given}");
    }
}

/// A sweep of the shared puzzle sets counting the uniqueness steps the
/// solver takes (with every implemented technique, guessing when stuck) and
/// checking each against the solution. Runs only with `SENSEI_SWEEP=N` set
/// (N puzzles per set; use `--release`).
#[test]
fn uniqueness_steps_in_a_sweep_are_sound() {
    use crate::common::{puzzle_lines, shared_file};
    use crate::soundness::wrong_steps;
    use sudoku_sensei::solver::{Fallback, Options, Profile};
    use sudoku_sensei::technique::Family;
    let Some(n) = std::env::var("SENSEI_SWEEP")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    else {
        crate::common::skip(
            "uniqueness sweep",
            "set SENSEI_SWEEP=N to check N puzzles per set (.ci/run does)",
        );
        return;
    };
    let opts = Options {
        fallback: Fallback::Guess,
        ..Options::with_profile(Profile::All)
    };
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    let mut puzzles = 0;
    let mut bad = Vec::new();
    for set in [
        "puzzles/top1465.txt",
        "puzzles/qqwing_expert.txt",
        "puzzles/sudocue_learningcurve.txt",
    ] {
        let Some(path) = shared_file(set) else {
            continue;
        };
        for line in puzzle_lines(&path).iter().take(n) {
            let grid = sudoku_sensei::parse(line).expect("puzzle");
            let trace = sudoku_sensei::solve(&grid, &opts);
            for s in &trace.steps {
                if s.technique.family() == Family::Uniqueness {
                    *counts.entry(s.technique.name()).or_default() += 1;
                }
            }
            bad.extend(
                wrong_steps(&trace)
                    .into_iter()
                    .map(|w| format!("{line}: {w}")),
            );
            puzzles += 1;
        }
    }
    eprintln!(
        "uniqueness sweep: {puzzles} puzzles, steps {counts:?}, {} wrong",
        bad.len()
    );
    assert!(bad.is_empty(), "{bad:?}");
}
