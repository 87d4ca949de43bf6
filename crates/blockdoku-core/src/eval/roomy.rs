//! A quick test that a board leaves every probe room, before [`super::Evaluator::probe_cost`]
//! counts places probe by probe.
//!
//! The probe cost charges only the pieces with fewer than four places, and on the boards the
//! engine meets nearly every piece has more: in `trace 2026 0 300` 95% of the probe costs
//! asked came to 0, after counting the places of about twenty pieces each. Four counts
//! say it for most of them at once. Every probe of the default set but the long bars fits
//! in a 3x3 square, and each empty 3x3 window gives each such piece a place of its own (its
//! bounding box at the window's corner): four empty windows, four places. A bar of at most
//! five cells lies inside the five-cell bar, so four places of that bar give it four. These
//! windows and runs are a few shifts of the whole board, and held on 80-89% of the probe
//! costs the engine asked in that trace.

use crate::geometry::Geometry;
use crate::piece::Piece;

/// The shapes that vouch for the probes' room, and which probes each vouches for.
#[derive(Debug, Clone)]
pub(super) struct RoomyTest {
    /// Top-left cells of the 3x3 windows inside the board.
    window_origins: u128,
    /// Left cells of the five-cell runs across inside the board, and top cells of those down.
    across_origins: u128,
    down_origins: u128,
    /// The probes (bits of their indexes) inside a 3x3 square, inside a bar of five across,
    /// inside a bar of five down.
    in_window: u64,
    in_across: u64,
    in_down: u64,
}

impl RoomyTest {
    /// The test for `probes` (at most 64) on `geo`.
    pub(super) fn new(geo: &Geometry, probes: &[Piece]) -> RoomyTest {
        let n = geo.size();
        let origins = |height: usize, width: usize| {
            let mut cells = 0u128;
            for row in 0..(n + 1).saturating_sub(height) {
                for col in 0..(n + 1).saturating_sub(width) {
                    cells |= geo.bit(row, col);
                }
            }
            cells
        };
        let probes_where = |inside: &dyn Fn(&Piece) -> bool| {
            (0..probes.len())
                .filter(|&i| inside(&probes[i]))
                .fold(0u64, |m, i| m | 1 << i)
        };
        RoomyTest {
            window_origins: origins(3, 3),
            across_origins: origins(1, 5),
            down_origins: origins(5, 1),
            in_window: probes_where(&|p| p.height() <= 3 && p.width() <= 3),
            in_across: probes_where(&|p| p.height() == 1 && p.width() <= 5),
            in_down: probes_where(&|p| p.width() == 1 && p.height() <= 5),
        }
    }

    /// The probes that surely have at least four places on the board whose empty cells are
    /// `empty` (on a board `n` cells wide).
    #[inline(always)]
    pub(super) fn roomy(&self, empty: u128, n: usize) -> u64 {
        let across3 = empty & (empty >> 1) & (empty >> 2);
        let windows = across3 & (across3 >> n) & (across3 >> (2 * n)) & self.window_origins;
        let across5 = across3 & (empty >> 3) & (empty >> 4) & self.across_origins;
        let down5 = empty
            & (empty >> n)
            & (empty >> (2 * n))
            & (empty >> (3 * n))
            & (empty >> (4 * n))
            & self.down_origins;
        let vouch = |cells: u128, probes: u64| if at_least_four(cells) { probes } else { 0 };
        vouch(windows, self.in_window) | vouch(across5, self.in_across) | vouch(down5, self.in_down)
    }
}

/// Whether `x` has four bits set or more: its lowest bit cleared three times leaves one.
#[inline(always)]
fn at_least_four(x: u128) -> bool {
    let second = x & x.wrapping_sub(1);
    let third = second & second.wrapping_sub(1);
    let fourth = third & third.wrapping_sub(1);
    fourth != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{Placement, default_set};

    /// Every probe the test vouches for has at least four places, on random boards of
    /// several densities and sizes, and on sparse boards it vouches for every default probe.
    #[test]
    fn vouches_only_for_probes_with_room() {
        let mut rng = puzzles_common::SplitMix64::new(57);
        let pieces = default_set();
        let every = (1u64 << pieces.len()) - 1;
        let mut vouched_all = 0;
        for (size, box_size) in [(9, 3), (8, 0), (10, 2), (5, 0)] {
            let g = Geometry::new(size, box_size).expect("valid geometry");
            let test = RoomyTest::new(&g, pieces);
            let placed: Vec<Placement> = pieces.iter().map(|p| Placement::new(p, &g)).collect();
            for case in 0..400 {
                let mut b = rng.next_u128() & g.full();
                for _ in 0..case % 5 {
                    b &= rng.next_u128();
                }
                let empty = !b & g.full();
                let roomy = test.roomy(empty, size);
                for (i, p) in placed.iter().enumerate() {
                    if roomy & (1 << i) != 0 {
                        assert!(
                            p.positions(empty).count_ones() >= 4,
                            "size {size} case {case}"
                        );
                    }
                }
                vouched_all += i32::from(roomy == every);
            }
        }
        assert!(
            vouched_all > 200,
            "{vouched_all} boards vouched for in full"
        );
        let g = Geometry::standard();
        let test = RoomyTest::new(&g, pieces);
        assert_eq!(test.roomy(g.full(), 9), every, "the empty board");
        // Only the top two rows empty: no 3x3 window, no bar down, ten places of the bar across.
        let top = g.full() & ((1u128 << 18) - 1);
        assert_eq!(test.roomy(top, 9), test.in_across);
    }
}
