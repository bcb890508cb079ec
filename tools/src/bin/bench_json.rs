//! What writing the JSON trace costs beside the solve (issue 39): explains
//! every puzzle of each file once (HoDoKu profile, guessing allowed, as
//! `sensei explain`), then writes each trace as text, as the JSON trace
//! and as the compact JSON line of `--format jsonl`, and prints the CPU per
//! puzzle of each, the ratio of each writer to the solve, and the bytes per
//! puzzle.
//!
//! `cargo run --release -p sensei-tools --bin bench_json -- FILE...`
//!
//! (Before issue 39 the trace was a serde_json value tree: 0.81 ms and
//! 30.8 KB per 17-clue puzzle, 4.9 times the solve.)
//!
//! The samples of docs/performance.md (one core: `taskset -c 0`):
//!
//! ```text
//! python3 -c 'import random; p=[l.strip() for l in open("../shared/data/puzzles/17_clue.txt")
//!   if l.strip() and not l.startswith("#")]; random.seed(17);
//!   print("\n".join(random.sample(p, 2000)))' > 17.txt
//! (top1465.txt: random.seed(1465), 300 puzzles)
//! ```
//!
//! CPU is this thread's own (Linux `/proc/thread-self/schedstat`; the wall
//! clock elsewhere), so other processes on the machine do not count.

use std::time::Instant;
use sudoku_sensei::render::json::{self, TraceOptions};
use sudoku_sensei::render::text;
use sudoku_sensei::solver::{Options, Profile};
use sudoku_sensei::{parse, solve, Trace};

/// This thread's CPU time in seconds (wall time where the kernel does not
/// say).
fn cpu() -> f64 {
    thread_local!(static START: Instant = Instant::now());
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok();
    match stat.and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok()) {
        Some(ns) => ns as f64 / 1e9,
        None => START.with(|s| s.elapsed().as_secs_f64()),
    }
}

/// CPU seconds and bytes of writing every trace with `write`.
fn measure(traces: &[Trace], write: impl Fn(&Trace, &mut Vec<u8>)) -> (f64, usize) {
    let mut out = Vec::with_capacity(1 << 20);
    let mut bytes = 0;
    let t0 = cpu();
    for t in traces {
        write(t, &mut out);
        bytes += out.len();
        out.clear();
    }
    (cpu() - t0, bytes)
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: bench_json FILE...");
        std::process::exit(2);
    }
    let opts = Options::with_profile(Profile::Hodoku);
    for f in files {
        let text_in = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let puzzles: Vec<_> = text_in
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| parse(l).ok())
            .collect();
        let n = puzzles.len().max(1) as f64;
        let t0 = cpu();
        let traces: Vec<Trace> = puzzles.iter().map(|p| solve(p, &opts)).collect();
        let solve_cpu = cpu() - t0;
        let steps: usize = traces.iter().map(|t| t.steps.len()).sum();
        let (text_cpu, text_bytes) = measure(&traces, |t, out| {
            out.extend_from_slice(text::explain_text(t, false).as_bytes())
        });
        let (json_cpu, json_bytes) = measure(&traces, |t, out| {
            json::write_trace(out, t, Some(1), TraceOptions::default());
            out.push(b'\n');
        });
        let with_candidates = TraceOptions { candidates: true };
        let (cand_cpu, cand_bytes) = measure(&traces, |t, out| {
            json::write_trace(out, t, Some(1), with_candidates);
            out.push(b'\n');
        });
        let (jsonl_cpu, jsonl_bytes) = measure(&traces, |t, out| {
            json::write_compact(out, t, Some(1));
            out.push(b'\n');
        });
        println!(
            "{f}: {} puzzles, {:.1} steps each",
            puzzles.len(),
            steps as f64 / n
        );
        println!(
            "  {:<22} {:>10} {:>9} {:>12}",
            "", "ms/puzzle", "/ solve", "bytes/puzzle"
        );
        let row = |what: &str, secs: f64, bytes: Option<usize>| {
            println!(
                "  {what:<22} {:>10.4} {:>9} {:>12}",
                1000.0 * secs / n,
                if what == "solve" {
                    String::new()
                } else {
                    format!("{:.2}", secs / solve_cpu)
                },
                bytes.map_or(String::new(), |b| format!("{:.0}", b as f64 / n)),
            )
        };
        row("solve", solve_cpu, None);
        row("text (explain)", text_cpu, Some(text_bytes));
        row("json", json_cpu, Some(json_bytes));
        row("json --candidates", cand_cpu, Some(cand_bytes));
        row("jsonl", jsonl_cpu, Some(jsonl_bytes));
    }
}
