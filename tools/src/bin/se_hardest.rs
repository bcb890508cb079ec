//! Sensei's SE ratings against the hardest database's (ER/EP/ED), one
//! puzzle at a time on one thread, with the CPU time of each:
//! `cargo run --release -p sensei-tools --bin se_hardest -- FILE [FIRST [COUNT]]`.
//! Each line: index, reference ER/EP/ED, sensei's, milliseconds, puzzle.

use sudoku_sensei::grade;
use sudoku_sensei::parse;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("file");
    let first: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let count: usize = args
        .get(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(path).expect("file");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("Hardest"))
        .map(|l| l.split(',').collect())
        .filter(|r: &Vec<&str>| r.get(5).is_some_and(|e| !e.is_empty()))
        .collect();
    for (i, r) in rows.iter().enumerate().skip(first).take(count) {
        let Ok(g) = parse(r[0]) else { continue };
        let t0 = cpu_ns();
        let (t, ratings) = grade::se_solve(&g);
        let s = grade::se_rating_of(&t, &ratings);
        let ms = (cpu_ns() - t0) / 1_000_000;
        println!(
            "{i}\t{}/{}/{}\t{:.1}/{:.1}/{:.1}\t{ms}\t{}",
            r[5], r[6], r[7], s.er, s.ep, s.ed, r[0]
        );
    }
}

/// The CPU time of this thread so far, in nanoseconds.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
