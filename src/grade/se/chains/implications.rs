//! Which of SE's static chains and cycles can exist, told before searching.
//!
//! Without the dynamic rule, SE's implications between potentials are fixed
//! by the position and the rule set (X, Y or both): an "on" turns off its
//! cell's other candidates (with Y) and its digit in its peers; an "off"
//! turns on the other candidate of a two-candidate cell (with Y) and the
//! other place of a digit with two places in a house (with X). The forcing
//! chains and cycles follow these implications and nothing else, so:
//!
//! * a forcing chain from a premise finds the premise's opposite only if
//!   the premise leads to it;
//! * a cycle from `c` on back to itself stays inside the strongly connected
//!   component of `c` on, and removes a candidate seeing a candidate of its
//!   digit on in the loop and one off: the component must hold both, with
//!   a candidate of the digit seeing the two.
//!
//! The components ([`crate::scc`]) each carry the set of components they
//! lead to, gathered as they complete.

use super::*;

/// A potential that is no state of the graph (its candidate is not live).
const NO_STATE: u16 = u16::MAX;

/// What the static implications of one rule set allow.
pub(super) struct Implications {
    /// Per potential, its state: an index into `component`.
    state_of: Vec<u16>,
    /// The implications: state `s` leads to `edges[start[s]..start[s + 1]]`,
    /// in the order SE follows them.
    start: Vec<u32>,
    edges: Vec<u16>,
    /// Per state, its component.
    component: Vec<u32>,
    /// Per component, `words` words: the components it leads to.
    leads_to: Vec<u64>,
    words: usize,
    /// Per component: a loop inside it may remove something.
    may_remove: Vec<bool>,
}

/// What the implications of a position depend on: its candidates and the
/// rules that read them.
#[derive(PartialEq)]
struct Key {
    places: [CellSet; 9],
    x: bool,
    y: bool,
    nishio: bool,
}

impl Key {
    fn of(board: &Board, rules: Rules) -> Key {
        Key {
            places: board.all_positions(),
            x: rules.x,
            y: rules.y,
            nishio: rules.nishio,
        }
    }
}

thread_local! {
    /// The implications made last on this thread: SE's forcing chains and
    /// cycles make them with X and Y, and its cell and region forcing
    /// chains, which come next on the same position, need the same.
    static LAST: std::cell::RefCell<Option<(Key, std::rc::Rc<Implications>)>> =
        const { std::cell::RefCell::new(None) };
}

impl Implications {
    /// [`Implications::of`], shared with the last search on this thread
    /// that asked for the same.
    pub(super) fn shared(board: &Board, rules: Rules) -> std::rc::Rc<Implications> {
        let key = Key::of(board, rules);
        let last = LAST.with_borrow(|last| {
            last.as_ref()
                .filter(|(k, _)| *k == key)
                .map(|(_, can)| can.clone())
        });
        last.unwrap_or_else(|| {
            let can = std::rc::Rc::new(Implications::of(board, rules));
            LAST.set(Some((key, can.clone())));
            can
        })
    }

    pub(super) fn of(board: &Board, rules: Rules) -> Implications {
        let mut state_of = vec![NO_STATE; POTS];
        let mut states: Vec<Pot> = Vec::with_capacity(2 * 81 * 4);
        for cell in Cell::all() {
            for d in board.candidates(cell) {
                for on in [false, true] {
                    let q = pot(Candidate::new(cell, d), on);
                    if let Some(s) = state_of.get_mut(q) {
                        *s = states.len() as u16;
                        states.push(q);
                    }
                }
            }
        }
        // the edges, as one list with each state's start (in any order:
        // what follows reads only where they lead)
        let mut start: Vec<u32> = Vec::with_capacity(states.len() + 1);
        let mut edges: Vec<u16> = Vec::with_capacity(8 * states.len());
        let state = |c: Candidate, on: bool| state_of.get(pot(c, on)).copied().unwrap_or(NO_STATE);
        let places = board.all_positions();
        for &q in &states {
            start.push(edges.len() as u32);
            let Some(c) = cand_of(q) else { continue };
            let (cell, d) = (c.cell, c.digit);
            let cands = board.candidates(cell);
            if is_on(q) {
                // an "on" turns off the cell's other candidates (Y) and the
                // digit in its peers (X)
                if rules.y {
                    for e in cands - DigitSet::single(d) {
                        edges.push(state(Candidate::new(cell, e), false));
                    }
                }
                for x in cell.peers() & places[d.index()] {
                    edges.push(state(Candidate::new(x, d), false));
                }
            } else {
                // an "off" turns on the other candidate of a two-candidate
                // cell (Y) and the other place of a digit with two in a house (X)
                if rules.y && cands.len() == 2 {
                    if let Some(e) = (cands - DigitSet::single(d)).first() {
                        edges.push(state(Candidate::new(cell, e), true));
                    }
                }
                if rules.x {
                    for h in se_houses(cell) {
                        let two = places[d.index()] & h.cells();
                        if two.len() == 2 {
                            if let Some(x) = (two - CellSet::single(cell)).first() {
                                edges.push(state(Candidate::new(x, d), true));
                            }
                        }
                    }
                }
            }
        }
        start.push(edges.len() as u32);
        let successors = |s: usize| successors(&start, &edges, s);
        let words = states.len().div_ceil(64).max(1);
        let mut leads_to: Vec<u64> = Vec::new();
        let mut may_remove: Vec<bool> = Vec::new();
        // per component, the last component that took in what it leads to
        let mut taken_by = vec![u32::MAX; states.len()];
        let component =
            crate::scc::components(states.len(), successors, |c, members, component| {
                let base = leads_to.len();
                leads_to.resize(base + words, 0);
                if let Some(w) = leads_to.get_mut(base + c as usize / 64) {
                    *w |= 1 << (c % 64);
                }
                for &s in members {
                    for &t in successors(s as usize) {
                        let d = component.get(t as usize).copied().unwrap_or(c);
                        if d != c && taken_by.get(d as usize) != Some(&c) {
                            if let Some(by) = taken_by.get_mut(d as usize) {
                                *by = c;
                            }
                            let other = d as usize * words;
                            for j in 0..words {
                                let bits = leads_to.get(other + j).copied().unwrap_or(0);
                                if let Some(w) = leads_to.get_mut(base + j) {
                                    *w |= bits;
                                }
                            }
                        }
                    }
                }
                let cands = members
                    .iter()
                    .filter_map(|&s| states.get(s as usize).copied());
                may_remove.push(members.len() > 1 && loop_may_remove(board, cands));
            });
        Implications {
            state_of,
            start,
            edges,
            component,
            leads_to,
            words,
            may_remove,
        }
    }

    /// The length of a forcing chain from `from` to `to` as SE's
    /// propagation finds it (the potentials it rests on: `from`, `to` and
    /// those between), if at most `limit`. Without the dynamic rule every
    /// potential rests on the one it was found from, and the propagation
    /// follows the implications level by level ("on" potentials, then
    /// "off" ones), in SE's order: it finds `to` along a shortest path.
    pub(super) fn distance(&self, from: Pot, to: Pot, limit: usize) -> Option<usize> {
        let (a, b) = (*self.state_of.get(from)?, *self.state_of.get(to)?);
        if a == NO_STATE || b == NO_STATE {
            return None;
        }
        let mut seen = vec![0u64; self.component.len().div_ceil(64)];
        if let Some(w) = seen.get_mut(a as usize / 64) {
            *w |= 1 << (a % 64);
        }
        let mut level = vec![a];
        let mut next = Vec::new();
        let mut length = 1;
        while !level.is_empty() && length < limit {
            length += 1;
            for &s in &level {
                for &t in successors(&self.start, &self.edges, s as usize) {
                    if t == b {
                        return Some(length);
                    }
                    if let Some(w) = seen.get_mut(t as usize / 64) {
                        if *w >> (t % 64) & 1 == 0 {
                            *w |= 1 << (t % 64);
                            next.push(t);
                        }
                    }
                }
            }
            std::mem::swap(&mut level, &mut next);
            next.clear();
        }
        None
    }

    /// The number of states (live potentials).
    pub(super) fn states(&self) -> usize {
        self.component.len()
    }

    fn component_of(&self, q: Pot) -> Option<usize> {
        let s = *self.state_of.get(q)?;
        self.component.get(s as usize).map(|&c| c as usize)
    }

    /// Whether potential `from` leads to potential `to`.
    pub(super) fn leads_to(&self, from: Pot, to: Pot) -> bool {
        let (Some(a), Some(b)) = (self.component_of(from), self.component_of(to)) else {
            return false;
        };
        self.leads_to
            .get(a * self.words + b / 64)
            .is_some_and(|w| w >> (b % 64) & 1 == 1)
    }

    /// Whether the potentials `premises` all lead to some one potential
    /// (a premise that is no state leads nowhere).
    pub(super) fn lead_to_one(&self, premises: impl IntoIterator<Item = Pot>) -> bool {
        let mut shared = [u64::MAX; POTS.div_ceil(64)];
        for q in premises {
            let Some(a) = self.component_of(q) else {
                return false;
            };
            let row = self.leads_to.get(a * self.words..(a + 1) * self.words);
            for (w, &bits) in shared.iter_mut().zip(row.unwrap_or(&[])) {
                *w &= bits;
            }
        }
        shared.iter().take(self.words).any(|&w| w != 0)
    }

    /// Whether a cycle through `c` on may remove anything.
    pub(super) fn may_cycle(&self, c: Candidate) -> bool {
        self.component_of(pot(c, true))
            .and_then(|k| self.may_remove.get(k).copied())
            .unwrap_or(false)
    }
}

/// The states state `s` leads to.
fn successors<'a>(start: &[u32], edges: &'a [u16], s: usize) -> &'a [u16] {
    match (start.get(s), start.get(s + 1)) {
        (Some(&a), Some(&b)) => edges.get(a as usize..b as usize).unwrap_or(&[]),
        _ => &[],
    }
}

/// Whether some candidate of the position sees a candidate of its digit
/// among the "on" potentials `pots` and one among the "off" ones.
fn loop_may_remove(board: &Board, pots: impl Iterator<Item = Pot>) -> bool {
    let mut sees_on = [CellSet::EMPTY; 9];
    let mut sees_off = [CellSet::EMPTY; 9];
    for q in pots {
        let Some(c) = cand_of(q) else { continue };
        let sees = if is_on(q) {
            &mut sees_on
        } else {
            &mut sees_off
        };
        if let Some(s) = sees.get_mut(c.digit.index()) {
            *s |= c.cell.peers();
        }
    }
    Digit::all().any(|d| {
        let (on, off) = (sees_on[d.index()], sees_off[d.index()]);
        !(on & off & board.positions(d)).is_empty()
    })
}
