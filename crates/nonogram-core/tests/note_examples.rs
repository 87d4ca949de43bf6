//! The design note's worked examples (`fixtures/nonogram/line-note-*.json`) through the
//! library: each case's `expect` must hold, and its input and verdict are snapshotted so any
//! change of the classic rules shows in review. Strict-mode cases are run the same way.

use nonogram_core::{LineInput, line};
use serde_json::{Value, json};

/// `expect` matches as a subset: objects recursively, everything else whole.
fn assert_subset(expected: &Value, actual: &Value, at: &str) {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, v) in e {
                let got = a.get(k).unwrap_or_else(|| panic!("{at}/{k} missing"));
                assert_subset(v, got, &format!("{at}/{k}"));
            }
        }
        _ => assert_eq!(expected, actual, "at {at}"),
    }
}

fn run_case(path: &std::path::Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    let case: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(case["game"], "nonogram");
    assert_eq!(case["command"], "line");
    let input: LineInput = serde_json::from_value(case["input"].clone()).unwrap();
    let verdict = serde_json::to_value(line(input).unwrap()).unwrap();
    assert_subset(&case["expect"], &verdict, "");
    json!({"input": case["input"], "verdict": verdict})
}

#[test]
fn note_examples() {
    insta::glob!("../../../fixtures/nonogram", "line-note-*.json", |path| {
        insta::assert_json_snapshot!(run_case(path));
    });
}

#[test]
fn strict_examples() {
    insta::glob!("../../../fixtures/nonogram", "line-strict-*.json", |path| {
        insta::assert_json_snapshot!(run_case(path));
    });
}
