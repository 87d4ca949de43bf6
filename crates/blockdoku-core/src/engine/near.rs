//! The units a position's pieces could complete in one move ("near" units), gathered once
//! per position of the search and carried from a position to the next when the move between
//! them clears nothing.
//!
//! A placement completes a unit when it covers every empty cell of it
//! ([`Placement::covering`]), so a piece can complete only a unit with at most as many empty
//! cells as it has, whose empty cells (shifted down to the first) are no larger a number
//! than its own cells shifted the same way. Asking all 27 units for every piece at every
//! position cost 16% of the instructions; gathering the near units once per position 12%;
//! carrying them over a quiet move touches only the units the piece lies in (callgrind
//! figures in the crate README).

use crate::geometry::Geometry;
use crate::piece::Placement;

/// The empty cells of a near unit, how many, and the unit's index in `Geometry::units()`.
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

    /// The unit's gap when a piece within this reach could cover it: a unit with no empty
    /// cell is kept (every anchor covers it).
    #[inline]
    fn gap(&self, empty: u128, unit_mask: u128, unit: usize) -> Option<Gap> {
        let cells = empty & unit_mask;
        if cells != 0 && cells >> cells.trailing_zeros() > self.largest {
            return None;
        }
        // Counted only up to `self.cells + 1`.
        let mut rest = cells;
        let mut count = 0;
        while rest != 0 && count <= self.cells {
            rest &= rest - 1;
            count += 1;
        }
        (count <= self.cells).then_some(Gap {
            cells,
            count,
            unit: unit as u32,
        })
    }
}

/// Every near unit of `board` for pieces within `reach`, into `out`.
pub(super) fn gather(geo: &Geometry, board: u128, reach: Reach, out: &mut Vec<Gap>) {
    out.clear();
    let empty = !board & geo.full();
    for (unit, &mask) in geo.units().iter().enumerate() {
        out.extend(reach.gap(empty, mask, unit));
    }
}

/// The near units after `placed` went on the board (leaving `board`) and cleared nothing,
/// from the near units before it (`before`, gathered for a reach at least `reach`), into
/// `out`: the same as [`gather`] on `board`. A unit the piece does not lie in keeps its
/// empty cells, so one that was not near before is not near now (the reach only shrinks as
/// pieces are placed); the units it lies in (`cell_units`: for each cell the bits of its
/// units) are asked again.
pub(super) fn after_quiet(
    geo: &Geometry,
    cell_units: &[u64],
    before: &[Gap],
    board: u128,
    placed: u128,
    reach: Reach,
    out: &mut Vec<Gap>,
) {
    out.clear();
    let empty = !board & geo.full();
    let mut listed = 0u64;
    for g in before {
        listed |= 1 << g.unit;
        let mask = geo.units()[g.unit as usize];
        if g.cells & placed == 0 {
            // Untouched: the same cells, kept when this reach still covers them.
            if g.count <= reach.cells
                && (g.cells == 0 || g.cells >> g.cells.trailing_zeros() <= reach.largest)
            {
                out.push(*g);
            }
        } else {
            out.extend(reach.gap(empty, mask, g.unit as usize));
        }
    }
    let mut touched = 0u64;
    let mut cells = placed;
    while cells != 0 {
        touched |= cell_units[cells.trailing_zeros() as usize];
        cells &= cells - 1;
    }
    let mut fresh = touched & !listed;
    while fresh != 0 {
        let unit = fresh.trailing_zeros() as usize;
        fresh &= fresh - 1;
        out.extend(reach.gap(empty, geo.units()[unit], unit));
    }
}

/// For each cell of the board, the bits (indexes in `Geometry::units()`) of its units.
pub(super) fn cell_units(geo: &Geometry) -> Vec<u64> {
    assert!(geo.units().len() <= 64, "units are bits of a u64");
    (0..geo.size() * geo.size())
        .map(|cell| {
            geo.units()
                .iter()
                .enumerate()
                .filter(|&(_, &unit)| unit & 1u128 << cell != 0)
                .fold(0u64, |m, (i, _)| m | 1 << i)
        })
        .collect()
}

/// The anchors (of all the piece's anchors) where `p` completes some unit: where it covers
/// every empty cell of one of `gaps` (the near units of the position, for a reach at least
/// `p`'s).
#[inline]
pub(super) fn clearing_anchors(gaps: &[Gap], p: &Placement) -> u128 {
    let cells = p.cell_count() as u32;
    gaps.iter()
        .filter(|g| g.count <= cells)
        .fold(0, |m, g| m | p.covering(g.cells))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::default_set;
    use puzzles_common::SplitMix64;

    fn default_placements(geo: &Geometry) -> Vec<Placement> {
        default_set()
            .iter()
            .map(|p| Placement::new(p, geo))
            .collect()
    }

    /// The clearing anchors from the near units are those from asking every unit directly,
    /// for every default piece, with the units gathered for that piece alone or for a tray
    /// whose largest piece is larger, on random boards of several crowdings.
    #[test]
    fn near_units_give_every_clearing_anchor() {
        let geo = Geometry::standard();
        let set = default_placements(&geo);
        let mut rng = SplitMix64::new(23);
        let mut gaps = Vec::new();
        let mut found = 0;
        for case in 0..200 {
            let mut board = rng.next_u128() & geo.full();
            for _ in 0..(case % 4) {
                board |= rng.next_u128();
            }
            let board = geo.clear(board & geo.full()).0;
            let empty = !board & geo.full();
            let other = &set[rng.below(set.len() as u64) as usize];
            for p in &set {
                let direct = geo
                    .units()
                    .iter()
                    .fold(0, |m, &unit| m | p.covering(empty & unit));
                gather(
                    &geo,
                    board,
                    Reach::of(std::slice::from_ref(p), 1),
                    &mut gaps,
                );
                assert_eq!(clearing_anchors(&gaps, p), direct, "case {case}");
                let pair = [p.clone(), other.clone()];
                gather(&geo, board, Reach::of(&pair, 3), &mut gaps);
                assert_eq!(clearing_anchors(&gaps, p), direct, "case {case}");
                found += usize::from(direct != 0);
            }
        }
        assert!(found > 500, "boards with clearing placements: {found}");
    }

    /// Carried over a placement that clears nothing, the near units are exactly those
    /// gathered afresh (as a set), for the reach of the tray before and of the pieces left,
    /// on several board sizes and random boards.
    #[test]
    fn carried_near_units_are_gathered_ones() {
        let mut rng = SplitMix64::new(29);
        let mut carried_some = 0;
        for (size, box_size) in [(9, 3), (8, 0), (10, 2), (11, 0)] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let set = default_placements(&geo);
            let units = cell_units(&geo);
            let (mut before, mut carried, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
            for case in 0..300 {
                let mut board = rng.next_u128() & geo.full();
                for _ in 0..(case % 4) {
                    board |= rng.next_u128();
                }
                let board = geo.clear(board & geo.full()).0;
                let tray: Vec<Placement> = (0..3)
                    .map(|_| set[rng.below(set.len() as u64) as usize].clone())
                    .collect();
                gather(&geo, board, Reach::of(&tray, 0b111), &mut before);
                let p = &tray[case % 3];
                let mut pos = p.positions(!board & geo.full());
                while pos != 0 {
                    let anchor = pos.trailing_zeros();
                    pos &= pos - 1;
                    let placed = p.mask_at(anchor);
                    let (after, units_cleared) = geo.clear(board | placed);
                    if !units_cleared.is_empty() {
                        continue;
                    }
                    for left in [0b111, 0b111 & !(1u8 << (case % 3)), 0b001, 0] {
                        let reach = Reach::of(&tray, left);
                        after_quiet(&geo, &units, &before, after, placed, reach, &mut carried);
                        gather(&geo, after, reach, &mut fresh);
                        carried.sort_by_key(|g| g.unit);
                        assert_eq!(carried, fresh, "{size}x{size} case {case} anchor {anchor}");
                        carried_some += usize::from(!fresh.is_empty());
                    }
                }
            }
        }
        assert!(
            carried_some > 1000,
            "placements with near units: {carried_some}"
        );
    }
}
