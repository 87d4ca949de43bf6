//! Which files `puzzles batch` reads as cases: folders are walked as ripgrep walks them
//! (hidden files and `.gitignore`d ones skipped, the cache never read), a file a case names
//! as its `input` is no case, a file reached by several PATHs runs once, `--changed` picks
//! what a change can break, and without PATH the repository's `fixtures/` (or
//! `puzzles.toml`'s `[batch]`) runs.

use std::path::Path;

use serde_json::json;

use crate::batch::judge_case;
use crate::{puzzles_command, run_with_stdin, scratch};

/// `puzzles batch ARGS` run in `dir`, with the default cache folder (`.puzzles_cache` there).
fn batch_in(dir: &Path, args: &[&str]) -> crate::Run {
    let mut command = puzzles_command();
    command
        .current_dir(dir)
        .env_remove("PUZZLES_CACHE_DIR")
        .arg("batch")
        .args(args);
    run_with_stdin(command, b"")
}

fn write(dir: &Path, file: &str, text: &str) {
    let path = dir.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A walk reads cases only: never the runner's own `.puzzles_cache/last-failed.json` (one
/// failure would make every later run exit 2), nor hidden files such as
/// `.vscode/settings.json` (which the README tells users to write), nor an input file named
/// by a case.
#[test]
fn a_walk_skips_the_cache_hidden_files_ignored_files_and_inputs() {
    let dir = scratch("discovery_walk");
    write(
        &dir,
        "cases/fail.json",
        &judge_case("123", "321", Some(json!({"balls": 9}))),
    );
    write(
        &dir,
        "cases/by-file.json",
        &json!({"game": "baseball", "command": "judge", "input": "judge-input.json",
                "expect": {"strikes": 1}})
        .to_string(),
    );
    write(
        &dir,
        "cases/judge-input.json",
        r#"{"secret": "123", "guess": "145"}"#,
    );
    write(&dir, ".vscode/settings.json", r#"{"json.schemas": []}"#);
    write(&dir, "wip/draft.json", "{ not yet");
    write(&dir, ".gitignore", "wip/\n");

    let first = batch_in(&dir, &["."]);
    assert_eq!(first.code, 1, "{first:?}");
    assert!(dir.join(".puzzles_cache/last-failed.json").exists());
    let second = batch_in(&dir, &["."]);
    assert_eq!(second.code, 1, "{second:?}");
    assert_eq!(
        second.case_ids(),
        ["./cases/by-file.json", "./cases/fail.json"]
    );
    assert!(
        second.stderr.contains("2 cases: 1 passed, 1 failed"),
        "{}",
        second.stderr
    );

    // Named on the command line, a hidden or ignored file is read all the same.
    let named = batch_in(&dir, &["wip/draft.json"]);
    assert_eq!(named.code, 2, "{named:?}");
    // The input file alone is no case, and says so.
    let input = batch_in(&dir, &["cases/judge-input.json"]);
    assert_eq!(input.code, 2, "{input:?}");
}

/// A file reached by several PATHs is one file: its cases run once, at the place of the
/// first PATH, and a whole file wins over a line of it.
#[test]
fn a_file_reached_by_several_paths_runs_once() {
    let dir = scratch("discovery_twice");
    write(&dir, "c/m.json", &judge_case("123", "123", None));
    let lines = [
        judge_case("123", "321", None),
        judge_case("123", "456", None),
    ];
    write(&dir, "c/l.jsonl", &(lines.join("\n") + "\n"));
    let runs: [(&[&str], &[&str]); 4] = [
        (
            &["c", "c/m.json"],
            &["c/l.jsonl:1", "c/l.jsonl:2", "c/m.json"],
        ),
        (&["c/m.json", "./c/m.json"], &["c/m.json"]),
        (
            &["c/l.jsonl", "c/l.jsonl:1"],
            &["c/l.jsonl:1", "c/l.jsonl:2"],
        ),
        (
            &["c/l.jsonl:2", "c/l.jsonl"],
            &["c/l.jsonl:1", "c/l.jsonl:2"],
        ),
    ];
    for (args, expected) in runs {
        let run = batch_in(&dir, args);
        assert_eq!(run.code, 0, "{args:?}: {run:?}");
        assert_eq!(run.case_ids(), expected, "{args:?}");
    }
    // `--update=missing` therefore writes one `expect` per case.
    let run = batch_in(&dir, &["c", "c/m.json", "--update=missing"]);
    assert_eq!(run.code, 0, "{run:?}");
    let text = std::fs::read_to_string(dir.join("c/m.json")).unwrap();
    assert_eq!(text.matches("\"expect\"").count(), 1, "{text}");
    let again = batch_in(&dir, &["c"]);
    assert_eq!(again.code, 0, "{again:?}");
}

/// `--changed FILE` runs the cases in FILE and those reading FILE as their input (what a
/// pre-commit hook passes).
#[test]
fn changed_picks_the_cases_of_a_file_and_of_its_readers() {
    let dir = scratch("discovery_changed");
    write(&dir, "f/a.json", &judge_case("123", "123", None));
    write(&dir, "f/b.jsonl", &(judge_case("123", "321", None) + "\n"));
    let reads =
        |input: &str| json!({"game": "baseball", "command": "judge", "input": input}).to_string();
    write(
        &dir,
        "f/c.jsonl",
        &[reads("in/x.json"), reads("in/y.json")].join("\n"),
    );
    write(&dir, "f/in/x.json", r#"{"secret": "123", "guess": "145"}"#);
    write(&dir, "f/in/y.json", r#"{"secret": "123", "guess": "678"}"#);
    let run = batch_in(
        &dir,
        &["f", "--changed", "f/in/x.json", "--changed", "./f/a.json"],
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.case_ids(), ["f/a.json", "f/c.jsonl:1"]);
}

/// Without PATH a batch runs the repository's `fixtures/`, or what `puzzles.toml`'s
/// `[batch]` names (paths, excludes, reports); with neither it says what it looked for.
#[test]
fn without_path_the_repository_says_what_runs() {
    let dir = scratch("discovery_default");
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    let nothing = batch_in(&dir, &[]);
    assert_eq!(nothing.code, 2, "{nothing:?}");
    assert!(nothing.stderr.contains("fixtures/"), "{}", nothing.stderr);

    write(&dir, "fixtures/a.json", &judge_case("123", "123", None));
    write(&dir, "fixtures/sub/b.json", &judge_case("123", "321", None));
    let default = batch_in(&dir.join("fixtures/sub"), &[]);
    assert_eq!(default.code, 0, "{default:?}");
    assert_eq!(
        default.case_ids(),
        ["../../fixtures/a.json", "../../fixtures/sub/b.json"]
    );

    write(
        &dir,
        "more/c.jsonl",
        &(judge_case("123", "456", None) + "\n"),
    );
    write(
        &dir,
        "puzzles.toml",
        "[batch]\npaths = [\"fixtures\", \"more\"]\nexclude = [\"sub\"]\nreport = [\"jsonl\", \"summary=reports/summary.json\"]\n",
    );
    std::fs::create_dir_all(dir.join("reports")).unwrap();
    let configured = batch_in(&dir, &[]);
    assert_eq!(configured.code, 0, "{configured:?}");
    assert_eq!(configured.case_ids(), ["fixtures/a.json", "more/c.jsonl:1"]);
    let summary = std::fs::read_to_string(dir.join("reports/summary.json")).unwrap();
    assert!(summary.contains("\"cases\":2"), "{summary}");

    write(&dir, "puzzles.toml", "[batch]\npath = [\"fixtures\"]\n");
    let typo = batch_in(&dir, &[]);
    assert_eq!(typo.code, 2, "{typo:?}");
    assert!(
        typo.stderr.contains("puzzles.toml") && typo.stderr.contains("path"),
        "{}",
        typo.stderr
    );
}
