//! Tab-separated lines: the rating table of `sensei grade`.
//!
//! A comment line naming the rating rules, a header line, then one line per
//! puzzle: `line`, `puzzle`, the columns of the scales asked for (`er` `ep`
//! `ed`, `hodoku_level` `hodoku_score`, `class`), `hardest` and `guess`. A
//! value a scale cannot give (an unsolvable puzzle) is `-`. `grade` shows
//! no steps: its `hardest` and `guess` are those of the rating solves
//! (HoDoKu's; SE's or QQWing's when HoDoKu's scale is not asked for), and
//! the comment line says so.

use crate::grade::{self, Rating, Scales};
use crate::grid::Grid;

/// The comment line and the header line (each ending with a newline).
pub fn grade_header(scales: Scales) -> String {
    let mut cols = vec!["line", "puzzle"];
    if scales.se {
        cols.extend(["er", "ep", "ed"]);
    }
    if scales.hodoku {
        cols.extend(["hodoku_level", "hodoku_score"]);
    }
    if scales.class {
        cols.push("class");
    }
    cols.extend(["hardest", "guess"]);
    let whose = if scales.hodoku || !(scales.se || scales.class) {
        "HoDoKu's"
    } else if scales.se {
        "Sudoku Explainer's"
    } else {
        "QQWing's"
    };
    format!(
        "# se: {}; hodoku: {}; class: {}; hardest, guess: of {whose} rating solve\n{}\n",
        grade::SE_RULES,
        grade::HODOKU_RULES,
        grade::CLASS_RULES,
        cols.join("\t")
    )
}

/// The line of one puzzle (`line`: where it starts in its input), ending
/// with a newline.
pub fn grade_row(line: usize, puzzle: &Grid, scales: Scales, r: &Rating) -> String {
    let mut cols = vec![line.to_string(), puzzle.to_line()];
    if scales.se {
        match r.se {
            Some(se) => cols.extend([
                format!("{:.1}", se.er),
                format!("{:.1}", se.ep),
                format!("{:.1}", se.ed),
            ]),
            None => cols.extend(["-".to_string(), "-".to_string(), "-".to_string()]),
        }
    }
    if scales.hodoku {
        match r.hodoku {
            Some(h) => cols.extend([h.level.name().to_string(), h.score.to_string()]),
            None => cols.extend([r.outcome.slug().to_string(), "-".to_string()]),
        }
    }
    if scales.class {
        cols.push(r.class.map_or("-", |c| c.name()).to_string());
    }
    cols.push(r.hardest.map_or("-", |t| t.slug()).to_string());
    cols.push(if r.guessed { "yes" } else { "no" }.to_string());
    let mut s = cols.join("\t");
    s.push('\n');
    s
}
