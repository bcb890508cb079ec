"""Traces for learning: cells(), tokens(), vocabulary(), the compact JSON (docs/python.md)."""

import json

import sudoku_sensei as ss
from conftest import EASY, HARD


def test_cells_fill_the_grid_in_order():
    trace = ss.explain(HARD)
    cells = trace.cells()
    assert [c[0] for c in cells] == list(range(1, HARD.count(".") + 1))
    grid = list(HARD)
    for order, row, col, value, technique in cells:
        assert 1 <= row <= 9 and 1 <= col <= 9
        i = (row - 1) * 9 + col - 1
        assert grid[i] == "." and trace.solution[i] == str(value)
        grid[i] = str(value)
        assert technique in {t["slug"] for t in ss.techniques()}
    assert "".join(grid) == trace.solution
    assert cells[0] == (1, 6, 2, 4, "hidden-single")


def test_tokens_follow_the_steps():
    trace = ss.explain(HARD)
    tokens = trace.tokens()
    assert tokens[:5] == ["<step>", "<hidden-single>", "<r6>", "<c2>", "<=4>"]
    vocab = ss.vocabulary()
    assert set(tokens) <= set(vocab)
    assert [vocab[i] for i in trace.token_ids()] == tokens
    assert tokens.count("<step>") == len(trace.steps)
    # rebuild every step's effect from its tokens
    steps, i = [], 0
    while i < len(tokens):
        assert tokens[i] == "<step>"
        technique, effects = tokens[i + 1][1:-1], []
        i += 2
        while i < len(tokens) and tokens[i] != "<step>":
            r, c, e = tokens[i : i + 3]
            effects.append((int(r[2]), int(c[2]), e[1], int(e[2])))
            i += 3
        steps.append((technique, effects))
    for (technique, effects), step in zip(steps, trace.steps):
        assert technique == step.technique
        assert [(r, c, d) for r, c, k, d in effects if k == "="] == step.placements
        assert [(r, c, d) for r, c, k, d in effects if k == "!"] == step.eliminations


def test_vocabulary_is_stable():
    vocab = ss.vocabulary()
    assert vocab[0] == "<step>"
    assert vocab[1:10] == [f"<r{i}>" for i in range(1, 10)]
    assert vocab[10:19] == [f"<c{i}>" for i in range(1, 10)]
    assert vocab[19:28] == [f"<={i}>" for i in range(1, 10)]
    assert vocab[28:37] == [f"<!{i}>" for i in range(1, 10)]
    assert vocab[37:] == [f"<{t['slug']}>" for t in ss.techniques()]
    assert len(vocab) == len(set(vocab))


def test_eliminations_are_tokens_too():
    trace = ss.explain(HARD)
    with_elims = [s for s in trace.steps if s.eliminations]
    assert with_elims, "the hard puzzle needs eliminations"
    assert any(t.startswith("<!") for t in trace.tokens())


def test_compact_json():
    trace = ss.explain(HARD)
    compact = trace.to_compact_json()
    doc = json.loads(compact)
    assert doc["v"] == ss.COMPACT_VERSION == 1
    assert doc["puzzle"] == HARD and doc["solution"] == trace.solution and doc["outcome"] == "solved"
    assert len(doc["steps"]) == len(trace.steps)
    for (technique, placements, eliminations), step in zip(doc["steps"], trace.steps):
        assert technique == step.technique
        assert [(n // 100, n // 10 % 10, n % 10) for n in placements] == step.placements
        assert [(n // 100, n // 10 % 10, n % 10) for n in eliminations] == step.eliminations
    # far smaller than the full trace
    assert len(compact) * 10 < len(trace.to_json())


def test_compact_json_without_solution():
    doc = json.loads(ss.explain("." * 81).to_compact_json())
    assert doc["solution"] is None and doc["outcome"] == "multiple_solutions"
    easy = json.loads(ss.explain(EASY).to_compact_json())
    assert all(t in ("naked-single", "hidden-single", "full-house") for t, _, _ in easy["steps"])
