//! Traces for learning (docs/python.md, "Traces for learning"): the cells
//! in the order they were filled, the token sequence and its vocabulary,
//! and the compact JSON form. These shapes are stable: a change is a new
//! `COMPACT_VERSION` and a note in docs/python.md.

use std::sync::OnceLock;
use sudoku_sensei::{Candidate, Technique, Trace};

/// The version of the compact JSON form (its `"v"`).
pub use sudoku_sensei::render::json::COMPACT_VERSION;

/// A cell filled: (order, row, col, value, technique).
pub type FilledCell = (usize, u8, u8, u8, &'static str);

/// For each cell filled, in order: (order, row, col, value, technique),
/// order from 1, rows and columns 1-based.
pub fn cells(trace: &Trace) -> Vec<FilledCell> {
    let mut out = Vec::with_capacity(81);
    for step in &trace.steps {
        for p in &step.placements {
            out.push((
                out.len() + 1,
                p.cell.row() + 1,
                p.cell.col() + 1,
                p.digit.get(),
                step.technique.slug(),
            ));
        }
    }
    out
}

/// The vocabulary of `Trace.tokens()`: the 37 fixed tokens (`<step>`,
/// `<r1>`..`<r9>`, `<c1>`..`<c9>`, `<=1>`..`<=9>` a placement, `<!1>`..`<!9>`
/// an elimination), then one `<slug>` per technique in the technique
/// table's order (`techniques()`). The fixed ids never change; a change to
/// the technique ids (a technique inserted in the table) is a new
/// `COMPACT_VERSION` and a note in docs/python.md.
pub struct Vocabulary {
    pub tokens: Vec<&'static str>,
}

/// The first tokens: the ids 0..37 are fixed.
const FIXED: [&str; 37] = [
    "<step>", "<r1>", "<r2>", "<r3>", "<r4>", "<r5>", "<r6>", "<r7>", "<r8>", "<r9>", "<c1>",
    "<c2>", "<c3>", "<c4>", "<c5>", "<c6>", "<c7>", "<c8>", "<c9>", "<=1>", "<=2>", "<=3>", "<=4>",
    "<=5>", "<=6>", "<=7>", "<=8>", "<=9>", "<!1>", "<!2>", "<!3>", "<!4>", "<!5>", "<!6>", "<!7>",
    "<!8>", "<!9>",
];
const ROW: usize = 1;
const COL: usize = 10;
const PLACE: usize = 19;
const ELIMINATE: usize = 28;

/// The vocabulary, built once.
pub fn vocabulary() -> &'static Vocabulary {
    static V: OnceLock<Vocabulary> = OnceLock::new();
    V.get_or_init(|| {
        let mut tokens: Vec<&'static str> = FIXED.to_vec();
        for t in Technique::all() {
            // leaked once per technique, for the life of the process
            tokens.push(Box::leak(format!("<{}>", t.slug()).into_boxed_str()));
        }
        Vocabulary { tokens }
    })
}

/// The id of a technique's token: its place in the technique table (the
/// enum is declared from the table's rows, in order) after the fixed ids.
fn technique_id(t: Technique) -> u32 {
    (FIXED.len() + t as usize) as u32
}

/// The ids of one trace's tokens: per step `<step> <technique>`, then per
/// placement `<rR> <cC> <=D>`, then per elimination `<rR> <cC> <!D>`.
pub fn token_ids(trace: &Trace) -> Vec<u32> {
    let mut out = Vec::new();
    let cand = |out: &mut Vec<u32>, c: &Candidate, effect: usize| {
        out.push((ROW + c.cell.row() as usize) as u32);
        out.push((COL + c.cell.col() as usize) as u32);
        out.push((effect + c.digit.index()) as u32);
    };
    for step in &trace.steps {
        out.push(0);
        out.push(technique_id(step.technique));
        for p in &step.placements {
            cand(&mut out, p, PLACE);
        }
        for e in &step.eliminations {
            cand(&mut out, e, ELIMINATE);
        }
    }
    out
}

/// The tokens of one trace, as strings.
pub fn tokens(trace: &Trace) -> Vec<&'static str> {
    let v = vocabulary();
    token_ids(trace)
        .into_iter()
        .map(|i| v.tokens[i as usize])
        .collect()
}

/// The compact JSON form (docs/trace-format.md, "The compact form"):
/// the line `sensei explain --format jsonl` writes for one puzzle.
pub fn compact_json(trace: &Trace) -> String {
    sudoku_sensei::render::json::compact(trace)
}
