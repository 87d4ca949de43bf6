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
        &["batch"],
        &["schema", "chess"],
    ] {
        let run = puzzles(args, "");
        let error = assert_error(&run, "usage");
        assert!(error["message"].as_str().unwrap().len() > 10, "{args:?}");
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
    assert!(
        run.stdout.len() < 2_000,
        "stdout is {} bytes",
        run.stdout.len()
    );
    assert!(
        run.stderr.len() < 2_000,
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
    for round in 0..40 {
        for case in &cases {
            let mangled = mangler.mangle(case);
            if mangled.trim().is_empty() {
                continue;
            }
            lines.push(mangled);
            if round == 0 {
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
