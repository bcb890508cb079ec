//! The trainer: a local web server with one page (play a puzzle with
//! hints, pictures, checks and walkthroughs) and the JSON API behind it
//! (`docs/api.md`). Behind the `serve` feature; `sensei serve` runs it.
//!
//! This is the one part of the library that does I/O: it listens on the
//! socket it is given and answers HTTP requests. It makes no request of its
//! own. The page, its style and its script are files next to this one,
//! compiled in ([`PAGE`], [`STYLE`], [`SCRIPT`], [`STORE_SCRIPT`]): no CDN,
//! no web font.
//!
//! Every answer is computed by the library's entry points (`format`,
//! `hint`, `solver`, `grade`, `generate`, `render`) on a blocking thread,
//! bounded in time and in how many run at once ([`Config`]).
//!
//! ```no_run
//! use sudoku_sensei::serve::{self, Config};
//! let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
//! println!("http://{}/", listener.local_addr().unwrap());
//! serve::run(listener, Config::default(), serve::ctrl_c()).unwrap();
//! ```

mod api;
mod conn;
mod guard;
mod lanes;
mod lessons;
mod memory;
mod practice;
mod puzzles;

#[doc(hidden)]
pub use puzzles::{builtin, Builtin};

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;

/// The page (HTML).
#[doc(hidden)]
pub const PAGE: &str = include_str!("index.html");
/// The page's style sheet.
#[doc(hidden)]
pub const STYLE: &str = include_str!("app.css");
/// The page's script.
#[doc(hidden)]
pub const SCRIPT: &str = include_str!("app.js");
/// The page's saved games (localStorage), used by [`SCRIPT`].
#[doc(hidden)]
pub const STORE_SCRIPT: &str = include_str!("store.js");

/// The server's limits (docs/api.md, "Limits").
#[derive(Clone, Debug)]
pub struct Config {
    /// The largest request body accepted, in bytes (larger: 413).
    pub max_body: usize,
    /// How long a cheap request (position, hint, check, and explain or
    /// grade until they outrun the cheap slice) may take, waiting for a
    /// worker included (longer: 503).
    pub cheap_limit: Duration,
    /// How long an expensive request (generate, and the work that outran
    /// the cheap slice) may take, waiting included.
    pub expensive_limit: Duration,
    /// How long cheap work may run in the cheap lane before it is stopped
    /// and queued in the expensive lane.
    pub cheap_slice: Duration,
    /// How many cheap requests are computed at once.
    pub cheap_workers: usize,
    /// How many expensive requests are computed at once.
    pub expensive_workers: usize,
    /// How many cheap requests may wait for a worker (more: 503 at once).
    pub cheap_queue: usize,
    /// How many expensive requests may wait for a worker (more: 503 at once).
    pub expensive_queue: usize,
    /// How long a client may take to send a request's headers (also the
    /// longest a kept-alive connection may stay idle); then the connection
    /// is closed.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body (longer: 408).
    pub body_timeout: Duration,
    /// How many connections are open at once at most (lowered to stay
    /// below the process's file limit). A new connection beyond it closes
    /// the connection that has waited longest for a request.
    pub max_connections: usize,
    /// Host names accepted in the `Host` header besides `localhost` and the
    /// address the connection came to (others: 403), e.g. a name of this
    /// machine on the network (`sensei serve --allow-host NAME`).
    pub allowed_hosts: Vec<String>,
    /// Give freed memory back to the system when the server goes idle and
    /// after expensive work (glibc's `malloc_trim`; nothing elsewhere).
    pub release_memory: bool,
}

impl Default for Config {
    /// 64 KiB bodies; cheap requests 10 s, expensive ones 30 s; a cheap
    /// slice of 50 ms; as many cheap workers as cores (at least 2), half as
    /// many expensive ones (at least 1); queues of 32 requests per cheap
    /// worker and 4 per expensive one; 10 s to send headers or a body; 512
    /// connections.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let cheap_workers = cores.max(2);
        let expensive_workers = (cores / 2).max(1);
        Config {
            max_body: 64 * 1024,
            cheap_limit: Duration::from_secs(10),
            expensive_limit: Duration::from_secs(30),
            cheap_slice: Duration::from_millis(50),
            cheap_workers,
            expensive_workers,
            cheap_queue: 32 * cheap_workers,
            expensive_queue: 4 * expensive_workers,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_connections: 512,
            allowed_hosts: Vec::new(),
            release_memory: true,
        }
    }
}

/// The router: the page and the API, with `config`'s limits.
#[doc(hidden)]
pub fn router(config: Config) -> Router {
    router_of(Arc::new(api::App::new(config)))
}

fn router_of(state: Arc<api::App>) -> Router {
    let max_body = state.config.max_body;
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", PAGE) }),
        )
        .route(
            "/app.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/store.js",
            get(|| async { asset("text/javascript; charset=utf-8", STORE_SCRIPT) }),
        )
        .route("/api/puzzles", get(api::puzzles))
        .route("/api/position", post(api::position))
        .route("/api/hint", post(api::hint))
        .route("/api/check", post(api::check))
        .route("/api/explain", post(api::explain))
        .route("/api/grade", post(api::grade))
        .route("/api/generate", post(api::generate))
        .route("/api/techniques", get(practice::techniques))
        .route("/api/lesson", post(practice::lesson))
        .route("/api/practice", post(practice::practice))
        .route("/api/check-step", post(practice::check))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::guard,
        ))
        .layer(axum::middleware::map_response(secure))
        .with_state(state)
}

/// A compiled-in file.
fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// What every answer carries: the page may load nothing from elsewhere
/// (the walkthrough shown in a frame has inline script and style), and no
/// other site may show it in a frame (`frame-ancestors 'none'`, and
/// `X-Frame-Options` for older browsers).
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'unsafe-inline'; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
             frame-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
             frame-ancestors 'none'",
        ),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// How long the requests under way may take to finish once the server is
/// asked to stop.
const GRACE: Duration = Duration::from_secs(3);

/// Serve on `listener` until `shutdown` completes, then let the requests
/// under way finish (for up to 3 s) and return. Blocks the calling thread
/// (the server runs on its own runtime, with one thread per core, and the
/// lanes' workers on threads of their own).
pub fn run(
    listener: std::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let workers = config.cheap_workers.max(1) + config.expensive_workers.max(1);
    if config.release_memory {
        memory::cap_arenas(2 * 2);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .thread_name("sensei-serve")
        // the lanes' workers (a worker stopped at its deadline may still be
        // finishing its step when the next starts)
        .max_blocking_threads(2 * workers)
        .thread_keep_alive(Duration::from_secs(5))
        .build()?;
    listener.set_nonblocking(true)?;
    let state = Arc::new(api::App::new(config.clone()));
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        if config.release_memory {
            tokio::spawn(release_when_idle(state.lanes.activity.clone()));
        }
        conn::serve(listener, router_of(state), &config, shutdown, GRACE).await
    });
    // a computation still finishing its step after its answer was sent is
    // not waited for
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// Give freed memory back to the system once no work has run for a second
/// (once per idle spell).
async fn release_when_idle(activity: Arc<lanes::Activity>) {
    use std::sync::atomic::Ordering;
    let mut released_at = 0;
    let mut seen = 0;
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let started = activity.started.load(Ordering::Relaxed);
        let idle = activity.running.load(Ordering::Relaxed) == 0 && started == seen;
        seen = started;
        if idle && started != released_at {
            let _ = tokio::task::spawn_blocking(memory::release).await;
            released_at = started;
        }
    }
}

/// A future that completes on Ctrl-C (SIGINT), for [`run`]'s `shutdown`.
/// Where the signal cannot be caught it never completes.
pub async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}
