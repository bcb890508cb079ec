//! Checking a candidate puzzle against the request: guess-free, level, ER,
//! class, techniques, practice position.
//!
//! Ratings come from the graders ([`crate::grade::grade`]), exactly as
//! `sensei grade` prints them. Grading a hard puzzle takes long, so cheap
//! solves go first and reject most candidates before any grading:
//!
//! - **Singles.** A solve with Full House, Naked and Hidden Single only.
//!   Singles never block each other, so when they solve the puzzle, every
//!   solve that tries them first (all of sensei's) uses nothing else: the
//!   HoDoKu level is Easy (Medium if the score passes 800), the ER at most
//!   2.3, the class simple or easy. When they do not, the level is at least
//!   Medium and the class at least intermediate.
//! - **Level stages.** From where the singles stopped, solves with HoDoKu's
//!   techniques up to a level (Medium, Hard) tell, in the same way,
//!   whether the level can still be reached: stuck, the level is higher;
//!   solved, it is that level raised by the score (estimated, with a
//!   margin).
//! - **ER stages.** Solved by techniques all rated below the ER range, the
//!   ER is below it; stuck with all those rated up to its top (when that is
//!   below SE's chains), above it.
//! - **Class.** The QQWing-profile solve is cheap; its class is exact.
//!
//! These are filters: the graders decide, next (a rating target turns down
//! most candidates). Then "the solve" (see [`super::Request`]) is made once
//! and gives the techniques used, the guess-free check and the practice
//! position, which is checked by reading it back from both printed formats
//! and asking for a hint there.

use super::{Practice, Reject, Request};
use crate::board::Board;
use crate::format;
use crate::grade::{self, Class, Rating, Scales};
use crate::grid::Grid;
use crate::hint::{self, Hint};
use crate::solver::{self, Fallback, Options, Profile};
use crate::technique::{Level, Technique};
use crate::trace::{Outcome, Trace};

/// The singles, first in every solve sensei makes.
pub(crate) const SINGLES: [Technique; 3] = Technique::SINGLES;

/// What was learnt about an accepted puzzle.
pub(crate) struct Assessment {
    pub rating: Option<Rating>,
    pub techniques: Vec<(Technique, usize)>,
    pub practice: Option<Practice>,
}

/// The checks of a request, prepared once.
pub(crate) struct Checks {
    level: Option<(Level, Level)>,
    er: Option<(f32, f32)>,
    class: Option<Class>,
    techniques: Vec<Technique>,
    hardest: bool,
    practice: Option<Technique>,
    allow_guess: bool,
    rate: bool,
    /// The options of "the solve".
    solve: Options,
    /// Whether the solve must be made (guess-free check, a technique target,
    /// or printed ratings, which list its techniques).
    needs_solve: bool,
    /// Whether the solve tries the three singles first.
    starts_with_singles: bool,
}

/// The options of "the solve": sensei's default solve (`sensei explain`),
/// only the `--only` techniques when given, without the `--exclude`d ones,
/// with any technique a target names added in its place; no guess unless
/// allowed.
pub(crate) fn solve_options(req: &Request) -> Options {
    let mut opts = if req.only.is_empty() {
        Options::default()
    } else {
        Options::with_profile(Profile::All).only(&req.only)
    };
    let named: Vec<Technique> = req
        .techniques
        .iter()
        .chain(req.practice.iter())
        .copied()
        .filter(|t| !opts.techniques.contains(t) && req.only.is_empty())
        .collect();
    if !named.is_empty() {
        opts.techniques.extend(named);
        // the enum is declared in HoDoKu's order
        opts.techniques.sort();
        opts.techniques.dedup();
    }
    opts = opts.exclude(&req.exclude);
    opts.fallback = if req.allow_guess {
        Fallback::Guess
    } else {
        Fallback::Stop
    };
    opts
}

/// HoDoKu's techniques (those with a HoDoKu code, as its rating solve
/// uses) up to a level, in the default order.
fn hodoku_up_to(level: Level) -> Vec<Technique> {
    Profile::Hodoku
        .techniques()
        .into_iter()
        .filter(|t| t.hodoku_code().is_some() && t.info().level <= level)
        .collect()
}

/// A solve with `techniques` only, no guess, from the start or from a
/// position reached before.
fn stage(puzzle: &Grid, from: Option<&Board>, techniques: Vec<Technique>) -> Trace {
    let opts = Options {
        techniques,
        fallback: Fallback::Stop,
        ..Options::default()
    };
    match from {
        Some(board) => solver::solve_position(board, &opts),
        None => solver::solve(puzzle, &opts),
    }
}

fn stuck_board(trace: &Trace) -> Option<&Board> {
    match &trace.outcome {
        Outcome::Stuck { board } => Some(board),
        _ => None,
    }
}

impl Checks {
    pub(crate) fn new(req: &Request) -> Checks {
        // printed ratings come with the solve's techniques, also with guesses
        let needs_solve = !req.allow_guess
            || req.rate
            || !req.techniques.is_empty()
            || req.practice.is_some()
            || !req.only.is_empty()
            || !req.exclude.is_empty();
        let solve = solve_options(req);
        Checks {
            level: req.level,
            er: req.er,
            class: req.class,
            techniques: req.techniques.clone(),
            hardest: req.hardest,
            practice: req.practice,
            allow_guess: req.allow_guess,
            rate: req.rate,
            starts_with_singles: solve.techniques.get(..3) == Some(&SINGLES[..]),
            solve,
            needs_solve,
        }
    }

    /// Check a unique puzzle; the reason of the first failed check.
    pub(crate) fn assess(&self, puzzle: &Grid) -> Result<Assessment, Reject> {
        let nothing_to_check = !self.needs_solve
            && self.level.is_none()
            && self.er.is_none()
            && self.class.is_none()
            && !self.rate;
        if nothing_to_check {
            return Ok(Assessment {
                rating: None,
                techniques: Vec::new(),
                practice: None,
            });
        }
        let singles = stage(puzzle, None, SINGLES.to_vec());
        let solved_by_singles = singles.outcome.is_solved();
        self.after_singles(solved_by_singles)?;
        self.level_stages(puzzle, &singles)?;
        if let Some(board) = stuck_board(&singles) {
            self.er_stages(puzzle, board)?;
        }
        if let Some(want) = self.class {
            let qqwing = solver::solve(puzzle, &Options::with_profile(Profile::Qqwing));
            if grade::class_of(&qqwing) != want {
                return Err(Reject::Class);
            }
        }
        // a rating target rejects most candidates: grade before the solve
        let mut rating = self.check_ratings(puzzle)?;
        self.hardest_filter(puzzle, &singles)?;
        let mut techniques = Vec::new();
        let mut practice = None;
        if self.needs_solve {
            let trace = self.the_solve(puzzle, &singles);
            if !trace.outcome.is_solved() {
                // stuck without a guess, or cut short by --only/--exclude
                return Err(Reject::Guess);
            }
            self.check_techniques(&trace)?;
            if let Some(t) = self.practice {
                practice = Some(self.practice_position(&trace, t)?);
            }
            techniques = counts(&trace);
        }
        if self.rate {
            let all = grade::grade(puzzle, Scales::ALL);
            if !self.allow_guess && all.guessed {
                return Err(Reject::Guess);
            }
            rating = Some(all);
        }
        Ok(Assessment {
            rating,
            techniques,
            practice,
        })
    }

    /// Quick verdicts from the singles solve.
    fn after_singles(&self, solved: bool) -> Result<(), Reject> {
        if let Some((lo, hi)) = self.level {
            // singles: Easy, or Medium when the score passes Easy's cap
            if (solved && lo > Level::Medium) || (!solved && hi == Level::Easy) {
                return Err(Reject::Level);
            }
        }
        if let Some((lo, _)) = self.er {
            if solved && lo > 2.3 {
                return Err(Reject::Er);
            }
        }
        if let Some(class) = self.class {
            let easy = class <= Class::Easy;
            if solved != easy {
                return Err(Reject::Class);
            }
        }
        // the solve then takes the same steps: singles only
        let same_path = solved && self.starts_with_singles;
        if same_path && self.techniques.iter().any(|t| !SINGLES.contains(t)) {
            return Err(Reject::Technique);
        }
        if same_path && self.practice.is_some_and(|t| !SINGLES.contains(&t)) {
            return Err(Reject::Practice);
        }
        Ok(())
    }

    /// The level stages (see the module notes), from the position where the
    /// singles stopped. Stage `L` uses HoDoKu's techniques up to level `L`:
    /// stuck there, the level is above `L`; solved there, the level is `L`
    /// raised by the score, estimated from this solve's steps (HoDoKu's own
    /// path scores a little differently, so only a clear miss rejects).
    fn level_stages(&self, puzzle: &Grid, singles: &Trace) -> Result<(), Reject> {
        let (Some((lo, hi)), Some(after_singles)) = (self.level, stuck_board(singles)) else {
            return Ok(());
        };
        let score = |t: &Trace| -> u32 { t.steps.iter().map(|s| s.technique.info().score).sum() };
        let mut board = after_singles.clone();
        let mut spent = score(singles);
        // no Unfair stage: it costs as much as grading, and the puzzles it
        // solves are Unfair or, by their score, Extreme
        for level in [Level::Medium, Level::Hard] {
            // a solved stage can reject a target above the next level, a
            // stuck one a target at or below its level
            if !(lo > level.next() || hi <= Level::Hard) {
                return Ok(());
            }
            let trace = stage(puzzle, Some(&board), hodoku_up_to(level));
            spent += score(&trace);
            if trace.outcome.is_solved() {
                // the level the score reaches, with a 20% margin
                let mut reached = level;
                while let Some(cap) = reached.score_cap() {
                    if spent * 5 < cap * 4 {
                        break;
                    }
                    reached = reached.next();
                }
                return if lo > reached {
                    Err(Reject::Level)
                } else {
                    Ok(())
                };
            }
            let Some(stuck) = stuck_board(&trace) else {
                return Ok(());
            };
            if hi <= level {
                return Err(Reject::Level);
            }
            board = stuck.clone();
        }
        Ok(())
    }

    /// The ER stages, from the position where the singles stopped: solved
    /// by techniques all rated below the range, the ER is below it; stuck
    /// with every technique rated up to the top of the range (below SE's
    /// chains, 6.5), the ER is above it.
    fn er_stages(&self, puzzle: &Grid, after_singles: &Board) -> Result<(), Reject> {
        let Some((lo, hi)) = self.er else {
            return Ok(());
        };
        let se = Profile::Se.techniques();
        // the most a step of the technique can be rated: a hidden single in
        // a line is 1.5, a Unique Rectangle 3 up to 0.3 more than its base;
        // chains (6.2 and up) add length penalties, so they are left out
        let highest = |t: Technique| {
            let extra = match t {
                Technique::HiddenSingle => 0.3,
                Technique::Uniqueness3 => 0.3,
                _ => 0.0,
            };
            t.se_base() + extra
        };
        let below: Vec<Technique> = se
            .iter()
            .copied()
            .filter(|&t| t.se_base() < 6.2)
            .filter(|&t| highest(t) < lo - 0.05)
            .collect();
        let mut board = after_singles.clone();
        if below.len() > SINGLES.len() {
            let trace = stage(puzzle, Some(&board), below);
            if trace.outcome.is_solved() {
                return Err(Reject::Er);
            }
            if let Some(stuck) = stuck_board(&trace) {
                board = stuck.clone();
            }
        }
        if hi < 6.5 {
            let up_to: Vec<Technique> = se
                .into_iter()
                .filter(|&t| t.se_base() <= hi + 0.05)
                .collect();
            let trace = stage(puzzle, Some(&board), up_to);
            if stuck_board(&trace).is_some() {
                return Err(Reject::Er);
            }
        }
        Ok(())
    }

    /// The solve.
    fn the_solve(&self, puzzle: &Grid, singles: &Trace) -> Trace {
        self.continued(puzzle, singles, &self.solve)
    }

    /// A solve with `opts`. When it starts with the three singles, its first
    /// steps are the singles solve's: those are reused.
    fn continued(&self, puzzle: &Grid, singles: &Trace, opts: &Options) -> Trace {
        if opts.techniques.get(..3) != Some(&SINGLES[..]) {
            return solver::solve(puzzle, opts);
        }
        if singles.outcome.is_solved() {
            return singles.clone();
        }
        let Some(board) = stuck_board(singles) else {
            return solver::solve(puzzle, opts);
        };
        let rest = solver::solve_position(board, opts);
        let mut steps = singles.steps.clone();
        steps.extend(rest.steps);
        Trace {
            puzzle: puzzle.clone(),
            start: singles.start.clone(),
            steps,
            outcome: rest.outcome,
            solution: singles.solution.clone().or(rest.solution),
        }
    }

    /// With `--hardest`: a solve with only the techniques no harder than the
    /// hardest asked for. If the solve's hardest step is one of those asked
    /// for, the solve never picks a harder technique, so at every step this
    /// smaller solve picks the same one: it must solve the puzzle and use
    /// every technique asked for. It skips the costly searches of harder
    /// techniques, so most candidates are turned down cheaply; the solve
    /// itself confirms the others.
    fn hardest_filter(&self, puzzle: &Grid, singles: &Trace) -> Result<(), Reject> {
        if !self.hardest {
            return Ok(());
        }
        let key = |t: &Technique| (t.info().score, t.info().order);
        let Some(top) = self.techniques.iter().map(key).max() else {
            return Ok(());
        };
        let mut easier = self.solve.clone();
        easier.techniques.retain(|t| key(t) <= top);
        easier.fallback = Fallback::Stop;
        let trace = self.continued(puzzle, singles, &easier);
        if !trace.outcome.is_solved() {
            return Err(Reject::Hardest);
        }
        self.check_techniques(&trace)
    }

    /// `--technique` and `--hardest` on the solve's steps.
    fn check_techniques(&self, trace: &Trace) -> Result<(), Reject> {
        let used = |t: &Technique| trace.steps.iter().any(|s| s.technique == *t);
        if !self.techniques.iter().all(used) {
            return Err(Reject::Technique);
        }
        if self.hardest {
            let hardest = trace.hardest_step().map(|(_, s)| s.technique);
            if !hardest.is_some_and(|h| self.techniques.contains(&h)) {
                return Err(Reject::Hardest);
            }
        }
        Ok(())
    }

    /// The position before the solve's first step of `t`, checked: read back
    /// from HoDoKu's library line (and from the 729-character string, which
    /// cannot mark placed values, unless the technique depends on them), a
    /// hint there must give the same step.
    fn practice_position(&self, trace: &Trace, t: Technique) -> Result<Practice, Reject> {
        let k = trace
            .steps
            .iter()
            .position(|s| s.technique == t)
            .ok_or(Reject::Practice)?;
        let mut board = trace.start.clone().ok_or(Reject::Practice)?;
        for step in trace.steps.iter().take(k) {
            step.apply(&mut board);
        }
        let step = trace.steps.get(k).ok_or(Reject::Practice)?.clone();
        let same_step = |back: &Board| match hint::hint(back, &self.solve) {
            Hint::Step(found) => {
                found.technique == t
                    && found.placements == step.placements
                    && found.eliminations == step.eliminations
            }
            _ => false,
        };
        let line = format::hodoku::position_line(&board);
        let from_line = format::hodoku::parse_library_line(&line).map(|case| case.board);
        if !from_line.is_ok_and(|b| same_position(&b, &board) && same_step(&b)) {
            return Err(Reject::Practice);
        }
        let needs_placed = matches!(
            t,
            Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2
        );
        if !needs_placed {
            let text = format::candidates::candidate_string(&board);
            let from_text = format::candidates::parse_candidate_string(&text);
            if !from_text.is_ok_and(|b| same_step(&b)) {
                return Err(Reject::Practice);
            }
        }
        Ok(Practice {
            position: board,
            step,
        })
    }

    /// Grade on the scales the targets name; check level, ER and the
    /// graders' guesses.
    fn check_ratings(&self, puzzle: &Grid) -> Result<Option<Rating>, Reject> {
        if self.er.is_none() && self.level.is_none() {
            return Ok(None);
        }
        // the HoDoKu solve always runs: its guesses count, and it names the hardest step
        let scales = Scales {
            se: self.er.is_some(),
            hodoku: true,
            class: false,
        };
        let mut r = grade::grade(puzzle, scales);
        if self.level.is_none() {
            r.hodoku = None;
        }
        if let Some((lo, hi)) = self.level {
            let level = r.hodoku.map(|h| h.level);
            if !level.is_some_and(|l| lo <= l && l <= hi) {
                return Err(Reject::Level);
            }
        }
        if let Some((lo, hi)) = self.er {
            // ratings are tenths: compare them as printed
            let er = r.se.map(|s| (s.er * 10.0).round() / 10.0);
            if !er.is_some_and(|e| lo - 0.01 <= e && e <= hi + 0.01) {
                return Err(Reject::Er);
            }
        }
        if !self.allow_guess && r.guessed {
            return Err(Reject::Guess);
        }
        Ok(Some(r))
    }
}

/// The techniques of a solve with their numbers of steps, in HoDoKu's order.
fn counts(trace: &Trace) -> Vec<(Technique, usize)> {
    let mut used: Vec<Technique> = trace.steps.iter().map(|s| s.technique).collect();
    used.sort();
    let mut out: Vec<(Technique, usize)> = Vec::new();
    for t in used {
        match out.last_mut() {
            Some((last, n)) if *last == t => *n += 1,
            _ => out.push((t, 1)),
        }
    }
    out
}

/// Same values and candidates in every cell.
fn same_position(a: &Board, b: &Board) -> bool {
    crate::grid::Cell::all().all(|c| a.value(c) == b.value(c) && a.candidates(c) == b.candidates(c))
}
