//! `--output FILE` and `--resume` for a batch command that writes one row
//! per puzzle (`grade`): the rows reach the file as they are done (the
//! batch driver flushes them at least once a second), so a run stopped in
//! any way keeps them; a later run with `--resume` reads the file's rows,
//! drops a row cut short, and goes on after the last whole one (see
//! [`super::batch::Batch::resume_after`], which checks every row against
//! the inputs).

use super::batch::DoneRow;
use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom};
use std::path::Path;
use sudoku_sensei::OutcomeKind;

/// How the rows are written.
pub enum Rows<'a> {
    /// Tab-separated, after `header` (which ends with a newline); the
    /// columns start `file` (several inputs), `line`, `puzzle`, then the
    /// first scale's.
    Tsv { header: &'a str },
    /// One JSON object a line, with `line`, `puzzle`, `outcome` and
    /// (several inputs) `file`, and exactly the keys of `keys`, whose
    /// objects' `rules` (if any) are those given.
    JsonLines {
        keys: &'a [(&'a str, Option<&'a str>)],
    },
}

/// What an earlier run left in the output file.
#[derive(Debug, PartialEq, Eq)]
pub struct Left {
    /// The bytes to keep: up to the last whole line.
    pub keep: u64,
    /// Whether those hold the header.
    pub header: bool,
    /// The rows, in order.
    pub rows: Vec<DoneRow>,
}

impl Left {
    const NOTHING: Left = Left {
        keep: 0,
        header: false,
        rows: Vec::new(),
    };
}

/// Open `path` for the rows of this run. Without `resume`: created
/// afresh, but a regular file that holds anything is refused (nothing is
/// lost to a command typed again); a device (`/dev/null`) is written as it
/// is. With `resume`: a regular file, kept up to its last whole row, to be
/// written on after it (missing or empty: made afresh). `Err`: the
/// message, saying what is wrong and where.
pub fn open(path: &Path, resume: bool, rows: &Rows, several: bool) -> Result<(File, Left), String> {
    let shown = path.display();
    if path.as_os_str() == "-" {
        return Err("-o -: standard output is where the rows go without -o".to_string());
    }
    let meta = match std::fs::metadata(path) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    let regular = meta.as_ref().is_none_or(|m| m.is_file());
    if let Some(meta) = &meta {
        if meta.is_dir() {
            return Err(format!("{shown} is a folder, not a file"));
        }
        if !regular && resume {
            return Err(format!(
                "{shown} is not a regular file: there is nothing to resume"
            ));
        }
        if regular && !resume && meta.len() > 0 {
            return Err(format!(
                "{shown} exists and is not empty: add --resume to go on after its last row, \
                 or remove it to start afresh"
            ));
        }
    }
    let left = if resume && meta.is_some() {
        let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
        read(&bytes, rows, several).map_err(|e| format!("{shown}: {e}"))?
    } else {
        Left::NOTHING
    };
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => format!("{shown}: its folder does not exist"),
            _ => format!("{shown}: {e}"),
        })?;
    if regular {
        let mut file = &file;
        file.set_len(left.keep)
            .and_then(|()| file.seek(SeekFrom::End(0)))
            .map_err(|e| format!("{shown}: {e}"))?;
    }
    Ok((file, left))
}

/// The rows `bytes` of an earlier run hold (see [`Left`]). `Err`: the file
/// does not hold this run's rows (another format, scale, version or
/// number of inputs, or no rows of ours); the message says which line and
/// why.
pub fn read(bytes: &[u8], rows: &Rows, several: bool) -> Result<Left, String> {
    let end = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let (whole, cut) = bytes.split_at(end);
    let text = std::str::from_utf8(whole).map_err(|_| "not text (UTF-8)".to_string())?;
    let cut = String::from_utf8_lossy(cut);
    let mut left = Left {
        keep: whole.len() as u64,
        header: false,
        rows: Vec::new(),
    };
    let (body, first_row_line) = match rows {
        Rows::Tsv { header } => {
            if !text.starts_with(header) {
                if header.starts_with(&format!("{text}{cut}")) {
                    // the header alone, cut short: written again
                    return Ok(Left::NOTHING);
                }
                return Err(other_header(text, &cut, header));
            }
            left.header = true;
            (&text[header.len()..], header.lines().count() + 1)
        }
        Rows::JsonLines { .. } => (text, 1),
    };
    for (i, row) in body.lines().enumerate() {
        let at = first_row_line + i;
        let done = match rows {
            Rows::Tsv { .. } => tsv_row(row, several),
            Rows::JsonLines { keys } => json_row(row, several, keys),
        };
        left.rows
            .push(done.map_err(|why| format!("line {at}: {why}"))?.at(at));
    }
    // what a stop cut short is dropped; anything else is no row of ours
    if !cut.is_empty() {
        let at = first_row_line + left.rows.len();
        let ours = match rows {
            Rows::Tsv { .. } => !cut.starts_with('#'),
            Rows::JsonLines { keys } => {
                // (rows are written with their keys in order, `file` first)
                let first = match several {
                    true => "file",
                    false => keys.iter().map(|(k, _)| *k).min().unwrap_or("line"),
                };
                let start = format!("{{\"{first}\"");
                (cut.starts_with(&start) || start.starts_with(&*cut))
                    && (serde_json::from_str::<serde_json::Value>(&cut).is_err()
                        || json_row(&cut, several, keys).is_ok())
            }
        };
        if !ours {
            return Err(format!(
                "line {at}: {} is no row of this run cut short: is this the output of `sensei grade` \
                 with these options?",
                shorten(&cut)
            ));
        }
    }
    Ok(left)
}

/// At most 100 characters of `text`, for a message.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(100) {
        Some((i, _)) => format!("{:?}...", &text[..i]),
        None => format!("{text:?}"),
    }
}

/// The message for a file whose header is not `header` (a comment line,
/// then the columns): the columns when they differ, else the comment.
fn other_header(text: &str, cut: &str, header: &str) -> String {
    let mut found = text.lines().chain(std::iter::once(cut));
    let mut wanted = header.lines();
    let (comment, columns) = (found.next().unwrap_or(""), found.next().unwrap_or(""));
    let (comment_wanted, columns_wanted) =
        (wanted.next().unwrap_or(""), wanted.next().unwrap_or(""));
    let why = if !comment.starts_with('#') {
        format!(
            "line 1 is {}, not the header of this command's tab-separated rows (another --format?)",
            shorten(comment)
        )
    } else if columns != columns_wanted {
        format!(
            "line 2 has the columns {}, where this run writes {} (another --scale, or another \
             number of inputs?)",
            shorten(columns),
            shorten(columns_wanted)
        )
    } else {
        format!(
            "line 1 names the rating rules {}, where this run's are {} (another --scale, or \
             another version of sensei?)",
            shorten(comment.trim_start_matches("# ")),
            shorten(comment_wanted.trim_start_matches("# "))
        )
    };
    format!(
        "{why}: the file holds the rows of another run. Resume with that run's options and \
         version, or write to another file"
    )
}

/// The outcomes other than solved, as rows write them.
const NOT_SOLVED: [OutcomeKind; 4] = [
    OutcomeKind::Stuck,
    OutcomeKind::NoSolution,
    OutcomeKind::MultipleSolutions,
    OutcomeKind::InvalidGivens,
];

impl DoneRow {
    fn at(mut self, at: usize) -> DoneRow {
        self.at = at;
        self
    }
}

/// The row of a tab-separated line: `file` (several inputs), `line`,
/// `puzzle`, then the first scale's column, `-` or an outcome when the
/// puzzle was not solved.
fn tsv_row(row: &str, several: bool) -> Result<DoneRow, String> {
    let mut cols = row.split('\t');
    let name = if several {
        cols.next().map(str::to_string)
    } else {
        None
    };
    let line = cols.next().and_then(|l| l.parse::<usize>().ok());
    let puzzle = cols.next().filter(|p| p.len() == 81);
    let first = cols.next();
    match (line, puzzle, first) {
        (Some(line), Some(puzzle), Some(first)) => Ok(DoneRow {
            name,
            line,
            puzzle: puzzle.to_string(),
            solved: first != "-" && NOT_SOLVED.iter().all(|o| o.slug() != first),
            at: 0,
        }),
        _ => Err(format!(
            "{} is not a row of this run (its line and puzzle)",
            shorten(row)
        )),
    }
}

/// The row of a JSON line.
fn json_row(row: &str, several: bool, keys: &[(&str, Option<&str>)]) -> Result<DoneRow, String> {
    let not_ours = || format!("{} is not a JSON row of this run", shorten(row));
    let v: serde_json::Value = serde_json::from_str(row).map_err(|_| not_ours())?;
    let object = v.as_object().ok_or_else(not_ours)?;
    let name = object.get("file").and_then(serde_json::Value::as_str);
    if several != name.is_some() {
        return Err(format!(
            "its rows {} their input, but this run has {}",
            if several { "do not name" } else { "name" },
            if several {
                "several inputs"
            } else {
                "one input"
            }
        ));
    }
    // the keys of this run's rows, and the rules of each scale
    let extra = object
        .keys()
        .find(|k| k.as_str() != "file" && !keys.iter().any(|(key, _)| key == k));
    let missing = keys.iter().find(|(key, _)| !object.contains_key(*key));
    if let Some(key) = extra.map(String::as_str).or(missing.map(|(k, _)| *k)) {
        return Err(format!(
            "the row {} \"{key}\", which this run's rows {} (another --scale?)",
            if extra.is_some() { "has" } else { "lacks" },
            if extra.is_some() { "lack" } else { "have" },
        ));
    }
    for (key, rules) in keys {
        let found = object
            .get(*key)
            .and_then(|o| o.get("rules"))
            .and_then(|r| r.as_str());
        if let (Some(found), Some(rules)) = (found, rules) {
            if found != *rules {
                return Err(format!(
                    "its \"{key}\" rules are {found:?}, where this run's are {rules:?} (another \
                     version of sensei?)"
                ));
            }
        }
    }
    let line = object.get("line").and_then(serde_json::Value::as_u64);
    let puzzle = object
        .get("puzzle")
        .and_then(serde_json::Value::as_str)
        .filter(|p| p.len() == 81);
    let outcome = object.get("outcome").and_then(serde_json::Value::as_str);
    match (line.and_then(|l| usize::try_from(l).ok()), puzzle, outcome) {
        (Some(line), Some(puzzle), Some(outcome)) => Ok(DoneRow {
            name: name.map(str::to_string),
            line,
            puzzle: puzzle.to_string(),
            solved: outcome == OutcomeKind::Solved.slug(),
            at: 0,
        }),
        _ => Err(not_ours()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "# rules\nline\tpuzzle\ter\n";
    const KEYS: &[(&str, Option<&str>)] = &[
        ("guess", None),
        ("line", None),
        ("outcome", None),
        ("puzzle", None),
        ("se", Some("v4")),
    ];

    fn puzzle(c: char) -> String {
        c.to_string().repeat(81)
    }

    fn tsv(text: &str, several: bool) -> Result<Left, String> {
        read(text.as_bytes(), &Rows::Tsv { header: HEADER }, several)
    }

    fn json(text: &str, several: bool) -> Result<Left, String> {
        read(text.as_bytes(), &Rows::JsonLines { keys: KEYS }, several)
    }

    fn record(line: usize, c: char, outcome: &str) -> String {
        let p = puzzle(c);
        format!(
            "{{\"guess\":false,\"line\":{line},\"outcome\":\"{outcome}\",\"puzzle\":\"{p}\",\"se\":{{\"er\":1.2,\"rules\":\"v4\"}}}}"
        )
    }

    #[test]
    fn a_tsv_file_goes_on_after_its_last_whole_row() {
        let rows = format!("{HEADER}3\t{}\t1.2\n7\t{}\t-\n", puzzle('1'), puzzle('2'));
        let left = tsv(&rows, false).unwrap();
        assert_eq!(left.keep, rows.len() as u64);
        assert!(left.header);
        let got: Vec<_> = left
            .rows
            .iter()
            .map(|r| (r.line, r.puzzle.clone(), r.solved, r.at))
            .collect();
        assert_eq!(got, [(3, puzzle('1'), true, 3), (7, puzzle('2'), false, 4)]);
        // a row cut by a kill is dropped: the one before is the last
        let cut = format!("{rows}9\t{}", &puzzle('3')[..40]);
        let left = tsv(&cut, false).unwrap();
        assert_eq!(left.keep, rows.len() as u64);
        assert_eq!(left.rows.len(), 2);
        // an outcome in the first scale's column: not solved
        let stuck = format!("{HEADER}1\t{}\tno_solution\n", puzzle('1'));
        assert!(!tsv(&stuck, false).unwrap().rows[0].solved);
    }

    #[test]
    fn a_header_alone_or_cut_or_nothing_starts_afresh_or_after_it() {
        assert_eq!(tsv("", false).unwrap(), Left::NOTHING);
        assert_eq!(tsv("# ru", false).unwrap(), Left::NOTHING);
        assert_eq!(tsv("# rules\nli", false).unwrap(), Left::NOTHING);
        let left = tsv(HEADER, false).unwrap();
        assert_eq!(
            (left.keep, left.header, left.rows.len()),
            (HEADER.len() as u64, true, 0)
        );
    }

    #[test]
    fn another_runs_rows_are_refused_with_the_line_that_differs() {
        let e = tsv("# other rules\nline\tpuzzle\ter\n", false).unwrap_err();
        assert!(
            e.starts_with("line 1 names the rating rules \"other rules\""),
            "{e}"
        );
        let e = tsv("# other rules\nline\tpuzzle\thodoku\n", false).unwrap_err();
        assert!(
            e.starts_with("line 2 has the columns \"line\\tpuzzle\\thodoku\""),
            "{e}"
        );
        // any row that is not one, not only the last
        let e = tsv(&format!("{HEADER}x\ty\n1\t{}\t1.2\n", puzzle('1')), false).unwrap_err();
        assert!(e.starts_with("line 3: \"x\\ty\" is not a row"), "{e}");
        // JSON rows where TSV is written, and the other way
        let e = tsv(&format!("{}\n", record(1, '1', "solved")), false).unwrap_err();
        assert!(e.contains("another --format"), "{e}");
        let e = json(HEADER, false).unwrap_err();
        assert!(
            e.starts_with("line 1: \"# rules\" is not a JSON row"),
            "{e}"
        );
    }

    #[test]
    fn json_rows_are_checked_for_their_keys_rules_and_input() {
        let rows = format!(
            "{}\n{}\n",
            record(4, '1', "solved"),
            record(6, '2', "stuck")
        );
        let left = json(&rows, false).unwrap();
        let got: Vec<_> = left
            .rows
            .iter()
            .map(|r| (r.name.clone(), r.line, r.solved))
            .collect();
        assert_eq!(got, [(None, 4, true), (None, 6, false)]);
        // another scale: a key too many or too few
        let hodoku = rows.replace("\"se\"", "\"hodoku\"");
        let e = json(&hodoku, false).unwrap_err();
        assert!(e.starts_with("line 1: the row has \"hodoku\""), "{e}");
        // other rules
        let e = json(&rows.replace("v4", "v3"), false).unwrap_err();
        assert!(e.contains("rules are \"v3\""), "{e}");
        // the input named exactly when there are several
        let named = rows.replace("{\"guess\"", "{\"file\":\"a.txt\",\"guess\"");
        assert_eq!(
            json(&named, true).unwrap().rows[1].name.as_deref(),
            Some("a.txt")
        );
        assert!(json(&rows, true).is_err());
        assert!(json(&named, false).is_err());
    }

    #[test]
    fn only_a_row_cut_short_is_dropped_never_a_file_of_something_else() {
        let whole = format!("{}\n", record(4, '1', "solved"));
        let cut = &record(5, '2', "solved")[..30];
        assert_eq!(
            json(&format!("{whole}{cut}"), false).unwrap().keep,
            whole.len() as u64
        );
        // a first row cut short: started afresh
        assert_eq!(json(cut, false).unwrap(), Left::NOTHING);
        // a file of one line without its newline that is no row of ours
        for other in ["{\"precious\":\"data\"}", "notes", "{\"guess\":1}"] {
            let e = json(other, false).unwrap_err();
            assert!(
                e.starts_with("line 1: ") && e.contains("no row of this run"),
                "{e}"
            );
        }
        let e = tsv("a note without a newline", false).unwrap_err();
        assert!(e.starts_with("line 1 is \"a note"), "{e}");
    }

    #[test]
    fn tsv_rows_of_several_inputs_name_theirs() {
        let header = "# rules\nfile\tline\tpuzzle\ter\n";
        let rows = format!("{header}b.txt\t12\t{}\t2.0\n", puzzle('5'));
        let left = read(rows.as_bytes(), &Rows::Tsv { header }, true).unwrap();
        let last = &left.rows[0];
        assert_eq!(
            (last.name.as_deref(), last.line, last.at),
            (Some("b.txt"), 12, 3)
        );
    }
}
