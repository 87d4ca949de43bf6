//! One game command on one input: read, parse, run, print the verdict or the error.

use std::io::{self, Write};

use std::path::Path;
use std::time::Instant;

use clap::ArgMatches;
use puzzles_common::limits::DEFAULT_TIMEOUT_MS;
use serde_json::Value;

use crate::args::RunArgs;
use crate::error::{CaseError, ErrorKind};
use crate::exit::{ExitStatus, after_writing, fail};
use crate::files;
use crate::registry::{Command, JsonCommand, Kind, Stopped, TextFormat};
use crate::source::{Source, member, position, timeout_value};

pub fn run(command: &Command, matches: &ArgMatches) -> ExitStatus {
    match &command.kind {
        Kind::Json(json) => {
            let words = format!("{} {}", command.game, command.name);
            run_json(json, &RunArgs::from_matches(matches), &words)
        }
        Kind::Interactive(interactive) => {
            let stdin = io::stdin();
            let stdout = io::stdout();
            match (interactive.run)(matches, &mut stdin.lock(), &mut stdout.lock()) {
                Ok(status) => status,
                Err(Stopped::OutputClosed) => ExitStatus::Success,
                Err(Stopped::Error(err)) => {
                    fail(&err, &format!("{} {}", command.game, command.name), false)
                }
            }
        }
    }
}

fn run_json(command: &JsonCommand, args: &RunArgs, words: &str) -> ExitStatus {
    let started = Instant::now();
    let deadline = files::deadline(started, reading_limit(command, args));
    let name = input_name(args.input.as_deref());
    let result = read_input(args.input.as_deref(), deadline).and_then(|bytes| {
        evaluate(command, args, &bytes, started)
            .map_err(|err| case_given_to_command(err, &bytes, &name, words))
    });
    let verdict = match result {
        Ok(verdict) => verdict,
        Err(err) => return fail(&err, &name, args.pretty),
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    after_writing(writeln!(out, "{verdict}").and_then(|()| out.flush()), words)
}

/// A game command given a whole batch case (`puzzles renju check case.json`) refuses the
/// `game` key; the error then says what the file is and the commands that run it.
fn case_given_to_command(err: CaseError, bytes: &[u8], input: &str, words: &str) -> CaseError {
    let Ok(text) = std::str::from_utf8(bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes)) else {
        return err;
    };
    let is_case = ["game", "command", "input"]
        .iter()
        .all(|key| member(text, key).is_some());
    if !is_case || err.kind == ErrorKind::Internal {
        return err;
    }
    // The commands go unquoted at the end of the sentence: messages cut long quotes.
    let file = if input == "<stdin>" { "FILE" } else { input };
    let message = format!(
        "{input} is a batch case (it has \"game\", \"command\" and \"input\"), not the input of {words}; run it with: puzzles batch {file} (or give the command its input alone: jq .input {file} | puzzles {words})"
    );
    CaseError::new(ErrorKind::Shape, message).at("")
}

/// How long reading the input may take: the time limit of a command that has one
/// (`--timeout`, else the default; `--timeout 0` is none), so a slow stdin cannot outlast
/// it; no limit for the other commands, whose reading the size cap bounds.
fn reading_limit(command: &JsonCommand, args: &RunArgs) -> Option<u64> {
    if !command.takes_timeout() {
        return None;
    }
    Some(args.timeout.unwrap_or(DEFAULT_TIMEOUT_MS)).filter(|&ms| ms > 0)
}

/// Parses the input in its format and runs the command on it; the verdict as JSON text.
/// `started` is when reading the input began: for a `.non` or XML file the time limit
/// counts from there, as reading and parsing a large file is part of the work it bounds.
pub fn evaluate(
    command: &JsonCommand,
    args: &RunArgs,
    bytes: &[u8],
    started: Instant,
) -> Result<String, CaseError> {
    let timeout = args.timeout.filter(|_| command.takes_timeout());
    match input_format(command, args, bytes)? {
        Some(format) => {
            let mut input = (format.parse)(&nonogram_core::formats::decode_text(bytes))?;
            if command.takes_timeout()
                && let Some(object) = input.as_object_mut()
            {
                let limit = match timeout {
                    None => Value::from(DEFAULT_TIMEOUT_MS),
                    Some(ms) => timeout_value(ms),
                };
                let spent = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                let left = match limit.as_u64() {
                    Some(ms) => Value::from(ms.saturating_sub(spent)),
                    None => Value::Null,
                };
                object.insert("timeout_ms".into(), left);
            }
            command.run(Source::Value(input), args.pretty)
        }
        None => {
            let text = json_text(bytes)?;
            let source = Source::Text {
                text,
                origin: (1, 1),
                timeout,
            };
            command.run(source, args.pretty)
        }
    }
}

/// The text format to read, `None` for JSON: `--format`, else the file's extension, else
/// (stdin, or an extension the command does not know) the first character of the input: `{`
/// or `[` is JSON, `<` is XML, anything else is the command's line format (`.non`).
fn input_format(
    command: &JsonCommand,
    args: &RunArgs,
    bytes: &[u8],
) -> Result<Option<&'static TextFormat>, CaseError> {
    let by_name = |name: &str| command.formats.iter().find(|f| f.name == name);
    if let Some(name) = &args.format {
        return match name.as_str() {
            "json" => Ok(None),
            other => by_name(other).map(Some).ok_or_else(|| {
                CaseError::new(
                    ErrorKind::Usage,
                    format!("this command does not read {other:?}"),
                )
            }),
        };
    }
    let extension = args
        .input
        .as_deref()
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str());
    if let Some(extension) = extension {
        if extension == "json" {
            return Ok(None);
        }
        if let Some(format) = by_name(extension) {
            return Ok(Some(format));
        }
    }
    if command.formats.is_empty() {
        return Ok(None);
    }
    let text = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    let first = text.iter().find(|b| !b.is_ascii_whitespace());
    Ok(match first {
        None | Some(b'{' | b'[') => None,
        Some(b'<') => by_name("xml"),
        Some(_) => by_name("non").or_else(|| command.formats.first()),
    })
}

pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// JSON input is UTF-8 (a leading byte-order mark is skipped); a stray byte is a syntax
/// error at its line and column.
pub fn json_text(bytes: &[u8]) -> Result<&str, CaseError> {
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|err| {
        let valid = &bytes[..err.valid_up_to()];
        // Safe: `valid` is the longest valid prefix.
        let valid = std::str::from_utf8(valid).unwrap_or_default();
        let (line, column) = position(valid, valid.len());
        let byte = bytes[err.valid_up_to()];
        CaseError::new(
            ErrorKind::Syntax,
            format!("the input is not UTF-8 text: byte 0x{byte:02x} cannot start a character here"),
        )
        .at_line(line, Some(column))
    })
}

/// The input's bytes: a regular file, or stdin (`-` or no INPUT), at most
/// [`files::READ_CAP`] bytes and read before `deadline`.
fn read_input(path: Option<&Path>, deadline: Option<Instant>) -> Result<Vec<u8>, CaseError> {
    let read = match path {
        Some(p) if p != Path::new("-") => files::read_regular(p, deadline),
        _ => files::read_capped(io::stdin().lock(), 0, deadline),
    };
    read.map_err(|e| {
        let message = format!("cannot read {}: {e}", input_name(path));
        CaseError::new(ErrorKind::Io, message)
    })
}

fn input_name(path: Option<&Path>) -> String {
    match path {
        None => "<stdin>".into(),
        Some(p) if p == Path::new("-") => "<stdin>".into(),
        Some(p) => p.display().to_string(),
    }
}
