//! One case: read its envelope, run its command on its input (inline JSON, or a file the
//! `input` string names), and judge the verdict against `expect`.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;
use serde_json::value::RawValue;

use super::cases::Case;
use super::discover::Found;
use super::envelope::Envelope;
use super::inputs::InputPaths;
use super::{CaseLine, CaseResult, Outcome};
use crate::error::{CaseError, ErrorKind};
use crate::expect::{Mismatch, mismatches, unknown_field, verdict_schema};
use crate::games;
use crate::registry::{Kind, Output};
use crate::source::{Source, place, position, shift};

pub fn run_case(case: &Case, inputs: InputPaths) -> CaseResult {
    let started = Instant::now();
    let mut result = CaseResult {
        line: CaseLine {
            case: case.id.clone(),
            name: case.name.clone(),
            game: None,
            command: None,
            verdict: None,
            error: None,
            pass: None,
            mismatches: Vec::new(),
            skip: None,
        },
        outcome: Outcome::Invalid,
        file: case.file.clone(),
        at_line: case.line,
        elapsed: Duration::ZERO,
        picture: None,
        update: Default::default(),
        not_a_case: false,
        input_file: None,
        text_hash: None,
        name_request: None,
    };
    let origin = (case.line, 1);
    match &case.text {
        Err(err) => result.line.error = Some(err.clone()),
        Ok(text) => judge(&mut result, case, text, origin, inputs),
    }
    if let Some(line) = result.line.error.as_ref().and_then(|e| e.line) {
        result.at_line = line;
    }
    result.elapsed = started.elapsed();
    result
}

/// Runs the case in `text` (which starts at `origin` in its file) and judges `expect`.
fn judge(
    result: &mut CaseResult,
    case: &Case,
    text: &str,
    origin: (usize, usize),
    inputs: InputPaths,
) {
    let line = &mut result.line;
    let envelope = match Envelope::read(text) {
        Ok(envelope) => envelope,
        Err(err) => {
            let not_case = not_a_case(case, text);
            result.not_a_case = not_case.is_some();
            line.error = Some(not_case.unwrap_or_else(|| shift(err, origin)));
            return;
        }
    };
    if let Some(reason) = &envelope.skip {
        // A skipped case is not run, but its envelope must still be one.
        if let Err(err) = Envelope::strict(text) {
            line.error = Some(shift(err, origin));
            return;
        }
        line.game = Some(envelope.game.clone());
        line.command = Some(envelope.command.clone());
        line.skip = Some(reason.clone());
        result.outcome = Outcome::Skipped;
        return;
    }
    if envelope.input.starts_with('"') {
        result.input_file = serde_json::from_str::<String>(envelope.input)
            .ok()
            .map(|relative| case.folder().join(relative));
    }
    if let Some(err) = expect_typo(&envelope) {
        line.game = Some(envelope.game.clone());
        line.command = Some(envelope.command.clone());
        line.error = Some(place(err, text, origin));
        return;
    }
    let evaluated = evaluate(&envelope, case.folder(), text, origin, inputs);
    if evaluated.is_err() {
        // The quick envelope reading leaves faults to serde: when the command cannot take
        // the input, the fault may be the envelope's.
        if let Err(err) = Envelope::strict(text) {
            line.error = Some(shift(err, origin));
            return;
        }
    }
    line.game = Some(envelope.game.clone());
    line.command = Some(envelope.command.clone());
    match compare(line, envelope.expect.as_ref(), evaluated) {
        Some(outcome) => result.outcome = outcome,
        None => return,
    }
    if result.outcome == Outcome::Failed
        && let Some(at) = expect_line(text, &line.mismatches)
    {
        result.at_line = at + origin.0 - 1;
    }
}

/// Judges a case's verdict or error against its `expect` (a case may expect an error), filling
/// in the line's mismatches, pass and verdict or error; the outcome, or `None` when the
/// verdict could not be re-read (an internal error, on the line).
fn compare(
    line: &mut CaseLine,
    expect: Option<&Value>,
    evaluated: Result<Box<RawValue>, CaseError>,
) -> Option<Outcome> {
    let expects_error = expect.is_some_and(|e| e.get("error").is_some());
    let outcome = match evaluated {
        Ok(verdict) => {
            if let Some(expect) = expect {
                match raw_mismatches(expect, &verdict) {
                    Ok(found) => line.mismatches = found,
                    Err(err) => {
                        let message = format!("cannot re-read the verdict: {err}");
                        line.error = Some(CaseError::new(ErrorKind::Internal, message));
                        return None;
                    }
                }
                line.pass = Some(line.mismatches.is_empty());
            }
            line.verdict = Some(verdict);
            match line.pass {
                None => Outcome::Unchecked,
                Some(true) => Outcome::Passed,
                Some(false) => Outcome::Failed,
            }
        }
        Err(err) => {
            // A case may expect an error: `"expect": {"error": {"kind": "invalid", ...}}`.
            if let Some(expect) = expect.filter(|_| expects_error) {
                let actual = serde_json::json!({ "error": err });
                line.mismatches = mismatches(expect, &actual);
                line.pass = Some(line.mismatches.is_empty());
            } else if expect.is_some() {
                line.pass = Some(false);
            }
            line.error = Some(err);
            match line.pass {
                Some(true) => Outcome::Passed,
                Some(false) if expects_error => Outcome::Failed,
                _ => Outcome::Invalid,
            }
        }
    };
    Some(outcome)
}

/// A file found in a folder that is JSON but no case at all (a `package.json`, a tool's
/// settings): say so, and how to leave it out, rather than report a missing `game`.
fn not_a_case(case: &Case, text: &str) -> Option<CaseError> {
    if case.found != Found::InFolder {
        return None;
    }
    let what = match serde_json::from_str::<Value>(text).ok()? {
        Value::Object(members) => {
            if ["game", "command", "input"]
                .iter()
                .any(|key| members.contains_key(*key))
            {
                return None;
            }
            let keys: Vec<String> = members.keys().take(5).map(|k| format!("{k:?}")).collect();
            match keys.len() {
                0 => "an empty object".to_string(),
                _ => format!("an object of {}", keys.join(", ")),
            }
        }
        Value::Array(_) => "an array".to_string(),
        _ => "a single value".to_string(),
    };
    let file = Path::new(&*case.file);
    let name = file.file_name().map_or_else(
        || case.file.to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let message = format!(
        "{} is not a puzzles case: a case is an object with \"game\", \"command\" and \"input\", this is {what}; if the file is not meant to be one, leave it out with `--exclude {name}`",
        case.file
    );
    Some(CaseError::new(ErrorKind::Case, message).at(""))
}

/// An `expect` key that the command's verdict does not have (`"ball"` for `"balls"`) makes
/// the case invalid: a typo would otherwise read as "expected 1, got null" forever.
fn expect_typo(envelope: &Envelope<'_>) -> Option<CaseError> {
    let expect = envelope.expect.as_ref()?;
    let schema = verdict_schema(&envelope.game, &envelope.command)?;
    let unknown = unknown_field(expect, schema)?;
    let message = format!(
        "expect names {:?}, which is not a field of the `{} {}` verdict{}; the fields there are {}",
        unknown.key,
        envelope.game,
        envelope.command,
        match unknown.parent.as_str() {
            "" => String::new(),
            parent => format!(" at {parent}"),
        },
        unknown.fields.join(", ")
    );
    Some(CaseError::new(ErrorKind::Case, message).at(format!("/expect{}", unknown.pointer)))
}

/// [`mismatches`] of a verdict still in its JSON text: an expectation usually names a few
/// fields of a large verdict, so only those fields are parsed into values.
fn raw_mismatches(expect: &Value, verdict: &RawValue) -> serde_json::Result<Vec<Mismatch>> {
    let Value::Object(wanted) = expect else {
        return Ok(mismatches(expect, &serde_json::from_str(verdict.get())?));
    };
    // Verdict keys are plain identifiers, so they borrow; anything else takes the full parse.
    let Ok(fields) =
        serde_json::from_str::<std::collections::HashMap<&str, &RawValue>>(verdict.get())
    else {
        return Ok(mismatches(expect, &serde_json::from_str(verdict.get())?));
    };
    let mut actual = serde_json::Map::new();
    for key in wanted.keys() {
        if let Some(raw) = fields.get(key.as_str()) {
            actual.insert(key.clone(), serde_json::from_str(raw.get())?);
        }
    }
    Ok(mismatches(expect, &Value::Object(actual)))
}

/// The line (in the case text) of the first mismatching value of `expect`, for reports.
fn expect_line(text: &str, mismatches: &[Mismatch]) -> Option<usize> {
    let first = mismatches.first()?;
    let offset = crate::source::locate(text, &format!("/expect{}", first.path))
        .or_else(|| crate::source::locate(text, "/expect"))?;
    Some(position(text, offset).0)
}

fn evaluate(
    envelope: &Envelope<'_>,
    folder: &Path,
    text: &str,
    origin: (usize, usize),
    inputs: InputPaths,
) -> Result<Box<RawValue>, CaseError> {
    let (game, name) = (envelope.game.as_str(), envelope.command.as_str());
    let command =
        games::find(game, name).ok_or_else(|| place(unknown(game, name), text, origin))?;
    let refuse = |message: String| {
        let err = CaseError::new(ErrorKind::Case, message).at("/command");
        place(err, text, origin)
    };
    let json = match &command.kind {
        Kind::Json(json) if json.output == Output::Json => json,
        Kind::Json(_) => {
            return Err(refuse(format!(
                "`{game} {name}` draws a picture, which a batch does not compare (`puzzles batch --render DIR` draws the failing cases)"
            )));
        }
        Kind::Interactive(_) => {
            return Err(refuse(format!(
                "`{game} {name}` is interactive and cannot run in a batch"
            )));
        }
    };
    let raw = envelope.input;
    let offset = raw.as_ptr() as usize - text.as_ptr() as usize;
    let input_origin = shift_origin(origin, position(text, offset));
    let verdict = if raw.starts_with('"') {
        inputs.run(json, folder, raw, input_origin, None)?
    } else {
        let source = Source::Text {
            text: raw,
            origin: input_origin,
            timeout: None,
        };
        json.run(source, false)?
    };
    RawValue::from_string(verdict)
        .map_err(|e| CaseError::new(ErrorKind::Internal, format!("the verdict is not JSON: {e}")))
}

/// The file position of `inner` (a position in a case's text) for a case starting at `outer`.
fn shift_origin(outer: (usize, usize), inner: (usize, usize)) -> (usize, usize) {
    if inner.0 == 1 {
        (outer.0, outer.1 + inner.1 - 1)
    } else {
        (outer.0 + inner.0 - 1, inner.1)
    }
}

fn unknown(game: &str, name: &str) -> CaseError {
    let commands = games::commands();
    if !games::GAMES.contains(&game) {
        let message = format!(
            "unknown game {game:?}; the games are {}",
            games::GAMES.join(", ")
        );
        return CaseError::new(ErrorKind::Case, message).at("/game");
    }
    let known: Vec<&str> = commands
        .iter()
        .filter(|c| c.game == game)
        .map(|c| c.name)
        .collect();
    let message = format!(
        "unknown command {name:?} for {game}; its commands are {}",
        known.join(", ")
    );
    CaseError::new(ErrorKind::Case, message).at("/command")
}
