//! The lessons of the practice mode: the learner pages (`docs/learn/`) and
//! their pictures, compiled in so that the trainer serves them offline. A
//! technique's lesson is its section of its family's page: the text before
//! its example, the example's picture, step line and sentence, and the
//! position to practise on (the bundled practice position, used when the
//! generator cannot make one in time).

use crate::render::learn;
use crate::technique::Technique;

/// The family pages, by file name.
const PAGES: [(&str, &str); 11] = [
    ("als.md", include_str!("../../docs/learn/als.md")),
    ("chains.md", include_str!("../../docs/learn/chains.md")),
    ("coloring.md", include_str!("../../docs/learn/coloring.md")),
    ("fish.md", include_str!("../../docs/learn/fish.md")),
    ("forcing.md", include_str!("../../docs/learn/forcing.md")),
    (
        "intersections.md",
        include_str!("../../docs/learn/intersections.md"),
    ),
    (
        "single_digit.md",
        include_str!("../../docs/learn/single_digit.md"),
    ),
    ("singles.md", include_str!("../../docs/learn/singles.md")),
    ("subsets.md", include_str!("../../docs/learn/subsets.md")),
    (
        "uniqueness.md",
        include_str!("../../docs/learn/uniqueness.md"),
    ),
    ("wings.md", include_str!("../../docs/learn/wings.md")),
];

/// The example's picture of a technique (`docs/learn/img/<slug>.svg`).
fn picture(slug: &str) -> Option<&'static str> {
    Some(match slug {
        "2-string-kite" => include_str!("../../docs/learn/img/2-string-kite.svg"),
        "3d-medusa" => include_str!("../../docs/learn/img/3d-medusa.svg"),
        "als-xy-chain" => include_str!("../../docs/learn/img/als-xy-chain.svg"),
        "als-xy-wing" => include_str!("../../docs/learn/img/als-xy-wing.svg"),
        "als-xz" => include_str!("../../docs/learn/img/als-xz.svg"),
        "avoidable-rectangle-type-1" => {
            include_str!("../../docs/learn/img/avoidable-rectangle-type-1.svg")
        }
        "avoidable-rectangle-type-2" => {
            include_str!("../../docs/learn/img/avoidable-rectangle-type-2.svg")
        }
        "bug-plus-1" => include_str!("../../docs/learn/img/bug-plus-1.svg"),
        "continuous-nice-loop" => include_str!("../../docs/learn/img/continuous-nice-loop.svg"),
        "discontinuous-nice-loop" => {
            include_str!("../../docs/learn/img/discontinuous-nice-loop.svg")
        }
        "dual-2-string-kite" => include_str!("../../docs/learn/img/dual-2-string-kite.svg"),
        "dual-empty-rectangle" => {
            include_str!("../../docs/learn/img/dual-empty-rectangle.svg")
        }
        "empty-rectangle" => include_str!("../../docs/learn/img/empty-rectangle.svg"),
        "finned-franken-swordfish" => {
            include_str!("../../docs/learn/img/finned-franken-swordfish.svg")
        }
        "finned-jellyfish" => include_str!("../../docs/learn/img/finned-jellyfish.svg"),
        "finned-swordfish" => include_str!("../../docs/learn/img/finned-swordfish.svg"),
        "finned-x-wing" => include_str!("../../docs/learn/img/finned-x-wing.svg"),
        "forcing-chain-contradiction" => {
            include_str!("../../docs/learn/img/forcing-chain-contradiction.svg")
        }
        "forcing-net-contradiction" => {
            include_str!("../../docs/learn/img/forcing-net-contradiction.svg")
        }
        "forcing-net-plus-contradiction" => {
            include_str!("../../docs/learn/img/forcing-net-plus-contradiction.svg")
        }
        "forcing-net-plus-verity" => {
            include_str!("../../docs/learn/img/forcing-net-plus-verity.svg")
        }
        "forcing-net-verity" => include_str!("../../docs/learn/img/forcing-net-verity.svg"),
        "full-house" => include_str!("../../docs/learn/img/full-house.svg"),
        "grouped-continuous-nice-loop" => {
            include_str!("../../docs/learn/img/grouped-continuous-nice-loop.svg")
        }
        "grouped-discontinuous-nice-loop" => {
            include_str!("../../docs/learn/img/grouped-discontinuous-nice-loop.svg")
        }
        "hidden-pair" => include_str!("../../docs/learn/img/hidden-pair.svg"),
        "hidden-quadruple" => include_str!("../../docs/learn/img/hidden-quadruple.svg"),
        "hidden-rectangle" => include_str!("../../docs/learn/img/hidden-rectangle.svg"),
        "hidden-single" => include_str!("../../docs/learn/img/hidden-single.svg"),
        "hidden-triple" => include_str!("../../docs/learn/img/hidden-triple.svg"),
        "jellyfish" => include_str!("../../docs/learn/img/jellyfish.svg"),
        "locked-candidates-claiming" => {
            include_str!("../../docs/learn/img/locked-candidates-claiming.svg")
        }
        "locked-candidates-pointing" => {
            include_str!("../../docs/learn/img/locked-candidates-pointing.svg")
        }
        "locked-pair" => include_str!("../../docs/learn/img/locked-pair.svg"),
        "locked-triple" => include_str!("../../docs/learn/img/locked-triple.svg"),
        "multi-colors-1" => include_str!("../../docs/learn/img/multi-colors-1.svg"),
        "naked-pair" => include_str!("../../docs/learn/img/naked-pair.svg"),
        "naked-quadruple" => include_str!("../../docs/learn/img/naked-quadruple.svg"),
        "naked-single" => include_str!("../../docs/learn/img/naked-single.svg"),
        "naked-triple" => include_str!("../../docs/learn/img/naked-triple.svg"),
        "nested-forcing-net-contradiction" => {
            include_str!("../../docs/learn/img/nested-forcing-net-contradiction.svg")
        }
        "remote-pair" => include_str!("../../docs/learn/img/remote-pair.svg"),
        "sashimi-jellyfish" => include_str!("../../docs/learn/img/sashimi-jellyfish.svg"),
        "sashimi-swordfish" => include_str!("../../docs/learn/img/sashimi-swordfish.svg"),
        "sashimi-x-wing" => include_str!("../../docs/learn/img/sashimi-x-wing.svg"),
        "simple-colors-trap" => include_str!("../../docs/learn/img/simple-colors-trap.svg"),
        "simple-colors-wrap" => include_str!("../../docs/learn/img/simple-colors-wrap.svg"),
        "skyscraper" => include_str!("../../docs/learn/img/skyscraper.svg"),
        "sue-de-coq" => include_str!("../../docs/learn/img/sue-de-coq.svg"),
        "swordfish" => include_str!("../../docs/learn/img/swordfish.svg"),
        "turbot-fish" => include_str!("../../docs/learn/img/turbot-fish.svg"),
        "uniqueness-test-1" => include_str!("../../docs/learn/img/uniqueness-test-1.svg"),
        "uniqueness-test-2" => include_str!("../../docs/learn/img/uniqueness-test-2.svg"),
        "uniqueness-test-3" => include_str!("../../docs/learn/img/uniqueness-test-3.svg"),
        "uniqueness-test-4" => include_str!("../../docs/learn/img/uniqueness-test-4.svg"),
        "uniqueness-test-5" => include_str!("../../docs/learn/img/uniqueness-test-5.svg"),
        "uniqueness-test-6" => include_str!("../../docs/learn/img/uniqueness-test-6.svg"),
        "w-wing" => include_str!("../../docs/learn/img/w-wing.svg"),
        "wxyz-wing" => include_str!("../../docs/learn/img/wxyz-wing.svg"),
        "x-chain" => include_str!("../../docs/learn/img/x-chain.svg"),
        "x-wing" => include_str!("../../docs/learn/img/x-wing.svg"),
        "xy-chain" => include_str!("../../docs/learn/img/xy-chain.svg"),
        "xy-wing" => include_str!("../../docs/learn/img/xy-wing.svg"),
        "xyz-wing" => include_str!("../../docs/learn/img/xyz-wing.svg"),
        _ => return None,
    })
}

/// A technique's lesson, read from its family's page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lesson {
    /// The family's introduction (the paragraphs before its first section).
    pub family_intro: Vec<String>,
    /// The section's paragraphs before the example.
    pub text: Vec<String>,
    /// The example's step line (`X-Wing: 4 r24 c19 => ...`), if any.
    pub example_line: Option<String>,
    /// The example's sentence, if any.
    pub example_text: Option<String>,
    /// The example's picture (SVG), if any.
    pub picture: Option<&'static str>,
    /// The position just before the example's step, if any.
    pub practice: Option<String>,
}

/// The paragraphs of a piece of markdown (blank-line separated, each on
/// one line), without headings, pictures and comments.
fn paragraphs(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| {
            !p.is_empty()
                && !p.starts_with('#')
                && !p.starts_with("![")
                && !p.starts_with("[![")
                && !p.starts_with("<!--")
        })
        .collect()
}

/// The lesson of `t`, or `None` if no page teaches it.
pub(crate) fn lesson(t: Technique) -> Option<Lesson> {
    let file = learn::page(t)?;
    let page = PAGES.iter().find(|(name, _)| *name == file)?.1;
    let marker = format!("{}{} -->\n", learn::BEGIN, t.slug());
    let at = page.find(&marker)?;
    let head = page.get(..at)?;
    let section = head.rfind("\n## ").map_or(0, |i| i + 1);
    let title_end = head
        .get(section..)?
        .find('\n')
        .map_or(head.len(), |i| section + i);
    let first_section = page.find("\n## ").unwrap_or(page.len());
    // the family's introduction: after the title and the line of links
    let intro: Vec<String> = paragraphs(page.get(..first_section)?)
        .into_iter()
        .filter(|p| !p.starts_with('['))
        .collect();
    let block_start = at + marker.len();
    let block_end = page
        .get(block_start..)?
        .find(learn::END)
        .map_or(page.len(), |i| block_start + i);
    let block = page.get(block_start..block_end)?;
    let parts = paragraphs(block);
    let example_line = parts
        .iter()
        .find(|p| p.starts_with('`') && p.ends_with('`') && p.contains(':'))
        .map(|p| p.trim_matches('`').to_string());
    let example_text = example_line.as_ref().and_then(|_| {
        parts
            .iter()
            .skip_while(|p| !(p.starts_with('`') && p.ends_with('`')))
            .nth(1)
            .cloned()
    });
    let practice = block
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split('\n').next())
        .map(str::to_string);
    Some(Lesson {
        family_intro: intro,
        text: paragraphs(head.get(title_end..)?),
        example_line,
        example_text: example_text.or_else(|| parts.first().cloned()),
        picture: picture(t.slug()),
        practice,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every lesson with an example shows its picture (the pictures are
    /// compiled in by slug, so a new example needs its line above).
    #[test]
    fn every_example_has_its_picture() {
        for t in Technique::all() {
            if let Some(lesson) = lesson(t) {
                if lesson.example_line.is_some() {
                    assert!(lesson.picture.is_some(), "{}: no picture", t.slug());
                }
            }
        }
    }
}
