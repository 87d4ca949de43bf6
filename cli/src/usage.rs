//! A wrong command line is a usage error like any other input error: stdout gets the JSON
//! error object (kind `usage`), stderr one sentence, exit 2. Only `--help` and `--version`
//! print clap's text, to stdout, and exit 0: coloured only when stdout is a terminal and
//! `NO_COLOR` is not set (<https://no-color.org>), so `puzzles --help > help.txt` is plain text.

use std::io::{self, IsTerminal, Write};

use clap::error::ErrorKind as ClapKind;

use crate::error::{CaseError, ErrorKind};
use crate::exit::{self, ExitStatus};

/// Prints a clap error the `puzzles` way and says how the run ends.
pub fn report(err: &clap::Error) -> ExitStatus {
    match err.kind() {
        ClapKind::DisplayHelp | ClapKind::DisplayVersion => {
            // Help asked for is the answer; a closed pipe (`--help | head`) is fine.
            let text = err.render();
            let stdout = io::stdout();
            let mut out = stdout.lock();
            let written = if colour(out.is_terminal(), std::env::var_os("NO_COLOR")) {
                write!(out, "{}", text.ansi())
            } else {
                write!(out, "{text}")
            };
            let subject = if err.kind() == ClapKind::DisplayHelp {
                "help"
            } else {
                "version"
            };
            return exit::after_writing(written.and_then(|()| out.flush()), subject);
        }
        _ => {}
    }
    exit::fail(&CaseError::new(ErrorKind::Usage, message(err)), "", false)
}

/// Whether help text gets colour: on a terminal, unless `NO_COLOR` is set to anything but
/// the empty string.
fn colour(terminal: bool, no_color: Option<std::ffi::OsString>) -> bool {
    terminal && no_color.is_none_or(|v| v.is_empty())
}

/// One sentence from clap's report: its `error:` line, with its tip when it has one (`a
/// similar subcommand exists: 'judge'`), and where to look next.
fn message(err: &clap::Error) -> String {
    if err.kind() == ClapKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return missing_command();
    }
    let text = err.render().to_string();
    // The first paragraph is the fault (a list of missing arguments spans several lines).
    let fault: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let fault = fault.join(" ");
    let fault = fault.strip_prefix("error: ").unwrap_or(&fault);
    let fault = fault.strip_suffix(':').unwrap_or(fault);
    let mut sentence = fault.to_string();
    let mut lines = text.lines().map(str::trim);
    if let Some(tip) = lines.clone().find_map(|l| l.strip_prefix("tip: ")) {
        sentence.push_str(&format!(" ({tip})"));
    }
    match lines.find_map(|l| l.strip_prefix("Usage: ")) {
        Some(usage) => sentence.push_str(&format!("; usage: {usage}")),
        None => sentence.push_str("; see `puzzles --help`"),
    }
    sentence
}

/// `puzzles` alone, or a game without its command.
fn missing_command() -> String {
    let game = std::env::args()
        .nth(1)
        .filter(|g| crate::games::GAMES.contains(&g.as_str()));
    match game {
        Some(game) => {
            let names: Vec<&str> = crate::games::commands()
                .iter()
                .filter(|c| c.game == game)
                .map(|c| c.name)
                .collect();
            format!(
                "`puzzles {game}` needs a command, one of {}; see `puzzles {game} --help`",
                names.join(", ")
            )
        }
        None => format!(
            "no command given: `puzzles <game> <command> [INPUT]` with a game of {}, or `puzzles batch` / `schema` / `completions` / `man`; see `puzzles --help`",
            crate::games::GAMES.join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(colour(true, None));
        assert!(colour(true, Some("".into())));
        assert!(!colour(true, Some("1".into())));
        assert!(!colour(false, None));
    }
}
