//! Exact rule engine for blockdoku. Plain Rust API: no I/O, no printing; the `puzzles` CLI owns those.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod commands;
pub mod engine;
pub mod error;
pub mod geometry;
pub mod piece;
pub mod rules;
pub mod selfplay;

pub use commands::{
    BestInput, BestMove, BestVerdict, ClearInput, ClearVerdict, Cleared, FitsInput, FitsVerdict,
    GameResult, MoveInput, MoveVerdict, PieceFit, PlaceInput, PlaceVerdict, PlayInput, PlayVerdict,
    SelfplayInput, SelfplayStatus, SelfplayVerdict, best, clear, fits, place, play, selfplay,
};
pub use error::InputError;
pub use rules::{IllegalReason, Scoring};
pub use selfplay::Ending;
