"""The canonical form and the group's transformations, and their agreement with the CLI."""

import subprocess

import pytest

import sudoku_sensei as ss
from conftest import EASY, HARD, sensei_binary

# EASY's minlex form (`sensei canon`)
EASY_FORM = "........1.....2.34156...27......8.......51..232974......16..9....34..7..28.91.45."


def test_equivalents_share_the_form():
    assert ss.canon(EASY) == EASY_FORM
    assert ss.canon(ss.parse(EASY)) == EASY_FORM
    for i in range(5):
        t = ss.random_transform(7, i)
        moved = ss.transform(EASY, t)
        assert moved != EASY
        assert ss.canon(moved) == EASY_FORM
        assert ss.equivalent(EASY, moved)
    assert not ss.equivalent(EASY, HARD)


def test_canon_transform_maps_the_puzzle_to_its_form():
    form, t, automorphisms = ss.canon_transform(EASY)
    assert form == EASY_FORM and automorphisms == 1
    assert ss.transform(EASY, t) == form
    # the empty grid: every transformation of the group
    assert ss.canon_transform("." * 81)[2] == 2 * 6**8 * 362880


def test_transform_notation():
    transposed = ss.transform(EASY, "T")
    assert transposed[1] == EASY[9] and ss.transform(transposed, "T") == EASY
    assert ss.transform(EASY, "D987654321")[0] == "5"
    assert ss.transform(EASY, "D123456789") == EASY
    with pytest.raises(ValueError, match="R"):
        ss.transform(EASY, "R111111111")
    assert ss.random_transform(1) == ss.random_transform(1, 0) != ss.random_transform(1, 1)


def test_dedupe_keeps_the_first_of_each_class():
    puzzles = [EASY, HARD, ss.transform(EASY, "T"), ss.transform(HARD, "D987654321"), EASY]
    assert ss.dedupe(puzzles) == [0, 1]
    assert ss.dedupe(iter([])) == []
    with pytest.raises(ss.ParseError, match="puzzle 1: ") as e:
        ss.dedupe([EASY, "x"])
    assert e.value.line == 1 and e.value.column == 1
    with pytest.raises(TypeError):
        ss.dedupe(3)


def test_the_cli_agrees():
    sensei = sensei_binary()
    if sensei is None:
        pytest.skip("no sensei binary")
    moved = ss.transform(HARD, ss.random_transform(3, 0))
    out = subprocess.run(
        [sensei, "canon", "--transform", "-"],
        input=f"{HARD}\n{moved}\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert [line.split("\t")[0] for line in out] == [ss.canon(HARD)] * 2
    assert out[0].split("\t")[1:] == [str(x) for x in ss.canon_transform(HARD)[1:]]
    cli = subprocess.run(
        [sensei, "transform", "--random", "--seed", "3", "-"],
        input=f"{HARD}\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert cli == moved
