//! The progress bar on stderr for long batches.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, IsTerminal};

/// A progress bar on stderr for a file on a terminal (by bytes read), or nothing.
pub fn progress(name: &str, quiet: bool) -> Option<ProgressBar> {
    if quiet || !io::stderr().is_terminal() || name == "-" {
        return None;
    }
    let len = std::fs::metadata(name).ok()?.len();
    if len < 200_000 {
        return None;
    }
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template(
            "{msg} [{bar:24}] {percent:>3}% {binary_bytes_per_sec} ETA {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    pb.set_message(name.to_string());
    Some(pb)
}
