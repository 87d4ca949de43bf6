//! Every command of every game: one file per game holds the lines that register its
//! commands, and this table is what single runs, `batch`, `schema` and the help read.

mod baseball;
mod blockdoku;
mod fitpuzzle;
mod nonogram;
mod renju;

use std::sync::OnceLock;

use crate::registry::Command;

/// The game names, in the order `--help` lists them.
pub const GAMES: [&str; 5] = ["nonogram", "fitpuzzle", "blockdoku", "baseball", "renju"];

/// Every command of every game, built once.
pub fn commands() -> &'static [Command] {
    static COMMANDS: OnceLock<Vec<Command>> = OnceLock::new();
    COMMANDS.get_or_init(|| {
        let games = [
            nonogram::commands(),
            fitpuzzle::commands(),
            blockdoku::commands(),
            baseball::commands(),
            renju::commands(),
        ];
        games.into_iter().flatten().collect()
    })
}

/// The command `puzzles GAME NAME`, if there is one.
pub fn find(game: &str, name: &str) -> Option<&'static Command> {
    commands().iter().find(|c| c.game == game && c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_commands_and_names_are_unique() {
        for game in GAMES {
            assert!(
                commands().iter().any(|c| c.game == game),
                "{game} has no command"
            );
        }
        let mut names: Vec<(&str, &str)> = commands().iter().map(|c| (c.game, c.name)).collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before, "a command is registered twice");
    }
}
