//! Benchmark of the trainer's server (`sensei serve`), in two parts, both
//! over HTTP on loopback against a server started in this process with the
//! default limits:
//!
//! 1. **Hint latency**: for each puzzle of the file, the position after
//!    its singles (full house, naked and hidden single: where a learner
//!    gets stuck), one `POST /api/hint` at level 3 with its picture, as the
//!    page asks, from one client at a time; prints p50, p95, p99 and max.
//! 2. **Load**: `--clients` clients (keep-alive connections) send requests
//!    for `--seconds`, round the positions: hints at levels 1-3 with
//!    their pictures, one check in 20 requests, one walkthrough (JSON) in
//!    500 (explaining takes up to a second, on one worker); prints requests per second,
//!    latencies and the count of each status. Any error or 5xx fails
//!    (exit 1).
//!
//! `cargo run --release -p sensei-tools --bin bench_serve -- ../shared/data/puzzles/top1465.txt`
//!
//! Options: `--limit N` (positions, default all), `--clients N` (50),
//! `--seconds S` (30), `--no-load` (latency only).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_sensei::format::hodoku::position_line;
use sudoku_sensei::serve::{self, Config};
use sudoku_sensei::solver::{Fallback, Options, Profile};
use sudoku_sensei::{parse, solve, Outcome, Technique};

fn main() {
    let mut file = String::from("../shared/data/puzzles/top1465.txt");
    let (mut limit, mut clients, mut seconds, mut load) = (usize::MAX, 50usize, 30u64, true);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = || args.next().and_then(|n| n.parse::<u64>().ok());
        match a.as_str() {
            "--limit" => limit = number().map_or(usize::MAX, |n| n as usize),
            "--clients" => clients = number().map_or(50, |n| n as usize).max(1),
            "--seconds" => seconds = number().unwrap_or(30),
            "--no-load" => load = false,
            _ => file = a,
        }
    }
    let Ok(text) = std::fs::read_to_string(&file) else {
        eprintln!("skipped: cannot read {file}");
        return;
    };
    let positions = after_singles(&text, limit);
    println!(
        "{} positions after the singles of {file} (puzzles the singles solve are left out)",
        positions.len()
    );
    if positions.is_empty() {
        return;
    }

    let listener = TcpListener::bind("127.0.0.1:0").expect("bind an ephemeral port");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = std::thread::spawn(move || {
        serve::run(listener, Config::default(), async {
            let _ = stopped.await;
        })
    });

    // 1. latency of one hint at a time
    let mut client = Client::new(addr);
    let mut times = Vec::with_capacity(positions.len());
    let mut bad = 0usize;
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let started = Instant::now();
    for p in &positions {
        let body = format!("{{\"position\":\"{p}\",\"level\":3,\"picture\":true}}");
        let t0 = Instant::now();
        let answer = client.post("/api/hint", &body);
        times.push(t0.elapsed());
        match answer {
            Some((200, text)) => {
                let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
                let kind = v["technique"]
                    .as_str()
                    .or(v["status"].as_str())
                    .unwrap_or("?");
                *kinds.entry(kind.to_string()).or_default() += 1;
            }
            _ => bad += 1,
        }
    }
    let total = started.elapsed();
    times.sort();
    println!(
        "hint (level 3 with picture), one client: {} requests in {:.1} s; p50 {} p95 {} p99 {} max {}; {bad} not 200",
        times.len(),
        total.as_secs_f64(),
        ms(pct(&times, 50.0)),
        ms(pct(&times, 95.0)),
        ms(pct(&times, 99.0)),
        ms(times.last().copied().unwrap_or_default()),
    );
    let mut kinds: Vec<(String, usize)> = kinds.into_iter().collect();
    kinds.sort_by_key(|(k, n)| (std::cmp::Reverse(*n), k.clone()));
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    println!("hints given: {}", kinds.join(", "));
    let mut failed = bad > 0;

    // 2. load
    if load {
        failed |= load_test(addr, &positions, clients, seconds);
    }
    let _ = stop.send(());
    let _ = server.join();
    if failed {
        std::process::exit(1);
    }
}

/// The positions after the singles, as HoDoKu library lines.
fn after_singles(text: &str, limit: usize) -> Vec<String> {
    let singles = Options::with_profile(Profile::Hodoku).only(&[
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ]);
    let opts = Options {
        fallback: Fallback::Stop,
        ..singles
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| parse(l).ok())
        .filter_map(|g| match solve(&g, &opts).outcome {
            Outcome::Stuck { board } => Some(position_line(&board)),
            _ => None,
        })
        .take(limit)
        .collect()
}

/// `clients` clients for `seconds`; true when a request failed.
fn load_test(addr: SocketAddr, positions: &[String], clients: usize, seconds: u64) -> bool {
    let positions = Arc::new(positions.to_vec());
    let done = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|k| {
            let (positions, done) = (positions.clone(), done.clone());
            std::thread::spawn(move || {
                let mut client = Client::new(addr);
                let mut seen = Tally::default();
                let mut i = k * 7919;
                while !done.load(Ordering::Relaxed) {
                    let p = &positions[i % positions.len()];
                    let (path, body) = match i % 500 {
                        0 => ("/api/explain", format!("{{\"position\":\"{p}\"}}")),
                        n if n % 20 == 1 => ("/api/check", format!("{{\"position\":\"{p}\"}}")),
                        n => (
                            "/api/hint",
                            format!(
                                "{{\"position\":\"{p}\",\"level\":{},\"picture\":true}}",
                                n % 3 + 1
                            ),
                        ),
                    };
                    let t0 = Instant::now();
                    let status = client.post(path, &body).map(|(s, _)| s);
                    seen.add(path, status, t0.elapsed());
                    i += 1;
                }
                seen
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(seconds));
    done.store(true, Ordering::Relaxed);
    let mut all = Tally::default();
    for t in threads {
        if let Ok(seen) = t.join() {
            all.merge(seen);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let n: usize = all.times.values().map(Vec::len).sum();
    println!(
        "load: {clients} clients for {seconds} s: {n} requests, {:.0}/s",
        n as f64 / secs
    );
    for (path, times) in &mut all.times {
        times.sort();
        println!(
            "load: {path:<13} {:>6} requests; p50 {} p95 {} p99 {} max {}",
            times.len(),
            ms(pct(times, 50.0)),
            ms(pct(times, 95.0)),
            ms(pct(times, 99.0)),
            ms(times.last().copied().unwrap_or_default()),
        );
    }
    println!(
        "load: status 2xx {}, 4xx {}, 5xx {}, connection errors {}",
        all.ok, all.client_error, all.server_error, all.io_error
    );
    all.server_error + all.io_error + all.client_error > 0
}

#[derive(Default)]
struct Tally {
    ok: usize,
    client_error: usize,
    server_error: usize,
    io_error: usize,
    times: BTreeMap<&'static str, Vec<Duration>>,
}

impl Tally {
    fn add(&mut self, path: &'static str, status: Option<u16>, t: Duration) {
        match status {
            Some(200..=299) => self.ok += 1,
            Some(400..=499) => self.client_error += 1,
            Some(_) => self.server_error += 1,
            None => self.io_error += 1,
        }
        self.times.entry(path).or_default().push(t);
    }
    fn merge(&mut self, o: Tally) {
        self.ok += o.ok;
        self.client_error += o.client_error;
        self.server_error += o.server_error;
        self.io_error += o.io_error;
        for (path, times) in o.times {
            self.times.entry(path).or_default().extend(times);
        }
    }
}

/// An HTTP/1.1 client on one keep-alive connection (reconnects as needed).
struct Client {
    addr: SocketAddr,
    conn: Option<BufReader<TcpStream>>,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    /// The status and body of a POST, or None when the connection failed.
    fn post(&mut self, path: &str, body: &str) -> Option<(u16, String)> {
        for _ in 0..2 {
            if self.conn.is_none() {
                let s = TcpStream::connect(self.addr).ok()?;
                s.set_read_timeout(Some(Duration::from_secs(60))).ok()?;
                s.set_nodelay(true).ok()?;
                self.conn = Some(BufReader::new(s));
            }
            match self.exchange(path, body) {
                Some(answer) => return Some(answer),
                None => self.conn = None, // a closed keep-alive connection: once more
            }
        }
        None
    }

    fn exchange(&mut self, path: &str, body: &str) -> Option<(u16, String)> {
        let conn = self.conn.as_mut()?;
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        let s = conn.get_mut();
        s.write_all(head.as_bytes()).ok()?;
        s.write_all(body.as_bytes()).ok()?;
        let mut line = String::new();
        conn.read_line(&mut line).ok()?;
        let status: u16 = line.split(' ').nth(1)?.parse().ok()?;
        let mut length = 0usize;
        loop {
            line.clear();
            conn.read_line(&mut line).ok()?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().ok()?;
                }
            }
        }
        let mut rest = vec![0u8; length];
        conn.read_exact(&mut rest).ok()?;
        Some((status, String::from_utf8_lossy(&rest).into_owned()))
    }
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
