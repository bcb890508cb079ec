//! Fixtures for Locked Candidates Type 1 (Pointing) and Type 2 (Claiming).

use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::step_line;
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Cell, Digit, DigitSet, Grid, Step, Technique};

fn steps(t: Technique, board: &Board) -> Vec<Step> {
    all_steps(t, board, &Context::default())
}

/// A board with every candidate everywhere except where `marks` says:
/// `(row, col, digits)` 1-based, the digits a cell keeps.
pub fn board_with(marks: &[(u8, u8, &str)]) -> Board {
    let mut cands = [DigitSet::ALL; 81];
    for &(r, c, ds) in marks {
        cands[Cell::at(r - 1, c - 1).index()] =
            ds.bytes().filter_map(|b| Digit::new(b - b'0')).collect();
    }
    Board::from_pencilmarks(&Grid::default(), &cands).unwrap()
}

/// Every cell of block 1 (rows 1-3, cols 1-3) loses `digit` but the listed ones.
fn block1_without(digit: u8, keep: &[(u8, u8)]) -> Vec<(u8, u8, String)> {
    let mut v = Vec::new();
    for r in 1..=3 {
        for c in 1..=3 {
            if !keep.contains(&(r, c)) {
                let ds: String = (1..=9u8)
                    .filter(|&d| d != digit)
                    .map(|d| char::from(b'0' + d))
                    .collect();
                v.push((r, c, ds));
            }
        }
    }
    v
}

fn board_from(marks: &[(u8, u8, String)]) -> Board {
    let m: Vec<(u8, u8, &str)> = marks.iter().map(|(r, c, s)| (*r, *c, s.as_str())).collect();
    board_with(&m)
}

#[test]
fn pointing_library_case() {
    let line = ":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9:811 515 715 538 761 595 795:193 198::";
    let case = parse_library_line(line).unwrap();
    let found = steps(Technique::LockedCandidates1, &case.board);
    let step = found
        .iter()
        .find(|s| s.eliminations == case.eliminations)
        .expect("the pointing step");
    assert_eq!(
        step_line(step),
        "Locked Candidates Type 1 (Pointing): 1 in b8 => r9c38<>1"
    );
}

#[test]
fn claiming_library_case() {
    let line = ":0101:1:..7+1+2+3+5..3+5+16497..6+295+78+3+4+1..+6+4.2.35.+32...4..59+43..+2.....9.61.4.+65214..3......6..:818 819 758 768 791 792 798 799:151::";
    let case = parse_library_line(line).unwrap();
    let found = steps(Technique::LockedCandidates2, &case.board);
    let step = found
        .iter()
        .find(|s| s.eliminations == case.eliminations)
        .expect("the claiming step");
    assert_eq!(
        step_line(step),
        "Locked Candidates Type 2 (Claiming): 1 in r4 => r5c1<>1"
    );
}

#[test]
fn pointing_on_a_built_board() {
    // 5 in block 1 only in r1c1 and r1c3: pointing along row 1
    let board = board_from(&block1_without(5, &[(1, 1), (1, 3)]));
    let found = steps(Technique::LockedCandidates1, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Locked Candidates Type 1 (Pointing): 5 in b1 => r1c456789<>5"
    );
    // the same board seen from row 1 is no claiming: 5 is spread over the row
    assert!(steps(Technique::LockedCandidates2, &board).is_empty());
}

#[test]
fn claiming_on_a_built_board() {
    // 7 in row 2 only in r2c4 and r2c6: claiming for block 2
    let marks: Vec<(u8, u8, String)> = [1u8, 2, 3, 5, 7, 8, 9]
        .iter()
        .map(|&c| (2, c, "12345689".to_string()))
        .collect();
    let board = board_from(&marks);
    let found = steps(Technique::LockedCandidates2, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Locked Candidates Type 2 (Claiming): 7 in r2 => r13c456<>7"
    );
    assert!(steps(Technique::LockedCandidates1, &board).is_empty());
}

#[test]
fn no_pointing_when_the_places_span_two_lines() {
    // 5 in block 1 at r1c1, r1c2 and r2c1: neither one row nor one column
    let board = board_from(&block1_without(5, &[(1, 1), (1, 2), (2, 1)]));
    assert!(steps(Technique::LockedCandidates1, &board).is_empty());
    assert!(steps(Technique::LockedCandidates2, &board).is_empty());
}

#[test]
fn no_pointing_from_a_single_place() {
    // one place for 5 in block 1 is a hidden single, not locked candidates
    let board = board_from(&block1_without(5, &[(2, 2)]));
    assert!(steps(Technique::LockedCandidates1, &board).is_empty());
}

#[test]
fn no_pointing_when_nothing_is_left_to_remove() {
    // 4 confined to r1c12 in block 1, but row 1 has no other 4 to remove
    let mut marks = block1_without(4, &[(1, 1), (1, 2)]);
    for c in 4..=9 {
        marks.push((1, c, "12356789".to_string()));
    }
    let board = board_from(&marks);
    assert!(steps(Technique::LockedCandidates1, &board).is_empty());
    // ...which makes it a claiming in row 1 instead, with block 1 already clear
    assert!(steps(Technique::LockedCandidates2, &board).is_empty());
}
