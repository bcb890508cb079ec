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
use std::io::{self, BufRead, BufReader, IsTerminal};
use std::sync::Arc;
use sudoku_sensei::format::{Entry, ParseError, PuzzleReader};

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
}

impl Item {
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
    progress: Progress,
}

/// The name of an input in messages: `<stdin>` for `-`.
pub fn display_name(name: &str) -> &str {
    if name == "-" {
        "<stdin>"
    } else {
        name
    }
}

/// Open a named file (or `-`, standard input), with its size when known.
fn open(name: &str) -> Result<(Box<dyn BufRead>, Option<u64>), String> {
    if name == "-" {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            eprintln!(
                "sensei: reading standard input from the terminal: type or paste puzzles \
                 (one per line, or grids), then press Ctrl-D; `--help` lists the formats"
            );
        }
        return Ok((Box::new(BufReader::new(stdin)), stdin_size()));
    }
    let meta = std::fs::metadata(name).map_err(|e| format!("cannot read it: {e}"))?;
    if meta.is_dir() {
        return Err("is a directory, not a file of puzzles".to_string());
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
        for name in names {
            let shown: Arc<str> = Arc::from(display_name(name));
            match open(name) {
                Ok((reader, size)) => {
                    total = total.zip(size).map(|(t, s)| t + s);
                    sources.push_back(Source {
                        name: shown,
                        reader,
                    });
                }
                Err(why) => {
                    failed = true;
                    eprintln!("sensei: {shown}: {why}");
                }
            }
        }
        Inputs {
            sources,
            current: None,
            accept,
            failed,
            progress: Progress::start(verb, total, quiet),
        }
    }

    /// The first items, read ahead to know whether the inputs hold several
    /// puzzles (`true`): go on with them, then with `self`.
    pub fn read_ahead(&mut self) -> (Vec<Item>, bool) {
        let ahead: Vec<Item> = self.by_ref().take(2).collect();
        let many = ahead.len() > 1;
        (ahead, many)
    }

    /// The progress display of the work on these inputs.
    pub fn progress(&self) -> Progress {
        self.progress.clone()
    }

    /// The work on the inputs is over: clear the progress display, and
    /// mark `status` as failed (2) if an input could not be read or held no
    /// puzzle (reported already).
    pub fn finish(&self, status: &mut Status) {
        self.progress.finish();
        status.error |= self.failed;
    }
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
                    };
                    cur.bytes = read;
                    return Some(item);
                }
                if !cur.found {
                    self.failed = true;
                    let name = Arc::clone(&cur.name);
                    self.progress.report(
                        &name,
                        &"no puzzle found: the input is empty (or holds only blank lines and comments)",
                    );
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
