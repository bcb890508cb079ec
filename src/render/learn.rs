//! The examples of the technique pages for learners (`docs/learn/`): for a
//! technique, one step of a real puzzle's solve, drawn (`img/<slug>.svg`)
//! and written as a markdown block between two markers, with the position
//! just before it to practise on.
//!
//! `tools/src/bin/technique_pages.rs` finds the examples in the shared puzzle
//! sets and writes the blocks and pictures; `tests/it/learn.rs` reads each
//! block's practice position back, finds the step again and checks that
//! the block and its picture are what this module writes. Rendering only:
//! the caller solves.

use crate::bitset::DigitSet;
use crate::board::Board;
use crate::grid::{Cell, Grid};
use crate::render::{svg, text};
use crate::step::Step;
use crate::technique::Technique;
use crate::Options;

/// The line that opens a technique's example block: `BEGIN` + slug + ` -->`.
pub const BEGIN: &str = "<!-- example: ";
/// The line that closes it.
pub const END: &str = "<!-- end of example -->";

/// Where an example comes from and the position to practise on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The puzzle, 81 characters.
    pub puzzle: String,
    /// Where the puzzle is: a file of the shared sets and its line.
    pub origin: String,
    /// The step's number in the solve of the puzzle (from 1).
    pub step: usize,
    /// The position just before the step: a 729-character candidate
    /// string, or a HoDoKu library line where the candidate string cannot
    /// say it (see [`practice_note`]).
    pub practice: String,
}

/// The position of an example as the solve reached it: the practice
/// position (which a player pastes; it reads every value as a given) with
/// the puzzle's givens as givens and its other values as placed values,
/// so that the picture tells them apart. `None` when the texts do not read.
pub fn board(source: &Source) -> Option<Board> {
    let practice = crate::format::parse_position(&source.practice).ok()?;
    let puzzle = crate::format::parse(&source.puzzle).ok()?;
    let mut grid = Grid::default();
    let mut cands = [DigitSet::EMPTY; 81];
    for cell in Cell::all() {
        match (puzzle.value(cell), practice.value(cell)) {
            (Some(d), _) => grid.set_given(cell, d),
            (None, Some(d)) => grid.set_placed(cell, d),
            (None, None) => cands[cell.index()] = practice.candidates(cell),
        }
    }
    Board::from_pencilmarks(&grid, &cands).ok()
}

/// The file of a technique's learner page under `docs/learn/` (a family's
/// page, the same name as its developer page under `docs/techniques/`).
pub fn page(t: Technique) -> Option<&'static str> {
    text::technique_doc(t)
}

/// The picture of an example: the whole step (hint level 3) with its line
/// under the grid; the page writes the sentence.
pub fn picture(board: &Board, step: &Step) -> String {
    svg::step_with_line(board, step)
}

/// Why the practice position is in the format it is in.
pub fn practice_note(practice: &str) -> &'static str {
    if practice.starts_with(':') {
        "as a HoDoKu library line (`:0000:x:` values, `+` before a placed \
         value, then the removed candidates): the 729-character format would \
         read a cell with one candidate left, or a placed value, as a given, \
         and the step would change"
    } else {
        "in the 729-character format (nine characters a cell, each candidate \
         in its place, `.` elsewhere)"
    }
}

/// The trainer's address when `sensei serve` runs with its defaults: the
/// "Try it" pictures link to its practice mode there.
pub const TRAINER: &str = "http://127.0.0.1:8765/";

/// How a block invites the reader to try the position, by turns (the same
/// words under every example read as boilerplate); `{name}` is the
/// technique's.
const TRY_IT: [&str; 4] = [
    "Try it yourself first: below is the position just before the step, with \
     its pencil marks. With `sensei serve` running, the picture opens the \
     trainer's practice of {name}.",
    "Your turn: the picture is the position one step earlier. Find the {name} \
     there; click the picture (with `sensei serve` running) to practise it in the \
     trainer, on this position and on new ones.",
    "Before reading the answer again, cover it and look for the {name} in the \
     position the solve had reached (below, every candidate shown). The picture \
     links to the trainer's practice mode (`sensei serve`).",
    "To practise, start from the position below, pencil marks and all, and find \
     the {name} in it; the trainer (`sensei serve`) checks your answer when you \
     open the picture's link.",
];

/// The technique a dual form's example is solved without: the plain
/// form, tried just before it, finds one half of a dual pattern first, so
/// with the default techniques the dual form is never the step found.
pub fn solved_without(t: Technique) -> Option<Technique> {
    match t {
        Technique::DualTwoStringKite => Some(Technique::TwoStringKite),
        Technique::DualEmptyRectangle => Some(Technique::EmptyRectangle),
        _ => None,
    }
}

/// The options an example of `t` is solved and read back with: the
/// default ones, without the plain form for a dual one (see
/// [`solved_without`]).
pub fn options(t: Technique) -> Options {
    let mut options = Options::default();
    if let Some(plain) = solved_without(t) {
        options.techniques.retain(|u| *u != plain);
    }
    options
}

/// The "Try it" picture of an example: the position just before the step,
/// with its pencil marks (`img/<slug>-try.svg`).
pub fn try_picture(board: &Board) -> String {
    svg::position(board)
}

/// A technique's example block, markers included, for the pictures at
/// `img/<slug>.svg` (the step) and `img/<slug>-try.svg` (the position to
/// try, see [`try_picture`]).
pub fn block(t: Technique, source: &Source, step: &Step) -> String {
    let (line, sentence) = text::step_text(step);
    let turn = Technique::all().position(|u| u == t).unwrap_or(0) % TRY_IT.len();
    let try_it = TRY_IT[turn].replace("{name}", t.name());
    let hint = match solved_without(t) {
        Some(plain) => format!("sensei hint --exclude {}", plain.slug()),
        None => "sensei hint".to_string(),
    };
    format!(
        "{BEGIN}{slug} -->\n\
         ![{name}: an example](img/{slug}.svg)\n\
         \n\
         `{line}`\n\
         \n\
         {sentence}\n\
         \n\
         Step {n} of the solve of `{puzzle}` ({origin}). {try_it}\n\
         \n\
         [![{name}: the position to try, with its pencil marks](img/{slug}-try.svg)]\
         ({TRAINER}#practice={slug})\n\
         \n\
         The same position {note}, for `{hint}` (add `--level 1`, `2` or `3`) or the \
         trainer's New puzzle box:\n\
         \n\
         ```text\n\
         {practice}\n\
         ```\n\
         {END}\n",
        slug = t.slug(),
        name = t.name(),
        n = source.step,
        puzzle = source.puzzle,
        origin = source.origin,
        note = practice_note(&source.practice),
        practice = source.practice,
    )
}

/// The source a block names: its puzzle, origin, step and practice
/// position (the inverse of [`block`] for those parts), or `None` when the
/// text is not such a block.
pub fn read_block(block: &str) -> Option<(String, Source)> {
    let slug = block.strip_prefix(BEGIN)?.split(" -->").next()?.to_string();
    let rest = block.split("\nStep ").nth(1)?;
    let (n, rest) = rest.split_once(" of the solve of `")?;
    let (puzzle, rest) = rest.split_once("` (")?;
    let (origin, rest) = rest.split_once("). ")?;
    let practice = rest.split("```text\n").nth(1)?.split('\n').next()?;
    Some((
        slug,
        Source {
            puzzle: puzzle.to_string(),
            origin: origin.to_string(),
            step: n.parse().ok()?,
            practice: practice.to_string(),
        },
    ))
}

/// The example blocks of a page, in order: (start, end) byte ranges, the
/// end marker included.
pub fn blocks(page: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = page[from..].find(BEGIN) {
        let start = from + i;
        let Some(j) = page[start..].find(END) else {
            break;
        };
        let end =
            start + j + END.len() + usize::from(page[start + j + END.len()..].starts_with('\n'));
        out.push((start, end));
        from = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_reads_back() {
        let source = Source {
            puzzle: "1".repeat(81),
            origin: "top1465.txt, line 7".to_string(),
            step: 12,
            practice: "1........".repeat(81),
        };
        let step = Step::placement(
            Technique::NakedSingle,
            crate::grid::Cell::at(0, 0),
            crate::grid::Digit::new(1).unwrap(),
            crate::step::Evidence::Guess {
                cell: crate::grid::Cell::at(0, 0),
                digit: crate::grid::Digit::new(1).unwrap(),
            },
        );
        let b = block(Technique::NakedSingle, &source, &step);
        assert_eq!(
            read_block(&b),
            Some(("naked-single".to_string(), source.clone()))
        );
        let page = format!("intro\n{b}middle\n{b}");
        let found = blocks(&page);
        assert_eq!(found.len(), 2);
        assert_eq!(&page[found[0].0..found[0].1], b);
    }
}
