"""sudoku_sensei.spark and `sensei grade --pipe` under Spark in local mode (issue 33): the
Spark output equals `sensei grade` row for row, bad rows included; the RDD.pipe path
gives the same; a task that fails once and is retried still gives one row per puzzle.

Needs pyspark and pyarrow (skipped without them) and Java; the 2,000-puzzle case needs
the shared data (skipped without it), the corpus case always runs."""

import os
import re
import subprocess
import sys

import pytest

from conftest import DATA, ROOT

pyspark = pytest.importorskip("pyspark")
pa = pytest.importorskip("pyarrow")
import pyarrow.parquet as pq  # noqa: E402
from pyspark import TaskContext  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402

from sudoku_sensei import spark as sss  # noqa: E402

# rows that are no puzzle, or no puzzle with a unique solution; None is a null cell
BAD = [
    None,
    "",
    "not a puzzle",
    "x" * 81,
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7",
    "." * 81,  # multiple solutions
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",  # clash
    "# a comment",
]


def session(master):
    # the workers run this interpreter (the one with sudoku_sensei installed)
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    return (
        SparkSession.builder.master(master)
        .appName("sensei-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        # several Arrow batches per task
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "200")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )


@pytest.fixture(scope="module")
def spark():
    s = session("local[2]")
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


def corpus_puzzles():
    """The snapshot corpus (tests/corpus) but its forum puzzles (seconds each), every bad
    row between its puzzles."""
    lines = [
        line.rstrip("\n")
        for line in open(ROOT / "tests" / "corpus" / "corpus.txt")
        if line.strip() and not line.startswith("#") and "forum-hardest" not in line
    ]
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        if i % 4 == 1:
            out.append(BAD[(i // 4) % len(BAD)])
    return out


def shared_puzzles(n=2000):
    """About n puzzles from several shared sets (fixed samples), with bad rows between."""
    if not (DATA / "puzzles").is_dir():
        pytest.skip(f"the shared data is not present ({DATA}): the 2,000-puzzle case needs it")
    # (set, how many): a few of the forum's hardest, whose grading takes ~0.4 s each
    plan = [
        ("17_clue.txt", 1304),
        ("top1465.txt", 100),
        ("qqwing_simple.txt", 100),
        ("qqwing_easy.txt", 100),
        ("qqwing_intermediate.txt", 100),
        ("qqwing_expert.txt", 100),
        ("sudocue_learningcurve.txt", 140),
        ("forum_hardest_1905_11plus.txt", 6),
    ]
    out = []
    for name, k in plan:
        lines = [
            line.rstrip("\n")
            for line in open(DATA / "puzzles" / name)
            if line.strip() and not line.startswith("#")
        ]
        step = max(1, len(lines) // k)
        out.extend(lines[::step][:k])
    assert len(out) == n - 50
    # 50 bad rows spread through
    for j in range(50):
        out.insert((j * 41) % len(out), BAD[j % len(BAD)])
    assert len(out) == n
    return out


_CLI = {}


def cli_rows(sensei, puzzles, tmp_path, threads=2):
    """`sensei grade --pipe` on the puzzles, one per line (a null: an empty line); run once
    per list of puzzles."""
    key = tuple(p or "" for p in puzzles)
    if key not in _CLI:
        _CLI[key] = run_cli(sensei, puzzles, tmp_path, threads)
    return _CLI[key]


def run_cli(sensei, puzzles, tmp_path, threads):
    path = tmp_path / "in.txt"
    path.write_text("".join((p or "") + "\n" for p in puzzles))
    out = subprocess.run(
        [sensei, "grade", "--format", "tsv", "--quiet", "--threads", str(threads), "--pipe", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = [line.split("\t") for line in out.splitlines()]
    assert len(rows) == len(puzzles)
    assert [int(r[0]) for r in rows] == list(range(1, len(puzzles) + 1))
    return rows


def one_decimal(x):
    return "-" if x is None else f"{x:.1f}"


def dash(x):
    return "-" if x is None else str(x)


def without_place(message):
    """A message without its `line N, ` (the CLI names the input's line, Python line 1)."""
    return re.sub(r"^line \d+(, |: )", "", message)


def as_cli_row(r):
    """A Spark result row as `sensei grade --pipe` writes it (less the line number)."""
    if r["outcome"] == "error":
        return ["-"] * 4 + ["error"] + ["-"] * 4 + [without_place(r["error"])]
    level = r["hodoku_level"] or r["outcome"]
    return [
        r["puzzle"],
        one_decimal(r["er"]),
        one_decimal(r["ep"]),
        one_decimal(r["ed"]),
        level,
        dash(r["hodoku_score"]),
        dash(r["qqwing_class"]),
        dash(r["hardest"]),
        "yes" if r["guessed"] else "no",
        "-",
    ]


def cli_comparable(row):
    """A CLI row less its line number, its message without the place."""
    return row[1:-1] + [without_place(row[-1])]


def grade_to_parquet(spark, puzzles, tmp_path, name, partitions=4):
    """Write the puzzles (with an id) to Parquet, grade them with sudoku_sensei.spark into
    Parquet, read the result back in id order."""
    src = tmp_path / f"{name}-in.parquet"
    pq.write_table(
        pa.table({"id": list(range(len(puzzles))), "puzzle": pa.array(puzzles, pa.string())}),
        src,
    )
    df = spark.read.parquet(str(src)).repartition(partitions)
    out = tmp_path / f"{name}-out.parquet"
    sss.grade(df).write.mode("overwrite").parquet(str(out))
    table = pq.read_table(out).to_pylist()
    return sorted(table, key=lambda r: r["id"])


def check_equal_to_cli(rows, puzzles, cli):
    assert len(rows) == len(puzzles) == len(cli)
    assert [r["id"] for r in rows] == list(range(len(puzzles)))
    for r, given, c in zip(rows, puzzles, cli):
        if given is None:
            # a null cell: Python's TypeError, the CLI's empty line
            assert r["outcome"] == "error" and "NoneType" in r["error"]
            assert c[5] == "error"
            continue
        assert as_cli_row(r) == cli_comparable(c), given
        if r["outcome"] == "solved":
            assert r["solution"] and len(r["solution"]) == 81 and r["steps"] > 0
        if r["outcome"] == "error":
            assert r["puzzle"] == given  # the input as given


def test_corpus_grades_as_the_cli_does(spark, sensei, tmp_path):
    """Always runs: the project's own corpus with bad rows, Spark against the CLI."""
    puzzles = corpus_puzzles()
    rows = grade_to_parquet(spark, puzzles, tmp_path, "corpus", partitions=3)
    check_equal_to_cli(rows, puzzles, cli_rows(sensei, puzzles, tmp_path))
    assert sum(r["outcome"] == "error" for r in rows) >= 5


def test_corpus_pipe_path(spark, sensei, tmp_path):
    puzzles = [p or "" for p in corpus_puzzles()]
    check_pipe(spark, sensei, puzzles, tmp_path)


def check_pipe(spark, sensei, puzzles, tmp_path):
    """RDD.pipe through `sensei grade --pipe` gives the CLI's rows, in order, one per line."""
    cmd = f"{sensei} grade --format tsv --quiet --threads 1 --pipe"
    piped = spark.sparkContext.parallelize(puzzles, 5).pipe(cmd).collect()
    assert len(piped) == len(puzzles)
    direct = cli_rows(sensei, puzzles, tmp_path)
    # line numbers restart in each partition (one process each)
    assert [cli_comparable(p.split("\t")) for p in piped] == [cli_comparable(d) for d in direct]


def test_shared_sets_grade_as_the_cli_does(spark, sensei, tmp_path):
    """2,000 puzzles of several shared sets plus 50 bad rows: equal to `sensei grade`."""
    puzzles = shared_puzzles()
    rows = grade_to_parquet(spark, puzzles, tmp_path, "shared")
    check_equal_to_cli(rows, puzzles, cli_rows(sensei, puzzles, tmp_path))
    # (of the 50 bad rows, the empty grids have several solutions: no error)
    assert sum(r["outcome"] == "error" for r in rows) >= 35


def test_shared_sets_pipe_path(spark, sensei, tmp_path):
    puzzles = [p or "" for p in shared_puzzles()]
    check_pipe(spark, sensei, puzzles, tmp_path)


def test_options_trace_and_explain(spark):
    puzzles = corpus_puzzles()[:12]
    df = spark.createDataFrame([(i, p) for i, p in enumerate(puzzles)], "id long, q string")
    graded = sss.grade(df, column="q", trace="tokens", scales="hodoku").orderBy("id").collect()
    assert graded[0].__fields__[:2] == ["id", "puzzle"] and graded[0].__fields__[-1] == "tokens"
    for row, given in zip(graded, puzzles):
        if row.outcome == "solved":
            assert row.er is None and row.hodoku_level is not None
            assert row.tokens[:2] == ["<step>", row.tokens[1]] and len(row.tokens) > row.steps
    explained = sss.explain(df, column="q", trace="compact").orderBy("id").collect()
    assert len(explained) == len(puzzles)
    import sudoku_sensei as ss

    for row, given in zip(explained, puzzles):
        if given is None:
            assert row.outcome == "error"
            continue
        t = ss.explain(given) if row.outcome != "error" else None
        if t is not None:
            assert row.trace == t.to_compact_json() and row.steps == len(t)
    with pytest.raises(ValueError, match="no column"):
        sss.grade(df, column="puzzle")
    with pytest.raises(ValueError, match="trace"):
        sss.grade(df, column="q", trace="json")


def test_a_task_that_fails_once_is_retried_and_gives_one_row_per_puzzle(spark, tmp_path):
    """local[2,2]: a task fails after writing a batch; its retry gives the rows once."""
    spark.stop()
    retrying = session("local[2,2]")
    retrying.sparkContext.setLogLevel("FATAL")
    try:
        if (DATA / "puzzles").is_dir():
            puzzles = shared_puzzles()[:1000]
        else:
            puzzles = corpus_puzzles() * 10
        src = tmp_path / "in.parquet"
        pq.write_table(pa.table({"id": list(range(len(puzzles))), "puzzle": pa.array(puzzles, pa.string())}), src)
        df = retrying.read.parquet(str(src)).repartition(2)
        marker = str(tmp_path / "failed-once")

        def flaky(batches):
            ctx = TaskContext.get()
            for batch in sss.grade_batches(batches):
                yield batch
                if ctx.partitionId() == 0 and ctx.attemptNumber() == 0:
                    open(marker, "w").close()
                    raise RuntimeError("injected failure of the first attempt")

        out = tmp_path / "out.parquet"
        df.mapInArrow(flaky, sss.grade_schema(df)).write.parquet(str(out))
        assert os.path.exists(marker), "the failure was not injected"
        rows = pq.read_table(out).to_pylist()
        assert len(rows) == len(puzzles)
        assert sorted(r["id"] for r in rows) == list(range(len(puzzles)))
        # the same results as a run that did not fail
        again = sorted(sss.grade(df).collect(), key=lambda r: r.id)
        assert [r["outcome"] for r in sorted(rows, key=lambda r: r["id"])] == [r.outcome for r in again]
    finally:
        retrying.stop()
