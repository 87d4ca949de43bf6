//! The tests' random cases: a fixed xorshift generator, so that a seed gives the same cases
//! on every machine and in every build.

/// Marsaglia's 32-bit xorshift (13, 17, 5), started from a non-zero `state`.
pub(crate) fn xorshift32(mut state: u32) -> impl FnMut() -> u32 {
    move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    }
}
