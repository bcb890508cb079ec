//! [`Technique`]: every solving technique sensei knows, and the one table
//! that holds every per-technique fact: names and codes, family, HoDoKu
//! 2.2.0's order, level and score, Sudoku Explainer 1.2.1's rating (or the
//! rating of the SE rule that makes the same deduction), QQWing's class,
//! the profiles that use it, and the strategy file that finds it. Profiles,
//! SE's order, the ratings and the generated docs all read this table.
//!
//! The reference numbers come from `shared/design/techniques.tsv`. The
//! rows are in HoDoKu's default solving order, so `Ord` on [`Technique`]
//! is that order.
//!
//! Adding a technique: one row here, its finder in the strategy file the
//! row names, and its text in `render::text` (see docs/architecture.md).

use std::fmt;
use std::str::FromStr;

mod table;

pub use table::Technique;
use table::{A, D, H, Q, S, TABLE};

/// The family a technique belongs to, as HoDoKu groups them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[non_exhaustive]
pub enum Family {
    Singles,
    Intersections,
    Subsets,
    BasicFish,
    FinnedFish,
    FrankenFish,
    FinnedFrankenFish,
    MutantFish,
    FinnedMutantFish,
    SingleDigitPatterns,
    Wings,
    Uniqueness,
    Coloring,
    ChainsAndLoops,
    AlmostLockedSets,
    Miscellaneous,
    LastResort,
}

impl Family {
    pub fn name(self) -> &'static str {
        match self {
            Family::Singles => "Singles",
            Family::Intersections => "Intersections",
            Family::Subsets => "Subsets",
            Family::BasicFish => "Basic Fish",
            Family::FinnedFish => "Finned/Sashimi Fish",
            Family::FrankenFish => "Franken Fish",
            Family::FinnedFrankenFish => "Finned Franken Fish",
            Family::MutantFish => "Mutant Fish",
            Family::FinnedMutantFish => "Finned Mutant Fish",
            Family::SingleDigitPatterns => "Single Digit Patterns",
            Family::Wings => "Wings",
            Family::Uniqueness => "Uniqueness",
            Family::Coloring => "Coloring",
            Family::ChainsAndLoops => "Chains and Loops",
            Family::AlmostLockedSets => "Almost Locked Sets",
            Family::Miscellaneous => "Miscellaneous",
            Family::LastResort => "Last Resort",
        }
    }
}

/// The strategy file (`src/strategies/`) that finds a technique.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Finder {
    Singles,
    /// Sudoku Explainer's direct techniques, built on another finder.
    Direct,
    Intersections,
    Subsets,
    Fish,
    SingleDigit,
    Wings,
    Uniqueness,
    Coloring,
    Chains,
    Als,
    SueDeCoq,
    Forcing,
    Templates,
    /// Not a strategy: the solver's fallback, a guess from the solution.
    Fallback,
    /// Known by name (HoDoKu has it) but not implemented.
    Missing,
}

/// HoDoKu's difficulty levels.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }
    /// HoDoKu 2.2.0's score cap of the level (`None` for Extreme).
    pub fn score_cap(self) -> Option<u32> {
        match self {
            Level::Easy => Some(800),
            Level::Medium => Some(1000),
            Level::Hard => Some(1600),
            Level::Unfair => Some(1800),
            Level::Extreme => None,
        }
    }
    pub fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// QQWing's difficulty classes: the class of a technique is the class of a
/// puzzle that needs it (anything beyond QQWing's techniques is expert:
/// QQWing would guess).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Simple,
    Easy,
    Intermediate,
    Expert,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Simple => "simple",
            Class::Easy => "easy",
            Class::Intermediate => "intermediate",
            Class::Expert => "expert",
        }
    }
}

/// A technique's base rating on Sudoku Explainer's scale (before any
/// length penalty).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum SeBase {
    /// SE 1.2.1 has the technique, with this rating.
    Own(f32),
    /// SE lacks it: the rating of the SE rule that makes the same deduction.
    Like(f32),
}

impl SeBase {
    pub fn rating(self) -> f32 {
        match self {
            SeBase::Own(r) | SeBase::Like(r) => r,
        }
    }
}

/// A named selection and order of techniques.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub enum Profile {
    /// sensei's default: HoDoKu 2.2.0's default techniques in HoDoKu's
    /// order, plus WXYZ-Wing, 3D Medusa and sensei's deeper forcing nets,
    /// which HoDoKu lacks. (The HoDoKu rating solves with HoDoKu's own set,
    /// [`Technique::in_hodoku_default`].)
    #[default]
    Hodoku,
    /// Every technique sensei has, in HoDoKu's order, except fish of size
    /// 5 to 7 (Squirmbag, Whale, Leviathan and their variants), whose search
    /// can take seconds: name them with `--only` to use them.
    All,
    /// Sudoku Explainer's easiest-first order: the techniques SE 1.2.1 has
    /// (with its direct techniques), sorted by SE rating, then sensei's
    /// forcing nets. SE's chaining rules (cycles, forcing chains, Nishio,
    /// multiple and dynamic forcing chains) are not techniques of sensei:
    /// the SE rating solve adds them; a plain solve with this profile goes
    /// from the Turbot Fish patterns to the forcing nets.
    Se,
    /// QQWing's techniques only (singles, intersections, naked and hidden
    /// pairs), for QQWing's classes.
    Qqwing,
}

impl Profile {
    pub fn name(self) -> &'static str {
        match self {
            Profile::Hodoku => "hodoku",
            Profile::All => "all",
            Profile::Se => "se",
            Profile::Qqwing => "qqwing",
        }
    }
    fn bit(self) -> u8 {
        match self {
            Profile::Hodoku => D,
            Profile::All => A,
            Profile::Se => S,
            Profile::Qqwing => Q,
        }
    }
    /// The techniques of the profile, in the order they are tried: HoDoKu's
    /// order, or for [`Profile::Se`] SE's rating (equal ratings keep
    /// HoDoKu's order).
    pub fn techniques(self) -> Vec<Technique> {
        let mut ts: Vec<Technique> = Technique::all().filter(|t| t.in_profile(self)).collect();
        if self == Profile::Se {
            ts.sort_by(|a, b| a.se_base().total_cmp(&b.se_base()));
        }
        ts
    }
}

/// Everything the project knows about one technique.
#[derive(Clone, Copy, Debug)]
pub struct Info {
    pub technique: Technique,
    /// HoDoKu's display name, used in step lines.
    pub name: &'static str,
    /// Stable identifier for JSON and the command line.
    pub slug: &'static str,
    pub family: Family,
    /// The strategy file that finds it.
    pub finder: Finder,
    /// The code in HoDoKu's regression library (`0100`), if HoDoKu has one.
    pub hodoku_code: Option<&'static str>,
    pub hodoku_short: &'static str,
    /// HoDoKu 2.2.0's default solving order (lower runs first).
    pub order: u32,
    /// HoDoKu 2.2.0's level of the technique.
    pub level: Level,
    /// HoDoKu 2.2.0's base score of one step.
    pub score: u32,
    /// The profiles that use it (bits D, H, A, S, Q of the table).
    profiles: u8,
    /// Sudoku Explainer's base rating.
    pub se: SeBase,
    /// QQWing's class of a puzzle that needs it.
    pub class: Class,
}

impl Technique {
    /// The singles: Full House, Naked Single, Hidden Single, in HoDoKu's
    /// order. The command line's `--only` adds them to the techniques it
    /// names unless `--no-singles` is given.
    pub const SINGLES: [Technique; 3] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];
    /// The table row of this technique.
    pub fn info(self) -> &'static Info {
        // The table is declared with the enum, in its order.
        &TABLE[self as usize]
    }
    /// Every technique, in HoDoKu's default order.
    pub fn all() -> impl Iterator<Item = Technique> {
        TABLE.iter().map(|i| i.technique)
    }
    pub fn name(self) -> &'static str {
        self.info().name
    }
    pub fn slug(self) -> &'static str {
        self.info().slug
    }
    pub fn family(self) -> Family {
        self.info().family
    }
    pub fn finder(self) -> Finder {
        self.info().finder
    }
    pub fn hodoku_code(self) -> Option<&'static str> {
        self.info().hodoku_code
    }
    /// Whether a strategy finds it (the fallback and HoDoKu's techniques
    /// that sensei lacks do not).
    pub fn is_implemented(self) -> bool {
        !matches!(self.finder(), Finder::Fallback | Finder::Missing)
    }
    /// Whether `profile` uses it.
    pub fn in_profile(self, profile: Profile) -> bool {
        self.info().profiles & profile.bit() != 0
    }
    /// Whether HoDoKu 2.2.0 uses it with its default settings (the
    /// techniques of the HoDoKu rating solve).
    pub fn in_hodoku_default(self) -> bool {
        self.info().profiles & H != 0
    }
    /// Sudoku Explainer's rating of the technique, if SE has it.
    pub fn se_rating(self) -> Option<f32> {
        match self.info().se {
            SeBase::Own(r) => Some(r),
            SeBase::Like(_) => None,
        }
    }
    /// SE's base rating of the technique, or of the SE rule that makes the
    /// same deduction when SE has no such technique.
    pub fn se_base(self) -> f32 {
        self.info().se.rating()
    }
    /// The technique with this HoDoKu library code (`0100`).
    pub fn from_hodoku_code(code: &str) -> Option<Technique> {
        TABLE
            .iter()
            .find(|i| i.hodoku_code == Some(code))
            .map(|i| i.technique)
    }
    /// The technique with this slug, HoDoKu short name or (case-insensitive) name.
    pub fn from_name(s: &str) -> Option<Technique> {
        let t = s.trim();
        TABLE
            .iter()
            .find(|i| {
                i.slug == t
                    || i.hodoku_short == t
                    || i.name.eq_ignore_ascii_case(t)
                    || i.hodoku_code == Some(t)
            })
            .map(|i| i.technique)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Technique {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Technique::from_name(s)
            .ok_or_else(|| format!("unknown technique '{s}' (see `sensei techniques`)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        for (i, info) in TABLE.iter().enumerate() {
            assert_eq!(info.technique as usize, i, "{}", info.name);
            let t = info.technique;
            // a profile only lists what a strategy finds
            assert!(info.profiles == 0 || t.is_implemented(), "{}", info.name);
            // HoDoKu's own set is part of the default profile, with codes
            assert!(!t.in_hodoku_default() || t.in_profile(Profile::Hodoku));
            assert!(!t.in_hodoku_default() || info.hodoku_code.is_some());
            // QQWing's profile is exactly the techniques below expert
            assert_eq!(t.in_profile(Profile::Qqwing), info.class < Class::Expert);
        }
        let mut slugs: Vec<_> = TABLE.iter().map(|i| i.slug).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), TABLE.len(), "slugs are unique");
        assert!(TABLE.windows(2).all(|w| w[0].order < w[1].order));
    }

    #[test]
    fn lookups() {
        assert_eq!(
            Technique::from_hodoku_code("0100"),
            Some(Technique::LockedCandidates1)
        );
        assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
        assert_eq!(
            Technique::from_name("Hidden Single"),
            Some(Technique::HiddenSingle)
        );
        assert_eq!(Technique::XWing.info().score, 140);
        assert_eq!(Technique::LockedPair.se_base(), 3.0);
        assert_eq!(Technique::LockedPair.se_rating(), None);
    }

    #[test]
    fn se_profile_is_easiest_first() {
        let ts = Profile::Se.techniques();
        assert!(ts.windows(2).all(|w| w[0].se_base() <= w[1].se_base()));
        assert_eq!(ts.first(), Some(&Technique::FullHouse));
    }
}
