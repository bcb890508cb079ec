//! Every figure of issue 39's goal table in one run, each with its goal and
//! its ratio to HoDoKu: `explain --format json` CPU per puzzle on the three
//! samples and their slowest puzzle, `grade` (all scales) against explain
//! on each, the JSON writer's CPU as a share of the solve, and how much of
//! `sensei generate --jobs 1`'s wall time it spends blocked against its
//! CPU time.
//!
//! ```text
//! taskset -c 0 cargo run --release -p sensei-tools --bin bench_issue39 -- \
//!     --top top300.txt --seventeen 17_2000.txt --forum forum50.txt [--repeat R] [--limit N] \
//!     [--sensei target/release/sensei] [--generate N]
//! ```
//!
//! The samples are issue 39's, made with Python's `random.sample` of a
//! file's puzzle lines (the seed and size per file; run from the
//! repository root):
//!
//! ```text
//! D=../shared/data/puzzles
//! for s in "17_clue 17 2000 17_2000" "top1465 1465 300 top300" "forum_hardest_1905_11plus 19 50 forum50"; do
//!   set -- $s; python3 -c "import random; p=[l.strip() for l in open('$D/$1.txt')
//!     if l.strip() and not l.startswith('#')]; random.seed($2); print('\n'.join(random.sample(p, $3)))" > $4.txt
//! done
//! ```
//!
//! **What is timed.** `explain --format json` is what the command does per
//! puzzle, in this process: the solve (HoDoKu profile, guessing allowed)
//! and the JSON trace written into a reused buffer (neither parsing nor
//! printing). `grade` is `grade::grade` with all scales. Each is this
//! thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), so other processes on the
//! machine do not count; run it pinned (`taskset -c 0`) on a quiet core if
//! there is one. Explain and grade alternate, `--repeat` rounds (3 by
//! default), and each figure is the range over the rounds. The slowest
//! puzzle is the largest explain CPU of any round's puzzle. `generate` runs
//! the binary given by `--sensei` (by default `sensei` beside this
//! program, so build it first: `cargo build --release`) as `generate
//! --count N --seed 7 --jobs 1 --allow-guess --quiet` (N = 2,000 unless
//! `--generate N` says otherwise) and splits its wall time into its main
//! thread's CPU time, its wait on the run queue (another process's turn)
//! and the rest, the time it was blocked (asleep, or waiting on another
//! thread, a lock or a pipe), from `/proc/PID/schedstat` read as it ends.
//! The issue's goal, wall time at most 1.1× CPU time, is for one idle
//! core; on a loaded machine the run-queue wait swells the wall time, so
//! the figure printed is blocked time / CPU time, at most 0.10.
//!
//! **HoDoKu's figures are not measured here.** They are issue 39's, from a
//! run of HoDoKu 2.2.0 (`/bs /vp`, pinned to one core, the CPU of its
//! solving thread, three alternated repetitions) on the same samples and
//! machine; the ratio is HoDoKu's range over sensei's range.

use std::time::Instant;
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::render::json::{self, TraceOptions};
use sudoku_sensei::solver::{Options, Profile};
use sudoku_sensei::{parse, solve, Grid};

/// HoDoKu 2.2.0's solving thread, ms per puzzle, measured elsewhere (issue 39).
const HODOKU_TOP1465: (f64, f64) = (143.0, 167.0);
const HODOKU_17_CLUE: (f64, f64) = (1.6, 1.9);
const HODOKU_FORUM: (f64, f64) = (445.0, 473.0);

/// This thread's CPU time in seconds.
fn cpu() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    if ok {
        t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
    } else {
        thread_local!(static START: Instant = Instant::now());
        START.with(|s| s.elapsed().as_secs_f64())
    }
}

/// One sample of issue 39.
struct Sample {
    name: &'static str,
    file: String,
    hodoku: (f64, f64),
    /// The goal for explain's mean, ms, as the issue puts it (the lead
    /// over HoDoKu it stands for), and for its slowest puzzle, s.
    goal_ms: f64,
    goal_lead: f64,
    goal_slowest_s: Option<f64>,
}

/// What one round of a sample measured, seconds.
#[derive(Default)]
struct Round {
    /// explain --format json: solve + writer, per puzzle summed.
    explain: f64,
    solve: f64,
    writer: f64,
    grade: f64,
    slowest: f64,
    slowest_at: usize,
    bytes: usize,
}

fn round(puzzles: &[Grid], opts: &Options, out: &mut Vec<u8>) -> Round {
    let mut r = Round::default();
    for (i, p) in puzzles.iter().enumerate() {
        let t0 = cpu();
        let trace = solve(p, opts);
        let t1 = cpu();
        json::write_trace(out, &trace, Some(i + 1), TraceOptions::default());
        out.push(b'\n');
        let t2 = cpu();
        r.bytes += out.len();
        out.clear();
        drop(trace);
        r.solve += t1 - t0;
        r.writer += t2 - t1;
        r.explain += t2 - t0;
        if t2 - t0 > r.slowest {
            r.slowest = t2 - t0;
            r.slowest_at = i + 1;
        }
    }
    let t0 = cpu();
    for p in puzzles {
        std::hint::black_box(grade::grade(p, Scales::ALL));
    }
    r.grade = cpu() - t0;
    r
}

/// `a-b` of the values, formatted with `f`.
fn range(values: impl Iterator<Item = f64>, f: impl Fn(f64) -> String) -> String {
    let v: Vec<f64> = values.collect();
    let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = v.iter().copied().fold(0.0, f64::max);
    if f(lo) == f(hi) {
        f(lo)
    } else {
        format!("{}-{}", f(lo), f(hi))
    }
}

fn lo_hi(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, 0.0), |(lo, hi), x| (lo.min(x), hi.max(x)))
}

fn ms(x: f64) -> String {
    if x < 1.0 {
        format!("{x:.3}")
    } else if x < 10.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.1}")
    }
}

fn check(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "NOT met"
    }
}

/// Where one run of a child process spent its wall time, seconds.
///
/// Its main thread's CPU time and its wait on the run queue (ready, but
/// another process had the CPU) come from `/proc/PID/schedstat`, read when
/// it has exited but is not yet reaped (`waitid` with `WNOWAIT`); whatever
/// is left of the wall time it spent asleep or blocked: waiting on another
/// thread, a lock, a pipe or the disk. That is the program's own waiting,
/// which the load of the machine does not change, while the wall time
/// grows with the run-queue wait. The wall time is this thread's, from
/// before the child starts to its end, less this thread's own CPU and
/// run-queue wait meanwhile (starting the child, and waking up once it
/// has ended), which are not the child's.
struct ChildRun {
    wall: f64,
    /// The main thread's CPU time.
    cpu_main: f64,
    /// The whole process's CPU time, user + system (every thread).
    cpu: f64,
    /// The main thread's time on the run queue.
    run_queue: f64,
    voluntary: i64,
    involuntary: i64,
}

impl ChildRun {
    /// The main thread's time neither running nor ready to run.
    fn blocked(&self) -> f64 {
        (self.wall - self.cpu_main - self.run_queue).max(0.0)
    }
}

/// Runs `program args` to its end: see [`ChildRun`]. `None` when it cannot
/// be run, fails, or its schedstat cannot be read.
fn run_child(program: &str, args: &[&str]) -> Option<ChildRun> {
    use std::process::{Command, Stdio};
    // this thread's own CPU and run-queue wait while it starts and awaits
    // the child: its turns after the child has ended (or before it runs)
    // are not the child's waiting
    let own = || -> Option<f64> {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        let mut f = s.split_whitespace().map(|f| f.parse::<f64>().ok());
        Some((f.next()?? + f.next()??) / 1e9)
    };
    let own_before = own();
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let pid = child.id() as libc::pid_t;
    // wait for its end, leaving it unreaped so that /proc still has it
    // SAFETY: an all-zero siginfo_t is valid; waitid fills it for our own child.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let ended = unsafe {
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOWAIT,
        )
    } == 0;
    let elapsed = start.elapsed().as_secs_f64();
    let wall = match (own_before, own()) {
        (Some(a), Some(b)) => elapsed - (b - a),
        _ => elapsed,
    };
    // "CPU ns, run-queue wait ns, timeslices" of the main thread
    let schedstat = std::fs::read_to_string(format!("/proc/{pid}/schedstat")).ok();
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if !ended || reaped <= 0 || status != 0 {
        return None;
    }
    let ns: Vec<f64> = schedstat?
        .split_whitespace()
        .filter_map(|f| f.parse::<f64>().ok())
        .map(|n| n / 1e9)
        .collect();
    let (&cpu_main, &run_queue) = (ns.first()?, ns.get(1)?);
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Some(ChildRun {
        wall,
        cpu_main,
        cpu: secs(usage.ru_utime) + secs(usage.ru_stime),
        run_queue,
        voluntary: usage.ru_nvcsw,
        involuntary: usage.ru_nivcsw,
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut samples: Vec<Sample> = Vec::new();
    let mut repeat = 3usize;
    let mut limit = usize::MAX;
    let mut generate = 2000usize;
    let mut sensei = std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.join("sensei")))
        .map_or_else(|| "sensei".to_string(), |p| p.display().to_string());
    let usage = "usage: bench_issue39 [--top FILE] [--seventeen FILE] [--forum FILE] \
                 [--repeat R] [--limit N] [--sensei PATH] [--generate N (0: skip)]";
    while let Some(a) = args.next() {
        let mut value = || {
            args.next().unwrap_or_else(|| {
                eprintln!("{a} needs a value\n{usage}");
                std::process::exit(2)
            })
        };
        let number = |v: String| {
            v.parse::<usize>().unwrap_or_else(|_| {
                eprintln!("not a number: {v}\n{usage}");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--top" => samples.push(Sample {
                name: "300 of top1465 (random.seed(1465))",
                file: value(),
                hodoku: HODOKU_TOP1465,
                goal_lead: 5.0,
                goal_ms: 30.0,
                goal_slowest_s: None,
            }),
            "--seventeen" => samples.push(Sample {
                name: "2,000 of 17_clue (random.seed(17))",
                file: value(),
                hodoku: HODOKU_17_CLUE,
                goal_lead: 5.0,
                goal_ms: 0.35,
                goal_slowest_s: None,
            }),
            "--forum" => samples.push(Sample {
                name: "50 of forum_hardest_1905_11plus (random.seed(19))",
                file: value(),
                hodoku: HODOKU_FORUM,
                goal_lead: 3.0,
                goal_ms: 150.0,
                goal_slowest_s: Some(2.0),
            }),
            "--repeat" => repeat = number(value()).max(1),
            "--limit" => limit = number(value()),
            "--generate" => generate = number(value()),
            "--sensei" => sensei = value(),
            _ => {
                eprintln!("unknown argument: {a}\n{usage}");
                std::process::exit(2);
            }
        }
    }
    if samples.is_empty() && generate == 0 {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    println!(
        "HoDoKu's figures are issue 39's (HoDoKu 2.2.0's solving thread, measured elsewhere)."
    );
    println!("sensei: this thread's CPU per puzzle; {repeat} rounds, explain and grade alternating; a-b is the range over the rounds.");
    let opts = Options::with_profile(Profile::Hodoku);
    let mut out = Vec::with_capacity(1 << 20);
    for s in &samples {
        let text = std::fs::read_to_string(&s.file).unwrap_or_else(|e| {
            eprintln!("{}: {e}", s.file);
            std::process::exit(2)
        });
        let puzzles: Vec<Grid> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| parse(l).ok())
            .take(limit)
            .collect();
        let n = puzzles.len().max(1) as f64;
        let rounds: Vec<Round> = (0..repeat)
            .map(|_| round(&puzzles, &opts, &mut out))
            .collect();
        let per = |f: fn(&Round) -> f64| rounds.iter().map(move |r| 1000.0 * f(r) / n);
        let (lo, hi) = lo_hi(per(|r| r.explain));
        let slowest = rounds
            .iter()
            .max_by(|a, b| a.slowest.total_cmp(&b.slowest))
            .map_or((0.0, 0), |r| (r.slowest, r.slowest_at));
        let (glo, ghi) = lo_hi(per(|r| r.grade));
        let (_, share_hi) = lo_hi(rounds.iter().map(|r| r.writer / r.solve));
        println!();
        println!("{} — {}: {} puzzles", s.name, s.file, puzzles.len());
        println!(
            "  explain --format json   {} ms/puzzle   HoDoKu {}-{} ms   sensei's lead {}-{}x   goal <= {} ms (>= {}x): {}",
            range(per(|r| r.explain), ms),
            ms(s.hodoku.0),
            ms(s.hodoku.1),
            format_args!("{:.1}", s.hodoku.0 / hi),
            format_args!("{:.1}", s.hodoku.1 / lo),
            ms(s.goal_ms),
            s.goal_lead,
            check(hi <= s.goal_ms),
        );
        println!(
            "    of which the solve    {} ms, the JSON writer {} ms ({} bytes/puzzle)",
            range(per(|r| r.solve), ms),
            range(per(|r| r.writer), ms),
            rounds[0].bytes / puzzles.len().max(1),
        );
        print!(
            "  slowest puzzle          {:.3} s (line {})",
            slowest.0, slowest.1
        );
        match s.goal_slowest_s {
            Some(g) => println!("   goal <= {g} s: {}", check(slowest.0 <= g)),
            None => println!(),
        }
        println!(
            "  grade (all scales)      {} ms/puzzle   {}-{}x explain   HoDoKu/grade {}-{}x   goal: no slower than explain: {}",
            range(per(|r| r.grade), ms),
            format_args!("{:.2}", glo / hi),
            format_args!("{:.2}", ghi / lo),
            format_args!("{:.1}", s.hodoku.0 / ghi),
            format_args!("{:.1}", s.hodoku.1 / glo),
            check(ghi <= lo),
        );
        println!(
            "  JSON writer / solve     {}   goal <= 0.25: {}",
            range(rounds.iter().map(|r| r.writer / r.solve), |x| format!(
                "{x:.3}"
            )),
            check(share_hi <= 0.25),
        );
    }
    if generate > 0 {
        let count = generate.to_string();
        let gen_args = [
            "generate",
            "--count",
            &count,
            "--seed",
            "7",
            "--jobs",
            "1",
            "--allow-guess",
            "--quiet",
        ];
        println!();
        println!("{sensei} {}", gen_args.join(" "));
        let runs: Vec<ChildRun> = (0..repeat)
            .filter_map(|_| run_child(&sensei, &gen_args))
            .collect();
        if runs.is_empty() {
            println!("  could not run it (build it: cargo build --release; or give --sensei PATH; /proc/PID/schedstat is needed)");
        } else {
            let (_, share_hi) = lo_hi(runs.iter().map(|r| r.blocked() / r.cpu_main));
            let s3 = |x: f64| format!("{x:.3}");
            println!(
                "  wall {} s = CPU {} s + run-queue wait {} s + blocked {} s (main thread)",
                range(runs.iter().map(|r| r.wall), s3),
                range(runs.iter().map(|r| r.cpu_main), s3),
                range(runs.iter().map(|r| r.run_queue), s3),
                range(runs.iter().map(|r| r.blocked()), s3),
            );
            println!(
                "  blocked / CPU {}   goal (wall <= 1.1x CPU on an idle core): <= 0.10: {}",
                range(runs.iter().map(|r| r.blocked() / r.cpu_main), s3),
                check(share_hi <= 0.10),
            );
            println!(
                "  (whole process: CPU {} s; context switches: voluntary {}, involuntary {}; wall/CPU {}, which counts the other processes' turns)",
                range(runs.iter().map(|r| r.cpu), s3),
                range(runs.iter().map(|r| r.voluntary as f64), |x| format!("{x:.0}")),
                range(runs.iter().map(|r| r.involuntary as f64), |x| format!("{x:.0}")),
                range(runs.iter().map(|r| r.wall / r.cpu), |x| format!("{x:.2}")),
            );
        }
    }
}
