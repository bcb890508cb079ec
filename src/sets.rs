//! Almost locked sets of a position. An **almost locked set** (ALS) is N
//! cells of one house that hold N+1 candidates between them (a bivalue cell
//! is the smallest). The ALS techniques (`strategies::als`) and the chains
//! through sets (`links`) start from this list, and HoDoKu's rating solve
//! (`grade::hodoku::als`) from the same sets in HoDoKu's order.

use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit, House};
use crate::step::Als;

/// An ALS with, per digit, the cells that hold it and the cells outside
/// that see all of those.
#[derive(Clone, Debug)]
pub struct AlsInfo {
    pub cells: CellSet,
    pub digits: DigitSet,
    holding: [CellSet; 9],
    seeing: [CellSet; 9],
}

impl AlsInfo {
    fn new(board: &Board, cells: CellSet, digits: DigitSet) -> AlsInfo {
        let mut holding = [CellSet::EMPTY; 9];
        let mut seeing = [CellSet::EMPTY; 9];
        for d in digits {
            let h = cells & board.positions(d);
            holding[d.index()] = h;
            seeing[d.index()] = h.common_peers();
        }
        AlsInfo {
            cells,
            digits,
            holding,
            seeing,
        }
    }
    /// The cells of the set holding `d`.
    pub fn holding(&self, d: Digit) -> CellSet {
        self.holding[d.index()]
    }
    /// The cells (outside the set's `d` cells) that see every `d` of the set.
    pub fn seeing(&self, d: Digit) -> CellSet {
        self.seeing[d.index()]
    }
    pub fn als(&self) -> Als {
        Als {
            cells: self.cells,
            digits: self.digits,
        }
    }
}

/// In which order [`almost_locked_sets`] lists the sets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    /// Smaller sets first, then by cells: sensei's ALS techniques.
    Size,
    /// HoDoKu 2.2.0's list, whose order decides which ALS step its rating
    /// solve takes: house by house (rows, columns, blocks), each house's
    /// cell combinations in depth-first order, a set where it is first
    /// found.
    Hodoku,
}

/// Every ALS of the board, each once, in `order`.
pub fn almost_locked_sets(board: &Board, order: Order) -> Vec<AlsInfo> {
    let mut found: Vec<(CellSet, DigitSet)> = Vec::new();
    for house in House::all() {
        // (an empty cell with no candidate left is in no set: HoDoKu's
        // list has it, but its rating solve never meets one)
        let (mut empty, mut n) = ([Cell::at(0, 0); 9], 0);
        for &c in house.cell_list() {
            if board.value(c).is_none() && !board.candidates(c).is_empty() {
                empty[n] = c;
                n += 1;
            }
        }
        let mut visit = |cells: CellSet, digits: DigitSet| {
            // each set once: from the first house that holds it
            if digits.len() == cells.len() + 1 && cells.houses_holding().next() == Some(house) {
                found.push((cells, digits));
            }
        };
        // (all n cells hold the house's n missing digits: no set)
        depth_first(
            board,
            &empty[..n],
            n.saturating_sub(1),
            CellSet::EMPTY,
            DigitSet::EMPTY,
            &mut visit,
        );
    }
    if order == Order::Size {
        found.sort_by_key(|(cells, _)| (cells.len(), *cells));
    }
    found
        .into_iter()
        .map(|(cells, digits)| AlsInfo::new(board, cells, digits))
        .collect()
}

/// The combinations of up to `most` of `cells` that extend `set`, in
/// depth-first order (each before its extensions, then the next cell):
/// `visit(cells, digits)` for each.
fn depth_first(
    board: &Board,
    cells: &[Cell],
    most: usize,
    set: CellSet,
    digits: DigitSet,
    visit: &mut impl FnMut(CellSet, DigitSet),
) {
    if set.len() as usize >= most {
        return;
    }
    for (i, &c) in cells.iter().enumerate() {
        let (set, digits) = (set | CellSet::single(c), digits | board.candidates(c));
        visit(set, digits);
        // (more digits than the largest set's size + 1: no set extends it)
        if digits.len() as usize <= most + 1 {
            depth_first(board, &cells[i + 1..], most, set, digits, visit);
        }
    }
}

/// The restricted common digits of two ALS: every cell of one holding the
/// digit sees every cell of the other holding it, and no shared cell holds it
/// (the rule, which a unit test holds [`RestrictedCommons::of`] to).
#[cfg(test)]
fn restricted_commons(a: &AlsInfo, b: &AlsInfo) -> DigitSet {
    let mut rc = DigitSet::EMPTY;
    if a.cells == b.cells {
        return rc;
    }
    let shared = a.cells & b.cells;
    for d in a.digits & b.digits {
        let (ad, bd) = (a.holding(d), b.holding(d));
        if (ad | bd).intersects(shared) {
            continue;
        }
        if bd.is_subset(a.seeing(d)) {
            rc.insert(d);
        }
    }
    rc
}

/// The restricted commons of every pair of sets (indices into the list,
/// i < j), and per set the sets it is linked to.
pub struct RestrictedCommons {
    pub pairs: Vec<(usize, usize, DigitSet)>,
    pub adjacent: Vec<Vec<(usize, DigitSet)>>,
}

impl RestrictedCommons {
    /// The restricted commons of `sets`, pairs in list order.
    ///
    /// A digit links two sets only when its cells in both see each other,
    /// that is, lie in one house (cells that all see each other share a
    /// house). So the sets are first filed by digit and by each house
    /// holding all their cells of that digit: two sets filed together are
    /// linked by the digit unless a cell of both holds it, and no others
    /// are.
    pub fn of(sets: &[AlsInfo]) -> RestrictedCommons {
        RestrictedCommons::among(sets, false)
    }

    /// [`RestrictedCommons::of`] for the pairs of sets that share no cell
    /// only (HoDoKu's).
    pub fn of_disjoint(sets: &[AlsInfo]) -> RestrictedCommons {
        RestrictedCommons::among(sets, true)
    }

    fn among(sets: &[AlsInfo], disjoint: bool) -> RestrictedCommons {
        // filed[9 * house + digit]: the sets whose cells of the digit lie in it
        let mut filed: Vec<Vec<usize>> = vec![Vec::new(); 27 * 9];
        for (j, b) in sets.iter().enumerate() {
            for d in b.digits {
                for h in b.holding(d).houses_holding() {
                    filed[9 * h.index() + d.index()].push(j);
                }
            }
        }
        let mut pairs = Vec::new();
        let mut adjacent = vec![Vec::new(); sets.len()];
        // for the set at hand: the digits linking it to each later set,
        // and (one bit per set) the later sets it is linked to
        let mut linking = vec![DigitSet::EMPTY; sets.len()];
        let mut linked = vec![0u64; sets.len().div_ceil(64)];
        for (i, a) in sets.iter().enumerate() {
            for d in a.digits {
                let ad = a.holding(d);
                for h in ad.houses_holding() {
                    let list = &filed[9 * h.index() + d.index()];
                    // (each list is in increasing order)
                    let later = list.partition_point(|&j| j <= i);
                    for &j in &list[later..] {
                        let b = &sets[j];
                        let shared = a.cells & b.cells;
                        if disjoint && !shared.is_empty() {
                            continue;
                        }
                        if !(ad | b.holding(d)).intersects(shared) {
                            linking[j].insert(d);
                            linked[j / 64] |= 1 << (j % 64);
                        }
                    }
                }
            }
            for (w, word) in linked.iter_mut().enumerate().skip((i + 1) / 64) {
                while *word != 0 {
                    let j = 64 * w + word.trailing_zeros() as usize;
                    *word &= *word - 1;
                    let rc = std::mem::take(&mut linking[j]);
                    pairs.push((i, j, rc));
                    adjacent[i].push((j, rc));
                    adjacent[j].push((i, rc));
                }
            }
        }
        RestrictedCommons { pairs, adjacent }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        let puzzle = crate::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        Board::from_grid(&puzzle).unwrap()
    }

    #[test]
    fn both_orders_list_the_same_sets() {
        let board = board();
        let by_size = almost_locked_sets(&board, Order::Size);
        let mut hodoku = almost_locked_sets(&board, Order::Hodoku);
        assert!(by_size.len() > 100, "{} sets", by_size.len());
        assert!(by_size
            .windows(2)
            .all(|w| (w[0].cells.len(), w[0].cells) < (w[1].cells.len(), w[1].cells)));
        hodoku.sort_by_key(|a| (a.cells.len(), a.cells));
        let cells = |v: &[AlsInfo]| v.iter().map(|a| (a.cells, a.digits)).collect::<Vec<_>>();
        assert_eq!(cells(&by_size), cells(&hodoku));
    }

    #[test]
    fn hodoku_order_is_house_by_house_then_depth_first() {
        // HoDoKu's list: by the first house holding the set, then by its
        // cells in the house's order, a set before its extensions
        let key = |a: &AlsInfo| {
            let house = a.cells.houses_holding().next().map(House::index);
            (house, a.cells.iter().map(Cell::index).collect::<Vec<_>>())
        };
        let sets = almost_locked_sets(&board(), Order::Hodoku);
        let first = sets.first().map(key);
        assert_eq!(first.as_ref().map(|k| k.0), Some(Some(0)), "row 1 first");
        assert!(sets.windows(2).all(|w| key(&w[0]) < key(&w[1])));
    }

    #[test]
    fn the_restricted_commons_are_those_of_every_pair() {
        // an easy position, and the start of a hard puzzle (many sets)
        let hard = crate::parse(
            "9.16....2.8.....4...3.2.5........2....51....6...87...........3..189.......6..59..",
        )
        .unwrap();
        for board in [board(), Board::from_grid(&hard).unwrap()] {
            restricted_commons_of_every_pair(&board);
        }
    }

    fn restricted_commons_of_every_pair(board: &Board) {
        let sets = almost_locked_sets(board, Order::Hodoku);
        let mut every = Vec::new();
        for (i, a) in sets.iter().enumerate() {
            for (j, b) in sets.iter().enumerate().skip(i + 1) {
                let rc = restricted_commons(a, b);
                if !rc.is_empty() {
                    every.push((i, j, rc));
                }
            }
        }
        let commons = RestrictedCommons::of(&sets);
        assert!(!every.is_empty());
        assert_eq!(commons.pairs, every);
        let disjoint: Vec<(usize, usize, DigitSet)> = every
            .iter()
            .copied()
            .filter(|&(i, j, _)| !sets[i].cells.intersects(sets[j].cells))
            .collect();
        assert!(disjoint.len() < every.len());
        assert_eq!(RestrictedCommons::of_disjoint(&sets).pairs, disjoint);
        for (i, adjacent) in commons.adjacent.iter().enumerate() {
            let mut expected: Vec<(usize, DigitSet)> = every
                .iter()
                .filter(|p| p.0 == i)
                .map(|p| (p.1, p.2))
                .chain(every.iter().filter(|p| p.1 == i).map(|p| (p.0, p.2)))
                .collect();
            expected.sort_by_key(|p| p.0);
            assert_eq!(*adjacent, expected, "set {i}");
        }
    }
}
