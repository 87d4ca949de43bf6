//! One file per game: the lines that register its commands.

mod baseball;
mod nonogram;

use crate::registry::Command;

pub fn all() -> Vec<Command> {
    [nonogram::commands(), baseball::commands()].into_iter().flatten().collect()
}
