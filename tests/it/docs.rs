//! The documents that describe the code stay true to it.

use sudoku_sensei::render::text::techniques_markdown;

fn read(path: &str) -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/").to_string() + path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn techniques_md_lists_every_technique_as_the_code_does() {
    let doc = read("docs/techniques.md");
    assert!(
        doc.contains(&techniques_markdown()),
        "docs/techniques.md is out of date: regenerate its table with `sensei techniques --markdown`"
    );
}

#[test]
fn every_family_page_linked_from_the_index_exists() {
    let doc = read("docs/techniques.md");
    for part in doc.split("](techniques/").skip(1) {
        let file = part.split(')').next().unwrap_or_default();
        assert!(
            std::path::Path::new(&format!(
                "{}/docs/techniques/{file}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .is_file(),
            "docs/techniques/{file} is linked but missing"
        );
    }
}

/// The fenced blocks of a markdown text that follow a line containing
/// `after`, their lines unindented.
fn block_after(doc: &str, after: &str) -> String {
    let rest = doc.split(after).nth(1).unwrap_or_default();
    let body = rest.split("```text\n").nth(1).unwrap_or_default();
    let block = body.split("```").next().unwrap_or_default();
    block.lines().map(|l| format!("{}\n", l.trim())).collect()
}

#[test]
fn formats_md_pencil_mark_example_is_a_solvable_position() {
    use sudoku_sensei::format::{candidate_string, parse_position};
    let doc = read("docs/formats.md");
    let text = block_after(&doc, "Printed by `pencilmarks(&board)`");
    let board = parse_position(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let values: [u8; 81] = *board.grid().values();
    let solution = sudoku_sensei::exact::unique_solution(&values)
        .unwrap_or_else(|_| panic!("the example's values have no unique solution:\n{text}"));
    for cell in sudoku_sensei::Cell::all() {
        let digit = solution[cell.index()];
        let keeps = board.value(cell).map_or_else(
            || board.candidates(cell).iter().any(|d| d.get() == digit),
            |v| v.get() == digit,
        );
        assert!(keeps, "{cell} loses its solution digit {digit}");
    }
    // the candidate-string example is the same position
    let example = block_after(&doc, "Printed by `candidate_string(&board)`");
    let start = example.split_whitespace().next().unwrap_or_default();
    assert!(start.len() > 40);
    assert!(
        candidate_string(&board).starts_with(start),
        "{start} is not the start of {}",
        candidate_string(&board)
    );
}

#[test]
fn readme_names_only_techniques_the_expert_trace_uses() {
    use sudoku_sensei::{parse, solve, Options};
    let readme = read("README.md");
    let paragraph = readme
        .split("sensei explain examples/expert.txt")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").nth(1))
        .unwrap_or_default()
        .replace('\n', " ");
    let text = read("examples/expert.txt");
    let trace = solve(&parse(&text).expect("parses"), &Options::default());
    let used: Vec<&str> = trace.steps.iter().map(|s| s.technique.slug()).collect();
    // what the README may say, and the slugs (or slug prefixes) that show it
    let phrases: [(&str, &[&str]); 12] = [
        ("hidden singles", &["hidden-single"]),
        ("locked pairs", &["locked-pair"]),
        ("naked and hidden pairs", &["naked-pair", "hidden-pair"]),
        ("X-Wing", &["x-wing"]),
        ("Skyscraper", &["skyscraper"]),
        ("unique rectangle", &["uniqueness-test-"]),
        ("hidden rectangle", &["hidden-rectangle"]),
        ("Sue de Coq", &["sue-de-coq"]),
        (
            "nice loops",
            &[
                "continuous-nice-loop",
                "discontinuous-nice-loop",
                "grouped-",
            ],
        ),
        ("almost locked sets", &["als-", "death-blossom"]),
        ("coloring", &["simple-colors", "multi-colors", "3d-medusa"]),
        ("forcing nets", &["forcing-net"]),
    ];
    let mut named = 0;
    for (phrase, slugs) in phrases {
        if paragraph.contains(phrase) {
            named += 1;
            assert!(
                used.iter().any(|u| slugs.iter().any(|s| u.starts_with(s))),
                "README says the expert.txt trace shows {phrase}; it does not"
            );
        }
    }
    assert!(named >= 5, "the README paragraph changed: {paragraph}");
}
