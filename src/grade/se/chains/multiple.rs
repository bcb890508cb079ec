//! SE's Nishio (7.5+), Cell/Region Forcing Chains (8.0+) and Dynamic
//! Forcing Chains (8.5+): a premise, or every candidate of a cell, or every
//! place of a digit in a house, followed to a contradiction or to a common
//! conclusion.

use super::implications::Implications;
use super::reach::nishio_is_consistent;
use super::*;

/// Nishio's rules: on the premise's digit alone (X), dynamic.
pub(super) const NISHIO_RULES: Rules = Rules {
    x: true,
    y: false,
    dynamic: true,
    nishio: true,
    unary: false,
};

/// SE's Nishio Forcing Chains (7.5+): setting (or removing) a candidate
/// leads, on its digit alone and dynamically, to a contradiction.
pub fn nishio(board: &Board) -> Option<Hint> {
    nishio_searched(board, true)
}

/// [`nishio`]; with `skips`, not following the premises whose reach rules
/// out a contradiction (the tests compare it with following them all).
fn nishio_searched(board: &Board, skips: bool) -> Option<Hint> {
    let rules = NISHIO_RULES;
    let links = Links::of(board, rules);
    let mut best = None;
    for c in board.candidate_list() {
        for on in [true, false] {
            // (a consistent reach: no contradiction, see `reach.rs`)
            if skips && nishio_is_consistent(board, pot(c, on)) {
                continue;
            }
            let p = Propagation::run_with(board, rules, Some(&links), pot(c, on), None);
            let t = Technique::ForcingNetContradiction;
            if let Some(h) = contradiction(&p, c, on, 7.5, t, &best) {
                keep_best(&mut best, h);
            }
        }
    }
    best
}

/// The premise leads to a potential both set and removed: it is false.
/// (`None` too when the hint would not replace `best`: its evidence is
/// only built for a hint that does.)
fn contradiction(
    p: &Propagation,
    premise: Candidate,
    on: bool,
    base: f32,
    t: Technique,
    best: &Option<Hint>,
) -> Option<Hint> {
    const SORT_KEY: u8 = 7;
    let a = p.absurd?;
    let n = p.ancestor_count(a) + p.ancestor_count(a ^ 1);
    let rating = rated(base, n);
    if !beats(rating, n, SORT_KEY, best) {
        return None;
    }
    let ev = Evidence::Forcing {
        branches: vec![p.branch(premise, on, a | 1), p.branch(premise, on, a & !1)],
        contradiction: cand_of(a).map_or(CellSet::EMPTY, |c| CellSet::single(c.cell)),
    };
    let step = conclusion(t, pot(premise, !on), ev)?;
    Some(Hint {
        step,
        rating,
        complexity: n,
        sort_key: SORT_KEY,
    })
}

/// A conclusion `q` reached from every premise of a group, one of which is
/// true (`runs`: one propagation per premise, in order).
fn reduction(
    board: &Board,
    group: &[(Candidate, &Propagation)],
    base: f32,
    t: Technique,
    sort_key: u8,
    best: &mut Option<Hint>,
) {
    let Some(&(_, first)) = group.first() else {
        return;
    };
    for &q in &first.order {
        if !changes(board, q) || !group.iter().all(|(_, m)| m.has(q)) {
            continue;
        }
        let n: usize = group.iter().map(|(_, m)| m.ancestor_count(q)).sum();
        let r = rated(base, n);
        if best
            .as_ref()
            .is_some_and(|b| (b.rating, b.complexity, b.sort_key) <= (r, n, sort_key))
        {
            continue;
        }
        let branches = group.iter().map(|(c, m)| m.branch(*c, true, q)).collect();
        let ev = Evidence::Forcing {
            branches,
            contradiction: CellSet::EMPTY,
        };
        if let Some(step) = conclusion(t, q, ev) {
            *best = Some(Hint {
                step,
                rating: r,
                complexity: n,
                sort_key,
            });
        }
    }
}

/// The "on" premises of one search, each with its propagation, run once
/// and, without the dynamic rule, only for a group of premises that all
/// lead to some one potential: a group that does not shares no
/// conclusion, since each propagation finds only what its premise leads to.
struct Premises<'a> {
    board: &'a Board,
    rules: Rules,
    /// Made on the first propagation (a static search may run none).
    links: std::cell::OnceCell<Links>,
    /// Per candidate, its "on" propagation once run.
    runs: Vec<Option<Propagation>>,
    /// Without the dynamic rule: what leads to what.
    implications: Option<std::rc::Rc<Implications>>,
}

impl<'a> Premises<'a> {
    /// With `skips` (and without the dynamic rule), groups leading to
    /// nothing in common are skipped.
    fn new(board: &'a Board, rules: Rules, skips: bool) -> Premises<'a> {
        Premises {
            board,
            rules,
            links: std::cell::OnceCell::new(),
            runs: (0..729).map(|_| None).collect(),
            implications: (skips && !rules.dynamic).then(|| Implications::shared(board, rules)),
        }
    }

    /// The propagation of `q` (not kept).
    fn run(&self, q: Pot) -> Propagation {
        let links = self.links.get_or_init(|| Links::of(self.board, self.rules));
        Propagation::run_with(self.board, self.rules, Some(links), q, None)
    }

    /// The propagation of `c` on, run once.
    fn on(&mut self, c: Candidate) -> Option<&Propagation> {
        let slot = self.runs.get(c.index())?;
        if slot.is_none() {
            let run = self.run(pot(c, true));
            self.runs[c.index()] = Some(run);
        }
        self.runs.get(c.index())?.as_ref()
    }

    /// The group of premises `cands` (one of which is true), each with its
    /// propagation; `None` when, without the dynamic rule, they lead to no
    /// potential in common (their propagations are then not run).
    fn group(&mut self, cands: &[Candidate]) -> Option<Vec<(Candidate, &Propagation)>> {
        if let Some(can) = &self.implications {
            if !can.lead_to_one(cands.iter().map(|&c| pot(c, true))) {
                return None;
            }
        }
        for &c in cands {
            self.on(c);
        }
        Some(
            cands
                .iter()
                .filter_map(|&c| Some((c, self.runs.get(c.index())?.as_ref()?)))
                .collect(),
        )
    }
}

/// SE's multiple forcing chains, in SE's order: for each cell (with more
/// than two candidates when static), for each of its candidates, the
/// contradiction and double forcing chains (dynamic only) and the region
/// forcing chains of the houses where the cell is the digit's first place;
/// then the cell's forcing chains.
fn multiple_forcing_chains(board: &Board, dynamic: bool, skips: bool) -> Option<Hint> {
    let rules = Rules {
        x: true,
        y: true,
        dynamic,
        nishio: false,
        unary: false,
    };
    let (base, verity, contra) = if dynamic {
        (
            8.5,
            Technique::ForcingNetVerity,
            Technique::ForcingNetContradiction,
        )
    } else {
        (
            8.0,
            Technique::ForcingChainVerity,
            Technique::ForcingChainContradiction,
        )
    };
    let mut premises = Premises::new(board, rules, skips);
    let mut best: Option<Hint> = None;
    for cell in Cell::all() {
        let ds = board.candidates(cell);
        let n = ds.len();
        if board.value(cell).is_some() || n < 2 || (!dynamic && n < 3) {
            continue;
        }
        for d in ds {
            let c = Candidate::new(cell, d);
            if dynamic {
                let off = premises.run(pot(c, false));
                let Some(on) = premises.on(c) else {
                    continue;
                };
                if let Some(h) = contradiction(on, c, true, base, contra, &best) {
                    keep_best(&mut best, h);
                }
                if let Some(h) = contradiction(&off, c, false, base, contra, &best) {
                    keep_best(&mut best, h);
                }
                if n >= 3 {
                    // double forcing chains: both states of the candidate
                    // lead to the same potential
                    if let Some(h) = double(board, c, on, &off, base, verity, &best) {
                        keep_best(&mut best, h);
                    }
                }
            }
            // region forcing chains where this cell is the digit's first place
            for house in se_houses(cell) {
                let places = board.positions_in(d, house);
                if places.len() < 2 || places.first() != Some(cell) {
                    continue;
                }
                let cands: Vec<Candidate> = places.iter().map(|x| Candidate::new(x, d)).collect();
                if let Some(group) = premises.group(&cands) {
                    reduction(board, &group, base, verity, 6, &mut best);
                }
            }
        }
        // cell forcing chains
        let cands: Vec<Candidate> = ds.iter().map(|d| Candidate::new(cell, d)).collect();
        if let Some(group) = premises.group(&cands) {
            reduction(board, &group, base, verity, 5, &mut best);
        }
    }
    best
}

/// The double forcing chain of candidate `c` (dynamic): both its states,
/// `on` and `off`, lead to the same potential; the lowest-rated, if it
/// beats `best`.
fn double(
    board: &Board,
    c: Candidate,
    on: &Propagation,
    off: &Propagation,
    base: f32,
    verity: Technique,
    best: &Option<Hint>,
) -> Option<Hint> {
    let mut found = None;
    for &q in &on.order {
        if q / 2 == c.index() || !off.has(q) || !changes(board, q) {
            continue;
        }
        let k = on.ancestor_count(q) + off.ancestor_count(q);
        let r = rated(base, k);
        let better = |b: &Option<Hint>| {
            b.as_ref()
                .is_none_or(|b| (r, k, 1) < (b.rating, b.complexity, b.sort_key))
        };
        if !better(best) || !better(&found) {
            continue;
        }
        let ev = Evidence::Forcing {
            branches: vec![on.branch(c, true, q), off.branch(c, false, q)],
            contradiction: CellSet::EMPTY,
        };
        if let Some(step) = conclusion(verity, q, ev) {
            found = Some(Hint {
                step,
                rating: r,
                complexity: k,
                sort_key: 1,
            });
        }
    }
    found
}

/// SE's (static) Cell and Region Forcing Chains (8.0+).
pub fn multiple_chains(board: &Board) -> Option<Hint> {
    multiple_forcing_chains(board, false, true)
}

/// SE's Dynamic Forcing Chains (8.5+): contradiction, double, cell and
/// region forcing chains with dynamic implications.
pub fn dynamic_chains(board: &Board) -> Option<Hint> {
    multiple_forcing_chains(board, true, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions of SE solves that reach SE's chaining rules.
    fn positions() -> Vec<Board> {
        [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        ]
        .iter()
        .flat_map(|p| chaining_positions(p))
        .collect()
    }

    /// Without the dynamic rule, a group of premises whose propagations
    /// share a potential all lead to some one potential: the groups the
    /// search skips give no hint. (Both kinds of group are among the
    /// cases.)
    #[test]
    fn a_group_skipped_shares_no_conclusion() {
        let rules = Rules {
            x: true,
            y: true,
            dynamic: false,
            nishio: false,
            unary: false,
        };
        let (mut sharing, mut skipped) = (0, 0);
        for board in positions() {
            let can = Implications::of(&board, rules);
            let mut groups: Vec<Vec<Candidate>> = Vec::new();
            for cell in Cell::all() {
                let ds = board.candidates(cell);
                groups.push(ds.iter().map(|d| Candidate::new(cell, d)).collect());
            }
            for d in Digit::all() {
                for house in House::all() {
                    let places = board.positions_in(d, house);
                    groups.push(places.iter().map(|x| Candidate::new(x, d)).collect());
                }
            }
            for group in groups.iter().filter(|g| g.len() >= 2) {
                let runs: Vec<Propagation> = group
                    .iter()
                    .map(|&c| Propagation::run(&board, rules, pot(c, true), None))
                    .collect();
                let shared = runs[0].order.iter().any(|&q| runs.iter().all(|p| p.has(q)));
                let leads = can.lead_to_one(group.iter().map(|&c| pot(c, true)));
                assert!(leads || !shared, "{group:?}");
                sharing += usize::from(shared);
                skipped += usize::from(!leads);
            }
        }
        assert!(sharing > 0 && skipped > 0, "{sharing} {skipped}");
    }

    /// The searches that skip premises or groups (Nishio, the static cell
    /// and region chains) take the very hint of the searches that follow
    /// them all, on positions of SE solves with and without random
    /// removals. (Both searches find hints on some.)
    #[test]
    fn the_skips_change_no_hint() {
        let same = |a: &Option<Hint>, b: &Option<Hint>| match (a, b) {
            (Some(a), Some(b)) => {
                a.step == b.step
                    && a.rating == b.rating
                    && (a.complexity, a.sort_key) == (b.complexity, b.sort_key)
            }
            (a, b) => a.is_none() && b.is_none(),
        };
        let mut random = crate::testing::xorshift(5);
        let (mut nishio_hints, mut cell_region_hints) = (0, 0);
        for board in positions() {
            let mut cut = board.clone();
            for c in board.candidate_list() {
                if random().is_multiple_of(12) {
                    cut.eliminate(c);
                }
            }
            for b in [board, cut] {
                let skipping = nishio_searched(&b, true);
                assert!(same(&skipping, &nishio_searched(&b, false)), "{b:?}");
                nishio_hints += usize::from(skipping.is_some());
                let skipping = multiple_forcing_chains(&b, false, true);
                assert!(
                    same(&skipping, &multiple_forcing_chains(&b, false, false)),
                    "{b:?}"
                );
                cell_region_hints += usize::from(skipping.is_some());
            }
        }
        assert!(
            nishio_hints > 0 && cell_region_hints > 0,
            "{nishio_hints} {cell_region_hints}"
        );
    }

    /// A propagation reading the position's `Links` finds the very
    /// potentials, in the same order, resting on the same parents, as one
    /// finding each implication again, under Nishio's, the static and the
    /// dynamic rules, from every premise.
    #[test]
    fn links_give_the_same_propagations() {
        let mut compared = 0;
        for board in positions().iter().take(12) {
            for (x, y, dynamic, nishio) in [
                (true, false, true, true),
                (true, true, false, false),
                (true, true, true, false),
            ] {
                let rules = Rules {
                    x,
                    y,
                    dynamic,
                    nishio,
                    unary: false,
                };
                let links = Links::of(board, rules);
                for c in board.candidate_list() {
                    for on in [true, false] {
                        let q = pot(c, on);
                        let plain = Propagation::run(board, rules, q, None);
                        let linked = Propagation::run_with(board, rules, Some(&links), q, None);
                        assert_eq!(plain.order, linked.order, "{c:?} {rules:?}");
                        assert_eq!(plain.absurd, linked.absurd);
                        for &p in &plain.order {
                            assert_eq!(plain.parents(p), linked.parents(p));
                        }
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
