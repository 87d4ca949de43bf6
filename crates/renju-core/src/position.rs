//! The game a `check`/`move`/`mate` input reaches: a record replayed or a board taken as
//! reached, with input errors at their JSON paths. Shared by the commands, the checked
//! position behind `check` and `mate`, so none of them imports another for it.

use crate::board::{Board, Color, Point, SIZE};
use crate::error::InputError;
use crate::game::{AfterEnd, EndReason, Game, MoveFault, Outcome};
use crate::notation::{MoveSpec, ParsedMove};
use crate::rules::{self, Foul, Rule, WinningRows};

/// One stone of the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stone {
    pub at: Point,
    pub color: Color,
    /// The 1-based number of the record move that placed it (passes count); `None` when the
    /// position came as a board.
    pub number: Option<usize>,
}

/// Most moves a record may hold: every point once plus generous passes.
pub const MAX_MOVES: usize = 1000;

pub(crate) fn parse_moves(moves: &[MoveSpec]) -> Result<Vec<ParsedMove>, InputError> {
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
                .map_err(|e| InputError::new(format!("/moves/{k}"), e.to_string()))
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
                if let Err(fault) = game.play(k, m, AfterEnd::PlayOn) {
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
    let winner = match rules::winning_rows(&board, rule) {
        WinningRows::Both => {
            return Err(InputError::new(
                "/board",
                "both black and white have a winning row; a game stops at the first",
            ));
        }
        WinningRows::Only(c) => Some((c, EndReason::Five)),
        WinningRows::Neither if rule == Rule::Renju && rules::board_has_black_overline(&board) => {
            Some((Color::White, EndReason::Foul(Foul::Overline)))
        }
        WinningRows::Neither => None,
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
