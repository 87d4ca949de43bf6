//! Every fixture's verdicts as an insta snapshot, so any change of behaviour of any game shows
//! in review; and every command's JSON Schema, so any change of the contract does too.

use serde_json::Value;

use crate::{puzzles, workspace};

/// Fields that measure time rather than state a result.
const TIMINGS: [&str; 4] = ["elapsed_ms", "time_ms", "ms", "seconds"];

/// Replaces timings (different on each run) with `"[timing]"`.
pub fn redact_timings(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, field) in map.iter_mut() {
                if TIMINGS.contains(&key.as_str()) {
                    *field = Value::String("[timing]".into());
                } else {
                    redact_timings(field);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact_timings),
        _ => {}
    }
}

#[test]
fn fixture_verdicts() {
    insta::glob!("../../../fixtures", "**/*.json*", |path| {
        let relative = path.strip_prefix(workspace()).unwrap_or(path);
        let run = puzzles(&["batch", relative.to_str().unwrap()], "");
        let mut lines = Value::Array(run.json_lines());
        redact_timings(&mut lines);
        insta::assert_json_snapshot!(lines);
        assert_eq!(
            run.code,
            0,
            "fixture {} does not pass: {}",
            relative.display(),
            run.stdout
        );
    });
}

#[test]
fn command_schemas() {
    let all = puzzles(&["schema"], "").json();
    for (game, commands) in all.as_object().unwrap() {
        for (command, schema) in commands.as_object().unwrap() {
            insta::assert_json_snapshot!(format!("schema__{game}__{command}"), schema);
        }
    }
}
