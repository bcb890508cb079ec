//! Fixtures for the ALS family and Sue de Coq: library positions where the
//! technique finds exactly HoDoKu's step (checked with its text line), and
//! positions where it must find nothing.

use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::step_line;
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Technique};

/// A unique puzzle's context, with an empty cache.
fn ctx() -> Context {
    Context::new(true)
}

/// The step of the case's technique that has exactly the expected
/// eliminations, rendered as a line.
fn matching_line(line: &str) -> String {
    let case = parse_library_line(line).expect("library line");
    let t = case.technique.expect("known technique");
    let steps = all_steps(t, &case.board, &ctx());
    let step = steps
        .iter()
        .find(|s| s.eliminations == case.eliminations && s.placements == case.placements)
        .unwrap_or_else(|| panic!("no step matches {line}"));
    step_line(step)
}

#[test]
fn als_xz_singly_linked() {
    let line = ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::";
    assert_eq!(
        matching_line(line),
        "Almost Locked Set XZ-Rule: A=r1c46,r2c5 {1358}, B=r1c89,r3c8 {3589}, X=5, Z=3 => r2c7<>3"
    );
}

#[test]
fn als_xz_doubly_linked() {
    let line = ":0901-2:12479:.......+3.6..5..18..83.1..+2....9573...6.....92...........+6...254.487...1+3..23.....:111 615 616 636 453 457 261 262 164 464 664 465 467 667 668 669 171 971 172 972 985 986 791 792 895 995 196 896 996:141 149 151 153 161 162 163 212 413 463 725 925 926::";
    let l = matching_line(line);
    assert!(l.starts_with("Almost Locked Set XZ-Rule: A="), "{l}");
    assert!(l.contains(", X="), "{l}");
}

#[test]
fn als_xy_wing() {
    let line = ":0902-1:7:+8...43..+1.+3+1.5+7..8.721......9+3+5+1......5....1.18.3..........1.67..7..91..3+1+8+76592+4:441 247 451 254 454 854 255 257 265 267 471 274 875 481 284 885:768::";
    assert_eq!(
        matching_line(line),
        "Almost Locked Set XY-Wing: A=r36c5 {789}, B=r12c8,r3c789 {345679}, C=r3c6 {68}, X,Y=6,8, Z=7 => r6c8<>7"
    );
}

#[test]
fn als_xy_chain() {
    let line = ":0903-1:69:..+1.3+7......2+1+8.577.....81.1.9+3+65....6..+74.3.....82.....87....44.....+78..37+8+415..:212 412 914 932 533 934 939 277 677 977 582 984 289 689 989:611 911 912 927::";
    assert_eq!(
        matching_line(line),
        "Almost Locked Set Chain: r1c4789 {24569} -5- r8c4 {56} -6- r58c3 {256} -2- r2c123,r3c3 {23469}, Z=6,9 => r1c1<>69, r1c2,r2c7<>9"
    );
}

#[test]
fn death_blossom() {
    let line = ":0904-1:9:8+7+14..6..5+42...7..+93+6+8+57+42+1.28.7.+3.....3.6+2....+3+21.54..1.7..+93.+3.9...8+72.+87..3+1.4:915 919 924 929 641 946 948 958 959 669 475 675 476 584 694:966::";
    assert_eq!(
        matching_line(line),
        "Death Blossom: Stem r8c6 {145}: 1 in r2c6 {19}, 4 in r4c46 {459}, 5 in r68c2 {569}, Z=9 => r6c6<>9"
    );
}

#[test]
fn sue_de_coq() {
    let line = ":1101:234589:+3+24+8+6+1+59765+7+9+4+3+82191+8+5+273+642.1+43....5.32.6...+4..+7.....+1..6.....+8..1746..7..+39..1.::277 378 477 478 578 849 869 949 969::";
    assert_eq!(
        matching_line(line),
        "Sue de Coq: r789c9 - {23589} (r5c9 - {89}, r8c8,r9c7 - {2345}) => r46c9<>89, r7c7<>24, r7c8<>345"
    );
}

/// Sue de Coq has its own evidence (the intersection, the line part, the
/// block part), so nothing needs to test the technique to read it; the
/// trace's JSON still writes it as the ALS techniques' form, its three sets
/// in `sets`, as it always has.
#[test]
fn sue_de_coq_has_its_own_evidence_written_as_before() {
    let line = ":1101:234589:+3+24+8+6+1+59765+7+9+4+3+82191+8+5+273+642.1+43....5.32.6...+4..+7.....+1..6.....+8..1746..7..+39..1.::277 378 477 478 578 849 869 949 969::";
    let case = parse_library_line(line).expect("library line");
    let steps = all_steps(Technique::SueDeCoq, &case.board, &ctx());
    let step = steps
        .iter()
        .find(|s| s.eliminations == case.eliminations)
        .expect("the library's step");
    let sudoku_sensei::Evidence::SueDeCoq {
        intersection,
        line,
        block,
    } = &step.evidence
    else {
        panic!("unexpected evidence {:?}", step.evidence);
    };
    assert_eq!(
        (
            intersection.cells.to_string(),
            line.cells.to_string(),
            block.cells.to_string()
        ),
        (
            "r789c9".to_string(),
            "r5c9".to_string(),
            "r8c8,r9c7".to_string()
        )
    );
    // the focus is the intersection
    assert_eq!(step.focus().cells, intersection.cells);
    assert_eq!(step.evidence.kind(), "als");
    // byte for byte the form of an ALS evidence with these three sets
    let as_als = sudoku_sensei::Evidence::Als {
        sets: vec![*intersection, *line, *block],
        rcc: sudoku_sensei::DigitSet::EMPTY,
        z: sudoku_sensei::DigitSet::EMPTY,
        stem: None,
    };
    let json = serde_json::to_string(&step.evidence).expect("JSON");
    assert_eq!(json, serde_json::to_string(&as_als).expect("JSON"));
    assert!(
        // (the wire's order, the trace's: keys in alphabetical order)
        json.starts_with(r#"{"kind":"als","rcc":[],"sets":[{"cells":[{"col":9,"row":7}"#),
        "{json}"
    );
}

/// On a board with every candidate everywhere no two sets are linked and
/// no intersection is short of room: nothing may be found.
#[test]
fn empty_board_finds_nothing() {
    let b = Board::empty();
    for t in [
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsXyChain,
        Technique::DeathBlossom,
        Technique::SueDeCoq,
    ] {
        assert!(all_steps(t, &b, &ctx()).is_empty(), "{t:?}");
    }
}

/// ALS-XY-Wing: C must share no cell with A or B (the sets linked by a
/// restricted common). On this start position C=r7c12 {468} overlaps
/// A=r7c13 {468} and B=r7c235 {4689}; such a wing would remove 6 from r7c8
/// and r7c9, and with A=r7c135 even 9 from r2c5 and r5c5.
#[test]
fn als_xy_wing_linked_sets_must_not_overlap() {
    let grid = sudoku_sensei::parse(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    )
    .expect("puzzle");
    let board = Board::from_grid(&grid).expect("board");
    let steps = all_steps(Technique::AlsXyWing, &board, &ctx());
    assert!(!steps.is_empty());
    let six = sudoku_sensei::Digit::new(6).expect("digit");
    let r7c89 =
        [7, 8].map(|col| sudoku_sensei::Candidate::new(sudoku_sensei::Cell::at(6, col), six));
    for s in &steps {
        let sudoku_sensei::Evidence::Als { sets, .. } = &s.evidence else {
            panic!("unexpected evidence {:?}", s.evidence);
        };
        let c = sets[2].cells;
        assert!(
            !c.intersects(sets[0].cells) && !c.intersects(sets[1].cells),
            "{}",
            step_line(s)
        );
        assert_ne!(s.eliminations, r7c89, "{}", step_line(s));
    }
}
