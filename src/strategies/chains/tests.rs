//! Tests of the chain finders: the walks, the test before them and the choice among the chains found.

use super::*;
use crate::grid::Grid;
use crate::step::Evidence;
use crate::strategies::first_step;
use crate::technique::Profile;

/// Hard puzzles (top1465) whose solves reach the nice loops; in the
/// last one, a loop's only premise with a walk worth making is one
/// where nothing but the loop leads to a refuted candidate.
const PUZZLES: [&str; 5] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    ".6..5.4.3.2.1...........7..4.3...6..7..5........2.........8..5.6...4...........1.",
];

/// The positions of a solve in HoDoKu's order at which it asks for the
/// nice loops (the solver's loop, which this layer may not name: the
/// first step found, else the solution's digit in a cell with the
/// fewest candidates).
fn positions(puzzle: &str, limit: usize) -> Vec<Board> {
    let Ok(grid) = crate::format::hodoku::parse_givens(puzzle) else {
        return Vec::new();
    };
    let Ok(solution) = crate::exact::unique_solution(grid.values()) else {
        return Vec::new();
    };
    let solution = Grid::from_values(solution);
    let Ok(mut board) = Board::from_grid(&grid) else {
        return Vec::new();
    };
    let techniques = Profile::Hodoku.techniques();
    let ctx = Context::new(true);
    let mut found = Vec::new();
    while !board.is_solved() && found.len() < limit {
        let mut step = None;
        for &t in &techniques {
            if t == Technique::ContinuousNiceLoop {
                found.push(board.clone());
            }
            step = first_step(t, &board, &ctx);
            if step.is_some() {
                break;
            }
        }
        let guess = || {
            let cell = Cell::all()
                .filter(|&c| board.value(c).is_none())
                .min_by_key(|&c| board.candidates(c).len())?;
            let digit = solution.value(cell)?;
            let evidence = Evidence::Guess { cell, digit };
            Some(Step::placement(
                Technique::BruteForce,
                cell,
                digit,
                evidence,
            ))
        };
        let Some(s) = step.or_else(guess) else {
            break;
        };
        s.apply(&mut board);
    }
    found
}

/// Every step of the walks of `mode`, in order.
fn steps(board: &Board, mode: Mode, sets: Sets, filter: Filter) -> Vec<Vec<Step>> {
    let ctx = Context::new(true);
    let (mut founds, test) = walk_strict(board, &ctx, mode, sets, filter);
    if mode == Mode::Grouped {
        walk_loose(board, &ctx, &mut founds, sets, test.as_deref());
    }
    founds.into_iter().map(Found::into_steps).collect()
}

/// The test before the walks changes nothing: on every position the
/// filtered walks find the very steps the unfiltered ones find, and the
/// test does skip walks (positions with nothing) and lets others be.
#[test]
fn testing_first_finds_the_same_steps() {
    let (mut skipped, mut with_steps) = (0, 0);
    for puzzle in PUZZLES {
        for board in positions(puzzle, 40) {
            for mode in [Mode::Nice, Mode::Grouped] {
                let all = steps(&board, mode, Sets::Nodes, Filter::WalkAnyway);
                let filtered = steps(&board, mode, Sets::Nodes, Filter::TestFirst);
                assert_eq!(all, filtered, "{mode:?} on {}", board.grid().to_line());
                if mode == Mode::Grouped {
                    let all = steps(&board, mode, Sets::Left, Filter::WalkAnyway);
                    let filtered = steps(&board, mode, Sets::Left, Filter::TestFirst);
                    assert_eq!(all, filtered, "without sets on {}", board.grid().to_line());
                }
                let ctx = Context::new(true);
                let g = if mode == Mode::Grouped {
                    ctx.cache.set_links(&board)
                } else {
                    ctx.cache.links(&board)
                };
                let nothing = Refutations::of(&g, None).none();
                if all.iter().all(Vec::is_empty) {
                    skipped += usize::from(nothing);
                } else {
                    with_steps += 1;
                    assert!(!nothing, "{}", board.grid().to_line());
                }
            }
        }
    }
    assert!(skipped > 0 && with_steps > 0, "{skipped} {with_steps}");
}

/// Every elimination of ALS-XZ, ALS-XY-Wing and ALS chains is a candidate
/// that the grouped forms' test (with the restricted commons) finds
/// refuted; so where it finds nothing refuted, none of the three removes
/// anything, and `als::find`, reading the test the grouped walks left in
/// the cache, finds what the search without it finds. The test does say
/// "nothing" on some positions, and each of the three finds steps on
/// others.
#[test]
fn where_nothing_is_refuted_no_als_technique_removes_anything() {
    let techniques = [
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsXyChain,
    ];
    // (the last solve reaches an ALS chain that no grouped walk finds)
    let puzzles = PUZZLES.iter().chain(&[
        "6.....3...5..9..8...2..6..98.....7...7..5..4......1..51..3..5...4..2..6...8..7..2",
    ]);
    let (mut nothing, mut found) = (0, [0; 3]);
    for puzzle in puzzles {
        for board in positions(puzzle, 80) {
            let ctx = Context::new(true);
            let none = nothing_refuted(&board, &ctx);
            nothing += usize::from(none);
            let test = set_test(&board, &ctx);
            let g = ctx.cache.set_links(&board);
            // the solver's order: the grouped walks first, then the sets
            let solver = Context::new(true);
            let t0 = Technique::GroupedContinuousNiceLoop;
            let _ = find(t0, &board, &solver, &mut |_| ControlFlow::Break(()));
            for (k, &t) in techniques.iter().enumerate() {
                let mut steps = Vec::new();
                let _ = crate::strategies::als::find_all(t, &board, &ctx, &mut |s| {
                    steps.push(s);
                    ControlFlow::Continue(())
                });
                for e in steps.iter().flat_map(|s| &s.eliminations) {
                    let line = board.grid().to_line();
                    assert!(test.refutes(&g, *e), "{t:?} removes {e} on {line}");
                }
                let mut skipping = Vec::new();
                let _ = crate::strategies::als::find(t, &board, &solver, &mut |s| {
                    skipping.push(s);
                    ControlFlow::Continue(())
                });
                assert_eq!(skipping, steps, "{t:?} on {}", board.grid().to_line());
                found[k] += usize::from(!steps.is_empty());
            }
        }
    }
    assert!(
        nothing > 0 && found.iter().all(|&n| n > 0),
        "{nothing} {found:?}"
    );
}

/// On the empty grid nothing is linked strongly: nothing is refuted.
#[test]
fn the_empty_grid_refutes_nothing() {
    let board = Board::empty();
    let ctx = Context::new(true);
    assert!(Refutations::of(&ctx.cache.links(&board), None).none());
    assert!(Refutations::of(&ctx.cache.set_links(&board), None).none());
}
