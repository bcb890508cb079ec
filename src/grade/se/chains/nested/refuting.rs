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

use super::*;

/// A state not yet reached by the search.
const UNSEEN: u16 = u16::MAX;

/// The implication graph of a position and the buffers of its search.
#[derive(Default)]
struct Scratch {
    /// Per potential of the position, its state (entries of potentials not
    /// in the position are stale and never read).
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
    /// Per component that leads somewhere (the components numbered after
    /// the states that lead nowhere), the components it leads to (itself
    /// included), in rows of `words` words.
    leads: Vec<u64>,
    /// Per such component, whether it has more than one state.
    big: Vec<bool>,
    /// Per such component, whether it leads to no other (its row is
    /// itself).
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
    /// Per potential of the position, its strongly connected component
    /// (entries of potentials not in the position mean nothing): a loop
    /// through a potential stays inside its component.
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
    /// The implications of `cur`: an "on" turns off its cell's other
    /// candidates and the digit's other places in its houses; an "off"
    /// turns on the other candidate of a two-candidate cell and the other
    /// place of a digit with two places in a house.
    fn build(&mut self, cur: &Pos) {
        self.state_of.resize(POTS, 0);
        self.states.clear();
        for (cell, &m) in cur.c.iter().enumerate() {
            for d in bits(m) {
                for on in [false, true] {
                    let q = pt(cell, d, on);
                    self.state_of[q] = self.states.len() as u16;
                    self.states.push(q as u16);
                }
            }
        }
        self.start.clear();
        self.edges.clear();
        for &q in &self.states {
            self.start.push(self.edges.len() as u32);
            let q = q as usize;
            let (cell, d) = cell_digit(q);
            if q & 1 == 1 {
                for e in bits(cur.c[cell] & !(1 << d)) {
                    self.edges.push(self.state_of[pt(cell, e, false)]);
                }
                for &(h, k) in &CELL_HOUSES[cell] {
                    for x in cells_in(h as usize, cur.p[d][h as usize] & !(1 << k)) {
                        self.edges.push(self.state_of[pt(x, d, false)]);
                    }
                }
            } else {
                let others = cur.c[cell] & !(1 << d);
                if others.count_ones() == 1 {
                    let e = others.trailing_zeros() as usize;
                    self.edges.push(self.state_of[pt(cell, e, true)]);
                }
                for &(h, k) in &CELL_HOUSES[cell] {
                    let m = cur.p[d][h as usize];
                    if m.count_ones() == 2 {
                        let other = (m & !(1 << k)).trailing_zeros() as usize;
                        let x = HOUSE_CELLS[h as usize][other] as usize;
                        self.edges.push(self.state_of[pt(x, d, true)]);
                    }
                }
            }
        }
        self.start.push(self.edges.len() as u32);
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
        index.resize(n, UNSEEN);
        low.clear();
        low.resize(n, 0);
        component.clear();
        component.resize(n, UNSEEN);
        stack.clear();
        calls.clear();
        leads.clear();
        big.clear();
        leaf.clear();
        // the states that lead nowhere (most "off" states) are components
        // of their own, done first: they need no search, and their rows
        // would hold themselves only (the rows are kept for the others, the
        // `sinks` first numbers left out)
        let mut done = 0u16;
        for s in 0..n {
            if start[s] == start[s + 1] {
                index[s] = 0;
                component[s] = done;
                done += 1;
            }
        }
        let sinks = done as usize;
        let mut counter = 0u16;
        for root in 0..n {
            if index[root] != UNSEEN {
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
                    if index[t] == UNSEEN {
                        index[t] = counter;
                        low[t] = counter;
                        counter += 1;
                        stack.push(t as u16);
                        calls.push((t as u16, start[t]));
                    } else if component[t] == UNSEEN {
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
                        // numbers (a component that leads to no other, as
                        // most "off" states, adds itself only)
                        if leads[base + o / 64] >> (o % 64) & 1 == 0 {
                            if o < sinks || leaf[o - sinks] {
                                leads[base + o / 64] |= 1 << (o % 64);
                                continue;
                            }
                            let ob = (o - sinks) * words;
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
        let mut comp = [UNSEEN; POTS];
        for (s, &q) in states.iter().enumerate() {
            let q = q as usize;
            let a = component[s] as usize;
            if let Some(slot) = comp.get_mut(q) {
                *slot = a as u16;
            }
            // (a state that leads nowhere is neither refuted nor on a loop)
            let Some(r) = a.checked_sub(sinks) else {
                continue;
            };
            let b = component[state_of[q ^ 1] as usize] as usize;
            if leads[r * words + b / 64] >> (b % 64) & 1 == 1 {
                out.insert(q);
            }
            if big[r] {
                cyclic.insert(q);
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

    /// The potentials of `cur` reachable from `q` by the implications, by
    /// a plain breadth-first search.
    fn reach(s: &Scratch, q: usize) -> Vec<bool> {
        let mut seen = vec![false; s.states.len()];
        let mut todo = vec![s.state_of[q] as usize];
        while let Some(x) = todo.pop() {
            for &t in &s.edges[s.start[x] as usize..s.start[x + 1] as usize] {
                if !std::mem::replace(&mut seen[t as usize], true) {
                    todo.push(t as usize);
                }
            }
        }
        seen
    }

    #[test]
    fn self_refuting_agrees_with_a_plain_search() {
        // a hard puzzle (ER 11), and the position after one removal
        let grid: Grid =
            "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8"
                .parse()
                .expect("puzzle");
        let board = crate::board::Board::from_grid(&grid).expect("board");
        let (_, pos) = env_of(&board);
        let mut less = pos.clone();
        let cell = (0..81).find(|&c| less.c[c].count_ones() > 2).expect("cell");
        less.remove(cell, less.c[cell].trailing_zeros() as usize);
        for p in [pos, less] {
            let Refuting {
                refuted, cyclic, ..
            } = self_refuting(&p);
            let mut s = Scratch::default();
            s.build(&p);
            let (mut n_refuted, mut n_cyclic) = (0, 0);
            for &q in &s.states {
                let q = q as usize;
                let from_q = reach(&s, q);
                let back = from_q[s.state_of[q] as usize];
                assert_eq!(
                    refuted.contains(q),
                    from_q[s.state_of[q ^ 1] as usize],
                    "{q}"
                );
                assert_eq!(cyclic.contains(q), back, "{q}");
                n_refuted += usize::from(refuted.contains(q));
                n_cyclic += usize::from(back);
            }
            assert!(n_cyclic > 0 && n_refuted < s.states.len());
        }
    }
}
