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
  sensei serve --bind 0.0.0.0        # reachable from other machines on your network
  sensei serve --bind 0.0.0.0 --allow-host sudoku.lan   # ... also by that name

Limits (docs/api.md): cheap requests (a hint, a check) and expensive ones (a walkthrough of one of
the hardest puzzles, a new puzzle) have workers of their own, so a few slow requests do not hold
up the rest; a full queue is answered 503 with Retry-After. A request's headers and body must
arrive within 10 s each.")]
pub struct Args {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8765)]
    port: u16,
    /// The address to listen on. The default, 127.0.0.1, serves this computer only; `0.0.0.0`
    /// (or `::`) lets other machines in.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Also answer requests addressed to NAME (the `Host` header), e.g. this machine's name on
    /// your network. Requests to other names are refused (403), so that another site cannot
    /// reach the trainer through a name of its own (DNS rebinding); localhost and the address
    /// listened on are always accepted. Repeat for several names.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_host: Vec<String>,
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
            say!("sensei: cannot listen on {wanted}: {e}{advice}");
            return 2;
        }
    };
    let addr = match listener.local_addr() {
        Ok(addr) => addr,
        Err(e) => {
            say!("sensei: {e}");
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
        say!(
            "sensei: listening on {addr}: other machines that can reach this one can use the trainer"
        );
    }
    let config = Config {
        allowed_hosts: a.allow_host.clone(),
        ..Config::default()
    };
    match serve::run(listener, config, serve::ctrl_c()) {
        Ok(()) => {
            say!("sensei serve: stopped");
            0
        }
        Err(e) => {
            say!("sensei: {e}");
            2
        }
    }
}
