//! Forcing chains through group nodes (as HoDoKu's): a group node is the
//! places of a digit in a line inside one block, taken as one node.

use sudoku_sensei::render::text::{step_line, step_sentence};
use sudoku_sensei::step::{Evidence, ForcingRule};
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{parse, Technique};

/// A unique puzzle's context, with an empty cache.
fn ctx() -> Context {
    Context::new(true)
}
const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn uses_group(s: &sudoku_sensei::Step) -> bool {
    let Evidence::Forcing { branches, .. } = &s.evidence else {
        return false;
    };
    branches
        .iter()
        .flat_map(|b| &b.reasons)
        .any(|r| matches!(r.rule, ForcingRule::Group { .. }))
}

#[test]
fn verity_through_a_group_node() {
    let b = crate::common::after_singles(PUZZLE);
    let steps = all_steps(Technique::ForcingChainVerity, &b, &ctx());
    let s = steps
        .iter()
        .find(|s| step_line(s).ends_with("=> r8c4<>9"))
        .expect("the verity through r8c79");
    assert!(uses_group(s));
    assert_eq!(
        step_line(s),
        "Forcing Chain Verity: r7c8=3 -> r7c8<>5 -> r7c9=5 -> r7c9<>9 -> r8c79=9 -> r8c4<>9 \
         | r7c9=3 -> r7c9<>9 -> r8c79=9 -> r8c4<>9 => r8c4<>9"
    );
    // the learner is told that the group stands for one node, and why
    assert!(step_sentence(s).contains(
        "r8c4<>9 (once r7c9<>9, 9 in b9 must lie in the group r8c79, so r8c4<>9, \
         as it sees the whole group in r8)"
    ));
    // every group step rests on an earlier fact
    let Evidence::Forcing { branches, .. } = &s.evidence else {
        unreachable!()
    };
    for br in branches {
        for (k, r) in br.reasons.iter().enumerate() {
            if let ForcingRule::Group { nodes, .. } = &r.rule {
                assert!(!nodes.is_empty());
                assert_eq!(r.parents.len(), 1, "{r:?}");
                assert!(r.parents[0] <= k);
            }
        }
    }
}

#[test]
fn group_steps_agree_with_the_solution() {
    let g = parse(PUZZLE).unwrap();
    let sol = sudoku_sensei::exact::first_solution(g.values()).unwrap();
    let b = crate::common::after_singles(PUZZLE);
    let mut seen = 0;
    for t in [
        Technique::ForcingChainContradiction,
        Technique::ForcingChainVerity,
    ] {
        for s in all_steps(t, &b, &ctx()).iter().filter(|s| uses_group(s)) {
            seen += 1;
            crate::common::assert_step_agrees(s, &sol);
        }
    }
    assert!(seen > 0);
}

#[test]
fn nets_do_not_use_group_nodes() {
    let b = crate::common::after_singles(PUZZLE);
    for t in [
        Technique::ForcingNetContradiction,
        Technique::ForcingNetVerity,
    ] {
        assert!(!all_steps(t, &b, &ctx()).iter().any(uses_group), "{t:?}");
    }
}
