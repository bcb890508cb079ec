//! Behaviour of the exact (backtracking) solver.

use std::collections::HashSet;

use sudoku_sensei::exact::{
    count, count_and_only_solution, first_and_count, first_solution, for_each_solution,
    unique_solution, Cells, Count,
};

/// Reads an 81-character line: digits are givens, anything else is empty.
fn grid(line: &str) -> Cells {
    let mut cells = [0u8; 81];
    for (cell, byte) in cells.iter_mut().zip(line.bytes()) {
        if byte.is_ascii_digit() {
            *cell = byte - b'0';
        }
    }
    cells
}

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Every row, column and box is a permutation of 1..=9.
fn is_valid_solution(cells: &Cells) -> bool {
    let units = (0..9).flat_map(|i| {
        let row: Vec<usize> = (0..9).map(|j| 9 * i + j).collect();
        let column: Vec<usize> = (0..9).map(|j| 9 * j + i).collect();
        let boxed: Vec<usize> = (0..9)
            .map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3)
            .collect();
        [row, column, boxed]
    });
    let mut ok = true;
    for unit in units {
        let mut seen = 0u16;
        for cell in unit {
            seen |= 1 << cells[cell];
        }
        ok &= seen == 0b11_1111_1110;
    }
    ok
}

fn keeps_givens(givens: &Cells, solution: &Cells) -> bool {
    givens.iter().zip(solution).all(|(&g, &s)| g == 0 || g == s)
}

#[test]
fn solves_a_known_puzzle() {
    let givens = grid(PUZZLE);
    let solution = first_solution(&givens).expect("solvable");
    assert_eq!(solution, grid(SOLUTION));
    assert!(is_valid_solution(&solution));
    assert!(keeps_givens(&givens, &solution));
    assert_eq!(count(&givens, 2), Count::Unique);
    assert_eq!(unique_solution(&givens), Ok(solution));
}

#[test]
fn a_solved_grid_is_its_own_solution() {
    let solved = grid(SOLUTION);
    assert_eq!(first_solution(&solved), Some(solved));
    assert_eq!(count(&solved, 10), Count::Unique);
}

#[test]
fn unsolvable_puzzle_has_no_solution() {
    // No clash among the givens, but r1c9 can hold no digit: 1..8 are in
    // its row and 9 is in its column.
    let mut givens = [0u8; 81];
    for (column, value) in (1..=8).enumerate() {
        givens[column] = value;
    }
    givens[9 * 4 + 8] = 9;
    assert_eq!(first_solution(&givens), None);
    assert_eq!(count(&givens, 2), Count::None);
    assert_eq!(unique_solution(&givens), Err(Count::None));
    assert_eq!(for_each_solution(&givens, 10, |_| {}), 0);
}

#[test]
fn clashing_givens_are_rejected() {
    let mut row_clash = [0u8; 81];
    row_clash[0] = 5;
    row_clash[8] = 5;
    let mut column_clash = [0u8; 81];
    column_clash[4] = 7;
    column_clash[76] = 7;
    let mut box_clash = [0u8; 81];
    box_clash[30] = 2;
    box_clash[50] = 2;
    for givens in [row_clash, column_clash, box_clash] {
        assert_eq!(first_solution(&givens), None);
        assert_eq!(count(&givens, 2), Count::None);
        assert_eq!(unique_solution(&givens), Err(Count::None));
    }
}

#[test]
fn values_above_nine_are_invalid() {
    for bad in [10u8, 42, 255] {
        let mut givens = grid(PUZZLE);
        givens[2] = bad;
        assert_eq!(first_solution(&givens), None);
        assert_eq!(count(&givens, 2), Count::None);
        assert_eq!(unique_solution(&givens), Err(Count::None));
        assert_eq!(for_each_solution(&givens, 5, |_| {}), 0);
    }
}

/// Every "deadly rectangle" of the known solution, as four cell indices:
/// two rows of one band and two columns of different stacks whose four
/// cells hold two digits crosswise. Swapping the two digits keeps every
/// row, column and box valid, so blanking one gives a second solution.
fn deadly_rectangles() -> Vec<[usize; 4]> {
    let solved = grid(SOLUTION);
    let mut found = Vec::new();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            if r1 / 3 != r2 / 3 {
                continue;
            }
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    if c1 / 3 == c2 / 3 {
                        continue;
                    }
                    let (a, b) = (solved[9 * r1 + c1], solved[9 * r1 + c2]);
                    if solved[9 * r2 + c1] == b && solved[9 * r2 + c2] == a {
                        found.push([9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2]);
                    }
                }
            }
        }
    }
    found
}

/// The known solution with the first deadly rectangle blanked out: exactly
/// two solutions, as the rest of the grid pins everything else.
fn deadly_rectangle() -> Cells {
    let mut puzzle = grid(SOLUTION);
    let rectangles = deadly_rectangles();
    assert!(!rectangles.is_empty(), "the test grid has a deadly pattern");
    for cell in rectangles[0] {
        puzzle[cell] = 0;
    }
    puzzle
}

#[test]
fn two_deadly_rectangles_multiply_the_solutions() {
    let rectangles = deadly_rectangles();
    let disjoint = rectangles.iter().enumerate().find_map(|(i, a)| {
        rectangles[i + 1..]
            .iter()
            .find(|b| a.iter().all(|cell| !b.contains(cell)))
            .map(|b| (a, b))
    });
    let Some((first, second)) = disjoint else {
        println!("skipping: no two disjoint deadly rectangles in the test grid");
        return;
    };
    let mut puzzle = grid(SOLUTION);
    for &cell in first.iter().chain(second) {
        puzzle[cell] = 0;
    }
    let mut solutions = HashSet::new();
    let found = for_each_solution(&puzzle, 1000, |s| {
        assert!(is_valid_solution(s));
        assert!(keeps_givens(&puzzle, s));
        solutions.insert(*s);
    });
    assert!(found >= 4, "each rectangle can be swapped independently");
    assert_eq!(solutions.len(), found, "solutions are distinct");
    assert_eq!(count(&puzzle, 1000), Count::Exactly(found));
    assert_eq!(count(&puzzle, 2), Count::AtLeast(2));
}

#[test]
fn deadly_rectangle_has_two_solutions() {
    let puzzle = deadly_rectangle();
    assert_eq!(count(&puzzle, 2), Count::AtLeast(2));
    assert_eq!(count(&puzzle, 3), Count::Exactly(2));
    assert_eq!(count(&puzzle, 1000), Count::Exactly(2));
    assert!(count(&puzzle, 1000).is_exact() && !count(&puzzle, 2).is_exact());
    assert_eq!(unique_solution(&puzzle), Err(Count::AtLeast(2)));
    let mut solutions = Vec::new();
    assert_eq!(for_each_solution(&puzzle, 1000, |s| solutions.push(*s)), 2);
    assert_ne!(solutions[0], solutions[1]);
    for solution in &solutions {
        assert!(is_valid_solution(solution));
        assert!(keeps_givens(&puzzle, solution));
    }
    assert_eq!(first_solution(&puzzle), Some(solutions[0]));
}

#[test]
fn limits_are_respected() {
    let empty = [0u8; 81];
    assert_eq!(count(&empty, 5), Count::AtLeast(5));
    assert_eq!(count(&empty, 5).found(), 5);
    // Limits below 2 are treated as 2.
    assert_eq!(count(&empty, 0), Count::AtLeast(2));
    assert_eq!(count(&empty, 1), Count::AtLeast(2));
    assert_eq!(for_each_solution(&empty, 0, |_| {}), 0);

    let mut solutions = HashSet::new();
    let found = for_each_solution(&empty, 10, |s| {
        assert!(is_valid_solution(s));
        solutions.insert(*s);
    });
    assert_eq!(found, 10);
    assert_eq!(solutions.len(), 10, "solutions are distinct");
}

#[test]
fn results_are_deterministic() {
    let empty = [0u8; 81];
    let mut first = Vec::new();
    for_each_solution(&empty, 20, |s| first.push(*s));
    let mut second = Vec::new();
    for_each_solution(&empty, 20, |s| second.push(*s));
    assert_eq!(first, second);
    assert_eq!(first_solution(&empty), Some(first[0]));
}

#[test]
fn agrees_with_the_sudoku_crate_on_shared_sets() {
    let dir = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/puzzles"
    ));
    if !dir.exists() {
        println!("skipping: {} not found", dir.display());
        return;
    }
    for name in [
        "17_clue.txt",
        "top1465.txt",
        "forum_hardest_1905_11plus.txt",
        "serg_benchmark.txt",
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            println!("skipping: {name} not readable");
            continue;
        };
        let puzzles = text
            .lines()
            .map(str::trim)
            .filter(|line| line.len() >= 81 && !line.starts_with('#'))
            .take(200);
        for line in puzzles {
            let givens = grid(&line[..81]);
            let peer = sudoku::Sudoku::from_bytes(givens).expect("valid for the sudoku crate");
            let peer_count = peer.solutions_count_up_to(2);
            let ours = count(&givens, 2);
            let expected = match peer_count {
                0 => Count::None,
                1 => Count::Unique,
                n => Count::AtLeast(n),
            };
            assert_eq!(ours, expected, "{name}: {line}");
            if let Some(solution) = first_solution(&givens) {
                assert!(is_valid_solution(&solution), "{name}: {line}");
                assert!(keeps_givens(&givens, &solution), "{name}: {line}");
                if peer_count == 1 {
                    assert_eq!(Some(solution), peer.solution().map(|s| s.to_bytes()));
                }
            } else {
                assert_eq!(peer_count, 0);
            }
        }
    }
}

#[test]
fn first_and_count_agrees_with_the_enumeration() {
    let puzzles = [grid(PUZZLE), deadly_rectangle(), [0u8; 81]];
    for puzzle in &puzzles {
        for limit in [1, 2, 5] {
            let mut all = Vec::new();
            let found = for_each_solution(puzzle, limit, |s| all.push(*s));
            assert_eq!(
                first_and_count(puzzle, limit),
                (found, all.first().copied())
            );
            // the solution only when it is the only one
            let only = all.first().copied().filter(|_| found == 1);
            assert_eq!(count_and_only_solution(puzzle, limit), (found, only));
        }
    }
    // clashing givens and a limit of 0: nothing
    let mut clash = [0u8; 81];
    clash[0] = 5;
    clash[1] = 5;
    assert_eq!(first_and_count(&clash, 2), (0, None));
    assert_eq!(first_and_count(&grid(PUZZLE), 0), (0, None));
    assert_eq!(count_and_only_solution(&clash, 2), (0, None));
}
