//! `--list`: the cases a run would run, after every selection, without running them: one
//! JSON line per case (`{"case", "name"?, "game", "command", "skip"?}`, the envelope's
//! fields `null` when it cannot be read), or on a terminal one line per case for people.

use std::io::{self, IsTerminal, Write};

use serde::Serialize;

use super::cases::Case;
use super::discover::Found;
use super::envelope::Envelope;
use super::input_files::InputFiles;
use crate::args::{Report, ReportFormat};
use crate::error::escape_controls;
use crate::exit::ExitStatus;
use crate::output::{is_broken_pipe, stderr_line, write_json};

#[derive(Debug, Serialize)]
struct Listed<'a> {
    case: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    game: Option<String>,
    command: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skip: Option<String>,
}

/// Whether the list is for people: `--report human` or `--report jsonl` (to stdout) say,
/// else a terminal does. Any other report on the command line is a usage error, since
/// `--list` runs no case and has nothing else to report: a script that asks for JUnit must
/// not get JSON Lines in its place. (Reports `puzzles.toml` names describe runs; a list
/// leaves them aside.)
pub fn for_people(reports: &[Report]) -> Result<Option<bool>, String> {
    match reports {
        [] => Ok(None),
        [
            Report {
                format: format @ (ReportFormat::Human | ReportFormat::Jsonl),
                path: None,
            },
        ] => Ok(Some(*format == ReportFormat::Human)),
        _ => Err(
            "--list prints the cases and runs none, so it writes no report: it takes only `--report human` or `--report jsonl` (to stdout)"
                .into(),
        ),
    }
}

/// Prints the cases, for people when `for_people` says so (else when stdout is a
/// terminal); the exit status (0, or 2 when stdout cannot be written).
pub fn list(
    cases: impl Iterator<Item = Case>,
    inputs: &InputFiles,
    for_people: Option<bool>,
) -> ExitStatus {
    let stdout = io::stdout();
    let human = for_people.unwrap_or_else(|| stdout.is_terminal());
    let mut out = io::BufWriter::new(stdout.lock());
    let mut count = 0;
    let mut written = Ok(());
    for case in cases {
        let envelope = case
            .text
            .as_deref()
            .ok()
            .and_then(|t| Envelope::read(t).ok());
        if envelope.is_none()
            && case.found == Found::InFolder
            && inputs.contains(case.file.as_ref().as_ref())
        {
            continue;
        }
        count += 1;
        let listed = Listed {
            case: &case.id,
            name: case.name.as_deref(),
            game: envelope.as_ref().map(|e| e.game.clone()),
            command: envelope.as_ref().map(|e| e.command.clone()),
            skip: envelope.as_ref().and_then(|e| e.skip.clone()),
        };
        written = if human {
            writeln!(out, "{}", escape_controls(&human_line(&listed)))
        } else {
            write_json(&mut out, &listed, false)
        };
        if written.is_err() {
            break;
        }
    }
    match written.and_then(|()| out.flush()) {
        Err(err) if is_broken_pipe(&err) => return ExitStatus::Success,
        Err(err) => return crate::exit::cannot_write("batch", &err),
        Ok(()) => {}
    }
    stderr_line(&format!(
        "puzzles batch: {count} {} (--list: none ran)",
        if count == 1 { "case" } else { "cases" }
    ));
    ExitStatus::Success
}

/// `id  game command`, and `(skip: reason)` for a skipped case.
fn human_line(listed: &Listed<'_>) -> String {
    let mut line = listed.case.to_string();
    if let (Some(game), Some(command)) = (&listed.game, &listed.command) {
        line.push_str(&format!("  {game} {command}"));
    }
    if let Some(reason) = &listed.skip {
        line.push_str(&format!("  (skip: {reason})"));
    }
    line
}
