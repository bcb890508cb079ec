//! `--output FILE` and `--resume` for a batch command that writes one row
//! per puzzle (`grade`): the file is flushed as rows are done, so a run
//! stopped in any way keeps them; a later run with `--resume` reads where
//! the file ends, cuts a row left unfinished, and goes on after the last
//! whole row's puzzle (see [`super::batch::Batch::resume_after`]).

use super::batch::ResumePoint;
use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom};
use std::path::Path;
use std::time::{Duration, Instant};

/// How the rows are written.
pub enum Rows<'a> {
    /// Tab-separated, after `header` (which ends with a newline); the
    /// columns start `file` (several inputs), `line`, `puzzle`.
    Tsv { header: &'a str },
    /// One JSON object a line, with `line`, `puzzle` and (several inputs)
    /// `file`.
    JsonLines,
}

/// What an earlier run left in the output file.
#[derive(Debug, PartialEq, Eq)]
pub struct Left {
    /// The bytes to keep: up to the last whole line.
    pub keep: u64,
    /// Whether those hold the header.
    pub header: bool,
    /// The puzzle of the last whole row, if there is a row.
    pub last: Option<ResumePoint>,
}

impl Left {
    const NOTHING: Left = Left {
        keep: 0,
        header: false,
        last: None,
    };
}

/// Open `path` for the rows of this run: created afresh (an existing file
/// that holds anything is refused, unless `resume`: nothing is lost to a
/// command typed again), or with `resume`, kept up to its last whole row,
/// to be written on after it. `Err`: the message, saying what is wrong and
/// where.
pub fn open(path: &Path, resume: bool, rows: &Rows, several: bool) -> Result<(File, Left), String> {
    let shown = path.display();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    if !resume && !bytes.is_empty() {
        return Err(format!(
            "{shown} exists and is not empty: add --resume to go on after its last row, or \
             remove it to start afresh"
        ));
    }
    let left = if resume {
        read(&bytes, rows, several).map_err(|e| format!("{shown}: {e}"))?
    } else {
        Left::NOTHING
    };
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .and_then(|mut f| {
            f.set_len(left.keep)?;
            f.seek(SeekFrom::End(0))?;
            Ok(f)
        })
        .map_err(|e| format!("{shown}: {e}"))?;
    Ok((file, left))
}

/// Where the rows `bytes` of an earlier run end (see [`Left`]). `Err`:
/// the file does not hold this run's rows (another format, scale, version
/// or number of inputs); the message says which line and why.
pub fn read(bytes: &[u8], rows: &Rows, several: bool) -> Result<Left, String> {
    // a last line without its newline was cut by the stop: it is dropped
    let whole = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(end) => &bytes[..=end],
        None => return Ok(Left::NOTHING),
    };
    let text = std::str::from_utf8(whole).map_err(|_| "not text (UTF-8)".to_string())?;
    let keep = whole.len() as u64;
    let lines = text.lines().count();
    let rows_text = match rows {
        Rows::Tsv { header } => {
            if !text.starts_with(header) {
                if header.starts_with(text) {
                    // the header alone, cut: written again
                    return Ok(Left::NOTHING);
                }
                return Err(other_header(text, header));
            }
            &text[header.len()..]
        }
        Rows::JsonLines => text,
    };
    let Some(last) = rows_text.lines().last() else {
        return Ok(Left {
            keep,
            header: true,
            last: None,
        });
    };
    if let Rows::JsonLines = rows {
        // (the first row too: a file of another format says so at line 1)
        let first = rows_text.lines().next().unwrap_or("");
        json_point(first, several).map_err(|why| format!("line 1: {why}"))?;
    }
    let point = match rows {
        Rows::Tsv { .. } => tsv_point(last, several),
        Rows::JsonLines => json_point(last, several),
    }
    .map_err(|why| format!("line {lines}: {why}"))?;
    Ok(Left {
        keep,
        header: matches!(rows, Rows::Tsv { .. }),
        last: Some(point),
    })
}

/// The message for a file whose header is not `header` (a comment line,
/// then the columns): the columns when they differ, else the comment.
fn other_header(text: &str, header: &str) -> String {
    let mut found = text.lines();
    let mut wanted = header.lines();
    let (comment, columns) = (found.next().unwrap_or(""), found.next().unwrap_or(""));
    let (comment_wanted, columns_wanted) =
        (wanted.next().unwrap_or(""), wanted.next().unwrap_or(""));
    let why = if !comment.starts_with('#') {
        format!("line 1 is {comment:?}, not the header of tab-separated rows (another --format?)")
    } else if columns != columns_wanted {
        format!(
            "line 2 has the columns {columns:?}, where this run writes {columns_wanted:?} \
             (another --scale, or another number of inputs?)"
        )
    } else {
        format!(
            "line 1 is {comment:?}, where this run writes {comment_wanted:?} (another --scale, \
             or another version of the rating rules?)"
        )
    };
    format!("{why}: the file holds the rows of another run. Resume with that run's options and version, or write to another file")
}

/// The puzzle of a tab-separated row.
fn tsv_point(row: &str, several: bool) -> Result<ResumePoint, String> {
    let mut cols = row.split('\t');
    let name = if several {
        cols.next().map(str::to_string)
    } else {
        None
    };
    let line = cols.next().and_then(|l| l.parse::<usize>().ok());
    let puzzle = cols.next().filter(|p| p.len() == 81);
    match (line, puzzle) {
        (Some(line), Some(puzzle)) => Ok(ResumePoint {
            name,
            line,
            puzzle: puzzle.to_string(),
        }),
        _ => Err(format!(
            "{row:?} is not a row of this run (its line and puzzle)"
        )),
    }
}

/// The puzzle of a JSON row.
fn json_point(row: &str, several: bool) -> Result<ResumePoint, String> {
    let not_ours = || format!("{row:?} is not a JSON row of this run");
    let v: serde_json::Value = serde_json::from_str(row).map_err(|_| not_ours())?;
    let line = v.get("line").and_then(serde_json::Value::as_u64);
    let puzzle = v
        .get("puzzle")
        .and_then(serde_json::Value::as_str)
        .filter(|p| p.len() == 81);
    let name = v.get("file").and_then(serde_json::Value::as_str);
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
    match (line.and_then(|l| usize::try_from(l).ok()), puzzle) {
        (Some(line), Some(puzzle)) => Ok(ResumePoint {
            name: name.map(str::to_string),
            line,
            puzzle: puzzle.to_string(),
        }),
        _ => Err(not_ours()),
    }
}

/// Flushes a file's rows at most once a `PERIOD`, so that a run killed
/// without warning loses no more than that of the rows it wrote.
pub struct Flusher {
    last: Instant,
}

impl Flusher {
    pub const PERIOD: Duration = Duration::from_secs(1);

    pub fn new() -> Flusher {
        Flusher {
            last: Instant::now(),
        }
    }

    /// Flush `out` if the last flush is a [`Flusher::PERIOD`] ago.
    pub fn tick(&mut self, out: &mut impl io::Write) -> io::Result<()> {
        if self.last.elapsed() >= Self::PERIOD {
            out.flush()?;
            self.last = Instant::now();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "# rules\nline\tpuzzle\ter\n";

    fn puzzle(c: char) -> String {
        c.to_string().repeat(81)
    }

    fn tsv(text: &str, several: bool) -> Result<Left, String> {
        read(text.as_bytes(), &Rows::Tsv { header: HEADER }, several)
    }

    #[test]
    fn a_tsv_file_goes_on_after_its_last_whole_row() {
        let rows = format!("{HEADER}3\t{}\t1.2\n7\t{}\t2.0\n", puzzle('1'), puzzle('2'));
        let left = tsv(&rows, false).unwrap();
        assert_eq!(left.keep, rows.len() as u64);
        assert!(left.header);
        let last = left.last.unwrap();
        assert_eq!((last.name, last.line, last.puzzle), (None, 7, puzzle('2')));
        // a row cut by a kill is dropped: the one before is the last
        let cut = format!("{rows}9\t{}", &puzzle('3')[..40]);
        let left = tsv(&cut, false).unwrap();
        assert_eq!(left.keep, rows.len() as u64);
        assert_eq!(left.last.unwrap().line, 7);
    }

    #[test]
    fn a_header_alone_or_cut_or_nothing_starts_afresh_or_after_it() {
        assert_eq!(tsv("", false).unwrap(), Left::NOTHING);
        assert_eq!(tsv("# ru", false).unwrap(), Left::NOTHING);
        assert_eq!(tsv("# rules\nli", false).unwrap(), Left::NOTHING);
        let left = tsv(HEADER, false).unwrap();
        assert_eq!(
            (left.keep, left.header, left.last),
            (HEADER.len() as u64, true, None)
        );
    }

    #[test]
    fn another_runs_rows_are_refused_with_the_line_that_differs() {
        let e = tsv("# other rules\nline\tpuzzle\ter\n", false).unwrap_err();
        assert!(e.starts_with("line 1 is \"# other rules\", where"), "{e}");
        let e = tsv("# other rules\nline\tpuzzle\thodoku\n", false).unwrap_err();
        assert!(
            e.starts_with("line 2 has the columns \"line\\tpuzzle\\thodoku\""),
            "{e}"
        );
        let e = tsv(&format!("{HEADER}x\ty\n"), false).unwrap_err();
        assert!(e.starts_with("line 3: \"x\\ty\" is not a row"), "{e}");
        // JSON rows where TSV is written, and the other way
        let json = format!("{{\"line\":1,\"puzzle\":\"{}\"}}\n", puzzle('1'));
        assert!(tsv(&json, false).is_err());
        let e = read(HEADER.as_bytes(), &Rows::JsonLines, false).unwrap_err();
        assert!(
            e.starts_with("line 1: \"# rules\" is not a JSON row"),
            "{e}"
        );
        let e = tsv(&json, false).unwrap_err();
        assert!(e.contains("another --format"), "{e}");
    }

    #[test]
    fn json_rows_name_their_input_exactly_when_there_are_several() {
        let one = format!("{{\"line\":4,\"puzzle\":\"{}\"}}\n", puzzle('1'));
        let named = format!(
            "{{\"file\":\"a.txt\",\"line\":4,\"puzzle\":\"{}\"}}\n",
            puzzle('1')
        );
        let last = read(one.as_bytes(), &Rows::JsonLines, false)
            .unwrap()
            .last
            .unwrap();
        assert_eq!((last.name, last.line), (None, 4));
        let last = read(named.as_bytes(), &Rows::JsonLines, true)
            .unwrap()
            .last
            .unwrap();
        assert_eq!((last.name.as_deref(), last.line), (Some("a.txt"), 4));
        assert!(read(one.as_bytes(), &Rows::JsonLines, true).is_err());
        assert!(read(named.as_bytes(), &Rows::JsonLines, false).is_err());
    }

    #[test]
    fn tsv_rows_of_several_inputs_name_theirs() {
        let header = "# rules\nfile\tline\tpuzzle\n";
        let rows = format!("{header}b.txt\t12\t{}\n", puzzle('5'));
        let left = read(rows.as_bytes(), &Rows::Tsv { header }, true).unwrap();
        let last = left.last.unwrap();
        assert_eq!((last.name.as_deref(), last.line), (Some("b.txt"), 12));
    }
}
