#!/usr/bin/env python3
"""Label a Sudoku dataset with human difficulty and ordered step traces.

Reads a CSV in Kaggle's layout (a header `quizzes,solutions`, then one puzzle per row,
0 for an empty cell) and writes one record per row: the ratings (Sudoku Explainer's
ER/EP/ED, HoDoKu's level and score, QQWing's class), the hardest technique, the cells
in the order a human-style solve fills them, and the solve's tokens (docs/python.md,
"Traces for learning"). JSONL by default; Parquet when the output ends in .parquet
(needs pyarrow). A progress bar on stderr (tqdm if installed, else a plain counter).

    python examples/python/label_dataset.py sudoku.csv labels.jsonl
    python examples/python/label_dataset.py sudoku.csv labels.parquet --limit 100000

Rows that cannot be read or rated keep their place, with an "error".
"""

import argparse
import csv
import itertools
import json
import sys

import sudoku_sensei as ss


def read_rows(path, limit):
    """(quiz, solution) per data row of a Kaggle-layout CSV."""
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header is None:
            return
        if [h.strip().lower() for h in header[:2]] != ["quizzes", "solutions"]:
            sys.exit(f"{path}: expected the header 'quizzes,solutions', found {','.join(header)!r}")
        for row in itertools.islice(reader, limit):
            yield row[0].strip(), (row[1].strip() if len(row) > 1 else "")


class Counter:
    """A progress counter on stderr when tqdm is not installed."""

    def __init__(self, total):
        self.n, self.total = 0, total

    def update(self, k):
        self.n += k
        if self.n % 10000 < k or self.n == self.total:
            print(f"\r{self.n:,} puzzles", end="", file=sys.stderr, flush=True)

    def close(self):
        print(file=sys.stderr)


def progress_bar(total):
    try:
        from tqdm import tqdm

        return tqdm(total=total, unit="puzzle", smoothing=0.05)
    except ImportError:
        return Counter(total)


def label(quiz, solution, rating, trace):
    """One output record."""
    record = {"quiz": quiz, "solution": solution}
    error = rating.error or trace.error
    if error:
        record["error"] = error
        return record
    record.update(
        er=rating.er,
        ep=rating.ep,
        ed=rating.ed,
        hodoku_level=rating.level,
        hodoku_score=rating.score,
        qqwing=rating.qqwing,
        hardest=rating.hardest,
        outcome=trace.outcome,
        steps=len(trace),
        # (order, row, col, value, technique), 1-based
        cells=[list(c) for c in trace.cells()],
        tokens=" ".join(trace.tokens()),
    )
    if solution and trace.solution and trace.solution != solution:
        record["error"] = "the solve's solution differs from the CSV's"
    return record


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", help="input CSV with a quizzes,solutions header")
    ap.add_argument("out", help="output: .jsonl, or .parquet (needs pyarrow)")
    ap.add_argument("--limit", type=int, default=None, help="label only the first N rows")
    ap.add_argument("--threads", type=int, default=None, help="worker threads (default: all cores)")
    args = ap.parse_args()

    parquet = args.out.endswith(".parquet")
    if parquet:
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            sys.exit("writing Parquet needs pyarrow (pip install pyarrow), or give a .jsonl output")

    rows = list(read_rows(args.csv, args.limit))
    quizzes = [q for q, _ in rows]
    bar = progress_bar(len(rows))
    # one rating and one explained solve per puzzle, both streamed in input order
    ratings = ss.grade_many(quizzes, threads=args.threads)
    traces = ss.explain_many(quizzes, threads=args.threads, progress=bar)
    records = (label(q, s, r, t) for (q, s), r, t in zip(rows, ratings, traces))
    errors = 0
    if parquet:
        batch = [r for r in records]
        errors = sum("error" in r for r in batch)
        pq.write_table(pa.Table.from_pylist(batch), args.out)
    else:
        with open(args.out, "w") as out:
            for record in records:
                errors += "error" in record
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
    bar.close()
    print(f"{len(rows):,} rows labelled to {args.out}, {errors} with an error", file=sys.stderr)


if __name__ == "__main__":
    main()
