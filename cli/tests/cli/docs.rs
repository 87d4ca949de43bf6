//! The committed reference docs stay true: `docs/schema.json` is `puzzles schema --pretty`
//! and `docs/commands.md` is generated from it here. A change to an input or verdict type
//! fails this test until the docs are regenerated with
//! `PUZZLES_UPDATE_DOCS=1 cargo test --release -p puzzles --test cli docs`.

use serde_json::Value;

use crate::{puzzles, workspace};

/// Compares `text` with the committed file, or writes it when asked (never in CI).
pub fn check_or_update(relative: &str, text: &str) {
    let path = workspace().join(relative);
    let update = std::env::var_os("PUZZLES_UPDATE_DOCS").is_some()
        && std::env::var_os("CI").is_none_or(|v| v == "false" || v == "0");
    if update {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != text {
        let line = committed
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .map_or(committed.lines().count().min(text.lines().count()), |n| n);
        panic!(
            "{relative} is stale from line {}; regenerate it with \
             `PUZZLES_UPDATE_DOCS=1 cargo test --release -p puzzles --test cli docs`",
            line + 1
        );
    }
}

#[test]
fn docs_match_the_schema() {
    let run = puzzles(&["schema", "--pretty"], "");
    assert_eq!(run.code, 0, "{run:?}");
    check_or_update("docs/schema.json", &run.stdout);
    check_or_update("docs/commands.md", &commands_markdown(&run.json()));
}

/// One section per command: its input and verdict fields as tables, then the object types
/// they refer to.
fn commands_markdown(schemas: &Value) -> String {
    let mut out = String::from(
        "# Commands: input and verdict fields\n\n\
         Generated from `puzzles schema` (the JSON Schema of every command, derived from the \
         Rust types the commands use; the whole schema is [`schema.json`](schema.json)) by \
         `cli/tests/cli/docs.rs`. Do not edit by hand. Conventions, errors and exit codes are \
         in [`contract.md`](contract.md).\n",
    );
    for (game, commands) in object(schemas) {
        for (command, both) in object(commands) {
            out.push_str(&format!("\n## `{game} {command}`\n"));
            for side in ["input", "verdict"] {
                let schema = &both[side];
                out.push_str(&format!("\n**{side}**"));
                if let Some(description) = schema["description"].as_str() {
                    out.push_str(&format!(": {}", one_line(description)));
                }
                out.push_str("\n\n");
                fields_table(&mut out, schema, schema);
                for (name, def) in object(&schema["$defs"]) {
                    out.push_str(&format!("\n`{name}`"));
                    if let Some(description) = def["description"].as_str() {
                        out.push_str(&format!(": {}", one_line(description)));
                    }
                    out.push_str("\n\n");
                    if def.get("properties").is_some() {
                        fields_table(&mut out, def, schema);
                    } else {
                        values_table(&mut out, def, schema);
                    }
                }
            }
        }
    }
    out
}

/// The members of an object; none for anything else.
fn object(value: &Value) -> impl Iterator<Item = (&String, &Value)> {
    value.as_object().into_iter().flatten()
}

fn one_line(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

fn fields_table(out: &mut String, schema: &Value, root: &Value) {
    if schema.get("properties").is_none() {
        return;
    }
    let required: Vec<&str> = schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    out.push_str("| field | type | required | description |\n|---|---|---|---|\n");
    for (name, field) in object(&schema["properties"]) {
        let mut description = field["description"]
            .as_str()
            .map(one_line)
            .unwrap_or_default();
        // A null default is "absent", which the description already explains (`box`: 3 on
        // 9x9, 0 otherwise).
        if let Some(default) = field.get("default").filter(|d| !d.is_null()) {
            description.push_str(&format!(" Default: `{default}`."));
        }
        let required = if required.contains(&name.as_str()) {
            "yes"
        } else {
            ""
        };
        out.push_str(&format!(
            "| `{name}` | {} | {required} | {} |\n",
            type_name(field, root).replace('|', "\\|"),
            description.trim()
        ));
    }
}

/// The values of a type without fields (an enum, or a choice of forms such as `MoveSpec`),
/// each with its description.
fn values_table(out: &mut String, def: &Value, root: &Value) {
    out.push_str("| value | description |\n|---|---|\n");
    for (value, description) in values(def, root) {
        out.push_str(&format!(
            "| {} | {} |\n",
            value.replace('|', "\\|"),
            description.as_deref().map(one_line).unwrap_or_default()
        ));
    }
}

/// The values of an enum or union type, spelled for the docs, with their descriptions (None
/// where there is none: the test below fails on it).
fn values(def: &Value, root: &Value) -> Vec<(String, Option<String>)> {
    if let Some(values) = def["enum"].as_array() {
        return values.iter().map(|v| (format!("`{v}`"), None)).collect();
    }
    let mut out = Vec::new();
    for key in ["oneOf", "anyOf"] {
        for option in def[key].as_array().into_iter().flatten() {
            let description = option["description"].as_str().map(str::to_string);
            match option.get("const") {
                Some(value) => out.push((format!("`{value}`"), description)),
                None => match option["enum"].as_array() {
                    Some(values) => out.extend(
                        values
                            .iter()
                            .map(|v| (format!("`{v}`"), description.clone())),
                    ),
                    None => out.push((type_name(option, root), description)),
                },
            }
        }
    }
    out
}

/// Every field of every input and verdict, and every value of every enum type, says what it
/// is: `--help` and commands.md print these descriptions.
#[test]
fn every_schema_field_and_value_has_a_description() {
    let run = puzzles(&["schema"], "");
    let schemas = run.json();
    let mut missing = Vec::new();
    for (game, commands) in object(&schemas) {
        for (command, both) in object(commands) {
            for side in ["input", "verdict"] {
                let schema = &both[side];
                let mut types: Vec<(String, &Value)> = vec![(side.to_string(), schema)];
                types.extend(object(&schema["$defs"]).map(|(n, d)| (n.clone(), d)));
                for (name, def) in types {
                    for (field, property) in object(&def["properties"]) {
                        if property["description"].as_str().is_none_or(str::is_empty) {
                            missing.push(format!("{game} {command} {name}.{field}"));
                        }
                    }
                    if def.get("properties").is_none() && name != side {
                        for (value, description) in values(def, schema) {
                            if description.is_none() {
                                missing.push(format!("{game} {command} {name} value {value}"));
                            }
                        }
                    }
                }
            }
        }
    }
    missing.dedup();
    assert!(missing.is_empty(), "no description: {missing:#?}");
}

/// A short type: `string`, `array of integer`, `"renju" or "gomoku"`, `HistoryEntry`.
fn type_name(schema: &Value, root: &Value) -> String {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap_or(reference);
        let def = &root["$defs"][name];
        return match enum_values(def) {
            Some(values) => values,
            None => format!("`{name}`"),
        };
    }
    if let Some(values) = enum_values(schema) {
        return values;
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(options) = schema[key].as_array() {
            return options
                .iter()
                .filter(|o| o["type"] != "null")
                .map(|o| type_name(o, root))
                .collect::<Vec<_>>()
                .join(" or ");
        }
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let name = types
        .iter()
        .filter(|t| **t != "null")
        .map(|t| match *t {
            "array" => format!("array of {}", type_name(&schema["items"], root)),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" or ");
    if name.is_empty() {
        "any".to_string()
    } else {
        name
    }
}

/// `"a"`, `"b"` for a string enum (plain or as documented constants).
fn enum_values(schema: &Value) -> Option<String> {
    if let Some(values) = schema["enum"].as_array() {
        return Some(
            values
                .iter()
                .map(|v| format!("`{v}`"))
                .collect::<Vec<_>>()
                .join(", "),
        );
    }
    let options = schema["oneOf"].as_array()?;
    let values: Option<Vec<String>> = options
        .iter()
        .map(|o| o.get("const").map(|v| format!("`{v}`")))
        .collect();
    values.map(|v| v.join(", "))
}

/// Every `$ echo '...' | puzzles ...` example in the README files prints what the README
/// says it prints (the next line; a second line is stderr), timings aside.
#[test]
fn readme_examples_are_true() {
    let mut files = vec![workspace().join("README.md")];
    for entry in std::fs::read_dir(workspace().join("crates")).unwrap() {
        files.push(entry.unwrap().path().join("README.md"));
    }
    let mut checked = 0;
    for file in files.iter().filter(|f| f.exists()) {
        let text = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix("$ echo '") else {
                continue;
            };
            let Some((input, command)) = rest.split_once("' | puzzles ") else {
                continue;
            };
            let args: Vec<&str> = command.split_whitespace().collect();
            let run = puzzles(&args, &format!("{input}\n"));
            let place = format!("{}:{}", file.display(), n + 1);
            let expected = lines.get(n + 1).copied().unwrap_or_default();
            let mut want: Value = serde_json::from_str(expected)
                .unwrap_or_else(|e| panic!("{place}: the line after the example is not JSON: {e}"));
            let mut got = run.json();
            crate::fixtures::redact_timings(&mut want);
            crate::fixtures::redact_timings(&mut got);
            assert_eq!(got, want, "{place}: {line}");
            if let Some(stderr) = lines.get(n + 2).filter(|l| l.starts_with("puzzles: ")) {
                assert_eq!(run.stderr.trim_end(), *stderr, "{place}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} README examples found");
}

/// The README's table of games names every command of each game (`render` is named once
/// under the table), as `puzzles GAME --help` lists them.
#[test]
fn readme_game_table_lists_every_command() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let table = readme
        .lines()
        .skip_while(|l| !l.starts_with("| game | commands |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'));
    let mut games = 0;
    for row in table {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let game = cells[1].trim_matches('`');
        let mut listed: Vec<&str> = cells[2]
            .split(',')
            .map(|c| c.trim().trim_matches('`'))
            .collect();
        listed.push("render");
        listed.sort_unstable();
        let help = puzzles(&[game, "--help"], "");
        assert_eq!(help.code, 0, "{help:?}");
        let mut commands: Vec<&str> = help
            .stdout
            .lines()
            .skip_while(|l| !l.starts_with("Commands:"))
            .skip(1)
            .take_while(|l| !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next())
            .filter(|c| *c != "help")
            .collect();
        commands.sort_unstable();
        assert_eq!(listed, commands, "README's row for {game}");
        games += 1;
    }
    assert_eq!(games, 5, "the README's table of games");
}
