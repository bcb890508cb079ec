//! Where a request's work runs: two lanes of worker threads, one for cheap
//! work (a hint, a check: milliseconds) and one for expensive work (a
//! walkthrough of one of the hardest puzzles, a new extreme puzzle:
//! seconds), so that a few slow requests cannot hold up the cheap ones.
//!
//! A handler says what its work costs with [`Work::cheap`] or
//! [`Work::expensive`]. Most costs depend on the puzzle more than on the
//! endpoint (a hint on a newspaper puzzle takes a millisecond, on one of
//! the hardest known puzzles a quarter of a second), so cheap work is
//! cheap until it proves otherwise: it gets a short slice of a cheap
//! worker ([`Config::cheap_slice`]); work still running at the end of its
//! slice is stopped and queued again in the expensive lane, and its key
//! ([`Work::same_as`]) is remembered so that the same request goes there
//! at once next time.
//!
//! Each lane has a fixed number of workers and a bounded queue. A request
//! that finds the queue full is answered 503 at once, with `Retry-After`;
//! one that waits is answered 503 when its time limit runs out. Work
//! stops (through [`crate::stop`]) when its time runs out or when the
//! client goes away, so its worker is free again within one technique's
//! search.

use super::api::ApiError;
use super::Config;
use axum::http::StatusCode;
use std::collections::{HashSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// What a request's work costs, as its handler declares it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cost {
    /// Milliseconds, unless the input is one of the hardest: tried first in
    /// the cheap lane, for at most the cheap slice.
    Cheap,
    /// Up to seconds whatever the input: straight to the expensive lane.
    Expensive,
}

/// A request's work, as a handler describes it to [`Lanes::run`].
pub(crate) struct Work {
    cost: Cost,
    /// What the work is, for the messages of a 503 (`finding a hint`).
    what: &'static str,
    /// Requests with the same key cost the same (0: no key).
    key: u64,
}

impl Work {
    /// Work that is usually cheap (see [`Cost::Cheap`]).
    pub(crate) fn cheap(what: &'static str) -> Work {
        Work {
            cost: Cost::Cheap,
            what,
            key: 0,
        }
    }

    /// Work that is always expensive (see [`Cost::Expensive`]).
    pub(crate) fn expensive(what: &'static str) -> Work {
        Work {
            cost: Cost::Expensive,
            what,
            key: 0,
        }
    }

    /// Requests with the same `input` cost the same: once one outruns the
    /// cheap slice, the next goes straight to the expensive lane.
    pub(crate) fn same_as(mut self, input: impl Hash) -> Work {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.what, input).hash(&mut h);
        self.key = h.finish() | 1;
        self
    }
}

/// The fingerprints of the requests that outran the cheap slice: at most
/// [`Lanes::REMEMBERED`] 64-bit keys (32 KiB), the oldest forgotten first.
#[derive(Default)]
struct Remembered {
    keys: HashSet<u64>,
    order: VecDeque<u64>,
}

/// One lane: its workers, and the permits to wait for one.
struct Lane {
    name: &'static str,
    workers: Arc<Semaphore>,
    /// Workers plus queue: a request that gets none is refused at once.
    places: Arc<Semaphore>,
    waiting_room: usize,
    worker_count: usize,
    /// The mean time of its recent work, in ms (for `Retry-After`).
    mean_ms: AtomicU64,
}

impl Lane {
    fn new(name: &'static str, workers: usize, queue: usize, mean_ms: u64) -> Lane {
        let workers = workers.max(1);
        Lane {
            name,
            workers: Arc::new(Semaphore::new(workers)),
            places: Arc::new(Semaphore::new(workers + queue)),
            waiting_room: queue,
            worker_count: workers,
            mean_ms: AtomicU64::new(mean_ms),
        }
    }

    /// How many seconds until a place is likely free: the lane's work ahead,
    /// shared among its workers, at least 1.
    fn retry_after(&self) -> u64 {
        let ahead = (self.worker_count + self.waiting_room) as u64;
        let ms = self.mean_ms.load(Ordering::Relaxed) * ahead / self.worker_count as u64;
        ms.div_ceil(1000).clamp(1, 60)
    }

    fn heard(&self, took: Duration) {
        let ms = took.as_millis().min(u128::from(u32::MAX)) as u64;
        let mean = self.mean_ms.load(Ordering::Relaxed);
        self.mean_ms
            .store((mean * 7 + ms).div_ceil(8), Ordering::Relaxed);
    }

    fn busy(&self, work: &Work) -> ApiError {
        let wait = self.retry_after();
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: every {} worker is taken and {} requests wait for one, \
                 so {} cannot start now; try again in {wait} s",
                self.name, self.waiting_room, work.what
            ),
        )
        .retry_after(wait)
    }
}

/// How one try in a lane ended.
enum Tried<T> {
    Done(T),
    /// The work outran the cheap slice and was stopped.
    OutOfSlice,
}

/// The two lanes and what they share.
pub(crate) struct Lanes {
    cheap: Lane,
    expensive: Lane,
    cheap_slice: Duration,
    cheap_limit: Duration,
    expensive_limit: Duration,
    remembered: Mutex<Remembered>,
    /// Work under way, and work started, in either lane (for the
    /// server's idle time).
    pub(crate) activity: Arc<Activity>,
}

/// How busy the lanes are.
#[derive(Default)]
pub(crate) struct Activity {
    pub(crate) running: AtomicU64,
    pub(crate) started: AtomicU64,
}

/// Sets the request's flag when its future is dropped: the client went
/// away, or the answer is sent. Work still running then stops.
struct Abandoned(Arc<AtomicBool>);

impl Drop for Abandoned {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Counts work under way.
struct Running(Arc<Activity>);

impl Running {
    fn new(activity: &Arc<Activity>) -> Running {
        activity.started.fetch_add(1, Ordering::Relaxed);
        activity.running.fetch_add(1, Ordering::Relaxed);
        Running(activity.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Lanes {
    /// How many keys of expensive requests are remembered at most.
    pub(crate) const REMEMBERED: usize = 4096;

    pub(crate) fn new(config: &Config) -> Lanes {
        Lanes {
            cheap: Lane::new("cheap", config.cheap_workers, config.cheap_queue, 5),
            expensive: Lane::new(
                "expensive",
                config.expensive_workers,
                config.expensive_queue,
                1000,
            ),
            cheap_slice: config.cheap_slice,
            cheap_limit: config.cheap_limit,
            expensive_limit: config.expensive_limit,
            remembered: Mutex::new(Remembered::default()),
            activity: Arc::default(),
        }
    }

    fn known_expensive(&self, key: u64) -> bool {
        key != 0 && self.remembered.lock().is_ok_and(|r| r.keys.contains(&key))
    }

    fn remember(&self, key: u64) {
        if key == 0 {
            return;
        }
        if let Ok(mut r) = self.remembered.lock() {
            if r.keys.insert(key) {
                r.order.push_back(key);
                if r.order.len() > Self::REMEMBERED {
                    if let Some(old) = r.order.pop_front() {
                        r.keys.remove(&old);
                    }
                }
            }
        }
    }

    /// Run `compute` as `work` says, within the request's time limit (the
    /// wait for a worker included): its value, or the 503 that says why
    /// not. `compute` may run twice (stopped in the cheap lane, then again
    /// in the expensive one).
    pub(crate) async fn run<T, F>(&self, work: Work, compute: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn() -> T + Send + Sync + 'static,
    {
        let limit = match work.cost {
            Cost::Cheap => self.cheap_limit,
            Cost::Expensive => self.expensive_limit,
        };
        let deadline = Instant::now() + limit;
        let abandoned = Arc::new(AtomicBool::new(false));
        let _abandoned = Abandoned(abandoned.clone());
        let compute = Arc::new(compute);
        if work.cost == Cost::Cheap && !self.known_expensive(work.key) {
            let slice = Some(self.cheap_slice);
            match self
                .try_in(&self.cheap, &work, deadline, slice, &abandoned, &compute)
                .await?
            {
                Tried::Done(v) => return Ok(v),
                Tried::OutOfSlice => self.remember(work.key),
            }
        }
        match self
            .try_in(&self.expensive, &work, deadline, None, &abandoned, &compute)
            .await?
        {
            Tried::Done(v) => Ok(v),
            Tried::OutOfSlice => Err(self.late(&work, limit)),
        }
    }

    fn late(&self, work: &Work, limit: Duration) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "{} took longer than {} s, this server's limit for it",
                work.what,
                limit.as_secs_f64()
            ),
        )
    }

    /// One try in `lane`: a place in its queue (or 503 at once), a worker
    /// before the deadline (or 503), then the work, stopped at the
    /// deadline, at the end of `slice` if one is given, or when the client
    /// goes away.
    async fn try_in<T, F>(
        &self,
        lane: &Lane,
        work: &Work,
        deadline: Instant,
        slice: Option<Duration>,
        abandoned: &Arc<AtomicBool>,
        compute: &Arc<F>,
    ) -> Result<Tried<T>, ApiError>
    where
        T: Send + 'static,
        F: Fn() -> T + Send + Sync + 'static,
    {
        let place = lane
            .places
            .clone()
            .try_acquire_owned()
            .map_err(|_| lane.busy(work))?;
        let worker = tokio::time::timeout_at(deadline.into(), lane.workers.clone().acquire_owned())
            .await
            .map_err(|_| self.late(work, self.limit_of(work)))?
            .map_err(|_| lane.busy(work))?;
        let stop = abandoned.clone();
        let compute = compute.clone();
        let running = Running::new(&self.activity);
        let task = tokio::task::spawn_blocking(move || {
            let _held = (place, worker, running);
            let start = Instant::now();
            let stop_at = slice.map_or(deadline, |s| (start + s).min(deadline));
            let value = crate::stop::stoppable(
                move || stop.load(Ordering::Relaxed) || Instant::now() >= stop_at,
                || compute(),
            );
            (value, start.elapsed())
        });
        // the work stops itself at the deadline; the answer does not wait
        // for a step that runs on past it
        match tokio::time::timeout_at(deadline.into(), task).await {
            Ok(Ok((Some(v), took))) => {
                lane.heard(took);
                Ok(Tried::Done(v))
            }
            Ok(Ok((None, took))) => {
                lane.heard(took);
                if Instant::now() >= deadline || slice.is_none() {
                    Err(self.late(work, self.limit_of(work)))
                } else {
                    Ok(Tried::OutOfSlice)
                }
            }
            Ok(Err(_)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!(
                    "{} failed inside the server (please report this input)",
                    work.what
                ),
            )),
            Err(_) => Err(self.late(work, self.limit_of(work))),
        }
    }

    fn limit_of(&self, work: &Work) -> Duration {
        match work.cost {
            Cost::Cheap => self.cheap_limit,
            Cost::Expensive => self.expensive_limit,
        }
    }
}
