//! Runs the batch fixtures of `fixtures/fitpuzzle` through the library, with the contract's
//! subset matching (objects recursively, arrays whole), so `cargo test -p fitpuzzle-core`
//! checks them even without the CLI. Errors are classified as the CLI does: `shape` when the
//! input does not deserialize (with the JSON path serde_path_to_error finds), `invalid` when `solve` returns an `InputError`.

use fitpuzzle_core::{SolveInput, solve};
use serde_json::{Value, json};
use std::path::PathBuf;

fn subset(expected: &Value, actual: &Value, path: &str, faults: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                match a.get(k) {
                    Some(av) => subset(ev, av, &format!("{path}/{k}"), faults),
                    None => faults.push(format!("{path}/{k} missing")),
                }
            }
        }
        _ if expected == actual => {}
        _ => faults.push(format!("{path}: expected {expected}, got {actual}")),
    }
}

#[test]
fn every_fixture_passes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/fitpuzzle");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "fixtures found: {}", files.len());
    let mut faults = Vec::new();
    for file in &files {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        assert_eq!(case["game"], "fitpuzzle");
        assert_eq!(case["command"], "solve");
        let actual = match serde_path_to_error::deserialize::<_, SolveInput>(&case["input"]) {
            Err(e) => {
                let path: String = e
                    .path()
                    .iter()
                    .map(|seg| match seg {
                        serde_path_to_error::Segment::Seq { index } => format!("/{index}"),
                        serde_path_to_error::Segment::Map { key } => format!("/{key}"),
                        other => format!("/{other}"),
                    })
                    .collect();
                json!({"error": {"kind": "shape", "path": path, "message": e.inner().to_string()}})
            }
            Ok(input) => match solve(input) {
                Ok(v) => serde_json::to_value(v).unwrap(),
                Err(e) => {
                    json!({"error": {"kind": "invalid", "path": e.path, "message": e.message}})
                }
            },
        };
        let mut f = Vec::new();
        subset(&case["expect"], &actual, "", &mut f);
        faults.extend(f.into_iter().map(|m| format!("{}: {m}", file.display())));
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
