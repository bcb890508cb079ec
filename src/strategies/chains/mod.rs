//! Chains and loops. A chain alternates **strong links** (at least one end
//! is true) and **weak links** (at most one end is true). Read from a node
//! that is false, each strong link makes the next node true and each weak
//! link makes the next one false, so an alternating chain that starts and
//! ends with a strong link proves "its first or its last node is true".
//!
//! * **Remote Pair**: bivalue cells with the same two digits, each seeing the
//!   next; cells an odd number of steps apart hold opposite digits, so a cell
//!   seeing two of them can hold neither digit.
//! * **X-Chain**: one digit, strong links are conjugate pairs; the digit goes
//!   from cells seeing both ends.
//! * **XY-Chain**: bivalue cells, strong links inside the cells, weak links
//!   between cells on one digit; ends on the same digit remove it from cells
//!   seeing both ends.
//! * **AIC**: any alternating chain; ends on one digit remove it from cells
//!   seeing both ends, ends on two digits in cells that see each other remove
//!   the other digit from each end cell.
//! * **Continuous Nice Loop**: an alternating chain whose ends are weakly
//!   linked closes into a loop; then every weak link of the loop holds exactly
//!   one true end, which removes the digit from cells seeing both ends of it
//!   (or, inside a cell, the cell's other digits). As in HoDoKu, only cells
//!   outside the loop lose a digit this way. An almost locked set in the
//!   loop then holds exactly one of its two loop digits, so it is locked on
//!   its other digits, which leave the cells seeing all of their places in it.
//! * **Discontinuous Nice Loop**: a chain returning to its start cell. Two
//!   strong links at the start: the start is true (its cell loses its other
//!   digits); a start that would make itself false, or the other digit of
//!   its cell true, is false.
//! * The **grouped** forms allow group nodes (a digit in the 2-3 cells of a
//!   block∩line) and almost locked sets, and need at least one of them. A
//!   set may also make a **forcing link** (see `src/links.rs`): losing x,
//!   it would leave a cell C outside it only w, so x is in the set or C is w.
//!   In a continuous loop one end of it is true: the set then holds every
//!   digit but x and C's others, and each of C's others is in the set or C.
//!
//! The search is a breadth-first walk of implications from every premise, so
//! the shortest chain of each kind is found first; its length is capped at
//! [`MAX_LINKS`]. Each node may be reached along a few different paths, since
//! the shortest one may enter a cell the chain needs later. A chain enters
//! no cell twice (`Lasso::Strict`); the grouped forms' last walk follows
//! the forcing links and HoDoKu's looser rule (`Lasso::FirstCell`) and adds
//! only what the stricter walks lack. For each set of eliminations the
//! shortest chain is kept, and steps are reported shortest first, the last
//! walk's after the others.
//!
//! Before walking, the graph's links read as implications tell whether any
//! chain can remove anything, and from which premises (`reach.rs`): walks
//! that cannot find anything are not made, which changes no step. The
//! grouped forms' walks share one such test, made over the last walk's
//! graph (forcing links included), which has every link of the others.

use super::{Context, Sink};
use crate::bitset::{CellSet, DigitSet};
use crate::board::Board;
use crate::grid::{Candidate, Cell};
use crate::links::{LinkGraph, NodeId};
use crate::step::{Chain, ChainNode, Evidence, LinkKind, Step};
use crate::technique::Technique;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::rc::Rc;

mod reach;
mod walk;

pub(crate) use reach::Refutations;
use reach::SetLinks;
use walk::{repeats, Lasso, Search, Walk, PATHS_PER_STATE, PATHS_PER_STATE_ALS};

/// The longest chain searched, in links.
pub const MAX_LINKS: usize = 20;

pub fn find(t: Technique, board: &Board, ctx: &Context, sink: Sink<'_>) -> ControlFlow<()> {
    find_with(t, board, ctx, Sets::Nodes, sink)
}

/// [`find`] with the grouped forms' chains kept free of almost locked sets,
/// as HoDoKu's default settings keep them: its rating solve drops every
/// chain through a set. Its walks then leave the sets out of the graph, so
/// they take no walk's place for a set of eliminations or for a state (a
/// chain through a set could stand where one without would be found).
pub(crate) fn find_without_sets(
    t: Technique,
    board: &Board,
    ctx: &Context,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    find_with(t, board, ctx, Sets::Left, sink)
}

/// Whether the grouped forms' walks use almost locked sets as nodes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Sets {
    Nodes,
    Left,
}

fn find_with(
    t: Technique,
    board: &Board,
    ctx: &Context,
    sets: Sets,
    sink: Sink<'_>,
) -> ControlFlow<()> {
    let mode = match t {
        Technique::RemotePair => {
            for s in remote_pairs(board) {
                sink(s)?;
            }
            return ControlFlow::Continue(());
        }
        Technique::XChain => Mode::X,
        Technique::XyChain => Mode::Xy,
        Technique::ContinuousNiceLoop | Technique::DiscontinuousNiceLoop | Technique::Aic => {
            Mode::Nice
        }
        Technique::GroupedContinuousNiceLoop
        | Technique::GroupedDiscontinuousNiceLoop
        | Technique::GroupedAic => Mode::Grouped,
        _ => return ControlFlow::Continue(()),
    };
    // (only the grouped forms have sets to leave out)
    let sets = if mode == Mode::Grouped {
        sets
    } else {
        Sets::Nodes
    };
    // The grouped forms' last walk (HoDoKu's looser rules) only adds steps
    // listed after the stricter walks' ones, so it waits until a search
    // wants more than those.
    let strict = strict_walks(board, ctx, mode, sets);
    let listed = strict.steps(t);
    for s in listed {
        sink(s.clone())?;
    }
    if mode != Mode::Grouped {
        return ControlFlow::Continue(());
    }
    let loose = ctx.cache.walk(board, Stage::Loose(sets), || {
        let mut founds = strict.founds.clone();
        walk_loose(board, ctx, &mut founds, sets, strict.test.as_deref());
        Walked::of(founds)
    });
    for s in &loose.steps(t)[listed.len()..] {
        sink(s.clone())?;
    }
    ControlFlow::Continue(())
}

/// What the stricter walks of `mode` find on `board`. One walk serves
/// every technique of its mode: the first asked walks, the others find its
/// steps in the position's cache.
fn strict_walks(board: &Board, ctx: &Context, mode: Mode, sets: Sets) -> Rc<Walked> {
    ctx.cache.walk(board, Stage::Strict(mode, sets), || {
        let (founds, test) = walk_strict(board, ctx, mode, sets, Filter::TestFirst);
        Walked::of(founds).with_test(test)
    })
}

/// Whether `t` is one of the grouped forms (Grouped Continuous and
/// Discontinuous Nice Loop, Grouped AIC), whose last walk follows HoDoKu's
/// looser rules.
pub fn is_grouped(t: Technique) -> bool {
    matches!(
        t,
        Technique::GroupedContinuousNiceLoop
            | Technique::GroupedDiscontinuousNiceLoop
            | Technique::GroupedAic
    )
}

/// The first step of grouped form `t` that the stricter walks find: a
/// chain that enters no cell twice and takes no forcing link out of an
/// almost locked set. `None` for a technique that is not a grouped form,
/// and where only the last walk (HoDoKu's looser rules) would find one.
/// The solver asks this of every grouped form before it asks any of them
/// for the last walk's chains (see `solver::next_step`).
pub fn first_strict(t: Technique, board: &Board, ctx: &Context) -> Option<Step> {
    if !is_grouped(t) {
        return None;
    }
    strict_walks(board, ctx, Mode::Grouped, Sets::Nodes)
        .steps(t)
        .first()
        .cloned()
}

/// How far the chain walks of a position have gone: the walks of `Mode`
/// without the grouped forms' last one, or all of them (with or without
/// almost locked sets).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stage {
    Strict(Mode, Sets),
    Loose(Sets),
}

/// What the walks of one stage found: the best chain per set of
/// eliminations (for a later walk to add to), and the steps they make;
/// for the grouped forms' strict walks, the test of the graph (see
/// [`grouped_test`]), which the last walk uses too.
pub(crate) struct Walked {
    founds: Vec<Found>,
    steps: Vec<(Technique, Vec<Step>)>,
    test: Option<Rc<Refutations>>,
}

impl Walked {
    fn of(founds: Vec<Found>) -> Walked {
        let steps = founds
            .iter()
            .map(|f| (f.technique, f.clone().into_steps()))
            .collect();
        Walked {
            founds,
            steps,
            test: None,
        }
    }
    fn with_test(self, test: Option<Rc<Refutations>>) -> Walked {
        Walked { test, ..self }
    }
    /// The steps of technique `t`, in the order they are reported.
    fn steps(&self, t: Technique) -> &[Step] {
        self.steps
            .iter()
            .find(|(x, _)| *x == t)
            .map_or(&[], |(_, v)| &v[..])
    }
}

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// One digit; strong links are conjugate pairs.
    X,
    /// Strong links inside bivalue cells, weak links between cells on one digit.
    Xy,
    /// Any link between single candidates.
    Nice,
    /// Any link, group nodes included.
    Grouped,
}

/// Which walk found a chain (see [`walk_all`]), in order of preference.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Pass {
    /// Single candidates (and group nodes in the grouped forms).
    Plain,
    /// Almost locked sets too.
    Sets,
    /// The sets' forcing links and HoDoKu's looser lasso rule too.
    Hodoku,
    /// A chain of that walk that takes back a node it already used.
    Repeating,
}

impl Pass {
    /// Where the steps of this walk are listed: the stricter walks' first.
    fn listed(self) -> u8 {
        match self {
            Pass::Plain | Pass::Sets => 0,
            Pass::Hodoku => 1,
            Pass::Repeating => 2,
        }
    }
}

/// The shortest chain found for each set of eliminations; in the grouped
/// forms a chain without ALS nodes is preferred to any chain with them.
#[derive(Clone)]
struct Found {
    technique: Technique,
    /// Per set of eliminations: (the walk that found it, links, chain).
    best: BTreeMap<Vec<Candidate>, ((Pass, usize), Chain)>,
}

impl Found {
    fn new(technique: Technique) -> Found {
        Found {
            technique,
            best: BTreeMap::new(),
        }
    }
    fn offer(&mut self, pass: Pass, elims: Vec<Candidate>, chain: Chain) {
        if elims.is_empty() {
            return;
        }
        // a chain that repeats a node ranks below the last walk's others
        let pass = if pass == Pass::Hodoku && repeats(&chain.nodes) {
            Pass::Repeating
        } else {
            pass
        };
        let rank = (pass, chain.links.len());
        match self.best.get(&elims) {
            Some((r, _)) if *r <= rank => {}
            _ => {
                self.best.insert(elims, (rank, chain));
            }
        }
    }
    /// Whether a chain of `len` links with these eliminations would be kept.
    fn wants(&self, pass: Pass, elims: &[Candidate], len: usize) -> bool {
        !elims.is_empty() && self.best.get(elims).is_none_or(|(r, _)| *r > (pass, len))
    }
    /// The steps, shortest first; those only the last walk found (through
    /// forcing links or HoDoKu's looser lasso rule) after all others, and
    /// among them those that repeat a node last.
    fn into_steps(self) -> Vec<Step> {
        let mut v: Vec<((u8, usize), Vec<Candidate>, Chain)> = self
            .best
            .into_iter()
            .map(|(e, ((pass, l), c))| ((pass.listed(), l), e, c))
            .collect();
        v.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        v.into_iter()
            .map(|(_, elims, chain)| {
                Step::elimination(
                    self.technique,
                    elims,
                    Evidence::Chain {
                        chain,
                        houses: Vec::new(),
                    },
                )
            })
            .collect()
    }
}

/// Whether the walks of a graph first test that they can find anything
/// (see `reach.rs`); only a test walks without it, to check the test.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Filter {
    TestFirst,
    #[cfg(test)]
    WalkAnyway,
}

impl Filter {
    /// The refutations of `g` (see [`Refutations::of`]), if tested.
    fn refutations(
        self,
        g: &crate::links::LinkGraph,
        forcing: Option<&dyn Fn(NodeId, NodeId) -> bool>,
    ) -> Option<Refutations> {
        (self == Filter::TestFirst).then(|| Refutations::of(g, forcing))
    }
}

/// The techniques one walk of a mode serves.
fn techniques_of(mode: Mode) -> &'static [Technique] {
    match mode {
        Mode::X => &[Technique::XChain],
        Mode::Xy => &[Technique::XyChain],
        Mode::Nice => &[
            Technique::ContinuousNiceLoop,
            Technique::DiscontinuousNiceLoop,
            Technique::Aic,
        ],
        Mode::Grouped => &[
            Technique::GroupedContinuousNiceLoop,
            Technique::GroupedDiscontinuousNiceLoop,
            Technique::GroupedAic,
        ],
    }
}

/// Walk from every premise and collect the chains of every technique of
/// `mode`. The grouped forms walk three times: the graph with group nodes;
/// the one with ALS nodes too (so that the many ALS links do not crowd out
/// the paths through plain groups); and (see [`walk_loose`]) that one
/// again. A later walk only adds what the earlier ones lack. No walk is
/// made where no candidate's "set" leads to its "removed" (`reach.rs`).
/// With the sets left out ([`Sets::Left`]), the walk with ALS nodes is not
/// made, and the last walk goes over the graph with group nodes only.
/// Returns, for the grouped forms, the test of their graphs too.
fn walk_strict(
    board: &Board,
    ctx: &Context,
    mode: Mode,
    sets: Sets,
    filter: Filter,
) -> (Vec<Found>, Option<Rc<Refutations>>) {
    let mut founds: Vec<Found> = techniques_of(mode)
        .iter()
        .map(|&technique| Found::new(technique))
        .collect();
    let search = |g, pass, paths| Search {
        board,
        g,
        mode,
        pass,
        paths,
        lasso: Lasso::Strict,
    };
    if mode == Mode::Grouped {
        let g = ctx.cache.grouped_links(board);
        let with_sets = (sets == Sets::Nodes).then(|| ctx.cache.set_links(board));
        let worth = grouped_test(board, ctx, sets, filter);
        if worth.as_deref().is_some_and(Refutations::none) {
            return (founds, worth);
        }
        let plain = search(&g, Pass::Plain, PATHS_PER_STATE);
        walk_premises(&plain, worth.as_deref(), &mut founds);
        if let Some(set_graph) = &with_sets {
            let with_sets = search(set_graph, Pass::Sets, PATHS_PER_STATE_ALS);
            walk_premises(&with_sets, worth.as_deref(), &mut founds);
        }
        (founds, worth)
    } else {
        let g = ctx.cache.links(board);
        // (only the nice loops' walk is worth the test: the others are short)
        let worth = match mode {
            Mode::Nice => filter.refutations(&g, None),
            _ => None,
        };
        if worth.as_ref().is_some_and(Refutations::none) {
            return (founds, None);
        }
        walk_premises(
            &search(&g, Pass::Plain, PATHS_PER_STATE),
            worth.as_ref(),
            &mut founds,
        );
        (founds, None)
    }
}

/// The graph of the grouped forms' last walk: the one with ALS nodes, or
/// the one with groups only when the sets are left out.
fn loose_graph(board: &Board, ctx: &Context, sets: Sets) -> Rc<LinkGraph> {
    match sets {
        Sets::Nodes => ctx.cache.set_links(board),
        Sets::Left => ctx.cache.grouped_links(board),
    }
}

/// The last walk's search: one path per state, the sets' forcing links
/// and HoDoKu's looser lasso rule.
fn loose_search<'a>(board: &'a Board, g: &'a LinkGraph) -> Search<'a> {
    Search {
        board,
        g,
        mode: Mode::Grouped,
        pass: Pass::Hodoku,
        paths: PATHS_PER_STATE_ALS,
        lasso: Lasso::FirstCell,
    }
}

/// The test of the grouped forms' walks (see `reach.rs`): over the last
/// walk's graph, its forcing links included. It serves the strict walks
/// too: their graphs have no link it lacks (the one with groups only is a
/// part of the one with sets), so what it says leads nowhere leads nowhere
/// in theirs, and what it says no walk finds, none finds. It prunes their
/// walks less than a test without the forcing links would, which changes
/// none of their steps (a path it keeps and that one would not ends
/// nothing reported, and the states it reaches lead to nothing reported),
/// and the test is made once.
///
/// With the sets as nodes, the test also reads the sets' restricted
/// commons as links (see `reach.rs`), so that it tells the ALS techniques
/// too whether they can find anything ([`nothing_refuted`]); it is kept
/// in the position's cache for them.
fn grouped_test(
    board: &Board,
    ctx: &Context,
    sets: Sets,
    filter: Filter,
) -> Option<Rc<Refutations>> {
    if filter != Filter::TestFirst {
        return None;
    }
    Some(match sets {
        Sets::Nodes => set_test(board, ctx),
        Sets::Left => Rc::new(test_of(board, ctx, Sets::Left)),
    })
}

/// The test with the sets as nodes, kept in the position's cache.
fn set_test(board: &Board, ctx: &Context) -> Rc<Refutations> {
    ctx.cache
        .refutations(board, || test_of(board, ctx, Sets::Nodes))
}

/// The test of the grouped forms' last walk's graph, with the restricted
/// commons as links when the sets are nodes.
fn test_of(board: &Board, ctx: &Context, sets: Sets) -> Refutations {
    let g = loose_graph(board, ctx, sets);
    let s = loose_search(board, &g);
    // a forcing link in a loop removes what its set and cell then hold
    let removes_in_loop = |x: NodeId, y: NodeId| {
        let forced = g.node(y);
        forced.cells.single_cell().is_some_and(|c| {
            !s.forcing_link_eliminations(g.node(x), c, forced.digit)
                .is_empty()
        })
    };
    let links = match sets {
        Sets::Nodes => SetLinks::restricted_commons(&g),
        Sets::Left => SetLinks::default(),
    };
    Refutations::with_set_links(&g, Some(&removes_in_loop), &links)
}

/// Whether no ALS-XZ, ALS-XY-Wing or ALS chain of `board` removes anything:
/// the grouped forms' test (made on first use, and kept for the position)
/// finds no candidate refuted. See `reach.rs`.
pub(crate) fn nothing_refuted(board: &Board, ctx: &Context) -> bool {
    set_test(board, ctx).none()
}

/// The grouped forms' last walk: the graph with ALS nodes, one path per
/// state, now with HoDoKu's forcing links out of the sets and its looser
/// lasso rule, for the long chains HoDoKu finds that way. Its chains are
/// listed after every chain of the stricter walks. `worth` is
/// [`grouped_test`]'s (`None`: every premise walked, nothing pruned).
fn walk_loose(
    board: &Board,
    ctx: &Context,
    founds: &mut [Found],
    sets: Sets,
    worth: Option<&Refutations>,
) {
    if worth.is_some_and(Refutations::none) {
        return;
    }
    let g = loose_graph(board, ctx, sets);
    walk_premises(&loose_search(board, &g), worth, founds);
}

/// Walk from every premise of one graph and offer what the walks find;
/// with `worth`, only from the premises whose walks can find something.
fn walk_premises(s: &Search<'_>, worth: Option<&Refutations>, founds: &mut [Found]) {
    let mode = s.mode;
    let is_dnl = |t: Technique| {
        matches!(
            t,
            Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop
        )
    };
    let grouped_only = mode == Mode::Grouped;
    let mut w = Walk::new(s.g.len());
    // ALS nodes are never the ends of a chain
    for a in 0..s.g.als_start() {
        if mode == Mode::Xy && s.g.bivalue_partner(a).is_none() {
            continue;
        }
        // premise: `a` is false
        if worth.is_none_or(|r| r.worth_walking(a, false)) {
            let targets = worth.and_then(|r| r.targets(s.g, a, false));
            s.walk(&mut w, a, false, worth.zip(targets.as_deref()));
            for found in founds.iter_mut() {
                let t = found.technique;
                for (r, rec) in w.recs.iter().enumerate() {
                    let st = rec.state as usize;
                    if st.is_multiple_of(2) {
                        continue;
                    }
                    let b = st / 2;
                    if s.g.is_als(b) {
                        continue;
                    }
                    if b != a {
                        offer_chain(s, found, t, a, b, &w, r);
                        continue;
                    }
                    // a false => a true: a is true (discontinuous loop, two strong links)
                    if !is_dnl(t) {
                        continue;
                    }
                    let Some(ca) = s.g.candidate(a) else { continue };
                    let elims = s.others_in_cell(ca.cell, DigitSet::single(ca.digit));
                    if !found.wants(s.pass, &elims, rec.dist as usize) {
                        continue;
                    }
                    let path = w.path(r);
                    let body = &path[..path.len() - 1];
                    if body.len() < 3 || !s.is_simple(body, true) {
                        continue;
                    }
                    if grouped_only && !s.has_group(body) {
                        continue;
                    }
                    let chain = s.chain(body, LinkKind::Strong, Some(LinkKind::Strong));
                    found.offer(s.pass, elims, chain);
                }
            }
        }
        // premise: `a` is true (discontinuous loops with a weak link back)
        let Some(found) = founds.iter_mut().find(|f| is_dnl(f.technique)) else {
            continue;
        };
        let Some(ca) = s.g.candidate(a) else { continue };
        if !worth.is_none_or(|r| r.worth_walking(a, true)) {
            continue;
        }
        let targets = worth.and_then(|r| r.targets(s.g, a, true));
        s.walk(&mut w, a, true, worth.zip(targets.as_deref()));
        for (r, rec) in w.recs.iter().enumerate() {
            let st = rec.state as usize;
            let end = st / 2;
            if st.is_multiple_of(2) || end == a || !s.g.is_weak(end, a) {
                continue;
            }
            if !found.wants(s.pass, &[ca], rec.dist as usize + 1) {
                continue;
            }
            let path = w.path(r);
            if path.len() < 3 || !s.is_simple(&path, true) {
                continue;
            }
            if grouped_only && !s.has_group(&path) {
                continue;
            }
            let chain = s.chain(&path, LinkKind::Weak, Some(LinkKind::Weak));
            found.offer(s.pass, vec![ca], chain);
        }
    }
}

/// A chain from `a` (false) to `b` (true, the end of walk path `r`): "a or b".
fn offer_chain(
    s: &Search<'_>,
    found: &mut Found,
    t: Technique,
    a: NodeId,
    b: NodeId,
    w: &Walk,
    r: usize,
) {
    let (na, nb) = (s.g.node(a), s.g.node(b));
    let links = w.recs[r].dist as usize;
    let same_cell = na.cells == nb.cells && na.cells.len() == 1;
    // the path, if it is simple and (grouped forms) holds a group node
    let path = |closed: bool| {
        let path = w.path(r);
        let ok = s.is_simple(&path, closed) && (s.mode != Mode::Grouped || s.has_group(&path));
        ok.then_some(path)
    };
    match t {
        Technique::XChain | Technique::XyChain | Technique::Aic | Technique::GroupedAic => {
            if links < 3 || same_cell {
                return;
            }
            let elims = if na.digit == nb.digit {
                s.seeing_all(na.digit, na.cells | nb.cells)
            } else if matches!(t, Technique::Aic | Technique::GroupedAic) {
                let (Some(ca), Some(cb)) = (s.g.candidate(a), s.g.candidate(b)) else {
                    return;
                };
                if !ca.cell.sees(cb.cell) {
                    return;
                }
                let mut elims = Vec::new();
                if s.board.has_candidate(ca.cell, cb.digit) {
                    elims.push(Candidate::new(ca.cell, cb.digit));
                }
                if s.board.has_candidate(cb.cell, ca.digit) {
                    elims.push(Candidate::new(cb.cell, ca.digit));
                }
                crate::step::candidates(elims)
            } else {
                return;
            };
            if !found.wants(s.pass, &elims, links) {
                return;
            }
            if let Some(p) = path(false) {
                found.offer(s.pass, elims, s.chain(&p, LinkKind::Strong, None));
            }
        }
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => {
            if links < 3 || !s.g.is_weak(a, b) {
                return;
            }
            if let Some(p) = path(true) {
                let elims = s.loop_eliminations(&p);
                found.offer(
                    s.pass,
                    elims,
                    s.chain(&p, LinkKind::Strong, Some(LinkKind::Weak)),
                );
            }
        }
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            // two strong links into one cell with two digits: the cell is one of them
            if !same_cell || links < 2 {
                return;
            }
            let Some(cell) = na.cells.single_cell() else {
                return;
            };
            let keep = DigitSet::single(na.digit) | DigitSet::single(nb.digit);
            let elims = s.others_in_cell(cell, keep);
            if !found.wants(s.pass, &elims, links + 1) {
                return;
            }
            if let Some(p) = path(true) {
                found.offer(
                    s.pass,
                    elims,
                    s.chain(&p, LinkKind::Strong, Some(LinkKind::Weak)),
                );
            }
        }
        _ => {}
    }
}

/// Remote pairs: chains of bivalue cells holding the same two digits.
fn remote_pairs(board: &Board) -> Vec<Step> {
    let mut found = Found::new(Technique::RemotePair);
    let bivalue = board.bivalue_cells();
    for start in bivalue {
        let pair = board.candidates(start);
        let cells: CellSet = bivalue
            .iter()
            .filter(|&c| board.candidates(c) == pair)
            .collect();
        // breadth-first over the cells of this pair
        let mut parent: [Option<Cell>; 81] = [None; 81];
        let mut order = vec![start];
        let mut seen = CellSet::single(start);
        let mut head = 0;
        while head < order.len() {
            let x = order[head];
            head += 1;
            for y in x.peers() & cells {
                if !seen.contains(y) {
                    seen.insert(y);
                    parent[y.index()] = Some(x);
                    order.push(y);
                }
            }
        }
        let parent_of = |c: Cell| parent.get(c.index()).copied().flatten();
        for &end in &order {
            // the path's length first: most are too short for a chain
            let (mut length, mut c) = (1, end);
            while let Some(p) = parent_of(c) {
                length += 1;
                c = p;
            }
            if !(4..=MAX_LINKS / 2 + 1).contains(&length) {
                continue;
            }
            let mut path = Vec::with_capacity(length);
            path.push(end);
            let mut c = end;
            while let Some(p) = parent_of(c) {
                path.push(p);
                c = p;
            }
            path.reverse();
            let even: CellSet = path.iter().step_by(2).copied().collect();
            let odd: CellSet = path.iter().skip(1).step_by(2).copied().collect();
            let mut elims = Vec::new();
            for cell in board.empty_cells() - even - odd {
                let sees = |set: CellSet| cell.peers().intersects(set);
                if sees(even) && sees(odd) {
                    for d in board.candidates(cell) & pair {
                        elims.push(Candidate::new(cell, d));
                    }
                }
            }
            let mut digits = pair.iter();
            let (Some(x), Some(y)) = (digits.next(), digits.next()) else {
                continue;
            };
            // (x=y)c1-(y=x)c2-(x=y)c3...
            let mut nodes = Vec::new();
            let mut links = Vec::new();
            for (i, &c) in path.iter().enumerate() {
                let (p, q) = if i % 2 == 0 { (x, y) } else { (y, x) };
                if i > 0 {
                    links.push(LinkKind::Weak);
                }
                nodes.push(ChainNode::single(c, p));
                links.push(LinkKind::Strong);
                nodes.push(ChainNode::single(c, q));
            }
            let chain = Chain {
                nodes,
                links,
                is_loop: false,
            };
            found.offer(Pass::Plain, crate::step::candidates(elims), chain);
        }
    }
    found.into_steps()
}

#[cfg(test)]
mod tests;
