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
    CheckInput, CheckVerdict, DecisionReason, Expects, ForbiddenPoint, GameResult, MoveInput,
    MoveReason, MoveVerdict, Next, OpeningInput, OpeningName, RecordError, RecordFault,
    ValidateInput, ValidateVerdict, Winner,
};
pub use crate::position::MAX_MOVES;

use crate::board::{Color, Point};
use crate::checked::checked;
use crate::error::InputError;
use crate::game::{AfterEnd, EndReason, Game, Judgement, MoveFault};
use crate::notation::ParsedMove;
use crate::position::{check_to_move, parse_moves, position};
use crate::refereed::{fault_path, move_reason, next, opening_name, record_error, referee_parsed};
use crate::rules::Foul;

/// `renju check`: side to move, black's forbidden points, winner. The position's work is
/// [`check_position`](crate::check_position)'s; this only spells it the contract's way.
pub fn check(input: CheckInput) -> Result<CheckVerdict, InputError> {
    checked(&input, false).map(|p| p.verdict())
}

/// `renju move`: is the side to move's candidate legal, and does it win? With an `opening`,
/// the record is refereed first (a broken one is an input error, as any unplayable record)
/// and the candidate must also be the stone the rule expects next.
pub fn r#move(input: MoveInput) -> Result<MoveVerdict, InputError> {
    let m = input
        .candidate
        .parse()
        .map_err(|e| InputError::new("/move", e.to_string()))?;
    let Some(opening) = &input.opening else {
        let mut game = position(input.source(), None)?;
        return Ok(judge_candidate(&mut game, m));
    };
    if input.board.is_some() {
        return Err(InputError::new(
            "/opening",
            "an opening referees a record: give `moves`, not `board`",
        ));
    }
    let moves = input.moves.as_deref().unwrap_or_default();
    let refereed = referee_parsed(input.rule, opening, &parse_moves(moves)?)?;
    if let Some(fault) = &refereed.fault {
        return Err(InputError::new(
            fault_path(fault),
            format!(
                "{}, so the record gives no position (`validate` judges records)",
                fault.message
            ),
        ));
    }
    check_to_move(input.to_move, refereed.game.to_move(), moves.len())?;
    if refereed.game.outcome().is_none()
        && let Err((kind, message)) = refereed.admits(m)
    {
        return Ok(MoveVerdict {
            legal: false,
            reason: Some(move_reason(kind)),
            wins: false,
            message: Some(message),
        });
    }
    let mut game = refereed.game;
    Ok(judge_candidate(&mut game, m))
}

/// The side to move's candidate `m` in `game`: legal or why not, and whether it wins.
fn judge_candidate(game: &mut Game, m: ParsedMove) -> MoveVerdict {
    let verdict = |legal, reason: Option<MoveReason>, wins| MoveVerdict {
        legal,
        reason,
        wins,
        message: None,
    };
    if game.outcome().is_some() {
        return verdict(false, Some(MoveReason::AfterEnd), false);
    }
    let p: Point = match m {
        ParsedMove::Pass => return verdict(true, None, false),
        ParsedMove::OffBoard => return verdict(false, Some(MoveReason::OffBoard), false),
        ParsedMove::At(p) => p,
    };
    if game.board().get(p).is_some() {
        return verdict(false, Some(MoveReason::Occupied), false);
    }
    match game.judge(p) {
        Judgement::Forbidden(f) => verdict(false, Some(f.into()), false),
        judgement => verdict(true, None, judgement == Judgement::Wins),
    }
}

/// `renju validate`: play a whole record and report how it ends or where it breaks; with an
/// `opening`, referee it under that rule too.
pub fn validate(input: ValidateInput) -> Result<ValidateVerdict, InputError> {
    let parsed = parse_moves(&input.moves)?;
    let Some(opening) = &input.opening else {
        let mut game = Game::new(input.rule);
        let mut error = None;
        for (k, &m) in parsed.iter().enumerate() {
            if let Err(fault) = game.play(k, m, AfterEnd::Refuse) {
                let reason = match fault {
                    MoveFault::OffBoard => RecordFault::OffBoard,
                    MoveFault::Occupied => RecordFault::Occupied,
                    MoveFault::AfterEnd => RecordFault::AfterEnd,
                };
                error = Some(RecordError {
                    move_index: Some(k),
                    action: None,
                    reason,
                    message: None,
                });
                break;
            }
        }
        return Ok(game_verdict(&game, error));
    };
    let refereed = referee_parsed(input.rule, opening, &parsed)?;
    let error = refereed.fault.as_ref().map(record_error);
    Ok(ValidateVerdict {
        black_player: Some(refereed.black_player),
        opening: refereed.opening.map(opening_name),
        next: refereed.next.as_ref().map(next),
        ..game_verdict(&refereed.game, error)
    })
}

/// `validate`'s verdict on a game and its first error.
fn game_verdict(game: &Game, error: Option<RecordError>) -> ValidateVerdict {
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
    ValidateVerdict {
        valid: error.is_none(),
        result,
        decided_at,
        reason,
        error,
        black_player: None,
        opening: None,
        next: None,
    }
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
            opening: None,
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
                move_index: Some(9),
                action: None,
                reason: RecordFault::AfterEnd,
                message: None,
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
                opening: None,
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
            opening: None,
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
                opening: None,
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
