//! Placeholder exact solver (a plain backtracker) until the fast one lands.
pub type Cells = [u8; 81];
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    None,
    Unique,
    Multiple(usize),
}
fn ok(g: &Cells, i: usize, v: u8) -> bool {
    let (r, c) = (i / 9, i % 9);
    for k in 0..9 {
        if g[r * 9 + k] == v || g[k * 9 + c] == v {
            return false;
        }
        let (br, bc) = ((r / 3) * 3 + k / 3, (c / 3) * 3 + k % 3);
        if g[br * 9 + bc] == v {
            return false;
        }
    }
    true
}
fn rec(g: &mut Cells, limit: usize, n: &mut usize, f: &mut dyn FnMut(&Cells)) {
    let Some(i) = g.iter().position(|&v| v == 0) else {
        *n += 1;
        f(g);
        return;
    };
    for v in 1..=9 {
        if ok(g, i, v) {
            g[i] = v;
            rec(g, limit, n, f);
            g[i] = 0;
            if *n >= limit {
                return;
            }
        }
    }
}
pub fn for_each_solution(givens: &Cells, limit: usize, mut f: impl FnMut(&Cells)) -> usize {
    let mut g = [0u8; 81];
    for i in 0..81 {
        let v = givens[i];
        if v > 9 || (v != 0 && !ok(&g, i, v)) {
            return 0;
        }
        g[i] = v;
    }
    let mut n = 0;
    rec(&mut g, limit.max(1), &mut n, &mut f);
    n
}
pub fn solve(givens: &Cells) -> Option<Cells> {
    let mut s = None;
    for_each_solution(givens, 1, |g| s = Some(*g));
    s
}
pub fn count_solutions(givens: &Cells, limit: usize) -> Count {
    match for_each_solution(givens, limit.max(2), |_| {}) {
        0 => Count::None,
        1 => Count::Unique,
        n => Count::Multiple(n),
    }
}
pub fn solve_unique(givens: &Cells) -> Result<Cells, Count> {
    let mut s = None;
    match for_each_solution(givens, 2, |g| s = Some(*g)) {
        1 => s.ok_or(Count::None),
        0 => Err(Count::None),
        n => Err(Count::Multiple(n)),
    }
}
