//! `sensei serve`: the trainer page and its JSON API on a local web server
//! (`sudoku_sensei::serve`); this file binds the socket, prints the address
//! and stops on Ctrl-C.

use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use sudoku_sensei::serve::{self, Config};

#[derive(clap::Args)]
#[command(after_help = "\
The page: start a puzzle (paste one in any format sensei reads, pick a built-in one by level, or
generate one), play with values and pencil marks (mouse or keyboard), ask for a hint a level at a
time with its picture, check your grid, and see the rest of the solve explained step by step.
Your game is kept in the browser, so a reload loses nothing.

The API (JSON over HTTP, documented in docs/api.md):
  curl -s 127.0.0.1:8765/api/hint -d '{\"level\": 2, \"position\":
    \"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\"}'

Examples:
  sensei serve                       # http://127.0.0.1:8765/
  sensei serve --port 0              # any free port (the address is printed)
  sensei serve --bind 0.0.0.0        # reachable from other machines on your network")]
pub struct Args {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8765)]
    port: u16,
    /// The address to listen on. The default, 127.0.0.1, serves this computer only; `0.0.0.0`
    /// (or `::`) lets other machines in.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
}

pub fn run(a: &Args) -> u8 {
    let wanted = SocketAddr::new(a.bind, a.port);
    let listener = match TcpListener::bind(wanted) {
        Ok(l) => l,
        Err(e) => {
            let advice = match e.kind() {
                io::ErrorKind::AddrInUse => {
                    " (another program uses that port: choose another with --port, or --port 0 \
                     for any free one)"
                }
                io::ErrorKind::AddrNotAvailable => {
                    " (that address is not one of this computer's: see --bind)"
                }
                _ => "",
            };
            eprintln!("sensei: cannot listen on {wanted}: {e}{advice}");
            return 2;
        }
    };
    let addr = match listener.local_addr() {
        Ok(addr) => addr,
        Err(e) => {
            eprintln!("sensei: {e}");
            return 2;
        }
    };
    // an unspecified address (0.0.0.0) listens on every interface; this
    // computer reaches it on loopback
    let shown = if addr.ip().is_unspecified() {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port())
    } else {
        addr
    };
    println!("sensei serve: the trainer is at http://{shown}/ (Ctrl-C stops it)");
    let _ = io::stdout().flush();
    if !addr.ip().is_loopback() {
        eprintln!(
            "sensei: listening on {addr}: other machines that can reach this one can use the trainer"
        );
    }
    match serve::run(listener, Config::default(), serve::ctrl_c()) {
        Ok(()) => {
            eprintln!("sensei serve: stopped");
            0
        }
        Err(e) => {
            eprintln!("sensei: {e}");
            2
        }
    }
}
