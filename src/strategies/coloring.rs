//! Coloring. Candidates joined by strong links form a *cluster*; give the
//! two ends of every strong link opposite colours and, since one end of each
//! strong link is true, one whole colour of a cluster is true and the other
//! false.
//!
//! * **Simple Colors** (one digit, conjugate pairs): *Trap*: a candidate that
//!   sees both colours is false. *Wrap*: a colour with two candidates in one
//!   house is false, so all its candidates go.
//! * **Multi-Colors** (two clusters of one digit): *type 1*: when a colour of
//!   one cluster sees a colour of the other, not both are true, so one of the
//!   two opposite colours is: a candidate seeing both of those goes. *Type
//!   2*: a colour that sees both colours of another cluster is false.
//! * **3D Medusa** (all digits; bivalue cells are strong links too): a colour
//!   is false when it holds two digits of one cell, the same digit twice in a
//!   house, or sees every candidate of some cell; otherwise a candidate goes
//!   when it sees a digit in both colours, sits in a cell with both colours,
//!   or sees a colour on its digit while its cell holds the opposite colour.

use super::{Context, Sink};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, Digit};
use crate::links::{LinkGraph, NodeId};
use crate::step::{candidates, Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    let per_digit = match t {
        Technique::SimpleColorsTrap | Technique::SimpleColorsWrap => simple,
        Technique::MultiColors1 | Technique::MultiColors2 => multi,
        Technique::Medusa3D => return medusa(board, &ctx.cache.links(board), sink),
        _ => return ControlFlow::Continue(()),
    };
    // simple and multi colors look at one digit's conjugate pairs: what a
    // digit yields depends on its places alone, so a digit on which `t`
    // found nothing is skipped until they change (see `Fruitless`)
    let mut graph = None;
    ctx.fruitless.each_digit(t, board, |digit| {
        let g = graph.get_or_insert_with(|| ctx.cache.links(board));
        let mut reported = false;
        per_digit(t, board, g, digit, &mut |step| {
            reported = true;
            sink(step)
        })?;
        ControlFlow::Continue(reported)
    })
}

/// A cluster: its two colour classes, each sorted.
#[derive(Clone, Debug)]
struct Cluster {
    colors: [Vec<Candidate>; 2],
}

impl Cluster {
    fn cells(&self, k: usize) -> CellSet {
        self.colors[k].iter().map(|c| c.cell).collect()
    }
    fn evidence(&self) -> Vec<Vec<Candidate>> {
        vec![self.colors[0].clone(), self.colors[1].clone()]
    }
}

/// The clusters of the strong links that `keep` allows, in order of their
/// first candidate. Clusters of a single candidate are left out.
fn clusters(g: &LinkGraph, keep: impl Fn(NodeId, NodeId) -> bool) -> Vec<Cluster> {
    let mut color: Vec<Option<usize>> = vec![None; g.len()];
    let mut out = Vec::new();
    // (one vector for every cluster: most starts make a cluster of one)
    let mut members = Vec::new();
    for start in 0..g.len() {
        if color[start].is_some() || g.is_group(start) {
            continue;
        }
        color[start] = Some(0);
        members.clear();
        members.push(start);
        let mut head = 0;
        while head < members.len() {
            let x = members[head];
            head += 1;
            let cx = color[x].unwrap_or(0);
            for &y in g.strong(x) {
                if g.is_group(y) || !keep(x, y) || color[y].is_some() {
                    continue;
                }
                color[y] = Some(1 - cx);
                members.push(y);
            }
        }
        if members.len() < 2 {
            continue;
        }
        let mut colors: [Vec<Candidate>; 2] = [Vec::new(), Vec::new()];
        for &m in &members {
            if let (Some(c), Some(k)) = (g.candidate(m), color[m]) {
                colors[k].push(c);
            }
        }
        colors[0].sort();
        colors[1].sort();
        out.push(Cluster { colors });
    }
    out
}

/// The single-digit clusters of conjugate pairs for `digit`.
fn digit_clusters(g: &LinkGraph, digit: Digit) -> Vec<Cluster> {
    clusters(g, |a, b| {
        let (na, nb) = (g.node(a), g.node(b));
        na.digit == digit && nb.digit == digit
    })
}

/// Whether some cell of `a` sees some cell of `b`.
fn sees_any(a: CellSet, b: CellSet) -> bool {
    a.iter().any(|c| c.peers().intersects(b))
}

/// Cells (holding `digit`, outside the cluster) that see a cell of `x` and a cell of `y`.
fn seeing_both(board: &Board, digit: Digit, x: CellSet, y: CellSet) -> Vec<Candidate> {
    let ex = x.iter().fold(CellSet::EMPTY, |acc, c| acc | c.peers());
    let ey = y.iter().fold(CellSet::EMPTY, |acc, c| acc | c.peers());
    crate::step::eliminations_of(board, digit, (ex & ey) - x - y)
}

/// A colour with two cells in one house.
fn wraps(cells: CellSet) -> bool {
    cells.iter().any(|c| c.peers().intersects(cells))
}

/// Simple colors on one digit's clusters.
fn simple(
    t: Technique,
    board: &Board,
    g: &LinkGraph,
    digit: Digit,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    for cl in digit_clusters(g, digit) {
        let (c0, c1) = (cl.cells(0), cl.cells(1));
        let elims = if t == Technique::SimpleColorsTrap {
            seeing_both(board, digit, c0, c1)
        } else if wraps(c0) {
            cl.colors[0].clone()
        } else if wraps(c1) {
            cl.colors[1].clone()
        } else {
            Vec::new()
        };
        if !elims.is_empty() {
            let ev = Evidence::Coloring {
                colors: cl.evidence(),
            };
            sink(Step::elimination(t, elims, ev))?;
        }
    }
    ControlFlow::Continue(())
}

/// Multi colors on pairs of one digit's clusters.
fn multi(
    t: Technique,
    board: &Board,
    g: &LinkGraph,
    digit: Digit,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let cls = digit_clusters(g, digit);
    for (i, a) in cls.iter().enumerate() {
        for (j, b) in cls.iter().enumerate() {
            if i == j || (t == Technique::MultiColors1 && j < i) {
                continue;
            }
            let ca = [a.cells(0), a.cells(1)];
            let cb = [b.cells(0), b.cells(1)];
            let mut elims = Vec::new();
            if t == Technique::MultiColors1 {
                for x in 0..2 {
                    for y in 0..2 {
                        if sees_any(ca[x], cb[y]) {
                            // not both x and y: one of their opposites is true
                            let (ox, oy) = (ca[1 - x], cb[1 - y]);
                            elims.extend(seeing_both(board, digit, ox, oy));
                        }
                    }
                }
            } else {
                for (cells, color) in ca.iter().zip(&a.colors) {
                    if sees_any(*cells, cb[0]) && sees_any(*cells, cb[1]) {
                        elims.extend(color.iter().copied());
                    }
                }
            }
            let elims = candidates(elims);
            if !elims.is_empty() {
                let mut colors = a.evidence();
                colors.extend(b.evidence());
                sink(Step::elimination(t, elims, Evidence::Coloring { colors }))?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn medusa(board: &Board, g: &LinkGraph, sink: Sink<'_>) -> ControlFlow<()> {
    for cl in clusters(g, |_, _| true) {
        if cl.colors[0].len() + cl.colors[1].len() < 3 {
            continue;
        }
        let colored: Vec<Candidate> = cl.colors.concat();
        let sees = |x: Candidate, y: Candidate| x.digit == y.digit && x.cell.sees(y.cell);
        let false_color = (0..2).find(|&k| {
            let col = &cl.colors[k];
            let twice = col
                .iter()
                .enumerate()
                .any(|(i, &x)| col[i + 1..].iter().any(|&y| x.cell == y.cell || sees(x, y)));
            // a cell none of whose candidates could stay if colour k were true
            let empties = board.empty_cells().iter().any(|cell| {
                !board.candidates(cell).is_empty()
                    && board.candidates(cell).iter().all(|d| {
                        let c = Candidate::new(cell, d);
                        !colored.contains(&c) && col.iter().any(|&y| sees(c, y))
                    })
            });
            twice || empties
        });
        let elims = match false_color {
            Some(k) => cl.colors[k].clone(),
            None => {
                let mut e = Vec::new();
                for cell in board.empty_cells() {
                    for d in board.candidates(cell) {
                        let c = Candidate::new(cell, d);
                        if colored.contains(&c) {
                            continue;
                        }
                        let color_in_cell = |k: usize| cl.colors[k].iter().any(|y| y.cell == cell);
                        let sees_color = |k: usize| cl.colors[k].iter().any(|&y| sees(c, y));
                        let trapped = (sees_color(0) && sees_color(1))
                            || (color_in_cell(0) && color_in_cell(1))
                            || (color_in_cell(0) && sees_color(1))
                            || (color_in_cell(1) && sees_color(0));
                        if trapped {
                            e.push(c);
                        }
                    }
                }
                e
            }
        };
        if !elims.is_empty() {
            let ev = Evidence::Coloring {
                colors: cl.evidence(),
            };
            sink(Step::elimination(Technique::Medusa3D, elims, ev))?;
        }
    }
    ControlFlow::Continue(())
}
