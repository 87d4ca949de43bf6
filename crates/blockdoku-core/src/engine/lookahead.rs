//! The one-piece lookahead: how well every piece of the default set could be placed next
//! on a plan's board, summed ([`Engine::lookahead`]). The plan driver compares the search's
//! best plans by it; lower is better.
//!
//! Plans after the first must beat the best sum so far, and with every weight >= 0 each
//! piece's term is >= 0, so a plan stops as soon as what it has summed and a floor of the
//! terms still to come reach that bound ([`Engine::term_floors`]), and each piece is asked
//! only for what could still beat it. Within a piece, the places that clear are evaluated
//! first (they leave the best boards), and the quiet ones only where their bound
//! ([`Evaluator::quiet_bound`]) comes under the best so far, lowest bound first.

use super::Engine;
use crate::eval::{Evaluator, FloorParts, PieceSides, Popcount, Portable, QuietBoard, QuietBound};
use crate::piece::Placement;

/// A piece of the default set that fits nowhere after a plan, in the lookahead's sum: about
/// the term of the worst place of a piece that fits (the terms on the engine's own boards run
/// from 500 to 3,900 over `trace 2026 G 600`, games 0-3, counted with scratch code).
///
/// Its value hardly matters, as the evaluation of every plan's board already charges
/// [`Weights::dead`](crate::eval::Weights::dead) for each such piece. Measured with the
/// constant changed and rebuilt: `trace 2026 G 1000` for games 0-5 plays the same 6,000 trays
/// with any value from 2,000 to 100,000 (0 and 1,000 part from it once, at tray 231 of game
/// 3); on 3,000 positions of 30 and of 38 cells or more (reached by the engine without its
/// lookahead from the games of seed 7, scratch code), 0 to 6,000 choose the same board as
/// 3,000 on all but 0-4 of each thousand, 100,000 on all but 4-12.
const LOOKAHEAD_DEAD: i64 = 3000;

/// The most pieces the lookahead sums (the default set has 47).
const MAX_LOOKAHEAD_PIECES: usize = 64;

/// No anchor to try first.
const NO_HINT: u32 = u32::MAX;

/// The default set as the lookahead sums it, with what is worked out once per engine for
/// each piece.
#[derive(Debug, Clone)]
pub(super) struct LookaheadSet {
    /// Largest pieces first: their terms are the largest, so a plan that cannot win reaches
    /// the bound sooner.
    pieces: Vec<Placement>,
    /// [`Evaluator::anchor_units`] of each piece.
    units: Vec<Vec<u64>>,
    /// [`Evaluator::piece_sides`] of each piece.
    sides: Vec<PieceSides>,
    /// The most cells of a piece.
    largest: u32,
}

impl LookaheadSet {
    /// The probes of `ev` (the default set on its geometry), largest first.
    pub(super) fn new(ev: &Evaluator) -> LookaheadSet {
        let mut pieces = ev.probes().to_vec();
        assert!(pieces.len() <= MAX_LOOKAHEAD_PIECES);
        pieces.sort_by_key(|p| std::cmp::Reverse(p.cell_count()));
        LookaheadSet {
            units: pieces.iter().map(|p| ev.anchor_units(p)).collect(),
            sides: pieces.iter().map(|p| ev.piece_sides(p)).collect(),
            largest: pieces
                .iter()
                .map(|p| p.cell_count() as u32)
                .max()
                .unwrap_or(0),
            pieces,
        }
    }

    /// Piece `j` with what is worked out for it.
    fn piece(&self, j: usize) -> LookaheadPiece<'_> {
        LookaheadPiece {
            p: &self.pieces[j],
            units_at: &self.units[j],
            sides: &self.sides[j],
        }
    }
}

/// A piece of the lookahead with what is worked out for it once per engine.
struct LookaheadPiece<'a> {
    p: &'a Placement,
    /// [`Evaluator::anchor_units`] of `p`.
    units_at: &'a [u64],
    /// [`Evaluator::piece_sides`] of `p`.
    sides: &'a PieceSides,
}

/// What the lookahead works out once per board for every piece it asks: the board, its
/// floor's counts and floor, and its units with few enough empty cells for the largest piece.
struct LookaheadBoard {
    board: u128,
    parts: FloorParts,
    base: i32,
    /// What [`Evaluator::quiet_bound`] needs of `board`, when the weights allow it.
    quiet: Option<QuietBoard>,
    gaps: Vec<(u32, u128)>,
    /// Whether the evaluation is monotone (every weight >= 0), so floors may rule boards out.
    prune: bool,
}

/// The best evaluation found for a piece so far, and the anchor that gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Best {
    eval: i32,
    anchor: u32,
}

impl Best {
    /// Nothing found below `cap` yet.
    fn under(cap: i32) -> Best {
        Best {
            eval: cap,
            anchor: NO_HINT,
        }
    }

    /// Takes the board `after` (the piece at `anchor`) when it evaluates below the best.
    #[inline(always)]
    fn try_board<C: Popcount>(&mut self, ev: &Evaluator, anchor: u32, after: u128) {
        let v = ev.eval_below_by::<C>(after, self.eval);
        if v < self.eval {
            *self = Best { eval: v, anchor };
        }
    }
}

/// Where a piece of the lookahead fits on a board, where it clears (a subset), and the
/// bound of its quiet places when already worked out.
#[derive(Clone, Copy)]
struct PiecePlaces {
    pos: u128,
    clearing: u128,
    bound: Option<QuietBound>,
    /// The best of the places in `clearing`, when worked out.
    cleared: Option<Best>,
}

impl PiecePlaces {
    /// Fits nowhere.
    const NONE: PiecePlaces = PiecePlaces {
        pos: 0,
        clearing: 0,
        bound: None,
        cleared: None,
    };
}

/// What the lookahead keeps from one plan's board to the next.
pub(super) struct LookaheadMemory {
    /// For each piece, the anchor that was best on the last board (see
    /// [`Engine::lookahead_hinted`]).
    hints: [u32; MAX_LOOKAHEAD_PIECES],
    /// Each piece's places on the board being summed, worked out for the floors when there
    /// are floors to work out. Kept here so that it is set up once per tray and not once
    /// per board: the set-up was 1.5% of the instructions of `trace 2026 0 300` (callgrind).
    places: [PiecePlaces; MAX_LOOKAHEAD_PIECES],
}

impl LookaheadMemory {
    /// No hints yet.
    pub(super) fn new() -> LookaheadMemory {
        LookaheadMemory {
            hints: [NO_HINT; MAX_LOOKAHEAD_PIECES],
            places: [PiecePlaces::NONE; MAX_LOOKAHEAD_PIECES],
        }
    }
}

/// The order the pieces are summed in, and under each rank a floor of the terms from there
/// on.
struct SumOrder {
    /// The pieces in the order they are summed.
    order: [u8; MAX_LOOKAHEAD_PIECES],
    /// `rest[k]`: a floor of the terms of the pieces summed k-th and after, so that a board
    /// that cannot come under the bound stops as soon as what it has summed and what is
    /// still to come reach it, and each piece is asked only for what could still beat it.
    rest: [i64; MAX_LOOKAHEAD_PIECES + 1],
}

impl Engine {
    /// One piece of lookahead: for every piece of the default set, the evaluation of the
    /// best board after placing it next (and clearing), summed; a piece that fits nowhere
    /// costs `LOOKAHEAD_DEAD`. Lower is better.
    pub fn lookahead(&self, board: u128) -> i64 {
        self.lookahead_below(board, i64::MAX)
    }

    /// [`Engine::lookahead`] when it is below `bound`; otherwise some value at least `bound`.
    /// With every weight >= 0 each piece's term is >= 0, so the sum so far is a floor of the
    /// total: the pieces left are asked only for what could still beat `bound`, and none
    /// once the sum reaches it.
    pub fn lookahead_below(&self, board: u128, bound: i64) -> i64 {
        self.lookahead_hinted::<Portable>(board, bound, &mut LookaheadMemory::new())
    }

    /// [`Engine::lookahead_below`], trying first for each piece the anchor in `memory.hints`
    /// (the one that was best for it on the plan before, when it still fits) and leaving
    /// there the anchor that is best on this board. The candidate plans differ in a few
    /// cells, so the last best place is often still the best: found first, it is a tight
    /// bound for the piece's other places. The minimum, and so the sum, is the same in any
    /// order.
    #[inline(always)]
    pub(super) fn lookahead_hinted<C: Popcount>(
        &self,
        board: u128,
        bound: i64,
        memory: &mut LookaheadMemory,
    ) -> i64 {
        let LookaheadMemory { hints, places } = memory;
        let empty = !board & self.geometry().full();
        let at = self.lookahead_board::<C>(board);
        let prune = at.prune;
        let pieces = self.lookahead_set.pieces.len();
        let mut sum = SumOrder {
            order: std::array::from_fn(|j| j as u8),
            rest: [0i64; MAX_LOOKAHEAD_PIECES + 1],
        };
        let floors = prune && bound < i64::MAX;
        if floors {
            self.order_by_floors::<C>(&at, places, &mut sum);
            if sum.rest[0] >= bound {
                return sum.rest[0];
            }
        }
        let SumOrder { order, rest } = &sum;
        let mut total = 0i64;
        for (k, &j) in order[..pieces].iter().enumerate() {
            let j = usize::from(j);
            let piece = self.lookahead_set.piece(j);
            let place = if floors {
                places[j]
            } else {
                self.piece_places::<C>(&at, piece.p, piece.sides, empty, false)
            };
            if place.pos == 0 {
                total += LOOKAHEAD_DEAD;
            } else {
                // The piece's best must come under what is left of the bound to matter.
                let cap = if prune {
                    i32::try_from(bound.saturating_sub(total + rest[k + 1])).unwrap_or(i32::MAX)
                } else {
                    i32::MAX
                };
                total += i64::from(self.piece_best::<C>(&at, &piece, &place, &mut hints[j], cap));
            }
            if prune && total + rest[k + 1] >= bound {
                return total + rest[k + 1];
            }
        }
        total
    }

    /// Fills `places` and `sum` for a board `at` whose sum must beat a bound: the pieces
    /// that can clear first, each rank with the floor of the terms from there on. A piece
    /// that can clear usually has a term well above its quiet places' floor, so summed first
    /// these pieces reach the bound sooner on the boards that cannot win (callgrind, `trace
    /// 2026 0 300`: 0.839 G instructions, 0.844 G with the quiet pieces first).
    #[inline(always)]
    fn order_by_floors<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        places: &mut [PiecePlaces; MAX_LOOKAHEAD_PIECES],
        sum: &mut SumOrder,
    ) {
        let pieces = self.lookahead_set.pieces.len();
        let mut floor = [0i64; MAX_LOOKAHEAD_PIECES];
        self.term_floors::<C>(at, places, &mut floor);
        let mut k = 0;
        for clears in [true, false] {
            for (j, place) in places[..pieces].iter().enumerate() {
                if (place.clearing != 0) == clears {
                    sum.order[k] = j as u8;
                    k += 1;
                }
            }
        }
        for k in (0..pieces).rev() {
            sum.rest[k] = sum.rest[k + 1] + floor[usize::from(sum.order[k])];
        }
    }

    /// What the lookahead works out once for `board`.
    #[inline(always)]
    fn lookahead_board<C: Popcount>(&self, board: u128) -> LookaheadBoard {
        let parts = self.ev.floor_parts_by::<C>(board);
        let base = self.ev.floor_of_parts_by::<C>(parts);
        let mut at = LookaheadBoard {
            board,
            parts,
            base,
            quiet: self.ev.quiet_board_by::<C>(board, base),
            gaps: Vec::new(),
            prune: self.ev.is_monotone(),
        };
        self.geometry()
            .gaps(board, self.lookahead_set.largest, &mut at.gaps);
        at
    }

    /// Fills `floor[j]` with a floor of the lookahead's term for piece `j` on `at`: a piece
    /// that fits nowhere costs exactly [`LOOKAHEAD_DEAD`]; any other, at least the lower of
    /// the best evaluation of its clearing places (worked out exactly) and the floor of its
    /// quiet places (the lowest [`Evaluator::quiet_bound`], or the board's floor with its
    /// cells added), each weight being >= 0. The clearing places are most of a plan's sum:
    /// with a floor of 0 for them, a plan that could not win was cut only at its 38th piece
    /// of 47 on average (`trace 2026 G 300`, games 0-2, counted with scratch code).
    ///
    /// `places` is filled with each piece's [`PiecePlaces`], with their quiet bounds and
    /// best clearing places, for [`Engine::piece_best`] to use again.
    #[inline(always)]
    fn term_floors<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        places: &mut [PiecePlaces],
        floor: &mut [i64],
    ) {
        let empty = !at.board & self.geometry().full();
        let set = &self.lookahead_set;
        for (j, (p, sides)) in set.pieces.iter().zip(&set.sides).enumerate() {
            let mut place = self.piece_places::<C>(at, p, sides, empty, true);
            let quiet = place.pos & !place.clearing;
            // The quiet places' floor: the board's floor with the piece's cells, or the lowest
            // quiet bound when it is higher.
            let quiet_floor = if quiet == 0 {
                i32::MAX
            } else {
                let floor = at.base + self.ev.weights().occupied * p.cell_count() as i32;
                match &place.bound {
                    Some(b) => floor.max(b.least(quiet)),
                    None => floor,
                }
            };
            if place.clearing != 0 {
                place.cleared = Some(self.clearing_best::<C>(at, p, place.clearing));
            }
            floor[j] = if place.pos == 0 {
                LOOKAHEAD_DEAD
            } else {
                let cleared = place.cleared.map_or(i32::MAX, |best| best.eval);
                i64::from(quiet_floor.min(cleared).max(0))
            };
            places[j] = place;
        }
    }

    /// Where `p` (whose outer sides are `sides`) fits on `at` (`empty`: its empty cells),
    /// where it clears, and, when `bounded` and it has quiet places, the bound of its places.
    #[inline(always)]
    fn piece_places<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        p: &Placement,
        sides: &PieceSides,
        empty: u128,
        bounded: bool,
    ) -> PiecePlaces {
        let pos = p.positions(empty);
        if pos == 0 {
            return PiecePlaces::NONE;
        }
        let clearing = clearing_places(at, p) & pos;
        let bound = match &at.quiet {
            Some(q) if bounded && pos & !clearing != 0 => Some(self.ev.quiet_bound(q, p, sides)),
            _ => None,
        };
        PiecePlaces {
            pos,
            clearing,
            bound,
            cleared: None,
        }
    }

    /// The best evaluation of the boards after placing `p` at each of the anchors `clearing`
    /// on `at` (each clears) and the first anchor giving it.
    #[inline(always)]
    fn clearing_best<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        p: &Placement,
        clearing: u128,
    ) -> Best {
        let mut best = Best::under(i32::MAX);
        let mut left = clearing;
        while left != 0 {
            let anchor = left.trailing_zeros();
            left &= left - 1;
            let (after, _) = self.geometry().clear(at.board | p.mask_at(anchor));
            best.try_board::<C>(&self.ev, anchor, after);
        }
        best
    }

    /// The lookahead's term for `piece` on `at`: the best evaluation of the board after
    /// placing it at one of its places `place` (and clearing), when below `cap` (otherwise
    /// some value at least `cap`). Tries `hint` first and leaves there the best anchor found.
    #[inline(always)]
    fn piece_best<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        piece: &LookaheadPiece,
        place: &PiecePlaces,
        hint: &mut u32,
        cap: i32,
    ) -> i32 {
        let geo = self.geometry();
        let p = piece.p;
        let mut best = Best::under(cap);
        let mut clearing = place.clearing;
        let quiet = place.pos & !clearing;
        if let Some(cleared) = place.cleared {
            // The clearing places are already evaluated.
            if cleared.eval < best.eval {
                best = cleared;
            }
            clearing = 0;
        }
        if *hint < u128::BITS && (clearing | quiet) & (1u128 << *hint) != 0 {
            let (after, _) = geo.clear(at.board | p.mask_at(*hint));
            best.try_board::<C>(&self.ev, *hint, after);
        }
        // The clearing placements first: they leave the best boards, and then the quiet
        // ones are often all ruled out by their floor.
        while clearing != 0 {
            let anchor = clearing.trailing_zeros();
            clearing &= clearing - 1;
            let (after, _) = geo.clear(at.board | p.mask_at(anchor));
            best.try_board::<C>(&self.ev, anchor, after);
        }
        // A placement that clears nothing ends on the board plus the piece, whose floor is
        // at least the board's plus the piece's cells (as in the search's last moves).
        let quiet_floor = at.base + self.ev.weights().occupied * p.cell_count() as i32;
        if quiet != 0 && !(at.prune && quiet_floor >= best.eval) {
            self.quiet_best::<C>(at, piece, place.bound, quiet, &mut best);
        }
        if best.anchor != NO_HINT {
            *hint = best.anchor;
        }
        best.eval
    }

    /// Improves `best` with the quiet places `quiet` of `piece` on `at` (`bound`: their
    /// quiet bound when already worked out). Only the places whose floor, boundary and
    /// unbarred cells come under the best so far ([`Evaluator::quiet_bound`]) are
    /// evaluated, the lowest bounds first: the best place is usually among them, and found
    /// early it rules out the rest.
    #[inline(always)]
    fn quiet_best<C: Popcount>(
        &self,
        at: &LookaheadBoard,
        piece: &LookaheadPiece,
        bound: Option<QuietBound>,
        mut quiet: u128,
        best: &mut Best,
    ) {
        let p = piece.p;
        let bound_at = match (bound, &at.quiet) {
            (Some(b), _) => Some(b),
            (None, Some(q)) => Some(self.ev.quiet_bound(q, p, piece.sides)),
            (None, None) => None,
        };
        if let Some(b) = &bound_at {
            quiet &= b.below(best.eval);
        }
        let mut level = 0u128;
        while quiet != 0 {
            let anchor = match &bound_at {
                Some(b) => b.next_lowest(quiet, &mut level),
                None => quiet.trailing_zeros(),
            };
            quiet &= !(1u128 << anchor);
            let units = piece.units_at[anchor as usize];
            let floor = at.base + self.ev.floor_added_by::<C>(&at.parts, p, anchor, units);
            let v = self.ev.eval_below_with_floor_by::<C>(
                at.board | p.mask_at(anchor),
                best.eval,
                floor,
            );
            if v < best.eval {
                *best = Best { eval: v, anchor };
                if let Some(b) = &bound_at {
                    quiet &= b.below(best.eval);
                }
            }
        }
    }
}

/// The anchors where `p` completes one of the units of `at` with few enough empty cells
/// (some of them may not fit).
#[inline(always)]
fn clearing_places(at: &LookaheadBoard, p: &Placement) -> u128 {
    let cells = p.cell_count() as u32;
    let mut clearing = 0u128;
    for &(count, gap) in &at.gaps {
        if count <= cells {
            clearing |= p.covering(gap);
        }
    }
    clearing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use puzzles_common::SplitMix64;

    /// The bounded lookahead is exact below its bound and at least the bound otherwise.
    #[test]
    fn lookahead_below_is_exact_under_the_bound() {
        let geo = Geometry::standard();
        let engine = Engine::new(geo.clone());
        let mut rng = SplitMix64::new(5);
        for _ in 0..60 {
            let board = geo.clear(rng.next_u128() & rng.next_u128() & geo.full()).0;
            let exact = engine.lookahead(board);
            for bound in [exact - 1, exact, exact + 1, 0, exact / 2, i64::MAX] {
                let v = engine.lookahead_below(board, bound);
                if exact < bound {
                    assert_eq!(v, exact);
                } else {
                    assert!(v >= bound, "{v} for bound {bound}, exact {exact}");
                }
            }
        }
    }

    /// The floors of the lookahead's terms are at most the terms, piece by piece, and not
    /// all 0, for the pieces that can clear too: each piece's term is worked out from
    /// scratch, from every place.
    #[test]
    fn term_floors_never_exceed_the_terms() {
        let geo = Geometry::standard();
        let engine = Engine::new(geo.clone());
        let mut rng = SplitMix64::new(23);
        let (mut quiet_above_zero, mut clearing_above_zero, mut quiet_beat_clears) = (0, 0, 0);
        for case in 0..120 {
            let mut board = rng.next_u128() & geo.full();
            match case % 3 {
                0 => board &= rng.next_u128(),
                1 => board |= rng.next_u128(),
                _ => {}
            }
            let board = geo.clear(board).0;
            let at = engine.lookahead_board::<Portable>(board);
            let mut floor = [0i64; MAX_LOOKAHEAD_PIECES];
            let mut places = [PiecePlaces::NONE; MAX_LOOKAHEAD_PIECES];
            engine.term_floors::<Portable>(&at, &mut places, &mut floor);
            for (j, p) in engine.lookahead_set.pieces.iter().enumerate() {
                let mut pos = p.positions(!board & geo.full());
                let term = if pos == 0 {
                    LOOKAHEAD_DEAD
                } else {
                    let mut best = i64::MAX;
                    while pos != 0 {
                        let anchor = pos.trailing_zeros();
                        pos &= pos - 1;
                        let after = geo.clear(board | p.mask_at(anchor)).0;
                        best = best.min(i64::from(engine.evaluator().eval(after)));
                    }
                    best
                };
                assert!(
                    floor[j] <= term,
                    "piece {j}: floor {} above its term {term}",
                    floor[j]
                );
                if let Some(Best { eval: cleared, .. }) = places[j].cleared {
                    clearing_above_zero += usize::from(floor[j] > 0);
                    quiet_beat_clears += usize::from(term < i64::from(cleared));
                } else {
                    quiet_above_zero += usize::from(floor[j] > 0);
                }
            }
        }
        assert!(quiet_above_zero > 0, "every quiet piece's floor was 0");
        assert!(
            clearing_above_zero > 0,
            "every clearing piece's floor was 0"
        );
        assert!(
            quiet_beat_clears > 0,
            "no quiet place beat the clearing ones"
        );
    }

    /// Hints change no lookahead value: stale hints from another board, random anchors
    /// (fitting or not) and none all give what the plain lookahead gives, for every bound.
    #[test]
    fn lookahead_hints_change_no_value() {
        let geo = Geometry::standard();
        let engine = Engine::new(geo.clone());
        let mut rng = SplitMix64::new(19);
        // Carried from board to board with its places, as `plan` does.
        let mut carried = LookaheadMemory::new();
        let mut moved = 0;
        for case in 0..80 {
            let board = geo.clear(rng.next_u128() & rng.next_u128() & geo.full()).0;
            let exact = engine.lookahead(board);
            let mut random = LookaheadMemory::new();
            for h in random.hints.iter_mut() {
                *h = if case % 3 == 0 {
                    NO_HINT
                } else {
                    rng.below(81) as u32
                };
            }
            for bound in [exact - 1, exact, exact + 1, exact / 2, i64::MAX] {
                let plain = engine.lookahead_below(board, bound);
                let before = carried.hints;
                assert_eq!(
                    engine.lookahead_hinted::<Portable>(board, bound, &mut carried),
                    plain
                );
                moved += usize::from(before != carried.hints);
                let mut fresh = LookaheadMemory::new();
                fresh.hints = random.hints;
                assert_eq!(
                    engine.lookahead_hinted::<Portable>(board, bound, &mut fresh),
                    plain
                );
            }
        }
        assert!(moved > 10, "hints were carried from board to board");
    }
}
