//! One file per game: the lines that register its commands.

mod baseball;
mod blockdoku;
mod fitpuzzle;
mod nonogram;
mod renju;

use crate::registry::Command;

pub fn all() -> Vec<Command> {
    let games = [
        nonogram::commands(),
        fitpuzzle::commands(),
        blockdoku::commands(),
        baseball::commands(),
        renju::commands(),
    ];
    games.into_iter().flatten().collect()
}
