//! Difficulty ratings computed from traces, on the scales people already
//! use:
//!
//! - **SE** (Sudoku Explainer 1.2.1): every step has a rating; ER is the
//!   hardest step of the easiest-first solve ([`se_solve`]: SE's own rules
//!   only, then SE's chaining rules as [`crate::se_chains`] models them,
//!   each taking its lowest-rated hint), EP the hardest up to the first
//!   placement, ED the rating of the first step. Chains add SE's length
//!   penalty. In other traces, techniques SE lacks are rated as the SE rule
//!   that would make the same deduction (see [`se_base`]).
//! - **HoDoKu** (2.2.0): the sum of the steps' base scores of the HoDoKu
//!   profile's solve; the level is the hardest step's level, raised while the
//!   score exceeds the level's cap.
//! - **QQWing class**: simple (naked singles), easy (hidden singles),
//!   intermediate (intersections and pairs), expert (anything more, which
//!   QQWing would guess), from a solve with QQWing's techniques only.

use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Cell, Digit, Grid, House, HouseKind};
use crate::solver::{self, Fallback, Options, Profile};
use crate::step::{Evidence, Step};
use crate::strategies::Context;
use crate::technique::{Level, Technique};
use crate::trace::{Outcome, Trace};

mod hodoku_als;

/// The rules each scale follows, printed with every rating so it can be
/// reproduced.
/// SE rules v3: SE's own rules only, with SE's chaining rules modelled
/// (`crate::se_chains`) and the lowest-rated chaining hint taken.
pub const SE_RULES: &str = "Sudoku Explainer 1.2.1 ratings (sensei rating rules v3)";
/// v3: the HoDoKu solve chooses among chains, nice loops, forcing chains
/// and ALS steps as HoDoKu 2.2.0 does, and leaves out WXYZ-Wing and 3D
/// Medusa (HoDoKu has neither).
pub const HODOKU_RULES: &str =
    "HoDoKu 2.2.0 default scores and level caps (sensei rating rules v3)";
pub const CLASS_RULES: &str = "QQWing 1.3 difficulty classes (sensei rating rules v2)";

/// SE's three numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeRating {
    pub er: f32,
    pub ep: f32,
    pub ed: f32,
}

/// HoDoKu's level and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HodokuRating {
    pub level: Level,
    pub score: u32,
}

/// QQWing's classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Simple,
    Easy,
    Intermediate,
    Expert,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Simple => "simple",
            Class::Easy => "easy",
            Class::Intermediate => "intermediate",
            Class::Expert => "expert",
        }
    }
}

/// Which scales to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scales {
    pub se: bool,
    pub hodoku: bool,
    pub class: bool,
}

impl Scales {
    pub const ALL: Scales = Scales {
        se: true,
        hodoku: true,
        class: true,
    };
}

/// A puzzle's ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub se: Option<SeRating>,
    pub hodoku: Option<HodokuRating>,
    pub class: Option<Class>,
    /// The hardest technique of the HoDoKu-profile solve (highest score).
    pub hardest: Option<Technique>,
    /// Whether a solve needed the fallback (a guess).
    pub guessed: bool,
    /// The outcome of the HoDoKu-profile solve (`solved`, `no_solution`, ...).
    pub outcome: &'static str,
}

/// SE's base rating of a technique, or of the SE rule that makes the same
/// deduction when SE has no such technique.
pub fn se_base(t: Technique) -> f32 {
    use Technique::*;
    if let Some(r) = t.info().se_rating {
        return r;
    }
    match t {
        LockedPair => 3.0,
        LockedTriple => 3.6,
        Squirmbag | Whale | Leviathan => 5.4,
        WxyzWing => 4.6,
        Uniqueness5 | Uniqueness6 | HiddenRectangle | AvoidableRectangle1 | AvoidableRectangle2 => {
            4.5
        }
        // Single-digit patterns and their kin are SE's X-chains and cycles.
        EmptyRectangle | DualEmptyRectangle | DualTwoStringKite => 6.6,
        SimpleColorsTrap | SimpleColorsWrap => 6.6,
        MultiColors1 | MultiColors2 => 6.6,
        FinnedXWing | SashimiXWing => 6.6,
        FinnedSwordfish | SashimiSwordfish => 6.6,
        FinnedJellyfish | SashimiJellyfish => 6.6,
        // Multi-digit chains: SE's Y-cycles and forcing chains.
        RemotePair => 6.6,
        WWing => 6.6,
        Medusa3D => 7.0,
        GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => 7.0,
        SueDeCoq => 7.0,
        AlsXz | AlsXyWing | AlsXyChain | DeathBlossom => 7.5,
        FrankenXWing | FrankenSwordfish | FrankenJellyfish => 7.0,
        FinnedFrankenXWing | FinnedFrankenSwordfish | FinnedFrankenJellyfish => 7.0,
        MutantXWing | MutantSwordfish | MutantJellyfish => 7.2,
        FinnedMutantXWing | FinnedMutantSwordfish | FinnedMutantJellyfish => 7.2,
        FrankenSquirmbag | FrankenWhale | FrankenLeviathan => 7.5,
        FinnedFrankenSquirmbag | FinnedFrankenWhale | FinnedFrankenLeviathan => 7.5,
        MutantSquirmbag | MutantWhale | MutantLeviathan => 7.5,
        FinnedMutantSquirmbag | FinnedMutantWhale | FinnedMutantLeviathan => 7.5,
        FinnedSquirmbag | SashimiSquirmbag | FinnedWhale | SashimiWhale => 7.0,
        FinnedLeviathan | SashimiLeviathan => 7.0,
        KrakenFishType1 | KrakenFishType2 => 8.0,
        TemplateSet | TemplateDel => 9.0,
        BruteForce => 10.0,
        // every other technique has a rating in the table
        _ => 10.0,
    }
}

/// SE's chain length penalty: 0.1 each time the length passes a threshold
/// that starts at 4 and grows by 3/2 and 4/3 in turn (4, 6, 8, 12, 16, ...).
pub fn se_length_penalty(length: usize) -> f32 {
    let mut added = 0.0;
    let mut ceil = 4usize;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// SE's base rating of a chain by its shape: on one digit an X-cycle (6.5)
/// or a forcing X-chain (6.6); a loop whose strong links all lie inside
/// cells a Y-cycle (6.5); any other cycle or forcing chain 7.0. Chains
/// with group nodes keep the technique's base (`None`).
fn se_chain_base(chain: &crate::step::Chain) -> Option<f32> {
    use crate::step::LinkKind;
    if chain.nodes.iter().any(|n| n.cells.len() != 1) {
        return None;
    }
    let one_digit = chain.nodes.windows(2).all(|w| match w {
        [a, b] => a.digit == b.digit,
        _ => true,
    });
    let n = chain.nodes.len();
    let strong_in_cells = chain.links.iter().enumerate().all(|(i, link)| {
        *link != LinkKind::Strong
            || match (chain.nodes.get(i), chain.nodes.get((i + 1) % n.max(1))) {
                (Some(a), Some(b)) => a.cells == b.cells,
                _ => false,
            }
    });
    Some(match (chain.is_loop, one_digit, strong_in_cells) {
        (true, true, _) | (true, false, true) => 6.5,
        (false, true, _) => 6.6,
        _ => 7.0,
    })
}

/// The SE rating of one step.
pub fn se_step(step: &Step) -> f32 {
    let base = se_base(step.technique);
    let rating = match (&step.evidence, step.technique) {
        (Evidence::Single { house: Some(h), .. }, Technique::HiddenSingle) => {
            if h.kind() == HouseKind::Block {
                1.2
            } else {
                1.5
            }
        }
        (Evidence::Chain { .. }, Technique::RemotePair) => base,
        (Evidence::Chain { chain, .. }, _) if base >= 6.5 => {
            // SE counts a mixed chain one node shorter than its nodes
            match se_chain_base(chain) {
                Some(b) if b >= 7.0 => b + se_length_penalty(chain.nodes.len().saturating_sub(1)),
                Some(b) => b + se_length_penalty(chain.nodes.len()),
                None => base + se_length_penalty(chain.nodes.len()),
            }
        }
        (Evidence::Uniqueness { extra_cells, .. }, Technique::Uniqueness3) => {
            // SE: 4.5 plus 0.1 per cell of the naked set formed with the extra candidates
            base + 0.1 * (extra_cells.len().saturating_sub(1) as f32).min(3.0)
        }
        (Evidence::Forcing { branches, .. }, _) => {
            // SE's length of a net is its number of distinct nodes (every
            // premise and implication, over all branches)
            let mut nodes: Vec<(crate::grid::Candidate, bool)> = Vec::new();
            for b in branches {
                nodes.push((b.premise, b.premise_is_on));
                nodes.extend(b.chain.iter().copied());
            }
            nodes.sort_by_key(|(c, on)| (*c, *on));
            nodes.dedup();
            let len = nodes.len();
            base + se_length_penalty(len)
        }
        _ => base,
    };
    (rating * 10.0).round() / 10.0
}

/// ER, EP and ED of an SE-profile trace, each step rated by [`se_step`]
/// (use [`se_solve`] and [`se_rating_of`] for the ratings of SE's chains).
pub fn se_rating(trace: &Trace) -> SeRating {
    let ratings: Vec<f32> = trace.steps.iter().map(se_step).collect();
    se_rating_of(trace, &ratings)
}

/// HoDoKu's level and score of a HoDoKu-profile trace.
pub fn hodoku_rating(trace: &Trace) -> HodokuRating {
    let score: u32 = trace.steps.iter().map(|s| s.technique.info().score).sum();
    let mut level = trace
        .steps
        .iter()
        .map(|s| s.technique.info().level)
        .max()
        .unwrap_or(Level::Easy);
    while let Some(cap) = level.score_cap() {
        if score <= cap {
            break;
        }
        level = level.next();
    }
    HodokuRating { level, score }
}

/// The QQWing class of a trace made with [`Profile::Qqwing`].
pub fn class_of(trace: &Trace) -> Class {
    use Technique::*;
    trace
        .steps
        .iter()
        .map(|s| match s.technique {
            FullHouse | NakedSingle => Class::Simple,
            HiddenSingle => Class::Easy,
            LockedCandidates1 | LockedCandidates2 | NakedPair | HiddenPair => Class::Intermediate,
            _ => Class::Expert,
        })
        .max()
        .unwrap_or(Class::Simple)
}

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
struct SinglesQueues {
    values: [Option<Digit>; 81],
    /// The candidates of each empty cell.
    cands: [DigitSet; 81],
    /// How many empty cells of each house hold each digit.
    free: [[i8; 9]; 27],
    naked: Queue,
    hidden: Queue,
}

/// A first-in first-out list of (cell, digit) singles.
#[derive(Clone, Default)]
struct Queue {
    items: Vec<(Cell, Digit)>,
    next: usize,
}

impl Queue {
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

impl SinglesQueues {
    /// The empty grid with every candidate, then the givens set in cell
    /// order (as HoDoKu loads a puzzle).
    fn new(puzzle: &Grid) -> SinglesQueues {
        let mut q = SinglesQueues {
            values: [None; 81],
            cands: [DigitSet::ALL; 81],
            free: [[9; 9]; 27],
            naked: Queue::default(),
            hidden: Queue::default(),
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
        let cands = &self.cands;
        if let Some(&c) = house
            .cell_list()
            .iter()
            .find(|c| cands[c.index()].contains(digit))
        {
            self.hidden.push(c, digit);
        }
    }

    fn del_candidate(&mut self, cell: Cell, digit: Digit) {
        let cands = &mut self.cands[cell.index()];
        if !cands.contains(digit) {
            return;
        }
        cands.remove(digit);
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
        for peer in cell.peers().iter() {
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
    fn apply(&mut self, step: &Step) {
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

    fn full_house(&self, board: &Board) -> Option<Step> {
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

    fn naked_single(&mut self, board: &Board) -> Option<Step> {
        while let Some((cell, digit)) = self.naked.pop() {
            if self.values[cell.index()].is_none() {
                let step = Self::single(Technique::NakedSingle, cell, digit, None);
                return board_allows(board, &step).then_some(step);
            }
        }
        None
    }

    fn hidden_single(&mut self, board: &Board) -> Option<Step> {
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

/// Every way to choose `k` of `0..n` in lexicographic order (HoDoKu's
/// nested loops), stopping when `visit` breaks.
fn combinations(n: usize, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    fn go(
        start: usize,
        n: usize,
        k: usize,
        picked: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if picked.len() == k {
            return visit(picked);
        }
        for i in start..n {
            picked.push(i);
            if go(i + 1, n, k, picked, visit) {
                return true;
            }
            picked.pop();
        }
        false
    }
    go(0, n, k, &mut Vec::with_capacity(k), visit)
}

/// HoDoKu's house order for subsets: blocks, then rows, then columns.
fn hodoku_houses() -> impl Iterator<Item = House> {
    House::blocks().chain(House::rows()).chain(House::cols())
}

/// HoDoKu's naked and locked subsets. A naked subset removes its digits
/// from every house its cells share; it is *locked* (Locked Pair/Triple)
/// only when its cells share a block and a line and it removes candidates
/// both in the block and in the line outside the block. Locked subsets are
/// looked for in blocks only; naked ones in blocks, rows, then columns.
fn hodoku_naked(t: Technique, board: &Board) -> Option<Step> {
    let (n, want_locked) = match t {
        Technique::LockedPair => (2, true),
        Technique::LockedTriple => (3, true),
        Technique::NakedPair => (2, false),
        Technique::NakedTriple => (3, false),
        Technique::NakedQuadruple => (4, false),
        _ => return None,
    };
    let houses: Vec<House> = if want_locked {
        House::blocks().collect()
    } else {
        hodoku_houses().collect()
    };
    for house in houses {
        let pool: Vec<Cell> = house
            .cell_list()
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none() && board.candidates(c).len() as usize <= n)
            .collect();
        let mut found = None;
        combinations(pool.len(), n, &mut |idx| {
            let cells: CellSet = idx.iter().filter_map(|&i| pool.get(i).copied()).collect();
            let digits = cells
                .iter()
                .fold(DigitSet::EMPTY, |acc, c| acc | board.candidates(c));
            if digits.len() as usize != n {
                return false;
            }
            let Some(first) = cells.first() else {
                return false;
            };
            let block = House::block(first.block());
            let common: Vec<House> = first
                .houses()
                .into_iter()
                .filter(|h| cells.is_subset(h.cells()))
                .collect();
            let mut elims = Vec::new();
            let mut found_in = 0;
            for &h in &common {
                let mut counted = false;
                for c in (h.cells() - cells).iter() {
                    for d in (board.candidates(c) & digits).iter() {
                        elims.push(crate::grid::Candidate::new(c, d));
                        if !counted && (h == block || !block.cells().contains(c)) {
                            counted = true;
                            found_in += 1;
                        }
                    }
                }
            }
            if elims.is_empty() {
                return false;
            }
            let locked = n < 4 && found_in > 1 && common.contains(&block) && common.len() > 1;
            if locked != want_locked {
                return false;
            }
            let technique = match (n, locked) {
                (2, true) => Technique::LockedPair,
                (3, true) => Technique::LockedTriple,
                (2, false) => Technique::NakedPair,
                (3, false) => Technique::NakedTriple,
                _ => Technique::NakedQuadruple,
            };
            let ev = Evidence::Subset {
                digits,
                cells,
                houses: common.clone(),
                hidden: false,
            };
            found = Some(Step::elimination(technique, elims, ev));
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// HoDoKu's hidden subsets: in blocks, rows, then columns with more empty
/// cells than the subset's size, the digits with 1..=n places, combined in
/// order; the first combination confined to n cells that removes something.
fn hodoku_hidden(t: Technique, board: &Board) -> Option<Step> {
    let n = match t {
        Technique::HiddenPair => 2,
        Technique::HiddenTriple => 3,
        Technique::HiddenQuadruple => 4,
        _ => return None,
    };
    for house in hodoku_houses() {
        let empty = board.empty_in(house).len();
        if empty <= n {
            continue;
        }
        let pool: Vec<Digit> = Digit::all()
            .filter(|&d| (1..=n).contains(&(board.positions_in(d, house).len() as usize)))
            .collect();
        let mut found = None;
        combinations(pool.len(), n, &mut |idx| {
            let digits: DigitSet = idx.iter().filter_map(|&i| pool.get(i).copied()).fold(
                DigitSet::EMPTY,
                |mut acc, d| {
                    acc.insert(d);
                    acc
                },
            );
            let cells = digits
                .iter()
                .fold(CellSet::EMPTY, |acc, d| acc | board.positions_in(d, house));
            if cells.len() as usize != n {
                return false;
            }
            let elims: Vec<crate::grid::Candidate> = cells
                .iter()
                .flat_map(|c| {
                    (board.candidates(c) - digits)
                        .iter()
                        .map(move |d| crate::grid::Candidate::new(c, d))
                })
                .collect();
            if elims.is_empty() {
                return false;
            }
            let ev = Evidence::Subset {
                digits,
                cells,
                houses: vec![house],
                hidden: true,
            };
            found = Some(Step::elimination(t, elims, ev));
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// HoDoKu's length of a step's chain(s), used to order steps: every node
/// counts one (a loop names its start twice), a forcing chain counts its
/// premise and each implication of each branch.
///
/// HoDoKu writes a discontinuous loop from its first link out of the start
/// cell, and keeps an AIC only when it removes two candidates: an AIC that
/// removes one is the discontinuous loop through the removed candidate's
/// cell (one node longer when its ends hold different digits, two when
/// they hold the same digit).
fn hodoku_chain_length(step: &Step) -> usize {
    let chain_len = |c: &crate::step::Chain| c.nodes.len() + usize::from(c.is_loop);
    match &step.evidence {
        Evidence::Chain { chain, .. } => {
            let n = chain_len(chain);
            let (Some(first), Some(second), Some(last)) =
                (chain.nodes.first(), chain.nodes.get(1), chain.nodes.last())
            else {
                return n;
            };
            let is_aic = matches!(step.technique, Technique::Aic | Technique::GroupedAic);
            if is_aic && step.eliminations.len() == 1 {
                n + if first.digit == last.digit { 2 } else { 1 }
            } else if !chain.is_loop && first.cells == last.cells && first.cells == second.cells {
                n - 1
            } else {
                n
            }
        }
        Evidence::Chains { chains, .. } => chains.iter().map(chain_len).sum(),
        Evidence::Forcing { branches, .. } => branches
            .iter()
            .map(|b| 1 + b.chain.len() + crate::strategies::forcing::group_node_count(b))
            .sum(),
        Evidence::AlsChain { sets, .. } | Evidence::Als { sets, .. } => sets.len(),
        _ => 0,
    }
}

/// The sum of the cell indices of a list of candidates.
fn index_sum(cands: &[crate::grid::Candidate]) -> usize {
    cands.iter().map(|c| c.cell.index()).sum()
}

/// Every step sensei finds for the techniques `ts` (at most `cap`).
fn all_of(ts: &[Technique], board: &Board, ctx: &Context, cap: usize) -> Vec<Step> {
    use crate::strategies::Strategy;
    use std::ops::ControlFlow;
    let mut v = Vec::new();
    for &t in ts {
        let _ = t.find(board, ctx, &mut |s: Step| {
            v.push(s);
            if v.len() >= cap {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    v
}

/// HoDoKu's usual choice among all steps of a search (its steps' natural
/// order): the most eliminations, then the shortest chain, then the lowest
/// sum of the eliminated candidates' cells; ties keep the finder's order.
fn hodoku_best(ts: &[Technique], board: &Board, ctx: &Context) -> Option<Step> {
    let steps = all_of(ts, board, ctx, 20_000);
    steps
        .into_iter()
        .filter(|s| !has_als_node(s))
        .flat_map(hodoku_aic_split)
        .min_by_key(|s| {
            (
                std::cmp::Reverse(s.eliminations.len()),
                hodoku_chain_length(s),
                index_sum(&s.eliminations),
            )
        })
}

/// Whether a chain passes through an almost locked set: HoDoKu 2.2.0's
/// default settings keep ALS nodes out of its chains (sensei's grouped
/// chains use them, as HoDoKu's regression library does).
fn has_als_node(step: &Step) -> bool {
    matches!(&step.evidence, Evidence::Chain { chain, .. } if chain.nodes.iter().any(|n| n.als.is_some()))
}

/// HoDoKu's AICs start and end on single candidates: a grouped AIC with a
/// group node at an end is, for HoDoKu, one discontinuous loop per
/// eliminated candidate (each removing only that candidate).
fn hodoku_aic_split(step: Step) -> Vec<Step> {
    let group_end = match (&step.evidence, step.technique) {
        (Evidence::Chain { chain, .. }, Technique::GroupedAic) => {
            chain.nodes.first().is_some_and(|n| n.cells.len() > 1)
                || chain.nodes.last().is_some_and(|n| n.cells.len() > 1)
        }
        _ => false,
    };
    if !group_end || step.eliminations.len() < 2 {
        return vec![step];
    }
    step.eliminations
        .iter()
        .map(|&e| Step::elimination(step.technique, vec![e], step.evidence.clone()))
        .collect()
}

/// HoDoKu's name for a chain step: an AIC that removes one candidate is,
/// for HoDoKu, a discontinuous nice loop (see [`hodoku_chain_length`]).
fn hodoku_loop_name(mut step: Step) -> Step {
    if step.eliminations.len() == 1 {
        step.technique = match step.technique {
            Technique::Aic => Technique::DiscontinuousNiceLoop,
            Technique::GroupedAic => Technique::GroupedDiscontinuousNiceLoop,
            t => t,
        };
    }
    step
}

/// HoDoKu's choice among forcing chains (or nets): placements before
/// eliminations; the most placements, then the lowest sum of their cells;
/// or the most eliminations, then the first in candidate order; then the
/// shortest chains.
fn hodoku_best_forcing(ts: &[Technique], board: &Board, ctx: &Context) -> Option<Step> {
    let steps = all_of(ts, board, ctx, 20_000);
    steps.into_iter().min_by_key(|s| {
        let order: Vec<usize> = s
            .eliminations
            .iter()
            .map(|c| c.cell.index() * 10 + c.digit.get() as usize)
            .collect();
        // HoDoKu checks single premises (contradictions) before pairs and
        // houses (verities): on a tie between kinds the first found stays
        let kind = matches!(
            s.technique,
            Technique::ForcingChainVerity | Technique::ForcingNetVerity
        );
        (
            s.placements.is_empty(),
            std::cmp::Reverse(s.placements.len()),
            index_sum(&s.placements),
            std::cmp::Reverse(s.eliminations.len()),
            order,
            kind,
            hodoku_chain_length(s),
        )
    })
}

/// The step HoDoKu would take for technique `t`: its own search order for
/// subsets; for the searches where HoDoKu collects every step and sorts
/// them, its choice among all of sensei's steps; sensei's first step
/// otherwise.
///
/// HoDoKu finds the nice loops and AICs in one search (asked for any of
/// them, it returns the best of all), and likewise the grouped ones, the
/// forcing chains and the forcing nets: the first technique of each group
/// in the solve order answers for the group, the others find nothing new.
fn hodoku_step(t: Technique, board: &Board, ctx: &Context) -> Option<Step> {
    use Technique::*;
    match t {
        XChain | XyChain | RemotePair => hodoku_best(&[t], board, ctx),
        AlsXz => hodoku_als::xz(board),
        AlsXyWing => hodoku_als::xy_wing(board),
        AlsXyChain => hodoku_als::chain(board),
        ContinuousNiceLoop => hodoku_best(
            &[ContinuousNiceLoop, DiscontinuousNiceLoop, Aic],
            board,
            ctx,
        )
        .map(hodoku_loop_name),
        GroupedContinuousNiceLoop => hodoku_best(
            &[
                GroupedContinuousNiceLoop,
                GroupedDiscontinuousNiceLoop,
                GroupedAic,
            ],
            board,
            ctx,
        )
        .map(hodoku_loop_name),
        ForcingChainContradiction => {
            hodoku_best_forcing(&[ForcingChainContradiction, ForcingChainVerity], board, ctx)
        }
        ForcingNetContradiction => {
            hodoku_best_forcing(&[ForcingNetContradiction, ForcingNetVerity], board, ctx)
        }
        DiscontinuousNiceLoop
        | Aic
        | GroupedDiscontinuousNiceLoop
        | GroupedAic
        | ForcingChainVerity
        | ForcingNetVerity => None,
        Technique::LockedPair
        | Technique::LockedTriple
        | Technique::NakedPair
        | Technique::NakedTriple
        | Technique::NakedQuadruple => hodoku_naked(t, board),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuadruple => {
            hodoku_hidden(t, board)
        }
        _ => crate::strategies::first_step(t, board, ctx),
    }
}

/// Whether a single's placement agrees with the board's candidates.
fn board_allows(board: &Board, step: &Step) -> bool {
    step.placements
        .iter()
        .all(|p| board.value(p.cell).is_none() && board.has_candidate(p.cell, p.digit))
}

/// The solve HoDoKu's rating is taken from: the HoDoKu profile (without
/// the techniques HoDoKu 2.2.0 lacks), with the singles found in HoDoKu's
/// queue order (see [`SinglesQueues`]) and, where HoDoKu collects every
/// step of a search and sorts them, the step it would choose (see
/// [`hodoku_step`]).
pub fn hodoku_trace(puzzle: &Grid) -> Trace {
    // HoDoKu guesses where sensei's deeper nets would go on
    let opts =
        Options::with_profile(Profile::Hodoku).exclude(&crate::strategies::forcing::BEYOND_HODOKU);
    let ctx = Context { unique: true };
    let singles = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];
    let others: Vec<Technique> = opts
        .techniques
        .iter()
        .copied()
        .filter(|t| !singles.contains(t))
        // HoDoKu 2.2.0 has no WXYZ-Wing or 3D Medusa (no HoDoKu code)
        .filter(|t| t.info().hodoku_code.is_some())
        .collect();
    let queues = std::cell::RefCell::new(SinglesQueues::new(puzzle));
    rating_solve(
        puzzle,
        &opts,
        |board| {
            let mut q = queues.borrow_mut();
            q.full_house(board)
                .or_else(|| q.naked_single(board))
                .or_else(|| q.hidden_single(board))
                .or_else(|| others.iter().find_map(|&t| hodoku_step(t, board, &ctx)))
        },
        |step| queues.borrow_mut().apply(step),
    )
}

/// A rating solve: `next` finds each step (the fallback guess when it finds
/// none), `applied` hears of each step taken. Falls back to the plain solver
/// when the puzzle has no unique solution.
fn rating_solve(
    puzzle: &Grid,
    opts: &Options,
    mut next: impl FnMut(&Board) -> Option<Step>,
    mut applied: impl FnMut(&Step),
) -> Trace {
    // One exact solve for the solution and uniqueness, no steps.
    let probe = Options {
        techniques: Vec::new(),
        fallback: Fallback::Stop,
        ..opts.clone()
    };
    let mut trace = solver::solve(puzzle, &probe);
    let (Some(start), Some(solution)) = (trace.start.clone(), trace.solution.clone()) else {
        return solver::solve(puzzle, opts);
    };
    let mut board = start;
    let mut steps = Vec::new();
    while !board.is_solved() && board.contradiction().is_none() {
        let Some(step) = next(&board).or_else(|| solver::guess(&board, &solution)) else {
            break;
        };
        step.apply(&mut board);
        applied(&step);
        steps.push(step);
    }
    trace.steps = steps;
    trace.outcome = if board.is_solved() && board.contradiction().is_none() {
        Outcome::Solved {
            guesses: trace.guesses(),
        }
    } else {
        Outcome::Stuck { board }
    };
    trace
}

/// SE's direct techniques: the pattern, with its eliminations only
/// imagined, leaves a digit a single place in a house SE looks at:
/// - Direct Hidden Pair/Triplet: another digit in a house where the set is
///   hidden;
/// - Direct Pointing: the pointed digit in another block along the line;
/// - Direct Claiming: the claimed digit in another line of the same kind
///   through the block.
///
/// The step only places that single.
fn se_direct(t: Technique, board: &Board, ctx: &Context) -> Option<Step> {
    use crate::strategies::Strategy;
    use std::ops::ControlFlow;
    let base = crate::strategies::direct::base_of(t)?;
    let mut found = None;
    let _ = base.find(board, ctx, &mut |step: Step| {
        let targets: Vec<(House, DigitSet)> = match &step.evidence {
            Evidence::Subset { digits, cells, .. } => House::all()
                .filter(|&h| {
                    (*cells - h.cells()).is_empty()
                        && digits
                            .iter()
                            .all(|d| (board.positions_in(d, h) - *cells).is_empty())
                })
                .map(|h| (h, DigitSet::ALL - *digits))
                .collect(),
            Evidence::Intersection {
                digit, base, cover, ..
            } => House::all()
                .filter(|h| {
                    h.kind() == base.kind() && h != base && !(h.cells() & cover.cells()).is_empty()
                })
                .map(|h| {
                    let mut one = DigitSet::EMPTY;
                    one.insert(*digit);
                    (h, one)
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut after = board.clone();
        step.apply(&mut after);
        for (house, digits) in targets {
            for d in digits.iter() {
                if let Some(cell) = after.positions_in(d, house).single_cell() {
                    if board.positions_in(d, house).len() > 1 {
                        let single = crate::grid::Candidate::new(cell, d);
                        found = Some(Step::new(
                            t,
                            vec![single],
                            Vec::new(),
                            step.evidence.clone(),
                        ));
                        return ControlFlow::Break(());
                    }
                }
            }
        }
        ControlFlow::Continue(())
    });
    found
}

/// The solve SE's ratings are taken from: the SE profile (easiest rule
/// first). SE's direct techniques only place their single: the pattern's
/// eliminations are shown but not made, so later steps do not profit from
/// them.
pub fn se_trace(puzzle: &Grid) -> Trace {
    se_solve(puzzle).0
}

/// The SE rating solve with each step's SE rating.
///
/// The techniques of [`Profile::Se`] are tried in order of their SE rating
/// up to SE's chaining rules (6.5 and up, after the Turbot Fish patterns);
/// then SE's chaining rules in SE's order (see [`crate::se_chains`]):
/// forcing chains and cycles, Nishio, multiple and dynamic forcing chains,
/// each taking its lowest-rated hint. What they all miss falls to sensei's
/// forcing nets, rated at least 9.0 (SE's nested chains).
pub fn se_solve(puzzle: &Grid) -> (Trace, Vec<f32>) {
    let opts = Options::with_profile(Profile::Se);
    let ctx = Context { unique: true };
    let turbot = [
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
    ];
    let (easy, rest): (Vec<Technique>, Vec<Technique>) =
        opts.techniques.iter().partition(|&&t| se_base(t) < 6.2);
    let (turbot, hard): (Vec<Technique>, Vec<Technique>) =
        rest.iter().partition(|&t| turbot.contains(t));
    let pending: std::cell::Cell<Option<f32>> = std::cell::Cell::new(None);
    let ratings = std::cell::RefCell::new(Vec::new());
    let find = |t: Technique, board: &Board| {
        if crate::strategies::direct::base_of(t).is_some() {
            se_direct(t, board, &ctx)
        } else {
            crate::strategies::first_step(t, board, &ctx)
        }
    };
    let chaining: [fn(&Board) -> Option<crate::se_chains::Hint>; 5] = [
        crate::se_chains::forcing_chains_and_cycles,
        |b| crate::se_chains::aligned_exclusion(b, 3),
        crate::se_chains::nishio,
        crate::se_chains::multiple_chains,
        crate::se_chains::dynamic_chains,
    ];
    let trace = rating_solve(
        puzzle,
        &opts,
        |board| {
            if let Some(step) = easy.iter().find_map(|&t| find(t, board)) {
                pending.set(Some(se_step(&step)));
                return Some(step);
            }
            if let Some(h) = crate::se_chains::aligned_exclusion(board, 2) {
                pending.set(Some(h.rating));
                return Some(h.step);
            }
            if let Some(step) = turbot.iter().find_map(|&t| find(t, board)) {
                pending.set(Some(se_step(&step)));
                return Some(step);
            }
            if let Some(h) = chaining.iter().find_map(|f| f(board)) {
                pending.set(Some(h.rating));
                return Some(h.step);
            }
            let step = hard.iter().find_map(|&t| find(t, board))?;
            pending.set(Some(se_step(&step).max(9.0)));
            Some(step)
        },
        |step| {
            let r = pending.take().unwrap_or_else(|| se_step(step));
            ratings.borrow_mut().push(r);
        },
    );
    let mut ratings = ratings.into_inner();
    if ratings.len() != trace.steps.len() {
        ratings = trace.steps.iter().map(se_step).collect();
    }
    (trace, ratings)
}

/// ER, EP and ED from a trace's steps and their ratings.
pub fn se_rating_of(trace: &Trace, ratings: &[f32]) -> SeRating {
    let er = ratings.iter().copied().fold(0.0, f32::max);
    let first_placement = trace
        .steps
        .iter()
        .position(|s| !s.placements.is_empty())
        .unwrap_or(ratings.len().saturating_sub(1));
    let ep = ratings
        .iter()
        .take(first_placement + 1)
        .copied()
        .fold(0.0, f32::max);
    let ed = ratings.first().copied().unwrap_or(0.0);
    SeRating { er, ep, ed }
}

/// Rate a puzzle on the chosen scales (one solve per scale).
pub fn grade(puzzle: &Grid, scales: Scales) -> Rating {
    let hodoku_trace = hodoku_trace(puzzle);
    let mut guessed = hodoku_trace.guesses() > 0;
    let hardest = hodoku_trace
        .steps
        .iter()
        .map(|s| s.technique)
        .max_by_key(|t| (t.info().score, t.info().order));
    let ok = hodoku_trace.outcome.is_solved();
    let se = (scales.se && ok).then(|| {
        let (t, ratings) = se_solve(puzzle);
        guessed |= t.guesses() > 0;
        se_rating_of(&t, &ratings)
    });
    let class = (scales.class && ok).then(|| {
        let t = solver::solve(puzzle, &Options::with_profile(Profile::Qqwing));
        class_of(&t)
    });
    Rating {
        se,
        hodoku: (scales.hodoku && ok).then(|| hodoku_rating(&hodoku_trace)),
        class,
        hardest,
        guessed,
        outcome: hodoku_trace.outcome.slug(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_penalty_thresholds() {
        assert_eq!(se_length_penalty(4), 0.0);
        assert!((se_length_penalty(5) - 0.1).abs() < 1e-6);
        assert!((se_length_penalty(6) - 0.1).abs() < 1e-6);
        assert!((se_length_penalty(7) - 0.2).abs() < 1e-6);
        assert!((se_length_penalty(9) - 0.3).abs() < 1e-6);
        assert!((se_length_penalty(13) - 0.4).abs() < 1e-6);
    }

    #[test]
    fn hodoku_level_rises_with_score() {
        assert_eq!(Level::Easy.score_cap(), Some(800));
        assert_eq!(Level::Easy.next(), Level::Medium);
    }
}
