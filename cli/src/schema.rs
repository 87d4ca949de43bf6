//! `puzzles schema`: the JSON Schema of each command's input and verdict, generated from the
//! same Rust types the commands use, so the published contract cannot drift from the code.

use std::io::{self, Write};

use serde_json::{Map, Value, json};

use crate::args::SchemaArgs;
use crate::error::{CaseError, ErrorDocument, ErrorKind};
use crate::exit::ExitStatus;
use crate::output::{is_broken_pipe, stderr_line, write_json};
use crate::registry::{self, GAMES};

pub fn run(args: &SchemaArgs) -> ExitStatus {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let (value, status) = match schemas(args.game.as_deref(), args.command.as_deref()) {
        Ok(value) => (value, ExitStatus::Success),
        Err(err) => {
            stderr_line(&format!("puzzles: {}", err.sentence("schema")));
            (json!(ErrorDocument { error: &err }), ExitStatus::Error)
        }
    };
    match write_json(&mut out, &value, args.pretty).and_then(|()| out.flush()) {
        Err(err) if !is_broken_pipe(&err) => ExitStatus::Error,
        _ => status,
    }
}

/// `{game: {command: {"input": schema, "verdict": schema}}}`, or one game's map, or one
/// command's `{"input", "verdict"}`.
pub fn schemas(game: Option<&str>, command: Option<&str>) -> Result<Value, CaseError> {
    if let Some(game) = game.filter(|g| !GAMES.contains(g)) {
        let message = format!("unknown game {game:?}; the games are {}", GAMES.join(", "));
        return Err(CaseError::new(ErrorKind::Usage, message));
    }
    let mut games = Map::new();
    for name in GAMES.iter().filter(|g| game.is_none_or(|want| want == **g)) {
        let mut commands = Map::new();
        for cmd in registry::commands().iter().filter(|c| c.game == *name) {
            if command.is_some_and(|want| want != cmd.name) {
                continue;
            }
            if let Some(json) = cmd.as_json() {
                let both = json!({"input": json.input_schema(), "verdict": json.verdict_schema()});
                commands.insert(cmd.name.to_string(), both);
            }
        }
        games.insert(name.to_string(), Value::Object(commands));
    }
    match (game, command) {
        (Some(game), Some(command)) => games[game].get(command).cloned().ok_or_else(|| {
            CaseError::new(
                ErrorKind::Usage,
                format!("{game} has no JSON command {command:?}"),
            )
        }),
        (Some(game), None) => Ok(games[game].clone()),
        _ => Ok(Value::Object(games)),
    }
}
