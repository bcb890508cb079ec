use std::time::Instant;
use sudoku_sensei::grade::{self, Scales};
use sudoku_sensei::parse;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let which = std::env::args().nth(2).unwrap_or("se".into());
    let text = std::fs::read_to_string(path).unwrap();
    let sc = match which.as_str() {
        "se" => Scales {
            se: true,
            hodoku: false,
            class: false,
        },
        "hodoku" => Scales {
            se: false,
            hodoku: true,
            class: false,
        },
        _ => Scales::ALL,
    };
    let mut times = Vec::new();
    for l in text.lines() {
        if l.len() < 81 || l.starts_with('#') {
            continue;
        }
        let Ok(g) = parse(&l[..81]) else { continue };
        let t = Instant::now();
        let r = grade::grade(&g, sc);
        let e = t.elapsed().as_secs_f64() * 1e3;
        times.push((
            e,
            l[..81].to_string(),
            format!("{:?} {:?}", r.hardest, r.guessed),
        ));
    }
    let total: f64 = times.iter().map(|t| t.0).sum();
    times.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    let mut acc = 0.0;
    for (i, (t, l, h)) in times.iter().take(40).enumerate() {
        acc += t;
        println!("{i:3} {t:8.1} ms {:5.1}% {l} {h}", 100.0 * acc / total);
    }
}
