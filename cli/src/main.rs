//! `puzzles`: the command-line program over the five game engines. This file only wires
//! arguments to the modules that do the work.

mod args;
mod batch;
mod completions;
mod error;
mod exit;
mod expect;
mod files;
mod games;
mod output;
mod panic;
mod registry;
mod repeated_keys;
mod run;
mod schema;
mod source;
mod usage;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;

use clap::FromArgMatches;

use crate::exit::ExitStatus;

fn main() -> ExitCode {
    panic::install_quiet_hook();
    let status = catch_unwind(AssertUnwindSafe(dispatch))
        .unwrap_or_else(|payload| exit::internal(&panic::internal_message(&*payload)));
    status.into()
}

fn dispatch() -> ExitStatus {
    let matches = match args::matches() {
        Ok(matches) => matches,
        Err(err) => return usage::report(&err),
    };
    match matches.subcommand() {
        Some((game, game_matches)) if games::GAMES.contains(&game) => {
            match game_matches.subcommand() {
                Some((name, leaf)) => match games::find(game, name) {
                    Some(command) => run::run(command, leaf),
                    None => exit::internal(&format!(
                        "the command line names `{game} {name}`, which is not registered"
                    )),
                },
                None => exit::internal(&format!(
                    "the command line accepted `{game}` without a command"
                )),
            }
        }
        _ => match args::Cli::from_arg_matches(&matches) {
            Ok(cli) => match cli.command {
                args::Tool::Batch(batch) => batch::run(&batch),
                args::Tool::Schema(schema) => schema::run(&schema),
                args::Tool::Completions(shell) => completions::completions(&shell),
                args::Tool::Man(man) => completions::man(&man),
            },
            Err(err) => usage::report(&err),
        },
    }
}
