//! Exact rule engine for nonogram. Plain Rust API: no I/O, no printing; the `puzzles` CLI owns those.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod board;
pub mod classic;
pub mod feedback;
pub mod formats;
pub mod hint;
pub mod line;
pub mod linesolver;
pub mod puzzle;
mod sat;
pub mod solver;

pub use board::{CheckInput, CheckVerdict, CluesInput, CluesVerdict, check, clues};
pub use feedback::{LineInput, LineVerdict, Mode, line};

/// A fault in a command's input: `path` is a JSON pointer into the input (`""` for the whole
/// input, `/rows/3/1` for one clue), `message` one sentence naming the fault. The type all
/// the game crates share (from `puzzles-common`).
pub use puzzles_common::InputError;
