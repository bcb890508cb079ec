//! Fish fixtures: library positions where each fish finds its step (exact
//! eliminations and text line), near misses where it must find nothing, and
//! a timing print of the searches on stuck positions.

use crate::common::{puzzle_lines, shared_file};
use std::time::Instant;
use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::{step_line, step_sentence};
use sudoku_sensei::solver::{Fallback, Options};
use sudoku_sensei::strategies::{all_steps, first_step, Context};
use sudoku_sensei::{parse, solve, Board, Outcome, Technique};
use sudoku_sensei::{Cell, Digit, DigitSet, Grid};

/// Positions where the singles get stuck, from the start of `top1465`.
fn stuck_positions(n: usize) -> Vec<Board> {
    let set = std::env::var("SENSEI_FISH_SET").unwrap_or_else(|_| "top1465".to_string());
    let Some(path) = shared_file(&format!("puzzles/{set}.txt")) else {
        return vec![];
    };
    let opts = Options {
        fallback: Fallback::Stop,
        ..Options::default()
    }
    .only(&[
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ]);
    puzzle_lines(&path)
        .iter()
        .take(n)
        .filter_map(|l| {
            let grid = parse(l).ok()?;
            match solve(&grid, &opts).outcome {
                Outcome::Stuck { board } => Some(board),
                _ => None,
            }
        })
        .collect()
}

/// Prints how long each fish search takes on stuck positions (run with
/// `--release -- --nocapture`): the first step as the solver asks for it,
/// and the whole search (every step). Not an assertion: a measurement.
#[test]
fn fish_search_timing() {
    let boards = stuck_positions(if cfg!(debug_assertions) { 3 } else { 60 });
    if boards.is_empty() {
        return;
    }
    let ctx = Context::default();
    let fish = Technique::all().filter(|&t| sudoku_sensei::strategies::fish::is_fish(t));
    for t in fish {
        let big = t.info().score >= 470;
        let start = Instant::now();
        let mut worst = 0.0f64;
        let mut firsts = 0;
        for b in &boards {
            let one = Instant::now();
            firsts += usize::from(first_step(t, b, &ctx).is_some());
            worst = worst.max(one.elapsed().as_secs_f64() * 1000.0);
        }
        let first = start.elapsed().as_secs_f64() * 1000.0 / boards.len() as f64;
        // every step: skipped for the sizes HoDoKu leaves off (too many steps)
        let (all, found) = if big {
            (f64::NAN, 0)
        } else {
            let start = Instant::now();
            let found: usize = boards.iter().map(|b| all_steps(t, b, &ctx).len()).sum();
            (
                start.elapsed().as_secs_f64() * 1000.0 / boards.len() as f64,
                found,
            )
        };
        eprintln!(
            "{:<28} first: {first:>8.3} ms mean {worst:>8.3} ms max ({firsts:>3} found); all: {all:>8.3} ms ({found} steps)",
            t.name(),
        );
    }
}

/// (library line, the step line expected for its eliminations)
const CASES: &[(&str, &str)] = &[
    (
        ":0300:5:.+4+1+7+2+9.+3.76+9..3+4.2.+3264.+7+194.39..+17.+6.+7..49.3+1+95+3+7..2+4+21+456+7+3+9+837+6.9.+541+9+5+8+4+3+1+26+7::545::",
        "X-Wing: 5 r25 c58 => r4c5<>5",
    ),
    (
        ":0301:1:...3.+52+6+7.6+2..75...7..26.9.+6935.8.4+2....6+2..+9.2.9.365.+41+625+9.7.+2+587+3+4+91+6+7+39+6+81+4+2+5:111 415 121 821 131 831 433 134 837 139 339 153 163 165:125 157::",
        "Swordfish: 1 r134 c357 => r2c5,r5c7<>1",
    ),
    (
        ":0302:7:2.+4+1.358.....2.+3+41+1.+34+856..+7+3+29+54+168..5.1.9..61+98+32+4....15.8+2..3..+24.....263....4:758 759 778 779 782 882 786 788 789 798:722 795::",
        "Jellyfish: 7 r1367 c2589 => r2c2,r9c5<>7",
    ),
    (
        ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5:962:315 335::",
        "Finned X-Wing: 3 r24 c15 fr2c6 => r13c5<>3",
    ),
    (
        ":0311:5:.+6.4+1+7.+83+3+1+4+98..+7.8+7..+6+39147+43.29..+8..+8+3+4+6.2+7..6.+7.34+96..+75+4+8+314+3+1.+9.7..58+7631+4+9+2::557::",
        "Finned Swordfish: 5 r134 c347 fr4c8 => r5c7<>5",
    ),
    (
        ":03111:5:6...219...12..8..........+1+2.9+7+26413.24.+1.....+1......+2.+7+295+3684+13.+1.472..+4.5.1+2+3.7:812 813 924 832 934 662 862 864 964:521 531 562::",
        "Finned Swordfish: 5 r148 c189/c289 fr1c2 fr4c1 => r23c1,r6c2<>5",
    ),
    (
        ":0312:8:+64+12+5.7.3+3826+7..+1+5....+31+6...9+3+1.+6..+74+1+6.27+3.......3.61.+2.+7+65+13.+765+31....+13...+2+576:934 938 939 979 986 993:879::",
        "Finned Jellyfish: 8 r1358 c4689 fr8c7 => r7c9<>8",
    ),
    (
        ":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68........+6.3..73894+7....::859 869::",
        "Sashimi X-Wing: 8 r14 c59 fr4c78 => r56c9<>8",
    ),
    (
        ":0321:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 373 678 679 699:638::",
        "Sashimi Swordfish: 6 r169 c158 fr1c9 => r3c8<>6",
    ),
    (
        ":0322:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 638 373 678 679 699:637::",
        "Sashimi Jellyfish: 6 r1689 c1578 fr1c9 => r3c7<>6",
    ),
    (
        ":0331:9:.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946:415 136 442 144 952 474 184 484:913::",
        "Franken Swordfish: 9 c19b2 r135 => r1c3<>9",
    ),
    (
        ":0332:5:+8+19.+264...638+1....+2....981+612.+9...4+8....+8..513.8+1..7...8+12..9.77...9+8+1....2..1.+8.:314 228 734 535 735 451 756 962 592 594 495 695 397:529 599::",
        "Franken Jellyfish: 5 r138b4 c2349 => r29c9<>5",
    ),
    (
        ":0340:1:4.392..5659...6...6..85..4.1.5.9846.9.426.5...6.5.4...25...9683849632715..6.85294:328 829 759 367 867 269 769:129::",
        "Finned Franken X-Wing: 1 r5b2 c69 fr2c45 => r2c9<>1",
    ),
    (
        ":0341:9:.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946:913 415 136 442 144 952 474 184 484:984::",
        "Finned Franken Swordfish: 9 c135 r1b48 fr8c3 => r8c4<>9",
    ),
    (
        ":0342:7:+1.7...8+3.+62..+83+1..+3.81+9.+2+6...64.....5.....6.1....76+4.34.+3.52.1.9.+2+34...6......3+42:514 142 974 582:779::",
        "Finned Franken Jellyfish: 7 r358b3 c2689 fr8c7 efr3c9 => r7c9<>7",
    ),
    (
        ":0362:4:.7+6+1.95..1..+6.5...+98+5+72.16.+7...1+6.......97.3.6+9.2+5.+7188.7.6..5...9+5..3.....+9...4.:211 319 425 227 228 229 443 449 172 272 376 476 885 286 486 289 895 396:419::",
        "Finned Mutant Jellyfish: 4 r36c15 r18c6b4 fr3c9 => r1c9<>4",
    ),
    (
        ":03621:5:6.+197..+4..+9...4.1+6...+1.+6...+1+82763+95+49.5+4+1.6........1..+8136.+74..2.9+34+1..8.4.82...+1:317 219 238 838 239 758 369 797:527 537::",
        "Finned Mutant Jellyfish: 5 r18c9b8 r7c267 fr3c9 efr1c9 => r23c7<>5",
    ),
];

#[test]
fn library_positions_give_the_expected_step_and_line() {
    for (line, text) in CASES {
        let case = parse_library_line(line).unwrap();
        let t = case.technique.unwrap();
        let steps = all_steps(t, &case.board, &Context::default());
        let step = steps
            .iter()
            .find(|s| s.eliminations == case.eliminations)
            .unwrap_or_else(|| panic!("{text}: not found among {} steps", steps.len()));
        assert_eq!(step_line(step), *text);
        assert!(step.changes(&case.board));
        let sentence = step_sentence(step);
        assert!(
            sentence.contains("base") && sentence.contains("cover"),
            "{sentence}"
        );
    }
}

/// A board where every digit may go anywhere, except that `digit` may go
/// only in the cells of `cells`.
fn board_with(digit: u8, cells: &[(u8, u8)]) -> Board {
    let d = Digit::new(digit).unwrap();
    let mut marks = [DigitSet::ALL; 81];
    for (i, m) in marks.iter_mut().enumerate() {
        let cell = Cell::new(i as u8).unwrap();
        if !cells.contains(&(cell.row() + 1, cell.col() + 1)) {
            m.remove(d);
        }
    }
    Board::from_pencilmarks(&Grid::default(), &marks).unwrap()
}

/// Every cell of rows `rows` except those listed in `except`.
fn rows_but(rows: &[u8], except: &[(u8, u8)]) -> Vec<(u8, u8)> {
    rows.iter()
        .flat_map(|&r| (1..=9).map(move |c| (r, c)))
        .filter(|rc| !except.contains(rc))
        .collect()
}

fn lines(t: Technique, board: &Board) -> Vec<String> {
    all_steps(t, board, &Context::default())
        .iter()
        .map(step_line)
        .collect()
}

#[test]
fn x_wing_and_its_near_misses() {
    // 1 in r2 only at c2, c7 and in r6 only at c2, c7: an X-Wing
    let mut cells = vec![(2, 2), (2, 7), (6, 2), (6, 7)];
    cells.extend(rows_but(&[1, 3, 4, 5, 7, 8, 9], &[]));
    let b = board_with(1, &cells);
    assert_eq!(
        lines(Technique::XWing, &b),
        ["X-Wing: 1 r26 c27 => r1345789c27<>1"]
    );
    // an extra 1 at r6c8: no X-Wing (nor any bigger basic fish) ...
    let mut cells = vec![(2, 2), (2, 7), (6, 2), (6, 7), (6, 8)];
    cells.extend(rows_but(&[1, 3, 4, 5, 7, 8, 9], &[]));
    let b = board_with(1, &cells);
    for t in [Technique::XWing, Technique::Swordfish, Technique::Jellyfish] {
        assert!(lines(t, &b).is_empty(), "{t:?}");
    }
    // ... but a finned X-Wing: the fin r6c8 sees r4c7 and r5c7
    assert_eq!(
        lines(Technique::FinnedXWing, &b),
        ["Finned X-Wing: 1 r26 c27 fr6c8 => r45c7<>1"]
    );
    assert!(lines(Technique::SashimiXWing, &b).is_empty());
    // without r6c7 it is a sashimi X-Wing: r6 keeps one candidate besides the fin
    let mut cells = vec![(2, 2), (2, 7), (6, 2), (6, 8)];
    cells.extend(rows_but(&[1, 3, 4, 5, 7, 8, 9], &[]));
    let b = board_with(1, &cells);
    assert!(lines(Technique::FinnedXWing, &b).is_empty());
    // symmetric: r2c7 is the fin of the X-Wing on c28; the two together are siamese
    assert_eq!(
        lines(Technique::SashimiXWing, &b),
        [
            "Sashimi X-Wing: 1 r26 c27 fr6c8 => r45c7<>1",
            "Sashimi X-Wing: 1 r26 c28 fr2c7 => r13c8<>1",
            "Sashimi X-Wing: 1 r26 c27/c28 fr2c7 fr6c8 => r13c8,r45c7<>1",
        ]
    );
}

#[test]
fn finned_x_wing_needs_eliminations_that_see_the_fin() {
    // as above, but the cells the fins see in the cover columns are empty of 1
    let except = [(4, 7), (5, 7), (1, 8), (3, 8)];
    let mut cells = vec![(2, 2), (2, 7), (6, 2), (6, 8)];
    cells.extend(rows_but(&[1, 3, 4, 5, 7, 8, 9], &except));
    let b = board_with(1, &cells);
    assert!(lines(Technique::XWing, &b).is_empty());
    let finned = lines(Technique::FinnedXWing, &b);
    assert!(finned.iter().all(|l| !l.contains(" r26 ")), "{finned:?}");
}

#[test]
fn a_sashimi_fish_is_not_reported_as_finned_and_the_reverse() {
    for (line, text) in CASES {
        let case = parse_library_line(line).unwrap();
        let other = match case.technique.unwrap() {
            Technique::FinnedXWing => Technique::SashimiXWing,
            Technique::SashimiXWing => Technique::FinnedXWing,
            Technique::SashimiSwordfish => Technique::FinnedSwordfish,
            Technique::SashimiJellyfish => Technique::FinnedJellyfish,
            _ => continue,
        };
        // the same pattern must not show up under the other name
        let pattern = text.split_once(": ").unwrap().1;
        let found = lines(other, &case.board);
        assert!(
            found.iter().all(|l| !l.ends_with(pattern)),
            "{text} found as {other:?}"
        );
    }
}

#[test]
fn no_fish_on_a_solved_board_or_a_fresh_empty_board() {
    let empty = Board::empty();
    for t in Technique::all().filter(|&t| sudoku_sensei::strategies::fish::is_fish(t)) {
        if t.info().score >= 470 {
            continue; // the big mutants are slow on a board full of candidates
        }
        assert!(
            first_step(t, &empty, &Context::default()).is_none(),
            "{t:?}"
        );
    }
}

/// Every fish step (sizes 2 to 4, every kind) on every fish position of the
/// library agrees with the puzzle's solution: no elimination removes the
/// solution's digit.
#[test]
fn fish_steps_on_library_positions_agree_with_the_solution() {
    let Some(path) = shared_file("conformance/hodoku_reglib_1.3.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let fish: Vec<Technique> = Technique::all()
        .filter(|&t| sudoku_sensei::strategies::fish::is_fish(t) && t.info().score < 470)
        .collect();
    let (mut positions, mut steps) = (0, 0);
    for line in text
        .lines()
        .filter(|l| l.starts_with(":03") && !l.starts_with(":037"))
    {
        let case = parse_library_line(line).unwrap();
        let Some(solution) = sudoku_sensei::exact::first_solution(case.board.grid().values())
        else {
            continue;
        };
        positions += 1;
        for &t in &fish {
            for s in all_steps(t, &case.board, &Context::default()) {
                steps += 1;
                for e in &s.eliminations {
                    assert_ne!(
                        solution[e.cell.index()],
                        e.digit.get(),
                        "{line}: {}",
                        step_line(&s)
                    );
                }
            }
        }
    }
    eprintln!("fish soundness: {positions} library positions, {steps} steps, all agree");
}
