"""The Python examples of README.md and docs/python.md run as written, their printed
comments are true, and examples/python/label_dataset.py labels a Kaggle-layout CSV."""

import contextlib
import io
import json
import re
import subprocess
import sys

import pytest

import sudoku_sensei as ss
from conftest import EASY, ROOT


def python_blocks(path):
    if not path.exists():
        pytest.skip(f"{path} is not present (an installed package without the repository)")
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


def run_block(code):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<doc>", "exec"), {})
    return out.getvalue()


@pytest.mark.parametrize("doc", ["README.md", "docs/python.md"])
def test_examples_run_as_written(doc, monkeypatch):
    monkeypatch.chdir(ROOT)
    blocks = python_blocks(ROOT / doc)
    assert blocks, f"{doc} has no python example"
    for code in blocks:
        printed = run_block(code).splitlines()
        # `print(x)  # value` and `# value` lines after a loop: each shown value was printed
        for shown in re.findall(r"^#\s+(\d+ .+)$", code, re.M):
            assert shown in printed, (shown, printed)
        for call, shown in re.findall(r"^print\((.+?)\)\s+#\s+(.+)$", code, re.M):
            if "/" not in shown and "..." not in shown:
                assert any(line.startswith(shown.strip()) for line in printed), (call, shown, printed)


def test_label_dataset(tmp_path):
    script = ROOT / "examples" / "python" / "label_dataset.py"
    if not script.exists():
        pytest.skip("examples/python/label_dataset.py is not present")
    csv = tmp_path / "kaggle.csv"
    solution = ss.solve(EASY)
    csv.write_text("quizzes,solutions\n" + f"{EASY.replace('.', '0')},{solution}\n" + "12345,\n" + f"{EASY},{solution}\n")
    out = tmp_path / "labels.jsonl"
    subprocess.run([sys.executable, str(script), str(csv), str(out)], check=True, capture_output=True)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3
    first, bad, third = rows
    assert first["hodoku_level"] == "Easy" and first["qqwing"] == "simple" and first["er"] < 2.0
    assert first["hardest"] and first["outcome"] == "solved"
    assert len(first["cells"]) == EASY.count(".") and first["cells"][0][0] == 1
    assert first["tokens"].startswith("<step> <")
    assert "error" in bad and "error" not in first
    assert {k: v for k, v in third.items() if k != "quiz"} == {k: v for k, v in first.items() if k != "quiz"}
