//! `puzzles schema`: the JSON Schema of each command's input and verdict, generated from the
//! same Rust types the commands use, so the published contract cannot drift from the code;
//! and `puzzles schema batch`, the schema of a batch case file built from them, for editors.

use std::io::{self, Write};

use serde_json::{Map, Value, json};

use crate::args::SchemaArgs;
use crate::error::{CaseError, ErrorKind};
use crate::exit::{ExitStatus, after_writing, fail};
use crate::games::{self, GAMES};
use crate::output::write_json;
use crate::registry::Output;

pub fn run(args: &SchemaArgs) -> ExitStatus {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let chosen = match (args.game.as_deref(), args.command.as_deref()) {
        (Some("batch"), None) => Ok(case_schema()),
        (Some("batch"), Some(extra)) => Err(CaseError::new(
            ErrorKind::Usage,
            format!(
                "`schema batch` takes no command (got {extra:?}): a case file's schema covers every command"
            ),
        )),
        (game, command) => schemas(game, command),
    };
    let value = match chosen {
        Ok(value) => value,
        Err(err) => return fail(&err, "schema", args.pretty),
    };
    after_writing(
        write_json(&mut out, &value, args.pretty).and_then(|()| out.flush()),
        "schema",
    )
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
        for cmd in games::commands().iter().filter(|c| c.game == *name) {
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

/// The JSON Schema of a batch case (a `.json` case file, or one line of a `.jsonl`): the
/// envelope, and for each game and command its `input` (the command's input, or the path of
/// an input file) and its `expect` (any subset of the verdict's fields and no other, or an
/// expected error). Each command's schemas keep their own definitions, renamed under
/// `<game>.<command>.input.` and `.expect.` so that the names of two commands cannot clash.
pub fn case_schema() -> Value {
    let mut defs = Map::new();
    defs.insert("input_file".into(), json!({
        "type": "string",
        "description": "The path of a file holding the input, relative to the case file: JSON, or for commands that read them a `.non` file or a webpbn XML export (by extension, else by content)."
    }));
    defs.insert("expected_error".into(), expected_error());
    let mut rules = Vec::new();
    for game in GAMES {
        let mut names = Vec::new();
        for command in games::commands().iter().filter(|c| c.game == game) {
            let Some(json) = command.as_json().filter(|j| j.output == Output::Json) else {
                continue;
            };
            names.push(command.name);
            let prefix = format!("{game}.{}", command.name);
            let input = serde_json::to_value(json.input_schema()).unwrap_or_default();
            let input = hoist(&mut defs, &format!("{prefix}.input"), input);
            let mut verdict = serde_json::to_value(json.verdict_schema()).unwrap_or_default();
            subset_of(&mut verdict);
            expect_error_too(&mut verdict);
            let expect = hoist(&mut defs, &format!("{prefix}.expect"), verdict);
            // `if`/`then`/`else` rather than `anyOf`, so that an editor reports the fault of
            // the one schema that applies (`"gues" is not allowed`) instead of "valid under
            // none"; and a case that expects an error keeps its deliberately bad input
            // unmarked.
            rules.push(json!({
                "if": {
                    "properties": {"game": {"const": game}, "command": {"const": command.name}},
                    "required": ["game", "command"]
                },
                "then": {
                    "properties": {"expect": {"$ref": expect}},
                    "if": {
                        "properties": {"expect": {"type": "object", "required": ["error"]}},
                        "required": ["expect"]
                    },
                    "else": {
                        "properties": {
                            "input": {
                                "if": {"type": "string"},
                                "then": {"$ref": "#/$defs/input_file"},
                                "else": {"$ref": input}
                            }
                        }
                    }
                }
            }));
        }
        rules.push(json!({
            "if": {"properties": {"game": {"const": game}}, "required": ["game"]},
            "then": {"properties": {"command": {"enum": names}}}
        }));
    }
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": CASE_SCHEMA_ID,
        "title": "puzzles batch case",
        "description": "One case of `puzzles batch`: a `.json` file holds one, a `.jsonl` file one per line. Generated by `puzzles schema batch`.",
        "type": "object",
        "properties": {
            "game": {"description": "The game.", "enum": GAMES},
            "command": {"description": "The game's command (a JSON one: not `render`, `play` or `guess`).", "type": "string"},
            "input": {"description": "The command's input, or the path of a file holding it."},
            "expect": {"description": "Fields the verdict must have, with these values (a subset: objects recursively, arrays whole), or `{\"error\": {...}}` for an expected error."},
            "note": {"description": "Free text for people reading the case; `--filter` searches it.", "type": "string"},
            "name": {
                "description": "The case's name, unique in its file: its id is then `file#name` (in every report, `--filter`, `--last-failed`), whatever line it is on.",
                "type": "string",
                "minLength": 1,
                "maxLength": 100,
                "pattern": "^[^\\s\\u0000-\\u001f\\u007f-\\u009f]([^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f])?$"
            },
            "skip": {"description": "Why the case is not run now: it is reported as skipped (JUnit `<skipped>`), never as a failure.", "type": "string"},
            "$schema": {"description": "Where an editor finds this schema (`puzzles batch` does not read it).", "type": "string"}
        },
        "required": ["game", "command", "input"],
        "additionalProperties": false,
        "allOf": rules,
        "$defs": defs
    })
}

/// The `$id` of the case schema: a name for it, not a place to fetch it from.
pub const CASE_SCHEMA_ID: &str = "urn:puzzles:schema:batch-case";

/// Moves `schema` into `defs` as `name`, its own `$defs` beside it as `name.Def` (with
/// every reference to them renamed); the reference to it.
fn hoist(defs: &mut Map<String, Value>, name: &str, mut schema: Value) -> String {
    let inner = match schema.as_object_mut() {
        Some(object) => {
            object.remove("$schema");
            match object.remove("$defs") {
                Some(Value::Object(inner)) => inner,
                _ => Map::new(),
            }
        }
        None => Map::new(),
    };
    rename_refs(&mut schema, name, &inner);
    defs.insert(name.to_string(), schema);
    for (def, body) in &inner {
        let mut body = body.clone();
        rename_refs(&mut body, name, &inner);
        defs.insert(format!("{name}.{def}"), body);
    }
    format!("#/$defs/{name}")
}

/// Renames the references to the definitions in `inner` (and only those: the shared ones
/// stay as they are).
fn rename_refs(value: &mut Value, name: &str, inner: &Map<String, Value>) {
    match value {
        Value::Object(object) => {
            for (key, member) in object.iter_mut() {
                match member {
                    Value::String(target) if key == "$ref" => {
                        if let Some(def) = target.strip_prefix("#/$defs/")
                            && inner.contains_key(def)
                        {
                            *target = format!("#/$defs/{name}.{def}");
                        }
                    }
                    other => rename_refs(other, name, inner),
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| rename_refs(item, name, inner)),
        _ => {}
    }
}

/// A verdict schema as an expectation: no field required, no field but the verdict's.
fn subset_of(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            if object.get("properties").is_some_and(Value::is_object) {
                object.remove("required");
                object
                    .entry("additionalProperties")
                    .or_insert(Value::Bool(false));
            }
            object.values_mut().for_each(subset_of);
        }
        Value::Array(items) => items.iter_mut().for_each(subset_of),
        _ => {}
    }
}

/// `"expect": {"error": {...}}` expects an error object instead of a verdict (a verdict that
/// has an `error` field of its own may also be matched there).
fn expect_error_too(schema: &mut Value) {
    let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    let expected = json!({"$ref": "#/$defs/expected_error"});
    let error = match properties.remove("error") {
        Some(own) => json!({"anyOf": [own, expected]}),
        None => expected,
    };
    properties.insert("error".into(), error);
}

/// The error object as an expectation: any of its fields, `kind` described by the same
/// type that writes it.
fn expected_error() -> Value {
    let mut kind = serde_json::to_value(schemars::schema_for!(ErrorKind)).unwrap_or_default();
    if let Some(kind) = kind.as_object_mut() {
        kind.remove("$schema");
        kind.remove("title");
    }
    json!({
        "description": "An expected error: any fields of the error object.",
        "type": "object",
        "properties": {
            "kind": kind,
            "message": {"type": "string"},
            "path": {"type": ["string", "null"]},
            "line": {"type": ["integer", "null"]},
            "column": {"type": ["integer", "null"]}
        },
        "additionalProperties": false
    })
}
