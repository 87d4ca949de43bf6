//! The `.non` and webpbn XML fixtures of `fixtures/nonogram/` read to the same puzzle as the
//! JSON fixture `solve-unique-dancer.json` and solve to its expected picture (the CLI's
//! `puzzles nonogram solve FILE.non` runs exactly this parser and solver).

use nonogram_core::formats::{Format, parse_puzzle};
use nonogram_core::solver::{SolveInput, SolveStatus, solve};
use std::path::PathBuf;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/nonogram")
}

#[test]
fn non_and_xml_fixtures_match_the_json_case() {
    let case: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures().join("solve-unique-dancer.json")).expect("json case"),
    )
    .expect("json");
    let json_input: SolveInput = serde_json::from_value(case["input"].clone()).expect("input");
    let picture: Vec<String> =
        serde_json::from_value(case["expect"]["solution"].clone()).expect("solution");
    for (file, format) in [
        ("solve-dancer.non", Format::Non),
        ("solve-dancer.xml", Format::Xml),
    ] {
        let text = std::fs::read_to_string(fixtures().join(file)).expect("fixture file");
        assert_eq!(Format::from_path(file), Some(format));
        let input = parse_puzzle(&text, format).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(input, json_input, "{file}");
        let v = solve(input).expect("valid puzzle");
        assert_eq!(v.status, SolveStatus::Unique, "{file}");
        assert_eq!(v.solution.as_ref(), Some(&picture), "{file}");
    }
}
