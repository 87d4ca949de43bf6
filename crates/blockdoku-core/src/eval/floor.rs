//! The floor of the evaluation worked out for a board plus a piece from the board's own
//! counts: the search and the lookahead evaluate every placement that clears nothing on a
//! board they already hold, and the floor (occupied cells, boxes and lines touched) then
//! changes only by the piece's few cells. Counting it again from the whole board cost a
//! popcount and a box fold per placement: 2.7% more instructions (callgrind, `versus ours
//! 2026 2 200 1 600`).

use super::{Evaluator, Popcount, Portable};
use crate::piece::Placement;

/// What [`Evaluator::floor_cost`] counts on a board, kept apart so that adding cells updates
/// it: the occupied cells, the units holding one (bit `i`: `Geometry::units()[i]`), and the
/// occupied cells in the middles and corners of boxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FloorParts {
    cells: i32,
    units: u64,
    box_middle: i32,
    box_corner: i32,
    side_box_cells: i32,
    corner_box_cells: i32,
}

impl Evaluator {
    /// The floor's counts of board `b`.
    pub fn floor_parts(&self, b: u128) -> FloorParts {
        self.floor_parts_by::<Portable>(b)
    }

    /// [`Evaluator::floor_parts`] counting bits the way `C` does.
    #[inline(always)]
    pub(crate) fn floor_parts_by<C: Popcount>(&self, b: u128) -> FloorParts {
        let units = self
            .geo
            .units()
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, &unit)| m | u64::from(b & unit != 0) << i);
        FloorParts {
            cells: C::count(b),
            units,
            box_middle: C::count(b & self.box_masks.box_middle),
            box_corner: C::count(b & self.box_masks.box_corner),
            side_box_cells: C::count(b & self.box_masks.side_boxes),
            corner_box_cells: C::count(b & self.box_masks.corner_boxes),
        }
    }

    /// The counts after piece `p` is placed at `anchor` on empty cells (nothing cleared). The
    /// box middle and corner counts are updated only when their weight is not 0: otherwise
    /// [`Evaluator::floor_of_parts`], their only reader, multiplies them by 0.
    #[inline]
    pub fn floor_parts_with(&self, parts: FloorParts, p: &Placement, anchor: u32) -> FloorParts {
        let units = p
            .offsets()
            .iter()
            .fold(0, |m, &o| m | self.cell_units[(anchor + o) as usize]);
        self.floor_parts_at(parts, p, anchor, units)
    }

    /// For each anchor of `p` (a bit index; 0 where `p` has no anchor), the bits of the units
    /// its cells lie in: worked out once per piece, what [`Evaluator::floor_parts_at`] takes
    /// in place of looking up each cell's units (the search's and the lookahead's last
    /// moves: 6% fewer instructions, callgrind, `trace 2026 0 300`).
    pub fn anchor_units(&self, p: &Placement) -> Vec<u64> {
        let n = self.geo.size();
        (0..n * n)
            .map(|a| {
                if p.anchors() & 1u128 << a == 0 {
                    return 0;
                }
                p.offsets()
                    .iter()
                    .fold(0, |m, &o| m | self.cell_units[a + o as usize])
            })
            .collect()
    }

    /// [`Evaluator::floor_parts_with`], given the units the piece lies in at `anchor`
    /// (`units`: [`Evaluator::anchor_units`] of `p` at `anchor`).
    #[inline]
    pub fn floor_parts_at(
        &self,
        parts: FloorParts,
        p: &Placement,
        anchor: u32,
        units: u64,
    ) -> FloorParts {
        self.floor_parts_at_by::<Portable>(parts, p, anchor, units)
    }

    /// [`Evaluator::floor_parts_at`] counting bits the way `C` does.
    #[inline(always)]
    pub(crate) fn floor_parts_at_by<C: Popcount>(
        &self,
        parts: FloorParts,
        p: &Placement,
        anchor: u32,
        units: u64,
    ) -> FloorParts {
        let units = parts.units | units;
        let w = &self.weights;
        let placed = || p.mask_at(anchor);
        FloorParts {
            cells: parts.cells + p.cell_count() as i32,
            units,
            box_middle: if w.box_middle != 0 {
                parts.box_middle + C::count(placed() & self.box_masks.box_middle)
            } else {
                parts.box_middle
            },
            box_corner: if w.box_corner != 0 {
                parts.box_corner + C::count(placed() & self.box_masks.box_corner)
            } else {
                parts.box_corner
            },
            side_box_cells: if w.side_box_cells != 0 {
                parts.side_box_cells + C::count(placed() & self.box_masks.side_boxes)
            } else {
                parts.side_box_cells
            },
            corner_box_cells: if w.corner_box_cells != 0 {
                parts.corner_box_cells + C::count(placed() & self.box_masks.corner_boxes)
            } else {
                parts.corner_box_cells
            },
        }
    }

    /// What piece `p` at `anchor` (on empty cells, nothing cleared) adds to the floor of the
    /// board of `parts`; `units`: [`Evaluator::anchor_units`] of `p` at `anchor`. Only the
    /// units the piece is the first to touch add, so the last moves add this to the board's
    /// floor instead of counting every touched unit again for each placement (1.8% fewer
    /// instructions, callgrind, `trace 2026 0 300`). Counting those few units bit by bit cost
    /// 0.4% more instructions and 8% more CPU time than this branch-free count (mispredicted
    /// loop exits, which callgrind does not count).
    #[inline]
    pub fn floor_added(&self, parts: &FloorParts, p: &Placement, anchor: u32, units: u64) -> i32 {
        self.floor_added_by::<Portable>(parts, p, anchor, units)
    }

    /// [`Evaluator::floor_added`] counting bits the way `C` does.
    #[inline(always)]
    pub(crate) fn floor_added_by<C: Popcount>(
        &self,
        parts: &FloorParts,
        p: &Placement,
        anchor: u32,
        units: u64,
    ) -> i32 {
        let w = &self.weights;
        let mut cost = w.occupied * p.cell_count() as i32;
        let fresh = units & !parts.units;
        cost += w.boxes * C::count_bits(fresh & self.box_units);
        if w.lines != 0 {
            cost += w.lines * C::count_bits(fresh & !self.box_units);
        }
        if w.box_middle != 0 {
            cost += w.box_middle * C::count(p.mask_at(anchor) & self.box_masks.box_middle);
        }
        if w.box_corner != 0 {
            cost += w.box_corner * C::count(p.mask_at(anchor) & self.box_masks.box_corner);
        }
        if w.side_box_cells != 0 {
            cost += w.side_box_cells * C::count(p.mask_at(anchor) & self.box_masks.side_boxes);
        }
        if w.corner_box_cells != 0 {
            cost += w.corner_box_cells * C::count(p.mask_at(anchor) & self.box_masks.corner_boxes);
        }
        cost
    }

    /// The floor from its counts: [`Evaluator::floor_cost`] of the board they describe.
    #[inline]
    pub fn floor_of_parts(&self, parts: FloorParts) -> i32 {
        self.floor_of_parts_by::<Portable>(parts)
    }

    /// [`Evaluator::floor_of_parts`] counting bits the way `C` does.
    #[inline(always)]
    pub(crate) fn floor_of_parts_by<C: Popcount>(&self, parts: FloorParts) -> i32 {
        let w = &self.weights;
        let mut cost = w.occupied * parts.cells
            + w.boxes * C::count_bits(parts.units & self.box_units)
            + w.box_middle * parts.box_middle
            + w.box_corner * parts.box_corner
            + w.side_box_cells * parts.side_box_cells
            + w.corner_box_cells * parts.corner_box_cells;
        if w.lines != 0 {
            cost += w.lines * C::count_bits(parts.units & !self.box_units);
        }
        cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{WEIGHTS, Weights};
    use crate::geometry::Geometry;
    use crate::piece::{Placement, default_set};

    /// Adding a piece to the counts gives the floor of the board with the piece, under
    /// weights that use every floor feature, on random boards of several sizes.
    #[test]
    fn parts_plus_a_piece_give_the_floor() {
        let mut rng = puzzles_common::SplitMix64::new(47);
        let mut weights = [0; WEIGHTS];
        for (i, name) in Weights::NAMES.iter().enumerate() {
            if [
                "occupied",
                "box_middle",
                "box_corner",
                "boxes",
                "lines",
                "side_box_cells",
                "corner_box_cells",
            ]
            .contains(name)
            {
                weights[i] = 3 + i as i32;
            }
        }
        for (size, box_size) in [(9, 3), (8, 0), (10, 2), (11, 0)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let set: Vec<Placement> = default_set()
                .iter()
                .map(|p| Placement::new(p, &geo))
                .collect();
            for ev in [
                Evaluator::new(geo.clone()),
                Evaluator::with_weights(geo.clone(), Weights::from_array(weights)),
            ] {
                for case in 0..300 {
                    let mut b = rng.next_u128() & geo.full();
                    for _ in 0..case % 4 {
                        b &= rng.next_u128();
                    }
                    let parts = ev.floor_parts(b);
                    assert_eq!(ev.floor_of_parts(parts), ev.floor_cost(b), "case {case}");
                    let p = &set[rng.below(set.len() as u64) as usize];
                    let pos = p.positions(!b & geo.full());
                    if pos == 0 {
                        continue;
                    }
                    let anchor = pos.trailing_zeros();
                    let m = p.mask_at(anchor);
                    let after = ev.floor_parts_with(parts, p, anchor);
                    let table = ev.anchor_units(p);
                    assert_eq!(
                        ev.floor_parts_at(parts, p, anchor, table[anchor as usize]),
                        after
                    );
                    assert_eq!(
                        ev.floor_of_parts(parts)
                            + ev.floor_added(&parts, p, anchor, table[anchor as usize]),
                        ev.floor_cost(b | m),
                        "case {case}"
                    );
                    assert_eq!(
                        ev.floor_of_parts(after),
                        ev.floor_cost(b | m),
                        "case {case}"
                    );
                    let floor = ev.floor_cost(b | m);
                    for bound in [0, floor, floor + 50, i32::MAX] {
                        assert_eq!(
                            ev.eval_below_with_floor(b | m, bound, floor),
                            ev.eval_below(b | m, bound),
                            "case {case}"
                        );
                    }
                }
            }
        }
    }
}
