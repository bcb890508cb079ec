"""sudoku_sensei: an explainable, human-style Sudoku engine for Python.

Ordered step traces, Sudoku Explainer / HoDoKu / QQWing ratings, hints, pictures and
a generator, from sensei's Rust engine; batches run on all cores with the GIL released.
The guide is docs/python.md in the repository.

>>> import sudoku_sensei as ss
>>> trace = ss.explain("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> trace.outcome
'solved'
"""

from ._sensei import (
    COMPACT_VERSION,
    GenerateError,
    Generated,
    Hint,
    ParseError,
    Puzzle,
    Rating,
    SolveError,
    Step,
    Trace,
    __version__,
    canon,
    canon_transform,
    count_solutions,
    dedupe,
    equivalent,
    explain,
    explain_many,
    generate,
    grade,
    grade_many,
    hint,
    html,
    parse,
    random_transform,
    solve,
    svg,
    techniques,
    transform,
    vocabulary,
)
from ._sensei import Batch as _Batch

# ParseError's attributes exist on every instance, even one made by hand
ParseError.line = None
ParseError.column = None
ParseError.kind = None
ParseError.message = None
SolveError.solutions = None

__all__ = [
    "COMPACT_VERSION",
    "GenerateError",
    "Generated",
    "Hint",
    "ParseError",
    "Puzzle",
    "Rating",
    "SolveError",
    "Step",
    "Trace",
    "__version__",
    "canon",
    "canon_transform",
    "count_solutions",
    "dedupe",
    "equivalent",
    "explain",
    "explain_many",
    "generate",
    "grade",
    "grade_many",
    "hint",
    "html",
    "parse",
    "random_transform",
    "solve",
    "svg",
    "techniques",
    "transform",
    "vocabulary",
]
