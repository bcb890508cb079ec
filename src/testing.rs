//! What the unit tests share.

/// A small reproducible stream of pseudo-random numbers (xorshift), for
/// tests that try many positions: the same ones on every run.
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
