//! The module graph flows one way: vocabulary → board → links → strategies
//! → solver → grade / hint / generate → render → serve. A module names only
//! modules of lower layers (or of its own layer, without a cycle); the one
//! allowed pair is `grid` ↔ `bitset`, the vocabulary. docs/architecture.md
//! shows the same table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first. A top-level module not listed here fails the
/// test, so a new module must be placed.
const LAYERS: &[&[&str]] = &[
    &[
        "grid",
        "bitset",
        "technique",
        "exact",
        "scc",
        "stop",
        "testing",
    ],
    &["board", "canon"],
    &["step", "format"],
    &["trace"],
    &["sets", "links"],
    &["strategies"],
    &["solver"],
    &["grade", "hint", "generate", "check_step"],
    &["render"],
    &["serve"],
];

/// Cycles allowed between modules of one layer.
const ALLOWED: &[(&str, &str)] = &[("grid", "bitset"), ("bitset", "grid")];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The top-level module a file of `src/` belongs to (`None` for lib.rs,
/// main.rs and the binary's own `cli/`).
pub fn module_of(rel: &Path) -> Option<String> {
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    let name = first.trim_end_matches(".rs").to_string();
    (!["lib", "main", "cli"].contains(&name.as_str())).then_some(name)
}

/// Every `crate::<module>` a file names outside comments.
fn uses(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            // `crate::{a::X, b}` names each of its first path segments
            let group = rest
                .strip_prefix('{')
                .map(|g| g.split('}').next().unwrap_or(""));
            let heads: Vec<&str> = match group {
                Some(g) => g.split(',').collect(),
                None => vec![rest],
            };
            for head in heads {
                let name: String = head
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        }
    }
    out
}

/// Every `.rs` file under `dir`.
pub fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names lib.rs re-exports (`pub use grid::{Cell, Digit}`), each with
/// the module it comes from, so that `crate::Cell` counts as naming `grid`.
fn reexports(src: &Path) -> BTreeMap<String, String> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs is readable");
    let mut map = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        let names = names.trim_start_matches('{').trim_end_matches('}');
        for name in names.split(',') {
            let name = name.split(" as ").last().unwrap_or("").trim();
            let name = name.rsplit("::").next().unwrap_or(name);
            if !name.is_empty() {
                map.insert(name.to_string(), module.to_string());
            }
        }
    }
    map
}

/// module → the modules it names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let reexported = reexports(&src);
    let mut paths = Vec::new();
    files(&src, &mut paths);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in paths {
        let rel = path.strip_prefix(&src).expect("under src");
        let Some(module) = module_of(rel) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("readable source");
        let entry = g.entry(module.clone()).or_default();
        for used in uses(&text) {
            let used = reexported.get(&used).cloned().unwrap_or(used);
            if used != module {
                entry.insert(used);
            }
        }
    }
    g
}

#[test]
fn every_module_has_a_layer_and_names_only_lower_ones() {
    let g = graph();
    let mut wrong = Vec::new();
    for (module, used) in &g {
        let Some(mine) = layer_of(module) else {
            wrong.push(format!("{module}: not in LAYERS"));
            continue;
        };
        for u in used {
            match layer_of(u) {
                Some(theirs) if theirs <= mine => {}
                Some(_) => wrong.push(format!("{module} (layer {mine}) names {u}, a higher layer")),
                None => wrong.push(format!("{module} names {u}, which is not in LAYERS")),
            }
        }
    }
    assert!(wrong.is_empty(), "layering broken:\n{}", wrong.join("\n"));
}

#[test]
fn the_module_graph_has_no_cycle() {
    let g = graph();
    // depth-first search for a back edge, skipping the allowed pair
    fn visit(
        m: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let cycle = path[i..].to_vec();
            let allowed =
                cycle.len() == 2 && ALLOWED.contains(&(cycle[0].as_str(), cycle[1].as_str()));
            return (!allowed).then_some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for next in g.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in g.keys() {
        if let Some(cycle) = visit(m, &g, &mut Vec::new(), &mut done) {
            panic!("cycle: {} -> {}", cycle.join(" -> "), cycle[0]);
        }
    }
}

/// The line cap of docs/architecture.md's invariants: no file in `src/` is
/// over 800 lines (a longer one is split by what its parts do, as
/// `strategies/fish/` and `exact/` are).
#[test]
fn no_file_in_src_is_over_800_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let long: Vec<String> = all
        .iter()
        .filter_map(|p| {
            let lines = std::fs::read_to_string(p).ok()?.lines().count();
            (lines > 800).then(|| format!("{} ({lines} lines)", p.display()))
        })
        .collect();
    assert!(all.len() > 100, "only {} files read", all.len());
    assert!(long.is_empty(), "files over 800 lines: {long:?}");
}

/// Every file in `src/` opens with a `//!` note saying what it holds (the
/// style guide's rule; the code map of docs/architecture.md points to them).
#[test]
fn every_file_in_src_opens_with_a_note() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let bare: Vec<String> = all
        .iter()
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(bare.is_empty(), "files without a //! note: {bare:?}");
}
