//! Exact rule engine for nonogram. Plain Rust API: no I/O, no printing; the `puzzles` CLI owns those.
//!
//! ```
//! use nonogram_core::{LineInput, Mode, line};
//!
//! // The classic feedback of the design note: each clue is matched by a block of the line.
//! let verdict = line(LineInput {
//!     clues: vec![2.into(), 1.into()],
//!     line: "##x.#".into(),
//!     mode: Mode::Classic,
//!     palette: None,
//! })?;
//! assert_eq!(verdict.matched, vec![true, true]);
//! assert!(verdict.solved && !verdict.contradiction);
//!
//! // Three filled in a row cannot be a 2 and a 1.
//! let verdict = line(LineInput {
//!     clues: vec![2.into(), 1.into()],
//!     line: "###..".into(),
//!     mode: Mode::Classic,
//!     palette: None,
//! })?;
//! assert!(verdict.contradiction);
//! # Ok::<(), nonogram_core::InputError>(())
//! ```
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod board;
pub mod cells;
pub mod classic;
pub mod color_feedback;
pub mod colorline;
pub mod feedback;
pub mod formats;
pub mod hint;
pub mod linesolver;
pub mod palette;
pub mod puzzle;
mod sat;
pub mod solver;
#[cfg(test)]
mod test_rng;
mod verdict;

pub use board::{CheckInput, CheckVerdict, CluesInput, CluesVerdict, check, clues};
pub use feedback::{LineInput, LineVerdict, Mode, line};

/// A fault in a command's input: `path` is a JSON pointer into the input (`""` for the whole
/// input, `/rows/3/1` for one clue), `message` one sentence naming the fault. The type all
/// the game crates share (from `puzzles-common`).
pub use puzzles_common::InputError;
