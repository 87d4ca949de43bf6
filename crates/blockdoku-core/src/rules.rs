//! The rules of a move: legality, the clear that follows it, and its points.

use crate::geometry::{Geometry, Units};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How a move is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// The design note's: 10 points per cleared cell (a cell on two full units counts once),
    /// nothing for placing.
    #[default]
    Classic,
    /// Blockudoku-style: 1 per placed cell that stays on the board after the clear, plus
    /// `tier(c) * c` for a move completing `c` units (tier 18, 36, 54, 72 for c <= 2, 3..4,
    /// 5..7, >= 8), plus 9 when the move before it also cleared (a streak).
    Combo,
}

/// Why a move is illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IllegalReason {
    /// Some cell of the piece would lie outside the board.
    OutOfBounds,
    /// Some cell of the piece would cover an occupied cell.
    Overlap,
}

impl IllegalReason {
    /// The contract's spelling (the serde name), for text that quotes a verdict without going
    /// through JSON (the render crate's captions).
    pub fn name(&self) -> &'static str {
        match self {
            IllegalReason::OutOfBounds => "out_of_bounds",
            IllegalReason::Overlap => "overlap",
        }
    }
}

/// Per-unit bonus of the combo scoring for a move that completes `c` units.
pub fn combo_tier(c: u32) -> u64 {
    match c {
        0 => 0,
        1..=2 => 18,
        3..=4 => 36,
        5..=7 => 54,
        _ => 72,
    }
}

/// Points of one move.
///
/// `units`: what the move cleared; `placed`: the piece's cells as placed; `turn`: the scoring
/// rule, and whether the move before this one also cleared something.
pub fn points(turn: Turn, units: &Units, placed: u128) -> u64 {
    match turn.scoring {
        Scoring::Classic => 10 * u64::from(units.cell_count()),
        Scoring::Combo => {
            let kept = u64::from((placed & !units.cells).count_ones());
            let c = units.count();
            let mut p = kept + combo_tier(c) * u64::from(c);
            if c > 0 && turn.streak {
                p += 9;
            }
            p
        }
    }
}

/// How a move is scored: the scoring rule, and whether the move before it cleared (only
/// `combo` scoring cares: a streak adds 9 to a clearing move). The default is `classic`
/// scoring with no streak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Turn {
    /// The scoring rule.
    pub scoring: Scoring,
    /// The move before cleared something.
    pub streak: bool,
}

impl Turn {
    /// The turn after a move under the same scoring: a streak when the move cleared.
    pub fn after(self, cleared: &Units) -> Turn {
        Turn {
            streak: !cleared.is_empty(),
            ..self
        }
    }
}

/// The result of a legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The board after placing and clearing.
    pub board: u128,
    /// What the clear removed.
    pub units: Units,
    /// The move's points.
    pub points: u64,
}

/// Places the cells `placed` on `board` (the caller has checked they are empty and inside),
/// clears every full unit at once and scores the move as `turn` says.
pub fn apply(geo: &Geometry, board: u128, placed: u128, turn: Turn) -> Outcome {
    let (after, units) = geo.clear(board | placed);
    Outcome {
        board: after,
        units,
        points: points(turn, &units, placed),
    }
}

/// Checks a placement: `mask` is `None` when a cell lies outside the board.
pub fn check(board: u128, mask: Option<u128>) -> Result<u128, IllegalReason> {
    match mask {
        None => Err(IllegalReason::OutOfBounds),
        Some(m) if m & board != 0 => Err(IllegalReason::Overlap),
        Some(m) => Ok(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_reason_names_are_the_serde_names() {
        // An exhaustive match, so a new variant fails to compile here until it is listed.
        let all = |r: IllegalReason| match r {
            IllegalReason::OutOfBounds | IllegalReason::Overlap => (),
        };
        for reason in [IllegalReason::OutOfBounds, IllegalReason::Overlap] {
            all(reason);
            let json = serde_json::to_value(reason).expect("serialises");
            assert_eq!(json, serde_json::Value::from(reason.name()), "{reason:?}");
        }
    }

    #[test]
    fn combo_tiers_follow_the_contract() {
        let expect = [0, 18, 18, 36, 36, 54, 54, 54, 72, 72];
        for (c, e) in expect.iter().enumerate() {
            assert_eq!(combo_tier(c as u32), *e, "c = {c}");
        }
    }

    #[test]
    fn combo_points_of_a_single_row_clear() {
        let g = Geometry::standard();
        // Row 0 holds 7 cells; a horizontal domino completes it.
        let board = 0b1111111u128;
        let domino = 0b11u128 << 7;
        let turn = |scoring, streak| Turn { scoring, streak };
        let out = apply(&g, board, domino, turn(Scoring::Combo, false));
        assert_eq!(out.units.count(), 1);
        assert_eq!(out.points, 18); // both placed cells were cleared
        assert_eq!(
            turn(Scoring::Combo, false).after(&out.units),
            turn(Scoring::Combo, true)
        );
        assert_eq!(
            apply(&g, board, domino, turn(Scoring::Combo, true)).points,
            27
        );
        assert_eq!(
            apply(&g, board, domino, turn(Scoring::Classic, true)).points,
            90
        );
        // A move that does not clear scores its cells in combo and nothing in classic.
        let out = apply(&g, 0, domino, turn(Scoring::Combo, true));
        assert_eq!(out.points, 2);
        assert_eq!(
            turn(Scoring::Combo, true).after(&out.units),
            turn(Scoring::Combo, false)
        );
        assert_eq!(apply(&g, 0, domino, Turn::default()).points, 0);
    }
}
