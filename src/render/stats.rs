//! What a collection of puzzles is made of (`sensei stats`): the figures
//! (HoDoKu levels, Sudoku Explainer's ER, QQWing classes, the techniques
//! used and the hardest ones, the number of givens), as text and as an SVG
//! chart a setter can put on a page. The command grades the puzzles and
//! writes what this module draws.

use crate::technique::Technique;
use crate::Level;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

pub const LEVELS: [Level; 5] = [
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Unfair,
    Level::Extreme,
];
pub const CLASSES: [&str; 4] = ["simple", "easy", "intermediate", "expert"];

/// The figures of a collection.
#[derive(Default)]
pub struct Figures {
    pub puzzles: usize,
    /// Puzzles not rated: no unique solution, or not solved.
    pub unrated: usize,
    pub levels: [usize; 5],
    /// ER in bins of 1.0 from 1.0 (bin 0: 1.0 to 1.9) to 11.x.
    pub er: [usize; 11],
    pub classes: [usize; 4],
    /// Per technique: in how many puzzles' solves it appears, and of how
    /// many it is the hardest step.
    pub techniques: BTreeMap<Technique, (usize, usize)>,
    pub givens: BTreeMap<usize, usize>,
}

/// What one puzzle adds.
pub struct One {
    pub givens: usize,
    pub level: Option<Level>,
    pub er: Option<f32>,
    pub class: Option<String>,
    pub hardest: Option<Technique>,
    pub used: BTreeSet<Technique>,
}

impl Figures {
    /// Count one more puzzle.
    pub fn add(&mut self, one: One) {
        add(self, one);
    }
}

fn add(f: &mut Figures, one: One) {
    f.puzzles += 1;
    *f.givens.entry(one.givens).or_default() += 1;
    let Some(level) = one.level else {
        f.unrated += 1;
        return;
    };
    if let Some(i) = LEVELS.iter().position(|l| *l == level) {
        f.levels[i] += 1;
    }
    if let Some(er) = one.er {
        f.er[((er.max(1.0) - 1.0) as usize).min(10)] += 1;
    }
    if let Some(i) = one.class.and_then(|c| CLASSES.iter().position(|x| *x == c)) {
        f.classes[i] += 1;
    }
    for t in one.used {
        f.techniques.entry(t).or_default().0 += 1;
    }
    if let Some(t) = one.hardest {
        f.techniques.entry(t).or_default().1 += 1;
    }
}

/// The techniques, most often hardest first, then most used.
fn ranked(f: &Figures) -> Vec<(Technique, usize, usize)> {
    let mut v: Vec<_> = f
        .techniques
        .iter()
        .map(|(t, (u, h))| (*t, *u, *h))
        .collect();
    v.sort_by(|a, b| (b.2, b.1).cmp(&(a.2, a.1)).then(a.0.name().cmp(b.0.name())));
    v
}

fn pct(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

/// The figures as text, one table per scale.
pub fn text(f: &Figures) -> String {
    let mut s = String::new();
    let rated = f.puzzles - f.unrated;
    let _ = writeln!(
        s,
        "{} puzzles, {rated} rated ({} without a unique solution or not solved)",
        f.puzzles, f.unrated
    );
    let _ = writeln!(s, "\nHoDoKu level");
    for (l, n) in LEVELS.iter().zip(f.levels) {
        let _ = writeln!(s, "  {:<14}{n:>8}  {:5.1}%", l.name(), pct(n, rated));
    }
    let _ = writeln!(s, "\nSudoku Explainer ER");
    for (i, n) in f.er.iter().enumerate() {
        let _ = writeln!(
            s,
            "  {:>4.1}-{:<4.1}     {n:>8}  {:5.1}%",
            i as f64 + 1.0,
            i as f64 + 1.9,
            pct(*n, rated)
        );
    }
    let _ = writeln!(s, "\nQQWing class");
    for (c, n) in CLASSES.iter().zip(f.classes) {
        let _ = writeln!(s, "  {c:<14}{n:>8}  {:5.1}%", pct(n, rated));
    }
    let _ = writeln!(
        s,
        "\nTechniques (puzzles whose solve uses it; of which it is the hardest step)"
    );
    for (t, used, hardest) in ranked(f) {
        let _ = writeln!(s, "  {:<32}{used:>8}  {hardest:>8}", t.name());
    }
    let _ = writeln!(s, "\nGivens");
    for (g, n) in &f.givens {
        let _ = writeln!(s, "  {g:<14}{n:>8}  {:5.1}%", pct(*n, f.puzzles));
    }
    s
}

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Vertical bars: `bars` (label, count, colour) in the box at (x, y) of
/// size w × h, with a heading.
fn columns(
    s: &mut String,
    (x, y, w, h): (f64, f64, f64, f64),
    heading: &str,
    bars: &[(String, usize, &str)],
) {
    let max = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1) as f64;
    let total: usize = bars.iter().map(|b| b.1).sum();
    let _ = writeln!(
        s,
        r#"<text x="{x}" y="{}" class="h">{}</text>"#,
        y + 16.0,
        esc(heading)
    );
    let (top, bottom) = (y + 44.0, y + h - 24.0);
    let slot = w / bars.len().max(1) as f64;
    for (i, (label, n, colour)) in bars.iter().enumerate() {
        let bh = (bottom - top) * *n as f64 / max;
        let bx = x + i as f64 * slot + slot * 0.12;
        let bw = slot * 0.76;
        let _ = writeln!(
            s,
            r#"<rect x="{bx:.1}" y="{:.1}" width="{bw:.1}" height="{bh:.1}" rx="3" fill="{colour}"/>"#,
            bottom - bh
        );
        let cx = bx + bw / 2.0;
        if *n > 0 {
            // the share too where the bar is wide enough for it
            let words = if slot >= 70.0 {
                share(*n, total)
            } else {
                n.to_string()
            };
            let _ = writeln!(
                s,
                r#"<text x="{cx:.1}" y="{:.1}" class="n">{}</text>"#,
                bottom - bh - 5.0,
                esc(&words)
            );
        }
        let _ = writeln!(
            s,
            r#"<text x="{cx:.1}" y="{:.1}" class="l">{}</text>"#,
            bottom + 16.0,
            esc(label)
        );
    }
    let _ = writeln!(
        s,
        r##"<line x1="{x}" y1="{bottom}" x2="{}" y2="{bottom}" stroke="#9aa3ad"/>"##,
        x + w
    );
}

/// A count and its share, short: `1,234 (12%)`.
fn share(n: usize, total: usize) -> String {
    let p = pct(n, total);
    if p >= 1.0 || p == 0.0 {
        format!("{n} ({p:.0}%)")
    } else {
        format!("{n} (<1%)")
    }
}

/// The figures as an SVG chart titled `title`: bars for the levels,
/// classes, ER and givens, then the twenty techniques most often hardest.
pub fn svg(f: &Figures, title: &str) -> String {
    const LEVEL_COLOURS: [&str; 5] = ["#4caf7d", "#3f8fd2", "#f0a63a", "#e0603f", "#8e44ad"];
    const BLUE: &str = "#3f8fd2";
    let techniques = ranked(f);
    let shown: Vec<_> = techniques.iter().take(20).collect();
    let width = 1000.0;
    let tech_top = 560.0;
    let height = tech_top + 60.0 + 22.0 * shown.len() as f64 + 20.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">"#
    );
    let _ = writeln!(
        s,
        r##"<style>.h{{font-size:17px;font-weight:600;fill:#1f2a36}}.l{{font-size:12px;fill:#4a5560;text-anchor:middle}}.n{{font-size:11px;fill:#1f2a36;text-anchor:middle}}.t{{font-size:13px;fill:#1f2a36}}.s{{font-size:13px;fill:#5f6b76}}</style>"##
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let rated = f.puzzles - f.unrated;
    let _ = writeln!(
        s,
        r#"<text x="30" y="40" style="font-size:24px;font-weight:700;fill:#1f2a36">{}</text>"#,
        esc(title)
    );
    let _ = writeln!(
        s,
        r#"<text x="30" y="64" class="s">{} puzzles, {rated} rated{} · ratings by sudoku-sensei (HoDoKu, Sudoku Explainer, QQWing)</text>"#,
        f.puzzles,
        if f.unrated > 0 {
            format!(", {} without a unique solution or not solved", f.unrated)
        } else {
            String::new()
        }
    );
    let levels: Vec<_> = LEVELS
        .iter()
        .zip(f.levels)
        .zip(LEVEL_COLOURS)
        .map(|((l, n), c)| (l.name().to_string(), n, c))
        .collect();
    columns(&mut s, (30.0, 90.0, 440.0, 230.0), "HoDoKu level", &levels);
    let classes: Vec<_> = CLASSES
        .iter()
        .zip(f.classes)
        .zip(LEVEL_COLOURS)
        .map(|((c, n), col)| (c.to_string(), n, col))
        .collect();
    columns(
        &mut s,
        (530.0, 90.0, 440.0, 230.0),
        "QQWing class",
        &classes,
    );
    // ER: the bins up to the highest one used
    let last = f.er.iter().rposition(|n| *n > 0).unwrap_or(0).max(4);
    let er: Vec<_> = f.er[..=last]
        .iter()
        .enumerate()
        .map(|(i, n)| (format!("{}.x", i + 1), *n, BLUE))
        .collect();
    columns(
        &mut s,
        (30.0, 330.0, 440.0, 220.0),
        "Sudoku Explainer ER",
        &er,
    );
    // givens: at most 16 bins of consecutive counts
    let (lo, hi) = (
        f.givens.keys().next().copied().unwrap_or(17),
        f.givens.keys().last().copied().unwrap_or(17),
    );
    let step = ((hi - lo) / 16 + 1).max(1);
    // every bin from the lowest to the highest count, empty ones too: the
    // axis is read as a scale (18 and 22 givens are not neighbours)
    let mut bins: BTreeMap<usize, usize> = (lo..=hi).step_by(step).map(|g| (g, 0)).collect();
    for (g, n) in &f.givens {
        *bins.entry(lo + (g - lo) / step * step).or_default() += n;
    }
    let givens: Vec<_> = bins
        .iter()
        .map(|(g, n)| {
            (
                if step == 1 {
                    g.to_string()
                } else {
                    format!("{g}+")
                },
                *n,
                "#6c7a89",
            )
        })
        .collect();
    columns(&mut s, (530.0, 330.0, 440.0, 220.0), "Givens", &givens);
    // techniques: how often each is used (light) and the hardest (dark)
    let _ = writeln!(
        s,
        r#"<text x="30" y="{}" class="h">Techniques: in how many solves each appears, and how often it is the hardest step</text>"#,
        tech_top + 16.0
    );
    let _ = writeln!(
        s,
        r##"<rect x="640" y="{}" width="12" height="12" fill="#bcd7f0"/><text x="658" y="{}" class="s">appears</text><rect x="730" y="{}" width="12" height="12" fill="{BLUE}"/><text x="748" y="{}" class="s">hardest step</text>"##,
        tech_top + 30.0,
        tech_top + 41.0,
        tech_top + 30.0,
        tech_top + 41.0
    );
    let max = shown.iter().map(|t| t.1).max().unwrap_or(0).max(1) as f64;
    let (bar_x, bar_w) = (300.0, 560.0);
    for (i, (t, used, hardest)) in shown.iter().enumerate() {
        let y = tech_top + 56.0 + 22.0 * i as f64;
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{:.1}" class="t" text-anchor="end">{}</text>"#,
            bar_x - 10.0,
            y + 13.0,
            esc(t.name())
        );
        let uw = bar_w * *used as f64 / max;
        let hw = bar_w * *hardest as f64 / max;
        let _ = writeln!(
            s,
            r##"<rect x="{bar_x}" y="{y:.1}" width="{uw:.1}" height="16" rx="2" fill="#bcd7f0"/><rect x="{bar_x}" y="{y:.1}" width="{hw:.1}" height="16" rx="2" fill="{BLUE}"/>"##
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" class="s">{used} · {hardest}</text>"#,
            bar_x + uw.max(hw) + 8.0,
            y + 13.0
        );
    }
    if techniques.len() > shown.len() {
        let _ = writeln!(
            s,
            r#"<text x="{bar_x}" y="{:.1}" class="s">… and {} more (sensei stats prints them all)</text>"#,
            height - 12.0,
            techniques.len() - shown.len()
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_givens_axis_has_no_gaps() {
        // 18 and 22 givens: the bars of 19 to 21 are there, empty, so the
        // axis reads as a scale
        let mut f = Figures::default();
        for givens in [18, 22, 22] {
            f.add(One {
                givens,
                level: Some(Level::Easy),
                er: Some(1.2),
                class: Some("simple".into()),
                hardest: Some(Technique::NakedSingle),
                used: [Technique::NakedSingle].into_iter().collect(),
            });
        }
        let chart = svg(&f, "Gaps");
        for g in 18..=22 {
            assert!(chart.contains(&format!(r#"class="l">{g}</text>"#)), "{g}");
        }
        assert!(text(&f).contains("3 puzzles, 3 rated"));
    }
}
