//! Case names and stable ids: `"name"` makes a case's id `file#name` (in JSON Lines, JUnit,
//! `--filter`, `--durations`), `file:3` still selects a line, and `--last-failed` never runs
//! another case than the one that failed, however the lines move; `--name-missing` writes
//! names in.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::{puzzles_command, run_with_stdin, scratch, workspace};

/// `puzzles batch ARGS` run in `dir`, keeping its record of failing cases there.
fn batch_in(dir: &Path, args: &[&str]) -> crate::Run {
    let mut command = puzzles_command();
    command
        .current_dir(dir)
        .env("PUZZLES_CACHE_DIR", dir.join("record"))
        .arg("batch")
        .args(args);
    run_with_stdin(command, b"")
}

/// The fixture file `judge-cases.jsonl` copied to a scratch folder, its third case broken.
fn broken_judge_cases(name: &str) -> (PathBuf, Vec<String>) {
    let dir = scratch(name);
    let text =
        std::fs::read_to_string(workspace().join("fixtures/baseball/judge-cases.jsonl")).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[2] = lines[2].replace(
        "\"strikes\": 0, \"balls\": 0",
        "\"strikes\": 9, \"balls\": 0",
    );
    assert!(lines[2].contains("\"strikes\": 9"), "{}", lines[2]);
    std::fs::write(dir.join("judge-cases.jsonl"), lines.join("\n") + "\n").unwrap();
    (dir, lines)
}

/// A line inserted above a failing case must not make `--last-failed` run the new line in
/// its place, pass, exit 0 and forget the failure.
#[test]
fn last_failed_runs_the_case_that_failed_after_a_line_is_inserted() {
    let (dir, mut lines) = broken_judge_cases("names_inserted_line");
    let first = batch_in(&dir, &["judge-cases.jsonl"]);
    assert_eq!(first.code, 1, "{first:?}");
    lines.insert(0, lines[0].clone());
    std::fs::write(dir.join("judge-cases.jsonl"), lines.join("\n") + "\n").unwrap();

    let again = batch_in(&dir, &["judge-cases.jsonl", "--last-failed"]);
    assert_eq!(again.code, 1, "{again:?}");
    assert_eq!(again.case_ids(), ["judge-cases.jsonl:4"]);
    let line = &again.json_lines()[0];
    assert_eq!(line["mismatches"][0]["path"], "/strikes", "{line}");

    // Fixed by hand: the record no longer matches anything, and says so.
    lines[3] = lines[3].replace("\"strikes\": 9", "\"strikes\": 0");
    std::fs::write(dir.join("judge-cases.jsonl"), lines.join("\n") + "\n").unwrap();
    let fixed = batch_in(&dir, &["judge-cases.jsonl", "--last-failed"]);
    assert_eq!(fixed.code, 0, "{fixed:?}");
    assert!(
        fixed.stderr.contains("judge-cases.jsonl:4") && fixed.stderr.contains("match no case now"),
        "{}",
        fixed.stderr
    );
    let quiet = batch_in(&dir, &["judge-cases.jsonl", "--last-failed"]);
    assert!(!quiet.stderr.contains("match no case"), "{}", quiet.stderr);
}

/// Dashboards track tests by name: a named case keeps its name in every report wherever its
/// line goes, so an inserted line renames nothing.
#[test]
fn a_named_case_keeps_its_id_in_every_report_when_lines_move() {
    let dir = scratch("names_junit");
    let case = |name: &str, guess: &str, strikes: u32| {
        format!(
            r#"{{"name": "{name}", "game": "baseball", "command": "judge", "input": {{"secret": "123", "guess": "{guess}"}}, "expect": {{"strikes": {strikes}}}}}"#
        )
    };
    let write = |lines: &[String]| {
        std::fs::write(dir.join("c.jsonl"), lines.join("\n") + "\n").unwrap();
    };
    let mut lines = vec![case("all three", "123", 3), case("one off", "124", 9)];
    write(&lines);
    let junit_names = |run: &crate::Run| -> Vec<String> {
        let doc = roxmltree::Document::parse(&run.stdout).expect("JUnit XML");
        doc.descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .map(|n| n.attribute("name").unwrap().to_string())
            .collect()
    };
    let before = batch_in(&dir, &["c.jsonl", "--report", "junit"]);
    assert_eq!(before.code, 1, "{before:?}");
    lines.insert(0, case("new first", "321", 1));
    write(&lines);
    let after = batch_in(&dir, &["c.jsonl", "--report", "junit"]);
    assert_eq!(
        junit_names(&before),
        ["c.jsonl#all three", "c.jsonl#one off"]
    );
    assert_eq!(
        junit_names(&after),
        ["c.jsonl#new first", "c.jsonl#all three", "c.jsonl#one off"]
    );

    // JSON Lines: the id and the name; the id, or the line, selects the case.
    let run = batch_in(&dir, &["c.jsonl#one off"]);
    assert_eq!(run.code, 1, "{run:?}");
    let line = &run.json_lines()[0];
    assert_eq!(line["case"], "c.jsonl#one off");
    assert_eq!(line["name"], "one off");
    let by_line = batch_in(&dir, &["c.jsonl:3"]);
    assert_eq!(by_line.case_ids(), ["c.jsonl#one off"]);
    let missing = batch_in(&dir, &["c.jsonl#nobody"]);
    assert_eq!(missing.code, 2, "{missing:?}");
    assert!(
        missing.stdout.contains("no case of c.jsonl has the name"),
        "{}",
        missing.stdout
    );

    // Annotations, --filter and --durations use the name too.
    let github = batch_in(
        &dir,
        &["c.jsonl", "--report", "github", "--filter", "one off"],
    );
    assert!(
        github.stderr.contains("c.jsonl#one off"),
        "{}",
        github.stderr
    );
    assert_eq!(github.case_ids(), ["c.jsonl#one off"]);
    let slow = batch_in(&dir, &["c.jsonl", "--durations", "0"]);
    assert!(
        slow.stderr.contains(" s  c.jsonl#new first"),
        "{}",
        slow.stderr
    );

    // A failing named case is recorded by name: edited, it is still the one to run again.
    lines[2] = lines[2].replace("\"124\"", "\"125\"");
    write(&lines);
    let rerun = batch_in(&dir, &["c.jsonl", "--lf"]);
    assert_eq!(rerun.case_ids(), ["c.jsonl#one off"]);
}

/// A name met twice in a file makes the second case invalid, naming both lines; a name that
/// cannot be one (empty, a control character) is refused too.
#[test]
fn a_repeated_or_malformed_name_is_an_invalid_case() {
    let dir = scratch("names_repeated");
    let case = |name: &str| {
        format!(
            r#"{{"name": {name}, "game": "baseball", "command": "judge", "input": {{"secret": "123", "guess": "123"}}}}"#
        )
    };
    let lines = [
        case("\"a\""),
        case("\"b\""),
        case("\"a\""),
        case("\"\""),
        case("7"),
    ];
    std::fs::write(dir.join("c.jsonl"), lines.join("\n") + "\n").unwrap();
    let run = batch_in(&dir, &["c.jsonl"]);
    assert_eq!(run.code, 2, "{run:?}");
    let out = run.json_lines();
    assert_eq!(
        run.case_ids(),
        [
            "c.jsonl#a",
            "c.jsonl#b",
            "c.jsonl:3",
            "c.jsonl:4",
            "c.jsonl:5"
        ]
    );
    let message = out[2]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("line 1") && message.contains("\"a\""),
        "{message}"
    );
    assert_eq!(out[2]["error"]["path"], "/name");
    assert_eq!(out[2]["error"]["line"], 3);
    assert_eq!(out[3]["error"]["path"], "/name");
    assert_eq!(out[4]["error"]["kind"], "case");
    assert_eq!(out[4]["error"]["path"], "/name");
}

/// `--name-missing` names every case without a name, from its note or its command, and
/// leaves the rest of each line as it was.
#[test]
fn name_missing_writes_names_in() {
    let dir = scratch("names_missing");
    let lines = [
        r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "123"}, "note": "Three strikes!"}"#,
        r#"{"name": "judge-1", "game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "321"}}"#,
        r#"{"game":"baseball","command":"judge","input":{"secret":"123","guess":"456"}}"#,
    ];
    std::fs::write(dir.join("c.jsonl"), lines.join("\n") + "\n").unwrap();
    std::fs::write(
        dir.join("one.json"),
        "{\n  \"game\": \"baseball\",\n  \"command\": \"judge\",\n  \"input\": {\"secret\": \"1\", \"guess\": \"1\", \"length\": 1}\n}\n",
    )
    .unwrap();
    let run = batch_in(&dir, &[".", "--name-missing"]);
    assert_eq!(run.code, 0, "{run:?}");
    let text = std::fs::read_to_string(dir.join("c.jsonl")).unwrap();
    let named: Vec<&str> = text.lines().collect();
    assert_eq!(
        named[0],
        r#"{"name": "three-strikes", "game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "123"}, "note": "Three strikes!"}"#
    );
    assert_eq!(named[1], lines[1]);
    assert_eq!(
        named[2],
        r#"{"name":"judge-2","game":"baseball","command":"judge","input":{"secret":"123","guess":"456"}}"#
    );
    let one = std::fs::read_to_string(dir.join("one.json")).unwrap();
    assert!(
        one.starts_with("{\n  \"name\": \"judge-1\",\n  \"game\""),
        "{one}"
    );
    let again = batch_in(&dir, &["."]);
    assert_eq!(
        again.case_ids(),
        [
            "./c.jsonl#three-strikes",
            "./c.jsonl#judge-1",
            "./c.jsonl#judge-2",
            "./one.json#judge-1"
        ]
    );
    let values: Vec<Value> = again.json_lines();
    assert!(values.iter().all(|v| v["error"].is_null()), "{values:?}");
}
