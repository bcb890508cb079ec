//! Fixtures for Template Set and Template Delete: one library case each
//! (exact effects and line), and positions where they must find nothing.

use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::text::step_line;
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Technique};

/// A unique puzzle's context, with an empty cache.
fn ctx() -> Context {
    Context::new(true)
}

fn lines(t: Technique, b: &Board) -> Vec<String> {
    all_steps(t, b, &ctx()).iter().map(step_line).collect()
}

#[test]
fn template_set_library_case() {
    let case = parse_library_line(
        ":1201:9:..5.+4163+223+17+6.+4..+6.452+3+8+71.6.........86.71.........6.4...159+2+6.....6+543.564..7+1+8:::914 929 932 943 958 966 981 995:",
    )
    .unwrap();
    let l = lines(Technique::TemplateSet, &case.board);
    assert!(
        l.contains(
            &"Template Set: 9 => r1c4=9, r2c9=9, r3c2=9, r4c3=9, r5c8=9, r6c6=9, r8c1=9, r9c5=9"
                .to_string()
        ),
        "{l:?}"
    );
}

#[test]
fn template_delete_library_case() {
    let case = parse_library_line(
        ":1202:4:.62...5.....9752......6.849...8.26....4.5.9....16.4...295.1......3426.....6...12.::411 422 479 491 499::",
    )
    .unwrap();
    let l = lines(Technique::TemplateDel, &case.board);
    assert!(
        l.contains(&"Template Delete: 4 => r19c1,r2c2,r79c9<>4".to_string()),
        "{l:?}"
    );
}

#[test]
fn nothing_on_an_empty_board() {
    let b = Board::from_grid(&sudoku_sensei::parse(&".".repeat(81)).unwrap()).unwrap();
    assert!(all_steps(Technique::TemplateSet, &b, &ctx()).is_empty());
    assert!(all_steps(Technique::TemplateDel, &b, &ctx()).is_empty());
}

#[test]
fn every_step_agrees_with_the_solution() {
    let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let g = sudoku_sensei::parse(p).unwrap();
    let sol = sudoku_sensei::exact::first_solution(g.values()).unwrap();
    let b = Board::from_grid(&g).unwrap();
    for t in [Technique::TemplateSet, Technique::TemplateDel] {
        for s in all_steps(t, &b, &ctx()) {
            for p in &s.placements {
                assert_eq!(sol[p.cell.index()], p.digit.get(), "{}", step_line(&s));
            }
            for e in &s.eliminations {
                assert_ne!(sol[e.cell.index()], e.digit.get(), "{}", step_line(&s));
            }
        }
    }
}

#[test]
fn one_call_is_fast() {
    let case = parse_library_line(
        ":1202:3:....7..1.......673..8..5......51..461..7.6..926..94......8..7..712.......4..2....::312 314 332 334 341 342 343 346 353 355 357 358 363 367 368 372 376 384 385 387 391 394 396 397::",
    )
    .unwrap();
    let _ = all_steps(Technique::TemplateDel, &case.board, &ctx()); // builds the templates
    let start = std::time::Instant::now();
    for _ in 0..10 {
        let _ = all_steps(Technique::TemplateDel, &case.board, &ctx());
    }
    let per_call = start.elapsed() / 10;
    eprintln!("template delete: {per_call:?} per call");
    // an empty board keeps every template: the most work per call
    let empty = Board::from_grid(&sudoku_sensei::parse(&".".repeat(81)).unwrap()).unwrap();
    let start = std::time::Instant::now();
    for _ in 0..10 {
        let _ = all_steps(Technique::TemplateSet, &empty, &ctx());
    }
    let empty_call = start.elapsed() / 10;
    eprintln!("template set on an empty board: {empty_call:?}");
    assert!(empty_call.as_millis() < 2000, "{empty_call:?}");
    // generous: debug builds are far slower than release
    assert!(per_call.as_millis() < 500, "{per_call:?}");
}
