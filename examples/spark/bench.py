"""Throughput of sudoku_sensei.spark in local mode against the plain CLI, on the same cores.

    python examples/spark/bench.py SENSEI_BINARY FILE [FILE...] [--sample N] [--rounds R]

For each file (one puzzle a line; `--sample N` keeps N evenly spaced lines), each round
runs, alternating: `sensei grade --quiet --threads 1` and `--threads 2` (to /dev/null),
and the Spark job (Parquet in, `sudoku_sensei.spark.grade`, Parquet out) in local[1] and
local[2] (8 partitions), plus `RDD.pipe` through `sensei grade --pipe --threads 1` in
local[2]. It prints wall seconds, CPU seconds (user + system of the process tree: the
CLI; the driver, the JVM and the Python workers) and puzzles per wall second, and
Spark's overhead against the CLI on the same number of cores. The Spark session's start
(about 10 s) is left out: it is paid once per job, not per puzzle.
docs/performance.md ("Spark") has the figures.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyarrow as pa
import pyarrow.parquet as pq

TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(root):
    """CPU seconds (user + system, with reaped children's) of `root` and its descendants."""
    parent, cpu = {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parent[int(pid)] = int(fields[1])
        cpu[int(pid)] = sum(int(x) for x in fields[11:15]) / TICK
    total, todo = 0.0, [root]
    while todo:
        p = todo.pop()
        total += cpu.get(p, 0.0)
        todo.extend(c for c, pp in parent.items() if pp == p)
    return total


def timed(run, label=""):
    cpu0, t0 = tree_cpu(os.getpid()), time.perf_counter()
    run()
    wall, cpu = time.perf_counter() - t0, tree_cpu(os.getpid()) - cpu0
    # as it goes, on stderr: a long run shows its figures before the table
    print(f"{label}: wall {wall:.1f} s, CPU {cpu:.1f} s", file=sys.stderr, flush=True)
    return wall, cpu


def cli(sensei, path, threads):
    def run():
        with open(os.devnull, "w") as null:
            subprocess.run([sensei, "grade", "--quiet", "--threads", str(threads), path], stdout=null, check=False)

    return run


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
    return s


def main():
    p = argparse.ArgumentParser()
    p.add_argument("sensei")
    p.add_argument("files", nargs="+")
    p.add_argument("--sample", type=int)
    p.add_argument("--rounds", type=int, default=2)
    a = p.parse_args()
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
    results = {}  # (file, what) -> [(wall, cpu)]
    for r in range(a.rounds):
        for name, lines, txt, src in inputs:
            for t in (1, 2):
                results.setdefault((name, f"cli --threads {t}"), []).append(timed(cli(a.sensei, txt, t), f"{name} cli --threads {t}"))
        for master in ("local[1]", "local[2]"):
            t0 = time.perf_counter()
            spark = session(master)
            spark.range(10).count()  # the JVM and a first job up
            start = time.perf_counter() - t0
            results.setdefault(("-", f"spark {master} session start"), []).append((start, 0.0))
            for name, lines, txt, src in inputs:
                dst = os.path.join(tmp, name + ".out")
                results.setdefault((name, f"spark {master}"), []).append(
                    timed(spark_job(spark, src, dst), f"{name} spark {master}")
                )
                if master == "local[2]":
                    results.setdefault((name, f"pipe {master}"), []).append(
                        timed(pipe_job(spark, a.sensei, lines), f"{name} pipe {master}")
                    )
            spark.stop()
        print(f"round {r + 1} done", file=sys.stderr, flush=True)
    print("| file | run | puzzles | wall s (each round) | CPU s (each round) | puzzles/s (best wall) |")
    print("|---|---|---:|---|---|---:|")
    counts = {name: len(lines) for name, lines, _, _ in inputs}
    for (name, what), runs in results.items():
        walls = ", ".join(f"{w:.1f}" for w, _ in runs)
        cpus = ", ".join(f"{c:.1f}" for _, c in runs)
        n = counts.get(name, 0)
        rate = f"{n / min(w for w, _ in runs):,.0f}" if n else ""
        print(f"| {name} | {what} | {n:,} | {walls} | {cpus} | {rate} |")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
