//! [`Step`]: one recorded deduction. Its effect is uniform (sorted
//! placements and eliminations); its [`Evidence`] is typed per family and
//! carries exactly what an explanation or a picture of the step needs.
//! There is no prose here: the renderers write it.

use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, Grid, House};
use crate::technique::Technique;

/// One deduction.
#[derive(Clone, PartialEq, Debug)]
pub struct Step {
    pub technique: Technique,
    /// Values placed, sorted by cell.
    pub placements: Vec<Candidate>,
    /// Candidates removed, sorted by cell then digit.
    pub eliminations: Vec<Candidate>,
    pub evidence: Evidence,
}

impl Step {
    /// A step with its effects sorted and deduplicated.
    pub fn new(
        technique: Technique,
        mut placements: Vec<Candidate>,
        mut eliminations: Vec<Candidate>,
        evidence: Evidence,
    ) -> Step {
        placements.sort();
        placements.dedup();
        eliminations.sort();
        eliminations.dedup();
        Step {
            technique,
            placements,
            eliminations,
            evidence,
        }
    }
    /// A step that places one value.
    pub fn placement(technique: Technique, cell: Cell, digit: Digit, evidence: Evidence) -> Step {
        Step::new(
            technique,
            vec![Candidate::new(cell, digit)],
            vec![],
            evidence,
        )
    }
    /// A step that removes candidates.
    pub fn elimination(
        technique: Technique,
        eliminations: Vec<Candidate>,
        evidence: Evidence,
    ) -> Step {
        Step::new(technique, vec![], eliminations, evidence)
    }
    /// Whether applying the step to `board` changes it (places an empty
    /// cell or removes a present candidate).
    pub fn changes(&self, board: &Board) -> bool {
        self.placements
            .iter()
            .any(|p| board.value(p.cell).is_none())
            || self
                .eliminations
                .iter()
                .any(|e| board.has_candidate(e.cell, e.digit))
    }

    /// Whether the step agrees with `solution`: it places only the
    /// solution's digits and removes none of them.
    pub(crate) fn agrees_with(&self, solution: &Grid) -> bool {
        self.placements
            .iter()
            .all(|p| solution.value(p.cell) == Some(p.digit))
            && self
                .eliminations
                .iter()
                .all(|e| solution.value(e.cell) != Some(e.digit))
    }

    /// Apply the step: eliminations first, then placements.
    pub fn apply(&self, board: &mut Board) {
        for &e in &self.eliminations {
            board.eliminate(e);
        }
        for p in &self.placements {
            if board.value(p.cell).is_none() {
                board.place_deduced(p.cell, p.digit);
            }
        }
    }
}

/// Where to look for a step, without its answer: the houses, cells and
/// digits of its pattern worth a look. Level 2 of a hint says it in words,
/// level 1 of a hint's picture marks it on the grid, and the JSON trace and
/// hint carry it as data (`"focus"`). Every part may be empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Focus {
    /// Houses to look at, in the order the step names them.
    pub houses: Vec<House>,
    pub cells: CellSet,
    pub digits: DigitSet,
}

impl Focus {
    pub fn is_empty(&self) -> bool {
        self.houses.is_empty() && self.cells.is_empty() && self.digits.is_empty()
    }
}

impl Evidence {
    /// Every kind of evidence, as [`Evidence::kind`] names them.
    pub const KINDS: [&'static str; 14] = [
        "single",
        "intersection",
        "subset",
        "fish",
        "wing",
        "chain",
        "uniqueness",
        "coloring",
        "als",
        "forcing",
        "guess",
        "als_chain",
        "chains",
        "template",
    ];

    /// The kind of evidence: the `"kind"` of its JSON form.
    pub fn kind(&self) -> &'static str {
        match self {
            Evidence::Single { .. } => "single",
            Evidence::Intersection { .. } => "intersection",
            Evidence::Subset { .. } => "subset",
            Evidence::Fish { .. } => "fish",
            Evidence::Wing { .. } => "wing",
            Evidence::Chain { .. } => "chain",
            Evidence::Uniqueness { .. } => "uniqueness",
            Evidence::Coloring { .. } => "coloring",
            Evidence::Als { .. } | Evidence::SueDeCoq { .. } => "als",
            Evidence::Forcing { .. } => "forcing",
            Evidence::Guess { .. } => "guess",
            Evidence::AlsChain { .. } => "als_chain",
            Evidence::Chains { .. } => "chains",
            Evidence::Template { .. } => "template",
        }
    }
}

/// A single's focus: a hidden single's house and digit (the digit's places
/// in the house), a naked single's block (some cell of it sees eight
/// digits) and no digit. [`Step::focus`] and the JSON writer both use it.
pub(crate) fn single_focus(cell: Cell, digit: Digit, house: Option<House>) -> (House, DigitSet) {
    match house {
        Some(h) => (h, DigitSet::single(digit)),
        None => (House::block(cell.block()), DigitSet::EMPTY),
    }
}

impl Step {
    /// Where to look for this step (see [`Focus`]), read from its evidence.
    pub fn focus(&self) -> Focus {
        let mut f = Focus::default();
        match &self.evidence {
            Evidence::Single { cell, digit, house } => {
                let (h, digits) = single_focus(*cell, *digit, *house);
                f.houses.push(h);
                f.digits = digits;
            }
            Evidence::Intersection { digit, base, .. } => {
                f.houses.push(*base);
                f.digits.insert(*digit);
            }
            Evidence::Subset { digits, houses, .. } => {
                f.houses.extend(houses.first());
                f.digits = *digits;
            }
            Evidence::Fish { digit, base, .. } => {
                f.houses.extend_from_slice(base);
                f.digits.insert(*digit);
            }
            Evidence::Template { digit, .. } => f.digits.insert(*digit),
            Evidence::Wing { pivot, .. } => f.cells.insert(*pivot),
            Evidence::Chain { chain, houses } => {
                chains_focus(&mut f, std::slice::from_ref(chain), houses)
            }
            Evidence::Chains { chains, houses } => chains_focus(&mut f, chains, houses),
            Evidence::Uniqueness {
                digits,
                rectangle,
                extra_cells,
                ..
            } => {
                if rectangle.is_empty() {
                    // BUG+1: the one cell with three candidates
                    f.cells = *extra_cells;
                } else {
                    f.cells = rectangle.iter().copied().collect();
                    f.digits = *digits;
                }
            }
            Evidence::Coloring { colors } => {
                let digits: DigitSet = colors.iter().flatten().map(|c| c.digit).collect();
                if digits.len() <= 2 {
                    f.digits = digits;
                } else {
                    f.cells = colors.iter().flatten().map(|c| c.cell).collect();
                }
            }
            Evidence::Als { sets, stem, .. } => {
                f.cells = sets.iter().fold(CellSet::EMPTY, |acc, s| acc | s.cells);
                f.cells.extend(*stem);
            }
            // the cells where the line and the block meet
            Evidence::SueDeCoq { intersection, .. } => f.cells = intersection.cells,
            Evidence::AlsChain { sets, .. } => {
                f.cells = sets.iter().fold(CellSet::EMPTY, |acc, s| acc | s.cells);
            }
            Evidence::Forcing { branches, .. } => {
                f.cells = branches.iter().map(|b| b.premise.cell).collect();
            }
            Evidence::Guess { cell, .. } => f.cells.insert(*cell),
        }
        f
    }
}

/// A chain's focus: the houses that carry its pattern, or else the cells it
/// runs through; its digits when there are one or two.
fn chains_focus(f: &mut Focus, chains: &[Chain], houses: &[House]) {
    if houses.is_empty() {
        f.cells = chains
            .iter()
            .flat_map(|c| c.nodes.iter().map(|n| n.occupied()))
            .fold(CellSet::EMPTY, |a, s| a | s);
    } else {
        f.houses.extend_from_slice(houses);
    }
    let digits: DigitSet = chains
        .iter()
        .flat_map(|c| c.nodes.iter().map(|n| n.digit))
        .collect();
    if digits.len() <= 2 {
        f.digits = digits;
    }
}

/// How two chain nodes are linked: strong (`=`, at least one is true) or
/// weak (`-`, at most one is true).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum LinkKind {
    Strong,
    Weak,
}

/// A chain node: one digit in one cell, or (a group node) one digit in
/// several cells of one house that act together, or (an ALS node) one
/// digit in the cells of an almost locked set that hold it: "the digit is
/// somewhere in the set". Two digits of one set are strongly linked: if the
/// set loses one, it is locked and holds the other.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ChainNode {
    pub digit: Digit,
    /// The cells of the node holding `digit`.
    pub cells: CellSet,
    /// For an ALS node, the whole set.
    pub als: Option<Als>,
}

impl ChainNode {
    pub fn single(cell: Cell, digit: Digit) -> ChainNode {
        ChainNode::group(digit, CellSet::single(cell))
    }
    /// One digit in some cells acting together.
    pub fn group(digit: Digit, cells: CellSet) -> ChainNode {
        ChainNode {
            digit,
            cells,
            als: None,
        }
    }
    /// The cells the node occupies: for an ALS node the whole set.
    pub fn occupied(&self) -> CellSet {
        self.als.map_or(self.cells, |a| a.cells)
    }
}

/// A chain or loop in the order it is read. `links[i]` joins `nodes[i]` and
/// `nodes[i + 1]`; a loop has one more link, from the last node to the first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chain {
    pub nodes: Vec<ChainNode>,
    pub links: Vec<LinkKind>,
    pub is_loop: bool,
}

/// An almost locked set: `cells.len() + 1 == digits.len()`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Als {
    pub cells: CellSet,
    pub digits: DigitSet,
}

/// Why a forcing chain/net concludes: the premises and where they lead.
#[derive(Clone, PartialEq, Debug)]
pub struct ForcingBranch {
    /// The assumption that starts this branch (e.g. `r1c1=5` or `r1c1<>5`).
    pub premise: Candidate,
    /// Whether the premise sets the candidate (true) or removes it (false).
    pub premise_is_on: bool,
    /// The implications, each with the candidate and whether it is set or
    /// removed, in the order found (every fact after the facts it rests on).
    pub chain: Vec<(Candidate, bool)>,
    /// Why each implication of `chain` holds (`reasons[i]` explains
    /// `chain[i]`): the facts it rests on and the rule. With them the branch
    /// reads as a tree, not only as a chain.
    pub reasons: Vec<ForcingReason>,
}

/// Why one implication of a forcing branch holds.
#[derive(Clone, PartialEq, Debug)]
pub struct ForcingReason {
    /// The facts it rests on: `0` is the premise, `i` (from 1) is
    /// `chain[i - 1]`. Always earlier facts.
    pub parents: Vec<usize>,
    pub rule: ForcingRule,
}

/// The rule that turns the parent facts into the implication.
#[derive(Clone, PartialEq, Debug)]
#[non_exhaustive]
pub enum ForcingRule {
    /// The parent sets a value: the cell's other candidates and the digit
    /// in the cells that see it go.
    Value,
    /// The parents remove the cell's other candidates.
    NakedSingle,
    /// The parents remove the digit's other places in `house`.
    HiddenSingle { house: House },
    /// A technique applied to the position the net has reached (the
    /// "+" nets: locked candidates, subsets, basic fish; the nested nets
    /// also a forcing net contradiction): the parents are the removals the
    /// pattern relies on, `evidence` is the pattern.
    Technique {
        technique: Technique,
        evidence: Box<Evidence>,
    },
    /// The parent reaches the implication through group nodes of `digit`
    /// (HoDoKu's forcing chains): each node is the cells of a line inside a
    /// block, taken as one; `nodes` in order, each with whether the digit
    /// is in the group (`on`) or not, and the house of the link into it;
    /// `house` is the house of the last link, into the implication.
    Group {
        digit: Digit,
        nodes: Vec<GroupNode>,
        house: House,
    },
}

/// A group node of a forcing chain: `digit` lies in one of `cells` (`on`)
/// or in none of them, by the link through `house` from the fact before.
#[derive(Clone, PartialEq, Debug)]
pub struct GroupNode {
    pub cells: CellSet,
    pub on: bool,
    pub house: House,
}

/// The typed evidence of a step, one variant per family of techniques.
#[derive(Clone, PartialEq, Debug)]
#[non_exhaustive]
pub enum Evidence {
    /// Full house and hidden single name the house; a naked single names none.
    Single {
        cell: Cell,
        digit: Digit,
        house: Option<House>,
    },
    /// Locked candidates: in `base`, `digit` lies only in its intersection with
    /// `cover` (the `cells`), so it goes from the rest of `cover`.
    Intersection {
        digit: Digit,
        base: House,
        cover: House,
        cells: CellSet,
    },
    /// Naked or hidden subset (and locked pair/triple): `digits` are locked
    /// into `cells` within each of `houses`.
    Subset {
        digits: DigitSet,
        cells: CellSet,
        houses: Vec<House>,
        hidden: bool,
    },
    /// Fish of any shape: `digit` in the `base` houses lies within the
    /// `cover` houses, apart from the `fins` (and `endo_fins`, fins inside
    /// overlapping base houses).
    Fish {
        digit: Digit,
        base: Vec<House>,
        cover: Vec<House>,
        fins: CellSet,
        endo_fins: CellSet,
    },
    /// XY-, XYZ-, WXYZ-wing: a `pivot` and its `pincers`; the `digit` common to
    /// all of them is removed from the cells they all see.
    Wing {
        pivot: Cell,
        pincers: Vec<Cell>,
        digits: DigitSet,
        digit: Digit,
    },
    /// Patterns explained by a chain: single-digit patterns (Skyscraper,
    /// 2-String Kite, Turbot Fish, Empty Rectangle), W-Wing, Remote Pair,
    /// X-Chain, XY-Chain, nice loops and AICs. `houses` names the houses
    /// that carry the pattern where that helps (e.g. the empty rectangle's
    /// block, the kite's row and column).
    Chain { chain: Chain, houses: Vec<House> },
    /// Uniqueness: the `rectangle` (four corner cells) on the `digits` that
    /// would form a deadly pattern; `extra` holds the cells/digits that the
    /// type relies on (the extra candidates of type 2, the subset of type 3,
    /// the strong link of type 4 ...). For BUG+1, `rectangle` is empty and
    /// `extra_cells` is the one cell with three candidates.
    Uniqueness {
        digits: DigitSet,
        rectangle: Vec<Cell>,
        extra_cells: CellSet,
        extra_digits: DigitSet,
        houses: Vec<House>,
    },
    /// Coloring: candidates split into pairs of colour classes (per
    /// cluster, `colors[2k]` and `colors[2k+1]` are opposite colours).
    Coloring { colors: Vec<Vec<Candidate>> },
    /// ALS techniques: the sets, their restricted commons `rcc`, and the
    /// digits `z` whose eliminations they cause.
    Als {
        sets: Vec<Als>,
        rcc: DigitSet,
        z: DigitSet,
        /// For a Death Blossom: the stem cell.
        stem: Option<Cell>,
    },
    /// Sue de Coq: the cells where a line and a block meet (with their
    /// digits), and the sets of the rest of the `line` and of the `block`
    /// whose digits they share out. Written in the trace's JSON as an
    /// `"als"` evidence whose `sets` are these three, as it always was.
    SueDeCoq {
        intersection: Als,
        line: Als,
        block: Als,
    },
    /// Forcing chains and nets: each branch starts from one premise; all lead
    /// to the conclusion (verity) or one premise leads to a contradiction.
    Forcing {
        branches: Vec<ForcingBranch>,
        /// For a contradiction: where it shows (a cell with no candidate, a
        /// digit twice in a house ...), as the cells involved.
        contradiction: CellSet,
    },
    /// No technique applied: one cell's value was taken from the solution
    /// found by the exact solver (a guess checked against it).
    Guess { cell: Cell, digit: Digit },
    /// ALS-XY-Chain: the sets in chain order and the restricted common
    /// digit of each link (`links[i]` joins `sets[i]` and `sets[i + 1]`);
    /// `z` is removed from the cells that see all of it in the first and
    /// last set.
    AlsChain {
        sets: Vec<Als>,
        links: Vec<Digit>,
        z: DigitSet,
    },
    /// Two (or more) chains that share their core and act together, as
    /// the Dual 2-String Kite (two kites on the same block cells) and the
    /// Dual Empty Rectangle (two empty rectangles on the same block).
    /// `houses` names the houses carrying the patterns.
    Chains {
        chains: Vec<Chain>,
        houses: Vec<House>,
    },
    /// Templates of one `digit`: how many possible `templates` remain, and
    /// the `cells` they decide (for Template Set the cells common to all of
    /// them, for Template Delete the candidates in none of them).
    Template {
        digit: Digit,
        templates: usize,
        cells: CellSet,
    },
}

/// Sorted, deduplicated candidates from an iterator.
pub fn candidates(iter: impl IntoIterator<Item = Candidate>) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = iter.into_iter().collect();
    v.sort();
    v.dedup();
    v
}

/// The candidates of `digit` in `cells` that `board` still has.
pub fn eliminations_of(board: &Board, digit: Digit, cells: CellSet) -> Vec<Candidate> {
    (cells & board.positions(digit))
        .iter()
        .map(|c| Candidate::new(c, digit))
        .collect()
}
