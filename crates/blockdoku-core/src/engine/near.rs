//! The units a position's pieces could complete in one move ("near" units), gathered once
//! per position of the search from the number of empty cells of each unit, which a move that
//! clears nothing updates by its own cells.
//!
//! A placement completes a unit when it covers every empty cell of it
//! ([`Placement::covering`]), so a piece can complete only a unit with at most as many empty
//! cells as it has, whose empty cells (shifted down to the first) are no larger a number
//! than its own cells shifted the same way. Measured by `valgrind --tool=callgrind
//! target/release/examples/trace 2026 0 300` as each way came in: asking all 27 units for
//! every piece at every position took 16% of the engine's instructions; gathering the near
//! units once per position by counting each unit's empty cells, 12%; carrying the near units
//! over a quiet move and counting again only the units the piece lies in, 7%; carrying the
//! counts instead, 6%, the covering tests included.

use crate::geometry::{Geometry, Units};
use crate::piece::Placement;
use crate::rules::{Outcome, Turn, points};

/// The empty cells of a near unit, how many, and the unit (its index in
/// `Geometry::units()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Gap {
    pub cells: u128,
    pub count: u32,
    pub unit: u32,
}

/// What the pieces of a position can cover at most: the largest of their cells shifted
/// down to bit 0 (as numbers), and the most cells of one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reach {
    pub largest: u128,
    pub cells: u32,
}

impl Reach {
    /// The reach of the pieces `left` (bits of `tray` indexes).
    pub fn of(tray: &[Placement], left: u8) -> Reach {
        let mut reach = Reach {
            largest: 0,
            cells: 0,
        };
        for (i, p) in tray.iter().enumerate() {
            if left & (1 << i) != 0 {
                reach.largest = reach.largest.max(p.origin());
                reach.cells = reach.cells.max(p.cell_count() as u32);
            }
        }
        reach
    }
}

/// The number of empty cells of each unit (indexed as `Geometry::units()`, at most 64).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct UnitCounts([u8; 64]);

impl UnitCounts {
    /// The counts of `board`.
    pub fn of(geo: &Geometry, board: u128) -> UnitCounts {
        let empty = !board & geo.full();
        let mut counts = [0u8; 64];
        for (count, &unit) in counts.iter_mut().zip(geo.units()) {
            *count = (empty & unit).count_ones() as u8;
        }
        UnitCounts(counts)
    }

    /// The counts after `placed` goes on empty cells and clears nothing; `deltas`: for each
    /// cell a 1 in the count of each of its units ([`cell_deltas`]).
    ///
    /// Each cell's ones are subtracted from all 64 counts at once (a few vector
    /// subtractions). Decrementing the cell's three counts one by one and then copying the
    /// counts made the copy wait for the byte stores (a store-forwarding stall: 3.7% of the
    /// search's samples on one instruction, perf).
    #[inline]
    pub fn after_quiet(&self, deltas: &[[u8; 64]], placed: u128) -> UnitCounts {
        let mut counts = self.0;
        let mut cells = placed;
        while cells != 0 {
            let delta = &deltas[cells.trailing_zeros() as usize];
            cells &= cells - 1;
            for (count, d) in counts.iter_mut().zip(delta) {
                *count = count.wrapping_sub(*d);
            }
        }
        UnitCounts(counts)
    }
}

/// Every near unit of `board` (whose counts are `counts`) for pieces within `reach`, into
/// `out`. A unit with no empty cell is kept (every anchor covers it).
pub(super) fn gather(
    geo: &Geometry,
    board: u128,
    counts: &UnitCounts,
    reach: Reach,
    out: &mut Vec<Gap>,
) {
    out.clear();
    let empty = !board & geo.full();
    // The units with few enough empty cells, as bits, eight counts to a word without a
    // branch (then only those units are looked at): looping over the units with a test
    // each was about 8% of the search's samples (perf).
    let units = geo.units();
    let mut few = 0u64;
    let over = u64::from(reach.cells.min(127) + 1) * BYTE_ONES;
    // Only the words that hold units (4 on 9x9).
    let words = units.len().div_ceil(8);
    for (w, chunk) in counts.0.chunks_exact(8).take(words).enumerate() {
        let word = u64::from_le_bytes(std::array::from_fn(|b| chunk[b]));
        // Each byte, a count of at most 121 with its top bit set, is 128 to 249: taking at
        // most 128 away leaves it at least 0 (no byte borrows from the next), with its top
        // bit set exactly when the count is more than `reach.cells`.
        let more = (word | TOP_BITS) - over;
        let fits = (!more & TOP_BITS) >> 7;
        // The eight low bits gathered into the top byte, byte k to bit 56 + k.
        few |= (fits.wrapping_mul(GATHER) >> 56) << (8 * w);
    }
    if units.len() < 64 {
        few &= (1u64 << units.len()) - 1;
    }
    while few != 0 {
        let i = few.trailing_zeros() as usize;
        few &= few - 1;
        let count = u32::from(counts.0[i]);
        let cells = empty & units[i];
        if cells != 0 && cells >> cells.trailing_zeros() > reach.largest {
            continue;
        }
        out.push(Gap {
            cells,
            count,
            unit: i as u32,
        });
    }
}

/// A 1 in each byte of a word.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;
/// The top bit of each byte.
const TOP_BITS: u64 = 0x8080_8080_8080_8080;
/// Moves bit 8k of a word to bit 56 + k (the products' bits never meet: no carries).
const GATHER: u64 = 0x0102_0408_1020_4080;

/// For each cell of the board, a 1 in the count of each of its units (indexes in
/// `Geometry::units()`): what [`UnitCounts::after_quiet`] subtracts.
pub(super) fn cell_deltas(geo: &Geometry) -> Vec<[u8; 64]> {
    assert!(geo.units().len() <= 64, "a count per unit in 64 bytes");
    (0..geo.size() * geo.size())
        .map(|cell| {
            std::array::from_fn(|i| {
                u8::from(
                    geo.units()
                        .get(i)
                        .is_some_and(|&unit| unit & 1u128 << cell != 0),
                )
            })
        })
        .collect()
}

/// For each piece of a tray and each unit, the last gap asked and the anchors where the
/// piece covers it ([`Placement::covering`]).
///
/// Why: a move changes the gaps of the few units it touches, so the positions of one search
/// ask the same pieces about the same gaps again and again, and the covering tests were the
/// search's costliest lines (perf). With this, 3.5% fewer instructions (callgrind, `trace
/// 2026 0 300`: 0.817 G to 0.789 G) and 0.98-1.00 (median 0.989) of the CPU over 10
/// alternated pairs of `versus ours 2029 6 1000 1 60`.
#[derive(Debug, Clone)]
pub(super) struct CoverMemo {
    units: usize,
    /// Indexed by piece, then unit: (gap, anchors); [`NO_GAP`] before the first ask.
    entries: Vec<(u128, u128)>,
}

/// No gap: every bit set, which no unit's empty cells are.
const NO_GAP: u128 = u128::MAX;

impl CoverMemo {
    /// Room for `pieces` pieces on a geometry of `units` units, nothing asked yet.
    pub(super) fn new(pieces: usize, units: usize) -> CoverMemo {
        CoverMemo {
            units,
            entries: vec![(NO_GAP, 0); pieces * units],
        }
    }

    /// `p.covering(gap)`, `p` being piece `piece` and `gap` the empty cells of unit `unit`.
    #[inline(always)]
    pub(super) fn covering(&mut self, piece: usize, p: &Placement, unit: usize, gap: u128) -> u128 {
        let entry = &mut self.entries[piece * self.units + unit];
        if entry.0 != gap {
            *entry = (gap, p.covering(gap));
        }
        entry.1
    }

    /// The anchors (of all the piece's anchors) where `p` (piece `piece`) completes some
    /// unit: where it covers every empty cell of one of `gaps` (the near units of the
    /// position, for a reach at least `p`'s).
    #[inline(always)]
    pub(super) fn clearing_anchors(&mut self, piece: usize, p: &Placement, gaps: &[Gap]) -> u128 {
        let cells = p.cell_count() as u32;
        let mut anchors = 0u128;
        for g in gaps {
            if g.count <= cells {
                anchors |= self.covering(piece, p, g.unit as usize, g.cells);
            }
        }
        anchors
    }
}

/// The placement of `placed` (on empty cells) with what it clears: the units among `gaps`
/// (the near units of the position, for a reach at least the piece's) whose empty cells it
/// covers, scored as `turn` says. Every unit it completes is one of them, so this is
/// [`crate::rules::apply`] without testing every unit of the board for fullness
/// (`Geometry::clear` was 4% of the instructions of `trace 2026 0 300`, most of it from the
/// search's clearing moves).
pub(super) fn apply_near(
    geo: &Geometry,
    gaps: &[Gap],
    board: u128,
    placed: u128,
    turn: Turn,
) -> Outcome {
    let mut units = Units::default();
    for gap in gaps {
        if gap.cells & !placed == 0 {
            geo.add_unit(&mut units, gap.unit as usize);
        }
    }
    Outcome {
        board: (board | placed) & !units.cells,
        units,
        points: points(turn, &units, placed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::default_placements;
    use puzzles_common::SplitMix64;

    /// A random board as the game leaves it (nothing full), of several crowdings.
    fn random_board(geo: &Geometry, rng: &mut SplitMix64, case: usize) -> u128 {
        let mut board = rng.next_u128() & geo.full();
        for _ in 0..(case % 4) {
            board |= rng.next_u128();
        }
        geo.clear(board & geo.full()).0
    }

    /// The clearing anchors from the near units are those from asking every unit directly,
    /// for every default piece, with the units gathered for that piece alone or for a tray
    /// whose largest piece is larger, on random boards of several crowdings, by a new
    /// [`CoverMemo`] and by one kept over all the boards.
    #[test]
    fn near_units_give_every_clearing_anchor() {
        let geo = Geometry::standard();
        let set = default_placements(&geo);
        let mut rng = SplitMix64::new(23);
        let mut gaps = Vec::new();
        let mut found = 0;
        // Kept over every board, half of which are the last one with a cell more, so that
        // most units ask again the gaps they had.
        let mut memo = CoverMemo::new(set.len(), geo.units().len());
        let mut board = 0u128;
        for case in 0..200 {
            board = if case % 2 == 0 {
                random_board(&geo, &mut rng, case)
            } else {
                let cell = rng.below(81) as u32;
                geo.clear(board | 1u128 << cell).0
            };
            let counts = UnitCounts::of(&geo, board);
            let empty = !board & geo.full();
            let other = &set[rng.below(set.len() as u64) as usize];
            for (index, p) in set.iter().enumerate() {
                let direct = geo
                    .units()
                    .iter()
                    .fold(0, |m, &unit| m | p.covering(empty & unit));
                let alone = Reach::of(std::slice::from_ref(p), 1);
                gather(&geo, board, &counts, alone, &mut gaps);
                let fresh = CoverMemo::new(1, geo.units().len()).clearing_anchors(0, p, &gaps);
                assert_eq!(fresh, direct, "case {case}");
                let pair = [p.clone(), other.clone()];
                gather(&geo, board, &counts, Reach::of(&pair, 3), &mut gaps);
                // Asked again of the memo kept over every board so far.
                let kept = memo.clearing_anchors(index, p, &gaps);
                assert_eq!(kept, direct, "case {case}");
                found += usize::from(direct != 0);
            }
        }
        assert!(found > 500, "boards with clearing placements: {found}");
    }

    /// Placing with the near units gives what `rules::apply` gives (board, units, points),
    /// for every clearing anchor of every default piece, under both scorings, on random
    /// boards of several crowdings and sizes.
    #[test]
    fn near_units_apply_as_the_rules_do() {
        use crate::rules::{Scoring, apply};
        let mut rng = SplitMix64::new(37);
        let mut gaps = Vec::new();
        let mut cleared = 0;
        for (size, box_size) in [(9, 3), (8, 0), (10, 2)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let set = default_placements(&geo);
            for case in 0..100 {
                let board = random_board(&geo, &mut rng, case);
                let counts = UnitCounts::of(&geo, board);
                let empty = !board & geo.full();
                for p in &set {
                    gather(
                        &geo,
                        board,
                        &counts,
                        Reach::of(std::slice::from_ref(p), 1),
                        &mut gaps,
                    );
                    let mut pos = CoverMemo::new(1, geo.units().len())
                        .clearing_anchors(0, p, &gaps)
                        & p.positions(empty);
                    while pos != 0 {
                        let anchor = pos.trailing_zeros();
                        pos &= pos - 1;
                        for (scoring, streak) in [(Scoring::Classic, false), (Scoring::Combo, true)]
                        {
                            let placed = p.mask_at(anchor);
                            let turn = Turn { scoring, streak };
                            assert_eq!(
                                apply_near(&geo, &gaps, board, placed, turn),
                                apply(&geo, board, placed, turn),
                                "{size}x{size} case {case} anchor {anchor}"
                            );
                        }
                        cleared += 1;
                    }
                }
            }
        }
        assert!(cleared > 1000, "clearing placements: {cleared}");
    }

    /// The counts of each unit's empty cells are the direct ones, and carried over a
    /// placement that clears nothing they are those of the board after it, on several board
    /// sizes and random boards.
    #[test]
    fn carried_counts_are_counted_ones() {
        let mut rng = SplitMix64::new(29);
        let mut carried = 0;
        for (size, box_size) in [(9, 3), (8, 0), (10, 2), (11, 0)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let set = default_placements(&geo);
            let deltas = cell_deltas(&geo);
            for case in 0..100 {
                let board = random_board(&geo, &mut rng, case);
                let counts = UnitCounts::of(&geo, board);
                let empty = !board & geo.full();
                for (i, &unit) in geo.units().iter().enumerate() {
                    assert_eq!(u32::from(counts.0[i]), (empty & unit).count_ones());
                }
                assert!(counts.0[geo.units().len()..].iter().all(|&c| c == 0));
                let p = &set[rng.below(set.len() as u64) as usize];
                let mut pos = p.positions(empty);
                while pos != 0 {
                    let anchor = pos.trailing_zeros();
                    pos &= pos - 1;
                    let placed = p.mask_at(anchor);
                    if !geo.clear(board | placed).1.is_empty() {
                        continue;
                    }
                    assert_eq!(
                        counts.after_quiet(&deltas, placed),
                        UnitCounts::of(&geo, board | placed),
                        "{size}x{size} case {case} anchor {anchor}"
                    );
                    carried += 1;
                }
            }
        }
        assert!(carried > 1000, "placements carried over: {carried}");
    }
}
