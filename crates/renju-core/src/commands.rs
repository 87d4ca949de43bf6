//! The contract's `renju check`, `move` and `validate`: input and verdict types and the
//! functions behind them.
//!
//! Choices where the contract is silent (also in the README):
//! - A position is either `moves` (a record, black first) or `board` (+ optional `to_move`);
//!   neither means the empty board. `to_move` with `moves` must agree with the record.
//! - A board is taken as reached without passes: black to move needs as many black as white
//!   stones, white to move one black stone more. Without `to_move` the side is read from the
//!   counts. A board where both colours have a winning row is rejected; so is one whose
//!   winner could not have made the last move.
//! - `winner.move` is the 0-based index of the deciding move of a record, `null` for a board.
//!   The winner is the first decisive event: a winning row, or (renju) white by black's foul.
//!   On a board, a black overline without a black five means black lost by the foul.
//! - `check` and `move` of a record that goes on after the end still build the position;
//!   `move` then answers `after_end`. Off-board, occupied or malformed moves of a record are
//!   input errors there (only `validate` judges records).

pub use crate::contract::{
    CheckInput, CheckVerdict, DecisionReason, ForbiddenPoint, GameResult, MoveInput, MoveReason,
    MoveVerdict, RecordError, RecordFault, ValidateInput, ValidateVerdict, Winner,
};
pub use crate::position::MAX_MOVES;

use crate::board::{Color, Point};
use crate::checked::checked;
use crate::error::InputError;
use crate::game::{AfterEnd, EndReason, Game, Judgement, MoveFault};
use crate::notation::ParsedMove;
use crate::position::{parse_moves, position};
use crate::rules::Foul;

/// `renju check`: side to move, black's forbidden points, winner. The position's work is
/// [`check_position`](crate::check_position)'s; this only spells it the contract's way.
pub fn check(input: CheckInput) -> Result<CheckVerdict, InputError> {
    checked(&input, false).map(|p| p.verdict())
}

/// `renju move`: is the side to move's candidate legal, and does it win?
pub fn r#move(input: MoveInput) -> Result<MoveVerdict, InputError> {
    let mut game = position(input.source(), None)?;
    let m = input
        .candidate
        .parse()
        .map_err(|e| InputError::new("/move", e.to_string()))?;
    let illegal = |r| {
        Ok(MoveVerdict {
            legal: false,
            reason: Some(r),
            wins: false,
        })
    };
    if game.outcome().is_some() {
        return illegal(MoveReason::AfterEnd);
    }
    let p: Point = match m {
        ParsedMove::Pass => {
            return Ok(MoveVerdict {
                legal: true,
                reason: None,
                wins: false,
            });
        }
        ParsedMove::OffBoard => return illegal(MoveReason::OffBoard),
        ParsedMove::At(p) => p,
    };
    if game.board().get(p).is_some() {
        return illegal(MoveReason::Occupied);
    }
    match game.judge(p) {
        Judgement::Forbidden(f) => illegal(f.into()),
        judgement => Ok(MoveVerdict {
            legal: true,
            reason: None,
            wins: judgement == Judgement::Wins,
        }),
    }
}

/// `renju validate`: play a whole record and report how it ends or where it breaks.
pub fn validate(input: ValidateInput) -> Result<ValidateVerdict, InputError> {
    let parsed = parse_moves(&input.moves)?;
    let mut game = Game::new(input.rule);
    let mut error = None;
    for (k, m) in parsed.into_iter().enumerate() {
        if let Err(fault) = game.play(k, m, AfterEnd::Refuse) {
            let reason = match fault {
                MoveFault::OffBoard => RecordFault::OffBoard,
                MoveFault::Occupied => RecordFault::Occupied,
                MoveFault::AfterEnd => RecordFault::AfterEnd,
            };
            error = Some(RecordError {
                move_index: k,
                reason,
            });
            break;
        }
    }
    let (result, decided_at, reason) = match game.outcome() {
        None => (GameResult::Ongoing, None, None),
        Some(o) => {
            let result = match o.winner {
                Some(Color::Black) => GameResult::Black,
                Some(Color::White) => GameResult::White,
                None => GameResult::Draw,
            };
            let reason = match o.reason {
                EndReason::Five => DecisionReason::Five,
                EndReason::Foul(Foul::Overline) => DecisionReason::FoulOverline,
                EndReason::Foul(Foul::DoubleFour) => DecisionReason::FoulDoubleFour,
                EndReason::Foul(Foul::DoubleThree) => DecisionReason::FoulDoubleThree,
                EndReason::FullBoard => DecisionReason::FullBoard,
                EndReason::Passes => DecisionReason::Passes,
            };
            (result, o.at, Some(reason))
        }
    };
    Ok(ValidateVerdict {
        valid: error.is_none(),
        result,
        decided_at,
        reason,
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::MoveSpec;
    use crate::rules::Rule;

    fn moves(s: &str) -> Vec<MoveSpec> {
        s.split_whitespace()
            .map(|m| MoveSpec::Text(m.into()))
            .collect()
    }

    fn validate_str(s: &str, rule: Rule) -> ValidateVerdict {
        validate(ValidateInput {
            moves: moves(s),
            rule,
        })
        .expect("well-formed record")
    }

    #[test]
    fn five_then_after_end() {
        let v = validate_str("h8 h9 i8 i9 j8 j9 k8 k9 l8", Rule::Renju);
        assert_eq!(
            (v.valid, v.result, v.decided_at, v.reason),
            (true, GameResult::Black, Some(8), Some(DecisionReason::Five))
        );
        let v = validate_str("h8 h9 i8 i9 j8 j9 k8 k9 l8 a1", Rule::Renju);
        assert!(!v.valid);
        assert_eq!(
            v.error,
            Some(RecordError {
                move_index: 9,
                reason: RecordFault::AfterEnd
            })
        );
        assert_eq!(v.result, GameResult::Black);
    }

    #[test]
    fn a_black_foul_loses_at_that_move() {
        let v = validate_str("g8 a1 i8 a3 h7 a5 h9 a7 h8", Rule::Renju);
        assert_eq!(
            (v.valid, v.result, v.decided_at, v.reason),
            (
                true,
                GameResult::White,
                Some(8),
                Some(DecisionReason::FoulDoubleThree)
            )
        );
        let v = validate_str("g8 a1 i8 a3 h7 a5 h9 a7 h8", Rule::Gomoku);
        assert_eq!(v.result, GameResult::Ongoing);
    }

    #[test]
    fn a_full_board_is_a_draw() {
        // Black on (x + 2y) % 4 < 2, white elsewhere: every row, column and diagonal alternates
        // pairs (XXOO...), so no colour ever has three in a row; that is 113 black points and
        // 112 white, played in row-major order, black last.
        let mut blacks = Vec::new();
        let mut whites = Vec::new();
        for y in 0..15i64 {
            for x in 0..15i64 {
                if (x + 2 * y) % 4 < 2 {
                    blacks.push((x, y))
                } else {
                    whites.push((x, y))
                }
            }
        }
        assert_eq!((blacks.len(), whites.len()), (113, 112));
        let mut rec = Vec::new();
        for (k, b) in blacks.iter().enumerate() {
            rec.push(MoveSpec::Pair(vec![b.0, b.1]));
            if let Some(w) = whites.get(k) {
                rec.push(MoveSpec::Pair(vec![w.0, w.1]));
            }
        }
        for rule in [Rule::Renju, Rule::Gomoku, Rule::Freestyle] {
            let v = validate(ValidateInput {
                moves: rec.clone(),
                rule,
            })
            .unwrap();
            assert_eq!(
                (v.valid, v.result, v.decided_at, v.reason),
                (
                    true,
                    GameResult::Draw,
                    Some(224),
                    Some(DecisionReason::FullBoard)
                ),
                "{rule:?}"
            );
        }
    }

    #[test]
    fn malformed_notation_is_an_input_error_with_its_path() {
        let e = validate(ValidateInput {
            moves: moves("h8 8h"),
            rule: Rule::Renju,
        })
        .unwrap_err();
        assert_eq!(e.path, "/moves/1");
        let e = check(CheckInput {
            moves: Some(moves("h8 h8")),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(e.path, "/moves/1");
    }

    #[test]
    fn board_counts_and_side_to_move() {
        let mut rows = vec!["...............".to_string(); 15];
        rows[7] = ".......X.......".into();
        let v = check(CheckInput {
            board: Some(rows.clone()),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(v.to_move, Color::White);
        let e = check(CheckInput {
            board: Some(rows.clone()),
            to_move: Some(Color::Black),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(e.path, "/to_move");
        rows[8] = ".......XX......".into();
        let e = check(CheckInput {
            board: Some(rows),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(e.path, "/board");
    }

    #[test]
    fn move_verdicts() {
        let m = |rec: &str, mv: &str| {
            r#move(MoveInput {
                moves: Some(moves(rec)),
                board: None,
                to_move: None,
                rule: Rule::Renju,
                candidate: MoveSpec::Text(mv.into()),
            })
            .unwrap()
        };
        assert_eq!(
            m("g8 a1 i8 a3 h7 a5 h9 a7", "h8").reason,
            Some(MoveReason::DoubleThree)
        );
        // White may make the same shape.
        let w = m("a1 g8 a3 i8 a5 h7 a7 h9 a9", "h8");
        assert!(w.legal && !w.wins);
        assert!(m("h8 h9 i8 i9 j8 j9 k8 k9", "l8").wins);
        assert_eq!(m("h8", "h8").reason, Some(MoveReason::Occupied));
        assert_eq!(m("h8", "p8").reason, Some(MoveReason::OffBoard));
        assert_eq!(
            m("h8 h9 i8 i9 j8 j9 k8 k9 l8", "a1").reason,
            Some(MoveReason::AfterEnd)
        );
        assert!(m("h8", "pass").legal);
    }
}
