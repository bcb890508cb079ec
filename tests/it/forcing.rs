//! Fixtures for forcing chains and nets: a hard position after singles,
//! where each technique's first step is checked (line and soundness), and
//! positions where they must find nothing.

use sudoku_sensei::render::text::step_line;
use sudoku_sensei::strategies::{all_steps, first_step, Context};
use sudoku_sensei::{parse_one, Board, Technique};

const CTX: Context = Context { unique: true };
const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const FORCING: [Technique; 4] = [
    Technique::ForcingChainContradiction,
    Technique::ForcingChainVerity,
    Technique::ForcingNetContradiction,
    Technique::ForcingNetVerity,
];

fn after_singles(p: &str) -> Board {
    let g = parse_one(p).unwrap();
    let mut b = Board::from_grid(&g).unwrap();
    while let Some(s) = first_step(Technique::NakedSingle, &b, &CTX)
        .or_else(|| first_step(Technique::HiddenSingle, &b, &CTX))
    {
        s.apply(&mut b);
    }
    b
}

#[test]
fn first_steps_of_a_hard_position() {
    let b = after_singles(PUZZLE);
    let line = |t| step_line(&first_step(t, &b, &CTX).expect("a step"));
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
    let g = parse_one(PUZZLE).unwrap();
    let sol = sudoku_sensei::exact::solve(g.values()).unwrap();
    let b = after_singles(PUZZLE);
    for t in FORCING {
        let steps = all_steps(t, &b, &CTX);
        assert!(!steps.is_empty(), "{t:?}");
        for s in &steps {
            for p in &s.placements {
                assert_eq!(sol[p.cell.index()], p.digit.get(), "{}", step_line(s));
            }
            for e in &s.eliminations {
                assert_ne!(sol[e.cell.index()], e.digit.get(), "{}", step_line(s));
            }
        }
    }
}

/// With every candidate everywhere nothing is forced: no contradiction
/// and no verity.
#[test]
fn empty_board_finds_nothing() {
    let b = Board::empty();
    for t in FORCING {
        assert!(all_steps(t, &b, &CTX).is_empty(), "{t:?}");
    }
}

/// A solved board has no candidate left to reason about.
#[test]
fn solved_board_finds_nothing() {
    let g = parse_one(PUZZLE).unwrap();
    let sol = sudoku_sensei::exact::solve(g.values()).unwrap();
    let text: String = sol.iter().map(|d| (b'0' + d) as char).collect();
    let b = Board::from_grid(&parse_one(&text).unwrap()).unwrap();
    for t in FORCING {
        assert!(all_steps(t, &b, &CTX).is_empty(), "{t:?}");
    }
}
