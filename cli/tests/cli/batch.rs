//! `puzzles batch`: order, shards, expectations, bad cases among good ones, exit codes.

use serde_json::{Value, json};

use crate::{puzzles, scratch};

fn judge_case(secret: &str, guess: &str, expect: Option<Value>) -> String {
    let mut case = json!({"game": "baseball", "command": "judge", "input": {"secret": secret, "guess": guess}});
    if let Some(expect) = expect {
        case["expect"] = expect;
    }
    case.to_string()
}

/// 40 cases in a `.jsonl` file whose verdicts tell them apart, plus two `.json` files.
fn numbered_cases(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    let distinct = |g: &String| {
        g.as_bytes()[0] != g.as_bytes()[1]
            && g.as_bytes()[1] != g.as_bytes()[2]
            && g.as_bytes()[0] != g.as_bytes()[2]
    };
    let lines: Vec<String> = (0..1000)
        .map(|n| format!("{n:03}"))
        .filter(distinct)
        .take(40)
        .map(|guess| judge_case("123", &guess, None))
        .collect();
    std::fs::create_dir_all(dir.join("b")).unwrap();
    std::fs::write(dir.join("b/lines.jsonl"), lines.join("\n") + "\n\n").unwrap();
    std::fs::write(
        dir.join("a.json"),
        judge_case("123", "321", Some(json!({"strikes": 1, "balls": 2}))),
    )
    .unwrap();
    std::fs::write(
        dir.join("c.json"),
        judge_case("123", "123", Some(json!({"strikes": 3}))),
    )
    .unwrap();
    std::fs::write(dir.join("ignored.txt"), "not a case").unwrap();
    dir
}

fn case_names(lines: &[Value]) -> Vec<String> {
    lines
        .iter()
        .map(|l| l["case"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn cases_come_out_in_sorted_input_order_whatever_the_jobs() {
    let dir = numbered_cases("batch_order");
    let root = dir.to_str().unwrap();
    let run = puzzles(&["batch", "--jobs", "4", root], "");
    assert_eq!(run.code, 0, "{run:?}");
    let lines = run.json_lines();
    let mut expected = vec![format!("{root}/a.json")];
    expected.extend((1..=40).map(|n| format!("{root}/b/lines.jsonl:{n}")));
    expected.push(format!("{root}/c.json"));
    assert_eq!(case_names(&lines), expected);
    assert_eq!(lines[0]["pass"], true);
    assert_eq!(lines[1]["pass"], Value::Null);
    assert_eq!(lines[1]["verdict"], json!({"strikes": 0, "balls": 2})); // 012 against 123

    assert_eq!(lines[0]["game"], "baseball");
    assert_eq!(lines[0]["command"], "judge");
    assert!(
        run.stderr
            .contains("42 cases: 2 passed, 0 failed, 0 invalid, 40 without expect"),
        "{}",
        run.stderr
    );
    let one_job = puzzles(&["batch", "--jobs", "1", root], "");
    assert_eq!(one_job.stdout, run.stdout);
}

#[test]
fn shards_are_disjoint_and_cover_every_case() {
    let dir = numbered_cases("batch_shards");
    let root = dir.to_str().unwrap();
    let all = case_names(&puzzles(&["batch", root], "").json_lines());
    let mut union = Vec::new();
    for k in 1..=3 {
        let run = puzzles(&["batch", "--shard", &format!("{k}/3"), root], "");
        assert_eq!(run.code, 0);
        let names = case_names(&run.json_lines());
        assert!(!names.is_empty());
        union.extend(names);
    }
    union.sort();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(union, sorted);
}

#[test]
fn a_failed_expectation_exits_1_with_json_pointers() {
    let dir = scratch("batch_failed");
    let case = judge_case(
        "123",
        "321",
        Some(json!({"strikes": 1, "balls": 1, "extra": {"x": 1}})),
    );
    std::fs::write(dir.join("wrong.json"), case).unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 1, "{run:?}");
    let line = &run.json_lines()[0];
    assert_eq!(line["pass"], false);
    assert_eq!(
        line["mismatches"],
        json!([
            {"path": "/balls", "expected": 1, "actual": 2},
            {"path": "/extra", "expected": {"x": 1}, "actual": null}
        ])
    );
}

#[test]
fn a_bad_case_among_good_ones_keeps_every_verdict_and_exits_2() {
    let dir = scratch("batch_bad_case");
    let good = judge_case("123", "321", Some(json!({"balls": 2})));
    let lines = [
        good.clone(),
        "{\"game\": \"baseball\", \"command\": \"judge\", \"input\": {\"secret\": \"123\", \"guess\": \"12\"}}".into(),
        "{not json".into(),
        "{\"game\": \"chess\", \"command\": \"mate\", \"input\": {}}".into(),
        "{\"game\": \"baseball\", \"command\": \"judge\",\n\"input\": {\"secret\": \"123\"}}".replace('\n', " "),
        good,
    ];
    std::fs::write(dir.join("mixed.jsonl"), lines.join("\n")).unwrap();
    std::fs::write(dir.join("z.json"), "{\"game\": \"baseball\", \"command\": \"judge\",\n \"input\": {\"secret\": \"123\", \"guess\": [1]}}").unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{run:?}");
    let out = run.json_lines();
    assert_eq!(out.len(), 7);
    assert_eq!(out[0]["pass"], true);
    assert_eq!(out[1]["error"]["kind"], "invalid");
    assert_eq!(out[1]["error"]["path"], "/guess");
    assert_eq!(out[2]["error"]["kind"], "syntax");
    assert_eq!(out[2]["error"]["line"], 3);
    assert_eq!(out[3]["error"]["kind"], "case");
    assert_eq!(out[3]["error"]["path"], "/game");
    assert_eq!(out[4]["error"]["kind"], "shape");
    assert!(
        out[4]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("missing field `guess`")
    );
    assert_eq!(out[5]["pass"], true);
    // The position of a shape error inside `input` is the file's, not the fragment's.
    assert_eq!(out[6]["error"]["path"], "/guess");
    assert_eq!(
        (
            out[6]["error"]["line"].as_u64(),
            out[6]["error"]["column"].as_u64()
        ),
        (Some(2), Some(37))
    );
    assert!(out[1].get("verdict").is_none());
    assert!(
        run.stderr
            .contains("7 cases: 2 passed, 0 failed, 5 invalid"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_expected_error_passes() {
    let dir = scratch("batch_expected_error");
    let case = json!({
        "game": "baseball", "command": "judge",
        "input": {"secret": "123", "guess": "1x3"},
        "expect": {"error": {"kind": "invalid", "path": "/guess"}}
    });
    std::fs::write(dir.join("bad-guess.json"), case.to_string()).unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json_lines()[0]["pass"], true);

    // An expected error that does not come is a failed expectation.
    let case = json!({
        "game": "baseball", "command": "judge",
        "input": {"secret": "123", "guess": "143"},
        "expect": {"error": {"kind": "invalid"}}
    });
    std::fs::write(dir.join("bad-guess.json"), case.to_string()).unwrap();
    assert_eq!(puzzles(&["batch", dir.to_str().unwrap()], "").code, 1);
}

#[test]
fn a_missing_path_is_reported_as_a_case() {
    let run = puzzles(&["batch", "no/such/folder.json"], "");
    assert_eq!(run.code, 2);
    let out = run.json_lines();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0]["error"]["kind"], "io");
}
