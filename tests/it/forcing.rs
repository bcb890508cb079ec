//! Fixtures for forcing chains and nets: a hard position after singles,
//! where each technique's first step is checked (line and soundness), and
//! positions where they must find nothing.

use sudoku_sensei::render::text::step_line;
use sudoku_sensei::strategies::{all_steps, first_step, Context};
use sudoku_sensei::{parse, Board, Technique};

/// A unique puzzle's context, with an empty cache.
fn ctx() -> Context {
    Context::new(true)
}
const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const FORCING: [Technique; 4] = [
    Technique::ForcingChainContradiction,
    Technique::ForcingChainVerity,
    Technique::ForcingNetContradiction,
    Technique::ForcingNetVerity,
];

#[test]
fn first_steps_of_a_hard_position() {
    let b = crate::common::after_singles(PUZZLE);
    let line = |t| step_line(&first_step(t, &b, &ctx()).expect("a step"));
    assert_eq!(
        line(Technique::ForcingChainContradiction),
        "Forcing Chain Contradiction: r1c2=1 leads to a contradiction in r9c2: \
         r1c2=1 -> r8c2<>1 -> r9c2=1 | r1c2=1 -> r9c2<>1 => r1c2<>1"
    );
    assert_eq!(
        line(Technique::ForcingChainVerity),
        "Forcing Chain Verity: r8c2=1 -> r1c2<>1 | r9c2=1 -> r1c2<>1 => r1c2<>1"
    );
}

#[test]
fn every_step_agrees_with_the_solution() {
    let g = parse(PUZZLE).unwrap();
    let sol = sudoku_sensei::exact::first_solution(g.values()).unwrap();
    let b = crate::common::after_singles(PUZZLE);
    for t in FORCING {
        let steps = all_steps(t, &b, &ctx());
        assert!(!steps.is_empty(), "{t:?}");
        for s in &steps {
            crate::common::assert_step_agrees(s, &sol);
        }
    }
}

/// With every candidate everywhere nothing is forced: no contradiction
/// and no verity.
#[test]
fn empty_board_finds_nothing() {
    let b = Board::empty();
    for t in FORCING {
        assert!(all_steps(t, &b, &ctx()).is_empty(), "{t:?}");
    }
}

/// A solved board has no candidate left to reason about.
#[test]
fn solved_board_finds_nothing() {
    let g = parse(PUZZLE).unwrap();
    let sol = sudoku_sensei::exact::first_solution(g.values()).unwrap();
    let text: String = sol.iter().map(|d| (b'0' + d) as char).collect();
    let b = Board::from_grid(&parse(&text).unwrap()).unwrap();
    for t in FORCING {
        assert!(all_steps(t, &b, &ctx()).is_empty(), "{t:?}");
    }
}

/// forum_hardest_1106 #2 where the HoDoKu profile stands still: singles-only
/// nets find nothing, a net that also applies the basic techniques does.
const PLUS_PUZZLE: &str =
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";
/// A position where the Forcing Net (+) needs a technique inside the net
/// (also read by tests/it/trace_format.rs).
pub const PLUS_STUCK: &str = "1..4.67.91.3...7.9...4.67.9...456.89...456.89...45678.1...567..1.3.567...2..........4.67...23...7.........8..2.456...1.........2.4567..........9..3.567....3..67......5....12....7.9.2...67.9.2...6..9.2...6..9..3......1....67.....4............8....4..78..2..5.78..2.45.7..1.........2.456.8.........9..3.......2..567.....4.67..1..4..7.9.....6....2.45.7.9.2.45......3.......2.45....12.45.7.........8.1..4..7.91..4...8912..5..89..3............7...2.456.8..2.456.8.12.456...12..56..91..4.6..9.....6789...4..........67.9.23..6.89.2...6.8912...6.8.12...67..123..67.9....5......3..........5...91.........2.456..9......7...2.456..........8..2...6..9...4.6..9.2...........5.789....567.9..3456.89...456.891..456.8.1..4.67..1.3..67.91.34.67.9";

/// forum_hardest_1106 #1 where even the (+) nets stand still: a net inside
/// the net is needed.
const NESTED_PUZZLE: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
const NESTED_STUCK: &str = "12..567...2.45.7..12.4.67..1.34.67.91.345...9..34567..1.3...7.91.3.5...9.......8.1...5678.....5.78...3......1....67891...5..89....5678....4.....1...5...9.2.......1...5.78.........91..4..7..1.34..78..2.........345.78.1.3...7.......6...1...5.7..123.5..8..2345..8.12.4.......34...8.......7..........91.3..6.8.1.345..8.1..456.....3.5.789..345.78....4..7.9..34...8......6...1.........2.........345..89...45...91.3....89.....6...1..4....9....5......34...8..2.......1.3....89......7..1..4....9.23..67.9.23...7.........8.1234.67.91.34....9..34.67......5....1..4....91..4.67.9..3..67.91.............67.9..34.6789..345..89..345678......6789.2..........4.67.9...4......2....7......5....12...67891......89.....678.1....67891......89..3......";

const DEEPER: [Technique; 3] = [
    Technique::ForcingNetPlusContradiction,
    Technique::ForcingNetPlusVerity,
    Technique::NestedForcingNetContradiction,
];

fn position(candidates: &str) -> Board {
    sudoku_sensei::format::parse_position(candidates).unwrap()
}

fn assert_sound(puzzle: &str, step: &sudoku_sensei::Step) {
    let g = parse(puzzle).unwrap();
    let sol = sudoku_sensei::exact::first_solution(g.values()).unwrap();
    crate::common::assert_step_agrees(step, &sol);
}

/// Every implication rests on earlier facts only, and says why.
fn assert_tree(step: &sudoku_sensei::Step) {
    let sudoku_sensei::step::Evidence::Forcing { branches, .. } = &step.evidence else {
        panic!("not a forcing step");
    };
    for b in branches {
        assert_eq!(b.chain.len(), b.reasons.len());
        for (k, r) in b.reasons.iter().enumerate() {
            assert!(r.parents.iter().all(|&p| p <= k), "{r:?} at {k}");
            if !matches!(r.rule, sudoku_sensei::step::ForcingRule::Technique { .. }) {
                assert!(!r.parents.is_empty(), "{r:?} at {k}");
            }
        }
    }
}

#[test]
fn plus_net_where_singles_nets_find_nothing() {
    let b = position(PLUS_STUCK);
    for t in FORCING {
        assert!(first_step(t, &b, &ctx()).is_none(), "{t:?}");
    }
    let step = first_step(Technique::ForcingNetPlusContradiction, &b, &ctx()).expect("a step");
    assert_eq!(step.eliminations.len(), 1);
    assert_eq!(step.eliminations[0].to_string(), "(7)r1c3");
    let line = step_line(&step);
    assert!(
        line.starts_with(
            "Forcing Net (+) Contradiction: r1c3=7 leads to a contradiction in r9c7: \
             r1c3=7 -> r1c3<>4 & r3c2<>7 & r3c3<>7 & r5c3<>7 & r7c3<>7 & r9c3<>7, \
             r3c7=7 (r3c2<>7, r3c3<>7) -> r3c7<>1 & r5c7<>7 & r7c7<>7 & r9c7<>7, \
             r3c2=1 (r3c7<>1) -> r3c2<>9 & r1c1<>1 & r1c2<>1, \
             r4c1<>4 (Locked Candidates Type 1 (Pointing): 4 in b1; r1c3<>4), "
        ),
        "{line}"
    );
    // a fact found by a subset names it and the removals it rests on
    assert!(
        line.contains("r7c1<>6 (Hidden Pair: 7,8 in r7c1,r9c2; r7c3<>7, r9c3<>7)"),
        "{line}"
    );
    assert!(line.ends_with("=> r1c3<>7"), "{line}");
    let sentence = sudoku_sensei::render::text::step_sentence(&step);
    assert!(
        sentence.contains(
            "r4c1<>4 (by Locked Candidates Type 1 (Pointing): 4 in b1, which holds once r1c3<>4)"
        ),
        "{sentence}"
    );
    assert_tree(&step);
    for s in all_steps(Technique::ForcingNetPlusContradiction, &b, &ctx()) {
        assert_sound(PLUS_PUZZLE, &s);
        assert_tree(&s);
    }
    for s in all_steps(Technique::ForcingNetPlusVerity, &b, &ctx()) {
        assert_sound(PLUS_PUZZLE, &s);
        assert_tree(&s);
    }
}

#[test]
fn nested_net_where_plus_nets_find_nothing() {
    let b = position(NESTED_STUCK);
    for t in FORCING.iter().chain(&DEEPER[..2]) {
        assert!(first_step(*t, &b, &ctx()).is_none(), "{t:?}");
    }
    let step = first_step(Technique::NestedForcingNetContradiction, &b, &ctx()).expect("a step");
    assert_sound(NESTED_PUZZLE, &step);
    assert_tree(&step);
    let line = step_line(&step);
    assert!(
        line.starts_with(
            "Nested Forcing Net Contradiction: r1c1=5 leads to a contradiction in r3c6: \
             r1c1=5 -> r1c1<>1 & r1c1<>2 & r1c1<>6 & r1c1<>7 & r1c2<>5 & r1c5<>5 & r1c6<>5 \
             & r2c2<>5 & r3c1<>5, r1c3<>1 (Forcing Net Contradiction: r1c3=1 leads to a \
             contradiction in r7c4; r1c1<>2, r1c1<>6, r1c1<>7, r2c2<>5, r3c1<>5), "
        ),
        "{line}"
    );
    assert!(line.ends_with("=> r1c1<>5"), "{line}");
    // the inner nets are told in the sentence
    let sentence = sudoku_sensei::render::text::step_sentence(&step);
    assert!(
        sentence.contains("The nets inside the net, each on the position reached: r1c3=1 leads to a contradiction in r7c4: r1c3=1 -> "),
        "{sentence}"
    );
}

/// The deeper nets find nothing where there is nothing to find.
#[test]
fn deeper_nets_find_nothing_on_empty_or_solved_boards() {
    let g = parse(PUZZLE).unwrap();
    let sol = sudoku_sensei::exact::first_solution(g.values()).unwrap();
    let text: String = sol.iter().map(|d| (b'0' + d) as char).collect();
    let solved = Board::from_grid(&parse(&text).unwrap()).unwrap();
    for t in DEEPER {
        assert!(all_steps(t, &Board::empty(), &ctx()).is_empty(), "{t:?}");
        assert!(all_steps(t, &solved, &ctx()).is_empty(), "{t:?}");
    }
}

/// The default profile tries the deeper nets after HoDoKu's, before the
/// guess; HoDoKu's rating solve does not use them.
#[test]
fn deeper_nets_come_after_hodoku_s() {
    use sudoku_sensei::solver::Profile;
    let ts = Profile::Hodoku.techniques();
    let at = |t| ts.iter().position(|&x| x == t).unwrap();
    assert!(at(Technique::ForcingNetVerity) < at(Technique::ForcingNetPlusContradiction));
    assert!(at(Technique::ForcingNetPlusContradiction) < at(Technique::ForcingNetPlusVerity));
    assert!(at(Technique::ForcingNetPlusVerity) < at(Technique::NestedForcingNetContradiction));
    let hodoku = sudoku_sensei::grade::hodoku_trace(&parse(PUZZLE).unwrap());
    assert!(hodoku.steps.iter().all(|s| !DEEPER.contains(&s.technique)));
}

/// The JSON of a branch gives each implication its parents and rule; a
/// fact found by a technique inside the net carries the pattern.
#[test]
fn json_reasons_make_a_tree() {
    let b = position(PLUS_STUCK);
    let step = first_step(Technique::ForcingNetPlusContradiction, &b, &ctx()).expect("a step");
    let v: serde_json::Value =
        serde_json::from_str(&sudoku_sensei::render::json::step(&step)).expect("JSON");
    let branch = &v["evidence"]["branches"][0];
    let chain = branch["chain"].as_array().unwrap();
    let reasons = branch["reasons"].as_array().unwrap();
    assert_eq!(chain.len(), reasons.len());
    // r1c3=7 -> r1c3<>4: the value removes the cell's other candidates
    assert_eq!(reasons[0]["parents"], serde_json::json!([0]));
    assert_eq!(reasons[0]["rule"], "value");
    // r3c7=7: the last place for 7 in r3
    let hidden = reasons
        .iter()
        .find(|r| r["rule"] == "hidden_single")
        .expect("a hidden single");
    // r3c7=7, the last place for 7 in r3
    assert_eq!(
        hidden["house"],
        serde_json::json!({"index": 3, "kind": "row"})
    );
    let pointing = reasons
        .iter()
        .find(|r| r["rule"] == "technique")
        .expect("a technique");
    assert_eq!(pointing["technique"], "locked-candidates-pointing");
    assert_eq!(pointing["evidence"]["kind"], "intersection");
    assert_eq!(pointing["parents"], serde_json::json!([1]));
}
