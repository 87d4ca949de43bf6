//! Which pieces can complete a row, column or box on a board: the evaluation's ways to clear
//! (see [`crate::eval::Weights::clear_ways`]), found by looking each near unit's gap up in
//! a table instead of asking every piece about every unit.
//!
//! A placement completes a unit when it covers every empty cell of the unit (its gap). Say
//! the gap's first cell is `f` and the piece's cell at offset `o` covers it: the piece sits at
//! anchor `f - o` and the gap, shifted down to `f`, is the set of the piece's cells at or after
//! `o` that land on it, shifted down by `o`. So the table holds, for every piece and every
//! non-empty subset of its cells, that subset shifted down to its first cell, with the piece
//! and that cell's offset; a gap's shape then names the few (piece, anchor) pairs that cover
//! it, and each is one test for room. Asking `Placement::covering` for each of the 4- and
//! 5-cell pieces and each near unit took about 24,000 instructions a crowded board, most of
//! the ways-to-clear cost (callgrind, `versus ours 2026 2 200 1 600`; crate README).

use crate::geometry::Geometry;
use crate::piece::Placement;
use rustc_hash::FxHashMap;

/// A unit can be completed only by a piece with at least as many cells as its gap; no piece
/// of the table has more than this many (the subsets of a piece are `2^cells`).
pub const MOST_CELLS: usize = 8;

/// The (piece, anchor offset) pairs covering each gap shape, for one set of pieces.
#[derive(Debug, Clone, Default)]
pub struct ClearTable {
    /// Gap shape (shifted down to its first cell) -> range of `covers`.
    shapes: FxHashMap<u128, (u32, u32)>,
    /// (index into the piece set, offset of the piece's cell on the gap's first cell).
    covers: Vec<(u8, u32)>,
    /// The pieces, for their anchors and masks.
    pieces: Vec<Placement>,
    /// The most cells of a piece in the table (larger gaps are never looked up).
    most_cells: u32,
}

impl ClearTable {
    /// The table for `pieces` (at most 64 of them, each of at most [`MOST_CELLS`] cells).
    pub fn new(pieces: &[Placement]) -> ClearTable {
        assert!(pieces.len() <= 64, "pieces are counted in a u64");
        let mut by_shape: FxHashMap<u128, Vec<(u8, u32)>> = FxHashMap::default();
        for (index, p) in pieces.iter().enumerate() {
            let offsets = p.offsets();
            assert!(offsets.len() <= MOST_CELLS, "too many subsets");
            for subset in 1u32..(1 << offsets.len()) {
                let cells = (0..offsets.len())
                    .filter(|&i| subset & (1 << i) != 0)
                    .fold(0u128, |m, i| m | 1u128 << offsets[i]);
                let first = cells.trailing_zeros();
                by_shape
                    .entry(cells >> first)
                    .or_default()
                    .push((index as u8, first));
            }
        }
        // A fixed order (by shape, then piece), so that the table is the same on every run.
        let mut shapes: Vec<(u128, Vec<(u8, u32)>)> = by_shape.into_iter().collect();
        shapes.sort_unstable_by_key(|&(shape, _)| shape);
        let mut table = ClearTable {
            pieces: pieces.to_vec(),
            most_cells: pieces
                .iter()
                .map(|p| p.cell_count() as u32)
                .max()
                .unwrap_or(0),
            ..ClearTable::default()
        };
        for (shape, mut covers) in shapes {
            covers.sort_unstable();
            covers.dedup();
            let start = table.covers.len() as u32;
            table.covers.extend(covers);
            table
                .shapes
                .insert(shape, (start, table.covers.len() as u32));
        }
        table
    }

    /// The pieces (bits of their indexes) that complete some unit of `geo` on board `b`.
    pub fn completing(&self, geo: &Geometry, b: u128) -> u64 {
        let mut found = 0u64;
        for (_, gap) in geo.unit_gaps(b, self.most_cells) {
            if gap != 0 {
                found |= self.covering_gap(b, gap);
            }
        }
        found
    }

    /// The pieces that fit on `b` covering every cell of `gap` (not empty).
    #[inline]
    fn covering_gap(&self, b: u128, gap: u128) -> u64 {
        let first = gap.trailing_zeros();
        let Some(&(start, end)) = self.shapes.get(&(gap >> first)) else {
            return 0;
        };
        let mut found = 0u64;
        for &(index, offset) in &self.covers[start as usize..end as usize] {
            if offset > first || found & (1 << index) != 0 {
                continue;
            }
            let anchor = first - offset;
            let p = &self.pieces[usize::from(index)];
            if p.anchors() & (1u128 << anchor) != 0 && p.mask_at(anchor) & b == 0 {
                found |= 1 << index;
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::default_set;

    /// The table finds the same pieces as asking every piece's covering anchors about every
    /// unit with few enough empty cells, on random boards of several densities and sizes.
    #[test]
    fn table_matches_covering_every_unit() {
        let mut rng = puzzles_common::SplitMix64::new(43);
        let mut seen = 0;
        for (size, box_size) in [(9, 3), (8, 0), (10, 2), (6, 3)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let pieces: Vec<Placement> = default_set()
                .iter()
                .map(|p| Placement::new(p, &geo))
                .collect();
            let table = ClearTable::new(&pieces);
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
                assert_eq!(table.completing(&geo, b), want, "size {size} case {case}");
            }
        }
        assert!(seen > 1000, "{seen} completing pieces");
    }
}
