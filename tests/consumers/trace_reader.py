#!/usr/bin/env python3
"""A consumer of sensei's JSON written from docs/trace-format.md alone.

    python3 tests/consumers/trace_reader.py SENSEI PUZZLE_FILE...

For each file: runs `SENSEI explain --format json FILE` and
`SENSEI hint --format json --level 3 FILE`, reads every document the way
the doc says an app should (check schema and version, one document a line,
skip values it does not know), checks what the doc promises, and prints a
short report. Exits 1 when a promise does not hold. Python standard library
only; `.ci/run` runs it.
"""

import json
import subprocess
import sys

KNOWN_EVIDENCE = {
    "single", "intersection", "subset", "fish", "wing", "chain", "uniqueness",
    "coloring", "als", "forcing", "guess", "als_chain", "chains", "template",
}
KNOWN_OUTCOMES = {"solved", "stuck", "no_solution", "multiple_solutions", "invalid_givens"}
KNOWN_STATUS = {"step", "solved", "mistakes", "no_solution", "multiple_solutions", "stuck"}

problems = []


def expect(ok, what):
    if not ok:
        problems.append(what)


def cell(c):
    expect(1 <= c["row"] <= 9 and 1 <= c["col"] <= 9, f"cell out of range: {c}")
    return f"r{c['row']}c{c['col']}"


def read_trace(doc, where):
    expect(doc.get("schema") == "sudoku-sensei/trace", f"{where}: schema {doc.get('schema')}")
    expect(doc.get("version") == 2, f"{where}: version {doc.get('version')}")
    expect(len(doc["puzzle"]) == 81, f"{where}: puzzle of {len(doc['puzzle'])} cells")
    outcome = doc["outcome"]
    expect("message" in outcome, f"{where}: outcome without message")
    kind = outcome["kind"]
    if kind not in KNOWN_OUTCOMES:
        print(f"  {where}: an outcome this reader does not know ({kind}): {outcome['message']}")
    steps = doc["steps"]
    techniques = doc["techniques"]  # name, family, HoDoKu code: once per technique
    summary = {}
    for i, step in enumerate(steps, 1):
        expect(step["index"] == i, f"{where}: step {i} numbered {step['index']}")
        expect(step["placements"] or step["eliminations"], f"{where}: step {i} changes nothing")
        for c in step["placements"] + step["eliminations"]:
            cell(c)
            expect(1 <= c["digit"] <= 9, f"{where}: digit {c['digit']}")
        focus = step["focus"]
        expect(set(focus) >= {"houses", "cells", "digits"}, f"{where}: focus {focus}")
        expect(step["technique"] in techniques, f"{where}: step {i}: {step['technique']} not in techniques")
        ev = step["evidence"]
        if ev["kind"] not in KNOWN_EVIDENCE:
            print(f"  {where}: step {i}: unknown evidence {ev['kind']}, shown as text: {step['text']}")
        if ev["kind"] == "guess":
            expect(step["technique"] == "brute-force"
                   and techniques["brute-force"]["hodoku_code"] is None,
                   f"{where}: a guess is brute-force with no HoDoKu code")
        if ev["kind"] == "forcing":
            for b in ev["branches"]:
                expect(len(b["chain"]) == len(b["reasons"]), f"{where}: step {i}: reasons")
                for k, r in enumerate(b["reasons"], 1):
                    expect(all(p < k for p in r["parents"]), f"{where}: parents after the fact")
        summary[step["technique"]] = summary.get(step["technique"], 0) + 1
    expect(summary == doc["summary"], f"{where}: summary {doc['summary']} != {summary}")
    expect(set(techniques) == set(summary), f"{where}: techniques {sorted(techniques)}")
    if kind == "solved":
        expect(doc["solution"] is not None and "." not in doc["solution"], f"{where}: solution")
        guesses = sum(1 for s in steps if s["evidence"]["kind"] == "guess")
        expect(outcome["guesses"] == guesses, f"{where}: {guesses} guesses counted")
    if kind in ("no_solution", "invalid_givens") and outcome.get("contradiction"):
        expect("message" in outcome["contradiction"], f"{where}: contradiction message")
    if "start" in doc:
        expect(len(doc["start"]) == 729, f"{where}: start of {len(doc['start'])} characters")
    hardest = max(steps, key=lambda s: len(s["text"]), default=None)
    print(f"  {where}: {kind}, {len(steps)} steps, {len(summary)} techniques"
          + (f"; longest step line: {techniques[hardest['technique']]['name']}" if hardest else ""))


def read_hint(doc, where):
    status = doc["status"]
    expect(doc["level"] in (1, 2, 3), f"{where}: level {doc['level']}")
    if status not in KNOWN_STATUS:
        print(f"  {where}: a hint this reader does not know: {doc.get('message')}")
        return
    if status == "step":
        expect("where" in doc and "focus" in doc and "step" in doc, f"{where}: level 3 hint")
        print(f"  {where}: try {doc['name']}; {doc['where']}")
    else:
        expect("message" in doc, f"{where}: {status} without message")
        print(f"  {where}: {status}: {doc['message']}")


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=600)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    sensei, files = sys.argv[1], sys.argv[2:]
    for path in files:
        r = run([sensei, "explain", "--format", "json", path])
        expect(r.returncode in (0, 1), f"{path}: explain exit {r.returncode}: {r.stderr}")
        lines = r.stdout.splitlines()
        expect(len(lines) >= 1, f"{path}: no document")
        for n, line in enumerate(lines, 1):
            doc = json.loads(line)  # one document a line
            if "schema" in doc:
                read_trace(doc, f"{path} #{n}")
            else:
                read_hint(doc, f"{path} #{n}")
            if len(lines) > 1:
                expect("line" in doc, f"{path} #{n}: several documents without `line`")
        solved = all(json.loads(l).get("outcome", {}).get("kind") == "solved" for l in lines)
        expect((r.returncode == 0) == solved, f"{path}: exit {r.returncode} but solved={solved}")
        h = run([sensei, "hint", "--format", "json", "--level", "3", path])
        if h.returncode != 2:
            for line in h.stdout.splitlines():
                read_hint(json.loads(line), f"{path} hint")
    if problems:
        print("\nPROBLEMS:")
        for p in problems:
            print("  " + p)
        return 1
    print("every document read as docs/trace-format.md says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
