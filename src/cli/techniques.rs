//! `sensei techniques`: what sensei knows, with its ratings.

use super::finish;
use std::io::{self, Write};
use sudoku_sensei::render::text;

#[derive(clap::Args)]
pub struct Args {
    /// Print a markdown table (the index of docs/techniques.md).
    #[arg(long)]
    markdown: bool,
}

pub fn run(a: &Args) -> u8 {
    let table = if a.markdown {
        text::techniques_markdown()
    } else {
        text::techniques_table()
    };
    finish(io::stdout().lock().write_all(table.as_bytes()).map(|()| 0))
}
