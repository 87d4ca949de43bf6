//! `puzzles renju mate`: every answer of the mate fixtures replayed by the library's verifier,
//! timeouts, and bad input.

use renju_core::mate::ProofNode;
use renju_core::mate::proof::Proof;
use renju_core::mate::verify::{Terms, verify_line, verify_proof};
use renju_core::mate::{MateEnd, MateInput, MateKind, Threats, mate_position};
use renju_core::notation::{MoveSpec, ParsedMove};
use renju_core::{Point, Rule};
use serde_json::{Value, json};

use crate::{puzzles, workspace};

fn point(text: &str) -> Point {
    match MoveSpec::Text(text.into()).parse() {
        Ok(ParsedMove::At(p)) => p,
        other => panic!("not a point: {text}: {other:?}"),
    }
}

/// A case of fixtures/renju.
fn fixture(name: &str) -> Value {
    let path = workspace().join("fixtures/renju").join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn from_json<T: serde::de::DeserializeOwned>(v: &Value) -> T {
    serde_json::from_value(v.clone()).unwrap()
}

/// Runs one mate input with its proof tree and, for a win, replays its line and checks its
/// proof with the library's rules-only verifiers.
fn run_and_verify(input: &Value) -> Value {
    let mut input = input.clone();
    input["proof"] = json!(true);
    let input = &input;
    let run = puzzles(&["renju", "mate"], &input.to_string());
    assert_eq!(run.code, 0, "{run:?}");
    let verdict = run.json();
    if verdict["status"] == "win" {
        let parsed: MateInput = from_json(input);
        let (board, attacker) = mate_position(&parsed).unwrap();
        assert_eq!(verdict["attacker"], json!(attacker.name()));
        let rule: Rule = from_json(input.get("rule").unwrap_or(&json!("renju")));
        let kind: MateKind = from_json(input.get("kind").unwrap_or(&json!("vcf")));
        let end: MateEnd = from_json(&verdict["end"]);
        let line: Vec<Point> = verdict["line"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| point(m.as_str().unwrap()))
            .collect();
        let threats: Threats = from_json(input.get("threats").unwrap_or(&json!("threes")));
        let terms = Terms {
            rule,
            kind,
            threats,
        };
        let depth = verify_line(&board, attacker, terms, &line, end)
            .unwrap_or_else(|e| panic!("{e}: {verdict}"));
        assert_eq!(json!(depth), verdict["depth"]);
        let proof: ProofNode = from_json(&verdict["proof"]);
        let proof = Proof::try_from(&proof).unwrap();
        let proven = verify_proof(&board, attacker, terms, &proof, depth)
            .unwrap_or_else(|e| panic!("{e}: {verdict}"));
        assert_eq!(proven, depth);
        // The listed first moves (when asked) include the line's; the library's tests prove
        // that each listed move wins and no other does.
        if let Some(first) = verdict["first_moves"].as_array() {
            assert!(first.contains(&verdict["line"][0]), "{verdict}");
        }
    }
    verdict
}

#[test]
fn every_mate_fixture_answer_replays() {
    let dir = workspace().join("fixtures/renju");
    let mut wins = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !name.starts_with("mate-") || name.starts_with("mate-bad-") {
            continue;
        }
        let case: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let verdict = run_and_verify(&case["input"]);
        wins += usize::from(verdict["status"] == "win");
    }
    assert!(wins >= 5, "{wins} winning fixtures");
}

#[test]
fn a_forbidden_block_ends_the_line_and_gomoku_has_no_such_win() {
    let case = fixture("mate-vcf-forbidden-defence.json");
    let renju = run_and_verify(&case["input"]);
    assert_eq!(renju["end"], "forbidden_block");
    let mut gomoku = case["input"].clone();
    gomoku["rule"] = json!("gomoku");
    assert_eq!(run_and_verify(&gomoku)["status"], "no_win");
}

#[test]
fn timeouts_say_so() {
    // No time at all: the search stops at its first position (decided without a clock race).
    let input = json!({
        "moves": ["h8", "h9", "i8", "g8", "i9", "i10", "j10", "g7", "g9", "k11", "f8", "e9"],
        "kind": "vct",
        "max_depth": 30,
        "timeout_ms": 0
    });
    let run = puzzles(&["renju", "mate"], &input.to_string());
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json()["status"], "timeout");
    // `--timeout 0` (no limit) replaces the input's zero: the search now answers.
    let short =
        json!({"moves": ["h8", "h9", "i8"], "kind": "vct", "max_depth": 3, "timeout_ms": 0});
    let run = puzzles(&["renju", "mate", "--timeout", "0"], &short.to_string());
    assert_eq!(run.json()["status"], "no_win", "{run:?}");
}

#[test]
fn bad_mate_input_names_its_path() {
    for (input, path) in [
        (json!({"max_depth": 0}), "/max_depth"),
        (json!({"max_depth": 200}), "/max_depth"),
        (json!({"kind": "vcx"}), "/kind"),
        (json!({"moves": ["h8", "h8"]}), "/moves/1"),
        (
            json!({"moves": ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"]}),
            "/moves",
        ),
    ] {
        let run = puzzles(&["renju", "mate"], &input.to_string());
        assert_eq!(run.code, 2, "{run:?}");
        assert_eq!(run.json()["error"]["path"], path, "{run:?}");
        assert!(!run.stderr.is_empty());
    }
}

#[test]
fn render_with_mate_draws_the_line_the_mate_command_finds() {
    let case = fixture("mate-vcf-forbidden-defence.json");
    let mut input = case["input"].clone();
    let verdict = puzzles(&["renju", "mate"], &input.to_string()).json();
    let line = verdict["line"].as_array().unwrap();
    assert!(!line.is_empty(), "{verdict}");
    // The same search as a render's `mate` request (which lists no first moves).
    let fields = input.as_object_mut().unwrap();
    let mut mate = serde_json::Map::new();
    for key in ["kind", "max_depth", "timeout_ms"] {
        if let Some(v) = fields.remove(key) {
            mate.insert(key.to_string(), v);
        }
    }
    fields.remove("all_first_moves");
    fields.insert("mate".to_string(), Value::Object(mate));
    let run = puzzles(&["renju", "render"], &input.to_string());
    assert_eq!(run.code, 0, "{run:?}");
    let doc = roxmltree::Document::parse(&run.stdout).unwrap_or_else(|e| panic!("{e}"));
    let group = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("mate"))
        .expect("a mate group");
    let stones = group.children().filter(|n| n.has_tag_name("circle"));
    assert_eq!(stones.count(), line.len());
    let numbers: Vec<&str> = group
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    let expected: Vec<String> = (1..=line.len()).map(|k| k.to_string()).collect();
    assert_eq!(numbers, expected);
    let caption: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(
        caption
            .iter()
            .any(|t| t.contains("may not block the last four")),
        "{caption:?}"
    );
    // A bad option is an input error under /mate.
    input["mate"]["max_depth"] = json!(0);
    let run = puzzles(&["renju", "render"], &input.to_string());
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.json()["error"]["path"], "/mate/max_depth");
}
