//! One file per game: the lines that register its commands.

mod baseball;
mod fitpuzzle;
mod nonogram;

use crate::registry::Command;

pub fn all() -> Vec<Command> {
    [
        nonogram::commands(),
        fitpuzzle::commands(),
        baseball::commands(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
