//! Fixtures for chains and loops: positions from HoDoKu's regression
//! library where each technique must find the library's step (exact
//! eliminations and Eureka line), near-misses where it must find nothing,
//! and a timing run over top1465.

use crate::common::{case, finds, nothing_after, nothing_on_empty_board};
use sudoku_sensei::strategies::{all_steps, Context};
use sudoku_sensei::{Board, Technique};

const XCHAIN: &str =
    ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5";
const XY: &str =
    ":0702:7:76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.::758 787::19";
const XY_B: &str =
    ":0702:6:4+7+2+35+698153+1..+8.+2.+86+91.+2.53+158.2+7+34.+2+9+64+13+8+7+57+4+38.+5....+8...9....2..+8+1...+91..+3+4.68::675::7";
const RP: &str =
    ":0703:58:..+1.+4+9+2+636+3.21+7+9+4.942+63..+7.2634.+17.98.+4.+9..2...+9.+6+2.+34..7..4.9.+4..9+7631..+9+6.+2.+4.7::577 579 594 596 877 879 894 896::7";
const CNL: &str =
    ":0706:124579:548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3...47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..::114 118 124 214 224 496 524 538 718 925 926 936 955::13";
const CNL_B: &str =
    ":0706:1279:548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3...47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..::118 156 256 718 925 935::7";
const DNL1: &str =
    ":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9::264 364 464 864::7";
const DNL2: &str =
    ":0707-2:9:....2+96..2.9....+71+64+53+178+2+9.741+6+2.85.+6+2+7..+1...+5.4..+7625+9...+1.+3..+2.97..1..16......:311 811 313 813 427 479 489 498 499:997::12";
const AIC1: &str =
    ":0708-1:5:+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15::513 523 533 572 582::9";
const AIC2: &str =
    ":0708-2:23:..+2....5...+4+52.1..+5.38..+2..+3+9+86+5+7+4+122+5+74+18+6934+61.+9.+7851+3+9...+5..+8+26+1359+47745.....+1::264 366::11";
const GCNL: &str =
    ":0709-1:1238:.+5243+19+6..3+67...1519.....2.2.......694.......+5+6....74+93.9......6.+5.1.....8.5..69.:825 826 833 837 839 254 255 256 779 789 495 496 499 799:143 153 275 276 286 364 399 864::7";
const GDNL: &str =
    ":0710-1:689:4....3.....8....+4.16..94......+4.....7...519645+412+6+9..8.5....4....+4..2.9531..4.6..:119 219 719 129 229 329 729 241 242 243 347 747 348 748 349 749:671 871 971::11";
const GAIC: &str =
    ":0711-1:6:3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4.......5..79.+1::612 616 619 626 634 636::7";

#[test]
fn remote_pair() {
    finds(
        Technique::RemotePair,
        RP,
        "Remote Pair: (5=8)r7c5-(8=5)r4c5-(5=8)r4c8-(8=5)r9c8 => r7c79,r9c46<>58",
    );
    nothing_after(Technique::RemotePair, RP);
}

#[test]
fn x_chain() {
    finds(
        Technique::XChain,
        XCHAIN,
        "X-Chain: (7)r1c2=(7)r1c9-(7)r2c8=(7)r7c8-(7)r7c3=(7)r4c3 => r4c2<>7",
    );
    nothing_after(Technique::XChain, XCHAIN);
}

#[test]
fn xy_chain() {
    finds(
        Technique::XyChain,
        XY,
        "XY-Chain: (7=6)r5c7-(6=5)r5c9-(5=8)r5c2-(8=2)r7c2-(2=8)r7c1-(8=1)r3c1-(1=4)r4c1-(4=1)r4c8-(1=5)r6c8-(5=7)r8c8 => r5c8,r8c7<>7",
    );
    nothing_after(Technique::XyChain, XY_B);
}

#[test]
fn continuous_nice_loop() {
    finds(
        Technique::ContinuousNiceLoop,
        CNL,
        "Continuous Nice Loop: (6)r1c4=(6-9)r1c8=(9)r1c5-(9=5)r3c5-(5=4)r3c7-(4)r8c7=(4)r8c6-(4)r9c4=(4-7)r2c4=(7-6)r1c4 => r1c4<>12, r1c8<>17, r2c4<>125, r25c5,r23c6<>9, r3c8<>5, r9c6<>4",
    );
    nothing_after(Technique::ContinuousNiceLoop, CNL_B);
}

#[test]
fn discontinuous_nice_loop() {
    finds(
        Technique::DiscontinuousNiceLoop,
        DNL1,
        "Discontinuous Nice Loop: (1)r6c4=(1-2)r3c4=(2-9)r3c5=(9-1)r6c5=(1)r6c4 => r6c4<>2348",
    );
    finds(
        Technique::DiscontinuousNiceLoop,
        DNL2,
        "Discontinuous Nice Loop: (9-2)r9c7=(2-4)r7c7=(4)r7c5-(4)r2c5=(4-6)r2c6=(6-5)r8c6=(5)r8c7-(5=9)r9c8-(9)r9c7 => r9c7<>9",
    );
}

#[test]
fn aic() {
    finds(
        Technique::Aic,
        AIC1,
        "AIC: (5=3)r1c2-(3)r1c4=(3-9)r3c4=(9-2)r7c4=(2)r7c2-(2=5)r8c3 => r123c3,r78c2<>5",
    );
    finds(
        Technique::Aic,
        AIC2,
        "AIC: (3)r6c4=(3)r1c4-(3=8)r1c7-(8)r1c2=(8-7)r2c2=(7-3)r2c8=(3)r2c6-(3=2)r6c6 => r6c4<>2, r6c6<>3",
    );
}

#[test]
fn grouped_chains() {
    finds(
        Technique::GroupedContinuousNiceLoop,
        GCNL,
        "Grouped Continuous Nice Loop: (1)r6c3=(1-2)r6c4=(2)r78c4-(2)r9c56=(2-1)r9c9=(1)r9c3-(1)r6c3 => r45c3<>1, r6c4<>38, r7c56,r8c6<>2, r9c9<>3",
    );
    finds(
        Technique::GroupedDiscontinuousNiceLoop,
        GDNL,
        "Grouped Discontinuous Nice Loop: (2)r7c1=(2)r2c1-(2)r2c5=(2-8)r1c5=(8)r13c4-(8)r5c4=(8-2)r5c2=(2)r5c3-(2)r79c3=(2)r7c1 => r7c1<>689",
    );
    finds(
        Technique::GroupedAic,
        GAIC,
        "Grouped AIC: (6=8)r1c4-(8)r123c6=(8-5)r8c6=(5)r78c5-(5=6)r1c5 => r1c269,r2c6,r3c46<>6",
    );
    // every grouped step holds at least one group or ALS node
    let c = case(AIC1);
    for s in all_steps(Technique::GroupedAic, &c.board, &Context::new(true)) {
        let sudoku_sensei::Evidence::Chain { chain, .. } = &s.evidence else {
            panic!("a chain step without a chain");
        };
        assert!(chain
            .nodes
            .iter()
            .any(|n| n.cells.len() > 1 || n.als.is_some()));
    }
}

/// HoDoKu's grouped loops and AICs with almost locked sets (library types
/// 0710-3 and 0711-3): an ALS is written `(x=y)cells`, all its cells.
const GDNL_ALS: &str =
    ":0710-3:14:81+6+3..7..+9+2415+7+83+6+57+38.....489.1.2.+3........9.....3...+2.5..+1...+197538+64+2..+82...1.::137 437::9";
const GAIC_ALS: &str =
    ":0711-3:1:.+7....9...461..7.3.5.....4.+765...+8+12+21+468+5+3+79+3+8927+1..4.98.+1..+3..+275.31.85+31......::119 131::11";

#[test]
fn grouped_chains_through_almost_locked_sets() {
    // r3c7 = 9: if not, 9 is in r13c8, so the ALS r7c89,r9c9 {5789} loses
    // its 9 and holds 5 in r9c9; then the ALS r1c9,r3c79 {1459} loses 5 and
    // must hold 9, in r3c7
    finds(
        Technique::GroupedDiscontinuousNiceLoop,
        GDNL_ALS,
        "Grouped Discontinuous Nice Loop: (9)r3c7=(9)r13c8-(9=5)r7c89,r9c9-(5=9)r1c9,r3c79 => r3c7<>14",
    );
    finds(
        Technique::GroupedAic,
        GAIC_ALS,
        "Grouped AIC: (1=8)r1c1-(8)r1c8=(8)r2c8-(8=2)r2c16-(2)r7c6=(2)r7c7-(2=1)r3c79 => r1c9,r3c1<>1",
    );
    // the evidence names each set: its cells and digits
    let c = case(GDNL_ALS);
    let steps = all_steps(
        Technique::GroupedDiscontinuousNiceLoop,
        &c.board,
        &Context::new(true),
    );
    let step = steps
        .iter()
        .find(|s| s.eliminations == c.eliminations)
        .expect("the loop");
    let sudoku_sensei::Evidence::Chain { chain, .. } = &step.evidence else {
        panic!("a chain step without a chain");
    };
    let sets: Vec<String> = chain
        .nodes
        .iter()
        .filter_map(|n| n.als.map(|a| format!("{} {}", a.cells, a.digits)))
        .collect();
    assert_eq!(
        sets,
        // r3c7 itself is the 9 of the second set, which closes the loop
        [
            "r1c9,r3c79 1459",
            "r7c89,r9c9 5789",
            "r7c89,r9c9 5789",
            "r1c9,r3c79 1459"
        ]
    );
    // the plain grouped graph (no ALS) does not prove it
    assert!(!steps.iter().any(|s| s.eliminations == c.eliminations
        && matches!(&s.evidence, sudoku_sensei::Evidence::Chain { chain, .. }
            if chain.nodes.iter().all(|n| n.als.is_none()))));
}

/// HoDoKu's chains through *forcing links* (an almost locked set that,
/// losing a digit, would leave a cell outside it one candidate) and through
/// sets that share cells with earlier nodes (HoDoKu only forbids a node
/// whose first cell lies in an earlier node): library lines 1253, 1299,
/// 1336 and 1352, all four of types 0709-2, 0710-4 and 0711-3/4.
const GCNL_FORCING: &str =
    ":0709-2:236:.4..892...652+4...+9..9.+1...44..9.5...95.+4...17...1.8+4+956.+4...9...+9...174...789+4.3.:331 242 342 243 245 345 574 775 584 689:291 314 649::9";
const GDNL_LASSO: &str =
    ":0710-4:8:..7942...3..5...4.......9...82+73.+56167.+1+5.+83213+5+82+647+9..1.......5...8..4...4156..:519 339 976:838::12";
const GAIC_FORCING: &str =
    ":0711-3:3:.4..892...652+4...+9..9.+1...44..9.5...95.+4...17...1.8+4+956.+4...9...+9...174...789+4.3.:331 242 342 243 245 345 574 775 584 689:311 314::13";
const GAIC_LASSO: &str =
    ":0711-4:46:.594....33.75+961.+8...+7..9.+5.....43...1..7..9+4..46.......2....+3...13.25.96....741+2:811 217 218 831 232 432 835 836 638 541 245 248 561 262 962 265 565 166 366 866 268 471 974 175 575 875 885:485 675::16";

#[test]
fn grouped_chains_through_forcing_links_and_shared_cells() {
    // r1c9 {136} sees every 1 and 6 of the set r7c89,r89c9 {12568}: if the
    // set lacks 5 it is locked on 1268 and r1c9 is 3; in the loop exactly
    // one is true, so 6 is in the set or in r1c9 and leaves r4c9, which
    // sees them all
    finds(
        Technique::GroupedContinuousNiceLoop,
        GCNL_FORCING,
        "Grouped Continuous Nice Loop: (3=1)r1c3-(1)r12c1=(1-5)r9c1=(5)r9c7-(5=1268)r7c89,r89c9=(3)r1c9-(3)r1c3 => r1c4<>3, r4c9<>6, r9c1<>2",
    );
    finds(
        Technique::GroupedAic,
        GAIC_FORCING,
        "Grouped AIC: (3=1)r1c3-(1)r12c1=(1-5)r9c1=(5)r9c7-(5=1268)r7c89,r89c9=(3)r1c9 => r1c14<>3",
    );
    // the last set holds r1c89, which the group (8)r1c89 took before
    finds(
        Technique::GroupedDiscontinuousNiceLoop,
        GDNL_LASSO,
        "Grouped Discontinuous Nice Loop: (8)r3c8-(8)r1c89=(8)r1c1-(8=6)r235c3-(6=1)r1c2-(1=8)r1c789,r23c9-(8)r3c8 => r3c8<>8",
    );
    // the set r5c147 holds r5c7, a node three links before; its 6 is only
    // there, so the set takes back (6)r5c7 with the other value. HoDoKu keeps
    // such a chain (it proves as much, reading as a contradiction); sensei
    // lists it after every other
    finds(
        Technique::GroupedAic,
        GAIC_LASSO,
        "Grouped AIC: (4=6)r7c5-(6)r7c9=(6)r4c9-(6)r5c7=(6)r5c3-(6=5)r34c3-(5=6)r5c147-(6)r1c7=(6)r1c8-(6)r8c8=(6)r8c5 => r7c5<>6, r8c5<>4",
    );
    // a forcing link whose digit w is one of the set's: top1465 #23 after
    // the steps before its first grouped loop. If the set r45679c9
    // {234569} lacks 6 it is locked and r4c8 {234} is 4; in the loop one
    // of the two holds, so 4, 5 and 9 (the set's digits but 6 and r4c8's
    // 2 and 3) are in the set and leave r23c9, which see all their places
    let board = sudoku_sensei::format::parse_position(
        ".2...67...2..56..9.2..567......5..89...4......23...789....567.9.23.5..891.........2.4..7....3......12.45.7.......6...12..5..8.12....789...45.7.9.2.45..89.2.45.789.......8.12.456..912.4567..1...5...9123.5....123...7.9...4567.9.2345...9.234567.91.........2.4.6.8.........9...4...8.......7......5.......4.6....234......23..6....234.6....2.456....23456...1..4....91.3..6...1.3..6..9.......8.......7...2..56..9..34.67.....456.8...345678..2.........3..6.8...3..6.891..456..91..45...9...456..9..34....9......7....34.....1...5..8.1...5..8.1......8..2............6......4....9....5.....2...6....2...6.....3..............9...4.....1.....7..1......8.......78....4....91......8.1......8.......7...2...6....2...6.....3.........45...9...45...9",
    )
    .expect("candidate string");
    let lines: Vec<String> = all_steps(
        Technique::GroupedContinuousNiceLoop,
        &board,
        &Context::new(true),
    )
    .iter()
    .map(sudoku_sensei::render::text::step_line)
    .collect();
    assert!(
        lines.contains(&"Grouped Continuous Nice Loop: (4=6)r4c7-(6=23459)r45679c9=(4)r4c8-(4)r4c7 => r23c9<>459, r4c24,r6c8<>4, r6c7<>46".to_string()),
        "{lines:#?}"
    );
    // such chains come after the chains of the stricter walks, even longer
    // ones: shortest first within each
    let c = case(GAIC_FORCING);
    let steps = all_steps(Technique::GroupedAic, &c.board, &Context::new(true));
    let links = |s: &sudoku_sensei::Step| match &s.evidence {
        sudoku_sensei::Evidence::Chain { chain, .. } => chain.links.len(),
        _ => 0,
    };
    let forcing = |s: &sudoku_sensei::Step| {
        let sudoku_sensei::Evidence::Chain { chain, .. } = &s.evidence else {
            return false;
        };
        chain.nodes.windows(2).any(|w| {
            let (a, b) = (w[0], w[1]);
            a.als.is_some() != b.als.is_some()
                && a.digit != b.digit
                && !a.occupied().intersects(b.occupied())
        })
    };
    let first = steps.iter().position(forcing).expect("a forcing link");
    assert!(steps[..first]
        .iter()
        .any(|s| links(s) > links(&steps[first])));
    assert!(steps[..first]
        .windows(2)
        .all(|w| links(&w[0]) <= links(&w[1])));
}

#[test]
fn chains_find_nothing_without_strong_links() {
    for t in [
        Technique::RemotePair,
        Technique::XChain,
        Technique::XyChain,
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
    ] {
        nothing_on_empty_board(t);
    }
}

/// Time to explain top1465 with every technique, and the soundness of each
/// step: `SENSEI_TIMING=N cargo test --release --test it chain_timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn chain_timing() {
    use sudoku_sensei::solver::{Fallback, Options, Profile};
    use sudoku_sensei::Evidence;
    let Some(path) = crate::common::shared_file("puzzles/top1465.txt") else {
        return;
    };
    let n: usize = std::env::var("SENSEI_TIMING")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let opts = Options {
        fallback: Fallback::Guess,
        ..Options::with_profile(Profile::All)
    };
    let lines = crate::common::puzzle_lines(&path);
    let n = n.min(lines.len());
    let mut worst = 0.0f64;
    let start = std::time::Instant::now();
    let mut used = 0;
    let mut wrong = 0;
    for line in lines.iter().take(n) {
        let t0 = std::time::Instant::now();
        let trace = sudoku_sensei::solve(&sudoku_sensei::parse(line).unwrap(), &opts);
        worst = worst.max(t0.elapsed().as_secs_f64());
        used += trace
            .steps
            .iter()
            .filter(|s| {
                matches!(
                    s.evidence,
                    Evidence::Chain { .. } | Evidence::Coloring { .. }
                )
            })
            .count();
        wrong += crate::soundness::wrong_steps(&trace).len();
    }
    let total = start.elapsed().as_secs_f64();
    eprintln!(
        "timing: {n} puzzles in {total:.2}s ({:.1} ms/puzzle, worst {:.1} ms), {used} coloring/chain steps, {wrong} wrong",
        1000.0 * total / n as f64,
        1000.0 * worst
    );
    assert_eq!(wrong, 0);
}

/// Time per technique on the fixture positions:
/// `cargo test --release --test it technique_timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn technique_timing() {
    let boards: Vec<Board> = [
        XCHAIN, XY, RP, CNL, DNL1, DNL2, AIC1, AIC2, GCNL, GDNL, GAIC,
    ]
    .iter()
    .map(|l| case(l).board)
    .collect();
    for t in Technique::all().filter(|t| {
        matches!(
            t.family(),
            sudoku_sensei::technique::Family::ChainsAndLoops
                | sudoku_sensei::technique::Family::Coloring
        )
    }) {
        let t0 = std::time::Instant::now();
        for b in &boards {
            let _ = all_steps(t, b, &Context::new(true));
        }
        eprintln!(
            "{:<36} {:.2} ms/position",
            t.name(),
            1000.0 * t0.elapsed().as_secs_f64() / boards.len() as f64
        );
    }
}

/// The solve takes a grouped chain of the stricter walks (no cell entered
/// twice, no forcing link out of a set), of any of the three grouped
/// forms, before a chain that only the last walk (HoDoKu's looser rules)
/// finds; the finders still list the last walk's chains, as HoDoKu's
/// library wants. A top1465 puzzle: where the continuous loops' finder
/// lists only a loop of the last walk, the solve takes the strict
/// discontinuous loop; asked for the continuous loops alone, it takes the
/// last walk's loop.
#[test]
fn the_solve_takes_a_strict_grouped_chain_before_a_loose_one() {
    use sudoku_sensei::render::text::step_line;
    use sudoku_sensei::solver::{next_step, Options};
    use sudoku_sensei::strategies::first_step;
    let puzzle = sudoku_sensei::parse(
        "1.....89..8.27......5..82.7..1...4.5....1....7...5....3...........4..97..9.6.7.3.",
    )
    .expect("a puzzle");
    let trace = sudoku_sensei::solve(&puzzle, &Options::default());
    let strict = "Grouped Discontinuous Nice Loop: (3)r3c4-(3=9)r2c1,r3c12-(9)r4c1=(9)r4c56-(9=3)r56c4-(3)r3c4 => r3c4<>3";
    let at = trace
        .steps
        .iter()
        .position(|s| step_line(s) == strict)
        .expect("the solve takes the strict discontinuous loop");
    let mut board = Board::from_grid(&puzzle).expect("a board");
    for s in &trace.steps[..at] {
        s.apply(&mut board);
    }
    let ctx = Context::new(true);
    // the continuous loops' finder has only a loop of the last walk here:
    // its groups (3)r4c56 and (9)r4c56 share their cells, which the
    // stricter walks do not allow
    let loose = first_step(Technique::GroupedContinuousNiceLoop, &board, &ctx)
        .expect("the last walk's continuous loop");
    assert_eq!(
        step_line(&loose),
        "Grouped Continuous Nice Loop: (3)r4c56=(3)r4c2-(3=9)r2c1,r3c12-(9)r4c1=(9)r4c56-(9=3)r56c4-(3)r4c56 => r5c26,r6c6<>3"
    );
    let techniques = Options::default().techniques;
    let next = next_step(&board, &techniques, &ctx).expect("a step");
    assert_eq!(step_line(&next), strict);
    // asked for the continuous loops alone, the solve takes the last walk's
    let alone = next_step(&board, &[Technique::GroupedContinuousNiceLoop], &ctx);
    assert_eq!(alone.map(|s| step_line(&s)), Some(step_line(&loose)));
}
