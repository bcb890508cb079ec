//! Whether the walks of a graph can find anything at all, told before
//! walking. Read as implications, the links of a graph say: a node set
//! removes every node weakly linked to it, and a node removed sets every
//! node strongly linked to it. Each elimination a chain or loop makes is a
//! candidate `e` for which these implications lead from "`e` is set" back
//! to "`e` is removed":
//!
//! * a chain `a = ... = b` removes `e` seeing both ends: `e` set removes
//!   `a`, the chain sets `b`, which removes `e` (with two digits, `e`
//!   shares a cell with one end and a house with the other);
//! * a discontinuous loop removes `e` from its start's cell, or the start
//!   itself: `e` set removes the start, which the loop sets; or the start
//!   set leads to a node weakly linked to it;
//! * a continuous loop makes each weak link hold one true end, so `e`
//!   seeing both ends of one removes the first, the loop the other way
//!   round sets the second, which removes `e`. An almost locked set in the
//!   loop, entered and left by its two loop digits, is locked on its other
//!   digits: `e` seeing all places of one, `z`, removes `(z)A`, which sets
//!   the entry digit; around the loop the exit digit is removed, which
//!   sets `(z)A`, which removes `e`.
//!
//! So if no candidate's "set" state reaches its "removed" state in the
//! graph of states (every path counted, however long, whatever cells it
//! enters twice), no walk finds an elimination. Reachability is computed
//! once per graph: the strongly connected components of the states
//! (Tarjan's algorithm), then, for each component in the order they
//! complete (each after every component it reaches), the set of candidates
//! whose "removed" state it reaches.
//!
//! A forcing link of an almost locked set in a loop removes more than such
//! a path shows (the cell it forces holds one of its other digits, a case
//! split), so a graph whose walk follows forcing links is only told apart
//! when it has none.

use crate::links::{LinkGraph, NodeId};

const UNSEEN: u32 = u32::MAX;

/// Whether some candidate's "set" state leads to its "removed" state in
/// `g`, along weak links from set nodes and strong links (and the forcing
/// links too, with `forcing`) from removed ones. `false` means no chain or
/// loop over `g` removes anything.
pub(super) fn refutes_a_candidate(
    g: &LinkGraph,
    forcing: Option<&dyn Fn(NodeId, NodeId) -> bool>,
) -> bool {
    Reach::new(g, forcing.is_some()).run(forcing)
}

/// Tarjan's algorithm over the states `2 * node + set`, iteratively.
struct Reach<'a> {
    g: &'a LinkGraph,
    forcing: bool,
    /// The candidates' nodes come first: `0..singles`.
    singles: usize,
    /// Words of a candidate set.
    words: usize,
    index: Vec<u32>,
    low: Vec<u32>,
    /// The component of a state, once completed.
    component: Vec<u32>,
    /// States of components not yet completed.
    stack: Vec<u32>,
    /// Per completed component, `words` words: the candidates whose
    /// "removed" state it reaches.
    removes: Vec<u64>,
    components: u32,
}

impl<'a> Reach<'a> {
    fn new(g: &'a LinkGraph, forcing: bool) -> Reach<'a> {
        let states = 2 * g.len();
        let singles = (0..g.len())
            .position(|id| g.candidate(id).is_none())
            .unwrap_or(g.len());
        Reach {
            g,
            forcing,
            singles,
            words: singles.div_ceil(64).max(1),
            index: vec![UNSEEN; states],
            low: vec![0; states],
            component: vec![UNSEEN; states],
            stack: Vec::new(),
            removes: Vec::new(),
            components: 0,
        }
    }

    /// The `k`-th state implied by state `s`, if any.
    fn successor(&self, s: usize, k: usize) -> Option<usize> {
        let x = s / 2;
        if s % 2 == 1 {
            return self.g.weak(x).get(k).map(|&y| 2 * y);
        }
        let strong = self.g.strong(x);
        match strong.get(k) {
            Some(&y) => Some(2 * y + 1),
            None if self.forcing => self.g.forcing(x).get(k - strong.len()).map(|&y| 2 * y + 1),
            None => None,
        }
    }

    /// Whether a candidate's set state reaches its removed state.
    fn run(&mut self, removes_in_loop: Option<&dyn Fn(NodeId, NodeId) -> bool>) -> bool {
        let mut counter = 0u32;
        let mut calls: Vec<(usize, usize)> = Vec::new();
        for root in 0..self.index.len() {
            if self.index[root] != UNSEEN {
                continue;
            }
            self.index[root] = counter;
            self.low[root] = counter;
            counter += 1;
            self.stack.push(root as u32);
            calls.push((root, 0));
            while let Some(&mut (s, ref mut k)) = calls.last_mut() {
                if let Some(t) = self.successor(s, *k) {
                    *k += 1;
                    if self.index[t] == UNSEEN {
                        self.index[t] = counter;
                        self.low[t] = counter;
                        counter += 1;
                        self.stack.push(t as u32);
                        calls.push((t, 0));
                    } else if self.component[t] == UNSEEN {
                        self.low[s] = self.low[s].min(self.index[t]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    self.low[parent] = self.low[parent].min(self.low[s]);
                }
                if self.low[s] == self.index[s] && self.complete(s) {
                    return true;
                }
            }
        }
        // a forcing link in a loop: (x)A set leads round to (w)C removed
        let Some(removes_in_loop) = removes_in_loop else {
            return false;
        };
        (self.g.als_start()..self.g.len()).any(|x| {
            let from = self.component[2 * x + 1] as usize * self.words;
            self.g.forcing(x).iter().any(|&y| {
                y < self.singles
                    && self.removes[from + y / 64] & (1 << (y % 64)) != 0
                    && removes_in_loop(x, y)
            })
        })
    }

    /// Pops the component rooted at `s`, gathers what it reaches, and
    /// tells whether one of its set states reaches its removed state.
    fn complete(&mut self, s: usize) -> bool {
        let c = self.components;
        self.components += 1;
        let w = self.words;
        let base = self.removes.len();
        self.removes.resize(base + w, 0);
        let from = self
            .stack
            .iter()
            .rposition(|&t| t as usize == s)
            .unwrap_or(0);
        for i in from..self.stack.len() {
            self.component[self.stack[i] as usize] = c;
        }
        for i in from..self.stack.len() {
            let t = self.stack[i] as usize;
            if t.is_multiple_of(2) && t / 2 < self.singles {
                self.removes[base + t / 2 / 64] |= 1 << (t / 2 % 64);
            }
            let mut k = 0;
            while let Some(u) = self.successor(t, k) {
                k += 1;
                let d = self.component[u];
                if d != c {
                    let other = d as usize * w;
                    for j in 0..w {
                        self.removes[base + j] |= self.removes[other + j];
                    }
                }
            }
        }
        let refuted = self.stack[from..].iter().any(|&t| {
            let t = t as usize;
            t % 2 == 1
                && t / 2 < self.singles
                && self.removes[base + t / 2 / 64] & (1 << (t / 2 % 64)) != 0
        });
        self.stack.truncate(from);
        refuted
    }
}
