//! `puzzles batch` as a fixture test runner: selecting cases by id, `--filter`, `--exclude`,
//! `--last-failed`, `--update`, expect typos, several reports at once, the step summary, input files and the
//! case schema.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::batch::judge_case;
use crate::{puzzles, puzzles_command, run_with_stdin, scratch};

fn case_names(run: &crate::Run) -> Vec<String> {
    run.json_lines()
        .iter()
        .map(|l| l["case"].as_str().unwrap().to_string())
        .collect()
}

/// A `.jsonl` of six cases, the 2nd and 5th failing, and a `.json` that passes.
fn mixed_cases(name: &str) -> PathBuf {
    let dir = scratch(name);
    let lines = [
        judge_case("123", "321", Some(json!({"balls": 2}))),
        judge_case("123", "321", Some(json!({"balls": 3}))),
        judge_case("123", "123", Some(json!({"strikes": 3}))),
        String::new(),
        judge_case("123", "456", Some(json!({"strikes": 0}))),
        judge_case("123", "456", Some(json!({"balls": 1}))),
    ];
    std::fs::write(dir.join("cases.jsonl"), lines.join("\n") + "\n").unwrap();
    std::fs::write(
        dir.join("one.json"),
        judge_case("123", "123", Some(json!({"strikes": 3}))),
    )
    .unwrap();
    dir
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `puzzles batch ARGS` keeping its record of failing cases in `record`.
fn batch_with_record(record: &Path, args: &[&str]) -> crate::Run {
    let mut command = puzzles_command();
    command
        .env("PUZZLES_CACHE_DIR", record)
        .arg("batch")
        .args(args);
    crate::run_with_stdin(command, b"")
}

/// `--last-failed` runs again what failed when it last ran; a narrower run forgets only the
/// cases it saw pass (or accepted with `--update`), and when nothing is left it runs every
/// case and says so.
#[test]
fn last_failed_runs_again_what_failed() {
    let dir = mixed_cases("runner_last_failed");
    let record = dir.join("record");
    let cases = dir.join("cases");
    std::fs::create_dir(&cases).unwrap();
    for name in ["cases.jsonl", "one.json"] {
        std::fs::rename(dir.join(name), cases.join(name)).unwrap();
    }
    let root = path_str(&cases);
    let second = format!("{root}/cases.jsonl:2");
    let fifth = format!("{root}/cases.jsonl:6");

    let first = batch_with_record(&record, &[root]);
    assert_eq!(first.code, 1, "{first:?}");
    assert!(record.join(".gitignore").exists());
    let again = batch_with_record(&record, &["--last-failed", root]);
    assert_eq!(again.code, 1, "{again:?}");
    assert_eq!(case_names(&again), [second.clone(), fifth.clone()]);

    // Accept the 2nd case only: the 5th, which this run did not touch, stays recorded.
    let accept = batch_with_record(&record, &["--lf", "--update", "--filter", ":2", root]);
    assert_eq!(accept.code, 0, "{accept:?}");
    assert_eq!(case_names(&accept), [second]);
    let left = batch_with_record(&record, &["--last-failed", root]);
    assert_eq!(case_names(&left), [fifth]);

    let fixed = batch_with_record(&record, &["--last-failed", "--update", root]);
    assert_eq!(fixed.code, 0, "{fixed:?}");
    let all = batch_with_record(&record, &["--last-failed", root]);
    assert_eq!(all.code, 0, "{all:?}");
    assert_eq!(case_names(&all).len(), 6, "{all:?}");
    assert!(
        all.stderr.contains("no case here failed when it last ran"),
        "{}",
        all.stderr
    );
}

/// A green run in a folder without a record, and any run with `--no-cache`, leave no record;
/// `--last-failed` has nothing to go on for cases read from stdin.
#[test]
fn the_record_is_made_only_for_failures_and_can_be_turned_off() {
    let dir = mixed_cases("runner_no_record");
    let record = dir.join("record");
    let green = batch_with_record(&record, &[path_str(&dir.join("one.json"))]);
    assert_eq!(green.code, 0, "{green:?}");
    assert!(!record.exists());
    let red = batch_with_record(&record, &["--no-cache", path_str(&dir)]);
    assert_eq!(red.code, 1, "{red:?}");
    assert!(!record.exists());
    let both = batch_with_record(&record, &["--no-cache", "--last-failed", path_str(&dir)]);
    assert_eq!(both.code, 2, "{both:?}");
    let stdin = batch_with_record(&record, &["--last-failed", "-"]);
    assert_eq!(stdin.code, 2, "{stdin:?}");
    assert!(stdin.stderr.contains("--last-failed"), "{}", stdin.stderr);
}

/// Every case id a batch prints can be passed back: the failures of a run, fed back as
/// arguments (as `jq ... | xargs puzzles batch` would), run those cases alone.
#[test]
fn failing_case_ids_run_again_alone() {
    let dir = mixed_cases("runner_ids");
    let run = puzzles(&["batch", path_str(&dir)], "");
    assert_eq!(run.code, 1, "{run:?}");
    let failing: Vec<String> = run
        .json_lines()
        .iter()
        .filter(|l| l["pass"] == false)
        .map(|l| l["case"].as_str().unwrap().to_string())
        .collect();
    let root = path_str(&dir);
    assert_eq!(
        failing,
        [
            format!("{root}/cases.jsonl:2"),
            format!("{root}/cases.jsonl:6")
        ]
    );
    let mut args = vec!["batch"];
    args.extend(failing.iter().rev().map(String::as_str));
    let again = puzzles(&args, "");
    assert_eq!(again.code, 1, "{again:?}");
    // One reading of the file, in file order.
    assert_eq!(case_names(&again), failing);
    assert!(again.json_lines().iter().all(|l| l["pass"] == false));

    let one = format!("{root}/one.json");
    let passing = puzzles(&["batch", &format!("{root}/cases.jsonl:3"), &one], "");
    assert_eq!(passing.code, 0, "{passing:?}");
    assert_eq!(
        case_names(&passing),
        [format!("{root}/cases.jsonl:3"), one.clone()]
    );
}

#[test]
fn an_id_without_a_case_is_an_error_line() {
    let dir = mixed_cases("runner_bad_ids");
    let root = path_str(&dir);
    let blank = format!("{root}/cases.jsonl:4");
    let past = format!("{root}/cases.jsonl:40");
    let good = format!("{root}/cases.jsonl:1");
    let run = puzzles(&["batch", &past, &blank, &good], "");
    assert_eq!(run.code, 2, "{run:?}");
    let lines = run.json_lines();
    assert_eq!(case_names(&run), [good, blank, past]);
    assert_eq!(lines[0]["pass"], true);
    assert_eq!(lines[1]["error"]["kind"], "usage");
    assert!(
        lines[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("blank"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("has no line 40 (it has 6)"),
        "{}",
        lines[2]
    );
}

#[test]
fn filter_keeps_cases_by_id_command_or_note_and_skip_leaves_them_out() {
    let dir = scratch("runner_filter");
    let lines = [
        judge_case("123", "321", None),
        r#"{"game": "renju", "command": "check", "input": {"moves": ["h8"]}, "note": "one stone"}"#
            .to_string(),
        r#"{"game": "renju", "command": "move", "input": {"moves": ["h8"], "move": "h9"}}"#
            .to_string(),
    ];
    std::fs::write(dir.join("mixed.jsonl"), lines.join("\n")).unwrap();
    std::fs::write(dir.join("solo.json"), judge_case("123", "123", None)).unwrap();
    // Run from inside the folder, so that ids are relative and a filter cannot match the
    // folder's own path (a checkout under a folder named after a game).
    let root = "cases";
    std::fs::create_dir_all(dir.join(root)).unwrap();
    for name in ["mixed.jsonl", "solo.json"] {
        std::fs::rename(dir.join(name), dir.join(root).join(name)).unwrap();
    }
    let batch = |args: &[&str]| {
        let mut command = puzzles_command();
        command.current_dir(&dir).args(args);
        run_with_stdin(command, b"")
    };
    let names = |filters: &[&str]| {
        let mut args = vec!["batch", root];
        for filter in filters {
            match filter.strip_prefix('-') {
                Some(skip) => args.extend(["--skip", skip]),
                None => args.extend(["--filter", filter]),
            }
        }
        let run = batch(&args);
        (run.code, case_names(&run))
    };
    assert_eq!(
        names(&["renju check"]),
        (0, vec![format!("{root}/mixed.jsonl:2")])
    );
    assert_eq!(
        names(&["stone"]),
        (0, vec![format!("{root}/mixed.jsonl:2")])
    );
    assert_eq!(names(&["solo"]), (0, vec![format!("{root}/solo.json")]));
    // Several filters: a case matching any of them runs.
    assert_eq!(
        names(&["move", "judge"]),
        (
            0,
            vec![
                format!("{root}/mixed.jsonl:1"),
                format!("{root}/mixed.jsonl:3"),
                format!("{root}/solo.json")
            ]
        )
    );
    // `--skip` (written `-TEXT` here) leaves out what it matches, after the filters keep it.
    assert_eq!(
        names(&["-renju", "-solo"]),
        (0, vec![format!("{root}/mixed.jsonl:1")])
    );
    assert_eq!(
        names(&["renju", "-stone"]),
        (0, vec![format!("{root}/mixed.jsonl:3")])
    );
    let run = batch(&["batch", root, "--filter", "chess"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains("\"chess\"") && run.stderr.contains("--filter"),
        "{}",
        run.stderr
    );
    let run = batch(&["batch", root, "--skip", "/"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("--skip"), "{}", run.stderr);
}

/// A `.json` that is no case (a `package.json`) gets an error naming `--exclude`, and
/// `--exclude` leaves it out, as it leaves out folders.
#[test]
fn exclude_skips_files_and_folders_and_the_error_says_so() {
    let dir = scratch("runner_exclude");
    std::fs::create_dir_all(dir.join("web/node_modules/x")).unwrap();
    std::fs::create_dir_all(dir.join("wip")).unwrap();
    std::fs::write(
        dir.join("web/package.json"),
        r#"{"name": "site", "version": "1.0.0"}"#,
    )
    .unwrap();
    std::fs::write(dir.join("web/node_modules/x/bad.json"), "{").unwrap();
    std::fs::write(dir.join("wip/draft.jsonl"), "{not yet").unwrap();
    std::fs::write(dir.join("good.json"), judge_case("123", "123", None)).unwrap();
    let root = path_str(&dir);

    let run = puzzles(&["batch", root], "");
    assert_eq!(run.code, 2, "{run:?}");
    let lines = run.json_lines();
    let package = lines
        .iter()
        .find(|l| l["case"].as_str().unwrap().ends_with("package.json"))
        .expect("the package.json line");
    assert_eq!(package["error"]["kind"], "case");
    let message = package["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("is not a puzzles case") && message.contains("--exclude package.json"),
        "{message}"
    );
    assert!(message.contains("\"name\", \"version\""), "{message}");

    let wip = format!("{root}/wip/*");
    let run = puzzles(
        &[
            "batch",
            root,
            "--exclude",
            "package.json",
            "--exclude",
            "node_modules",
            "--exclude",
            &wip,
        ],
        "",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(case_names(&run), [format!("{root}/good.json")]);

    // A file named on the command line is not a search result: it still gets the plain
    // envelope error, and runs even when a pattern matches it.
    let named = format!("{root}/web/package.json");
    let run = puzzles(&["batch", &named, "--exclude", "package.json"], "");
    assert_eq!(run.code, 2);
    assert!(!run.stdout.contains("--exclude"), "{}", run.stdout);
}

#[test]
fn an_expect_key_the_verdict_does_not_have_makes_the_case_invalid() {
    let dir = scratch("runner_typo");
    let lines = [
        judge_case("123", "132", Some(json!({"strikes": 1, "ball": 2}))),
        judge_case("123", "132", Some(json!({"strikes": 1, "balls": 2}))),
        r#"{"game": "nonogram", "command": "solve", "input": {"rows": [[1]], "cols": [[1]]}, "expect": {"stats": {"node": 0}}}"#.into(),
        judge_case("123", "1x2", Some(json!({"error": {"kinds": "invalid"}}))),
    ];
    std::fs::write(dir.join("typos.jsonl"), lines.join("\n")).unwrap();
    let run = puzzles(&["batch", path_str(&dir)], "");
    assert_eq!(run.code, 2, "{run:?}");
    let out = run.json_lines();
    let error = &out[0]["error"];
    assert_eq!(error["kind"], "case");
    assert_eq!(error["path"], "/expect/ball");
    let message = error["message"].as_str().unwrap();
    assert!(
        message.contains("\"ball\"") && message.contains("strikes, balls"),
        "{message}"
    );
    // The position is the typo's, in the file.
    let column = lines[0].find("2}").unwrap() + 1;
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(1), Some(column as u64))
    );
    assert_eq!(out[1]["pass"], true);
    assert_eq!(out[2]["error"]["path"], "/expect/stats/node");
    assert!(
        out[2]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("nodes"),
        "{}",
        out[2]
    );
    assert_eq!(out[3]["error"]["path"], "/expect/error/kinds");
}

/// `--update` rewrites the failing values and nothing else: the other lines of a `.jsonl`
/// stay byte-identical (odd spacing, CRLF, a bad line and all), a `.json` keeps its
/// indentation and key order, an invalid case is left alone; then the batch passes.
#[test]
fn update_rewrites_only_the_failing_values() {
    let dir = scratch("runner_update");
    let jsonl = [
        "{\"game\":\"baseball\",\"command\":\"judge\",\"input\":{\"secret\":\"123\",\"guess\":\"321\"},\"expect\":{\"balls\":2}}",
        "  {\"game\": \"baseball\",  \"command\": \"judge\", \"input\": {\"secret\": \"123\", \"guess\": \"132\"}, \"expect\": {\"strikes\": 3, \"balls\": 0}}\r",
        "",
        "{\"game\": \"baseball\", \"command\": \"judge\", \"input\": {\"secret\": \"123\", \"guess\": \"456\"}}",
        "{\"game\": \"baseball\", \"command\": \"judge\", \"input\": {\"secret\": \"123\", \"guess\": \"1x6\"}, \"expect\": {\"strikes\": 1}}",
        "{\"game\": \"baseball\", \"command\": \"judge\", \"input\": {\"secret\": \"123\", \"guess\": \"1x6\"}, \"expect\": {\"error\": {\"kind\": \"shape\"}}}",
    ]
    .join("\n")
        + "\n";
    std::fs::write(dir.join("cases.jsonl"), &jsonl).unwrap();
    let json = "{\n    \"command\": \"solve\",\n    \"game\": \"nonogram\",\n    \"input\": {\"rows\": [[1], [1]], \"cols\": [[1], [1]]},\n    \"expect\": {\n        \"status\": \"unique\",\n        \"solutions\": null\n    },\n    \"note\": \"two pictures fit\"\n}\n";
    std::fs::write(dir.join("solve.json"), json).unwrap();
    let root = path_str(&dir);

    let run = puzzles(&["batch", root, "--update"], "");
    // The invalid case (a verdict expected, an error came) still fails the run.
    assert_eq!(run.code, 2, "{run:?}");
    let updated = std::fs::read_to_string(dir.join("cases.jsonl")).unwrap();
    let before: Vec<&str> = jsonl.split('\n').collect();
    let after: Vec<&str> = updated.split('\n').collect();
    assert_eq!(before.len(), after.len());
    for (i, (b, a)) in before.iter().zip(&after).enumerate() {
        match i {
            1 => assert_eq!(
                *a,
                b.replace(
                    "\"strikes\": 3, \"balls\": 0",
                    "\"strikes\": 1, \"balls\": 2"
                )
            ),
            5 => assert_eq!(*a, b.replace("\"shape\"", "\"invalid\"")),
            _ => assert_eq!(a, b, "line {} changed", i + 1),
        }
    }
    let solve = std::fs::read_to_string(dir.join("solve.json")).unwrap();
    assert_eq!(
        solve,
        json.replace("\"unique\"", "\"multiple\"").replace(
            "\"solutions\": null",
            "\"solutions\": [[\"#.\", \".#\"], [\".#\", \"#.\"]]"
        )
    );
    assert!(
        run.stderr
            .contains(&format!("updated {root}/cases.jsonl:2: /strikes: 3 -> 1")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!(
            "updated {root}/solve.json: /status: \"unique\" -> \"multiple\""
        )),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("3 failed (3 updated)"),
        "{}",
        run.stderr
    );

    // Without the invalid case, the updated files pass, and the update exits 0.
    let mut fixed = updated.split('\n').collect::<Vec<_>>();
    fixed.remove(4);
    std::fs::write(dir.join("cases.jsonl"), fixed.join("\n")).unwrap();
    let again = puzzles(&["batch", root], "");
    assert_eq!(again.code, 0, "{again:?}");
    std::fs::write(
        dir.join("cases.jsonl"),
        judge_case("123", "321", Some(json!({"balls": 1}))),
    )
    .unwrap();
    let run = puzzles(&["batch", root, "--update"], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains("1 failed (1 updated)"),
        "{}",
        run.stderr
    );
}

/// `--update=missing` adds the whole verdict as `expect`, timing left out; plain `--update`
/// does not.
#[test]
fn update_missing_adds_an_expect_without_timing() {
    let dir = scratch("runner_update_missing");
    let line =
        r#"{"game": "nonogram", "command": "solve", "input": {"rows": [[1]], "cols": [[1]]}}"#;
    std::fs::write(dir.join("solve.jsonl"), format!("{line}\n")).unwrap();
    let json = "{\n  \"game\": \"renju\",\n  \"command\": \"check\",\n  \"input\": {\"moves\": [\"h8\"]}\n}\n";
    std::fs::write(dir.join("check.json"), json).unwrap();
    let root = path_str(&dir);

    let run = puzzles(&["batch", root, "--update"], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join("check.json")).unwrap(),
        json
    );

    let run = puzzles(&["batch", root, "--update=missing"], "");
    assert_eq!(run.code, 0, "{run:?}");
    let check = std::fs::read_to_string(dir.join("check.json")).unwrap();
    assert_eq!(
        check,
        "{\n  \"game\": \"renju\",\n  \"command\": \"check\",\n  \"input\": {\"moves\": [\"h8\"]},\n  \"expect\": {\n    \"to_move\": \"white\",\n    \"forbidden\": [],\n    \"winner\": null\n  }\n}\n"
    );
    let solve = std::fs::read_to_string(dir.join("solve.jsonl")).unwrap();
    assert!(
        solve.starts_with(&line[..line.len() - 1]) && solve.ends_with("}}\n"),
        "{solve}"
    );
    assert!(!solve.contains("elapsed_ms"), "{solve}");
    let case: Value = serde_json::from_str(solve.trim()).unwrap();
    assert_eq!(case["expect"]["status"], "unique");
    assert_eq!(case["expect"]["stats"]["nodes"], 0);

    let again = puzzles(&["batch", root], "");
    assert_eq!(again.code, 0, "{again:?}");
    assert!(
        again
            .stderr
            .contains("2 passed, 0 failed, 0 invalid, 0 without expect"),
        "{}",
        again.stderr
    );
    let stdin = puzzles(&["batch", "-", "--update"], &format!("{line}\n"));
    assert_eq!(stdin.code, 2, "{stdin:?}");
    assert!(stdin.stderr.contains("stdin"), "{}", stdin.stderr);
}

/// The cases of `mixed_cases`' pass/fail pattern, with one invalid case added.
fn report_cases(name: &str) -> PathBuf {
    let dir = mixed_cases(name);
    std::fs::write(dir.join("z.json"), judge_case("123", "12", None)).unwrap();
    dir
}

#[test]
fn several_reports_each_to_its_own_file() {
    let dir = report_cases("runner_reports");
    let out = scratch("runner_reports_out");
    let root = path_str(&dir);
    let (xml, jsonl, summary) = (
        out.join("out.xml"),
        out.join("out.jsonl"),
        out.join("summary.json"),
    );
    let run = puzzles(
        &[
            "batch",
            root,
            "--report",
            &format!("junit={}", xml.display()),
            "--report",
            "github",
            "--report",
            &format!("jsonl={}", jsonl.display()),
            "--report",
            &format!("summary={}", summary.display()),
        ],
        "",
    );
    assert_eq!(run.code, 2, "{run:?}");
    // github without a PATH: JSON Lines on stdout, the same as the jsonl file.
    assert_eq!(std::fs::read_to_string(&jsonl).unwrap(), run.stdout);
    assert_eq!(run.json_lines().len(), 7);
    let annotations = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("::error "))
        .count();
    assert_eq!(annotations, 3, "{}", run.stderr);
    let xml = std::fs::read_to_string(&xml).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let root_element = doc.root_element();
    assert_eq!(root_element.attribute("tests"), Some("7"));
    assert_eq!(root_element.attribute("failures"), Some("2"));
    assert_eq!(root_element.attribute("errors"), Some("1"));
    let summary: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(summary["cases"], 7);
    assert_eq!(summary["passed"], 4);
    assert_eq!(summary["failed"], 2);
    assert_eq!(summary["invalid"], 1);
    assert_eq!(summary["unchecked"], 0);
    assert_eq!(summary["exit"], 2);

    // All reports in files: stdout still shows JSON Lines.
    let run = puzzles(
        &[
            "batch",
            root,
            "--report",
            &format!("junit={}", out.join("b.xml").display()),
        ],
        "",
    );
    assert_eq!(run.json_lines().len(), 7);
    // The summary alone on stdout is one JSON object.
    let run = puzzles(&["batch", root, "--report", "summary"], "");
    assert_eq!(run.json()["cases"], 7);
    // The single report of old still replaces stdout's JSON Lines.
    let run = puzzles(&["batch", root, "--report", "junit"], "");
    assert!(run.stdout.starts_with("<?xml"), "{}", run.stdout);
}

#[test]
fn two_reports_on_stdout_are_a_usage_error() {
    let dir = report_cases("runner_reports_clash");
    let run = puzzles(
        &[
            "batch",
            path_str(&dir),
            "--report",
            "junit",
            "--report",
            "jsonl",
        ],
        "",
    );
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.json()["error"]["kind"], "usage");
    assert!(run.stderr.contains("junit and jsonl"), "{}", run.stderr);
    let run = puzzles(&["batch", path_str(&dir), "--report", "xml"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("jsonl, human, junit, github, summary"),
        "{}",
        run.stderr
    );
}

/// With GITHUB_STEP_SUMMARY set, `--report github` appends the counts and a table of the
/// failing cases, keeping what earlier steps wrote.
#[test]
fn github_report_appends_a_step_summary() {
    let dir = report_cases("runner_step_summary");
    let out = scratch("runner_step_summary_out");
    let summary = out.join("summary.md");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let output = puzzles_command()
        .args(["batch", path_str(&dir), "--report", "github"])
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(
        text.starts_with("earlier step\n### puzzles batch\n"),
        "{text}"
    );
    assert!(
        text.contains("7 cases: 4 passed, 2 failed, 1 invalid, 0 without expect."),
        "{text}"
    );
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(
        rows[0].contains("cases.jsonl:2") && rows[0].contains("| failed |"),
        "{text}"
    );
    assert!(
        rows[2].contains("z.json") && rows[2].contains("| invalid |"),
        "{text}"
    );

    // Without `--report github` the file is left alone.
    let before = std::fs::read_to_string(&summary).unwrap();
    puzzles_command()
        .args(["batch", path_str(&dir)])
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    assert_eq!(std::fs::read_to_string(&summary).unwrap(), before);
}

/// `"input": "file.non"`: the input is read from a file beside the case, by its format; a
/// fault in it names the file.
#[test]
fn input_can_be_a_file_path() {
    let dir = scratch("runner_input_file");
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    let fixtures = crate::workspace().join("fixtures/nonogram");
    for name in ["solve-dancer.non", "solve-dancer.xml"] {
        std::fs::copy(fixtures.join(name), dir.join("cases").join(name)).unwrap();
    }
    std::fs::write(
        dir.join("cases/broken.non"),
        "width 2\nheight 2\nrows\n1\n1\ncolumns\nx\n",
    )
    .unwrap();
    let case = |input: &str, expect: Value| {
        json!({"game": "nonogram", "command": "solve", "input": input, "expect": expect})
            .to_string()
    };
    let lines = [
        case("solve-dancer.non", json!({"status": "unique"})),
        case("solve-dancer.xml", json!({"status": "unique"})),
        case("broken.non", json!({"status": "unique"})),
        case("missing.non", json!({"status": "unique"})),
    ];
    std::fs::write(dir.join("cases/files.jsonl"), lines.join("\n")).unwrap();
    let run = puzzles(&["batch", path_str(&dir.join("cases"))], "");
    assert_eq!(run.code, 2, "{run:?}");
    let out = run.json_lines();
    assert_eq!(out[0]["pass"], true, "{}", out[0]);
    assert_eq!(out[1]["pass"], true, "{}", out[1]);
    // The same picture from both formats; the timing may differ by a millisecond.
    let untimed = |line: &Value| {
        let mut verdict = line["verdict"].clone();
        verdict["stats"]["elapsed_ms"].take();
        verdict
    };
    assert_eq!(untimed(&out[0]), untimed(&out[1]));
    let broken = &out[2]["error"];
    assert_eq!(broken["kind"], "syntax", "{}", out[2]);
    let message = broken["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!("in {}", path_str(&dir.join("cases/broken.non")))),
        "{message}"
    );
    let column = lines[2].find("\"broken.non\"").unwrap() + 1;
    assert_eq!(
        (broken["line"].as_u64(), broken["column"].as_u64()),
        (Some(3), Some(column as u64))
    );
    assert_eq!(out[3]["error"]["kind"], "io");
    assert_eq!(out[3]["error"]["path"], "/input");
}

/// `puzzles schema batch` is the committed `docs/batch.schema.json`, every reference in it
/// resolves, and it closes the places typos hide (envelope and `expect` keys).
#[test]
fn the_case_schema_is_committed_and_whole() {
    let run = puzzles(&["schema", "batch", "--pretty"], "");
    assert_eq!(run.code, 0, "{run:?}");
    crate::docs::check_or_update("docs/batch.schema.json", &run.stdout);
    let schema = run.json();
    let mut refs = Vec::new();
    collect_refs(&schema, &mut refs);
    assert!(refs.len() > 50);
    for target in &refs {
        assert!(
            schema.pointer(target.strip_prefix('#').unwrap()).is_some(),
            "{target} does not resolve"
        );
    }
    assert_eq!(schema["additionalProperties"], false);
    let judge = &schema["$defs"]["baseball.judge.expect"];
    assert_eq!(judge["additionalProperties"], false);
    assert!(judge.get("required").is_none());
    assert!(judge["properties"]["error"].is_object());
    assert!(schema["$defs"]["baseball.judge.input"]["properties"]["guess"].is_object());
    // Only JSON commands: no `render`, no interactive ones.
    assert!(schema["$defs"].get("renju.render.input").is_none());
    assert!(schema["$defs"].get("baseball.play.input").is_none());
    assert_eq!(puzzles(&["schema", "batch", "judge"], "").code, 2);
}

fn collect_refs(value: &Value, refs: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            for (key, member) in object {
                match member {
                    Value::String(target) if key == "$ref" => refs.push(target.clone()),
                    other => collect_refs(other, refs),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_refs(item, refs)),
        _ => {}
    }
}

/// `--durations N` lists the N slowest cases on stderr after the run, slowest first; 0 lists
/// every case. A decision tree (tens of milliseconds) is slower than any judged guess.
#[test]
fn durations_lists_the_slowest_cases() {
    let tree = "fixtures/baseball/tree-cases.jsonl:3";
    let judged = "fixtures/baseball/judge-cases.jsonl";
    let run = puzzles(&["batch", judged, tree, "--durations", "1"], "");
    assert_eq!(run.code, 0, "{run:?}");
    let cases = run.json_lines().len();
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        lines[0],
        format!("puzzles batch: slowest 1 of {cases} cases (--durations):")
    );
    assert!(lines[1].ends_with(&format!(" s  {tree}")), "{}", run.stderr);
    assert_eq!(lines.len(), 3, "{}", run.stderr);

    let every = puzzles(&["batch", judged, tree, "--durations", "0"], "");
    assert_eq!(every.stderr.lines().count(), cases + 2, "{}", every.stderr);
}

/// `--watch` runs the cases, then again when a case file changes or a new one appears; each
/// run's `summary` report is one line on stdout, so a script can follow along.
#[test]
fn watch_runs_again_when_a_case_file_changes() {
    use std::io::BufRead;
    use std::sync::mpsc;
    use std::time::Duration;

    let dir = scratch("runner_watch");
    let case = dir.join("judge.json");
    std::fs::write(&case, judge_case("123", "321", Some(json!({"balls": 2})))).unwrap();
    /// Stops the watching process however the test ends.
    struct Watcher(std::process::Child);
    impl Drop for Watcher {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut watcher = Watcher(
        puzzles_command()
            .args(["batch", path_str(&dir), "--watch", "--report", "summary"])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = watcher.0.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let next_summary = || -> Value {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("a summary line within 30 s");
        serde_json::from_str(&line).unwrap()
    };
    let first = next_summary();
    assert_eq!(
        (first["cases"].clone(), first["failed"].clone()),
        (json!(1), json!(0))
    );
    // A different length too, so a file system with coarse modification times still shows it.
    let failing = judge_case("123", "321", Some(json!({"strikes": 1, "balls": 1})));
    std::fs::write(&case, failing).unwrap();
    let second = next_summary();
    assert_eq!(
        (second["cases"].clone(), second["failed"].clone()),
        (json!(1), json!(1))
    );
    std::fs::write(dir.join("more.json"), judge_case("123", "123", None)).unwrap();
    let third = next_summary();
    assert_eq!(
        (third["cases"].clone(), third["unchecked"].clone()),
        (json!(2), json!(1))
    );
    drop(watcher);

    let conflicts: [&[&str]; 2] = [
        &["batch", "-", "--watch"],
        &["batch", path_str(&dir), "--watch", "--update"],
    ];
    for args in conflicts {
        let run = puzzles(args, "");
        assert_eq!(run.code, 2, "{args:?}: {run:?}");
    }
}
