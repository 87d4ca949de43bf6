//! Playing a record move by move: whose turn it is, when and how the game ends.
//!
//! A [`Game`] is only ever in a state the rules can reach: it starts empty ([`Game::new`])
//! and changes by [`Game::play`], or it is built from a position through [`Game::from_setup`],
//! which checks the position first (the model is shakmaty's unchecked `Setup` and checked
//! `Position::from_setup`). Its fields are private, so no caller can build or change a game
//! past those checks.

use std::fmt;

use crate::board::{Board, Color, Point};
use crate::notation::ParsedMove;
use crate::rules::{self, BlackMove, Foul, Rule, WinningRows};

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

/// What a stone of the side to move would do at an empty point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgement {
    /// It makes a winning row (a five is never forbidden).
    Wins,
    /// A legal move that wins nothing yet.
    Legal,
    /// Black may not play there (renju only).
    Forbidden(Foul),
}

/// A position as given, unchecked: the stones, the rules, and the side to move if the caller
/// names one (otherwise it is read from the stone counts). [`Game::from_setup`] checks it.
#[derive(Debug, Clone)]
pub struct Setup {
    pub board: Board,
    pub rule: Rule,
    pub to_move: Option<Color>,
}

/// Why a [`Setup`] is no position a game can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupError {
    /// Black must have as many stones as white or one more.
    StoneCounts { black: usize, white: usize },
    /// The named side cannot be to move with these counts.
    ToMove {
        to_move: Color,
        black: usize,
        white: usize,
    },
    /// Both colours have a winning row; a game stops at the first.
    BothWin,
    /// The game ended with `last`'s winning row or black's overline, so `last` made the last
    /// move, but the counts say the other side did.
    WinnerNotLast { last: Color, by: EndReason },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupError::StoneCounts { black, white } => write!(
                f,
                "{black} black and {white} white stones cannot come from a game: black moves first, so black has as many stones as white or one more"
            ),
            SetupError::ToMove {
                to_move,
                black,
                white,
            } => write!(
                f,
                "{} cannot be to move with {black} black and {white} white stones (black moves first and the players alternate)",
                to_move.name()
            ),
            SetupError::BothWin => write!(
                f,
                "both black and white have a winning row; a game stops at the first"
            ),
            SetupError::WinnerNotLast { last, by } => write!(
                f,
                "the game ended with {}'s {}, which must then be the last stone, but the stone counts say {} moved last",
                last.name(),
                if by == EndReason::Five {
                    "winning row"
                } else {
                    "overline"
                },
                last.opponent().name()
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    board: Board,
    rule: Rule,
    to_move: Color,
    /// The first decisive event, once there is one.
    outcome: Option<Outcome>,
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

    /// The game a position shows, taken as reached without passes: black to move needs as
    /// many black as white stones, white one black stone more. A winning row (or, under renju,
    /// a black overline without a black five) is the game's end, and its owner must have made
    /// the last move; a full board is a draw.
    pub fn from_setup(setup: Setup) -> Result<Game, SetupError> {
        let Setup {
            board,
            rule,
            to_move,
        } = setup;
        let black = board.count(Color::Black);
        let white = board.count(Color::White);
        let side = if black == white {
            Color::Black
        } else if black == white + 1 {
            Color::White
        } else {
            return Err(SetupError::StoneCounts { black, white });
        };
        if let Some(c) = to_move.filter(|&c| c != side) {
            return Err(SetupError::ToMove {
                to_move: c,
                black,
                white,
            });
        }
        let winner = match rules::winning_rows(&board, rule) {
            WinningRows::Both => return Err(SetupError::BothWin),
            WinningRows::Only(c) => Some((c, EndReason::Five)),
            WinningRows::Neither
                if rule == Rule::Renju && rules::board_has_black_overline(&board) =>
            {
                Some((Color::White, EndReason::Foul(Foul::Overline)))
            }
            WinningRows::Neither => None,
        };
        // The deciding stone was the last one played, by black for a black five or a foul.
        if let Some((c, by)) = winner {
            let last = if by == EndReason::Five {
                c
            } else {
                Color::Black
            };
            if side.opponent() != last {
                return Err(SetupError::WinnerNotLast { last, by });
            }
        }
        let outcome = winner
            .map(|(c, reason)| Outcome {
                winner: Some(c),
                at: None,
                reason,
            })
            .or_else(|| {
                board.is_full().then_some(Outcome {
                    winner: None,
                    at: None,
                    reason: EndReason::FullBoard,
                })
            });
        Ok(Game {
            board,
            rule,
            to_move: side,
            outcome,
            last_was_pass: false,
        })
    }

    /// The stones on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, giving up the game.
    pub fn into_board(self) -> Board {
        self.board
    }

    /// The rules the game is played under.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to play next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The first decisive event, once there is one.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// What the side to move's stone at `p` (empty) would do.
    pub fn judge(&mut self, p: Point) -> Judgement {
        let c = self.to_move;
        if c == Color::Black && self.rule == Rule::Renju {
            match rules::classify_black(&mut self.board, p) {
                BlackMove::Five => Judgement::Wins,
                BlackMove::Forbidden(f) => Judgement::Forbidden(f),
                BlackMove::Legal => Judgement::Legal,
            }
        } else if rules::makes_win(&self.board, p, c, self.rule) {
            Judgement::Wins
        } else {
            Judgement::Legal
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
                        Judgement::Wins => Some(Outcome {
                            winner: Some(c),
                            at: Some(index),
                            reason: EndReason::Five,
                        }),
                        Judgement::Forbidden(f) => Some(Outcome {
                            winner: Some(c.opponent()),
                            at: Some(index),
                            reason: EndReason::Foul(f),
                        }),
                        Judgement::Legal if self.board.is_full() => Some(Outcome {
                            winner: None,
                            at: Some(index),
                            reason: EndReason::FullBoard,
                        }),
                        Judgement::Legal => None,
                    };
                }
                self.last_was_pass = false;
            }
        }
        self.to_move = self.to_move.opponent();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(rows: &[&str], to_move: Option<Color>) -> Result<Game, SetupError> {
        let mut all = vec!["..............."; 15];
        all[15 - rows.len()..].copy_from_slice(rows);
        Game::from_setup(Setup {
            board: Board::parse(&all),
            rule: Rule::Renju,
            to_move,
        })
    }

    #[test]
    fn a_setup_is_checked_before_it_becomes_a_game() {
        let game = setup(&["X.............."], None).expect("one black stone");
        assert_eq!((game.to_move(), game.outcome()), (Color::White, None));
        assert_eq!(
            setup(&["XX............."], None).unwrap_err(),
            SetupError::StoneCounts { black: 2, white: 0 }
        );
        assert_eq!(
            setup(&["X.............."], Some(Color::Black)).unwrap_err(),
            SetupError::ToMove {
                to_move: Color::Black,
                black: 1,
                white: 0
            }
        );
        assert_eq!(
            setup(&["XXXXX.OOOOO...."], None).unwrap_err(),
            SetupError::BothWin
        );
        // White's five with a black stone more than white: black moved last, not white.
        assert_eq!(
            setup(&["XXXX..OOOOO....", ".......XX......"], None).unwrap_err(),
            SetupError::WinnerNotLast {
                last: Color::White,
                by: EndReason::Five
            }
        );
    }

    #[test]
    fn a_black_overline_on_a_board_is_white_s_win() {
        let game =
            setup(&["XXXXXX.OOOO....", "O.............."], None).expect("six black, five white");
        let outcome = game.outcome().expect("decided");
        assert_eq!(outcome.winner, Some(Color::White));
        assert_eq!(outcome.reason, EndReason::Foul(Foul::Overline));
    }
}
