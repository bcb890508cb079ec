//! Making puzzles: unique, minimal by default, symmetric, on a pattern of
//! givens, at a target difficulty or for a technique, and practice positions.
//!
//! A [`Request`] says what is wanted; [`Generator::new`] checks it up front
//! (impossible or hopeless requests are a [`RequestError`] that says why)
//! and [`Generator::nth`] makes puzzle number `index` of the batch. Each
//! *try* fills a full grid ([`Fill`]), digs givens out of it while the exact
//! solver still finds one solution (one orbit of the [`Symmetry`] at a time,
//! or keeps the pattern's cells), then checks the targets (cheap solves
//! first, graders last). A puzzle gives up after [`Request::max_tries`]
//! tries with a [`GenerateError`] that counts why the tries were rejected.
//!
//! Puzzle `index` depends only on the seed and the index (its random stream
//! is ChaCha8 keyed by the seed, stream `index`), so a batch is the same
//! whatever order or thread makes each puzzle. The generator does no I/O,
//! never panics, and runs on the calling thread; the CLI spreads indices
//! over threads.
//!
//! ```
//! use sudoku_sensei::generate::{Generator, Request, Symmetry};
//! use sudoku_sensei::exact::{count, Count};
//! let request = Request { seed: 7, symmetry: Symmetry::Rotate180, ..Request::default() };
//! let generator = Generator::new(request).unwrap();
//! let made = generator.nth(0).unwrap();
//! assert_eq!(count(made.puzzle.values(), 2), Count::Unique);
//! assert!(Symmetry::Rotate180.holds(made.puzzle.givens()));
//! ```
//!
//! **What "the solve" is.** Technique targets (`techniques`, `hardest`,
//! `exclude`, `only`, `practice`) and the guess-free check refer to sensei's
//! default solve, the one `sensei explain` prints (HoDoKu's order, singles
//! first), restricted to [`Request::only`] when it is set and without the
//! [`Request::exclude`]d techniques. A technique named in a target that the
//! default solve lacks (a big fish, say) is added in its place in HoDoKu's
//! order. Ratings (`level`, `er`, `class`) are the graders', as
//! `sensei grade` prints them; a guess-free puzzle also needs no guess in
//! any rating solve made for it.

mod dig;
mod fill;
mod random;
mod symmetry;
mod target;
mod validate;

use validate::validate;
pub use validate::{RequestError, FEWEST_PRACTICAL_GIVENS, HIGHEST_PRACTICAL_ER};

pub use fill::Fill;
pub use symmetry::Symmetry;

use crate::bitset::CellSet;
use crate::board::Board;
use crate::exact::Cells;
use crate::format::{ParseError, ParseErrorKind, Within};
use crate::grade::{Class, Rating};
use crate::grid::{Cell, Grid};
use crate::step::Step;
use crate::technique::{Level, Technique};
use std::fmt;
use std::ops::ControlFlow;

/// How many tries a puzzle gets by default before giving up.
pub const DEFAULT_MAX_TRIES: u64 = 100_000;

/// What to make. `Request::default()` asks for random minimal puzzles, no
/// symmetry, guess-free, seed 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// Puzzle `i` of a batch depends on the seed and `i` only.
    pub seed: u64,
    pub fill: Fill,
    /// The fewest and most givens (inclusive). Digging stops at a count in
    /// the range, not minimal unless [`Request::minimal`] says so.
    pub givens: Option<(u8, u8)>,
    pub symmetry: Symmetry,
    /// The cells that hold the givens, exactly.
    pub pattern: Option<CellSet>,
    /// No given (no orbit of givens, with a symmetry) can be removed with
    /// the solution staying unique. `None`: minimal unless `givens` or
    /// `pattern` is set.
    pub minimal: Option<bool>,
    /// HoDoKu's level, in a range (inclusive).
    pub level: Option<(Level, Level)>,
    /// Sudoku Explainer's ER, in a range (inclusive, to the tenth).
    pub er: Option<(f32, f32)>,
    /// QQWing's class.
    pub class: Option<Class>,
    /// The solve must use every one of these.
    pub techniques: Vec<Technique>,
    /// ... and its hardest step (highest HoDoKu score) is one of them.
    pub hardest: bool,
    /// Left out of the solve: the puzzle is solved without them.
    pub exclude: Vec<Technique>,
    /// The solve uses only these, exactly (empty: sensei's default
    /// techniques); `sensei generate --only` adds the singles to those it
    /// names unless `--no-singles`.
    pub only: Vec<Technique>,
    /// Accept puzzles whose solve needs a guess (off: guess-free).
    pub allow_guess: bool,
    /// Give the position just before the solve's first step of this
    /// technique (the step a hint gives there is that technique's).
    pub practice: Option<Technique>,
    /// Rate every puzzle on all scales (for printing).
    pub rate: bool,
    /// Tries per puzzle before giving up.
    pub max_tries: u64,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            seed: 0,
            fill: Fill::Random,
            givens: None,
            symmetry: Symmetry::None,
            pattern: None,
            minimal: None,
            level: None,
            er: None,
            class: None,
            techniques: Vec::new(),
            hardest: false,
            exclude: Vec::new(),
            only: Vec::new(),
            allow_guess: false,
            practice: None,
            rate: false,
            max_tries: DEFAULT_MAX_TRIES,
        }
    }
}

impl Request {
    /// The options of "the solve" the technique targets and the guess-free
    /// check refer to (see the module notes): replay it with
    /// [`crate::solve`] to see the steps.
    pub fn solve_options(&self) -> crate::solver::Options {
        target::solve_options(self)
    }
}

/// A position to practise a technique on, and the step to find there.
#[derive(Clone, Debug, PartialEq)]
pub struct Practice {
    /// Values and candidates just before the step.
    pub position: Board,
    pub step: Step,
}

/// A puzzle made for a request.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// Its number in the batch.
    pub index: u64,
    /// The givens.
    pub puzzle: Grid,
    /// The unique solution.
    pub solution: Grid,
    /// The ratings, when the request rates or targets them.
    pub rating: Option<Rating>,
    /// The techniques of the solve and their numbers of steps, in HoDoKu's
    /// order (empty when no solve was needed).
    pub techniques: Vec<(Technique, usize)>,
    pub practice: Option<Practice>,
    /// How many tries it took.
    pub tries: u64,
}

/// Why a try was turned down. New targets bring new reasons (the enum is
/// `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Reject {
    /// The template fill ran out of room.
    Fill,
    /// Digging ended outside the range of givens.
    Givens,
    /// The pattern's givens left several solutions.
    NotUnique,
    /// A given of the pattern could be removed.
    NotMinimal,
    /// The solve needed a guess (or, with `only`/`exclude`, got stuck).
    Guess,
    Level,
    Er,
    Class,
    /// The solve did not use every technique asked for.
    Technique,
    /// The hardest step was another technique.
    Hardest,
    /// No exact practice position.
    Practice,
}

impl Reject {
    const ALL: [Reject; 11] = [
        Reject::Fill,
        Reject::Givens,
        Reject::NotUnique,
        Reject::NotMinimal,
        Reject::Guess,
        Reject::Level,
        Reject::Er,
        Reject::Class,
        Reject::Technique,
        Reject::Hardest,
        Reject::Practice,
    ];

    /// What the rejected tries lacked, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Reject::Fill => "template fill ran out of room",
            Reject::Givens => "number of givens out of range",
            Reject::NotUnique => "pattern's givens had several solutions",
            Reject::NotMinimal => "not minimal",
            Reject::Guess => "needed a guess",
            Reject::Level => "other HoDoKu level",
            Reject::Er => "ER out of range",
            Reject::Class => "other QQWing class",
            Reject::Technique => "technique not used",
            Reject::Hardest => "another technique was the hardest",
            Reject::Practice => "no exact practice position",
        }
    }
}

/// How many tries were turned down, by reason.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rejections([u64; 11]);

impl Rejections {
    fn add(&mut self, r: Reject) {
        if let Some(n) = self.0.get_mut(r as usize) {
            *n += 1;
        }
    }
    pub fn count(&self, r: Reject) -> u64 {
        self.0.get(r as usize).copied().unwrap_or(0)
    }
    /// The reasons seen, most frequent first.
    pub fn most_frequent(&self) -> Vec<(Reject, u64)> {
        let mut v: Vec<(Reject, u64)> = Reject::ALL
            .into_iter()
            .map(|r| (r, self.count(r)))
            .filter(|&(_, n)| n > 0)
            .collect();
        v.sort_by_key(|&(r, n)| (std::cmp::Reverse(n), r));
        v
    }
}

/// A puzzle could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateError {
    pub index: u64,
    /// Tries made.
    pub tries: u64,
    /// The caller stopped the search (else it ran out of tries).
    pub cancelled: bool,
    pub rejections: Rejections,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cancelled {
            return write!(
                f,
                "stopped while making puzzle {} (after {} tries)",
                self.index + 1,
                self.tries
            );
        }
        write!(
            f,
            "gave up on puzzle {} after {} tries",
            self.index + 1,
            self.tries
        )?;
        let reasons: Vec<String> = self
            .rejections
            .most_frequent()
            .iter()
            .map(|(r, n)| format!("{n} {}", r.describe()))
            .collect();
        if !reasons.is_empty() {
            write!(f, " ({})", reasons.join(", "))?;
        }
        write!(
            f,
            "; the request may be too rare: relax it, or raise the number of tries"
        )
    }
}

impl std::error::Error for GenerateError {}

/// A prepared request: makes puzzle `i` of the batch on demand.
pub struct Generator {
    request: Request,
    orbits: Vec<CellSet>,
    templates: Option<fill::Templates>,
    digging: dig::Digging,
    minimal: bool,
    checks: target::Checks,
}

impl fmt::Debug for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Generator")
            .field("request", &self.request)
            .finish_non_exhaustive()
    }
}

impl Generator {
    /// Check the request and prepare what every try shares.
    pub fn new(request: Request) -> Result<Generator, RequestError> {
        validate(&request)?;
        let minimal = request
            .minimal
            .unwrap_or(request.givens.is_none() && request.pattern.is_none());
        let (min, max) = request.givens.unwrap_or((17, 81));
        let digging = dig::Digging {
            min: min.max(17),
            max: max.min(81),
            minimal,
        };
        Ok(Generator {
            orbits: request.symmetry.orbits(),
            templates: (request.fill == Fill::Templates).then(fill::Templates::all),
            digging,
            minimal,
            checks: target::Checks::new(&request),
            request,
        })
    }

    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Whether the puzzles are minimal (the request's setting or default).
    pub fn minimal(&self) -> bool {
        self.minimal
    }

    /// Puzzle `index` of the batch.
    pub fn nth(&self, index: u64) -> Result<Generated, GenerateError> {
        self.nth_with(index, &mut |_| ControlFlow::Continue(()))
    }

    /// Puzzle `index` of the batch; `before_try` hears the number of each
    /// try before it starts (for progress) and may stop the search.
    pub fn nth_with(
        &self,
        index: u64,
        before_try: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Result<Generated, GenerateError> {
        let mut rng = random::Random::for_puzzle(self.request.seed, index);
        let mut rejections = Rejections::default();
        let mut tries = 0;
        while tries < self.request.max_tries {
            tries += 1;
            if before_try(tries).is_break() || crate::stop::requested() {
                return Err(GenerateError {
                    index,
                    tries: tries - 1,
                    cancelled: true,
                    rejections,
                });
            }
            match self.try_once(&mut rng) {
                Ok((puzzle, solution, found)) => {
                    return Ok(Generated {
                        index,
                        puzzle,
                        solution,
                        rating: found.rating,
                        techniques: found.techniques,
                        practice: found.practice,
                        tries,
                    })
                }
                Err(r) => rejections.add(r),
            }
        }
        Err(GenerateError {
            index,
            tries,
            cancelled: false,
            rejections,
        })
    }

    /// The batch in order: puzzle 0, 1, 2, ... (endless; take what you need).
    pub fn iter(&self) -> impl Iterator<Item = Result<Generated, GenerateError>> + '_ {
        (0u64..).map(move |i| self.nth(i))
    }

    fn try_once(
        &self,
        rng: &mut random::Random,
    ) -> Result<(Grid, Grid, target::Assessment), Reject> {
        let solution: Cells = match &self.templates {
            Some(t) => t.fill(rng).ok_or(Reject::Fill)?,
            None => fill::random_grid(rng),
        };
        let cells = match self.request.pattern {
            Some(pattern) => {
                dig::from_pattern(&solution, pattern, self.minimal.then_some(&self.orbits[..]))?
            }
            None => dig::dig(&solution, &self.orbits, self.digging, rng)?,
        };
        let puzzle = Grid::from_values(cells);
        let found = self.checks.assess(&puzzle)?;
        Ok((puzzle, Grid::from_values(solution), found))
    }
}

/// Whether no given of a unique puzzle (no orbit of givens under the
/// symmetry) can be removed with the solution staying unique.
pub fn is_minimal(puzzle: &Grid, symmetry: Symmetry) -> bool {
    dig::is_minimal_cells(puzzle.values(), &symmetry.orbits())
}

/// Read a pattern of givens: 81 cells, `x` (or `X`, `*`, `#`, a digit 1-9)
/// for a given and `.` (or `0`, `-`, `_`) for an empty cell, on one line or
/// several; blanks are ignored, and so are lines that start with `//` or `;`.
pub fn parse_pattern(text: &str) -> Result<CellSet, ParseError> {
    let mut cells = CellSet::EMPTY;
    let mut n = 0usize;
    for (l, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") || trimmed.starts_with(';') {
            continue;
        }
        for (col, ch) in line.chars().enumerate() {
            let given = match ch {
                'x' | 'X' | '*' | '#' | '1'..='9' => true,
                '.' | '0' | '-' | '_' => false,
                c if c.is_whitespace() => continue,
                c => {
                    return Err(ParseError::new(ParseErrorKind::BadCharacter {
                        found: c,
                        within: Within::Pattern,
                    })
                    .at_line(l + 1)
                    .at_column(col + 1))
                }
            };
            if n == 81 {
                return Err(ParseError::new(ParseErrorKind::TooManyCells {
                    within: Within::Pattern,
                })
                .at_line(l + 1)
                .at_column(col + 1));
            }
            if given {
                if let Some(cell) = Cell::new(n as u8) {
                    cells.insert(cell);
                }
            }
            n += 1;
        }
    }
    if n != 81 {
        return Err(ParseError::new(ParseErrorKind::WrongCellCount {
            found: n,
            within: Within::Pattern,
        }));
    }
    Ok(cells)
}
