//! Exact rule engine for nonogram. Plain Rust API: no I/O, no printing; the `puzzles` CLI owns those.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod board;
pub mod classic;
pub mod feedback;
pub mod formats;
pub mod hint;
pub mod line;
pub mod linesolver;
mod sat;
pub mod solver;

pub use board::{CheckInput, CheckVerdict, CluesInput, CluesVerdict, check, clues};
pub use feedback::{LineInput, LineVerdict, Mode, line};

use serde::{Deserialize, Serialize};
use std::fmt;

/// A fault in a command's input: `path` is a JSON pointer into the input (`""` for the whole
/// input, `/rows/3/1` for one clue), `message` one sentence naming the fault.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct InputError {
    pub path: String,
    pub message: String,
}

impl InputError {
    /// An error at `path` (a JSON pointer) with a one-sentence message.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for InputError {}
