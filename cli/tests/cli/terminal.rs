//! What a person at a terminal gets from `puzzles batch`: the report for people (by default
//! on a terminal, `--report human` anywhere, colour only on a terminal without `NO_COLOR`),
//! `--list`, and a `--fail-fast` that does not wait for the cases still running.
//!
//! A terminal is a pseudo-terminal made by util-linux's `script`; where it is missing the
//! tests that need one say so and stop, except under CI (`CI=true`), where that is a failure.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::batch::judge_case;
use crate::{puzzles_command, run_with_stdin, scratch};

/// `puzzles batch ARGS` in `dir`, stdout a pipe.
fn batch_in(dir: &Path, args: &[&str]) -> crate::Run {
    let mut command = puzzles_command();
    command.current_dir(dir).arg("batch").args(args);
    run_with_stdin(command, b"")
}

/// `puzzles batch ARGS` in `dir` with stdout and stderr on a pseudo-terminal: what the
/// terminal shows (`None`, said on stderr, when `script` is missing outside CI).
fn on_terminal(dir: &Path, args: &str, no_color: bool) -> Option<String> {
    let program = env!("CARGO_BIN_EXE_puzzles");
    let mut command = Command::new("script");
    command
        .args(["-qec", &format!("{program} batch {args}"), "/dev/null"])
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env("PUZZLES_CACHE_DIR", dir.join("record"))
        .env("TERM", "xterm")
        .stdin(Stdio::null());
    if no_color {
        command.env("NO_COLOR", "1");
    }
    match command.output() {
        Ok(output) => Some(String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n")),
        Err(err) if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("util-linux `script` is needed for the terminal tests under CI: {err}")
        }
        Err(err) => {
            eprintln!("skipped: util-linux `script` cannot run ({err}); install util-linux");
            None
        }
    }
}

/// A folder of cases: one passing, one named and failing with a long value, one invalid.
fn people_cases(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    let failing = json!({
        "name": "one off", "game": "baseball", "command": "judge",
        "input": {"secret": "123", "guess": "124"}, "expect": {"strikes": 9}
    });
    let long = json!({
        "game": "nonogram", "command": "clues", "input": {"grid": ["#".repeat(40)]},
        "expect": {"rows": [(1..=30).collect::<Vec<u32>>()]}
    });
    let lines = [
        judge_case("123", "123", Some(json!({"strikes": 3}))),
        failing.to_string(),
        long.to_string(),
        r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "1a3"}}"#
            .to_string(),
    ];
    std::fs::write(dir.join("c.jsonl"), lines.join("\n") + "\n").unwrap();
    dir
}

fn has_colour(text: &str) -> bool {
    // SGR sequences (ESC [ ... m); a spinner's line clearing is no colour.
    text.split('\u{1b}').skip(1).any(|rest| {
        rest.strip_prefix('[').is_some_and(|r| {
            r.chars()
                .find(|c| !c.is_ascii_digit() && *c != ';')
                .is_some_and(|c| c == 'm')
        })
    })
}

/// On a terminal a person reads the failing cases (id, name, `game command`, both values,
/// long ones cut) and a final block, without `jq`; a pipe still gets JSON Lines.
#[test]
fn a_terminal_gets_the_report_for_people() {
    let dir = people_cases("terminal_human");
    let Some(shown) = on_terminal(&dir, "c.jsonl", true) else {
        return;
    };
    assert!(!shown.contains("{\"case\""), "{shown}");
    assert!(!has_colour(&shown), "NO_COLOR: {shown:?}");
    assert!(
        shown.contains(
            "   FAIL c.jsonl#one off  baseball judge\n         /strikes: expected 9, got 2\n"
        ),
        "{shown}"
    );
    assert!(shown.contains("c.jsonl:3  nonogram clues"), "{shown}");
    assert!(shown.contains("/rows: expected [[1,2,3,"), "{shown}");
    assert!(
        shown.contains("…") && shown.contains(" characters), got [[40]]"),
        "{shown}"
    );
    assert!(
        shown.contains(
            "INVALID c.jsonl:4  baseball judge\n         invalid error (at /guess, line 4"
        ),
        "{shown}"
    );
    assert!(
        shown.contains("Summary [") && shown.contains("4 cases: 1 passed, 2 failed, 1 invalid"),
        "{shown}"
    );
    // The final block lists the failing cases again, and the stderr line is not repeated.
    assert_eq!(shown.matches("c.jsonl#one off").count(), 2, "{shown}");
    assert!(!shown.contains("puzzles batch: 4 cases"), "{shown}");

    let Some(coloured) = on_terminal(&dir, "c.jsonl", false) else {
        return;
    };
    assert!(has_colour(&coloured), "{coloured:?}");
    // Asked for JSON Lines, a terminal gets them.
    let Some(jsonl) = on_terminal(&dir, "c.jsonl --report jsonl", true) else {
        return;
    };
    assert!(jsonl.contains("{\"case\":\"c.jsonl:1\""), "{jsonl}");

    // In a pipe: JSON Lines by default, the report for people when asked, without colour.
    let piped = batch_in(&dir, &["c.jsonl"]);
    assert_eq!(piped.json_lines().len(), 4);
    let human = batch_in(&dir, &["c.jsonl", "--report", "human"]);
    assert_eq!(human.code, 2, "{human:?}");
    assert!(
        human.stdout.contains("   FAIL c.jsonl#one off"),
        "{}",
        human.stdout
    );
    assert!(!has_colour(&human.stdout), "{:?}", human.stdout);
    let file = dir.join("human.txt");
    let both = batch_in(
        &dir,
        &["c.jsonl", "--report", &format!("human={}", file.display())],
    );
    assert_eq!(both.json_lines().len(), 4);
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("Summary ["), "{written}");
}

/// `--list` prints what would run after every selection, and runs nothing.
#[test]
fn list_prints_the_cases_without_running_them() {
    let dir = people_cases("terminal_list");
    let skipped =
        json!({"game": "renju", "command": "check", "input": {"moves": []}, "skip": "later"});
    std::fs::write(dir.join("s.json"), skipped.to_string()).unwrap();
    let run = batch_in(&dir, &[".", "--list", "--skip", ":3"]);
    assert_eq!(run.code, 0, "{run:?}");
    let lines = run.json_lines();
    assert_eq!(
        run.case_ids(),
        [
            "./c.jsonl:1",
            "./c.jsonl#one off",
            "./c.jsonl:4",
            "./s.json"
        ]
    );
    assert_eq!(lines[1]["name"], "one off");
    assert_eq!(lines[1]["game"], "baseball");
    assert_eq!(lines[1]["command"], "judge");
    assert_eq!(lines[3]["skip"], "later");
    assert!(
        run.stderr.contains("4 cases (--list: none ran)"),
        "{}",
        run.stderr
    );
    assert!(!dir.join("record").exists());
    let Some(shown) = on_terminal(&dir, "c.jsonl --list --filter off", true) else {
        return;
    };
    assert!(
        shown.contains("c.jsonl#one off  baseball judge\n"),
        "{shown}"
    );
}

/// `"skip": "reason"` leaves a case out: counted, told in every report, never a failure.
#[test]
fn a_skipped_case_is_counted_and_reported() {
    let dir = scratch("terminal_skip");
    let skipped = json!({"game": "baseball", "command": "judge",
        "input": {"secret": "123", "guess": "124"}, "expect": {"strikes": 9}, "skip": "flaky"});
    let lines = [
        judge_case("123", "123", Some(json!({"strikes": 3}))),
        skipped.to_string(),
    ];
    std::fs::write(dir.join("c.jsonl"), lines.join("\n")).unwrap();
    let run = batch_in(&dir, &["c.jsonl", "--report", "junit"]);
    assert_eq!(run.code, 0, "{run:?}");
    let doc = roxmltree::Document::parse(&run.stdout).expect("JUnit XML");
    let skipped: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("skipped"))
        .collect();
    assert_eq!(skipped.len(), 1, "{}", run.stdout);
    assert_eq!(skipped[0].attribute("message"), Some("flaky"));
    assert!(run.stderr.contains("1 skipped"), "{}", run.stderr);
    let summary = batch_in(&dir, &["c.jsonl", "--report", "summary"]);
    assert_eq!(summary.json()["skipped"], 1);
    let jsonl = batch_in(&dir, &["c.jsonl"]);
    assert_eq!(jsonl.json_lines()[1]["skip"], "flaky");
    assert!(jsonl.json_lines()[1]["verdict"].is_null());
}

/// `--fail-fast` does not wait for the cases already running: beside a failing case, a case
/// that would run for hours is cancelled.
#[test]
fn fail_fast_cancels_the_cases_still_running() {
    let dir = scratch("terminal_fail_fast");
    let endless = json!({"game": "blockdoku", "command": "selfplay",
        "input": {"games": 100000, "seed": 1, "timeout_ms": null}});
    let lines = [
        judge_case("123", "124", Some(json!({"strikes": 9}))),
        endless.to_string(),
        endless.to_string(),
    ];
    std::fs::write(dir.join("c.jsonl"), lines.join("\n")).unwrap();
    for args in [
        vec!["batch", "c.jsonl", "--fail-fast", "--jobs", "2"],
        vec!["batch", "-", "--fail-fast", "--jobs", "2"],
    ] {
        let mut child = puzzles_command()
            .current_dir(&dir)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        if args[1] == "-" {
            use std::io::Write;
            stdin
                .write_all((lines.join("\n") + "\n").as_bytes())
                .unwrap();
        }
        drop(stdin);
        // Not a timing threshold: without cancelling, the run takes hours.
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > Duration::from_secs(120) {
                let _ = child.kill();
                panic!("{args:?}: still running 120 s after the failing case");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let output = child.wait_with_output().unwrap();
        assert_eq!(status.code(), Some(1), "{args:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 1, "{stdout}");
    }
}
