//! Command-line arguments. `batch` and `schema` are clap derives; the game commands are built
//! from the registry, so a game adds a command in one place (`games/<game>.rs`).

use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand};

use crate::registry::{self, GAMES, Kind};

#[derive(Debug, Parser)]
#[command(
    name = "puzzles",
    version,
    about = "Exact rule engines for nonogram, fitpuzzle, blockdoku, baseball and renju, with JSON verdicts.",
    after_help = "Exit codes: 0 a verdict was produced (or every batch case passed), 1 a batch expectation failed, 2 usage or input error.",
    subcommand_required = true,
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Tool,
}

#[derive(Debug, Subcommand)]
pub enum Tool {
    /// Run the cases of fixture files and folders (*.json, *.jsonl), one JSON line per case.
    Batch(BatchArgs),
    /// Print the JSON Schema of commands' inputs and verdicts.
    Schema(SchemaArgs),
}

#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Case files and folders (searched recursively for *.json and *.jsonl, sorted).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Number of cases run at once (default: one per core).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Run only the K-th of N disjoint slices of the cases (1 <= K <= N), e.g. `--shard 2/4`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
}

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Only this game's commands.
    pub game: Option<String>,
    /// Only this command.
    pub command: Option<String>,
    /// Indent the JSON.
    #[arg(long)]
    pub pretty: bool,
}

/// Flags shared by every JSON game command.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Input file; `-` or nothing reads stdin.
    #[arg(value_name = "INPUT")]
    pub input: Option<PathBuf>,
    /// Indent the JSON verdict.
    #[arg(long)]
    pub pretty: bool,
    /// Time limit in milliseconds for long work (fills in the input's `timeout_ms`).
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,
    /// Input format, for commands that read more than JSON (default: by file extension).
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
}

fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let (k, n) = text.split_once('/').ok_or("expected K/N, e.g. 1/4")?;
    let k: usize = k
        .trim()
        .parse()
        .map_err(|_| format!("K in {text:?} is not a number"))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("N in {text:?} is not a number"))?;
    if n == 0 || k == 0 || k > n {
        return Err(format!("shard {k}/{n} is not in 1/N ..= N/N"));
    }
    Ok((k, n))
}

/// The whole command line: the derived tools plus one subcommand per game from the registry.
pub fn command() -> clap::Command {
    let mut cli = Cli::command();
    for game in GAMES {
        let mut sub = clap::Command::new(game)
            .about(format!("{game} commands"))
            .subcommand_required(true)
            .arg_required_else_help(true);
        for cmd in registry::commands().iter().filter(|c| c.game == game) {
            let leaf = clap::Command::new(cmd.name);
            // The help line goes on last: augmenting with an Args struct sets its doc comment.
            let leaf = match &cmd.kind {
                Kind::Json(_) => RunArgs::augment_args(leaf),
                Kind::Interactive(interactive) => (interactive.args)(leaf),
            }
            .about(cmd.about);
            sub = sub.subcommand(leaf);
        }
        cli = cli.subcommand(sub);
    }
    cli
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn shards_are_checked() {
        assert_eq!(parse_shard("2/4"), Ok((2, 4)));
        assert!(parse_shard("0/4").is_err());
        assert!(parse_shard("5/4").is_err());
        assert!(parse_shard("1/0").is_err());
        assert!(parse_shard("a/4").is_err());
        assert!(parse_shard("14").is_err());
    }
}
