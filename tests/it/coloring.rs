//! Fixtures for coloring: positions from HoDoKu's regression library where
//! each technique must find the library's step (exact eliminations and
//! line), and near-misses where it must find nothing.

use crate::common::{case, finds, nothing_after, nothing_on_empty_board};
use sudoku_sensei::render::text::step_line;
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::Technique;

const TRAP: &str =
    ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9+5+7.+683+872.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133::";
const TRAP_B: &str =
    ":0500:3:21+4..+6.....+79.+2..4...4.7.....+1+87..32..+26+9.....48.21..642.+7.986+1..91+68...1+86+2+4...9:937 938 387 587 787 588 788 789:319 339 381::";
const WRAP: &str =
    ":0501:8:+6+5+9...+1+3...+1.3.6+252.+31+65.4+9.+2..9+63+1.+36.7..5+9.+91.+3.4.+6279.6..+2+5+35.+6...9811.2...+4+7+6:814 815 424 826 443 843 849 855 856 863 875 285 896:819 821 824 832 844 853 867 876 892 895::";
const MC1: &str =
    ":0502:2:.9..4187678.3..15441.8..329..91...6.1...6.9..674..851.967485231.4..12.95521......::245::";
const MC2: &str =
    ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::";
const XY: &str =
    ":0702:7:76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.::758 787::19";

#[test]
fn simple_colors_trap() {
    finds(
        Technique::SimpleColorsTrap,
        TRAP,
        "Simple Colors Trap: 1 (r1c3,r2c6,r4c4,r7c9,r8c5) / (r1c5,r3c9,r7c4) => r2c78,r3c23<>1",
    );
    nothing_after(Technique::SimpleColorsTrap, TRAP_B);
}

#[test]
fn simple_colors_wrap() {
    finds(
        Technique::SimpleColorsWrap,
        WRAP,
        "Simple Colors Wrap: 8 (r1c6,r3c7,r4c1,r5c9,r6c5,r7c3) / (r1c9,r2c1,r2c4,r3c2,r4c4,r5c3,r6c7,r7c6,r9c2,r9c5) => r1c9,r2c14,r3c2,r4c4,r5c3,r6c7,r7c6,r9c25<>8",
    );
    nothing_after(Technique::SimpleColorsWrap, WRAP);
}

#[test]
fn multi_colors() {
    finds(
        Technique::MultiColors1,
        MC1,
        "Multi Colors 1: 2 (r1c1,r5c3) / (r4c1), (r1c4,r2c3) / (r2c5) => r4c5<>2",
    );
    finds(
        Technique::MultiColors2,
        MC2,
        "Multi Colors 2: 8 (r2c3,r3c5) / (r2c4,r3c2), (r5c2) / (r5c4) => r2c4,r3c2<>8",
    );
    nothing_after(Technique::MultiColors2, MC2);
}

#[test]
fn medusa_3d() {
    let c = case(XY);
    let steps = all_steps(Technique::Medusa3D, &c.board, &Context::new(true));
    assert_eq!(
        step_line(&steps[0]),
        "3D Medusa: ((1)r3c1,(8)r3c3,(8)r5c2,(2)r6c1,(1)r6c3,(8)r7c1,(2)r7c2) / ((8)r3c1,(1)r3c3,(5)r5c2,(8)r5c3,(2)r6c2,(2)r7c1,(8)r7c2) => r6c13<>5"
    );
}

#[test]
fn coloring_finds_nothing_without_strong_links() {
    for t in [
        Technique::SimpleColorsTrap,
        Technique::SimpleColorsWrap,
        Technique::MultiColors1,
        Technique::MultiColors2,
        Technique::Medusa3D,
    ] {
        nothing_on_empty_board(t);
    }
}
