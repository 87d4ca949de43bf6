//! `puzzles baseball ...`: number baseball / bulls and cows.

use crate::error::CaseError;
use crate::registry::{Command, json};

impl From<baseball_core::InputError> for CaseError {
    fn from(err: baseball_core::InputError) -> Self {
        CaseError::invalid(err.path, err.message)
    }
}

pub fn commands() -> Vec<Command> {
    vec![json(
        "baseball",
        "judge",
        "Strikes and balls of a guess against a secret",
        baseball_core::judge,
    )]
}
