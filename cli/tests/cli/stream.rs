//! `puzzles batch -` as a co-process: one process, a case written, its answer read, the next
//! case written. Each answer must come before the next case is sent, or the test would hang
//! (a watchdog fails it instead).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::{puzzles, puzzles_command};

/// How long one answer may take before the test calls it lost.
const ANSWER_WAIT: Duration = Duration::from_secs(20);

/// `puzzles ARGS` with all three pipes, to talk with.
fn co_process(args: &[&str]) -> Child {
    puzzles_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("puzzles starts")
}

/// The child's answer lines, read on a thread, so that a missing answer fails the test (by
/// `recv_timeout`) instead of hanging it.
fn read_answers(child: &mut Child) -> (mpsc::Receiver<String>, std::thread::JoinHandle<()>) {
    let output = child.stdout.take().unwrap();
    let (tx, answers) = mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    (answers, reader)
}

#[test]
fn each_answer_comes_before_the_next_case_is_written() {
    let mut child = co_process(&["batch", "-"]);
    let mut input = child.stdin.take().unwrap();
    let (answers, reader) = read_answers(&mut child);
    let cases: Vec<(String, Value)> = vec![
        (
            json!({"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "321"}, "expect": {"balls": 2}}).to_string(),
            json!({"case": "<stdin>:1", "pass": true}),
        ),
        (
            "{not json".to_string(),
            json!({"case": "<stdin>:2", "pass": null}),
        ),
        (
            json!({"game": "renju", "command": "check", "input": {"moves": ["h8", "h9"]}, "expect": {"to_move": "white"}}).to_string(),
            json!({"case": "<stdin>:3", "pass": false}),
        ),
        (
            json!({"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "123"}}).to_string(),
            json!({"case": "<stdin>:4", "pass": null}),
        ),
    ];
    for round in 0..3 {
        for (n, (case, want)) in cases.iter().enumerate() {
            writeln!(input, "{case}").unwrap();
            input.flush().unwrap();
            let answer = answers
                .recv_timeout(ANSWER_WAIT)
                .unwrap_or_else(|_| panic!("no answer to case {} of round {round}", n + 1));
            let answer: Value = serde_json::from_str(&answer).unwrap();
            let number = round * cases.len() + n + 1;
            assert_eq!(answer["case"], format!("<stdin>:{number}"), "{answer}");
            assert_eq!(answer["pass"], want["pass"], "{answer}");
            if n == 1 {
                assert_eq!(answer["error"]["kind"], "syntax");
                assert_eq!(answer["error"]["line"], number);
            }
            if n == 3 {
                assert_eq!(answer["verdict"], json!({"strikes": 3, "balls": 0}));
            }
        }
    }
    drop(input);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    assert_eq!(status.code(), Some(2), "an invalid line makes the exit 2");
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(
        stderr.contains("12 cases: 3 passed, 3 failed, 3 invalid, 3 without expect"),
        "{stderr}"
    );
}

/// Many cases written at once come back whole and in order, however the workers split them.
#[test]
fn a_stream_written_at_once_answers_in_order() {
    let mut text = String::new();
    for n in 0..3000 {
        let guess = ["321", "132", "456", "123"][n % 4];
        text.push_str(
            &json!({"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": guess}})
                .to_string(),
        );
        text.push('\n');
        if n % 7 == 0 {
            text.push('\n');
        }
    }
    // Written from a thread while the answers are read: a writer that sends everything
    // before reading would fill the answer pipe and wait forever, as with any co-process.
    let mut child = co_process(&["batch", "--jobs", "3", "-"]);
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3000);
    let mut line_number = 0;
    for (n, line) in lines.iter().enumerate() {
        line_number += 1;
        assert_eq!(line["case"], format!("<stdin>:{line_number}"));
        if n % 7 == 0 {
            line_number += 1;
        }
        let strikes = [1, 1, 0, 3][n % 4];
        assert_eq!(line["verdict"]["strikes"], strikes, "{line}");
    }
}

/// Bursts of cases written in one go, each burst's answers all read before the next burst is
/// written: answers printed together are flushed together, never held back for a later case.
#[test]
fn a_burst_is_answered_whole_before_the_next_is_written() {
    let mut child = co_process(&["batch", "--jobs", "2", "-"]);
    let mut input = child.stdin.take().unwrap();
    let (answers, reader) = read_answers(&mut child);
    let mut number = 0;
    for burst in [1, 300, 7, 1000, 2] {
        let mut text = String::new();
        for n in 0..burst {
            let guess = ["321", "132", "456", "123"][n % 4];
            text.push_str(
                &json!({"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": guess}})
                    .to_string(),
            );
            text.push('\n');
        }
        input.write_all(text.as_bytes()).unwrap();
        input.flush().unwrap();
        for n in 0..burst {
            number += 1;
            let answer = answers
                .recv_timeout(ANSWER_WAIT)
                .unwrap_or_else(|_| panic!("no answer to case {} of a burst of {burst}", n + 1));
            let answer: Value = serde_json::from_str(&answer).unwrap();
            assert_eq!(answer["case"], format!("<stdin>:{number}"), "{answer}");
            assert_eq!(
                answer["verdict"]["strikes"],
                [1, 1, 0, 3][n % 4],
                "{answer}"
            );
        }
    }
    drop(input);
    assert_eq!(child.wait().unwrap().code(), Some(0));
    reader.join().unwrap();
}

#[test]
fn stdin_cannot_be_mixed_with_files() {
    let run = puzzles(&["batch", "-", "fixtures"], "");
    assert_eq!(run.code, 2);
    assert_eq!(run.json()["error"]["kind"], "usage");
}

/// `--fail-fast` on a stream stops after the first failing case.
#[test]
fn fail_fast_ends_a_stream() {
    let good = json!({"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "321"}, "expect": {"balls": 2}}).to_string();
    let bad = json!({"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "321"}, "expect": {"balls": 1}}).to_string();
    let text = format!("{good}\n{good}\n{bad}\n{good}\n");
    let run = puzzles(&["batch", "--fail-fast", "-"], &text);
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.json_lines().len(), 3);
}
