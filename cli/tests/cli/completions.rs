//! `puzzles completions SHELL`, `puzzles man`, and the plain text of `--help`/`--version`.

use std::process::Command;

use crate::{puzzles, scratch, workspace};

#[test]
fn completions_name_every_game_command_and_flag() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = puzzles(&["completions", shell], "");
        assert_eq!(run.code, 0, "{shell}: {run:?}");
        for word in [
            "nonogram",
            "renju",
            "validate",
            "batch",
            "--shard",
            "completions",
        ] {
            assert!(run.stdout.contains(word), "{shell} completion lacks {word}");
        }
    }
    // The bash script is valid bash.
    let run = puzzles(&["completions", "bash"], "");
    let dir = scratch("completions_bash");
    let script = dir.join("puzzles.bash");
    std::fs::write(&script, &run.stdout).unwrap();
    if let Ok(status) = Command::new("bash").arg("-n").arg(&script).status() {
        assert!(status.success(), "bash -n rejects the script");
    }
    let run = puzzles(&["completions", "tcsh"], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.json()["error"]["kind"], "usage");
}

#[test]
fn man_page_lists_every_command_and_writes_one_page_each() {
    let run = puzzles(&["man"], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains(".TH puzzles 1"), "{}", run.stdout);
    for word in [
        "nonogram",
        "fitpuzzle",
        "blockdoku",
        "baseball",
        "renju",
        "batch",
        "schema",
    ] {
        assert!(run.stdout.contains(word), "the man page lacks {word}");
    }
    let dir = scratch("man_pages");
    let run = puzzles(&["man", "--dir", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{run:?}");
    for page in [
        "puzzles.1",
        "puzzles-batch.1",
        "puzzles-renju-check.1",
        "puzzles-nonogram-solve.1",
    ] {
        let text =
            std::fs::read_to_string(dir.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(text.starts_with(".ie") || text.contains(".TH"), "{page}");
    }
    let check = std::fs::read_to_string(dir.join("puzzles-renju-check.1")).unwrap();
    assert!(
        check.contains("timeout") || check.contains("pretty"),
        "the command's flags"
    );
    // A folder that cannot be made is an io error.
    let blocked = dir.join("puzzles.1").join("x");
    let run = puzzles(&["man", "--dir", blocked.to_str().unwrap()], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(run.json()["error"]["kind"], "io");
}

#[test]
fn help_is_plain_text_off_a_terminal_and_version_names_the_commit() {
    for args in [
        &["--help"][..],
        &["renju", "check", "--help"],
        &["--version"],
    ] {
        let run = puzzles(args, "");
        assert_eq!(run.code, 0, "{run:?}");
        assert!(
            !run.stdout.contains('\u{1b}'),
            "{args:?} prints escape codes"
        );
    }
    let run = puzzles(&["--version"], "");
    assert!(run.stdout.starts_with("puzzles 0."), "{}", run.stdout);
    // Built from a checkout with git at hand (cli/build.rs asks git).
    let git = Command::new("git")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if git && workspace().join(".git").exists() {
        assert!(run.stdout.contains("(git "), "{}", run.stdout);
    }
}
