//! `puzzles <game> render`: one SVG document on stdout, the usual JSON error otherwise;
//! `puzzles batch --render DIR`; and the committed pictures under docs/render/.

use std::path::Path;

use serde_json::Value;

use crate::{Run, puzzles, scratch, workspace};

/// The fixture whose input draws each game's picture in docs/render/ (and the README).
const DOC_PICTURES: [(&str, &str); 5] = [
    ("nonogram", "fixtures/nonogram/solve-unique-dancer.json"),
    (
        "fitpuzzle",
        "fixtures/fitpuzzle/design-note-custom-case.json",
    ),
    (
        "blockdoku",
        "fixtures/blockdoku/place-double-clear-counted-once.json",
    ),
    (
        "baseball",
        "fixtures/baseball/solve-history-to-two-candidates.json",
    ),
    ("renju", "fixtures/renju/check-every-reason.json"),
];

/// The `input` of a fixture case, as JSON text.
fn fixture_input(path: &str) -> String {
    let text = std::fs::read_to_string(workspace().join(path)).expect("the fixture is there");
    let case: Value = serde_json::from_str(&text).expect("the fixture is JSON");
    case["input"].to_string()
}

/// Checks that a run printed one SVG document and nothing else.
fn assert_svg(run: &Run) {
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stderr, "", "{run:?}");
    assert!(run.stdout.ends_with("</svg>\n"), "{}", run.stdout);
    let doc = roxmltree::Document::parse(&run.stdout)
        .unwrap_or_else(|e| panic!("not XML: {e}: {}", run.stdout));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
}

#[test]
fn render_writes_one_svg_document_for_every_game() {
    for (game, fixture) in DOC_PICTURES {
        let run = puzzles(&[game, "render"], &fixture_input(fixture));
        assert_svg(&run);
        let from_dash = puzzles(&[game, "render", "-"], &fixture_input(fixture));
        assert_eq!(
            from_dash.stdout, run.stdout,
            "{game}: same picture from `-`"
        );
        let path = crate::scratch(&format!("render_from_file_{game}")).join("input.json");
        std::fs::write(&path, fixture_input(fixture)).unwrap();
        let from_file = puzzles(&[game, "render", path.to_str().unwrap()], "");
        assert_eq!(
            from_file.stdout, run.stdout,
            "{game}: same picture from a file"
        );
    }
}

#[test]
fn render_reads_the_text_formats_of_its_game() {
    for file in [
        "fixtures/nonogram/solve-dancer.non",
        "fixtures/nonogram/solve-dancer.xml",
    ] {
        let run = puzzles(&["nonogram", "render", file], "");
        assert_svg(&run);
        assert!(run.stdout.contains("unique solution"), "{file}");
    }
}

#[test]
fn render_takes_a_player_board_and_marks_broken_lines() {
    let input =
        r####"{"rows": [[3], [1]], "cols": [[1], [1], [1], [1]], "grid": ["#x##", "...."]}"####;
    let run = puzzles(&["nonogram", "render"], input);
    assert_svg(&run);
    assert!(run.stdout.contains("1 broken line"), "{}", run.stdout);
}

#[test]
fn bad_render_input_is_the_json_error_and_exit_2() {
    let cases = [
        (
            "blockdoku",
            r####"{"board": "x"}"####,
            "shape",
            Value::from("/board"),
        ),
        (
            "renju",
            r####"{"moves": ["h8", "z99"]}"####,
            "invalid",
            Value::from("/moves/1"),
        ),
        ("baseball", r####"{"histroy": []}"####, "shape", Value::Null),
        ("nonogram", "{not json", "syntax", Value::Null),
        (
            "fitpuzzle",
            r####"{"game_board": [[2]], "table": [[1]]}"####,
            "invalid",
            Value::from("/game_board/0/0"),
        ),
    ];
    for (game, input, kind, path) in cases {
        let run = puzzles(&[game, "render"], input);
        assert_eq!(run.code, 2, "{game}: {run:?}");
        let error = &run.json()["error"];
        assert_eq!(error["kind"], kind, "{game}: {error}");
        if !path.is_null() {
            assert_eq!(error["path"], path, "{game}: {error}");
        }
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(
            run.stderr.starts_with("puzzles: <stdin>: "),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn render_has_no_pretty_flag_but_keeps_timeout_where_the_input_has_one() {
    let run = puzzles(&["renju", "render", "--pretty"], "{}");
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.json()["error"]["kind"], "usage");
    let run = puzzles(
        &["nonogram", "render", "--timeout", "5000"],
        r####"{"rows": [[1]], "cols": [[1]]}"####,
    );
    assert_svg(&run);
}

#[test]
fn schema_lists_render_inputs_and_says_the_output_is_svg() {
    for (game, _) in DOC_PICTURES {
        let schema = puzzles(&["schema", game, "render"], "").json();
        assert_eq!(schema["verdict"]["contentMediaType"], "image/svg+xml");
        assert_eq!(schema["input"]["type"], "object", "{game}");
    }
}

#[test]
fn batch_refuses_render_cases() {
    let dir = scratch("batch_refuses_render_cases");
    let file = dir.join("render.json");
    let case = r####"{"game": "renju", "command": "render", "input": {}}"####;
    std::fs::write(&file, case).unwrap();
    let run = puzzles(&["batch", file.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{run:?}");
    let error = &run.json_lines()[0]["error"];
    assert_eq!(error["kind"], "case");
    assert!(
        error["message"].as_str().unwrap().contains("--render"),
        "{error}"
    );
}

#[test]
fn batch_render_draws_each_failing_case_once() {
    let dir = scratch("batch_render_draws_each_failing_case_once");
    let cases = [
        // passes: no picture
        r####"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "134"}, "expect": {"strikes": 1}}"####,
        // a mismatch, drawn with the mismatch under it
        r####"{"game": "renju", "command": "check", "input": {"moves": ["i8", "a1", "j8", "a3", "h9", "a5", "h10", "o15"]}, "expect": {"forbidden": []}}"####,
        // invalid input: text alone
        r####"{"game": "blockdoku", "command": "place", "input": {"board": ["."], "piece": ["#"], "at": [0, 0]}}"####,
        // not a case at all: its name and the syntax error, as text
        "not json",
        // a command whose input render does not take: text alone
        r####"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "134"}, "expect": {"strikes": 2}}"####,
    ];
    std::fs::write(dir.join("cases.jsonl"), cases.join("\n") + "\n").unwrap();
    std::fs::write(
        dir.join("one.json"),
        r####"{"game": "nonogram", "command": "solve", "input": {"rows": [[1], [1]], "cols": [[1], [1]]}, "expect": {"status": "unique"}}"####,
    )
    .unwrap();
    let out = dir.join("pictures");
    let plain = puzzles(&["batch", dir.to_str().unwrap()], "");
    let (run, names) = batch_render(&dir, &out, &["--jobs", "3"]);
    // The nonogram verdict's `elapsed_ms` may differ between two runs on a busy machine.
    let verdicts = |lines: Vec<serde_json::Value>| {
        let mut lines = serde_json::Value::Array(lines);
        crate::fixtures::redact_timings(&mut lines);
        lines
    };
    assert_eq!(
        verdicts(run.json_lines()),
        verdicts(plain.json_lines()),
        "--render changes no verdict"
    );
    assert!(
        run.stderr.contains("5 pictures of failing cases"),
        "{}",
        run.stderr
    );
    assert_eq!(
        names,
        [
            "cases-2.svg",
            "cases-3.svg",
            "cases-4.svg",
            "cases-5.svg",
            "one.svg"
        ]
    );
    for name in &names {
        let svg = std::fs::read_to_string(out.join(name)).unwrap();
        roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let renju = std::fs::read_to_string(out.join("cases-2.svg")).unwrap();
    assert!(renju.contains("cases.jsonl:2: renju check"), "{renju}");
    assert!(renju.contains("/forbidden: expected []"), "{renju}");
    assert!(renju.contains("class=\"stones\""), "the board is drawn");
    let blockdoku = std::fs::read_to_string(out.join("cases-3.svg")).unwrap();
    assert!(blockdoku.contains("no picture"), "{blockdoku}");
    let unreadable = std::fs::read_to_string(out.join("cases-4.svg")).unwrap();
    assert!(unreadable.contains("error (syntax)"), "{unreadable}");
    // A command without a picture gets its case and mismatch, and no caption about
    // `render` refusing the input, which would read as if the case were broken.
    let judge = std::fs::read_to_string(out.join("cases-5.svg")).unwrap();
    assert!(judge.contains("/strikes: expected 2, got 1"), "{judge}");
    assert!(!judge.contains("no picture"), "{judge}");
    let nonogram = std::fs::read_to_string(out.join("one.svg")).unwrap();
    assert!(nonogram.contains("/status: expected"), "{nonogram}");

    // A second `one` stem (another folder) is `one~2.svg`, never `one-2.svg`, which would be
    // line 2 of a one.jsonl.
    let other = dir.join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::copy(dir.join("one.json"), other.join("one.json")).unwrap();
    let (_, names) = batch_render(&dir, &dir.join("pictures-again"), &[]);
    assert_eq!(
        names,
        [
            "cases-2.svg",
            "cases-3.svg",
            "cases-4.svg",
            "cases-5.svg",
            "one.svg",
            "one~2.svg"
        ]
    );
    std::fs::remove_dir_all(&other).unwrap();

    // A folder that cannot be made is an io error, before any case runs.
    let blocked = dir.join("one.json").join("pictures");
    let run = puzzles(
        &[
            "batch",
            dir.to_str().unwrap(),
            "--render",
            blocked.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.json()["error"]["kind"], "io");
}

/// A failing case whose `input` is a file path is drawn from that file, as the case read it:
/// the grid of the `.non` file, not the text-only picture; a missing file says why.
#[test]
fn batch_render_draws_an_input_given_as_a_path() {
    let dir = scratch("batch_render_draws_an_input_given_as_a_path");
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    std::fs::copy(
        workspace().join("fixtures/nonogram/solve-dancer.non"),
        dir.join("cases/solve-dancer.non"),
    )
    .unwrap();
    let lines = [
        r#"{"game": "nonogram", "command": "solve", "input": "solve-dancer.non", "expect": {"status": "multiple"}}"#,
        r#"{"game": "nonogram", "command": "solve", "input": "gone.non", "expect": {"status": "unique"}}"#,
    ];
    std::fs::write(dir.join("cases/files.jsonl"), lines.join("\n")).unwrap();
    let out = dir.join("pictures");
    let (run, names) = batch_render(&dir.join("cases"), &out, &[]);
    assert_eq!(run.json_lines()[0]["pass"], false, "{run:?}");
    assert_eq!(names, ["files-1.svg", "files-2.svg"]);
    let drawn = std::fs::read_to_string(out.join("files-1.svg")).unwrap();
    assert!(
        drawn.contains("class=\"cells\""),
        "the grid is drawn: {drawn}"
    );
    assert!(drawn.contains("/status: expected"), "{drawn}");
    assert!(!drawn.contains("no picture"), "{drawn}");
    let missing = std::fs::read_to_string(out.join("files-2.svg")).unwrap();
    assert!(missing.contains("cannot read the input file"), "{missing}");
    assert!(!missing.contains("class=\"cells\""), "{missing}");
}

/// `puzzles batch DIR --render OUT EXTRA...`, which must exit 2 (the cases include an
/// invalid one), and the names of the pictures it wrote, sorted.
fn batch_render(dir: &Path, out: &Path, extra: &[&str]) -> (Run, Vec<String>) {
    let mut args = vec![
        "batch",
        dir.to_str().unwrap(),
        "--render",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    let run = puzzles(&args, "");
    assert_eq!(run.code, 2, "{run:?}");
    let mut names: Vec<String> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    (run, names)
}

/// docs/render/<game>.svg is `puzzles <game> render` of its fixture's input, byte for byte.
/// `PUZZLES_UPDATE_PICTURES=1 cargo test --release -p puzzles --test cli doc_pictures` rewrites them.
#[test]
fn doc_pictures_are_up_to_date() {
    let update = std::env::var_os("PUZZLES_UPDATE_PICTURES").is_some();
    let dir = workspace().join("docs/render");
    let mut stale = Vec::new();
    for (game, fixture) in DOC_PICTURES {
        let run = puzzles(&[game, "render"], &fixture_input(fixture));
        assert_svg(&run);
        let path = dir.join(format!("{game}.svg"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &run.stdout).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(&run.stdout) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale pictures (rewrite them with PUZZLES_UPDATE_PICTURES=1 cargo test --release -p puzzles --test cli doc_pictures): {stale:?}"
    );
}
