"""Bad input raises proper exceptions (never a crash): wrong length, bad characters, no or
many solutions, wrong types, None, bytes, a 10 MB string."""

import pytest

import sudoku_sensei as ss
from conftest import EASY, HARD

READERS = [ss.parse, ss.solve, ss.count_solutions, ss.explain, ss.hint, ss.grade, ss.svg]


def test_parse_error_has_place_kind_and_the_cli_message():
    with pytest.raises(ss.ParseError) as e:
        ss.parse(EASY[:-1] + "x")
    err = e.value
    assert isinstance(err, ValueError)
    assert (err.line, err.column, err.kind) == (1, 81, "bad_character")
    assert str(err) == "line 1, column 81: 'x' is not allowed (use 1-9 for givens and . 0 _ * for empty cells)"
    assert err.message == str(err)


@pytest.mark.parametrize(
    "text, kind",
    [
        (EASY[:80], "wrong_cell_count"),
        ("", "empty"),
        ("# only a comment\n\n", "empty"),
        (EASY + "\n" + HARD, "second_puzzle"),
        ("[[1,2]", "json_not_closed"),
        ("\n".join([EASY[i : i + 9] for i in range(0, 72, 9)] + ["12345678"]), "wrong_row_length"),
    ],
)
def test_parse_errors_by_kind(text, kind):
    with pytest.raises(ss.ParseError) as e:
        ss.parse(text)
    assert e.value.kind == kind
    assert str(e.value)


@pytest.mark.parametrize("fn", READERS)
@pytest.mark.parametrize("bad", [None, 81, b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", ["5", "3"], 3.5])
def test_wrong_types_raise_type_error(fn, bad):
    with pytest.raises(TypeError):
        fn(bad)


def test_bytes_message_says_decode():
    with pytest.raises(TypeError, match="decode"):
        ss.parse(EASY.encode())


@pytest.mark.parametrize("fn", READERS)
def test_wrong_length_and_characters_raise_parse_error(fn):
    with pytest.raises(ss.ParseError):
        fn(EASY[:70])
    with pytest.raises(ss.ParseError):
        fn("x" * 81)


def test_no_and_many_solutions():
    none = "55" + EASY[2:]  # two 5s in row 1
    with pytest.raises(ss.SolveError) as e:
        ss.solve(none)
    assert e.value.solutions == 0
    with pytest.raises(ss.SolveError) as e:
        ss.solve("." * 81)
    assert e.value.solutions == 2 and isinstance(e.value, ValueError)
    assert ss.count_solutions(none) == 0
    assert ss.explain(none).outcome == "invalid_givens"
    assert ss.explain("." * 81).outcome == "multiple_solutions"
    assert ss.grade(none).outcome == "invalid_givens" and ss.grade(none).er is None
    with pytest.raises(ss.SolveError):
        ss.hint(none)
    # a puzzle without a clash but no solution
    unsolvable = "12345678." + "........9" + "." * 63
    assert ss.count_solutions(unsolvable) == 0
    assert ss.explain(unsolvable).outcome == "no_solution"


def test_a_10_mb_string_is_an_error_not_a_hang():
    big = "1" * (10 * 1024 * 1024)
    for fn in (ss.parse, ss.explain, ss.grade):
        with pytest.raises(ss.ParseError):
            fn(big)
    many = ("\n".join([EASY] * 200_000))[: 10 * 1024 * 1024]
    with pytest.raises(ss.ParseError) as e:
        ss.parse(many)
    assert e.value.kind == "second_puzzle"


def test_bad_options():
    with pytest.raises(ValueError, match="unknown technique"):
        ss.explain(EASY, only=["no-such-technique"])
    with pytest.raises(TypeError):
        ss.explain(EASY, only=[1, 2])
    with pytest.raises(ValueError):
        ss.explain(EASY, profile="fast")
    with pytest.raises(ValueError, match="level"):
        ss.hint(EASY, 4)
    with pytest.raises(ValueError):
        ss.count_solutions(EASY, limit=0)
    with pytest.raises(ValueError, match="scale"):
        ss.grade(EASY, scales=["elo"])
    with pytest.raises(ValueError, match="levels"):
        ss.generate(1, level="impossible")
    with pytest.raises(ValueError, match="symmetr"):
        ss.generate(1, symmetry="spiral")
    with pytest.raises(ValueError):
        ss.generate(1, er=(9.0, 2.0))
    with pytest.raises(TypeError):
        ss.generate("3")
    with pytest.raises(ValueError, match="threads"):
        list(ss.grade_many([EASY], threads=0))
    with pytest.raises(TypeError, match="iterable"):
        ss.grade_many(5)


def test_position_with_pencil_marks_is_not_graded():
    pencil = ss.parse(":0000:x:4+1+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:215 915:::")
    with pytest.raises(ValueError, match="positions"):
        ss.grade(pencil)


def test_unicode_and_control_characters():
    with pytest.raises(ss.ParseError):
        ss.parse("\u00e9" * 81)
    with pytest.raises(ss.ParseError):
        ss.parse("\x00" * 81)
    with pytest.raises(ValueError):
        ss.parse("\ud800" + EASY[1:])  # a lone surrogate
