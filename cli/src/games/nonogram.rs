//! `puzzles nonogram ...`: player feedback per line and board, clues from a picture.

use crate::error::CaseError;
use crate::registry::{Command, json};

impl From<nonogram_core::InputError> for CaseError {
    fn from(err: nonogram_core::InputError) -> Self {
        CaseError::invalid(err.path, err.message)
    }
}

pub fn commands() -> Vec<Command> {
    vec![
        json(
            "nonogram",
            "line",
            "Which clues of one line are matched (classic block scan or strict logic)",
            nonogram_core::line,
        ),
        json(
            "nonogram",
            "check",
            "A whole board against its row and column clues: per-line feedback and solved",
            nonogram_core::check,
        ),
        json(
            "nonogram",
            "clues",
            "Row and column clues of a #/. picture",
            nonogram_core::clues,
        ),
    ]
}
