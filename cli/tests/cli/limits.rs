//! Hostile input against resource limits: long clue lists, long histories, many games. Each
//! command must answer (a verdict, a `timeout` status or an `invalid` error) whatever the
//! input's size; these tests check the answers, the crates' own tests count the work.

use crate::{puzzles, scratch};

/// A webpbn `.non` export as the site writes it: Latin-1 bytes (`é`, `©`) and the `name`
/// keyword among the ignored ones.
#[test]
fn webpbn_non_exports_with_latin1_titles_and_names_are_read() {
    let dir = scratch("webpbn_non_exports_with_latin1_titles_and_names_are_read");
    let mut text = b"catalogue \"webpbn #2\"\ntitle \"Caf\xe9\"\nname \"Jos\xe9\"\n".to_vec();
    text.extend_from_slice(b"by \"Jan\"\ncopyright \"\xa9 2004\"\nlicense CC-BY-3.0\n");
    text.extend_from_slice(b"width 2\nheight 2\n\nrows\n2\n1\n\ncolumns\n2\n1\n");
    let file = dir.join("export.non");
    std::fs::write(&file, &text).unwrap();
    let run = puzzles(&["nonogram", "solve", file.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json()["status"], "unique");
    assert_eq!(run.json()["solution"], serde_json::json!(["##", "#."]));
}

/// 100,000 counts in one clue list, in `.non` and XML: read in one pass, then refused by the
/// solver's checks (they cannot fit a 5-cell row).
#[test]
fn clue_lists_of_100k_counts_are_answered() {
    let n = 100_000;
    let non = format!(
        "width 5\nheight 1\nrows\n{}\ncolumns\n1\n0\n1\n0\n1\n",
        vec!["1"; n].join(",")
    );
    let xml = format!(
        "<puzzle><clue type=\"rows\"><line>{}</line></clue>\
         <clue type=\"columns\"><line><count>1</count></line></clue></puzzle>",
        "<count>1</count>".repeat(n)
    );
    for (format, text) in [("non", non), ("xml", xml)] {
        // The limit also bounds reading stdin: a wide one, so a loaded machine's slow pipe
        // cannot turn the answer into a time-out.
        let run = puzzles(
            &[
                "nonogram",
                "solve",
                "--format",
                format,
                "--timeout",
                "60000",
            ],
            &text,
        );
        assert_eq!(run.code, 2, "{format}: {}", run.stderr);
        let error = &run.json()["error"];
        assert_eq!(error["kind"], "invalid", "{format}: {error}");
        assert_eq!(error["path"], "/rows/0", "{format}: {error}");
    }
}

/// 200,000 history entries (five answers for secret 123, over and over): replayed in linear
/// time, and within the limit: `"timeout_ms": 0` stops the replay at once with status
/// `timeout`, and `--timeout 0` (no limit) lets it finish.
#[test]
fn baseball_solve_with_200k_history_entries_honours_the_limit() {
    let five = [
        ("123", 3, 0),
        ("456", 0, 0),
        ("132", 1, 2),
        ("789", 0, 0),
        ("312", 0, 3),
    ];
    let history: Vec<serde_json::Value> = five
        .iter()
        .cycle()
        .take(200_000)
        .map(|(g, s, b)| serde_json::json!({"guess": g, "strikes": s, "balls": b}))
        .collect();
    let input = serde_json::json!({"history": history, "strategy": "entropy"}).to_string();
    let run = puzzles(&["baseball", "solve"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let verdict = run.json();
    assert_eq!(verdict["status"], "done");
    assert_eq!(verdict["remaining"], 1);
    assert_eq!(verdict["next_guess"], "123");

    let zero = serde_json::json!({"history": history, "strategy": "entropy", "timeout_ms": 0});
    let run = puzzles(&["baseball", "solve"], &zero.to_string());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let verdict = run.json();
    assert_eq!(verdict["status"], "timeout", "{verdict}");
    assert_eq!(verdict["consistent"], serde_json::Value::Null);
    assert_eq!(verdict["remaining"], serde_json::Value::Null);
    assert_eq!(verdict["next_guess"], serde_json::Value::Null);

    let run = puzzles(&["baseball", "solve", "--timeout", "0"], &zero.to_string());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["status"], "done", "--timeout 0 is no limit");
}

/// `blockdoku selfplay` asked for the most games with a short limit: the verdict counts the
/// games played and nothing else (no 0-tray games that never started), and its figures agree
/// with its results.
#[test]
fn blockdoku_selfplay_under_a_limit_reports_the_games_played() {
    let input = r#"{"games": 100000, "seed": 3, "max_trays": 1000000}"#;
    let run = puzzles(&["blockdoku", "selfplay", "--timeout", "200"], input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v = run.json();
    assert_eq!(v["status"], "timeout");
    let results = v["results"].as_array().unwrap();
    assert_eq!(v["games"], results.len());
    assert!(results.len() < 100_000);
    assert!(
        results.iter().all(|r| r["pieces"].as_u64() > Some(0)),
        "{v}"
    );
    if !results.is_empty() {
        let trays: u64 = results.iter().map(|r| r["trays"].as_u64().unwrap()).sum();
        assert_eq!(v["mean_trays"], trays as f64 / results.len() as f64);
    }
}

/// A fitpuzzle verdict that could pass the 256 MB ceiling is
/// refused up front: 2048 x 4096 boards of single-cell holes and pieces (the full 4096 x
/// 4096 made a 705 MB verdict and a 1.44 GB peak).
#[test]
fn fitpuzzle_refuses_a_verdict_beyond_the_ceiling_up_front() {
    let row = |offset: usize| -> String {
        let cells: Vec<&str> = (0..4096)
            .map(|c| {
                if (c + offset).is_multiple_of(2) {
                    "0"
                } else {
                    "1"
                }
            })
            .collect();
        format!("[{}]", cells.join(","))
    };
    let grid = |flip: usize| -> String {
        let rows: Vec<String> = (0..2048).map(|r| row(r + flip)).collect();
        format!("[{}]", rows.join(","))
    };
    let input = format!(r#"{{"game_board": {}, "table": {}}}"#, grid(0), grid(1));
    let run = puzzles(&["fitpuzzle", "solve"], &input);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let error = &run.json()["error"];
    assert_eq!(error["kind"], "invalid", "{error}");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("limit of 256 MB"),
        "{error}"
    );
}

/// Commands that can run long have a default limit, and `"timeout_ms": null` or
/// `--timeout 0` asks for none: both are accepted and run (a short run here).
#[test]
fn null_and_zero_timeouts_mean_no_limit() {
    let selfplay = r#"{"games": 2, "seed": 7, "max_trays": 1, "timeout_ms": null}"#;
    let run = puzzles(&["blockdoku", "selfplay"], selfplay);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["status"], "complete");
    let simulate = r#"{"length": 2, "alphabet": "abc", "strategy": "first", "timeout_ms": null}"#;
    let run = puzzles(&["baseball", "simulate", "--timeout", "0"], simulate);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["status"], "done");
    // A zero limit in the input is no time at all (the flag's 0 is the exception).
    let zero = r#"{"games": 50, "seed": 7, "max_trays": 1000, "timeout_ms": 0}"#;
    assert_eq!(
        puzzles(&["blockdoku", "selfplay"], zero).json()["status"],
        "timeout"
    );
}
