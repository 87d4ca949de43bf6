//! One game command on one input: stdin, files, `--pretty`, every exit path, closed pipes.

use std::io::Write;
use std::process::Stdio;

use crate::{puzzles, puzzles_command, scratch};

const JUDGE: &str = r#"{"secret": "123", "guess": "134"}"#;

#[test]
fn verdict_from_stdin_is_one_compact_line() {
    let run = puzzles(&["baseball", "judge"], JUDGE);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stdout, "{\"strikes\":1,\"balls\":1}\n");
    assert_eq!(run.stderr, "");
    assert_eq!(
        puzzles(&["baseball", "judge", "-"], JUDGE).stdout,
        run.stdout
    );
}

#[test]
fn verdict_from_a_file() {
    let dir = scratch("verdict_from_a_file");
    let file = dir.join("judge.json");
    std::fs::write(&file, r#"{"secret": "4567", "guess": "7654", "length": 4}"#).unwrap();
    let run = puzzles(&["baseball", "judge", file.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json(), serde_json::json!({"strikes": 0, "balls": 4}));
}

#[test]
fn pretty_indents() {
    let run = puzzles(&["baseball", "judge", "--pretty"], JUDGE);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "{\n  \"strikes\": 1,\n  \"balls\": 1\n}\n");
}

#[test]
fn not_json_is_a_syntax_error_with_position() {
    let run = puzzles(
        &["baseball", "judge"],
        "{\"secret\": \"123\",\n \"guess\": }",
    );
    assert_eq!(run.code, 2);
    let error = &run.json()["error"];
    assert_eq!(error["kind"], "syntax");
    assert_eq!(error["line"], 2);
    assert_eq!(error["column"], 11);
    assert_eq!(error["path"], serde_json::Value::Null);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with("puzzles: <stdin>: "),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("line 2, column 11"), "{}", run.stderr);
}

#[test]
fn a_typo_in_a_field_name_is_a_shape_error() {
    let run = puzzles(
        &["baseball", "judge"],
        r#"{"secret": "123", "gues": "134"}"#,
    );
    assert_eq!(run.code, 2);
    let error = &run.json()["error"];
    assert_eq!(error["kind"], "shape");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("unknown field `gues`"),
        "{error}"
    );
}

#[test]
fn a_wrong_type_names_its_json_path() {
    let run = puzzles(&["baseball", "judge"], r#"{"secret": "123", "guess": 134}"#);
    assert_eq!(run.code, 2);
    let error = &run.json()["error"];
    assert_eq!(error["kind"], "shape");
    assert_eq!(error["path"], "/guess");
}

#[test]
fn a_value_out_of_range_is_invalid_with_its_path() {
    let run = puzzles(
        &["baseball", "judge"],
        r#"{"secret": "123", "guess": "1a4"}"#,
    );
    assert_eq!(run.code, 2, "{run:?}");
    let error = &run.json()["error"];
    assert_eq!(error["kind"], "invalid");
    assert_eq!(error["path"], "/guess");
    // The engine gives the pointer; the CLI finds it in the text.
    assert_eq!((&error["line"], &error["column"]), (&1.into(), &28.into()));
    assert!(
        run.stderr.contains("(at /guess, line 1, column 28)"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_missing_file_is_an_io_error_naming_it() {
    let run = puzzles(&["baseball", "judge", "no/such/file.json"], "");
    assert_eq!(run.code, 2);
    assert_eq!(run.json()["error"]["kind"], "io");
    assert!(
        run.stderr.starts_with("puzzles: no/such/file.json: "),
        "{}",
        run.stderr
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(puzzles(&["baseball", "nosuch"], "").code, 2);
    assert_eq!(puzzles(&["nosuch"], "").code, 2);
    assert_eq!(
        puzzles(&["batch", "--shard", "3/2", "fixtures"], "").code,
        2
    );
    assert_eq!(puzzles(&["--help"], "").code, 0);
}

#[test]
fn help_states_the_exit_codes() {
    let run = puzzles(&["--help"], "");
    assert!(run.stdout.contains("Exit codes: 0"), "{}", run.stdout);
    for game in [
        "nonogram",
        "fitpuzzle",
        "blockdoku",
        "baseball",
        "renju",
        "batch",
        "schema",
    ] {
        assert!(run.stdout.contains(game), "help lists {game}");
    }
}

#[test]
fn a_closed_stdout_exits_quietly() {
    let dir = scratch("a_closed_stdout_exits_quietly");
    let cases: String = (0..20_000)
        .map(|_| {
            format!("{{\"game\": \"baseball\", \"command\": \"judge\", \"input\": {JUDGE}}}\n")
        })
        .collect();
    std::fs::write(dir.join("many.jsonl"), cases).unwrap();
    let mut child = puzzles_command()
        .args(["batch", dir.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // like `| head -0`
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
        "{stderr}"
    );
}

#[test]
fn a_closed_stdout_exits_quietly_for_one_verdict() {
    let mut child = puzzles_command()
        .args(["schema", "--pretty"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let _ = child.stdin.take().unwrap().write_all(b"");
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn schema_of_a_command() {
    let run = puzzles(&["schema", "baseball", "judge", "--pretty"], "");
    assert_eq!(run.code, 0);
    assert!(
        run.json()["input"]["properties"]["secret"].is_object(),
        "{}",
        run.stdout
    );
    let all = puzzles(&["schema"], "").json();
    for game in ["nonogram", "fitpuzzle", "blockdoku", "baseball", "renju"] {
        assert!(all[game].is_object(), "schema lists {game}");
    }
    assert_eq!(puzzles(&["schema", "chess"], "").code, 2);
    assert_eq!(puzzles(&["schema", "baseball", "castle"], "").code, 2);
}

#[test]
fn each_command_has_its_own_help_line() {
    let run = puzzles(&["baseball", "--help"], "");
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .contains("Strikes and balls of a guess against a secret"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout
            .contains("Flags shared by every JSON game command"),
        "{}",
        run.stdout
    );
}

#[test]
fn timeout_flag_overrides_the_input_limit() {
    let input = r#"{"length": 4, "strategy": "entropy", "timeout_ms": 600000}"#;
    let run = puzzles(&["baseball", "simulate", "--timeout", "1"], input);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json()["status"], "timeout");
}

#[test]
fn faults_keep_their_position_under_the_timeout_flag() {
    // The CLI edits the input to apply --timeout; faults still point into the text.
    let engine = puzzles(
        &["nonogram", "solve", "--timeout", "10"],
        "{\"rows\": [[1]],\n \"cols\": [[2]]}",
    );
    assert_eq!(engine.code, 2, "{engine:?}");
    let error = &engine.json()["error"];
    assert_eq!(
        (&error["path"], &error["line"], &error["column"]),
        (&"/cols/0".into(), &2.into(), &11.into())
    );
    // The same parse with and without the flag: same kind, path, line and column.
    let text = "{\"rows\": [[1]],\n \"cols\": [[true]]}";
    let flagged = puzzles(&["nonogram", "solve", "--timeout", "10"], text);
    let plain = puzzles(&["nonogram", "solve"], text);
    assert_eq!(flagged.json(), plain.json());
    assert_eq!(flagged.json()["error"]["kind"], "shape");
    assert_eq!(flagged.json()["error"]["line"], 2);
    // Duplicate keys are refused with the flag as without it.
    let twice = "{\"rows\": [[1]], \"cols\": [[1]], \"rows\": [[1]]}";
    let flagged = puzzles(&["nonogram", "solve", "--timeout", "10"], twice);
    assert_eq!(flagged.code, 2, "{flagged:?}");
    assert_eq!(
        flagged.json(),
        puzzles(&["nonogram", "solve"], twice).json()
    );
    // ... and named where the key repeats: its second value, at column 40.
    let error = &flagged.json()["error"];
    assert_eq!(
        (&error["path"], &error["line"], &error["column"]),
        (&"/rows".into(), &1.into(), &40.into())
    );
}

#[test]
fn text_formats_by_extension_or_flag() {
    let by_extension = puzzles(
        &["nonogram", "solve", "fixtures/nonogram/solve-dancer.non"],
        "",
    );
    assert_eq!(by_extension.code, 0, "{by_extension:?}");
    assert_eq!(by_extension.json()["status"], "unique");
    let xml =
        std::fs::read_to_string(crate::workspace().join("fixtures/nonogram/solve-dancer.xml"))
            .unwrap();
    let by_flag = puzzles(&["nonogram", "solve", "--format", "xml"], &xml);
    assert_eq!(by_flag.json()["solution"], by_extension.json()["solution"]);

    let broken = puzzles(
        &["nonogram", "solve", "--format", "non"],
        "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\nx\n",
    );
    assert_eq!(broken.code, 2, "{broken:?}");
    let error = &broken.json()["error"];
    assert_eq!(error["kind"], "syntax");
    assert_eq!(error["line"], 8, "{error}");
    assert!(broken.stderr.contains("line 8"), "{}", broken.stderr);

    let unknown = puzzles(&["nonogram", "solve", "--format", "png"], "");
    assert_eq!(unknown.code, 2);
}
