//! The commands of `sensei`, one file each (bin-only: argument parsing,
//! I/O and exit codes; the work is the library's).

pub mod pictures;
pub mod show;
