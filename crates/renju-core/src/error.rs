//! The one error type of this crate: a fault in the caller's input, located by a JSON pointer.

use std::fmt;

/// A value in a command's input that the rules cannot accept (malformed notation, a board of
/// the wrong size, stone counts no game can reach, ...). An illegal move inside a record is not
/// an input error for `validate`: it is that command's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// JSON pointer to the faulty value (`/moves/3`, `/board/0`, `""` for the whole input).
    pub path: String,
    /// One clear sentence naming the fault.
    pub message: String,
}

impl InputError {
    /// An error at `path` with `message`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        InputError {
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
