"""Shared fixtures: puzzles, the `sensei` binary (for comparisons), the shared data."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# the shared data beside the clone, or where $SENSEI_SHARED_DATA says (a worktree elsewhere)
DATA = pathlib.Path(os.environ.get("SENSEI_SHARED_DATA") or ROOT.parent / "shared" / "data")

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# a position: HoDoKu's library line, r1c2=1 and r1c3=7 placed, r1c5 lost 2 and 9
POSITION = ":0000:x:4+1+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:215 915:::"


def sensei_binary():
    """The sensei binary to compare with: $SENSEI_BIN, else the newer of target/release and
    target/debug (a stale one would differ from the package just built), else on PATH."""
    env = os.environ.get("SENSEI_BIN")
    if env:
        return env
    built = [ROOT / "target" / profile / "sensei" for profile in ("release", "debug")]
    built = [p for p in built if p.exists()]
    if built:
        return str(max(built, key=lambda p: p.stat().st_mtime))
    return shutil.which("sensei")


@pytest.fixture(scope="session")
def sensei():
    path = sensei_binary()
    if path is None:
        pytest.skip("no sensei binary (cargo build, or set SENSEI_BIN) to compare with")
    return path


@pytest.fixture(scope="session")
def data():
    if not (DATA / "puzzles").is_dir():
        pytest.skip(f"the shared data is not present ({DATA})")
    return DATA
