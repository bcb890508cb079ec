//! Reading and printing every puzzle format: detection, real user inputs,
//! error messages (line, column, counts), the streaming reader, positions
//! with pencil marks, round trips, and garbage that must not panic.

use sudoku_sensei::format::hodoku::{parse_library_line, position_line};
use sudoku_sensei::format::{
    boxed, candidate_string, check_givens, leetcode, nine_lines, parse, parse_position,
    pencilmarks, side_by_side, to_line, Entry, ParseError, ParseErrorKind, PuzzleReader, Within,
};
use sudoku_sensei::{Board, Cell, Digit, Grid};

/// LeetCode problem 37's example, as an 81-character line.
const LEET_LINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEET_JSON: &str = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
/// A hard puzzle whose fresh position has no naked single.
const EASTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn grid(line: &str) -> Grid {
    parse(line).unwrap()
}

fn err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

fn cell(r: u8, c: u8) -> Cell {
    Cell::at(r - 1, c - 1)
}

fn digit(d: u8) -> Digit {
    Digit::new(d).unwrap()
}

fn read_all(text: &str) -> Vec<Result<Entry, ParseError>> {
    PuzzleReader::new(text.as_bytes()).collect()
}

// ---------------------------------------------------------------- formats

#[test]
fn leetcode_example_board() {
    assert_eq!(parse(LEET_JSON).unwrap().to_line(), LEET_LINE);
    // spread over lines, with Python's quotes, with numbers
    let spread = LEET_JSON.replace("],[", "],\n  [");
    assert_eq!(parse(&spread).unwrap().to_line(), LEET_LINE);
    let python = LEET_JSON.replace('"', "'");
    assert_eq!(parse(&python).unwrap().to_line(), LEET_LINE);
    let numbers = LEET_JSON.replace("\".\"", "0").replace('"', "");
    assert_eq!(parse(&numbers).unwrap().to_line(), LEET_LINE);
}

#[test]
fn tab_separated_nine_lines_of_zeros() {
    let text = "5\t3\t0\t0\t7\t0\t0\t0\t0\n\
                6\t0\t0\t1\t9\t5\t0\t0\t0\n\
                0\t9\t8\t0\t0\t0\t0\t6\t0\n\
                8\t0\t0\t0\t6\t0\t0\t0\t3\n\
                4\t0\t0\t8\t0\t3\t0\t0\t1\n\
                7\t0\t0\t0\t2\t0\t0\t0\t6\n\
                0\t6\t0\t0\t0\t0\t2\t8\t0\n\
                0\t0\t0\t4\t1\t9\t0\t0\t5\n\
                0\t0\t0\t0\t8\t0\t0\t7\t9\n";
    assert_eq!(grid(text).to_line(), LEET_LINE);
    // with spaces and a trailing blank line, with CRLF
    assert_eq!(grid(&text.replace('\t', " ")).to_line(), LEET_LINE);
    assert_eq!(grid(&text.replace('\n', "\r\n")).to_line(), LEET_LINE);
    // without separators
    assert_eq!(grid(&text.replace('\t', "")).to_line(), LEET_LINE);
}

#[test]
fn user_nine_line_grid() {
    let text = "0 6 0 0 0 5 2 0 4\n\
                0 0 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 0 0 0\n\
                0 0 0 0 0 0 0 0 0";
    let g = grid(text);
    assert_eq!(g.value(cell(1, 2)), Some(digit(6)));
    assert_eq!(g.value(cell(1, 9)), Some(digit(4)));
    assert_eq!(g.filled(), 4);
}

#[test]
fn boxed_grids_of_every_style() {
    let sensei = "\
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
";
    assert_eq!(grid(sensei).to_line(), LEET_LINE);
    assert_eq!(boxed(&grid(LEET_LINE)), sensei);
    // HoDoKu's "givens with frame"
    let hodoku = "\
*-----------*
|53.|.7.|...|
|6..|195|...|
|.98|...|.6.|
|---+---+---|
|8..|.6.|..3|
|4..|8.3|..1|
|7..|.2.|..6|
|---+---+---|
|.6.|...|28.|
|...|419|..5|
|...|.8.|.79|
*-----------*";
    assert_eq!(grid(hodoku).to_line(), LEET_LINE);
    // Sudoku Explainer / sudopedia style: no outer frame
    let explainer = "\
 5 3 . | . 7 . | . . .
 6 . . | 1 9 5 | . . .
 . 9 8 | . . . | . 6 .
-------+-------+-------
 8 . . | . 6 . | . . 3
 4 . . | 8 . 3 | . . 1
 7 . . | . 2 . | . . 6
-------+-------+-------
 . 6 . | . . . | 2 8 .
 . . . | 4 1 9 | . . 5
 . . . | . 8 . | . 7 9";
    assert_eq!(grid(explainer).to_line(), LEET_LINE);
    // Unicode box drawing
    let unicode = sensei
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let l = l.replace('-', "─").replace('|', "│");
            match i {
                0 => l
                    .replace('+', "┬")
                    .replacen('┬', "┌", 1)
                    .replacen("┬\n", "┐", 1),
                12 => l.replace('+', "┴"),
                _ => l.replace('+', "┼"),
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(unicode.starts_with("┌───────┬"));
    assert_eq!(grid(&unicode).to_line(), LEET_LINE);
}

/// The solution of [`LEET_LINE`].
const LEET_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn boxed_grids_with_blank_empty_cells() {
    // the seed write-up prints boxed grids with blanks for empty cells
    let g = grid(LEET_LINE);
    let blank = boxed(&g).replace('.', " ");
    assert!(blank.contains("| 5 3   |   7   |       |"), "{blank}");
    assert_eq!(grid(&blank).to_line(), LEET_LINE);
    // trailing blanks cut by an editor change nothing
    let trimmed: String = blank
        .lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect();
    assert_eq!(grid(&trimmed).to_line(), LEET_LINE);
    // a row with no value at all
    let mut empty_row = LEET_LINE.to_string();
    empty_row.replace_range(18..27, ".........");
    let text = boxed(&grid(&empty_row)).replace('.', " ");
    assert!(text.contains("|       |       |       |"));
    assert_eq!(grid(&text).to_line(), empty_row);
    // HoDoKu's compact frame and Sudoku Explainer's frameless rows, blank
    let hodoku = "*-----------*\n|53 | 7 |   |\n|6  |195|   |\n| 98|   | 6 |\n|---+---+---|\n\
                  |8  | 6 |  3|\n|4  |8 3|  1|\n|7  | 2 |  6|\n|---+---+---|\n\
                  | 6 |   |28 |\n|   |419|  5|\n|   | 8 | 79|\n*-----------*";
    assert_eq!(grid(hodoku).to_line(), LEET_LINE);
    let explainer = "5 3   |   7   |\n6     | 1 9 5 |\n  9 8 |       |   6\n------+-------+------\n\
                     8     |   6   |     3\n4     | 8   3 |     1\n7     |   2   |     6\n\
                     ------+-------+------\n  6   |       | 2 8\n      | 4 1 9 |     5\n      |   8   |   7 9";
    assert_eq!(grid(explainer).to_line(), LEET_LINE);
    // a boxed row that lost a cell is still an error, not a blank
    let broken = boxed(&g).replace("| 4 . . | 8 . 3 | . . 1 |", "| 4 . . | 8 . 3 | . 1 |");
    assert_eq!(
        err(&broken),
        "line 7, column 24: row 5 has 8 cells instead of 9"
    );
    // a character between the cells' places is not read as a blank grid
    let shifted = blank.replace("| 5 3   |", "|5 3    |");
    assert!(parse(&shifted).is_err());
    // the stream reads them too, one after the other
    let two = format!("{blank}\n{trimmed}");
    let lines: Vec<usize> = read_all(&two)
        .into_iter()
        .map(|e| e.unwrap().line)
        .collect();
    assert_eq!(lines, [1, 15]);
}

/// Two printed blocks side by side with `mid` between them on every line
/// (`arrow` on line `at`).
fn beside(left: &str, right: &str, at: usize, arrow: &str) -> String {
    left.lines()
        .zip(right.lines())
        .enumerate()
        .map(|(i, (l, r))| {
            let mid = if i == at { arrow } else { "       " };
            format!("{l}{mid}{r}\n")
        })
        .collect()
}

#[test]
fn side_by_side_grids_read_as_the_left_one() {
    let (puzzle, solution) = (grid(LEET_LINE), grid(LEET_SOLUTION));
    // sensei's own `solve --side-by-side`
    let own = side_by_side(&boxed(&puzzle), &boxed(&solution), 4);
    assert_eq!(grid(&own).to_line(), LEET_LINE);
    // the seed write-up's: blank cells, the puzzle `-->` its solution
    let blank = boxed(&puzzle).replace('.', " ");
    let arrow = beside(&blank, &boxed(&solution), 6, "  -->  ");
    assert!(arrow.lines().nth(6).unwrap_or("").contains("-->"));
    assert_eq!(grid(&arrow).to_line(), LEET_LINE);
    // the arrow on a frame line
    let on_frame = beside(&blank, &boxed(&solution), 4, "  -->  ");
    assert_eq!(grid(&on_frame).to_line(), LEET_LINE);
    // several in a stream, each read as its left grid
    let stream = format!("{arrow}\n{own}");
    let got: Vec<String> = read_all(&stream)
        .into_iter()
        .map(|e| e.unwrap().grid.to_line())
        .collect();
    assert_eq!(got, [LEET_LINE, LEET_LINE]);
}

#[test]
fn parse_errors_have_a_kind_a_line_and_a_column() {
    let e = parse(&format!("# a comment\n{}", &LEET_LINE[..79])).unwrap_err();
    assert_eq!(
        e.kind(),
        &ParseErrorKind::WrongCellCount {
            found: 79,
            within: Within::Grid
        }
    );
    assert_eq!((e.line(), e.column()), (Some(2), Some(80)));
    assert_eq!(e.kind().to_string(), "found 79 cells instead of 81");
    let mut bad = LEET_LINE.to_string();
    bad.replace_range(11..12, "x");
    let e = parse(&bad).unwrap_err();
    assert!(matches!(
        e.kind(),
        ParseErrorKind::BadCharacter { found: 'x', .. }
    ));
    assert_eq!(parse("").unwrap_err().kind(), &ParseErrorKind::Empty);
    let mut rows = ROWS.to_vec();
    rows[3] = "8 0 0 0 6 0 0 3";
    let e = parse(&nine(&rows)).unwrap_err();
    assert_eq!(
        e.kind(),
        &ParseErrorKind::WrongRowLength { row: 3, found: 8 }
    );
    assert_eq!((e.line(), e.column()), (Some(4), Some(16)));
    // the error is a std error whose Display is the message users see
    let boxed_error: Box<dyn std::error::Error> = Box::new(e);
    assert_eq!(
        boxed_error.to_string(),
        "line 4, column 16: row 4 has 8 cells instead of 9"
    );
}

#[test]
fn clashing_givens_parse_and_are_checked_later() {
    // parse reads what is written; check_givens (or the solver) reports the clash
    let mut clash = LEET_LINE.to_string();
    clash.replace_range(2..3, "5");
    let g = parse(&clash).expect("a clash is not a parse error");
    assert_eq!(
        check_givens(&g).unwrap_err().to_string(),
        "r1c1 and r1c3 are both 5 in row 1"
    );
    // a position must be consistent: there a clash is an error, naming a placed value
    let placed = format!(":0000:x:5.+5{}:::", &LEET_LINE[3..]);
    let e = parse_position(&placed).unwrap_err();
    assert!(matches!(
        e.kind(),
        ParseErrorKind::Clash {
            placed: [false, true],
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "line 1: the placed value r1c3=5 clashes with the given r1c1=5 in row 1"
    );
    let given = format!(":0000:x:5.5{}:::", &LEET_LINE[3..]);
    assert_eq!(
        parse_position(&given).unwrap_err().to_string(),
        "line 1: the givens clash: r1c1 and r1c3 are both 5 in row 1"
    );
}

#[test]
fn over_long_lines_report_their_true_cell_count() {
    // lines are kept up to 4096 bytes; the cells beyond still count
    let row = vec!["5"; 3000].join(" ");
    assert_eq!(
        read_all(&row)[0].as_ref().unwrap_err().to_string(),
        "line 1, column 163: found 3000 cells instead of 81"
    );
    let mut rows: Vec<String> = ROWS.iter().map(|r| r.to_string()).collect();
    rows[1] = row;
    let text = rows.join("\n");
    assert_eq!(
        read_all(&text)[0].as_ref().unwrap_err().to_string(),
        "line 2, column 19: row 2 has 3000 cells instead of 9"
    );
    // an 81-cell line with a long label is still a puzzle
    let labelled = format!("{LEET_LINE} {}", "1 ".repeat(3000));
    assert!(read_all(&labelled)[0].is_ok());
}

#[test]
fn reader_counts_the_bytes_it_read() {
    let text =
        format!("{LEET_LINE} a long label for the first puzzle\n# a comment\n\n{LEET_LINE}\n");
    let mut reader = PuzzleReader::new(text.as_bytes());
    assert_eq!(reader.bytes_read(), 0);
    reader.next();
    let first_line = text.lines().next().unwrap_or_default();
    assert_eq!(reader.bytes_read(), first_line.len() as u64 + 1);
    reader.next();
    assert_eq!(reader.bytes_read(), text.len() as u64);
    assert!(reader.next().is_none());
}

#[test]
fn reader_of_positions_keeps_pencil_marks() {
    let b = midgame();
    let text = format!("{}\n{}\n", pencilmarks(&b), position_line(&b));
    let got: Vec<Entry> = PuzzleReader::positions(text.as_bytes())
        .map(|e| e.unwrap())
        .collect();
    assert_eq!(got.len(), 2);
    for e in &got {
        let position = e.position.as_ref().expect("a position");
        assert!(same_position(position, &b));
        assert_eq!(e.grid.values(), b.grid().values());
    }
    // a reader of puzzles takes the library line's values, refuses pencil marks
    let puzzles: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
    assert_eq!(
        puzzles[0].as_ref().unwrap_err().kind(),
        &ParseErrorKind::PositionNotPuzzle
    );
    assert!(puzzles[1].as_ref().is_ok_and(|e| e.position.is_some()));
    // a plain puzzle has no position
    let plain = PuzzleReader::positions(LEET_LINE.as_bytes()).next();
    assert!(plain.is_some_and(|e| e.is_ok_and(|e| e.position.is_none())));
}

#[test]
fn line_with_labels_and_empty_marks() {
    let mut reader = PuzzleReader::new(
        format!(
            "{LEET_LINE}  # comment\n{LEET_LINE},label,4.5\n{LEET_LINE}\t4.5\n{}\n",
            LEET_LINE.replace('.', "_")
        )
        .as_bytes()
        .to_vec()
        .as_slice(),
    )
    .map(|e| e.unwrap())
    .collect::<Vec<_>>()
    .into_iter();
    let labels: Vec<(usize, String)> = reader.by_ref().map(|e| (e.line, e.label)).collect();
    assert_eq!(
        labels,
        vec![
            (1, "comment".to_string()),
            (2, "label,4.5".to_string()),
            (3, "4.5".to_string()),
            (4, String::new())
        ]
    );
    assert_eq!(grid(&LEET_LINE.replace('.', "*")).to_line(), LEET_LINE);
    assert_eq!(grid(&LEET_LINE.replace('.', "0")).to_line(), LEET_LINE);
    // 81 cells separated by blanks on one line
    let spaced: Vec<String> = LEET_LINE.chars().map(String::from).collect();
    assert_eq!(grid(&spaced.join(" ")).to_line(), LEET_LINE);
}

#[test]
fn project_euler_titles_label_their_grids() {
    let text = format!("Grid 01\n{}\nGrid 02\n{}\n", nine(&ROWS), nine(&ROWS));
    let got: Vec<(usize, String)> = read_all(&text)
        .into_iter()
        .map(|e| e.map(|e| (e.line, e.label)).unwrap())
        .collect();
    assert_eq!(
        got,
        vec![(2, "Grid 01".to_string()), (12, "Grid 02".to_string())]
    );
    assert_eq!(
        err("+-------+\n+-------+"),
        "no puzzle found: the text holds only frame lines"
    );
}

#[test]
fn placed_values_are_kept_apart() {
    let text = format!("+5{}", &LEET_LINE[1..]);
    let g = grid(&text);
    assert_eq!(g.value(cell(1, 1)), Some(digit(5)));
    assert!(!g.is_given(cell(1, 1)));
    assert!(g.is_given(cell(1, 2)));
    // a HoDoKu library line is a puzzle too
    let g = grid(&format!(":0000:x:{text}:::"));
    assert!(!g.is_given(cell(1, 1)) && g.is_given(cell(1, 2)));
}

// ----------------------------------------------------------------- errors

#[test]
fn error_cell_counts() {
    assert_eq!(
        err(&LEET_LINE[..79]),
        "line 1, column 80: found 79 cells instead of 81"
    );
    assert_eq!(
        err(&format!("{}  # comment", &LEET_LINE[..79])),
        "line 1, column 80: found 79 cells instead of 81"
    );
    assert_eq!(
        err(&format!("{LEET_LINE}5")),
        "line 1, column 82: found 82 cells instead of 81"
    );
    assert_eq!(
        err("53..7"),
        "line 1, column 6: found 5 cells instead of 81"
    );
    assert_eq!(err(""), "no puzzle found: the text is empty");
    assert_eq!(
        err("# only a comment\n\n"),
        "no puzzle found: the text is empty"
    );
}

#[test]
fn error_characters() {
    let mut bad = LEET_LINE.to_string();
    bad.replace_range(11..12, "x");
    assert_eq!(
        err(&bad),
        "line 1, column 12: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    );
    let e = parse(&format!("# header\n\n{bad}")).unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(3), Some(12)));
    assert_eq!(
        e.to_string(),
        "line 3, column 12: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    );
    assert_eq!(
        err("hello"),
        "line 1, column 1: 'h' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    );
    assert_eq!(
        err(&format!("5+{}", &LEET_LINE[2..])),
        "line 1, column 2: '+' marks a placed value: it must be followed by a digit 1-9"
    );
    assert_eq!(
        err(&bad.replace('x', "\u{1}")),
        "line 1, column 12: '\\u{1}' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    );
}

fn nine(rows: &[&str]) -> String {
    rows.join("\n")
}

const ROWS: [&str; 9] = [
    "5 3 0 0 7 0 0 0 0",
    "6 0 0 1 9 5 0 0 0",
    "0 9 8 0 0 0 0 6 0",
    "8 0 0 0 6 0 0 0 3",
    "4 0 0 8 0 3 0 0 1",
    "7 0 0 0 2 0 0 0 6",
    "0 6 0 0 0 0 2 8 0",
    "0 0 0 4 1 9 0 0 5",
    "0 0 0 0 8 0 0 7 9",
];

#[test]
fn error_rows() {
    let mut rows = ROWS.to_vec();
    rows[3] = "8 0 0 0 6 0 0 3";
    assert_eq!(
        err(&nine(&rows)),
        "line 4, column 16: row 4 has 8 cells instead of 9"
    );
    rows[3] = "8 0 0 0 6 0 0 0 3 1";
    assert_eq!(
        err(&nine(&rows)),
        "line 4, column 19: row 4 has 10 cells instead of 9"
    );
    rows[3] = "8 0 0 0 x 0 0 0 3";
    assert_eq!(
        err(&nine(&rows)),
        "line 4, column 9: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    );
    assert_eq!(err(&nine(&ROWS[..8])), "line 1: found 8 rows instead of 9");
    let mut ten = ROWS.to_vec();
    ten.push("0 0 0 0 0 0 0 0 0");
    assert_eq!(
        err(&nine(&ten)),
        "line 10: too many rows: the grid that starts on line 1 already has 9 rows"
    );
    // in a boxed grid the row number counts rows, the line counts lines
    let mut boxed_text = boxed(&grid(LEET_LINE));
    boxed_text = boxed_text.replace("| 4 . . | 8 . 3 | . . 1 |", "| 4 . . | 8 . 3 | . . |");
    assert_eq!(
        err(&boxed_text),
        "line 7, column 24: row 5 has 8 cells instead of 9"
    );
    let two = format!("{LEET_LINE}\n{LEET_LINE}");
    assert_eq!(
        err(&two),
        "line 2: a second puzzle starts here (the first one starts on line 1): give one puzzle"
    );
}

#[test]
fn error_json() {
    let short = LEET_JSON.replacen(r#"["6",".",".","1","9","5",".",".","."],"#, "", 1);
    assert_eq!(
        err(&short),
        "line 1, column 1: the board has 8 rows instead of 9"
    );
    let short_row = LEET_JSON.replacen(
        r#"["6",".",".","1","9","5",".",".","."]"#,
        r#"["6",".",".","1","9","5",".","."]"#,
        1,
    );
    assert_eq!(
        err(&short_row),
        "line 1, column 40: row 2 has 8 cells instead of 9"
    );
    let bad_cell = LEET_JSON.replacen(r#""7""#, r#""x""#, 1);
    assert_eq!(
        err(&bad_cell),
        "line 1, column 19: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    );
    let spread = bad_cell.replace("],[", "],\n[");
    assert_eq!(
        err(&spread),
        "line 1, column 19: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    );
    let last_row = LEET_JSON
        .replace("],[", "],\n[")
        .replacen(r#""7","9""#, r#""7","99""#, 1);
    assert_eq!(
        err(&format!("\n{last_row}")),
        "line 10, column 34: \"99\" is not one character (write a cell as \"5\", or \".\" when empty)"
    );
    let syntax = LEET_JSON.replacen(r#""3","#, r#""3" "#, 1);
    assert_eq!(
        err(&syntax),
        "line 1, column 11: not a valid JSON board: expected `,` or `]`"
    );
    assert_eq!(
        err(&LEET_JSON[..LEET_JSON.len() - 1]),
        "line 1: the JSON board is not closed (a ']' is missing)"
    );
    assert_eq!(
        err("[1,2]"),
        "line 1, column 1: the board has 2 rows instead of 9"
    );
    let numbers = LEET_JSON
        .replace("\".\"", "0")
        .replace('"', "")
        .replacen("7,9]]", "7,12]]", 1);
    assert!(err(&numbers).ends_with("12 is not allowed (use 1-9 for givens and 0 for empty cells)"));
}

#[test]
fn error_library_line() {
    let line = format!(":0000:x:{}:::", LEET_LINE.replacen('7', "x", 1));
    assert_eq!(
        parse_position(&line).unwrap_err().to_string(),
        "line 1, column 13: 'x' is not allowed in the givens field (use 1-9, '.', '0' or '+')"
    );
    let line = format!(":0000:x:{}:::", &LEET_LINE[..80]);
    assert_eq!(
        parse_position(&line).unwrap_err().to_string(),
        "line 1: found 80 cells instead of 81 in the givens field"
    );
}

// --------------------------------------------------------- stream reader

#[test]
fn reader_mixed_stream() {
    let text = format!(
        "# a file of puzzles\n\
         {LEET_LINE} first\n\
         \n\
         {}\n\
         {}\
         {}\n\
         {}\n\
         {LEET_LINE} last\n",
        nine(&ROWS),
        boxed(&grid(LEET_LINE)),
        LEET_JSON.replace("],[", "],\n ["),
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7",
    );
    let items = read_all(&text);
    let lines: Vec<String> = items
        .iter()
        .map(|i| match i {
            Ok(e) => {
                assert_eq!(e.grid.to_line(), LEET_LINE);
                format!("{} {}", e.line, e.label)
            }
            Err(e) => e.to_string(),
        })
        .collect();
    assert_eq!(
        lines,
        vec![
            "2 first",
            "4 ",
            "13 ",
            "26 ",
            "line 35, column 81: found 80 cells instead of 81",
            "36 last"
        ]
    );
}

#[test]
fn reader_goes_on_after_errors() {
    let mut rows = ROWS.to_vec();
    rows[2] = "0 9 8 0 0 0 0 6";
    let text = format!(
        "{}\n\n{}\n{}\nnot a puzzle\n{LEET_LINE}\n",
        nine(&rows),
        nine(&ROWS),
        nine(&ROWS)
    );
    let got: Vec<String> = read_all(&text)
        .into_iter()
        .map(|i| match i {
            Ok(e) => format!("ok {}", e.line),
            Err(e) => e.to_string(),
        })
        .collect();
    assert_eq!(
        got,
        vec![
            "line 3, column 16: row 3 has 8 cells instead of 9",
            "ok 11",
            "ok 20",
            "line 29, column 1: 'n' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)",
            "ok 30"
        ]
    );
}

#[test]
fn reader_reports_positions_and_unfinished_blocks() {
    let pencil = pencilmarks(&Board::from_grid(&grid(EASTER)).unwrap());
    let text = format!("{pencil}\n{}\n\n[[\"1\"]]\n", nine(&ROWS[..5]));
    let got: Vec<String> = read_all(&text)
        .into_iter()
        .map(|i| {
            i.map(|e| e.line.to_string())
                .unwrap_or_else(|e| e.to_string())
        })
        .collect();
    assert_eq!(
        got,
        vec![
            "line 1: this is a position with pencil marks, not a puzzle (read it as a position)",
            "line 15: found 5 rows instead of 9",
            "line 21, column 1: the board has 1 row instead of 9",
        ]
    );
}

#[test]
fn reader_keeps_memory_bounded() {
    // a 1 MB line without a newline, then a puzzle
    let mut text = format!("{LEET_LINE} ");
    text.push_str(&"x".repeat(1 << 20));
    text.push('\n');
    text.push_str(LEET_LINE);
    let got: Vec<Entry> = read_all(&text).into_iter().map(|e| e.unwrap()).collect();
    assert_eq!(got.len(), 2);
    assert!(got[0].label.len() < 5000);
    assert_eq!(got[1].line, 2);
    // invalid UTF-8 is reported with its place, not a panic
    let bytes: &[u8] = b"53..7\xff\xfe\n";
    let got: Vec<_> = PuzzleReader::new(bytes).collect();
    let e = got[0].as_ref().unwrap_err();
    assert_eq!(e.kind(), &ParseErrorKind::InvalidUtf8);
    assert_eq!(
        e.to_string(),
        "line 1, column 6: invalid UTF-8 here (save the text as UTF-8)"
    );
}

#[test]
fn reader_reads_every_shared_puzzle_file() {
    let Some(dir) = super::common::shared_data() else {
        super::common::skip(
            "reader_reads_every_shared_puzzle_file",
            "../shared/data is not present",
        );
        return;
    };
    let Ok(files) = std::fs::read_dir(dir.join("puzzles")) else {
        return;
    };
    for f in files.flatten() {
        let path = f.path();
        let Ok(file) = std::fs::File::open(&path) else {
            continue;
        };
        let expected = super::common::puzzle_lines(&path);
        let mut n = 0;
        for item in PuzzleReader::new(std::io::BufReader::new(file)) {
            let e = item.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(
                e.grid.to_line().replace('.', "0"),
                expected[n].replace('.', "0")
            );
            n += 1;
        }
        assert_eq!(n, expected.len(), "{}", path.display());
    }
}

// -------------------------------------------------------------- positions

#[test]
fn position_from_every_format() {
    let fresh = Board::from_grid(&grid(LEET_LINE)).unwrap();
    for text in [
        LEET_LINE.to_string(),
        LEET_JSON.to_string(),
        boxed(&grid(LEET_LINE)),
    ] {
        assert_eq!(parse_position(&text).unwrap(), fresh);
    }
    assert_eq!(
        parse_position(&format!("{}5{}", &LEET_LINE[..2], &LEET_LINE[3..]))
            .unwrap_err()
            .to_string(),
        "line 1: the givens clash: r1c1 and r1c3 are both 5 in row 1"
    );
}

/// A mid-game position: two placed values and a few removed candidates.
fn midgame() -> Board {
    let mut b = Board::from_grid(&grid(EASTER)).unwrap();
    b.set(cell(1, 2), digit(7)).unwrap();
    b.set(cell(9, 8), digit(7)).unwrap();
    for (r, c, d) in [(2, 1, 3), (5, 5, 1), (5, 5, 2)] {
        b.eliminate(sudoku_sensei::Candidate::new(cell(r, c), digit(d)));
    }
    b
}

/// The same values and candidates (givens and placed values not told apart).
fn same_position(a: &Board, b: &Board) -> bool {
    Cell::all().all(|c| a.value(c) == b.value(c) && a.candidates(c) == b.candidates(c))
}

#[test]
fn pencil_mark_grids() {
    let b = midgame();
    let printed = pencilmarks(&b);
    let read = parse_position(&printed).unwrap();
    assert!(same_position(&read, &b));
    // values read back as givens (the format does not tell them apart)
    assert!(read.is_given(cell(1, 2)));
    // without frame lines and bars, as SudokuWiki prints them
    let bare: String = printed
        .lines()
        .filter(|l| !l.starts_with('+'))
        .map(|l| l.replace('|', " ") + "\n")
        .collect();
    assert!(same_position(&parse_position(&bare).unwrap(), &b));
    // HoDoKu's frame
    let hodoku: String = printed
        .lines()
        .enumerate()
        .map(|(i, l)| match i {
            0 => l.replace('+', "."),
            12 => l.replace('+', "'"),
            _ if l.starts_with('+') => format!(":{}:", &l[1..l.len() - 1]),
            _ => l.to_string(),
        } + "\n")
        .collect();
    assert!(same_position(&parse_position(&hodoku).unwrap(), &b));
    // `+` marks a placed value; `.` a cell without notes
    let placed = printed.replacen("| 1 ", "| +1 ", 1);
    let read = parse_position(&placed).unwrap();
    assert!(!read.is_given(cell(1, 1)) && read.is_given(cell(1, 9)));
    // a single candidate is read as a value (a given)
    let fresh = Board::from_grid(&grid(EASTER)).unwrap();
    let first = fresh.candidates(cell(1, 3)).first().unwrap();
    let rows: Vec<String> = (1..=9)
        .map(|r| {
            let cells: Vec<String> = (1..=9)
                .map(|c| match fresh.value(cell(r, c)) {
                    Some(v) => v.to_string(),
                    None if (r, c) == (1, 3) => first.to_string(),
                    None => fresh.candidates(cell(r, c)).to_string(),
                })
                .collect();
            cells.join(" ")
        })
        .collect();
    let read = parse_position(&rows.join("\n")).unwrap();
    assert_eq!(read.value(cell(1, 3)), Some(first));
    assert!(read.is_given(cell(1, 3)));
    assert!(!read.has_candidate(cell(1, 4), first));
}

#[test]
fn pencil_mark_errors() {
    let printed = pencilmarks(&midgame());
    let lines: Vec<&str> = printed.lines().collect();
    let row2 = lines[2];
    let col = row2.find("3").unwrap();
    let bad = printed.replacen(row2, &row2.replacen('3', "x", 1), 1);
    assert_eq!(
        parse_position(&bad).unwrap_err().to_string(),
        format!("line 3, column {}: 'x' is not allowed in a pencil-mark grid (write each cell as its value or its candidates, e.g. 5 or 146)", col + 1)
    );
    let short = printed.replacen(row2, &row2.replacen(" 9 ", "   ", 1), 1);
    assert_eq!(
        parse_position(&short).unwrap_err().to_string(),
        "line 3: row 2 has 8 cells instead of 9"
    );
    assert!(parse(&printed)
        .unwrap_err()
        .to_string()
        .contains("a position with pencil marks"));
}

#[test]
fn candidate_strings() {
    let b = midgame();
    let s = candidate_string(&b);
    assert_eq!(s.len(), 729);
    let read = parse_position(&s).unwrap();
    assert!(same_position(&read, &b));
    assert_eq!(
        parse_position(&s[..728]).unwrap_err().to_string(),
        "line 1: found 728 characters instead of 729 in a candidate string (9 per cell)"
    );
    let mut bad = s.clone();
    bad.replace_range(99..100, "x");
    assert_eq!(
        parse_position(&bad).unwrap_err().to_string(),
        "line 1, column 100: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    );
}

#[test]
fn library_lines_keep_placed_values() {
    let b = midgame();
    let line = position_line(&b);
    assert!(line.starts_with(":0000:x:1+7......2"));
    assert_eq!(parse_position(&line).unwrap(), b);
    assert_eq!(parse_library_line(&line).unwrap().board, b);
}

#[test]
fn givens_checks() {
    let g = grid(&format!("{}5{}", &LEET_LINE[..6], &LEET_LINE[7..]));
    assert_eq!(
        check_givens(&g).unwrap_err().to_string(),
        "r1c1 and r1c7 are both 5 in row 1"
    );
    // r1c1 sees 1..8 in its row and 9 in its column: no clash, no digit
    let g = grid(
        "
        .12345678
        9........
        .........
        .........
        .........
        .........
        .........
        .........
        .........",
    );
    assert_eq!(
        check_givens(&g).unwrap_err().to_string(),
        "r1c1 can hold no digit: every digit is already used by one of its peers"
    );
    assert!(check_givens(&grid(LEET_LINE)).is_ok());
}

// ---------------------------------------------------------------- printing

#[test]
fn printers_round_trip() {
    for line in [LEET_LINE, EASTER] {
        let g = grid(line);
        assert_eq!(to_line(&g), line);
        for printed in [to_line(&g), nine_lines(&g), boxed(&g), leetcode(&g)] {
            assert_eq!(parse(&printed).unwrap(), g, "{printed}");
            let mut reader = PuzzleReader::new(printed.as_bytes());
            assert_eq!(reader.next().unwrap().unwrap().grid, g);
            assert!(reader.next().is_none());
        }
    }
    // with no naked single, a fresh position reads back exactly
    let fresh = Board::from_grid(&grid(EASTER)).unwrap();
    assert!(Cell::all().all(|c| fresh.candidates(c).len() != 1));
    assert_eq!(parse_position(&pencilmarks(&fresh)).unwrap(), fresh);
    assert_eq!(parse_position(&candidate_string(&fresh)).unwrap(), fresh);
    assert_eq!(leetcode(&grid(LEET_LINE)), LEET_JSON);
    assert_eq!(nine_lines(&grid(LEET_LINE)), nine(&ROWS) + "\n");
}

#[test]
fn pencilmarks_layout() {
    let printed = pencilmarks(&Board::from_grid(&grid(LEET_LINE)).unwrap());
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 13);
    assert!(lines
        .iter()
        .all(|l| l.chars().count() == lines[0].chars().count()));
    assert!(lines[0].starts_with("+---") && lines[4].starts_with("+---"));
    assert!(lines[1].starts_with("| 5 "), "{}", lines[1]);
    // every block bar sits in the same column
    let bars: Vec<usize> = lines[1].match_indices('|').map(|(i, _)| i).collect();
    for l in &lines[1..4] {
        assert_eq!(
            l.match_indices('|').map(|(i, _)| i).collect::<Vec<_>>(),
            bars
        );
    }
}

#[test]
fn side_by_side_joins_blocks() {
    let joined = side_by_side("ab\nabcd\n", "1\n2\n3\n", 2);
    assert_eq!(joined, "ab    1\nabcd  2\n      3\n");
    let g = grid(LEET_LINE);
    let both = side_by_side(&boxed(&g), &pencilmarks(&Board::from_grid(&g).unwrap()), 3);
    assert_eq!(both.lines().count(), 13);
    assert!(both
        .lines()
        .next()
        .unwrap()
        .starts_with("+-------+-------+-------+   +---"));
}

// ------------------------------------------------------------- robustness

/// xorshift64*: a small deterministic pseudo-random generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn try_everything(text: &str) {
    let _ = parse(text);
    let _ = parse_position(text);
    let _ = parse_library_line(text);
    for item in PuzzleReader::new(text.as_bytes()).chain(PuzzleReader::positions(text.as_bytes())) {
        if let Err(e) = item {
            assert!(e.line().is_some(), "{e}");
        }
    }
}

#[test]
fn garbage_never_panics() {
    let g = grid(LEET_LINE);
    let b = midgame();
    let samples = [
        to_line(&g),
        nine_lines(&g),
        boxed(&g),
        leetcode(&g),
        LEET_JSON.replace("],[", "],\n["),
        pencilmarks(&b),
        candidate_string(&b),
        position_line(&b),
        format!("{LEET_LINE},label\n{}", nine(&ROWS)),
        // boxed grids with blank empty cells, grids side by side
        boxed(&g).replace('.', " "),
        beside(
            &boxed(&g).replace('.', " "),
            &boxed(&grid(LEET_SOLUTION)),
            6,
            "  -->  ",
        ),
        side_by_side(&boxed(&g), &boxed(&grid(LEET_SOLUTION)), 4),
    ];
    let alphabet: Vec<char> = "0123456789.+-|*_:#,[]\"' \t\n\rx\u{feff}é>\u{fffd}"
        .chars()
        .collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for s in &samples {
        let chars: Vec<char> = s.chars().collect();
        // every truncation
        for n in 0..=chars.len() {
            try_everything(&chars[..n].iter().collect::<String>());
        }
        // random mutations
        for _ in 0..300 {
            let mut c = chars.clone();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(c.len().max(1));
                match rng.below(3) {
                    0 if i < c.len() => {
                        c.remove(i);
                    }
                    1 => c.insert(i.min(c.len()), alphabet[rng.below(alphabet.len())]),
                    _ if i < c.len() => c[i] = alphabet[rng.below(alphabet.len())],
                    _ => {}
                }
            }
            try_everything(&c.iter().collect::<String>());
        }
    }
    // random bytes, valid UTF-8 or not
    for _ in 0..500 {
        let len = rng.below(900);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        for item in PuzzleReader::new(bytes.as_slice()) {
            let _ = item;
        }
        try_everything(&String::from_utf8_lossy(&bytes));
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        try_everything(&text);
    }
}
