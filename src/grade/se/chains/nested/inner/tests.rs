//! Tests of the inner rules: the faster searches against plain ones.

use super::*;
use crate::grid::Grid;

/// Up to `count` positions a chain could reach from `src`: `step` more
/// candidates removed each time (of cells with three or more), chosen by a
/// fixed pseudo-random sequence.
fn reached(src: &Pos, count: usize, step: usize) -> Vec<Pos> {
    let mut cur = src.clone();
    let mut seed = 12345u32;
    let mut out = Vec::new();
    for _ in 0..count {
        let mut removed = 0;
        while removed < step {
            if cur.c.iter().all(|m| m.count_ones() <= 2) {
                return out;
            }
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let cell = (seed >> 8) as usize % 81;
            if cur.c[cell].count_ones() > 2 {
                let d = bits(cur.c[cell])
                    .nth((seed >> 20) as usize % 2)
                    .unwrap_or(1);
                cur.remove(cell, d);
                removed += 1;
            }
        }
        out.push(cur.clone());
    }
    out
}

/// The loops `cycles` finds from `source`, each as its potentials.
fn loops(cur: &Pos, source: Pot, x: bool, y: bool, inside: Inside) -> Vec<Vec<u16>> {
    let (mut nodes, mut found) = (Vec::new(), Vec::new());
    cycles(cur, source, x, y, inside, &mut nodes, &mut found);
    found
        .iter()
        .map(|&last| {
            let mut path = Vec::new();
            let mut i = last;
            while let Some(&(q, parent, _)) = nodes.get(i as usize) {
                path.push(q);
                i = parent;
            }
            path
        })
        .collect()
}

#[test]
fn cycles_inside_the_component_are_all_the_cycles() {
    // a hard puzzle (ER 11), and positions a chain could reach from it
    let grid: Grid =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
            .parse()
            .expect("puzzle");
    let board = crate::board::Board::from_grid(&grid).expect("board");
    let (_, pos) = env_of(&board);
    let positions = reached(&pos, 8, 5);
    let everything = [0u16; POTS];
    let mut found = 0;
    for p in positions {
        let r = self_refuting(&p);
        for (x, y) in [(true, false), (false, true), (true, true)] {
            for cell in 0..81 {
                for d in bits(p.c[cell]) {
                    let source = pt(cell, d, true);
                    let all = Inside {
                        component: &everything,
                        of: 0,
                    };
                    let inside = Inside {
                        component: &r.component,
                        of: r.component[source],
                    };
                    let full = loops(&p, source, x, y, all);
                    assert_eq!(full, loops(&p, source, x, y, inside), "{source}");
                    assert!(full.is_empty() || r.cyclic.contains(source));
                    found += full.len();
                }
            }
        }
    }
    assert!(found > 0);
}

// The four patterns as first written: every house, pair and digit
// tried in SE's order (what the faster loops must equal).
fn plain_locking(cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for (t1, t2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (h1, h2) = (t1 * 9 + i1, t2 * 9 + i2);
                let in1 = INTER[h1][h2];
                if in1 == 0 {
                    continue;
                }
                let in2 = INTER[h2][h1];
                for d in 1..=9 {
                    let m = cur.p[d][h1];
                    // (a base house the chain left as it was gives no parents)
                    if m == src.p[d][h1] || m.count_ones() < 2 || m & !in1 != 0 {
                        continue;
                    }
                    let rm = cur.p[d][h2] & !in2;
                    if rm == 0 {
                        continue;
                    }
                    let removes = cells_in(h2, rm).map(|c| pt(c, d, false)).collect();
                    let gone = src.p[d][h1] & !m & !in1;
                    let parents = cells_in(h1, gone).map(|c| pt(c, d, false)).collect();
                    out.push((removes, parents));
                }
            }
        }
    }
}

fn plain_hidden_pairs(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for t in SUBSET_KINDS {
        for i in 0..9 {
            let h = t * 9 + i;
            if env.empties[h] <= 4 || (1..=9).all(|d| src.p[d][h] == cur.p[d][h]) {
                continue;
            }
            for (a, b) in pairs() {
                let (va, vb) = (a + 1, b + 1);
                let (pa, pb) = (cur.p[va][h], cur.p[vb][h]);
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let both = pa | pb;
                // no parents: the chain removed neither digit outside the pair
                if (src.p[va][h] | src.p[vb][h]) & !both == 0 {
                    continue;
                }
                let set = 1u16 << va | 1 << vb;
                let removes: Vec<Pot> = cells_in(h, both)
                    .flat_map(|c| bits(cur.c[c] & !set).map(move |e| pt(c, e, false)))
                    .collect();
                if removes.is_empty() {
                    continue;
                }
                let parents = cells_in(h, 0x1ff & !both)
                    .flat_map(|c| bits(src.c[c] & set).map(move |v| pt(c, v, false)))
                    .collect();
                out.push((removes, parents));
            }
        }
    }
}

fn plain_naked_pairs(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for t in SUBSET_KINDS {
        for i in 0..9 {
            let h = t * 9 + i;
            if env.empties[h] < 4
                || HOUSE_CELLS[h]
                    .iter()
                    .all(|&c| src.c[c as usize] == cur.c[c as usize])
            {
                continue;
            }
            for (a, b) in pairs() {
                let (ca, cb) = (HOUSE_CELLS[h][a] as usize, HOUSE_CELLS[h][b] as usize);
                let (ma, mb) = (cur.c[ca], cur.c[cb]);
                if ma.count_ones() <= 1 || mb.count_ones() <= 1 || (ma | mb).count_ones() != 2 {
                    continue;
                }
                let set = ma | mb;
                // no parents: the chain removed nothing from the pair's cells
                if (src.c[ca] | src.c[cb]) & !set == 0 {
                    continue;
                }
                let removes: Vec<Pot> = cells_in(h, 0x1ff & !(1 << a | 1 << b))
                    .flat_map(|c| bits(cur.c[c] & set).map(move |e| pt(c, e, false)))
                    .collect();
                if removes.is_empty() {
                    continue;
                }
                let parents = [ca, cb]
                    .into_iter()
                    .flat_map(|c| bits(src.c[c] & !set).map(move |v| pt(c, v, false)))
                    .collect();
                out.push((removes, parents));
            }
        }
    }
}

fn plain_x_wings(env: &Env, cur: &Pos, src: &Pos, out: &mut Vec<Pattern>) {
    for (base, cover) in [(2usize, 1usize), (1, 2)] {
        for (a, b) in pairs() {
            for d in 1..=9 {
                if env.placed[d] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (cur.p[d][base * 9 + a], cur.p[d][base * 9 + b]);
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let common = pa | pb;
                let (ha, hb) = (base * 9 + a, base * 9 + b);
                // no parents: the chain removed the digit from neither base
                // line outside the cover
                if (src.p[d][ha] & !pa | src.p[d][hb] & !pb) & !common == 0 {
                    continue;
                }
                let lines = 1u16 << a | 1 << b;
                let removes: Vec<Pot> = bits(common)
                    .flat_map(|i| {
                        let h = cover * 9 + i;
                        cells_in(h, cur.p[d][h] & !lines).map(move |c| pt(c, d, false))
                    })
                    .collect();
                if removes.is_empty() {
                    continue;
                }
                // cell k of a base line lies in cover line k
                let parents = [a, b]
                    .into_iter()
                    .flat_map(|l| {
                        let h = base * 9 + l;
                        let gone = src.p[d][h] & !cur.p[d][h] & !common;
                        cells_in(h, gone).map(move |c| pt(c, d, false))
                    })
                    .collect();
                out.push((removes, parents));
            }
        }
    }
}

#[test]
fn patterns_find_what_a_plain_search_finds() {
    let grid: Grid =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
            .parse()
            .expect("puzzle");
    let board = crate::board::Board::from_grid(&grid).expect("board");
    let (env, src) = env_of(&board);
    // positions a chain could reach
    let mut found = [0; 4];
    for cur in reached(&src, 40, 3) {
        for (rule, found) in found.iter_mut().enumerate() {
            let (mut fast, mut plain) = (Vec::new(), Vec::new());
            match rule {
                0 => {
                    locking(&cur, &src, &mut fast);
                    plain_locking(&cur, &src, &mut plain);
                }
                1 => {
                    hidden_pairs(&env, &cur, &src, &mut fast);
                    plain_hidden_pairs(&env, &cur, &src, &mut plain);
                }
                2 => {
                    naked_pairs(&env, &cur, &src, &mut fast);
                    plain_naked_pairs(&env, &cur, &src, &mut plain);
                }
                _ => {
                    x_wings(&env, &cur, &src, &mut fast);
                    plain_x_wings(&env, &cur, &src, &mut plain);
                }
            }
            assert_eq!(fast, plain, "rule {rule}");
            *found += fast.len();
        }
    }
    assert!(found.iter().all(|&n| n > 0), "{found:?}");
}

#[test]
fn unary_hints_are_those_of_the_plain_search() {
    // hard puzzles (ER 11), and positions a chain could reach from them
    let mut positions = 0;
    let (mut empty, mut chains, mut loops) = (0, 0, 0);
    for puzzle in [
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
    ] {
        let grid: Grid = puzzle.parse().expect("puzzle");
        let board = crate::board::Board::from_grid(&grid).expect("board");
        let (_, src) = env_of(&board);
        for step in [1, 2, 4] {
            for cur in reached(&src, 30, step) {
                let key = |f: &Found| {
                    let r = (f.rating, f.complexity, f.sort_key);
                    (r, f.removes.clone(), f.parents.clone(), f.id)
                };
                let (mut fast, mut plain) = (Vec::new(), Vec::new());
                unary_search(&cur, &src, true, &mut |f| fast.push(key(&f)));
                unary_search(&cur, &src, false, &mut |f| plain.push(key(&f)));
                assert_eq!(fast, plain);
                positions += 1;
                empty += usize::from(plain.is_empty());
                chains += plain.iter().filter(|h| h.3 & 0xf == 2).count();
                loops += plain.iter().filter(|h| h.3 & 0xf == 1).count();
            }
        }
    }
    // the pruned cases and both kinds of hint were met
    assert!(
        empty > 0 && chains > 0 && loops > 0,
        "{positions} {empty} {chains} {loops}"
    );
}
