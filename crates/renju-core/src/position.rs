//! The game a `check`/`move`/`mate` input reaches: a record replayed or a board taken as
//! reached, with input errors at their JSON paths. Shared by the commands, the checked
//! position behind `check` and `mate`, so none of them imports another for it.

use crate::board::{Board, Color, Point, SIZE};
use crate::error::InputError;
use crate::game::{AfterEnd, Game, MoveFault, Setup, SetupError};
use crate::notation::{MoveSpec, ParsedMove};
use crate::rules::Rule;

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

/// The position fields of an input, borrowed: a record (`moves`) or a `board` with an
/// optional `to_move`, under `rule`. Every input type that takes a position gives one (see
/// `contract`), so the position is read in one place.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Source<'a> {
    pub moves: Option<&'a [MoveSpec]>,
    pub board: Option<&'a [String]>,
    pub to_move: Option<Color>,
    pub rule: Rule,
}

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
    source: Source<'_>,
    stones: Option<&mut Vec<Stone>>,
) -> Result<Game, InputError> {
    match (source.moves, source.board) {
        (Some(_), Some(_)) => Err(InputError::new(
            "",
            "give a position either as `moves` or as `board`, not both",
        )),
        (Some(moves), None) => record_position(moves, source.to_move, source.rule, stones),
        (None, Some(rows)) => {
            let game = board_position(rows, source.to_move, source.rule)?;
            if let Some(list) = stones {
                list.extend((0..SIZE * SIZE).map(Point::from_index).filter_map(|at| {
                    let color = game.board().get(at)?;
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
            if source.to_move == Some(Color::White) {
                return Err(InputError::new(
                    "/to_move",
                    "on the empty board black is to move",
                ));
            }
            Ok(Game::new(source.rule))
        }
    }
}

/// The game a record reaches, playing on past its end; off-board and occupied moves are
/// input errors here.
fn record_position(
    moves: &[MoveSpec],
    to_move: Option<Color>,
    rule: Rule,
    mut stones: Option<&mut Vec<Stone>>,
) -> Result<Game, InputError> {
    let parsed = parse_moves(moves)?;
    let mut game = Game::new(rule);
    for (k, m) in parsed.into_iter().enumerate() {
        let color = game.to_move();
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
    check_to_move(to_move, game.to_move(), moves.len())?;
    Ok(game)
}

/// `to_move` given with a record must agree with the record, which decides.
pub(crate) fn check_to_move(
    to_move: Option<Color>,
    side: Color,
    moves: usize,
) -> Result<(), InputError> {
    match to_move.filter(|&c| c != side) {
        None => Ok(()),
        Some(c) => Err(InputError::new(
            "/to_move",
            format!(
                "`to_move` says {} but after {moves} moves it is {}'s turn",
                c.name(),
                side.name()
            ),
        )),
    }
}

fn board_position(rows: &[String], to_move: Option<Color>, rule: Rule) -> Result<Game, InputError> {
    let board = Board::from_rows(rows).map_err(|e| {
        let path = e
            .row
            .map_or_else(|| "/board".to_string(), |r| format!("/board/{r}"));
        InputError::new(path, e.message)
    })?;
    Game::from_setup(Setup {
        board,
        rule,
        to_move,
    })
    .map_err(|e| {
        let path = match e {
            SetupError::ToMove { .. } => "/to_move",
            _ => "/board",
        };
        InputError::new(path, e.to_string())
    })
}
