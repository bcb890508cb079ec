//! What a Nishio premise implies, without how: the potentials alone, as
//! two cell sets of its digit. SE's Nishio runs a propagation from every
//! candidate, set and removed, and keeps only those that meet a
//! contradiction; the reach tells which can before the propagation, which
//! records each potential's parents, is run.
//!
//! Nishio's rules stay on one digit: an "on" turns off the digit in its
//! peers, and an "off" turns on the digit's last place in a house of its
//! cell, counted when the propagation follows the "off" (the dynamic
//! rule). The reach counts every "off" it holds at the time, so it may
//! find a house emptied where the propagation passed through a last place
//! first: it then gives up its claim.
//!
//! A reach is **consistent** when no cell is both on and off and no house
//! is emptied of the digit. Then the propagation meets no contradiction and
//! finds exactly the reach: each rule, read on the reach's final counts,
//! gives what the propagation's counts give (a house left one place had it
//! as its last when its last "off" was followed), and the reach is the
//! least set the rules close. Otherwise the propagation may hold a
//! contradiction, and only it tells.

use super::*;

/// The cells where a Nishio premise's digit is on and off.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Reach {
    digit: Digit,
    on: CellSet,
    off: CellSet,
}

/// Whether the Nishio propagation of `premise` meets no contradiction
/// (its reach is consistent), told without running it.
pub(super) fn nishio_is_consistent(board: &Board, premise: Pot) -> bool {
    nishio_reach(board, premise).is_some()
}

/// The reach of `premise` under Nishio's rules, when consistent.
fn nishio_reach(board: &Board, premise: Pot) -> Option<Reach> {
    let c = cand_of(premise)?;
    let places = board.positions(c.digit);
    let (mut on, mut off) = (CellSet::EMPTY, CellSet::EMPTY);
    // the potentials found and not yet followed
    let (mut new_on, mut new_off) = (CellSet::EMPTY, CellSet::EMPTY);
    if is_on(premise) {
        on.insert(c.cell);
        new_on.insert(c.cell);
    } else {
        off.insert(c.cell);
        new_off.insert(c.cell);
    }
    loop {
        // an "on" turns off the digit in its peers
        let seen = new_on.iter().fold(CellSet::EMPTY, |s, x| s | x.peers());
        let offs = (seen & places) - off;
        // (an "on" turned off also empties a house, which the check below
        // catches: kept as the rule reads)
        if offs.intersects(on) {
            return None;
        }
        off |= offs;
        new_off |= offs;
        if new_off.is_empty() {
            return Some(Reach {
                digit: c.digit,
                on,
                off,
            });
        }
        // an "off" turns on the digit's last place in a house of its cell:
        // the houses holding a new "off", each once
        let mut houses = new_off.iter().fold(0u32, |m, x| {
            se_houses(x).iter().fold(m, |m, h| m | 1 << h.index())
        });
        new_off = CellSet::EMPTY;
        new_on = CellSet::EMPTY;
        let left = places - off;
        while houses != 0 {
            let h = houses.trailing_zeros();
            houses &= houses - 1;
            let last = left & House::new(h as u8)?.cells();
            if last.is_empty() {
                return None;
            }
            if last.len() == 1 {
                new_on |= last - on;
            }
        }
        on |= new_on;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions where SE's solves reach its chaining rules, each also with
    /// random removals (some without a solution left).
    fn positions() -> Vec<Board> {
        let mut random = crate::testing::xorshift(11);
        let mut found = Vec::new();
        for puzzle in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "9.16....2.8.....4...3.2.5........2....51....6...87...........3..189.......6..59..",
        ] {
            for board in chaining_positions(puzzle) {
                let mut cut = board.clone();
                for c in board.candidate_list() {
                    if random().is_multiple_of(9) {
                        cut.eliminate(c);
                    }
                }
                found.push(board);
                found.push(cut);
            }
        }
        found
    }

    /// A consistent reach is what the Nishio propagation finds, and the
    /// propagation finds no contradiction, from every premise.
    #[test]
    fn a_consistent_reach_is_what_the_propagation_finds() {
        let rules = super::super::multiple::NISHIO_RULES;
        let (mut consistent, mut not) = (0, 0);
        for board in positions().iter().take(40) {
            for c in board.candidate_list() {
                for on in [true, false] {
                    let q = pot(c, on);
                    let p = Propagation::run(board, rules, q, None);
                    let Some(reach) = nishio_reach(board, q) else {
                        not += 1;
                        continue;
                    };
                    consistent += 1;
                    assert_eq!(p.absurd, None, "{c:?} {on}");
                    let mut found: Vec<Pot> = p.order.clone();
                    found.sort_unstable();
                    let mut pots: Vec<Pot> = (reach.on.iter().map(|x| (x, true)))
                        .chain(reach.off.iter().map(|x| (x, false)))
                        .map(|(x, on)| pot(Candidate::new(x, reach.digit), on))
                        .collect();
                    pots.sort_unstable();
                    assert_eq!(pots, found, "{c:?} {on}");
                }
            }
        }
        // (both kinds are among the cases)
        assert!(consistent > 10_000 && not > 500, "{consistent} {not}");
    }
}
