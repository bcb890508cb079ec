//! Progress on stderr for long work: a bar by bytes read when the size of
//! the input is known (files, and stdin redirected from a file), else a
//! count of puzzles. It appears only when stderr is a terminal and the work
//! has lasted [`DELAY`], so quick commands print nothing extra.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fmt::{self, Display, Write as _};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long work runs before its progress is shown.
pub const DELAY: Duration = Duration::from_secs(1);

/// What a progress display counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Measure {
    /// Bytes of input read, out of this many.
    Bytes(u64),
    /// Puzzles done (the size of the input is unknown).
    Puzzles,
}

/// What to show for work on an input of `total` bytes (`None`: unknown),
/// given whether stderr is a terminal and whether `--quiet` was given.
pub fn plan(total: Option<u64>, stderr_is_terminal: bool, quiet: bool) -> Option<Measure> {
    if quiet || !stderr_is_terminal {
        return None;
    }
    Some(match total {
        Some(bytes) if bytes > 0 => Measure::Bytes(bytes),
        _ => Measure::Puzzles,
    })
}

/// The progress of a command, shared by the threads doing its work.
#[derive(Clone)]
pub struct Progress {
    bar: Option<ProgressBar>,
    measure: Option<Measure>,
    /// Set when the work is over: the bar must not appear after that.
    finished: Arc<Mutex<bool>>,
    stdout_is_terminal: bool,
    /// Messages, buffered when stderr is not a terminal (a batch of 10,000
    /// puzzles with several solutions writes 10,000 lines: one system call
    /// each would cost more than solving them). Flushed by
    /// [`Progress::finish`], and when the last clone is dropped.
    log: Option<Arc<Mutex<Log>>>,
}

/// Buffered messages on stderr.
struct Log {
    out: BufWriter<io::Stderr>,
    /// The line being written, kept to be reused (no allocation per line).
    line: String,
}

impl Progress {
    /// Progress for `verb`ing (`grading`, ...) an input of `total` bytes,
    /// shown on stderr after [`DELAY`] if stderr is a terminal.
    pub fn start(verb: &'static str, total: Option<u64>, quiet: bool) -> Progress {
        let stderr_is_terminal = io::stderr().is_terminal();
        let measure = plan(total, stderr_is_terminal, quiet);
        let finished = Arc::new(Mutex::new(false));
        let bar = measure.map(|m| {
            let (bar, template) = match m {
                Measure::Bytes(total) => (
                    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()),
                    "{prefix} [{bar:24}] {percent:>3}% of {binary_total_bytes}, ETA {eta}",
                ),
                Measure::Puzzles => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
                    "{spinner} {prefix}: {human_pos} puzzles done ({per_sec})",
                ),
            };
            bar.set_style(
                ProgressStyle::with_template(template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar.set_prefix(verb);
            bar
        });
        if let Some(bar) = &bar {
            let (bar, finished) = (bar.clone(), Arc::clone(&finished));
            std::thread::spawn(move || {
                std::thread::sleep(DELAY);
                if let Ok(done) = finished.lock() {
                    if !*done {
                        bar.set_draw_target(ProgressDrawTarget::stderr());
                        bar.enable_steady_tick(Duration::from_millis(200));
                    }
                }
            });
        }
        Progress {
            bar,
            measure,
            finished,
            stdout_is_terminal: io::stdout().is_terminal(),
            log: (!stderr_is_terminal).then(|| {
                Arc::new(Mutex::new(Log {
                    out: BufWriter::with_capacity(1 << 16, io::stderr()),
                    line: String::new(),
                }))
            }),
        }
    }

    /// One puzzle done, which covered `bytes` bytes of the input.
    pub fn done(&self, bytes: u64) {
        match (&self.bar, self.measure) {
            (Some(bar), Some(Measure::Bytes(_))) => bar.inc(bytes),
            (Some(bar), _) => bar.inc(1),
            _ => {}
        }
    }

    /// The rows of an earlier run are passed over (`--resume`): the time
    /// left is reckoned from the work done from now on, not from those
    /// rows, which took no time.
    pub fn restart_eta(&self) {
        if let Some(bar) = &self.bar {
            bar.reset_eta();
        }
    }

    /// Print a line on stderr without garbling the bar.
    fn write_line(&self, line: fmt::Arguments) {
        if let Some(log) = &self.log {
            if let Ok(mut log) = log.lock() {
                // one write per line: the buffer then only ever holds whole
                // lines, so none is cut by output to the same place
                let Log { out, line: text } = &mut *log;
                text.clear();
                let _ = writeln!(text, "{line}");
                let _ = out.write_all(text.as_bytes());
                return;
            }
        }
        match &self.bar {
            Some(bar) => bar.suspend(|| say!("{line}")),
            None => say!("{line}"),
        }
    }

    /// Flush what a command wrote for the items done so far: when stdout
    /// is the terminal the display is on, the display steps aside while it
    /// is written. (Output to a pipe or a file stays buffered.)
    pub fn flush(&self, out: &mut impl Write) -> io::Result<()> {
        match &self.bar {
            Some(bar) if self.stdout_is_terminal => bar.suspend(|| out.flush()),
            _ => Ok(()),
        }
    }

    /// Write out everything: `out`, and the messages buffered for stderr.
    pub fn flush_all(&self, out: &mut impl Write) -> io::Result<()> {
        if let Some(log) = &self.log {
            if let Ok(mut log) = log.lock() {
                let _ = log.out.flush();
            }
        }
        self.flush(out)?;
        out.flush()
    }

    /// A note of the command's own: `sensei: <what>`.
    pub fn note(&self, what: &str) {
        self.write_line(format_args!("sensei: {what}"));
    }

    /// Report a problem in one style: `sensei: <input>: <what>`.
    pub fn report(&self, name: &str, what: &dyn Display) {
        self.write_line(format_args!("sensei: {name}: {what}"));
    }

    /// Report a problem of the puzzle on line `line` of input `name`:
    /// `sensei: <input>: line <line>: <what>`.
    pub fn report_at(&self, name: &str, line: usize, what: &str) {
        if let Some(log) = &self.log {
            if let Ok(mut log) = log.lock() {
                // A batch may write one such line per puzzle: put it
                // together without the formatting machinery.
                let Log { out, line: text } = &mut *log;
                text.clear();
                for piece in ["sensei: ", name, ": line "] {
                    text.push_str(piece);
                }
                push_number(text, line);
                for piece in [": ", what, "\n"] {
                    text.push_str(piece);
                }
                let _ = out.write_all(text.as_bytes());
                return;
            }
        }
        self.write_line(format_args!("sensei: {name}: line {line}: {what}"));
    }

    /// The work is over: clear the bar (it never appears afterwards).
    pub fn finish(&self) {
        if let Ok(mut done) = self.finished.lock() {
            *done = true;
        }
        if let Some(log) = &self.log {
            if let Ok(mut log) = log.lock() {
                let _ = log.out.flush();
            }
        }
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Append `n` in decimal.
fn push_number(text: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        if let Some(d) = digits.get_mut(start) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || start == 0 {
            break;
        }
    }
    for &d in digits.get(start..).unwrap_or_default() {
        text.push(char::from(d));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_shows_on_a_terminal_unless_quiet() {
        // a 120 KB file: a bar by bytes (the old bar wanted 200 KB or more)
        assert_eq!(
            plan(Some(120_000), true, false),
            Some(Measure::Bytes(120_000))
        );
        // stdin from a pipe: the size is unknown, so puzzles are counted
        assert_eq!(plan(None, true, false), Some(Measure::Puzzles));
        assert_eq!(plan(Some(0), true, false), Some(Measure::Puzzles));
        assert_eq!(plan(Some(120_000), false, false), None);
        assert_eq!(plan(Some(120_000), true, true), None);
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 99, 10_001, 123_456_789, usize::MAX] {
            let mut text = String::from("line ");
            push_number(&mut text, n);
            assert_eq!(text, format!("line {n}"));
        }
    }
}
