//! Fixtures for the wings: XY-Wing, XYZ-Wing, W-Wing (positions from
//! HoDoKu's regression library, plus built ones) and WXYZ-Wing (HoDoKu has
//! none: built positions only). Built positions use explicit pencil marks:
//! every cell not named holds 5-9, so only the named cells take part.

use crate::single_digit::cell;
use sudoku_sensei::bitset::DigitSet;
use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::{step_line, step_sentence};
use sudoku_sensei::step::Evidence;
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Digit, Grid, Technique};

/// A unique puzzle's context, with an empty cache.
fn ctx() -> Context {
    Context::new(true)
}

fn lines(t: Technique, board: &Board) -> Vec<String> {
    all_steps(t, board, &ctx()).iter().map(step_line).collect()
}

/// Every cell holds 5-9 except the named ones, which hold the given digits.
fn marks(spec: &[(&str, &str)]) -> Board {
    let mut cands = [DigitSet::from_bits(0b11_1110_0000); 81];
    for (c, digits) in spec {
        cands[cell(c).index()] = digits
            .bytes()
            .map(|b| Digit::new(b - b'0').unwrap())
            .collect();
    }
    Board::from_pencilmarks(&Grid::default(), &cands).expect("pencil marks")
}

/// The library case's board, and whether some step of `t` has exactly its
/// eliminations; returns that step's line.
fn library_step(t: Technique, line: &str) -> (String, String) {
    let case = parse_library_line(line).expect("library line");
    let steps = all_steps(t, &case.board, &ctx());
    let step = steps
        .iter()
        .find(|s| s.eliminations == case.eliminations)
        .unwrap_or_else(|| {
            panic!(
                "no step with the expected eliminations; found {:#?}",
                steps.iter().map(step_line).collect::<Vec<_>>()
            )
        });
    (step_line(step), step_sentence(step))
}

// ---- XY-Wing ----

#[test]
fn xy_wing_library() {
    let (line, sentence) = library_step(
        Technique::XyWing,
        ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::",
    );
    assert_eq!(line, "XY-Wing: 1/6/9 in r4c1,r4c4,r5c2 => r4c23,r5c456<>9");
    assert!(sentence.contains("cannot be 9"), "{sentence}");
}

#[test]
fn xy_wing_built_and_near_miss() {
    let board = marks(&[
        ("r1c1", "12"),
        ("r1c5", "13"),
        ("r2c2", "23"),
        ("r2c6", "356789"),
    ]);
    assert_eq!(
        lines(Technique::XyWing, &board),
        ["XY-Wing: 1/2/3 in r1c1,r1c5,r2c2 => r2c6<>3"]
    );
    let step = &all_steps(Technique::XyWing, &board, &ctx())[0];
    assert!(matches!(
        &step.evidence,
        Evidence::Wing { pivot, pincers, .. } if *pivot == cell("r1c1") && pincers == &[cell("r1c5"), cell("r2c2")]
    ));
    // Both "pincers" share 1 with the pivot: no wing.
    let board = marks(&[
        ("r1c1", "12"),
        ("r1c5", "13"),
        ("r2c2", "13"),
        ("r2c6", "356789"),
    ]);
    assert!(lines(Technique::XyWing, &board).is_empty());
}

// ---- XYZ-Wing ----

#[test]
fn xyz_wing_library() {
    let (line, _) = library_step(
        Technique::XyzWing,
        ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::",
    );
    assert_eq!(line, "XYZ-Wing: 4/7/6 in r3c4,r3c7,r2c4 => r3c56<>6");
}

#[test]
fn xyz_wing_built_and_near_miss() {
    let spec = [
        ("r1c1", "123"),
        ("r1c5", "13"),
        ("r2c2", "23"),
        ("r1c3", "356789"),
        ("r2c6", "356789"),
    ];
    // r2c6 sees both pincers but not the pivot: it keeps its 3.
    assert_eq!(
        lines(Technique::XyzWing, &marks(&spec)),
        ["XYZ-Wing: 1/2/3 in r1c1,r1c5,r2c2 => r1c3<>3"]
    );
    // Pincers with the same two digits are no wing.
    let mut spec = spec;
    spec[2] = ("r2c2", "13");
    assert!(lines(Technique::XyzWing, &marks(&spec)).is_empty());
}

// ---- W-Wing ----

#[test]
fn w_wing_library() {
    let (line, sentence) = library_step(
        Technique::WWing,
        ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::",
    );
    assert_eq!(
        line,
        "W-Wing: 4/1 in r1c9,r8c7 connected by 1 in r18c3 => r123c7,r89c9<>4"
    );
    assert!(sentence.contains("cannot both be 1"), "{sentence}");
}

#[test]
fn w_wing_built_and_near_miss() {
    let mut spec = vec![
        ("r1c1", "12"),
        ("r9c9", "12"),
        ("r5c1", "156789"),
        ("r5c9", "156789"),
        ("r1c9", "256789"),
        ("r9c1", "256789"),
    ];
    assert_eq!(
        lines(Technique::WWing, &marks(&spec)),
        ["W-Wing: 2/1 in r1c1,r9c9 connected by 1 in r5c19 => r1c9,r9c1<>2"]
    );
    // A third 1 in row 5: no strong link, no wing.
    spec.push(("r5c5", "156789"));
    assert!(lines(Technique::WWing, &marks(&spec)).is_empty());
}

// ---- WXYZ-Wing ----

#[test]
fn wxyz_wing_built() {
    // Pivot r1c1 holds 1234 and sees r1c3 (34), r1c5 (14) and r2c2 (24):
    // 1, 2 and 3 fill at most one wing cell each, so 4 is in one of them;
    // r1c2 sees all four.
    let spec = [
        ("r1c1", "1234"),
        ("r1c3", "34"),
        ("r1c5", "14"),
        ("r2c2", "24"),
        ("r1c2", "456789"),
    ];
    let board = marks(&spec);
    assert_eq!(
        lines(Technique::WxyzWing, &board),
        ["WXYZ-Wing: 1/2/3/4 in r1c1,r1c3,r1c5,r2c2 => r1c2<>4"]
    );
    let step = &all_steps(Technique::WxyzWing, &board, &ctx())[0];
    let Evidence::Wing { pivot, digit, .. } = &step.evidence else {
        panic!("a wing")
    };
    assert_eq!((*pivot, digit.get()), (cell("r1c1"), 4));
    assert!(step_sentence(step).contains("so 4 must fill one of them"));
}

#[test]
fn wxyz_wing_near_misses() {
    // r4c3 instead of r1c3: 3 is no longer restricted (r1c1 and r4c3 do
    // not see each other), two digits are loose, nothing follows.
    let board = marks(&[
        ("r1c1", "1234"),
        ("r4c3", "34"),
        ("r1c5", "14"),
        ("r2c2", "24"),
        ("r1c2", "456789"),
    ]);
    assert!(lines(Technique::WxyzWing, &board).is_empty());
    // Four cells of one row holding four digits are a naked quadruple,
    // not a wing.
    let board = marks(&[
        ("r1c1", "12"),
        ("r1c2", "23"),
        ("r1c3", "34"),
        ("r1c4", "14"),
        ("r1c9", "156789"),
    ]);
    assert!(lines(Technique::WxyzWing, &board).is_empty());
}
