//! What the finders of one position share. Several techniques start from
//! the same structures: coloring and the chains from a link graph, the four
//! ALS techniques from the list of almost locked sets and their restricted
//! commons, the three nice-loop/AIC techniques of a chain mode from one walk.
//! The cache builds each on first use and hands out shared references.
//!
//! It belongs to one position: it remembers the board it was filled for, and
//! a finder asking about any other board empties it first. So a stale entry
//! can never be read, whoever holds the [`Context`](super::Context).

use super::chains::{Refutations, Stage, Walked};
use super::forcing::Forced;
use crate::bitset::CellSet;
use crate::board::Board;
use crate::grid::Digit;
use crate::links::LinkGraph;
use crate::sets::{almost_locked_sets, AlsInfo, Order, RestrictedCommons};
use crate::technique::Technique;
use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

/// The shared structures of one position, built on first use.
#[derive(Default)]
pub struct Cache(RefCell<Option<Entry>>);

struct Entry {
    board: Board,
    links: Option<Rc<LinkGraph>>,
    grouped_links: Option<Rc<LinkGraph>>,
    set_links: Option<Rc<LinkGraph>>,
    sets: Option<Rc<Vec<AlsInfo>>>,
    commons: Option<Rc<RestrictedCommons>>,
    /// Whether any chain of the graph with sets, or of their restricted
    /// commons, can remove anything (`chains::reach`).
    refutations: Option<Rc<Refutations>>,
    walks: Vec<(Stage, Rc<Walked>)>,
    /// What each "set this candidate" premise forces, per forcing depth.
    forced: Vec<(u8, Rc<Forced>)>,
    /// A rating solve's own structure for the position, which this layer
    /// cannot name (HoDoKu's list of almost locked sets and their links).
    rating: Option<Rc<dyn Any>>,
}

impl Entry {
    fn new(board: &Board) -> Entry {
        Entry {
            board: board.clone(),
            links: None,
            grouped_links: None,
            set_links: None,
            sets: None,
            commons: None,
            refutations: None,
            walks: Vec::new(),
            forced: Vec::new(),
            rating: None,
        }
    }
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Cache")
    }
}

impl Cache {
    /// The entry's value for `board`, building it with `build` (outside
    /// the borrow, so `build` may use the cache too) when it is missing.
    fn get<T>(
        &self,
        board: &Board,
        slot: impl Fn(&mut Entry) -> &mut Option<Rc<T>>,
        build: impl FnOnce() -> T,
    ) -> Rc<T> {
        if let Some(found) = self.with_entry(board, |e| slot(e).clone()) {
            return found;
        }
        let built = Rc::new(build());
        self.with_entry(board, |e| *slot(e) = Some(built.clone()));
        built
    }

    /// Runs `f` on the entry for `board`, emptied first if it was filled
    /// for another board.
    fn with_entry<R>(&self, board: &Board, f: impl FnOnce(&mut Entry) -> R) -> R {
        let mut inner = self.0.borrow_mut();
        let entry = match &mut *inner {
            Some(e) if e.board == *board => e,
            other => other.insert(Entry::new(board)),
        };
        f(entry)
    }

    /// The link graph of single candidates.
    pub(crate) fn links(&self, board: &Board) -> Rc<LinkGraph> {
        self.get(board, |e| &mut e.links, || LinkGraph::new(board))
    }

    /// The link graph with group nodes.
    pub(crate) fn grouped_links(&self, board: &Board) -> Rc<LinkGraph> {
        self.get(
            board,
            |e| &mut e.grouped_links,
            || LinkGraph::grouped(board),
        )
    }

    /// The link graph with group nodes and almost locked sets: the one
    /// with group nodes, extended.
    pub(crate) fn set_links(&self, board: &Board) -> Rc<LinkGraph> {
        let sets = self.sets(board);
        let grouped = self.grouped_links(board);
        self.get(
            board,
            |e| &mut e.set_links,
            || grouped.with_sets(board, &sets),
        )
    }

    /// Every almost locked set of the position.
    pub(crate) fn sets(&self, board: &Board) -> Rc<Vec<AlsInfo>> {
        self.get(
            board,
            |e| &mut e.sets,
            || almost_locked_sets(board, Order::Size),
        )
    }

    /// The restricted commons between the almost locked sets.
    pub(crate) fn commons(&self, board: &Board) -> Rc<RestrictedCommons> {
        let sets = self.sets(board);
        self.get(board, |e| &mut e.commons, || RestrictedCommons::of(&sets))
    }

    /// The test of the grouped chains and the ALS techniques, made by
    /// `test` on first use.
    pub(crate) fn refutations(
        &self,
        board: &Board,
        test: impl FnOnce() -> Refutations,
    ) -> Rc<Refutations> {
        self.get(board, |e| &mut e.refutations, test)
    }

    /// A rating solve's own structure for `board`, built on first use; one
    /// type per solve (another type in the slot is replaced).
    pub(crate) fn rating<T: 'static>(&self, board: &Board, build: impl FnOnce() -> T) -> Rc<T> {
        let found = self.with_entry(board, |e| e.rating.clone());
        if let Some(t) = found.and_then(|any| any.downcast::<T>().ok()) {
            return t;
        }
        let built = Rc::new(build());
        let any: Rc<dyn Any> = built.clone();
        self.with_entry(board, |e| e.rating = Some(any));
        built
    }

    /// What the chain walks up to `stage` find, walking on first use.
    pub(crate) fn walk(
        &self,
        board: &Board,
        stage: Stage,
        walk: impl FnOnce() -> Walked,
    ) -> Rc<Walked> {
        let found = self.with_entry(board, |e| {
            e.walks
                .iter()
                .find(|(s, _)| *s == stage)
                .map(|(_, w)| w.clone())
        });
        if let Some(found) = found {
            return found;
        }
        let walked = Rc::new(walk());
        self.with_entry(board, |e| e.walks.push((stage, walked.clone())));
        walked
    }
}

impl Cache {
    /// What the premises "set this candidate" force at forcing depth
    /// `depth`, when a search of this position has recorded it.
    pub(crate) fn forced(&self, board: &Board, depth: u8) -> Option<Rc<Forced>> {
        self.with_entry(board, |e| {
            e.forced
                .iter()
                .find(|(d, _)| *d == depth)
                .map(|(_, f)| f.clone())
        })
    }

    /// Record what the premises "set this candidate" force at `depth`.
    pub(crate) fn set_forced(&self, board: &Board, depth: u8, forced: Forced) {
        self.with_entry(board, |e| {
            if !e.forced.iter().any(|(d, _)| *d == depth) {
                e.forced.push((depth, Rc::new(forced)));
            }
        });
    }
}

/// Searches that found nothing, remembered from one position to the next.
/// Some finders (the fish) look at one digit's places at a time, and what
/// they find there depends on those places alone. Such a finder records,
/// per technique and digit, the places on which it found nothing, and skips
/// the digit while its places are the same: the search would find nothing
/// again. The solver restarts from the easiest technique after every step,
/// so most searches repeat on digits that did not change.
#[derive(Default)]
pub struct Fruitless(RefCell<HashMap<(Technique, Digit), CellSet>>);

impl std::fmt::Debug for Fruitless {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Fruitless")
    }
}

impl Fruitless {
    /// `technique` found nothing for `digit` on `places`.
    pub(crate) fn record(&self, technique: Technique, digit: Digit, places: CellSet) {
        self.0.borrow_mut().insert((technique, digit), places);
    }

    /// Runs `search` for `technique` on each digit in order but those known
    /// to find nothing on their places; `search` says whether it found
    /// something, and a digit on which it found nothing is remembered.
    pub(crate) fn each_digit(
        &self,
        technique: Technique,
        board: &Board,
        mut search: impl FnMut(Digit) -> ControlFlow<(), bool>,
    ) -> ControlFlow<()> {
        self.each_digit_since(technique, board, |digit, _| search(digit))
    }

    /// [`Self::each_digit`], telling `search` too which places the digit
    /// has lost since its search last found nothing (`CellSet::ALL` when
    /// that is not known: no such search, or places it did not have). A
    /// search whose finds all need a house that lost a place may look
    /// there only.
    pub(crate) fn each_digit_since(
        &self,
        technique: Technique,
        board: &Board,
        mut search: impl FnMut(Digit, CellSet) -> ControlFlow<(), bool>,
    ) -> ControlFlow<()> {
        for digit in Digit::all() {
            let places = board.positions(digit);
            let then = self.0.borrow().get(&(technique, digit)).copied();
            let lost = match then {
                Some(then) if then == places => continue,
                Some(then) if places.is_subset(then) => then - places,
                _ => CellSet::ALL,
            };
            if !search(digit, lost)? {
                self.record(technique, digit, places);
            }
        }
        ControlFlow::Continue(())
    }
}
