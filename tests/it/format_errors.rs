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
