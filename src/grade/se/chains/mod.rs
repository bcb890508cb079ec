//! Sudoku Explainer's chaining rules, modelled for SE-style ratings.
//!
//! SE reasons with *potentials*: a candidate assumed set ("on") or removed
//! ("off"). An "on" potential turns off the other candidates of its cell
//! (the Y rule) and the digit in the cell's peers (the X rule); an "off"
//! potential turns on the other candidate of a two-candidate cell (Y) and
//! the other place of a digit with two places in a house (X).
//!
//! - **Cycles** (Bidirectional X-/Y-Cycle, Bidirectional Cycle): a loop
//!   of such implications from a potential back to itself holds in both
//!   directions, so a candidate outside the loop's cells that sees a
//!   candidate of its digit set in the loop and one removed in the loop is
//!   false either way.
//! - **Forcing chains** (Forcing X-Chain, Forcing Chain): a potential
//!   implies its own opposite, so it is false.
//! - **Aligned Pair/Triplet Exclusion**: no possible combination of values
//!   of two or three cells gives a candidate its digit.
//! - **Nishio**: one digit, *dynamic* (the implications see the removals
//!   made so far): setting or removing a candidate leads to a candidate both
//!   set and removed.
//! - **Multiple forcing chains** (Cell/Region Forcing Chains): every
//!   candidate of a cell, or every place of a digit in a house, implies the
//!   same potential.
//! - **Dynamic forcing chains**: contradiction, double (a candidate set and
//!   removed imply the same potential), cell and region, all dynamic.
//!
//! Each rule has SE's base rating, plus SE's length penalty counted on the
//! potentials the conclusion rests on (SE's "complexity" less two). Among
//! the hints of one rule family the lowest-rated one is taken, then the
//! shortest, as SE does. The searches follow SE's order (cells in order, a
//! cell's houses block, row, column) because it decides which of two
//! equally rated chains is found, and so the rest of the solve. SE's source
//! was read to learn these rules; this is an independent implementation.

use super::se_length_penalty;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, Literal};
use crate::step::{
    Chain, ChainNode, Evidence, ForcingBranch, ForcingReason, ForcingRule, LinkKind, Step,
};
use crate::technique::Technique;

mod cycles;
mod implications;
mod multiple;
mod nested;
mod reach;

pub use cycles::forcing_chains_and_cycles;
pub use multiple::{dynamic_chains, multiple_chains, nishio};
pub use nested::{forget_inner_searches, nested_chains};

/// A step with its SE rating.
#[derive(Clone, Debug)]
pub struct Hint {
    pub step: Step,
    pub rating: f32,
    /// The number of potentials the conclusion rests on (ties: shorter first).
    pub complexity: usize,
    /// SE's order among hints of equal rating and length.
    pub sort_key: u8,
}

/// How many potentials SE leaves out of a chain's length before the penalty.
const LENGTH_OFFSET: usize = 2;

fn rated(base: f32, complexity: usize) -> f32 {
    let r = base + se_length_penalty(complexity.saturating_sub(LENGTH_OFFSET));
    (r * 10.0).round() / 10.0
}

/// A potential (SE's word for a [`Literal`]) by its dense index,
/// [`Literal::index`]: the arrays of a propagation are indexed by it.
type Pot = usize;

fn pot(c: Candidate, on: bool) -> Pot {
    Literal::new(c, on).index()
}

fn cand_of(p: Pot) -> Option<Candidate> {
    Literal::from_index(p).map(|l| l.cand)
}

fn is_on(p: Pot) -> bool {
    Literal::from_index(p).is_some_and(|l| l.on)
}

const POTS: usize = Literal::COUNT;

/// A set of potentials, one bit each.
#[derive(Default)]
struct PotSet([u64; POTS.div_ceil(64)]);

impl PotSet {
    fn contains(&self, q: Pot) -> bool {
        self.0.get(q / 64).is_some_and(|w| w >> (q % 64) & 1 == 1)
    }
    fn insert(&mut self, q: Pot) {
        if let Some(w) = self.0.get_mut(q / 64) {
            *w |= 1 << (q % 64);
        }
    }
}

/// Which implications a propagation follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Rules {
    x: bool,
    y: bool,
    /// Singles are read from the position with the removals made so far.
    dynamic: bool,
    /// Nishio: an "on" turns off the digit's peers only.
    nishio: bool,
    /// A single forcing chain: follow every pending "on", then every
    /// pending "off", and so on, and go on past a contradiction. Otherwise
    /// each "on" is followed as soon as found and the search stops at the
    /// first contradiction.
    unary: bool,
}

/// The potentials a premise implies, each with the potentials it rests on.
struct Propagation {
    /// The potentials found so far.
    seen: PotSet,
    /// Per potential found: where its parents start in `arena`, how many.
    par_start: Vec<u32>,
    par_len: Vec<u16>,
    arena: Vec<u16>,
    /// The potentials in the order found.
    order: Vec<Pot>,
    /// The first potential found both on and off.
    absurd: Option<Pot>,
}

/// A propagation's buffers, emptied: SE's rules run thousands of
/// propagations per position, so each thread keeps its buffers for reuse.
/// (Only the entries of potentials found are read, so none is cleared.)
type Buffers = (Vec<u32>, Vec<u16>, Vec<u16>, Vec<Pot>);

thread_local! {
    static SPARE: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Propagation {
    fn drop(&mut self) {
        let mut arena = std::mem::take(&mut self.arena);
        arena.clear();
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        let bufs = (
            std::mem::take(&mut self.par_start),
            std::mem::take(&mut self.par_len),
            arena,
            order,
        );
        let _ = SPARE.try_with(|s| s.borrow_mut().push(bufs));
    }
}

/// The facts one potential implies directly, with the potentials each
/// rests on: at most 8 (the cell's other candidates, or the digit's other
/// places in a house).
struct Implied {
    pot: Pot,
    parents: [u16; 8],
    len: u8,
}

impl Implied {
    fn new(pot: Pot, parents: impl IntoIterator<Item = u16>) -> Implied {
        let mut i = Implied {
            pot,
            parents: [0; 8],
            len: 0,
        };
        for (slot, p) in i.parents.iter_mut().zip(parents) {
            *slot = p;
            i.len += 1;
        }
        i
    }
    fn parents(&self) -> &[u16] {
        &self.parents[..self.len as usize]
    }
}

impl Propagation {
    /// An empty propagation, on spare buffers when there are some.
    fn empty() -> Propagation {
        let spare = SPARE.try_with(|s| s.borrow_mut().pop()).ok().flatten();
        let (par_start, par_len, arena, order) = spare.unwrap_or_else(|| {
            (
                vec![0; POTS],
                vec![0; POTS],
                Vec::with_capacity(256),
                Vec::with_capacity(128),
            )
        });
        Propagation {
            seen: PotSet::default(),
            par_start,
            par_len,
            arena,
            order,
            absurd: None,
        }
    }

    /// The potentials `premise` implies under `rules`; with `until`, the
    /// propagation stops once that potential is found (what it rests on is
    /// found before it and never changes).
    fn run(board: &Board, rules: Rules, premise: Pot, until: Option<Pot>) -> Propagation {
        Propagation::run_with(board, rules, None, premise, until)
    }

    /// [`Propagation::run`] reading the implications that never change
    /// from `links` (made for `board` and `rules`) when given: a rule that
    /// runs a propagation from every candidate makes them once.
    fn run_with(
        board: &Board,
        rules: Rules,
        links: Option<&Links>,
        premise: Pot,
        until: Option<Pot>,
    ) -> Propagation {
        let mut p = Propagation::empty();
        // with the dynamic rule: the candidates and each digit's places
        // with the removals followed so far
        let mut cands = [DigitSet::EMPTY; 81];
        let mut places = [CellSet::EMPTY; 9];
        if rules.dynamic {
            for c in Cell::all() {
                cands[c.index()] = board.candidates(c);
            }
            places = board.all_positions();
        }
        p.add(premise, &[]);
        // "on" potentials are followed before "off" ones, each in order
        // found: the next of each is the first of its kind in `order` from
        // its cursor (`order` only grows, so a cursor never goes back)
        let (mut next_on, mut next_off) = (0usize, 0usize);
        let mut phase_on = true;
        let stop = |p: &Propagation| {
            (!rules.unary && p.absurd.is_some()) || until.is_some_and(|u| p.has(u))
        };
        loop {
            let has_on = next_of(&p.order, &mut next_on, true).is_some();
            let has_off = next_of(&p.order, &mut next_off, false).is_some();
            if !has_on && !has_off {
                break;
            }
            if stop(&p) {
                break;
            }
            let take_on = if rules.unary {
                if phase_on && !has_on {
                    phase_on = false;
                } else if !phase_on && !has_off {
                    phase_on = true;
                }
                phase_on
            } else {
                has_on
            };
            if take_on {
                let Some(q) = next_of(&p.order, &mut next_on, true) else {
                    break;
                };
                next_on += 1;
                if let Some(links) = links {
                    for &f in links.from(q) {
                        p.add(usize::from(f), &[q as u16]);
                        if stop(&p) {
                            break;
                        }
                    }
                    continue;
                }
                let Some(c) = cand_of(q) else { continue };
                for f in turned_off(board, c, rules.y && !rules.nishio) {
                    p.add(f, &[q as u16]);
                    if stop(&p) {
                        break;
                    }
                }
            } else {
                let Some(q) = next_of(&p.order, &mut next_off, false) else {
                    break;
                };
                next_off += 1;
                if let (Some(links), false) = (links, rules.dynamic) {
                    for &f in links.from(q) {
                        p.add(usize::from(f), &[q as u16]);
                        if stop(&p) {
                            break;
                        }
                    }
                    continue;
                }
                let Some(c) = cand_of(q) else { continue };
                if rules.dynamic {
                    cands[c.cell.index()].remove(c.digit);
                    if let Some(s) = places.get_mut(c.digit.index()) {
                        s.remove(c.cell);
                    }
                }
                // at most one from the cell and one per house
                let mut found: [Option<Implied>; 4] = [None, None, None, None];
                if rules.y && !rules.nishio && rules.dynamic {
                    if let Some(d) = cands[c.cell.index()].single_digit() {
                        let parents = (board.candidates(c.cell) - DigitSet::single(d))
                            .iter()
                            .map(|e| pot(Candidate::new(c.cell, e), false) as u16);
                        found[0] =
                            Some(Implied::new(pot(Candidate::new(c.cell, d), true), parents));
                    }
                }
                if rules.x && rules.dynamic {
                    let left_of_digit = places.get(c.digit.index()).copied().unwrap_or_default();
                    for (slot, h) in found[1..].iter_mut().zip(se_houses(c.cell)) {
                        let orig = board.positions_in(c.digit, h);
                        if let Some(x) = (orig & left_of_digit).single_cell() {
                            let parents = (orig - CellSet::single(x))
                                .iter()
                                .map(|o| pot(Candidate::new(o, c.digit), false) as u16);
                            *slot =
                                Some(Implied::new(pot(Candidate::new(x, c.digit), true), parents));
                        }
                    }
                }
                if !rules.dynamic {
                    let static_rules = Rules {
                        y: rules.y && !rules.nishio,
                        ..rules
                    };
                    for (slot, on) in found.iter_mut().zip(static_ons(board, static_rules, c)) {
                        *slot = on.map(|on| Implied::new(on, [q as u16]));
                    }
                }
                for f in found.iter().flatten() {
                    p.add(f.pot, f.parents());
                    if stop(&p) {
                        break;
                    }
                }
            }
        }
        p
    }

    /// Record a potential (once); false when already known.
    fn add(&mut self, q: Pot, parents: &[u16]) -> bool {
        if self.seen.contains(q) {
            return false;
        }
        self.seen.insert(q);
        if let Some(s) = self.par_start.get_mut(q) {
            *s = self.arena.len() as u32;
        }
        if let Some(n) = self.par_len.get_mut(q) {
            *n = parents.len() as u16;
        }
        self.arena.extend_from_slice(parents);
        self.order.push(q);
        if self.seen.contains(q ^ 1) && self.absurd.is_none() {
            self.absurd = Some(q);
        }
        true
    }

    fn has(&self, q: Pot) -> bool {
        self.seen.contains(q)
    }

    fn parents(&self, q: Pot) -> &[u16] {
        let s = self.par_start.get(q).copied().unwrap_or(0) as usize;
        let n = self.par_len.get(q).copied().unwrap_or(0) as usize;
        self.arena.get(s..s + n).unwrap_or(&[])
    }

    /// The potentials `q` rests on (itself and the premise included), in
    /// the order found.
    fn ancestors(&self, q: Pot) -> Vec<Pot> {
        let (mark, _) = self.mark_ancestors(q);
        self.order
            .iter()
            .copied()
            .filter(|&x| mark.contains(x))
            .collect()
    }

    fn ancestor_count(&self, q: Pot) -> usize {
        self.mark_ancestors(q).1
    }

    /// The potentials `q` rests on (itself included) and their number.
    fn mark_ancestors(&self, q: Pot) -> (PotSet, usize) {
        let mut mark = PotSet::default();
        let mut stack = Vec::with_capacity(64);
        stack.push(q);
        let mut n = 0;
        while let Some(x) = stack.pop() {
            if mark.contains(x) || !self.seen.contains(x) {
                continue;
            }
            mark.insert(x);
            n += 1;
            stack.extend(self.parents(x).iter().map(|&y| y as usize));
        }
        (mark, n)
    }

    /// A branch for the evidence: the premise and what leads to `q`.
    fn branch(&self, premise: Candidate, premise_is_on: bool, q: Pot) -> ForcingBranch {
        let start = pot(premise, premise_is_on);
        let facts: Vec<Pot> = self
            .ancestors(q)
            .into_iter()
            .filter(|&x| x != start && cand_of(x).is_some())
            .collect();
        let chain: Vec<(Candidate, bool)> = facts
            .iter()
            .filter_map(|&x| Some((cand_of(x)?, is_on(x))))
            .collect();
        // each fact's parents: 0 is the premise, i + 1 is chain[i]
        let index_of = |y: Pot| {
            if y == start {
                Some(0)
            } else {
                facts.iter().position(|&f| f == y).map(|i| i + 1)
            }
        };
        let reasons = facts
            .iter()
            .zip(&chain)
            .map(|(&x, &(cand, on))| {
                let parent_pots: Vec<Pot> = self.parents(x).iter().map(|&y| y as usize).collect();
                let parents = parent_pots.iter().filter_map(|&y| index_of(y)).collect();
                let parent_cands: Vec<Candidate> =
                    parent_pots.iter().filter_map(|&y| cand_of(y)).collect();
                ForcingReason {
                    parents,
                    rule: rule_of(cand, on, &parent_cands),
                }
            })
            .collect();
        ForcingBranch {
            premise,
            premise_is_on,
            chain,
            reasons,
        }
    }
}

/// The single rule behind a fact of SE's chains: a removal follows from a
/// value set; a value follows from its cell's other candidates going (naked
/// single) or from the digit's other places in a house going (hidden single).
fn rule_of(cand: Candidate, on: bool, parents: &[Candidate]) -> ForcingRule {
    if !on {
        return ForcingRule::Value;
    }
    if parents.iter().all(|p| p.cell == cand.cell) {
        return ForcingRule::NakedSingle;
    }
    se_houses(cand.cell)
        .into_iter()
        .find(|h| {
            parents
                .iter()
                .all(|p| p.digit == cand.digit && h.cells().contains(p.cell))
        })
        .map_or(ForcingRule::NakedSingle, |house| {
            ForcingRule::HiddenSingle { house }
        })
}

/// A cell's houses in the order SE reads them: block, row, column.
fn se_houses(cell: Cell) -> [House; 3] {
    [
        House::block(cell.block()),
        House::row(cell.row()),
        House::col(cell.col()),
    ]
}

/// The implications of a position that no removal changes, per potential
/// in SE's order: what an "on" turns off, and without the dynamic rule
/// what an "off" turns on (each implied potential rests on its one parent).
struct Links {
    /// Where each potential's implications start in `targets`
    /// ([`POTS`] + 1 entries).
    start: Vec<u32>,
    targets: Vec<u16>,
}

impl Links {
    fn of(board: &Board, rules: Rules) -> Links {
        let y_rule = rules.y && !rules.nishio;
        let static_rules = Rules { y: y_rule, ..rules };
        let mut start = vec![0u32; POTS + 1];
        let mut targets: Vec<u16> = Vec::with_capacity(4096);
        let mut last = 0;
        for c in board.candidate_list() {
            for on in [false, true] {
                let q = pot(c, on);
                // the potentials before `q` have none
                for s in start.iter_mut().take(q + 1).skip(last) {
                    *s = targets.len() as u32;
                }
                if on {
                    targets.extend(turned_off(board, c, y_rule).map(|f| f as u16));
                } else if !rules.dynamic {
                    let ons = static_ons(board, static_rules, c).into_iter().flatten();
                    targets.extend(ons.map(|f| f as u16));
                }
                last = q + 1;
            }
        }
        for s in start.iter_mut().skip(last) {
            *s = targets.len() as u32;
        }
        Links { start, targets }
    }

    /// What potential `q` implies.
    fn from(&self, q: Pot) -> &[u16] {
        match (self.start.get(q), self.start.get(q + 1)) {
            (Some(&a), Some(&b)) => self.targets.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// The first potential of `order`, from `cursor` on, that is "on" (`on`)
/// or "off"; the cursor is left on it.
fn next_of(order: &[Pot], cursor: &mut usize, on: bool) -> Option<Pot> {
    while let Some(&q) = order.get(*cursor) {
        if q & 1 == usize::from(on) {
            return Some(q);
        }
        *cursor += 1;
    }
    None
}

/// What candidate `c` set turns off, in SE's order: with the Y rule, the
/// other candidates of its cell; then (the X rule) its digit in its peers.
fn turned_off(board: &Board, c: Candidate, y_rule: bool) -> impl Iterator<Item = Pot> + '_ {
    let others = if y_rule {
        board.candidates(c.cell) - DigitSet::single(c.digit)
    } else {
        DigitSet::EMPTY
    };
    others
        .iter()
        .map(move |d| pot(Candidate::new(c.cell, d), false))
        .chain(peers_in_se_order(board, c).map(move |x| pot(Candidate::new(x, c.digit), false)))
}

/// The other places of a candidate's digit in its houses, house by house
/// in SE's order, each once.
fn peers_in_se_order(board: &Board, c: Candidate) -> impl Iterator<Item = Cell> {
    // a house's cells in its order are its cells in index order
    let [block, row, col] = se_houses(c.cell).map(|h| board.positions_in(c.digit, h));
    let block = block - CellSet::single(c.cell);
    let row = row - block - CellSet::single(c.cell);
    let col = col - block - row - CellSet::single(c.cell);
    block.iter().chain(row).chain(col)
}

/// What candidate `c` removed turns on without the dynamic rule, in SE's
/// order: with the Y rule, the other candidate of its cell if it has two;
/// with the X rule, per house (block, row, column), the digit's other
/// place if it has two.
fn static_ons(board: &Board, rules: Rules, c: Candidate) -> [Option<Pot>; 4] {
    let mut found = [None; 4];
    if rules.y {
        let orig = board.candidates(c.cell);
        if orig.len() == 2 {
            found[0] = (orig - DigitSet::single(c.digit))
                .first()
                .map(|d| pot(Candidate::new(c.cell, d), true));
        }
    }
    if rules.x {
        for (slot, h) in found[1..].iter_mut().zip(se_houses(c.cell)) {
            let orig = board.positions_in(c.digit, h);
            if orig.len() == 2 {
                *slot = (orig - CellSet::single(c.cell))
                    .first()
                    .map(|x| pot(Candidate::new(x, c.digit), true));
            }
        }
    }
    found
}

/// A step concluding potential `q` false or true: `q` on means the
/// candidate is placed, off that it is removed.
fn conclusion(t: Technique, q: Pot, ev: Evidence) -> Option<Step> {
    let c = cand_of(q)?;
    Some(if is_on(q) {
        Step::placement(t, c.cell, c.digit, ev)
    } else {
        Step::elimination(t, vec![c], ev)
    })
}

/// Whether a hint rated `rating`, resting on `complexity` potentials, with
/// SE's order `sort_key`, would replace `best` (the lower rating first, then
/// the shorter, then SE's order; the first found of equals kept).
fn beats(rating: f32, complexity: usize, sort_key: u8, best: &Option<Hint>) -> bool {
    best.as_ref()
        .is_none_or(|b| (rating, complexity, sort_key) < (b.rating, b.complexity, b.sort_key))
}

fn keep_best(best: &mut Option<Hint>, h: Hint) {
    if beats(h.rating, h.complexity, h.sort_key, best) {
        *best = Some(h);
    }
}

/// Whether a conclusion changes the board.
fn changes(board: &Board, q: Pot) -> bool {
    match cand_of(q) {
        Some(c) => board.has_candidate(c.cell, c.digit) && board.value(c.cell).is_none(),
        None => false,
    }
}

/// The positions of a puzzle's SE solve where SE's chaining rules are
/// asked (before each step rated 6.2 or more), for the tests.
#[cfg(test)]
fn chaining_positions(puzzle: &str) -> Vec<Board> {
    let Ok(grid) = crate::format::hodoku::parse_givens(puzzle) else {
        return Vec::new();
    };
    let Ok(mut board) = Board::from_grid(&grid) else {
        return Vec::new();
    };
    let (trace, ratings) = crate::grade::se::se_solve(&grid);
    let mut found = Vec::new();
    for (step, &r) in trace.steps.iter().zip(&ratings) {
        if r >= 6.2 {
            found.push(board.clone());
        }
        step.apply(&mut board);
    }
    found
}
