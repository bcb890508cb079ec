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
//! A forcing link `(x)A = (w)C` of an almost locked set in a loop removes
//! more than such a path shows (C then holds one of its other digits, a
//! case split); the loop does make "(x)A set" lead round to "(w)C removed",
//! which is tested instead, for the links that would remove something.
//!
//! The grouped forms' test also reads as weak links the restricted commons
//! between almost locked sets (`(x)A` set removes every `x` of B, which
//! all see all of A's), which no walk takes. A path through them is the
//! chain of an ALS technique: ALS-XZ removes `e` (a `z` seeing every `z`
//! of A and B, linked by `x`) along `e` set, `(z)A` removed, `(x)A` set,
//! `(x)B` removed, `(z)B` set, `e` removed, doubly linked sets and the
//! ALS-XY-Wing and ALS chains likewise. So where this test finds nothing
//! refuted, neither the walks nor those three find anything
//! ([`Refutations::none`]); the links only add paths, so the walks prune
//! no path they would not without them.
//!
//! The same components tell, premise by premise, whether its walks can find
//! anything: a chain from `a` removed removes a candidate `e` linked weakly
//! to `a` whose removal `a` removed leads to; a loop through `a` runs
//! through the component of "`a` removed" or of "`a` set" (each loop is a
//! cycle of states both ways round), which then leads to the removal of a
//! refuted candidate; the walk from `a` set only removes `a`.

use crate::bitset::CellSet;
use crate::links::{LinkGraph, NodeId};

/// What the implications of a graph refute, and which premises' walks
/// can find it.
pub(crate) struct Refutations {
    /// Whether a chain or loop of the graph may remove anything at all.
    any: bool,
    /// Per node that may start a walk, what its walks may find.
    worth: Vec<Worth>,
    /// The refuted candidates: their "set" leads to their "removed".
    refuted: Vec<u64>,
    /// The component of each state, and per component (`words` words)
    /// the candidates whose removal it leads to.
    component: Vec<u32>,
    removes: Vec<u64>,
    words: usize,
    singles: usize,
}

impl Refutations {
    /// The refutations of `g`, along weak links from set nodes and strong
    /// links from removed ones; with `forcing`, the forcing links too,
    /// `forcing(x, y)` telling whether the link from `(x)A` to `y` in a
    /// loop would remove anything.
    pub(super) fn of(g: &LinkGraph, forcing: Option<&dyn Fn(NodeId, NodeId) -> bool>) -> Self {
        Self::with_set_links(g, forcing, &SetLinks::default())
    }

    /// [`Refutations::of`], with `set_links` read as weak links too.
    pub(super) fn with_set_links(
        g: &LinkGraph,
        forcing: Option<&dyn Fn(NodeId, NodeId) -> bool>,
        set_links: &SetLinks,
    ) -> Self {
        Reach::of(g, forcing.is_some(), set_links).refutations(forcing)
    }

    /// Whether the test finds candidate `cand` of graph `g` refuted.
    #[cfg(test)]
    pub(super) fn refutes(&self, g: &LinkGraph, cand: crate::grid::Candidate) -> bool {
        (0..self.singles)
            .any(|e| g.candidate(e) == Some(cand) && self.refuted[e / 64] & (1 << (e % 64)) != 0)
    }

    /// Whether no chain or loop of the graph removes anything (nor, with
    /// the set links, any ALS-XZ, ALS-XY-Wing or ALS chain).
    pub(crate) fn none(&self) -> bool {
        !self.any
    }

    /// What a walk from `a` removed (`set` false) or set must lead to, for
    /// a path of it to be worth extending. From `a` set: the removal of
    /// `a`, where the walk's loops close. From `a` removed: the removal of
    /// a refuted candidate weakly linked to `a`, which every chain's end
    /// leads to (it removes such a candidate) and every discontinuous
    /// loop's end too (it ends in `a`'s own cell); and, if a loop through
    /// `a` may remove something, the removal of `a`, where the loop closes.
    /// A state that leads to none of them leads to no end the walk reports,
    /// nor does anything after it. `None` when the removal of `a`, a group
    /// node, would be needed: it is not followed.
    pub(super) fn targets(&self, g: &LinkGraph, a: NodeId, set: bool) -> Option<Vec<u64>> {
        let worth = self.worth.get(a)?;
        let mut targets = vec![0u64; self.words];
        if set || worth.in_loop {
            if a >= self.singles {
                return None;
            }
            targets[a / 64] |= 1 << (a % 64);
        }
        if !set {
            for &e in g.weak(a) {
                if e < self.singles {
                    targets[e / 64] |= self.refuted[e / 64] & (1 << (e % 64));
                }
            }
        }
        Some(targets)
    }

    /// Whether state `s` (`2 * node + set`) leads to the removal of one of
    /// `targets`.
    pub(super) fn leads_to(&self, s: usize, targets: &[u64]) -> bool {
        let Some(&c) = self.component.get(s) else {
            return true;
        };
        let from = c as usize * self.words;
        self.removes
            .get(from..from + self.words)
            .is_none_or(|r| r.iter().zip(targets).any(|(x, y)| x & y != 0))
    }

    /// Whether the walk from `a` removed (`set` false) or set may find
    /// anything.
    pub(super) fn worth_walking(&self, a: NodeId, set: bool) -> bool {
        self.any
            && self
                .worth
                .get(a)
                .is_none_or(|w| if set { w.back } else { w.chain || w.in_loop })
    }
}

/// What the walks from one premise `a` may find (see the module note).
#[derive(Clone, Copy)]
struct Worth {
    /// From `a` removed, a chain removing a refuted candidate linked to `a`.
    chain: bool,
    /// From `a` removed, a loop back to it.
    in_loop: bool,
    /// From `a` set, its own removal.
    back: bool,
}

/// The states `2 * node + set` of a graph, their components and what each
/// component leads to.
struct Reach<'a> {
    g: &'a LinkGraph,
    /// The candidates' nodes come first: `0..singles`.
    singles: usize,
    /// Words of a candidate set.
    words: usize,
    /// The component of each state.
    component: Vec<u32>,
    /// Per component, `words` words: the candidates whose "removed" state
    /// it reaches.
    removes: Vec<u64>,
    components: u32,
}

/// The states implied by each state of `g`, one list after another (the
/// components and their closure read them twice: a flat array is read
/// faster than the graph's lists): from a set node its weakly linked nodes
/// removed; from a removed node its strongly linked nodes set, and with
/// `forcing` its forcing links' nodes set.
struct Implications {
    /// Where each state's list starts in `next`; one more at the end.
    start: Vec<u32>,
    next: Vec<u32>,
}

/// Implications between the ALS nodes of a graph that its walks do not
/// take (see the module note), per state: `next[start[s]..start[s + 1]]`.
/// Empty: none.
#[derive(Default)]
pub(super) struct SetLinks {
    start: Vec<u32>,
    next: Vec<u32>,
}

impl SetLinks {
    /// The restricted commons of the sets of `g` as implications. Two ALS
    /// nodes of one digit on the same cells say the same ("the digit is in
    /// these cells"): the first of them stands for the others, each of
    /// which, set, sets it, and which, removed, removes each of them. And
    /// the first of each such class, set, removes the first of every class
    /// whose cells all see all of its own. (Every set lies in one house, so
    /// the classes linked so share a house, where they are looked for: the
    /// cells seeing all of a class's cells lie in the houses holding them.)
    pub(super) fn restricted_commons(g: &LinkGraph) -> SetLinks {
        // the ALS nodes filed by digit and first cell (counted), so that
        // nodes on the same cells are filed together
        let key = |id: usize| {
            let n = g.node(id);
            n.digit.index() * 81 + n.cells.first().map_or(0, |c| c.index())
        };
        let mut at = vec![0u32; 729 + 1];
        for id in g.als_start()..g.len() {
            at[key(id) + 1] += 1;
        }
        for k in 0..729 {
            at[k + 1] += at[k];
        }
        let mut fill = at.clone();
        let mut filed_nodes = vec![0u32; g.len() - g.als_start()];
        for id in g.als_start()..g.len() {
            let f = &mut fill[key(id)];
            filed_nodes[*f as usize] = id as u32;
            *f += 1;
        }
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        // per digit: each class's cells and first node, filed by house
        let mut classes: Vec<(CellSet, u32)> = Vec::new();
        let mut by_house: Vec<Vec<u32>> = vec![Vec::new(); 27];
        for digit in 0..9 {
            classes.clear();
            by_house.iter_mut().for_each(Vec::clear);
            for cell in 0..81 {
                let k = digit * 81 + cell;
                let bucket = &filed_nodes[at[k] as usize..at[k + 1] as usize];
                let from = classes.len();
                for &id in bucket {
                    let cells = g.node(id as usize).cells;
                    match classes[from..].iter().find(|(c, _)| *c == cells) {
                        Some(&(_, first)) => {
                            pairs.push((2 * id + 1, 2 * first + 1));
                            pairs.push((2 * first, 2 * id));
                        }
                        None => {
                            for h in cells.houses_holding() {
                                by_house[h.index()].push(classes.len() as u32);
                            }
                            classes.push((cells, id));
                        }
                    }
                }
            }
            for &(cells, first) in &classes {
                let seeing = cells.common_peers();
                for h in cells.houses_holding() {
                    for &other in &by_house[h.index()] {
                        let (theirs, other_first) = classes[other as usize];
                        if theirs.is_subset(seeing) {
                            pairs.push((2 * first + 1, 2 * other_first));
                        }
                    }
                }
            }
        }
        // (by state, counted: a link found twice, through a line and a
        // block, is harmless)
        let n = 2 * g.len();
        let mut start = vec![0u32; n + 1];
        for &(a, _) in &pairs {
            if let Some(s) = start.get_mut(a as usize + 1) {
                *s += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut next = vec![0u32; pairs.len()];
        for (a, b) in pairs {
            if let Some(f) = fill.get_mut(a as usize) {
                if let Some(slot) = next.get_mut(*f as usize) {
                    *slot = b;
                }
                *f += 1;
            }
        }
        SetLinks { start, next }
    }

    /// The states state `s` implies through these links.
    fn of(&self, s: usize) -> &[u32] {
        match (self.start.get(s), self.start.get(s + 1)) {
            (Some(&a), Some(&b)) => self.next.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

impl Implications {
    fn of(g: &LinkGraph, forcing: bool, set_links: &SetLinks) -> Implications {
        let mut start = Vec::with_capacity(2 * g.len() + 1);
        let mut next = Vec::new();
        start.push(0);
        for x in 0..g.len() {
            // 2x: x removed
            next.extend(g.strong(x).iter().map(|&y| (2 * y + 1) as u32));
            if forcing {
                next.extend(g.forcing(x).iter().map(|&y| (2 * y + 1) as u32));
            }
            next.extend_from_slice(set_links.of(2 * x));
            start.push(next.len() as u32);
            // 2x + 1: x set
            next.extend(g.weak(x).iter().map(|&y| (2 * y) as u32));
            next.extend_from_slice(set_links.of(2 * x + 1));
            start.push(next.len() as u32);
        }
        Implications { start, next }
    }

    /// The states `s` implies.
    fn of_state(&self, s: usize) -> &[u32] {
        match (self.start.get(s), self.start.get(s + 1)) {
            (Some(&a), Some(&b)) => self.next.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

impl<'a> Reach<'a> {
    /// Finds every component of `g`'s states and what it reaches.
    fn of(g: &'a LinkGraph, forcing: bool, set_links: &SetLinks) -> Reach<'a> {
        let singles = (0..g.len())
            .position(|id| g.candidate(id).is_none())
            .unwrap_or(g.len());
        let w = singles.div_ceil(64).max(1);
        let mut removes: Vec<u64> = Vec::new();
        let mut components = 0;
        // per component, the last component that took in what it reaches
        // (each is taken in once, however many links lead to it)
        let mut taken_by = vec![u32::MAX; 2 * g.len()];
        let implied = Implications::of(g, forcing, set_links);
        let component = crate::scc::components(
            2 * g.len(),
            |s| implied.of_state(s),
            |c, members, component| {
                components = c + 1;
                let base = removes.len();
                removes.resize(base + w, 0);
                for &t in members {
                    let t = t as usize;
                    if t.is_multiple_of(2) && t / 2 < singles {
                        removes[base + t / 2 / 64] |= 1 << (t / 2 % 64);
                    }
                    for &u in implied.of_state(t) {
                        let d = component[u as usize];
                        if d != c && taken_by[d as usize] != c {
                            taken_by[d as usize] = c;
                            let other = d as usize * w;
                            for j in 0..w {
                                removes[base + j] |= removes[other + j];
                            }
                        }
                    }
                }
            },
        );
        Reach {
            g,
            singles,
            words: w,
            component,
            removes,
            components,
        }
    }

    /// Whether `s` reaches the removal of candidate `e`.
    fn reaches_removal(&self, s: usize, e: NodeId) -> bool {
        let from = self.component[s] as usize * self.words;
        e < self.singles && self.removes[from + e / 64] & (1 << (e % 64)) != 0
    }

    /// What the components say: see the module note.
    fn refutations(self, forcing: Option<&dyn Fn(NodeId, NodeId) -> bool>) -> Refutations {
        let w = self.words;
        // the refuted candidates
        let mut refuted = vec![0u64; w];
        for e in 0..self.singles {
            if self.reaches_removal(2 * e + 1, e) {
                refuted[e / 64] |= 1 << (e % 64);
            }
        }
        // the components of a forcing link's set node, when it removes
        // something in a loop and its set leads round to its cell removed
        let mut forcing_loops: Vec<u32> = Vec::new();
        if let Some(removes_in_loop) = forcing {
            for x in self.g.als_start()..self.g.len() {
                let set = 2 * x + 1;
                if self
                    .g
                    .forcing(x)
                    .iter()
                    .any(|&y| self.reaches_removal(set, y) && removes_in_loop(x, y))
                {
                    forcing_loops.push(self.component[set]);
                }
            }
        }
        let any = refuted.iter().any(|&b| b != 0) || !forcing_loops.is_empty();
        if !any {
            // (no walk is made: no premise's worth is asked)
            return Refutations {
                any,
                worth: Vec::new(),
                refuted,
                component: Vec::new(),
                removes: Vec::new(),
                words: w,
                singles: self.singles,
            };
        }
        let mut size = vec![0u32; self.components as usize];
        for &c in &self.component {
            size[c as usize] += 1;
        }
        let leads_to_refuted = |c: u32| {
            let from = c as usize * w;
            (0..w).any(|i| self.removes[from + i] & refuted[i] != 0)
        };
        let worth = (0..self.g.als_start())
            .map(|a| {
                let (off, on) = (self.component[2 * a], self.component[2 * a + 1]);
                let chain = self.g.weak(a).iter().any(|&e| {
                    e < self.singles
                        && refuted[e / 64] & (1 << (e % 64)) != 0
                        && self.reaches_removal(2 * a, e)
                });
                let in_loop = size[off as usize] > 1
                    && (leads_to_refuted(off)
                        || leads_to_refuted(on)
                        || forcing_loops.contains(&off)
                        || forcing_loops.contains(&on));
                let back = self.reaches_removal(2 * a + 1, a);
                Worth {
                    chain,
                    in_loop,
                    back,
                }
            })
            .collect();
        Refutations {
            any,
            worth,
            refuted,
            component: self.component,
            removes: self.removes,
            words: w,
            singles: self.singles,
        }
    }
}
