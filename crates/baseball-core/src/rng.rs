//! A tiny, stable pseudo-random generator (SplitMix64, shared with the other game crates
//! through `puzzles-common`), so that a seed gives the same games on every platform and every
//! version of every dependency; and the mappings of its bits that this crate uses.

pub use puzzles_common::rng::{SplitMix64, mix};

/// Maps 64 random bits to a number below `n` (`n > 0`) without the bias of `%`.
#[inline]
pub fn below(r: u64, n: u64) -> u64 {
    ((u128::from(r) * u128::from(n)) >> 64) as u64
}

/// A seed nobody chose, for callers who did not give one (reported back so the run can be
/// repeated). Uses the standard library's per-process random hash keys: no I/O.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x5eed);
    h.finish() >> 11 // stays exact in a JSON double
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_maps_bits_into_range_and_fresh_seeds_fit_json() {
        let mut r = SplitMix64::new(7);
        let mut hits = [0u32; 6];
        for _ in 0..60_000 {
            hits[below(r.next_u64(), 6) as usize] += 1;
        }
        for h in hits {
            assert!((9_000..11_000).contains(&h), "{hits:?}");
        }
        assert!(fresh_seed() < 1 << 53);
    }
}
