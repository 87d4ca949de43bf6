//! Which quiet moves the narrowed search keeps (see [`Engine::with_first_moves`] and
//! [`Engine::with_second_moves`]): as a plan's first move, each piece's quiet places whose
//! boards evaluate best; as its second, those with the lowest quiet bound, which ranks them
//! without building a board.
//!
//! [`Engine::with_first_moves`]: super::Engine::with_first_moves
//! [`Engine::with_second_moves`]: super::Engine::with_second_moves

use crate::eval::{Evaluator, FloorParts, PieceSides, Popcount, QuietBound};
use crate::piece::Placement;

/// The `width` anchors of `quiet` (placements of `p` on `board` that clear nothing) whose
/// boards have the lowest evaluation, as a bitboard; ties go to the lower anchor, so the
/// choice is the same on every run. `at` holds what the evaluation needs of `board`: its
/// floor's counts, and `p`'s [`Evaluator::anchor_units`] and [`Evaluator::piece_sides`].
///
/// Only the places that could still enter the `width` best are evaluated exactly: each
/// board is asked against the worst kept so far ([`Evaluator::eval_below`]), and the
/// places whose [`Evaluator::quiet_bound`] reaches it are never built, the lowest bounds
/// first so that the kept list is good early (as the lookahead's quiet places are).
#[inline(always)]
pub(super) fn best_quiet<C: Popcount>(
    ev: &Evaluator,
    at: &QuietPlaces,
    mut quiet: u128,
    width: usize,
) -> u128 {
    if quiet.count_ones() as usize <= width {
        return quiet;
    }
    if width == 0 {
        return 0;
    }
    let p = at.p;
    let base = ev.floor_of_parts_by::<C>(*at.parts);
    let bound_at = at.bound::<C>(ev, base);
    // The best so far by (evaluation, anchor), at most `width`, in order.
    let mut kept: Vec<(i32, u32)> = Vec::with_capacity(width + 1);
    let mut level = 0u128;
    loop {
        // A place enters when it evaluates at most the worst kept (ties: the lower anchor).
        let cap = match kept.last() {
            Some(&(e, _)) if kept.len() == width => e.saturating_add(1),
            _ => i32::MAX,
        };
        if let Some(b) = &bound_at {
            quiet &= b.below(cap);
        }
        if quiet == 0 {
            break;
        }
        let anchor = match &bound_at {
            Some(b) => b.next_lowest(quiet, &mut level),
            None => quiet.trailing_zeros(),
        };
        quiet &= !(1u128 << anchor);
        let units = at.units_at[anchor as usize];
        let floor = base + ev.floor_added_by::<C>(at.parts, p, anchor, units);
        let v = ev.eval_below_with_floor_by::<C>(at.board | p.mask_at(anchor), cap, floor);
        if v >= cap {
            continue;
        }
        let key = (v, anchor);
        let slot = kept.partition_point(|&k| k < key);
        if slot < width {
            kept.insert(slot, key);
            kept.truncate(width);
        }
    }
    kept.iter()
        .fold(0u128, |kept, &(_, anchor)| kept | 1u128 << anchor)
}

/// At least `width` anchors of `quiet` (placements of `p` on `board` that clear nothing):
/// those with the lowest [`Evaluator::quiet_bound`], whole levels of equal bounds, or all of
/// `quiet` when the weights allow no bound. No board is built or evaluated.
#[inline(always)]
pub(super) fn lowest_bound_quiet<C: Popcount>(
    ev: &Evaluator,
    at: &QuietPlaces,
    mut quiet: u128,
    width: usize,
) -> u128 {
    if quiet.count_ones() as usize <= width {
        return quiet;
    }
    let base = ev.floor_of_parts_by::<C>(*at.parts);
    let Some(bound) = at.bound::<C>(ev, base) else {
        return quiet;
    };
    let mut kept = 0u128;
    while quiet != 0 && (kept.count_ones() as usize) < width {
        let level = bound.lowest(quiet);
        kept |= level;
        quiet &= !level;
    }
    kept
}

/// What [`best_quiet`] and [`lowest_bound_quiet`] are asked about: a piece and the board
/// it is placed on.
pub(super) struct QuietPlaces<'a> {
    pub(super) board: u128,
    /// The floor's counts of `board`.
    pub(super) parts: &'a FloorParts,
    pub(super) p: &'a Placement,
    /// [`Evaluator::anchor_units`] of `p`.
    pub(super) units_at: &'a [u64],
    /// [`Evaluator::piece_sides`] of `p`.
    pub(super) sides: &'a PieceSides,
}

impl QuietPlaces<'_> {
    /// The [`Evaluator::quiet_bound`] of `p`'s places on `board` (whose floor is `base`),
    /// when the weights allow one.
    #[inline(always)]
    fn bound<C: Popcount>(&self, ev: &Evaluator, base: i32) -> Option<QuietBound> {
        ev.quiet_board_by::<C>(self.board, base)
            .map(|q| ev.quiet_bound(&q, self.p, self.sides))
    }
}
