//! Chains and loops. A chain alternates **strong links** (at least one end
//! is true) and **weak links** (at most one end is true). Read from a node
//! that is false, each strong link makes the next node true and each weak
//! link makes the next one false, so an alternating chain that starts and
//! ends with a strong link proves "its first or its last node is true".
//!
//! * **Remote Pair**: bivalue cells with the same two digits, each seeing the
//!   next; cells an odd number of steps apart hold opposite digits, so a cell
//!   seeing two of them can hold neither digit.
//! * **X-Chain**: one digit, strong links are conjugate pairs; the digit goes
//!   from cells seeing both ends.
//! * **XY-Chain**: bivalue cells, strong links inside the cells, weak links
//!   between cells on one digit; ends on the same digit remove it from cells
//!   seeing both ends.
//! * **AIC**: any alternating chain; ends on one digit remove it from cells
//!   seeing both ends, ends on two digits in cells that see each other remove
//!   the other digit from each end cell.
//! * **Continuous Nice Loop**: an alternating chain whose ends are weakly
//!   linked closes into a loop; then every weak link of the loop holds exactly
//!   one true end, which removes the digit from cells seeing both ends of it
//!   (or, inside a cell, the cell's other digits). As in HoDoKu, only cells
//!   outside the loop lose a digit this way. An almost locked set in the
//!   loop then holds exactly one of its two loop digits, so it is locked on
//!   its other digits, which leave the cells seeing all of their places in it.
//! * **Discontinuous Nice Loop**: a chain returning to its start cell. Two
//!   strong links at the start: the start is true (its cell loses its other
//!   digits); a start that would make itself false, or the other digit of
//!   its cell true, is false.
//! * The **grouped** forms allow group nodes (a digit in the 2-3 cells of a
//!   block∩line) and almost locked sets, and need at least one of them. A
//!   set may also make a **forcing link** (see [`crate::links`]): losing x,
//!   it would leave a cell C outside it only w, so x is in the set or C is w.
//!   In a continuous loop one end of it is true: the set then holds every
//!   digit but x and C's others, and each of C's others is in the set or C.
//!
//! The search is a breadth-first walk of implications from every premise, so
//! the shortest chain of each kind is found first; its length is capped at
//! [`MAX_LINKS`]. Each node may be reached along a few different paths, since
//! the shortest one may enter a cell the chain needs later. A chain enters
//! no cell twice (`Lasso::Strict`); the grouped forms' last walk follows
//! the forcing links and HoDoKu's looser rule (`Lasso::FirstCell`) and adds
//! only what the stricter walks lack. For each set of eliminations the
//! shortest chain is kept, and steps are reported shortest first, the last
//! walk's after the others.

use super::Sink;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit};
use crate::links::{common_peers, LinkGraph, NodeId};
use crate::step::{Chain, ChainNode, Evidence, LinkKind, Step};
use crate::technique::Technique;
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// The longest chain searched, in links.
pub const MAX_LINKS: usize = 20;

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let steps = match t {
        Technique::RemotePair => remote_pairs(board),
        Technique::XChain => chains(board, t, Mode::X),
        Technique::XyChain => chains(board, t, Mode::Xy),
        Technique::ContinuousNiceLoop | Technique::DiscontinuousNiceLoop | Technique::Aic => {
            chains(board, t, Mode::Nice)
        }
        Technique::GroupedContinuousNiceLoop
        | Technique::GroupedDiscontinuousNiceLoop
        | Technique::GroupedAic => chains(board, t, Mode::Grouped),
        _ => Vec::new(),
    };
    for s in steps {
        sink(s)?;
    }
    ControlFlow::Continue(())
}

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// One digit; strong links are conjugate pairs.
    X,
    /// Strong links inside bivalue cells, weak links between cells on one digit.
    Xy,
    /// Any link between single candidates.
    Nice,
    /// Any link, group nodes included.
    Grouped,
}

/// Which walk found a chain (see [`walk_all`]), in order of preference.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Pass {
    /// Single candidates (and group nodes in the grouped forms).
    Plain,
    /// Almost locked sets too.
    Sets,
    /// The sets' forcing links and HoDoKu's looser lasso rule too.
    Hodoku,
    /// A chain of that walk that takes back a node it already used.
    Repeating,
}

impl Pass {
    /// Where the steps of this walk are listed: the stricter walks' first.
    fn listed(self) -> u8 {
        match self {
            Pass::Plain | Pass::Sets => 0,
            Pass::Hodoku => 1,
            Pass::Repeating => 2,
        }
    }
}

/// The shortest chain found for each set of eliminations; in the grouped
/// forms a chain without ALS nodes is preferred to any chain with them.
struct Found {
    technique: Technique,
    /// Per set of eliminations: (the walk that found it, links, chain).
    best: BTreeMap<Vec<Candidate>, ((Pass, usize), Chain)>,
}

impl Found {
    fn new(technique: Technique) -> Found {
        Found {
            technique,
            best: BTreeMap::new(),
        }
    }
    fn offer(&mut self, pass: Pass, elims: Vec<Candidate>, chain: Chain) {
        if elims.is_empty() {
            return;
        }
        // a chain that repeats a node ranks below the last walk's others
        let pass = if pass == Pass::Hodoku && repeats(&chain.nodes) {
            Pass::Repeating
        } else {
            pass
        };
        let rank = (pass, chain.links.len());
        match self.best.get(&elims) {
            Some((r, _)) if *r <= rank => {}
            _ => {
                self.best.insert(elims, (rank, chain));
            }
        }
    }
    /// Whether a chain of `len` links with these eliminations would be kept.
    fn wants(&self, pass: Pass, elims: &[Candidate], len: usize) -> bool {
        !elims.is_empty() && self.best.get(elims).is_none_or(|(r, _)| *r > (pass, len))
    }
    /// The steps, shortest first; those only the last walk found (through
    /// forcing links or HoDoKu's looser lasso rule) after all others, and
    /// among them those that repeat a node last.
    fn into_steps(self) -> Vec<Step> {
        let mut v: Vec<((u8, usize), Vec<Candidate>, Chain)> = self
            .best
            .into_iter()
            .map(|(e, ((pass, l), c))| ((pass.listed(), l), e, c))
            .collect();
        v.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        v.into_iter()
            .map(|(_, elims, chain)| {
                Step::elimination(
                    self.technique,
                    elims,
                    Evidence::Chain {
                        chain,
                        houses: Vec::new(),
                    },
                )
            })
            .collect()
    }
}

/// Breadth-first implications from one premise. A walk state is
/// `2 * node + on`; each state may be reached by up to [`PATHS_PER_STATE`]
/// different paths (the shortest first), since the shortest path to a node
/// is not always the one that closes the loop or chain wanted.
struct Walk {
    recs: Vec<Rec>,
    /// How many paths reached each state.
    count: Vec<u8>,
}

/// One path of a walk: its last state, the path it extends, its length in
/// links, and the cells of its nodes before the last one, apart from the
/// premise (a chain enters no cell twice, see [`clash`]; it may return to its
/// start), and among them the cells of group nodes.
#[derive(Clone, Copy)]
struct Rec {
    state: u32,
    parent: u32,
    dist: u8,
    before: CellSet,
    groups: CellSet,
}

/// Whether two nodes that are not next to each other in a chain may not
/// both be in it: a chain enters no cell twice, except that a group node may
/// share a cell with a single candidate of another digit; two groups never
/// share a cell. HoDoKu finds such chains, e.g. `(1)r1c4=(1)r2c456-(1)r2c8=
/// ...=(4)r2c5`: the group then stands for the cells of the digit 1 that the
/// end leaves. Each link holds whatever the other nodes are, so such a chain
/// proves as much as any other.
fn clash(a: ChainNode, b: ChainNode) -> bool {
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
fn repeats(nodes: &[ChainNode]) -> bool {
    nodes.iter().enumerate().any(|(j, later)| {
        nodes[..j.saturating_sub(1)]
            .iter()
            .any(|earlier| earlier.digit == later.digit && later.cells.is_subset(earlier.cells))
    })
}

/// How many paths a walk keeps per state.
const PATHS_PER_STATE: u8 = 3;
/// The same in the larger graph with ALS nodes.
const PATHS_PER_STATE_ALS: u8 = 1;

const NONE: u32 = u32::MAX;

impl Walk {
    fn new(n: usize) -> Walk {
        Walk {
            recs: Vec::with_capacity(2 * n),
            count: vec![0; 2 * n],
        }
    }

    /// The nodes from the premise to the end of path `r`, in order.
    fn path(&self, r: usize) -> Vec<NodeId> {
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

struct Search<'a> {
    board: &'a Board,
    g: LinkGraph,
    mode: Mode,
    /// Which walk this is: only [`Pass::Hodoku`] follows the graph's
    /// forcing links.
    pass: Pass,
    /// How many paths a walk keeps per state.
    paths: u8,
    /// Which nodes may not share cells, see [`Lasso`].
    lasso: Lasso,
}

/// When a chain would "enter a cell twice" (a lasso), which it may not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lasso {
    /// No two nodes that are not neighbours share a cell, as [`clash`] says.
    Strict,
    /// HoDoKu's rule: the first cell of each node lies in no node before the
    /// one it follows; the other cells of a group or almost locked set may.
    /// (Nodes of the start cell of a loop do not count.) Every link holds
    /// whatever the other nodes are, so such a chain proves as much.
    FirstCell,
}

impl Search<'_> {
    fn strong_ok(&self, a: NodeId, b: NodeId) -> bool {
        let (na, nb) = (self.g.node(a), self.g.node(b));
        match self.mode {
            Mode::X => na.digit == nb.digit,
            Mode::Xy => na.digit != nb.digit,
            Mode::Nice | Mode::Grouped => true,
        }
    }
    fn weak_ok(&self, a: NodeId, b: NodeId) -> bool {
        let (na, nb) = (self.g.node(a), self.g.node(b));
        match self.mode {
            Mode::X | Mode::Xy => na.digit == nb.digit,
            Mode::Nice | Mode::Grouped => true,
        }
    }

    /// Walk from `start` set (`on`) or removed, up to [`MAX_LINKS`] links.
    fn walk(&self, w: &mut Walk, start: NodeId, on: bool) {
        for r in &w.recs {
            w.count[r.state as usize] = 0;
        }
        w.recs.clear();
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
                if w.count[t] >= self.paths || self.enters_twice(w, &rec, start, y) {
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
    fn enters_twice(&self, w: &Walk, rec: &Rec, start: NodeId, y: NodeId) -> bool {
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
    fn is_simple(&self, path: &[NodeId], closed: bool) -> bool {
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
    fn leaves_set(&self, x: NodeId, y: NodeId) -> bool {
        self.g.is_als(x) && self.g.is_als(y) && self.g.node(x).als == self.g.node(y).als
    }

    /// Whether the path holds a group or ALS node.
    fn has_group(&self, path: &[NodeId]) -> bool {
        path.iter()
            .any(|&id| self.g.is_group(id) || self.g.is_als(id))
    }

    /// The chain object; links alternate starting with `first`.
    fn chain(&self, path: &[NodeId], first: LinkKind, closing: Option<LinkKind>) -> Chain {
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
    fn seeing_all(&self, digit: crate::grid::Digit, cells: CellSet) -> Vec<Candidate> {
        crate::step::eliminations_of(self.board, digit, common_peers(cells))
    }

    /// Other candidates of a cell than `keep`.
    fn others_in_cell(&self, cell: Cell, keep: DigitSet) -> Vec<Candidate> {
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
    fn forcing_link_eliminations(&self, entry: ChainNode, c: Cell, w: Digit) -> Vec<Candidate> {
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
                common_peers(held),
            ));
        }
        elims
    }

    /// Eliminations of a continuous loop: each weak link has exactly one
    /// true end.
    fn loop_eliminations(&self, path: &[NodeId]) -> Vec<Candidate> {
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
                    let seeing = common_peers(held);
                    elims.extend(crate::step::eliminations_of(self.board, z, seeing));
                }
                continue;
            }
            if a.digit == b.digit {
                let seeing = common_peers(a.cells | b.cells) - loop_cells;
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

/// The techniques one walk of a mode serves.
fn techniques_of(mode: Mode) -> &'static [Technique] {
    match mode {
        Mode::X => &[Technique::XChain],
        Mode::Xy => &[Technique::XyChain],
        Mode::Nice => &[
            Technique::ContinuousNiceLoop,
            Technique::DiscontinuousNiceLoop,
            Technique::Aic,
        ],
        Mode::Grouped => &[
            Technique::GroupedContinuousNiceLoop,
            Technique::GroupedDiscontinuousNiceLoop,
            Technique::GroupedAic,
        ],
    }
}

/// The steps of technique `t`. One walk serves all techniques of a mode
/// (e.g. the three nice-loop/AIC techniques); its results for the last
/// position are kept so that asking for the next technique on the same
/// position costs nothing.
fn chains(board: &Board, t: Technique, mode: Mode) -> Vec<Step> {
    type Memo = Option<(Board, Mode, Vec<(Technique, Vec<Step>)>)>;
    thread_local! {
        static LAST: std::cell::RefCell<Memo> = const { std::cell::RefCell::new(None) };
    }
    let pick = |all: &[(Technique, Vec<Step>)]| {
        all.iter()
            .find(|(x, _)| *x == t)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let cached = LAST.with(|m| match &*m.borrow() {
        Some((b, md, all)) if *md == mode && b == board => Some(pick(all)),
        _ => None,
    });
    if let Some(v) = cached {
        return v;
    }
    let all = walk_all(board, mode);
    let v = pick(&all);
    LAST.with(|m| *m.borrow_mut() = Some((board.clone(), mode, all)));
    v
}

/// Walk from every premise and collect the steps of every technique of `mode`.
/// The grouped forms walk three times: the graph with group nodes; the one
/// with ALS nodes too (so that the many ALS links do not crowd out the paths
/// through plain groups); and that one again, one path per state, now with
/// HoDoKu's forcing links out of the sets and its looser lasso rule, for the
/// long chains HoDoKu finds that way. A later walk only adds what the
/// earlier ones lack.
fn walk_all(board: &Board, mode: Mode) -> Vec<(Technique, Vec<Step>)> {
    let mut founds: Vec<Found> = techniques_of(mode)
        .iter()
        .map(|&technique| Found::new(technique))
        .collect();
    let search = |g, pass, paths, lasso| Search {
        board,
        g,
        mode,
        pass,
        paths,
        lasso,
    };
    if mode == Mode::Grouped {
        let g = LinkGraph::grouped(board);
        let s = search(g, Pass::Plain, PATHS_PER_STATE, Lasso::Strict);
        walk_premises(&s, &mut founds);
        let g = LinkGraph::grouped_with_als(board);
        let mut s = search(g, Pass::Sets, PATHS_PER_STATE_ALS, Lasso::Strict);
        walk_premises(&s, &mut founds);
        (s.pass, s.lasso) = (Pass::Hodoku, Lasso::FirstCell);
        walk_premises(&s, &mut founds);
    } else {
        let g = LinkGraph::new(board);
        let s = search(g, Pass::Plain, PATHS_PER_STATE, Lasso::Strict);
        walk_premises(&s, &mut founds);
    }
    founds
        .into_iter()
        .map(|f| (f.technique, f.into_steps()))
        .collect()
}

/// Walk from every premise of one graph and offer what the walks find.
fn walk_premises(s: &Search<'_>, founds: &mut [Found]) {
    let mode = s.mode;
    let is_dnl = |t: Technique| {
        matches!(
            t,
            Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop
        )
    };
    let grouped_only = mode == Mode::Grouped;
    let mut w = Walk::new(s.g.len());
    // ALS nodes are never the ends of a chain
    for a in 0..s.g.als_start() {
        if mode == Mode::Xy && s.g.bivalue_partner(a).is_none() {
            continue;
        }
        // premise: `a` is false
        s.walk(&mut w, a, false);
        for found in founds.iter_mut() {
            let t = found.technique;
            for (r, rec) in w.recs.iter().enumerate() {
                let st = rec.state as usize;
                if st.is_multiple_of(2) {
                    continue;
                }
                let b = st / 2;
                if s.g.is_als(b) {
                    continue;
                }
                if b != a {
                    offer_chain(s, found, t, a, b, &w, r);
                    continue;
                }
                // a false => a true: a is true (discontinuous loop, two strong links)
                if !is_dnl(t) {
                    continue;
                }
                let Some(ca) = s.g.candidate(a) else { continue };
                let elims = s.others_in_cell(ca.cell, DigitSet::single(ca.digit));
                if !found.wants(s.pass, &elims, rec.dist as usize) {
                    continue;
                }
                let path = w.path(r);
                let body = &path[..path.len() - 1];
                if body.len() < 3 || !s.is_simple(body, true) {
                    continue;
                }
                if grouped_only && !s.has_group(body) {
                    continue;
                }
                let chain = s.chain(body, LinkKind::Strong, Some(LinkKind::Strong));
                found.offer(s.pass, elims, chain);
            }
        }
        // premise: `a` is true (discontinuous loops with a weak link back)
        let Some(found) = founds.iter_mut().find(|f| is_dnl(f.technique)) else {
            continue;
        };
        let Some(ca) = s.g.candidate(a) else { continue };
        s.walk(&mut w, a, true);
        for (r, rec) in w.recs.iter().enumerate() {
            let st = rec.state as usize;
            let end = st / 2;
            if st.is_multiple_of(2) || end == a || !s.g.is_weak(end, a) {
                continue;
            }
            if !found.wants(s.pass, &[ca], rec.dist as usize + 1) {
                continue;
            }
            let path = w.path(r);
            if path.len() < 3 || !s.is_simple(&path, true) {
                continue;
            }
            if grouped_only && !s.has_group(&path) {
                continue;
            }
            let chain = s.chain(&path, LinkKind::Weak, Some(LinkKind::Weak));
            found.offer(s.pass, vec![ca], chain);
        }
    }
}

/// A chain from `a` (false) to `b` (true, the end of walk path `r`): "a or b".
fn offer_chain(
    s: &Search<'_>,
    found: &mut Found,
    t: Technique,
    a: NodeId,
    b: NodeId,
    w: &Walk,
    r: usize,
) {
    let (na, nb) = (s.g.node(a), s.g.node(b));
    let links = w.recs[r].dist as usize;
    let same_cell = na.cells == nb.cells && na.cells.len() == 1;
    // the path, if it is simple and (grouped forms) holds a group node
    let path = |closed: bool| {
        let path = w.path(r);
        let ok = s.is_simple(&path, closed) && (s.mode != Mode::Grouped || s.has_group(&path));
        ok.then_some(path)
    };
    match t {
        Technique::XChain | Technique::XyChain | Technique::Aic | Technique::GroupedAic => {
            if links < 3 || same_cell {
                return;
            }
            let elims = if na.digit == nb.digit {
                s.seeing_all(na.digit, na.cells | nb.cells)
            } else if matches!(t, Technique::Aic | Technique::GroupedAic) {
                let (Some(ca), Some(cb)) = (s.g.candidate(a), s.g.candidate(b)) else {
                    return;
                };
                if !ca.cell.sees(cb.cell) {
                    return;
                }
                let mut elims = Vec::new();
                if s.board.has_candidate(ca.cell, cb.digit) {
                    elims.push(Candidate::new(ca.cell, cb.digit));
                }
                if s.board.has_candidate(cb.cell, ca.digit) {
                    elims.push(Candidate::new(cb.cell, ca.digit));
                }
                crate::step::candidates(elims)
            } else {
                return;
            };
            if !found.wants(s.pass, &elims, links) {
                return;
            }
            if let Some(p) = path(false) {
                found.offer(s.pass, elims, s.chain(&p, LinkKind::Strong, None));
            }
        }
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => {
            if links < 3 || !s.g.is_weak(a, b) {
                return;
            }
            if let Some(p) = path(true) {
                let elims = s.loop_eliminations(&p);
                found.offer(
                    s.pass,
                    elims,
                    s.chain(&p, LinkKind::Strong, Some(LinkKind::Weak)),
                );
            }
        }
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            // two strong links into one cell with two digits: the cell is one of them
            if !same_cell || links < 2 {
                return;
            }
            let Some(cell) = na.cells.single_cell() else {
                return;
            };
            let keep = DigitSet::single(na.digit) | DigitSet::single(nb.digit);
            let elims = s.others_in_cell(cell, keep);
            if !found.wants(s.pass, &elims, links + 1) {
                return;
            }
            if let Some(p) = path(true) {
                found.offer(
                    s.pass,
                    elims,
                    s.chain(&p, LinkKind::Strong, Some(LinkKind::Weak)),
                );
            }
        }
        _ => {}
    }
}

/// Remote pairs: chains of bivalue cells holding the same two digits.
fn remote_pairs(board: &Board) -> Vec<Step> {
    let mut found = Found::new(Technique::RemotePair);
    let bivalue = board.bivalue_cells();
    for start in bivalue {
        let pair = board.candidates(start);
        let cells: CellSet = bivalue
            .iter()
            .filter(|&c| board.candidates(c) == pair)
            .collect();
        // breadth-first over the cells of this pair
        let mut parent: BTreeMap<Cell, Cell> = BTreeMap::new();
        let mut order = vec![start];
        let mut seen = CellSet::single(start);
        let mut head = 0;
        while head < order.len() {
            let x = order[head];
            head += 1;
            for y in x.peers() & cells {
                if !seen.contains(y) {
                    seen.insert(y);
                    parent.insert(y, x);
                    order.push(y);
                }
            }
        }
        for &end in &order {
            let mut path = vec![end];
            let mut c = end;
            while let Some(&p) = parent.get(&c) {
                path.push(p);
                c = p;
            }
            path.reverse();
            if path.len() < 4 || path.len() > MAX_LINKS / 2 + 1 {
                continue;
            }
            let even: CellSet = path.iter().step_by(2).copied().collect();
            let odd: CellSet = path.iter().skip(1).step_by(2).copied().collect();
            let mut elims = Vec::new();
            for cell in board.empty_cells() - even - odd {
                let sees = |set: CellSet| cell.peers().intersects(set);
                if sees(even) && sees(odd) {
                    for d in board.candidates(cell) & pair {
                        elims.push(Candidate::new(cell, d));
                    }
                }
            }
            let mut digits = pair.iter();
            let (Some(x), Some(y)) = (digits.next(), digits.next()) else {
                continue;
            };
            // (x=y)c1-(y=x)c2-(x=y)c3...
            let mut nodes = Vec::new();
            let mut links = Vec::new();
            for (i, &c) in path.iter().enumerate() {
                let (p, q) = if i % 2 == 0 { (x, y) } else { (y, x) };
                if i > 0 {
                    links.push(LinkKind::Weak);
                }
                nodes.push(ChainNode::single(c, p));
                links.push(LinkKind::Strong);
                nodes.push(ChainNode::single(c, q));
            }
            let chain = Chain {
                nodes,
                links,
                is_loop: false,
            };
            found.offer(Pass::Plain, crate::step::candidates(elims), chain);
        }
    }
    found.into_steps()
}
