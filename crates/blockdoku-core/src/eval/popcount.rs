//! How the evaluation counts the bits of a mask. The workspace builds for baseline x86-64,
//! which has no POPCNT instruction: there a count is a few dozen shifts, masks and adds, and
//! they are about a fifth of the engine's instructions (callgrind, `trace 2026 0 300`: 886 M
//! instructions with the portable count, `trace 2026 0 300 0`, against 714 M). The
//! engine's hot path is therefore compiled twice, once per way of counting
//! ([`Portable`], [`Instruction`]), and the one with the instruction is run only on a CPU
//! that has it (chosen at run time: see `Engine::plan`). Both count exactly, so both give
//! the same plans.

/// A way of counting bits; the evaluation's staged costs are generic over it.
pub(crate) trait Popcount: Copy {
    /// Bits set in a board mask.
    fn count(x: u128) -> i32;
    /// `count(a) + count(b)`: exact while the two have at most 255 bits set between them
    /// (board masks have at most 121 each).
    fn count_pair(a: u128, b: u128) -> i32;
    /// Bits set in a unit mask.
    fn count_bits(x: u64) -> i32;
}

/// Counting without the POPCNT instruction: nibble counts of both halves added before one
/// multiply (`u128::count_ones` there is two separate 64-bit bit-twiddling counts).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Portable;

/// `count_ones`, which is the POPCNT instruction in code compiled with that target feature
/// (the engine's `popcnt` entry points, which inline this) and a bit-twiddling count
/// elsewhere: exact either way, fast only there.
/// Only the x86-64 build dispatches to it (other targets use it in tests only).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Instruction;

const ODD_BITS: u64 = 0x5555_5555_5555_5555;
const BIT_PAIRS: u64 = 0x3333_3333_3333_3333;
const NIBBLES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// Each nibble of `x` replaced by how many of its bits are set (0 to 4).
#[inline(always)]
fn nibble_counts(x: u64) -> u64 {
    let pairs = x - ((x >> 1) & ODD_BITS);
    (pairs & BIT_PAIRS) + ((pairs >> 2) & BIT_PAIRS)
}

/// Each byte the sum of its two nibbles.
#[inline(always)]
fn byte_sums(nibbles: u64) -> u64 {
    (nibbles & NIBBLES) + ((nibbles >> 4) & NIBBLES)
}

impl Popcount for Portable {
    #[inline(always)]
    fn count(x: u128) -> i32 {
        if cfg!(target_feature = "popcnt") {
            return x.count_ones() as i32;
        }
        let bytes = byte_sums(nibble_counts(x as u64) + nibble_counts((x >> 64) as u64));
        (bytes.wrapping_mul(BYTE_ONES) >> 56) as i32
    }

    #[inline(always)]
    fn count_pair(a: u128, b: u128) -> i32 {
        if cfg!(target_feature = "popcnt") {
            return (a.count_ones() + b.count_ones()) as i32;
        }
        let bytes = byte_sums(nibble_counts(a as u64) + nibble_counts((a >> 64) as u64))
            + byte_sums(nibble_counts(b as u64) + nibble_counts((b >> 64) as u64));
        (bytes.wrapping_mul(BYTE_ONES) >> 56) as i32
    }

    #[inline(always)]
    fn count_bits(x: u64) -> i32 {
        if cfg!(target_feature = "popcnt") {
            return x.count_ones() as i32;
        }
        Portable::count(u128::from(x))
    }
}

impl Popcount for Instruction {
    #[inline(always)]
    fn count(x: u128) -> i32 {
        x.count_ones() as i32
    }

    #[inline(always)]
    fn count_pair(a: u128, b: u128) -> i32 {
        (a.count_ones() + b.count_ones()) as i32
    }

    #[inline(always)]
    fn count_bits(x: u64) -> i32 {
        x.count_ones() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ways count what `count_ones` counts, on edge cases and random masks.
    #[test]
    fn counts_match_count_ones() {
        let mut rng = puzzles_common::SplitMix64::new(29);
        let full121 = (1u128 << 121) - 1;
        let mut cases = vec![(0, 0), (full121, full121), (u128::MAX, 0), (0, u128::MAX)];
        for _ in 0..5000 {
            let a = rng.next_u128();
            let b = rng.next_u128();
            cases.push((a, b & full121));
            cases.push((a & b, a | b));
        }
        for (a, b) in cases {
            let ones = a.count_ones() as i32;
            assert_eq!(Portable::count(a), ones);
            assert_eq!(Instruction::count(a), ones);
            let low = a as u64;
            assert_eq!(Portable::count_bits(low), low.count_ones() as i32);
            assert_eq!(Instruction::count_bits(low), low.count_ones() as i32);
            if a.count_ones() + b.count_ones() <= 255 {
                let both = (a.count_ones() + b.count_ones()) as i32;
                assert_eq!(Portable::count_pair(a, b), both);
                assert_eq!(Instruction::count_pair(a, b), both);
            }
        }
    }
}
