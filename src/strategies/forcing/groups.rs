//! The group nodes of forcing chains. As HoDoKu's, a forcing chain may pass
//! through a **group node**: the places of a digit in a line inside one
//! block, two or three of them, taken as one node. "The digit is in the
//! group" removes it from every cell (and every other group) that sees the
//! whole group; "the digit is in none of its cells" puts it in the digit's
//! only other place (cell or group) in the group's block or line. A group
//! node is never a premise nor a conclusion, only a step of a chain.
//! Nets, which follow every single, have no need of them.

use super::net::{NodeFact, NodeFrom, Propagation, Reason};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, HouseKind, Literal};

impl Propagation<'_> {
    /// Record a group node fact, to follow its links in turn (a group node
    /// is never a premise nor a conclusion, only a step of a chain):
    /// - the digit in the group removes it from every cell, and every other
    ///   group, that sees the whole group;
    /// - the digit in none of the group's cells goes to the digit's only
    ///   other place (cell or group) in the group's block or line.
    pub(super) fn derive_node(
        &mut self,
        digit: Digit,
        line: House,
        block: House,
        on: bool,
        from: NodeFrom,
        house: House,
    ) {
        let key = node_key(digit, line, block, on);
        if self.conflict.is_some() || self.node_at.get(key).is_none_or(|&i| i != 0) {
            return;
        }
        let cells = self.board.positions_in(digit, line) & block.cells();
        self.nodes.push(NodeFact {
            cells,
            on,
            from,
            house,
            digit,
            line,
            block,
            queued_at: self.trail.len(),
        });
        if let Some(slot) = self.node_at.get_mut(key) {
            *slot = self.nodes.len() as u16;
        }
    }

    /// Follow the links of group node `k`.
    pub(super) fn expand_node(&mut self, k: usize) {
        let Some(&NodeFact {
            cells,
            on,
            digit,
            line,
            block,
            ..
        }) = self.nodes.get(k)
        else {
            return;
        };
        if on {
            for h in [line, block] {
                for c in self.board.positions_in(digit, h) - cells {
                    if self.cands[c.index()].contains(digit) {
                        let lit = Literal {
                            cand: Candidate::new(c, digit),
                            on: false,
                        };
                        self.derive(lit, Reason::Group { node: k, house: h });
                    }
                }
            }
            for via in [line, block] {
                for i in self.groups.in_house(digit, via) {
                    let Some((line2, block2, cells2)) = self.groups.node(i) else {
                        continue;
                    };
                    if (cells2 & cells).is_empty() {
                        self.derive_node(digit, line2, block2, false, NodeFrom::Node(k), via);
                    }
                }
            }
        } else {
            for h in [line, block] {
                let rest = self.board.positions_in(digit, h) - cells;
                if let Some(c) = rest.single_cell() {
                    let lit = Literal {
                        cand: Candidate::new(c, digit),
                        on: true,
                    };
                    self.derive(lit, Reason::Group { node: k, house: h });
                } else if let Some((line2, block2)) = group_node(self.board, digit, rest) {
                    self.derive_node(digit, line2, block2, true, NodeFrom::Node(k), h);
                }
            }
        }
    }

    /// The trail position a group node rests on, and the nodes from it to
    /// `node`, in order.
    pub(super) fn node_path(&self, node: usize) -> (Option<usize>, Vec<usize>) {
        let mut path = vec![node];
        let mut k = node;
        while let Some(n) = self.nodes.get(k) {
            match n.from {
                NodeFrom::Fact(i) => {
                    path.reverse();
                    return (Some(i), path);
                }
                NodeFrom::Node(j) => {
                    path.push(j);
                    k = j;
                }
            }
        }
        path.reverse();
        (None, path)
    }
}

/// The group nodes of `digit` inside `house` (line, block and cells): a
/// group node is the digit's places in a line inside one block when there
/// are two or three.
fn group_nodes_in(
    board: &Board,
    digit: Digit,
    house: House,
) -> impl Iterator<Item = (House, House, CellSet)> + '_ {
    // the (line, block) pairs inside `house`, without allocating: a block
    // has three rows and three columns, a line crosses three blocks
    let mut pairs = [(house, house); 6];
    let n = match house.kind() {
        HouseKind::Block => {
            let (r, c) = (house.number() / 3 * 3, house.number() % 3 * 3);
            for i in 0..3 {
                pairs[i as usize] = (House::row(r + i), house);
                pairs[i as usize + 3] = (House::col(c + i), house);
            }
            6
        }
        _ => {
            let mut n = 0;
            for block in House::blocks().filter(|b| !(b.cells() & house.cells()).is_empty()) {
                if let Some(slot) = pairs.get_mut(n) {
                    *slot = (house, block);
                    n += 1;
                }
            }
            n
        }
    };
    pairs.into_iter().take(n).filter_map(move |(line, block)| {
        let cells = board.positions_in(digit, line) & block.cells();
        // two or more: clearing the lowest cell leaves some
        (cells.bits() & cells.bits().wrapping_sub(1) != 0).then_some((line, block, cells))
    })
}

/// The group nodes of a board, found once for a forcing chain search (the
/// same for every premise): per digit and house, those inside the house;
/// per candidate and house of its cell, the one the digit's other places
/// there form, which the candidate's removal puts the digit in.
#[derive(Default)]
pub(super) struct BoardGroups {
    /// The group nodes inside house `h` for digit `d`:
    /// `inside[start[9 * h + d]..start[9 * h + d + 1]]`.
    start: Vec<u16>,
    inside: Vec<(House, House, CellSet)>,
    /// Per candidate, per house of its cell (row, column, block).
    left: Vec<[Option<(House, House)>; 3]>,
}

impl BoardGroups {
    pub(super) fn of(board: &Board) -> BoardGroups {
        let mut start = Vec::with_capacity(27 * 9 + 1);
        let mut inside = Vec::new();
        for house in House::all() {
            for digit in Digit::all() {
                start.push(inside.len() as u16);
                inside.extend(group_nodes_in(board, digit, house));
            }
        }
        start.push(inside.len() as u16);
        let mut left = vec![[None; 3]; 729];
        for cell in Cell::all() {
            for digit in board.candidates(cell) {
                let Some(slot) = left.get_mut(Candidate::new(cell, digit).index()) else {
                    continue;
                };
                for (group, h) in slot.iter_mut().zip(cell.houses()) {
                    let rest = board.positions_in(digit, h) - CellSet::single(cell);
                    *group = group_node(board, digit, rest);
                }
            }
        }
        BoardGroups {
            start,
            inside,
            left,
        }
    }

    /// Where the group nodes of `digit` inside `house` are ([`Self::node`]).
    pub(super) fn in_house(&self, digit: Digit, house: House) -> std::ops::Range<usize> {
        let k = 9 * house.index() + digit.index();
        match (self.start.get(k), self.start.get(k + 1)) {
            (Some(&a), Some(&b)) => a as usize..b as usize,
            _ => 0..0,
        }
    }

    /// Group node `i`: its line, block and cells.
    pub(super) fn node(&self, i: usize) -> Option<(House, House, CellSet)> {
        self.inside.get(i).copied()
    }

    /// Per house of the candidate's cell (row, column, block), the group
    /// node its digit's other places there form.
    pub(super) fn left_by(&self, cand: Candidate) -> [Option<(House, House)>; 3] {
        self.left.get(cand.index()).copied().unwrap_or_default()
    }
}

/// The line and block of the group node of `digit` that is exactly `cells`.
fn group_node(board: &Board, digit: Digit, cells: CellSet) -> Option<(House, House)> {
    // two or three cells: more than one, and at most one once the lowest
    // two are taken away
    let without_lowest = |b: u128| b & b.wrapping_sub(1);
    let rest = without_lowest(cells.bits());
    if rest == 0 || without_lowest(without_lowest(rest)) != 0 {
        return None;
    }
    let first = cells.first()?;
    let block = House::block(first.block());
    let line = [House::row(first.row()), House::col(first.col())]
        .into_iter()
        .find(|l| (cells - l.cells()).is_empty())?;
    let whole = board.positions_in(digit, line) & block.cells();
    (whole == cells).then_some((line, block))
}

/// Where a group node fact is kept in `Propagation::node_at`.
pub(super) fn node_key(digit: Digit, line: House, block: House, on: bool) -> usize {
    ((digit.index() * 18 + line.index()) * 9 + block.number() as usize) * 2 + on as usize
}
