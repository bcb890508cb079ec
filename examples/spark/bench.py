"""Throughput of sudoku_sensei.spark in local mode against the plain CLI, on the same cores.

    python examples/spark/bench.py SENSEI_BINARY FILE [FILE...] [--sample N] [--rounds R]
        [--jobs J] [--pipe] [--runs cli1,cli2,local1,local2]

For each file (one puzzle a line; `--sample N` keeps N evenly spaced lines), each round
runs, alternating: `sensei grade --format tsv --quiet --threads 1` and `--threads 2` (to
/dev/null), and the Spark job (Parquet in, `sudoku_sensei.spark.grade`, Parquet out,
8 partitions) in local[1] and local[2], J times in each session (`--jobs`, default 2:
the first job of a session pays the JVM's warm-up, its compiling of the query and the
Python workers' start; the next ones show the cost per row), and with `--pipe`
`RDD.pipe` through `sensei grade --pipe --threads 1` in local[2]. It prints wall
seconds and CPU seconds (user + system of the process tree: the CLI; or the driver,
the JVM and the Python workers, each apart) and puzzles per wall second. The Spark
session's start (the JVM, the SparkContext, a first tiny job) is measured apart: it is
paid once per job, not per puzzle. docs/performance.md ("Spark") has the figures.

`--runs` keeps some of the four runs (default: all), so that a long sample can be
split: e.g. `taskset -c 0 ... --runs local1` beside `taskset -c 1 ... --runs cli1` on an
otherwise idle machine, then `--runs local2,cli2` on both cores.
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import pyarrow as pa
import pyarrow.parquet as pq

TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(root):
    """CPU seconds (user + system, with reaped children's) of `root` and its descendants,
    by kind: `jvm` (the java process), `python` (the Spark Python workers), `self` (the
    driver, this process) and any other command."""
    parent, cpu, comm = {}, {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        parent[int(pid)] = int(fields[1])
        cpu[int(pid)] = sum(int(x) for x in fields[11:15]) / TICK
        comm[int(pid)] = stat[stat.index("(") + 1 : stat.rindex(")")]
    kinds, todo = {}, [root]
    while todo:
        p = todo.pop()
        kind = "self" if p == root else {"java": "jvm"}.get(comm.get(p), comm.get(p, "?"))
        kind = "python" if kind.startswith("python") else kind
        kinds[kind] = kinds.get(kind, 0.0) + cpu.get(p, 0.0)
        todo.extend(c for c, pp in parent.items() if pp == p)
    return kinds


def timed(run, label=""):
    """Wall and CPU seconds of `run()`, the CPU also by kind of process."""
    cpu0, t0 = tree_cpu(os.getpid()), time.perf_counter()
    run()
    wall, cpu1 = time.perf_counter() - t0, tree_cpu(os.getpid())
    parts = {k: cpu1.get(k, 0.0) - cpu0.get(k, 0.0) for k in set(cpu0) | set(cpu1)}
    parts = {k: v for k, v in parts.items() if v >= 0.05}
    cpu = sum(parts.values())
    # as it goes, on stderr: a long run shows its figures before the table
    split = ", ".join(f"{k} {v:.1f}" for k, v in sorted(parts.items()))
    print(f"{label}: wall {wall:.1f} s, CPU {cpu:.1f} s ({split})", file=sys.stderr, flush=True)
    return wall, cpu, parts


def cli_timed(sensei, path, threads, label):
    """Wall and CPU seconds of `sensei grade` alone (not the idle JVM of an earlier round)."""
    cmd = [sensei, "grade", "--format", "tsv", "--quiet", "--threads", str(threads), path]
    before, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    with open(os.devnull, "w") as null:
        subprocess.run(cmd, stdout=null, check=False)
    wall, after = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(f"{label}: wall {wall:.1f} s, CPU {cpu:.1f} s", file=sys.stderr, flush=True)
    return wall, cpu, {"sensei": cpu}


def spark_job(spark, src, dst):
    from sudoku_sensei import spark as sss

    def run():
        df = spark.read.parquet(src).repartition(8)
        sss.grade(df).write.mode("overwrite").parquet(dst)

    return run


def pipe_job(spark, sensei, lines):
    def run():
        rdd = spark.sparkContext.parallelize(lines, 8)
        n = rdd.pipe(f"{sensei} grade --pipe --quiet --threads 1").count()
        assert n == len(lines)

    return run


def session(master):
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    s = (
        SparkSession.builder.master(master)
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    s.sparkContext.setLogLevel("ERROR")
    s.range(10).count()  # the JVM and a first job up
    return s


def main():
    p = argparse.ArgumentParser()
    p.add_argument("sensei")
    p.add_argument("files", nargs="+")
    p.add_argument("--sample", type=int)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--jobs", type=int, default=2, help="Spark jobs per session and file")
    p.add_argument("--pipe", action="store_true", help="also RDD.pipe in local[2]")
    p.add_argument("--runs", default="cli1,cli2,local1,local2",
                   help="which runs: cli1, cli2 (sensei grade --threads 1, 2), local1, local2")
    a = p.parse_args()
    runs = set(a.runs.split(","))
    if not runs <= {"cli1", "cli2", "local1", "local2"}:
        p.error(f"--runs: unknown run in {a.runs!r} (known: cli1, cli2, local1, local2)")
    tmp = tempfile.mkdtemp()
    inputs = []
    for path in a.files:
        lines = [l.rstrip("\n") for l in open(path) if l.strip() and not l.startswith("#")]
        if a.sample:
            step = max(1, len(lines) // a.sample)
            lines = lines[::step][: a.sample]
        name = os.path.basename(path)
        txt = os.path.join(tmp, name)
        with open(txt, "w") as f:
            f.write("".join(l + "\n" for l in lines))
        src = os.path.join(tmp, name + ".parquet")
        pq.write_table(pa.table({"id": list(range(len(lines))), "puzzle": lines}), src)
        inputs.append((name, lines, txt, src))
    results = {}  # (file, what) -> [(wall, cpu, parts)]
    for r in range(a.rounds):
        for name, lines, txt, src in inputs:
            for t in (t for t in (1, 2) if f"cli{t}" in runs):
                what = f"cli --threads {t}"
                results.setdefault((name, what), []).append(cli_timed(a.sensei, txt, t, f"{name} {what}"))
        for master in (m for m in ("local[1]", "local[2]") if f"local{m[6]}" in runs):
            holder = {}
            started = timed(lambda: holder.setdefault("s", session(master)), f"{master} session start")
            results.setdefault(("-", f"spark {master} session start"), []).append(started)
            spark = holder["s"]
            for name, lines, txt, src in inputs:
                dst = os.path.join(tmp, name + ".out")
                for j in range(a.jobs):
                    what = f"spark {master} job {'1 (cold)' if j == 0 else f'{j + 1} (warm)'}"
                    results.setdefault((name, what), []).append(timed(spark_job(spark, src, dst), f"{name} {what}"))
                if a.pipe and master == "local[2]":
                    what = f"pipe {master}"
                    results.setdefault((name, what), []).append(timed(pipe_job(spark, a.sensei, lines), f"{name} {what}"))
            spark.stop()
        print(f"round {r + 1} done", file=sys.stderr, flush=True)
    print("| file | run | puzzles | wall s (each round) | CPU s (each round) | CPU by process (last round) | puzzles/s (best wall) |")
    print("|---|---|---:|---|---|---|---:|")
    counts = {name: len(lines) for name, lines, _, _ in inputs}
    for (name, what), runs in results.items():
        walls = ", ".join(f"{w:.1f}" for w, _, _ in runs)
        cpus = ", ".join(f"{c:.1f}" for _, c, _ in runs)
        split = ", ".join(f"{k} {v:.1f}" for k, v in sorted(runs[-1][2].items()))
        n = counts.get(name, 0)
        rate = f"{n / min(w for w, _, _ in runs):,.0f}" if n else ""
        print(f"| {name} | {what} | {n:,} | {walls} | {cpus} | {split} | {rate} |")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
