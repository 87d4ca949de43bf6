//! A lower bound on the first three stages of the evaluation (the floor, the boundary and the
//! unbarred cells) of a board plus a piece that clears nothing, for every anchor of the piece
//! at once.
//!
//! Why: most boards a quiet last move ends on lose at one of those stages (94% of the
//! evaluations that start from a floor, on `trace 2026 0 300`), and each was
//! built and costed one anchor at a time.
//!
//! - Putting a piece on empty cells changes the boundary only along the piece's outer sides
//!   (a side between two of its cells was empty on both sides and ends occupied on both): a
//!   side facing an empty cell becomes a transition, a side facing an occupied cell stops
//!   being one, and a side on the board's edge stops counting as a wall. So with `s` outer
//!   sides, `k` of them on an occupied cell or the edge, the boundary grows by at least
//!   `transitions * s - step * k`, `step` being the larger of `2 * transitions` and
//!   `transitions + walls` (exactly that when both weigh the same, as by default).
//! - An empty cell no 3-cell bar fills stays so when cells are added around it (fewer empty
//!   cells hold fewer bars), so the unbarred cells fall by at most the `m` of them the piece
//!   covers (across and down counted apart).
//! - The floor adds at least `occupied` per cell of the piece.
//!
//! `2 * k + m` for every anchor is a bit-sliced sum of shifted masks (the cells whose
//! neighbour that way is blocked, for each outer side; the unbarred cells, for each cell of
//! the piece), and an anchor whose bound `top - unit * (2 * k + m)` already reaches the
//! search's bound is never built; `unit` is the larger of `step / 2` (rounded up) and
//! `unbarred`, so one sum serves both terms.

use super::{Evaluator, Popcount};
use crate::piece::Placement;

/// The directions of a cell's four sides, as indexes of [`QuietBoard`]'s blocked cells.
const LEFT: usize = 0;
const RIGHT: usize = 1;
const UP: usize = 2;
const DOWN: usize = 3;

/// The most outer sides the bound counts (`k` in four bit planes), the most cells (`m`, at
/// most two a cell, in four), and the largest cell offset (the shifts stay within one word);
/// a piece with more is never ruled out by the bound (the default set's pieces have at most
/// 12 sides, 5 cells and offsets up to 48 on an 11x11 board).
const MAX_SIDES: usize = 15;
const MAX_CELLS: usize = 7;
const MAX_OFFSET: u32 = 63;

/// The bit planes of `2 * k + m` (at most 44).
const PLANES: usize = 6;

/// The outer sides of a piece: for each, the direction it faces and the bit offset of its
/// cell from the piece's top-left corner; and whether the bound counts the piece at all (see
/// [`MAX_SIDES`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PieceSides {
    sides: Vec<(usize, u32)>,
    counted: bool,
}

/// What the bound needs of a board: for each direction, the cells whose neighbour that way
/// is occupied or off the board; for each cell, in two bit planes, in how many directions
/// (0-2) it is an empty cell no 3-cell bar fills; and the floor, boundary and unbarred cost
/// of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuietBoard {
    blocked: [u128; 4],
    unbarred: [u128; 2],
    cost: i32,
}

/// For every anchor of one piece on one board, a lower bound of the floor, boundary and
/// unbarred cost of the board with the piece there: `top - unit * (2 * k + m)`, the sums in
/// bit planes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuietBound {
    planes: [u128; PLANES],
    top: i32,
    unit: i32,
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
        let counted = sides.len() <= MAX_SIDES
            && p.cell_count() <= MAX_CELLS
            && p.offsets().iter().all(|&o| o <= MAX_OFFSET);
        PieceSides { sides, counted }
    }

    /// What [`Evaluator::quiet_bound`] needs of `b` (whose floor is `floor`), or `None` when
    /// the weights make the bound unsound: some weight below 0, or a cost on the boundary's
    /// corners or its edges off the box borders (0 by default), which a piece can lower in
    /// ways the outer sides do not count.
    #[inline(always)]
    pub(crate) fn quiet_board_by<C: Popcount>(&self, b: u128, floor: i32) -> Option<QuietBoard> {
        let w = &self.weights;
        if !self.monotone || w.corners != 0 || w.off_box_edges != 0 {
            return None;
        }
        let g = &self.geo;
        let n = g.size();
        let full = g.full();
        let (across, down) = if w.unbarred != 0 {
            self.unbarred_cells(b, n)
        } else {
            (0, 0)
        };
        Some(QuietBoard {
            blocked: [
                ((b << 1) & !g.first_col() & full) | g.first_col(),
                ((b >> 1) & !g.last_col()) | g.last_col(),
                ((b << n) & full) | g.first_row(),
                (b >> n) | g.last_row(),
            ],
            unbarred: [across ^ down, across & down],
            cost: floor
                + self.boundary_cost_of::<C>(b, n)
                + w.unbarred * C::count_pair(across, down),
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
        let unit = ((step + 1) / 2).max(w.unbarred);
        let cells = p.cell_count();
        if !sides.counted {
            // Never rules an anchor out: `below` sees a top of i32::MIN.
            return QuietBound {
                planes: [0; PLANES],
                top: i32::MIN,
                unit,
            };
        }
        // k: one bit per outer side facing a blocked cell.
        // (Offsets masked to what they are, at most MAX_OFFSET, so that each shift is
        // compiled for a count below 64: 1% of the instructions.)
        let mut k = [0u128; 4];
        for &(dir, o) in &sides.sides {
            let x = at.blocked[dir] >> (o & MAX_OFFSET);
            let c0 = k[0] & x;
            k[0] ^= x;
            let c1 = k[1] & c0;
            k[1] ^= c0;
            let c2 = k[2] & c1;
            k[2] ^= c1;
            k[3] |= c2;
        }
        // m: the 2-bit unbarred count of each cell of the piece.
        let mut m = [0u128; 4];
        for &o in p.offsets() {
            let (x0, x1) = (
                at.unbarred[0] >> (o & MAX_OFFSET),
                at.unbarred[1] >> (o & MAX_OFFSET),
            );
            let c0 = m[0] & x0;
            m[0] ^= x0;
            let t = m[1] ^ x1;
            let c1 = (m[1] & x1) | (t & c0);
            m[1] = t ^ c0;
            let c2 = m[2] & c1;
            m[2] ^= c1;
            m[3] ^= c2;
        }
        // 2k + m.
        let s1 = k[0] ^ m[1];
        let c1 = k[0] & m[1];
        let t2 = k[1] ^ m[2];
        let c2 = (k[1] & m[2]) | (t2 & c1);
        let t3 = k[2] ^ m[3];
        let c3 = (k[2] & m[3]) | (t3 & c2);
        let planes = [m[0], s1, t2 ^ c1, t3 ^ c2, k[3] ^ c3, k[3] & c3];
        QuietBound {
            planes,
            top: at.cost + w.occupied * cells as i32 + w.transitions * sides.sides.len() as i32,
            unit,
        }
    }
}

impl QuietBound {
    /// The anchors whose bound is below `bound`: at every other anchor the evaluation of the
    /// board with the piece reaches `bound` by its unbarred stage.
    #[inline(always)]
    pub(crate) fn below(&self, bound: i32) -> u128 {
        let over = i64::from(self.top) - i64::from(bound);
        if over < 0 {
            return !0;
        }
        if self.unit <= 0 {
            return 0;
        }
        // Below the bound exactly when unit * s > over, that is s >= over / unit + 1.
        let need = over / i64::from(self.unit) + 1;
        if need >= 1 << PLANES {
            return 0;
        }
        // s >= need, from the top plane down: `ge` holds the anchors already above need's
        // leading bits, `eq` those equal to them so far.
        let mut ge = 0u128;
        let mut eq = !0u128;
        for bit in (0..PLANES).rev() {
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

    /// The lowest bound of the anchors `anchors` (`i32::MAX` when there are none): the
    /// floor, boundary and unbarred cost of the board with the piece at any of them is at
    /// least this.
    #[inline(always)]
    pub(crate) fn least(&self, anchors: u128) -> i32 {
        if anchors == 0 {
            return i32::MAX;
        }
        let at = self.lowest(anchors).trailing_zeros();
        let sum = (0..PLANES).fold(0i64, |s, bit| {
            s | (((self.planes[bit] >> at) & 1) as i64) << bit
        });
        let least = i64::from(self.top) - i64::from(self.unit) * sum;
        least.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// The lowest anchor of `anchors` among those with the lowest bound
    /// (`self.lowest(anchors).trailing_zeros()`), for a caller that takes the anchors of a
    /// set one by one, lowest bound first, the set only shrinking between calls (`anchors`
    /// not empty). `level` (0 at first) keeps what is left of the last lowest level, so the
    /// planes are asked once a level and not once an anchor.
    #[inline(always)]
    pub(crate) fn next_lowest(&self, anchors: u128, level: &mut u128) -> u32 {
        *level &= anchors;
        if *level == 0 {
            *level = self.lowest(anchors);
        }
        level.trailing_zeros()
    }

    /// The anchors of `anchors` with the lowest bound (the largest sum).
    #[inline(always)]
    pub(crate) fn lowest(&self, anchors: u128) -> u128 {
        let mut most = anchors;
        for bit in (0..PLANES).rev() {
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

    /// The empty cells of `b` no 3-cell bar fills across and down, cell by cell.
    fn unbarred_by_hand(geo: &Geometry, b: u128) -> (u128, u128) {
        let n = geo.size() as i64;
        let empty = |r: i64, c: i64| {
            r >= 0 && c >= 0 && r < n && c < n && b & geo.bit(r as usize, c as usize) == 0
        };
        let (mut across, mut down) = (0u128, 0u128);
        for r in 0..n {
            for c in 0..n {
                if !empty(r, c) {
                    continue;
                }
                let bar = |dr: i64, dc: i64| {
                    (-2..=0).any(|s| (0..3).all(|t| empty(r + dr * (s + t), c + dc * (s + t))))
                };
                if !bar(0, 1) {
                    across |= geo.bit(r as usize, c as usize);
                }
                if !bar(1, 0) {
                    down |= geo.bit(r as usize, c as usize);
                }
            }
        }
        (across, down)
    }

    /// On random boards of six geometries and weights, every quiet placement of every
    /// default piece: the sum of each anchor is twice its outer sides facing a blocked cell
    /// (counted by hand) plus the unbarred cells it covers (found by hand), the boundary grows
    /// by exactly `transitions * sides - step * k` when the walls weigh what the transitions
    /// do, the floor, boundary and unbarred cost of the board with the piece is at least the
    /// bound, an anchor `below` leaves out reaches the bound asked, and `lowest` picks exactly
    /// the anchors with the largest sum.
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
            (9, 3, with("unbarred", 0)),
            (9, 3, with("unbarred", 100)),
        ] {
            let geo = Geometry::new(size, box_size).expect("valid geometry");
            let ev = Evaluator::with_weights(geo.clone(), weights);
            let pieces: Vec<Placement> = default_set()
                .iter()
                .map(|p| Placement::new(p, &geo))
                .collect();
            let stages = |b: u128| {
                ev.floor_cost(b)
                    + ev.boundary_cost_of::<Portable>(b, size)
                    + ev.unbarred_cost_of::<Portable>(b, size)
            };
            for case in 0..60 {
                let mut board = rng.next_u128() & geo.full();
                for _ in 0..case % 4 {
                    board &= rng.next_u128();
                }
                let (board, _) = geo.clear(board);
                let at = ev
                    .quiet_board_by::<Portable>(board, ev.floor_cost(board))
                    .unwrap();
                let (across, down) = unbarred_by_hand(&geo, board);
                let n = size as i64;
                let blocked = |cell: i64, dr: i64, dc: i64| {
                    let (r, c) = (cell / n + dr, cell % n + dc);
                    r < 0
                        || c < 0
                        || r >= n
                        || c >= n
                        || board & geo.bit(r as usize, c as usize) != 0
                };
                for p in &pieces {
                    let sides = ev.piece_sides(p);
                    let bound = ev.quiet_bound(&at, p, &sides);
                    let sum = |a: u32| {
                        (0..PLANES).fold(0, |s, bit| s | ((bound.planes[bit] >> a) & 1) << bit)
                            as i32
                    };
                    let all = p.positions(!board & geo.full());
                    let most = (0..u128::BITS)
                        .filter(|&a| all & 1u128 << a != 0)
                        .map(sum)
                        .max();
                    let lowest = bound.lowest(all);
                    assert_eq!(lowest & !all, 0);
                    // One by one, `next_lowest` gives what asking `lowest` afresh gives, while
                    // the set also loses other anchors (as when the bound asked falls).
                    let (mut left, mut level) = (all, 0u128);
                    while left != 0 {
                        let a = bound.next_lowest(left, &mut level);
                        assert_eq!(a, bound.lowest(left).trailing_zeros(), "case {case}");
                        left &= !(1u128 << a);
                        if a.is_multiple_of(3) {
                            left &= left.wrapping_sub(1);
                        }
                    }
                    let mut pos = all;
                    while pos != 0 {
                        let a = pos.trailing_zeros();
                        pos &= pos - 1;
                        assert_eq!(lowest & 1u128 << a != 0, Some(sum(a)) == most);
                        let cells = p.mask_at(a);
                        let after = board | cells;
                        if geo.clear(after).0 != after {
                            continue;
                        }
                        let k = sides
                            .sides
                            .iter()
                            .filter(|&&(dir, o)| {
                                let (dr, dc) = [(0, -1), (0, 1), (-1, 0), (1, 0)][dir];
                                blocked(i64::from(a + o), dr, dc)
                            })
                            .count() as i32;
                        // Unbarred cells cost nothing under a weight of 0: the bound skips them.
                        let m = if weights.unbarred == 0 {
                            0
                        } else {
                            (across & cells).count_ones() + (down & cells).count_ones()
                        };
                        assert_eq!(sum(a), 2 * k + m as i32, "sum at {a}, case {case}");
                        if weights.walls == weights.transitions {
                            assert_eq!(
                                ev.boundary_cost_of::<Portable>(after, size)
                                    - ev.boundary_cost_of::<Portable>(board, size),
                                weights.transitions * (sides.sides.len() as i32 - 2 * k),
                                "the boundary at {a}, case {case}"
                            );
                        }
                        let cost = stages(after);
                        let low = bound.top - bound.unit * sum(a);
                        assert!(cost >= low, "{cost} < {low} at {a}, case {case}");
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

    /// A piece with more cells, sides or reach than the bound counts (a 9-cell bar; a
    /// 7-cell bar down an 11x11 board, whose last cell is 66 bits from its first) keeps every
    /// anchor, while a 5-cell bar is ruled out on a crowded board.
    #[test]
    fn pieces_the_bound_does_not_count_are_never_ruled_out() {
        let geo = Geometry::new(11, 0).expect("valid geometry");
        let ev = Evaluator::new(geo.clone());
        let board = geo.full() & !(geo.first_col() | geo.last_col());
        let at = ev
            .quiet_board_by::<Portable>(board, ev.floor_cost(board))
            .unwrap();
        let bar = |cells: usize| {
            let rows: Vec<String> = vec!["#".to_string(); cells];
            Placement::new(&crate::piece::Piece::parse(&rows, "/bar").unwrap(), &geo)
        };
        for (cells, counted) in [(9, false), (7, false), (5, true)] {
            let p = bar(cells);
            let sides = ev.piece_sides(&p);
            assert_eq!(sides.counted, counted, "{cells} cells");
            let below = ev.quiet_bound(&at, &p, &sides).below(0);
            assert_eq!(below == !0, !counted, "{cells} cells");
        }
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
