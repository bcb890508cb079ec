//! Fixtures for naked, locked and hidden subsets.

use crate::intersections::board_with;
use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::step_line;
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Step, Technique};

fn steps(t: Technique, board: &Board) -> Vec<Step> {
    all_steps(t, board, &Context::default())
}

/// The library case must be found with exactly its eliminations; returns the line.
fn library_line(t: Technique, line: &str) -> String {
    let case = parse_library_line(line).unwrap();
    assert_eq!(case.technique, Some(t));
    let found = steps(t, &case.board);
    let step = found
        .iter()
        .find(|s| s.eliminations == case.eliminations && s.placements.is_empty())
        .unwrap_or_else(|| panic!("{} not found: {found:?}", t.name()));
    step_line(step)
}

#[test]
fn library_cases() {
    let cases = [
        (
            Technique::NakedPair,
            ":0200:16:7.+9...+3+4.+3.274.58+948+59..+7+2..3+1..8+49+7.47.9.86..9+84.+7+21.+8+2+3.+79.54+176+2549+3+8+9+5+4....+72::114 115 116 614 615 616::",
            "Naked Pair: 1,6 in r1c29 => r1c456<>16",
        ),
        (
            Technique::NakedTriple,
            ":0201:258:.1.......3.45......76.9...47+2+14+8+9+563.3.627+41+946+9+3+15+8+276...3.94...+3..82.6.......3.:714 819 728 829 573 581 785 591 593 795 196 296:211 216 511 518 811 818::",
            "Naked Triple: 2,5,8 in r1c349 => r1c1<>258, r1c6<>2, r1c8<>58",
        ),
        (
            Technique::NakedQuadruple,
            ":0202:4679:+53+2+78+6...9+78+241.+6...19+5+32+87.254..6+7...3+617.5+27..+5........+1........+8.51.6...3...98::471 472 481 491 492 671 672 691 692 972::",
            "Naked Quadruple: 4,6,7,9 in r79c3,r8c23 => r7c1,r9c12<>46, r7c2<>469, r8c1<>4",
        ),
        (
            Technique::LockedPair,
            ":0110-1:47:6.......8..2....7.94.........15.98..79....5.2.....4..916...5.2......2..5..3961...::477 479 487 488 491 498 777 779 787 792::",
            "Locked Pair: 4,7 in r9c79 => r7c79,r8c7<>47, r8c8,r9c18<>4, r9c2<>7",
        ),
        (
            Technique::LockedTriple,
            ":0111-1:678:....4.3...8...1429..15......76.....8.....2.....9.5..7...8......3.........9.1.863.::618 619 631 632 635 636 719 731 735 736 818 835::",
            "Locked Triple: 6,7,8 in r3c789 => r1c8<>68, r1c9,r3c16<>67, r3c2<>6, r3c5<>678",
        ),
        (
            Technique::HiddenPair,
            ":0210:29:.6...1..4.48....9+1....+4...+2+4..2.87+5+658+2967+143..65.4+9+2+8+6.....+4+1.+85+4+1.+326.1..4.+6+38.:913 315 325 932 933:311 515 711 715 815::",
            "Hidden Pair: 2,9 in r1c15 => r1c1<>37, r1c5<>578",
        ),
        (
            Technique::HiddenTriple,
            ":0211:458:....+23.9.82.9...+5.4.9.1..+2..8.+25+94+7..9+4671.8+5..5.3..1...+8.9.5+42+9.+2..5+837+54+73+8+2.+6.::112 119 612 619 712 714::",
            "Hidden Triple: 4,5,8 in r1c249 => r1c2<>167, r1c4<>7, r1c9<>16",
        ),
        (
            Technique::HiddenQuadruple,
            ":0212:4579:...........5.2....9.7...1.....94.5.........6....5.78.16....5..2..43...163.9.1..8+5::151 152 251 252 257 352 357 359 851 852::",
            "Hidden Quadruple: 4,5,7,9 in r5c1279 => r5c1<>128, r5c2<>1238, r5c7<>23, r5c9<>3",
        ),
    ];
    for (t, line, expected) in cases {
        assert_eq!(library_line(t, line), expected);
    }
}

#[test]
fn pair_in_a_row_and_a_block_is_a_locked_pair() {
    // r1c1 and r1c2 hold only 1 and 2: they share row 1 and block 1
    let board = board_with(&[(1, 1, "12"), (1, 2, "12")]);
    assert!(steps(Technique::NakedPair, &board).is_empty());
    let found = steps(Technique::LockedPair, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Locked Pair: 1,2 in r1c12 => r1c3456789,r23c123<>12"
    );
}

#[test]
fn pair_in_a_block_only_is_a_naked_pair() {
    // r1c1 and r2c2 share block 1 but no line
    let board = board_with(&[(1, 1, "12"), (2, 2, "12")]);
    assert!(steps(Technique::LockedPair, &board).is_empty());
    let found = steps(Technique::NakedPair, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Naked Pair: 1,2 in r1c1,r2c2 => r1c23,r2c13,r3c123<>12"
    );
}

#[test]
fn naked_triple_needs_exactly_three_digits() {
    // 12, 23, 13 in row 1 (spread over blocks) is a triple ...
    let board = board_with(&[(1, 1, "12"), (1, 5, "23"), (1, 9, "13")]);
    let found = steps(Technique::NakedTriple, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Naked Triple: 1,2,3 in r1c159 => r1c234678<>123"
    );
    // ... 12, 23, 134 is not: four digits in three cells
    let board = board_with(&[(1, 1, "12"), (1, 5, "23"), (1, 9, "134")]);
    assert!(steps(Technique::NakedTriple, &board).is_empty());
    assert!(steps(Technique::NakedPair, &board).is_empty());
}

#[test]
fn locked_triple_in_a_column() {
    let board = board_with(&[(4, 5, "78"), (5, 5, "89"), (6, 5, "79")]);
    let found = steps(Technique::LockedTriple, &board);
    assert_eq!(found.len(), 1);
    assert!(steps(Technique::NakedTriple, &board).is_empty());
    // 6 column cells and 6 block cells lose 7, 8 and 9
    assert_eq!(found[0].eliminations.len(), 12 * 3);
}

/// Row 1 where `digits` may go only in the `keep` columns.
fn row1_confined(digits: &str, keep: &[u8], extra: &[(u8, u8, &str)]) -> Board {
    let others: String = "123456789"
        .chars()
        .filter(|c| !digits.contains(*c))
        .collect();
    let mut marks: Vec<(u8, u8, &str)> = (1..=9u8)
        .filter(|c| !keep.contains(c))
        .map(|c| (1, c, others.as_str()))
        .collect();
    marks.extend_from_slice(extra);
    board_with(&marks)
}

#[test]
fn hidden_pair_on_a_built_board() {
    let board = row1_confined("12", &[4, 8], &[]);
    let found = steps(Technique::HiddenPair, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Hidden Pair: 1,2 in r1c48 => r1c48<>3456789"
    );
}

#[test]
fn no_hidden_pair_when_a_digit_has_a_third_place() {
    // 1 and 2 confined to r1c48, but 1 also in r1c9
    let board = row1_confined("12", &[4, 8], &[(1, 9, "13456789")]);
    assert!(steps(Technique::HiddenPair, &board).is_empty());
}

#[test]
fn no_hidden_pair_when_nothing_is_left_to_remove() {
    // the two cells already hold only 1 and 2: a naked pair, not a hidden one
    let board = row1_confined("12", &[4, 8], &[(1, 4, "12"), (1, 8, "12")]);
    assert!(steps(Technique::HiddenPair, &board).is_empty());
    assert_eq!(steps(Technique::NakedPair, &board).len(), 0); // nothing left to remove in row 1
}

#[test]
fn hidden_triple_and_quadruple_on_built_boards() {
    let board = row1_confined("123", &[2, 5, 8], &[]);
    let found = steps(Technique::HiddenTriple, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Hidden Triple: 1,2,3 in r1c258 => r1c258<>456789"
    );
    assert!(steps(Technique::HiddenPair, &board).is_empty());

    let board = row1_confined("1234", &[1, 2, 5, 8], &[]);
    let found = steps(Technique::HiddenQuadruple, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Hidden Quadruple: 1,2,3,4 in r1c1258 => r1c1258<>56789"
    );
    assert!(steps(Technique::HiddenTriple, &board).is_empty());
}

#[test]
fn naked_quadruple_on_a_built_board() {
    let board = board_with(&[(9, 1, "12"), (9, 3, "23"), (9, 6, "34"), (9, 7, "14")]);
    let found = steps(Technique::NakedQuadruple, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Naked Quadruple: 1,2,3,4 in r9c1367 => r9c24589<>1234"
    );
    assert!(steps(Technique::NakedTriple, &board).is_empty());
}

#[test]
fn hidden_pair_in_a_row_and_a_block_is_reported_once() {
    // 1 and 2 only in r1c1 and r1c2, both in row 1 and in block 1
    let mut marks = vec![(2, 1, "3456789"), (2, 2, "3456789"), (2, 3, "3456789")];
    marks.extend([(3, 1, "3456789"), (3, 2, "3456789"), (3, 3, "3456789")]);
    let marks: Vec<(u8, u8, &str)> = marks
        .into_iter()
        .map(|(r, c, s)| (r as u8, c as u8, s))
        .collect();
    let board = row1_confined("12", &[1, 2], &marks);
    let found = steps(Technique::HiddenPair, &board);
    assert_eq!(found.len(), 1);
    assert_eq!(
        step_line(&found[0]),
        "Hidden Pair: 1,2 in r1c12 => r1c12<>3456789"
    );
}

/// The first subset of technique `t` in HoDoKu's order and by its rules,
/// as HoDoKu's rating solve takes it, as a step line.
fn hodoku_first(t: Technique, board: &Board) -> Option<String> {
    sudoku_sensei::strategies::subsets::first_in_hodoku_order(t, board).map(|s| step_line(&s))
}

#[test]
fn hodoku_order_calls_a_pair_removing_in_its_block_only_a_naked_pair() {
    // r1c1 and r1c2 hold only 1 and 2, and the rest of row 1 neither:
    // sensei's Locked Pair, but HoDoKu's locked pair must remove in its
    // line outside the block too
    let rest = "3456789";
    let mut marks = vec![(1, 1, "12"), (1, 2, "12")];
    marks.extend((3..=9).map(|c| (1, c, rest)));
    let board = board_with(&marks);
    assert_eq!(
        steps(Technique::LockedPair, &board)
            .iter()
            .map(step_line)
            .collect::<Vec<_>>(),
        ["Locked Pair: 1,2 in r1c12 => r23c123<>12"]
    );
    assert_eq!(hodoku_first(Technique::LockedPair, &board), None);
    // HoDoKu's naked pair removes from every house its cells share
    assert_eq!(
        hodoku_first(Technique::NakedPair, &board).as_deref(),
        Some("Naked Pair: 1,2 in r1c12 => r23c123<>12")
    );
}

#[test]
fn hodoku_order_looks_in_the_blocks_first() {
    // a naked pair in row 9 (r9c1, r9c9) and one in block 5 (r4c4, r6c6):
    // sensei's rows come first, HoDoKu's blocks
    let board = board_with(&[(9, 1, "12"), (9, 9, "12"), (4, 4, "34"), (6, 6, "34")]);
    let first = steps(Technique::NakedPair, &board).first().map(step_line);
    assert_eq!(
        first.as_deref(),
        Some("Naked Pair: 1,2 in r9c19 => r9c2345678<>12")
    );
    assert_eq!(
        hodoku_first(Technique::NakedPair, &board).as_deref(),
        Some("Naked Pair: 3,4 in r4c4,r6c6 => r4c56,r5c456,r6c45<>34")
    );
}
