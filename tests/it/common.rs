//! Shared helpers for the integration tests.

use std::path::PathBuf;

/// `../shared/data` beside the project, when it is there.
pub fn shared_data() -> Option<PathBuf> {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data"));
    p.is_dir().then_some(p)
}

/// A file of the shared data, or `None` after printing why the test skips.
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    match shared_data() {
        Some(d) if d.join(rel).is_file() => Some(d.join(rel)),
        _ => {
            eprintln!("skipped: ../shared/data/{rel} is not present");
            None
        }
    }
}

#[allow(dead_code)] // used by the sweep modules
/// The puzzle lines of a file: blank and `#` lines skipped, first 81 chars kept.
pub fn puzzle_lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.get(..81).map(str::to_string))
        .collect()
}
