//! One game command on one input: read, parse, run, print the verdict or the error.

use std::io::{self, Read, Write};

use std::path::Path;

use clap::{ArgMatches, FromArgMatches};
use serde_json::Value;

use crate::args::RunArgs;
use crate::error::{CaseError, ErrorDocument, ErrorKind};
use crate::exit::ExitStatus;
use crate::output::{is_broken_pipe, write_json};
use crate::registry::{Command, JsonCommand, Kind};
use crate::source::Source;

pub fn run(command: &Command, matches: &ArgMatches) -> ExitStatus {
    match &command.kind {
        Kind::Json(json) => match RunArgs::from_arg_matches(matches) {
            Ok(args) => run_json(json, &args),
            Err(err) => err.exit(),
        },
        Kind::Interactive(interactive) => {
            let stdin = io::stdin();
            let stdout = io::stdout();
            match (interactive.run)(matches, &mut stdin.lock(), &mut stdout.lock()) {
                Ok(status) => status,
                Err(err) if err.kind == ErrorKind::Io && err.message == CLOSED_OUTPUT => {
                    ExitStatus::Success
                }
                Err(err) => {
                    eprintln!(
                        "puzzles: {}",
                        err.sentence(&format!("{} {}", command.game, command.name))
                    );
                    ExitStatus::Error
                }
            }
        }
    }
}

fn run_json(command: &JsonCommand, args: &RunArgs) -> ExitStatus {
    let name = input_name(args.input.as_deref());
    let result = read_input(args.input.as_deref()).and_then(|text| evaluate(command, args, &text));
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let (written, status) = match &result {
        Ok(verdict) => (writeln!(out, "{verdict}"), ExitStatus::Success),
        Err(err) => {
            eprintln!("puzzles: {}", err.sentence(&name));
            (
                write_json(&mut out, &ErrorDocument { error: err }, args.pretty),
                ExitStatus::Error,
            )
        }
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => status,
        Err(err) if is_broken_pipe(&err) => status,
        Err(err) => {
            eprintln!("puzzles: cannot write the verdict: {err}");
            ExitStatus::Error
        }
    }
}

/// Parses `text` in the chosen format and runs the command on it; the verdict as JSON text.
fn evaluate(command: &JsonCommand, args: &RunArgs, text: &str) -> Result<String, CaseError> {
    let format = match &args.format {
        Some(name) => Some(name.as_str()),
        None => args
            .input
            .as_deref()
            .and_then(|p| p.extension())
            .and_then(|e| e.to_str()),
    };
    let text_format = match format {
        None | Some("json") => None,
        Some(name) => match command.formats.iter().find(|f| f.name == name) {
            Some(found) => Some(found),
            // An unknown extension is read as JSON; an explicit unknown --format is an error.
            None if args.format.is_none() => None,
            None => {
                let known: Vec<&str> = std::iter::once("json")
                    .chain(command.formats.iter().map(|f| f.name))
                    .collect();
                return Err(CaseError::new(
                    ErrorKind::Syntax,
                    format!(
                        "unknown format {name:?}; this command reads {}",
                        known.join(", ")
                    ),
                ));
            }
        },
    };
    let source = match (text_format, args.timeout) {
        (Some(format), timeout) => {
            Source::Value(with_timeout(command, (format.parse)(text)?, timeout))
        }
        (None, Some(timeout)) => {
            let value: Value = Source::text(text).parse()?;
            Source::Edited {
                value: with_timeout(command, value, Some(timeout)),
                text,
            }
        }
        (None, None) => Source::text(text),
    };
    command.run(source, args.pretty)
}

/// `--timeout` overrides the input's `timeout_ms` for commands that have one.
fn with_timeout(command: &JsonCommand, mut input: Value, timeout: Option<u64>) -> Value {
    if let (Some(ms), Some(object)) = (timeout, input.as_object_mut()) {
        if command.takes_timeout() {
            object.insert("timeout_ms".into(), ms.into());
        }
    }
    input
}

fn read_input(path: Option<&Path>) -> Result<String, CaseError> {
    let mut text = String::new();
    let read = match path {
        None => io::stdin().read_to_string(&mut text).map(|_| ()),
        Some(p) if p == Path::new("-") => io::stdin().read_to_string(&mut text).map(|_| ()),
        Some(p) => std::fs::read_to_string(p).map(|t| text = t),
    };
    read.map(|()| text)
        .map_err(|e| CaseError::new(ErrorKind::Io, format!("cannot read the input: {e}")))
}

fn input_name(path: Option<&Path>) -> String {
    match path {
        None => "<stdin>".into(),
        Some(p) if p == Path::new("-") => "<stdin>".into(),
        Some(p) => p.display().to_string(),
    }
}

const CLOSED_OUTPUT: &str = "the output was closed";

/// The error for a failed read or write in an interactive command; a closed output ends the
/// command quietly (exit 0), like a closed pipe everywhere else.
pub fn io_error(err: io::Error) -> CaseError {
    let message = if is_broken_pipe(&err) {
        CLOSED_OUTPUT.to_string()
    } else {
        err.to_string()
    };
    CaseError::new(ErrorKind::Io, message)
}
