//! Throughput of the exact solver against the `sudoku` crate (v0.8).
//!
//! Usage: `cargo bench -p sensei-tools --bench bench_exact -- FILE...`
//!
//! Each file holds one puzzle per line (81 characters, `.` or `0` for an
//! empty cell); blank lines and lines starting with `#` are skipped. For
//! "first solution" and "unique check" (at most two solutions) both solvers
//! run over the file in chunks of 32 puzzles; each chunk is timed
//! `BENCH_ROUNDS` (default 5) times per solver, alternately, and the best
//! times are summed. The results of the two solvers are compared too.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku::Sudoku;
use sudoku_sensei::exact::{self, Cells, Count};

/// Puzzles per timed chunk.
const CHUNK: usize = 32;

fn parse_line(line: &str) -> Option<Cells> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let bytes = line.as_bytes();
    if bytes.len() < 81 {
        return None;
    }
    let mut cells = [0u8; 81];
    for (cell, &byte) in cells.iter_mut().zip(bytes) {
        *cell = match byte {
            b'1'..=b'9' => byte - b'0',
            _ => 0,
        };
    }
    Some(cells)
}

/// How long one run of `f` takes.
fn timed(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn rate(count: usize, time: Duration) -> f64 {
    count as f64 / time.as_secs_f64().max(1e-9)
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(5);
    if files.is_empty() {
        eprintln!("usage: bench_exact FILE...");
        std::process::exit(2);
    }
    println!(
        "{:<32} {:>7} | {:>14} {:>12} {:>12} {:>6} | {:>14} {:>12} {:>12} {:>6} | {:>8}",
        "set",
        "puzzles",
        "first",
        "sensei/s",
        "sudoku/s",
        "ratio",
        "unique",
        "sensei/s",
        "sudoku/s",
        "ratio",
        "mismatch"
    );
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{file}: {error}");
                continue;
            }
        };
        let puzzles: Vec<Cells> = text.lines().filter_map(parse_line).collect();
        let peers: Vec<Sudoku> = puzzles
            .iter()
            .map(|cells| Sudoku::from_bytes(*cells).expect("valid puzzle for the sudoku crate"))
            .collect();

        // Agreement: same unique solution and same count (up to 2).
        let mut mismatches = 0;
        for (cells, peer) in puzzles.iter().zip(&peers) {
            let ours = exact::count(cells, 2);
            let theirs = peer.solutions_count_up_to(2);
            let same_count = matches!(
                (ours, theirs),
                (Count::None, 0) | (Count::Unique, 1) | (Count::AtLeast(2), 2)
            );
            let same_solution = match (exact::first_solution(cells), peer.some_solution()) {
                (Some(a), Some(b)) => theirs != 1 || a == b.to_bytes(),
                (None, None) => true,
                _ => false,
            };
            if !(same_count && same_solution) {
                mismatches += 1;
            }
        }

        // Time in chunks: for each chunk, every measurement runs `rounds`
        // times, alternating sensei and the peer, and the best time of each
        // counts. Summing per-chunk minima keeps preemption on a shared
        // machine out of the figures much better than one long run would.
        let mut first = [Duration::ZERO; 2];
        let mut unique = [Duration::ZERO; 2];
        for (chunk, peer_chunk) in puzzles.chunks(CHUNK).zip(peers.chunks(CHUNK)) {
            let mut best = [Duration::MAX; 4];
            for _ in 0..rounds {
                best[0] = best[0].min(timed(|| {
                    for cells in chunk {
                        black_box(exact::first_solution(black_box(cells)));
                    }
                }));
                best[1] = best[1].min(timed(|| {
                    for peer in peer_chunk {
                        black_box(black_box(*peer).some_solution());
                    }
                }));
                best[2] = best[2].min(timed(|| {
                    for cells in chunk {
                        black_box(exact::count(black_box(cells), 2));
                    }
                }));
                best[3] = best[3].min(timed(|| {
                    for peer in peer_chunk {
                        black_box(black_box(*peer).solutions_count_up_to(2));
                    }
                }));
            }
            first[0] += best[0];
            first[1] += best[1];
            unique[0] += best[2];
            unique[1] += best[3];
        }
        let n = puzzles.len();
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |name| name.to_string_lossy().into_owned());
        let (f0, f1) = (rate(n, first[0]), rate(n, first[1]));
        let (u0, u1) = (rate(n, unique[0]), rate(n, unique[1]));
        println!(
            "{:<32} {:>7} | {:>14} {:>12.0} {:>12.0} {:>6.2} | {:>14} {:>12.0} {:>12.0} {:>6.2} | {:>8}",
            name, n, "", f0, f1, f0 / f1, "", u0, u1, u0 / u1, mismatches
        );
    }
}
