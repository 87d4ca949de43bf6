//! How a game command is registered: once, as a function from a typed input to a typed
//! verdict (a JSON value, or an SVG picture for `render`), or as an interactive command that
//! talks with a person. The table of every command is [`crate::games`].

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;

use schemars::{JsonSchema, Schema};
use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

use crate::error::{CaseError, ErrorKind};
use crate::exit::ExitStatus;
use crate::output::is_broken_pipe;
use crate::source::{self, Source};

/// Runs a command and encodes its verdict as text: JSON (indented when asked), or the SVG
/// document itself. The verdict goes straight from the typed struct to text: a detour through
/// `Value` costs several times the solve on large boards.
type Runner = Box<dyn Fn(Source<'_>, bool) -> Result<String, CaseError> + Send + Sync>;

/// A text format other than JSON that a command also reads (e.g. nonogram `.non` files):
/// its name, which is also the file extension, and a parser to the command's JSON input.
#[derive(Debug, Clone, Copy)]
pub struct TextFormat {
    pub name: &'static str,
    pub parse: fn(&str) -> Result<Value, CaseError>,
}

/// What a command's verdict is, as written to stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// One JSON value (compact on one line, or indented with `--pretty`).
    Json,
    /// One standalone SVG document (`render`): a picture, not a verdict to compare, so it is
    /// not run by `batch` (whose `--render` draws failing cases instead).
    Svg,
}

/// A command that answers one JSON input (or a text format turned into it) with one
/// document: a JSON verdict or an SVG picture, as `output` says.
pub struct JsonCommand {
    run: Runner,
    input_schema: fn() -> Schema,
    verdict_schema: fn() -> Schema,
    pub output: Output,
    pub formats: &'static [TextFormat],
    /// For a picture command (`render`): the game's commands whose input it draws, so
    /// `batch --render` draws only the cases it can draw truthfully.
    pub draws: &'static [&'static str],
    /// Whether an input leaves a random choice of the command unseeded, so that its verdict
    /// differs from run to run (`batch --update` does not record such a verdict).
    unseeded: fn(&Value) -> bool,
    /// Whether the input has a `timeout_ms`, read from its schema once.
    takes_timeout: OnceLock<bool>,
}

/// A command that talks with a person at a terminal (e.g. `baseball play`): it has its own
/// flags and reads and writes lines; it is not available in `batch`.
pub struct InteractiveCommand {
    /// Adds the command's own flags to its clap command.
    pub args: fn(clap::Command) -> clap::Command,
    pub run: fn(&clap::ArgMatches, &mut dyn BufRead, &mut dyn Write) -> Result<ExitStatus, Stopped>,
}

/// Why an interactive command stopped before its game ended.
#[derive(Debug)]
pub enum Stopped {
    /// The person's terminal went away (a closed output): a quiet end, exit 0, like a
    /// closed pipe everywhere else.
    OutputClosed,
    /// A fault to report.
    Error(CaseError),
}

impl From<CaseError> for Stopped {
    fn from(err: CaseError) -> Self {
        Stopped::Error(err)
    }
}

/// A failed read or write in an interactive command, told apart by its `io::ErrorKind`.
pub fn io_error(err: io::Error) -> Stopped {
    if is_broken_pipe(&err) {
        Stopped::OutputClosed
    } else {
        Stopped::Error(CaseError::new(ErrorKind::Io, err.to_string()))
    }
}

pub enum Kind {
    Json(JsonCommand),
    Interactive(InteractiveCommand),
}

pub struct Command {
    pub game: &'static str,
    pub name: &'static str,
    /// One line for `--help`.
    pub about: &'static str,
    pub kind: Kind,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Command({} {})", self.game, self.name)
    }
}

/// Registers a JSON command: `run` is the game library's function.
pub fn json<I, V, E>(
    game: &'static str,
    name: &'static str,
    about: &'static str,
    run: fn(I) -> Result<V, E>,
) -> Command
where
    I: DeserializeOwned + JsonSchema + 'static,
    V: Serialize + JsonSchema + 'static,
    E: Into<CaseError> + 'static,
{
    let encode = |verdict: V, pretty: bool| {
        let text = if pretty {
            serde_json::to_string_pretty(&verdict)
        } else {
            serde_json::to_string(&verdict)
        };
        text.map_err(|e| {
            CaseError::new(
                ErrorKind::Internal,
                format!("cannot encode the verdict: {e}"),
            )
        })
    };
    typed(game, name, about, run, encode, Output::Json, || {
        schemars::schema_for!(V)
    })
}

/// Registers a command whose verdict is an SVG document: `run` is the render library's
/// function for the game.
pub fn svg<I, E>(
    game: &'static str,
    name: &'static str,
    about: &'static str,
    run: fn(I) -> Result<String, E>,
) -> Command
where
    I: DeserializeOwned + JsonSchema + 'static,
    E: Into<CaseError> + 'static,
{
    typed(
        game,
        name,
        about,
        run,
        |svg, _| Ok(svg),
        Output::Svg,
        || {
            schemars::json_schema!({
                "title": "SVG",
                "description": "One standalone SVG document (image/svg+xml), written as it is, not as JSON.",
                "type": "string",
                "contentMediaType": "image/svg+xml"
            })
        },
    )
}

/// A command from its typed function: parse the input from its source, run, encode.
fn typed<I, V, E>(
    game: &'static str,
    name: &'static str,
    about: &'static str,
    run: fn(I) -> Result<V, E>,
    encode: fn(V, bool) -> Result<String, CaseError>,
    output: Output,
    verdict_schema: fn() -> Schema,
) -> Command
where
    I: DeserializeOwned + JsonSchema + 'static,
    V: 'static,
    E: Into<CaseError> + 'static,
{
    let run: Runner = Box::new(move |source: Source<'_>, pretty: bool| {
        let text = source.text_and_origin();
        let input: I = source.parse()?;
        let verdict = run(input).map_err(|e| match text {
            Some((text, origin)) => source::place(e.into(), text, origin),
            None => e.into(),
        })?;
        encode(verdict, pretty)
    });
    Command {
        game,
        name,
        about,
        kind: Kind::Json(JsonCommand {
            run,
            input_schema: || schemars::schema_for!(I),
            verdict_schema,
            output,
            formats: &[],
            draws: &[],
            unseeded: |_| false,
            takes_timeout: OnceLock::new(),
        }),
    }
}

/// Registers an interactive command: `args` adds its flags, `run` talks with the person.
pub fn interactive(
    game: &'static str,
    name: &'static str,
    about: &'static str,
    args: fn(clap::Command) -> clap::Command,
    run: fn(&clap::ArgMatches, &mut dyn BufRead, &mut dyn Write) -> Result<ExitStatus, Stopped>,
) -> Command {
    Command {
        game,
        name,
        about,
        kind: Kind::Interactive(InteractiveCommand { args, run }),
    }
}

impl Command {
    /// Adds text formats other than JSON to a JSON command.
    pub fn with_formats(mut self, formats: &'static [TextFormat]) -> Self {
        if let Kind::Json(json) = &mut self.kind {
            json.formats = formats;
        }
        self
    }

    /// Names the game's commands whose input a picture command draws.
    pub fn drawing(mut self, commands: &'static [&'static str]) -> Self {
        if let Kind::Json(json) = &mut self.kind {
            json.draws = commands;
        }
        self
    }

    /// Marks a command with a random choice: `unseeded` tells the inputs that leave it to a
    /// fresh seed.
    pub fn random_when(mut self, unseeded: fn(&Value) -> bool) -> Self {
        if let Kind::Json(json) = &mut self.kind {
            json.unseeded = unseeded;
        }
        self
    }

    pub fn as_json(&self) -> Option<&JsonCommand> {
        match &self.kind {
            Kind::Json(json) => Some(json),
            Kind::Interactive(_) => None,
        }
    }
}

impl JsonCommand {
    /// The verdict as JSON text, compact on one line or indented.
    ///
    /// A panic in an engine is a bug, but it must not take down a batch or leave a pipeline
    /// without its error object: it becomes an `internal` error of this input only.
    pub fn run(&self, source: Source<'_>, pretty: bool) -> Result<String, CaseError> {
        catch_unwind(AssertUnwindSafe(|| (self.run)(source, pretty))).unwrap_or_else(|panic| {
            Err(CaseError::internal(crate::panic::internal_message(&*panic)))
        })
    }

    pub fn input_schema(&self) -> Schema {
        (self.input_schema)()
    }

    pub fn verdict_schema(&self) -> Schema {
        (self.verdict_schema)()
    }

    /// Whether `input` leaves a random choice of the command to a fresh seed.
    pub fn is_unseeded(&self, input: &Value) -> bool {
        (self.unseeded)(input)
    }

    /// Whether the input has a `timeout_ms` field that `--timeout` may fill in.
    pub fn takes_timeout(&self) -> bool {
        *self.takes_timeout.get_or_init(|| {
            self.input_schema()
                .get("properties")
                .and_then(Value::as_object)
                .is_some_and(|props| props.contains_key("timeout_ms"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explode(_: Value) -> Result<Value, CaseError> {
        panic!("boom")
    }

    #[test]
    fn a_panicking_engine_becomes_an_internal_error() {
        let command = json("test", "explode", "always panics", explode);
        let err = command
            .as_json()
            .unwrap()
            .run(Source::text("{}"), false)
            .unwrap_err();
        assert_eq!(err.kind, ErrorKind::Internal);
        assert!(err.message.contains("boom"), "{}", err.message);
    }
}
