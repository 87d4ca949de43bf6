//! Exact rule engine for blockdoku. Plain Rust API: no I/O, no printing; the `puzzles` CLI
//! owns those.
//!
//! Commands (one input type, one verdict type and one function each, see [`commands`]):
//! [`clear`], [`place`], [`fits`], [`play`], [`best`], [`selfplay`](fn@selfplay).
//!
//! - Boards are `u128` bitboards ([`geometry`]): 9x9 with 3x3 boxes by default, any side up to
//!   11 with `size`, `box: 0` for no box clears (8x8 Block Blast, 10x10 1010!).
//! - Pieces ([`piece`]) are text rows of `#` and `.` with no empty border row or column and
//!   8-connected cells (diagonal pieces are legal, `["#.#"]` is not); the default set holds
//!   the 47 fixed shapes of Blockudoku-style games.
//! - [`outcome`]: `place` and `clear` worked out as bitboards, for callers that draw them.
//! - Scoring ([`rules`]): `classic` (10 per cleared cell) or `combo`.
//! - The engine ([`engine`]) searches every order and placement of a tray, scores the boards
//!   by the evaluation ([`eval`]) and compares its best few by a one-piece lookahead;
//!   [`selfplay`](mod@selfplay) deals trays with SplitMix64 so a seed means the same games forever.
//!
//! ```
//! use blockdoku_core::{PlaceInput, Scoring, place};
//!
//! // A vertical domino at row 0, column 8 completes the top row: 9 cells, 10 points each.
//! let mut board = vec![".........".to_string(); 9];
//! board[0] = "########.".into();
//! let verdict = place(PlaceInput {
//!     board,
//!     piece: vec!["#".into(), "#".into()],
//!     at: [0, 8],
//!     scoring: Scoring::Classic,
//!     streak: false,
//!     size: 9,
//!     box_size: None,
//! })?;
//! assert!(verdict.legal);
//! assert_eq!(verdict.points, 90);
//! assert_eq!(verdict.cleared.rows, vec![0]);
//! assert_eq!(verdict.board[1], "........#");
//! # Ok::<(), blockdoku_core::InputError>(())
//! ```
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod clear_ways;
pub mod commands;
pub mod engine;
pub mod error;
pub mod eval;
pub mod geometry;
mod input;
pub mod outcome;
pub mod piece;
pub mod rules;
pub mod selfplay;

pub use commands::{
    BestInput, BestMove, BestVerdict, ClearInput, ClearVerdict, Cleared, FitsInput, FitsVerdict,
    GameResult, MoveInput, MoveVerdict, PieceFit, PlaceInput, PlaceVerdict, PlayInput, PlayVerdict,
    SelfplayInput, SelfplayStatus, SelfplayVerdict, best, clear, fits, place, play, selfplay,
};
pub use error::InputError;
pub use outcome::{ClearOutcome, PlaceOutcome, clear_outcome, place_outcome};
pub use rules::{IllegalReason, Scoring};
pub use selfplay::Ending;

/// The crate README's examples, compiled and run as doc tests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
