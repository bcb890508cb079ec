//! Which potentials lead to their opposite by SE's static X and Y
//! implications on a position, and which lie on a loop of them: what the
//! static forcing chains and cycles inside a nested chain ask first, to
//! search only from premises that can give a hint.
//!
//! A potential leads to its opposite when the component of its state (in
//! the implications' strongly connected components) leads to that of the
//! opposite; it lies on a loop when its component has more than one state.
//! Tarjan's algorithm completes every component after those it leads to,
//! so what a component leads to is gathered, as a bit set of components,
//! from those already done. Nested chains ask this of thousands of
//! positions per step, so the graph and the search keep their buffers
//! (per thread) from one position to the next.
//!
//! A potential that leads nowhere (most "off" ones: a candidate removed
//! that is neither one of two in its cell nor one of two places in a
//! house) is on no loop and leads to nothing, so it gets no state: the
//! graph and the bit sets are of the others only. Such an "off" is reached
//! only straight from the "on"s of the candidates that see it, and is
//! asked about through them; an "on" that leads nowhere is reached from
//! nothing.

use super::*;

/// No state: a potential that leads nowhere, or is not in the position
/// (and the component of none).
const NONE: u16 = u16::MAX;

/// The implication graph of a position and the buffers of its search.
#[derive(Default)]
struct Scratch {
    /// Per potential, its state, or [`NONE`].
    state_of: Vec<u16>,
    /// Per state, its potential.
    states: Vec<u16>,
    /// Per state, where its successors start in `edges` (one more entry
    /// at the end).
    start: Vec<u32>,
    edges: Vec<u16>,
    /// Tarjan's numbers: the order reached, the lowest reachable on the
    /// stack, the component (when completed).
    index: Vec<u16>,
    low: Vec<u16>,
    component: Vec<u16>,
    stack: Vec<u16>,
    /// The search's path: per state, the next of its edges to follow.
    calls: Vec<(u16, u32)>,
    /// Per component, the components it leads to (itself included), in
    /// rows of `words` words.
    leads: Vec<u64>,
    /// Per component, whether it has more than one state.
    big: Vec<bool>,
    /// Per component, whether it leads to no other (its row is itself).
    leaf: Vec<bool>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// What the static X and Y implications of a position allow.
pub(super) struct Refuting {
    /// The potentials that lead to their opposite.
    pub refuted: PotSet,
    /// The potentials that lie on a loop.
    pub cyclic: PotSet,
    /// Per potential of the position, its strongly connected component,
    /// or [`NONE`] for a potential that leads nowhere (entries of
    /// potentials not in the position mean nothing): a loop through a
    /// potential stays inside its component.
    pub component: [u16; POTS],
}

/// The potentials of `cur` that lead to their opposite, those that lie on
/// a loop, and the components, by SE's static X and Y implications.
pub(super) fn self_refuting(cur: &Pos) -> Refuting {
    SCRATCH
        .try_with(|s| match s.try_borrow_mut() {
            Ok(mut s) => s.run(cur),
            Err(_) => Scratch::default().run(cur),
        })
        .unwrap_or_else(|_| Scratch::default().run(cur))
}

impl Scratch {
    /// The implications of `cur` between potentials that lead somewhere:
    /// an "on" turns off its cell's other candidates and the digit's other
    /// places in its houses; an "off" turns on the other candidate of a
    /// two-candidate cell and the other place of a digit with two places
    /// in a house.
    fn build(&mut self, cur: &Pos) {
        self.state_of.clear();
        self.state_of.resize(POTS, NONE);
        self.states.clear();
        for (cell, &m) in cur.c.iter().enumerate() {
            for d in bits(m) {
                let others = m & !(1 << d);
                // an "on" leads somewhere when its candidate sees another;
                // an "off" when it is one of two in its cell or in a house
                let mut sees = others != 0;
                let mut strong = others.count_ones() == 1;
                for &(h, k) in &CELL_HOUSES[cell] {
                    let places = cur.p[d][h as usize];
                    sees |= places & !(1 << k) != 0;
                    strong |= places.count_ones() == 2;
                }
                for (on, leads) in [(false, strong), (true, sees)] {
                    if leads {
                        let q = pt(cell, d, on);
                        self.state_of[q] = self.states.len() as u16;
                        self.states.push(q as u16);
                    }
                }
            }
        }
        self.start.clear();
        self.edges.clear();
        let Scratch {
            state_of,
            states,
            start,
            edges,
            ..
        } = self;
        let push = |edges: &mut Vec<u16>, q: Pot| {
            let s = state_of[q];
            if s != NONE {
                edges.push(s);
            }
        };
        for &q in states.iter() {
            start.push(edges.len() as u32);
            let q = q as usize;
            let (cell, d) = cell_digit(q);
            if q & 1 == 1 {
                for e in bits(cur.c[cell] & !(1 << d)) {
                    push(edges, pt(cell, e, false));
                }
                for &(h, k) in &CELL_HOUSES[cell] {
                    for x in cells_in(h as usize, cur.p[d][h as usize] & !(1 << k)) {
                        push(edges, pt(x, d, false));
                    }
                }
            } else {
                let others = cur.c[cell] & !(1 << d);
                if others.count_ones() == 1 {
                    push(edges, pt(cell, others.trailing_zeros() as usize, true));
                }
                for &(h, k) in &CELL_HOUSES[cell] {
                    let m = cur.p[d][h as usize];
                    if m.count_ones() == 2 {
                        let other = (m & !(1 << k)).trailing_zeros() as usize;
                        push(edges, pt(HOUSE_CELLS[h as usize][other] as usize, d, true));
                    }
                }
            }
        }
        start.push(edges.len() as u32);
    }

    fn run(&mut self, cur: &Pos) -> Refuting {
        self.build(cur);
        let Scratch {
            state_of,
            states,
            start,
            edges,
            index,
            low,
            component,
            stack,
            calls,
            leads,
            big,
            leaf,
        } = self;
        let n = states.len();
        let words = n.div_ceil(64).max(1);
        index.clear();
        index.resize(n, NONE);
        low.clear();
        low.resize(n, 0);
        component.clear();
        component.resize(n, NONE);
        stack.clear();
        calls.clear();
        leads.clear();
        big.clear();
        leaf.clear();
        let mut done = 0u16;
        let mut counter = 0u16;
        for root in 0..n {
            if index[root] != NONE {
                continue;
            }
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root as u16);
            calls.push((root as u16, start[root]));
            while let Some(top) = calls.last_mut() {
                let s = top.0 as usize;
                let e = top.1 as usize;
                if e < start[s + 1] as usize {
                    top.1 += 1;
                    let t = edges[e] as usize;
                    if index[t] == NONE {
                        index[t] = counter;
                        low[t] = counter;
                        counter += 1;
                        stack.push(t as u16);
                        calls.push((t as u16, start[t]));
                    } else if component[t] == NONE {
                        low[s] = low[s].min(index[t]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    let p = parent as usize;
                    low[p] = low[p].min(low[s]);
                }
                if low[s] != index[s] {
                    continue;
                }
                // `s` completes a component: its states are on the stack
                let from = stack.iter().rposition(|&t| t as usize == s).unwrap_or(0);
                let c = done as usize;
                for &t in &stack[from..] {
                    component[t as usize] = done;
                }
                let base = leads.len();
                leads.resize(base + words, 0);
                big.push(stack.len() - from > 1);
                leads[base + c / 64] |= 1 << (c % 64);
                let mut alone = true;
                for &m in &stack[from..] {
                    let m = m as usize;
                    for &t in &edges[start[m] as usize..start[m + 1] as usize] {
                        // every successor's component is complete
                        let o = component[t as usize] as usize;
                        if o == c {
                            continue;
                        }
                        alone = false;
                        // what leads to `o` already leads to all `o` leads
                        // to; and `o`, done earlier, leads only to lower
                        // numbers (a component that leads to no other adds
                        // itself only)
                        if leads[base + o / 64] >> (o % 64) & 1 == 0 {
                            if leaf[o] {
                                leads[base + o / 64] |= 1 << (o % 64);
                                continue;
                            }
                            let ob = o * words;
                            for j in 0..=o / 64 {
                                let w = leads[ob + j];
                                leads[base + j] |= w;
                            }
                        }
                    }
                }
                leaf.push(alone);
                done += 1;
                stack.truncate(from);
            }
        }
        let mut out = PotSet::default();
        let mut cyclic = PotSet::default();
        let mut comp = [NONE; POTS];
        for (s, &q) in states.iter().enumerate() {
            let q = q as usize;
            let a = component[s] as usize;
            if let Some(slot) = comp.get_mut(q) {
                *slot = a as u16;
            }
            if big[a] {
                cyclic.insert(q);
            }
            let row = &leads[a * words..(a + 1) * words];
            let reaches = |t: Pot| {
                let st = state_of[t];
                st != NONE && {
                    let b = component[st as usize] as usize;
                    row[b / 64] >> (b % 64) & 1 == 1
                }
            };
            let refuted = if state_of[q ^ 1] != NONE {
                reaches(q ^ 1)
            } else if q & 1 == 1 && (big[a] || !leaf[a]) {
                // the opposite, an "off" that leads nowhere, is reached
                // straight from the "on"s of the candidates that see it
                // (which a component of one state leading nowhere is not)
                let (cell, d) = cell_digit(q);
                bits(cur.c[cell] & !(1 << d)).any(|e| reaches(pt(cell, e, true)))
                    || CELL_HOUSES[cell].iter().any(|&(h, k)| {
                        let h = h as usize;
                        cells_in(h, cur.p[d][h] & !(1 << k)).any(|x| reaches(pt(x, d, true)))
                    })
            } else {
                // (an "on" that leads nowhere is reached from nothing)
                false
            };
            if refuted {
                out.insert(q);
            }
        }
        Refuting {
            refuted: out,
            cyclic,
            component: comp,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// What potential `q` of `cur` implies directly (SE's static X and Y
    /// implications, written out again).
    fn implied(cur: &Pos, q: Pot) -> Vec<Pot> {
        let (cell, d) = cell_digit(q);
        let mut out = Vec::new();
        if q & 1 == 1 {
            for (x, houses) in CELL_HOUSES.iter().enumerate() {
                for e in bits(cur.c[x]) {
                    let same_house = houses
                        .iter()
                        .zip(&CELL_HOUSES[cell])
                        .any(|(a, b)| a.0 == b.0);
                    if (x == cell && e != d) || (x != cell && e == d && same_house) {
                        out.push(pt(x, e, false));
                    }
                }
            }
        } else {
            let others: Vec<usize> = bits(cur.c[cell] & !(1 << d)).collect();
            if others.len() == 1 {
                out.push(pt(cell, others[0], true));
            }
            for &(h, _) in &CELL_HOUSES[cell] {
                let places: Vec<usize> = cells_in(h as usize, cur.p[d][h as usize]).collect();
                if places.len() == 2 {
                    let x = if places[0] == cell {
                        places[1]
                    } else {
                        places[0]
                    };
                    out.push(pt(x, d, true));
                }
            }
        }
        out
    }

    /// The potentials `q` leads to (in one step or more), by a plain
    /// search over the whole graph.
    fn reach(cur: &Pos, q: Pot) -> Vec<bool> {
        let mut seen = vec![false; POTS];
        let mut todo = vec![q];
        while let Some(x) = todo.pop() {
            for t in implied(cur, x) {
                if !std::mem::replace(&mut seen[t], true) {
                    todo.push(t);
                }
            }
        }
        seen
    }

    /// Positions a chain could reach from two hard puzzles (ER 11): each
    /// with one to four more candidates removed than the one before.
    fn positions() -> Vec<Pos> {
        let mut out = Vec::new();
        let mut seed = 37u32;
        for puzzle in [
            "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        ] {
            let grid: Grid = puzzle.parse().expect("puzzle");
            let board = crate::board::Board::from_grid(&grid).expect("board");
            let (_, mut cur) = env_of(&board);
            out.push(cur.clone());
            for i in 0..12 {
                let mut removed = 0;
                while removed <= i % 4 {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    let cell = (seed >> 8) as usize % 81;
                    if cur.c[cell].count_ones() > 1 {
                        let d = bits(cur.c[cell])
                            .nth((seed >> 20) as usize % 2)
                            .unwrap_or(1);
                        cur.remove(cell, d);
                        removed += 1;
                    }
                }
                out.push(cur.clone());
            }
        }
        out
    }

    #[test]
    fn self_refuting_agrees_with_a_plain_search() {
        let (mut n_refuted, mut n_cyclic, mut n_pots) = (0, 0, 0);
        for p in positions() {
            let r = self_refuting(&p);
            let pots: Vec<Pot> = (0..81)
                .flat_map(|c| bits(p.c[c]).flat_map(move |d| [pt(c, d, false), pt(c, d, true)]))
                .collect();
            let reached: Vec<Vec<bool>> = pots.iter().map(|&q| reach(&p, q)).collect();
            for (i, &q) in pots.iter().enumerate() {
                let back = reached[i][q];
                assert_eq!(r.refuted.contains(q), reached[i][q ^ 1], "{q}");
                assert_eq!(r.cyclic.contains(q), back, "{q}");
                // the same component: each leads to the other
                for (j, &t) in pots.iter().enumerate().filter(|&(_, &t)| t != q) {
                    let same = r.component[q] != NONE && r.component[q] == r.component[t];
                    let mutual = reached[i][t] && reached[j][q];
                    assert_eq!(same, mutual, "{q} {t}");
                }
                n_refuted += usize::from(r.refuted.contains(q));
                n_cyclic += usize::from(back);
            }
            n_pots += pots.len();
        }
        assert!(n_cyclic > 0 && n_refuted > 0 && n_refuted < n_pots);
    }
}
