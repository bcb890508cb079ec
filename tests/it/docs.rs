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

/// The names the crate root makes public and documents: its `pub use`
/// items, its `pub fn`s, and its `pub mod`s not marked `#[doc(hidden)]`.
pub fn facade() -> std::collections::BTreeSet<String> {
    let lib = read("src/lib.rs");
    let mut names = std::collections::BTreeSet::new();
    let mut hidden = false;
    let mut in_use = String::new();
    for line in lib.lines().map(str::trim) {
        if line.starts_with("//") {
            continue;
        }
        if !in_use.is_empty() || line.starts_with("pub use ") {
            in_use.push_str(line);
            if line.ends_with(';') {
                let list = in_use.trim_start_matches("pub use ").trim_end_matches(';');
                let list = list.split_once("::").map_or(list, |(_, rest)| rest);
                for name in list.trim_matches(|c| c == '{' || c == '}').split(',') {
                    let name = name.split(" as ").last().unwrap_or("").trim();
                    if !name.is_empty() {
                        names.insert(name.to_string());
                    }
                }
                in_use.clear();
            }
            continue;
        }
        if line == "#[doc(hidden)]" {
            hidden = true;
            continue;
        }
        if let Some(rest) = line
            .strip_prefix("pub mod ")
            .or(line.strip_prefix("pub fn "))
        {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !hidden {
                names.insert(name);
            }
        }
        if !line.starts_with('#') {
            hidden = false;
        }
    }
    names
}

#[test]
fn the_example_app_uses_only_the_public_facade() {
    let facade = facade();
    for must in [
        "parse", "solve", "hint", "grade", "render", "exact", "Step", "Evidence",
    ] {
        assert!(facade.contains(must), "the façade lacks {must}: {facade:?}");
    }
    for hidden in ["strategies", "links", "solver", "board"] {
        assert!(!facade.contains(hidden), "{hidden} is internal");
    }
    let app = read("examples/app.rs");
    let mut used = Vec::new();
    for part in app.split("sudoku_sensei::").skip(1) {
        if let Some(group) = part.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or("");
            used.extend(group.split(',').map(|n| n.trim().to_string()));
        } else {
            let name: String = part
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            used.push(name);
        }
    }
    assert!(used.len() >= 10, "the app uses the library: {used:?}");
    for name in used.iter().filter(|n| !n.is_empty()) {
        assert!(
            facade.contains(name),
            "examples/app.rs uses {name}, which is not in the façade"
        );
    }
}

/// The items of a module file marked `#[doc(hidden)]`.
pub fn hidden_in(path: &str) -> Vec<String> {
    let text = read(path);
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut out = Vec::new();
    for pair in lines.windows(2) {
        if pair[0] != "#[doc(hidden)]" {
            continue;
        }
        let rest = pair[1].trim_start_matches("pub ");
        let rest = ["mod ", "fn ", "use ", "const ", "enum ", "struct "]
            .iter()
            .find_map(|k| rest.strip_prefix(k))
            .unwrap_or("");
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.push(name);
        }
    }
    out
}

#[test]
fn the_example_app_names_no_hidden_item_of_a_public_module() {
    let app = read("examples/app.rs");
    for (module, file) in [
        ("render", "src/render/mod.rs"),
        ("format", "src/format/mod.rs"),
        ("text", "src/render/text/mod.rs"),
        ("svg", "src/render/svg/mod.rs"),
        ("json", "src/render/json.rs"),
    ] {
        for name in hidden_in(file) {
            assert!(
                !app.contains(&format!("{module}::{name}")),
                "examples/app.rs uses the hidden {module}::{name}"
            );
        }
    }
    assert!(hidden_in("src/render/mod.rs").contains(&"roles".to_string()));
}

/// The text of the README section under `heading` (to the next `## `).
fn readme_section(readme: &str, heading: &str) -> String {
    let rest = readme.split(heading).nth(1).unwrap_or_default();
    rest.split("\n## ").next().unwrap_or_default().to_string()
}

#[test]
fn readme_sets_up_a_new_user() {
    let readme = read("README.md");
    let install = readme_section(&readme, "## Install");
    // the exact dependency versions of Cargo.lock, not a new resolution
    assert!(
        install.contains("cargo install --locked --path ."),
        "{install}"
    );
    assert!(
        install.contains("~/.cargo/bin") && install.contains("PATH"),
        "the README must say where the binary goes: {install}"
    );
    // a way to try it without installing, whose arguments work as written
    let run = install
        .lines()
        .find_map(|l| l.trim().strip_prefix("cargo run --release -- "))
        .unwrap_or_else(|| panic!("no `cargo run --release -- ...` line: {install}"));
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_sensei"))
        .args(run.split_whitespace())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run sensei");
    assert_eq!(o.status.code(), Some(0), "sensei {run}");
    // how long the tests take
    let test = readme_section(&readme, "## Test");
    assert!(
        test.contains("cargo test") && test.contains("minute"),
        "the README must say how long `cargo test` takes: {test}"
    );
}

#[test]
fn a_hidden_module_is_public_only_because_the_binary_or_the_tests_need_it() {
    // the rest of the engine is private to the crate (its types re-exported
    // at the root where apps need them)
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut users = Vec::new();
    for dir in ["tests", "examples", "tools", "src/cli"] {
        crate::layers::files(&root.join(dir), &mut users);
    }
    users.push(root.join("src/main.rs"));
    let text: String = users
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_default())
        .collect();
    let hidden: Vec<String> = hidden_in("src/lib.rs");
    assert!(hidden.contains(&"strategies".to_string()), "{hidden:?}");
    for module in hidden {
        assert!(
            text.contains(&format!("sudoku_sensei::{module}::")),
            "{module} is public but neither the binary nor a test names it: make it private"
        );
    }
}
