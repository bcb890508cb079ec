//! HoDoKu 2.2.0's own search for ALS-XZ, ALS-XY-Wing and ALS chains, for
//! the HoDoKu rating solve. Which ALS step HoDoKu takes depends on the
//! order in which it lists the sets and their restricted commons, so the
//! rating solve follows that order here (sensei's finder in
//! `strategies::als` reports one step per set of eliminations in its own
//! order, which is what a learner needs but not what HoDoKu picks).
//!
//! - The sets: house by house (rows, columns, blocks), the cell
//!   combinations of each house in depth-first order (1 to 8 cells), each
//!   set once (`sets::almost_locked_sets` in `Order::Hodoku`).
//! - A restricted common links set `i` to a later set `j` when they do not
//!   overlap and every cell of one holding the digit sees every cell of the
//!   other holding it (`sets::RestrictedCommons`, at most two digits per
//!   pair).
//! - ALS-XZ: the first link (in list order) that removes something.
//! - ALS-XY-Wing: the first pair of links (in list order) joining three
//!   sets, with different digits, whose outer sets do not overlap.
//! - ALS chain: every chain of at least four sets following links forward,
//!   each link using a digit the previous one did not; the best one: the
//!   most eliminations, then the lowest weighted sum of them (HoDoKu's sort
//!   key, `choice::weighted_sum`), then the fewest sets and cells.

use crate::bitset::DigitSet;
use crate::board::Board;
use crate::grid::Candidate;
use crate::sets::{almost_locked_sets, AlsInfo, Order, RestrictedCommons};
use crate::step::{Evidence, Step};
use crate::strategies::Context;
use crate::technique::Technique;
use std::collections::BTreeMap;

/// A restricted common between `from` and a later set `to`.
#[derive(Clone, Copy)]
struct Link {
    from: usize,
    to: usize,
    digits: DigitSet,
}

/// HoDoKu's sets and their restricted commons for one position, shared
/// by its three ALS searches through the position's cache.
struct Lists {
    sets: Vec<AlsInfo>,
    links: Vec<Link>,
    /// For each set, the indices of the links it is an end of, ascending.
    touching: Vec<Vec<usize>>,
}

fn lists(board: &Board, ctx: &Context) -> std::rc::Rc<Lists> {
    ctx.cache.rating(board, || {
        let sets = almost_locked_sets(board, Order::Hodoku);
        let links = links(&sets);
        let mut touching = vec![Vec::new(); sets.len()];
        for (k, l) in links.iter().enumerate() {
            for end in [l.from, l.to] {
                if let Some(v) = touching.get_mut(end) {
                    v.push(k);
                }
            }
        }
        Lists {
            sets,
            links,
            touching,
        }
    })
}

/// The links after link `i` (in list order) that share a set with it: the
/// indices in `a` or `b` (each ascending) above `i`, ascending, each once.
fn later_neighbours<'a>(
    a: &'a [usize],
    b: &'a [usize],
    i: usize,
) -> impl Iterator<Item = usize> + 'a {
    let (mut a, mut b) = (
        &a[a.partition_point(|&k| k <= i)..],
        &b[b.partition_point(|&k| k <= i)..],
    );
    std::iter::from_fn(move || {
        let next = match (a.first(), b.first()) {
            (Some(&x), Some(&y)) => x.min(y),
            (Some(&x), None) => x,
            (None, Some(&y)) => y,
            (None, None) => return None,
        };
        if a.first() == Some(&next) {
            a = &a[1..];
        }
        if b.first() == Some(&next) {
            b = &b[1..];
        }
        Some(next)
    })
}

/// HoDoKu's restricted commons, in list order of (from, to): sensei's
/// between sets that share no cell, at most the first two digits.
fn links(sets: &[AlsInfo]) -> Vec<Link> {
    RestrictedCommons::of_disjoint(sets)
        .pairs
        .into_iter()
        .map(|(from, to, rc)| Link {
            from,
            to,
            digits: rc.iter().take(2).collect(),
        })
        .collect()
}

/// The candidates of `z` outside `a` and `b` that see every `z` of both.
fn common_z(board: &Board, a: &AlsInfo, b: &AlsInfo, skip: DigitSet, elims: &mut Vec<Candidate>) {
    for z in ((a.digits & b.digits) - skip).iter() {
        // the cells seeing every z of both (z is in both: neither is empty)
        let targets = a.seeing(z) & b.seeing(z) & (board.positions(z) - a.cells - b.cells);
        elims.extend(targets.iter().map(|c| Candidate::new(c, z)));
    }
}

fn dedup(mut v: Vec<Candidate>) -> Vec<Candidate> {
    v.sort();
    v.dedup();
    v
}

/// HoDoKu's ALS-XZ.
pub(super) fn xz(board: &Board, ctx: &Context) -> Option<Step> {
    let lists = lists(board, ctx);
    let (sets, links) = (&lists.sets, &lists.links);
    for &link in links {
        let (Some(a), Some(b)) = (sets.get(link.from), sets.get(link.to)) else {
            continue;
        };
        let mut elims = Vec::new();
        for x in link.digits.iter() {
            common_z(board, a, b, DigitSet::single(x), &mut elims);
        }
        if link.digits.len() == 2 {
            // doubly linked: each set less the links is locked
            for s in [a, b] {
                for d in (s.digits - link.digits).iter() {
                    let t = s.seeing(d) & (board.positions(d) - a.cells - b.cells);
                    elims.extend(t.iter().map(|c| Candidate::new(c, d)));
                }
            }
        }
        let elims = dedup(elims);
        if elims.is_empty() {
            continue;
        }
        let z: DigitSet = elims.iter().map(|e| e.digit).collect::<DigitSet>() - link.digits;
        let ev = Evidence::Als {
            sets: vec![a.als(), b.als()],
            rcc: link.digits,
            z,
            stem: None,
        };
        return Some(Step::elimination(Technique::AlsXz, elims, ev));
    }
    None
}

/// HoDoKu's ALS-XY-Wing.
pub(super) fn xy_wing(board: &Board, ctx: &Context) -> Option<Step> {
    let lists = lists(board, ctx);
    let (sets, links) = (&lists.sets, &lists.links);
    let touching = |set: usize| lists.touching.get(set).map_or(&[][..], Vec::as_slice);
    for (i, l1) in links.iter().enumerate() {
        // the later links in list order; only those sharing a set with
        // `l1` can join it to a third (the others fail every test below)
        let later = later_neighbours(touching(l1.from), touching(l1.to), i);
        for l2 in later.filter_map(|j| links.get(j)) {
            if l1.digits.len() == 1 && l2.digits == l1.digits {
                continue;
            }
            // the set both links share is the pivot C
            let (c, a, b) = if l1.from == l2.from && l1.to != l2.to {
                (l1.from, l1.to, l2.to)
            } else if l1.from == l2.to && l1.to != l2.from {
                (l1.from, l1.to, l2.from)
            } else if l1.to == l2.from && l1.from != l2.to {
                (l1.to, l1.from, l2.to)
            } else if l1.to == l2.to && l1.from != l2.from {
                (l1.to, l1.from, l2.from)
            } else {
                continue;
            };
            let (Some(sa), Some(sb), Some(sc)) = (sets.get(a), sets.get(b), sets.get(c)) else {
                continue;
            };
            if !(sa.cells & sb.cells).is_empty() {
                continue;
            }
            let mut elims = Vec::new();
            common_z(board, sa, sb, l1.digits | l2.digits, &mut elims);
            let elims = dedup(elims);
            if elims.is_empty() {
                continue;
            }
            let ev = Evidence::Als {
                sets: vec![sa.als(), sb.als(), sc.als()],
                rcc: l1.digits | l2.digits,
                z: elims.iter().map(|e| e.digit).collect(),
                stem: None,
            };
            return Some(Step::elimination(Technique::AlsXyWing, elims, ev));
        }
    }
    None
}

/// The most chain extensions tried before the search stops.
const MAX_WORK: usize = 200_000;
/// The most links in a chain (HoDoKu's limit).
const MAX_LINKS: usize = 50;

struct ChainSearch<'a> {
    board: &'a Board,
    sets: &'a [AlsInfo],
    /// The links leaving each set, in list order.
    out: Vec<Vec<Link>>,
    in_chain: Vec<bool>,
    /// (set, digits used by the link into it)
    path: Vec<(usize, DigitSet)>,
    /// eliminations -> (cells in the sets, step)
    found: BTreeMap<Vec<Candidate>, (u32, usize, Step)>,
    work: usize,
}

impl ChainSearch<'_> {
    fn mark(&mut self, set: usize, on: bool) {
        if let Some(m) = self.in_chain.get_mut(set) {
            *m = on;
        }
    }
    fn extend(&mut self, at: usize, last: Option<DigitSet>) {
        if self.path.len() > MAX_LINKS || self.work > MAX_WORK {
            return;
        }
        let outs = self.out.get(at).map_or(0, Vec::len);
        for k in 0..outs {
            let Some(&link) = self.out.get(at).and_then(|v| v.get(k)) else {
                break;
            };
            if self.in_chain.get(link.to).copied().unwrap_or(true) {
                continue;
            }
            // the digits this link may use: the first link tries each of
            // its digits alone (at most two), later ones drop the previous
            // link's digits
            let mut tries = [DigitSet::EMPTY; 2];
            let count = match last {
                None => {
                    for (t, d) in tries.iter_mut().zip(link.digits.iter()) {
                        *t = DigitSet::single(d);
                    }
                    link.digits.len().min(2) as usize
                }
                Some(prev) => {
                    let left = link.digits - prev;
                    if left.is_empty() {
                        continue;
                    }
                    tries[0] = left;
                    1
                }
            };
            for &used in &tries[..count] {
                self.work += 1;
                self.mark(link.to, true);
                self.path.push((link.to, used));
                if self.path.len() >= 4 {
                    self.check();
                }
                self.extend(link.to, Some(used));
                self.path.pop();
                self.mark(link.to, false);
            }
        }
    }

    fn check(&mut self) {
        let (Some(&(first, _)), Some(&(_, first_rc)), Some(&(last, last_rc))) =
            (self.path.first(), self.path.get(1), self.path.last())
        else {
            return;
        };
        let (Some(a), Some(b)) = (self.sets.get(first), self.sets.get(last)) else {
            return;
        };
        let mut elims = Vec::new();
        common_z(self.board, a, b, first_rc | last_rc, &mut elims);
        let elims = dedup(elims);
        if elims.is_empty() {
            return;
        }
        let cells: u32 = self
            .path
            .iter()
            .filter_map(|&(s, _)| self.sets.get(s).map(|x| x.cells.len()))
            .sum();
        if self.found.get(&elims).is_some_and(|(c, _, _)| *c <= cells) {
            return;
        }
        let ev = Evidence::AlsChain {
            sets: self
                .path
                .iter()
                .filter_map(|&(s, _)| self.sets.get(s).map(AlsInfo::als))
                .collect(),
            links: self
                .path
                .iter()
                .skip(1)
                .filter_map(|&(_, d)| d.iter().next())
                .collect(),
            z: elims.iter().map(|e| e.digit).collect(),
        };
        let order = self.found.len();
        let step = Step::elimination(Technique::AlsXyChain, elims.clone(), ev);
        let order = self.found.get(&elims).map_or(order, |(_, o, _)| *o);
        self.found.insert(elims, (cells, order, step));
    }
}

/// HoDoKu's ALS chain.
pub(super) fn chain(board: &Board, ctx: &Context) -> Option<Step> {
    let lists = lists(board, ctx);
    let (sets, links) = (&lists.sets, &lists.links);
    let mut out = vec![Vec::new(); sets.len()];
    for l in links {
        if let Some(v) = out.get_mut(l.from) {
            v.push(*l);
        }
    }
    let mut search = ChainSearch {
        board,
        sets,
        out,
        in_chain: vec![false; sets.len()],
        path: Vec::new(),
        found: BTreeMap::new(),
        work: 0,
    };
    for start in 0..sets.len() {
        search.mark(start, true);
        search.path.push((start, DigitSet::EMPTY));
        search.extend(start, None);
        search.path.pop();
        search.mark(start, false);
    }
    let mut steps: Vec<(usize, Step)> = search
        .found
        .into_values()
        .map(|(_, order, step)| (order, step))
        .collect();
    steps.sort_by_key(|(order, _)| *order);
    steps.into_iter().map(|(_, s)| s).min_by_key(|s| {
        let (n, cells) = match &s.evidence {
            Evidence::AlsChain { sets, .. } => {
                (sets.len(), sets.iter().map(|a| a.cells.len()).sum::<u32>())
            }
            _ => (0, 0),
        };
        (
            std::cmp::Reverse(s.eliminations.len()),
            super::choice::weighted_sum(&s.eliminations),
            n,
            cells,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ALS-XY-Wing as first written: every later link tried against each
    /// link, in list order.
    fn xy_wing_every_pair(board: &Board, ctx: &Context) -> Option<Step> {
        let lists = lists(board, ctx);
        let (sets, links) = (&lists.sets, &lists.links);
        for (i, l1) in links.iter().enumerate() {
            for l2 in links.iter().skip(i + 1) {
                if l1.digits.len() == 1 && l2.digits == l1.digits {
                    continue;
                }
                let (c, a, b) = if l1.from == l2.from && l1.to != l2.to {
                    (l1.from, l1.to, l2.to)
                } else if l1.from == l2.to && l1.to != l2.from {
                    (l1.from, l1.to, l2.from)
                } else if l1.to == l2.from && l1.from != l2.to {
                    (l1.to, l1.from, l2.to)
                } else if l1.to == l2.to && l1.from != l2.from {
                    (l1.to, l1.from, l2.from)
                } else {
                    continue;
                };
                let (sa, sb, sc) = (&sets[a], &sets[b], &sets[c]);
                if !(sa.cells & sb.cells).is_empty() {
                    continue;
                }
                let mut elims = Vec::new();
                for z in ((sa.digits & sb.digits) - (l1.digits | l2.digits)).iter() {
                    let holders = sa.holding(z) | sb.holding(z);
                    let targets =
                        holders.common_peers() & (board.positions(z) - sa.cells - sb.cells);
                    elims.extend(targets.iter().map(|c| Candidate::new(c, z)));
                }
                let elims = dedup(elims);
                if elims.is_empty() {
                    continue;
                }
                let ev = Evidence::Als {
                    sets: vec![sa.als(), sb.als(), sc.als()],
                    rcc: l1.digits | l2.digits,
                    z: elims.iter().map(|e| e.digit).collect(),
                    stem: None,
                };
                return Some(Step::elimination(Technique::AlsXyWing, elims, ev));
            }
        }
        None
    }

    #[test]
    fn later_neighbours_merge_two_lists_above_an_index() {
        let got: Vec<usize> = later_neighbours(&[0, 2, 5, 9], &[1, 2, 7], 1).collect();
        assert_eq!(got, vec![2, 5, 7, 9]);
        assert_eq!(later_neighbours(&[3], &[], 3).count(), 0);
    }

    /// The ALS-XY-Wing search tries only the links that share a set with
    /// each link (issue 39: trying every later link was 12% of HoDoKu's
    /// solve on top1465) and takes the same step as trying them all, at
    /// every position of the HoDoKu solves of the corpus.
    #[test]
    fn xy_wing_finds_the_step_of_the_search_over_every_pair() {
        let (mut positions, mut found) = (0, 0);
        for line in include_str!("../../../tests/corpus/corpus.txt").lines() {
            let Ok(grid) = crate::parse(line.get(..81).unwrap_or("")) else {
                continue;
            };
            let trace = crate::grade::hodoku_trace(&grid);
            for (board, step) in trace.positions() {
                // (the positions where the solve looked beyond singles)
                if step.technique.finder() == crate::technique::Finder::Singles {
                    continue;
                }
                let ctx = Context::new(true);
                let want = xy_wing_every_pair(&board, &ctx);
                assert_eq!(xy_wing(&board, &ctx), want, "{line}");
                positions += 1;
                found += usize::from(want.is_some());
            }
        }
        assert!(
            positions > 100 && found > 0,
            "{positions} positions, {found} found"
        );
    }
}
