//! The one error type of the crate: a bad value in a command's input.

use std::fmt;

/// A fault in a command's input, located by a JSON pointer into that input.
///
/// `path` is `""` when the input as a whole is at fault; `message` is one sentence that
/// names the fault and, where it helps, what would be accepted instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub path: String,
    pub message: String,
}

impl InputError {
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
