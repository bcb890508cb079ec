//! The library API an application uses: LeetCode's entry point, building a
//! board value by value with `Board::set`, solving and rating.

use sudoku_sensei::grade::{self, Class, Scales};
use sudoku_sensei::solver::{Fallback, Options};
use sudoku_sensei::{parse, solve, solve_sudoku, Board, Cell, Contradiction, Digit, Outcome};

fn cell(r: u8, c: u8) -> Cell {
    Cell::at(r - 1, c - 1)
}
fn d(n: u8) -> Digit {
    Digit::new(n).expect("digit")
}

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn leetcode_entry_point_fills_the_board_in_place() {
    let mut board: Vec<Vec<char>> = LEETCODE
        .as_bytes()
        .chunks(9)
        .map(|r| r.iter().map(|&b| b as char).collect())
        .collect();
    solve_sudoku(&mut board);
    let flat: String = board.iter().flatten().collect();
    assert_eq!(flat, LEETCODE_SOLUTION);
}

#[test]
fn leetcode_entry_point_leaves_bad_boards_alone() {
    let mut short = vec![vec!['.'; 9]; 8];
    solve_sudoku(&mut short);
    assert_eq!(short, vec![vec!['.'; 9]; 8]);
    // two 5s in row 1: no solution, unchanged
    let mut clash = vec![vec!['.'; 9]; 9];
    clash[0][0] = '5';
    clash[0][1] = '5';
    let before = clash.clone();
    solve_sudoku(&mut clash);
    assert_eq!(clash, before);
}

#[test]
fn board_set_shows_forced_cells_and_contradictions() {
    let mut b = Board::empty();
    for (c, v) in (1..=8).zip(1..=8) {
        b.set(cell(1, c), d(v)).expect("legal move");
    }
    // r1c9 is now forced to 9
    assert!(b.forced_cells().contains(&(cell(1, 9), d(9))));
    // a 9 in block 3 leaves r1c9 with no digit
    let err = b.set(cell(2, 8), d(9)).expect_err("contradiction");
    assert_eq!(err, Contradiction::NoCandidate { cell: cell(1, 9) });
    assert_eq!(
        err.to_string(),
        "r1c9 can hold no digit: every digit is already used by one of its peers"
    );
}

#[test]
fn board_set_reports_a_digit_with_no_place() {
    let mut b = Board::empty();
    // r1c1..r1c7 hold 2..8: 1 and 9 are left for r1c8 and r1c9
    for (c, v) in (1..=7).zip(2..=8) {
        b.set(cell(1, c), d(v)).expect("legal move");
    }
    b.set(cell(5, 8), d(1)).expect("legal move");
    // a 1 in column 9 leaves 1 no place in row 1 (both cells keep the 9)
    let err = b.set(cell(8, 9), d(1)).expect_err("no place for 1");
    assert_eq!(
        err,
        Contradiction::NoPlace {
            house: sudoku_sensei::House::row(0),
            digit: d(1)
        }
    );
    assert_eq!(err.to_string(), "1 has no place left in row 1");
}

#[test]
fn solve_reports_every_outcome() {
    let opts = Options::default();
    let solved = solve(&parse(LEETCODE).expect("parse"), &opts);
    assert_eq!(solved.outcome, Outcome::Solved { guesses: 0 });
    assert_eq!(
        solved.solution.as_ref().map(|g| g.to_line()).as_deref(),
        Some(LEETCODE_SOLUTION)
    );

    let clash = solve(
        &parse(&format!("55{}", ".".repeat(79))).expect("parse"),
        &opts,
    );
    assert!(matches!(clash.outcome, Outcome::InvalidGivens { .. }));

    let empty = solve(&parse(&".".repeat(81)).expect("parse"), &opts);
    match empty.outcome {
        Outcome::MultipleSolutions {
            count, complete, ..
        } => {
            assert_eq!(count, 1000);
            assert!(!complete);
        }
        o => panic!("{o:?}"),
    }

    let stuck_opts = Options {
        fallback: Fallback::Stop,
        techniques: vec![sudoku_sensei::Technique::NakedSingle],
        ..Options::default()
    };
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let stuck = solve(&parse(hard).expect("parse"), &stuck_opts);
    assert!(
        matches!(stuck.outcome, Outcome::Stuck { .. }),
        "{:?}",
        stuck.outcome.slug()
    );
}

#[test]
fn grading_a_singles_puzzle() {
    let r = grade::grade(&parse(LEETCODE).expect("parse"), Scales::ALL);
    let h = r.hodoku.expect("hodoku rating");
    assert_eq!(h.level, sudoku_sensei::technique::Level::Easy);
    assert!(r.class.is_some_and(|c| c <= Class::Easy));
    let se = r.se.expect("se rating");
    assert!(se.er <= 2.3, "{se:?}");
    assert!(!r.guessed);
}
