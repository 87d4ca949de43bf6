//! Which pieces can complete a row, column or box on a board: the evaluation's ways to clear
//! (see [`crate::eval::Weights::clear_ways`]), found by looking each near unit's gap up in
//! a table instead of asking every piece about every unit.
//!
//! A placement completes a unit when it covers every empty cell of the unit (its gap) and
//! fits. Every other cell of the unit is occupied, so a placement that fits and covers the
//! gap meets the unit in exactly the gap. The table holds, for each unit and each set of
//! cells that some placement meets it in, the placements meeting it there (their cells and
//! piece); a unit's gap names them, and each is one test for room.
//!
//! Keyed by the unit and the exact meeting set, a gap's list holds only placements that can
//! complete it. Keyed by the gap's shape alone (shifted down to its first cell), a list
//! would hold every piece covering that shape anywhere: for a one-cell gap, every cell of
//! every 4- and 5-cell piece, most of them blocked by the unit's own occupied cells. With
//! the walls in the boundary ([`crate::eval::Weights::walls`]) the engine keeps boards of 30
//! cells or more, where the ways to clear are asked, often enough that such a scan was an
//! eighth of its time (perf, `versus ours 2026 8 400 1 600`).
//!
//! On the standard board each unit's empty cells are also gathered into a 9-bit pattern
//! that indexes a plain array (`DenseGaps`): no popcount to find the near units and no
//! hashing. Hashed look-ups took about 3,600 instructions per board asked, a tenth of the
//! engine's, and the array about 1,450 (callgrind, `trace 2026 0 300`).

use crate::geometry::Geometry;
use crate::piece::Placement;
use rustc_hash::FxHashMap;

/// A placement that meets a unit in one gap: its cells, and its piece's index in the top
/// bits, above every board's cells (11x11 boards use 121 bits). One word of 16 bytes where
/// the cells and a piece bit took 32 with padding (about 400 KB on the standard board): the
/// lists a board asks are scattered over the table, and `completing` was 7.7% of the
/// engine's samples for 3.6% of its instructions (perf and callgrind on `trace 2026 0
/// 3000`). Halved, it took 0.97-1.03 (median 0.987) of the CPU over 10 alternated pairs of
/// `versus ours 2029 6 1000 1 60`.
#[derive(Debug, Clone, Copy)]
struct Cover(u128);

/// Where [`Cover`] keeps the piece's index.
const PIECE_SHIFT: u32 = 122;

impl Cover {
    fn new(cells: u128, index: usize) -> Cover {
        debug_assert!(cells >> PIECE_SHIFT == 0 && index < 64);
        Cover(cells | (index as u128) << PIECE_SHIFT)
    }

    /// True when the placement fits on `b` (a board: no bit at `PIECE_SHIFT` or above).
    #[inline(always)]
    fn fits(self, b: u128) -> bool {
        self.0 & b == 0
    }

    /// The bit of its piece.
    #[inline(always)]
    fn piece(self) -> u64 {
        1 << (self.0 >> PIECE_SHIFT)
    }
}

/// The placements completing each gap of each unit, for one set of pieces on one geometry.
#[derive(Debug, Clone, Default)]
pub struct ClearTable {
    /// The geometry's units ([`Geometry::units`]).
    units: Vec<u128>,
    /// For each unit, the cells a placement meets it in -> range of `covers`; empty once
    /// `dense` holds the same look-ups (on the standard board the maps hold 1,734 gaps in
    /// 2,016 slots, about 50 KB in every clone of an engine, never read).
    gaps: Vec<FxHashMap<u128, (u32, u32)>>,
    covers: Vec<Cover>,
    /// The most cells of a piece in the table (larger gaps are never looked up).
    most_cells: u32,
    /// The same look-ups by 9-bit patterns, on the standard board.
    dense: Option<DenseGaps>,
    /// The board's cells.
    full: u128,
}

/// On the standard 9x9 board with 3x3 boxes: for each unit (rows, then columns, then boxes,
/// as in [`Geometry::units`]) and each 9-bit pattern of its empty cells ([`unit_pattern`]),
/// the range of `covers` completing it; empty for the patterns no placement meets it in,
/// among them every pattern of more cells than a piece has.
#[derive(Debug, Clone)]
struct DenseGaps {
    ranges: Vec<(u16, u16)>,
}

/// The 9x9 board's cells by column: column 0's nine cells.
const COLUMN_0: u128 = {
    let mut cells = 0u128;
    let mut row = 0;
    while row < 9 {
        cells |= 1 << (9 * row);
        row += 1;
    }
    cells
};

/// Multiplying column 0's cells (bit `9 r` for row `r`) by this puts row `r` at bit `72 + r`:
/// the term of bit `9 j` shifted by `72 - 8 r` lands at `72 + 9 j - 8 r`, and no two terms
/// land on one bit (`9 (j - j') = 8 (r - r')` has no other solution within 0..9), so
/// nothing carries into bits 72..81.
const COLUMN_GATHER: u128 = {
    let mut m = 0u128;
    let mut row = 0;
    while row < 9 {
        m |= 1 << (72 - 8 * row);
        row += 1;
    }
    m
};

/// The cells of `empty` in unit `unit` of the standard board as a 9-bit pattern: a row's or
/// a column's cells in order, a box's row by row.
#[inline(always)]
fn unit_pattern(unit: usize, empty: u128) -> usize {
    let bits = match unit {
        0..9 => empty >> (9 * unit),
        9..18 => ((empty >> (unit - 9)) & COLUMN_0).wrapping_mul(COLUMN_GATHER) >> 72,
        _ => {
            let b = unit - 18;
            let x = empty >> (27 * (b / 3) + 3 * (b % 3));
            (x & 0o7) | ((x >> 6) & 0o70) | ((x >> 12) & 0o700)
        }
    };
    (bits & 0x1ff) as usize
}

impl ClearTable {
    /// The table for `pieces` (at most 64 of them) on `geo`.
    pub fn new(geo: &Geometry, pieces: &[Placement]) -> ClearTable {
        assert!(pieces.len() <= 64, "pieces are counted in a u64");
        let mut table = ClearTable {
            most_cells: pieces
                .iter()
                .map(|p| p.cell_count() as u32)
                .max()
                .unwrap_or(0),
            ..ClearTable::default()
        };
        for &unit in geo.units() {
            // Sorted by meeting set, then piece, then cells: the same table on every run.
            let mut meetings: Vec<(u128, usize, u128)> = Vec::new();
            for (index, p) in pieces.iter().enumerate() {
                let mut anchors = p.anchors();
                while anchors != 0 {
                    let cells = p.mask_at(anchors.trailing_zeros());
                    anchors &= anchors - 1;
                    if cells & unit != 0 {
                        meetings.push((cells & unit, index, cells));
                    }
                }
            }
            meetings.sort_unstable();
            let mut by_gap = FxHashMap::default();
            for group in meetings.chunk_by(|a, b| a.0 == b.0) {
                let start = table.covers.len() as u32;
                table.covers.extend(
                    group
                        .iter()
                        .map(|&(_, index, cells)| Cover::new(cells, index)),
                );
                by_gap.insert(group[0].0, (start, table.covers.len() as u32));
            }
            table.gaps.push(by_gap);
        }
        table.units = geo.units().to_vec();
        table.full = geo.full();
        table.dense = table.dense_gaps(geo);
        if table.dense.is_some() {
            table.gaps = Vec::new();
        }
        table
    }

    /// The table by unit patterns, on the standard board (when `covers` fit in `u16`).
    fn dense_gaps(&self, geo: &Geometry) -> Option<DenseGaps> {
        let standard = geo.size() == 9 && geo.box_size() == 3 && self.units.len() == 27;
        if !standard || u16::try_from(self.covers.len()).is_err() {
            return None;
        }
        let mut ranges = vec![(0u16, 0u16); 27 * 512];
        for (unit, by_gap) in self.gaps.iter().enumerate() {
            for (&gap, &(start, end)) in by_gap {
                // The casts hold: `covers` has fewer than 2^16 entries.
                ranges[unit * 512 + unit_pattern(unit, gap)] = (start as u16, end as u16);
            }
        }
        Some(DenseGaps { ranges })
    }

    /// The pieces (bits of their indexes) that complete some unit on board `b`.
    pub fn completing(&self, b: u128) -> u64 {
        if let Some(dense) = &self.dense {
            return self.completing_dense(dense, b);
        }
        let mut found = 0u64;
        for (&unit, by_gap) in self.units.iter().zip(&self.gaps) {
            let gap = !b & unit;
            if gap == 0 || gap.count_ones() > self.most_cells {
                continue;
            }
            if let Some(&(start, end)) = by_gap.get(&gap) {
                for &cover in &self.covers[start as usize..end as usize] {
                    if cover.fits(b) {
                        found |= cover.piece();
                    }
                }
            }
        }
        found
    }

    /// [`ClearTable::completing`] on the standard board, by unit patterns.
    #[inline]
    fn completing_dense(&self, dense: &DenseGaps, b: u128) -> u64 {
        let empty = !b & self.full;
        let mut found = 0u64;
        let mut look_up = |unit: usize, pattern: usize| {
            let (start, end) = dense.ranges[unit * 512 + pattern];
            for &cover in &self.covers[usize::from(start)..usize::from(end)] {
                if cover.fits(b) {
                    found |= cover.piece();
                }
            }
        };
        // One loop per kind of unit, so that each gathers its pattern without a branch.
        for unit in 0..9 {
            look_up(unit, unit_pattern(unit, empty));
        }
        for unit in 9..18 {
            look_up(unit, unit_pattern(unit, empty));
        }
        for unit in 18..27 {
            look_up(unit, unit_pattern(unit, empty));
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::default_placements;

    /// The table finds the same pieces as asking every piece's covering anchors about every
    /// unit with few enough empty cells, on random boards of several densities and sizes.
    #[test]
    fn table_matches_covering_every_unit() {
        let mut rng = puzzles_common::SplitMix64::new(43);
        let mut seen = 0;
        for (size, box_size) in [(9, 3), (8, 0), (10, 2), (6, 3), (11, 0)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let pieces = default_placements(&geo);
            let table = ClearTable::new(&geo, &pieces);
            for case in 0..300 {
                let mut b = (rng.next_u128() | rng.next_u128()) & geo.full();
                if case % 2 == 0 {
                    b |= rng.next_u128() & geo.full();
                }
                let b = geo.clear(b).0;
                let empty = !b & geo.full();
                let mut want = 0u64;
                for (i, p) in pieces.iter().enumerate() {
                    let pos = p.positions(empty);
                    for (k, gap) in geo.unit_gaps(b, 5) {
                        if k > 0 && k <= p.cell_count() as u32 && p.covering(gap) & pos != 0 {
                            want |= 1 << i;
                        }
                    }
                }
                seen += want.count_ones();
                assert_eq!(table.completing(b), want, "size {size} case {case}");
            }
        }
        assert!(seen > 1000, "{seen} completing pieces");
    }

    /// A unit's pattern holds its empty cells and nothing else, in the order of its cells.
    #[test]
    fn unit_patterns_gather_each_units_cells() {
        let geo = Geometry::standard();
        let mut rng = puzzles_common::SplitMix64::new(61);
        for _ in 0..200 {
            let empty = rng.next_u128() & geo.full();
            for (unit, &cells) in geo.units().iter().enumerate() {
                let mut want = 0usize;
                let mut rest = cells;
                let mut k = 0;
                while rest != 0 {
                    let cell = rest.trailing_zeros();
                    rest &= rest - 1;
                    want |= usize::from(empty & (1 << cell) != 0) << k;
                    k += 1;
                }
                assert_eq!(unit_pattern(unit, empty), want, "unit {unit}");
            }
        }
    }
}
