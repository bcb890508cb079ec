//! Single-digit patterns: short chains on one digit built from conjugate
//! pairs (a *strong link*: the digit has exactly two places in a house, so
//! one of them holds it). Two strong links joined by a *weak link* (the two
//! inner ends see each other, so at most one holds the digit) force the
//! digit into one of the two outer ends; every cell that sees both outer
//! ends loses the digit.
//!
//! - **Skyscraper**: two parallel rows (or columns), each a conjugate pair,
//!   whose inner ends share a column (row) and whose outer ends do not.
//! - **2-String Kite**: a row pair and a column pair whose inner ends sit in
//!   one block.
//! - **Turbot Fish**: any other strong–weak–strong chain of four cells (at
//!   least one strong link in a block, or parallel lines joined in a block).
//! - **Empty Rectangle**: a block whose candidates lie on one row and one
//!   column of the block (the *cross*) acts as a strong link between that
//!   row and that column; with a conjugate pair in a line outside the block
//!   it removes the digit where the pair's far end meets the cross.
//! - **Dual 2-String Kite / Dual Empty Rectangle**: two kites (two empty
//!   rectangles) that share their block cells (their block) and together
//!   remove more than either does alone; reported as one step.

use super::{Context, Sink};
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House, HouseKind};
use crate::step::{eliminations_of, Chain, ChainNode, Evidence, LinkKind, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

/// Every pattern of technique `t`. What a digit yields depends on its
/// places alone, so a digit on which `t` found no pattern is skipped until
/// its places change (see [`crate::strategies::Fruitless`]).
pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    let finder: fn(&Board, Digit) -> Vec<Pattern> = match t {
        Technique::Skyscraper => skyscrapers,
        Technique::TwoStringKite | Technique::DualTwoStringKite => kites,
        Technique::TurbotFish => turbot_fish,
        Technique::EmptyRectangle | Technique::DualEmptyRectangle => empty_rectangles,
        _ => return ControlFlow::Continue(()),
    };
    let mut patterns: Vec<Pattern> = Vec::new();
    let _ = ctx.fruitless.each_digit(t, board, |digit| {
        let found = finder(board, digit);
        let any = !found.is_empty();
        patterns.extend(found);
        ControlFlow::Continue(any)
    });
    let patterns = match t {
        Technique::DualTwoStringKite | Technique::DualEmptyRectangle => duals(&patterns),
        _ => patterns,
    };
    for p in patterns {
        let evidence = match <[Chain; 1]>::try_from(p.chains) {
            Ok([chain]) => Evidence::Chain {
                chain,
                houses: p.houses,
            },
            Err(chains) => Evidence::Chains {
                chains,
                houses: p.houses,
            },
        };
        sink(Step::elimination(t, p.eliminations, evidence))?;
    }
    ControlFlow::Continue(())
}

/// One found pattern: its chain(s), the houses carrying it, its core (the
/// block cells a dual pattern shares) and the candidates it removes.
#[derive(Clone, Debug)]
struct Pattern {
    chains: Vec<Chain>,
    houses: Vec<House>,
    core: CellSet,
    eliminations: Vec<Candidate>,
}

/// The two cells of a conjugate pair of `digit` in `house`, if it has one.
fn conjugate_pair(board: &Board, digit: Digit, house: House) -> Option<[Cell; 2]> {
    let cells = board.positions_in(digit, house);
    if cells.len() != 2 {
        return None;
    }
    let mut it = cells.iter();
    Some([it.next()?, it.next()?])
}

/// All conjugate pairs of `digit` in the given houses.
fn pairs_in(
    board: &Board,
    digit: Digit,
    houses: impl Iterator<Item = House>,
) -> Vec<(House, [Cell; 2])> {
    houses
        .filter_map(|h| conjugate_pair(board, digit, h).map(|p| (h, p)))
        .collect()
}

/// The strong–weak–strong chain `a = b - c = d` on one digit.
fn x_chain(digit: Digit, a: CellSet, b: CellSet, c: CellSet, d: CellSet) -> Chain {
    Chain {
        nodes: [a, b, c, d]
            .into_iter()
            .map(|cells| ChainNode::group(digit, cells))
            .collect(),
        links: vec![LinkKind::Strong, LinkKind::Weak, LinkKind::Strong],
        is_loop: false,
    }
}

/// The four ways to read two pairs, each as (inner end, outer end).
fn orientations([p0, p1]: [Cell; 2], [q0, q1]: [Cell; 2]) -> [((Cell, Cell), (Cell, Cell)); 4] {
    [
        ((p0, p1), (q0, q1)),
        ((p0, p1), (q1, q0)),
        ((p1, p0), (q0, q1)),
        ((p1, p0), (q1, q0)),
    ]
}

/// The candidates of `digit` that see both `a` and `b`.
fn seeing_both(board: &Board, digit: Digit, a: Cell, b: Cell) -> CellSet {
    a.peers() & b.peers() & board.positions(digit)
}

/// The coordinate across a line: the column of a cell for rows, the row for columns.
fn across(kind: HouseKind, cell: Cell) -> u8 {
    match kind {
        HouseKind::Row => cell.col(),
        _ => cell.row(),
    }
}

/// Skyscrapers: conjugate pairs in two parallel lines whose inner ends
/// share a cross line and whose outer ends (the tops) do not.
fn skyscrapers(board: &Board, digit: Digit) -> Vec<Pattern> {
    let mut found = Vec::new();
    for lines in [
        pairs_in(board, digit, House::rows()),
        pairs_in(board, digit, House::cols()),
    ] {
        for (i, &(line1, p)) in lines.iter().enumerate() {
            for &(line2, q) in &lines[i + 1..] {
                let kind = line1.kind();
                for ((base1, top1), (base2, top2)) in orientations(p, q) {
                    if across(kind, base1) != across(kind, base2)
                        || across(kind, top1) == across(kind, top2)
                    {
                        continue;
                    }
                    let targets = seeing_both(board, digit, top1, top2);
                    if targets.is_empty() {
                        continue;
                    }
                    let cross = match kind {
                        HouseKind::Row => House::col(base1.col()),
                        _ => House::row(base1.row()),
                    };
                    let one = CellSet::single;
                    found.push(Pattern {
                        chains: vec![x_chain(digit, one(top1), one(base1), one(base2), one(top2))],
                        houses: vec![line1, line2, cross],
                        core: one(base1) | one(base2),
                        eliminations: eliminations_of(board, digit, targets),
                    });
                }
            }
        }
    }
    found
}

/// 2-String Kites: a row pair and a column pair, with no cell in common,
/// whose inner ends lie in one block (in different cells).
fn kites(board: &Board, digit: Digit) -> Vec<Pattern> {
    let rows = pairs_in(board, digit, House::rows());
    let cols = pairs_in(board, digit, House::cols());
    let mut found = Vec::new();
    for &(row, p) in &rows {
        for &(col, q) in &cols {
            if p.iter().any(|c| q.contains(c)) {
                continue;
            }
            for ((row_inner, row_end), (col_inner, col_end)) in orientations(p, q) {
                if row_inner.block() != col_inner.block() {
                    continue;
                }
                let targets = seeing_both(board, digit, row_end, col_end);
                if targets.is_empty() {
                    continue;
                }
                let one = CellSet::single;
                found.push(Pattern {
                    chains: vec![x_chain(
                        digit,
                        one(row_end),
                        one(row_inner),
                        one(col_inner),
                        one(col_end),
                    )],
                    houses: vec![row, col, House::block(row_inner.block())],
                    core: one(row_inner) | one(col_inner),
                    eliminations: eliminations_of(board, digit, targets),
                });
            }
        }
    }
    found
}

/// Whether `a = b` is a conjugate pair of `digit` in a line of `kind`.
fn line_pair(board: &Board, digit: Digit, kind: HouseKind, a: Cell, b: Cell) -> bool {
    let house = match kind {
        HouseKind::Row if a.row() == b.row() => House::row(a.row()),
        HouseKind::Col if a.col() == b.col() => House::col(a.col()),
        _ => return false,
    };
    board.positions_in(digit, house).len() == 2
}

/// Whether the chain `a = b - c = d` is a Skyscraper, an X-Wing or a
/// 2-String Kite (those have their own names).
fn has_own_name(board: &Board, digit: Digit, [a, b, c, d]: [Cell; 4]) -> bool {
    let pair = |k, x, y| line_pair(board, digit, k, x, y);
    let (row, col) = (HouseKind::Row, HouseKind::Col);
    (pair(row, a, b) && pair(row, c, d) && b.col() == c.col())
        || (pair(col, a, b) && pair(col, c, d) && b.row() == c.row())
        || ((pair(row, a, b) && pair(col, c, d)) || (pair(col, a, b) && pair(row, c, d)))
            && b.block() == c.block()
}

/// Turbot Fish: every other chain `a = b - c = d` of two conjugate pairs
/// (in any houses) joined by a weak link, read once (from the smaller end).
fn turbot_fish(board: &Board, digit: Digit) -> Vec<Pattern> {
    // Each pair of cells once, with the first house it is a pair in.
    let mut links: Vec<(House, [Cell; 2])> = Vec::new();
    for (house, p) in pairs_in(board, digit, House::all()) {
        if !links.iter().any(|(_, q)| *q == p) {
            links.push((house, p));
        }
    }
    let mut found = Vec::new();
    for (i, &(h1, p)) in links.iter().enumerate() {
        for (j, &(h2, q)) in links.iter().enumerate() {
            if i == j || p.iter().any(|c| q.contains(c)) {
                continue;
            }
            for ((b, a), (c, d)) in orientations(p, q) {
                if a > d || !b.sees(c) || has_own_name(board, digit, [a, b, c, d]) {
                    continue;
                }
                let targets = seeing_both(board, digit, a, d);
                if targets.is_empty() {
                    continue;
                }
                let weak = b
                    .houses()
                    .into_iter()
                    .find(|h| h.cells().contains(c))
                    .unwrap_or(h1);
                let one = CellSet::single;
                found.push(Pattern {
                    chains: vec![x_chain(digit, one(a), one(b), one(c), one(d))],
                    houses: vec![h1, weak, h2],
                    core: one(b) | one(c),
                    eliminations: eliminations_of(board, digit, targets),
                });
            }
        }
    }
    found
}

/// Empty Rectangles. In a block whose candidates all lie on row `R` and
/// column `C` of the block (with some off each), "the digit is on `R`" or
/// "it is on `C`". A conjugate pair in a column outside the block with one
/// end on `R` forces, when that end is off, the digit onto `C`: the pair's
/// other end and the block's column `C` then both exclude the cell where
/// they cross. The same with a row pair and an end on `C`.
fn empty_rectangles(board: &Board, digit: Digit) -> Vec<Pattern> {
    let mut found = Vec::new();
    let row_pairs = pairs_in(board, digit, House::rows());
    let col_pairs = pairs_in(board, digit, House::cols());
    for block in House::blocks() {
        let cands = board.positions_in(digit, block);
        if cands.len() < 2 {
            continue;
        }
        let (band, stack) = (block.number() / 3, block.number() % 3);
        for r in band * 3..band * 3 + 3 {
            for c in stack * 3..stack * 3 + 3 {
                let (row, col) = (House::row(r), House::col(c));
                let on_row = cands & row.cells();
                let on_col = cands & col.cells();
                if !cands.is_subset(on_row | on_col)
                    || cands.is_subset(row.cells())
                    || cands.is_subset(col.cells())
                {
                    continue;
                }
                // A column pair with its near end on row `r`, its far end
                // outside the band: the far end's row meets column `c`.
                for &(line, pair) in &col_pairs {
                    let [p0, p1] = pair;
                    for (near, far) in [(p0, p1), (p1, p0)] {
                        if near.row() != r || near.col() / 3 == stack || far.row() / 3 == band {
                            continue;
                        }
                        let target = Cell::at(far.row(), c);
                        if let Some(p) = er_pattern(
                            board,
                            digit,
                            [far, near],
                            on_row,
                            on_col - row.cells(),
                            target,
                            [block, line],
                        ) {
                            found.push(p);
                        }
                    }
                }
                // A row pair with its near end on column `c`.
                for &(line, pair) in &row_pairs {
                    let [p0, p1] = pair;
                    for (near, far) in [(p0, p1), (p1, p0)] {
                        if near.col() != c || near.row() / 3 == band || far.col() / 3 == stack {
                            continue;
                        }
                        let target = Cell::at(r, far.col());
                        if let Some(p) = er_pattern(
                            board,
                            digit,
                            [far, near],
                            on_col,
                            on_row - col.cells(),
                            target,
                            [block, line],
                        ) {
                            found.push(p);
                        }
                    }
                }
            }
        }
    }
    found
}

/// The chain `far = near - (near side of the cross) = (other side)` of an
/// empty rectangle, if the target still holds the digit.
fn er_pattern(
    board: &Board,
    digit: Digit,
    [far, near]: [Cell; 2],
    near_side: CellSet,
    other_side: CellSet,
    target: Cell,
    houses: [House; 2],
) -> Option<Pattern> {
    if !board.has_candidate(target, digit) {
        return None;
    }
    let one = CellSet::single;
    Some(Pattern {
        chains: vec![x_chain(digit, one(far), one(near), near_side, other_side)],
        houses: houses.to_vec(),
        core: near_side | other_side,
        eliminations: vec![Candidate::new(target, digit)],
    })
}

/// Dual patterns: two patterns with the same core (a kite's two block
/// cells, an empty rectangle's block cells) and different eliminations,
/// reported together. Like HoDoKu, the two may be on different digits:
/// each half stands on its own, the step just takes both at once.
fn duals(patterns: &[Pattern]) -> Vec<Pattern> {
    let mut found = Vec::new();
    for (i, p) in patterns.iter().enumerate() {
        for q in patterns.iter().skip(i + 1) {
            if p.core != q.core || p.eliminations == q.eliminations {
                continue;
            }
            let mut houses = p.houses.clone();
            for h in &q.houses {
                if !houses.contains(h) {
                    houses.push(*h);
                }
            }
            let mut eliminations = p.eliminations.clone();
            eliminations.extend(&q.eliminations);
            found.push(Pattern {
                chains: p.chains.iter().chain(&q.chains).cloned().collect(),
                houses,
                core: p.core,
                eliminations,
            });
        }
    }
    found
}
