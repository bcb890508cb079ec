//! The technique pages for learners (docs/learn/) stay true: every
//! technique of the default profile has its example block on its family's
//! page; each example's practice position, read back as a player would
//! paste it, gives the same step as a hint; the block and its picture
//! (docs/learn/img/) are exactly what `render::learn` writes for that step
//! now. Needs no shared data: the positions are in the pages. To refresh
//! the examples: `cargo run --release -p sensei-tools --bin technique_pages`; to
//! redraw the pictures alone after a change of the drawing (look at them):
//! `SENSEI_UPDATE_PICTURES=1 cargo test --test it learn`.

use std::path::{Path, PathBuf};
use sudoku_sensei::render::learn;
use sudoku_sensei::{hint, parse_position, Board, Hint, Options, Step, Technique};

const REGENERATE: &str = "run `cargo run --release -p sensei-tools --bin technique_pages`";

fn docs() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/learn"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The techniques the pages must show: the default profile's.
fn wanted() -> Vec<Technique> {
    Options::default()
        .techniques
        .into_iter()
        .filter(|&t| t != Technique::BruteForce)
        .collect()
}

/// Every technique's block on its page: (technique, page, block text).
fn all_blocks() -> Vec<(Technique, String, String)> {
    let mut out = Vec::new();
    for t in wanted() {
        let page = learn::page(t).unwrap_or_else(|| panic!("{} has no page", t.slug()));
        let text = read(&docs().join(page));
        let marker = format!("{}{} -->\n", learn::BEGIN, t.slug());
        let found: Vec<String> = learn::blocks(&text)
            .into_iter()
            .map(|(s, e)| text[s..e].to_string())
            .filter(|b| b.starts_with(&marker))
            .collect();
        assert_eq!(
            found.len(),
            1,
            "docs/learn/{page}: {} blocks for {} (its example or why it has none)",
            found.len(),
            t.slug()
        );
        out.push((t, page.to_string(), found[0].clone()));
    }
    out
}

/// The examples of the pages: technique, position (givens apart) and the
/// step a hint gives there.
pub(crate) fn examples() -> Vec<(Technique, Board, Step)> {
    let mut out = Vec::new();
    for (t, _, block) in all_blocks() {
        let Some((_, source)) = learn::read_block(&block) else {
            continue;
        };
        let (Some(board), Ok(pasted)) = (learn::board(&source), parse_position(&source.practice))
        else {
            continue;
        };
        if let Hint::Step(step) = hint(&pasted, &learn::options(t)) {
            out.push((t, board, *step));
        }
    }
    out
}

#[test]
fn every_example_is_its_step_now() {
    let mut examples = 0;
    let mut pictures = Vec::new();
    for (t, page, block) in all_blocks() {
        let Some((slug, source)) = learn::read_block(&block) else {
            assert!(
                block.contains("_No example._") && block.len() > 120,
                "docs/learn/{page}: the block of {} has neither an example nor the reason \
                 it has none",
                t.slug()
            );
            continue;
        };
        assert_eq!(slug, t.slug());
        let board = parse_position(&source.practice)
            .unwrap_or_else(|e| panic!("{page}: {slug}: the practice position: {e}"));
        // the puzzle's givens are values of the position
        let puzzle = sudoku_sensei::parse(&source.puzzle).expect("the puzzle parses");
        for cell in sudoku_sensei::Cell::all() {
            if let Some(d) = puzzle.value(cell) {
                assert_eq!(board.value(cell), Some(d), "{slug}: the given of {cell}");
            }
        }
        let Hint::Step(step) = hint(&board, &learn::options(t)) else {
            panic!("{page}: {slug}: the practice position gives no step; {REGENERATE}");
        };
        assert_eq!(
            step.technique,
            t,
            "{page}: {slug}: a player trying the position is shown {}; {REGENERATE}",
            step.technique.name()
        );
        let written = learn::block(t, &source, &step);
        if std::env::var_os("SENSEI_UPDATE_LEARN").is_some() && block != written {
            // the blocks' wording changed, not the examples
            let path = docs().join(&page);
            std::fs::write(&path, read(&path).replacen(&block, &written, 1)).expect("write");
            eprintln!("updated the block of {slug} in {}", path.display());
        } else {
            assert!(
                block == written,
                "docs/learn/{page}: the example of {slug} is out of date; {REGENERATE} \
                 (or, for a change of the blocks' wording alone, \
                 SENSEI_UPDATE_LEARN=1 cargo test --test it learn)"
            );
        }
        // drawn on the position as the solve reached it (givens apart)
        let solved = learn::board(&source).expect("the example's position");
        assert_eq!(
            sudoku_sensei::format::candidate_string(&solved),
            sudoku_sensei::format::candidate_string(&board),
            "{slug}"
        );
        let file = docs().join("img").join(format!("{slug}.svg"));
        let picture = learn::picture(&solved, &step);
        if std::env::var_os("SENSEI_UPDATE_PICTURES").is_some() && read(&file) != picture {
            // the pictures' drawing changed, not the examples
            std::fs::write(&file, &picture).expect("write the picture");
            eprintln!("updated {}", file.display());
        }
        assert!(
            read(&file) == picture,
            "{}: out of date; {REGENERATE}",
            file.display()
        );
        assert!(
            picture.len() < 16_000,
            "{slug}: a {} byte picture",
            picture.len()
        );
        roxmltree::Document::parse(&picture).expect("the picture is XML");
        pictures.push(format!("{slug}.svg"));
        // the position to try, with its pencil marks
        let file = docs().join("img").join(format!("{slug}-try.svg"));
        let try_it = learn::try_picture(&solved);
        let update = std::env::var_os("SENSEI_UPDATE_LEARN").is_some()
            || std::env::var_os("SENSEI_UPDATE_PICTURES").is_some();
        if update && std::fs::read_to_string(&file).ok().as_ref() != Some(&try_it) {
            std::fs::write(&file, &try_it).expect("write the picture");
            eprintln!("updated {}", file.display());
        }
        assert!(
            read(&file) == try_it,
            "{}: out of date; {REGENERATE}",
            file.display()
        );
        pictures.push(format!("{slug}-try.svg"));
        examples += 1;
    }
    assert!(examples >= 60, "only {examples} techniques have an example");
    // no picture left over from an example that is gone
    let mut files: Vec<String> = std::fs::read_dir(docs().join("img"))
        .expect("docs/learn/img")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    pictures.sort();
    assert_eq!(files, pictures, "docs/learn/img/ holds other files");
}

#[test]
fn the_pages_are_linked() {
    let index = read(&docs().join("README.md"));
    let mut pages: Vec<&str> = wanted().into_iter().filter_map(learn::page).collect();
    pages.sort();
    pages.dedup();
    for page in pages {
        assert!(
            index.contains(&format!("]({page})")),
            "docs/learn/README.md does not link {page}"
        );
        let text = read(&docs().join(page));
        assert!(text.contains("](README.md)"), "{page} does not link back");
    }
    let techniques = read(&docs().join("../techniques.md"));
    assert!(techniques.contains("](learn/README.md)"));
}
