//! Fixtures for the singles: each finds what it must, with the right text,
//! and finds nothing where it must not.

use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::{step_line, step_sentence};
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{parse, Board, Technique};

/// A unique puzzle's context, with an empty cache.
fn ctx() -> Context {
    Context::new(true)
}

fn board(line: &str) -> Board {
    parse_library_line(line).expect("library line").board
}

#[test]
fn full_house_fills_the_last_cell_of_a_house() {
    let b = board(":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:");
    let steps = all_steps(Technique::FullHouse, &b, &ctx());
    let first = &steps[0];
    assert_eq!(step_line(first), "Full House: r8c2=1");
    assert!(
        step_sentence(first).contains("last empty cell"),
        "{}",
        step_sentence(first)
    );
}

#[test]
fn naked_single_and_hidden_single_on_the_leetcode_board() {
    let g =
        parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
            .expect("parse");
    let b = Board::from_grid(&g).expect("board");
    let naked = all_steps(Technique::NakedSingle, &b, &ctx());
    assert_eq!(step_line(&naked[0]), "Naked Single: r5c5=5");
    let hidden = all_steps(Technique::HiddenSingle, &b, &ctx());
    // blocks are searched first, as HoDoKu does
    assert!(step_line(&hidden[0]).starts_with("Hidden Single: "));
    assert!(
        step_sentence(&hidden[0]).starts_with("In block "),
        "{}",
        step_sentence(&hidden[0])
    );
}

#[test]
fn no_single_on_an_empty_grid() {
    let b = Board::empty();
    for t in [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ] {
        assert!(all_steps(t, &b, &ctx()).is_empty(), "{t:?}");
    }
}

#[test]
fn no_full_house_with_two_empty_cells() {
    // row 1 has two empty cells: neither is a full house of the row
    let g = parse(&format!("1234567..{}", ".".repeat(72))).expect("parse");
    let b = Board::from_grid(&g).expect("board");
    assert!(all_steps(Technique::FullHouse, &b, &ctx()).is_empty());
}
