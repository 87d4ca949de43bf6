//! What `puzzles` says when a person gets it almost right: a case file given to a game
//! command, `--update missing` with a space, a verdict that ran out of time under
//! `--update`, and what an editor shows from the case schema (`$schema` in a case, the
//! unknown key of an input, no marks on the input of a case that expects an error).

use std::path::Path;

use serde_json::json;

use crate::{check_jsonschema, puzzles, puzzles_command, run_with_stdin, scratch, workspace};

fn batch_in(dir: &Path, args: &[&str]) -> crate::Run {
    let mut command = puzzles_command();
    command.current_dir(dir).arg("batch").args(args);
    run_with_stdin(command, b"")
}

/// A game command given a whole case file says it is a batch case and shows the command
/// that runs it.
#[test]
fn a_case_file_given_to_a_game_command_shows_how_to_run_it() {
    let file = "fixtures/baseball/judge-contract-example.json";
    let run = puzzles(&["baseball", "judge", file], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains("is a batch case")
            && run
                .stderr
                .contains(&format!("run it with: puzzles batch {file} (")),
        "{}",
        run.stderr
    );
    assert_eq!(run.json()["error"]["kind"], "shape");
    let text = std::fs::read_to_string(workspace().join(file)).unwrap();
    let piped = puzzles(&["baseball", "judge"], &text);
    assert!(
        piped.stderr.contains("puzzles batch FILE"),
        "{}",
        piped.stderr
    );
    // An input that merely has a field named like the envelope's is judged as before.
    let plain = puzzles(
        &["baseball", "judge"],
        r#"{"secret": "123", "guess": "12", "game": 1}"#,
    );
    assert!(!plain.stderr.contains("batch case"), "{}", plain.stderr);
}

/// `--update missing` (a space) would read `missing` as a PATH: it is a usage error that
/// shows `--update=missing`.
#[test]
fn update_with_a_space_shows_the_equals_sign() {
    let dir = scratch("guidance_update_space");
    std::fs::write(
        dir.join("c.json"),
        json!({"game": "baseball", "command": "judge", "input": {"secret": "1", "guess": "1", "length": 1}}).to_string(),
    )
    .unwrap();
    let run = batch_in(&dir, &["c.json", "--update", "missing"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.json()["error"]["kind"], "usage");
    assert!(run.stderr.contains("--update=missing"), "{}", run.stderr);
    let text = std::fs::read_to_string(dir.join("c.json")).unwrap();
    assert!(!text.contains("expect"), "{text}");
}

/// A `"status": "timeout"` verdict depends on the machine's load, so it is never an
/// expectation: neither `--update` nor `--update=missing` writes one, and stderr says why.
#[test]
fn update_never_takes_a_verdict_that_ran_out_of_time() {
    let dir = scratch("guidance_update_timeout");
    let slow = json!({"game": "baseball", "command": "simulate",
        "input": {"length": 4, "strategy": "minimax", "timeout_ms": 0}});
    let mut expecting = slow.clone();
    expecting["expect"] = json!({"status": "done"});
    std::fs::write(dir.join("a.json"), slow.to_string()).unwrap();
    std::fs::write(dir.join("b.json"), expecting.to_string()).unwrap();
    let check = batch_in(&dir, &["a.json"]);
    assert_eq!(
        check.json_lines()[0]["verdict"]["status"],
        "timeout",
        "{check:?}"
    );

    let missing = batch_in(&dir, &["a.json", "--update=missing"]);
    assert_eq!(missing.code, 0, "{missing:?}");
    assert!(
        missing
            .stderr
            .contains("a.json is left as it is: its verdict ran out of time"),
        "{}",
        missing.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("a.json")).unwrap(),
        slow.to_string()
    );
    let failing = batch_in(&dir, &["b.json", "--update"]);
    assert_eq!(failing.code, 1, "{failing:?}");
    assert!(
        failing.stderr.contains("ran out of time"),
        "{}",
        failing.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("b.json")).unwrap(),
        expecting.to_string()
    );
}

/// Editors find the schema through a case's own `"$schema"`, so it is an envelope key and
/// the schema has an `$id`; an input typo's message names the key (not "not valid under any
/// of the given schemas"), and a case that expects an error leaves its bad input unmarked.
#[test]
fn editors_get_the_schema_from_the_case_and_precise_marks() {
    let dir = scratch("guidance_schema");
    let schema = workspace().join("docs/batch.schema.json");
    let with_schema = json!({"$schema": "../../docs/batch.schema.json", "game": "baseball",
        "command": "judge", "input": {"secret": "123", "guess": "123"}, "expect": {"strikes": 3}});
    std::fs::write(dir.join("ok.json"), with_schema.to_string()).unwrap();
    let run = batch_in(&dir, &["ok.json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let committed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&schema).unwrap()).unwrap();
    assert_eq!(committed["$id"], "urn:puzzles:schema:batch-case");

    let typo = json!({"game": "baseball", "command": "judge",
        "input": {"secret": "123", "gues": "123"}});
    std::fs::write(dir.join("typo.json"), typo.to_string()).unwrap();
    let expects_error = json!({"game": "baseball", "command": "judge",
        "input": {"secret": "123", "gues": "123"}, "expect": {"error": {"kind": "shape"}}});
    std::fs::write(dir.join("expects-error.json"), expects_error.to_string()).unwrap();
    let Some(valid) = check_jsonschema(&schema, &dir.join("ok.json")) else {
        return;
    };
    assert!(
        valid.status.success(),
        "{}",
        String::from_utf8_lossy(&valid.stdout)
    );
    let marked = check_jsonschema(&schema, &dir.join("typo.json")).unwrap();
    let said = String::from_utf8_lossy(&marked.stdout);
    assert!(!marked.status.success());
    assert!(said.contains("'gues'"), "{said}");
    assert!(!said.contains("any of the given schemas"), "{said}");
    let unmarked = check_jsonschema(&schema, &dir.join("expects-error.json")).unwrap();
    assert!(
        unmarked.status.success(),
        "{}",
        String::from_utf8_lossy(&unmarked.stdout)
    );
}
