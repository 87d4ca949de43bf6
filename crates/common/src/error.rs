//! The one error type of the game crates: a fault in the caller's input, located by a JSON
//! pointer.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A value in a command's input that the rules cannot accept.
///
/// `path` is a JSON pointer into the command's input (`/history/2/guess`, `/rows/3/1`, `""`
/// for the input as a whole) so that scripts can point at the offending field; `message` is
/// one sentence that names the fault and, where it helps, what would be accepted instead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct InputError {
    /// JSON pointer to the faulty value.
    pub path: String,
    /// One clear sentence naming the fault.
    pub message: String,
}

impl InputError {
    /// An error at `path` (a JSON pointer) with `message`.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_the_path_when_there_is_one() {
        assert_eq!(InputError::new("/a/0", "bad").to_string(), "/a/0: bad");
        assert_eq!(InputError::new("", "bad").to_string(), "bad");
    }
}
