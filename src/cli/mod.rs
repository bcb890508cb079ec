//! The subcommands of `sensei`, one file each.

pub mod generate;
