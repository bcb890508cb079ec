//! Singles. **Full House**: a house with one empty cell gets its missing
//! digit. **Naked Single**: a cell with one candidate left gets it.
//! **Hidden Single**: a digit with one place left in a house goes there.

use super::Sink;
use crate::board::Board;
use crate::grid::{Cell, Digit, House};
use crate::step::{Evidence, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    match t {
        Technique::FullHouse => full_house(board, sink),
        Technique::NakedSingle => naked_single(board, sink),
        Technique::HiddenSingle => hidden_single(board, sink),
        _ => ControlFlow::Continue(()),
    }
}

fn full_house(board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    for house in House::all() {
        if let Some(cell) = (house.cells() & board.empty_cells()).single_cell() {
            if let Some(digit) = board.candidates(cell).single_digit() {
                let ev = Evidence::Single {
                    cell,
                    digit,
                    house: Some(house),
                };
                sink(Step::placement(Technique::FullHouse, cell, digit, ev))?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn naked_single(board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    for cell in Cell::all() {
        if let Some(digit) = board.candidates(cell).single_digit() {
            let ev = Evidence::Single {
                cell,
                digit,
                house: None,
            };
            sink(Step::placement(Technique::NakedSingle, cell, digit, ev))?;
        }
    }
    ControlFlow::Continue(())
}

fn hidden_single(board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    // HoDoKu looks at blocks first, then rows, then columns.
    let houses = House::blocks().chain(House::rows()).chain(House::cols());
    for house in houses {
        for digit in Digit::all() {
            if let Some(cell) = board.positions_in(digit, house).single_cell() {
                let ev = Evidence::Single {
                    cell,
                    digit,
                    house: Some(house),
                };
                sink(Step::placement(Technique::HiddenSingle, cell, digit, ev))?;
            }
        }
    }
    ControlFlow::Continue(())
}
