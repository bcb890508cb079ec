//! Where `grade` (all scales) spends its CPU beside `explain --format
//! json` (issue 39: grade no slower than explain): per puzzle, this
//! thread's CPU of the preparation (the exact solver's count), explain's
//! solve and its JSON writer, grade with all scales, and grade with each
//! scale alone (each with its own preparation), summed by the hardest
//! technique of explain's solve, the groups that cost grade the most
//! beside explain first.
//!
//! `cargo run --release -p sensei-tools --bin grade_parts -- FILE [ROUNDS]`
use std::collections::BTreeMap;
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::render::json::{self, TraceOptions};
use sudoku_sensei::solver::{Options, Prepared, Profile};
use sudoku_sensei::{parse, solve, Grid};

/// This thread's CPU time in seconds.
fn cpu() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).unwrap();
    let repeat: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .filter_map(|l| parse(&l[..81]).ok())
        .collect();
    let opts = Options::with_profile(Profile::Hodoku);
    let sc = |se, hodoku, class| Scales { se, hodoku, class };
    let names = [
        "prepare", "solve", "writer", "grade", "hodoku", "se", "class",
    ];
    // group: explain's hardest technique
    let mut groups: BTreeMap<String, (usize, [f64; 7])> = BTreeMap::new();
    let mut total = [0.0f64; 7];
    let mut out = Vec::new();
    for _ in 0..repeat {
        for p in &puzzles {
            let mut t = [0.0f64; 7];
            let a = cpu();
            std::hint::black_box(Prepared::new(p, 1000));
            t[0] = cpu() - a;
            let a = cpu();
            let trace = solve(p, &opts);
            t[1] = cpu() - a;
            let a = cpu();
            json::write_trace(&mut out, &trace, Some(1), TraceOptions::default());
            t[2] = cpu() - a;
            out.clear();
            let a = cpu();
            std::hint::black_box(grade::grade(p, Scales::ALL));
            t[3] = cpu() - a;
            let a = cpu();
            std::hint::black_box(grade::grade(p, sc(false, true, false)));
            t[4] = cpu() - a;
            let a = cpu();
            std::hint::black_box(grade::grade(p, sc(true, false, false)));
            t[5] = cpu() - a;
            let a = cpu();
            std::hint::black_box(grade::grade(p, sc(false, false, true)));
            t[6] = cpu() - a;
            let key = trace
                .hardest_step()
                .map(|(_, s)| s.technique.name().to_string())
                .unwrap_or_default();
            let g = groups.entry(key).or_insert((0, [0.0; 7]));
            g.0 += 1;
            for i in 0..7 {
                g.1[i] += t[i];
                total[i] += t[i];
            }
        }
    }
    let n = (puzzles.len() * repeat) as f64;
    print!("{:<34} {:>6}", "group (explain's hardest)", "n");
    for k in names {
        print!(" {:>9}", k);
    }
    println!("  (µs/puzzle; share of total grade-explain)");
    let mut rows: Vec<_> = groups.into_iter().collect();
    rows.sort_by(|a, b| {
        (b.1 .1[3] - b.1 .1[1] - b.1 .1[2]).total_cmp(&(a.1 .1[3] - a.1 .1[1] - a.1 .1[2]))
    });
    let diff_total = total[3] - total[1] - total[2];
    for (k, (c, t)) in rows.iter().take(40) {
        print!("{:<34} {:>6}", k, c);
        for x in t {
            print!(" {:>9.1}", 1e6 * x / *c as f64);
        }
        println!("  {:.2}", (t[3] - t[1] - t[2]) / diff_total);
    }
    print!("{:<34} {:>6}", "ALL", puzzles.len());
    for x in total {
        print!(" {:>9.1}", 1e6 * x / n);
    }
    println!();
}
