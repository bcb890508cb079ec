//! The bigger check `.ci/run` runs in release (`SENSEI_GENERATE_CHECK`):
//! many puzzles of every kind of request, each checked by [`super::check`].

use super::{check, seeded, star_pattern};
use std::time::Instant;
use sudoku_sensei::generate::{Fill, Generator, Request, Symmetry};
use sudoku_sensei::grade::Class;
use sudoku_sensei::technique::Level;
use sudoku_sensei::Technique;

/// The bigger check `.ci/run` runs in release: `SENSEI_GENERATE_CHECK`
/// puzzles of each kind of request, fixed seeds, every property checked.
#[test]
fn many_puzzles_of_every_kind() {
    let Some(n) = std::env::var("SENSEI_GENERATE_CHECK")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    else {
        crate::common::skip(
            "generate::many::many_puzzles_of_every_kind",
            "set SENSEI_GENERATE_CHECK=n to check n puzzles of every kind (.ci/run does)",
        );
        return;
    };
    let mut kinds: Vec<Request> = Vec::new();
    for s in Symmetry::ALL {
        kinds.push(Request {
            symmetry: s,
            ..seeded(1000)
        });
    }
    kinds.push(Request {
        fill: Fill::Templates,
        ..seeded(1001)
    });
    kinds.push(Request {
        givens: Some((26, 30)),
        ..seeded(1002)
    });
    kinds.push(Request {
        pattern: Some(star_pattern()),
        symmetry: Symmetry::Rotate180,
        minimal: Some(true),
        max_tries: 1_000_000,
        ..seeded(1003)
    });
    for (i, level) in [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ]
    .into_iter()
    .enumerate()
    {
        kinds.push(Request {
            level: Some((level, level)),
            ..seeded(1010 + i as u64)
        });
    }
    kinds.push(Request {
        er: Some((6.0, 7.5)),
        ..seeded(1020)
    });
    kinds.push(Request {
        class: Some(Class::Expert),
        ..seeded(1021)
    });
    for (i, t) in [Technique::XWing, Technique::XyWing, Technique::Uniqueness1]
        .into_iter()
        .enumerate()
    {
        kinds.push(Request {
            techniques: vec![t],
            hardest: true,
            ..seeded(1030 + i as u64)
        });
        kinds.push(Request {
            practice: Some(t),
            ..seeded(1040 + i as u64)
        });
    }
    use rayon::prelude::*;
    let started = Instant::now();
    let mut total = 0;
    for req in &kinds {
        // a minimal puzzle on a fixed pattern takes some 20,000 tries
        let count = if req.pattern.is_some() {
            n.div_ceil(10)
        } else {
            n
        };
        let t = Instant::now();
        let gen = Generator::new(req.clone()).expect("a valid request");
        (0..count).into_par_iter().for_each(|i| {
            let g = gen.nth(i).unwrap_or_else(|e| panic!("{req:?}: {e}"));
            check(req, &g);
        });
        total += count;
        eprintln!(
            "{count:>4} in {:>6.1} s: {}",
            t.elapsed().as_secs_f64(),
            describe(req)
        );
    }
    eprintln!(
        "checked {total} puzzles of {} kinds in {:.1} s",
        kinds.len(),
        started.elapsed().as_secs_f64()
    );
}

/// What a request of the bigger check asks for, in a few words.
fn describe(req: &Request) -> String {
    let mut parts = vec![format!("seed {}", req.seed)];
    if req.symmetry != Symmetry::None {
        parts.push(req.symmetry.to_string());
    }
    if req.fill == Fill::Templates {
        parts.push("templates".into());
    }
    if let Some((a, b)) = req.givens {
        parts.push(format!("givens {a}..{b}"));
    }
    if req.pattern.is_some() {
        parts.push("pattern, minimal".into());
    }
    if let Some((l, _)) = req.level {
        parts.push(format!("level {l}"));
    }
    if let Some((a, b)) = req.er {
        parts.push(format!("er {a}..{b}"));
    }
    if let Some(c) = req.class {
        parts.push(format!("class {}", c.name()));
    }
    for t in &req.techniques {
        parts.push(format!("technique {}", t.slug()));
    }
    if let Some(t) = req.practice {
        parts.push(format!("practice {}", t.slug()));
    }
    parts.join(", ")
}
