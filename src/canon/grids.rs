//! The minlex form of a full solution grid, by a search of its own.
//!
//! The general search ([`super::minlex`]) keeps every column order that
//! gives the smallest rows so far. A full first row shows nine new digits,
//! and every order of them reads `123456789`: it kept 6 × 6³ = 1,296
//! column orders for each of the 18 possible first rows, and only the
//! second row sorted them out (about 300 grids a second).
//!
//! For a full grid the first row is always `123456789`, and a digit's label
//! is the target column it has in that row. So the search here chooses,
//! for each orientation, first row and second row of its band:
//!
//! 1. the stack order σ, and the column orders of the stacks at positions 2
//!    and 3 (6 × 36 choices). The second row's first three cells show
//!    digits from those two stacks of the first row (a box holds each digit
//!    once), so their labels are now known;
//! 2. the column order of the stack at position 1 is then forced: the one
//!    that writes those three labels in increasing order;
//! 3. that fixes the whole column order and every label, so the band's
//!    second and third rows are known; the choices giving the smallest are
//!    kept;
//! 4. for those, the two other bands go in the order that gives the
//!    smaller string, each with its rows sorted (the rows of a solution
//!    grid differ, so this order is the only best one).
//!
//! Every choice that gives the form is counted: their number is the grid's
//! automorphism count (the relabelling is fixed by the geometric map, since
//! the grid shows every digit).

use super::transform::Transform;
use super::Canonical;
use crate::grid::Grid;

/// The six orders of three items.
const ORDERS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A column order and labelling that gives the smallest first band so far.
#[derive(Clone, Copy)]
struct Choice {
    transpose: bool,
    /// The source rows of target rows 1 to 3.
    top: [u8; 3],
    /// The source column of each target column.
    cols: [u8; 9],
    /// The label of each digit (index 1 to 9).
    label: [u8; 10],
}

/// Whether `values` is a full solution grid: every row, column and box
/// holds the nine digits.
pub fn is_solution(values: &[u8; 81]) -> bool {
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    for (i, &v) in values.iter().enumerate() {
        if !(1..=9).contains(&v) {
            return false;
        }
        let bit = 1u16 << v;
        let (r, c) = (i / 9, i % 9);
        let b = r / 3 * 3 + c / 3;
        if rows[r] & bit != 0 || cols[c] & bit != 0 || boxes[b] & bit != 0 {
            return false;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    true
}

/// The minlex form of a full solution grid (`values` must be one: see
/// [`is_solution`]).
pub fn minlex_solution(values: &[u8; 81]) -> Canonical {
    let mut transposed = [0u8; 81];
    for (i, t) in transposed.iter_mut().enumerate() {
        *t = values[(i % 9) * 9 + i / 9];
    }
    let sources = [*values, transposed];
    // rows 2 and 3 of the best first band so far, and the choices giving it
    let mut best = [u8::MAX; 18];
    let mut choices: Vec<Choice> = Vec::new();
    for (t, src) in sources.iter().enumerate() {
        for r1 in 0..9usize {
            for r2 in (0..9).filter(|&r| r / 3 == r1 / 3 && r != r1) {
                let r3 = (r1 / 3) * 3 + 3 - r1 % 3 - r2 % 3;
                let top = [r1 as u8, r2 as u8, r3 as u8];
                band_choices(src, t == 1, top, &mut best, &mut choices);
            }
        }
    }
    // the two other bands of each choice, in the better order
    let mut form = [u8::MAX; 81];
    let mut first: Option<(Choice, [u8; 9])> = None;
    let mut automorphisms = 0u64;
    for c in &choices {
        let src = &sources[usize::from(c.transpose)];
        let band = c.top[0] / 3;
        let (x, y) = match band {
            0 => (1u8, 2u8),
            1 => (0, 2),
            _ => (0, 1),
        };
        for (a, b) in [(x, y), (y, x)] {
            let mut grid = [0u8; 81];
            let mut rows = [0u8; 9];
            for k in 0..3 {
                rows[k] = c.top[k];
                let r = usize::from(c.top[k]);
                for j in 0..9 {
                    grid[k * 9 + j] = c.label[usize::from(src[r * 9 + usize::from(c.cols[j])])];
                }
            }
            for (slot, source_band) in [(1usize, a), (2usize, b)] {
                let mut mapped: [([u8; 9], u8); 3] = [([0; 9], 0); 3];
                for (k, m) in mapped.iter_mut().enumerate() {
                    let r = usize::from(source_band) * 3 + k;
                    for j in 0..9 {
                        m.0[j] = c.label[usize::from(src[r * 9 + usize::from(c.cols[j])])];
                    }
                    m.1 = r as u8;
                }
                mapped.sort_unstable();
                for (k, (row, r)) in mapped.iter().enumerate() {
                    let at = (slot * 3 + k) * 9;
                    grid[at..at + 9].copy_from_slice(row);
                    rows[slot * 3 + k] = *r;
                }
            }
            match grid.cmp(&form) {
                std::cmp::Ordering::Less => {
                    form = grid;
                    automorphisms = 1;
                    first = Some((*c, rows));
                }
                std::cmp::Ordering::Equal => automorphisms += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
    }
    let transform = first
        .and_then(|(c, rows)| {
            let mut digits = [0u8; 9];
            digits.copy_from_slice(&c.label[1..]);
            Transform::new(c.transpose, rows, c.cols, digits)
        })
        .unwrap_or_default();
    Canonical {
        form: Grid::from_values(form),
        transform,
        automorphisms,
    }
}

/// Steps 1 to 3 for one orientation and top rows `top`: every column order
/// whose band is the smallest so far joins `choices` (which is emptied when
/// a smaller band is found).
fn band_choices(
    src: &[u8; 81],
    transpose: bool,
    top: [u8; 3],
    best: &mut [u8; 18],
    choices: &mut Vec<Choice>,
) {
    let [r1, r2, r3] = top.map(usize::from);
    for sigma in ORDERS {
        let s0 = usize::from(sigma[0]);
        for pi1 in ORDERS {
            for pi2 in ORDERS {
                // the order of the columns within each source stack
                let mut within = [[0u8; 3]; 3];
                within[usize::from(sigma[1])] = pi1;
                within[usize::from(sigma[2])] = pi2;
                // the labels of the first row's digits in stacks 2 and 3
                let mut label = [0u8; 10];
                for (p, &s) in sigma.iter().enumerate().skip(1) {
                    for (k, &o) in within[usize::from(s)].iter().enumerate() {
                        let d = src[r1 * 9 + usize::from(s) * 3 + usize::from(o)];
                        label[usize::from(d)] = (3 * p + k + 1) as u8;
                    }
                }
                // the second row's first stack: its three labels, sorted
                let mut shown = [(0u8, 0u8); 3];
                for (o, slot) in shown.iter_mut().enumerate() {
                    let d = src[r2 * 9 + s0 * 3 + o];
                    *slot = (label[usize::from(d)], o as u8);
                }
                shown.sort_unstable();
                let prefix = [shown[0].0, shown[1].0, shown[2].0];
                if prefix > [best[0], best[1], best[2]] {
                    continue;
                }
                within[s0] = [shown[0].1, shown[1].1, shown[2].1];
                let mut cols = [0u8; 9];
                for (p, &s) in sigma.iter().enumerate() {
                    for k in 0..3 {
                        cols[3 * p + k] = s * 3 + within[usize::from(s)][k];
                    }
                }
                for (j, &c) in cols.iter().enumerate().take(3) {
                    let d = src[r1 * 9 + usize::from(c)];
                    label[usize::from(d)] = (j + 1) as u8;
                }
                let mut band = [0u8; 18];
                for j in 0..9 {
                    let c = usize::from(cols[j]);
                    band[j] = label[usize::from(src[r2 * 9 + c])];
                    band[9 + j] = label[usize::from(src[r3 * 9 + c])];
                }
                let choice = Choice {
                    transpose,
                    top,
                    cols,
                    label,
                };
                match band.cmp(best) {
                    std::cmp::Ordering::Less => {
                        *best = band;
                        choices.clear();
                        choices.push(choice);
                    }
                    std::cmp::Ordering::Equal => choices.push(choice),
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::Transform;

    #[test]
    fn the_grid_search_agrees_with_the_general_search() {
        // solution grids of a few puzzles, moved around, and the two
        // forum grids with many automorphisms
        let mut grids: Vec<[u8; 81]> = [
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
            "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
            "369218475215749863487635912754861239631924758928357641173482596542196387896573124",
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ]
        .iter()
        .map(|line| {
            let mut v = [0u8; 81];
            for (x, b) in v.iter_mut().zip(line.bytes()) {
                *x = b - b'0';
            }
            v
        })
        .collect();
        let moved: Vec<[u8; 81]> = grids
            .iter()
            .enumerate()
            .map(|(k, g)| Transform::seeded(k as u64, 9).apply_values(g))
            .collect();
        grids.extend(moved);
        for g in &grids {
            assert!(is_solution(g));
            let (fast, general) = (minlex_solution(g), super::super::minlex::search(g));
            assert_eq!(fast.form, general.form);
            assert_eq!(fast.automorphisms, general.automorphisms);
            assert_eq!(fast.transform.apply_values(g), *fast.form.values());
        }
    }

    #[test]
    fn a_grid_with_a_clash_is_no_solution() {
        let mut g = [0u8; 81];
        for (i, x) in g.iter_mut().enumerate() {
            *x = (i % 9) as u8 + 1;
        }
        assert!(!is_solution(&g));
    }
}
