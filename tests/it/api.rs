//! The library API an application uses: LeetCode's entry point, building a
//! board value by value with `Board::set`, solving and rating.

use sudoku_sensei::grade::{self, Class, Scales};
use sudoku_sensei::solver::{Fallback, Options};
use sudoku_sensei::{parse, solve, solve_sudoku, Board, Cell, Contradiction, Digit, Outcome};

fn cell(r: u8, c: u8) -> Cell {
    Cell::at(r - 1, c - 1)
}
fn d(n: u8) -> Digit {
    Digit::new(n).expect("digit")
}

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn leetcode_entry_point_fills_the_board_in_place() {
    let mut board: Vec<Vec<char>> = LEETCODE
        .as_bytes()
        .chunks(9)
        .map(|r| r.iter().map(|&b| b as char).collect())
        .collect();
    solve_sudoku(&mut board);
    let flat: String = board.iter().flatten().collect();
    assert_eq!(flat, LEETCODE_SOLUTION);
}

#[test]
fn leetcode_entry_point_leaves_bad_boards_alone() {
    let mut short = vec![vec!['.'; 9]; 8];
    solve_sudoku(&mut short);
    assert_eq!(short, vec![vec!['.'; 9]; 8]);
    // two 5s in row 1: no solution, unchanged
    let mut clash = vec![vec!['.'; 9]; 9];
    clash[0][0] = '5';
    clash[0][1] = '5';
    let before = clash.clone();
    solve_sudoku(&mut clash);
    assert_eq!(clash, before);
}

#[test]
fn board_set_shows_forced_cells_and_contradictions() {
    let mut b = Board::empty();
    for (c, v) in (1..=8).zip(1..=8) {
        b.set(cell(1, c), d(v)).expect("legal move");
    }
    // r1c9 is now forced to 9
    assert!(b.forced_cells().contains(&(cell(1, 9), d(9))));
    // a 9 in block 3 leaves r1c9 with no digit
    let err = b.set(cell(2, 8), d(9)).expect_err("contradiction");
    assert_eq!(err, Contradiction::NoCandidate { cell: cell(1, 9) });
    assert_eq!(
        err.to_string(),
        "r1c9 can hold no digit: every digit is already used by one of its peers"
    );
}

#[test]
fn board_set_reports_a_digit_with_no_place() {
    let mut b = Board::empty();
    // r1c1..r1c7 hold 2..8: 1 and 9 are left for r1c8 and r1c9
    for (c, v) in (1..=7).zip(2..=8) {
        b.set(cell(1, c), d(v)).expect("legal move");
    }
    b.set(cell(5, 8), d(1)).expect("legal move");
    // a 1 in column 9 leaves 1 no place in row 1 (both cells keep the 9)
    let err = b.set(cell(8, 9), d(1)).expect_err("no place for 1");
    assert_eq!(
        err,
        Contradiction::NoPlace {
            house: sudoku_sensei::House::row(0),
            digit: d(1)
        }
    );
    assert_eq!(err.to_string(), "1 has no place left in row 1");
}

#[test]
fn solve_reports_every_outcome() {
    let opts = Options::default();
    let solved = solve(&parse(LEETCODE).expect("parse"), &opts);
    assert_eq!(solved.outcome, Outcome::Solved { guesses: 0 });
    assert_eq!(
        solved.solution.as_ref().map(|g| g.to_line()).as_deref(),
        Some(LEETCODE_SOLUTION)
    );

    let clash = solve(
        &parse(&format!("55{}", ".".repeat(79))).expect("parse"),
        &opts,
    );
    assert!(matches!(clash.outcome, Outcome::InvalidGivens { .. }));

    let empty = solve(&parse(&".".repeat(81)).expect("parse"), &opts);
    match empty.outcome {
        Outcome::MultipleSolutions {
            count, complete, ..
        } => {
            assert_eq!(count, 1000);
            assert!(!complete);
        }
        o => panic!("{o:?}"),
    }

    let stuck_opts = Options {
        fallback: Fallback::Stop,
        techniques: vec![sudoku_sensei::Technique::NakedSingle],
        ..Options::default()
    };
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let stuck = solve(&parse(hard).expect("parse"), &stuck_opts);
    assert!(
        matches!(stuck.outcome, Outcome::Stuck { .. }),
        "{:?}",
        stuck.outcome.slug()
    );
}

#[test]
fn grading_a_singles_puzzle() {
    let r = grade::grade(&parse(LEETCODE).expect("parse"), Scales::ALL);
    let h = r.hodoku.expect("hodoku rating");
    assert_eq!(h.level, sudoku_sensei::technique::Level::Easy);
    assert!(r.class.is_some_and(|c| c <= Class::Easy));
    let se = r.se.expect("se rating");
    assert!(se.er <= 2.3, "{se:?}");
    assert!(!r.guessed);
}

#[test]
fn every_grid_index_the_api_hands_out_is_zero_based() {
    use sudoku_sensei::{House, ParseErrorKind};
    // cells, houses and digits: the first is 0, the last 8 (80, 26)
    let (first, last) = (Cell::all().next(), Cell::all().last());
    let at = |c: Option<Cell>| c.map(|c| (c.row(), c.col(), c.block(), c.index()));
    assert_eq!(at(first), Some((0, 0, 0, 0)));
    assert_eq!(at(last), Some((8, 8, 8, 80)));
    assert_eq!(Cell::at(0, 0), first.expect("a cell"));
    let houses: Vec<(u8, usize)> = House::all().map(|h| (h.number(), h.index())).collect();
    assert_eq!((houses[0], houses[26]), ((0, 0), (8, 26)));
    let digits: Vec<(usize, u8)> = Digit::all().map(|d| (d.index(), d.get())).collect();
    assert_eq!(
        (digits[0], digits[8]),
        ((0, 1), (8, 9)),
        "index 0-based, value 1-9"
    );
    // the row of a parse error is a grid row too: the first row is 0,
    // though the message (for people) says row 1; the line is a place in
    // the text, 1-based as editors show it
    let short_first_row = format!("5 3 . . 7 . . .\n{}", "1 2 3 4 5 6 7 8 9\n".repeat(8));
    let e = parse(&short_first_row).expect_err("a short row");
    assert_eq!(
        e.kind(),
        &ParseErrorKind::WrongRowLength { row: 0, found: 8 }
    );
    assert_eq!(e.line(), Some(1));
    assert!(e.to_string().contains("row 1 has 8 cells"), "{e}");
    let json = format!("[1,{}]", ["[0,0,0,0,0,0,0,0,0]"; 8].join(","));
    let e = parse(&json).expect_err("a row that is no array");
    assert_eq!(e.kind(), &ParseErrorKind::RowNotArray { row: 0 });
    assert!(e.to_string().contains("row 1 is not an array"), "{e}");
}

/// The public enums that cannot grow, and why; every other enum of the
/// documented API must be `#[non_exhaustive]`, so that a new technique,
/// evidence kind, outcome or reason breaks no app that matches on it.
/// (The internals hidden from the documentation may change anyway.)
const CLOSED_ENUMS: &[(&str, &str)] = &[
    ("HouseKind", "rows, columns and blocks"),
    ("Level", "HoDoKu's five levels"),
    ("Class", "QQWing's classes"),
    ("HintLevel", "the three levels of a hint"),
    ("LinkKind", "strong and weak"),
    ("Count", "none, one, exactly n, at least n"),
    ("Symmetry", "Sudoku Explainer's ten symmetries"),
];

#[test]
fn public_enums_that_can_grow_are_non_exhaustive() {
    use std::path::Path;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    crate::layers::files(&src, &mut paths);
    let facade = crate::docs::facade();
    let mut open = Vec::new();
    for path in paths {
        let rel = path.strip_prefix(&src).expect("under src");
        // the binary's own enums (clap's) are no part of the library
        let Some(module) = crate::layers::module_of(rel) else {
            continue;
        };
        let hidden_module = hidden_submodule(rel).is_some();
        let text = std::fs::read_to_string(&path).expect("readable source");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix("pub enum ") else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // the attributes above the enum (doc comments and derives)
            let attributes = lines[..i]
                .iter()
                .rev()
                .take_while(|l| l.starts_with('#') || l.starts_with("///"));
            let attributes: Vec<&&str> = attributes.collect();
            let marked = attributes.iter().any(|l| **l == "#[non_exhaustive]");
            // part of the documented API: re-exported at the crate root,
            // or in a documented module and not hidden
            let documented = facade.contains(&name)
                || (facade.contains(&module)
                    && !hidden_module
                    && !attributes.iter().any(|l| **l == "#[doc(hidden)]"));
            if !documented {
                continue;
            }
            let closed = CLOSED_ENUMS.iter().any(|(n, _)| *n == name);
            assert!(
                !(marked && closed),
                "{name} is listed as closed but is non_exhaustive"
            );
            if !marked && !closed {
                open.push(format!("{module}::{name} ({})", rel.display()));
            }
        }
    }
    assert!(
        open.is_empty(),
        "public enums that may grow without #[non_exhaustive] (or add them to CLOSED_ENUMS \
         with the reason they cannot): {open:?}"
    );
}

/// The first module on the way to the file `rel` (under `src/`) that its
/// parent marks `#[doc(hidden)]` (`render/roles/mod.rs`: `roles`).
fn hidden_submodule(rel: &std::path::Path) -> Option<String> {
    let parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .filter(|c| c != "mod")
        .collect();
    (1..parts.len()).find_map(|i| {
        let parent = parts[..i].join("/");
        let file = ["src/{}/mod.rs", "src/{}.rs"]
            .iter()
            .map(|f| f.replace("{}", &parent))
            .find(|f| {
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join(f)
                    .is_file()
            })?;
        crate::docs::hidden_in(&file)
            .contains(&parts[i])
            .then(|| parts[i].clone())
    })
}

// The usual traits for app developers (issue 35, point 9).

#[test]
fn a_grid_shows_as_its_line_and_parses_back() {
    let grid: sudoku_sensei::Grid = LEETCODE.parse().expect("reads");
    assert_eq!(grid.to_string(), LEETCODE);
    assert_eq!(
        grid.to_string().parse::<sudoku_sensei::Grid>(),
        Ok(grid.clone())
    );
    let rows: Vec<String> = format!("{grid:#}").lines().map(String::from).collect();
    assert_eq!(rows.len(), 9);
    assert_eq!(rows[0], "53..7....");
    assert_eq!(rows[8], "....8..79");
    let bad = "53..7....".parse::<sudoku_sensei::Grid>();
    assert!(bad.is_err(), "nine cells are not a grid");
}

#[test]
fn an_outcome_and_a_rating_show_in_words() {
    let trace = solve(&parse(LEETCODE).expect("reads"), &Options::default());
    assert_eq!(trace.outcome.to_string(), "Solved by logic alone.");
    let rating = grade::grade(&parse(LEETCODE).expect("reads"), Scales::ALL);
    let shown = rating.to_string();
    let se = rating.se.expect("an SE rating");
    let start = format!("SE {:.1}/{:.1}/{:.1}; HoDoKu Easy (", se.er, se.ep, se.ed);
    assert!(shown.starts_with(&start), "{shown}");
    assert!(shown.contains("; class "), "{shown}");
    let hardest = rating.hardest.expect("a hardest technique").name();
    assert!(
        shown.ends_with(&format!("; hardest technique: {hardest}")),
        "{shown}"
    );
    let empty = grade::grade(&parse(&".".repeat(81)).expect("reads"), Scales::ALL);
    assert_eq!(empty.to_string(), "not rated: multiple_solutions");
}

#[test]
fn a_trace_serializes_as_its_json_document() {
    let trace = solve(&parse(LEETCODE).expect("reads"), &Options::default());
    let via_serde = serde_json::to_value(&trace).expect("serializes");
    let document: serde_json::Value =
        serde_json::from_str(&sudoku_sensei::render::json::trace(&trace)).expect("JSON");
    assert_eq!(via_serde, document);
    assert_eq!(via_serde["version"], 2);
    let step = serde_json::to_value(&trace.steps[0]).expect("serializes");
    assert_eq!(step, document["steps"][0]);
}
