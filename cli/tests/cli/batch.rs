//! `puzzles batch`: order, shards, expectations, bad cases among good ones, exit codes.

use serde_json::{Value, json};

use crate::{puzzles, scratch};

/// A baseball `judge` case, with `expect` when given.
pub fn judge_case(secret: &str, guess: &str, expect: Option<Value>) -> String {
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
    let case = judge_case("123", "321", Some(json!({"strikes": 1, "balls": 1})));
    std::fs::write(dir.join("wrong.json"), case).unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 1, "{run:?}");
    let line = &run.json_lines()[0];
    assert_eq!(line["pass"], false);
    assert_eq!(
        line["mismatches"],
        json!([{"path": "/balls", "expected": 1, "actual": 2}])
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
    // The position of a shape error inside `input` is the file's, not the fragment's, and
    // it is where the faulty value (`[1]`) starts.
    assert_eq!(out[6]["error"]["path"], "/guess");
    assert_eq!(
        (
            out[6]["error"]["line"].as_u64(),
            out[6]["error"]["column"].as_u64()
        ),
        (Some(2), Some(38))
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

/// A file of one passing, one failing and one invalid case, plus a second file that passes.
fn report_cases(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    let lines = [
        judge_case("123", "321", Some(json!({"balls": 2}))),
        judge_case("123", "321", Some(json!({"strikes": 3}))),
        judge_case("123", "12", None),
    ];
    std::fs::write(dir.join("a.jsonl"), lines.join("\n") + "\n").unwrap();
    std::fs::write(
        dir.join("b.json"),
        judge_case("123", "123", Some(json!({"strikes": 3}))),
    )
    .unwrap();
    dir
}

/// The JUnit document as CI tools read it: `<testsuites>` of one `<testsuite>` per file, one
/// `<testcase>` per case, counts that add up, a `<failure>` for a failed expectation and an
/// `<error>` for an invalid case.
#[test]
fn junit_report_parses_with_one_testcase_per_case() {
    let dir = report_cases("batch_junit");
    let run = puzzles(&["batch", "--report", "junit", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{run:?}");
    let doc = roxmltree::Document::parse(&run.stdout)
        .unwrap_or_else(|e| panic!("not XML: {e}\n{}", run.stdout));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(root.attribute("tests"), Some("4"));
    assert_eq!(root.attribute("failures"), Some("1"));
    assert_eq!(root.attribute("errors"), Some("1"));
    let suites: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    assert_eq!(suites.len(), 2);
    assert!(suites.iter().all(|s| s.tag_name().name() == "testsuite"));
    assert_eq!(suites[0].attribute("tests"), Some("3"));
    assert_eq!(suites[1].attribute("tests"), Some("1"));

    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let names: Vec<_> = cases.iter().map(|c| c.attribute("name").unwrap()).collect();
    let root_name = dir.to_str().unwrap();
    assert_eq!(
        names,
        [
            format!("{root_name}/a.jsonl:1"),
            format!("{root_name}/a.jsonl:2"),
            format!("{root_name}/a.jsonl:3"),
            format!("{root_name}/b.json"),
        ]
    );
    assert!(
        cases
            .iter()
            .all(|c| c.attribute("classname") == Some("baseball.judge"))
    );
    // (message, text) of a case's child element.
    let child = |case: &roxmltree::Node, tag: &str| {
        case.children().find(|n| n.has_tag_name(tag)).map(|n| {
            let message = n.attribute("message").unwrap_or("").to_string();
            (message, n.text().unwrap_or("").to_string())
        })
    };
    assert!(child(&cases[0], "failure").is_none() && child(&cases[0], "error").is_none());
    let (message, text) = child(&cases[1], "failure").expect("a failure element");
    assert!(
        message.contains("expected /strikes = 3, got 1"),
        "{message}"
    );
    assert!(text.contains("/strikes"), "{text}");
    let (message, _) = child(&cases[2], "error").expect("an error element");
    assert!(message.contains("guess"), "{message}");
    assert!(child(&cases[3], "failure").is_none());
}

#[test]
fn github_report_annotates_failing_cases_on_stderr() {
    let dir = report_cases("batch_github");
    let run = puzzles(&["batch", "--report", "github", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{run:?}");
    // stdout stays JSON Lines, one line per case.
    assert_eq!(run.json_lines().len(), 4);
    let annotations: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("::error "))
        .collect();
    let file = format!("{}/a.jsonl", dir.to_str().unwrap()).replace(':', "%3A");
    assert_eq!(annotations.len(), 2, "{}", run.stderr);
    assert!(
        annotations[0].starts_with(&format!(
            "::error file={file},line=2,title=puzzles batch%3A baseball judge::"
        )),
        "{}",
        annotations[0]
    );
    assert!(annotations[0].contains("expected /strikes = 3, got 1"));
    assert!(annotations[1].starts_with(&format!("::error file={file},line=3,")));
}

/// `--fail-fast` stops at the first failing case in input order and still prints whole
/// documents: every earlier case's line, or a JUnit document that parses.
#[test]
fn fail_fast_stops_at_the_first_failure_with_well_formed_output() {
    let dir = scratch("batch_fail_fast");
    let mut lines: Vec<String> = (0..500)
        .map(|_| judge_case("123", "321", Some(json!({"balls": 2}))))
        .collect();
    lines[200] = judge_case("123", "321", Some(json!({"balls": 3})));
    std::fs::write(dir.join("many.jsonl"), lines.join("\n")).unwrap();
    let root = dir.to_str().unwrap();

    let run = puzzles(&["batch", "--fail-fast", "--jobs", "2", root], "");
    assert_eq!(run.code, 1, "{run:?}");
    let out = run.json_lines();
    assert_eq!(
        out.len(),
        201,
        "every case before the failure, then the failure"
    );
    assert_eq!(out[200]["pass"], false);
    assert!(run.stderr.contains("--fail-fast"), "{}", run.stderr);

    let run = puzzles(&["batch", "--fail-fast", "--report", "junit", root], "");
    assert_eq!(run.code, 1);
    let doc = roxmltree::Document::parse(&run.stdout).expect("well-formed XML");
    let cases = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .count();
    assert_eq!(cases, 201);
}

#[test]
fn an_empty_batch_is_a_usage_error() {
    let dir = scratch("batch_empty");
    std::fs::write(dir.join("notes.txt"), "no cases here").unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("no cases"), "{}", run.stderr);
}

/// One bad line spoils only itself: invalid UTF-8, trailing text after a case, an array.
#[test]
fn a_bad_line_in_a_jsonl_file_spoils_only_itself() {
    let dir = scratch("batch_bad_line");
    let good = judge_case("123", "321", Some(json!({"balls": 2})));
    let mut bytes = Vec::new();
    bytes.extend_from_slice(good.as_bytes());
    bytes.extend_from_slice(b"\n{\"game\": \"baseball\", \"note\": \"caf\xe9\"}\n");
    bytes.extend_from_slice(format!("{good} trailing\n").as_bytes());
    bytes.extend_from_slice(b"[\"123\", \"321\"]\n");
    bytes.extend_from_slice(good.as_bytes());
    std::fs::write(dir.join("bytes.jsonl"), bytes).unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{run:?}");
    let out = run.json_lines();
    assert_eq!(out.len(), 5);
    assert_eq!(out[0]["pass"], true);
    assert_eq!(out[1]["error"]["kind"], "syntax");
    assert_eq!(out[2]["error"]["kind"], "syntax");
    assert_eq!(out[2]["error"]["line"], 3);
    assert!(out[3]["error"].is_object());
    assert_eq!(out[4]["pass"], true);
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_does_not_repeat_cases() {
    let dir = scratch("batch_symlink_loop");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(
        dir.join("sub/one.json"),
        judge_case("123", "321", Some(json!({"balls": 2}))),
    )
    .unwrap();
    std::os::unix::fs::symlink("..", dir.join("sub/up")).unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json_lines().len(), 1);
}
