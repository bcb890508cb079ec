//! The forcing module's unit tests: a propagation's buffers reused from
//! premise to premise, the (+) nets' standstills that look only where the
//! position changed, and the contradiction search's skipped premises.

use super::net::{Budget, Propagation};
use super::*;
use crate::technique::Technique;

/// A puzzle of forum_hardest_1905_11plus at its start position.
fn hard_board() -> Board {
    let puzzle =
        "98.7..6..7..5.......4.8..7.4...3..9..9.2..1....3.....63..1.8..2.4..7..8......5...";
    let grid = crate::format::hodoku::parse_givens(puzzle).expect("a puzzle");
    Board::from_grid(&grid).expect("a position")
}

/// The hard puzzle once singles, locked candidates, subsets and basic
/// fish stand still: where a solve would come to the forcing nets.
fn hard_board_at_standstill() -> Board {
    at_standstill(hard_board())
}

/// `board` once singles, locked candidates, subsets and basic fish stand
/// still.
fn at_standstill(mut board: Board) -> Board {
    let ctx = crate::strategies::Context::new(false);
    let techniques: Vec<Technique> = Technique::SINGLES
        .into_iter()
        .chain([Technique::LockedPair, Technique::LockedTriple])
        .chain(BASIC)
        .collect();
    while let Some(step) = techniques
        .iter()
        .find_map(|&t| crate::strategies::first_step(t, &board, &ctx))
    {
        step.apply(&mut board);
    }
    board
}

/// Two propagations that followed the same premise found the same facts
/// with the same reasons, applied the same rules and met the same conflict.
fn assert_same_facts(a: &Propagation<'_>, b: &Propagation<'_>, what: &str) {
    assert_eq!(format!("{:?}", a.trail), format!("{:?}", b.trail), "{what}");
    let told = |p: &Propagation<'_>| -> Vec<String> {
        p.rules
            .iter()
            .map(|r| {
                let ev = r.evidence.evidence();
                format!("{:?} {:?} {:?}", r.technique, ev, r.parents)
            })
            .collect()
    };
    assert_eq!(told(a), told(b), "{what}");
    assert_eq!(
        format!("{:?}", a.conflict),
        format!("{:?}", b.conflict),
        "{what}"
    );
}

/// A (+) net's standstills look for the basic techniques only where
/// the position changed since each last found nothing, and skip the
/// subset and fish searches where no tight set removes anything: the same
/// facts, rules and conflicts as searching the whole position every time,
/// with either shortcut or both, from a position where the basic
/// techniques find something (the puzzle's start) and from one where they
/// find nothing.
#[test]
fn a_plus_net_looks_only_where_the_position_changed() {
    for board in [hard_board(), hard_board_at_standstill()] {
        for (incremental, skips_untight) in [(true, true), (true, false), (false, true)] {
            let mut near = Propagation::new(&board, Depth::Plus);
            near.incremental = incremental;
            near.skips_untight = skips_untight;
            let mut whole = Propagation::new(&board, Depth::Plus);
            whole.incremental = false;
            whole.skips_untight = false;
            let mut rules = 0;
            for cand in board.candidate_list() {
                for on in [true, false] {
                    let premise = Literal { cand, on };
                    near.follow(premise, &Budget::unlimited());
                    whole.follow(premise, &Budget::unlimited());
                    assert_same_facts(&near, &whole, &format!("(+) net from {premise:?}"));
                    rules += near.rules.len();
                }
            }
            // the comparison is not vacuous
            assert!(rules > 100, "only {rules} techniques applied");
        }
    }
}

/// A nested net's inner search skips the candidates an earlier inner
/// premise's net set without breaking a rule (plain nets are monotone):
/// the same facts, rules and conflicts as following every candidate, over
/// premises of the hard puzzle at its standstill, with inner
/// contradictions found.
#[test]
fn a_nested_net_skips_what_an_earlier_inner_net_set() {
    let board = hard_board_at_standstill();
    let mut skipping = Propagation::new(&board, Depth::Nested);
    let mut every = Propagation::new(&board, Depth::Nested);
    every.skips_reached = false;
    let mut inner = 0;
    for cand in board.candidate_list().into_iter().step_by(7) {
        for on in [true, false] {
            let premise = Literal { cand, on };
            skipping.follow(premise, &Budget::unlimited());
            every.follow(premise, &Budget::unlimited());
            assert_same_facts(&skipping, &every, &format!("nested net from {premise:?}"));
            inner += skipping
                .rules
                .iter()
                .filter(|r| r.technique == Technique::ForcingNetContradiction)
                .count();
        }
    }
    // the comparison is not vacuous
    assert!(inner > 10, "only {inner} inner contradictions");
}

/// Where a standstill rules a subset or basic fish technique out, that
/// technique finds nothing: every one of the nine, every house and digit,
/// over positions of several solves with candidates removed at random
/// (some cells left with none), whole and against a position a few
/// candidates before. Each technique is ruled out on some positions and
/// finds steps on others.
#[test]
fn what_a_standstill_rules_out_finds_nothing() {
    use super::net::first_basic;
    use super::tight::Standstill;
    use crate::strategies::Changed;
    let techniques = BASIC.into_iter().filter(|t| {
        !matches!(
            t,
            Technique::LockedCandidates1 | Technique::LockedCandidates2
        )
    });
    let techniques: Vec<Technique> = techniques.collect();
    let puzzles = [
        "98.7..6..7..5.......4.8..7.4...3..9..9.2..1....3.....63..1.8..2.4..7..8......5...",
        "6.....3...5..9..8...2..6..98.....7...7..5..4......1..51..3..5...4..2..6...8..7..2",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ];
    let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1du64);
    let (mut ruled_out, mut found) = (vec![0; techniques.len()], vec![0; techniques.len()]);
    for puzzle in puzzles {
        for seed in 0..6 {
            let mut board = at_standstill(
                Board::from_grid(&crate::format::hodoku::parse_givens(puzzle).expect("a puzzle"))
                    .expect("a position"),
            );
            for _ in 0..(30 + 10 * seed) {
                let places = board.all_positions();
                let cands = board.candidate_list();
                if cands.is_empty() {
                    break;
                }
                for _ in 0..(1 + next() % 3) {
                    let c = cands[(next() % cands.len() as u64) as usize];
                    board.eliminate(c);
                }
                let now = board.all_positions();
                for changed in [Changed::ALL, Changed::between(&places, &now)] {
                    let mut standstill = Standstill::new(&board);
                    for (k, &t) in techniques.iter().enumerate() {
                        let out = standstill.rules_out(t, &changed);
                        let step = first_basic(t, &board, &changed);
                        if out {
                            assert!(step.is_none(), "{t:?} on {}", board.grid().to_line());
                            ruled_out[k] += 1;
                        }
                        found[k] += usize::from(step.is_some());
                    }
                }
            }
        }
    }
    let both = ruled_out.iter().zip(&found).all(|(&o, &f)| o > 20 && f > 0);
    assert!(
        both,
        "{techniques:?} ruled out {ruled_out:?} found {found:?}"
    );
}

/// The cell sets by digit agree with the candidates cell by cell.
fn assert_bit_grids_agree(p: &Propagation<'_>) {
    for d in Digit::all() {
        let has: CellSet = Cell::all()
            .filter(|c| p.cands[c.index()].contains(d))
            .collect();
        let places: CellSet = has
            .iter()
            .filter(|c| p.placed[c.index()].is_none())
            .collect();
        assert_eq!(p.has[d.index()], has, "cells holding {d}");
        assert_eq!(p.places[d.index()], places, "places of {d}");
    }
}

/// One propagation's buffers serve premise after premise: each premise
/// follows what a fresh propagation follows (the same facts with the
/// same reasons in the same order, the same conflict), whatever the
/// premise before it reached.
#[test]
fn a_reused_propagation_forgets_the_premise_before() {
    let board = hard_board();
    let cands = board.candidate_list();
    for (depth, n) in [
        (Depth::Chain, cands.len()),
        (Depth::Net, cands.len()),
        (Depth::Plus, 30),
    ] {
        let mut reused = Propagation::new(&board, depth);
        for &cand in cands.iter().take(n) {
            for on in [true, false] {
                let premise = Literal { cand, on };
                reused.follow(premise, &Budget::unlimited());
                let fresh = Propagation::run(&board, depth, premise, &Budget::unlimited());
                let what = format!("{depth:?} net from {premise:?}");
                assert_eq!(
                    format!("{:?}", reused.trail),
                    format!("{:?}", fresh.trail),
                    "{what}"
                );
                assert_eq!(
                    format!("{:?}", reused.nodes),
                    format!("{:?}", fresh.nodes),
                    "{what}"
                );
                assert_eq!(
                    format!("{:?}", reused.conflict),
                    format!("{:?}", fresh.conflict),
                    "{what}"
                );
                assert_bit_grids_agree(&reused);
            }
        }
    }
}

const TOP: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// The nets' contradiction searches leave out the "set" premises that a
/// conflict-free net set; plain nets record that net as their bound. The
/// verity search after one, which follows such a premise where its bound
/// would conclude something (or, with no bound, always), finds the same
/// steps as one that follows every premise itself.
#[test]
fn the_verity_search_after_a_contradiction_search_with_bounds_finds_the_same() {
    let grid = crate::format::hodoku::parse_givens(TOP).expect("a puzzle");
    let top = at_standstill(Board::from_grid(&grid).expect("a position"));
    let (mut bounds, mut steps) = (0, 0);
    let kinds = [
        (
            Depth::Net,
            Technique::ForcingNetContradiction,
            Technique::ForcingNetVerity,
        ),
        (
            Depth::Plus,
            Technique::ForcingNetPlusContradiction,
            Technique::ForcingNetPlusVerity,
        ),
    ];
    for board in [hard_board(), hard_board_at_standstill(), top] {
        for (depth, contradiction, verity) in kinds {
            let after = Context::new(false);
            contradictions(contradiction, &board, &after, depth);
            let forced = after.cache.forced(&board, depth as u8).expect("recorded");
            bounds += forced.closures.iter().filter(|c| !c.exact).count();
            let with_bounds = verities(verity, &board, &after, depth);
            let alone = verities(verity, &board, &Context::new(false), depth);
            assert_eq!(
                format!("{with_bounds:?}"),
                format!("{alone:?}"),
                "{depth:?}"
            );
            steps += alone.len();
        }
    }
    // the comparison is not vacuous
    assert!(bounds > 20 && steps > 0, "{bounds} bounds, {steps} steps");
}

/// The nested nets' contradiction search, which stops after its first few
/// contradictions, leaves out the premises that a conflict-free nested net
/// of an earlier premise reached: it finds the same contradictions, with
/// the same lengths, as following every premise in order until as many
/// are found, and it leaves some out.
#[test]
fn the_nested_search_finds_its_first_contradictions_as_following_every_premise() {
    let board = hard_board_at_standstill();
    let budget = Budget::new(super::net::NESTED_BUDGET);
    let mut p = Propagation::new(&board, Depth::Nested);
    let mut every = Vec::new();
    let (mut cleared, mut reached, mut skippable) = (BTreeSet::new(), BTreeSet::new(), 0);
    'premises: for cand in board.candidate_list() {
        for on in [true, false] {
            if every.len() >= NESTED_ENOUGH {
                break 'premises;
            }
            if (if on { &reached } else { &cleared }).contains(&cand) {
                skippable += 1;
            }
            let premise = Literal { cand, on };
            p.follow(premise, &budget);
            if p.conflict.is_none() {
                for (lit, _) in p.trail.iter().skip(1) {
                    (if lit.on { &mut reached } else { &mut cleared }).insert(lit.cand);
                }
                continue;
            }
            let (branches, _) = p.conflict_branches(premise);
            let effect = if on {
                (vec![], vec![cand])
            } else {
                (vec![cand], vec![])
            };
            every.push((branch_length(&branches), effect));
        }
    }
    let t = Technique::NestedForcingNetContradiction;
    let found: Vec<_> = contradictions(t, &board, &Context::new(false), Depth::Nested)
        .into_iter()
        .map(|(len, effect, _)| (len, effect))
        .collect();
    assert_eq!(found, every);
    // the comparison is not vacuous
    assert!(
        every.len() == NESTED_ENOUGH && skippable > 0,
        "{skippable} left out"
    );
}

/// The contradiction searches of chains, nets and (+) nets skip a
/// "remove" premise that a conflict-free chain or net of another premise
/// reached (and (+) nets a "set" premise it set): they still find every premise whose chain or net breaks a
/// rule, as following every premise does. And the length they sort by, before telling a
/// contradiction, is the length of its branches.
#[test]
fn the_contradiction_search_skips_no_premise_that_breaks_a_rule() {
    let (mut skipped_some, mut broken) = (false, 0);
    // a puzzle of top1465, whose chains and nets break rules there
    let grid = crate::format::hodoku::parse_givens(TOP).expect("a puzzle");
    let top = at_standstill(Board::from_grid(&grid).expect("a position"));
    for board in [hard_board_at_standstill(), top] {
        for (depth, t) in [
            (Depth::Chain, Technique::ForcingChainContradiction),
            (Depth::Net, Technique::ForcingNetContradiction),
            (Depth::Plus, Technique::ForcingNetPlusContradiction),
        ] {
            // every premise followed: the effects of those that break a rule
            let mut p = Propagation::new(&board, depth);
            let mut every = BTreeSet::new();
            let mut reached = BTreeSet::new();
            for cand in board.candidate_list() {
                for on in [true, false] {
                    p.follow(Literal { cand, on }, &Budget::unlimited());
                    if p.conflict.is_some() {
                        // the length the search sorts by, without the branches
                        let (branches, _) = p.conflict_branches(Literal { cand, on });
                        assert_eq!(p.conflict_length(), branch_length(&branches));
                        every.insert(if on {
                            (vec![], vec![cand])
                        } else {
                            (vec![cand], vec![])
                        });
                    } else {
                        reached.extend(p.trail.iter().filter(|(l, _)| !l.on).map(|(l, _)| l.cand));
                    }
                }
            }
            skipped_some |= !reached.is_empty();
            let found: BTreeSet<_> = contradictions(t, &board, &Context::new(false), depth)
                .into_iter()
                .map(|(_, effect, _)| effect)
                .collect();
            assert_eq!(found, every, "{t:?}");
            broken += every.len();
        }
    }
    // the comparison is not vacuous
    assert!(skipped_some && broken > 10, "{broken} contradictions");
}
