//! HoDoKu's bookkeeping of singles: the naked-single and hidden-single
//! queues that decide in which order HoDoKu's solve places its singles.

use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit, Grid, House};
use crate::step::{Evidence, Step};
use crate::technique::Technique;

/// HoDoKu's bookkeeping of singles, kept beside the board for the HoDoKu
/// rating solve.
///
/// HoDoKu does not scan the grid for singles: it keeps two queues. A cell
/// joins the naked-single queue when its candidates drop to one, and a
/// (house, digit) pair adds its one remaining cell to the hidden-single
/// queue when the digit's count in the house drops to one. Full House is
/// the first queued naked single that is the last empty cell of a house
/// (the queue is only read), Naked Single takes the oldest queued cell
/// still empty, and Hidden Single takes the oldest queued cell still empty
/// and places it if the digit is down to one cell in one of its houses;
/// when the oldest entry is stale, HoDoKu finds no hidden single this
/// round and moves on to the next technique. The order in which singles
/// are found changes which other techniques a solve needs, so HoDoKu's
/// score can only be matched by following the same order.
#[derive(Clone)]
pub(super) struct SinglesQueues {
    values: [Option<Digit>; 81],
    /// The candidates of each empty cell.
    cands: [DigitSet; 81],
    /// The same candidates by digit: the cells holding each.
    places: [CellSet; 9],
    /// How many empty cells of each house hold each digit.
    free: [[i8; 9]; 27],
    naked: Queue,
    hidden: Queue,
}

impl SinglesQueues {
    /// The empty grid with every candidate, then the givens set in cell
    /// order (as HoDoKu loads a puzzle).
    pub(super) fn new(puzzle: &Grid) -> SinglesQueues {
        let mut q = SinglesQueues {
            values: [None; 81],
            cands: [DigitSet::ALL; 81],
            places: [CellSet::ALL; 9],
            free: [[9; 9]; 27],
            // (room for the singles of a whole solve: the queues then
            // never grow)
            naked: Queue::with_capacity(128),
            hidden: Queue::with_capacity(256),
        };
        for cell in Cell::all() {
            if let Some(d) = puzzle.value(cell) {
                q.set_cell(cell, d);
            }
        }
        q
    }

    fn free(&self, house: House, digit: Digit) -> i8 {
        self.free[house.index()][digit.index()]
    }

    /// One cell fewer holds `digit` in `house`: the count left.
    fn decrement(&mut self, house: House, digit: Digit) -> i8 {
        let f = &mut self.free[house.index()][digit.index()];
        *f -= 1;
        *f
    }

    /// Queue the one cell of `house` still holding `digit`.
    fn add_hidden(&mut self, house: House, digit: Digit) {
        if let Some(c) = (self.places[digit.index()] & house.cells()).first() {
            self.hidden.push(c, digit);
        }
    }

    fn del_candidate(&mut self, cell: Cell, digit: Digit) {
        let cands = &mut self.cands[cell.index()];
        if !cands.contains(digit) {
            return;
        }
        cands.remove(digit);
        self.places[digit.index()].remove(cell);
        if cands.is_empty() {
            return;
        }
        if let Some(last) = cands.single_digit() {
            self.naked.push(cell, last);
        }
        for house in cell.houses() {
            match self.decrement(house, digit) {
                1 => self.add_hidden(house, digit),
                0 => self.hidden.remove_hidden(house, digit),
                _ => {}
            }
        }
    }

    fn set_cell(&mut self, cell: Cell, digit: Digit) {
        if self.values[cell.index()] == Some(digit) {
            return;
        }
        self.values[cell.index()] = Some(digit);
        let old = std::mem::replace(&mut self.cands[cell.index()], DigitSet::EMPTY);
        for d in old.iter() {
            self.places[d.index()].remove(cell);
        }
        // the peers without the digit would be left as they are
        for peer in cell.peers() & self.places[digit.index()] {
            self.del_candidate(peer, digit);
        }
        for d in old.iter() {
            for house in cell.houses() {
                if self.decrement(house, d) == 1 && d != digit {
                    self.add_hidden(house, d);
                }
            }
        }
    }

    /// Follow a step's effects (eliminations first, as the board does).
    pub(super) fn apply(&mut self, step: &Step) {
        // a naked subset removes house by house (in the order of the
        // evidence), cell by cell: the order singles join the queues
        if let Evidence::Subset {
            hidden: false,
            houses,
            ..
        } = &step.evidence
        {
            for h in houses {
                for e in step
                    .eliminations
                    .iter()
                    .filter(|e| h.cells().contains(e.cell))
                {
                    self.del_candidate(e.cell, e.digit);
                }
            }
        }
        for e in &step.eliminations {
            self.del_candidate(e.cell, e.digit);
        }
        for p in &step.placements {
            self.set_cell(p.cell, p.digit);
        }
    }

    fn single(t: Technique, cell: Cell, digit: Digit, house: Option<House>) -> Step {
        Step::placement(t, cell, digit, Evidence::Single { cell, digit, house })
    }

    pub(super) fn full_house(&self, board: &Board) -> Option<Step> {
        self.naked.pending().iter().find_map(|&(cell, digit)| {
            if self.values[cell.index()].is_some() {
                return None;
            }
            let house = cell
                .houses()
                .into_iter()
                .find(|&h| Digit::all().all(|j| j == digit || self.free(h, j) == 0))?;
            let step = Self::single(Technique::FullHouse, cell, digit, Some(house));
            board_allows(board, &step).then_some(step)
        })
    }

    pub(super) fn naked_single(&mut self, board: &Board) -> Option<Step> {
        while let Some((cell, digit)) = self.naked.pop() {
            if self.values[cell.index()].is_none() {
                let step = Self::single(Technique::NakedSingle, cell, digit, None);
                return board_allows(board, &step).then_some(step);
            }
        }
        None
    }

    pub(super) fn hidden_single(&mut self, board: &Board) -> Option<Step> {
        while let Some((cell, digit)) = self.hidden.pop() {
            if self.values[cell.index()].is_some() {
                continue;
            }
            let house = cell
                .houses()
                .into_iter()
                .find(|&h| self.free(h, digit) == 1)?;
            let only = board.positions_in(digit, house).single_cell();
            let step = Self::single(Technique::HiddenSingle, cell, digit, Some(house));
            return (only == Some(cell)).then_some(step);
        }
        None
    }
}

/// A first-in first-out list of (cell, digit) singles.
#[derive(Clone, Default)]
struct Queue {
    items: Vec<(Cell, Digit)>,
    next: usize,
}

impl Queue {
    fn with_capacity(capacity: usize) -> Queue {
        Queue {
            items: Vec::with_capacity(capacity),
            next: 0,
        }
    }
    fn push(&mut self, cell: Cell, digit: Digit) {
        self.items.push((cell, digit));
    }
    fn pop(&mut self) -> Option<(Cell, Digit)> {
        let item = self.items.get(self.next).copied()?;
        self.next += 1;
        if self.next >= self.items.len() {
            self.items.clear();
            self.next = 0;
        }
        Some(item)
    }
    fn pending(&self) -> &[(Cell, Digit)] {
        self.items.get(self.next..).unwrap_or(&[])
    }
    /// Drop the oldest pending entry for `digit` in `house`.
    fn remove_hidden(&mut self, house: House, digit: Digit) {
        let start = self.next;
        if let Some(i) = self
            .pending()
            .iter()
            .position(|&(c, d)| d == digit && house.cells().contains(c))
        {
            self.items.remove(start + i);
        }
    }
}

/// Whether a single's placement agrees with the board's candidates.
fn board_allows(board: &Board, step: &Step) -> bool {
    step.placements
        .iter()
        .all(|p| board.value(p.cell).is_none() && board.has_candidate(p.cell, p.digit))
}
