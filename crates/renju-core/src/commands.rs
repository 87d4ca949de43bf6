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

use crate::board::{Board, Color, Point, SIZE};
use crate::checked::{Stone, checked};
use crate::error::InputError;
use crate::game::{EndReason, Game, MoveFault, Outcome};
use crate::notation::{MoveSpec, ParsedMove};
use crate::rules::{self, Foul, Rule};
use serde::{Deserialize, Serialize};

/// Most moves a record may hold: every point once plus generous passes.
pub const MAX_MOVES: usize = 1000;

/// Input of `renju check`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckInput {
    /// A game record: `"h8"`, `[7, 7]` or `"pass"`, black first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveSpec>>,
    /// Or a position: 15 strings of `X` (black), `O` (white), `.`, top row (row 15) first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// Side to move for a board (default: read from the stone counts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Color>,
    /// The rules: `renju` (RIF, default), `gomoku` or `freestyle`.
    #[serde(default)]
    pub rule: Rule,
}

/// One forbidden point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ForbiddenPoint {
    /// The point in notation, e.g. `"h8"`.
    pub at: String,
    /// Why black may not play there: `overline`, `double-four` or `double-three` (the first that applies, in that order).
    pub reason: Foul,
}

/// Who won, and at which move of the record (`null` for a board).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Winner {
    /// The side that won.
    pub color: Color,
    /// 0-based index in `moves` of the deciding move (a five, or black's forbidden move, which makes white the winner); null for a board. Pictures number stones from 1: index 8 is stone 9.
    #[serde(rename = "move")]
    pub move_index: Option<usize>,
}

/// Verdict of `renju check`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CheckVerdict {
    /// The side to play next.
    pub to_move: Color,
    /// Black's forbidden empty points, by column then row, whoever is to move.
    pub forbidden: Vec<ForbiddenPoint>,
    /// Who has won, and with which move; null while the game is open.
    pub winner: Option<Winner>,
}

/// Input of `renju move`.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveInput {
    /// A game record: `"h8"`, `[7, 7]` or `"pass"`, black first (or give `board`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveSpec>>,
    /// Or a position: 15 strings of `X` (black), `O` (white), `.`, top row (row 15) first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// Side to move for a board (default: read from the stone counts); with `moves`, the record decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Color>,
    /// The rules: `renju` (RIF, default), `gomoku` or `freestyle`.
    #[serde(default)]
    pub rule: Rule,
    /// The candidate move of the side to move.
    #[serde(rename = "move")]
    pub candidate: MoveSpec,
}

/// Why a candidate move is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum MoveReason {
    /// The point already holds a stone.
    #[serde(rename = "occupied")]
    Occupied,
    /// The point is not on the 15x15 board.
    #[serde(rename = "off_board")]
    OffBoard,
    /// The game is already decided.
    #[serde(rename = "after_end")]
    AfterEnd,
    /// Black would make six or more in a row (renju only).
    #[serde(rename = "overline")]
    Overline,
    /// Black would make two fours at once (renju only).
    #[serde(rename = "double-four")]
    DoubleFour,
    /// Black would make two open threes at once (renju only).
    #[serde(rename = "double-three")]
    DoubleThree,
}

impl From<Foul> for MoveReason {
    fn from(f: Foul) -> Self {
        match f {
            Foul::Overline => MoveReason::Overline,
            Foul::DoubleFour => MoveReason::DoubleFour,
            Foul::DoubleThree => MoveReason::DoubleThree,
        }
    }
}

/// Verdict of `renju move`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MoveVerdict {
    /// The side to move may play the move.
    pub legal: bool,
    /// Why it may not; null when legal.
    pub reason: Option<MoveReason>,
    /// The move makes a winning row (a legal move; a five is never forbidden).
    pub wins: bool,
}

/// Input of `renju validate`.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValidateInput {
    /// The game record: `"h8"`, `[7, 7]` or `"pass"`, black first.
    pub moves: Vec<MoveSpec>,
    /// The rules: `renju` (RIF, default), `gomoku` or `freestyle`.
    #[serde(default)]
    pub rule: Rule,
}

/// The state of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// Black won.
    Black,
    /// White won (also when black played a forbidden move).
    White,
    /// A draw: the board filled up, or both players passed.
    Draw,
    /// Not decided yet.
    Ongoing,
}

/// How a game was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum DecisionReason {
    /// A winning row.
    #[serde(rename = "five")]
    Five,
    /// Black played an overline: white wins.
    #[serde(rename = "foul:overline")]
    FoulOverline,
    /// Black played a double-four: white wins.
    #[serde(rename = "foul:double-four")]
    FoulDoubleFour,
    /// Black played a double-three: white wins.
    #[serde(rename = "foul:double-three")]
    FoulDoubleThree,
    /// A draw: the board filled up.
    #[serde(rename = "full_board")]
    FullBoard,
    /// A draw: both players passed in succession.
    #[serde(rename = "passes")]
    Passes,
}

/// Why a record's move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecordFault {
    /// The move's point already holds a stone.
    Occupied,
    /// The move's point is not on the board.
    OffBoard,
    /// The game was already decided before this move.
    AfterEnd,
}

/// The first unplayable move of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RecordError {
    /// 0-based index in `moves` of the first move that cannot be played.
    #[serde(rename = "move")]
    pub move_index: usize,
    /// Why it cannot be played.
    pub reason: RecordFault,
}

/// Verdict of `renju validate`. On an error, `result`/`decided_at`/`reason` describe the game
/// up to the move before the faulty one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ValidateVerdict {
    /// Every move of the record can be played (none on an occupied or off-board point, none after the end).
    pub valid: bool,
    /// `black`, `white`, `draw` or `ongoing`.
    pub result: GameResult,
    /// 0-based index in `moves` of the deciding move; null while undecided.
    pub decided_at: Option<usize>,
    /// How the game was decided; null while undecided.
    pub reason: Option<DecisionReason>,
    /// The first move that cannot be played; null for a valid record.
    pub error: Option<RecordError>,
}

fn parse_moves(moves: &[MoveSpec]) -> Result<Vec<ParsedMove>, InputError> {
    if moves.len() > MAX_MOVES {
        return Err(InputError::new(
            "/moves",
            format!(
                "a record holds at most {MAX_MOVES} moves, this one has {}",
                moves.len()
            ),
        ));
    }
    moves
        .iter()
        .enumerate()
        .map(|(k, m)| {
            m.parse()
                .map_err(|msg| InputError::new(format!("/moves/{k}"), msg))
        })
        .collect()
}

/// Build the game of a `check`/`move` input and, when `stones` is given, list its stones
/// there: in record order, numbered from 1 by their move in the record (passes count), or
/// unnumbered by point for a board. Only pictures need the list, so `check` and `move` skip
/// it (it cost 4% of the instructions of a batch of `check` cases).
pub(crate) fn position(
    moves: Option<&[MoveSpec]>,
    board: Option<&[String]>,
    to_move: Option<Color>,
    rule: Rule,
    mut stones: Option<&mut Vec<Stone>>,
) -> Result<Game, InputError> {
    match (moves, board) {
        (Some(_), Some(_)) => Err(InputError::new(
            "",
            "give a position either as `moves` or as `board`, not both",
        )),
        (Some(moves), None) => {
            let parsed = parse_moves(moves)?;
            let mut game = Game::new(rule);
            for (k, m) in parsed.into_iter().enumerate() {
                let color = game.to_move;
                if let Err(fault) = game.play(k, m, false) {
                    let what = match fault {
                        MoveFault::OffBoard => "is off the board",
                        MoveFault::Occupied => "is on an occupied point",
                        MoveFault::AfterEnd => "comes after the end",
                    };
                    return Err(InputError::new(
                        format!("/moves/{k}"),
                        format!(
                            "move {k} {what}, so the record gives no position (`validate` judges records)"
                        ),
                    ));
                }
                if let (Some(list), ParsedMove::At(at)) = (stones.as_deref_mut(), m) {
                    list.push(Stone {
                        at,
                        color,
                        number: Some(k + 1),
                    });
                }
            }
            if let Some(c) = to_move.filter(|&c| c != game.to_move) {
                return Err(InputError::new(
                    "/to_move",
                    format!(
                        "`to_move` says {} but after {} moves it is {}'s turn",
                        c.name(),
                        moves.len(),
                        game.to_move.name()
                    ),
                ));
            }
            Ok(game)
        }
        (None, Some(rows)) => {
            let game = board_position(rows, to_move, rule)?;
            if let Some(list) = stones {
                list.extend((0..SIZE * SIZE).map(Point::from_index).filter_map(|at| {
                    let color = game.board.get(at)?;
                    Some(Stone {
                        at,
                        color,
                        number: None,
                    })
                }));
            }
            Ok(game)
        }
        (None, None) => {
            let game = Game::new(rule);
            if to_move == Some(Color::White) {
                return Err(InputError::new(
                    "/to_move",
                    "on the empty board black is to move",
                ));
            }
            Ok(game)
        }
    }
}

fn board_position(rows: &[String], to_move: Option<Color>, rule: Rule) -> Result<Game, InputError> {
    let board = Board::from_rows(rows).map_err(|(row, msg)| {
        let path = row.map_or_else(|| "/board".to_string(), |r| format!("/board/{r}"));
        InputError::new(path, msg)
    })?;
    let b = board.count(Color::Black);
    let w = board.count(Color::White);
    let side = if b == w {
        Color::Black
    } else if b == w + 1 {
        Color::White
    } else {
        return Err(InputError::new(
            "/board",
            format!(
                "{b} black and {w} white stones cannot come from a game: black moves first, so black has as many stones as white or one more"
            ),
        ));
    };
    if let Some(c) = to_move.filter(|&c| c != side) {
        return Err(InputError::new(
            "/to_move",
            format!(
                "{} cannot be to move with {b} black and {w} white stones (black moves first and the players alternate)",
                c.name()
            ),
        ));
    }
    let winner = match rules::board_winner(&board, rule) {
        Err(()) => {
            return Err(InputError::new(
                "/board",
                "both black and white have a winning row; a game stops at the first",
            ));
        }
        Ok(Some(c)) => Some((c, EndReason::Five)),
        Ok(None) if rule == Rule::Renju && rules::board_has_black_overline(&board) => {
            Some((Color::White, EndReason::Foul(Foul::Overline)))
        }
        Ok(None) => None,
    };
    // The deciding stone was the last one played, by black for a black five or a black foul.
    if let Some((c, reason)) = winner {
        let last = if reason == EndReason::Five {
            c
        } else {
            Color::Black
        };
        if side.opponent() != last {
            return Err(InputError::new(
                "/board",
                format!(
                    "the game ended with {}'s {}, which must then be the last stone, but the stone counts say {} moved last",
                    last.name(),
                    if reason == EndReason::Five {
                        "winning row"
                    } else {
                        "overline"
                    },
                    side.opponent().name()
                ),
            ));
        }
    }
    let outcome = winner.map(|(c, reason)| Outcome {
        winner: Some(c),
        at: None,
        reason,
    });
    let outcome = outcome.or_else(|| {
        board.is_full().then_some(Outcome {
            winner: None,
            at: None,
            reason: EndReason::FullBoard,
        })
    });
    Ok(Game::from_position(board, rule, side, outcome))
}

/// `renju check`: side to move, black's forbidden points, winner. The position's work is
/// [`check_position`]'s; this only spells it the contract's way.
pub fn check(input: CheckInput) -> Result<CheckVerdict, InputError> {
    checked(&input, false).map(|p| p.verdict())
}

/// `renju move`: is the side to move's candidate legal, and does it win?
pub fn r#move(input: MoveInput) -> Result<MoveVerdict, InputError> {
    let mut game = position(
        input.moves.as_deref(),
        input.board.as_deref(),
        input.to_move,
        input.rule,
        None,
    )?;
    let m = input
        .candidate
        .parse()
        .map_err(|msg| InputError::new("/move", msg))?;
    let illegal = |r| {
        Ok(MoveVerdict {
            legal: false,
            reason: Some(r),
            wins: false,
        })
    };
    if game.outcome.is_some() {
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
    if game.board.get(p).is_some() {
        return illegal(MoveReason::Occupied);
    }
    match game.judge(p) {
        Ok(wins) => Ok(MoveVerdict {
            legal: true,
            reason: None,
            wins,
        }),
        Err(f) => illegal(f.into()),
    }
}

/// `renju validate`: play a whole record and report how it ends or where it breaks.
pub fn validate(input: ValidateInput) -> Result<ValidateVerdict, InputError> {
    let parsed = parse_moves(&input.moves)?;
    let mut game = Game::new(input.rule);
    let mut error = None;
    for (k, m) in parsed.into_iter().enumerate() {
        if let Err(fault) = game.play(k, m, true) {
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
    let (result, decided_at, reason) = match game.outcome {
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
