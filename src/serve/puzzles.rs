//! The trainer's built-in puzzles: three per HoDoKu level, made by HoDoKu
//! 2.2.0's generator (the calibration set of `../shared/data/ratings`) and
//! rated by sensei's graders as HoDoKu and Sudoku Explainer rate them (a
//! test checks every rating here against `grade::grade`). None needs a
//! guess.

use crate::technique::Level;

/// A built-in puzzle and its ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Builtin {
    /// `Easy 1`, `Hard 3`, ...
    pub name: &'static str,
    /// HoDoKu's level.
    pub level: Level,
    /// HoDoKu's score.
    pub score: u32,
    /// Sudoku Explainer's ER.
    pub er: f32,
    /// The 81 cells, `.` for empty.
    pub puzzle: &'static str,
}

const fn p(name: &'static str, level: Level, score: u32, er: f32, puzzle: &'static str) -> Builtin {
    Builtin {
        name,
        level,
        score,
        er,
        puzzle,
    }
}

const BUILTIN: [Builtin; 15] = [
    p(
        "Easy 1",
        Level::Easy,
        204,
        1.5,
        "...1.89.......6.2.....9753.935...84.6.......5.28...319.6347.....1.6.......48.2...",
    ),
    p(
        "Easy 2",
        Level::Easy,
        218,
        1.5,
        "..2....7...68.......3.128.6..12...9..28.4.73..9...71..5.962.4.......39...1....3..",
    ),
    p(
        "Easy 3",
        Level::Easy,
        280,
        1.5,
        "....53.....2.8....51......4.716....3.54...62.3....981.1......59....4.2.....51....",
    ),
    p(
        "Medium 1",
        Level::Medium,
        800,
        2.8,
        ".2487.......23...775.......517....2..9.714.3..4....791.......796...57.......9861.",
    ),
    p(
        "Medium 2",
        Level::Medium,
        844,
        2.6,
        "5...8.74.3....4..2.7.9..1........9.....247.....5........1..2.3.4..8....6.56.9...4",
    ),
    p(
        "Medium 3",
        Level::Medium,
        884,
        3.2,
        ".......982.......4..14.92..93..8.....6..1..4.....7..39..96.87..3.......285.......",
    ),
    p(
        "Hard 1",
        Level::Hard,
        1050,
        4.2,
        ".....4..96...71.85.......1..7.58...1.6931285.8...97.2..2.......78.23...61..7.....",
    ),
    p(
        "Hard 2",
        Level::Hard,
        1222,
        4.2,
        "....75..2..73.29..2.......5....8.3.66.1...2.93.8.4....8.......1..69.87..7..52....",
    ),
    p(
        "Hard 3",
        Level::Hard,
        1384,
        7.1,
        "..9.1..8..1.34...543....9.......67......8......75.......3....146...58.2..4..2.6..",
    ),
    p(
        "Unfair 1",
        Level::Unfair,
        1708,
        7.1,
        ".61.2......76....9.....73...36.....4...8.2...1.....27...35.....4....37......9.81.",
    ),
    p(
        "Unfair 2",
        Level::Unfair,
        1750,
        7.2,
        "...5..4.3.781..6......6..81756.....................53824..5......1..837.5.7..9...",
    ),
    p(
        "Unfair 3",
        Level::Unfair,
        1784,
        7.2,
        "19.3...8......86..6587.......4.9.8...7.8.1.4...1.3.9.......3428..31......8...2.13",
    ),
    p(
        "Extreme 1",
        Level::Extreme,
        1842,
        7.1,
        ".....8....83..7.9.6..5.3.2.7.....93.1..9.4..2.98.....5.7.2.6..3.4.8..67....3.....",
    ),
    p(
        "Extreme 2",
        Level::Extreme,
        1852,
        7.2,
        "7...25.....89...5.56..8....6915........6.7........8236....1..65.1...63.....25...8",
    ),
    p(
        "Extreme 3",
        Level::Extreme,
        3080,
        7.1,
        ".73.....152...736.8.....7.....6.321....529....328.4.....8.....2.694...873.....69.",
    ),
];

/// The built-in puzzles, easiest first.
pub fn builtin() -> &'static [Builtin] {
    &BUILTIN
}
