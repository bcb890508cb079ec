//! The wire types of a step and its evidence: the step's fields, its focus
//! and technique, and every kind of evidence (sets, fish, wings, chains,
//! almost locked sets, forcing nets), each spelled out field by field
//! (see `wire`'s note).

use super::*;
/// A step of a trace: `{"candidates"?, "eliminations", "evidence",
/// "explanation", "focus", "index", "placements", "technique", "text"}`.
/// The technique's name, family and HoDoKu code are the trace's
/// `"techniques"`, once per technique.
pub struct WStep<'a> {
    pub index: usize,
    pub step: &'a Step,
    /// The position before the step, for `"candidates"`.
    pub before: Option<&'a Board>,
}

impl Wire for WStep<'_> {
    fn write(&self, o: &mut Out) {
        self.write_with(o, &mut String::new(), &mut String::new());
    }
}

impl WStep<'_> {
    /// The step, its two texts written into `text` and `explanation` (the
    /// trace's steps reuse the same two strings).
    pub(super) fn write_with(&self, o: &mut Out, text: &mut String, explanation: &mut String) {
        let step = self.step;
        crate::render::text::write_step_text(step, text, explanation);
        let (text, explanation) = (&*text, &*explanation);
        let mut st = o.object();
        if let Some(board) = self.before {
            st.field("candidates", &WCandidateString(board));
        }
        st.field("eliminations", &WCandidates(&step.eliminations));
        st.field("evidence", &WEvidence(&step.evidence));
        st.field("explanation", explanation);
        match step.evidence {
            // most steps of a solve are singles: their focus is written
            // as `Step::focus` has it, without building it (a list of houses)
            Evidence::Single { cell, digit, house } => {
                st.field("focus", &WSingleFocus { cell, digit, house })
            }
            _ => st.field("focus", &WFocus(&step.focus())),
        };
        st.field("index", &self.index);
        st.field("placements", &WCandidates(&step.placements));
        st.field("technique", step.technique.slug());
        st.field("text", text);
        st.end()
    }
}

/// `{"cells", "digits", "houses"}`: where to look.
pub struct WFocus<'a>(pub &'a Focus);

impl Wire for WFocus<'_> {
    fn write(&self, o: &mut Out) {
        let mut st = o.object();
        st.field("cells", &WCells(self.0.cells));
        st.field("digits", &WDigits(self.0.digits));
        st.field("houses", &WHouses(&self.0.houses));
        st.end()
    }
}

/// A single's [`WFocus`], written without building the [`Step::focus`]
/// (a list of houses) that most steps of a solve would otherwise build:
/// the same rule, [`crate::step::single_focus`].
struct WSingleFocus {
    cell: Cell,
    digit: Digit,
    house: Option<House>,
}

impl Wire for WSingleFocus {
    fn write(&self, o: &mut Out) {
        let (house, digits) = crate::step::single_focus(self.cell, self.digit, self.house);
        let mut st = o.object();
        st.field("cells", &WCells(CellSet::EMPTY));
        st.field("digits", &WDigits(digits));
        st.field("houses", &[WHouse(house)]);
        st.end()
    }
}

/// `{"family", "hodoku_code", "name"}`: what the trace's `"techniques"`
/// says of each technique its steps use.
pub struct WTechnique(pub Technique);

impl Wire for WTechnique {
    fn write(&self, o: &mut Out) {
        let mut st = o.object();
        st.field("family", self.0.family().name());
        st.field("hodoku_code", &self.0.hodoku_code());
        st.field("name", self.0.name());
        st.end()
    }
}

/// The evidence of a step, tagged by `"kind"` (docs/trace-format.md,
/// "Evidence"). Every variant of the model is matched by name: a new one
/// does not compile until the wire gives it a shape.
pub struct WEvidence<'a>(pub &'a Evidence);

impl Wire for WEvidence<'_> {
    fn write(&self, o: &mut Out) {
        let kind = self.0.kind();
        match self.0 {
            Evidence::Single { cell, digit, house } => {
                let mut st = o.object();
                st.field("cell", &WCell(*cell));
                st.field("digit", &WDigit(*digit));
                st.field("house", &house.map(WHouse));
                st.field("kind", kind);
                st.end()
            }
            Evidence::Intersection {
                digit,
                base,
                cover,
                cells,
            } => {
                let mut st = o.object();
                st.field("base", &WHouse(*base));
                st.field("cells", &WCells(*cells));
                st.field("cover", &WHouse(*cover));
                st.field("digit", &WDigit(*digit));
                st.field("kind", kind);
                st.end()
            }
            Evidence::Subset {
                digits,
                cells,
                houses,
                hidden,
            } => {
                let mut st = o.object();
                st.field("cells", &WCells(*cells));
                st.field("digits", &WDigits(*digits));
                st.field("hidden", hidden);
                st.field("houses", &WHouses(houses));
                st.field("kind", kind);
                st.end()
            }
            Evidence::Fish {
                digit,
                base,
                cover,
                fins,
                endo_fins,
            } => {
                let mut st = o.object();
                st.field("base", &WHouses(base));
                st.field("cover", &WHouses(cover));
                st.field("digit", &WDigit(*digit));
                st.field("endo_fins", &WCells(*endo_fins));
                st.field("fins", &WCells(*fins));
                st.field("kind", kind);
                st.end()
            }
            Evidence::Wing {
                pivot,
                pincers,
                digits,
                digit,
            } => {
                let mut st = o.object();
                st.field("digit", &WDigit(*digit));
                st.field("digits", &WDigits(*digits));
                st.field("kind", kind);
                st.field("pincers", &WCellList(pincers));
                st.field("pivot", &WCell(*pivot));
                st.end()
            }
            Evidence::Chain { chain, houses } => {
                let mut st = o.object();
                st.field("chain", &WChain(chain));
                st.field("houses", &WHouses(houses));
                st.field("kind", kind);
                st.end()
            }
            Evidence::Uniqueness {
                digits,
                rectangle,
                extra_cells,
                extra_digits,
                houses,
            } => {
                let mut st = o.object();
                st.field("digits", &WDigits(*digits));
                st.field("extra_cells", &WCells(*extra_cells));
                st.field("extra_digits", &WDigits(*extra_digits));
                st.field("houses", &WHouses(houses));
                st.field("kind", kind);
                st.field("rectangle", &WCellList(rectangle));
                st.end()
            }
            Evidence::Coloring { colors } => {
                let mut st = o.object();
                let colors = WList(colors, |c: &Vec<Candidate>| WCandidates(c));
                st.field("colors", &colors);
                st.field("kind", kind);
                st.end()
            }
            Evidence::Als { sets, rcc, z, stem } => {
                let mut st = o.object();
                st.field("kind", kind);
                st.field("rcc", &WDigits(*rcc));
                st.field("sets", &WList(sets, WAls));
                st.field("stem", &stem.map(WCell));
                st.field("z", &WDigits(*z));
                st.end()
            }
            // Sue de Coq is written in the ALS form it always had: the
            // intersection, the line part and the block part as its sets
            Evidence::SueDeCoq {
                intersection,
                line,
                block,
            } => {
                let mut st = o.object();
                st.field("kind", kind);
                st.field("rcc", &WDigits(DigitSet::EMPTY));
                st.field("sets", &[WAls(intersection), WAls(line), WAls(block)]);
                st.field("stem", &None::<WCell>);
                st.field("z", &WDigits(DigitSet::EMPTY));
                st.end()
            }
            Evidence::Forcing {
                branches,
                contradiction,
            } => {
                let mut st = o.object();
                st.field("branches", &WList(branches, WBranch));
                st.field("contradiction", &WCells(*contradiction));
                st.field("kind", kind);
                st.end()
            }
            Evidence::Guess { cell, digit } => {
                let mut st = o.object();
                st.field("cell", &WCell(*cell));
                st.field("digit", &WDigit(*digit));
                st.field("kind", kind);
                st.end()
            }
            Evidence::AlsChain { sets, links, z } => {
                let mut st = o.object();
                st.field("kind", kind);
                st.field("links", &WList(links, |d: &Digit| WDigit(*d)));
                st.field("sets", &WList(sets, WAls));
                st.field("z", &WDigits(*z));
                st.end()
            }
            Evidence::Chains { chains, houses } => {
                let mut st = o.object();
                st.field("chains", &WList(chains, WChain));
                st.field("houses", &WHouses(houses));
                st.field("kind", kind);
                st.end()
            }
            Evidence::Template {
                digit,
                templates,
                cells,
            } => {
                let mut st = o.object();
                st.field("cells", &WCells(*cells));
                st.field("digit", &WDigit(*digit));
                st.field("kind", kind);
                st.field("templates", templates);
                st.end()
            }
        }
    }
}

/// A list of model values, each written through `wire`.
pub struct WList<'a, T, W: Wire, F: Fn(&'a T) -> W>(pub &'a [T], pub F);

impl<'a, T, W: Wire, F: Fn(&'a T) -> W> Wire for WList<'a, T, W, F> {
    fn write(&self, o: &mut Out) {
        o.list(self.0.iter().map(&self.1))
    }
}

/// `{"cells", "digits"}`: an almost locked set.
pub struct WAls<'a>(pub &'a Als);

impl Wire for WAls<'_> {
    fn write(&self, o: &mut Out) {
        let mut st = o.object();
        st.field("cells", &WCells(self.0.cells));
        st.field("digits", &WDigits(self.0.digits));
        st.end()
    }
}

/// `{"is_loop", "links", "nodes"}`
pub struct WChain<'a>(pub &'a Chain);

/// A link's word on the wire.
fn link_kind(kind: LinkKind) -> &'static str {
    match kind {
        LinkKind::Strong => "strong",
        LinkKind::Weak => "weak",
    }
}

impl Wire for WChain<'_> {
    fn write(&self, o: &mut Out) {
        let mut st = o.object();
        st.field("is_loop", &self.0.is_loop);
        st.field("links", &WList(&self.0.links, |&l| link_kind(l)));
        st.field("nodes", &WList(&self.0.nodes, WNode));
        st.end()
    }
}

/// `{"als"?, "cells", "digit"}`: a chain node.
pub struct WNode<'a>(pub &'a ChainNode);

impl Wire for WNode<'_> {
    fn write(&self, o: &mut Out) {
        let n = self.0;
        let mut st = o.object();
        if let Some(als) = &n.als {
            st.field("als", &WAls(als));
        }
        st.field("cells", &WCells(n.cells));
        st.field("digit", &WDigit(n.digit));
        st.end()
    }
}

/// `{"chain", "premise", "premise_is_on", "reasons"}`: a forcing branch.
pub struct WBranch<'a>(pub &'a ForcingBranch);

impl Wire for WBranch<'_> {
    fn write(&self, o: &mut Out) {
        let b = self.0;
        let mut st = o.object();
        let chain = WList(&b.chain, |&(c, on)| (WCandidate(c), on));
        st.field("chain", &chain);
        st.field("premise", &WCandidate(b.premise));
        st.field("premise_is_on", &b.premise_is_on);
        st.field("reasons", &WList(&b.reasons, WReason));
        st.end()
    }
}

/// `{"parents", "rule", ...}`: why one implication of a branch holds; the
/// rule's own fields (`house`; `digit`, `nodes`, `house`; `technique`,
/// `evidence`) in the same alphabetical order.
pub struct WReason<'a>(pub &'a ForcingReason);

impl Wire for WReason<'_> {
    fn write(&self, o: &mut Out) {
        let r = self.0;
        let parents = WList(&r.parents, |p: &usize| *p);
        let mut st = o.object();
        match &r.rule {
            ForcingRule::Value => {
                st.field("parents", &parents);
                st.field("rule", "value");
            }
            ForcingRule::NakedSingle => {
                st.field("parents", &parents);
                st.field("rule", "naked_single");
            }
            ForcingRule::HiddenSingle { house } => {
                st.field("house", &WHouse(*house));
                st.field("parents", &parents);
                st.field("rule", "hidden_single");
            }
            ForcingRule::Technique {
                technique,
                evidence,
            } => {
                st.field("evidence", &WEvidence(evidence));
                st.field("parents", &parents);
                st.field("rule", "technique");
                st.field("technique", technique.slug());
            }
            ForcingRule::Group {
                digit,
                nodes,
                house,
            } => {
                st.field("digit", &WDigit(*digit));
                st.field("house", &WHouse(*house));
                st.field("nodes", &WList(nodes, WGroupNode));
                st.field("parents", &parents);
                st.field("rule", "group");
            }
        }
        st.end()
    }
}

/// `{"cells", "house", "on"}`: a group node of a forcing chain.
pub struct WGroupNode<'a>(pub &'a GroupNode);

impl Wire for WGroupNode<'_> {
    fn write(&self, o: &mut Out) {
        let mut st = o.object();
        st.field("cells", &WCells(self.0.cells));
        st.field("house", &WHouse(self.0.house));
        st.field("on", &self.0.on);
        st.end()
    }
}
