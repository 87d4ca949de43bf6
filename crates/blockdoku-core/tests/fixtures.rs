//! Runs every case of `fixtures/blockdoku` through the library, the way `puzzles batch`
//! does through the CLI: `expect` must match the verdict as a subset (objects recursively,
//! arrays whole); an expected `invalid` error must be an `InputError` at the given path, an
//! expected `shape` error must fail to deserialise.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn run<I: DeserializeOwned, V: Serialize>(
    input: &Value,
    f: fn(I) -> Result<V, blockdoku_core::InputError>,
) -> Value {
    match serde_json::from_value::<I>(input.clone()) {
        Err(e) => serde_json::json!({"error": {"kind": "shape", "message": e.to_string()}}),
        Ok(i) => match f(i) {
            Ok(v) => serde_json::to_value(v).expect("verdicts serialise"),
            Err(e) => {
                serde_json::json!({"error": {"kind": "invalid", "path": e.path, "message": e.message}})
            }
        },
    }
}

fn dispatch(command: &str, input: &Value) -> Value {
    use blockdoku_core as b;
    match command {
        "clear" => run(input, b::clear),
        "place" => run(input, b::place),
        "fits" => run(input, b::fits),
        "play" => run(input, b::play),
        "best" => run(input, b::best),
        "selfplay" => run(input, b::selfplay),
        other => panic!("unknown command {other}"),
    }
}

fn subset(expect: &Value, actual: &Value, path: &str, out: &mut Vec<String>) {
    match (expect, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, v) in e {
                match a.get(k) {
                    Some(av) => subset(v, av, &format!("{path}/{k}"), out),
                    None => out.push(format!("{path}/{k}: missing")),
                }
            }
        }
        _ if expect == actual => {}
        _ => out.push(format!("{path}: expected {expect}, got {actual}")),
    }
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("fixtures folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("json" | "jsonl")
        ) {
            out.push(p);
        }
    }
}

#[test]
fn every_fixture_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/blockdoku");
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    assert!(paths.len() >= 10, "fixtures missing in {}", dir.display());
    let mut failures = Vec::new();
    let mut count = 0;
    for p in paths {
        let text = std::fs::read_to_string(&p).expect("readable");
        let cases: Vec<(String, Value)> = if p.extension().and_then(|e| e.to_str()) == Some("jsonl")
        {
            text.lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, l)| {
                    (
                        format!("{}:{}", p.display(), i + 1),
                        serde_json::from_str(l).expect("case is JSON"),
                    )
                })
                .collect()
        } else {
            vec![(
                p.display().to_string(),
                serde_json::from_str(&text).expect("case is JSON"),
            )]
        };
        for (name, case) in cases {
            count += 1;
            assert_eq!(case["game"], "blockdoku", "{name}");
            let verdict = dispatch(case["command"].as_str().expect("command"), &case["input"]);
            let mut diffs = Vec::new();
            subset(&case["expect"], &verdict, "", &mut diffs);
            if !diffs.is_empty() {
                failures.push(format!("{name}: {diffs:?}\n  verdict: {verdict}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{count} cases, failures:\n{}",
        failures.join("\n")
    );
}
