//! Run every `fixtures/renju` case through the library and match its `expect` the way
//! `puzzles batch` does (a subset: objects recursively, arrays whole), so the fixtures are
//! proven here even without the CLI. Input that does not deserialize counts as a `shape`
//! error, an `InputError` as `invalid`.

use serde_json::{Value, json};
use std::path::Path;

fn run<I: serde::de::DeserializeOwned, V: serde::Serialize>(
    input: Value,
    f: fn(I) -> Result<V, renju_core::InputError>,
) -> Value {
    match serde_json::from_value::<I>(input) {
        Err(e) => json!({"error": {"kind": "shape", "message": e.to_string()}}),
        Ok(i) => match f(i) {
            Ok(v) => serde_json::to_value(v).expect("verdict encodes"),
            Err(e) => json!({"error": {"kind": "invalid", "path": e.path, "message": e.message}}),
        },
    }
}

fn subset(expect: &Value, actual: &Value) -> bool {
    match (expect, actual) {
        (Value::Object(e), Value::Object(a)) => e
            .iter()
            .all(|(k, v)| a.get(k).is_some_and(|av| subset(v, av))),
        _ => expect == actual,
    }
}

/// The cases of a fixture file: one for a `.json`, one per line of a `.jsonl`.
fn cases(path: &Path) -> Vec<(String, Value)> {
    let text = std::fs::read_to_string(path).expect("readable");
    let parse = |t: &str| serde_json::from_str::<Value>(t).expect("fixture is JSON");
    if path.extension().is_some_and(|x| x == "jsonl") {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(k, l)| (format!("{}:{}", path.display(), k + 1), parse(l)))
            .collect()
    } else {
        vec![(path.display().to_string(), parse(&text))]
    }
}

#[test]
fn renju_fixtures_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/renju");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/renju exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json" || x == "jsonl"))
        .collect();
    names.sort();
    let all: Vec<(String, Value)> = names.iter().flat_map(|p| cases(p)).collect();
    assert!(
        all.len() >= 150,
        "expected the renju fixtures, found {}",
        all.len()
    );
    let mut failures = Vec::new();
    for (name, case) in &all {
        assert_eq!(case["game"], "renju");
        let input = case["input"].clone();
        let actual = match case["command"].as_str() {
            Some("check") => run(input, renju_core::check),
            Some("move") => run(input, renju_core::r#move),
            Some("validate") => run(input, renju_core::validate),
            Some("mate") => run(input, renju_core::mate),
            other => panic!("{name}: unknown command {other:?}"),
        };
        if !subset(&case["expect"], &actual) {
            failures.push(format!(
                "{name}\n  expected {}\n  actual   {}",
                case["expect"], actual
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing fixtures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
