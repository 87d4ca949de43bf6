//! Hostile input: every way of feeding `puzzles` something wrong ends in one JSON error
//! object on stdout, one escaped sentence on stderr and exit 2; never a panic, never a lost
//! verdict. Each test names the fault it keeps out; the last one runs a generated corpus of
//! mangled fixture cases through `puzzles batch`.

use serde_json::{Value, json};

use crate::{Run, puzzles, puzzles_bytes, scratch, workspace};

/// The error contract of a failed single run: exit 2, one error object of `kind` on stdout,
/// one line on stderr, and that line free of raw control characters.
fn assert_error(run: &Run, kind: &str) -> Value {
    assert_eq!(run.code, 2, "{run:?}");
    let error = run.json()["error"].clone();
    assert_eq!(error["kind"], kind, "{run:?}");
    assert_eq!(run.stderr.lines().count(), 1, "{:?}", run.stderr);
    assert!(
        !run.stderr.trim_end().chars().any(char::is_control),
        "raw control character on stderr: {:?}",
        run.stderr
    );
    error
}

#[test]
fn usage_errors_print_the_error_object_and_one_sentence() {
    for args in [
        &[][..],
        &["nosuch"],
        &["baseball", "nosuch"],
        &["baseball", "judge", "--bogus"],
        &["baseball", "judge", "--timeout", "5"],
        &["baseball", "judge", "--format", "non"],
        &["nonogram", "solve", "--timeout", "soon"],
        &["batch", "--update", "missing"],
        &["schema", "chess"],
    ] {
        let run = puzzles(args, "");
        let error = assert_error(&run, "usage");
        assert!(error["message"].as_str().unwrap().len() > 10, "{args:?}");
    }
}

/// `--list` prints JSON Lines or lines for people, as `--report jsonl` or `human` asks; a
/// report it cannot give (JUnit on stdout, any report file) is a usage error, not JSON
/// Lines where XML was asked for.
#[test]
fn list_prints_only_the_reports_it_can_give() {
    let list = |report: &[&str]| {
        puzzles(
            &[
                &["batch", "--no-cache", "--list", "fixtures/baseball"],
                report,
            ]
            .concat(),
            "",
        )
    };
    let lines = list(&[]);
    assert_eq!(lines.code, 0, "{lines:?}");
    let cases = lines.json_lines().len();
    assert!(cases > 0, "{lines:?}");
    assert_eq!(list(&["--report", "jsonl"]).stdout, lines.stdout);
    let human = list(&["--report", "human"]);
    assert_eq!(human.code, 0, "{human:?}");
    assert_eq!(human.stdout.lines().count(), cases);
    assert!(human.stdout.starts_with("fixtures/baseball/"), "{human:?}");
    for report in ["junit", "github", "summary", "jsonl=listed.jsonl"] {
        let run = list(&["--report", report]);
        let error = assert_error(&run, "usage");
        assert!(
            error["message"].as_str().unwrap().contains("--list"),
            "{report}: {error}"
        );
    }
    assert!(!workspace().join("listed.jsonl").exists());
}

/// An interactive command's error ends the same way as any other: the error object on
/// stdout, one sentence on stderr, exit 2.
#[test]
fn interactive_errors_print_the_error_object_and_one_sentence() {
    for length in ["0", "11"] {
        let run = puzzles(&["baseball", "play", "--length", length], "");
        let error = assert_error(&run, "invalid");
        assert!(
            error["message"].as_str().unwrap().starts_with("--length"),
            "{error}"
        );
    }
}

/// A stdout that fails for another reason than a closed pipe (a full disk) is said in one
/// sentence on stderr, exit 2, for every command that prints; a closed pipe stays quiet.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_said_on_stderr_with_exit_2() {
    let judge = r#"{"secret": "123", "guess": "134"}"#;
    let runs: [(&[&str], &str); 8] = [
        (&["baseball", "judge"], judge),
        (&["batch", "--no-cache", "fixtures/baseball"], ""),
        (&["batch", "--no-cache", "--list", "fixtures/baseball"], ""),
        (&["schema"], ""),
        (&["completions", "bash"], ""),
        (&["man"], ""),
        (&["--help"], ""),
        (&["--version"], ""),
    ];
    for (args, stdin) in runs {
        let output = crate::puzzles_command()
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
                child.wait_with_output()
            })
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write to stdout: No space left on device"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn help_lists_the_input_fields_and_only_the_flags_that_apply() {
    let judge = puzzles(&["baseball", "judge", "--help"], "");
    assert_eq!(judge.code, 0);
    for field in [
        "secret",
        "guess",
        "alphabet",
        "puzzles schema baseball judge",
    ] {
        assert!(judge.stdout.contains(field), "{field}: {}", judge.stdout);
    }
    assert!(!judge.stdout.contains("--timeout"), "{}", judge.stdout);
    assert!(!judge.stdout.contains("--format"), "{}", judge.stdout);

    let solve = puzzles(&["nonogram", "solve", "--help"], "");
    for flag in ["--timeout", "--format", "rows", "cols"] {
        assert!(solve.stdout.contains(flag), "{flag}: {}", solve.stdout);
    }
    let selfplay = puzzles(&["blockdoku", "selfplay", "--help"], "");
    assert!(selfplay.stdout.contains("--timeout"));
    assert!(!selfplay.stdout.contains("--format"));
}

#[test]
fn inputs_must_be_objects_with_or_without_the_timeout_flag() {
    assert_error(
        &puzzles(&["baseball", "judge"], r#"["123", "134"]"#),
        "shape",
    );
    assert_error(
        &puzzles(&["blockdoku", "selfplay", "--timeout", "50"], "[]"),
        "shape",
    );
    assert_error(&puzzles(&["renju", "check"], "7"), "shape");
    assert_error(&puzzles(&["renju", "check"], "null"), "shape");
}

#[test]
fn text_after_the_input_is_refused() {
    let good = r#"{"secret": "123", "guess": "321"}"#;
    assert_eq!(puzzles(&["baseball", "judge"], good).code, 0);
    let error = assert_error(
        &puzzles(&["baseball", "judge"], &format!("{good} {{}}")),
        "syntax",
    );
    assert_eq!(error["column"], good.len() + 2);
    assert_error(
        &puzzles(&["baseball", "judge"], &format!("{good}]")),
        "syntax",
    );
}

#[test]
fn control_characters_are_escaped_and_long_values_cut() {
    let run = puzzles(
        &["baseball", "judge"],
        r#"{"secret": "123", "guess": "\u001b[31m\nred"}"#,
    );
    let error = assert_error(&run, "invalid");
    // The JSON message keeps the escape visible; stderr shows it escaped, on one line.
    assert!(error["message"].as_str().unwrap().contains("\\u{1b}"));
    assert!(run.stderr.contains("\\u{1b}[31m\\nred"), "{}", run.stderr);

    let secret = "7".repeat(1_000_000);
    let run = puzzles(
        &["baseball", "judge"],
        &format!(r#"{{"secret": "123", "guess": "{secret}"}}"#),
    );
    assert_error(&run, "invalid");
    assert_output_within(&run, 2_000, 2_000);
}

/// A hostile input cannot flood the output: stdout and stderr stay under these sizes.
fn assert_output_within(run: &Run, stdout: usize, stderr: usize) {
    assert!(
        run.stdout.len() < stdout,
        "stdout is {} bytes",
        run.stdout.len()
    );
    assert!(
        run.stderr.len() < stderr,
        "stderr is {} bytes",
        run.stderr.len()
    );
}

#[test]
fn byte_order_marks_empty_input_and_other_encodings() {
    let run = puzzles_bytes(
        &["baseball", "judge"],
        b"\xef\xbb\xbf{\"secret\": \"123\", \"guess\": \"321\"}",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json()["balls"], 2);

    for empty in ["", "  \n\t"] {
        let error = assert_error(&puzzles(&["baseball", "judge"], empty), "syntax");
        assert!(error["message"].as_str().unwrap().contains("empty input"));
    }

    // Not UTF-8 in a JSON input: a syntax error that says so, with its place.
    let run = puzzles_bytes(
        &["baseball", "judge"],
        b"{\"secret\": \"123\",\n \"guess\": \"3\xe921\"}",
    );
    let error = assert_error(&run, "syntax");
    assert_eq!(error["line"], 2, "{error}");
    assert!(
        error["message"].as_str().unwrap().contains("UTF-8"),
        "{error}"
    );
}

#[test]
fn non_files_are_sniffed_on_stdin_and_read_in_latin_1() {
    let non = "width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n";
    let run = puzzles(&["nonogram", "solve"], non);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json()["status"], "unique");

    // A webpbn export with a Latin-1 title ("Café").
    let mut bytes = b"title \"Caf\xe9\"\n".to_vec();
    bytes.extend_from_slice(non.as_bytes());
    let dir = scratch("hostile_latin1");
    let path = dir.join("cafe.non");
    std::fs::write(&path, &bytes).unwrap();
    let run = puzzles(&["nonogram", "solve", path.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json()["solution"], json!(["##"]));
}

/// Commands whose running time a mangled number cannot blow up (solvers and simulations
/// are left out: a mangled limit is a legitimate long job, not a fault).
const QUICK: &[(&str, &str)] = &[
    ("nonogram", "line"),
    ("nonogram", "check"),
    ("nonogram", "clues"),
    ("nonogram", "hint"),
    ("blockdoku", "clear"),
    ("blockdoku", "place"),
    ("blockdoku", "fits"),
    ("blockdoku", "play"),
    ("baseball", "judge"),
    ("renju", "check"),
    ("renju", "move"),
    ("renju", "validate"),
];

/// Every fixture case of a quick command, as compact one-line JSON.
fn quick_fixture_cases() -> Vec<String> {
    let mut texts = Vec::new();
    let mut stack = vec![workspace().join("fixtures")];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => texts.push(text),
            Some("jsonl") => texts.extend(text.lines().map(str::to_string)),
            _ => {}
        }
    }
    let mut cases: Vec<String> = texts
        .iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .filter(|case| {
            QUICK
                .iter()
                .any(|(game, command)| case["game"] == *game && case["command"] == *command)
        })
        .map(|mut case| {
            case.as_object_mut().unwrap().remove("expect");
            case.to_string()
        })
        .collect();
    cases.sort();
    cases
}

/// SplitMix64: a fixed, seeded sequence, so the corpus is the same on every run.
struct Mangler(u64);

impl Mangler {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % below as u64) as usize
    }

    /// One mangled copy of `case`: cut short, a character dropped or replaced, a token
    /// doubled, or a value swapped for a hostile one.
    fn mangle(&mut self, case: &str) -> String {
        let chars: Vec<char> = case.chars().collect();
        let at = self.next(chars.len());
        let hostile = [
            "\"",
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            "-",
            "0",
            "9",
            "\\",
            "\u{1b}",
            "é",
            " ",
            "null",
            "-1",
            "1e400",
            "18446744073709551616",
            "\"\"",
            "[]",
            "{}",
            "true",
            "\"x\"",
            "0.5",
        ];
        let pick = hostile[self.next(hostile.len())];
        let mut out: String;
        match self.next(5) {
            0 => out = chars[..at].iter().collect(),
            1 => {
                out = chars[..at].iter().collect();
                out.extend(&chars[at + 1..]);
            }
            2 => {
                out = chars[..at].iter().collect();
                out.push_str(pick);
                out.extend(&chars[at + 1..]);
            }
            3 => {
                out = chars[..at].iter().collect();
                out.push_str(pick);
                out.extend(&chars[at..]);
            }
            _ => {
                // Replace a whole number or string token with a hostile value.
                let start = chars[..at]
                    .iter()
                    .rposition(|c| matches!(c, ':' | ',' | '['))
                    .map_or(0, |i| i + 1);
                let end = chars[start..]
                    .iter()
                    .position(|c| matches!(c, ',' | ']' | '}'))
                    .map_or(chars.len(), |i| start + i);
                out = chars[..start].iter().collect();
                out.push_str(pick);
                out.extend(&chars[end..]);
            }
        }
        out.replace('\n', " ")
    }
}

/// Thousands of mangled fixture cases in one `.jsonl` file: each gets exactly one output
/// line (a verdict or an error object), none is an internal error or a panic, and the good
/// cases around them keep their verdicts.
#[test]
fn a_generated_corpus_of_mangled_cases_loses_nothing() {
    let cases = quick_fixture_cases();
    assert!(
        cases.len() >= 40,
        "only {} quick fixture cases",
        cases.len()
    );
    let mut mangler = Mangler(12);
    let mut lines = Vec::new();
    for copy in 0..40 {
        for case in &cases {
            let mangled = mangler.mangle(case);
            if mangled.trim().is_empty() {
                continue;
            }
            lines.push(mangled);
            if copy == 0 {
                lines.push(case.clone());
            }
        }
    }
    let dir = scratch("hostile_corpus");
    std::fs::write(dir.join("mangled.jsonl"), lines.join("\n")).unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    assert!(matches!(run.code, 0 | 2), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    let out = run.json_lines();
    assert_eq!(out.len(), lines.len(), "one output line per case");
    let mut errors = 0;
    for (n, line) in out.iter().enumerate() {
        assert_eq!(
            line["case"],
            format!("{}/mangled.jsonl:{}", dir.display(), n + 1)
        );
        match line.get("error") {
            Some(error) => {
                errors += 1;
                assert_ne!(error["kind"], "internal", "{} -> {line}", lines[n]);
                assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
            }
            None => assert!(line["verdict"].is_object(), "{line}"),
        }
    }
    // Most mangled cases are faults; a corpus that produced none would test nothing.
    assert!(errors * 2 > out.len(), "{errors} errors of {}", out.len());
}

// Hostile characters and sizes in every output: one test per kind of input that broke an
// output, then a property test over every command.

/// Parses an SVG or JUnit document with a real XML parser: every output document must be
/// well-formed XML 1.0, whatever characters the input held.
fn assert_xml(text: &str, what: &str) {
    if let Err(err) = roxmltree::Document::parse(text) {
        panic!("{what} is not well-formed XML: {err}\n{text}");
    }
}

/// No raw control character on stderr except the newlines that end its lines.
fn assert_clean_stderr(stderr: &str) {
    let raw: Vec<char> = stderr
        .chars()
        .filter(|&c| c.is_control() && c != '\n')
        .collect();
    assert!(
        raw.is_empty(),
        "raw control characters {raw:?} on stderr: {stderr:?}"
    );
}

/// U+FFFF passes the alphabet check; the picture must still be XML.
#[test]
fn render_replaces_characters_xml_forbids() {
    let run = puzzles(
        &["baseball", "render"],
        r#"{"length": 1, "alphabet": "\uffffa"}"#,
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert_xml(&run.stdout, "baseball render");
    assert!(!run.stdout.contains('\u{FFFF}'));
}

/// Cases with characters XML 1.0 forbids or terminals obey: a field named `"\u0001"`, U+FFFF
/// and U+FFFE in an `expect` value and in a field name, and a case file whose name holds a
/// control character.
fn hostile_names_batch(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    let cases = [
        r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "134", "\u0001": 1}}"#,
        r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "134"}, "expect": {"strikes": "\uffff\ufffe"}}"#,
        r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "134", "\uffff": 1}}"#,
        r#"{"game": "x\u001b[2J", "command": "judge\u009b", "input": {}}"#,
        r#"{"game": "renju", "command": "check", "input": {"moves": ["h8", "h8"]}, "expect": {"\ufffe": 1}}"#,
    ];
    std::fs::write(dir.join("cases.jsonl"), cases.join("\n") + "\n").unwrap();
    std::fs::write(
        dir.join("odd\u{7}name\u{1b}.json"),
        r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "134"}, "expect": {"strikes": 3}}"#,
    )
    .unwrap();
    dir
}

/// `puzzles batch DIR --render DIR/pictures`: the run and the pictures' folder.
fn batch_with_pictures(dir: &std::path::Path) -> (Run, std::path::PathBuf) {
    let out = dir.join("pictures");
    let args = [
        "batch",
        dir.to_str().unwrap(),
        "--render",
        out.to_str().unwrap(),
    ];
    (puzzles(&args, ""), out)
}

/// `batch --render` pictures of hostile cases are XML.
#[test]
fn batch_pictures_of_hostile_cases_are_xml() {
    let dir = hostile_names_batch("hostile_pictures");
    let (run, out) = batch_with_pictures(&dir);
    assert_eq!(run.code, 2, "{run:?}");
    assert_clean_stderr(&run.stderr);
    let pictures: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(
        pictures.len(),
        6,
        "every failing case has a picture: {pictures:?}"
    );
    for path in pictures {
        assert_xml(
            &std::fs::read_to_string(&path).unwrap(),
            &path.display().to_string(),
        );
    }
}

/// The JUnit report of hostile cases is XML.
#[test]
fn junit_reports_of_hostile_cases_are_xml() {
    let dir = hostile_names_batch("hostile_junit");
    let run = puzzles(&["batch", dir.to_str().unwrap(), "--report", "junit"], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert_xml(&run.stdout, "the JUnit report");
    let doc = roxmltree::Document::parse(&run.stdout).unwrap();
    let cases = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .count();
    assert_eq!(cases, 6);
}

/// Annotation titles, `file=` and messages carry no ESC or C1 character.
#[test]
fn github_annotations_escape_every_field() {
    let dir = hostile_names_batch("hostile_github");
    let run = puzzles(&["batch", dir.to_str().unwrap(), "--report", "github"], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert_clean_stderr(&run.stderr);
    let annotations: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("::error"))
        .collect();
    assert_eq!(annotations.len(), 6, "{}", run.stderr);
    assert!(run.stderr.contains("x\\u{1b}[2J"), "{}", run.stderr);
    assert!(
        run.stderr.contains("odd\\u{7}name\\u{1b}.json"),
        "{}",
        run.stderr
    );
}

/// An unreadable line and an unknown game get a picture; `baseball simulate`
/// is not drawn as a `solve` table.
#[test]
fn batch_render_draws_unreadable_cases_and_only_true_pictures() {
    let dir = scratch("hostile_render_choices");
    let cases = [
        "{not json",
        r#"{"game": "chess", "command": "mate", "input": {}}"#,
        r#"{"game": "baseball", "command": "simulate", "input": {"length": 2, "alphabet": "abc", "strategy": "first"}, "expect": {"worst": 99}}"#,
    ];
    std::fs::write(dir.join("c.jsonl"), cases.join("\n") + "\n").unwrap();
    let (run, out) = batch_with_pictures(&dir);
    assert_eq!(run.code, 2, "{run:?}");
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    assert!(read("c-1.svg").contains("error (syntax)"));
    assert!(read("c-2.svg").contains("unknown game"));
    let simulate = read("c-3.svg");
    assert!(simulate.contains("/worst: expected 99"), "{simulate}");
    // The baseball table (a `solve` picture) draws a header row of guesses.
    assert!(!simulate.contains("guess"), "{simulate}");
}

/// Costly XML is refused by a linear scan, with its place, on stdin
/// (sniffed), from a file and for `render`.
#[test]
fn costly_xml_is_refused_with_its_place() {
    let entity = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE puzzleset [<!ENTITY e \"{}\">]>\n<puzzleset><puzzle><title>{}</title></puzzle></puzzleset>\n",
        "x".repeat(30_000),
        "&e;".repeat(30_000)
    );
    let attributes: String = (0..80_000).map(|k| format!(" a{k}=\"1\"")).collect();
    let many = format!("<puzzleset>\n<puzzle{attributes}></puzzle></puzzleset>\n");
    for (text, line, column) in [(&entity, 2, 22), (&many, 2, 1)] {
        for command in ["solve", "render"] {
            let run = puzzles(&["nonogram", command, "--timeout", "100"], text);
            let error = assert_error(&run, "syntax");
            assert_eq!(
                (error["line"].as_u64(), error["column"].as_u64()),
                (Some(line), Some(column)),
                "{error}"
            );
        }
    }
}

/// `--jobs` far beyond the cores is capped, not thousands of threads.
#[test]
fn jobs_are_capped_at_a_multiple_of_the_cores() {
    let dir = scratch("hostile_jobs");
    for k in 0..4 {
        std::fs::write(
            dir.join(format!("c{k}.json")),
            r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "134"}}"#,
        )
        .unwrap();
    }
    let run = puzzles(&["batch", dir.to_str().unwrap(), "--jobs", "1000000"], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json_lines().len(), 4);
}

/// A 1,000,000-character unknown key is cut in the path too, everywhere.
#[test]
fn a_huge_unknown_key_is_cut_in_paths_and_reports() {
    let key = "k".repeat(1_000_000);
    let input = format!(r#"{{"secret": "123", "guess": "134", "{key}": 1}}"#);
    let run = puzzles(&["baseball", "judge"], &input);
    let error = assert_error(&run, "shape");
    assert_output_within(&run, 2_000, 2_000);
    assert!(error["path"].as_str().unwrap().ends_with('…'), "{error}");

    let dir = scratch("hostile_huge_key");
    let case = format!(r#"{{"game": "baseball", "command": "judge", "input": {input}}}"#);
    std::fs::write(dir.join("c.json"), case).unwrap();
    for report in ["junit", "github"] {
        let run = puzzles(&["batch", dir.to_str().unwrap(), "--report", report], "");
        assert_eq!(run.code, 2, "{report}");
        assert_output_within(&run, 10_000, 4_000);
    }
}

/// A shape error points where the faulty value starts.
#[test]
fn shape_errors_point_at_the_value_start() {
    let run = puzzles(&["baseball", "judge"], r#"{"secret": 123, "guess": "134"}"#);
    let error = assert_error(&run, "shape");
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(1), Some(12))
    );
    assert_eq!(error["message"], "expected a string, found the number 123");
    let run = puzzles(
        &["nonogram", "solve"],
        "{\"rows\": [[1]],\n \"cols\": [[\"1\"]]}",
    );
    let error = assert_error(&run, "shape");
    assert_eq!(error["path"], "/cols/0/0");
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(2), Some(12))
    );
}

/// Text that is not JSON is a `syntax` error, alone and in a batch.
#[test]
fn not_json_is_a_syntax_error_alone_and_in_a_batch() {
    let texts = ["this is not json", "nope", "[oops", "\"unterminated"];
    for text in texts {
        assert_error(&puzzles(&["baseball", "judge"], text), "syntax");
    }
    let dir = scratch("hostile_not_json");
    std::fs::write(dir.join("c.jsonl"), texts.join("\n") + "\n").unwrap();
    let run = puzzles(&["batch", dir.to_str().unwrap()], "");
    for line in run.json_lines() {
        assert_eq!(line["error"]["kind"], "syntax", "{line}");
    }
}

/// A small valid input of every JSON command and every game's `render`, the seeds the
/// property test mangles. Limits are short and sizes small, so a mangled number cannot turn
/// a seed into a long job.
const SEEDS: &[(&str, &str, &str)] = &[
    (
        "nonogram",
        "line",
        r#####"{"clues": [2, 1], "line": "##x.#", "mode": "strict"}"#####,
    ),
    (
        "nonogram",
        "check",
        r#####"{"rows": [[1], [1]], "cols": [[1], [1]], "grid": ["#.", ".#"]}"#####,
    ),
    ("nonogram", "clues", r#####"{"grid": ["#.", "##"]}"#####),
    (
        "nonogram",
        "hint",
        r#####"{"rows": [[1], [1]], "cols": [[1], [1]], "grid": ["..", ".."]}"#####,
    ),
    (
        "nonogram",
        "solve",
        r#####"{"rows": [[2], [1]], "cols": [[2], [1]], "timeout_ms": 200}"#####,
    ),
    (
        "nonogram",
        "render",
        r#####"{"rows": [[2], [1]], "cols": [[2], [1]], "timeout_ms": 200}"#####,
    ),
    (
        "fitpuzzle",
        "solve",
        r#####"{"game_board": [[1, 0, 1], [0, 0, 1]], "table": [[1, 1, 0], [0, 1, 0]], "allow_flip": true}"#####,
    ),
    (
        "fitpuzzle",
        "render",
        r#####"{"game_board": [[1, 0, 1], [0, 0, 1]], "table": [[1, 1, 0], [0, 1, 0]]}"#####,
    ),
    (
        "blockdoku",
        "clear",
        r#####"{"board": ["####", "#...", "#...", "#..."], "size": 4, "box": 2}"#####,
    ),
    (
        "blockdoku",
        "place",
        r#####"{"board": ["###.", "....", "....", "...."], "piece": ["#"], "at": [0, 3], "size": 4, "box": 2}"#####,
    ),
    (
        "blockdoku",
        "fits",
        r#####"{"board": ["#.#.", ".#.#", "#.#.", ".#.#"], "pieces": [["##"], ["#"]], "size": 4, "box": 2}"#####,
    ),
    (
        "blockdoku",
        "play",
        r#####"{"moves": [{"piece": ["###"], "at": [0, 0]}, {"piece": ["#"], "at": [4, 4]}]}"#####,
    ),
    (
        "blockdoku",
        "best",
        r#####"{"board": ["###.", "....", "....", "...."], "tray": [["#"], ["##"]], "size": 4, "box": 2}"#####,
    ),
    (
        "blockdoku",
        "selfplay",
        r#####"{"games": 2, "seed": 7, "max_trays": 1, "timeout_ms": 200}"#####,
    ),
    (
        "blockdoku",
        "render",
        r#####"{"board": ["###.", "....", "....", "...."], "piece": ["#"], "at": [0, 3], "size": 4, "box": 2}"#####,
    ),
    (
        "baseball",
        "judge",
        r#####"{"secret": "123", "guess": "134"}"#####,
    ),
    (
        "baseball",
        "solve",
        r#####"{"history": [{"guess": "123", "strikes": 0, "balls": 1}], "timeout_ms": 200}"#####,
    ),
    (
        "baseball",
        "simulate",
        r#####"{"length": 2, "alphabet": "abc", "strategy": "first", "timeout_ms": 200}"#####,
    ),
    (
        "baseball",
        "render",
        r#####"{"history": [{"guess": "123", "strikes": 0, "balls": 1}], "strategy": "first"}"#####,
    ),
    ("renju", "check", r#####"{"moves": ["h8", "a1", "i9"]}"#####),
    (
        "renju",
        "move",
        r#####"{"moves": ["h8"], "move": "h9"}"#####,
    ),
    (
        "renju",
        "validate",
        r#####"{"moves": ["h8", "a1", "i9"]}"#####,
    ),
    (
        "renju",
        "render",
        r#####"{"moves": ["h8", "a1", "i9"]}"#####,
    ),
];

/// What the property test puts into an input: JSON escapes of characters XML 1.0 forbids
/// or terminals obey, the same characters raw, and pieces of JSON syntax.
const PIECES: &[&str] = &[
    "\\u0000",
    "\\u0001",
    "\\u001b[2J",
    "\\uffff",
    "\\ufffe",
    "\\u009b",
    "\\ud800",
    "\u{1b}]0;x\u{7}",
    "\u{FFFF}",
    "\u{FFFE}",
    "\u{85}",
    "\u{7f}",
    "é",
    "\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "null",
    "-1",
    "1e400",
    "\"\u{1}\": 1, ",
    "\"\\uffff\": [], ",
    "0.5",
    "\\",
];

/// One edit of a text: at `permille` of its length, `op` 0 inserts `piece`, 1 replaces
/// one character with it, 2 cuts the text there.
type Edit = (usize, usize, usize);

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(permille, piece, op) in edits {
        let at = permille * chars.len() / 1000;
        let piece: Vec<char> = PIECES[piece % PIECES.len()].chars().collect();
        match op % 3 {
            0 => drop(chars.splice(at..at, piece)),
            1 => drop(chars.splice(at..(at + 1).min(chars.len()), piece)),
            _ => chars.truncate(at.max(1)),
        }
    }
    chars.into_iter().collect()
}

/// Every input in `edits`' mangled forms, through every command (in one batch with every
/// report and pictures) and every `render`: every output is well-formed (JSON lines,
/// JUnit and SVG that a real XML parser reads), stderr has no raw control character, and
/// nothing is an `internal` error.
fn check_hostile_run(index: usize, edits: &[Edit]) {
    let dir = scratch(&format!("hostile_property_{index}"));
    let mut lines = Vec::new();
    for (k, &(game, command, input)) in SEEDS.iter().enumerate() {
        let mangled = apply(input, edits).replace('\n', " ");
        if command == "render" {
            let run = puzzles(&[game, command], &mangled);
            assert_clean_stderr(&run.stderr);
            match run.code {
                0 => assert_xml(&run.stdout, &format!("{game} render of {mangled:?}")),
                2 => assert_ne!(run.json()["error"]["kind"], "internal", "{mangled:?}"),
                code => panic!("{game} render exits {code} on {mangled:?}"),
            }
            continue;
        }
        let expect = if k % 2 == 0 {
            r#", "expect": {"\uffff": "\u0001\u001b"}"#
        } else {
            ""
        };
        lines.push(format!(
            r#"{{"game": "{game}", "command": "{command}", "input": {mangled}{expect}}}"#
        ));
    }
    // The envelope itself mangled, too.
    lines.push(apply(
        r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "134"}}"#,
        edits,
    ));
    let lines: Vec<String> = lines
        .into_iter()
        .map(|l| l.replace('\n', " "))
        .filter(|l| !l.trim().is_empty())
        .collect();
    std::fs::write(dir.join("cases.jsonl"), lines.join("\n") + "\n").unwrap();
    let pictures = dir.join("pictures");
    let junit = puzzles(
        &[
            "batch",
            dir.to_str().unwrap(),
            "--report",
            "junit",
            "--render",
            pictures.to_str().unwrap(),
        ],
        "",
    );
    assert!(matches!(junit.code, 0..=2), "{junit:?}");
    assert_xml(&junit.stdout, "the JUnit report");
    assert_clean_stderr(&junit.stderr);
    for entry in std::fs::read_dir(&pictures).into_iter().flatten() {
        let path = entry.unwrap().path();
        assert_xml(
            &std::fs::read_to_string(&path).unwrap(),
            &path.display().to_string(),
        );
    }
    let github = puzzles(&["batch", dir.to_str().unwrap(), "--report", "github"], "");
    assert_clean_stderr(&github.stderr);
    let out = github.json_lines();
    assert_eq!(out.len(), lines.len(), "one line per case");
    for line in out {
        assert_ne!(line["error"]["kind"], "internal", "{line}");
    }
    // `.non` and webpbn XML text, mangled the same way.
    let non = "width 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\n";
    let xml = "<puzzleset><puzzle><clue type=\"rows\"><line><count>2</count></line><line><count>1</count></line></clue><clue type=\"columns\"><line><count>2</count></line><line><count>1</count></line></clue></puzzle></puzzleset>";
    for (format, text) in [("non", non), ("xml", xml)] {
        let run = puzzles(
            &["nonogram", "render", "--format", format],
            &apply(text, edits),
        );
        assert_clean_stderr(&run.stderr);
        match run.code {
            0 => assert_xml(&run.stdout, format),
            2 => assert_ne!(run.json()["error"]["kind"], "internal"),
            code => panic!("{format}: exit {code}"),
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 12, failure_persistence: None, ..Default::default() })]

    #[test]
    fn hostile_inputs_never_break_an_output_document(
        edits in proptest::collection::vec((0usize..1000, 0usize..64, 0usize..3), 1..4)
    ) {
        static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        check_hostile_run(run, &edits);
    }
}
