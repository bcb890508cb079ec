//! The one input path of every command: the files named on the command
//! line (or standard input), opened up front, then read one puzzle at a
//! time by the library's [`PuzzleReader`]. Problems are reported in one
//! style, `sensei: <input>: <what>` (a parse error adds `line L, column C:`),
//! and an input that cannot be read or holds no puzzle makes the command
//! end with status 2.

use super::progress::Progress;
use super::Status;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::sync::Arc;
use sudoku_sensei::format::{Entry, ParseError, ParseErrorKind, PuzzleReader};

/// What a command reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Accept {
    /// Puzzles: a pencil-mark grid or a candidate string is an error.
    Puzzles,
    /// Puzzles and players' positions (`explain`, `hint`).
    Positions,
}

/// One puzzle (or the error that stopped it) from one of the inputs.
pub struct Item {
    /// The input's name as messages show it (`<stdin>` for `-`).
    pub name: Arc<str>,
    pub entry: Result<Entry, ParseError>,
    /// The bytes of the input read for this item.
    pub bytes: u64,
    /// Inputs passed over just before this item because they held no
    /// puzzle, when their notices are deferred (see
    /// [`Inputs::defer_empty_notices`]); else empty.
    pub skipped: Vec<Arc<str>>,
}

impl Item {
    /// Write the notices of the inputs without puzzles passed over before
    /// this item (see [`Inputs::defer_empty_notices`]).
    pub fn report_skipped(&self, progress: &Progress) {
        for name in &self.skipped {
            progress.report(name, &NO_PUZZLE);
        }
    }

    /// The line where the item starts (0 when unknown).
    pub fn line(&self) -> usize {
        match &self.entry {
            Ok(e) => e.line,
            Err(e) => e.line().unwrap_or(0),
        }
    }
}

/// An input opened and not yet read.
struct Source {
    name: Arc<str>,
    reader: Box<dyn BufRead>,
}

/// The input being read.
struct Current {
    name: Arc<str>,
    puzzles: PuzzleReader<Box<dyn BufRead>>,
    /// Bytes read when the last item was handed out.
    bytes: u64,
    /// Whether the input held anything (a puzzle or an error).
    found: bool,
}

/// Every puzzle of the inputs, in order.
pub struct Inputs {
    sources: VecDeque<Source>,
    current: Option<Current>,
    accept: Accept,
    failed: bool,
    /// Whether an input is standard input read from the terminal.
    interactive: bool,
    progress: Progress,
    /// Whether the notice of an input without puzzles waits for the item
    /// after it (`pending`) instead of being written at once.
    defer: bool,
    pending: Vec<Arc<str>>,
}

/// The notice for an input that holds no puzzle.
const NO_PUZZLE: &str =
    "no puzzle found: the input is empty (or holds only blank lines and comments)";

/// The name of an input in messages: `<stdin>` for `-`.
pub fn display_name(name: &str) -> &str {
    if name == "-" {
        "<stdin>"
    } else {
        name
    }
}

/// Open a named file (or `-`, standard input), with its size when known.
/// `what` says what the input should be (`a file of puzzles`), for a
/// directory.
fn open(name: &str, what: &str) -> Result<(Box<dyn BufRead>, Option<u64>), String> {
    if name == "-" {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            say!(
                "sensei: reading standard input from the terminal: type or paste puzzles \
                 (one per line, or grids), then press Ctrl-D; `--help` lists the formats"
            );
        }
        return Ok((Box::new(BufReader::new(stdin)), stdin_size()));
    }
    let meta = std::fs::metadata(name).map_err(|e| format!("cannot read it: {e}"))?;
    if meta.is_dir() {
        return Err(format!("is a directory, not {what}"));
    }
    let file = File::open(name).map_err(|e| format!("cannot read it: {e}"))?;
    Ok((Box::new(BufReader::new(file)), Some(meta.len())))
}

/// The size of standard input when it is a file (`< puzzles.txt`).
#[cfg(unix)]
fn stdin_size() -> Option<u64> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let meta = File::from(fd).metadata().ok()?;
    meta.is_file().then_some(meta.len())
}

#[cfg(not(unix))]
fn stdin_size() -> Option<u64> {
    None
}

impl Inputs {
    /// Open the inputs `names` (none: standard input), reporting those that
    /// cannot be opened. `verb` names the work for the progress display
    /// (`grading`), which `quiet` turns off.
    pub fn open(names: &[String], accept: Accept, verb: &'static str, quiet: bool) -> Inputs {
        let stdin = ["-".to_string()];
        let names = if names.is_empty() { &stdin[..] } else { names };
        let mut sources = VecDeque::new();
        let mut total = Some(0u64);
        let mut failed = false;
        let interactive = names.iter().any(|n| n == "-") && io::stdin().is_terminal();
        for name in names {
            let shown: Arc<str> = Arc::from(display_name(name));
            match open(name, "a file of puzzles") {
                Ok((reader, size)) => {
                    total = total.zip(size).map(|(t, s)| t + s);
                    sources.push_back(Source {
                        name: shown,
                        reader,
                    });
                }
                Err(why) => {
                    failed = true;
                    say!("sensei: {shown}: {why}");
                }
            }
        }
        Inputs {
            sources,
            current: None,
            accept,
            failed,
            interactive,
            progress: Progress::start(verb, total, quiet),
            defer: false,
            pending: Vec::new(),
        }
    }

    /// A command that reads items ahead of the ones it prints (a chunk at
    /// a time) asks for this: the notice of an input without puzzles then
    /// comes with the next item ([`Item::skipped`]), for
    /// [`Item::report_skipped`] to write when that item is printed, so
    /// that messages keep the order of the inputs. Notices after the last
    /// item are written by [`Inputs::finish`].
    pub fn defer_empty_notices(&mut self) {
        self.defer = true;
    }

    /// The first items, read ahead to know whether the inputs hold several
    /// puzzles (`true`): go on with them, then with `self`.
    /// (Nothing is written yet: while puzzles are typed in, Ctrl-C ends the
    /// command at once.)
    pub fn read_ahead(&mut self) -> (Vec<Item>, bool) {
        let ahead: Vec<Item> = if self.interactive {
            super::batch::waiting_for_input(|| self.by_ref().take(2).collect())
        } else {
            self.by_ref().take(2).collect()
        };
        let many = ahead.len() > 1;
        (ahead, many)
    }

    /// Whether puzzles are typed in as the command runs (standard input
    /// read from the terminal): then a command works on each as it comes
    /// rather than waiting for a chunk of them.
    pub fn interactive(&self) -> bool {
        self.interactive
    }

    /// Read the next `n` items into `chunk` (`items`: these inputs, maybe
    /// after items read ahead). When puzzles are typed in
    /// ([`Inputs::interactive`]), reading waits for the person typing: the
    /// output is written first (`flush`), and Ctrl-C during the wait ends
    /// the command at once, as nothing done is left unwritten. (Input from
    /// a pipe is read without flushing first: a program that writes all its
    /// input before it reads the output would wait forever for a full pipe.
    /// Ctrl-C there stops the command at the next puzzle read.)
    pub fn fill<I: Iterator<Item = Item>>(
        interactive: bool,
        items: &mut I,
        n: usize,
        chunk: &mut Vec<Item>,
        flush: impl FnOnce() -> io::Result<()>,
    ) -> io::Result<()> {
        if interactive {
            flush()?;
            super::batch::waiting_for_input(|| chunk.extend(items.by_ref().take(n)));
        } else {
            chunk.extend(items.by_ref().take(n));
        }
        Ok(())
    }

    /// The progress display of the work on these inputs.
    pub fn progress(&self) -> Progress {
        self.progress.clone()
    }

    /// The work on the inputs is over: clear the progress display, and
    /// mark `status` as failed (2) if an input could not be read or held no
    /// puzzle (reported already).
    pub fn finish(&mut self, status: &mut Status) {
        for name in std::mem::take(&mut self.pending) {
            self.progress.report(&name, &NO_PUZZLE);
        }
        self.progress.finish();
        status.error |= self.failed;
    }
}

/// The one puzzle or position a command works on (`hint`, `show`): the
/// first of its input, `-` or none meaning standard input. With several, a
/// note on stderr names the one used (`used`: "this hint is for").
/// `Err(2)` when there is none to use (reported already).
pub fn first_entry(input: Option<&String>, used: &str) -> Result<(Arc<str>, Entry), u8> {
    let names: Vec<String> = input.into_iter().cloned().collect();
    let mut inputs = Inputs::open(&names, Accept::Positions, "reading", true);
    let progress = inputs.progress();
    let Some(first) = inputs.next() else {
        return Err(2);
    };
    let others = inputs.by_ref().count();
    let entry = match first.entry {
        Ok(entry) => entry,
        Err(e) => {
            progress.report(&first.name, &e);
            return Err(2);
        }
    };
    if others > 0 {
        let note = format!(
            "holds {} puzzles; {used} the first one, on line {}",
            others + 1,
            entry.line
        );
        progress.report(&first.name, &note);
    }
    Ok((first.name, entry))
}

/// The whole text of an input that is not a stream of puzzles (the
/// pattern of `generate --pattern`; `-`: standard input), with the
/// messages of the puzzle inputs: a directory, a file that cannot be read,
/// and bytes that are not UTF-8, with their line and column.
pub fn read_text(name: &str, what: &str) -> Result<String, String> {
    let (mut reader, _) = open(name, what)?;
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read it: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let good = std::str::from_utf8(good).unwrap_or_default();
        let line = good.matches('\n').count() + 1;
        let column = good.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!(
            "line {line}, column {column}: {}",
            ParseErrorKind::InvalidUtf8
        )
    })
}

impl Iterator for Inputs {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(cur) = &mut self.current {
                if let Some(entry) = cur.puzzles.next() {
                    cur.found = true;
                    let read = cur.puzzles.bytes_read();
                    let item = Item {
                        name: Arc::clone(&cur.name),
                        entry,
                        bytes: read - cur.bytes,
                        skipped: std::mem::take(&mut self.pending),
                    };
                    cur.bytes = read;
                    return Some(item);
                }
                if !cur.found {
                    self.failed = true;
                    let name = Arc::clone(&cur.name);
                    if self.defer {
                        self.pending.push(name);
                    } else {
                        self.progress.report(&name, &NO_PUZZLE);
                    }
                }
                self.current = None;
            }
            let source = self.sources.pop_front()?;
            let puzzles = match self.accept {
                Accept::Puzzles => PuzzleReader::new(source.reader),
                Accept::Positions => PuzzleReader::positions(source.reader),
            };
            self.current = Some(Current {
                name: source.name,
                puzzles,
                bytes: 0,
                found: false,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_carry_the_bytes_actually_read() {
        // labelled lines are far longer than the 82 bytes of a bare puzzle
        // line: the bar by bytes moves by what each puzzle took
        let puzzle =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let first = format!("# a comment\n{puzzle},a long label for the first puzzle,4.5\n");
        let second = format!("\n{puzzle}\n");
        let path = std::env::temp_dir().join(format!("sensei-input-{}.txt", std::process::id()));
        std::fs::write(&path, format!("{first}{second}")).expect("temp file");
        let name = path.to_string_lossy().into_owned();
        let bytes: Vec<u64> = Inputs::open(&[name], Accept::Puzzles, "reading", true)
            .map(|item| item.bytes)
            .collect();
        let _ = std::fs::remove_file(&path);
        assert_eq!(bytes, [first.len() as u64, second.len() as u64]);
    }

    #[test]
    fn invalid_utf8_in_a_text_input_is_placed() {
        let path = std::env::temp_dir().join(format!("sensei-text-{}.txt", std::process::id()));
        std::fs::write(&path, b"x..\n..\xe9x\n").expect("temp file");
        let read = read_text(&path.to_string_lossy(), "a pattern file");
        let _ = std::fs::remove_file(&path);
        assert_eq!(
            read,
            Err("line 2, column 3: invalid UTF-8 here (save the text as UTF-8)".to_string())
        );
    }
}
