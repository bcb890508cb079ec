//! Strongly connected components of a directed graph (Tarjan's algorithm,
//! iteratively, so that no graph is too deep for the stack).
//!
//! The chain searches read their links as implications between states
//! ("a candidate set", "a candidate removed") and ask, before searching,
//! which states lead to which. Two states lead to each other exactly when
//! they lie in one component; and Tarjan's algorithm completes every
//! component after every component it leads to, so what a component leads
//! to can be gathered as it completes, from the components already done.
//!
//! Why not petgraph's `TarjanScc` (issue 35 point 8, measured with petgraph
//! 0.8.3 through a view of the successor function as a petgraph graph, so
//! that nothing is copied): it has this contract (a callback per component
//! as it completes, in this order: the same components, numbered alike)
//! and the same speed (1,458 states, as many as SE's implications can
//! have, 2 successors each: 105-154 µs here, 108-114 µs petgraph; 6 each:
//! 228-288 µs and 183-262 µs; three alternated rounds of 2,000 runs on a
//! loaded machine), but its `run` recurses once per state of the
//! depth-first path. A path of 40,000 states overflows a 2 MiB thread
//! stack (the default of spawned threads, rayon's and the tests') in
//! release and at the tests' opt-level 1 (30,000 and 20,000 pass), and
//! one of 5,000 at opt-level 0. The link graph with almost locked sets
//! (`strategies/chains/reach.rs`) has two states per node: candidates,
//! groups, and one per digit of each set, about 5,000 states on the first
//! positions of 17-clue puzzles, and many more on a position a player
//! types with many sets; the library must not crash on any position. So
//! the search stays here, iterative: its stack is on the heap.

const UNSEEN: u32 = u32::MAX;

/// A state as a successor list holds it.
pub trait State: Copy {
    fn index(self) -> usize;
}

impl State for u16 {
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl State for u32 {
    fn index(self) -> usize {
        self as usize
    }
}

/// The components of the graph on the states `0..n`, whose edges are given
/// by `successors(s)`: the states `s` leads to.
///
/// Components are numbered from 0 in the order they complete: every
/// component is numbered after every other component it leads to. As each
/// completes, `complete(c, members, component)` is called with its number,
/// its states, and the component of every state completed so far (its own
/// members included). Returns the component of every state.
pub fn components<'a, T: State + 'a>(
    n: usize,
    successors: impl Fn(usize) -> &'a [T],
    mut complete: impl FnMut(u32, &[u32], &[u32]),
) -> Vec<u32> {
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut component = vec![UNSEEN; n];
    let mut stack: Vec<u32> = Vec::new();
    // the depth-first path: each state with the successors it has left
    let mut calls: Vec<(usize, &'a [T])> = Vec::new();
    let mut counter = 0u32;
    let mut done = 0u32;
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        calls.push((root, successors(root)));
        while let Some(&mut (s, ref mut left)) = calls.last_mut() {
            if let Some((&t, rest)) = left.split_first() {
                *left = rest;
                let t = t.index();
                let Some(&seen) = index.get(t) else {
                    continue; // not a state of the graph
                };
                if seen == UNSEEN {
                    index[t] = counter;
                    low[t] = counter;
                    counter += 1;
                    stack.push(t as u32);
                    calls.push((t, successors(t)));
                } else if component[t] == UNSEEN {
                    low[s] = low[s].min(seen);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[s]);
            }
            if low[s] == index[s] {
                let from = stack.iter().rposition(|&t| t as usize == s).unwrap_or(0);
                for &t in &stack[from..] {
                    component[t as usize] = done;
                }
                complete(done, &stack[from..], &component);
                done += 1;
                stack.truncate(from);
            }
        }
    }
    component
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(edges: &[(usize, usize)], n: usize) -> (Vec<u32>, Vec<Vec<u32>>) {
        let succ: Vec<Vec<u32>> = (0..n)
            .map(|s| {
                edges
                    .iter()
                    .filter(|e| e.0 == s)
                    .map(|e| e.1 as u32)
                    .collect()
            })
            .collect();
        let mut members = Vec::new();
        let comp = components(
            n,
            |s| &succ[s],
            |c, m, _| {
                assert_eq!(c as usize, members.len());
                let mut m = m.to_vec();
                m.sort();
                members.push(m);
            },
        );
        (comp, members)
    }

    #[test]
    fn a_cycle_is_one_component_completed_after_what_it_leads_to() {
        // 0 -> 1 -> 2 -> 0 is a cycle leading to 3; 4 stands alone
        let (comp, members) = of(&[(0, 1), (1, 2), (2, 0), (2, 3)], 5);
        assert_eq!(comp[0], comp[1]);
        assert_eq!(comp[1], comp[2]);
        assert_ne!(comp[0], comp[3]);
        assert!(
            comp[3] < comp[0],
            "3 completes before the cycle leading to it"
        );
        assert_eq!(members.len(), 3);
        assert_eq!(members[comp[0] as usize], vec![0, 1, 2]);
        assert_eq!(members[comp[4] as usize], vec![4]);
    }

    #[test]
    fn a_path_is_one_component_per_state() {
        let (comp, _) = of(&[(0, 1), (1, 2)], 3);
        assert!(comp[2] < comp[1] && comp[1] < comp[0]);
    }

    #[test]
    fn a_path_longer_than_a_small_stack_could_recurse_is_fine() {
        // 200,000 states in a line, on a 128 KiB stack: a recursive search
        // (petgraph's `TarjanScc`) overflows it
        let n = 200_000;
        let done = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(move || {
                let mut completed = 0;
                let next: Vec<u32> = (1..=n as u32).collect();
                let comp = components(
                    n,
                    |s| &next[s..(s + 1).min(n - 1)],
                    |_, _, _| completed += 1,
                );
                (completed, comp[0], comp[n - 1])
            })
            .expect("a thread")
            .join()
            .expect("no overflow");
        assert_eq!(done, (n, n as u32 - 1, 0));
    }

    #[test]
    fn a_successor_outside_the_graph_is_ignored() {
        let (comp, members) = of(&[(0, 7), (0, 1), (1, 0)], 2);
        assert_eq!(comp[0], comp[1]);
        assert_eq!(members.len(), 1);
    }
}
