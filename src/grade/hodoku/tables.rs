//! HoDoKu's forcing nets as its tables find them.
//!
//! HoDoKu (its documentation calls it "tabling") keeps one table per
//! premise (a candidate set, or a candidate removed) listing what the
//! premise implies in the unchanged position, and then joins the tables:
//! whatever an implication of a premise implies in its own table is added
//! to the premise's table, until nothing more is added. For forcing nets a
//! premise's own table holds what the premise removes and sets on a copy
//! of the position, and then the singles that appear there, a few rounds
//! deep ([`LOOK_AHEAD`]), each round setting every single the last one
//! left.
//!
//! A premise whose joined table breaks a rule (a candidate both set and
//! removed, two digits in a cell, a digit twice in a house, a cell or a
//! house left without a place for a digit) is false (contradiction); what
//! the tables of every candidate of a cell, or of every place of a digit in
//! a house, share is true (verity). sensei's own nets follow each premise
//! through every single of the position it reaches instead, so each finds
//! nets the other does not: the HoDoKu rating solve takes its nets from
//! here (its forcing chains still come from sensei's finder, which finds
//! the ones HoDoKu's sort picks more often than a table of direct
//! implications does). The steps carry their premises only, not the
//! chains: they are rated, not shown.

use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::step::{Evidence, ForcingBranch, Step};
use crate::technique::Technique;

/// Rounds of singles a net premise's table looks ahead (4 matches the most
/// of HoDoKu's scores: on top1465, 2, 3, 5 and 8 rounds match 1028, 1055,
/// 1075 and 1046 puzzles against 1144).
pub const LOOK_AHEAD: usize = 4;

const WORDS: usize = 12;

/// A set of candidates (729 bits).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Bits([u64; WORDS]);

impl Bits {
    fn set(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }
    fn has(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
    fn or(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(o.0.iter()) {
            *a |= *b;
        }
    }
    fn and(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(o.0.iter()) {
            *a &= *b;
        }
    }
    fn intersects(&self, o: &Bits) -> bool {
        self.0.iter().zip(o.0.iter()).any(|(a, b)| a & b != 0)
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                if b == 0 {
                    return None;
                }
                let t = b.trailing_zeros() as usize;
                b &= b - 1;
                Some(w * 64 + t)
            })
        })
    }
}

/// What a premise implies: candidates set and candidates removed.
#[derive(Clone, Copy, Default)]
struct Table {
    on: Bits,
    off: Bits,
}

fn idx(cell: Cell, d: Digit) -> usize {
    Candidate::new(cell, d).index()
}

/// The position every premise's table starts from: the candidates of
/// each cell and each digit's places (filled cells hold none), and the
/// digits placed in each house.
#[derive(Clone, Copy)]
struct Start {
    cands: [DigitSet; 81],
    places: [CellSet; 9],
    placed: [DigitSet; 27],
}

impl Start {
    fn of(board: &Board) -> Start {
        let mut start = Start {
            cands: [DigitSet::EMPTY; 81],
            places: [CellSet::EMPTY; 9],
            placed: [DigitSet::EMPTY; 27],
        };
        for c in board.empty_cells().iter() {
            let ds = board.candidates(c);
            start.cands[c.index()] = ds;
            for d in ds.iter() {
                start.places[d.index()].insert(c);
            }
        }
        for h in House::all() {
            for &c in h.cell_list() {
                if let Some(v) = board.value(c) {
                    start.placed[h.index()].insert(v);
                }
            }
        }
        start
    }

    /// Set `d` in `cell` for the table `t`: the cell's other candidates
    /// and the digit's other places in its houses go.
    fn place(&mut self, cell: Cell, d: Digit, t: &mut Table, set_cells: &mut CellSet) {
        t.on.set(idx(cell, d));
        set_cells.insert(cell);
        let old = std::mem::replace(&mut self.cands[cell.index()], DigitSet::EMPTY);
        for x in old.iter() {
            self.places[x.index()].remove(cell);
            if x != d {
                t.off.set(idx(cell, x));
            }
        }
        let seen = cell.peers() & self.places[d.index()];
        for p in seen.iter() {
            self.cands[p.index()].remove(d);
            t.off.set(idx(p, d));
        }
        self.places[d.index()] -= seen;
        for h in cell.houses() {
            self.placed[h.index()].insert(d);
        }
    }
}

/// The premise's own table in net mode: the premise made on a copy of the
/// candidates (`start`, of `board`), then `LOOK_AHEAD` rounds of singles,
/// each round setting the naked singles (in cell order), then the hidden
/// ones (house by house, digit by digit) that the last round left.
fn net_table(board: &Board, start: &Start, cell: Cell, d: Digit, on: bool) -> Table {
    let mut s = *start;
    let mut t = Table::default();
    let mut set_cells = CellSet::EMPTY;
    if on {
        s.place(cell, d, &mut t, &mut set_cells);
    } else {
        s.cands[cell.index()].remove(d);
        s.places[d.index()].remove(cell);
        t.off.set(idx(cell, d));
    }
    let mut singles: Vec<(Cell, Digit)> = Vec::new();
    for _ in 0..LOOK_AHEAD {
        singles.clear();
        for c in (board.empty_cells() - set_cells).iter() {
            if let Some(x) = s.cands[c.index()].single_digit() {
                singles.push((c, x));
            }
        }
        for h in House::all() {
            for x in Digit::all() {
                if s.placed[h.index()].contains(x) {
                    continue;
                }
                if let Some(c) = (s.places[x.index()] & h.cells()).single_cell() {
                    if !singles.contains(&(c, x)) {
                        singles.push((c, x));
                    }
                }
            }
        }
        if singles.is_empty() {
            break;
        }
        for &(c, x) in &singles {
            if set_cells.contains(c) || !s.cands[c.index()].contains(x) {
                // a second single for the cell, or the digit gone: the
                // joined table will show the contradiction
                t.on.set(idx(c, x));
                continue;
            }
            s.place(c, x, &mut t, &mut set_cells);
        }
    }
    t
}

/// Every premise's table, joined with the tables of its implications.
struct Tables {
    /// per candidate index: the table of "set" and of "removed"
    on: Vec<Option<Table>>,
    off: Vec<Option<Table>>,
}

impl Tables {
    fn build(board: &Board) -> Tables {
        let mut on: Vec<Option<Table>> = vec![None; 729];
        let mut off: Vec<Option<Table>> = vec![None; 729];
        let mut cands = Bits::default();
        for c in board.candidate_list() {
            cands.set(c.index());
        }
        let start = Start::of(board);
        for c in board.candidate_list() {
            on[c.index()] = Some(net_table(board, &start, c.cell, c.digit, true));
            off[c.index()] = Some(net_table(board, &start, c.cell, c.digit, false));
        }
        // join: keep adding the own tables of the implications
        let base_on = on.clone();
        let base_off = off.clone();
        for list in [&mut on, &mut off] {
            for table in list.iter_mut().flatten() {
                let mut done_on = Bits::default();
                let mut done_off = Bits::default();
                loop {
                    let mut grew = false;
                    let pending_on: Vec<usize> = table
                        .on
                        .iter()
                        .filter(|&i| !done_on.has(i) && cands.has(i))
                        .collect();
                    let pending_off: Vec<usize> = table
                        .off
                        .iter()
                        .filter(|&i| !done_off.has(i) && cands.has(i))
                        .collect();
                    for i in pending_on {
                        done_on.set(i);
                        if let Some(Some(b)) = base_on.get(i) {
                            table.on.or(&b.on);
                            table.off.or(&b.off);
                            grew = true;
                        }
                    }
                    for i in pending_off {
                        done_off.set(i);
                        if let Some(Some(b)) = base_off.get(i) {
                            table.on.or(&b.on);
                            table.off.or(&b.off);
                            grew = true;
                        }
                    }
                    if !grew {
                        break;
                    }
                }
            }
        }
        Tables { on, off }
    }
}

/// Whether a joined table breaks a rule of the game.
fn broken(board: &Board, t: &Table) -> bool {
    if t.on.intersects(&t.off) {
        return true;
    }
    let mut on_cells = [DigitSet::EMPTY; 81];
    for i in t.on.iter() {
        if let Some(c) = Candidate::from_index(i) {
            let ds = &mut on_cells[c.cell.index()];
            if !ds.is_empty() {
                return true;
            }
            ds.insert(c.digit);
        }
    }
    for h in House::all() {
        let mut seen = DigitSet::EMPTY;
        for &c in h.cell_list() {
            let ds = on_cells[c.index()];
            if !(seen & ds).is_empty() {
                return true;
            }
            seen |= ds;
        }
    }
    for c in board.empty_cells().iter() {
        if board.candidates(c).iter().all(|d| t.off.has(idx(c, d))) {
            return true;
        }
    }
    for h in House::all() {
        for d in Digit::all() {
            let pos = board.positions_in(d, h);
            if !pos.is_empty() && pos.iter().all(|c| t.off.has(idx(c, d))) {
                return true;
            }
        }
    }
    false
}

fn branch(c: Candidate, on: bool) -> ForcingBranch {
    ForcingBranch {
        premise: c,
        premise_is_on: on,
        chain: Vec::new(),
        reasons: Vec::new(),
    }
}

/// Every forcing net step HoDoKu's tables find: contradictions, then
/// verities of cells and of houses, one step per conclusion.
pub fn net_steps(board: &Board) -> Vec<Step> {
    let contradiction = Technique::ForcingNetContradiction;
    let verity = Technique::ForcingNetVerity;
    let tables = Tables::build(board);
    let mut out = Vec::new();
    for c in board.candidate_list() {
        for on in [true, false] {
            let list = if on { &tables.on } else { &tables.off };
            let Some(Some(t)) = list.get(c.index()) else {
                continue;
            };
            if !broken(board, t) {
                continue;
            }
            let ev = Evidence::Forcing {
                branches: vec![branch(c, on)],
                contradiction: CellSet::EMPTY,
            };
            out.push(if on {
                Step::elimination(contradiction, vec![c], ev)
            } else {
                Step::placement(contradiction, c.cell, c.digit, ev)
            });
        }
    }
    let mut groups: Vec<Vec<Candidate>> = Vec::new();
    for cell in board.empty_cells().iter() {
        let ds = board.candidates(cell);
        if ds.len() >= 2 {
            groups.push(ds.iter().map(|d| Candidate::new(cell, d)).collect());
        }
    }
    for h in House::all() {
        for d in Digit::all() {
            let cells = board.positions_in(d, h);
            if cells.len() >= 2 {
                groups.push(cells.iter().map(|c| Candidate::new(c, d)).collect());
            }
        }
    }
    for group in groups {
        let mut common: Option<Table> = None;
        for c in &group {
            let Some(Some(t)) = tables.on.get(c.index()) else {
                continue;
            };
            match &mut common {
                None => common = Some(*t),
                Some(acc) => {
                    acc.on.and(&t.on);
                    acc.off.and(&t.off);
                }
            }
        }
        let Some(common) = common else {
            continue;
        };
        let branches: Vec<ForcingBranch> = group.iter().map(|&c| branch(c, true)).collect();
        for i in common.on.iter() {
            if let Some(c) = Candidate::from_index(i) {
                if board.value(c.cell).is_none() && board.has_candidate(c.cell, c.digit) {
                    let ev = Evidence::Forcing {
                        branches: branches.clone(),
                        contradiction: CellSet::EMPTY,
                    };
                    out.push(Step::placement(verity, c.cell, c.digit, ev));
                }
            }
        }
        for i in common.off.iter() {
            if let Some(c) = Candidate::from_index(i) {
                if board.has_candidate(c.cell, c.digit) {
                    let ev = Evidence::Forcing {
                        branches: branches.clone(),
                        contradiction: CellSet::EMPTY,
                    };
                    out.push(Step::elimination(verity, vec![c], ev));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A premise's own table as first written: every house's places of
    /// every digit counted cell by cell, each round.
    fn net_table_by_counting(board: &Board, cell: Cell, d: Digit, on: bool) -> Table {
        let mut cands: [DigitSet; 81] = [DigitSet::EMPTY; 81];
        for c in board.empty_cells().iter() {
            cands[c.index()] = board.candidates(c);
        }
        let mut t = Table::default();
        let mut set_cells = CellSet::EMPTY;
        let mut placed = [DigitSet::EMPTY; 27];
        for h in House::all() {
            for &c in h.cell_list() {
                if let Some(v) = board.value(c) {
                    placed[h.index()].insert(v);
                }
            }
        }
        let place = |cell: Cell,
                     d: Digit,
                     cands: &mut [DigitSet; 81],
                     t: &mut Table,
                     set_cells: &mut CellSet,
                     placed: &mut [DigitSet; 27]| {
            t.on.set(idx(cell, d));
            set_cells.insert(cell);
            for x in (cands[cell.index()] - DigitSet::single(d)).iter() {
                t.off.set(idx(cell, x));
            }
            cands[cell.index()] = DigitSet::EMPTY;
            for p in cell.peers().iter() {
                if cands[p.index()].contains(d) {
                    cands[p.index()].remove(d);
                    t.off.set(idx(p, d));
                }
            }
            for h in cell.houses() {
                placed[h.index()].insert(d);
            }
        };
        if on {
            place(cell, d, &mut cands, &mut t, &mut set_cells, &mut placed);
        } else {
            cands[cell.index()].remove(d);
            t.off.set(idx(cell, d));
        }
        for _ in 0..LOOK_AHEAD {
            let mut singles: Vec<(Cell, Digit)> = Vec::new();
            for c in board.empty_cells().iter() {
                if set_cells.contains(c) {
                    continue;
                }
                if let Some(x) = cands[c.index()].single_digit() {
                    singles.push((c, x));
                }
            }
            for h in House::all() {
                for x in Digit::all() {
                    if placed[h.index()].contains(x) {
                        continue;
                    }
                    let mut only = None;
                    let mut n = 0;
                    for &c in h.cell_list() {
                        if cands[c.index()].contains(x) {
                            n += 1;
                            only = Some(c);
                        }
                    }
                    if let (1, Some(c)) = (n, only) {
                        if !singles.contains(&(c, x)) {
                            singles.push((c, x));
                        }
                    }
                }
            }
            if singles.is_empty() {
                break;
            }
            for (c, x) in singles {
                if set_cells.contains(c) || !cands[c.index()].contains(x) {
                    t.on.set(idx(c, x));
                    continue;
                }
                place(c, x, &mut cands, &mut t, &mut set_cells, &mut placed);
            }
        }
        t
    }

    /// The premises' tables, kept as each digit's places (issue 39), are
    /// the tables counted cell by cell, for every premise of every
    /// position of the HoDoKu solves of the corpus where a single ends.
    #[test]
    fn tables_from_places_are_the_tables_counted_cell_by_cell() {
        let mut premises = 0;
        for line in include_str!("../../../tests/corpus/corpus.txt")
            .lines()
            .step_by(3)
        {
            let Ok(grid) = crate::parse(line.get(..81).unwrap_or("")) else {
                continue;
            };
            let trace = crate::grade::hodoku_trace(&grid);
            for (board, _) in trace.positions().into_iter().step_by(7) {
                let start = Start::of(&board);
                for c in board.candidate_list() {
                    for on in [true, false] {
                        let got = net_table(&board, &start, c.cell, c.digit, on);
                        let want = net_table_by_counting(&board, c.cell, c.digit, on);
                        assert!(
                            got.on == want.on && got.off == want.off,
                            "{line} {c:?} {on}"
                        );
                        premises += 1;
                    }
                }
            }
        }
        assert!(premises > 1000, "{premises} premises");
    }
}
