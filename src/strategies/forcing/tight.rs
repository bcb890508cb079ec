//! Where no subset and no basic fish can remove anything, told without
//! looking for them: a (+) net asks at every standstill, and mostly there
//! is nothing.
//!
//! A house is a bipartite graph: its empty cells on one side, its missing
//! digits on the other, a candidate an edge. A **naked subset** is a set of
//! `n` cells joined to only `n` digits; a **hidden subset** is `n` digits
//! joined to only `n` cells, and then the other cells are joined to only
//! the other digits: the hidden subset is a naked one seen from the rest of
//! the house, with the same eliminations. One digit's places are such a
//! graph too, rows on one side and columns on the other, and a **basic
//! fish** (X-Wing, Swordfish, Jellyfish) is the same pattern: `n` rows
//! whose places lie in `n` columns, or the other way round.
//!
//! Such a *tight* set `S` (as many neighbours as members) removes something
//! when a node outside it shares a neighbour with it. Where the graph has a
//! perfect matching (where it has none, the house or the digit cannot be
//! filled in, and no claim is made), orient it: `a → b` when `a` is joined
//! to `b`'s partner. A set is tight exactly when no arrow leaves it (its
//! neighbours are its own partners), and it removes something exactly when
//! an arrow enters it. So some subset or fish of some size removes
//! something exactly when an arrow joins two strongly connected components
//! of the arrows: take the set of what that arrow's head reaches. Where
//! every arrow stays within its component, none of the subset or fish
//! searches can find anything, whatever the size they look for (they find
//! less than this allows: no singles, which the standstill has taken, and
//! no locked pairs or triples).

use crate::board::Board;
use crate::grid::{Digit, House};
use crate::strategies::Changed;
use crate::technique::Technique;

/// What one standstill's position allows, house by house and digit by
/// digit, each worked out when first asked.
pub(super) struct Standstill<'a> {
    board: &'a Board,
    /// Bit `h`: house `h` asked; and whether a subset may remove there.
    houses_asked: u32,
    houses_may: u32,
    /// Bit `d`: digit `d` asked; and whether a fish may remove there.
    digits_asked: u16,
    digits_may: u16,
}

impl<'a> Standstill<'a> {
    pub(super) fn new(board: &'a Board) -> Standstill<'a> {
        Standstill {
            board,
            houses_asked: 0,
            houses_may: 0,
            digits_asked: 0,
            digits_may: 0,
        }
    }

    /// Whether basic technique `t` can find nothing where `changed` lets
    /// it look: a subset or a basic fish where no tight set removes
    /// anything. (`false`: it may, or `t` is of another kind.)
    pub(super) fn rules_out(&mut self, t: Technique, changed: &Changed) -> bool {
        use Technique::*;
        match t {
            NakedPair | NakedTriple | NakedQuadruple | HiddenPair | HiddenTriple
            | HiddenQuadruple => House::all()
                .filter(|&h| changed.house(h))
                .all(|h| !self.subset_may_remove(h)),
            XWing | Swordfish | Jellyfish => Digit::all()
                .filter(|&d| changed.digit(d))
                .all(|d| !self.fish_may_remove(d)),
            _ => false,
        }
    }

    /// Whether a naked or hidden subset of some size may remove something
    /// in `house`: its empty cells joined to their candidates.
    fn subset_may_remove(&mut self, house: House) -> bool {
        let bit = 1u32 << house.index();
        if self.houses_asked & bit == 0 {
            let mut joined = [0u16; 9];
            for (j, &cell) in joined.iter_mut().zip(house.cell_list()) {
                // (a digit's bit d: shifted to d - 1)
                *j = self.board.candidates(cell).bits() >> 1;
            }
            self.houses_asked |= bit;
            if may_remove(&joined) {
                self.houses_may |= bit;
            }
        }
        self.houses_may & bit != 0
    }

    /// Whether a basic fish of some size may remove something for `digit`:
    /// its rows joined to the columns of its places.
    fn fish_may_remove(&mut self, digit: Digit) -> bool {
        let bit = 1u16 << digit.index();
        if self.digits_asked & bit == 0 {
            let places = self.board.positions(digit).bits();
            let mut joined = [0u16; 9];
            for (row, j) in joined.iter_mut().enumerate() {
                *j = (places >> (9 * row)) as u16 & 0x1ff;
            }
            self.digits_asked |= bit;
            if may_remove(&joined) {
                self.digits_may |= bit;
            }
        }
        self.digits_may & bit != 0
    }
}

/// Whether some tight set of the bipartite graph `joined` (node `i` of one
/// side joined to the nodes of the other side in bitmask `joined[i]`; nodes
/// joined to nothing are not in the graph) removes something: see the
/// module note. `true` too where the graph has no perfect matching (no
/// claim is made there).
fn may_remove(joined: &[u16; 9]) -> bool {
    // (nine nodes a side: bits beyond them are no nodes)
    let joined = joined.map(|m| m & 0x1ff);
    let Some(partner) = perfect_matching(&joined) else {
        return true;
    };
    // (the matching pairs every node of this side; the other side must
    // have no more nodes)
    let this_side = joined.iter().filter(|&&m| m != 0).count() as u32;
    if joined.iter().fold(0, |a, m| a | m).count_ones() != this_side {
        return true;
    }
    // the arrows, read on the other side (the same graph: each node there
    // stands for its partner): b → c when b's partner is joined to c. Then
    // what each node reaches, itself included (Warshall's closure)
    let mut reach = [0u16; 9];
    let mut nodes = 0u16;
    for (&p, &mask) in partner.iter().zip(&joined) {
        if let Some(r) = reach.get_mut(p as usize) {
            *r = mask;
            nodes |= 1 << p;
        }
    }
    let mut through = nodes;
    while through != 0 {
        let k = through.trailing_zeros() as usize;
        through &= through - 1;
        let via = reach[k];
        for r in reach.iter_mut() {
            // (every node reaching k reaches what k reaches)
            *r |= via & ((*r >> k) & 1).wrapping_neg();
        }
    }
    // every arrow stays within a component exactly when the components
    // are what each node reaches: each node it reaches reaches the same
    // (asked of one node of each)
    let mut left = nodes;
    while left != 0 {
        let r = reach[left.trailing_zeros() as usize];
        let mut m = r;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            if reach[c] != r {
                return true;
            }
        }
        left &= !r;
    }
    false
}

/// A matching of the bipartite graph `joined` that pairs each node of
/// this side (joined to something) with a node of the other side, as a
/// bit index, no two alike; `None` if there is none. (Perfect when the
/// other side has no more nodes, which the caller checks.) (Kuhn's augmenting paths,
/// on bitmasks.)
fn perfect_matching(joined: &[u16; 9]) -> Option<[u8; 9]> {
    const FREE: u8 = u8::MAX;
    let mut partner = [FREE; 9];
    // owner[b]: the node paired with b, or FREE
    let mut owner = [FREE; 9];
    let mut taken = 0u16;
    let mut unmatched = 0u16;
    // greedy first: most nodes find a free neighbour at once
    for (i, &mask) in joined.iter().enumerate() {
        if mask == 0 {
            continue;
        }
        let free = mask & !taken;
        if free != 0 {
            let b = free.trailing_zeros() as usize;
            partner[i] = b as u8;
            owner[b] = i as u8;
            taken |= 1 << b;
        } else {
            unmatched |= 1 << i;
        }
    }
    while unmatched != 0 {
        let i = unmatched.trailing_zeros() as usize;
        unmatched &= unmatched - 1;
        let mut seen = 0u16;
        if !augment(i, joined, &mut partner, &mut owner, &mut seen) {
            return None;
        }
    }
    Some(partner)
}

/// Find node `i` a partner, moving earlier pairs along an alternating path.
fn augment(
    i: usize,
    joined: &[u16; 9],
    partner: &mut [u8; 9],
    owner: &mut [u8; 9],
    seen: &mut u16,
) -> bool {
    let mut m = joined[i] & !*seen;
    while m != 0 {
        let b = m.trailing_zeros() as usize;
        m &= m - 1;
        *seen |= 1 << b;
        let o = owner[b];
        if o == u8::MAX || augment(o as usize, joined, partner, owner, seen) {
            partner[i] = b as u8;
            owner[b] = i as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::grid::{Digit, House};

    #[test]
    fn a_naked_pair_seen_from_outside_removes() {
        // cells 0 and 1 hold digits {0, 1}; cell 2 holds 0 and 2; cell 3
        // holds 2 and 3 ... a pair with an arrow into it
        let joined = [0b11, 0b11, 0b101, 0b1100, 0, 0, 0, 0, 0];
        assert!(may_remove(&joined));
    }

    #[test]
    fn a_house_that_splits_cleanly_removes_nothing() {
        // {0, 1} in cells 0-1 and {2, 3} in cells 2-3: two locked pairs
        // with nothing more to remove
        let joined = [0b11, 0b11, 0b1100, 0b1100, 0, 0, 0, 0, 0];
        assert!(!may_remove(&joined));
    }

    #[test]
    fn one_cycle_of_pairs_removes_nothing() {
        // cell i holds digits i and i+1 (mod 4): no tight proper set
        let joined = [0b0011, 0b0110, 0b1100, 0b1001, 0, 0, 0, 0, 0];
        assert!(!may_remove(&joined));
    }

    #[test]
    fn no_matching_claims_nothing() {
        // three cells share two digits: no claim
        let joined = [0b11, 0b11, 0b11, 0, 0, 0, 0, 0, 0];
        assert!(may_remove(&joined));
    }

    /// Brute force: some proper nonempty set of nodes joined to as many
    /// others as it has, one of which an outside node is joined to.
    fn removes_by_brute_force(joined: &[u16; 9]) -> bool {
        let nodes: u16 = (0..9).filter(|&i| joined[i] != 0).map(|i| 1 << i).sum();
        (1..512u16).any(|s| {
            if s & !nodes != 0 || s == nodes {
                return false;
            }
            let inside: u16 = (0..9)
                .filter(|&i| s & 1 << i != 0)
                .fold(0, |a, i| a | joined[i]);
            let outside: u16 = (0..9)
                .filter(|&i| nodes & !s & 1 << i != 0)
                .fold(0, |a, i| a | joined[i]);
            inside.count_ones() == s.count_ones() && inside & outside != 0
        })
    }

    #[test]
    fn agrees_with_brute_force_where_a_matching_exists() {
        let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1du64);
        let (mut checked, mut removing) = (0, 0);
        for _ in 0..20_000 {
            let k = 2 + (next() % 8) as usize;
            let side = (1u16 << k) - 1;
            let mut joined = [0u16; 9];
            for j in joined.iter_mut().take(k) {
                // two or more neighbours, as at a standstill
                while j.count_ones() < 2 {
                    *j = (next() as u16) & side;
                }
            }
            if perfect_matching(&joined).is_none() {
                assert!(may_remove(&joined));
                continue;
            }
            let expected = removes_by_brute_force(&joined);
            assert_eq!(may_remove(&joined), expected, "{joined:?}");
            checked += 1;
            removing += usize::from(expected);
        }
        // both answers were met many times
        assert!(checked > 5_000 && removing > 1_000 && checked - removing > 1_000);
    }

    /// Brute force on `joined`'s own side: Hall's condition (as many
    /// nodes each side, and every set joined to as many as it has).
    fn has_perfect_matching(joined: &[u16; 9]) -> bool {
        let nodes: u16 = (0..9).filter(|&i| joined[i] != 0).map(|i| 1 << i).sum();
        let other = joined.iter().fold(0, |a, m| a | m);
        other.count_ones() == nodes.count_ones()
            && (1..512u16).filter(|s| s & !nodes == 0).all(|s| {
                let n = (0..9)
                    .filter(|&i| s & 1 << i != 0)
                    .fold(0u16, |a, i| a | joined[i]);
                n.count_ones() >= s.count_ones()
            })
    }

    /// A standstill's answers, house by house and digit by digit, are the
    /// brute force's on the graph seen from the other side (digits joined
    /// to cells; columns joined to rows), over positions of several solves
    /// with candidates removed at random, many of them with no matching.
    #[test]
    fn a_standstill_answers_as_the_brute_force_from_the_other_side() {
        let puzzles = [
            "98.7..6..7..5.......4.8..7.4...3..9..9.2..1....3.....63..1.8..2.4..7..8......5...",
            "6.....3...5..9..8...2..6..98.....7...7..5..4......1..51..3..5...4..2..6...8..7..2",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ];
        let mut next = crate::testing::xorshift(0x9e37_79b9_7f4a_7c15u64);
        let (mut asked, mut may, mut matched_and_nothing) = (0, 0, 0);
        let mut check = |answer: bool, joined: &[u16; 9], what: String| {
            let expected = !has_perfect_matching(joined) || removes_by_brute_force(joined);
            assert_eq!(answer, expected, "{what}");
            asked += 1;
            may += usize::from(expected);
            matched_and_nothing += usize::from(!expected);
        };
        for puzzle in puzzles {
            let grid = crate::format::hodoku::parse_givens(puzzle).expect("a puzzle");
            let mut board = Board::from_grid(&grid).expect("a position");
            for _ in 0..40 {
                let mut s = Standstill::new(&board);
                for house in House::all() {
                    let mut joined = [0u16; 9];
                    for d in Digit::all() {
                        for (i, &c) in house.cell_list().iter().enumerate() {
                            if board.candidates(c).contains(d) {
                                joined[d.index()] |= 1 << i;
                            }
                        }
                    }
                    check(s.subset_may_remove(house), &joined, format!("{house:?}"));
                }
                for d in Digit::all() {
                    let mut joined = [0u16; 9];
                    for c in board.positions(d) {
                        joined[c.col() as usize] |= 1 << c.row();
                    }
                    check(s.fish_may_remove(d), &joined, format!("digit {d}"));
                }
                // a few candidates gone, none a cell's last
                for _ in 0..3 {
                    let cands = board.candidate_list();
                    let c = cands[(next() % cands.len() as u64) as usize];
                    if board.candidates(c.cell).len() > 2 {
                        board.eliminate(c);
                    }
                }
            }
        }
        // both answers were met many times
        assert!(
            asked > 3_000 && may > 500 && matched_and_nothing > 500,
            "{asked} {may} {matched_and_nothing}"
        );
    }
}
