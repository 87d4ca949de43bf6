//! The JSON contract's input and verdict types of `renju check`, `move`, `validate` and
//! `mate`, apart from the functions behind them so that the engine-terms modules
//! ([`crate::checked`], [`crate::mate`](mod@crate::mate)) can speak them without importing
//! the commands (imports run one way: `commands` -> `checked` -> `contract`).

use crate::board::Color;
use crate::notation::MoveSpec;
use crate::opening::{Action, Area, OpeningRule, Seat};
use crate::position::Source;
use crate::rules::{Foul, Rule};
use serde::{Deserialize, Serialize};

/// Declares an input type that takes a position (a record, or a board and the side to move,
/// under a rule) and then its own fields. The four position fields are written once, here:
/// serde cannot flatten a struct into one that denies unknown fields, and an unknown field
/// must stay an error. Each type says in its own words what `moves` and `to_move` mean for
/// it; `source()` lends the four fields to [`crate::position`].
macro_rules! position_input {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            moves: $moves_doc:literal,
            to_move: $to_move_doc:literal,
            $($field:tt)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            #[doc = $moves_doc]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub moves: Option<Vec<MoveSpec>>,
            /// Or a position: 15 strings of `X` (black), `O` (white), `.`, top row (row 15) first.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub board: Option<Vec<String>>,
            #[doc = $to_move_doc]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub to_move: Option<Color>,
            /// The rules: `renju` (RIF, default), `gomoku` or `freestyle`.
            #[serde(default)]
            pub rule: Rule,
            $($field)*
        }

        impl $name {
            /// The position fields, for [`crate::position::position`].
            pub(crate) fn source(&self) -> Source<'_> {
                Source {
                    moves: self.moves.as_deref(),
                    board: self.board.as_deref(),
                    to_move: self.to_move,
                    rule: self.rule,
                }
            }
        }
    };
}

position_input! {
    /// Input of `renju check`.
    #[derive(Default)]
    pub struct CheckInput {
        moves: "A game record: `\"h8\"`, `[7, 7]` or `\"pass\"`, black first.",
        to_move: "Side to move for a board (default: read from the stone counts).",
    }
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

position_input! {
    /// Input of `renju move`.
    pub struct MoveInput {
        moves: "A game record: `\"h8\"`, `[7, 7]` or `\"pass\"`, black first (or give `board`).",
        to_move: "Side to move for a board (default: read from the stone counts); with `moves`, the record decides.",
        /// The candidate move of the side to move.
        #[serde(rename = "move")]
        pub candidate: MoveSpec,
        /// The opening rule and its decisions so far (with `moves`): the candidate must also be the stone the rule expects next.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub opening: Option<OpeningInput>,
    }
}

/// The opening of a record: the rule, and the decisions made so far, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OpeningInput {
    /// `rif`, `yamaguchi`, `soosorv-N`, `taraguchi-N` (renju), `swap2`, `pro` or `long-pro` (gomoku).
    pub rule: OpeningRule,
    /// The protocol's decisions in order: `"swap"`/`"stay"` where a player may swap colours, `{"declare": N}`, `{"offer": ["k9", ...]}`, swap2's `{"more": 2}`.
    #[serde(default)]
    pub actions: Vec<Action>,
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
    /// The opening rule puts this stone in an area the point is outside of.
    #[serde(rename = "outside_area")]
    OutsideArea,
    /// The opening rule wants one of black's offered fifth moves.
    #[serde(rename = "not_offered")]
    NotOffered,
    /// A pass before the opening is over.
    #[serde(rename = "pass_in_opening")]
    PassInOpening,
    /// The opening rule wants a decision (an action) before the next stone.
    #[serde(rename = "missing_action")]
    MissingAction,
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
    /// With an `opening`, why the rule refuses the move, in words naming the rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
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
    /// The opening rule and its decisions: the record is then refereed under that rule too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningInput>,
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

/// Why a record's move (or, with an opening, action) cannot stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecordFault {
    /// The move's point (or an offered point) already holds a stone.
    Occupied,
    /// The move's point (or an offered point) is not on the board.
    OffBoard,
    /// The game was already decided before this move.
    AfterEnd,
    /// Opening: the stone is outside the area the rule allows for it.
    OutsideArea,
    /// Opening: move 5 is none of black's offered fifth moves.
    NotOffered,
    /// Opening: a pass before the opening is over.
    PassInOpening,
    /// Opening: a stone where the rule wants a decision first.
    MissingAction,
    /// Opening: a decision the rule does not expect there (or after the opening).
    UnexpectedAction,
    /// Opening: a declared number of fifth moves outside the rule's range.
    DeclareOutOfRange,
    /// Opening: an offer with another number of points than the rule asks for.
    OfferCount,
    /// Opening: the same point offered twice.
    OfferRepeated,
    /// Opening: two offered points that a symmetry keeping the four stones maps onto each other.
    OfferSymmetric,
}

/// The first move (or action) of a record that cannot stand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RecordError {
    /// 0-based index in `moves` of the first move that cannot be played; absent when the fault is an action.
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    pub move_index: Option<usize>,
    /// With an `opening`: 0-based index in `opening.actions` of the faulty action; absent when the fault is a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<usize>,
    /// Why it cannot stand.
    pub reason: RecordFault,
    /// With an `opening`: the fault in words, naming the rule broken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
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
    /// With an `opening`: who holds black after the swaps so far, the `first` player (who placed the first stone) or the `second`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_player: Option<Seat>,
    /// With an `opening`: the canonical opening of the first three stones, once they stand and form one of the 26.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningName>,
    /// With an `opening`: who acts next and what the rule expects (on an error: what it expected instead); absent once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<Next>,
}

/// One of the 26 canonical renju openings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OpeningName {
    /// `D1`..`D13` (direct: white's first stone beside h8) or `I1`..`I13` (indirect: diagonal).
    pub code: String,
    /// Its Japanese name, e.g. `Kagetsu`.
    pub name: String,
}

/// Who acts next in a refereed game, and what the opening rule expects of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Next {
    /// The player who acts: `first` or `second`.
    pub player: Seat,
    /// What they must do.
    #[serde(flatten)]
    pub expects: Expects,
}

/// What the opening rule expects next (`expects`), with what the step needs to know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "expects", rename_all = "snake_case")]
pub enum Expects {
    /// A stone in `moves`: of colour `stone`, in `area`; `pass` says whether `"pass"` may stand for it (only after the opening).
    Move {
        stone: Color,
        area: Area,
        pass: bool,
    },
    /// Move 5: the player with white takes one of black's `offers` by playing it in `moves`.
    Choose { offers: Vec<String> },
    /// An action: `"swap"` (the players exchange colours) or `"stay"`.
    Swap,
    /// An action (swap2): `"stay"`, `"swap"` or `{"more": 2}` (two more stones, white then black, then the first player chooses colours).
    SwapOrMore,
    /// An action (taraguchi after move 4): `"swap"`/`"stay"` (then move 5 in the central 9x9 square) or `{"offer": [...]}` of `count` fifth moves anywhere.
    SwapOrOffer { count: u32 },
    /// An action: `{"declare": N}` with `min` <= N <= `max`.
    Declare { min: u32, max: u32 },
    /// An action: `{"offer": [...]}` of exactly `count` distinct empty points, no two symmetric.
    Offer { count: u32 },
}

/// Which threats the attacker may make.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum MateKind {
    /// Victory by continuous fours: every attacker move makes a four.
    #[default]
    Vcf,
    /// Victory by continuous threats: every attacker move makes a four or a three (or blocks
    /// a counter-four while a three stands).
    Vct,
}

/// What counts as a threat in a VCT, besides a four.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Threats {
    /// A three: a move after which the attacker has a win-in-two it did not have before (a
    /// four the defender cannot stop: two five points, or one that black may not take).
    #[default]
    Threes,
    /// Any move after which the attacker, were it to move again, would win by VCF within
    /// the depth left: threes, and quiet moves that prepare a longer VCF (the definition of
    /// the quintet solver).
    Vcf,
}

position_input! {
    /// Input of `renju mate`.
    #[derive(Default)]
    pub struct MateInput {
        moves: "A game record: `\"h8\"`, `[7, 7]` or `\"pass\"`, black first.",
        to_move: "Side to move for a board (default: read from the stone counts); it is the attacker.",
        /// `vcf` (default) or `vct`.
        #[serde(default)]
        pub kind: MateKind,
        /// Most attacker moves, counting the five (1..=113; default 113 for VCF, 7 for VCT).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 113))]
        pub max_depth: Option<u32>,
        /// For `vct`: what counts as a threat besides a four, `threes` (default) or `vcf` (also
        /// any quiet move after which the attacker would have a VCF within the depth left).
        #[serde(default)]
        pub threats: Threats,
        /// List every winning first move (`first_moves`), not only the shortest line.
        #[serde(default)]
        pub all_first_moves: bool,
        /// Give the proof tree of a win (`proof`): every defence with the answer to it.
        #[serde(default)]
        pub proof: bool,
        /// Stop after this many milliseconds with `"status": "timeout"` (default 60000; `null`
        /// for no limit).
        #[serde(
            default,
            deserialize_with = "puzzles_common::limits::timeout_ms",
            skip_serializing_if = "Option::is_none"
        )]
        pub timeout_ms: Option<u64>,
    }
}

/// How the search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MateStatus {
    /// The attacker wins; `line` is a shortest win.
    Win,
    /// No win of this kind within `max_depth` attacker moves (proved).
    NoWin,
    /// `timeout_ms` passed first.
    Timeout,
}

/// How a line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MateEnd {
    /// The last move of the line is the attacker's five.
    Five,
    /// The last move is white's four whose one five point is forbidden for black: black cannot
    /// block, and white's five follows whatever black plays.
    ForbiddenBlock,
}

/// Work done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MateStats {
    /// Positions searched.
    pub nodes: u64,
    /// Wall-clock time of the search, in milliseconds.
    pub elapsed_ms: f64,
}

/// Verdict of `renju mate`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MateVerdict {
    /// `win` (a winning line was found), `no_win` (proved: none within `max_depth`) or
    /// `timeout` (the time limit ran out first).
    pub status: MateStatus,
    /// The side to move, who attacks.
    pub attacker: Color,
    /// Attacker moves of the shortest win, counting the five (null unless `win`).
    pub depth: Option<u32>,
    /// A shortest winning line: attacker first, then defender and attacker alternately; each
    /// defender move is forced by a four, or (VCT) one defence of a three.
    pub line: Vec<String>,
    /// How the line ends (null unless `win`).
    pub end: Option<MateEnd>,
    /// With `all_first_moves`: every first move that wins within `max_depth`, by column then
    /// row (null otherwise, and on timeout).
    pub first_moves: Option<Vec<String>>,
    /// With `proof` and a win: the proof tree. Its root is the line's first move; each
    /// node's `defences` answer every defender reply that does not lose at once, and any
    /// other reply either leaves the attacker a five or loses to one of its `otherwise` lines
    /// of fours. `verify_proof` in the library checks one with the rules alone.
    pub proof: Option<ProofNode>,
    /// How much the search did: positions searched and time taken.
    pub stats: MateStats,
}

/// A proof tree of `renju mate`, from an attacker move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ProofNode {
    /// The attacker's move.
    #[serde(rename = "move")]
    pub attack: String,
    /// The defender's replies that need an answer, each with the proof that wins against it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defences: Vec<ProofDefence>,
    /// Lines of fours (attacker first, each defender move the forced block, ending with a
    /// four the defender cannot stop); any reply not in `defences` either leaves the attacker
    /// a five or loses to one of these lines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub otherwise: Vec<Vec<String>>,
}

/// One reply of the defender in a proof tree, and the winning answer to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ProofDefence {
    /// The defender's reply.
    #[serde(rename = "move")]
    pub reply: String,
    /// The attacker's answer and what follows.
    pub answer: ProofNode,
}
