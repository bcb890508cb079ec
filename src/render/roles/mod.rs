//! The roles of a step: which cells, candidates, houses and links play which
//! part in it, read from its [`Evidence`] and the position before it. This is
//! Sudoku Explainer's model of semantic roles: the roles come from the
//! evidence, and a renderer (the SVG pictures, a trainer, structured hints)
//! only chooses how to show each role.
//!
//! [`Roles::at_level`] cuts the roles down to a hint level: 1 (the
//! technique) nothing, 2 the area to look at, 3 the whole step. Each family of evidence has its
//! own module.

mod als;
mod basic;
mod chains;
mod coloring;
mod fish;
mod forcing;
mod uniqueness;
mod wings;

use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::step::{Evidence, Focus, Step};
use std::collections::BTreeMap;

/// The part a house plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HouseRole {
    /// The house of a single, subset or intersection, or a house carrying a
    /// chain pattern.
    Pattern,
    /// A fish's base house, or the house an intersection's digit is locked in.
    Base,
    /// A fish's cover house, or the house an intersection's digit leaves.
    Cover,
}

/// The part a cell plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CellRole {
    /// A cell of the pattern (subset cells, template cells ...).
    Pattern,
    /// The pivot of a wing.
    Pivot,
    /// A pincer of a wing.
    Pincer,
    /// A corner of a unique rectangle.
    Corner,
    /// A cell with the extra candidates a uniqueness type relies on (and the
    /// BUG+1 cell).
    Extra,
    /// The stem of a Death Blossom.
    Stem,
    /// A value that keeps a digit out of the cells of a single's house.
    Blocker,
    /// Where a forcing chain's contradiction shows.
    Contradiction,
    /// The cell of a guess.
    Guess,
    /// A cell whose value or pencil marks disagree with the solution.
    Mistake,
}

/// The part a set of cells plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SetRole {
    /// An almost locked set (also a grouped chain's ALS node).
    Als,
    /// Sue de Coq: the cells where a line meets a block.
    Intersection,
    /// Sue de Coq: the cells of the line outside the block.
    LinePart,
    /// Sue de Coq: the cells of the block outside the line.
    BlockPart,
}

/// The part a candidate plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CandidateRole {
    /// A candidate defining the pattern.
    Pattern,
    /// The digit z of a wing or an ALS move: it goes from cells seeing all
    /// of these.
    Z,
    /// A restricted common digit of almost locked sets.
    Rcc,
    /// A fin of a fish.
    Fin,
    /// An endo-fin (a fin inside two base houses).
    EndoFin,
    /// True in the reading of a chain, or set by a forcing branch.
    On,
    /// False in the reading of a chain, or removed by a forcing branch.
    Off,
    /// The assumption a forcing branch starts from (set, or removed).
    Premise { on: bool },
    /// Colour class `k` of a colouring: classes `2j` and `2j + 1` are the
    /// two opposite colours of cluster `j`.
    Color(u8),
}

/// A chain node: one digit in one or more cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Node {
    pub digit: Digit,
    pub cells: CellSet,
}

impl Node {
    pub fn single(c: Candidate) -> Node {
        Node {
            digit: c.digit,
            cells: CellSet::single(c.cell),
        }
    }
}

/// How a link reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LinkRole {
    /// At least one end is true.
    Strong,
    /// At most one end is true.
    Weak,
    /// A strong link drawn without a direction: a conjugate pair or a
    /// bivalue cell joining two opposite colours.
    Conjugate,
    /// A forcing branch: the start implies the end, which is set (`on`) or
    /// removed.
    Implies { on: bool },
    /// A forcing branch's fact found by a technique applied inside the net
    /// (locked candidates, subsets, fish, a nested net): drawn from the
    /// latest fact it rests on only; the text names the others.
    ByTechnique { on: bool },
    /// A forcing branch told short: its premise leads, in `steps`
    /// implications one after another (the longest path), to the end,
    /// which is set (`on`) or removed. The implications themselves are in
    /// [`Roles::detail`].
    Leads { on: bool, steps: u8 },
}

/// An arrow between two nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Link {
    pub from: Node,
    pub to: Node,
    pub role: LinkRole,
    /// The forcing branch the link belongs to (0 for chains).
    pub branch: u8,
}

/// A group node with its state: one digit in several cells acting as one
/// node, true (the digit is in one of the cells) or false (in none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Group {
    pub node: Node,
    pub on: bool,
}

/// A forcing branch as a legend names it: its premise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    pub premise: Candidate,
    pub on: bool,
}

/// Everything a picture of a step shows, by role.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Roles {
    /// Level 1 of a hint: where to look.
    pub area: Focus,
    /// Houses of the pattern, each with its role (a house may have two).
    pub houses: Vec<(House, HouseRole)>,
    /// Cells of the pattern, sorted, one role each.
    pub cells: Vec<(Cell, CellRole)>,
    /// Almost locked sets (and Sue de Coq's parts), in the order named.
    pub sets: Vec<(CellSet, SetRole)>,
    /// Candidates of the pattern, sorted, one role each.
    pub candidates: Vec<(Candidate, CandidateRole)>,
    /// Group nodes: one digit in several cells acting together, each with
    /// one state (its cells' candidates have no role of their own).
    pub groups: Vec<Group>,
    /// Links between nodes, in reading order.
    pub links: Vec<Link>,
    /// The branches of a forcing chain or net, in order.
    pub branches: Vec<Branch>,
    /// The step's effect.
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    /// A forcing net too big to follow at a glance is drawn short: each
    /// branch from its premise to its ends ([`LinkRole::Leads`]). Then this
    /// holds the whole net, every implication, to draw apart.
    pub detail: Option<Box<Roles>>,
}

impl Roles {
    /// The roles at hint `level`, no more than its words say: 1 (the
    /// technique) none, 2 (where to look) the area only, 3 (or more) the
    /// whole step without the area.
    pub fn at_level(&self, level: u8) -> Roles {
        match level {
            0 | 1 => Roles::default(),
            2 => Roles {
                area: self.area.clone(),
                ..Roles::default()
            },
            _ => Roles {
                area: Focus::default(),
                ..self.clone()
            },
        }
    }
    /// Whether nothing would be drawn.
    pub fn is_empty(&self) -> bool {
        *self == Roles::default()
    }
}

/// Collects roles; the first role given to a cell or candidate stays.
#[derive(Default)]
pub(crate) struct Builder {
    area: Focus,
    houses: Vec<(House, HouseRole)>,
    cells: BTreeMap<Cell, CellRole>,
    sets: Vec<(CellSet, SetRole)>,
    candidates: BTreeMap<Candidate, CandidateRole>,
    groups: Vec<Group>,
    links: Vec<Link>,
    branches: Vec<Branch>,
    detail: Option<Box<Builder>>,
}

impl Builder {
    pub(crate) fn house(&mut self, house: House, role: HouseRole) -> &mut Self {
        if !self.houses.contains(&(house, role)) {
            self.houses.push((house, role));
        }
        self
    }
    pub(crate) fn houses(&mut self, houses: &[House], role: HouseRole) -> &mut Self {
        for &h in houses {
            self.house(h, role);
        }
        self
    }
    pub(crate) fn cell(&mut self, cell: Cell, role: CellRole) -> &mut Self {
        self.cells.entry(cell).or_insert(role);
        self
    }
    pub(crate) fn cells(&mut self, cells: impl IntoIterator<Item = Cell>, role: CellRole) {
        for c in cells {
            self.cell(c, role);
        }
    }
    pub(crate) fn set(&mut self, cells: CellSet, role: SetRole) -> &mut Self {
        if !self.sets.iter().any(|&(s, _)| s == cells) {
            self.sets.push((cells, role));
        }
        self
    }
    pub(crate) fn candidate(&mut self, c: Candidate, role: CandidateRole) -> &mut Self {
        self.candidates.entry(c).or_insert(role);
        self
    }
    /// Every candidate of `digits` that `board` has in `cells`.
    pub(crate) fn candidates_in(
        &mut self,
        board: &Board,
        cells: CellSet,
        digits: DigitSet,
        role: CandidateRole,
    ) {
        for cell in cells {
            for d in board.candidates(cell) & digits {
                self.candidate(Candidate::new(cell, d), role);
            }
        }
    }
    /// A group node with its state; the first state given stays.
    pub(crate) fn group(&mut self, node: Node, on: bool) {
        if node.cells.len() > 1 && !self.groups.iter().any(|g| g.node == node) {
            self.groups.push(Group { node, on });
        }
    }
    pub(crate) fn link(&mut self, from: Node, to: Node, role: LinkRole, branch: u8) {
        let l = Link {
            from,
            to,
            role,
            branch,
        };
        if from != to && !self.links.contains(&l) {
            self.links.push(l);
        }
    }
    pub(crate) fn branch(&mut self, b: Branch) {
        self.branches.push(b);
    }
    fn finish(mut self, step: &Step) -> Roles {
        self.area.houses.sort();
        self.area.houses.dedup();
        Roles {
            area: self.area,
            houses: self.houses,
            cells: self.cells.into_iter().collect(),
            sets: self.sets,
            candidates: self.candidates.into_iter().collect(),
            groups: self.groups,
            links: self.links,
            branches: self.branches,
            placements: step.placements.clone(),
            eliminations: step.eliminations.clone(),
            detail: self.detail.map(|d| Box::new(d.finish(step))),
        }
    }
}

/// The roles of `step`, taken on `board`, the position before it.
pub fn roles(board: &Board, step: &Step) -> Roles {
    let mut b = Builder {
        area: step.focus(),
        ..Builder::default()
    };
    match &step.evidence {
        Evidence::Single { cell, digit, house } => {
            basic::single(&mut b, board, *cell, *digit, *house)
        }
        Evidence::Intersection {
            digit,
            base,
            cover,
            cells,
        } => basic::intersection(&mut b, board, *digit, *base, *cover, *cells),
        Evidence::Subset {
            digits,
            cells,
            houses,
            ..
        } => basic::subset(&mut b, board, *digits, *cells, houses),
        Evidence::Fish {
            digit,
            base,
            cover,
            fins,
            endo_fins,
        } => fish::fish(&mut b, board, *digit, base, cover, *fins, *endo_fins),
        Evidence::Wing {
            pivot,
            pincers,
            digits,
            digit,
        } => wings::wing(&mut b, board, *pivot, pincers, *digits, *digit),
        Evidence::Chain { chain, houses } => {
            chains::chains(&mut b, std::slice::from_ref(chain), houses)
        }
        Evidence::Chains { chains: cs, houses } => chains::chains(&mut b, cs, houses),
        Evidence::Uniqueness {
            digits,
            rectangle,
            extra_cells,
            extra_digits,
            houses,
        } => uniqueness::uniqueness(
            &mut b,
            board,
            *digits,
            rectangle,
            *extra_cells,
            *extra_digits,
            houses,
        ),
        Evidence::Coloring { colors } => coloring::coloring(&mut b, board, colors),
        Evidence::SueDeCoq {
            intersection,
            line,
            block,
        } => als::sue_de_coq(&mut b, board, [intersection, line, block]),
        Evidence::Als { sets, rcc, z, stem } => als::als(&mut b, board, sets, *rcc, *z, *stem),
        Evidence::AlsChain { sets, links, z } => als::als_chain(&mut b, board, sets, links, *z),
        Evidence::Forcing {
            branches,
            contradiction,
        } => forcing::forcing(&mut b, branches, *contradiction),
        Evidence::Guess { cell, .. } => {
            b.cell(*cell, CellRole::Guess);
        }
        Evidence::Template { digit, cells, .. } => basic::template(&mut b, board, *digit, *cells),
    }
    b.finish(step)
}
