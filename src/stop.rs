//! Stopping a long search from outside: a caller (the trainer's server)
//! runs a piece of work under a hook that says whether to give up, and the
//! library's long loops ask it at their natural pauses: before each step of
//! a solve and before each technique's search for a step (so a stop lands
//! within one technique's search, at most a few hundred milliseconds on the
//! hardest known puzzles), and before each try of the generator.
//!
//! The hook lives in a thread-local slot, so every entry point (`solve`,
//! `hint`, `grade`, `generate`) can be stopped without a new parameter, and
//! a search with no hook pays one thread-local read per technique tried.
//! Once the hook has said "stop", the answer is remembered: every later
//! question on the thread gets "stop" at once, and the loops unwind.
//!
//! ```
//! use sudoku_sensei::stop;
//! let never = stop::stoppable(|| false, || 6 * 7);
//! assert_eq!(never, Some(42));
//! let at_once = stop::stoppable(|| true, || {
//!     let puzzle = sudoku_sensei::parse(
//!         "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//!     ).unwrap();
//!     sudoku_sensei::solve(&puzzle, &sudoku_sensei::Options::default())
//! });
//! assert!(at_once.is_none());
//! ```

use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The hook of the work under way on this thread, and whether it has said
/// "stop".
struct Slot {
    hook: RefCell<Option<Rc<dyn Fn() -> bool>>>,
    stopped: Cell<bool>,
}

thread_local! {
    static SLOT: Slot = const {
        Slot {
            hook: RefCell::new(None),
            stopped: Cell::new(false),
        }
    };
}

/// Run `work` on this thread, with the library's long loops asking
/// `should_stop` whether to give up. `None` when it said yes: the work then
/// ended early and its result, incomplete, is dropped. The hook should be
/// cheap (a flag, a clock): it is asked many times a second.
///
/// Nested calls each have their own hook; the outer one is restored after.
pub fn stoppable<T>(
    should_stop: impl Fn() -> bool + 'static,
    work: impl FnOnce() -> T,
) -> Option<T> {
    /// Puts the outer hook back, even if `work` unwinds.
    struct Restore(Option<Rc<dyn Fn() -> bool>>, bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            let stopped = self.1;
            let _ = SLOT.try_with(|s| {
                *s.hook.borrow_mut() = outer;
                s.stopped.set(stopped);
            });
        }
    }
    let hook: Rc<dyn Fn() -> bool> = Rc::new(should_stop);
    let outer = SLOT
        .try_with(|s| (s.hook.replace(Some(hook)), s.stopped.replace(false)))
        .unwrap_or((None, false));
    let _restore = Restore(outer.0, outer.1);
    let value = work();
    let stopped = SLOT.try_with(|s| s.stopped.get()).unwrap_or(false);
    (!stopped).then_some(value)
}

/// Whether the work under way on this thread should stop (false when it
/// runs under no hook). The library's loops ask this between steps.
pub(crate) fn requested() -> bool {
    SLOT.try_with(|s| {
        if s.stopped.get() {
            return true;
        }
        // the hook is cloned out so that it may itself run stoppable work
        let hook = match s.hook.try_borrow() {
            Ok(h) => h.clone(),
            Err(_) => None,
        };
        let stop = hook.is_some_and(|h| h());
        if stop {
            s.stopped.set(true);
        }
        stop
    })
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_hook_nothing_stops() {
        assert!(!requested());
    }

    #[test]
    fn a_stop_is_remembered_and_the_outer_hook_restored() {
        let asked = Rc::new(Cell::new(0));
        let counter = asked.clone();
        let outer = stoppable(
            move || {
                counter.set(counter.get() + 1);
                false
            },
            || {
                let inner = stoppable(|| true, || (requested(), requested()));
                // inside: stopped, and the second question did not ask again
                assert_eq!(inner, None);
                requested()
            },
        );
        assert_eq!(outer, Some(false));
        assert_eq!(asked.get(), 1);
        assert!(!requested());
    }
}
