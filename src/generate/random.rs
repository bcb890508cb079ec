//! The random source of one puzzle.
//!
//! ChaCha with 8 rounds (`rand_chacha`), keyed by the batch's seed, on the
//! stream numbered by the puzzle's index: puzzle `i` of seed `s` draws the
//! same numbers whichever thread makes it and whatever was made before, so a
//! batch is the same on 1 or 16 threads. ChaCha's output is specified, the
//! same on every platform and in every version of the crate.
//!
//! The two ways numbers are used, a bounded integer and a shuffle, are
//! written here rather than taken from `rand`, whose algorithms may change
//! between its versions: a seed must give the same puzzles in every release
//! of sensei that keeps the same generator.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub(crate) struct Random(ChaCha8Rng);

impl Random {
    /// The stream of puzzle `index` of the batch `seed`.
    pub(crate) fn for_puzzle(seed: u64, index: u64) -> Random {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        Random(rng)
    }

    /// A number in `0..n` (0 when `n` is 0), without bias: Lemire's
    /// multiply-and-shift, drawing again in the rare case that would favour
    /// some results.
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        // 2^32 mod n: products whose low half falls below it are redrawn
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(self.0.next_u32()) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }

    /// Fisher–Yates: every order equally likely.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let draw = |seed, index| {
            let mut r = Random::for_puzzle(seed, index);
            (0..8).map(|_| r.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(draw(7, 3), draw(7, 3));
        assert_ne!(draw(7, 3), draw(7, 4));
        assert_ne!(draw(7, 3), draw(8, 3));
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Random::for_puzzle(1, 1);
        let mut seen = [false; 7];
        for _ in 0..500 {
            let x = r.below(7) as usize;
            assert!(x < 7);
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
    }
}
