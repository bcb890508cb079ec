//! The batch `sensei solve` as a whole process against a plain program
//! using the `sudoku` crate (`tools/src/bin/peer_solve.rs`), on the same files:
//! both read the file, tell one solution from several and print one line
//! per puzzle. Runs the two alternately, `BENCH_ROUNDS` times (default 5),
//! and prints the best wall time of each and the ratio (peer / sensei:
//! above 1 means sensei is faster).
//!
//! `cargo build --release && cargo build --release -p sensei-tools --example peer_solve && cargo bench -p sensei-tools --bench bench_solve -- FILE...`
//! (it runs `target/release/sensei` and `target/release/examples/peer_solve`)
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn run(program: &PathBuf, args: &[&str]) -> Duration {
    let t0 = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let elapsed = t0.elapsed();
    assert!(status.is_ok(), "{} could not run", program.display());
    elapsed
}

fn main() {
    // a benchmark runs from target/release/deps/
    let exe = std::env::current_exe().expect("own path");
    let release = exe
        .ancestors()
        .find(|dir| dir.ends_with("release"))
        .expect("a benchmark runs from target/release")
        .to_path_buf();
    let sensei = release.join("sensei");
    let peer = release.join("examples").join("peer_solve");
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    println!("| file | puzzles | sensei solve | sudoku 0.8 program | ratio |");
    println!("|---|---:|---:|---:|---:|");
    for file in std::env::args().skip(1) {
        let puzzles = std::fs::read_to_string(&file)
            .map(|t| {
                t.lines()
                    .filter(|l| l.len() >= 81 && !l.starts_with('#'))
                    .count()
            })
            .unwrap_or(0);
        let (mut best_s, mut best_p) = (Duration::MAX, Duration::MAX);
        for _ in 0..rounds {
            best_s = best_s.min(run(&sensei, &["solve", "--quiet", &file]));
            best_p = best_p.min(run(&peer, &[&file]));
        }
        let name = PathBuf::from(&file);
        println!(
            "| {} | {puzzles} | {:.3} s | {:.3} s | {:.2} |",
            name.file_name()
                .map_or(file.clone(), |n| n.to_string_lossy().into()),
            best_s.as_secs_f64(),
            best_p.as_secs_f64(),
            best_p.as_secs_f64() / best_s.as_secs_f64()
        );
    }
}
