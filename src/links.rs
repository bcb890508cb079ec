//! The strong/weak link graph of a position, shared by coloring and chains.
//!
//! A *node* is one candidate (a digit in a cell) or, in the grouped graph, a
//! *group node*: one digit in the two or three cells of a block∩line
//! intersection that still hold it, acting together ("one of these cells"),
//! or an *ALS node*: one digit of an almost locked set of two or more cells
//! ("the digit is somewhere in the set").
//!
//! * A **strong link** joins two nodes of which at least one is true: the
//!   only two places of a digit in a house (a conjugate pair, where one side
//!   may be a group), or the two candidates of a bivalue cell.
//! * A **weak link** joins two nodes of which at most one is true: the same
//!   digit in one house, or two digits of one cell. Every strong link here is
//!   also weak, so [`LinkGraph::weak`] lists the strong partners too.
//! * Two digits of one almost locked set are **strongly** linked (if the set
//!   loses one digit it is locked, so it holds the other), but not weakly:
//!   the set may hold both. An ALS node is weakly linked to the single and
//!   group nodes of its digit that see all of the set's cells holding it.
//! * A **forcing link** (HoDoKu's "ALS forcing") is a strong link from an
//!   ALS node `(x)A` to a candidate `(w)C` outside the set when A, locked on
//!   its digits other than x, would take every candidate of C but w (C holds
//!   three or more). These are listed apart, see [`LinkGraph::forcing`].
//!
//! The graph is built once per position; neighbour lists are sorted by node
//! id (singles in candidate order, then groups by digit and cells), so every
//! traversal built on it is deterministic.

use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::sets::AlsInfo;
use crate::step::{Als, ChainNode};

/// A node's index in a [`LinkGraph`].
pub type NodeId = usize;

/// What joins two nodes; `weak` is always set, `strong` when at least one of
/// them must be true. `in_cell` marks two digits of one cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Link {
    strong: bool,
    in_cell: bool,
}

/// Sorted neighbour lists of every node, stored one after another (the
/// walks read them millions of times: one flat array keeps them close).
#[derive(Clone, Debug, Default)]
struct Adjacency {
    /// Where each node's list starts in `ids`; one more entry at the end.
    start: Vec<u32>,
    ids: Vec<NodeId>,
}

impl Adjacency {
    /// From the links `(a, b)` of `n` nodes, `b` in `a`'s list: each list
    /// sorted and without repeats. The pairs are filed by node first
    /// (counted, then placed), so only each node's short list is sorted.
    fn from_pairs(n: usize, pairs: &[(u32, u32)]) -> Adjacency {
        let mut start = vec![0u32; n + 1];
        for &(a, _) in pairs {
            start[a as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut ids: Vec<NodeId> = vec![0; pairs.len()];
        for &(a, b) in pairs {
            let at = &mut fill[a as usize];
            ids[*at as usize] = b as NodeId;
            *at += 1;
        }
        Adjacency::sorted(start, ids)
    }

    /// These lists, as lists of `n` nodes (`n` at least as many as they
    /// have), with the links `(a, b)` of `extra` added: what
    /// [`Adjacency::from_pairs`] makes of their pairs and `extra`'s.
    fn extended(&self, n: usize, extra: &[(u32, u32)]) -> Adjacency {
        let old = self.start.len().saturating_sub(1);
        let mut start = vec![0u32; n + 1];
        for a in 0..old.min(n) {
            start[a + 1] = self.start[a + 1] - self.start[a];
        }
        for &(a, _) in extra {
            start[a as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut ids: Vec<NodeId> = vec![0; start[n] as usize];
        for (a, at) in fill.iter_mut().enumerate().take(old.min(n)) {
            let list = self.of(a);
            let from = *at as usize;
            ids[from..from + list.len()].copy_from_slice(list);
            *at += list.len() as u32;
        }
        for &(a, b) in extra {
            let at = &mut fill[a as usize];
            ids[*at as usize] = b as NodeId;
            *at += 1;
        }
        Adjacency::sorted(start, ids)
    }

    /// Each list of `ids` (node `a`'s from `start[a]`) sorted and without
    /// repeats, the lists moved together.
    fn sorted(mut start: Vec<u32>, mut ids: Vec<NodeId>) -> Adjacency {
        let n = start.len() - 1;
        let mut kept = 0usize;
        for a in 0..n {
            let (from, to) = (start[a] as usize, start[a + 1] as usize);
            ids[from..to].sort_unstable();
            start[a] = kept as u32;
            for i in from..to {
                if i == from || ids[i] != ids[i - 1] {
                    ids[kept] = ids[i];
                    kept += 1;
                }
            }
        }
        start[n] = kept as u32;
        ids.truncate(kept);
        Adjacency { start, ids }
    }

    fn of(&self, id: NodeId) -> &[NodeId] {
        match (self.start.get(id), self.start.get(id + 1)) {
            (Some(&a), Some(&b)) => self.ids.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// The links of one position.
#[derive(Clone, Debug)]
pub struct LinkGraph {
    nodes: Vec<ChainNode>,
    strong: Adjacency,
    weak: Adjacency,
    /// Strong links between two digits of one (bivalue) cell.
    strong_in_cell: Adjacency,
    /// Forcing links between ALS nodes and single candidates, kept apart
    /// from `strong`.
    forcing: Adjacency,
    /// Each node's [`ChainNode::occupied`] cells and first cell, at hand for
    /// the searches' overlap tests.
    occupied: Vec<CellSet>,
    first_cell: Vec<Cell>,
    /// For an ALS node, the index of its set (nodes of one set share it);
    /// `u32::MAX` for the others.
    set_index: Vec<u32>,
    groups: usize,
    /// The first ALS node (they come after the groups).
    als_start: usize,
}

impl LinkGraph {
    /// The graph of single candidates only.
    pub fn new(board: &Board) -> LinkGraph {
        Self::build(board, false)
    }

    /// The graph with group nodes as well.
    pub fn grouped(board: &Board) -> LinkGraph {
        Self::build(board, true)
    }

    /// This graph (with group nodes, built for `board`) with the ALS nodes
    /// of `sets` (the position's almost locked sets) added after its nodes,
    /// their links and the forcing links out of the sets
    /// ([`LinkGraph::forcing`]). No link between two of its own nodes comes or goes, so their
    /// lists are its lists followed by their links to the sets.
    pub fn with_sets(&self, board: &Board, sets: &[AlsInfo]) -> LinkGraph {
        let singles = self.als_start - self.groups;
        let als_start = self.nodes.len();
        let mut nodes = self.nodes.clone();
        for set in sets {
            if set.cells.len() < 2 {
                continue; // a bivalue cell: its candidates are nodes already
            }
            let als = Als {
                cells: set.cells,
                digits: set.digits,
            };
            for digit in set.digits {
                nodes.push(ChainNode {
                    digit,
                    cells: set.holding(digit),
                    als: Some(als),
                });
            }
        }
        let mut by_candidate = vec![usize::MAX; 729];
        for (id, node) in nodes.iter().enumerate().take(singles) {
            if let Some(c) = node.cells.first() {
                by_candidate[Candidate::new(c, node.digit).index()] = id;
            }
        }
        // the group nodes of each digit
        let mut groups_of: Vec<Vec<usize>> = vec![Vec::new(); 9];
        for id in singles..als_start {
            groups_of[nodes[id].digit.index()].push(id);
        }
        let n = nodes.len();
        let mut weak: Vec<(u32, u32)> = Vec::new();
        let mut strong: Vec<(u32, u32)> = Vec::new();
        let mut forcing: Vec<(u32, u32)> = Vec::new();
        let both = |list: &mut Vec<(u32, u32)>, a: usize, b: usize| {
            list.push((a as u32, b as u32));
            list.push((b as u32, a as u32));
        };
        // an ALS node and the nodes of its digit that see all its cells with it
        for (id, node) in nodes.iter().enumerate().skip(als_start) {
            let seeing = node.cells.common_peers();
            for c in seeing & board.positions(node.digit) {
                both(
                    &mut weak,
                    id,
                    by_candidate[Candidate::new(c, node.digit).index()],
                );
            }
            for &other in &groups_of[node.digit.index()] {
                if nodes[other].cells.is_subset(seeing) {
                    both(&mut weak, id, other);
                }
            }
        }
        // two digits of one almost locked set: strong only. A digit that the
        // set holds in one cell, or in the cells of a group node, is that
        // single or group node too: it is linked to the set's other digits.
        let twin_of = |id: usize| -> Option<usize> {
            let node = nodes[id];
            let c = node.cells.single_cell()?;
            by_candidate
                .get(Candidate::new(c, node.digit).index())
                .copied()
                .filter(|&t| t != usize::MAX)
        };
        let group_twin = |id: usize| -> Option<usize> {
            let key = ChainNode::group(nodes[id].digit, nodes[id].cells);
            nodes[singles..als_start]
                .binary_search(&key)
                .ok()
                .map(|k| k + singles)
        };
        let three_or_more: CellSet = Cell::all()
            .filter(|&c| board.candidates(c).len() >= 3)
            .collect();
        let mut i = als_start;
        while i < n {
            let set = nodes[i].als;
            let mut j = i;
            while j < n && nodes[j].als == set {
                j += 1;
            }
            for a in i..j {
                let twin = twin_of(a).or_else(|| group_twin(a));
                for b in i..j {
                    if a != b {
                        strong.push((a as u32, b as u32));
                        if let Some(t) = twin {
                            both(&mut strong, t, b);
                        }
                    }
                }
            }
            for (a, cand) in forcing_links(board, &nodes[i..j], three_or_more) {
                both(&mut forcing, i + a, by_candidate[cand.index()]);
            }
            i = j;
        }
        let mut occupied = self.occupied.clone();
        occupied.extend(nodes[als_start..].iter().map(|n| n.occupied()));
        let mut set_index = vec![u32::MAX; n];
        let mut sets_seen = 0u32;
        for id in als_start..n {
            if id > als_start && nodes[id].als != nodes[id - 1].als {
                sets_seen += 1;
            }
            set_index[id] = sets_seen;
        }
        let mut first_cell = self.first_cell.clone();
        first_cell.extend(
            nodes[als_start..]
                .iter()
                // (a node always has a cell; the default is never used)
                .map(|n| n.cells.first().unwrap_or(Cell::at(0, 0))),
        );
        LinkGraph {
            nodes,
            strong: self.strong.extended(n, &strong),
            weak: self.weak.extended(n, &weak),
            strong_in_cell: self.strong_in_cell.extended(n, &[]),
            forcing: self.forcing.extended(n, &forcing),
            occupied,
            first_cell,
            set_index,
            groups: self.groups,
            als_start,
        }
    }

    fn build(board: &Board, with_groups: bool) -> LinkGraph {
        let mut nodes: Vec<ChainNode> = Vec::new();
        let mut by_candidate = vec![usize::MAX; 729];
        for cell in Cell::all() {
            for digit in board.candidates(cell) {
                by_candidate[Candidate::new(cell, digit).index()] = nodes.len();
                nodes.push(ChainNode::single(cell, digit));
            }
        }
        let singles = nodes.len();
        if with_groups {
            let mut groups: Vec<ChainNode> = Vec::new();
            for digit in Digit::all() {
                for block in House::blocks() {
                    for line in House::rows().chain(House::cols()) {
                        let cells = board.positions_in(digit, block) & line.cells();
                        if cells.len() >= 2 {
                            groups.push(ChainNode::group(digit, cells));
                        }
                    }
                }
            }
            groups.sort();
            nodes.extend(groups);
        }
        let als_start = nodes.len();

        // every link as (lower id, higher id, kind); a pair joined twice
        // merges its kinds below
        let mut edges: Vec<(u32, u32, Link)> = Vec::new();
        let mut join = |a: usize, b: usize, link: Link| {
            let (a, b) = (a.min(b) as u32, a.max(b) as u32);
            edges.push((a, b, link));
        };
        // two digits of one cell
        for cell in Cell::all() {
            let cands = board.candidates(cell);
            let ids: Vec<usize> = cands
                .iter()
                .map(|d| by_candidate[Candidate::new(cell, d).index()])
                .collect();
            for (i, &a) in ids.iter().enumerate() {
                for &b in &ids[i + 1..] {
                    let link = Link {
                        strong: cands.len() == 2,
                        in_cell: true,
                    };
                    join(a, b, link);
                }
            }
        }
        // the single and group nodes of each digit
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); 9];
        for (id, node) in nodes.iter().enumerate() {
            by_digit[node.digit.index()].push(id);
        }
        // one digit in one house
        for house in House::all() {
            for digit in Digit::all() {
                let places = board.positions_in(digit, house);
                if places.len() < 2 {
                    continue;
                }
                let in_house: Vec<usize> = by_digit[digit.index()]
                    .iter()
                    .copied()
                    .filter(|&id| nodes[id].cells.is_subset(places))
                    .collect();
                for (i, &a) in in_house.iter().enumerate() {
                    for &b in &in_house[i + 1..] {
                        let (ca, cb) = (nodes[a].cells, nodes[b].cells);
                        if ca.intersects(cb) {
                            continue;
                        }
                        let link = Link {
                            strong: (ca | cb) == places,
                            in_cell: false,
                        };
                        join(a, b, link);
                    }
                }
            }
        }

        let n = nodes.len();
        // the links of each kind as (node, neighbour) pairs, both ways
        let mut strong: Vec<(u32, u32)> = Vec::new();
        let mut weak: Vec<(u32, u32)> = Vec::with_capacity(2 * edges.len());
        let mut strong_in_cell: Vec<(u32, u32)> = Vec::new();
        let both = |list: &mut Vec<(u32, u32)>, a: usize, b: usize| {
            list.push((a as u32, b as u32));
            list.push((b as u32, a as u32));
        };
        edges.sort_unstable_by_key(|&(a, b, _)| (a, b));
        let mut merged: Vec<(u32, u32, Link)> = Vec::with_capacity(edges.len());
        for (a, b, link) in edges {
            match merged.last_mut() {
                Some((pa, pb, old)) if (*pa, *pb) == (a, b) => {
                    old.strong |= link.strong;
                    old.in_cell |= link.in_cell;
                }
                _ => merged.push((a, b, link)),
            }
        }
        for (a, b, link) in merged {
            let (a, b) = (a as usize, b as usize);
            both(&mut weak, a, b);
            if link.strong {
                both(&mut strong, a, b);
                if link.in_cell {
                    both(&mut strong_in_cell, a, b);
                }
            }
        }
        let occupied = nodes.iter().map(|n| n.occupied()).collect();
        let first_cell = nodes
            .iter()
            // (a node always has a cell; the default is never used)
            .map(|n| n.cells.first().unwrap_or(Cell::at(0, 0)))
            .collect();
        LinkGraph {
            nodes,
            strong: Adjacency::from_pairs(n, &strong),
            weak: Adjacency::from_pairs(n, &weak),
            strong_in_cell: Adjacency::from_pairs(n, &strong_in_cell),
            forcing: Adjacency::from_pairs(n, &[]),
            occupied,
            first_cell,
            set_index: vec![u32::MAX; n],
            groups: als_start - singles,
            als_start,
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// The first ALS node; single and group nodes come before it.
    pub fn als_start(&self) -> NodeId {
        self.als_start
    }
    /// Whether the node is an ALS node.
    pub fn is_als(&self, id: NodeId) -> bool {
        id >= self.als_start
    }
    /// Whether two ALS nodes are digits of the same set.
    pub fn same_set(&self, a: NodeId, b: NodeId) -> bool {
        match (self.set_index.get(a), self.set_index.get(b)) {
            (Some(&x), Some(&y)) => x != u32::MAX && x == y,
            _ => false,
        }
    }
    /// The node with this id.
    pub fn node(&self, id: NodeId) -> ChainNode {
        self.nodes[id]
    }
    /// The node's cells; for an ALS node, the whole set.
    pub fn occupied(&self, id: NodeId) -> CellSet {
        self.occupied[id]
    }
    /// The first of the node's cells holding its digit.
    pub fn first_cell(&self, id: NodeId) -> Cell {
        self.first_cell[id]
    }
    /// Whether the node is a group node.
    pub fn is_group(&self, id: NodeId) -> bool {
        id >= self.als_start - self.groups && id < self.als_start
    }
    /// The node's candidate, if it is a single.
    pub fn candidate(&self, id: NodeId) -> Option<Candidate> {
        let n = self.nodes.get(id)?;
        if n.als.is_some() {
            return None;
        }
        n.cells.single_cell().map(|c| Candidate::new(c, n.digit))
    }
    /// Nodes strongly linked to `id` (at least one of the two is true).
    pub fn strong(&self, id: NodeId) -> &[NodeId] {
        self.strong.of(id)
    }
    /// The forcing links of `id`: for an ALS node `(x)A`, the candidates
    /// `(w)C` that C must be if A loses x (see the module note); for a
    /// candidate, the ALS nodes forcing it. These are strong links too but
    /// not listed in [`LinkGraph::strong`].
    pub fn forcing(&self, id: NodeId) -> &[NodeId] {
        self.forcing.of(id)
    }
    /// Nodes weakly linked to `id` (at most one of the two is true);
    /// includes the strong partners.
    pub fn weak(&self, id: NodeId) -> &[NodeId] {
        self.weak.of(id)
    }
    /// The other digit of a bivalue cell, if `id` is one of its two candidates.
    pub fn bivalue_partner(&self, id: NodeId) -> Option<NodeId> {
        self.strong_in_cell.of(id).first().copied()
    }
    /// Whether two nodes are weakly linked.
    pub fn is_weak(&self, a: NodeId, b: NodeId) -> bool {
        self.weak(a).binary_search(&b).is_ok()
    }
}

/// The forcing links of one almost locked set, given as its nodes (one per
/// digit): `(index of the node of x, w in cell C)` where C lies outside the
/// set, holds three or more candidates, and sees every place in the set of
/// each of its candidates but `w`, all of them digits of the set other than
/// x. If the set loses x it is locked on its other digits, which takes
/// every candidate of C but `w`: so x is in the set or C is `w`. (With two
/// candidates in C the same link is a strong link in the set and one in C.)
fn forcing_links(
    board: &Board,
    set_nodes: &[ChainNode],
    three_or_more: CellSet,
) -> Vec<(usize, Candidate)> {
    let Some(set) = set_nodes.first().and_then(|n| n.als) else {
        return Vec::new();
    };
    // per cell outside the set with three candidates or more: the digits
    // of the set it sees all places of
    let mut sees_all = [DigitSet::EMPTY; 81];
    let mut seeing_some = CellSet::EMPTY;
    for node in set_nodes {
        let seeing = node.cells.common_peers() - set.cells;
        for c in seeing & three_or_more {
            sees_all[c.index()] |= DigitSet::single(node.digit);
        }
        seeing_some |= seeing & three_or_more;
    }
    let mut links = Vec::new();
    for (a, node) in set_nodes.iter().enumerate() {
        let others = set.digits - DigitSet::single(node.digit);
        for cell in seeing_some {
            let cands = board.candidates(cell);
            let left = cands - (others & sees_all[cell.index()]);
            if let Some(w) = left.single_digit() {
                links.push((a, Candidate::new(cell, w)));
            }
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::sets::{almost_locked_sets, Order};

    /// The node of a single candidate, if the graph has it.
    fn id_of(g: &LinkGraph, c: Candidate) -> Option<NodeId> {
        (0..g.len()).find(|&id| g.candidate(id) == Some(c))
    }

    #[test]
    fn empty_board_links() {
        let g = LinkGraph::new(&Board::from_grid(&Grid::default()).unwrap());
        assert_eq!(g.len(), 729);
        // no strong links on an empty board; every candidate sees 20 + 8 others
        for id in 0..g.len() {
            assert!(g.strong(id).is_empty());
            assert_eq!(g.weak(id).len(), 28);
        }
        let gg = LinkGraph::grouped(&Board::from_grid(&Grid::default()).unwrap());
        assert_eq!(
            (0..gg.len()).filter(|&id| gg.is_group(id)).count(),
            9 * 9 * 6
        );
    }

    /// HoDoKu's library line 1336: the set r7c89,r89c9 {12568} losing 5
    /// leaves r1c9 {136} only 3.
    #[test]
    fn forcing_links_of_a_set() {
        let line = ":0711-3:3:.4..892...652+4...+9..9.+1...44..9.5...95.+4...17...1.8+4+956.+4...9...+9...174...789+4.3.:331 242 342 243 245 345 574 775 584 689:311 314::13";
        let board = crate::format::hodoku::parse_library_line(line)
            .expect("library line")
            .board;
        let g =
            LinkGraph::grouped(&board).with_sets(&board, &almost_locked_sets(&board, Order::Size));
        let cell = |r: u8, c: u8| Cell::at(r - 1, c - 1);
        let digit = |d| Digit::new(d).expect("digit");
        let set: CellSet = [cell(7, 8), cell(7, 9), cell(8, 9), cell(9, 9)]
            .into_iter()
            .collect();
        let five = (g.als_start()..g.len())
            .find(|&id| {
                g.node(id).digit == digit(5) && g.node(id).als.map(|a| a.cells) == Some(set)
            })
            .expect("the set's 5");
        let three = id_of(&g, Candidate::new(cell(1, 9), digit(3))).expect("r1c9=3");
        assert!(g.forcing(five).contains(&three));
        assert!(g.forcing(three).contains(&five));
        // no other digit of r1c9 is forced, and the graphs without sets have
        // no forcing links
        for d in [1, 6] {
            let other = id_of(&g, Candidate::new(cell(1, 9), digit(d))).expect("candidate");
            assert!(!g.forcing(five).contains(&other));
        }
        let plain = LinkGraph::grouped(&board);
        assert!((0..plain.len()).all(|id| plain.forcing(id).is_empty()));
        // every forcing link obeys the rule: C outside the set, three or more
        // candidates, each but w a digit of the set other than x whose places
        // in the set C sees all
        for a in g.als_start()..g.len() {
            let node = g.node(a);
            let set = node.als.expect("ALS node");
            for &t in g.forcing(a) {
                let c = g.candidate(t).expect("a single");
                let cands = board.candidates(c.cell);
                assert!(!set.cells.contains(c.cell) && cands.len() >= 3);
                for z in cands - DigitSet::single(c.digit) {
                    assert!(z != node.digit && set.digits.contains(z));
                    let held = set.cells & board.positions(z);
                    assert!(held.common_peers().contains(c.cell));
                }
            }
        }
        // and every link the rule allows is there
        let mut links = 0;
        for a in g.als_start()..g.len() {
            let node = g.node(a);
            let set = node.als.expect("ALS node");
            for cell in Cell::all().filter(|&c| !set.cells.contains(c)) {
                let cands = board.candidates(cell);
                if cands.len() < 3 {
                    continue;
                }
                // the digits the set, losing x, takes from the cell
                let taken = |z: Digit| {
                    let held = set.cells & board.positions(z);
                    z != node.digit && set.digits.contains(z) && held.common_peers().contains(cell)
                };
                for w in cands {
                    if !taken(w) && (cands - DigitSet::single(w)).iter().all(taken) {
                        let t = id_of(&g, Candidate::new(cell, w)).expect("candidate");
                        assert!(g.forcing(a).contains(&t), "{cell:?} {w}");
                        links += 1;
                    }
                }
            }
        }
        assert!(links > 0);
    }
}
