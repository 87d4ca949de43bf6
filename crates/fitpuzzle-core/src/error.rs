//! The one error type of this crate: a fault in the caller's input, located by a JSON pointer.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A fault in a command's input: `path` is a JSON pointer into the input (`""` for the whole
/// input, `/game_board/3/1` for one cell), `message` one sentence naming the fault.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct InputError {
    pub path: String,
    pub message: String,
}

impl InputError {
    pub(crate) fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
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
