//! Generated puzzles as text: one line, a TSV row with the ratings, or a
//! JSON object (JSON lines), as `sensei generate --format` prints them.
//!
//! A practice position is printed as its 729-character candidate string
//! (which `sensei hint` reads) and as a line of HoDoKu's library:
//! `:<code>:<digits>:<givens>:<deleted>:<eliminations>:<placements>:` with
//! the technique's code and the step's effects, so HoDoKu can replay it.

use crate::format::{candidates::candidate_string, hodoku::position_line};
use crate::generate::{Generated, Practice, Request};
use crate::grade::{self, Rating};
use crate::grid::Candidate;
use crate::render::text::step_line;
use crate::technique::Technique;
use serde_json::{json, Value};

/// The puzzle's 81-character line; for a practice position, its candidate
/// string, a tab, and its HoDoKu library line.
pub fn line(g: &Generated) -> String {
    match &g.practice {
        Some(p) => format!("{}\t{}", candidate_string(&p.position), library_line(p)),
        None => g.puzzle.to_line(),
    }
}

/// `<digit><row><col>` triples, blank-separated (HoDoKu's notation).
fn triples(cands: &[Candidate]) -> String {
    let v: Vec<String> = cands
        .iter()
        .map(|c| format!("{}{}{}", c.digit, c.cell.row() + 1, c.cell.col() + 1))
        .collect();
    v.join(" ")
}

/// The practice position as a line of HoDoKu's library, with the
/// technique's code (or `0000:x`, a bare position, when HoDoKu has none)
/// and the expected eliminations and placements.
pub fn library_line(p: &Practice) -> String {
    let position = position_line(&p.position);
    // `:0000:x:<givens>:<deleted>::`
    let fields: Vec<&str> = position.split(':').collect();
    let (givens, deleted) = match fields.get(3..5) {
        Some([g, d]) => (*g, *d),
        _ => return position,
    };
    let Some(code) = p.step.technique.hodoku_code() else {
        return position;
    };
    let mut digits: Vec<u8> = p
        .step
        .eliminations
        .iter()
        .chain(p.step.placements.iter())
        .map(|c| c.digit.get())
        .collect();
    digits.sort();
    digits.dedup();
    let digits: String = digits.iter().map(|d| d.to_string()).collect();
    format!(
        ":{code}:{digits}:{givens}:{deleted}:{}:{}:",
        triples(&p.step.eliminations),
        triples(&p.step.placements)
    )
}

/// The TSV header: a comment with the request and the rating rules, then
/// the column names. `rating_hardest` and `rating_guess` are the rating
/// solves' (HoDoKu's hardest step; a guess in HoDoKu's or SE's solve);
/// `hardest`, `guess` and `techniques` are sensei's solve's, the one the
/// technique targets (`--technique`, `--hardest`) are checked on.
pub fn tsv_header(req: &Request) -> String {
    let mut cols = vec!["index", "puzzle"];
    if req.practice.is_some() {
        cols.extend(["candidates", "hodoku_line", "technique", "step"]);
    }
    cols.extend([
        "givens",
        "er",
        "ep",
        "ed",
        "hodoku_level",
        "hodoku_score",
        "class",
        "rating_hardest",
        "rating_guess",
        "hardest",
        "guess",
        "techniques",
    ]);
    format!(
        "# sensei generate: seed {}; se: {}; hodoku: {}; class: {}\n{}",
        req.seed,
        grade::SE_RULES,
        grade::HODOKU_RULES,
        grade::CLASS_RULES,
        cols.join("\t")
    )
}

/// The hardest technique of the solve (highest HoDoKu score, the later in
/// HoDoKu's order between equal scores: what `--hardest` checks), and
/// whether it guessed; `None` when no solve was made.
fn solve_hardest(g: &Generated) -> Option<(Technique, bool)> {
    let hardest = g
        .techniques
        .iter()
        .map(|&(t, _)| t)
        .max_by_key(|t| (t.info().score, t.info().order))?;
    let guessed = g
        .techniques
        .iter()
        .any(|&(t, _)| t == Technique::BruteForce);
    Some((hardest, guessed))
}

/// `x-wing:2,xy-wing:1` (the solve's techniques and their steps), or `-`.
fn techniques_cell(g: &Generated) -> String {
    if g.techniques.is_empty() {
        return "-".to_string();
    }
    let v: Vec<String> = g
        .techniques
        .iter()
        .map(|(t, n)| format!("{}:{n}", t.slug()))
        .collect();
    v.join(",")
}

/// One TSV row (no newline); `-` where a value is unknown.
pub fn tsv(g: &Generated) -> String {
    let mut cols = vec![(g.index + 1).to_string(), g.puzzle.to_line()];
    if let Some(p) = &g.practice {
        cols.extend([
            candidate_string(&p.position),
            library_line(p),
            p.step.technique.slug().to_string(),
            step_line(&p.step),
        ]);
    }
    cols.push(g.puzzle.filled().to_string());
    let r = g.rating.as_ref();
    let se = r.and_then(|r| r.se);
    let tenth = |x: Option<f32>| x.map_or("-".to_string(), |x| format!("{x:.1}"));
    cols.extend([
        tenth(se.map(|s| s.er)),
        tenth(se.map(|s| s.ep)),
        tenth(se.map(|s| s.ed)),
    ]);
    let hodoku = r.and_then(|r| r.hodoku);
    cols.push(hodoku.map_or("-".to_string(), |h| h.level.name().to_string()));
    cols.push(hodoku.map_or("-".to_string(), |h| h.score.to_string()));
    cols.push(
        r.and_then(|r| r.class)
            .map_or("-", |c| c.name())
            .to_string(),
    );
    cols.push(
        r.and_then(|r| r.hardest)
            .map_or("-", |t| t.slug())
            .to_string(),
    );
    cols.push(
        r.map_or("-", |r| if r.guessed { "yes" } else { "no" })
            .to_string(),
    );
    let solve = solve_hardest(g);
    cols.push(solve.map_or("-", |(t, _)| t.slug()).to_string());
    cols.push(
        solve
            .map_or("-", |(_, guessed)| if guessed { "yes" } else { "no" })
            .to_string(),
    );
    cols.push(techniques_cell(g));
    cols.join("\t")
}

/// A rating to one decimal, as a JSON number without float noise.
fn tenths(r: f32) -> Value {
    format!("{r:.1}")
        .parse::<f64>()
        .map_or(Value::Null, |x| json!(x))
}

/// The ratings as JSON (the shape `sensei grade --format json` uses).
pub(crate) fn rating_json(r: &Rating) -> Value {
    json!({
        "se": r.se.map(|se| json!({
            "er": tenths(se.er), "ep": tenths(se.ep), "ed": tenths(se.ed), "rules": grade::SE_RULES,
        })),
        "hodoku": r.hodoku.map(|h| json!({
            "level": h.level.name(), "score": h.score, "rules": grade::HODOKU_RULES,
        })),
        "class": r.class.map(|c| json!({ "class": c.name(), "rules": grade::CLASS_RULES })),
        "hardest": r.hardest.map(|t| t.slug()),
        "guess": r.guessed,
    })
}

/// One JSON object (one line, no newline): the puzzle, its solution, the
/// request's seed and symmetry, the ratings (each of its rating program's
/// own solve), the solve's techniques, hardest technique and guess, and
/// the practice position.
pub fn json(g: &Generated, req: &Request) -> String {
    let techniques: Vec<Value> = g
        .techniques
        .iter()
        .map(|(t, n)| json!({ "technique": t.slug(), "steps": n }))
        .collect();
    let mut v = json!({
        "index": g.index + 1,
        "seed": req.seed,
        "puzzle": g.puzzle.to_line(),
        "solution": g.solution.to_line(),
        "givens": g.puzzle.filled(),
        "symmetry": req.symmetry.slug(),
        "tries": g.tries,
    });
    if let Some(r) = &g.rating {
        v["rating"] = rating_json(r);
    }
    if !techniques.is_empty() {
        v["techniques"] = Value::Array(techniques);
    }
    if let Some((hardest, guessed)) = solve_hardest(g) {
        v["hardest"] = json!(hardest.slug());
        v["guess"] = json!(guessed);
    }
    if let Some(p) = &g.practice {
        v["practice"] = json!({
            "technique": p.step.technique.slug(),
            "candidates": candidate_string(&p.position),
            "hodoku": library_line(p),
            "step": step_line(&p.step),
            "placements": p.step.placements,
            "eliminations": p.step.eliminations,
        });
    }
    v.to_string()
}
