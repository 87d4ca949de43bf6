//! The position a `renju check` input reaches, with black's forbidden points as points: the
//! work behind `check`, kept in engine terms for callers that draw it (the render crate), so
//! they take the engine's stones and points instead of parsing moves and notation again.

pub use crate::position::Stone;

use crate::board::Color;
use crate::contract::{CheckInput, CheckVerdict, ForbiddenPoint, Winner};
use crate::error::InputError;
use crate::notation::to_notation;
use crate::position::position;
use crate::rules::{self, Forbidden};

/// A checked position: everything `check` reports, before it is spelled in notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedPosition {
    /// The stones, in record order for a record, by point (row 1 first, `a` to `o`) for a
    /// board.
    pub stones: Vec<Stone>,
    pub to_move: Color,
    /// Black's forbidden empty points, by column then row, whoever is to move.
    pub forbidden: Vec<Forbidden>,
    pub winner: Option<Winner>,
}

/// Builds the position of a `check` input, with its stones, and finds black's forbidden
/// points once.
pub fn check_position(input: &CheckInput) -> Result<CheckedPosition, InputError> {
    checked(input, true)
}

/// [`check_position`], listing the stones only when `with_stones` (`check` itself does
/// without them).
pub(crate) fn checked(
    input: &CheckInput,
    with_stones: bool,
) -> Result<CheckedPosition, InputError> {
    let mut stones = Vec::new();
    let game = position(input.source(), with_stones.then_some(&mut stones))?;
    let winner = game.outcome().and_then(|o| {
        o.winner.map(|color| Winner {
            color,
            move_index: o.at,
        })
    });
    Ok(CheckedPosition {
        stones,
        to_move: game.to_move(),
        forbidden: rules::forbidden_points(game.board(), game.rule()),
        winner,
    })
}

impl CheckedPosition {
    /// The contract's `check` verdict of this position.
    pub fn verdict(&self) -> CheckVerdict {
        CheckVerdict {
            to_move: self.to_move,
            forbidden: self
                .forbidden
                .iter()
                .map(|f| ForbiddenPoint {
                    at: to_notation(f.at),
                    reason: f.reason,
                })
                .collect(),
            winner: self.winner.clone(),
        }
    }
}
