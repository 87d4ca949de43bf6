//! The exact chance that the next tray kills a board: of the `n³` ordered deals of three
//! pieces from a set of `n` (with replacement, as trays are dealt), how many no order of
//! which places all three.
//!
//! This is the hazard itself, not a stand-in for it: a game ends on the first tray that
//! cannot be placed whole, and on a crowded board the evaluation's terms (pieces that fit
//! nowhere, scarce places, ways to clear) each see one piece at a time, while a tray dies of
//! its pieces taking each other's room. It is counted only on crowded boards, where it is
//! not 0 (the engine's gate), as it costs a search per deal.

use crate::geometry::Geometry;
use crate::piece::Placement;

/// How many of the ordered deals of three of `pieces` cannot be placed whole on `board`, in
/// any order (clearing between placements, as the rules do). Out of `pieces.len()³`.
pub(super) fn failing_deals(geo: &Geometry, board: u128, pieces: &[Placement]) -> u64 {
    // A piece that fits nowhere now may fit after another piece of the deal clears: every
    // deal is searched.
    let mut failing = 0;
    for a in 0..pieces.len() {
        for b in a..pieces.len() {
            for c in b..pieces.len() {
                if !fits_three(geo, board, [&pieces[a], &pieces[b], &pieces[c]]) {
                    failing += ordered_deals(a, b, c);
                }
            }
        }
    }
    failing
}

/// How many ordered deals give the pieces `a <= b <= c`.
fn ordered_deals(a: usize, b: usize, c: usize) -> u64 {
    if a == c {
        1
    } else if a == b || b == c {
        3
    } else {
        6
    }
}

/// True when some order of the three places them all. Equal pieces are placed in one order
/// only (the others give the same boards).
fn fits_three(geo: &Geometry, board: u128, tray: [&Placement; 3]) -> bool {
    let [a, b, c] = tray;
    let orders: [[&Placement; 3]; 6] = [
        [a, b, c],
        [b, a, c],
        [c, a, b],
        [a, c, b],
        [b, c, a],
        [c, b, a],
    ];
    let distinct = |o: &[&Placement; 3], k: usize| {
        // Order k is needed unless an earlier one places the same shapes in the same order.
        (0..k).all(|j| !(0..3).all(|i| orders[j][i].same_shape(o[i])))
    };
    orders
        .iter()
        .enumerate()
        .filter(|(k, o)| distinct(o, *k))
        .any(|(_, o)| fits_in_order(geo, board, o))
}

/// True when the pieces fit one after the other in this order.
fn fits_in_order(geo: &Geometry, board: u128, order: &[&Placement]) -> bool {
    let Some((first, rest)) = order.split_first() else {
        return true;
    };
    let empty = !board & geo.full();
    let mut places = first.positions(empty);
    if rest.is_empty() {
        return places != 0;
    }
    while places != 0 {
        let anchor = places.trailing_zeros();
        places &= places - 1;
        let (after, _) = geo.clear(board | first.mask_at(anchor));
        if fits_in_order(geo, after, rest) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::piece::default_set;
    use puzzles_common::SplitMix64;

    /// Brute force over every ordered deal with the engine's own whole-tray search.
    fn failing_by_engine(engine: &Engine, board: u128, pieces: &[Placement]) -> u64 {
        let mut failing = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let tray = [a.clone(), b.clone(), c.clone()];
                    failing += u64::from(!engine.fits_whole(board, &tray));
                }
            }
        }
        failing
    }

    #[test]
    fn failing_deals_agree_with_every_ordered_deal_tried() {
        let geo = Geometry::standard();
        let engine = Engine::new(geo.clone());
        let set: Vec<Placement> = default_set()
            .iter()
            .map(|p| Placement::new(p, &geo))
            .collect();
        // Twelve pieces, so that brute force over 12³ deals stays quick; crowded random
        // boards, where deals fail for every reason (a piece fits nowhere, pieces take each
        // other's room, a clear makes room).
        let mut rng = SplitMix64::new(26);
        let mut failing_seen = 0;
        for round in 0..40 {
            let pieces: Vec<Placement> = (0..12)
                .map(|_| set[rng.below(set.len() as u64) as usize].clone())
                .collect();
            let fill = 55 + round % 25;
            let mut board = 0u128;
            for cell in 0..81 {
                if rng.below(100) < fill {
                    board |= 1 << cell;
                }
            }
            let (board, _) = geo.clear(board);
            let want = failing_by_engine(&engine, board, &pieces);
            assert_eq!(
                failing_deals(&geo, board, &pieces),
                want,
                "board {board:#x}"
            );
            failing_seen += u64::from(want > 0 && want < 12 * 12 * 12);
        }
        assert!(
            failing_seen > 10,
            "too few boards with some deals failing: {failing_seen}"
        );
    }

    #[test]
    fn an_empty_board_fails_no_deal_and_a_full_one_every_deal() {
        let geo = Geometry::standard();
        let set: Vec<Placement> = default_set()
            .iter()
            .map(|p| Placement::new(p, &geo))
            .collect();
        assert_eq!(failing_deals(&geo, 0, &set), 0);
        assert_eq!(failing_deals(&geo, geo.full(), &set), 47 * 47 * 47);
    }
}
