#!/usr/bin/env python3
"""Benchmarks of the Python package, figures side by side in one run (issue 38).

1. grade_many against `sensei grade` on 17-clue puzzles, per core (threads=1) and on
   all cores: puzzles per second, and the ratio.
2. The per-call overhead of explain() on one easy puzzle: the Python call against the
   same solve timed inside Rust (sudoku_sensei._sensei._explain_seconds).
3. hodoku-py (pip install hodoku-py) against grade(scales="hodoku") on top1465 puzzles:
   seconds per puzzle, and the agreement of each with HoDoKu's own level and score
   (ratings/top1465_hodoku.tsv). hodoku-py takes seconds to a minute per puzzle: it
   rates the puzzles that fit in --hodoku-budget CPU seconds, sensei rates all of them.
Times are CPU times (time.process_time, all threads; getrusage for the CLI), which the
machine's other load changes much less than wall-clock times.
4. py-sudoku (pip install py-sudoku) against solve() on the same puzzles.

    python python/bench/bench.py [--sensei target/release/sensei] [--data ../shared/data]
"""

import argparse
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

import sudoku_sensei as ss

ROOT = pathlib.Path(__file__).resolve().parents[2]
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def puzzles(path, n):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line[:81])
                if len(out) == n:
                    break
    return out


def row(*cells):
    print("  " + "".join(f"{c:<26}" for c in cells))


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def bench_grade(sensei, data, n):
    print(f"\n== 1. grade: grade_many vs `sensei grade`, {n} puzzles of 17_clue.txt")
    print("  (per core: puzzles per CPU-second, all threads counted; the machine's other load")
    print("  changes the wall-clock figures, much less the CPU ones)")
    sample = puzzles(data / "puzzles" / "17_clue.txt", n)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(sample) + "\n")
        path = f.name
    row("threads", "sensei /s (per core)", "grade_many /s (per core)", "ratio (per core)")
    for threads in (1, os.cpu_count() or 1):
        t, c = time.perf_counter(), child_cpu()
        subprocess.run([sensei, "grade", "--quiet", "--threads", str(threads), path], check=False,
                       stdout=subprocess.DEVNULL)
        cli_wall, cli_cpu = time.perf_counter() - t, child_cpu() - c
        t, c = time.perf_counter(), time.process_time()
        results = list(ss.grade_many(sample, threads=threads))
        py_wall, py_cpu = time.perf_counter() - t, time.process_time() - c
        assert len(results) == n and all(r.error is None for r in results)
        row(threads, f"{n / cli_wall:,.0f} ({n / cli_cpu:,.0f})", f"{n / py_wall:,.0f} ({n / py_cpu:,.0f})",
            f"{cli_wall / py_wall:.2f} ({cli_cpu / py_cpu:.2f})")
    os.unlink(path)


def bench_overhead(repeat, rounds=15):
    print(f"\n== 2. per-call overhead of explain() on one easy puzzle ({rounds} rounds of {repeat} calls, best)")
    ss.explain(EASY)
    work = call = float("inf")
    for _ in range(rounds):
        c = time.process_time()
        ss._sensei._explain_seconds(EASY, repeat)
        work = min(work, (time.process_time() - c) / repeat)
        c = time.process_time()
        for _ in range(repeat):
            ss.explain(EASY)
        call = min(call, (time.process_time() - c) / repeat)
    row("solve inside Rust (us)", "explain() from Python (us)", "overhead (us)")
    row(f"{work * 1e6:.1f}", f"{call * 1e6:.1f}", f"{(call - work) * 1e6:.1f}")


def reference(data):
    ref = {}
    with open(data / "ratings" / "top1465_hodoku.tsv") as f:
        for line in f:
            if line.startswith("#") or line.startswith("puzzle\t"):
                continue
            cols = line.rstrip("\n").split("\t")
            ref[cols[0]] = (cols[1], int(cols[2]))
    return ref


def bench_hodoku(data, n, budget):
    print(f"\n== 3. HoDoKu ratings: hodoku-py vs grade(scales='hodoku'), {n} puzzles of top1465")
    sample = puzzles(data / "puzzles" / "top1465.txt", n)
    ref = reference(data)
    t = time.process_time()
    mine = [ss.grade(p, scales="hodoku") for p in sample]
    sensei_s = (time.process_time() - t) / n
    agree = lambda pairs: (sum(a[0] == b[0] for a, b in pairs), sum(a == b for a, b in pairs), len(pairs))
    s_level, s_both, s_n = agree([((r.level, r.score), ref[p]) for r, p in zip(mine, sample) if p in ref])
    try:
        from hodoku import Solver
    except ImportError:
        print("  hodoku-py is not installed (pip install hodoku-py): sensei only")
        row("sensei s/puzzle", "level agrees", "level+score agree")
        row(f"{sensei_s:.4f}", f"{s_level}/{s_n}", f"{s_both}/{s_n}")
        return
    solver = Solver()
    theirs, started = [], time.process_time()
    for p in sample:
        if time.process_time() - started > budget:
            break
        r = solver.rate(p)
        theirs.append((r.level.name.capitalize(), r.score))
    hodoku_s = (time.process_time() - started) / max(len(theirs), 1)
    k = len(theirs)
    h_level, h_both, h_n = agree([(mine_, ref[p]) for mine_, p in zip(theirs, sample) if p in ref])
    # sensei on the same first k puzzles, for the speed ratio
    t = time.process_time()
    for p in sample[:k]:
        ss.grade(p, scales="hodoku")
    sensei_k = (time.process_time() - t) / max(k, 1)
    row("", "s/puzzle", "level agrees", "level+score agree")
    row(f"sensei ({n} puzzles)", f"{sensei_s:.4f}", f"{s_level}/{s_n}", f"{s_both}/{s_n}")
    row(f"hodoku-py ({k} puzzles)", f"{hodoku_s:.2f}", f"{h_level}/{h_n}", f"{h_both}/{h_n}")
    row(f"speed ratio on those {k}", f"{hodoku_s / sensei_k:,.0f}x", "", "")


def bench_solve(data, n):
    print(f"\n== 4. solving: py-sudoku vs solve(), {n} puzzles of top1465")
    sample = puzzles(data / "puzzles" / "top1465.txt", n)
    t = time.process_time()
    mine = [ss.solve(p) for p in sample]
    sensei_s = (time.process_time() - t) / n
    try:
        from sudoku import Sudoku
    except ImportError:
        print("  py-sudoku is not installed (pip install py-sudoku): sensei only")
        row("sensei s/puzzle")
        row(f"{sensei_s:.6f}")
        return
    t = time.process_time()
    same = 0
    for p, sol in zip(sample, mine):
        board = [[int(c) if c.isdigit() and c != "0" else 0 for c in p[r * 9 : r * 9 + 9]] for r in range(9)]
        solved = Sudoku(3, 3, board=board).solve()
        same += "".join(str(v) for r in solved.board for v in r) == sol
    theirs_s = (time.process_time() - t) / n
    row("", "s/puzzle", "same solution")
    row("sensei solve()", f"{sensei_s:.6f}", f"{n}/{n}")
    row("py-sudoku", f"{theirs_s:.6f}", f"{same}/{n}")
    row("speed ratio", f"{theirs_s / sensei_s:,.0f}x")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sensei", default=str(ROOT / "target" / "release" / "sensei"))
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--grade-n", type=int, default=4000, help="17-clue puzzles graded (default 4000)")
    ap.add_argument("--overhead-repeat", type=int, default=200)
    ap.add_argument("--hodoku-n", type=int, default=100)
    ap.add_argument("--hodoku-budget", type=float, default=120.0,
                    help="seconds given to hodoku-py (it rates what fits; 100 puzzles take about an hour)")
    ap.add_argument("--solve-n", type=int, default=100)
    args = ap.parse_args()
    data = pathlib.Path(args.data)
    if not (data / "puzzles").is_dir():
        sys.exit(f"bench: the shared data is not at {data} (--data)")
    print(f"sudoku_sensei {ss.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    if os.path.exists(args.sensei):
        bench_grade(args.sensei, data, args.grade_n)
    else:
        print(f"\n== 1. skipped: no sensei binary at {args.sensei} (cargo build --release)")
    bench_overhead(args.overhead_repeat)
    bench_hodoku(data, args.hodoku_n, args.hodoku_budget)
    bench_solve(data, args.solve_n)


if __name__ == "__main__":
    main()
