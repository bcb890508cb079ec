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
mod puzzles;

#[doc(hidden)]
pub use puzzles::{builtin, Builtin};

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::future::{Future, IntoFuture};
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

/// The server's limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// The largest request body accepted, in bytes (larger: 413).
    pub max_body: usize,
    /// How long a quick request (position, hint, check) may take, waiting
    /// for a worker included (longer: 503).
    pub quick_limit: Duration,
    /// How long a long request (explain, grade, generate) may take.
    pub long_limit: Duration,
    /// How many quick requests are computed at once (others wait).
    pub quick_workers: usize,
    /// How many long requests are computed at once (others wait).
    pub long_workers: usize,
}

impl Default for Config {
    /// 64 KiB bodies; quick requests 10 s, long ones 30 s; as many quick
    /// workers as cores (at least 2), half as many long ones (at least 1).
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            max_body: 64 * 1024,
            quick_limit: Duration::from_secs(10),
            long_limit: Duration::from_secs(30),
            quick_workers: cores.max(2),
            long_workers: (cores / 2).max(1),
        }
    }
}

/// The router: the page and the API, with `config`'s limits.
#[doc(hidden)]
pub fn router(config: Config) -> Router {
    let max_body = config.max_body;
    let state = Arc::new(api::App::new(config));
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
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(max_body))
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
/// (the walkthrough shown in a frame has inline script and style).
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'unsafe-inline'; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
             frame-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'self'",
        ),
    );
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
/// under way finish (for up to 3 s) and return. Blocks the calling thread (the server runs on its
/// own runtime, with one thread per core).
pub fn run(
    listener: std::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .thread_name("sensei-serve")
        .build()?;
    listener.set_nonblocking(true)?;
    let result = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let (stopping, stopped) = tokio::sync::oneshot::channel::<()>();
        let signal = async move {
            shutdown.await;
            let _ = stopping.send(());
        };
        let server = axum::serve(listener, router(config)).with_graceful_shutdown(signal);
        let mut server = std::pin::pin!(server.into_future());
        tokio::select! {
            biased;
            result = &mut server => result,
            _ = stopped => {
                // the requests under way have a moment to finish
                tokio::time::timeout(GRACE, server).await.unwrap_or(Ok(()))
            }
        }
    });
    // a computation still running after its answer timed out is not waited for
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// A future that completes on Ctrl-C (SIGINT), for [`run`]'s `shutdown`.
/// Where the signal cannot be caught it never completes.
pub async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}
