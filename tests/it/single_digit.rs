//! Fixtures for the single-digit patterns: Skyscraper, 2-String Kite,
//! Turbot Fish, Empty Rectangle and the dual forms. Positions where a
//! pattern is found come from HoDoKu's regression library (the step line
//! and the eliminations are checked); near misses are built from explicit
//! pencil marks where only digit 1 is sparse (every cell also holds 2-9,
//! so no other digit forms a pattern) and must give nothing.

use sudoku_sensei::bitset::DigitSet;
use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::{step_line, step_sentence};
use sudoku_sensei::step::{Evidence, LinkKind};
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Cell, Grid, Step, Technique};

/// A unique puzzle's context, with an empty cache.
fn ctx() -> Context {
    Context::new(true)
}

fn library(line: &str) -> Board {
    parse_library_line(line).expect("library line").board
}

fn lines(t: Technique, board: &Board) -> Vec<String> {
    all_steps(t, board, &ctx()).iter().map(step_line).collect()
}

/// The one step of `t` on `board` with this line.
fn step_with_line(t: Technique, board: &Board, line: &str) -> Step {
    let steps = all_steps(t, board, &ctx());
    let found: Vec<String> = steps.iter().map(step_line).collect();
    steps
        .into_iter()
        .find(|s| step_line(s) == line)
        .unwrap_or_else(|| panic!("no step `{line}`; found {found:#?}"))
}

pub fn cell(name: &str) -> Cell {
    let b = name.as_bytes();
    assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "{name}");
    Cell::at(b[1] - b'1', b[3] - b'1')
}

/// Every cell holds 2-9; digit 1 only in `ones`.
fn ones(cells: &[&str]) -> Board {
    let mut cands = [DigitSet::from_bits(0b11_1111_1100); 81];
    for c in cells {
        cands[cell(c).index()] = DigitSet::from_bits(0b11_1111_1110);
    }
    Board::from_pencilmarks(&Grid::default(), &cands).expect("pencil marks")
}

fn removed(step: &Step) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|e| format!("{}<>{}", e.cell, e.digit))
        .collect()
}

// ---- Skyscraper ----

const SKYSCRAPER: &str = ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::";

#[test]
fn skyscraper_found() {
    let board = library(SKYSCRAPER);
    let line = "Skyscraper: 6 in r5c6,r6c9 (connected by r3c69) => r5c78,r6c45<>6";
    assert_eq!(lines(Technique::Skyscraper, &board), vec![line]);
    let step = step_with_line(Technique::Skyscraper, &board, line);
    assert_eq!(removed(&step), ["r5c7<>6", "r5c8<>6", "r6c4<>6", "r6c5<>6"]);
    let Evidence::Chain { chain, houses } = &step.evidence else {
        panic!("a chain")
    };
    assert_eq!(
        chain.links,
        [LinkKind::Strong, LinkKind::Weak, LinkKind::Strong]
    );
    assert_eq!(
        houses.iter().map(|h| h.to_string()).collect::<Vec<_>>(),
        ["c6", "c9", "r3"]
    );
    let s = step_sentence(&step);
    assert!(s.contains("r3c6 and r3c9 share row 3"), "{s}");
}

#[test]
fn skyscraper_without_eliminations_is_no_step() {
    let mut board = library(SKYSCRAPER);
    for c in ["r5c7", "r5c8", "r6c4", "r6c5"] {
        board.eliminate(sudoku_sensei::Candidate::new(
            cell(c),
            sudoku_sensei::Digit::new(6).unwrap(),
        ));
    }
    assert!(lines(Technique::Skyscraper, &board).is_empty());
}

#[test]
fn x_wing_shape_is_no_skyscraper() {
    // Rows 1 and 5 hold 1 only in columns 1 and 5: an X-Wing, not a
    // Skyscraper (its tops share column 5). r3c5 would be a victim.
    let board = ones(&["r1c1", "r1c5", "r5c1", "r5c5", "r3c5"]);
    assert!(lines(Technique::Skyscraper, &board).is_empty());
    // Moving one top to column 6 makes it a Skyscraper that removes 1 from
    // r3c6 and r4c5 (r7c5 and r8c6 keep columns 5 and 6 from being pairs).
    let board = ones(&[
        "r1c1", "r1c5", "r5c1", "r5c6", "r3c6", "r4c5", "r7c5", "r8c6",
    ]);
    assert_eq!(
        lines(Technique::Skyscraper, &board),
        ["Skyscraper: 1 in r1c5,r5c6 (connected by r15c1) => r3c6,r4c5<>1"]
    );
}

// ---- 2-String Kite ----

const KITE: &str = ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32.........+3.7.5...49....487.1::381::";

#[test]
fn kite_found() {
    let board = library(KITE);
    let line = "2-String Kite: 3 in r2c1,r8c5 (connected by r2c6,r3c5) => r8c1<>3";
    assert_eq!(lines(Technique::TwoStringKite, &board), vec![line]);
    let step = step_with_line(Technique::TwoStringKite, &board, line);
    assert_eq!(removed(&step), ["r8c1<>3"]);
    let Evidence::Chain { houses, .. } = &step.evidence else {
        panic!("a chain")
    };
    assert_eq!(
        houses.iter().map(|h| h.to_string()).collect::<Vec<_>>(),
        ["r2", "c5", "b2"]
    );
}

#[test]
fn kite_needs_its_inner_ends_in_one_block() {
    // Row 1 pair r1c1/r1c8, column 5 pair r4c5/r9c5: no two ends share a
    // block, so r9c1 (seeing r1c1 and r9c5) keeps its 1.
    let board = ones(&["r1c1", "r1c8", "r4c5", "r9c5", "r9c1"]);
    assert!(lines(Technique::TwoStringKite, &board).is_empty());
    // r1c8 and r2c9 share block 3, but column 9 holds 1 three times: no
    // conjugate pair there, no kite.
    let board = ones(&["r1c1", "r1c8", "r2c9", "r5c9", "r9c9", "r9c1"]);
    assert!(lines(Technique::TwoStringKite, &board).is_empty());
}

// ---- Turbot Fish ----

const TURBOT: &str = ":0403:2:2+64+9+13587.3+1.+8+5..2.+58..6+3.+1+4+7+9+6+3..+5+8+12+6+8+54+739+3+8+5.9...659+3+1.+8..+4+84.5+6.+91+361.3+49+8.5::277::";

#[test]
fn turbot_fish_found() {
    let board = library(TURBOT);
    let line = "Turbot Fish: (2)r4c7=(2)r4c6-(2)r8c6=(2)r7c5 => r7c7<>2";
    let step = step_with_line(Technique::TurbotFish, &board, line);
    assert_eq!(removed(&step), ["r7c7<>2"]);
}

#[test]
fn turbot_fish_synthetic_and_near_miss() {
    // Block 1 pair r1c1=r2c2, weak link r2c2-r2c7 (row 2), column 7 pair
    // r2c7=r8c7: r1c1 or r8c7 is 1, so r8c1 is not. (r5c1 and r8c5 keep
    // column 1 and row 8 from being pairs.)
    let board = ones(&["r1c1", "r2c2", "r2c7", "r8c7", "r8c1", "r5c1", "r8c5"]);
    assert_eq!(
        lines(Technique::TurbotFish, &board),
        ["Turbot Fish: (1)r1c1=(1)r2c2-(1)r2c7=(1)r8c7 => r8c1<>1"]
    );
    // The column 7 pair moved to r3c7/r8c7: r2c2 and r3c7 do not see
    // each other, there is no weak link and nothing to remove.
    let board = ones(&["r1c1", "r2c2", "r3c7", "r8c7", "r8c1", "r5c1", "r8c5"]);
    assert!(lines(Technique::TurbotFish, &board).is_empty());
}

#[test]
fn turbot_fish_leaves_skyscrapers_and_kites_alone() {
    let board = library(SKYSCRAPER);
    let sky = all_steps(Technique::Skyscraper, &board, &ctx());
    for t in all_steps(Technique::TurbotFish, &board, &ctx()) {
        assert!(
            sky.iter().all(|s| s.evidence != t.evidence),
            "{}",
            step_line(&t)
        );
    }
}

// ---- Empty Rectangle ----

const ER: &str = ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::";
const ER_TWO: &str = ":0402-1:3:96...+758..4.8.+5.6.8.+5.+62+4+7..+9..8.72...8.7.9+4..74.5..+1..+8.3..+2+57.2.+5.6.3.+351+7+2+8+694:221 151 154 359 185:349::";

#[test]
fn empty_rectangle_found() {
    let board = library(ER);
    let line = "Empty Rectangle: 9 in b5 (r48c2) => r8c6<>9";
    let step = step_with_line(Technique::EmptyRectangle, &board, line);
    assert_eq!(removed(&step), ["r8c6<>9"]);
    let s = step_sentence(&step);
    assert!(
        s.contains("In block 5, every 9 lies on row 4 or column 6"),
        "{s}"
    );
    // Only two candidates in the block (HoDoKu's variant 1).
    let board = library(ER_TWO);
    let line = "Empty Rectangle: 3 in b4 (r3c29) => r4c9<>3";
    assert_eq!(lines(Technique::EmptyRectangle, &board), vec![line]);
}

#[test]
fn empty_rectangle_near_misses() {
    // Block 5 holds 1 in r4c4, r4c5, r6c6: row 4 and column 6 cover them.
    // Column 2 pair r4c2/r8c2: if r8c2 is not 1, r4c2 is, and block 5's 1
    // is in column 6, so r8c6 loses 1.
    // (r1c6 and r8c8 keep column 6 and row 8 from being pairs.)
    let er = [
        "r4c4", "r4c5", "r6c6", "r4c2", "r8c2", "r8c6", "r1c6", "r8c8",
    ];
    assert_eq!(
        lines(Technique::EmptyRectangle, &ones(&er)),
        ["Empty Rectangle: 1 in b5 (r48c2) => r8c6<>1"]
    );
    // An extra 1 in r5c5 lies off every cross of the block: no rectangle.
    let mut more = er.to_vec();
    more.push("r5c5");
    assert!(lines(Technique::EmptyRectangle, &ones(&more)).is_empty());
    // The far end inside the band (r6c2): the target would be in the block.
    let near = ["r4c4", "r4c5", "r6c6", "r4c2", "r6c2", "r1c6"];
    assert!(lines(Technique::EmptyRectangle, &ones(&near)).is_empty());
}

// ---- Dual forms ----

const DUAL: &str = ":0404:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::";

#[test]
fn dual_kite_found() {
    let board = library(DUAL);
    let line = "Dual 2-String Kite: 1 in r1c8,r6c1 (connected by r1c3,r3c1) / r3c9,r4c3 (connected by r3c1,r1c3) => r4c9,r6c8<>1";
    assert_eq!(lines(Technique::DualTwoStringKite, &board), vec![line]);
    let step = step_with_line(Technique::DualTwoStringKite, &board, line);
    assert_eq!(removed(&step), ["r4c9<>1", "r6c8<>1"]);
    let Evidence::Chains { chains, .. } = &step.evidence else {
        panic!("two chains")
    };
    assert_eq!(chains.len(), 2);
}

#[test]
fn dual_empty_rectangle_found() {
    let board = library(DUAL);
    let line = "Dual Empty Rectangle: 1 in b3 (r14c3 / r36c1) => r4c9,r6c8<>1";
    let step = step_with_line(Technique::DualEmptyRectangle, &board, line);
    assert_eq!(removed(&step), ["r4c9<>1", "r6c8<>1"]);
}

#[test]
fn a_single_kite_is_no_dual() {
    let board = library(KITE);
    assert!(!lines(Technique::TwoStringKite, &board).is_empty());
    assert!(lines(Technique::DualTwoStringKite, &board).is_empty());
    let board = library(ER_TWO);
    assert!(lines(Technique::DualEmptyRectangle, &board).is_empty());
}
