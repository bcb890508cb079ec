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
