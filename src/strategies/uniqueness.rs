//! Uniqueness. A puzzle with exactly one solution can never end in a
//! **deadly pattern**: four non-given cells in two rows, two columns and two
//! blocks holding only the digits a and b, diagonally equal — a and b could be
//! swapped there and the grid would be a second solution. So whatever would
//! force such a pattern is false. These techniques are only used when the
//! puzzle is known to be unique.
//!
//! - **Unique Rectangle** (Uniqueness Test 1-6): four empty corners where a
//!   and b are still allowed, at least one corner holding only a/b. Type 1:
//!   three corners hold only a/b, so the fourth is neither. Type 2/5: the
//!   corners with more hold one same extra digit x, so x is in one of them and
//!   goes from every cell seeing them all (type 5: three such corners, or two
//!   on a diagonal). Type 3: two corners in one house have extras; together
//!   they act as one cell holding the extras, which with other cells of the
//!   house forms a naked subset. Type 4: the two extra corners share a house
//!   where a is locked into them, so neither can be b. Type 6: two diagonal
//!   extra corners; a lies in the rectangle's rows and columns only at its
//!   corners, so a cannot take the extra corners' diagonal.
//! - **Hidden Rectangle**: a corner holding only a/b; if in the row and column
//!   of the opposite corner a appears only at the rectangle's corners, the
//!   opposite corner cannot be b.
//! - **Avoidable Rectangle**: the same pattern where corners were solved
//!   (placed, not given): the empty corners may not complete it.
//! - **BUG+1**: every empty cell but one has two candidates and each digit
//!   appears twice in each house but once three times; without that digit in
//!   the cell of three the grid would have zero or several solutions, so the
//!   cell takes it.

use super::{Context, Sink};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::step::{Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    if !ctx.unique {
        return ControlFlow::Continue(());
    }
    match t {
        Technique::Uniqueness1
        | Technique::Uniqueness2
        | Technique::Uniqueness3
        | Technique::Uniqueness4
        | Technique::Uniqueness5
        | Technique::Uniqueness6
        | Technique::HiddenRectangle => unique_rectangles(t, board, sink),
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
            avoidable_rectangles(t, board, sink)
        }
        Technique::BugPlus1 => bug_plus_one(board, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// Every rectangle of cells in two rows and two columns that spans exactly
/// two blocks, as `[top-left, top-right, bottom-left, bottom-right]`, with
/// its cells as a set (a table made once: every position reads it).
fn rectangles() -> &'static [([Cell; 4], CellSet)] {
    static TABLE: std::sync::OnceLock<Vec<([Cell; 4], CellSet)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Vec::new();
        for r1 in 0..9u8 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9u8 {
                    for c2 in c1 + 1..9 {
                        let same_band = r1 / 3 == r2 / 3;
                        let same_stack = c1 / 3 == c2 / 3;
                        if same_band != same_stack {
                            let rect = [
                                Cell::at(r1, c1),
                                Cell::at(r1, c2),
                                Cell::at(r2, c1),
                                Cell::at(r2, c2),
                            ];
                            table.push((rect, rect.iter().copied().collect()));
                        }
                    }
                }
            }
        }
        table
    })
}

/// `allowed[d]`: the empty cells none of whose peers holds the value `d`
/// (the candidate may have been removed by a technique, but the rules of
/// the game still allow it).
fn allowed_cells(board: &Board) -> [CellSet; 9] {
    let mut allowed = [CellSet::EMPTY; 9];
    let empty = board.empty_cells();
    for d in Digit::all() {
        let mut blocked = CellSet::EMPTY;
        for cell in Cell::all() {
            if board.value(cell) == Some(d) {
                blocked |= cell.peers();
            }
        }
        allowed[d.index()] = empty - blocked;
    }
    allowed
}

fn diagonal(p: Cell, q: Cell) -> bool {
    p.row() != q.row() && p.col() != q.col()
}

/// The cell of the rectangle opposite `corner`.
fn opposite(rect: &[Cell; 4], corner: Cell) -> Option<Cell> {
    rect.iter().copied().find(|&c| diagonal(c, corner))
}

/// The houses two distinct cells share (row, column, block order).
fn shared_houses(p: Cell, q: Cell) -> Vec<House> {
    p.houses()
        .into_iter()
        .filter(|h| h.cells().contains(q))
        .collect()
}

/// A candidate rectangle on the digits `a` < `b`, its corners split into
/// those holding nothing but a/b (`two`) and those with extra candidates.
struct Ur {
    rect: [Cell; 4],
    cells: CellSet,
    a: Digit,
    b: Digit,
    two: CellSet,
    extra: CellSet,
}

impl Ur {
    fn digits(&self) -> DigitSet {
        DigitSet::single(self.a) | DigitSet::single(self.b)
    }
    fn evidence(
        &self,
        extra_cells: CellSet,
        extra_digits: DigitSet,
        houses: Vec<House>,
    ) -> Evidence {
        let mut rectangle = self.rect.to_vec();
        rectangle.sort();
        Evidence::Uniqueness {
            digits: self.digits(),
            rectangle,
            extra_cells,
            extra_digits,
            houses,
        }
    }
    /// The candidates of the extra corners beyond a and b.
    fn extra_digits(&self, board: &Board) -> DigitSet {
        self.extra
            .iter()
            .fold(DigitSet::EMPTY, |acc, c| acc | board.candidates(c))
            - self.digits()
    }
}

/// Every unique rectangle (all four corners empty, both digits allowed in
/// each, at least one corner holding exactly the two digits), each rectangle
/// once per digit pair.
fn candidate_rectangles(board: &Board) -> Vec<Ur> {
    let empty = board.empty_cells();
    let bivalue = board.bivalue_cells() & empty;
    let mut allowed: Option<[CellSet; 9]> = None;
    let mut out = Vec::new();
    for &(rect, cells) in rectangles() {
        if !(cells - empty).is_empty() || (cells & bivalue).is_empty() {
            continue;
        }
        // the digit pairs of the corners holding two, each once, in order
        let mut pairs = [DigitSet::EMPTY; 4];
        let mut n = 0;
        for (slot, c) in pairs.iter_mut().zip((cells & bivalue).iter()) {
            *slot = board.candidates(c);
            n += 1;
        }
        let pairs = &mut pairs[..n];
        pairs.sort_unstable();
        for (i, &pair) in pairs.iter().enumerate() {
            if i > 0 && pairs.get(i - 1) == Some(&pair) {
                continue;
            }
            let mut digits = pair.iter();
            let (Some(a), Some(b)) = (digits.next(), digits.next()) else {
                continue;
            };
            let allowed = allowed.get_or_insert_with(|| allowed_cells(board));
            if !(cells - allowed[a.index()]).is_empty() || !(cells - allowed[b.index()]).is_empty()
            {
                continue;
            }
            let two: CellSet = cells
                .iter()
                .filter(|&c| board.candidates(c).is_subset(pair))
                .collect();
            out.push(Ur {
                rect,
                cells,
                a,
                b,
                two,
                extra: cells - two,
            });
        }
    }
    out
}

fn unique_rectangles(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    for ur in candidate_rectangles(board) {
        match t {
            Technique::Uniqueness1 => type1(&ur, board, sink)?,
            Technique::Uniqueness2 | Technique::Uniqueness5 => type2_or_5(t, &ur, board, sink)?,
            Technique::Uniqueness3 => type3(&ur, board, sink)?,
            Technique::Uniqueness4 => type4(&ur, board, sink)?,
            Technique::Uniqueness6 => type6(&ur, board, sink)?,
            Technique::HiddenRectangle => hidden_rectangle(&ur, board, sink)?,
            _ => {}
        }
    }
    ControlFlow::Continue(())
}

/// Three corners hold only a/b: the fourth can be neither.
fn type1(ur: &Ur, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    if ur.two.len() != 3 {
        return ControlFlow::Continue(());
    }
    let Some(cell) = ur.extra.single_cell() else {
        return ControlFlow::Continue(());
    };
    let elims: Vec<Candidate> = (board.candidates(cell) & ur.digits())
        .iter()
        .map(|d| Candidate::new(cell, d))
        .collect();
    if elims.is_empty() {
        return ControlFlow::Continue(());
    }
    let ev = ur.evidence(ur.extra, DigitSet::EMPTY, vec![]);
    sink(Step::elimination(Technique::Uniqueness1, elims, ev))
}

/// One or two corners hold only a/b and the others all hold the same one
/// extra digit x: x goes from every cell that sees all the extra corners.
/// Two extra corners in one row or column make type 2; three, or two on a
/// diagonal, make type 5.
fn type2_or_5(t: Technique, ur: &Ur, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    if !(1..=2).contains(&ur.two.len()) {
        return ControlFlow::Continue(());
    }
    let Some(x) = ur.extra_digits(board).single_digit() else {
        return ControlFlow::Continue(());
    };
    let extra: Vec<Cell> = ur.extra.iter().collect();
    let is_type5 = match extra[..] {
        [p, q] => diagonal(p, q),
        _ => true,
    };
    let found = if is_type5 {
        Technique::Uniqueness5
    } else {
        Technique::Uniqueness2
    };
    if found != t {
        return ControlFlow::Continue(());
    }
    let seen = ur.extra.common_peers();
    let targets = seen & board.positions(x);
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let elims = targets.iter().map(|c| Candidate::new(c, x)).collect();
    let houses = match extra[..] {
        [p, q] => shared_houses(p, q),
        _ => vec![],
    };
    let ev = ur.evidence(ur.extra, DigitSet::single(x), houses);
    sink(Step::elimination(t, elims, ev))
}

/// Two corners in one house hold extra digits; together they act as one
/// cell holding all their extras. With k more cells of the house (holding
/// neither a nor b) whose digits together with the extras number k + 1, they
/// form a naked subset: those digits go from the rest of the house (and of
/// the block too, when all the subset's cells share one).
fn type3(ur: &Ur, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    if ur.two.len() != 2 {
        return ControlFlow::Continue(());
    }
    let extra: Vec<Cell> = ur.extra.iter().collect();
    let [p, q] = extra[..] else {
        return ControlFlow::Continue(());
    };
    let extra_digits = ur.extra_digits(board);
    for house in shared_houses(p, q) {
        let pool: Vec<Cell> = house
            .cells()
            .iter()
            .filter(|&c| {
                board.value(c).is_none()
                    && !ur.cells.contains(c)
                    && (board.candidates(c) & ur.digits()).is_empty()
            })
            .collect();
        let mut chosen = Vec::new();
        type3_subsets(ur, board, house, &pool, 0, &mut chosen, extra_digits, sink)?;
    }
    ControlFlow::Continue(())
}

#[allow(clippy::too_many_arguments)]
fn type3_subsets(
    ur: &Ur,
    board: &Board,
    house: House,
    pool: &[Cell],
    start: usize,
    chosen: &mut Vec<Cell>,
    digits: DigitSet,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    for i in start..pool.len() {
        let Some(&cell) = pool.get(i) else {
            continue;
        };
        chosen.push(cell);
        let subset_digits = digits | board.candidates(cell);
        let subset: CellSet = chosen.iter().copied().collect::<CellSet>() | ur.extra;
        // in a block, a subset lying in one row or column was already
        // found in that row or column
        let in_one_line = |cells: CellSet| {
            let first = cells.first();
            first.is_some_and(|f| {
                cells.iter().all(|c| c.row() == f.row()) || cells.iter().all(|c| c.col() == f.col())
            })
        };
        let skip = house.kind() == crate::grid::HouseKind::Block && in_one_line(subset);
        if !skip && subset_digits.len() as usize == chosen.len() + 1 {
            let mut houses = vec![house];
            let mut targets = house.cells() - subset;
            if house.kind() != crate::grid::HouseKind::Block {
                if let Some(f) = subset.first() {
                    let block = House::block(f.block());
                    if subset.iter().all(|c| c.block() == f.block()) {
                        targets |= block.cells() - subset;
                        houses.push(block);
                    }
                }
            }
            let elims: Vec<Candidate> = targets
                .iter()
                .flat_map(|c| {
                    (board.candidates(c) & subset_digits)
                        .iter()
                        .map(move |d| Candidate::new(c, d))
                })
                .collect();
            if !elims.is_empty() {
                let ev = ur.evidence(subset, subset_digits, houses);
                sink(Step::elimination(Technique::Uniqueness3, elims, ev))?;
            }
        }
        type3_subsets(ur, board, house, pool, i + 1, chosen, subset_digits, sink)?;
        chosen.pop();
    }
    ControlFlow::Continue(())
}

/// Two extra corners in one row or column; if one rectangle digit has no
/// other place in the cells seeing both (it is locked into them), the other
/// rectangle digit goes from both.
fn type4(ur: &Ur, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    if ur.two.len() != 2 {
        return ControlFlow::Continue(());
    }
    let extra: Vec<Cell> = ur.extra.iter().collect();
    let [p, q] = extra[..] else {
        return ControlFlow::Continue(());
    };
    if diagonal(p, q) {
        return ControlFlow::Continue(());
    }
    let common = p.peers() & q.peers();
    let (locked, other) = if (common & board.positions(ur.a)).is_empty() {
        (ur.a, ur.b)
    } else if (common & board.positions(ur.b)).is_empty() {
        (ur.b, ur.a)
    } else {
        return ControlFlow::Continue(());
    };
    let elims: Vec<Candidate> = [p, q]
        .into_iter()
        .filter(|&c| board.has_candidate(c, other))
        .map(|c| Candidate::new(c, other))
        .collect();
    if elims.is_empty() {
        return ControlFlow::Continue(());
    }
    let ev = ur.evidence(ur.extra, DigitSet::single(locked), shared_houses(p, q));
    sink(Step::elimination(Technique::Uniqueness4, elims, ev))
}

/// Two extra corners on a diagonal; if one rectangle digit appears in the
/// rectangle's two rows and two columns only at its corners (an X-Wing), it
/// cannot take the extra corners' diagonal: it goes from both.
fn type6(ur: &Ur, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    if ur.two.len() != 2 {
        return ControlFlow::Continue(());
    }
    let extra: Vec<Cell> = ur.extra.iter().collect();
    let [p, q] = extra[..] else {
        return ControlFlow::Continue(());
    };
    if !diagonal(p, q) {
        return ControlFlow::Continue(());
    }
    let houses = vec![
        House::row(p.row().min(q.row())),
        House::row(p.row().max(q.row())),
        House::col(p.col().min(q.col())),
        House::col(p.col().max(q.col())),
    ];
    let lines = houses.iter().fold(CellSet::EMPTY, |acc, h| acc | h.cells()) - ur.cells;
    let digit = if (lines & board.positions(ur.a)).is_empty() {
        ur.a
    } else if (lines & board.positions(ur.b)).is_empty() {
        ur.b
    } else {
        return ControlFlow::Continue(());
    };
    let elims: Vec<Candidate> = [p, q]
        .into_iter()
        .filter(|&c| board.has_candidate(c, digit))
        .map(|c| Candidate::new(c, digit))
        .collect();
    if elims.is_empty() {
        return ControlFlow::Continue(());
    }
    let ev = ur.evidence(ur.extra, DigitSet::single(digit), houses);
    sink(Step::elimination(Technique::Uniqueness6, elims, ev))
}

/// A corner holding only a/b (with one such corner, or two on a diagonal):
/// if in the row and the column of the opposite corner `x` appears only in
/// the rectangle's cells, the opposite corner cannot be the other digit.
fn hidden_rectangle(ur: &Ur, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let two: Vec<Cell> = ur.two.iter().collect();
    match two[..] {
        [_] => {}
        [p, q] if diagonal(p, q) => {}
        _ => return ControlFlow::Continue(()),
    }
    for corner in two {
        let Some(target) = opposite(&ur.rect, corner) else {
            continue;
        };
        let row = House::row(target.row());
        let col = House::col(target.col());
        for (x, other) in [(ur.a, ur.b), (ur.b, ur.a)] {
            let outside = (row.cells() | col.cells()) & board.positions(x) & !ur.cells;
            if !outside.is_empty() || !board.has_candidate(target, other) {
                continue;
            }
            let ev = ur.evidence(CellSet::single(corner), DigitSet::single(x), vec![row, col]);
            let elims = vec![Candidate::new(target, other)];
            sink(Step::elimination(Technique::HiddenRectangle, elims, ev))?;
        }
    }
    ControlFlow::Continue(())
}

/// Avoidable rectangles: two solved, non-given cells of one block in one row
/// or column (values c1 and c2), and the opposite side of the rectangle in
/// another block, where c2 lies opposite c1 and c1 opposite c2. Type 1: one
/// far corner is solved (not given) with the digit that completes the
/// pattern; the other far corner may not take its digit. Type 2: both far
/// corners are empty with two candidates, the completing digit and the same
/// extra digit x; x goes from every cell that sees both.
fn avoidable_rectangles(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let placed = |c: Cell| board.value(c).filter(|_| !board.is_given(c));
    for &(rect, _) in rectangles() {
        // the two sides of the rectangle: along rows and along columns
        let [tl, tr, bl, br] = rect;
        for [n1, n2, f1, f2] in [
            [tl, tr, bl, br],
            [bl, br, tl, tr],
            [tl, bl, tr, br],
            [tr, br, tl, bl],
        ] {
            // n1, n2: the near side (one block), f1 opposite n1, f2 opposite n2
            if n1.block() != n2.block() {
                continue;
            }
            let (Some(v1), Some(v2)) = (placed(n1), placed(n2)) else {
                continue;
            };
            let digits = DigitSet::single(v1) | DigitSet::single(v2);
            let mut rectangle = rect.to_vec();
            rectangle.sort();
            let evidence = |extra_cells: CellSet, extra_digits: DigitSet| Evidence::Uniqueness {
                digits,
                rectangle: rectangle.clone(),
                extra_cells,
                extra_digits,
                houses: vec![],
            };
            // f1 must end as v2 and f2 as v1 to complete the pattern
            let completes = |f: Cell, v: Digit| placed(f) == Some(v);
            let (e1, e2) = (board.value(f1).is_none(), board.value(f2).is_none());
            if t == Technique::AvoidableRectangle1 {
                // three corners solved: the fourth may not complete the pattern
                let last = if completes(f1, v2) && e2 {
                    Some((f2, v1))
                } else if completes(f2, v1) && e1 {
                    Some((f1, v2))
                } else {
                    None
                };
                if let Some((cell, d)) = last.filter(|&(c, d)| board.has_candidate(c, d)) {
                    let ev = evidence(CellSet::single(cell), DigitSet::EMPTY);
                    sink(Step::elimination(t, vec![Candidate::new(cell, d)], ev))?;
                }
                continue;
            }
            if !(e1 && e2) {
                continue;
            }
            let (c1, c2) = (board.candidates(f1), board.candidates(f2));
            if c1.len() != 2 || c2.len() != 2 || !c1.contains(v2) || !c2.contains(v1) {
                continue;
            }
            let extra = (c1 - DigitSet::single(v2)) & (c2 - DigitSet::single(v1));
            let Some(x) = extra.single_digit() else {
                continue;
            };
            let targets = f1.peers() & f2.peers() & board.positions(x);
            if targets.is_empty() {
                continue;
            }
            let elims = targets.iter().map(|c| Candidate::new(c, x)).collect();
            let cells = CellSet::single(f1) | CellSet::single(f2);
            let ev = evidence(cells, DigitSet::single(x));
            sink(Step::elimination(t, elims, ev))?;
        }
    }
    ControlFlow::Continue(())
}

/// BUG+1: every empty cell but one holds two candidates, that one holds
/// three, and in every house each digit still to place has exactly two
/// places, except one digit that has three in the row, column and block of
/// the cell of three. That cell takes the digit: its other candidates go.
fn bug_plus_one(board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let mut triple = None;
    for cell in board.empty_cells() {
        match board.candidates(cell).len() {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(cell) = triple else {
        return ControlFlow::Continue(());
    };
    let mut digit: Option<Digit> = None;
    let mut houses = Vec::new();
    for house in House::all() {
        for d in Digit::all() {
            let n = board.positions_in(d, house).len();
            if n == 0 || n == 2 {
                // a digit already placed has no place left; one still to
                // place with none would be a contradiction that the
                // count of the cells' candidates rules out here
                if n == 0 && !board.house_has_value(house, d) {
                    return ControlFlow::Continue(());
                }
                continue;
            }
            if n != 3 || !house.cells().contains(cell) || digit.is_some_and(|x| x != d) {
                return ControlFlow::Continue(());
            }
            digit = Some(d);
            houses.push(house);
        }
    }
    let Some(d) = digit else {
        return ControlFlow::Continue(());
    };
    if houses.len() != 3 || !board.has_candidate(cell, d) {
        return ControlFlow::Continue(());
    }
    let elims: Vec<Candidate> = (board.candidates(cell) - DigitSet::single(d))
        .iter()
        .map(|x| Candidate::new(cell, x))
        .collect();
    let ev = Evidence::Uniqueness {
        digits: DigitSet::single(d),
        rectangle: vec![],
        extra_cells: CellSet::single(cell),
        extra_digits: board.candidates(cell) - DigitSet::single(d),
        houses,
    };
    sink(Step::elimination(Technique::BugPlus1, elims, ev))
}
