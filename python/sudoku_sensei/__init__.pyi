"""Type stubs of sudoku_sensei (the extension sudoku_sensei._sensei, re-exported)."""

from typing import Any, Callable, Iterable, Iterator, Literal, Optional, Protocol, Sequence, Tuple, Union

__version__: str
COMPACT_VERSION: int

Outcome = Literal["solved", "stuck", "no_solution", "multiple_solutions", "invalid_givens"]
TechniqueNames = Union[str, Iterable[str], None]
PuzzleLike = Union[str, "Puzzle"]
Range = Union[str, float, Tuple[Optional[float], Optional[float]], None]

class _Updatable(Protocol):
    def update(self, n: int) -> Any: ...

Progress = Union[Callable[[int], Any], _Updatable, None]

class ParseError(ValueError):
    """A puzzle text could not be read; str(e) is sensei's message."""

    line: Optional[int]
    """1-based line of the text where it went wrong, when known."""
    column: Optional[int]
    """1-based column (in characters), when known."""
    kind: Optional[str]
    """A stable identifier: 'bad_character', 'wrong_cell_count', 'empty', ..."""
    message: Optional[str]

class SolveError(ValueError):
    """No solution, more than one, or contradicting givens."""

    solutions: Optional[int]
    """0, or 2 for "at least two"; None for contradicting givens."""

class GenerateError(RuntimeError):
    """No puzzle of the request was found within max_tries."""

class Puzzle:
    """A puzzle or a player's position, read by parse()."""

    @property
    def line(self) -> str:
        """The values as an 81-character line ('.' for empty)."""
    @property
    def values(self) -> list[int]:
        """The 81 values, row by row, 0 for empty."""
    @property
    def givens(self) -> int: ...
    @property
    def is_position(self) -> bool:
        """Whether the text held pencil marks (a player's position)."""
    @property
    def candidates(self) -> Optional[str]:
        """The position as a 729-character candidate string."""
    def rows(self) -> list[list[int]]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Step:
    """One step of a solve."""

    @property
    def index(self) -> int:
        """1-based number of the step in its trace."""
    @property
    def technique(self) -> str:
        """The technique's slug, e.g. 'hidden-single'."""
    @property
    def name(self) -> str:
        """The technique's name, e.g. 'Hidden Single'."""
    @property
    def family(self) -> str: ...
    @property
    def hodoku_code(self) -> Optional[str]: ...
    @property
    def placements(self) -> list[Tuple[int, int, int]]:
        """(row, col, value) of each cell filled, 1-based."""
    @property
    def eliminations(self) -> list[Tuple[int, int, int]]:
        """(row, col, digit) of each candidate removed, 1-based."""
    @property
    def text(self) -> str:
        """The step line in HoDoKu's notation: 'Hidden Single: r6c2=4'."""
    @property
    def sentence(self) -> str:
        """The sentence for a learner."""
    @property
    def evidence(self) -> dict[str, Any]:
        """The pattern (houses, cells, digits, chains...) as plain dicts."""
    @property
    def focus(self) -> dict[str, Any]:
        """Where to look: houses, cells and digits."""
    def to_json(self) -> str: ...
    def svg(self, level: int = 3) -> str:
        """The step's picture at a hint level (1 area, 2 pattern, 3 whole step)."""

class Trace:
    """A recorded solve; in a batch, .error says why a puzzle was not explained."""

    @property
    def steps(self) -> list[Step]: ...
    @property
    def outcome(self) -> Union[Outcome, Literal["error"]]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def outcome_text(self) -> Optional[str]: ...
    @property
    def puzzle(self) -> Optional[str]: ...
    @property
    def solution(self) -> Optional[str]: ...
    @property
    def guesses(self) -> int: ...
    @property
    def hardest(self) -> Optional[str]:
        """The slug of the step technique with the highest HoDoKu score."""
    @property
    def error(self) -> Optional[str]: ...
    @property
    def error_kind(self) -> Optional[Literal["parse_error", "type_error", "value_error"]]: ...
    @property
    def index(self) -> Optional[int]:
        """0-based index of the input in a batch."""
    @property
    def input(self) -> Optional[str]:
        """The input text of a batch's error result."""
    def to_json(self) -> str:
        """Byte for byte what `sensei explain --format json` prints (without the newline)."""
    def text(self, verbose: bool = False) -> str:
        """What `sensei explain` prints."""
    def cells(self) -> list[Tuple[int, int, int, int, str]]:
        """(order, row, col, value, technique) for each cell filled, in order; 1-based."""
    def tokens(self) -> list[str]:
        """The steps as tokens: '<step>', '<hidden-single>', '<r3>', '<c7>', '<=5>', ..."""
    def token_ids(self) -> list[int]:
        """The tokens as indices into vocabulary()."""
    def to_compact_json(self) -> str:
        """The compact JSON form (docs/python.md)."""
    def html(self) -> str:
        """The self-contained HTML walkthrough."""
    def __len__(self) -> int: ...

class Rating:
    """A puzzle's ratings; in a batch, .error says why a puzzle was not rated."""

    @property
    def er(self) -> Optional[float]: ...
    @property
    def ep(self) -> Optional[float]: ...
    @property
    def ed(self) -> Optional[float]: ...
    @property
    def level(self) -> Optional[Literal["Easy", "Medium", "Hard", "Unfair", "Extreme"]]: ...
    @property
    def score(self) -> Optional[int]: ...
    @property
    def qqwing(self) -> Optional[Literal["simple", "easy", "intermediate", "expert"]]: ...
    @property
    def hardest(self) -> Optional[str]: ...
    @property
    def guessed(self) -> bool: ...
    @property
    def outcome(self) -> Union[Outcome, Literal["error"]]: ...
    @property
    def puzzle(self) -> Optional[str]: ...
    @property
    def solution(self) -> Optional[str]:
        """The unique solution (from the HoDoKu solve; None when the scales leave it out)."""
    @property
    def steps(self) -> Optional[int]:
        """The steps of the HoDoKu solve the level and score come from."""
    def trace(self) -> Optional[Trace]:
        """The HoDoKu solve the rating comes from (HoDoKu's default techniques)."""
    @property
    def error(self) -> Optional[str]: ...
    @property
    def error_kind(self) -> Optional[Literal["parse_error", "type_error", "value_error"]]: ...
    @property
    def index(self) -> Optional[int]: ...
    @property
    def input(self) -> Optional[str]: ...
    def to_json(self, line: Optional[int] = None) -> str:
        """The line `sensei grade --format json` prints."""
    def to_dict(self) -> dict[str, Any]: ...

class Hint:
    """A hint for a position, at a level."""

    @property
    def status(self) -> Literal["step", "solved", "mistakes", "no_solution", "multiple_solutions", "stuck"]: ...
    @property
    def level(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def technique(self) -> Optional[str]: ...
    @property
    def step(self) -> Optional[Step]: ...
    @property
    def mistakes(self) -> list[dict[str, Optional[int]]]: ...
    def to_json(self) -> str: ...
    def svg(self) -> str: ...

class Generated:
    """A puzzle made by generate()."""

    @property
    def index(self) -> int: ...
    @property
    def puzzle(self) -> str: ...
    @property
    def solution(self) -> str: ...
    @property
    def givens(self) -> int: ...
    @property
    def rating(self) -> Optional[Rating]: ...
    @property
    def techniques(self) -> list[Tuple[str, int]]: ...
    @property
    def practice(self) -> Optional[str]: ...
    @property
    def practice_step(self) -> Optional[Step]: ...
    @property
    def tries(self) -> int: ...

def parse(text: str) -> Puzzle:
    """Read one puzzle or position in any format sensei reads; raises ParseError."""

def solve(puzzle: PuzzleLike) -> str:
    """The unique solution (81 characters); raises SolveError."""

def count_solutions(puzzle: PuzzleLike, limit: int = 2) -> int:
    """How many solutions, counting at most `limit`."""

def explain(
    puzzle: PuzzleLike,
    *,
    only: TechniqueNames = None,
    exclude: TechniqueNames = None,
    no_guess: bool = False,
    profile: Literal["hodoku", "all"] = "hodoku",
) -> Trace:
    """A step-by-step human-style solve, as `sensei explain` gives it."""

def hint(
    position: PuzzleLike,
    level: int = 1,
    *,
    only: TechniqueNames = None,
    exclude: TechniqueNames = None,
    no_guess: bool = False,
    profile: Literal["hodoku", "all"] = "hodoku",
) -> Hint:
    """The next step from a position, mistakes first, at level 1, 2 or 3."""

def grade(puzzle: PuzzleLike, scales: Union[str, Iterable[str], None] = None) -> Rating:
    """SE's ER/EP/ED, HoDoKu's level and score, QQWing's class."""

def grade_many(
    puzzles: Iterable[Any],
    *,
    scales: Union[str, Iterable[str], None] = None,
    threads: Optional[int] = None,
    progress: Progress = None,
) -> Iterator[Rating]:
    """grade() for every puzzle, in input order, on all cores; bad inputs give error results."""

def explain_many(
    puzzles: Iterable[Any],
    *,
    only: TechniqueNames = None,
    exclude: TechniqueNames = None,
    no_guess: bool = False,
    profile: Literal["hodoku", "all"] = "hodoku",
    threads: Optional[int] = None,
    progress: Progress = None,
) -> Iterator[Trace]:
    """explain() for every puzzle, in input order, on all cores; bad inputs give error results."""

def generate(
    count: int = 1,
    *,
    seed: int = 0,
    level: Union[str, Tuple[Optional[str], Optional[str]], None] = None,
    er: Range = None,
    qqwing: Optional[Literal["simple", "easy", "intermediate", "expert"]] = None,
    symmetry: str = "none",
    technique: TechniqueNames = None,
    hardest: bool = False,
    exclude: TechniqueNames = None,
    only: TechniqueNames = None,
    givens: Union[str, int, Tuple[Optional[int], Optional[int]], None] = None,
    pattern: Optional[str] = None,
    minimal: Optional[bool] = None,
    allow_guess: bool = False,
    practice: Optional[str] = None,
    fill: Literal["random", "templates"] = "random",
    max_tries: int = 100000,
    rate: bool = True,
    threads: Optional[int] = None,
) -> list[Generated]:
    """Make puzzles as `sensei generate` does."""

def canon(puzzle: PuzzleLike) -> str:
    """The minlex canonical form (`sensei canon`)."""

def canon_transform(puzzle: PuzzleLike) -> tuple[str, str, int]:
    """The minlex form, a transformation to it, and the number of automorphisms."""

def equivalent(a: PuzzleLike, b: PuzzleLike) -> bool:
    """Whether the two puzzles have the same minlex form."""

def transform(puzzle: PuzzleLike, t: str) -> str:
    """The puzzle under a transformation `[T]R...C...D...` (`sensei transform`)."""

def random_transform(seed: int, index: int = 0) -> str:
    """Transformation `index` of `seed`, as `sensei transform --random --seed` draws it."""

def dedupe(puzzles: Iterable[PuzzleLike]) -> list[int]:
    """The indices of the first puzzle of each class of equivalent ones (`sensei dedupe`)."""

def svg(what: Union[Step, Hint, PuzzleLike], level: int = 3) -> str:
    """An SVG picture of a step, a hint, or a puzzle/position."""

def html(trace: Trace) -> str:
    """The HTML walkthrough of a trace."""

def vocabulary() -> list[str]:
    """The tokens of Trace.tokens(), in id order."""

def techniques() -> list[dict[str, Any]]:
    """Every technique: slug, name, family, hodoku_code, level, score, se, implemented."""

__all__: Sequence[str]
