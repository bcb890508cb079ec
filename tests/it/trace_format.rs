//! docs/trace-format.md against the output: traces of the test corpus (with
//! every technique on), a step of every kind of evidence, players'
//! positions and hints of every status and level are turned into JSON, and
//! every field and every value of `kind`, `rule`, `status`, `family` and
//! the link and house kinds must be documented on that page. A field or
//! value added to the output without a word in the doc fails here.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use sudoku_sensei::render::json;
use sudoku_sensei::solver::{Fallback, Options, Profile};
use sudoku_sensei::strategies::{first_step, Context};
use sudoku_sensei::{
    hint, parse, parse_position, solve, solve_position, Contradiction, Hint, HintLevel, Outcome,
};

/// What the doc documents: per section and row, the words in backticks.
struct Doc {
    text: String,
}

impl Doc {
    fn load() -> Doc {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace-format.md");
        Doc {
            text: std::fs::read_to_string(path).expect("docs/trace-format.md"),
        }
    }

    /// The text of the section under `heading` (up to the next heading of
    /// the same or a higher level).
    fn section(&self, heading: &str) -> String {
        let level = heading.chars().take_while(|&c| c == '#').count();
        let mut out = String::new();
        let mut inside = false;
        for line in self.text.lines() {
            if line.starts_with('#') {
                let l = line.chars().take_while(|&c| c == '#').count();
                if inside && l <= level {
                    break;
                }
                if line.trim() == heading {
                    inside = true;
                    continue;
                }
            }
            if inside {
                out.push_str(line);
                out.push('\n');
            }
        }
        assert!(
            !out.is_empty(),
            "docs/trace-format.md has no section {heading:?}"
        );
        out
    }

    /// Table rows of a section, by the backticked word of their first
    /// column: the words documented in that row.
    fn rows(&self, heading: &str) -> BTreeMap<String, BTreeSet<String>> {
        let mut rows = BTreeMap::new();
        for line in self.section(heading).lines() {
            let Some(rest) = line.strip_prefix('|') else {
                continue;
            };
            let first = rest.split('|').next().unwrap_or("");
            for name in ticked(first) {
                rows.entry(name)
                    .or_insert_with(BTreeSet::new)
                    .extend(ticked(rest));
            }
        }
        rows
    }

    /// Every word in backticks anywhere in a section.
    fn words(&self, heading: &str) -> BTreeSet<String> {
        ticked(&self.section(heading))
    }
}

/// The words inside backticks: identifiers, and quoted strings whole
/// (`"Basic Fish"` gives `Basic Fish`).
fn ticked(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 0 {
            continue;
        }
        for quoted in part.split('"').skip(1).step_by(2) {
            out.insert(quoted.to_string());
        }
        for word in part.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')) {
            if !word.is_empty() {
                out.insert(word.to_string());
            }
        }
    }
    out
}

/// What the output holds, gathered by where it was found.
#[derive(Default)]
struct Seen {
    /// (context, key) of every object field.
    keys: BTreeSet<(String, String)>,
    /// (context, key, JSON type) of the fields of the trace and its steps.
    types: BTreeSet<(String, String, &'static str)>,
    /// (context, value) of the enumerated values.
    values: BTreeSet<(String, String)>,
}

impl Seen {
    fn key(&mut self, context: &str, key: &str) {
        self.keys.insert((context.to_string(), key.to_string()));
    }
    fn value(&mut self, context: &str, v: &Value) {
        if let Some(s) = v.as_str() {
            self.values.insert((context.to_string(), s.to_string()));
        }
    }

    fn typed(&mut self, context: &str, key: &str, v: &Value) {
        let t = match v {
            Value::Null => "null",
            Value::Bool(_) => "bool",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "list",
            Value::Object(_) => "object",
        };
        self.types.insert((context.to_string(), key.to_string(), t));
    }

    fn trace(&mut self, v: &Value) {
        for (k, x) in obj(v) {
            self.key("top", k);
            self.typed("top", k, x);
            match k.as_str() {
                "outcome" => self.outcome(x),
                "steps" => arr(x).iter().for_each(|s| self.step(s)),
                "techniques" => {
                    for (_, t) in obj(x) {
                        for (f, y) in obj(t) {
                            self.key("technique", f);
                            if f == "family" {
                                self.value("family", y);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn step(&mut self, v: &Value) {
        for (k, x) in obj(v) {
            self.key("step", k);
            self.typed("step", k, x);
            match k.as_str() {
                "evidence" => self.evidence(x),
                "focus" => obj(x).for_each(|(f, _)| self.key("focus", f)),
                "placements" | "eliminations" => arr(x).iter().for_each(|c| self.shape(c)),
                _ => {}
            }
        }
    }

    fn evidence(&mut self, v: &Value) {
        let kind = v["kind"].as_str().unwrap_or("?").to_string();
        self.values.insert(("evidence".into(), kind.clone()));
        for (k, x) in obj(v) {
            self.key(&format!("evidence {kind}"), k);
            match k.as_str() {
                "chain" => self.chain(x),
                "chains" => arr(x).iter().for_each(|c| self.chain(c)),
                "branches" => arr(x).iter().for_each(|b| self.branch(b)),
                "sets" => arr(x).iter().for_each(|s| self.fields("set", s)),
                _ => self.shape(x),
            }
        }
    }

    fn chain(&mut self, v: &Value) {
        for (k, x) in obj(v) {
            self.key("chain", k);
            match k.as_str() {
                "nodes" => arr(x).iter().for_each(|n| self.fields("node", n)),
                "links" => arr(x).iter().for_each(|l| self.value("link", l)),
                _ => {}
            }
        }
    }

    fn branch(&mut self, v: &Value) {
        for (k, x) in obj(v) {
            self.key("branch", k);
            if k == "reasons" {
                for r in arr(x) {
                    let rule = r["rule"].as_str().unwrap_or("?").to_string();
                    self.values.insert(("rule".into(), rule.clone()));
                    for (rk, rx) in obj(r) {
                        self.key("reason", rk);
                        match rk.as_str() {
                            "evidence" => self.evidence(rx),
                            "nodes" => arr(rx).iter().for_each(|n| self.fields("group node", n)),
                            _ => {}
                        }
                    }
                }
            }
        }
    }

    fn outcome(&mut self, v: &Value) {
        let kind = v["kind"].as_str().unwrap_or("?").to_string();
        self.values.insert(("outcome".into(), kind.clone()));
        for (k, x) in obj(v) {
            self.key(&format!("outcome {kind}"), k);
            if k == "contradiction" && x.is_object() {
                self.contradiction(x);
            }
        }
    }

    fn contradiction(&mut self, v: &Value) {
        let kind = v["kind"].as_str().unwrap_or("?").to_string();
        self.values.insert(("contradiction".into(), kind.clone()));
        for (k, x) in obj(v) {
            self.key(&format!("contradiction {kind}"), k);
            self.shape(x);
        }
    }

    fn hint(&mut self, v: &Value) {
        self.value("status", &v["status"]);
        for (k, x) in obj(v) {
            self.key("hint", k);
            match k.as_str() {
                "step" => self.step(x),
                "mistakes" => arr(x).iter().for_each(|m| self.fields("mistake", m)),
                "focus" => obj(x).for_each(|(f, _)| self.key("focus", f)),
                _ => {}
            }
        }
    }

    /// The fields of a small object (a set, a node), and its shapes.
    fn fields(&mut self, context: &str, v: &Value) {
        for (k, x) in obj(v) {
            self.key(context, k);
            if k == "als" {
                self.fields("set", x);
            } else {
                self.shape(x);
            }
        }
    }

    /// Cells, candidates and houses, wherever they are.
    fn shape(&mut self, v: &Value) {
        match v {
            Value::Array(items) => items.iter().for_each(|x| self.shape(x)),
            Value::Object(o) => {
                for k in o.keys() {
                    self.key("shape", k);
                }
                if o.contains_key("index") {
                    self.value("house", &v["kind"]);
                }
            }
            _ => {}
        }
    }
}

fn obj(v: &Value) -> impl Iterator<Item = (&String, &Value)> {
    v.as_object().into_iter().flatten()
}

fn arr(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], |a| a.as_slice())
}

fn json_of(s: &str) -> Value {
    serde_json::from_str(s).expect("the output is JSON")
}

/// Every document the test looks at, gathered.
fn everything() -> Seen {
    let mut seen = Seen::default();
    let all = Options {
        fallback: Fallback::Guess,
        ..Options::with_profile(Profile::All)
    };
    // the corpus but its hardest puzzles (every kind of evidence comes below)
    for (label, text) in crate::corpus::corpus() {
        if label.starts_with("top1465") || label.starts_with("forum") {
            continue;
        }
        let puzzle = parse(&text).unwrap_or_else(|e| panic!("{label}: {e}"));
        for opts in [&Options::default(), &all] {
            let trace = solve(&puzzle, opts);
            seen.trace(&json_of(&json::trace_record(&trace, Some(3))));
        }
        let stuck = Options {
            fallback: Fallback::Stop,
            ..Options::with_profile(Profile::Qqwing)
        };
        seen.trace(&json_of(&json::trace(&solve(&puzzle, &stuck))));
        let mut with = Vec::new();
        let candidates = json::TraceOptions { candidates: true };
        json::write_trace(
            &mut with,
            &solve(&puzzle, &Options::default()),
            None,
            candidates,
        );
        seen.trace(&json_of(std::str::from_utf8(&with).expect("UTF-8")));
    }
    // a step of every kind of evidence
    for (_, _, step) in crate::pictures::cases() {
        seen.step(&json_of(&json::step(&step)));
    }
    // a forcing net with a technique inside it (the `technique` rule)
    let plus = parse_position(crate::forcing::PLUS_STUCK).expect("reads");
    let net = first_step(
        sudoku_sensei::Technique::ForcingNetPlusContradiction,
        &plus,
        &Context::default(),
    )
    .expect("a Forcing Net (+)");
    seen.step(&json_of(&json::step(&net)));
    // the outcome of every contradiction logic can run into (the solves
    // above meet only some of them)
    let cell = sudoku_sensei::Cell::at(0, 0);
    let (digit, house) = (sudoku_sensei::Digit::new(5), sudoku_sensei::House::row(0));
    let digit = digit.expect("a digit");
    for contradiction in [
        Contradiction::NoCandidate { cell },
        Contradiction::NoPlace { house, digit },
        Contradiction::Occupied { cell, value: digit },
    ] {
        let mut trace = solve(&parse(SOLVED).expect("reads"), &Options::default());
        trace.outcome = Outcome::NoSolution {
            contradiction: Some(contradiction),
        };
        seen.trace(&json_of(&json::trace(&trace)));
    }
    // a player's position whose marks are not the values' own: `start`
    let position = parse_position(POSITION_WITH_MARKS).expect("reads");
    let trace = solve_position(&position, &Options::default());
    let doc = json_of(&json::trace(&trace));
    assert!(
        doc.get("start").is_some(),
        "a position with removed marks shows them"
    );
    seen.trace(&doc);
    // hints of every status, at every level
    let mut statuses = BTreeSet::new();
    for (text, opts) in [
        (POSITION_WITH_MARKS, Options::default()),
        (MISTAKE, Options::default()),
        (SOLVED, Options::default()),
        (NO_SOLUTION, Options::default()),
        (TWO_SOLUTIONS, Options::default()),
        (
            POSITION_WITH_MARKS,
            Options {
                fallback: Fallback::Stop,
                techniques: Vec::new(),
                ..Options::default()
            },
        ),
    ] {
        let position = parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let found: Hint = hint(&position, &opts);
        for level in HintLevel::ALL {
            let v = json_of(&json::hint_record(&found, level, Some(2)));
            statuses.insert(v["status"].as_str().unwrap_or("?").to_string());
            seen.hint(&v);
        }
    }
    let want = [
        "step",
        "solved",
        "mistakes",
        "no_solution",
        "multiple_solutions",
        "stuck",
    ];
    assert_eq!(statuses, want.iter().map(|s| s.to_string()).collect());
    // every value the page lists was seen, so every object that can appear
    // had its fields checked
    let kinds = |context: &str| -> BTreeSet<String> {
        let values = seen.values.iter().filter(|(c, _)| c == context);
        values.map(|(_, v)| v.clone()).collect()
    };
    let all = |values: &[&str]| {
        values
            .iter()
            .map(|s| s.to_string())
            .collect::<BTreeSet<_>>()
    };
    let outcomes = [
        "solved",
        "stuck",
        "no_solution",
        "multiple_solutions",
        "invalid_givens",
    ];
    assert_eq!(kinds("outcome"), all(&outcomes));
    let contradictions = ["clash", "no_candidate", "no_place", "occupied"];
    assert_eq!(kinds("contradiction"), all(&contradictions));
    let rules = ["value", "hidden_single", "group", "technique"];
    assert!(
        kinds("rule").is_superset(&all(&rules)),
        "{:?}",
        kinds("rule")
    );
    let evidence: BTreeSet<String> = sudoku_sensei::Evidence::KINDS
        .iter()
        .map(|k| k.to_string())
        .collect();
    assert_eq!(kinds("evidence"), evidence);
    seen
}

/// HoDoKu's library line of a position: r1c4 lost its pencil mark 9 (its
/// digit is 3).
const POSITION_WITH_MARKS: &str =
    ":0000:x:4+1+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:914:::";
/// r1c2 holds a placed 9, which is not its value (1).
const MISTAKE: &str =
    ":0000:x:4+9....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......::::";
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const NO_SOLUTION: &str =
    "12345678........9................................................................";
const TWO_SOLUTIONS: &str =
    ".6...52.4.2..16..33.5...7....6....5..59.....1....7...85....3...2...41.3..9.......";

#[test]
fn every_field_and_value_of_the_output_is_documented() {
    let doc = Doc::load();
    let seen = everything();
    let top = doc.rows("## Top level");
    let step = doc.rows("## Step");
    let evidence = doc.rows("## Evidence");
    let evidence_words = doc.words("## Evidence");
    let branches = doc.words("### Forcing branches");
    let outcome = doc.section("## Outcome");
    let outcome_rows = doc.rows("## Outcome");
    let hints = doc.rows("## Hints");
    let shapes = doc.words("## Shapes");
    let everywhere = ticked(&doc.text);
    let mut missing = Vec::new();
    let mut need = |ok: bool, what: String| {
        if !ok {
            missing.push(what);
        }
    };
    for (context, key) in &seen.keys {
        let ok = match context.as_str() {
            "top" => top.contains_key(key),
            "step" => step.contains_key(key),
            "hint" => hints.contains_key(key),
            "focus" => step.get("focus").is_some_and(|w| w.contains(key)),
            "technique" => top.get("techniques").is_some_and(|w| w.contains(key)),
            "shape" => shapes.contains(key),
            c if c.starts_with("evidence ") => {
                let kind = &c["evidence ".len()..];
                key == "kind" || evidence.get(kind).is_some_and(|w| w.contains(key))
            }
            c if c.starts_with("outcome ") || c.starts_with("contradiction ") => {
                let kind = c.split_once(' ').map_or("", |(_, k)| k);
                ["kind", "message"].contains(&key.as_str())
                    || outcome_rows.get(kind).is_some_and(|w| w.contains(key))
            }
            "chain" | "node" | "set" => evidence_words.contains(key),
            "branch" | "reason" | "group node" => branches.contains(key),
            "mistake" => hints.get("mistakes").is_some_and(|w| w.contains(key)),
            _ => everywhere.contains(key),
        };
        need(ok, format!("field `{key}` of {context}"));
    }
    for (context, value) in &seen.values {
        let ok = match context.as_str() {
            "evidence" => evidence.contains_key(value),
            "outcome" | "contradiction" => outcome_rows.contains_key(value),
            "rule" => branches.contains(value),
            "status" => hints.get("status").is_some_and(|w| w.contains(value)),
            "family" => top.get("techniques").is_some_and(|w| w.contains(value)),
            "link" => evidence_words.contains(value),
            "house" => shapes.contains(value),
            _ => everywhere.contains(value),
        };
        need(ok, format!("{context} value `{value}`"));
    }
    assert!(outcome.contains("message"), "the outcome's message");
    assert!(
        missing.is_empty(),
        "docs/trace-format.md does not document:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_family_and_kind_that_can_appear_is_documented() {
    // beyond what the corpus shows: every family of the technique table and
    // every kind of evidence
    let doc = Doc::load();
    let top = doc.rows("## Top level");
    let evidence = doc.rows("## Evidence");
    for t in sudoku_sensei::Technique::all() {
        let family = t.family().name();
        assert!(
            top.get("techniques").is_some_and(|w| w.contains(family)),
            "family {family:?} ({}) is not documented",
            t.slug()
        );
    }
    for kind in sudoku_sensei::Evidence::KINDS {
        assert!(
            evidence.contains_key(kind),
            "evidence kind `{kind}` is not documented"
        );
    }
}

#[test]
fn the_json_kind_of_evidence_is_its_kind() {
    for (name, _, step) in crate::pictures::cases() {
        let v = json_of(&json::step(&step));
        assert_eq!(v["evidence"]["kind"], step.evidence.kind(), "{name}");
    }
}

/// The type column of a table: per field (its first backticked word), the
/// JSON types the column names (`string`, `number`, `bool`, `object`,
/// `list` for `[...]` and `{...}` maps as `object`, `null`).
fn documented_types(doc: &Doc, heading: &str) -> BTreeMap<String, BTreeSet<&'static str>> {
    let mut out = BTreeMap::new();
    for line in doc.section(heading).lines() {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        if cols.len() < 4 || cols[1].starts_with("field") || cols[1].starts_with("---") {
            continue;
        }
        let Some(field) = ticked(cols[1]).into_iter().next() else {
            continue;
        };
        let ty = cols[2];
        let mut types = BTreeSet::new();
        for (word, t) in [
            ("string", "string"),
            ("number", "number"),
            ("bool", "bool"),
            ("object", "object"),
            ("null", "null"),
        ] {
            if ty.contains(word) {
                types.insert(t);
            }
        }
        if ty.starts_with('[') {
            types.insert("list");
        }
        if ty.starts_with('{') {
            types.insert("object");
        }
        out.insert(field, types);
    }
    out
}

#[test]
fn the_written_schema_is_the_documented_one() {
    // the other way round from the test above, and with types: every field
    // the tables of the trace and the step document is written, with the
    // type the page gives it (a field renamed in the wire types, or one the
    // page keeps after the output dropped it, fails here)
    let doc = Doc::load();
    let seen = everything();
    let mut wrong = Vec::new();
    for (context, heading) in [("top", "## Top level"), ("step", "## Step")] {
        let documented = documented_types(&doc, heading);
        assert!(documented.len() >= 8, "{heading}: {documented:?}");
        for (field, types) in &documented {
            let written: BTreeSet<&str> = seen
                .types
                .iter()
                .filter(|(c, k, _)| c == context && k == field)
                .map(|(_, _, t)| *t)
                .collect();
            if written.is_empty() {
                wrong.push(format!(
                    "{context} field `{field}` is documented but never written"
                ));
            }
            for t in written.difference(types) {
                wrong.push(format!(
                    "{context} field `{field}` is written as {t}, documented as {types:?}"
                ));
            }
        }
        for (c, k, _) in &seen.types {
            if c == context && !documented.contains_key(k) {
                wrong.push(format!("{context} field `{k}` is written but has no row"));
            }
        }
    }
    let version = format!("| `version` | number | `{}` |", json::TRACE_SCHEMA_VERSION);
    assert!(
        doc.text.contains(&version),
        "the page's version is {}",
        json::TRACE_SCHEMA_VERSION
    );
    assert!(
        wrong.is_empty(),
        "docs/trace-format.md and the output differ:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn candidates_are_the_position_before_each_step_only_when_asked() {
    // `--candidates` (issue 39): the grid a reader could replay, off by default
    let position = parse_position(POSITION_WITH_MARKS).expect("reads");
    let trace = solve_position(&position, &Options::default());
    let plain = json_of(&json::trace(&trace));
    assert!(arr(&plain["steps"])
        .iter()
        .all(|s| s.get("candidates").is_none()));
    let mut bytes = Vec::new();
    let candidates = json::TraceOptions { candidates: true };
    json::write_trace(&mut bytes, &trace, None, candidates);
    let with = json_of(std::str::from_utf8(&bytes).expect("UTF-8"));
    let positions = trace.positions();
    assert!(positions.len() > 5);
    for (i, (board, _)) in positions.iter().enumerate() {
        let want = sudoku_sensei::format::candidate_string(board);
        assert_eq!(
            with["steps"][i]["candidates"],
            want.as_str(),
            "step {}",
            i + 1
        );
    }
    // apart from them, the same document
    let mut stripped = with.clone();
    for s in stripped["steps"].as_array_mut().expect("steps") {
        s.as_object_mut().expect("a step").remove("candidates");
    }
    assert_eq!(stripped, plain);
}

#[test]
fn the_compact_form_holds_each_step_s_effects() {
    let trace = solve(&parse(SOLVED_BUT_ONE).expect("reads"), &Options::default());
    let compact = json::compact(&trace);
    assert_eq!(
        compact,
        format!(
            "{{\"v\":1,\"puzzle\":\"{}\",\"outcome\":\"solved\",\"solution\":\"{SOLVED}\",\
             \"steps\":[[\"full-house\",[115],[]]]}}",
            SOLVED_BUT_ONE
        )
    );
}

/// SOLVED with r1c1 (5) empty.
const SOLVED_BUT_ONE: &str =
    ".34678912672195348198342567859761423426853791713924856961537284287419635345286179";
