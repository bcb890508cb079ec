//! The connection loop: accept connections up to a cap below the file
//! limit, serve each with HTTP/1.1 and a deadline for each request's
//! headers, and stop cleanly.
//!
//! A client that opens connections and sends nothing, or a header a byte
//! at a time (slowloris), holds a connection for at most the header
//! deadline. When the cap is reached, a new connection closes the one that
//! has waited longest for a request (never one whose request is being
//! answered), so that a flood of half-open connections cannot keep a new
//! client out.

use super::guard::Reached;
use super::Config;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{watch, Notify};

/// One open connection, as the loop sees it.
struct Conn {
    /// Requests of this connection being answered.
    answering: AtomicU64,
    /// When it last started waiting for a request (ms since the loop began).
    waiting_since: AtomicU64,
    /// Told when the loop closes it to let a new one in.
    evicted: Notify,
}

/// The open connections.
struct Open {
    conns: Mutex<HashMap<u64, Arc<Conn>>>,
    began: Instant,
}

impl Open {
    fn now_ms(&self) -> u64 {
        self.began.elapsed().as_millis() as u64
    }

    fn len(&self) -> usize {
        self.conns.lock().map_or(0, |c| c.len())
    }

    /// Close the connection that has waited longest for a request; false
    /// when every connection is answering one.
    fn evict_one(&self) -> bool {
        let Ok(mut conns) = self.conns.lock() else {
            return false;
        };
        let oldest = conns
            .iter()
            .filter(|(_, c)| c.answering.load(Ordering::Relaxed) == 0)
            .min_by_key(|(_, c)| c.waiting_since.load(Ordering::Relaxed))
            .map(|(&id, _)| id);
        match oldest.and_then(|id| conns.remove(&id)) {
            Some(conn) => {
                conn.evicted.notify_one();
                true
            }
            None => false,
        }
    }
}

/// Counts a request as being answered on its connection while it lives.
struct Answering(Arc<Conn>, Arc<Open>);

impl Drop for Answering {
    fn drop(&mut self) {
        self.0
            .waiting_since
            .store(self.1.now_ms(), Ordering::Relaxed);
        self.0.answering.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How many connections may be open at once: `wanted`, but at most the
/// file limit less some room for the server's own files, the blocking
/// threads and the connections being closed.
pub(crate) fn connection_cap(wanted: usize) -> usize {
    match open_file_limit() {
        Some(limit) => wanted.min(limit.saturating_sub(64).max(limit / 2)).max(1),
        None => wanted.max(1),
    }
}

/// The soft limit on open files (`Max open files` of /proc/self/limits),
/// where the system tells it.
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Serve `router` on `listener` until `shutdown` completes; then close the
/// idle connections, give the requests under way up to `grace` to finish,
/// and return.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    config: &Config,
    shutdown: impl Future<Output = ()>,
    grace: Duration,
) -> io::Result<()> {
    let cap = connection_cap(config.max_connections);
    let open = Arc::new(Open {
        conns: Mutex::new(HashMap::new()),
        began: Instant::now(),
    });
    let (stopping, stopped) = watch::channel(false);
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .keep_alive(true);
    let mut next_id = 0u64;
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, _) = tokio::select! {
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(_) => {
                    // out of files, or a connection reset before it was
                    // accepted: wait a moment rather than spin
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
        };
        if open.len() >= cap && !open.evict_one() {
            drop(stream); // every connection is answering a request
            continue;
        }
        let _ = stream.set_nodelay(true);
        let Ok(reached) = stream.local_addr() else {
            continue;
        };
        next_id += 1;
        let id = next_id;
        let conn = Arc::new(Conn {
            answering: AtomicU64::new(0),
            waiting_since: AtomicU64::new(open.now_ms()),
            evicted: Notify::new(),
        });
        if let Ok(mut conns) = open.conns.lock() {
            conns.insert(id, conn.clone());
        }
        let app = TowerToHyperService::new(router.clone());
        let (svc_conn, svc_open) = (conn.clone(), open.clone());
        let service = service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(Reached(reached));
            svc_conn.answering.fetch_add(1, Ordering::Relaxed);
            let answering = Answering(svc_conn.clone(), svc_open.clone());
            let answer = hyper::service::Service::call(&app, request);
            async move {
                let response = answer.await;
                drop(answering);
                response
            }
        });
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let mut stopped = stopped.clone();
        let open = open.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                () = conn.evicted.notified() => {}
                true = async { stopped.wait_for(|s| *s).await.is_ok() } => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            if let Ok(mut conns) = open.conns.lock() {
                conns.remove(&id);
            }
        });
    }
    drop(listener);
    let _ = stopping.send(true);
    let until = Instant::now() + grace;
    while open.len() > 0 && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}
