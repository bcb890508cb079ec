"""sudoku_sensei.spark's batch functions with pyarrow alone (no Spark, no JVM): the columns
the binding builds as Arrow buffers hold, row for row, what grade_many and explain_many
give, for every kind of input column (nulls, a slice, large_string, another type)."""

import pytest

pa = pytest.importorskip("pyarrow")

import sudoku_sensei as ss  # noqa: E402
from sudoku_sensei import spark as sss  # noqa: E402

from conftest import EASY, HARD  # noqa: E402

# puzzles easy to hard (top1465-1: ER 9.0), a puzzle without a unique solution, bad text, a null, an empty string, a position
PUZZLES = [
    EASY,
    None,
    "not a puzzle",
    HARD,
    "." * 81,
    "",
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ":0000:x:4+1+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:215 915:::",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "000009080000704000000200004050800200007030050036970000040000003000528006005090078",
]


def expected_grade(puzzles, scales=None, trace=None):
    """What the rows were before: grade_many's results, read attribute by attribute."""
    rows = []
    for r in ss.grade_many(puzzles, scales=scales, threads=1):
        ok = r.error is None
        row = {
            "puzzle": r.puzzle if ok else r.input,
            "solution": r.solution,
            "outcome": r.outcome,
            "er": r.er,
            "ep": r.ep,
            "ed": r.ed,
            "hodoku_level": r.level,
            "hodoku_score": r.score,
            "qqwing_class": r.qqwing,
            "hardest": r.hardest,
            "guessed": r.guessed if ok else None,
            "steps": r.steps,
            "error": r.error,
        }
        t = r.trace() if ok else None
        if trace == "compact":
            row["trace"] = t.to_compact_json() if t is not None else None
        if trace == "tokens":
            row["tokens"] = t.tokens() if t is not None else None
        rows.append(row)
    return rows


def expected_explain(puzzles, trace=None, **options):
    rows = []
    for t in ss.explain_many(puzzles, threads=1, **options):
        ok = t.error is None
        row = {
            "puzzle": t.puzzle if ok else t.input,
            "solution": t.solution,
            "outcome": t.outcome,
            "hardest": t.hardest,
            "steps": len(t) if ok else None,
            "guesses": t.guesses if ok else None,
            "error": t.error,
        }
        if trace == "compact":
            row["trace"] = t.to_compact_json() if ok else None
        if trace == "tokens":
            row["tokens"] = t.tokens() if ok else None
        rows.append(row)
    return rows


def batch_of(puzzles, typ=None):
    return pa.record_batch(
        {"id": pa.array(range(len(puzzles)), pa.int64()), "puzzle": pa.array(puzzles, typ or pa.string())}
    )


def rows_of(batches):
    table = pa.Table.from_batches(list(batches))
    for column in table.columns:
        column.validate(full=True)
    return table.to_pylist()


def without_id(rows):
    return [{k: v for k, v in r.items() if k != "id"} for r in rows]


@pytest.mark.parametrize("trace", [None, "compact", "tokens"])
def test_grade_batches_equal_grade_many_row_for_row(trace):
    rows = rows_of(sss.grade_batches([batch_of(PUZZLES)], trace=trace))
    assert [r["id"] for r in rows] == list(range(len(PUZZLES)))
    assert without_id(rows) == expected_grade(PUZZLES, trace=trace)
    names = [n for n, _ in sss.GRADE_COLUMNS] + {None: [], "compact": ["trace"], "tokens": ["tokens"]}[trace]
    assert list(rows[0]) == ["id"] + names
    assert rows[1]["outcome"] == "error" and "NoneType" in rows[1]["error"] and rows[1]["puzzle"] is None
    assert rows[2]["puzzle"] == "not a puzzle" and rows[2]["guessed"] is None


def test_grade_batches_with_some_scales():
    rows = rows_of(sss.grade_batches([batch_of(PUZZLES)], scales="se", trace="tokens"))
    assert without_id(rows) == expected_grade(PUZZLES, scales="se", trace="tokens")
    assert rows[0]["er"] is not None and rows[0]["hodoku_level"] is None and rows[0]["tokens"] is None


def test_a_slice_several_batches_large_strings_and_other_types():
    """A sliced batch (an Arrow offset), several batches, large_string and an int column."""
    sliced = batch_of(PUZZLES * 2).slice(3, 11)
    rows = rows_of(sss.grade_batches([sliced, batch_of(PUZZLES[:2])]))
    assert without_id(rows) == expected_grade((PUZZLES * 2)[3:14] + PUZZLES[:2])
    rows = rows_of(sss.grade_batches([batch_of(PUZZLES, pa.large_string())]))
    assert without_id(rows) == expected_grade(PUZZLES)
    ints = pa.record_batch({"puzzle": pa.array([5, None], pa.int64())})
    rows = rows_of(sss.grade_batches([ints]))
    assert [r["puzzle"] for r in rows] == ["5", None]
    assert [r["outcome"] for r in rows] == ["error", "error"]
    empty = rows_of(sss.grade_batches([batch_of([])]))
    assert empty == []


@pytest.mark.parametrize("trace", [None, "compact", "tokens"])
def test_explain_batches_equal_explain_many_row_for_row(trace):
    rows = rows_of(sss.explain_batches([batch_of(PUZZLES)], trace=trace))
    assert without_id(rows) == expected_explain(PUZZLES, trace=trace)
    rows = rows_of(sss.explain_batches([batch_of(PUZZLES)], trace=trace, exclude="x-wing", no_guess=True))
    assert without_id(rows) == expected_explain(PUZZLES, trace=trace, exclude="x-wing", no_guess=True)


def test_bad_buffers_are_an_error_not_a_crash():
    with pytest.raises(ValueError, match="shorter"):
        ss._sensei._grade_arrow(None, b"\0\0\0\0", b"", 0, 5)
    with pytest.raises(ValueError, match="trace"):
        ss._sensei._grade_arrow(None, b"\0\0\0\0", b"", 0, 0, trace="json")
