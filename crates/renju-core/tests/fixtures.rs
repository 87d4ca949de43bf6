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

#[test]
fn renju_fixtures_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/renju");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/renju exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    names.sort();
    assert!(
        names.len() >= 40,
        "expected the renju fixtures, found {}",
        names.len()
    );
    let mut failures = Vec::new();
    for path in &names {
        let text = std::fs::read_to_string(path).expect("readable");
        let case: Value = serde_json::from_str(&text).expect("fixture is JSON");
        assert_eq!(case["game"], "renju");
        let input = case["input"].clone();
        let actual = match case["command"].as_str() {
            Some("check") => run(input, renju_core::check),
            Some("move") => run(input, renju_core::r#move),
            Some("validate") => run(input, renju_core::validate),
            Some("mate") => run(input, renju_core::mate),
            other => panic!("{}: unknown command {other:?}", path.display()),
        };
        if !subset(&case["expect"], &actual) {
            failures.push(format!(
                "{}\n  expected {}\n  actual   {}",
                path.display(),
                case["expect"],
                actual
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
