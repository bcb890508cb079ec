//! Wings: a few cells with few candidates that together force one digit
//! `z` into one of their cells; `z` goes from every cell that sees all the
//! wing's cells holding `z`.
//!
//! - **XY-Wing**: a bivalue *pivot* `xy` sees two bivalue *pincers* `xz` and
//!   `yz`. Whatever the pivot holds, one pincer is `z`.
//! - **XYZ-Wing**: the pivot holds `xyz` and sees pincers `xz` and `yz`;
//!   one of the three cells is `z`.
//! - **W-Wing**: two bivalue cells `xy` that do not see each other, joined
//!   by a conjugate pair on `x` (each end sees one of the cells): they
//!   cannot both be `x`, so one of them is `y`.
//! - **WXYZ-Wing**: four cells holding exactly four digits between them, of
//!   which all but one (`z`) are *restricted* (all their places in the wing
//!   see each other, so the digit fills at most one wing cell). Four cells
//!   need four digits, so `z` is in one of the wing cells.

use super::Sink;
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit, House};
use crate::step::{eliminations_of, Chain, ChainNode, Evidence, LinkKind, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::XyWing => xy_wing(board, sink),
        Technique::XyzWing => xyz_wing(board, sink),
        Technique::WWing => w_wing(board, sink),
        Technique::WxyzWing => wxyz_wing(board, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The cells holding `digit` that see every cell of `cells`.
fn seeing_all(board: &Board, digit: Digit, cells: &[Cell]) -> CellSet {
    board.positions(digit) & cells.iter().copied().collect::<CellSet>().common_peers()
}

/// The one digit of a set of one, if it is that.
fn only(ds: DigitSet) -> Option<Digit> {
    ds.single_digit()
}

fn wing_step(
    t: Technique,
    board: &Board,
    pivot: Cell,
    pincers: Vec<Cell>,
    digits: DigitSet,
    z: Digit,
) -> Option<Step> {
    let mut cells = pincers.clone();
    cells.push(pivot);
    let holders: Vec<Cell> = cells
        .into_iter()
        .filter(|&c| board.has_candidate(c, z))
        .collect();
    let elims = eliminations_of(board, z, seeing_all(board, z, &holders));
    if elims.is_empty() {
        return None;
    }
    let evidence = Evidence::Wing {
        pivot,
        pincers,
        digits,
        digit: z,
    };
    Some(Step::elimination(t, elims, evidence))
}

/// XY-Wing: pivot `xy`, pincers `xz` and `yz` (all bivalue), both pincers
/// seeing the pivot; `z` goes from the cells seeing both pincers.
fn xy_wing(board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let bivalue = board.bivalue_cells();
    for pivot in bivalue {
        let xy = board.candidates(pivot);
        let pincers = pivot.peers() & bivalue;
        for p1 in pincers {
            for p2 in pincers.iter().filter(|&p| p > p1) {
                let (a, b) = (board.candidates(p1), board.candidates(p2));
                // Each pincer shares a different pivot digit; they share `z`.
                let (Some(x), Some(y), Some(z)) = (only(a & xy), only(b & xy), only(a & b)) else {
                    continue;
                };
                if x == y || xy.contains(z) {
                    continue;
                }
                let digits = xy | a | b;
                let t = Technique::XyWing;
                let pincers = if x < y { vec![p1, p2] } else { vec![p2, p1] };
                if let Some(s) = wing_step(t, board, pivot, pincers, digits, z) {
                    sink(s)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// XYZ-Wing: pivot `xyz`, bivalue pincers `xz` and `yz` seeing it; `z`
/// goes from the cells seeing all three.
fn xyz_wing(board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let bivalue = board.bivalue_cells();
    for pivot in board.empty_cells() {
        let xyz = board.candidates(pivot);
        if xyz.len() != 3 {
            continue;
        }
        let pincers: CellSet = (pivot.peers() & bivalue)
            .iter()
            .filter(|&p| board.candidates(p).is_subset(xyz))
            .collect();
        for p1 in pincers {
            for p2 in pincers.iter().filter(|&p| p > p1) {
                let (a, b) = (board.candidates(p1), board.candidates(p2));
                let Some(z) = only(a & b) else {
                    continue;
                };
                if a == b {
                    continue;
                }
                let t = Technique::XyzWing;
                // The first pincer holds the smaller of the other two digits.
                let pincers = if a < b { vec![p1, p2] } else { vec![p2, p1] };
                if let Some(s) = wing_step(t, board, pivot, pincers, xyz, z) {
                    sink(s)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// W-Wing: bivalue cells `c1`, `c2` with the same digits `xy`, not seeing
/// each other, and a conjugate pair of `x` whose ends see `c1` and `c2`:
/// `y` goes from the cells seeing both. One link is reported per wing.
fn w_wing(board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let bivalue = board.bivalue_cells();
    for c1 in bivalue {
        let xy = board.candidates(c1);
        for c2 in bivalue.iter().filter(|&c| c > c1) {
            if board.candidates(c2) != xy || c1.sees(c2) {
                continue;
            }
            for x in xy {
                let Some(y) = only(xy - DigitSet::single(x)) else {
                    continue;
                };
                let elims = eliminations_of(board, y, seeing_all(board, y, &[c1, c2]));
                if elims.is_empty() {
                    continue;
                }
                if let Some((house, a, b)) = w_link(board, x, c1, c2) {
                    let node = ChainNode::single;
                    let chain = Chain {
                        nodes: vec![
                            node(c1, y),
                            node(c1, x),
                            node(a, x),
                            node(b, x),
                            node(c2, x),
                            node(c2, y),
                        ],
                        links: vec![
                            LinkKind::Strong,
                            LinkKind::Weak,
                            LinkKind::Strong,
                            LinkKind::Weak,
                            LinkKind::Strong,
                        ],
                        is_loop: false,
                    };
                    let evidence = Evidence::Chain {
                        chain,
                        houses: vec![house],
                    };
                    sink(Step::elimination(Technique::WWing, elims, evidence))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The first house (rows, columns, blocks) with a conjugate pair of `x`
/// whose ends `a`, `b` see `c1` and `c2` respectively.
fn w_link(board: &Board, x: Digit, c1: Cell, c2: Cell) -> Option<(House, Cell, Cell)> {
    for house in House::all() {
        let ends = board.positions_in(x, house);
        if ends.len() != 2 || ends.contains(c1) || ends.contains(c2) {
            continue;
        }
        let mut it = ends.iter();
        let (Some(p), Some(q)) = (it.next(), it.next()) else {
            continue;
        };
        for (a, b) in [(p, q), (q, p)] {
            if a.sees(c1) && b.sees(c2) {
                return Some((house, a, b));
            }
        }
    }
    None
}

/// WXYZ-Wing: for each set of four digits, the cells holding only those
/// digits (two or more of them); every four such cells holding all four
/// digits, with exactly one non-restricted digit `z`. (Four cells that all
/// see each other have none: they are a locked set, not a wing.)
///
/// A digit is non-restricted ("loose") when two of its places in the wing
/// do not see each other. Adding a cell never makes a loose digit
/// restricted, so a partial wing with two loose digits is dropped at once.
fn wxyz_wing(board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let empty = board.empty_cells();
    // the digits two cells share without seeing each other
    let loose = |a: Cell, b: Cell| {
        if a.sees(b) {
            DigitSet::EMPTY
        } else {
            board.candidates(a) & board.candidates(b)
        }
    };
    // only a cell with two to four candidates can lie in a wing
    let small: Vec<(Cell, DigitSet)> = empty
        .iter()
        .map(|c| (c, board.candidates(c)))
        .filter(|(_, cands)| (2..=4).contains(&cands.len()))
        .collect();
    let mut cells: Vec<Cell> = Vec::with_capacity(small.len());
    for quad in digit_quads() {
        cells.clear();
        let mut held = DigitSet::EMPTY;
        for &(c, cands) in &small {
            if cands.is_subset(quad) {
                cells.push(c);
                held |= cands;
            }
        }
        // the wing's cells hold every digit of the quad
        if held != quad {
            continue;
        }
        for (i, &a) in cells.iter().enumerate() {
            for (j, &b) in cells.iter().enumerate().skip(i + 1) {
                let loose_ab = loose(a, b);
                if loose_ab.len() > 1 {
                    continue;
                }
                for (k, &c) in cells.iter().enumerate().skip(j + 1) {
                    let loose_abc = loose_ab | loose(a, c) | loose(b, c);
                    if loose_abc.len() > 1 {
                        continue;
                    }
                    for &d in cells.iter().skip(k + 1) {
                        let wing = [a, b, c, d];
                        let union = wing
                            .iter()
                            .fold(DigitSet::EMPTY, |acc, &w| acc | board.candidates(w));
                        let all_loose = loose_abc | loose(a, d) | loose(b, d) | loose(c, d);
                        let (true, Some(z)) = (union == quad, all_loose.single_digit()) else {
                            continue;
                        };
                        let pivot = wing_pivot(board, wing);
                        let pincers: Vec<Cell> =
                            wing.iter().copied().filter(|&w| w != pivot).collect();
                        let t = Technique::WxyzWing;
                        if let Some(s) = wing_step(t, board, pivot, pincers, quad, z) {
                            sink(s)?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The pivot of a WXYZ-Wing: a cell seeing the three others if there is
/// one, else the cell with most candidates (the first of equals).
fn wing_pivot(board: &Board, wing: [Cell; 4]) -> Cell {
    let key = |p: Cell| {
        let sees_all = wing.iter().all(|&c| c == p || p.sees(c));
        (sees_all, board.candidates(p).len())
    };
    let [mut best, ..] = wing;
    for c in wing {
        if key(c) > key(best) {
            best = c;
        }
    }
    best
}

/// The 126 sets of four digits, in lexicographic order.
fn digit_quads() -> impl Iterator<Item = DigitSet> {
    (0u16..512)
        .map(|bits| DigitSet::from_bits(bits << 1))
        .filter(|ds| ds.len() == 4)
}
