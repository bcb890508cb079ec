//! SE's Forcing Chains & Cycles (6.5 to 7.x): a loop of implications that
//! holds both ways (a cycle), or a potential that implies its own opposite
//! (a forcing chain), in X-only, Y-only and mixed form.

use super::implications::Implications;
use super::*;

/// SE's "Forcing Chains & Cycles" (6.5 to 7.x): the lowest-rated cycle or
/// forcing chain in X-only, Y-only and mixed form.
///
/// A hint is never rated below its base (the length only adds), so a search
/// whose base is above the best rating found so far cannot do better and
/// is skipped: the mixed form (base 7.0) once a 6.x hint is known, the
/// forcing X-chains (6.6) once an X-cycle of 6.5 is. Nor is a search made
/// that the implications rule out (see `implications`), nor followed
/// further than a chain or loop that could still beat the best.
pub fn forcing_chains_and_cycles(board: &Board) -> Option<Hint> {
    search(board, Search::Pruned)
}

/// How much of the search is made.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Search {
    /// Only what may beat the best hint so far.
    Pruned,
    /// Every cycle and forcing chain in full (what the pruned search must
    /// equal).
    #[cfg(test)]
    Full,
}

fn search(board: &Board, how: Search) -> Option<Hint> {
    let mut best: Option<Hint> = None;
    let mut tree = Tree::default();
    let modes = [(true, false), (false, true), (true, true)];
    let beaten = |best: &Option<Hint>, base: f32| best.as_ref().is_some_and(|b| b.rating < base);
    for (x, y) in modes {
        let rules = Rules {
            x,
            y,
            dynamic: false,
            nishio: false,
            unary: true,
        };
        let (cycle_base, chain_base) = if x && y { (7.0, 7.0) } else { (6.5, 6.6) };
        if beaten(&best, cycle_base) {
            continue;
        }
        let can = (how == Search::Pruned).then(|| Implications::shared(board, rules));
        for c in board.candidate_list() {
            let bivalue = board.candidates(c.cell).len() == 2;
            if !x && !bivalue {
                continue;
            }
            if let Some(h) = match &can {
                Some(can) if !can.may_cycle(c) => None,
                Some(_) => cycle(board, rules, c, &best, &mut tree),
                None => cycle(board, rules, c, &None, &mut tree),
            } {
                keep_best(&mut best, h);
            }
            if x && !beaten(&best, chain_base) {
                for on in [true, false] {
                    let premise = pot(c, on);
                    if can
                        .as_ref()
                        .is_none_or(|can| can.leads_to(premise, premise ^ 1))
                    {
                        if let Some(h) = forcing_chain(board, rules, can.as_deref(), premise, &best)
                        {
                            keep_best(&mut best, h);
                        }
                    }
                }
            }
        }
    }
    best
}

/// A potential implying its opposite (static chain). With the position's
/// implications, its length is known first: the propagation is only run,
/// for the evidence, when the chain beats `best`.
fn forcing_chain(
    board: &Board,
    rules: Rules,
    can: Option<&Implications>,
    premise: Pot,
    best: &Option<Hint>,
) -> Option<Hint> {
    let target = premise ^ 1;
    let base = if rules.y { 7.0 } else { 6.6 };
    let n = match can {
        Some(can) => {
            // the longest chain that would beat `best` (a longer one is
            // never rated lower; without a best, any path, whose states
            // are distinct)
            let limit = match best {
                None => can.states(),
                Some(_) => (1..=POTS)
                    .take_while(|&n| beats(rated(base, n), n, 0, best))
                    .last()?,
            };
            Some(can.distance(premise, target, limit)?)
        }
        None => None,
    };
    let p = Propagation::run(board, rules, premise, Some(target));
    if !p.has(target) {
        return None;
    }
    let n = n.unwrap_or_else(|| p.ancestor_count(target));
    let ev = Evidence::Forcing {
        branches: vec![p.branch(cand_of(premise)?, is_on(premise), target)],
        contradiction: cand_of(premise).map_or(CellSet::EMPTY, |c| CellSet::single(c.cell)),
    };
    let step = conclusion(Technique::ForcingChainContradiction, target, ev)?;
    Some(Hint {
        step,
        rating: rated(base, n),
        complexity: n,
        sort_key: 0,
    })
}

/// The loops from `start` on back to itself, found level by level, that
/// remove something: the lowest-rated. As SE does, an "on" is followed
/// once, an "off" each time it is reached, but never back into the path
/// that led to it. The search ends at the level whose loops are too long
/// to beat `best` (a longer loop is never rated lower).
fn cycle(
    board: &Board,
    rules: Rules,
    start: Candidate,
    best: &Option<Hint>,
    tree: &mut Tree,
) -> Option<Hint> {
    let base = if rules.x && rules.y { 7.0 } else { 6.5 };
    let source = pot(start, true);
    let Tree {
        nodes,
        on_its_path,
        frontier,
        offs,
        ons,
    } = tree;
    nodes.clear();
    nodes.push((source, None));
    on_its_path.clear();
    on_its_path.push(1 << (source % 128));
    let mut on_seen = PotSet::default();
    on_seen.insert(source);
    let on_path = |nodes: &[(Pot, Option<usize>)], filter: &[u128], mut i: usize, q: Pot| {
        if filter.get(i).is_none_or(|f| f >> (q % 128) & 1 == 0) {
            return false;
        }
        loop {
            let Some(&(p, parent)) = nodes.get(i) else {
                return false;
            };
            if p == q {
                return true;
            }
            match parent {
                Some(j) => i = j,
                None => return false,
            }
        }
    };
    let push =
        |nodes: &mut Vec<(Pot, Option<usize>)>, filter: &mut Vec<u128>, f: Pot, parent: usize| {
            let bits = filter.get(parent).copied().unwrap_or(0) | 1 << (f % 128);
            nodes.push((f, Some(parent)));
            filter.push(bits);
            nodes.len() - 1
        };
    frontier.clear();
    frontier.push(0);
    let mut length = 0;
    let mut found: Option<Hint> = None;
    while !frontier.is_empty() && found.is_none() && nodes.len() < 20_000 {
        // the loops closed at this level have `length + 2` potentials
        if !beats(rated(base, length + 2), length + 2, 0, best) {
            break;
        }
        // on -> off
        length += 1;
        offs.clear();
        for &i in frontier.iter() {
            let Some(c) = nodes.get(i).and_then(|n| cand_of(n.0)) else {
                continue;
            };
            for f in turned_off(board, c, rules.y) {
                if !on_path(nodes, on_its_path, i, f) {
                    offs.push(push(nodes, on_its_path, f, i));
                }
            }
        }
        // off -> on
        length += 1;
        ons.clear();
        for &i in offs.iter() {
            let Some(c) = nodes.get(i).and_then(|n| cand_of(n.0)) else {
                continue;
            };
            for f in static_ons(board, rules, c).into_iter().flatten() {
                if f == source && length >= 4 {
                    if let Some(h) = cycle_hint(board, rules, nodes, i) {
                        keep_best(&mut found, h);
                    }
                }
                if !on_seen.contains(f) {
                    on_seen.insert(f);
                    ons.push(push(nodes, on_its_path, f, i));
                }
            }
        }
        std::mem::swap(frontier, ons);
    }
    found
}

/// The search tree of [`cycle`], kept from one start to the next so that
/// its vectors are allocated once per search rather than once per start
/// and level.
#[derive(Default)]
struct Tree {
    /// The nodes: (potential, parent node).
    nodes: Vec<(Pot, Option<usize>)>,
    /// Per node, a filter of the potentials on its path: bit `pot % 128`
    /// set for each (a clear bit rules a potential out without the walk).
    on_its_path: Vec<u128>,
    /// The "on" nodes of the level being extended.
    frontier: Vec<usize>,
    /// The "off" nodes reached from them.
    offs: Vec<usize>,
    /// The "on" nodes reached from those: the next frontier.
    ons: Vec<usize>,
}

/// The loop ending at node `last` (an off potential whose next is the
/// source).
fn cycle_hint(
    board: &Board,
    rules: Rules,
    nodes: &[(Pot, Option<usize>)],
    last: usize,
) -> Option<Hint> {
    let mut pots = Vec::new();
    let mut i = Some(last);
    while let Some(j) = i {
        let &(p, parent) = nodes.get(j)?;
        pots.push(p);
        i = parent;
    }
    pots.reverse(); // source on, off, on, ..., last off
    let cands: Vec<Candidate> = pots.iter().filter_map(|&p| cand_of(p)).collect();
    if cands.len() != pots.len() {
        return None;
    }
    // a candidate outside the loop's cells that sees a candidate of its
    // digit set in the loop and one removed in the loop: one of the two
    // states holds, so it is false either way
    let loop_cells: CellSet = cands.iter().map(|c| c.cell).collect();
    let mut sees_on = [CellSet::EMPTY; 9];
    let mut sees_off = [CellSet::EMPTY; 9];
    for (&q, c) in pots.iter().zip(&cands) {
        if let Some(slot) = if is_on(q) {
            sees_on.get_mut(c.digit.index())
        } else {
            sees_off.get_mut(c.digit.index())
        } {
            *slot |= c.cell.peers();
        }
    }
    let mut elims = Vec::new();
    for d in Digit::all() {
        let (Some(&on), Some(&off)) = (sees_on.get(d.index()), sees_off.get(d.index())) else {
            continue;
        };
        for x in (on & off & (board.positions(d) - loop_cells)).iter() {
            elims.push(Candidate::new(x, d));
        }
    }
    if elims.is_empty() {
        return None;
    }
    let n = pots.len();
    let base = if rules.x && rules.y { 7.0 } else { 6.5 };
    let mut links = Vec::with_capacity(n);
    for i in 0..n {
        links.push(if i % 2 == 0 {
            LinkKind::Weak
        } else {
            LinkKind::Strong
        });
    }
    let chain = Chain {
        nodes: cands
            .iter()
            .map(|c| ChainNode::single(c.cell, c.digit))
            .collect(),
        links,
        is_loop: true,
    };
    let step = Step::elimination(
        Technique::ContinuousNiceLoop,
        elims,
        Evidence::Chain {
            chain,
            houses: Vec::new(),
        },
    );
    Some(Hint {
        step,
        rating: rated(base, n),
        complexity: n,
        sort_key: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puzzles whose SE solves reach the forcing chains and cycles
    /// (top1465, then 17-clue puzzles whose SE solves take three or four
    /// cycles).
    const PUZZLES: [&str; 7] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
        ".6..5.4.3.2.1...........7..4.3...6..7..5........2.........8..5.6...4...........1.",
        "................12....34.........3....5.....1.671........27..8.34.....6.9........",
        "................12....34........53....12......36....7....1....8.9.......75....4..",
        "..............1..2....3..4......53....6.......472........68...71.....9..3..4.....",
    ];

    /// The positions of a puzzle's SE solve where SE's chaining rules are
    /// asked, at most `limit`.
    fn positions(puzzle: &str, limit: usize) -> Vec<Board> {
        let mut found = chaining_positions(puzzle);
        found.truncate(limit);
        found
    }

    /// The pruned search finds the very hint of the full one, on every
    /// position; no cycle is found that the implications rule out; and the
    /// forcing chains' lengths from the implications are the propagations'
    /// own.
    #[test]
    fn pruning_finds_the_same_hint() {
        let mut compared = 0;
        // cycle searches made: finding nothing, finding a loop
        let mut cycles = [0, 0];
        for puzzle in PUZZLES {
            for board in positions(puzzle, 12) {
                let full = search(&board, Search::Full);
                let pruned = search(&board, Search::Pruned);
                let line = |h: &Option<Hint>| {
                    h.as_ref()
                        .map(|h| (format!("{:?}", h.step), h.rating.to_bits(), h.complexity))
                };
                assert_eq!(line(&full), line(&pruned), "{}", board.grid().to_line());
                compared += 1;
                for (x, y) in [(true, false), (false, true), (true, true)] {
                    let rules = Rules {
                        x,
                        y,
                        dynamic: false,
                        nishio: false,
                        unary: true,
                    };
                    let can = Implications::of(&board, rules);
                    for c in board.candidate_list() {
                        let found = cycle(&board, rules, c, &None, &mut Tree::default()).is_some();
                        assert!(can.may_cycle(c) || !found, "{c:?}");
                        cycles[usize::from(found)] += usize::from(can.may_cycle(c));
                        for on in [true, false] {
                            let q = pot(c, on);
                            let p = Propagation::run(&board, rules, q, None);
                            let n = p.has(q ^ 1).then(|| p.ancestor_count(q ^ 1));
                            assert_eq!(can.leads_to(q, q ^ 1), n.is_some());
                            assert_eq!(can.distance(q, q ^ 1, POTS), n);
                        }
                    }
                }
            }
        }
        assert!(compared >= 10, "{compared} positions");
        assert!(cycles[1] > 0, "{cycles:?}");
    }
}
