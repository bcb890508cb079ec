"""Grade (or explain) a Parquet file of puzzles on Spark, writing Parquet.

    spark-submit examples/spark/grade_parquet.py puzzles.parquet rated.parquet
    spark-submit examples/spark/grade_parquet.py puzzles.txt rated.parquet --puzzles-per-task 2000

The input is Parquet with a string column of puzzles (`--column`, default `puzzle`; any
other columns, such as an id, are kept beside the results), or a text file with one
puzzle per line (read into the column `puzzle`; blank lines and # comments skipped). Each puzzle gives exactly one output
row: its ratings (er, ep, ed, hodoku_level, hodoku_score, qqwing_class, hardest,
guessed, steps, solution, outcome), or `outcome` = 'error' and the message in `error`.

Every executor needs the sudoku_sensei wheel installed (or shipped: docs/scale.md).
"""

import argparse
import math
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

from sudoku_sensei import spark as sss


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("input", help="Parquet file or directory, or a .txt file (one puzzle a line)")
    p.add_argument("output", help="Parquet directory to write (replaced if it exists)")
    p.add_argument("--column", default="puzzle", help="the column of puzzles (default: puzzle)")
    p.add_argument("--explain", action="store_true", help="explain instead of grade")
    p.add_argument("--trace", choices=["compact", "tokens"], help="add the trace as a column")
    p.add_argument(
        "--puzzles-per-task",
        type=int,
        help="repartition so that a task holds about this many puzzles "
        "(docs/scale.md: size tasks at a few minutes of CPU)",
    )
    a = p.parse_args(argv)

    spark = SparkSession.builder.appName("sudoku-sensei grade").getOrCreate()
    if a.input.endswith(".txt"):
        # as sensei reads a file: blank lines and # comments are no puzzles
        lines = spark.read.text(a.input)
        lines = lines.filter((F.trim(lines.value) != "") & ~lines.value.startswith("#"))
        df = lines.withColumnRenamed("value", a.column)
    else:
        df = spark.read.parquet(a.input)
    if a.puzzles_per_task:
        df = df.repartition(max(1, math.ceil(df.count() / a.puzzles_per_task)))
    if a.explain:
        out = sss.explain(df, column=a.column, trace=a.trace)
    else:
        out = sss.grade(df, column=a.column, trace=a.trace)
    out.write.mode("overwrite").parquet(a.output)
    written = spark.read.parquet(a.output)
    errors = written.filter(written.outcome == "error").count()
    print(f"{written.count()} rows written to {a.output} ({errors} errors)", file=sys.stderr)
    spark.stop()


if __name__ == "__main__":
    main()
