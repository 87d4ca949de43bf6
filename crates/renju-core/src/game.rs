//! Playing a record move by move: whose turn it is, when and how the game ends.

use crate::board::{Board, Color, Point};
use crate::notation::ParsedMove;
use crate::rules::{self, BlackMove, Foul, Rule};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// A winning row (exactly five, or five or more where the rule allows it).
    Five,
    /// Black played a forbidden move (renju): white wins.
    Foul(Foul),
    /// The board filled up with no winning row: a draw.
    FullBoard,
    /// Both players passed in succession: a draw (RIF).
    Passes,
}

/// The end of a game: the winner (`None` = draw), the 0-based index of the deciding move in
/// the record (`None` when the position came as a board), and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub at: Option<usize>,
    pub reason: EndReason,
}

/// Why a move of a record cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveFault {
    OffBoard,
    Occupied,
    AfterEnd,
}

/// What [`Game::play`] does with a move after the game has ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterEnd {
    /// Refuse it ([`MoveFault::AfterEnd`]): a record must stop at its end.
    Refuse,
    /// Play it; the outcome stays the first decisive event.
    PlayOn,
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    pub board: Board,
    pub rule: Rule,
    pub to_move: Color,
    /// The first decisive event, once there is one.
    pub outcome: Option<Outcome>,
    last_was_pass: bool,
}

impl Game {
    /// A new game: empty board, black to move.
    pub fn new(rule: Rule) -> Game {
        Game {
            board: Board::new(),
            rule,
            to_move: Color::Black,
            outcome: None,
            last_was_pass: false,
        }
    }

    /// A game resumed from a position; `outcome` is what the board shows (see
    /// [`crate::commands`] for how a board's winner is read).
    pub fn from_position(
        board: Board,
        rule: Rule,
        to_move: Color,
        outcome: Option<Outcome>,
    ) -> Game {
        Game {
            board,
            rule,
            to_move,
            outcome,
            last_was_pass: false,
        }
    }

    /// What the side to move's stone at `p` (empty) would do: `Ok(true)` wins,
    /// `Ok(false)` plain legal move, `Err(foul)` forbidden (black under renju only).
    pub fn judge(&mut self, p: Point) -> Result<bool, Foul> {
        let c = self.to_move;
        if c == Color::Black && self.rule == Rule::Renju {
            match rules::classify_black(&mut self.board, p) {
                BlackMove::Five => Ok(true),
                BlackMove::Forbidden(f) => Err(f),
                BlackMove::Legal => Ok(false),
            }
        } else {
            Ok(rules::makes_win(&self.board, p, c, self.rule))
        }
    }

    /// Play move number `index` of a record. With [`AfterEnd::Refuse`], a move after the end of
    /// the game is refused (`validate`); with [`AfterEnd::PlayOn`], play goes on and `outcome`
    /// keeps the first decisive event (`check` of a record that ignored the end). The stone of
    /// a foul stays on the board.
    pub fn play(
        &mut self,
        index: usize,
        m: ParsedMove,
        after_end: AfterEnd,
    ) -> Result<(), MoveFault> {
        if after_end == AfterEnd::Refuse && self.outcome.is_some() {
            return Err(MoveFault::AfterEnd);
        }
        match m {
            ParsedMove::OffBoard => return Err(MoveFault::OffBoard),
            ParsedMove::Pass => {
                if self.last_was_pass && self.outcome.is_none() {
                    self.outcome = Some(Outcome {
                        winner: None,
                        at: Some(index),
                        reason: EndReason::Passes,
                    });
                }
                self.last_was_pass = true;
            }
            ParsedMove::At(p) => {
                if self.board.get(p).is_some() {
                    return Err(MoveFault::Occupied);
                }
                let c = self.to_move;
                let verdict = self.judge(p);
                self.board.place(p, c);
                if self.outcome.is_none() {
                    self.outcome = match verdict {
                        Ok(true) => Some(Outcome {
                            winner: Some(c),
                            at: Some(index),
                            reason: EndReason::Five,
                        }),
                        Err(f) => Some(Outcome {
                            winner: Some(c.opponent()),
                            at: Some(index),
                            reason: EndReason::Foul(f),
                        }),
                        Ok(false) if self.board.is_full() => Some(Outcome {
                            winner: None,
                            at: Some(index),
                            reason: EndReason::FullBoard,
                        }),
                        Ok(false) => None,
                    };
                }
                self.last_was_pass = false;
            }
        }
        self.to_move = self.to_move.opponent();
        Ok(())
    }
}
