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
    ),
    json(
        "baseball",
        "solve",
        "Candidates left by a history of answers, and the next guess by a strategy",
        baseball_core::solve,
    ),
    json(
        "baseball",
        "simulate",
        "Play a strategy against every possible secret: total, average, worst, histogram",
        baseball_core::simulate,
    )]
}
