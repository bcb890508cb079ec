//! The breadth-first walk from one premise over the link graph, the rules
//! a chain must keep (no lasso, no repeated node), and what a chain or loop
//! found removes.

use super::reach::Refutations;
use super::{Mode, Pass, MAX_LINKS};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit};
use crate::links::{LinkGraph, NodeId};
use crate::step::{Chain, ChainNode, LinkKind};

/// Breadth-first implications from one premise. A walk state is
/// `2 * node + on`; each state may be reached by up to [`PATHS_PER_STATE`]
/// different paths (the shortest first), since the shortest path to a node
/// is not always the one that closes the loop or chain wanted.
pub(super) struct Walk {
    pub(super) recs: Vec<Rec>,
    /// How many paths reached each state; a state that leads to no target
    /// counts as full (it takes no path), and is listed in `dead`.
    pub(super) count: Vec<u8>,
    dead: Vec<u32>,
}

/// One path of a walk: its last state, the path it extends, its length in
/// links, and the cells of its nodes before the last one, apart from the
/// premise (a chain enters no cell twice, see [`clash`]; it may return to its
/// start), and among them the cells of group nodes.
#[derive(Clone, Copy)]
pub(super) struct Rec {
    pub(super) state: u32,
    pub(super) parent: u32,
    pub(super) dist: u8,
    pub(super) before: CellSet,
    pub(super) groups: CellSet,
}

/// Whether two nodes that are not next to each other in a chain may not
/// both be in it: a chain enters no cell twice, except that a group node may
/// share a cell with a single candidate of another digit; two groups never
/// share a cell. HoDoKu finds such chains, e.g. `(1)r1c4=(1)r2c456-(1)r2c8=
/// ...=(4)r2c5`: the group then stands for the cells of the digit 1 that the
/// end leaves. Each link holds whatever the other nodes are, so such a chain
/// proves as much as any other.
pub(super) fn clash(a: ChainNode, b: ChainNode) -> bool {
    if !a.occupied().intersects(b.occupied()) {
        return false;
    }
    let is_group = |n: ChainNode| n.als.is_none() && n.cells.len() > 1;
    a.digit == b.digit || a.als.is_some() || b.als.is_some() || is_group(a) == is_group(b)
}

/// Whether a later node of a path only repeats an earlier one: its digit in
/// none but the earlier node's places. HoDoKu's lasso rule lets a set take
/// back a candidate the chain has already used, with the other value (line
/// 1352 of its library needs it): the chain proves as much, but reads as a
/// contradiction, so such a chain ranks below every other.
pub(super) fn repeats(nodes: &[ChainNode]) -> bool {
    nodes.iter().enumerate().any(|(j, later)| {
        nodes[..j.saturating_sub(1)]
            .iter()
            .any(|earlier| earlier.digit == later.digit && later.cells.is_subset(earlier.cells))
    })
}

/// How many paths a walk keeps per state.
pub(super) const PATHS_PER_STATE: u8 = 3;
/// The same in the larger graph with ALS nodes.
pub(super) const PATHS_PER_STATE_ALS: u8 = 1;

pub(super) const NONE: u32 = u32::MAX;

impl Walk {
    pub(super) fn new(n: usize) -> Walk {
        Walk {
            recs: Vec::with_capacity(2 * n),
            count: vec![0; 2 * n],
            dead: Vec::new(),
        }
    }

    /// The nodes from the premise to the end of path `r`, in order.
    pub(super) fn path(&self, r: usize) -> Vec<NodeId> {
        let mut v = Vec::new();
        let mut r = r as u32;
        while r != NONE {
            let rec = self.recs[r as usize];
            v.push(rec.state as usize / 2);
            r = rec.parent;
        }
        v.reverse();
        v
    }
}

pub(super) struct Search<'a> {
    pub(super) board: &'a Board,
    pub(super) g: &'a LinkGraph,
    pub(super) mode: Mode,
    /// Which walk this is: only [`Pass::Hodoku`] follows the graph's
    /// forcing links.
    pub(super) pass: Pass,
    /// How many paths a walk keeps per state.
    pub(super) paths: u8,
    /// Which nodes may not share cells, see [`Lasso`].
    pub(super) lasso: Lasso,
}

/// When a chain would "enter a cell twice" (a lasso), which it may not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Lasso {
    /// No two nodes that are not neighbours share a cell, as [`clash`] says.
    Strict,
    /// HoDoKu's rule: the first cell of each node lies in no node before the
    /// one it follows; the other cells of a group or almost locked set may.
    /// (Nodes of the start cell of a loop do not count.) Every link holds
    /// whatever the other nodes are, so such a chain proves as much.
    FirstCell,
}

impl Search<'_> {
    pub(super) fn strong_ok(&self, a: NodeId, b: NodeId) -> bool {
        let same_digit = || self.g.node(a).digit == self.g.node(b).digit;
        match self.mode {
            Mode::X => same_digit(),
            Mode::Xy => !same_digit(),
            Mode::Nice | Mode::Grouped => true,
        }
    }
    pub(super) fn weak_ok(&self, a: NodeId, b: NodeId) -> bool {
        match self.mode {
            Mode::X | Mode::Xy => self.g.node(a).digit == self.g.node(b).digit,
            Mode::Nice | Mode::Grouped => true,
        }
    }

    /// Walk from `start` set (`on`) or removed, up to [`MAX_LINKS`] links.
    /// With `prune`, a path whose last state leads to none of the targets
    /// is not extended (see [`Refutations::targets`]): nothing past it is
    /// reported, and the states it would reach are of no use to any other
    /// path either, so the walk keeps every path it reports, in order.
    pub(super) fn walk(
        &self,
        w: &mut Walk,
        start: NodeId,
        on: bool,
        prune: Option<(&Refutations, &[u64])>,
    ) {
        for r in &w.recs {
            w.count[r.state as usize] = 0;
        }
        for &d in &w.dead {
            w.count[d as usize] = 0;
        }
        w.recs.clear();
        w.dead.clear();
        let s0 = 2 * start + on as usize;
        w.count[s0] = self.paths; // the premise is not reached again
        w.recs.push(Rec {
            state: s0 as u32,
            parent: NONE,
            dist: 0,
            before: CellSet::EMPTY,
            groups: CellSet::EMPTY,
        });
        let mut head = 0;
        while head < w.recs.len() {
            let rec = w.recs[head];
            let r = head as u32;
            head += 1;
            if rec.dist as usize >= MAX_LINKS {
                continue;
            }
            let s = rec.state as usize;
            // a path whose state leads to no target is not extended (nor
            // recorded, below, past the premise: it ends nothing reported)
            let leads_nowhere = |s: usize| {
                prune.is_some_and(|(refutations, targets)| !refutations.leads_to(s, targets))
            };
            if r == 0 && leads_nowhere(s) {
                continue;
            }
            let (x, x_on) = (s / 2, s % 2 == 1);
            let upto = if x == start {
                rec.before
            } else if rec.dist == 1 && self.g.is_als(x) {
                // a set holding the premise: the chain may come back to it
                rec.before | (self.g.occupied(x) - self.g.node(start).cells)
            } else {
                rec.before | self.g.occupied(x)
            };
            let groups = if x != start && self.g.is_group(x) {
                rec.groups | self.g.node(x).cells
            } else {
                rec.groups
            };
            let (next, forcing, next_on) = if x_on {
                (self.g.weak(x), &[][..], false)
            } else if self.pass == Pass::Hodoku {
                (self.g.strong(x), self.g.forcing(x), true)
            } else {
                (self.g.strong(x), &[][..], true)
            };
            for &y in next.iter().chain(forcing) {
                let t = 2 * y + next_on as usize;
                if w.count[t] >= self.paths {
                    continue;
                }
                if leads_nowhere(t) {
                    // (the same for every path of this walk: asked once)
                    w.count[t] = self.paths;
                    w.dead.push(t as u32);
                    continue;
                }
                if self.enters_twice(w, &rec, start, y) {
                    continue;
                }
                let ok = if x_on {
                    self.weak_ok(x, y)
                } else {
                    self.strong_ok(x, y)
                };
                if ok {
                    w.count[t] += 1;
                    w.recs.push(Rec {
                        state: t as u32,
                        parent: r,
                        dist: rec.dist + 1,
                        before: upto,
                        groups,
                    });
                }
            }
        }
    }

    /// Whether node `y` may not follow walk path `r` (from `start`): it
    /// [`clash`]es with a node of the path before the last one.
    pub(super) fn enters_twice(&self, w: &Walk, rec: &Rec, start: NodeId, y: NodeId) -> bool {
        if self.lasso == Lasso::FirstCell {
            let x = rec.state as usize / 2;
            return rec.before.contains(self.g.first_cell(y)) && !self.leaves_set(x, y);
        }
        let shared = self.g.occupied(y) & rec.before;
        if shared.is_empty() {
            return false;
        }
        let ny = self.g.node(y);
        // only a group node may share a cell with a node of another digit
        if !self.g.is_group(y) && !shared.intersects(rec.groups) {
            return true;
        }
        let start_cells = self.g.node(start).cells;
        let mut p = rec.parent;
        while p != NONE {
            let pr = w.recs[p as usize];
            let z = pr.state as usize / 2;
            if z != start {
                let mut nz = self.g.node(z);
                if pr.dist == 1 && self.g.is_als(z) {
                    // as in `walk`: a set holding the premise leaves it out
                    if let Some(mut set) = nz.als {
                        set.cells -= start_cells;
                        nz.als = Some(set);
                    }
                }
                if clash(nz, ny) {
                    return true;
                }
            }
            p = pr.parent;
        }
        false
    }

    /// Whether the nodes of a path are distinct and only neighbours in the
    /// path share cells, as [`clash`] says (`closed`: the last node is also
    /// next to the first).
    pub(super) fn is_simple(&self, path: &[NodeId], closed: bool) -> bool {
        let n = path.len();
        if self.lasso == Lasso::FirstCell {
            return (0..n).all(|j| {
                let first = self.g.first_cell(path[j]);
                (0..j).all(|i| {
                    let apart = i + 1 < j && !(closed && i == 0);
                    path[i] != path[j]
                        && (!apart
                            || !self.g.occupied(path[i]).contains(first)
                            || self.leaves_set(path[j - 1], path[j]))
                })
            });
        }
        for i in 0..n {
            for j in i + 1..n {
                let adjacent = j == i + 1 || (closed && i == 0 && j == n - 1);
                let (a, b) = (self.g.node(path[i]), self.g.node(path[j]));
                if path[i] == path[j] {
                    return false;
                }
                if !adjacent && clash(a, b) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `y` follows `x` inside one almost locked set (the digit the
    /// set keeps after losing `x`'s): HoDoKu counts the two as one node.
    pub(super) fn leaves_set(&self, x: NodeId, y: NodeId) -> bool {
        self.g.same_set(x, y)
    }

    /// Whether the path holds a group or ALS node.
    pub(super) fn has_group(&self, path: &[NodeId]) -> bool {
        path.iter()
            .any(|&id| self.g.is_group(id) || self.g.is_als(id))
    }

    /// The chain object; links alternate starting with `first`.
    pub(super) fn chain(
        &self,
        path: &[NodeId],
        first: LinkKind,
        closing: Option<LinkKind>,
    ) -> Chain {
        let nodes: Vec<ChainNode> = path.iter().map(|&id| self.g.node(id)).collect();
        let mut links: Vec<LinkKind> = (0..path.len().saturating_sub(1))
            .map(|i| {
                if (i % 2 == 0) == (first == LinkKind::Strong) {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                }
            })
            .collect();
        if let Some(c) = closing {
            links.push(c);
        }
        // a single or group node strongly linked to a digit of an almost
        // locked set it belongs to is that set's digit: show it as such
        let n = nodes.len();
        let sets: Vec<Option<crate::step::Als>> = nodes.iter().map(|x| x.als).collect();
        let mut nodes = nodes;
        let wrap = |j: usize| (closing.is_some() || j < n).then_some(j % n);
        for (i, node) in nodes.iter_mut().enumerate() {
            if node.als.is_some() {
                continue;
            }
            let prev = if i > 0 { Some(i - 1) } else { wrap(n - 1) };
            let prev_link = prev.and_then(|p| links.get(p));
            for (j, link) in [(wrap(i + 1), links.get(i)), (prev, prev_link)] {
                let (Some(j), Some(LinkKind::Strong)) = (j, link) else {
                    continue;
                };
                if let Some(set) = sets[j] {
                    if node.cells.is_subset(set.cells) {
                        node.als = Some(set);
                    }
                }
            }
        }
        Chain {
            nodes,
            links,
            is_loop: closing.is_some(),
        }
    }

    /// Candidates of `node`'s digit in cells seeing all of `cells`.
    pub(super) fn seeing_all(&self, digit: crate::grid::Digit, cells: CellSet) -> Vec<Candidate> {
        crate::step::eliminations_of(self.board, digit, cells.common_peers())
    }

    /// Other candidates of a cell than `keep`.
    pub(super) fn others_in_cell(&self, cell: Cell, keep: DigitSet) -> Vec<Candidate> {
        (self.board.candidates(cell) - keep)
            .iter()
            .map(|d| Candidate::new(cell, d))
            .collect()
    }

    /// Eliminations of a forcing link `(x)A = (w)C` in a continuous loop,
    /// where exactly one end is true. If x is not in A, A is locked on its
    /// other digits and C is w; if x is, C is one of its other digits z,
    /// which A lacks (C sees all its places in A), so A holds every other
    /// digit. Either way each digit of A but x and C's other digits is in A,
    /// and each of C's other digits is in A or C: they leave the cells
    /// seeing all their places there.
    pub(super) fn forcing_link_eliminations(
        &self,
        entry: ChainNode,
        c: Cell,
        w: Digit,
    ) -> Vec<Candidate> {
        let Some(set) = entry.als else {
            return Vec::new();
        };
        let exits = self.board.candidates(c) - DigitSet::single(w);
        let mut elims = Vec::new();
        for z in set.digits - DigitSet::single(entry.digit) {
            let mut held = set.cells & self.board.positions(z);
            if exits.contains(z) {
                held.insert(c);
            }
            elims.extend(crate::step::eliminations_of(
                self.board,
                z,
                held.common_peers(),
            ));
        }
        elims
    }

    /// Eliminations of a continuous loop: each weak link has exactly one
    /// true end.
    pub(super) fn loop_eliminations(&self, path: &[NodeId]) -> Vec<Candidate> {
        let n = path.len();
        let loop_cands: Vec<Candidate> =
            path.iter().filter_map(|&id| self.g.candidate(id)).collect();
        let loop_cells: CellSet = path
            .iter()
            .map(|&id| self.g.node(id).occupied())
            .fold(CellSet::EMPTY, |a, b| a | b);
        let mut elims = Vec::new();
        // links alternate strong, weak, ...; the closing link (last -> first) is weak
        for i in 0..n {
            let (a, b) = (self.g.node(path[i]), self.g.node(path[(i + 1) % n]));
            if i % 2 == 0 {
                // link i (path[i] -> path[i+1]) is strong; inside an almost
                // locked set it now holds exactly one of its two digits, so
                // the set is locked on its other digits
                let Some(set) = a.als.or(b.als) else {
                    continue;
                };
                let (entry, forced) = if a.als.is_some() { (a, b) } else { (b, a) };
                if let (None, Some(c)) = (forced.als, forced.cells.single_cell()) {
                    if !set.cells.contains(c) {
                        elims.extend(self.forcing_link_eliminations(entry, c, forced.digit));
                        continue;
                    }
                }
                if a.digit == b.digit || !(a.cells | b.cells).is_subset(set.cells) {
                    continue;
                }
                let keep = DigitSet::single(a.digit) | DigitSet::single(b.digit);
                for z in set.digits - keep {
                    let held = set.cells & self.board.positions(z);
                    // (HoDoKu removes these from loop cells too)
                    let seeing = held.common_peers();
                    elims.extend(crate::step::eliminations_of(self.board, z, seeing));
                }
                continue;
            }
            if a.digit == b.digit {
                let seeing = (a.cells | b.cells).common_peers() - loop_cells;
                elims.extend(crate::step::eliminations_of(self.board, a.digit, seeing));
            } else if let (Some(c), true) = (a.cells.single_cell(), a.cells == b.cells) {
                let keep = DigitSet::single(a.digit) | DigitSet::single(b.digit);
                elims.extend(self.others_in_cell(c, keep));
            }
        }
        elims.retain(|e| !loop_cands.contains(e));
        crate::step::candidates(elims)
    }
}
