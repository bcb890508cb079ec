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
//! use sudoku_sensei::exact::{count_solutions, Count};
//! let request = Request { seed: 7, symmetry: Symmetry::Rotate180, ..Request::default() };
//! let generator = Generator::new(request).unwrap();
//! let made = generator.nth(0).unwrap();
//! assert_eq!(count_solutions(made.puzzle.values(), 2), Count::Unique);
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
    /// The solve uses only these (empty: sensei's default techniques).
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

/// Why a try was turned down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

/// A request that cannot (or practically cannot) be met, found before any
/// search: `option` names the setting at fault as the CLI spells it, with
/// its value when that helps (`--givens 10`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    pub option: String,
    pub message: String,
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.option, self.message)
    }
}

impl std::error::Error for RequestError {}

fn bad(option: impl Into<String>, message: impl Into<String>) -> RequestError {
    RequestError {
        option: option.into(),
        message: message.into(),
    }
}

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
            if before_try(tries).is_break() {
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

/// The fewest givens a dig from a random grid reaches in practice: puzzles
/// with fewer are rarer than one in ten million tries.
pub const FEWEST_PRACTICAL_GIVENS: u8 = 19;

fn validate(req: &Request) -> Result<(), RequestError> {
    if req.max_tries == 0 {
        return Err(bad("--max-tries", "must be at least 1"));
    }
    validate_givens(req)?;
    validate_pattern(req)?;
    validate_ratings(req)?;
    validate_techniques(req)?;
    Ok(())
}

fn validate_givens(req: &Request) -> Result<(), RequestError> {
    let Some((min, max)) = req.givens else {
        return Ok(());
    };
    let shown = if min == max {
        format!("{min}")
    } else {
        format!("{min}..{max}")
    };
    let opt = format!("--givens {shown}");
    if min > max {
        return Err(bad(opt, "the range is empty"));
    }
    if req.pattern.is_some() {
        return Err(bad(
            "--givens with --pattern",
            "both fix the givens: use one of them",
        ));
    }
    if max < 17 {
        return Err(bad(
            opt,
            "no Sudoku with fewer than 17 givens has a unique solution \
             (McGuire, Tugemann and Civario proved it in 2012)",
        ));
    }
    if min > 81 {
        return Err(bad(opt, "a grid has 81 cells"));
    }
    if max == 17 && !matches!(req.symmetry, Symmetry::Diagonal | Symmetry::Antidiagonal) {
        // checked against the whole list, under every relabelling of rows,
        // columns, bands and stacks and the transpose
        let s = req.symmetry;
        let (detail, option) = if s == Symmetry::None {
            (";".to_string(), opt)
        } else {
            let detail = format!(
                " and none of the 49,158 known 17-given puzzles (a list believed complete) has \
                 its givens placed with {s} symmetry, even after swapping rows, columns, bands \
                 or stacks;"
            );
            (detail, format!("{opt} with --symmetry {s}"))
        };
        return Err(bad(
            option,
            format!(
                "17 givens is the least a unique puzzle can have{detail} sensei digs puzzles \
                 out of random grids and practically never gets below \
                 {FEWEST_PRACTICAL_GIVENS}: take a 17-given puzzle from a published list"
            ),
        ));
    }
    let possible = req.symmetry.possible_counts();
    let fits = |n: usize| possible.get(n).copied().unwrap_or(false);
    if !(usize::from(min.max(17))..=usize::from(max.min(81))).any(fits) {
        let below = (17..usize::from(min)).rev().find(|&n| fits(n));
        let above = (usize::from(max) + 1..=81).find(|&n| fits(n));
        let nearest: Vec<String> = below
            .iter()
            .chain(above.iter())
            .map(|n| n.to_string())
            .collect();
        return Err(bad(
            format!("{opt} with --symmetry {}", req.symmetry),
            format!(
                "the cells this symmetry maps onto each other come in groups of {}, all given \
                 or all empty, so no puzzle with it has that many givens (nearest: {})",
                orbit_sizes(req.symmetry),
                nearest.join(" or ")
            ),
        ));
    }
    if max < FEWEST_PRACTICAL_GIVENS {
        return Err(bad(
            opt,
            format!(
                "sensei digs puzzles out of random grids, and a dig almost never ends below \
                 {FEWEST_PRACTICAL_GIVENS} givens (far fewer than once in ten million tries; \
                 20 givens about 4 times in 100,000); ask for {FEWEST_PRACTICAL_GIVENS} or \
                 more, or take a puzzle from a published list of 17s and 18s"
            ),
        ));
    }
    Ok(())
}

/// "1 or 4"
fn orbit_sizes(s: Symmetry) -> String {
    let mut sizes: Vec<u32> = s.orbits().iter().map(|o| o.len()).collect();
    sizes.sort();
    sizes.dedup();
    let v: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => v.join(""),
    }
}

fn validate_pattern(req: &Request) -> Result<(), RequestError> {
    let Some(pattern) = req.pattern else {
        return Ok(());
    };
    let opt = "--pattern";
    let n = pattern.len();
    if n < 17 {
        let cells = if n == 1 { "cell" } else { "cells" };
        return Err(bad(
            opt,
            format!(
                "the pattern has {n} {cells}; no Sudoku with fewer than 17 givens has a unique \
                 solution"
            ),
        ));
    }
    // Two empty rows of one band (columns of one stack): swapping them in
    // any solution gives another, so the solution is never unique.
    for (kind, line_of) in [("rows", 0u8), ("columns", 1u8)] {
        for band in 0..3u8 {
            let empty: Vec<u8> = (band * 3..band * 3 + 3)
                .filter(|&i| {
                    (0..9u8).all(|j| {
                        let cell = if line_of == 0 {
                            Cell::at(i, j)
                        } else {
                            Cell::at(j, i)
                        };
                        !pattern.contains(cell)
                    })
                })
                .collect();
            if let [a, b, ..] = empty[..] {
                let letter = if line_of == 0 { 'r' } else { 'c' };
                return Err(bad(
                    opt,
                    format!(
                        "{kind} {letter}{} and {letter}{} are both empty and lie in the same \
                         {}: swapping them in any solution gives another, so no puzzle on this \
                         pattern has a unique solution",
                        a + 1,
                        b + 1,
                        if line_of == 0 { "band" } else { "stack" }
                    ),
                ));
            }
        }
    }
    if !req.symmetry.holds(pattern) {
        return Err(bad(
            "--symmetry",
            format!(
                "the pattern does not have {} symmetry (leave --symmetry out: the pattern \
                 fixes the givens)",
                req.symmetry
            ),
        ));
    }
    Ok(())
}

/// The singles: whatever they solve is Easy or Medium (at most 64 singles,
/// 14 points each: 896), at most ER 2.3, QQWing class simple or easy.
fn singles_only(ts: &[Technique]) -> bool {
    !ts.is_empty() && ts.iter().all(|t| target::SINGLES.contains(t))
}

fn validate_ratings(req: &Request) -> Result<(), RequestError> {
    if let Some((lo, hi)) = req.level {
        if lo > hi {
            return Err(bad("--level", format!("{lo}..{hi}: the range is empty")));
        }
    }
    if let Some((lo, hi)) = req.er {
        if lo > hi || lo.is_nan() || hi.is_nan() {
            return Err(bad("--er", format!("{lo:.1}..{hi:.1}: the range is empty")));
        }
        if hi < 1.0 || lo > 12.0 {
            return Err(bad(
                "--er",
                format!("{lo:.1}..{hi:.1}: Sudoku Explainer's ratings run from 1.0 to about 12"),
            ));
        }
    }
    // What a puzzle solved by singles alone can be.
    let singles_solved_because = if singles_only(&req.only) {
        Some("--only allows singles only")
    } else if req.class.is_some_and(|c| c <= Class::Easy) {
        Some("QQWing's simple and easy classes are solved by singles")
    } else if req.level.is_some_and(|(_, hi)| hi == Level::Easy) {
        Some("HoDoKu's Easy puzzles are solved by singles")
    } else {
        None
    };
    if let Some(why) = singles_solved_because {
        let reason = format!("{why}, and a puzzle solved by singles");
        if let Some((lo, _)) = req.level.filter(|(lo, _)| *lo > Level::Medium) {
            return Err(bad(
                "--level",
                format!(
                    "{lo} cannot be met: {reason} is Easy, or Medium when its score passes 800 \
                     (at most 64 singles of 14 points: 896)"
                ),
            ));
        }
        if let Some((lo, _)) = req.er.filter(|(lo, _)| *lo > 2.3) {
            return Err(bad(
                "--er",
                format!("ER {lo:.1} and up cannot be met: {reason} is rated at most 2.3"),
            ));
        }
        if let Some(c) = req.class.filter(|c| *c > Class::Easy) {
            return Err(bad(
                "--class",
                format!("{} cannot be met: {reason} is simple or easy", c.name()),
            ));
        }
        let beyond: Vec<Technique> = req
            .techniques
            .iter()
            .chain(req.practice.iter())
            .copied()
            .filter(|t| !target::SINGLES.contains(t))
            .collect();
        if let Some(t) = beyond.first() {
            return Err(bad(
                "--technique",
                format!("{} cannot be used: {reason} uses singles only", t.slug()),
            ));
        }
    }
    let qqwing = crate::solver::Profile::Qqwing.techniques();
    if req.class == Some(Class::Expert)
        && !req.only.is_empty()
        && req.only.iter().all(|t| qqwing.contains(t))
    {
        return Err(bad(
            "--class",
            "expert cannot be met: --only allows QQWing's techniques only, and what they \
             solve is intermediate at most",
        ));
    }
    Ok(())
}

fn validate_techniques(req: &Request) -> Result<(), RequestError> {
    let named = req
        .techniques
        .iter()
        .map(|t| ("--technique", t))
        .chain(req.practice.iter().map(|t| ("--practice", t)))
        .chain(req.only.iter().map(|t| ("--only", t)))
        .chain(req.exclude.iter().map(|t| ("--exclude", t)));
    for (opt, &t) in named {
        if t == Technique::BruteForce {
            if opt == "--exclude" || opt == "--only" {
                return Err(bad(
                    opt,
                    "brute-force is the guess, not a technique: guesses are off unless \
                     --allow-guess",
                ));
            }
            if !req.allow_guess {
                return Err(bad(
                    opt,
                    "brute-force is the guess: add --allow-guess to ask for puzzles that need one",
                ));
            }
            continue;
        }
        let direct = crate::solver::Profile::Se.techniques().contains(&t)
            && !crate::solver::Profile::All.techniques().contains(&t);
        if direct {
            return Err(bad(
                opt,
                format!(
                    "{} is one of Sudoku Explainer's direct techniques, used only by its rating \
                     solve; ask for an --er range instead",
                    t.slug()
                ),
            ));
        }
        if !t.is_implemented() {
            return Err(bad(
                opt,
                format!(
                    "{} is not implemented yet (see `sensei techniques`)",
                    t.slug()
                ),
            ));
        }
    }
    if req.hardest && req.techniques.is_empty() {
        return Err(bad(
            "--hardest",
            "needs --technique: the hardest step is which?",
        ));
    }
    let wanted = req.techniques.iter().chain(req.practice.iter());
    for t in wanted {
        if req.exclude.contains(t) {
            return Err(bad(
                "--exclude",
                format!("{} is both asked for and excluded", t.slug()),
            ));
        }
        if !req.only.is_empty() && !req.only.contains(t) {
            return Err(bad(
                "--only",
                format!(
                    "{} is asked for but not among the --only techniques",
                    t.slug()
                ),
            ));
        }
    }
    Ok(())
}
