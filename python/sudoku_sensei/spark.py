"""sudoku_sensei.spark: grade or explain a Spark DataFrame column of puzzles.

Each Spark task hands its rows to sensei one Arrow batch at a time
(``DataFrame.mapInArrow``) and works on one thread, so Spark's own
parallelism (executors x cores, partitions) is the only one: nothing here
starts threads of its own. A bad puzzle gives a row with ``outcome`` set to
``'error'`` and the message in ``error``, never a failed task. The other
columns of the input are kept, in order, so that an id column stays beside
its results. The guide is docs/scale.md in the repository.

>>> from sudoku_sensei import spark as sss
>>> rated = sss.grade(spark.read.parquet("puzzles.parquet"), column="puzzle")
>>> rated.write.parquet("rated.parquet")

pyspark and pyarrow are needed where this runs (the driver and every
executor); the rest of sudoku_sensei does not need them.
"""

from __future__ import annotations

import sudoku_sensei as _ss

__all__ = [
    "GRADE_COLUMNS",
    "EXPLAIN_COLUMNS",
    "grade",
    "explain",
    "grade_batches",
    "explain_batches",
    "grade_schema",
    "explain_schema",
]

#: The columns ``grade`` adds, in order, with their Spark SQL types.
#: ``puzzle`` is the puzzle as an 81-character line (for an error row: the input as given);
#: ``outcome`` is ``solved``, ``stuck``, ``no_solution``, ``multiple_solutions``,
#: ``invalid_givens`` or ``error``; ``steps``, ``solution`` and the trace come from the
#: HoDoKu solve the level and score come from.
GRADE_COLUMNS = [
    ("puzzle", "string"),
    ("solution", "string"),
    ("outcome", "string"),
    ("er", "double"),
    ("ep", "double"),
    ("ed", "double"),
    ("hodoku_level", "string"),
    ("hodoku_score", "int"),
    ("qqwing_class", "string"),
    ("hardest", "string"),
    ("guessed", "boolean"),
    ("steps", "int"),
    ("error", "string"),
]

#: The columns ``explain`` adds, in order (the trace of ``sudoku_sensei.explain``).
EXPLAIN_COLUMNS = [
    ("puzzle", "string"),
    ("solution", "string"),
    ("outcome", "string"),
    ("hardest", "string"),
    ("steps", "int"),
    ("guesses", "int"),
    ("error", "string"),
]

#: The optional trace column: ``compact`` adds ``trace`` (``Trace.to_compact_json()``),
#: ``tokens`` adds ``tokens`` (``Trace.tokens()``).
_TRACE_COLUMNS = {
    None: [],
    "compact": [("trace", "string")],
    "tokens": [("tokens", "array<string>")],
}


def _trace_columns(trace):
    if trace not in _TRACE_COLUMNS:
        raise ValueError(f"trace must be None, 'compact' or 'tokens', not {trace!r}")
    return _TRACE_COLUMNS[trace]


def _arrow_type(spark_type):
    import pyarrow as pa

    return {
        "string": pa.string(),
        "double": pa.float64(),
        "int": pa.int32(),
        "boolean": pa.bool_(),
        "array<string>": pa.list_(pa.string()),
    }[spark_type]


def _spark_schema(df, column, added):
    """The output schema: the input's columns but `column`, then `added`."""
    from pyspark.sql.types import StructField, StructType, _parse_datatype_string

    if column not in df.columns:
        raise ValueError(f"no column {column!r} in the DataFrame (it has {', '.join(df.columns)})")
    names = {name for name, _ in added}
    kept = [f for f in df.schema.fields if f.name != column]
    clash = [f.name for f in kept if f.name in names]
    if clash:
        raise ValueError(
            f"the DataFrame already has column(s) {', '.join(clash)}, which the results would "
            "replace: rename them first"
        )
    return StructType(kept + [StructField(n, _parse_datatype_string(t), True) for n, t in added])


def grade_schema(df, column="puzzle", trace=None):
    """The schema of ``grade(df, column, trace=trace)``."""
    return _spark_schema(df, column, GRADE_COLUMNS + _trace_columns(trace))


def explain_schema(df, column="puzzle", trace=None):
    """The schema of ``explain(df, column, trace=trace)``."""
    return _spark_schema(df, column, EXPLAIN_COLUMNS + _trace_columns(trace))


def _puzzle_array(batch, column):
    """The puzzles of an Arrow batch's column as an Arrow string array (a null stays null:
    an error row); a column of another type is read as ``str()`` of each value."""
    import pyarrow as pa

    array = batch.column(batch.schema.get_field_index(column))
    if pa.types.is_string(array.type):
        return array
    if pa.types.is_large_string(array.type):
        return array.cast(pa.string())
    values = array.to_pylist()
    return pa.array([v if v is None or isinstance(v, str) else str(v) for v in values], pa.string())


def _input_buffers(array):
    """The buffers of a string array as the binding reads them: validity, offsets, data,
    offset, length."""
    validity, offsets, data = array.buffers()
    return (
        None if validity is None else validity.to_pybytes(),
        b"\0\0\0\0" if offsets is None else offsets.to_pybytes(),
        b"" if data is None else data.to_pybytes(),
        array.offset,
        len(array),
    )


def _column_array(spark_type, length, buffers):
    """An Arrow array made of the buffers the binding built (no copy, no row objects)."""
    import pyarrow as pa

    bufs = [None if b is None else pa.py_buffer(b) for b in buffers]
    if spark_type == "array<string>":
        # the list's validity and offsets, then its strings' validity, offsets and data
        items = pa.Array.from_buffers(pa.string(), len(buffers[3]) // 4 - 1, bufs[2:])
        return pa.Array.from_buffers(pa.list_(pa.string()), length, bufs[:2], children=[items])
    return pa.Array.from_buffers(_arrow_type(spark_type), length, bufs)


def _output_batch(batch, column, added, columns):
    import pyarrow as pa

    keep = [i for i, name in enumerate(batch.schema.names) if name != column]
    arrays = [batch.column(i) for i in keep]
    fields = [batch.schema.field(i) for i in keep]
    for (name, spark_type), buffers in zip(added, columns):
        arrays.append(_column_array(spark_type, batch.num_rows, buffers))
        fields.append(pa.field(name, _arrow_type(spark_type)))
    return pa.RecordBatch.from_arrays(arrays, schema=pa.schema(fields))


def grade_batches(batches, column="puzzle", scales=None, trace=None):
    """Grade the puzzles of `column` in each Arrow RecordBatch of `batches`, on this thread:
    the function ``grade`` gives to ``mapInArrow`` (usable on its own with pyarrow alone).
    Each batch is one call into sensei, which reads the column's Arrow buffers and builds
    the result columns' Arrow buffers itself: no Python object per row."""
    added = GRADE_COLUMNS + _trace_columns(trace)
    for batch in batches:
        inputs = _input_buffers(_puzzle_array(batch, column))
        columns = _ss._sensei._grade_arrow(*inputs, scales=scales, trace=trace)
        yield _output_batch(batch, column, added, columns)


def explain_batches(batches, column="puzzle", trace=None, **options):
    """Explain the puzzles of `column` in each Arrow RecordBatch of `batches`, on this
    thread: the function ``explain`` gives to ``mapInArrow``."""
    added = EXPLAIN_COLUMNS + _trace_columns(trace)
    for batch in batches:
        inputs = _input_buffers(_puzzle_array(batch, column))
        columns = _ss._sensei._explain_arrow(*inputs, trace=trace, **options)
        yield _output_batch(batch, column, added, columns)


def grade(df, column="puzzle", *, scales=None, trace=None):
    """Grade the puzzles in `column` of the Spark DataFrame `df` (strings in any format
    sensei reads). Returns a DataFrame with the other columns of `df`, in order, then
    ``GRADE_COLUMNS`` (and ``trace`` or ``tokens`` with ``trace='compact'`` or
    ``'tokens'``: the HoDoKu solve the rating comes from). `scales`: some of ``'se'``,
    ``'hodoku'``, ``'qqwing'`` (the others' columns are null). One row out per row in."""
    schema = grade_schema(df, column, trace)
    if scales is not None:
        _ss.grade("." * 81, scales=scales)  # a bad scale fails here, not in every task

    def run(batches):
        return grade_batches(batches, column=column, scales=scales, trace=trace)

    return df.mapInArrow(run, schema)


def explain(df, column="puzzle", *, trace=None, **options):
    """Explain the puzzles in `column` of `df`: the other columns of `df`, then
    ``EXPLAIN_COLUMNS`` (and ``trace`` or ``tokens``). `options` are those of
    ``sudoku_sensei.explain`` (only, exclude, no_guess, profile). One row out per row in."""
    schema = explain_schema(df, column, trace)
    _ss.explain("." * 81, **options)  # a bad option fails here, not in every task

    def run(batches):
        return explain_batches(batches, column=column, trace=trace, **options)

    return df.mapInArrow(run, schema)
