//! How hard the explanations of a file are for a person, in figures that
//! two builds can be compared by (issue 39: a different chain search may
//! change steps, but no figure may get worse by more than 2%): explains
//! every puzzle (the `explain` command's default options: HoDoKu profile,
//! guessing allowed) and prints, per file, the number of steps, the chain
//! steps' mean and maximum length in links (every step explained by a
//! chain, and the nice loops and AICs alone), the count of forcing chains
//! and nets, and the hardest technique of each puzzle (by HoDoKu score, as
//! `Trace::hardest_step` picks it): their histogram and mean score.
//!
//! `cargo run --release -p sensei-tools --bin explain_stats -- FILE... [--limit N] [--digest]`
//!
//! Lines are puzzles (the first 81 characters of a line that is not empty
//! nor a `#` comment; the corpus's label after them is ignored). With
//! `--digest`, a line per puzzle too: its steps' count and a hash of its
//! steps, to find the puzzles whose steps changed.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use sudoku_sensei::solver::{Options, Profile};
use sudoku_sensei::step::Evidence;
use sudoku_sensei::{parse, solve, Technique};

/// The figures of one file.
#[derive(Default)]
struct Figures {
    puzzles: usize,
    steps: usize,
    /// Steps explained by a chain: count, links summed, longest.
    chains: (usize, usize, usize),
    /// The nice loops and AICs (grouped or not) alone.
    loops: (usize, usize, usize),
    forcing: usize,
    /// Per puzzle, its hardest technique.
    hardest: BTreeMap<Technique, usize>,
    hardest_score: u64,
}

fn is_loop(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t,
        XChain
            | XyChain
            | ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | Aic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop
            | GroupedAic
    )
}

fn add(acc: &mut (usize, usize, usize), links: usize) {
    acc.0 += 1;
    acc.1 += links;
    acc.2 = acc.2.max(links);
}

fn mean(acc: (usize, usize, usize)) -> f64 {
    acc.1 as f64 / acc.0.max(1) as f64
}

fn main() {
    let mut files = Vec::new();
    let mut limit = usize::MAX;
    let mut digest = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => limit = args.next().and_then(|n| n.parse().ok()).unwrap_or(limit),
            "--digest" => digest = true,
            _ => files.push(a),
        }
    }
    let opts = Options::with_profile(Profile::Hodoku);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let mut fig = Figures::default();
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(limit)
        {
            let Some(Ok(g)) = line.get(..81).map(parse) else {
                continue;
            };
            let trace = solve(&g, &opts);
            fig.puzzles += 1;
            fig.steps += trace.steps.len();
            for s in &trace.steps {
                if let Evidence::Chain { chain, .. } = &s.evidence {
                    add(&mut fig.chains, chain.links.len());
                    if is_loop(s.technique) {
                        add(&mut fig.loops, chain.links.len());
                    }
                }
                if matches!(s.evidence, Evidence::Forcing { .. }) {
                    fig.forcing += 1;
                }
            }
            if let Some((_, s)) = trace.hardest_step() {
                *fig.hardest.entry(s.technique).or_default() += 1;
                fig.hardest_score += u64::from(s.technique.info().score);
            }
            if digest {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                format!("{:?}", trace.steps).hash(&mut h);
                println!("{} {} {:016x}", &line[..81], trace.steps.len(), h.finish());
            }
        }
        println!("{f}: {} puzzles", fig.puzzles);
        println!("  steps {}", fig.steps);
        println!(
            "  chain steps {}, links mean {:.3}, max {}",
            fig.chains.0,
            mean(fig.chains),
            fig.chains.2
        );
        println!(
            "  x/xy-chains, nice loops and AICs {}, links mean {:.3}, max {}",
            fig.loops.0,
            mean(fig.loops),
            fig.loops.2
        );
        println!("  forcing chains and nets {}", fig.forcing);
        println!(
            "  hardest technique per puzzle: mean HoDoKu score {:.1}",
            fig.hardest_score as f64 / fig.puzzles.max(1) as f64
        );
        for (t, n) in fig.hardest.iter().rev() {
            println!("    {:<40} {n:>6}", t.name());
        }
    }
}
