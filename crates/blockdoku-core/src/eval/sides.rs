//! A lower bound on the first two stages of the evaluation (the floor and the boundary) of a
//! board plus a piece that clears nothing, for every anchor of the piece at once.
//!
//! Why: most boards a quiet last move ends on lose at the boundary stage (76% of the
//! evaluations that start from a floor, on the crate README's `trace` command), and each was
//! built and costed one anchor at a time. Putting a piece on empty cells changes the
//! boundary only along the piece's outer sides (a side between two of its cells was empty on
//! both sides and ends occupied on both): a side facing an empty cell becomes a transition,
//! a side facing an occupied cell stops being one, and a side on the board's edge stops
//! counting as a wall. So with `s` outer sides, `k` of them on an occupied cell or the edge,
//!
//! `boundary(board + piece) >= boundary(board) + transitions * s - step * k`,
//!
//! `step` being the larger of `2 * transitions` and `transitions + walls` (equal when both
//! weigh the same, as by default: then it is exact). `k` for every anchor is a bit-sliced
//! sum of the piece's outer sides, each a shifted mask of the cells whose neighbour that way
//! is blocked, and an anchor whose bound already reaches the search's bound is never built.
//! The floor adds at least `occupied` per cell of the piece.

use super::Evaluator;
use crate::piece::Placement;

/// The directions of a cell's four sides, as indexes of [`Blocked`].
const LEFT: usize = 0;
const RIGHT: usize = 1;
const UP: usize = 2;
const DOWN: usize = 3;

/// The most outer sides the bound counts (four bit planes); a piece with more is never
/// ruled out by it (the default set's pieces have at most 12).
const MAX_SIDES: usize = 15;

/// The outer sides of a piece: for each, the direction it faces and the bit offset of its
/// cell from the piece's top-left corner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PieceSides {
    sides: Vec<(usize, u32)>,
}

/// For each direction, the cells of a board whose neighbour that way is occupied or off the
/// board, and the floor plus boundary of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuietBoard {
    blocked: [u128; 4],
    cost: i32,
}

/// For every anchor of one piece on one board, a lower bound of the floor plus boundary of
/// the board with the piece there: `top - step * k`, with `k` (the anchor's blocked outer
/// sides) in four bit planes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuietBound {
    planes: [u128; 4],
    top: i32,
    step: i32,
}

impl Evaluator {
    /// The outer sides of `p` on this evaluator's board.
    pub(crate) fn piece_sides(&self, p: &Placement) -> PieceSides {
        let n = self.geo.size() as u32;
        let origin = p.origin();
        let has = |r: i64, c: i64| {
            r >= 0
                && c >= 0
                && r < i64::from(n)
                && c < i64::from(n)
                && origin & 1u128 << (r as u32 * n + c as u32) != 0
        };
        let mut sides = Vec::new();
        for &o in p.offsets() {
            let (r, c) = (i64::from(o / n), i64::from(o % n));
            for (dir, (dr, dc)) in [
                (LEFT, (0, -1)),
                (RIGHT, (0, 1)),
                (UP, (-1, 0)),
                (DOWN, (1, 0)),
            ] {
                if !has(r + dr, c + dc) {
                    sides.push((dir, o));
                }
            }
        }
        PieceSides { sides }
    }

    /// What [`Evaluator::quiet_bound`] needs of `b` (whose floor is `floor`), or `None` when
    /// the weights make the bound unsound: some weight below 0, or a cost on the boundary's
    /// corners or its edges off the box borders (0 by default), which a piece can lower in
    /// ways the outer sides do not count.
    #[inline(always)]
    pub(crate) fn quiet_board_by<C: super::Popcount>(
        &self,
        b: u128,
        floor: i32,
    ) -> Option<QuietBoard> {
        let w = &self.weights;
        if !self.monotone || w.corners != 0 || w.off_box_edges != 0 {
            return None;
        }
        let g = &self.geo;
        let n = g.size();
        let full = g.full();
        Some(QuietBoard {
            blocked: [
                ((b << 1) & !g.first_col() & full) | g.first_col(),
                ((b >> 1) & !g.last_col()) | g.last_col(),
                ((b << n) & full) | g.first_row(),
                (b >> n) | g.last_row(),
            ],
            cost: floor + self.boundary_cost_of::<C>(b, n),
        })
    }

    /// The bound for piece `p` (whose outer sides are `sides`) at every anchor on `at`.
    #[inline(always)]
    pub(crate) fn quiet_bound(
        &self,
        at: &QuietBoard,
        p: &Placement,
        sides: &PieceSides,
    ) -> QuietBound {
        let w = &self.weights;
        let step = (2 * w.transitions).max(w.transitions + w.walls);
        let top =
            at.cost + w.occupied * p.cell_count() as i32 + w.transitions * sides.sides.len() as i32;
        if sides.sides.len() > MAX_SIDES {
            // Never rules an anchor out: `below` sees no sides blocked and a top of i32::MIN.
            return QuietBound {
                planes: [0; 4],
                top: i32::MIN,
                step,
            };
        }
        let mut planes = [0u128; 4];
        for &(dir, o) in &sides.sides {
            let x = at.blocked[dir] >> o;
            let c0 = planes[0] & x;
            planes[0] ^= x;
            let c1 = planes[1] & c0;
            planes[1] ^= c0;
            let c2 = planes[2] & c1;
            planes[2] ^= c1;
            planes[3] |= c2;
        }
        QuietBound { planes, top, step }
    }
}

impl QuietBound {
    /// The anchors whose bound is below `bound`: at every other anchor the evaluation of the
    /// board with the piece reaches `bound` at its boundary stage.
    #[inline(always)]
    pub(crate) fn below(&self, bound: i32) -> u128 {
        let over = i64::from(self.top) - i64::from(bound);
        if over < 0 {
            return !0;
        }
        if self.step <= 0 {
            return 0;
        }
        // Below the bound exactly when step * k > over, that is k >= over / step + 1.
        let need = over / i64::from(self.step) + 1;
        if need > MAX_SIDES as i64 {
            return 0;
        }
        // k >= need, from the top plane down: `ge` holds the anchors already above need's
        // leading bits, `eq` those equal to them so far.
        let mut ge = 0u128;
        let mut eq = !0u128;
        for bit in (0..4).rev() {
            let plane = self.planes[bit];
            if need >> bit & 1 == 0 {
                ge |= eq & plane;
                eq &= !plane;
            } else {
                eq &= plane;
            }
        }
        ge | eq
    }

    /// The anchors of `anchors` with the most blocked sides: the lowest bound among them.
    #[inline(always)]
    pub(crate) fn lowest(&self, anchors: u128) -> u128 {
        let mut most = anchors;
        for bit in (0..4).rev() {
            let with = most & self.planes[bit];
            if with != 0 {
                most = with;
            }
        }
        most
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Portable, WEIGHTS, Weights};
    use crate::geometry::Geometry;
    use crate::piece::default_set;
    use puzzles_common::SplitMix64;

    /// Weights with `name` set to `value`.
    fn with(name: &str, value: i32) -> Weights {
        let mut w = Weights::default().to_array();
        w[Weights::NAMES.iter().position(|&n| n == name).unwrap()] = value;
        Weights::from_array(w)
    }

    /// On random boards of four geometries, every quiet placement of every default piece:
    /// the floor plus boundary of the board with the piece is at least the bound (equal to
    /// the board's floor plus the occupied cells added, and the boundary, when the walls
    /// weigh what the transitions do), an anchor `below` leaves out reaches the bound
    /// asked, and `lowest` picks exactly the anchors with the most blocked sides.
    #[test]
    fn the_bound_holds_for_every_quiet_placement() {
        let mut rng = SplitMix64::new(26);
        let mut every = [0; WEIGHTS];
        for (i, name) in Weights::NAMES.iter().enumerate() {
            if !["corners", "off_box_edges"].contains(name) {
                every[i] = 3 + i as i32;
            }
        }
        let mut ruled_out = 0;
        for (size, box_size, weights) in [
            (9, 3, Weights::default()),
            (8, 0, Weights::default()),
            (10, 2, Weights::from_array(every)),
            (11, 0, with("walls", 35)),
            (9, 3, with("walls", 5)),
        ] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let ev = Evaluator::with_weights(geo.clone(), weights);
            let pieces: Vec<Placement> = default_set()
                .iter()
                .map(|p| Placement::new(p, &geo))
                .collect();
            for case in 0..60 {
                let mut board = rng.next_u128() & geo.full();
                for _ in 0..case % 4 {
                    board &= rng.next_u128();
                }
                let (board, _) = geo.clear(board);
                let floor = ev.floor_cost(board);
                let at = ev.quiet_board_by::<Portable>(board, floor).unwrap();
                for p in &pieces {
                    let bound = ev.quiet_bound(&at, p, &ev.piece_sides(p));
                    let blocked = |a: u32| {
                        (0..4).fold(0, |k, bit| k | ((bound.planes[bit] >> a) & 1) << bit) as i32
                    };
                    let all = p.positions(!board & geo.full());
                    let most = (0..u128::BITS)
                        .filter(|&a| all & 1u128 << a != 0)
                        .map(blocked)
                        .max();
                    let lowest = bound.lowest(all);
                    assert_eq!(lowest & !all, 0);
                    for a in (0..u128::BITS).filter(|&a| all & 1u128 << a != 0) {
                        assert_eq!(lowest & 1u128 << a != 0, Some(blocked(a)) == most);
                    }
                    let mut pos = all;
                    while pos != 0 {
                        let a = pos.trailing_zeros();
                        pos &= pos - 1;
                        let after = board | p.mask_at(a);
                        if geo.clear(after).0 != after {
                            continue;
                        }
                        let cost =
                            ev.floor_cost(after) + ev.boundary_cost_of::<Portable>(after, size);
                        let low = bound.top - bound.step * blocked(a);
                        assert!(cost >= low, "{cost} < {low} at {a}, case {case}");
                        if weights.walls == weights.transitions {
                            let floor_low = floor + weights.occupied * p.cell_count() as i32;
                            assert_eq!(
                                cost - ev.floor_cost(after),
                                low - floor_low,
                                "the boundary is exact at {a}, case {case}"
                            );
                        }
                        for asked in [cost - 1, cost, cost + 1, low, low + 1] {
                            if bound.below(asked) & 1u128 << a == 0 {
                                assert!(cost >= asked, "{a} left out below {asked}");
                                ruled_out += 1;
                            } else {
                                assert!(low < asked, "{a} kept below {asked} with {low}");
                            }
                        }
                    }
                }
            }
        }
        assert!(ruled_out > 1000, "{ruled_out}");
    }

    /// A cost on the boundary's corners or off the box borders, or a weight below 0, turns
    /// the bound off.
    #[test]
    fn weights_the_bound_does_not_cover_turn_it_off() {
        let geo = Geometry::standard();
        for weights in [
            with("corners", 5),
            with("off_box_edges", 5),
            with("occupied", -1),
        ] {
            let ev = Evaluator::with_weights(geo.clone(), weights);
            assert!(ev.quiet_board_by::<Portable>(0, 0).is_none(), "{weights:?}");
        }
        let ev = Evaluator::new(geo);
        assert!(ev.quiet_board_by::<Portable>(0, 0).is_some());
    }
}
