//! Exact rule engine for renju (RIF rules on 15x15), plus the `gomoku` (exactly five) and
//! `freestyle` (five or more) variants: forbidden points, wins and game records, the library
//! behind `puzzles renju`. Plain Rust API: no I/O, no printing; the `puzzles` CLI owns those.
//!
//! - [`board`]: the board with per-line bit masks, O(1) place/remove.
//! - `pattern` (internal): a 3^10-entry table of what a black stone does along one line.
//! - [`rules`]: the exact recursive forbidden-move test and the whole-board forbidden map.
//! - [`game`]: replaying records (turns, passes, wins, fouls, draws).
//! - [`commands`]: the contract's `check`, `move`, `validate`.
//! - `position` (internal): the game a `check`/`move`/`mate` input reaches (a record or a board).
//! - `contract` (internal, re-exported by [`commands`]): the input and verdict types.
//! - [`checked`]: the position behind `check` in engine terms (stones, forbidden points).
//! - [`opening`]: the opening rules (RIF, Yamaguchi, Soosõrv-N, Taraguchi-N, swap2, pro,
//!   long pro) as a referee of `moves` and `actions`; `refereed` (internal) spells its
//!   findings as `validate`'s and `move`'s verdict fields.
//! - [`mate`](mod@mate): `renju mate`, VCF and VCT solving (threat-space search, df-pn) and a
//!   verifier of mate lines.
//! - [`sample`]: seeded realistic middle-game positions (benches, tests).
//!
//! ```
//! use renju_core::rules::{Foul, Rule};
//! use renju_core::{CheckInput, MoveSpec, check};
//!
//! // Black g8, h8 (a row) and i9, i10 (a column), white far away: i8 would make two open
//! // threes at once, a double-three, forbidden for black under the RIF rules.
//! let moves = ["h8", "a1", "g8", "a2", "i9", "o1", "i10", "o15"];
//! let verdict = check(CheckInput {
//!     moves: Some(moves.iter().map(|m| MoveSpec::Text((*m).into())).collect()),
//!     board: None,
//!     to_move: None,
//!     rule: Rule::Renju,
//! })?;
//! assert_eq!(verdict.forbidden.len(), 1);
//! assert_eq!(verdict.forbidden[0].at, "i8");
//! assert_eq!(verdict.forbidden[0].reason, Foul::DoubleThree);
//! # Ok::<(), renju_core::InputError>(())
//! ```
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod board;
pub mod checked;
pub mod commands;
mod contract;
pub mod error;
pub mod game;
pub mod mate;
pub mod notation;
pub mod opening;
mod pattern;
mod position;
mod refereed;
pub mod rules;
pub mod sample;

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

pub use board::{Board, Color, Point};
pub use checked::{CheckedPosition, Stone, check_position};
pub use commands::{
    CheckInput, CheckVerdict, MoveInput, MoveVerdict, ValidateInput, ValidateVerdict, check,
    r#move, validate,
};
pub use error::InputError;
pub use mate::{MateInput, MateVerdict, mate};
pub use notation::{MoveSpec, MoveSpecError, to_notation};
pub use rules::{
    BlackMove, Forbidden, Foul, Rule, classify_black, forbidden_map, forbidden_points,
};

/// `renju move` under a name that needs no raw identifier.
pub use commands::r#move as play_move;
