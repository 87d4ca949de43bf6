//! What the engine's tests share: a brute-force reference search and random cases.

use super::Turn;
use super::settings::Narrowing;
use crate::eval::{Evaluator, Portable, Weights};
use crate::geometry::Geometry;
use crate::piece::Placement;
use crate::rules::{Scoring, apply};
use puzzles_common::SplitMix64;

/// Every order and placement, no pruning: the best (placed, evaluation, points).
pub(super) fn brute(
    ev: &Evaluator,
    board: u128,
    tray: &[Placement],
    left: u8,
    turn: Turn,
    points: u64,
    placed: usize,
) -> (usize, i32, u64) {
    brute_from(
        ev,
        board,
        tray,
        left,
        turn,
        (points, placed),
        Narrowing::EXACT,
        None,
    )
}

/// [`brute`], and when `narrowing` narrows, the plans [`Engine::with_first_moves`] and
/// [`Engine::with_second_moves`] search: two quiet moves in a row in rising tray order
/// only (`last_quiet`: the tray index of the move before when it cleared nothing); as
/// the first move a quiet placement only when its board is among the piece's
/// `narrowing.first` best by (evaluation, anchor), each board evaluated here from
/// scratch; as the second move, when more follow, a quiet placement only when fewer
/// than `narrowing.second` of the piece's quiet places have a lower quiet bound, each
/// place's bound asked alone.
#[allow(clippy::too_many_arguments)]
pub(super) fn brute_from(
    ev: &Evaluator,
    board: u128,
    tray: &[Placement],
    left: u8,
    turn: Turn,
    (points, placed): (u64, usize),
    narrowing: Narrowing,
    last_quiet: Option<usize>,
) -> (usize, i32, u64) {
    let geo = ev.geometry();
    let mut best: Option<(usize, i32, u64)> = None;
    let narrowed = narrowing != Narrowing::EXACT;
    for i in (0..tray.len()).filter(|i| left & (1 << i) != 0) {
        let mut pos = tray[i].positions(!board & geo.full());
        let quiet_places: Vec<u32> = (0..u128::BITS)
            .filter(|&a| pos & (1u128 << a) != 0)
            .filter(|&a| {
                apply(geo, board, tray[i].mask_at(a), Turn::default())
                    .units
                    .is_empty()
            })
            .collect();
        // The quiet places a narrowed second move keeps.
        let second_kept: Option<Vec<u32>> = match narrowing.second {
            Some(width) if placed == 1 && left.count_ones() > 1 => {
                let base = ev.floor_of_parts(ev.floor_parts(board));
                let at = ev
                    .quiet_board_by::<Portable>(board, base)
                    .expect("default weights");
                let bound = ev.quiet_bound(&at, &tray[i], &ev.piece_sides(&tray[i]));
                let of = |a: u32| bound.least(1u128 << a);
                Some(
                    quiet_places
                        .iter()
                        .copied()
                        .filter(|&a| {
                            quiet_places.iter().filter(|&&b| of(b) < of(a)).count() < width
                        })
                        .collect(),
                )
            }
            _ => None,
        };
        let quiet_rank: Vec<(i32, u32)> = if placed == 0 && narrowing.first.is_some() {
            // A quiet place's board is the board with the piece added.
            let mut ranked: Vec<(i32, u32)> = quiet_places
                .iter()
                .map(|&a| (ev.eval(board | tray[i].mask_at(a)), a))
                .collect();
            ranked.sort_unstable();
            ranked
        } else {
            Vec::new()
        };
        while pos != 0 {
            let a = pos.trailing_zeros();
            pos &= pos - 1;
            let out = apply(geo, board, tray[i].mask_at(a), turn);
            let quiet = out.units.is_empty();
            if narrowed && quiet && last_quiet.is_some_and(|j| j > i) {
                continue;
            }
            if let Some(width) = narrowing.first
                && quiet
                && placed == 0
                && !quiet_rank.iter().take(width).any(|r| r.1 == a)
            {
                continue;
            }
            if let Some(kept) = &second_kept
                && quiet
                && !kept.contains(&a)
            {
                continue;
            }
            let next = Turn {
                streak: !quiet,
                ..turn
            };
            let r = brute_from(
                ev,
                out.board,
                tray,
                left & !(1 << i),
                next,
                (points + out.points, placed + 1),
                narrowing,
                quiet.then_some(i),
            );
            let key = |x: (usize, i32, u64)| (std::cmp::Reverse(x.0), x.1, std::cmp::Reverse(x.2));
            if best.is_none_or(|b| key(r) < key(b)) {
                best = Some(r);
            }
        }
    }
    best.unwrap_or((placed, ev.eval(board), points))
}

/// Every weight of the evaluation on (the floor's box kinds, the boundary's box edges,
/// the edge slots, the hard pieces' scarcity), beside the defaults.
pub(super) fn every_weight() -> Weights {
    Weights {
        off_box_edges: 12,
        edge_slots: 50,
        side_box_cells: 2,
        corner_box_cells: 8,
        hard_crowded: 5,
        box_middle: 3,
        box_corner: 4,
        lines: 5,
        crowded: 2,
        ..Default::default()
    }
}

/// A random board as the game leaves it (nothing full; sparser by `case % 3`) and a
/// tray of three pieces from `set`.
pub(super) fn random_case(
    rng: &mut SplitMix64,
    geo: &Geometry,
    set: &[Placement],
    case: usize,
) -> (u128, Vec<Placement>) {
    let mut board = rng.next_u128() & geo.full();
    for _ in 0..1 + case % 3 {
        board &= rng.next_u128();
    }
    let tray = (0..3)
        .map(|_| set[rng.below(set.len() as u64) as usize].clone())
        .collect();
    (geo.clear(board).0, tray)
}

/// The scoring and streak of random case `case`: both scorings, a streak one case in four.
pub(super) fn test_turn(case: usize) -> Turn {
    Turn {
        scoring: if case.is_multiple_of(2) {
            Scoring::Classic
        } else {
            Scoring::Combo
        },
        streak: case % 4 == 1,
    }
}
