//! The 1024 seeded 30-cell lines that `benches/feedback.rs` and
//! `examples/feedback_throughput.rs` both measure, in one place so that the two figures are
//! always about the same lines (each target includes this file with `#[path]`).
//!
//! The lines are generated from seeded random pictures (density 1/2): each cell is shown
//! correctly with probability 6/10, wrongly with 1/10, and left untouched otherwise, so the
//! set mixes solved, partial and contradictory lines like real play.

use nonogram_core::cells::{Cell, clues_of};
use puzzles_common::SplitMix64;

pub const LEN: usize = 30;
pub const LINES: usize = 1024;

/// The cases' generator: the workspace's SplitMix64 (`puzzles-common`), `% n` as it always
/// was here, so the cases stay the same.
fn below(rng: &mut SplitMix64, n: u64) -> u64 {
    rng.next_u64() % n
}

/// (clues, line) pairs, the same on every run.
pub fn cases() -> Vec<(Vec<u32>, Vec<Cell>)> {
    let mut rng = SplitMix64::new(2026);
    (0..LINES)
        .map(|_| {
            let picture: Vec<bool> = (0..LEN).map(|_| below(&mut rng, 2) == 0).collect();
            let clues = clues_of(&picture);
            let line = picture
                .iter()
                .map(|&filled| match below(&mut rng, 10) {
                    0..=5 if filled => Cell::Filled,
                    0..=5 => Cell::Empty,
                    6 if filled => Cell::Empty,
                    6 => Cell::Filled,
                    _ => Cell::Unknown,
                })
                .collect();
            (clues, line)
        })
        .collect()
}
