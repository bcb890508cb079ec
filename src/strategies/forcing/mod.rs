//! Forcing chains and nets. Assume one thing (a premise: "r1c1 is 5", or
//! "r1c1 is not 5") and follow what it forces:
//!
//! - a digit set in a cell leaves its other candidates and its peers;
//! - a cell left with one candidate takes it (naked single), and a digit
//!   left with one place in a house goes there (hidden single).
//!
//! A **forcing chain** only follows implications that rest on one earlier
//! fact (the single then comes from a bivalue cell or a house with two
//! places for the digit); a **forcing net** follows the singles the whole
//! position allows, so an implication may rest on several earlier facts.
//! As HoDoKu's, a forcing chain may also pass through **group nodes** (the
//! places of a digit in a line inside one block, taken as one node).
//!
//! **Contradiction**: if the premise leads to an impossible position (a
//! candidate both set and removed, a cell with no candidate, a digit with no
//! place in a house), the premise is false. **Verity**: if every candidate of
//! a cell, or every place of a digit in a house, leads to the same fact,
//! that fact is true, since one of them is.
//!
//! Deeper nets, which HoDoKu lacks (it guesses there): a **(+) net**
//! applies, whenever the singles stand still, the basic techniques (locked
//! candidates, naked and hidden subsets, X-Wing, Swordfish, Jellyfish) to
//! the position it has reached; a **nested net** also removes every
//! candidate whose own forcing net (of singles) breaks the rules there.
//! Every fact records the facts it rests on, so a branch reads as a tree.

use super::{Context, Sink};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, Literal};
use crate::step::{Evidence, ForcingBranch, ForcingRule, Step};
use crate::technique::Technique;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

mod groups;
mod net;
#[cfg(test)]
mod tests;
mod tight;
mod tree;

use net::{Budget, Propagation, NESTED_BUDGET};

/// How far a premise's consequences are followed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Depth {
    /// Singles that rest on one earlier fact.
    Chain,
    /// Every single.
    Net,
    /// Every single, and at each standstill the basic techniques.
    Plus,
    /// As `Plus`, and at each standstill also a forcing net contradiction
    /// (a net inside the net).
    Nested,
}

/// The basic techniques a (+) net applies when singles stand still, easiest
/// first.
const BASIC: [Technique; 11] = [
    Technique::LockedCandidates1,
    Technique::LockedCandidates2,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::XWing,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::Swordfish,
    Technique::NakedQuadruple,
    Technique::HiddenQuadruple,
    Technique::Jellyfish,
];

/// How a forcing technique concludes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Conclusion {
    /// The premise leads to an impossible position, so it is false.
    Contradiction,
    /// Every premise of a cell or a house leads to the same fact.
    Verity,
}

/// The depth and the conclusion of a technique of this module.
fn kind(t: Technique) -> Option<(Depth, Conclusion)> {
    use Conclusion::*;
    Some(match t {
        Technique::ForcingChainContradiction => (Depth::Chain, Contradiction),
        Technique::ForcingChainVerity => (Depth::Chain, Verity),
        Technique::ForcingNetContradiction => (Depth::Net, Contradiction),
        Technique::ForcingNetVerity => (Depth::Net, Verity),
        Technique::ForcingNetPlusContradiction => (Depth::Plus, Contradiction),
        Technique::ForcingNetPlusVerity => (Depth::Plus, Verity),
        Technique::NestedForcingNetContradiction => (Depth::Nested, Contradiction),
        _ => return None,
    })
}

/// Whether this module finds `t`.
pub fn handles(t: Technique) -> bool {
    kind(t).is_some()
}

pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    let Some((depth, conclusion)) = kind(t) else {
        return ControlFlow::Continue(());
    };
    let mut steps: Vec<(usize, Effect, Found)> = match conclusion {
        Conclusion::Verity => verities(t, board, ctx, depth)
            .into_iter()
            .map(|(len, step)| (len, effect(&step), Found::Step(step)))
            .collect(),
        Conclusion::Contradiction => contradictions(t, board, ctx, depth),
    };
    // shortest explanations first, each effect once
    steps.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut seen = BTreeSet::new();
    let mut again = None;
    for (_, effect, found) in steps {
        if !seen.insert(effect) {
            continue;
        }
        let step = match found {
            Found::Step(step) => step,
            Found::Premise(premise) => {
                // followed again, to tell it
                let p = again.get_or_insert_with(|| Propagation::new(board, depth));
                p.follow(premise, &Budget::unlimited());
                contradiction_step(t, premise, p)
            }
        };
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// What a step places and removes.
type Effect = (Vec<Candidate>, Vec<Candidate>);

fn effect(step: &Step) -> Effect {
    (step.placements.clone(), step.eliminations.clone())
}

/// A step found, or the premise of a contradiction, told only when the
/// sink asks for it (most searches want only the shortest step).
enum Found {
    Step(Step),
    Premise(Literal),
}

/// The step of `premise`'s contradiction, which propagation `p` has just
/// followed: the premise is false.
fn contradiction_step(t: Technique, premise: Literal, p: &Propagation<'_>) -> Step {
    let (branches, cells) = p.conflict_branches(premise);
    let ev = Evidence::Forcing {
        branches,
        contradiction: cells,
    };
    let Literal { cand, on } = premise;
    if on {
        Step::elimination(t, vec![cand], ev)
    } else {
        Step::placement(t, cand.cell, cand.digit, ev)
    }
}

/// The facts of the branches, group nodes included.
fn branch_length(branches: &[ForcingBranch]) -> usize {
    branches
        .iter()
        .map(|b| b.chain.len() + 1 + group_node_count(b))
        .sum()
}

/// The group nodes a branch passes through.
pub fn group_node_count(b: &ForcingBranch) -> usize {
    b.reasons
        .iter()
        .map(|r| match &r.rule {
            ForcingRule::Group { nodes, .. } => nodes.len(),
            _ => 0,
        })
        .sum()
}

/// A nested search stops after this many contradictions (each costs a net
/// per candidate at each standstill): the shortest of the first few.
const NESTED_ENOUGH: usize = 4;

/// What each premise "set this candidate" forces: the candidates it sets
/// and those it removes, as bit grids per digit (by candidate index). A
/// record may be only a bound: what a premise forced that set this
/// candidate, which forces no less (see `contradictions`).
pub(crate) struct Forced {
    /// slot[candidate index]: its record's index in `closures` + 1, or 0.
    slot: Vec<u16>,
    closures: Vec<Closure>,
}

/// What a premise forces, or (not `exact`) a bound of it.
#[derive(Clone, Copy)]
struct Closure {
    on: [CellSet; 9],
    off: [CellSet; 9],
    exact: bool,
}

impl Closure {
    /// What propagation `p` reached.
    fn of(p: &Propagation<'_>) -> Closure {
        let mut on = [CellSet::EMPTY; 9];
        let mut off = [CellSet::EMPTY; 9];
        for (lit, _) in &p.trail {
            let d = lit.cand.digit.index();
            if lit.on {
                on[d].insert(lit.cand.cell);
            } else {
                off[d].insert(lit.cand.cell);
            }
        }
        Closure {
            on,
            off,
            exact: true,
        }
    }
}

impl Forced {
    fn new() -> Forced {
        Forced {
            slot: vec![0; 729],
            closures: Vec::new(),
        }
    }

    fn record(&mut self, cand: Candidate, closure: Closure) {
        let Some(slot) = self.slot.get_mut(cand.index()) else {
            return;
        };
        match (*slot as usize).checked_sub(1) {
            Some(i) => {
                if let Some(c) = self.closures.get_mut(i) {
                    *c = closure;
                }
            }
            None => {
                self.closures.push(closure);
                *slot = self.closures.len() as u16;
            }
        }
    }

    fn of(&self, cand: Candidate) -> Option<&Closure> {
        let i = (*self.slot.get(cand.index())? as usize).checked_sub(1)?;
        self.closures.get(i)
    }
}

/// The key of a depth whose propagations do not depend on the budget (it
/// only bounds the inner nets of a nested net), so a contradiction search
/// and a verity search of one position run the same ones.
fn shared_depth(depth: Depth) -> Option<u8> {
    (depth != Depth::Nested).then_some(depth as u8)
}

fn contradictions(
    t: Technique,
    board: &Board,
    ctx: &Context,
    depth: Depth,
) -> Vec<(usize, Effect, Found)> {
    let mut out = Vec::new();
    let budget = Budget::new(NESTED_BUDGET);
    // the verity search of this depth runs the same "set" premises
    let mut forced = shared_depth(depth)
        .filter(|&d| ctx.cache.forced(board, d).is_none())
        .map(|d| (d, Forced::new()));
    let mut p = Propagation::new(board, depth);
    // A chain's or a net's consequences grow with its facts: a premise
    // reached by another premise's net reaches nothing that net did not,
    // so when that net breaks no rule, neither does its own. `cleared[d]`:
    // the cells whose "not d" such a net reached. The "set" premises run
    // first, their nets reach most "remove" premises. A (+) net nearly so:
    // a pattern its standstill finds with fewer facts known may be gone
    // with more, but what it removed then follows from singles and a
    // smaller pattern (a pair of a triple whose third cell is set, a fish
    // on fewer lines), which the net also applies; the exception is a
    // subset that shrinks to a locked pair or triple, which a net's naked
    // subsets leave to Locked Pair/Triple, not among its techniques. A
    // premise skipped there would only leave its contradiction unfound:
    // every step is still a premise followed to a broken rule (the
    // explain output of the samples and the corpus is the same). The
    // order of the premises changes nothing found: each contradiction is
    // kept with its length, and sorted. The same holds of a "set" premise
    // that such a net set: `reached[d]`, the cells whose "d" it set. They
    // are left out of nets, not chains (whose search mostly finds nothing,
    // and the verity search after it would follow them all again);
    // For plain nets, which are monotone, `forced` keeps the net that set
    // one as its bound, which the verity search follows exactly where the
    // bound would conclude. A (+) net's premise may force a fact its bound
    // lacks, so none is kept there: the verity search follows it.
    // A nested net is as near monotone as a (+) net (its inner nets are
    // plain nets, which are), but its search stops after a few
    // contradictions, so its premises keep their order, each candidate's
    // two together; a premise left out spends none of the budget, which
    // then lasts as long or longer.
    let set_first = depth <= Depth::Plus;
    let skip_set = depth >= Depth::Net;
    let bounds = depth == Depth::Net;
    let mut cleared = [CellSet::EMPTY; 9];
    let mut reached = [CellSet::EMPTY; 9];
    let cands = board.candidate_list();
    let premises: Vec<Literal> = if set_first {
        let set = cands.iter().map(|&cand| Literal { cand, on: true });
        set.chain(cands.iter().map(|&cand| Literal { cand, on: false }))
            .collect()
    } else {
        cands
            .iter()
            .flat_map(|&cand| [true, false].map(|on| Literal { cand, on }))
            .collect()
    };
    for premise in premises {
        let Literal { cand, on } = premise;
        if depth == Depth::Nested && out.len() >= NESTED_ENOUGH {
            break;
        }
        if !budget.left() {
            break;
        }
        let passed = if on { &reached } else { &cleared };
        if (skip_set || !on) && passed[cand.digit.index()].contains(cand.cell) {
            continue;
        }
        p.follow(premise, &budget);
        let closure = on.then(|| Closure::of(&p));
        if let (Some((_, f)), Some(closure)) = (&mut forced, closure) {
            f.record(cand, closure);
        }
        if p.conflict.is_none() {
            for (lit, _) in p.trail.iter().skip(1) {
                let passed = if lit.on { &mut reached } else { &mut cleared };
                passed[lit.cand.digit.index()].insert(lit.cand.cell);
                if let (true, Some((_, f)), Some(closure)) =
                    (bounds && lit.on, &mut forced, closure)
                {
                    if f.of(lit.cand).is_none() {
                        let bound = Closure {
                            exact: false,
                            ..closure
                        };
                        f.record(lit.cand, bound);
                    }
                }
            }
            continue;
        }
        let effect = if on {
            (vec![], vec![cand])
        } else {
            (vec![cand], vec![])
        };
        if depth == Depth::Nested {
            // (told now: following it again would spend the budget again)
            let step = contradiction_step(t, premise, &p);
            let len = match &step.evidence {
                Evidence::Forcing { branches, .. } => branch_length(branches),
                _ => 0,
            };
            out.push((len, effect, Found::Step(step)));
        } else {
            out.push((p.conflict_length(), effect, Found::Premise(premise)));
        }
    }
    if let Some((d, f)) = forced {
        ctx.cache.set_forced(board, d, f);
    }
    out
}

/// Facts forced by every premise of a group (the candidates of a cell, or
/// the places of a digit in a house) that change the board.
fn verities(t: Technique, board: &Board, ctx: &Context, depth: Depth) -> Vec<(usize, Step)> {
    // what each "set this candidate" premise forces, as two bit grids (the
    // contradiction search of this depth may have found it already, or a
    // bound of it)
    let cached = shared_depth(depth).and_then(|d| ctx.cache.forced(board, d));
    let mut exact = Forced::new();
    let mut p = Propagation::new(board, depth);
    let mut follow = |cand: Candidate, exact: &mut Forced| {
        p.follow(Literal { cand, on: true }, &Budget::unlimited());
        exact.record(cand, Closure::of(&p));
    };
    // (a premise the contradiction search left out without a bound, as in
    // a (+) net, is followed now; one with a bound where it concludes)
    for cand in board.candidate_list() {
        if cached.as_ref().is_none_or(|f| f.of(cand).is_none()) {
            follow(cand, &mut exact);
        }
    }
    let mut groups: Vec<Vec<Candidate>> = Vec::new();
    for c in Cell::all() {
        let ds = board.candidates(c);
        if ds.len() >= 2 {
            groups.push(ds.iter().map(|d| Candidate::new(c, d)).collect());
        }
    }
    for h in House::all() {
        for d in Digit::all() {
            let cells = board.positions_in(d, h);
            if cells.len() >= 2 {
                groups.push(cells.iter().map(|c| Candidate::new(c, d)).collect());
            }
        }
    }
    let mut out = Vec::new();
    for group in groups {
        let closure_of = |cand: Candidate, exact: &Forced| {
            exact
                .of(cand)
                .or_else(|| cached.as_ref().and_then(|f| f.of(cand)))
                .copied()
        };
        let mut conclusions = common_facts(board, &group, |c| closure_of(c, &exact));
        if conclusions.is_empty() {
            continue;
        }
        // a bound concludes at least what the premise does: follow the
        // premises only bounded, and conclude again
        let bounded: Vec<Candidate> = group
            .iter()
            .copied()
            .filter(|&c| closure_of(c, &exact).is_none_or(|f| !f.exact))
            .collect();
        if !bounded.is_empty() {
            for &cand in &bounded {
                follow(cand, &mut exact);
            }
            conclusions = common_facts(board, &group, |c| closure_of(c, &exact));
            if conclusions.is_empty() {
                continue;
            }
        }
        let runs: Vec<Propagation<'_>> = group
            .iter()
            .map(|&cand| {
                Propagation::run(
                    board,
                    depth,
                    Literal { cand, on: true },
                    &Budget::unlimited(),
                )
            })
            .collect();
        for lit in conclusions {
            out.push(verity_step(t, &group, &runs, lit));
        }
    }
    out
}

/// The facts that change the board and that every premise of `group`
/// forces (`closure_of` tells what each forces).
fn common_facts(
    board: &Board,
    group: &[Candidate],
    closure_of: impl Fn(Candidate) -> Option<Closure>,
) -> Vec<Literal> {
    let mut on = [CellSet::ALL; 9];
    let mut off = [CellSet::ALL; 9];
    for &cand in group {
        if let Some(f) = closure_of(cand) {
            for d in 0..9 {
                on[d] &= f.on[d];
                off[d] &= f.off[d];
            }
        }
    }
    let mut conclusions = Vec::new();
    for d in Digit::all() {
        for cell in on[d.index()] {
            if board.value(cell).is_none() {
                conclusions.push(Literal {
                    cand: Candidate::new(cell, d),
                    on: true,
                });
            }
        }
        for cell in off[d.index()] & board.positions(d) {
            conclusions.push(Literal {
                cand: Candidate::new(cell, d),
                on: false,
            });
        }
    }
    conclusions
}

fn verity_step(
    t: Technique,
    group: &[Candidate],
    runs: &[Propagation<'_>],
    conclusion: Literal,
) -> (usize, Step) {
    let branches: Vec<ForcingBranch> = group
        .iter()
        .zip(runs)
        .map(|(&cand, p)| {
            let premise = Literal { cand, on: true };
            let targets: Vec<usize> = p.position(conclusion).into_iter().collect();
            p.branch(premise, &targets)
        })
        .collect();
    let len = branch_length(&branches);
    let ev = Evidence::Forcing {
        branches,
        contradiction: CellSet::EMPTY,
    };
    let c = conclusion.cand;
    let step = if conclusion.on {
        Step::placement(t, c.cell, c.digit, ev)
    } else {
        Step::elimination(t, vec![c], ev)
    };
    (len, step)
}
