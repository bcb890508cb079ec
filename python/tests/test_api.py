"""Every function of sudoku_sensei on good input, and its agreement with the `sensei` CLI."""

import json
import subprocess

import pytest

import sudoku_sensei as ss
from conftest import EASY, HARD, POSITION, ROOT


def test_parse_reads_every_format():
    line = ss.parse(EASY)
    assert line.line == EASY and line.givens == 30 and not line.is_position
    nine_lines = "\n".join(EASY[i : i + 9] for i in range(0, 81, 9))
    assert ss.parse(nine_lines) == line
    leetcode = (ROOT / "examples" / "leetcode.json").read_text()
    assert ss.parse(leetcode).line == EASY
    assert ss.parse(EASY + "  a label").line == EASY
    pos = ss.parse(POSITION)
    assert pos.is_position and len(pos.candidates) == 729
    assert pos.values[1] == 1 and pos.rows()[0][2] == 7
    assert str(line) == EASY and "Puzzle(" in repr(line)
    assert hash(line) == hash(ss.parse(nine_lines))


def test_solve_and_count():
    solution = ss.solve(EASY)
    assert len(solution) == 81 and "." not in solution
    assert all(g in (".", s) for g, s in zip(EASY, solution))
    assert ss.solve(ss.parse(EASY)) == solution
    assert ss.count_solutions(EASY) == 1
    assert ss.count_solutions("." * 81, limit=10) == 10
    ten = (ROOT / "examples" / "ten_solutions.txt").read_text()
    assert ss.count_solutions(ten, limit=1000) == 10
    assert ss.count_solutions(ten, limit=1) == 1


def test_explain_trace():
    trace = ss.explain(HARD)
    assert trace.outcome == "solved" and trace.solved
    assert trace.solution == ss.solve(HARD)
    assert trace.puzzle == HARD
    steps = trace.steps
    assert len(steps) == len(trace) > 0
    first = steps[0]
    assert first.index == 1
    assert first.technique == "hidden-single" and first.name == "Hidden Single"
    assert first.text == "Hidden Single: r6c2=4"
    assert first.placements == [(6, 2, 4)] and first.eliminations == []
    assert isinstance(first.evidence, dict) and first.evidence["kind"] == "single"
    assert isinstance(first.focus, dict)
    assert first.sentence and first.family == "Singles"
    # every step changes something, and the placements fill the grid
    assert all(s.placements or s.eliminations for s in steps)
    assert sum(len(s.placements) for s in steps) == HARD.count(".")
    assert "Solved" in trace.text()
    assert trace.hardest is not None


def test_explain_options():
    only = ss.explain(HARD, only=["hidden-single", "naked-single"], no_guess=True)
    # `only` keeps the singles, as `sensei explain --only` does: full house too
    assert {s.technique for s in only.steps} <= {"hidden-single", "naked-single", "full-house"}
    assert only.outcome in ("solved", "stuck")
    assert ss.explain(HARD, only="hidden-single,naked-single", no_guess=True).to_json() == only.to_json()
    without = ss.explain(HARD, exclude=["hidden-single"])
    assert all(s.technique != "hidden-single" for s in without.steps)
    assert ss.explain(HARD, profile="all").solved


def test_explain_position():
    trace = ss.explain(POSITION)
    assert trace.solved
    assert trace.cells()[0][0] == 1


def test_hint_levels():
    h1 = ss.hint(HARD)
    assert h1.status == "step" and h1.level == 1 and h1.technique == "hidden-single"
    assert h1.text.startswith("Hint: try Hidden Single")
    h3 = ss.hint(HARD, 3)
    assert h3.step.text == "Hidden Single: r6c2=4"
    assert json.loads(h3.to_json())["status"] == "step"
    assert h3.svg().startswith("<svg")
    solved = ss.hint(ss.solve(EASY))
    assert solved.status == "solved" and solved.step is None
    # a wrong value placed by the player is named first
    wrong = ":0000:x:4+6+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......::::"
    mistakes = ss.hint(wrong)
    assert mistakes.status == "mistakes"
    assert mistakes.mistakes[0] == {"row": 1, "col": 2, "found": 6, "expected": 1}


def test_grade():
    r = ss.grade(EASY)
    assert (r.level, r.qqwing, r.outcome) == ("Easy", "simple", "solved")
    assert r.er < 2.0 and r.score > 0 and r.hardest
    assert r.to_dict()["level"] == "Easy"
    hodoku_only = ss.grade(HARD, scales=["hodoku"])
    assert hodoku_only.er is None and hodoku_only.level is not None
    assert ss.grade(HARD, scales="se").level is None
    many = ss.grade("." * 81)
    assert many.outcome == "multiple_solutions" and many.level is None
    assert many.solution is None and many.steps == 0


def test_grade_keeps_its_hodoku_solve():
    """solution, steps and trace() of the solve the level and score come from (issue 33)."""
    r = ss.grade(HARD)
    assert r.solution == ss.solve(HARD)
    t = r.trace()
    assert t.outcome == "solved" and r.steps == len(t) > 0 and t.solution == r.solution
    # HoDoKu's default techniques: the same solve as explain with HoDoKu's profile here
    assert r.hardest == t.hardest
    (b,) = ss.grade_many([HARD])
    assert (b.solution, b.steps, b.trace().to_compact_json()) == (r.solution, r.steps, t.to_compact_json())
    se = ss.grade(HARD, scales="se")
    assert se.solution is None and se.steps is None and se.trace() is None


def test_generate_is_reproducible():
    a = ss.generate(3, seed=7, symmetry="rotate180", level="easy")
    b = ss.generate(3, seed=7, symmetry="rotate180", level="easy", threads=1)
    assert [g.puzzle for g in a] == [g.puzzle for g in b]
    for g in a:
        assert ss.count_solutions(g.puzzle) == 1 and ss.solve(g.puzzle) == g.solution
        assert g.rating.level == "Easy"
        # the givens are symmetric under a half turn
        assert all((g.puzzle[i] == ".") == (g.puzzle[80 - i] == ".") for i in range(81))
    practice = ss.generate(1, seed=3, practice="x-wing")[0]
    assert len(practice.practice) == 729 and practice.practice_step.technique == "x-wing"
    ranged = ss.generate(1, seed=2, er=(None, 2.0), givens=None)[0]
    assert ranged.rating.er <= 2.0


def test_pictures():
    assert ss.svg(EASY).startswith("<svg")
    trace = ss.explain(HARD)
    step_svg = ss.svg(trace.steps[0], level=2)
    assert step_svg.startswith("<svg") and trace.steps[0].svg() != step_svg
    page = ss.html(trace)
    assert page.lstrip().lower().startswith("<!doctype html")


def test_techniques_list():
    techniques = ss.techniques()
    slugs = [t["slug"] for t in techniques]
    assert "hidden-single" in slugs and "x-wing" in slugs
    assert len(slugs) == len(set(slugs))


def test_panic_becomes_an_exception():
    with pytest.raises(BaseException, match="deliberate panic"):
        ss._sensei._panic_for_test()
    # the interpreter is still alive and the module still works
    assert ss.count_solutions(EASY) == 1


# ---- agreement with the CLI ------------------------------------------------


def run(sensei, *args, stdin):
    return subprocess.run([sensei, *args], input=stdin, capture_output=True, text=True).stdout


SAMPLE = [
    EASY,
    HARD,
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
]


@pytest.mark.parametrize("puzzle", SAMPLE)
def test_explain_json_is_the_cli_s_byte_for_byte(sensei, puzzle):
    assert run(sensei, "explain", "--format", "json", stdin=puzzle + "\n") == ss.explain(puzzle).to_json() + "\n"


@pytest.mark.parametrize("puzzle", SAMPLE)
def test_explain_jsonl_is_the_compact_json(sensei, puzzle):
    # `sensei explain --format jsonl` writes the compact form (docs/trace-format.md)
    assert run(sensei, "explain", "--format", "jsonl", stdin=puzzle + "\n") == ss.explain(puzzle).to_compact_json() + "\n"


def test_explain_json_of_a_position_and_options(sensei):
    assert run(sensei, "explain", "--format", "json", stdin=POSITION) == ss.explain(POSITION).to_json() + "\n"
    args = ["explain", "--format", "json", "--no-guess", "--only", "hidden-single,naked-single"]
    assert run(sensei, *args, stdin=HARD) == ss.explain(HARD, only="hidden-single,naked-single", no_guess=True).to_json() + "\n"


def test_grade_json_is_the_cli_s(sensei):
    out = run(sensei, "grade", "--format", "json", stdin="\n".join(SAMPLE) + "\n").splitlines()
    mine = [r.to_json() for r in ss.grade_many(SAMPLE)]
    assert out == mine


def test_text_and_hint_are_the_cli_s(sensei):
    assert run(sensei, "explain", stdin=HARD) == ss.explain(HARD).text()
    assert run(sensei, "hint", "--level", "2", stdin=HARD) == ss.hint(HARD, 2).text
    assert "".join(c for c in run(sensei, "solve", stdin=EASY) if c.isdigit()) == ss.solve(EASY)


def test_generate_is_the_cli_s(sensei):
    out = run(sensei, "generate", "--count", "3", "--seed", "11", "--quiet", stdin="").split()
    assert out == [g.puzzle for g in ss.generate(3, seed=11, rate=False)]
