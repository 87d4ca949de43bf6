//! One file per game: the lines that register its commands.

mod baseball;

use crate::registry::Command;

pub fn all() -> Vec<Command> {
    [baseball::commands()].into_iter().flatten().collect()
}
