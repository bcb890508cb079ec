//! The peer of `sensei solve` in `bench_solve`: a plain program using the
//! `sudoku` crate (a dev-dependency of the benchmarks only) that does what
//! `sensei solve FILE` does in its line format: for each 81-character line,
//! tell one solution from several (count up to 2) and print the solution,
//! or a marker line.
//!
//! `cargo run --release -p sensei-tools --example peer_solve -- FILE`
use std::io::{BufWriter, Write};
use sudoku::Sudoku;

fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let text = std::fs::read(path).expect("readable file");
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    for line in text.split(|&b| b == b'\n') {
        if line.len() < 81 || line[0] == b'#' {
            continue;
        }
        let text = std::str::from_utf8(&line[..81]).unwrap_or("");
        let Ok(s) = Sudoku::from_str_line(text) else {
            let _ = writeln!(out, "# unreadable");
            continue;
        };
        let _ = match s.solutions_count_up_to(2) {
            1 => match s.solution() {
                Some(sol) => writeln!(out, "{}", sol.to_str_line()),
                None => writeln!(out, "# no solution"),
            },
            0 => writeln!(out, "# no solution"),
            _ => writeln!(out, "# several solutions"),
        };
    }
}
