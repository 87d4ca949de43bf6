//! SplitMix64 (Steele, Lea and Flood, 2014), written out here so that a seed deals the same
//! trays and draws the same secrets forever, whatever crate versions or platform.

/// The golden-ratio increment of the generator's state.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The output of a SplitMix64 generator whose state is `z`: a strong 64-bit mixing function
/// (`mix(seed)` is the first output of `SplitMix64::new(seed)`).
#[inline]
pub fn mix(z: u64) -> u64 {
    let mut z = z.wrapping_add(GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// SplitMix64: a tiny, fast, well-mixed 64-bit generator with a fixed definition.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let out = mix(self.state);
        self.state = self.state.wrapping_add(GAMMA);
        out
    }

    /// The next 128 random bits: two draws, the first in the high half (board masks of the
    /// block puzzle are u128).
    pub fn next_u128(&mut self) -> u128 {
        let high = u128::from(self.next_u64());
        high << 64 | u128::from(self.next_u64())
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias: the high half of a 128-bit
    /// product, with Lemire's rejection of the few low halves that would favour some values
    /// (at most `n` of 2^64, so for the small `n` of games a draw is almost never repeated).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference outputs of SplitMix64 for seed 1234567 (from the published reference
    /// implementation's test vector).
    #[test]
    fn splitmix_matches_reference() {
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(r.next_u64(), 9_817_491_932_198_370_423);
        assert_eq!(mix(1_234_567), 6_457_827_717_110_365_317);
    }

    #[test]
    fn next_u128_is_two_draws_high_first() {
        let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
        let (high, low) = (b.next_u64(), b.next_u64());
        assert_eq!(a.next_u128(), u128::from(high) << 64 | u128::from(low));
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = SplitMix64::new(7);
        let mut seen = [0u32; 47];
        for _ in 0..47_000 {
            seen[r.below(47) as usize] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
    }
}
