//! Pictures for `sensei explain --format svg|html` and `sensei hint
//! --format svg`: where the files go. The drawing is the library's
//! (`render::svg`, `render::html`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::render::{html, svg};
use sudoku_sensei::solver::Prepared;
use sudoku_sensei::{HintLevel, Trace};

/// Write the pictures or the page of one explained puzzle: `svg` writes
/// `DIR/000-start.svg` and one `DIR/NNN-<technique>.svg` per step (and
/// `DIR/NNN-<technique>-net.svg`, the whole net, for a forcing net whose
/// picture tells it short) (under
/// `DIR/line-<N>/` when the input holds several puzzles); `html` writes the
/// walkthrough to `out` (`FILE-line<N>.html` for several puzzles) or to
/// standard output.
pub fn explain(
    trace: &Trace,
    prepared: &Prepared,
    as_html: bool,
    out: Option<&Path>,
    line: usize,
    many: bool,
    stdout: &mut impl Write,
) -> io::Result<()> {
    if as_html {
        // the ratings of the puzzle solved, prepared once for both
        let rating = grade::grade_prepared(prepared, Scales::ALL);
        let page = html::walkthrough(trace, Some(&rating));
        return match out {
            Some(path) => {
                let path = if many {
                    numbered(path, line)
                } else {
                    path.to_path_buf()
                };
                write_file(&path, &page)
            }
            None if many => Err(io::Error::other(
                "the input holds several puzzles: give -o FILE, one page is written per puzzle \
                 (FILE-line<N>.html)",
            )),
            None => stdout.write_all(page.as_bytes()),
        };
    }
    let Some(dir) = out else {
        return Err(io::Error::other(
            "--format svg writes one file per step: give the folder with --out DIR",
        ));
    };
    let dir = if many {
        dir.join(format!("line-{line}"))
    } else {
        dir.to_path_buf()
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot create {}: {e}", dir.display())))?;
    let total = trace.steps.len();
    let width = total.to_string().len().max(3);
    if let Some(start) = &trace.start {
        let title = format!("Start: {}", trace.puzzle.to_line());
        write_file(
            &dir.join(format!("{:0width$}-start.svg", 0)),
            &svg::position_titled(start, &title),
        )?;
    }
    for (i, (board, step)) in trace.positions().into_iter().enumerate() {
        let title = format!("Step {} of {total}", i + 1);
        let name = format!("{:0width$}-{}.svg", i + 1, step.technique.slug());
        write_file(
            &dir.join(name),
            &svg::step_titled(&board, step, HintLevel::Step, Some(&title)),
        )?;
        // a forcing net drawn short: its whole net beside it
        let title = format!("Step {} of {total}: the whole net", i + 1);
        if let Some(net) = svg::whole_net(&board, step, Some(&title)) {
            let name = format!("{:0width$}-{}-net.svg", i + 1, step.technique.slug());
            write_file(&dir.join(name), &net)?;
        }
    }
    Ok(())
}

/// `walk.html` → `walk-line12.html`.
fn numbered(path: &Path, line: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    path.with_file_name(format!("{stem}-line{line}{ext}"))
}

fn write_file(path: &Path, text: &str) -> io::Result<()> {
    std::fs::write(path, text)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))
}
