//! Text that cannot be read: the error messages (what is wrong, the
//! line, the column, the counts) and garbage that must not make a reader
//! panic. The formats themselves are in format.rs.

use crate::format::{
    beside, err, grid, midgame, nine, read_all, LEET_JSON, LEET_LINE, LEET_SOLUTION, ROWS,
};
use sudoku_sensei::format::hodoku::{parse_library_line, position_line};
use sudoku_sensei::format::{
    boxed, candidate_string, leetcode, nine_lines, parse, parse_position, pencilmarks,
    side_by_side, to_line, ParseErrorKind, PuzzleReader, Within,
};

// ----------------------------------------------------------------- errors

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
        "line 1, column 1: the JSON board that opens here is not closed: 1 ']' is missing at the end of line 1"
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

// ------------------------------------------- unfinished JSON boards in a stream

/// Each item of a stream as `<line> ok` or its error.
fn stream(text: &str) -> Vec<String> {
    read_all(text)
        .into_iter()
        .map(|i| match i {
            Ok(e) => format!("{} ok", e.line),
            Err(e) => e.to_string(),
        })
        .collect()
}

#[test]
fn a_stray_bracket_is_one_error_and_the_puzzles_after_it_are_read() {
    // issue 31: a `[` line swallowed up to 16,384 characters of puzzles
    let mut text = String::from("[\n");
    for _ in 0..50 {
        text.push_str(LEET_LINE);
        text.push('\n');
    }
    let items = stream(&text);
    assert_eq!(items.len(), 51, "{items:?}");
    assert_eq!(
        items[0],
        "line 1, column 1: the JSON board that opens here is not closed: 1 ']' is missing at the end of line 1"
    );
    assert!(items[1..]
        .iter()
        .enumerate()
        .all(|(i, s)| *s == format!("{} ok", i + 2)));
}

#[test]
fn a_board_cut_short_ends_before_any_line_that_cannot_continue_it() {
    let cut = r#"  [["5","3",".","#;
    let spread = LEET_JSON.replace("],[", "],\n [");
    let followers = [
        // an 81-character line, a HoDoKu line, a new one-line board, a
        // new board over several lines, a title and its grid, a boxed
        // grid, a row of a nine-line grid, a `|` row
        LEET_LINE.to_string(),
        format!(":0000:x:{LEET_LINE}:::"),
        LEET_JSON.to_string(),
        spread.clone(),
        format!("Grid 01\n{}", nine(&ROWS)),
        boxed(&grid(LEET_LINE)).trim_end().to_string(),
        nine(&ROWS),
    ];
    for next in &followers {
        let text = format!("{cut}\n{next}\n{LEET_LINE}\n");
        let items = stream(&text);
        assert_eq!(
            items,
            [
                "line 1, column 3: the JSON board that opens here is not closed: 2 ']' are missing at the end of line 1".to_string(),
                // (a titled grid starts on its first row)
                format!("{} ok", if next.starts_with("Grid") { 3 } else { 2 }),
                format!("{} ok", 2 + next.lines().count()),
            ],
            "after {next:?}"
        );
    }
    // a stray `|` row: an error of its own, and the puzzle after it is read
    let items = stream(&format!("[\n|\n{LEET_LINE}\n"));
    assert_eq!(items.len(), 3, "{items:?}");
    assert!(items[0].starts_with("line 1, column 1: the JSON board that opens here is not closed"));
    assert!(items[1].starts_with("line 2"), "{items:?}");
    assert_eq!(items[2], "3 ok");
    // a stray `[` before a board whose first line is a lone `[`
    let board = LEET_JSON
        .replacen("[[", "[\n[", 1)
        .replace("],[", "],\n[")
        .replace("]]", "]\n]");
    let items = stream(&format!("[\n{board}\n{LEET_LINE}\n"));
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!(items[1..], ["2 ok", "13 ok"]);
}

#[test]
fn boards_over_several_lines_are_still_read() {
    // one row a line; one value a line, as Python's json.dumps(indent=2)
    // writes it; a comment line inside
    let rows = LEET_JSON.replace("],[", "],\n [");
    let values = LEET_JSON
        .replacen("[[", "[\n  [\n    ", 1)
        .replace("],[", "\n  ],\n  [\n    ")
        .replace(",\"", ",\n    \"")
        .replace("]]", "\n  ]\n]");
    assert!(values.lines().count() > 100, "{values}");
    let commented = LEET_JSON.replace("],[", "],\n# a comment\n[");
    for board in [rows, values, commented] {
        let text = format!("{LEET_LINE}\n{board}\n{LEET_LINE}\n");
        let items = read_all(&text);
        assert_eq!(items.len(), 3, "{board}");
        for item in &items {
            assert_eq!(
                item.as_ref().map(|e| e.grid.to_line()).ok().as_deref(),
                Some(LEET_LINE)
            );
        }
        assert_eq!(
            items[2].as_ref().map(|e| e.line).ok(),
            Some(board.lines().count() + 2)
        );
    }
}

#[test]
fn a_board_cannot_run_on_past_a_board_s_length() {
    // 200 lines of lone values after a `[`: no board is that long
    let mut text = String::from("[\n");
    for _ in 0..200 {
        text.push_str("5,\n");
    }
    text.push_str(LEET_LINE);
    let items = stream(&text);
    assert_eq!(
        items,
        [
            "line 1, column 1: the JSON board runs over more than 128 lines (a 9x9 board takes at most 101)",
            "202 ok"
        ]
    );
}

// ----------------------------------------------------- over-long lines told truly

#[test]
fn an_over_long_library_line_is_reported_as_too_long() {
    // issue 31: cut at 4,096 bytes, it was reported as "found 3 fields"
    let line = format!(":0000:x:{}:{}:::", ".".repeat(5000), LEET_LINE);
    let items = stream(&format!("{line}\n{LEET_LINE}\n"));
    assert_eq!(
        items,
        [
            format!(
                "line 1: the line is {} bytes long, longer than the 4096 bytes read of a line (a HoDoKu library line is far shorter)",
                line.len()
            ),
            "2 ok".to_string()
        ]
    );
}

#[test]
fn a_huge_line_of_dots_is_a_line_of_that_many_cells() {
    // issue 31: 10 MB of dots was reported as an over-long candidate string
    let dots = ".".repeat(10_000_000);
    let items = stream(&format!("{dots}\n{LEET_LINE}\n"));
    assert_eq!(
        items,
        [
            "line 1, column 82: found 10000000 cells instead of 81".to_string(),
            "2 ok".to_string()
        ]
    );
    // a candidate string with a slip is still read as one
    let items = stream(&format!("{}\n", ".".repeat(730)));
    assert_eq!(
        items,
        ["line 1, column 730: found more than 729 characters in a candidate string (9 per cell)"]
    );
}
