//! What every batch command (`solve`, `grade`, `explain`, `generate`)
//! does the same way: Ctrl-C, and how many worker threads to start.
//!
//! **Ctrl-C.** [`watch`] installs one handler for the whole process. The
//! first Ctrl-C sets a flag: the command stops at its next puzzle (workers
//! look at the flag before each puzzle they take, see [`map_in_order`]),
//! writes every result finished in input order before it, whole (the
//! buffered output is flushed; no line or document is cut), says so on
//! stderr and exits with [`INTERRUPTED`] (130). While the command waits
//! for puzzles typed at the terminal with its output written
//! ([`waiting_for_input`]), there is nothing left to write, so Ctrl-C ends
//! it at once, with 130. A second Ctrl-C ends it at once.
//!
//! **Threads.** [`thread_count`]: as many as asked (or one per core), but
//! never more than there is work, nor more than a few per core.

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

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
    eprintln!("sensei: interrupted; the output of the {done} puzzle{s} done before is written");
}

/// `work` on each of `items`, on the current thread pool when `parallel`
/// (else here), in input order: the results, up to the first item left
/// undone because Ctrl-C came first. Each item is started only if Ctrl-C
/// has not come yet, so a batch stops after the puzzles in hand.
pub fn map_in_order<T, R>(items: &[T], parallel: bool, work: impl Fn(&T) -> R + Sync) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    let one = |item: &T| (!requested()).then(|| work(item));
    let done: Vec<Option<R>> = if parallel {
        items.par_iter().map(one).collect()
    } else {
        // (stop at the first item left undone: nothing after it is used)
        items.iter().map(one).take_while(Option::is_some).collect()
    };
    done.into_iter().map_while(|r| r).collect()
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
    fn results_in_order_up_to_the_first_undone() {
        let items: Vec<u32> = (0..100).collect();
        for parallel in [false, true] {
            let doubled = map_in_order(&items, parallel, |x| x * 2);
            assert_eq!(doubled, (0..100).map(|x| x * 2).collect::<Vec<_>>());
        }
    }
}
