//! What every batch command does the same way, in one place: the driver
//! [`Batch`] that `solve`, `grade`, `explain`, `canon`, `dedupe`,
//! `transform`, `check` and `stats` run their puzzles through; Ctrl-C; and
//! how many worker threads to start (also for `generate`, which makes its
//! puzzles rather than reading them).
//!
//! **The driver.** [`Batch::open`] opens the inputs; [`Batch::run`] reads
//! them a chunk at a time, does a command's `work` on each puzzle of the
//! chunk (on a thread pool when the [`Plan`] says so), and hands each
//! result to the command's `emit` in input order. Every input item gets
//! exactly one call of `emit`, so a command that writes one line per
//! puzzle stays aligned with its input. An unreadable puzzle is reported
//! by the driver, on stderr, naming the input, line and column
//! (`sensei: a.txt: line 2, column 1: ...`), before its `emit` (which may
//! write a placeholder, see [`error_text`]). The notice of an input that
//! holds no puzzle is written in its place among those messages (after the
//! errors of the inputs before it). [`Batch::finish`] writes what is left
//! and gives the exit code.
//!
//! **Written as done.** Each result is emitted as soon as it and all
//! before it are done (on a pool: [`in_order_as_done`]; a chunk whose work
//! took under a quarter of a second hands the next one's over all at
//! once, as handing over each costs more than some puzzles' work), and the output is
//! flushed at least once a [`FLUSH_EVERY`]: a run killed without warning
//! keeps its rows but those of the last second (`grade -o FILE --resume`
//! goes on from there, see `resume.rs` and [`Batch::resume_after`]).
//!
//! **Ctrl-C** (and SIGTERM, `kill`'s default, and SIGHUP, a closed
//! terminal: all three mean "stop"). [`watch`] installs one handler for the
//! whole process. The first signal sets a flag: the command stops at its
//! next puzzle (workers look at the flag before each puzzle they take, see
//! [`map_in_order`] and [`in_order_as_done`]),
//! writes every result finished in input order before it, whole (the
//! buffered output is flushed; no line or document is cut), says so on
//! stderr and exits with [`INTERRUPTED`] (130). While the command waits
//! for puzzles typed at the terminal with its output written
//! ([`waiting_for_input`]), there is nothing left to write, so Ctrl-C ends
//! it at once, with 130. A second signal ends it at once.
//!
//! **Threads.** [`thread_count`]: as many as asked (or one per core), but
//! never more than there is work, nor more than a few per core.

use super::input::{Accept, Inputs, Item};
use super::progress::Progress;
use super::Status;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};
use sudoku_sensei::format::{Entry, ParseError};

/// The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells
/// report it).
pub const INTERRUPTED: u8 = 130;

/// Set by the first Ctrl-C.
static FLAG: AtomicBool = AtomicBool::new(false);

/// Whether the command waits for input with its output written (see
/// [`waiting_for_input`]). The handler holds the lock while it ends the
/// process, so the command cannot start writing meanwhile.
static WAITING: Mutex<bool> = Mutex::new(false);

/// Watch for Ctrl-C from now on (once per process; later calls do
/// nothing).
pub fn watch() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // fails only if a handler is set already: then Ctrl-C ends the
        // process as it would without one
        let _ = ctrlc::set_handler(|| {
            let again = FLAG.swap(true, Ordering::SeqCst);
            let waiting = WAITING.lock().map(|w| *w);
            // (the lock is held until the process ends)
            if again || matches!(waiting.as_ref(), Ok(true)) {
                std::process::exit(i32::from(INTERRUPTED));
            }
        });
    });
}

/// Whether Ctrl-C was pressed.
pub fn requested() -> bool {
    FLAG.load(Ordering::Relaxed)
}

/// The flag itself, for workers that poll it.
pub fn flag() -> &'static AtomicBool {
    &FLAG
}

/// Run `read`, which may wait a long time for input, as a moment when
/// Ctrl-C may end the process at once: the caller has written (flushed)
/// all its output before.
pub fn waiting_for_input<R>(read: impl FnOnce() -> R) -> R {
    let set = |on: bool| {
        if let Ok(mut w) = WAITING.lock() {
            *w = on;
        }
    };
    set(true);
    let got = read();
    set(false);
    got
}

/// Say on stderr that Ctrl-C stopped the command after `done` puzzles,
/// whose output is written.
pub fn report(done: u64) {
    let s = if done == 1 { "" } else { "s" };
    say!("sensei: interrupted; the output of the {done} puzzle{s} done before is written");
}

/// [`report`] for a run that resumed an earlier one's `resumed` rows: the
/// output then holds both.
fn report_resumed(done: u64, resumed: u64) {
    let s = if done == 1 { "" } else { "s" };
    let all = done + resumed;
    say!(
        "sensei: interrupted; the output of the {done} puzzle{s} done since the resume is \
         written: {all} in the output with the {resumed} resumed"
    );
}

/// `work` on each of `items`, on the current thread pool when `parallel`
/// (else here), in input order: the results, up to the first item left
/// undone because Ctrl-C came first. Each item is started only if Ctrl-C
/// has not come yet, so a batch stops after the puzzles in hand. The
/// workers take the items in input order ([`each_in_order`]).
pub fn map_in_order<T, R>(items: &[T], parallel: bool, work: impl Fn(&T) -> R + Sync) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    let one = |item: &T| (!requested()).then(|| work(item));
    let done: Vec<Option<R>> = if parallel {
        let slots: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
        each_in_order(items, |i, item| {
            if let (Some(slot), Some(r)) = (slots.get(i), one(item)) {
                *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
            }
        });
        slots
            .into_iter()
            .map(|slot| slot.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect()
    } else {
        // (stop at the first item left undone: nothing after it is used)
        items.iter().map(one).take_while(Option::is_some).collect()
    };
    done.into_iter().map_while(|r| r).collect()
}

/// `each(i, item)` for every item, on the current thread pool's workers,
/// which take the items in input order: each the next one not yet taken
/// (a parallel iterator would give each worker a part of the items, and
/// start the far parts first). So a result done waits only for the
/// earlier items still running, and a stop (Ctrl-C) leaves undone only
/// what the workers had not started: nothing finished after the first
/// item left undone is lost but the few items started at that moment.
fn each_in_order<T: Sync>(items: &[T], each: impl Fn(usize, &T) + Sync) {
    let taken = AtomicUsize::new(0);
    let (taken, each) = (&taken, &each);
    rayon::scope(|workers| {
        for _ in 0..rayon::current_num_threads().min(items.len()) {
            workers.spawn(move |_| loop {
                let i = taken.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else {
                    break;
                };
                each(i, item);
            });
        }
    });
}

/// How often a batch's output is flushed at least, while results come.
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);

/// `work` on each of `items` on `pool`, with `write` given each result in
/// input order as soon as it and all before it are done (on this thread),
/// and `None` at least once a [`FLUSH_EVERY`] while none comes. As
/// [`map_in_order`], an item is started only if Ctrl-C has not come yet,
/// and the results after the first item left undone are dropped. Should
/// `write` fail, the items not started are left alone, and its error is
/// the answer.
///
/// The workers take the items in input order ([`each_in_order`]).
pub fn in_order_as_done<T, R>(
    pool: &rayon::ThreadPool,
    items: &[T],
    work: &(impl Fn(&T) -> R + Sync),
    mut write: impl FnMut(Option<(&T, R)>) -> io::Result<()>,
) -> io::Result<()>
where
    T: Sync,
    R: Send,
{
    use std::sync::mpsc::{channel, RecvTimeoutError};
    let abandon = AtomicBool::new(false);
    let (tx, rx) = channel::<(usize, Option<R>)>();
    std::thread::scope(|scope| {
        let abandon = &abandon;
        scope.spawn(move || {
            pool.install(|| {
                each_in_order(items, |i, item| {
                    let go = !requested() && !abandon.load(Ordering::Relaxed);
                    let _ = tx.send((i, go.then(|| work(item))));
                })
            });
        });
        // results come in any order: each waits in its slot for those before it
        let mut slots: Vec<Option<Option<R>>> = items.iter().map(|_| None).collect();
        let (mut next, mut result) = (0, Ok(()));
        loop {
            match rx.recv_timeout(FLUSH_EVERY) {
                Ok((i, r)) => slots[i] = Some(r),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            while result.is_ok() && next < items.len() {
                match slots[next].take() {
                    Some(Some(r)) => {
                        result = write(Some((&items[next], r)));
                        next += 1;
                    }
                    // (left undone: Ctrl-C came; nothing after it is written)
                    Some(None) => next = items.len(),
                    None => break,
                }
            }
            if result.is_ok() {
                result = write(None);
            }
            if result.is_err() {
                abandon.store(true, Ordering::Relaxed);
            }
        }
        result
    })
}

/// The most threads started per core: CPU-bound work gains nothing from
/// more, and each costs a stack and a start.
pub const THREADS_PER_CORE: usize = 4;

/// The cores of this machine (1 when unknown).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How many worker threads to start: `asked` (`--threads`, `--jobs`;
/// `None`: one per core), but no more than `work` items when the amount
/// of work is known, nor more than [`THREADS_PER_CORE`] per core; at
/// least one.
pub fn thread_count(asked: Option<u16>, work: Option<u64>, cores: usize) -> usize {
    let cores = cores.max(1);
    let mut n = asked.map_or(cores, usize::from);
    n = n.min(THREADS_PER_CORE * cores);
    if let Some(work) = work {
        n = n.min(usize::try_from(work).unwrap_or(usize::MAX));
    }
    n.max(1)
}

/// A thread pool of `threads` workers.
pub fn pool(threads: usize) -> std::io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| std::io::Error::other(e.to_string()))
}

/// How a command's puzzles are spread over threads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Threads {
    /// All on the thread reading them (the work writes as it goes, or
    /// must keep one puzzle at a time in memory).
    One,
    /// On a pool of worker threads (`Some(n)`: `--threads n`; `None`: one
    /// per core; see [`thread_count`]).
    Pool(Option<u16>),
    /// On this thread while that is as fast: once the work of one chunk
    /// takes [`WORTH_THREADS`], the next chunks go to a pool as with
    /// [`Threads::Pool`] (`solve`, whose searches are often shorter than
    /// handing them out).
    WhenWorthIt(Option<u16>),
}

/// How long the work of a chunk on one thread must take for the next
/// chunks to go to a pool ([`Threads::WhenWorthIt`]): shorter work is done
/// sooner on one thread than handed out to others (above all when another
/// program keeps their cores busy).
pub const WORTH_THREADS: Duration = Duration::from_micros(500);

/// How a command runs its puzzles.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Puzzles read and worked on at a time (memory stays bounded by the
    /// chunk whatever the input's size); 1 to answer each puzzle as soon
    /// as it is done.
    pub chunk: usize,
    pub threads: Threads,
}

/// The puzzles of a command's inputs, run in chunks, answered in input
/// order (see the module's note).
pub struct Batch {
    inputs: Inputs,
    progress: Progress,
    /// Items read ahead ([`Batch::read_ahead`]), handed out first.
    ahead: VecDeque<Item>,
    several: bool,
    interactive: bool,
    /// The worst outcome so far: the exit code.
    pub status: Status,
    /// Items whose output is written.
    done: u64,
    pool: Option<rayon::ThreadPool>,
    /// The rows of an earlier run not yet matched with the inputs
    /// ([`Batch::resume_after`]).
    resume: VecDeque<DoneRow>,
    /// Items of the earlier run that were no puzzle ([`Batch::resume_after`]).
    resumed_unreadable: u64,
    /// Rows of the earlier run matched with the inputs ([`Batch::resume_after`]).
    resumed: u64,
}

/// One row that an earlier run of a command wrote: a run that resumes it
/// passes over the item it answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoneRow {
    /// The input's name, when the output names it (several inputs).
    pub name: Option<String>,
    /// The line where the item starts in its input.
    pub line: usize,
    /// The item's puzzle (an 81-character line).
    pub puzzle: String,
    /// Whether the row's puzzle was solved (else the whole run exits 1).
    pub solved: bool,
    /// The row's line in the output file, for messages.
    pub at: usize,
}

impl DoneRow {
    /// Whether `item` is the item this row answers (the same input, line
    /// and puzzle).
    fn answers(&self, item: &Item, several: bool) -> bool {
        item.line() == self.line
            && (!several || self.name.as_deref() == Some(&*item.name))
            && matches!(&item.entry, Ok(e) if e.grid.to_line() == self.puzzle)
    }
}

impl Batch {
    /// Watch for Ctrl-C and open the inputs `names` (none: standard
    /// input), reporting those that cannot be opened; `verb` names the
    /// work for the progress display (`grading`), which `quiet` turns off.
    pub fn open(names: &[String], accept: Accept, verb: &'static str, quiet: bool) -> Batch {
        watch();
        let mut inputs = Inputs::open(names, accept, verb, quiet);
        // puzzles are read ahead of what is printed: the notice of an
        // empty input waits for the puzzle after it (issue 35: it came
        // before the errors of the input before it)
        inputs.defer_empty_notices();
        Batch {
            progress: inputs.progress(),
            interactive: inputs.interactive(),
            inputs,
            ahead: VecDeque::new(),
            several: names.len() > 1,
            status: Status::default(),
            done: 0,
            pool: None,
            resume: VecDeque::new(),
            resumed_unreadable: 0,
            resumed: 0,
        }
    }

    /// Pass over the items that `rows` (an earlier run's output, in
    /// order) answer: [`Batch::run`] neither works on them nor emits them.
    /// Each readable item up to the last row must be the next row's (its
    /// input, line and puzzle), else `run` fails: the inputs are not the
    /// earlier run's. The unreadable items among them are not reported
    /// again, but count as they did (exit 2), as do the rows of puzzles
    /// not solved (exit 1): the exit code is the whole run's. Should the
    /// inputs end before the last row, [`Batch::resume_pending`] says so.
    pub fn resume_after(&mut self, rows: Vec<DoneRow>) {
        self.resume = rows.into();
    }

    /// The row of [`Batch::resume_after`] that no input item answered, if
    /// one is left.
    pub fn resume_pending(&self) -> Option<&DoneRow> {
        self.resume.front()
    }

    /// Take out of `chunk` the items that the run being resumed did
    /// (see [`Batch::resume_after`]).
    fn pass_over_done(&mut self, chunk: &mut Vec<Item>) -> io::Result<()> {
        let mut passed = 0;
        for item in chunk.iter() {
            let Some(row) = self.resume.front() else {
                break;
            };
            if item.entry.is_err() {
                // (no row: the earlier run reported it)
                self.resumed_unreadable += 1;
                self.status.error = true;
            } else if row.answers(item, self.several) {
                self.status.not_solved |= !row.solved;
                self.resume.pop_front();
                self.resumed += 1;
            } else {
                let found = match &item.entry {
                    Ok(e) => e.grid.to_line(),
                    Err(_) => String::new(),
                };
                let named = |name: Option<&str>| name.map_or(String::new(), |n| format!("{n}, "));
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "the inputs are not those of the run to resume: the output's line {} \
                         answers {}line {} ({}), where the inputs hold {}line {} ({found})",
                        row.at,
                        named(row.name.as_deref()),
                        row.line,
                        row.puzzle,
                        named(self.several.then_some(&*item.name)),
                        item.line(),
                    ),
                ));
            }
            self.progress.done(item.bytes);
            passed += 1;
        }
        chunk.drain(..passed);
        if passed > 0 && self.resume.is_empty() {
            self.progress.restart_eta();
        }
        if self.resume.is_empty() && self.resumed_unreadable > 0 {
            let n = std::mem::take(&mut self.resumed_unreadable);
            let s = if n == 1 { " is" } else { "s are" };
            self.progress.note(&format!(
                "{n} item{s} no puzzle before the rows resumed (reported by the run resumed)"
            ));
        }
        Ok(())
    }

    /// Whether several inputs were named: then answers name the input
    /// they come from (see [`error_text`]).
    pub fn several_inputs(&self) -> bool {
        self.several
    }

    /// Whether puzzles are typed in at the terminal as the command runs.
    pub fn interactive(&self) -> bool {
        self.interactive
    }

    /// The progress display, for messages of the command's own.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Read the first two items ahead: whether the inputs hold several
    /// puzzles (a command's default format may depend on it).
    pub fn read_ahead(&mut self) -> bool {
        let (ahead, many) = self.inputs.read_ahead();
        self.ahead.extend(ahead);
        many
    }

    /// Run every puzzle: `work` on each readable one, as `plan` says, then
    /// `emit` with each item and its result (`Err`: the item could not be
    /// read; it is reported already), in input order, until the inputs end
    /// or Ctrl-C comes (then the items done before it are emitted, and no
    /// other).
    pub fn run<W, R>(
        &mut self,
        out: &mut W,
        plan: Plan,
        work: impl Fn(&Entry) -> R + Sync,
        mut emit: impl FnMut(&mut W, &Item, Result<R, &ParseError>, &mut Status) -> io::Result<()>,
    ) -> io::Result<()>
    where
        W: Write,
        R: Send,
    {
        let chunk_size = plan.chunk.max(1);
        let mut parallel = matches!(plan.threads, Threads::Pool(_));
        let mut chunk: Vec<Item> = Vec::new();
        let (progress, interactive) = (self.progress.clone(), self.interactive);
        let mut flushed = Instant::now();
        // whether results are handed over one by one as they are done (else
        // a chunk's all at once): so while a chunk takes a while
        let mut stream = true;
        while !requested() {
            chunk.clear();
            // (items read ahead first; those not taken stay for the next chunk)
            let ahead = &mut self.ahead;
            let mut items = std::iter::from_fn(|| ahead.pop_front()).chain(&mut self.inputs);
            Inputs::fill(interactive, &mut items, chunk_size, &mut chunk, || {
                progress.flush_all(out)
            })?;
            drop(items);
            if chunk.is_empty() {
                break;
            }
            if !self.resume.is_empty() {
                self.pass_over_done(&mut chunk)?;
                if chunk.is_empty() {
                    continue;
                }
            }
            // (progress counts each puzzle as its work ends, not as its
            // chunk is written: a chunk of hard puzzles takes minutes)
            let one = |item: &Item| {
                let result = item.entry.as_ref().ok().map(&work);
                progress.done(item.bytes);
                result
            };
            // each result is written as soon as it and all before it are
            // done (a chunk of hard puzzles takes minutes), and flushed at
            // least once a `FLUSH_EVERY`: a run killed loses no more
            let (done, status) = (&mut self.done, &mut self.status);
            // (`None`: no result came for a while)
            let mut write = |out: &mut W, got: Option<(&Item, Option<R>)>| -> io::Result<()> {
                if let Some((item, result)) = got {
                    *done += 1;
                    item.report_skipped(&progress);
                    match (&item.entry, result) {
                        (Ok(_), Some(r)) => emit(out, item, Ok(r), status)?,
                        (Err(e), _) => {
                            status.error = true;
                            progress.report(&item.name, e);
                            emit(out, item, Err(e), status)?;
                        }
                        (Ok(_), None) => {} // (a puzzle read is always worked on)
                    }
                    progress.flush(out)?;
                }
                if flushed.elapsed() >= FLUSH_EVERY {
                    progress.flush_all(out)?;
                    flushed = Instant::now();
                }
                Ok(())
            };
            if parallel {
                let asked = match plan.threads {
                    Threads::Pool(n) | Threads::WhenWorthIt(n) => n,
                    Threads::One => Some(1),
                };
                let pool = match &mut self.pool {
                    Some(pool) => pool,
                    None => {
                        // (a chunk that is not full holds all the work left)
                        let work = (chunk.len() < chunk_size).then_some(chunk.len() as u64);
                        self.pool.insert(pool(thread_count(asked, work, cores()))?)
                    }
                };
                let started = Instant::now();
                if stream {
                    in_order_as_done(pool, &chunk, &one, |got| write(out, got))?;
                } else {
                    // (a chunk done in well under a second is written
                    // whole: handing each result over costs more than
                    // some puzzles' work)
                    let results = pool.install(|| map_in_order(&chunk, true, one));
                    for (item, r) in chunk.iter().zip(results) {
                        write(out, Some((item, r)))?;
                    }
                }
                stream = started.elapsed() >= FLUSH_EVERY / 4;
            } else {
                let started = Instant::now();
                for item in &chunk {
                    // (each puzzle is started only if Ctrl-C has not come)
                    if requested() {
                        break;
                    }
                    let r = one(item);
                    write(out, Some((item, r)))?;
                }
                parallel = matches!(plan.threads, Threads::WhenWorthIt(n) if n != Some(1))
                    && started.elapsed() >= WORTH_THREADS;
            }
        }
        Ok(())
    }

    /// The batch is over: write the notices left, clear the progress
    /// display, flush `out` and give the exit code (after Ctrl-C: say so
    /// and give [`INTERRUPTED`]).
    pub fn finish(mut self, out: &mut impl Write) -> io::Result<u8> {
        self.inputs.finish(&mut self.status);
        out.flush()?;
        if requested() {
            match self.resumed {
                0 => report(self.done),
                resumed => report_resumed(self.done, resumed),
            }
            return Ok(INTERRUPTED);
        }
        Ok(self.status.code())
    }
}

/// What a command writes on stdout in place of an unreadable puzzle,
/// after `# error: `: where and what (`line 2, column 1: ...`), with the
/// input's name first when there are `several` inputs (`a.txt: line 2,
/// ...`): the answers of several inputs run on one after another.
pub fn error_text(several: bool, item: &Item, e: &ParseError) -> String {
    if several {
        format!("{}: {e}", item.name)
    } else {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_more_threads_than_work() {
        // `--threads 1024` on 4 puzzles: 4 threads
        assert_eq!(thread_count(Some(1024), Some(4), 2), 4);
        assert_eq!(thread_count(Some(1024), Some(4), 64), 4);
        // one puzzle, or none: one thread
        assert_eq!(thread_count(Some(8), Some(1), 8), 1);
        assert_eq!(thread_count(None, Some(0), 8), 1);
        // a stream of unknown length: at most a few per core
        assert_eq!(thread_count(Some(1024), None, 2), 2 * THREADS_PER_CORE);
        assert_eq!(thread_count(Some(3), None, 2), 3);
        // the default: one per core, unless there is less work
        assert_eq!(thread_count(None, None, 6), 6);
        assert_eq!(thread_count(None, Some(100), 6), 6);
        assert_eq!(thread_count(None, Some(2), 6), 2);
        assert_eq!(thread_count(Some(1), Some(100), 6), 1);
        assert_eq!(thread_count(None, None, 0), 1);
    }

    #[test]
    fn results_written_in_order_as_they_are_done() {
        let pool = pool(4).unwrap();
        let items: Vec<u64> = (0..200).collect();
        // later items finish first: each waits for those before it
        let slow = |&x: &u64| {
            std::thread::sleep(Duration::from_micros((200 - x) * 20));
            x * 2
        };
        let mut written = Vec::new();
        in_order_as_done(&pool, &items, &slow, |got| {
            if let Some((&x, r)) = got {
                assert_eq!(r, x * 2);
                written.push(x);
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(written, items);
        // a failed write is the answer, and nothing is written after it
        let mut count = 0;
        let failed = in_order_as_done(&pool, &items, &slow, |got| {
            if got.is_some() {
                count += 1;
                if count == 10 {
                    return Err(io::Error::other("closed"));
                }
            }
            Ok(())
        });
        assert_eq!(failed.unwrap_err().to_string(), "closed");
        assert_eq!(count, 10);
    }

    #[test]
    fn workers_take_the_items_in_input_order() {
        // when an item starts, every item before it has started but those
        // the other workers have taken and not yet started (one each); a
        // chunk split between the workers starts its far parts first (with
        // 4 workers, items 100, 200 and 300 among the first four)
        let threads = 4;
        let pool = pool(threads).unwrap();
        let items: Vec<usize> = (0..400).collect();
        for streamed in [true, false] {
            let starts = AtomicUsize::new(0);
            let started = Mutex::new(Vec::new());
            let work = |&i: &usize| {
                let n = starts.fetch_add(1, Ordering::SeqCst);
                started.lock().unwrap().push((i, n));
                std::thread::sleep(Duration::from_micros(200));
                i
            };
            if streamed {
                in_order_as_done(&pool, &items, &work, |_| Ok(())).unwrap();
            } else {
                let done = pool.install(|| map_in_order(&items, true, work));
                assert_eq!(done, items);
            }
            let mut started = started.into_inner().unwrap();
            for &(i, n) in &started {
                assert!(i < n + threads, "item {i} was started {n}th");
            }
            // each item once
            started.sort_unstable();
            assert!(started.iter().map(|&(i, _)| i).eq(items.iter().copied()));
        }
    }

    #[test]
    fn results_in_order_up_to_the_first_undone() {
        let items: Vec<u32> = (0..100).collect();
        for parallel in [false, true] {
            let doubled = map_in_order(&items, parallel, |x| x * 2);
            assert_eq!(doubled, (0..100).map(|x| x * 2).collect::<Vec<_>>());
        }
    }
}
