//! Reading and printing every puzzle format: detection, real user inputs,
//! the streaming reader, positions with pencil marks, round trips. What
//! cannot be read (the messages, garbage) is in format_errors.rs.

use sudoku_sensei::format::hodoku::{parse_library_line, position_line};
use sudoku_sensei::format::{
    boxed, candidate_string, check_givens, leetcode, nine_lines, parse, parse_position,
    pencilmarks, side_by_side, to_line, Entry, ParseError, ParseErrorKind, PuzzleReader,
};
use sudoku_sensei::{Board, Cell, Digit, Grid};

/// LeetCode problem 37's example, as an 81-character line.
pub const LEET_LINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub const LEET_JSON: &str = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
/// A hard puzzle whose fresh position has no naked single.
const EASTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

pub fn grid(line: &str) -> Grid {
    parse(line).unwrap()
}

pub fn err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

fn cell(r: u8, c: u8) -> Cell {
    Cell::at(r - 1, c - 1)
}

fn digit(d: u8) -> Digit {
    Digit::new(d).unwrap()
}

pub fn read_all(text: &str) -> Vec<Result<Entry, ParseError>> {
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
pub const LEET_SOLUTION: &str =
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
pub fn beside(left: &str, right: &str, at: usize, arrow: &str) -> String {
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

pub fn nine(rows: &[&str]) -> String {
    rows.join("\n")
}

pub const ROWS: [&str; 9] = [
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
pub fn midgame() -> Board {
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
