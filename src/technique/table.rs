//! The technique table: one row per technique, holding every
//! per-technique fact (see the parent module for the columns' types).
//! Declares [`Technique`] and `TABLE` from one list, so they cannot drift.

use super::{Class, Family, Finder, Info, Level, SeBase};

/// Declares [`Technique`] and the table from one list of rows, so the two
/// cannot drift apart.
macro_rules! techniques {
    ($($t:ident, $name:literal, $slug:literal,
       $family:ident, $finder:ident, $code:literal, $short:literal, $order:literal,
       $level:ident, $score:literal, [$($p:ident)*], $se:ident($rating:literal), $class:ident;)*) => {
        /// A human solving technique (or the brute-force fallback).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        #[non_exhaustive]
        pub enum Technique {
            $($t,)*
        }

        /// The table, in the declaration order of [`Technique`].
        pub(super) const TABLE: &[Info] = &[$(Info {
            technique: Technique::$t,
            name: $name,
            slug: $slug,
            family: Family::$family,
            finder: Finder::$finder,
            hodoku_code: code($code),
            hodoku_short: $short,
            order: $order,
            level: Level::$level,
            score: $score,
            profiles: 0 $(| $p)*,
            se: SeBase::$se($rating),
            class: Class::$class,
        }),*];
    };
}

// Profile columns: D sensei's default profile (`hodoku`: HoDoKu's default
// set, plus WXYZ-Wing, 3D Medusa and the deeper forcing nets), H HoDoKu
// 2.2.0's own default set (the HoDoKu rating solve), A `all`, S `se` (SE
// 1.2.1's own rules), Q `qqwing`.
pub(super) const D: u8 = 1;
pub(super) const H: u8 = 2;
pub(super) const A: u8 = 4;
pub(super) const S: u8 = 8;
pub(super) const Q: u8 = 16;

#[rustfmt::skip]
techniques! {
//  technique,                     name,                                  slug,
//      family,              finder,        code,   short,  order, level,  score, profiles,    SE rating,   QQWing class;
    FullHouse,                     "Full House",                          "full-house",
        Singles,             Singles,       "0000", "fh",   100,  Easy,    4,     [D H A S Q], Own(1.0),   Simple;
    NakedSingle,                   "Naked Single",                        "naked-single",
        Singles,             Singles,       "0003", "n1",   200,  Easy,    4,     [D H A S Q], Own(2.3),   Simple;
    HiddenSingle,                  "Hidden Single",                       "hidden-single",
        Singles,             Singles,       "0002", "h1",   300,  Easy,    14,    [D H A S Q], Own(1.2),   Easy;
    DirectPointing,                "Direct Pointing",                     "direct-pointing",
        Intersections,       Direct,        "",     "dlc1", 310,  Easy,    50,    [S],         Own(1.7),   Expert;
    DirectClaiming,                "Direct Claiming",                     "direct-claiming",
        Intersections,       Direct,        "",     "dlc2", 320,  Easy,    50,    [S],         Own(1.9),   Expert;
    DirectHiddenPair,              "Direct Hidden Pair",                  "direct-hidden-pair",
        Subsets,             Direct,        "",     "dh2",  330,  Easy,    70,    [S],         Own(2.0),   Expert;
    DirectHiddenTriple,            "Direct Hidden Triple",                "direct-hidden-triple",
        Subsets,             Direct,        "",     "dh3",  340,  Easy,    100,   [S],         Own(2.5),   Expert;
    LockedPair,                    "Locked Pair",                         "locked-pair",
        Intersections,       Subsets,       "0110", "l2",   1000, Medium,  40,    [D H A S],   Like(3.0),  Expert;
    LockedTriple,                  "Locked Triple",                       "locked-triple",
        Intersections,       Subsets,       "0111", "l3",   1100, Medium,  60,    [D H A S],   Like(3.6),  Expert;
    LockedCandidates1,             "Locked Candidates Type 1 (Pointing)", "locked-candidates-pointing",
        Intersections,       Intersections, "0100", "lc1",  1200, Medium,  50,    [D H A S Q], Own(2.6),   Intermediate;
    LockedCandidates2,             "Locked Candidates Type 2 (Claiming)", "locked-candidates-claiming",
        Intersections,       Intersections, "0101", "lc2",  1210, Medium,  50,    [D H A S Q], Own(2.8),   Intermediate;
    NakedPair,                     "Naked Pair",                          "naked-pair",
        Subsets,             Subsets,       "0200", "n2",   1300, Medium,  60,    [D H A S Q], Own(3.0),   Intermediate;
    NakedTriple,                   "Naked Triple",                        "naked-triple",
        Subsets,             Subsets,       "0201", "n3",   1400, Medium,  80,    [D H A S],   Own(3.6),   Expert;
    HiddenPair,                    "Hidden Pair",                         "hidden-pair",
        Subsets,             Subsets,       "0210", "h2",   1500, Medium,  70,    [D H A S Q], Own(3.4),   Intermediate;
    HiddenTriple,                  "Hidden Triple",                       "hidden-triple",
        Subsets,             Subsets,       "0211", "h3",   1600, Medium,  100,   [D H A S],   Own(4.0),   Expert;
    NakedQuadruple,                "Naked Quadruple",                     "naked-quadruple",
        Subsets,             Subsets,       "0202", "n4",   2000, Hard,    120,   [D H A S],   Own(5.0),   Expert;
    HiddenQuadruple,               "Hidden Quadruple",                    "hidden-quadruple",
        Subsets,             Subsets,       "0212", "h4",   2100, Hard,    150,   [D H A S],   Own(5.4),   Expert;
    XWing,                         "X-Wing",                              "x-wing",
        BasicFish,           Fish,          "0300", "bf2",  2200, Hard,    140,   [D H A S],   Own(3.2),   Expert;
    Swordfish,                     "Swordfish",                           "swordfish",
        BasicFish,           Fish,          "0301", "bf3",  2300, Hard,    150,   [D H A S],   Own(3.8),   Expert;
    Jellyfish,                     "Jellyfish",                           "jellyfish",
        BasicFish,           Fish,          "0302", "bf4",  2400, Hard,    160,   [D H A S],   Own(5.2),   Expert;
    Squirmbag,                     "Squirmbag",                           "squirmbag",
        BasicFish,           Fish,          "0303", "bf5",  2500, Unfair,  470,   [],          Like(5.4),  Expert;
    Whale,                         "Whale",                               "whale",
        BasicFish,           Fish,          "0304", "bf6",  2600, Unfair,  470,   [],          Like(5.4),  Expert;
    Leviathan,                     "Leviathan",                           "leviathan",
        BasicFish,           Fish,          "0305", "bf7",  2700, Unfair,  470,   [],          Like(5.4),  Expert;
    RemotePair,                    "Remote Pair",                         "remote-pair",
        ChainsAndLoops,      Chains,        "0703", "rp",   2800, Hard,    110,   [D H A],     Like(6.6),  Expert;
    BugPlus1,                      "Bivalue Universal Grave + 1",         "bug-plus-1",
        Uniqueness,          Uniqueness,    "0610", "bug1", 2900, Hard,    100,   [D H A S],   Own(5.6),   Expert;
    Skyscraper,                    "Skyscraper",                          "skyscraper",
        SingleDigitPatterns, SingleDigit,   "0400", "sk",   3000, Hard,    130,   [D H A S],   Own(6.6),   Expert;
    TwoStringKite,                 "2-String Kite",                       "2-string-kite",
        SingleDigitPatterns, SingleDigit,   "0401", "2sk",  3100, Hard,    150,   [D H A S],   Own(6.6),   Expert;
    DualTwoStringKite,             "Dual 2-String Kite",                  "dual-2-string-kite",
        SingleDigitPatterns, SingleDigit,   "0404", "d2sk", 3110, Hard,    150,   [D H A],     Like(6.6),  Expert;
    TurbotFish,                    "Turbot Fish",                         "turbot-fish",
        SingleDigitPatterns, SingleDigit,   "0403", "tf",   3120, Hard,    120,   [D H A S],   Own(6.6),   Expert;
    EmptyRectangle,                "Empty Rectangle",                     "empty-rectangle",
        SingleDigitPatterns, SingleDigit,   "0402", "er",   3170, Hard,    120,   [D H A],     Like(6.6),  Expert;
    DualEmptyRectangle,            "Dual Empty Rectangle",                "dual-empty-rectangle",
        SingleDigitPatterns, SingleDigit,   "0405", "der",  3180, Hard,    120,   [D H A],     Like(6.6),  Expert;
    WWing,                         "W-Wing",                              "w-wing",
        Wings,               Wings,         "0803", "w",    3200, Hard,    150,   [D H A],     Like(6.6),  Expert;
    XyWing,                        "XY-Wing",                             "xy-wing",
        Wings,               Wings,         "0800", "xy",   3300, Hard,    160,   [D H A S],   Own(4.2),   Expert;
    XyzWing,                       "XYZ-Wing",                            "xyz-wing",
        Wings,               Wings,         "0801", "xyz",  3400, Hard,    180,   [D H A S],   Own(4.4),   Expert;
    WxyzWing,                      "WXYZ-Wing",                           "wxyz-wing",
        Wings,               Wings,         "",     "wxyz", 3450, Unfair,  200,   [D A],       Like(4.6),  Expert;
    Uniqueness1,                   "Uniqueness Test 1",                   "uniqueness-test-1",
        Uniqueness,          Uniqueness,    "0600", "u1",   3500, Hard,    100,   [D H A S],   Own(4.5),   Expert;
    Uniqueness2,                   "Uniqueness Test 2",                   "uniqueness-test-2",
        Uniqueness,          Uniqueness,    "0601", "u2",   3600, Hard,    100,   [D H A S],   Own(4.5),   Expert;
    Uniqueness3,                   "Uniqueness Test 3",                   "uniqueness-test-3",
        Uniqueness,          Uniqueness,    "0602", "u3",   3700, Hard,    100,   [D H A S],   Own(4.5),   Expert;
    Uniqueness4,                   "Uniqueness Test 4",                   "uniqueness-test-4",
        Uniqueness,          Uniqueness,    "0603", "u4",   3800, Hard,    100,   [D H A S],   Own(4.5),   Expert;
    Uniqueness5,                   "Uniqueness Test 5",                   "uniqueness-test-5",
        Uniqueness,          Uniqueness,    "0604", "u5",   3900, Hard,    100,   [D H A],     Like(4.5),  Expert;
    Uniqueness6,                   "Uniqueness Test 6",                   "uniqueness-test-6",
        Uniqueness,          Uniqueness,    "0605", "u6",   4000, Hard,    100,   [D H A],     Like(4.5),  Expert;
    HiddenRectangle,               "Hidden Rectangle",                    "hidden-rectangle",
        Uniqueness,          Uniqueness,    "0606", "hr",   4010, Hard,    100,   [D H A],     Like(4.5),  Expert;
    AvoidableRectangle1,           "Avoidable Rectangle Type 1",          "avoidable-rectangle-type-1",
        Uniqueness,          Uniqueness,    "0607", "ar1",  4020, Hard,    100,   [D H A],     Like(4.5),  Expert;
    AvoidableRectangle2,           "Avoidable Rectangle Type 2",          "avoidable-rectangle-type-2",
        Uniqueness,          Uniqueness,    "0608", "ar2",  4030, Hard,    100,   [D H A],     Like(4.5),  Expert;
    FinnedXWing,                   "Finned X-Wing",                       "finned-x-wing",
        FinnedFish,          Fish,          "0310", "fbf2", 4100, Hard,    130,   [D H A],     Like(6.6),  Expert;
    SashimiXWing,                  "Sashimi X-Wing",                      "sashimi-x-wing",
        FinnedFish,          Fish,          "0320", "sbf2", 4200, Hard,    150,   [D H A],     Like(6.6),  Expert;
    FinnedSwordfish,               "Finned Swordfish",                    "finned-swordfish",
        FinnedFish,          Fish,          "0311", "fbf3", 4300, Unfair,  200,   [D H A],     Like(6.6),  Expert;
    SashimiSwordfish,              "Sashimi Swordfish",                   "sashimi-swordfish",
        FinnedFish,          Fish,          "0321", "sbf3", 4400, Unfair,  240,   [D H A],     Like(6.6),  Expert;
    FinnedJellyfish,               "Finned Jellyfish",                    "finned-jellyfish",
        FinnedFish,          Fish,          "0312", "fbf4", 4500, Unfair,  250,   [D H A],     Like(6.6),  Expert;
    SashimiJellyfish,              "Sashimi Jellyfish",                   "sashimi-jellyfish",
        FinnedFish,          Fish,          "0322", "sbf4", 4600, Unfair,  260,   [D H A],     Like(6.6),  Expert;
    FinnedSquirmbag,               "Finned Squirmbag",                    "finned-squirmbag",
        FinnedFish,          Fish,          "0313", "fbf5", 4700, Unfair,  470,   [],          Like(7.0),  Expert;
    SashimiSquirmbag,              "Sashimi Squirmbag",                   "sashimi-squirmbag",
        FinnedFish,          Fish,          "0323", "sbf5", 4800, Unfair,  470,   [],          Like(7.0),  Expert;
    FinnedWhale,                   "Finned Whale",                        "finned-whale",
        FinnedFish,          Fish,          "0314", "fbf6", 4900, Unfair,  470,   [],          Like(7.0),  Expert;
    SashimiWhale,                  "Sashimi Whale",                       "sashimi-whale",
        FinnedFish,          Fish,          "0324", "sbf6", 5000, Unfair,  470,   [],          Like(7.0),  Expert;
    FinnedLeviathan,               "Finned Leviathan",                    "finned-leviathan",
        FinnedFish,          Fish,          "0315", "fbf7", 5100, Unfair,  470,   [],          Like(7.0),  Expert;
    SashimiLeviathan,              "Sashimi Leviathan",                   "sashimi-leviathan",
        FinnedFish,          Fish,          "0325", "sbf7", 5200, Unfair,  470,   [],          Like(7.0),  Expert;
    SueDeCoq,                      "Sue de Coq",                          "sue-de-coq",
        Miscellaneous,       SueDeCoq,      "1101", "sdc",  5300, Unfair,  250,   [D H A],     Like(7.0),  Expert;
    SimpleColorsTrap,              "Simple Colors Trap",                  "simple-colors-trap",
        Coloring,            Coloring,      "0500", "sc1",  5330, Hard,    150,   [D H A],     Like(6.6),  Expert;
    SimpleColorsWrap,              "Simple Colors Wrap",                  "simple-colors-wrap",
        Coloring,            Coloring,      "0501", "sc2",  5340, Hard,    150,   [D H A],     Like(6.6),  Expert;
    MultiColors1,                  "Multi Colors 1",                      "multi-colors-1",
        Coloring,            Coloring,      "0502", "mc1",  5360, Hard,    200,   [D H A],     Like(6.6),  Expert;
    MultiColors2,                  "Multi Colors 2",                      "multi-colors-2",
        Coloring,            Coloring,      "0503", "mc2",  5370, Hard,    200,   [D H A],     Like(6.6),  Expert;
    Medusa3D,                      "3D Medusa",                           "3d-medusa",
        Coloring,            Coloring,      "",     "m3d",  5380, Unfair,  250,   [D A],       Like(7.0),  Expert;
    XChain,                        "X-Chain",                             "x-chain",
        ChainsAndLoops,      Chains,        "0701", "x",    5400, Unfair,  260,   [D H A],     Own(6.6),   Expert;
    XyChain,                       "XY-Chain",                            "xy-chain",
        ChainsAndLoops,      Chains,        "0702", "xyc",  5500, Unfair,  260,   [D H A],     Own(6.6),   Expert;
    ContinuousNiceLoop,            "Continuous Nice Loop",                "continuous-nice-loop",
        ChainsAndLoops,      Chains,        "0706", "cnl",  5600, Unfair,  280,   [D H A],     Own(6.5),   Expert;
    DiscontinuousNiceLoop,         "Discontinuous Nice Loop",             "discontinuous-nice-loop",
        ChainsAndLoops,      Chains,        "0707", "dnl",  5610, Unfair,  280,   [D H A],     Own(6.6),   Expert;
    Aic,                           "AIC",                                 "aic",
        ChainsAndLoops,      Chains,        "0708", "aic",  5620, Unfair,  280,   [D H A],     Own(6.6),   Expert;
    GroupedContinuousNiceLoop,     "Grouped Continuous Nice Loop",        "grouped-continuous-nice-loop",
        ChainsAndLoops,      Chains,        "0709", "gcnl", 5650, Unfair,  300,   [D H A],     Like(7.0),  Expert;
    GroupedDiscontinuousNiceLoop,  "Grouped Discontinuous Nice Loop",     "grouped-discontinuous-nice-loop",
        ChainsAndLoops,      Chains,        "0710", "gdnl", 5660, Unfair,  300,   [D H A],     Like(7.0),  Expert;
    GroupedAic,                    "Grouped AIC",                         "grouped-aic",
        ChainsAndLoops,      Chains,        "0711", "gaic", 5670, Unfair,  300,   [D H A],     Like(7.0),  Expert;
    AlsXz,                         "Almost Locked Set XZ-Rule",           "als-xz",
        AlmostLockedSets,    Als,           "0901", "axz",  5700, Unfair,  300,   [D H A],     Like(7.5),  Expert;
    AlsXyWing,                     "Almost Locked Set XY-Wing",           "als-xy-wing",
        AlmostLockedSets,    Als,           "0902", "axy",  5800, Unfair,  320,   [D H A],     Like(7.5),  Expert;
    AlsXyChain,                    "Almost Locked Set Chain",             "als-xy-chain",
        AlmostLockedSets,    Als,           "0903", "ach",  5900, Unfair,  340,   [D H A],     Like(7.5),  Expert;
    DeathBlossom,                  "Death Blossom",                       "death-blossom",
        AlmostLockedSets,    Als,           "0904", "db",   6000, Unfair,  360,   [A],         Like(7.5),  Expert;
    FrankenXWing,                  "Franken X-Wing",                      "franken-x-wing",
        FrankenFish,         Fish,          "0330", "ff2",  6100, Unfair,  300,   [D H A],     Like(7.0),  Expert;
    FrankenSwordfish,              "Franken Swordfish",                   "franken-swordfish",
        FrankenFish,         Fish,          "0331", "ff3",  6200, Unfair,  350,   [D H A],     Like(7.0),  Expert;
    FrankenJellyfish,              "Franken Jellyfish",                   "franken-jellyfish",
        FrankenFish,         Fish,          "0332", "ff4",  6300, Unfair,  370,   [A],         Like(7.0),  Expert;
    FrankenSquirmbag,              "Franken Squirmbag",                   "franken-squirmbag",
        FrankenFish,         Fish,          "0333", "ff5",  6400, Extreme, 470,   [],          Like(7.5),  Expert;
    FrankenWhale,                  "Franken Whale",                       "franken-whale",
        FrankenFish,         Fish,          "0334", "ff6",  6500, Extreme, 470,   [],          Like(7.5),  Expert;
    FrankenLeviathan,              "Franken Leviathan",                   "franken-leviathan",
        FrankenFish,         Fish,          "0335", "ff7",  6600, Extreme, 470,   [],          Like(7.5),  Expert;
    FinnedFrankenXWing,            "Finned Franken X-Wing",               "finned-franken-x-wing",
        FinnedFrankenFish,   Fish,          "0340", "fff2", 6700, Unfair,  390,   [D H A],     Like(7.0),  Expert;
    FinnedFrankenSwordfish,        "Finned Franken Swordfish",            "finned-franken-swordfish",
        FinnedFrankenFish,   Fish,          "0341", "fff3", 6800, Unfair,  410,   [D H A],     Like(7.0),  Expert;
    FinnedFrankenJellyfish,        "Finned Franken Jellyfish",            "finned-franken-jellyfish",
        FinnedFrankenFish,   Fish,          "0342", "fff4", 6900, Unfair,  430,   [A],         Like(7.0),  Expert;
    FinnedFrankenSquirmbag,        "Finned Franken Squirmbag",            "finned-franken-squirmbag",
        FinnedFrankenFish,   Fish,          "0343", "fff5", 7000, Extreme, 470,   [],          Like(7.5),  Expert;
    FinnedFrankenWhale,            "Finned Franken Whale",                "finned-franken-whale",
        FinnedFrankenFish,   Fish,          "0344", "fff6", 7100, Extreme, 470,   [],          Like(7.5),  Expert;
    FinnedFrankenLeviathan,        "Finned Franken Leviathan",            "finned-franken-leviathan",
        FinnedFrankenFish,   Fish,          "0345", "fff7", 7200, Extreme, 470,   [],          Like(7.5),  Expert;
    MutantXWing,                   "Mutant X-Wing",                       "mutant-x-wing",
        MutantFish,          Fish,          "0350", "mf2",  7300, Extreme, 450,   [A],         Like(7.2),  Expert;
    MutantSwordfish,               "Mutant Swordfish",                    "mutant-swordfish",
        MutantFish,          Fish,          "0351", "mf3",  7400, Extreme, 450,   [A],         Like(7.2),  Expert;
    MutantJellyfish,               "Mutant Jellyfish",                    "mutant-jellyfish",
        MutantFish,          Fish,          "0352", "mf4",  7500, Extreme, 450,   [A],         Like(7.2),  Expert;
    MutantSquirmbag,               "Mutant Squirmbag",                    "mutant-squirmbag",
        MutantFish,          Fish,          "0353", "mf5",  7600, Extreme, 470,   [],          Like(7.5),  Expert;
    MutantWhale,                   "Mutant Whale",                        "mutant-whale",
        MutantFish,          Fish,          "0354", "mf6",  7700, Extreme, 470,   [],          Like(7.5),  Expert;
    MutantLeviathan,               "Mutant Leviathan",                    "mutant-leviathan",
        MutantFish,          Fish,          "0355", "mf7",  7800, Extreme, 470,   [],          Like(7.5),  Expert;
    FinnedMutantXWing,             "Finned Mutant X-Wing",                "finned-mutant-x-wing",
        FinnedMutantFish,    Fish,          "0360", "fmf2", 7900, Extreme, 470,   [A],         Like(7.2),  Expert;
    FinnedMutantSwordfish,         "Finned Mutant Swordfish",             "finned-mutant-swordfish",
        FinnedMutantFish,    Fish,          "0361", "fmf3", 8000, Extreme, 470,   [A],         Like(7.2),  Expert;
    FinnedMutantJellyfish,         "Finned Mutant Jellyfish",             "finned-mutant-jellyfish",
        FinnedMutantFish,    Fish,          "0362", "fmf4", 8100, Extreme, 470,   [A],         Like(7.2),  Expert;
    FinnedMutantSquirmbag,         "Finned Mutant Squirmbag",             "finned-mutant-squirmbag",
        FinnedMutantFish,    Fish,          "0363", "fmf5", 8200, Extreme, 470,   [],          Like(7.5),  Expert;
    FinnedMutantWhale,             "Finned Mutant Whale",                 "finned-mutant-whale",
        FinnedMutantFish,    Fish,          "0364", "fmf6", 8300, Extreme, 470,   [],          Like(7.5),  Expert;
    FinnedMutantLeviathan,         "Finned Mutant Leviathan",             "finned-mutant-leviathan",
        FinnedMutantFish,    Fish,          "0365", "fmf7", 8400, Extreme, 470,   [],          Like(7.5),  Expert;
    KrakenFishType1,               "Kraken Fish Type 1",                  "kraken-fish-type-1",
        LastResort,          Missing,       "0371", "kf1",  8450, Extreme, 500,   [],          Like(8.0),  Expert;
    KrakenFishType2,               "Kraken Fish Type 2",                  "kraken-fish-type-2",
        LastResort,          Missing,       "0372", "kf2",  8460, Extreme, 500,   [],          Like(8.0),  Expert;
    ForcingChainContradiction,     "Forcing Chain Contradiction",         "forcing-chain-contradiction",
        LastResort,          Forcing,       "1301", "fcc",  8500, Extreme, 500,   [D H A],     Own(7.5),   Expert;
    ForcingChainVerity,            "Forcing Chain Verity",                "forcing-chain-verity",
        LastResort,          Forcing,       "1302", "fcv",  8510, Extreme, 500,   [D H A],     Own(7.5),   Expert;
    ForcingNetContradiction,       "Forcing Net Contradiction",           "forcing-net-contradiction",
        LastResort,          Forcing,       "1303", "fnc",  8600, Extreme, 700,   [D H A S],   Own(8.5),   Expert;
    ForcingNetVerity,              "Forcing Net Verity",                  "forcing-net-verity",
        LastResort,          Forcing,       "1304", "fnv",  8610, Extreme, 700,   [D H A S],   Own(8.5),   Expert;
    ForcingNetPlusContradiction,   "Forcing Net (+) Contradiction",       "forcing-net-plus-contradiction",
        LastResort,          Forcing,       "",     "fnpc", 8620, Extreme, 700,   [D A S],     Own(9.0),   Expert;
    ForcingNetPlusVerity,          "Forcing Net (+) Verity",              "forcing-net-plus-verity",
        LastResort,          Forcing,       "",     "fnpv", 8630, Extreme, 700,   [D A S],     Own(9.0),   Expert;
    NestedForcingNetContradiction, "Nested Forcing Net Contradiction",    "nested-forcing-net-contradiction",
        LastResort,          Forcing,       "",     "nfnc", 8640, Extreme, 700,   [D A S],     Own(9.5),   Expert;
    TemplateSet,                   "Template Set",                        "template-set",
        LastResort,          Templates,     "1201", "ts",   8700, Extreme, 10000, [A],         Like(9.0),  Expert;
    TemplateDel,                   "Template Delete",                     "template-delete",
        LastResort,          Templates,     "1202", "td",   8800, Extreme, 10000, [A],         Like(9.0),  Expert;
    BruteForce,                    "Brute Force",                         "brute-force",
        LastResort,          Fallback,      "",     "bf",   8900, Extreme, 10000, [],          Like(10.0), Expert;
}

const fn code(s: &'static str) -> Option<&'static str> {
    if s.is_empty() {
        None
    } else {
        Some(s)
    }
}
