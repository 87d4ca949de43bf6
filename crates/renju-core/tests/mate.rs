//! Every winning mate fixture, checked against the definitions: its `depth` is the least
//! `max_depth` that wins (asked again at exactly that depth the answer is the same win, and
//! one move shallower it is `no_win`), and its proof tree, checked with the rules alone
//! against every legal reply, wins within that depth.

use renju_core::mate::proof::Proof;
use renju_core::mate::verify::{Terms, verify_proof};
use renju_core::mate::{MateInput, MateStatus, MateVerdict, mate_position};
use serde_json::{Value, json};
use std::path::Path;

fn mate(input: &Value) -> MateVerdict {
    let input: MateInput = serde_json::from_value(input.clone()).expect("a mate input");
    renju_core::mate(input).expect("a valid position")
}

/// The mate fixtures whose answer is a win: name, input and the `depth` they expect.
fn winning_cases() -> Vec<(String, Value, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/renju");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("fixtures/renju exists") {
        let path = entry.expect("entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("mate-") || name.starts_with("mate-bad-") {
            continue;
        }
        let case: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).expect("JSON");
        if case["expect"]["status"] == "win" {
            out.push((name, case["input"].clone(), case["expect"]["depth"].clone()));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_winning_fixture_depth_is_the_least_max_depth_that_wins() {
    let cases = winning_cases();
    assert!(cases.len() >= 6, "{} winning mate fixtures", cases.len());
    let mut vct = 0;
    for (name, input, expected) in cases {
        let verdict = mate(&input);
        assert_eq!(verdict.status, MateStatus::Win, "{name}");
        let depth = verdict.depth.expect("a win has a depth");
        // The depth proved least is the one the fixture states.
        assert_eq!(expected, json!(depth), "{name}");
        let at = |max_depth: u32| {
            let mut input = input.clone();
            input["max_depth"] = max_depth.into();
            input["all_first_moves"] = false.into();
            mate(&input)
        };
        let exact = at(depth);
        assert_eq!(exact.status, MateStatus::Win, "{name} at max_depth {depth}");
        assert_eq!(exact.depth, Some(depth), "{name} at max_depth {depth}");
        if depth > 1 {
            let shallower = at(depth - 1);
            assert_eq!(
                shallower.status,
                MateStatus::NoWin,
                "{name} at max_depth {}",
                depth - 1
            );
        }
        vct += usize::from(input["kind"] == "vct");
    }
    assert!(vct >= 3, "{vct} winning VCT fixtures");
}

#[test]
fn every_winning_fixture_has_a_proof_tree_that_wins_against_every_defence() {
    let mut checked = 0;
    for (name, mut input, _) in winning_cases() {
        input["proof"] = json!(true);
        let verdict = mate(&input);
        let depth = verdict.depth.expect("a win");
        let node = verdict.proof.as_ref().expect("asked for a proof");
        assert_eq!(json!(node.attack), verdict.line[0].as_str(), "{name}");
        let proof = Proof::try_from(node).expect("points of the board");
        let input: MateInput = serde_json::from_value(input).unwrap();
        let (board, attacker) = mate_position(&input).expect("a position");
        let terms = Terms {
            rule: input.rule,
            kind: input.kind,
            threats: input.threats,
        };
        let proven = verify_proof(&board, attacker, terms, &proof, depth)
            .unwrap_or_else(|fault| panic!("{name}: {fault}"));
        assert_eq!(proven, depth, "{name}");
        checked += 1;
    }
    assert!(checked >= 6, "{checked} proofs checked");
}
