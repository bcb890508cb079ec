//! Checking a player's step: "is this set of eliminations and placements a
//! valid step of technique T in this position?" ([`check_step`]).
//!
//! Any step of the technique counts, not only the first one sensei would
//! take: the technique's finder lists every step of the position, and the
//! player's marks are compared with each. The answer is one of three
//! ([`StepCheck`]): right (the marks are a whole step, or several whole
//! steps together), partly right (every mark belongs to one step, which
//! does more), or not valid (a mark no step of the technique makes, with
//! the reason). No I/O, no panic on any input.

use crate::board::Board;
use crate::exact::{self, Count};
use crate::grid::{Candidate, Cell};
use crate::step::Step;
use crate::strategies::{self, Context};
use crate::technique::Technique;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// The most steps of one technique looked at in one position (a forcing
/// net may have thousands; the player's are among the first in practice).
const MOST_STEPS: usize = 5_000;

/// A player's marks: the values they say the step places and the
/// candidates they say it removes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
}

/// What is wrong with a player's step.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// No placement and no elimination was marked.
    NothingMarked,
    /// The technique has no step in this position at all.
    NoStep,
    /// A placement in a cell that already holds a value.
    CellFilled { cell: Cell, value: u8 },
    /// A placement or elimination of a digit the cell no longer has as a
    /// candidate.
    NotACandidate(Candidate),
    /// No step of the technique removes this candidate: the cell can still
    /// hold the digit as far as the technique goes.
    NotRemoved(Candidate),
    /// No step of the technique places this value.
    NotPlaced(Candidate),
}

/// The answer to a player's step.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum StepCheck {
    /// The marks are exactly a step of the technique (or several whole
    /// steps): `step` is the first of them, to draw.
    Right { step: Step },
    /// Every mark belongs to `step`, which does more: the player found
    /// `found` of its `total` effects; `missing` are the others.
    Partly {
        step: Step,
        found: usize,
        total: usize,
        missing: Marks,
    },
    /// The marks are not a step of the technique.
    NotValid { problem: Problem },
}

impl StepCheck {
    /// `right`, `partly` or `not_valid`.
    pub fn status(&self) -> &'static str {
        match self {
            StepCheck::Right { .. } => "right",
            StepCheck::Partly { .. } => "partly",
            StepCheck::NotValid { .. } => "not_valid",
        }
    }

    /// The answer in a sentence, naming the technique `t`.
    pub fn message(&self, t: Technique) -> String {
        let name = t.name();
        match self {
            StepCheck::Right { .. } => format!("Right: you found the {name}."),
            StepCheck::Partly {
                step, found, total, ..
            } => {
                let what = match (step.placements.is_empty(), step.eliminations.is_empty()) {
                    (true, _) => "eliminations",
                    (false, true) => "placements",
                    (false, false) => "changes (placements and eliminations)",
                };
                format!(
                    "Partly right: you found {found} of {total} {what} of this {name}; \
                     look for the rest."
                )
            }
            StepCheck::NotValid { problem } => match problem {
                Problem::NothingMarked => format!(
                    "Mark the candidates the {name} removes (click them) or the value it \
                     places, then check."
                ),
                Problem::NoStep => format!("There is no {name} in this position."),
                Problem::CellFilled { cell, value } => {
                    format!("Not valid: {cell} already holds {value}.")
                }
                Problem::NotACandidate(c) => format!(
                    "Not valid: {} is not a candidate of {} any more.",
                    c.digit, c.cell
                ),
                Problem::NotRemoved(c) => format!(
                    "Not valid: {} can still be {}: no {name} in this position removes it.",
                    c.cell, c.digit
                ),
                Problem::NotPlaced(c) => format!(
                    "Not valid: no {name} in this position places {} in {}.",
                    c.digit, c.cell
                ),
            },
        }
    }
}

/// One effect of a step: a placement (`true`) or an elimination.
type Effect = (bool, Candidate);

fn effects(placements: &[Candidate], eliminations: &[Candidate]) -> BTreeSet<Effect> {
    placements
        .iter()
        .map(|&c| (true, c))
        .chain(eliminations.iter().map(|&c| (false, c)))
        .collect()
}

/// Whether `marks` on `board` are a valid step of `technique`: right,
/// partly right or not valid (see [`StepCheck`]). Uniqueness techniques
/// count only when the givens have exactly one solution, as in a hint.
pub fn check_step(board: &Board, technique: Technique, marks: &Marks) -> StepCheck {
    let not_valid = |problem| StepCheck::NotValid { problem };
    let wanted = effects(&marks.placements, &marks.eliminations);
    if wanted.is_empty() {
        return not_valid(Problem::NothingMarked);
    }
    for &(_, c) in &wanted {
        if let Some(v) = board.value(c.cell) {
            return not_valid(Problem::CellFilled {
                cell: c.cell,
                value: v.get(),
            });
        }
        if !board.has_candidate(c.cell, c.digit) {
            return not_valid(Problem::NotACandidate(c));
        }
    }
    let steps = steps_of(board, technique, &wanted);
    if steps.is_empty() {
        return not_valid(Problem::NoStep);
    }
    let step_effects: Vec<BTreeSet<Effect>> = steps
        .iter()
        .map(|s| effects(&s.placements, &s.eliminations))
        .collect();
    // a mark no step makes
    for &(place, c) in &wanted {
        if !step_effects.iter().any(|e| e.contains(&(place, c))) {
            return not_valid(if place {
                Problem::NotPlaced(c)
            } else {
                Problem::NotRemoved(c)
            });
        }
    }
    // one whole step
    if let Some(k) = step_effects.iter().position(|e| *e == wanted) {
        return right(&steps[k]);
    }
    // part of one step: the one closest to done
    let within = step_effects
        .iter()
        .enumerate()
        .filter(|(_, e)| e.is_superset(&wanted))
        .min_by_key(|(_, e)| e.len());
    if let Some((k, _)) = within {
        return partly(&steps[k], &step_effects[k], &wanted);
    }
    // several whole steps together
    let whole: Vec<usize> = (0..steps.len())
        .filter(|&k| step_effects[k].is_subset(&wanted))
        .collect();
    let covered: BTreeSet<Effect> = whole
        .iter()
        .flat_map(|&k| step_effects[k].iter().copied())
        .collect();
    if covered == wanted {
        if let Some(&k) = whole.first() {
            return right(&steps[k]);
        }
    }
    // marks spread over steps, some unfinished: the step holding most of them
    let best = (0..steps.len())
        .filter(|&k| !step_effects[k].is_subset(&wanted))
        .max_by_key(|&k| {
            (
                step_effects[k].intersection(&wanted).count(),
                usize::MAX - step_effects[k].len(),
            )
        });
    match best {
        Some(k) => partly(&steps[k], &step_effects[k], &wanted),
        None => not_valid(Problem::NoStep),
    }
}

fn right(step: &Step) -> StepCheck {
    StepCheck::Right { step: step.clone() }
}

fn partly(step: &Step, all: &BTreeSet<Effect>, wanted: &BTreeSet<Effect>) -> StepCheck {
    let mut missing = Marks::default();
    for &(place, c) in all.difference(wanted) {
        if place {
            missing.placements.push(c);
        } else {
            missing.eliminations.push(c);
        }
    }
    StepCheck::Partly {
        step: step.clone(),
        found: all.intersection(wanted).count(),
        total: all.len(),
        missing,
    }
}

/// The steps of `technique` on `board` (at most [`MOST_STEPS`]), stopping
/// at one whose effects are exactly `wanted`.
fn steps_of(board: &Board, technique: Technique, wanted: &BTreeSet<Effect>) -> Vec<Step> {
    let mut givens = [0u8; 81];
    for cell in board.grid().givens() {
        givens[cell.index()] = board.grid().values()[cell.index()];
    }
    let unique = exact::count(&givens, 2) == Count::Unique;
    let ctx = Context::new(unique);
    let mut steps = Vec::new();
    let _ = strategies::find(technique, board, &ctx, &mut |s| {
        let exact = effects(&s.placements, &s.eliminations) == *wanted;
        steps.push(s);
        if exact || steps.len() >= MOST_STEPS {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    steps
}
