//! SVG pictures and the HTML walkthrough: a reviewed snapshot of one step of
//! each `Evidence` kind (each parsed as XML), the hint levels (each
//! picture showing no more than its words), determinism, every technique sensei implements
//! rendering (but those no position is known for), the walkthrough's size
//! and contents, and the CLI.
//! Snapshots live in `snapshots/pictures/`; look at a picture (render it
//! to PNG with Chromium) before accepting its snapshot.

use std::path::PathBuf;
use sudoku_sensei::format::hodoku::parse_library_line;
use sudoku_sensei::render::roles::{roles, CandidateRole, LinkRole, SetRole};
use sudoku_sensei::render::{html, svg};
use sudoku_sensei::strategies::{all_steps, first_step, Context};
use sudoku_sensei::{
    parse, solve, Board, Cell, Digit, Evidence, HintLevel, Options, Step, Technique,
};

/// A unique puzzle's context, with an empty cache.
fn ctx() -> Context {
    Context::new(true)
}

/// (snapshot name, technique, HoDoKu library line): one case per kind of
/// evidence and a few more shapes (fins, endo-fins, groups, ALS nodes).
const LIBRARY_CASES: &[(&str, Technique, &str)] = &[
    ("intersection", Technique::LockedCandidates1, ":0100:1:.+92....+365...3+697..3+6.+94...+2.58.1.+9+3+3.96.28.....9.32..+9+5+34+6..2..87+32+9..56+2....3.+9:811 515 715 538 761 595 795:193 198::"),
    ("subset-naked", Technique::NakedTriple, ":0201:258:.1.......3.45......76.9...47+2+14+8+9+563.3.627+41+946+9+3+15+8+276...3.94...+3..82.6.......3.:714 819 728 829 573 581 785 591 593 795 196 296:211 216 511 518 811 818::"),
    ("subset-hidden", Technique::HiddenPair, ":0210:29:.6...1..4.48....9+1....+4...+2+4..2.87+5+658+2967+143..65.4+9+2+8+6.....+4+1.+85+4+1.+326.1..4.+6+38.:913 315 325 932 933:311 515 711 715 815::"),
    ("fish-finned", Technique::FinnedXWing, ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5:962:315 335::"),
    ("fish-franken", Technique::FinnedFrankenSwordfish, ":0321:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 373 678 679 699:638::"),
    ("wing", Technique::XyWing, ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::"),
    ("chain-skyscraper", Technique::Skyscraper, ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::"),
    ("chain-empty-rectangle", Technique::EmptyRectangle, ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::"),
    ("chains-dual-kite", Technique::DualTwoStringKite, ":0404:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::"),
    ("chain-aic", Technique::DiscontinuousNiceLoop, ":0708-1:5:+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15::513 523 533 572 582::9"),
    ("chain-grouped-als", Technique::GroupedAic, ":0711-4:46:.594....33.75+961.+8...+7..9.+5.....43...1..7..9+4..46.......2....+3...13.25.96....741+2:811 217 218 831 232 432 835 836 638 541 245 248 561 262 962 265 565 166 366 866 268 471 974 175 575 875 885:485 675::16"),
    ("uniqueness-rectangle", Technique::Uniqueness4, ":0603-1:48:+3+9+6+17+52+8481+4+29+63..5+27.+8.+1+6+9..+5+9.2..1+2.38.19..9.+16.+7...+1.+2+7+6.5+98..8.2+9+7137.9.1+8...:448 465 468 492 692 494:442 447::"),
    ("uniqueness-bug", Technique::BugPlus1, ":0610::8+4+9325+6+1+77+3+2+8..9+4+5+5+6+1+7..+32+8+49327+85+61+1+5+7.3.8+9+2+2+86...+4+7+3+9+7+8..+213+4+3+149+87+2566+2+5..+3+7+8+9::565 965::"),
    ("coloring", Technique::MultiColors2, ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::"),
    ("als-xz", Technique::AlsXz, ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::"),
    ("als-chain", Technique::AlsXyChain, ":0903-1:69:..+1.3+7......2+1+8.577.....81.1.9+3+65....6..+74.3.....82.....87....44.....+78..37+8+415..:212 412 914 932 533 934 939 277 677 977 582 984 289 689 989:611 911 912 927::"),
    ("als-death-blossom", Technique::DeathBlossom, ":0904-1:9:8+7+14..6..5+42...7..+93+6+8+57+42+1.28.7.+3.....3.6+2....+3+21.54..1.7..+93.+3.9...8+72.+87..3+1.4:915 919 924 929 641 946 948 958 959 669 475 675 476 584 694:966::"),
    ("als-sue-de-coq", Technique::SueDeCoq, ":1101:234589:+3+24+8+6+1+59765+7+9+4+3+82191+8+5+273+642.1+43....5.32.6...+4..+7.....+1..6.....+8..1746..7..+39..1.::277 378 477 478 578 849 869 949 969::"),
    ("template", Technique::TemplateSet, ":1201:9:..5.+4163+223+17+6.+4..+6.452+3+8+71.6.........86.71.........6.4...159+2+6.....6+543.564..7+1+8:::914 929 932 943 958 966 981 995:"),
];

/// A hard position (top1465 #1 after singles) for the forcing techniques.
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The step the library case names (its exact effect), or the first one.
fn library_step(t: Technique, line: &str) -> (Board, Step) {
    let case = parse_library_line(line).expect("library line parses");
    let steps = all_steps(t, &case.board, &ctx());
    let step = steps
        .iter()
        .find(|s| s.eliminations == case.eliminations && s.placements == case.placements)
        .or(steps.first())
        .unwrap_or_else(|| panic!("{t:?} finds nothing in {line}"))
        .clone();
    (case.board, step)
}

/// The first step of `t` in the solve of an easy puzzle (QQWing's first
/// "easy" one has every kind of single).
fn easy_step(t: Technique) -> (Board, Step) {
    let puzzle =
        "080470003000050016040000050000300700000000004320001065803040002000000000010503000";
    let trace = solve(&parse(puzzle).unwrap(), &Options::default());
    trace
        .positions()
        .into_iter()
        .find(|(_, s)| s.technique == t)
        .map(|(b, s)| (b, s.clone()))
        .unwrap_or_else(|| panic!("no {t:?} in the easy solve"))
}

/// Every case: (name, board before, step).
pub(crate) fn cases() -> Vec<(String, Board, Step)> {
    let mut v: Vec<(String, Board, Step)> = LIBRARY_CASES
        .iter()
        .map(|&(name, t, line)| {
            let (b, s) = library_step(t, line);
            (name.to_string(), b, s)
        })
        .collect();
    for (name, t) in [
        ("single-naked", Technique::NakedSingle),
        ("single-hidden", Technique::HiddenSingle),
        ("single-full-house", Technique::FullHouse),
    ] {
        let (b, s) = easy_step(t);
        v.push((name.to_string(), b, s));
    }
    let hard = crate::common::after_singles(HARD);
    for (name, t) in [
        ("forcing-chain", Technique::ForcingChainContradiction),
        ("forcing-net-verity", Technique::ForcingNetVerity),
    ] {
        let s = first_step(t, &hard, &ctx()).expect("a forcing step");
        v.push((name.to_string(), hard.clone(), s));
    }
    let (cell, digit) = (Cell::at(0, 1), Digit::new(1).unwrap());
    let guess = Step::placement(
        Technique::BruteForce,
        cell,
        digit,
        Evidence::Guess { cell, digit },
    );
    v.push(("guess".to_string(), hard, guess));
    v
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots/pictures"));
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

/// The picture parses as XML, is an SVG 600 px wide, and returns its
/// document's element names.
fn parse_svg(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("width"), Some("600"));
    root.descendants()
        .filter(|n| n.is_element())
        .map(|n| n.tag_name().name().to_string())
        .collect()
}

#[test]
fn every_kind_of_evidence_is_drawn_as_reviewed() {
    let kinds: Vec<&str> = cases().iter().map(|(_, _, s)| s.evidence.kind()).collect();
    for kind in Evidence::KINDS {
        assert!(kinds.contains(&kind), "no case draws Evidence::{kind}");
    }
    settings().bind(|| {
        for (name, board, step) in cases() {
            let picture = svg::step(&board, &step, HintLevel::Step);
            parse_svg(&picture);
            insta::assert_snapshot!(name, one_element_a_line(&picture));
        }
    });
}

/// A picture with one element a line, so that a snapshot diff shows which
/// shapes changed.
fn one_element_a_line(svg: &str) -> String {
    svg.replace("><", ">\n<")
}

/// The classes drawn in a picture (its style left out).
fn classes_drawn(svg: &str) -> std::collections::BTreeSet<String> {
    let body = match (svg.find("<style>"), svg.find("</style>")) {
        (Some(a), Some(b)) => format!("{}{}", &svg[..a], &svg[b..]),
        _ => svg.to_string(),
    };
    body.split("class=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .flat_map(|c| c.split(' ').map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// The grid, its digits, its labels and the text under it: what every
/// picture of a position has, whatever the hint level.
const PLAIN: [&str; 9] = ["bg", "bx", "gv", "lb", "ln", "pm", "pv", "tt", "tx"];
/// What level 2 adds: the area to look at and the candidates of its digits.
const AREA: [&str; 3] = ["ta", "oa", "cA"];

/// Each hint level's picture shows no more than its words: level 1 (the
/// technique) the position alone and the technique's name; level 2 (where
/// to look) the area and the digits of the step's focus, no mark of the
/// pattern, no placement or removal; level 3 the whole step.
#[test]
fn hint_levels_show_no_more_than_their_words() {
    for (name, board, step) in cases() {
        let r = roles(&board, &step);
        let one = svg::step(&board, &step, HintLevel::Technique);
        let two = svg::step(&board, &step, HintLevel::Where);
        let three = svg::step(&board, &step, HintLevel::Step);
        for picture in [&one, &two, &three] {
            parse_svg(picture);
        }
        let extra = |picture: &str, allowed: &[&str]| -> Vec<String> {
            classes_drawn(picture)
                .into_iter()
                .filter(|c| !allowed.contains(&c.as_str()))
                .collect()
        };
        assert_eq!(extra(&one, &PLAIN), Vec::<String>::new(), "{name} level 1");
        assert!(one.contains("Hint: try"), "{name}");
        assert!(!one.contains("Where:"), "{name}: level 1 says where");
        let plain_and_area: Vec<&str> = PLAIN.iter().chain(&AREA).copied().collect();
        assert_eq!(
            extra(&two, &plain_and_area),
            Vec::<String>::new(),
            "{name} level 2"
        );
        assert!(two.contains("Where:"), "{name}");
        assert!(
            two.contains("look here") || two.contains("every candidate"),
            "{name}: level 2 shows where to look"
        );
        // the answer (placements, crosses) at level 3, and not the area
        let three_drawn = classes_drawn(&three);
        assert!(
            three_drawn.contains("cS") || three_drawn.contains("xX"),
            "{name}: level 3 shows the answer"
        );
        assert!(AREA.iter().all(|c| !three_drawn.contains(*c)), "{name}");
        assert!(
            three.contains(&svg::text::escape(step.technique.name())),
            "{name}"
        );
        assert!(!r.area.is_empty(), "{name}: no area to look at");
        assert!(r.at_level(1).is_empty(), "{name}: roles at level 1");
        assert_eq!(r.at_level(2).area, r.area, "{name}");
        if step.technique != Technique::BruteForce {
            assert!(!r.at_level(3).is_empty(), "{name}: no pattern");
        }
    }
}

#[test]
fn roles_follow_the_evidence() {
    let all = cases();
    let find = |n: &str| all.iter().find(|(name, _, _)| name == n).expect(n);
    // a finned fish: its fin is a fin, its base candidates the pattern
    let (_, b, s) = find("fish-finned");
    let r = roles(b, s);
    assert!(r
        .candidates
        .iter()
        .any(|&(_, role)| role == CandidateRole::Fin));
    assert!(r
        .candidates
        .iter()
        .any(|&(_, role)| role == CandidateRole::Pattern));
    // a chain: nodes alternate on and off, links strong and weak
    let (_, b, s) = find("chain-aic");
    let r = roles(b, s);
    assert!(r.links.iter().any(|l| l.role == LinkRole::Strong));
    assert!(r.links.iter().any(|l| l.role == LinkRole::Weak));
    assert!(r
        .candidates
        .iter()
        .any(|&(_, role)| role == CandidateRole::On));
    assert!(r
        .candidates
        .iter()
        .any(|&(_, role)| role == CandidateRole::Off));
    // Sue de Coq names its three parts
    let (_, b, s) = find("als-sue-de-coq");
    let sets: Vec<SetRole> = roles(b, s).sets.iter().map(|&(_, r)| r).collect();
    assert_eq!(
        sets,
        [SetRole::Intersection, SetRole::LinePart, SetRole::BlockPart]
    );
    // a forcing net: one branch per premise, every implication an arrow
    let (_, b, s) = find("forcing-net-verity");
    let r = roles(b, s);
    let Evidence::Forcing { branches, .. } = &s.evidence else {
        panic!("not a net")
    };
    assert_eq!(r.branches.len(), branches.len());
    assert!(r.links.len() >= branches.iter().map(|b| b.chain.len()).max().unwrap_or(0));
    // colouring: the two colours are joined by strong links
    let (_, b, s) = find("coloring");
    let r = roles(b, s);
    assert!(r.links.iter().all(|l| l.role == LinkRole::Conjugate));
    assert!(!r.links.is_empty());
}

#[test]
fn pictures_are_deterministic() {
    for (name, board, step) in cases() {
        let a = svg::step(&board, &step, HintLevel::Step);
        let b = svg::step(&board.clone(), &step.clone(), HintLevel::Step);
        assert_eq!(a, b, "{name}");
        assert_eq!(
            svg::layered(&board, Some(&step)),
            svg::layered(&board, Some(&step))
        );
    }
    let t1 = solve(&parse(HARD).unwrap(), &Options::default());
    let t2 = solve(&parse(HARD).unwrap(), &Options::default());
    assert_eq!(html::walkthrough(&t1, None), html::walkthrough(&t2, None));
}

#[test]
fn a_position_alone_has_its_values_and_pencil_marks() {
    let b = Board::from_grid(&parse(EASY).unwrap()).unwrap();
    let p = svg::position(&b);
    let names = parse_svg(&p);
    assert!(names.iter().filter(|n| *n == "text").count() > 30);
    // givens in bold, and the pencil marks of r1c3 (1, 2, 4)
    assert!(p.contains("class=\"gv\""));
    assert!(p.contains("class=\"pm\""));
    assert!(
        !p.contains("class=\"pv\""),
        "no placed value in a fresh puzzle"
    );
    settings().bind(|| insta::assert_snapshot!("position-easy", one_element_a_line(&p)));
}

/// Implemented techniques no position is known for: HoDoKu's regression
/// library has no case of them and no solve of the shared sets met one
/// (tools/src/bin/svg_gallery.rs, tools/src/bin/technique_pages.rs). Their evidence is
/// a fish's, drawn by the other fish.
const NEVER_MET: &[Technique] = &[
    Technique::Squirmbag,
    Technique::Whale,
    Technique::Leviathan,
    Technique::FinnedSquirmbag,
    Technique::SashimiSquirmbag,
    Technique::FinnedWhale,
    Technique::SashimiWhale,
    Technique::FinnedLeviathan,
    Technique::SashimiLeviathan,
    Technique::FrankenXWing,
    Technique::FrankenSquirmbag,
    Technique::FrankenWhale,
    Technique::FrankenLeviathan,
    Technique::FinnedFrankenSquirmbag,
    Technique::FinnedFrankenWhale,
    Technique::FinnedFrankenLeviathan,
    Technique::MutantXWing,
    Technique::MutantSwordfish,
    Technique::MutantJellyfish,
    Technique::MutantSquirmbag,
    Technique::MutantWhale,
    Technique::MutantLeviathan,
    Technique::FinnedMutantXWing,
    Technique::FinnedMutantSwordfish,
    Technique::FinnedMutantLeviathan,
];

/// Techniques of the default profile that neither the cases above nor the
/// learner pages show (a solve finds one half of a dual first), each with
/// a HoDoKu library line where it is found: their pictures are checked
/// without the shared data too.
#[rustfmt::skip]
const MORE_CASES: &[(Technique, &str)] = &[
    (Technique::DualEmptyRectangle, ":0404:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67+86+73+1+84+5+9+2.5.+726143::149 168::"),
    (Technique::Aic, ":0708-1:5:+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15::513 523 533 572 582::9"),
    (Technique::FrankenSwordfish, ":0331:9:.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946:415 136 442 144 952 474 184 484:913::"),
    (Technique::FinnedFrankenXWing, ":0340:1:4.392..5659...6...6..85..4.1.5.9846.9.426.5...6.5.4...25...9683849632715..6.85294:328 829 759 367 867 269 769:129::"),
];

/// Steps of SE's direct techniques: the solves of two corpus puzzles
/// (sudocue-1, qqwing-intermediate-501) with singles and them alone.
fn direct_steps() -> Vec<(Board, Step)> {
    use sudoku_sensei::Profile;
    let only = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::DirectHiddenTriple,
    ];
    let opts = Options::with_profile(Profile::Se).only(&only);
    let mut out = Vec::new();
    for p in [
        "000010000001302600027608510048000950900000001016000340069403180004906700000050000",
        "000000000059027030000000900040009000300015704010000000230670010060200370100050260",
    ] {
        let trace = solve(&parse(p).unwrap(), &opts);
        for (b, s) in trace.positions() {
            if s.technique.slug().starts_with("direct") {
                out.push((b, s.clone()));
            }
        }
    }
    out
}

/// Every technique sensei implements draws at all three levels (XML, a
/// pattern at level 2, its name at level 3), from a step of it: the cases
/// above, the learner pages' examples, SE's direct techniques,
/// [`MORE_CASES`], the forcing verities, and HoDoKu's regression library
/// when the shared data is there. With the library, the techniques left undrawn must be exactly
/// [`NEVER_MET`]; without it, every technique of the default profile that
/// has a learner example, and every direct technique, must draw.
#[test]
fn every_technique_renders() {
    let mut steps: Vec<(Board, Step)> = cases().into_iter().map(|(_, b, s)| (b, s)).collect();
    steps.extend(crate::learn::examples().into_iter().map(|(_, b, s)| (b, s)));
    steps.extend(direct_steps());
    for &(t, line) in MORE_CASES {
        let (board, step) = library_step(t, line);
        assert_eq!(step.technique, t, "{line}");
        steps.push((board, step));
    }
    let hard = crate::common::after_singles(HARD);
    for t in [
        Technique::ForcingChainVerity,
        Technique::ForcingNetContradiction,
    ] {
        let s = first_step(t, &hard, &ctx()).expect("a forcing step");
        steps.push((hard.clone(), s));
    }
    let library = crate::common::shared_file("conformance/hodoku_reglib_1.3.txt");
    if let Some(path) = &library {
        let text = std::fs::read_to_string(path).unwrap();
        let mut done: Vec<Technique> = steps.iter().map(|(_, s)| s.technique).collect();
        for line in text.lines().filter(|l| l.starts_with(':')) {
            let Ok(case) = parse_library_line(line) else {
                continue;
            };
            let Some(t) = case.technique else { continue };
            if case.variant.as_deref() == Some("x") || done.contains(&t) {
                continue;
            }
            if let Some(step) = all_steps(t, &case.board, &ctx()).into_iter().next() {
                done.push(t);
                steps.push((case.board, step));
            }
        }
    }
    let mut drawn: Vec<Technique> = Vec::new();
    for (board, step) in &steps {
        let t = step.technique;
        if drawn.contains(&t) {
            continue;
        }
        for level in HintLevel::ALL {
            parse_svg(&svg::step(board, step, level));
        }
        assert!(
            svg::step(board, step, HintLevel::Step).contains(&svg::text::escape(t.name())),
            "{t:?}: its name is not under its picture"
        );
        if t != Technique::BruteForce {
            assert!(
                !roles(board, step).at_level(3).is_empty(),
                "{t:?} draws no pattern"
            );
        }
        drawn.push(t);
    }
    let undrawn: Vec<Technique> = Technique::all()
        .filter(|&t| t.is_implemented() && !drawn.contains(&t))
        .collect();
    if library.is_some() {
        assert_eq!(
            undrawn, NEVER_MET,
            "the techniques that draw no picture (or NEVER_MET is out of date)"
        );
    } else {
        let must_draw: Vec<&Technique> = undrawn
            .iter()
            .filter(|t| {
                !NEVER_MET.contains(t)
                    && (t.in_profile(sudoku_sensei::Profile::Hodoku)
                        || t.slug().starts_with("direct"))
            })
            .collect();
        assert!(
            must_draw.is_empty(),
            "{must_draw:?} draw no picture (the default profile's techniques must draw \
             without the shared data: give each a case in MORE_CASES)"
        );
        let unchecked: Vec<&str> = undrawn
            .iter()
            .filter(|t| !NEVER_MET.contains(t))
            .map(|t| t.slug())
            .collect();
        if !unchecked.is_empty() {
            crate::common::skip(
                "pictures::every_technique_renders",
                &format!(
                    "in part: {} techniques off by default, whose positions come from HoDoKu's \
                     regression library, are not drawn ({}): ../shared/data is not present",
                    unchecked.len(),
                    unchecked.join(", ")
                ),
            );
        }
    }
}

#[test]
fn the_walkthrough_has_every_step_and_stays_small() {
    // top1465 #101: 79 steps in HoDoKu's profile
    let puzzle =
        ".2.....8.....4.6......1.....3.2.74..1.....5.....8.....2..3...7.4.5......6........";
    let trace = solve(&parse(puzzle).unwrap(), &Options::default());
    assert!(trace.steps.len() >= 70, "{} steps", trace.steps.len());
    let page = html::walkthrough(&trace, None);
    assert!(page.len() < 1_000_000, "{} bytes", page.len());
    assert!(page.starts_with("<!DOCTYPE html>"));
    // one article per step, the start and the end, each with a picture
    let articles = page.matches("<article").count();
    assert_eq!(articles, trace.steps.len() + 2);
    assert_eq!(page.matches("<svg class=\"pic").count(), articles);
    // self-contained: no URL to fetch
    for bad in ["http:", "https:", "src=", "<link", "@import"] {
        assert!(!page.contains(bad), "the page refers to {bad}");
    }
    // the step list names every technique
    for s in &trace.steps {
        assert!(page.contains(&svg::text::escape(s.technique.name())));
    }
    let rating = sudoku_sensei::grade::grade(&trace.puzzle, sudoku_sensei::grade::Scales::ALL);
    let rated = html::walkthrough(&trace, Some(&rating));
    assert!(rated.contains("Sudoku Explainer") && rated.contains("HoDoKu"));
}

mod cli {
    use crate::common::sensei;

    fn text(b: &[u8]) -> String {
        String::from_utf8_lossy(b).into_owned()
    }

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn show_draws_a_position() {
        let o = sensei(&["show"], super::EASY);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        super::parse_svg(&text(&o.stdout));
        let o = sensei(&["show", "--format", "text"], super::EASY);
        assert!(text(&o.stdout).contains("5"));
        let o = sensei(&["show"], "12345");
        assert_eq!(o.status.code(), Some(2));
        assert!(text(&o.stderr).contains("<stdin>"), "{}", text(&o.stderr));
    }

    #[test]
    fn explain_svg_writes_one_picture_per_step() {
        let dir = temp_dir("explain-svg");
        let d = dir.to_string_lossy().into_owned();
        let o = sensei(&["explain", "--format", "svg", "--out", &d], super::EASY);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        assert_eq!(files[0], "000-start.svg");
        assert_eq!(files[1], "001-naked-single.svg");
        let trace = sudoku_sensei::solve(
            &sudoku_sensei::parse(super::EASY).unwrap(),
            &sudoku_sensei::Options::default(),
        );
        assert_eq!(files.len(), trace.steps.len() + 1);
        let first = std::fs::read_to_string(dir.join(&files[1])).unwrap();
        super::parse_svg(&first);
        assert!(first.contains("Step 1 of"));
        // without --out: a clear error
        let o = sensei(&["explain", "--format", "svg"], super::EASY);
        assert_eq!(o.status.code(), Some(2));
        assert!(text(&o.stderr).contains("--out DIR"), "{}", text(&o.stderr));
    }

    #[test]
    fn explain_html_and_hint_svg() {
        let o = sensei(&["explain", "--format", "html"], super::EASY);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let page = text(&o.stdout);
        assert!(page.starts_with("<!DOCTYPE html>") && page.contains("QQWing"));
        let dir = temp_dir("explain-html");
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("walk.html");
        let f = file.to_string_lossy().into_owned();
        let two = format!("{}\n{}\n", super::EASY, super::EASY);
        let o = sensei(&["explain", "--format", "html", "-o", &f], &two);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(dir.join("walk-line1.html").is_file() && dir.join("walk-line2.html").is_file());
        for level in ["1", "2", "3"] {
            let o = sensei(&["hint", "--format", "svg", "--level", level], super::EASY);
            assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
            let svg = text(&o.stdout);
            super::parse_svg(&svg);
            assert_eq!(svg.contains("class=\"cS\""), level == "3");
        }
    }
}

/// The centre of a candidate's slot in a picture (the grid starts at 30
/// px, cells are 60 px, a slot 20 px).
fn slot_centre(cell: Cell, digit: Digit) -> (i32, i32) {
    let k = i32::from(digit.get()) - 1;
    (
        30 + i32::from(cell.col()) * 60 + 10 + 20 * (k % 3),
        30 + i32::from(cell.row()) * 60 + 10 + 20 * (k / 3),
    )
}

/// How many paths of `class` (the whole attribute) a picture draws.
fn count_paths(svg: &str, class: &str) -> usize {
    svg.matches(&format!("<path class=\"{class}\"")).count()
}

/// The first step of the solve of top1465 #1 whose chain has a group
/// node (one digit in several cells, not an almost locked set):
/// `(9)r1c6-(9)r1c9=(9-4)r2c9=(4)r2c6-(4)r3c4=(4-9)r5c4=(9)r13c4-(9)r1c6`.
fn grouped_loop() -> (Board, Step) {
    let trace = solve(&parse(HARD).unwrap(), &Options::default());
    trace
        .positions()
        .into_iter()
        .find(|(_, s)| match &s.evidence {
            Evidence::Chain { chain, .. } => chain
                .nodes
                .iter()
                .any(|n| n.cells.len() > 1 && n.als.is_none()),
            _ => false,
        })
        .map(|(b, s)| (b, s.clone()))
        .expect("a grouped chain in the solve of top1465 #1")
}

/// Issue 31: a group node `(9)r13c4` is one node with one state, not a
/// true disc in each of its cells (two 9s true in one column); its box
/// is drawn once, in the style of its state.
#[test]
fn a_group_node_is_one_node_with_one_state() {
    let (board, step) = grouped_loop();
    let Evidence::Chain { chain, .. } = &step.evidence else {
        unreachable!()
    };
    let groups: Vec<_> = chain.nodes.iter().filter(|n| n.cells.len() > 1).collect();
    let r = roles(&board, &step);
    assert_eq!(r.groups.len(), groups.len());
    let picture = svg::step(&board, &step, HintLevel::Step);
    parse_svg(&picture);
    // one box per group, with one state
    assert_eq!(
        count_paths(&picture, "gOn") + count_paths(&picture, "gOff"),
        groups.len(),
        "one box a group"
    );
    for g in groups {
        for cell in g.cells {
            // no mark of its own on a group's candidate: the box is the node
            let (x, y) = slot_centre(cell, g.digit);
            for class in ["cOn", "cOff"] {
                assert!(
                    !picture.contains(&format!("class=\"{class}\" cx=\"{x}\" cy=\"{y}\"")),
                    "{cell}: a {class} mark inside the group {}",
                    g.cells
                );
            }
        }
    }
    assert!(picture.contains("group true: in one of its cells"));
}

/// An ALS-XY-Wing whose sets A (r2c36) and B (r2c356) share two cells
/// (HoDoKu's library).
const OVERLAPPING_ALS: &str = ":0902-1:8:9....7.68+72....9+43..4....+7+52+7....4+8+9.6+9+78...28.39..71+6.....5.973.76....1+5...+7...+4:114 514 115 515 123 523 134 135 136 356 173 277 287 193 297:824::";

/// Issue 31: two almost locked sets never blend into a third colour: each
/// is hatched at its own angle (no translucent fill), and where two share
/// cells their outlines run one inside the other, never on the same line.
#[test]
fn two_almost_locked_sets_never_blend() {
    let (board, step) = library_step(Technique::AlsXyWing, OVERLAPPING_ALS);
    let r = roles(&board, &step);
    let (a, b) = (r.sets[0].0, r.sets[1].0);
    assert!(a.intersects(b), "the case's sets A and B share a cell");
    let picture = svg::step(&board, &step, HintLevel::Step);
    parse_svg(&picture);
    for i in 0..r.sets.len() {
        // the fill is a hatching, its own
        let rule = format!(".s{i}{{fill:url(#h{i})}}");
        assert!(picture.contains(&rule), "set {i}: {rule}");
        assert!(picture.contains(&format!("<pattern id=\"h{i}\"")));
    }
    assert!(!picture.contains(".s0{fill:#"), "a translucent fill");
    // the outlines share no segment
    let segments = |class: &str| -> Vec<String> {
        let start = picture
            .find(&format!("<path class=\"{class}\" d=\""))
            .unwrap_or_else(|| panic!("no {class} outline"));
        let d = &picture[start..];
        let d = &d[d.find("d=\"").unwrap() + 3..];
        let d = &d[..d.find('"').unwrap()];
        d.split('M')
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    };
    let (sa, sb) = (segments("so0"), segments("so1"));
    assert!(
        sa.iter().all(|s| !sb.contains(s)),
        "the outlines of A and B overlap"
    );
    // the legend names each set and its cells
    assert!(picture.contains(&format!("almost locked set A: {a}")));
    assert!(picture.contains(&format!("almost locked set B: {b}")));
}

/// The arrows drawn on the grid: paths of a link's class (`l...`) that
/// run somewhere (the legend's samples are straight `h` strokes).
fn arrows(svg: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with('l')))
        .filter(|n| {
            n.attribute("d")
                .is_some_and(|d| d.contains('L') || d.contains('Q'))
        })
        .count()
}

/// Issue 31: a forcing net of some thirty arrows is drawn short: the
/// premise, each branch's ends and the conclusion, one arrow per end; the
/// whole net is a picture apart and, in the walkthrough, behind a switch.
#[test]
fn a_forcing_net_is_drawn_short_with_the_whole_net_apart() {
    let trace = solve(&parse(HARD).unwrap(), &Options::default());
    let (board, step) = trace
        .positions()
        .into_iter()
        .find(|(_, s)| s.technique == Technique::ForcingNetContradiction)
        .map(|(b, s)| (b, s.clone()))
        .expect("a forcing net in the solve of top1465 #1");
    let Evidence::Forcing { branches, .. } = &step.evidence else {
        unreachable!()
    };
    let short = svg::step(&board, &step, HintLevel::Step);
    parse_svg(&short);
    let whole = svg::whole_net(&board, &step, None).expect("the whole net apart");
    parse_svg(&whole);
    let (n_short, n_whole) = (arrows(&short), arrows(&whole));
    assert!(
        n_short <= 4 * branches.len() + 6,
        "{n_short} arrows in the short picture of {} branches",
        branches.len()
    );
    assert!(n_whole >= 15, "{n_whole} arrows in the whole net");
    assert!(n_short < n_whole);
    // every premise is drawn, and the conclusion
    for b in branches {
        let (x, y) = slot_centre(b.premise.cell, b.premise.digit);
        assert!(short.contains(&format!("x=\"{}\" y=\"{}\"", x - 10, y - 10)));
    }
    assert!(short.contains("class=\"xX\""));
    assert!(short.contains("many steps as one arrow"));
    // the walkthrough has the whole net behind its switch
    let layered = svg::layered(&board, Some(&step));
    assert!(layered.contains("<g class=\"nt\">") && layered.contains("<g class=\"sm\">"));
    assert!(!svg::whole_net_switch(&board, &step, "w1").is_empty());
    let page = html::walkthrough(&trace, None);
    assert!(page.contains("Show the whole net"));
}
