//! Integration tests of the `puzzles` binary: one test binary, with the functions its modules share below.

mod batch;
mod ci;
mod completions;
mod discovery;
mod docs;
mod fixtures;
mod guidance;
mod hostile;
mod limits;
mod mate;
mod names;
mod render;
mod runner;
mod single;
mod stream;
mod terminal;
mod user_files;
mod walkthrough;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run of `puzzles` printed and how it exited.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// stdout's lines parsed as JSON.
    pub fn json_lines(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
            .collect()
    }

    /// The `case` id of each JSON line on stdout.
    pub fn case_ids(&self) -> Vec<String> {
        self.json_lines()
            .iter()
            .map(|l| l["case"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON: {:?}: {e}", self.stdout))
    }
}

pub fn puzzles_command() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzles"));
    cmd.current_dir(workspace());
    // A test must not write into the step summary of the CI job running it, nor leave a
    // record of failing cases in the workspace.
    cmd.env_remove("GITHUB_STEP_SUMMARY");
    cmd.env(
        "PUZZLES_CACHE_DIR",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("failure-record"),
    );
    cmd
}

/// Runs `puzzles ARGS` with `stdin` as its standard input.
pub fn puzzles(args: &[&str], stdin: &str) -> Run {
    puzzles_bytes(args, stdin.as_bytes())
}

/// [`puzzles`] with any bytes on standard input, UTF-8 or not.
pub fn puzzles_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let mut command = puzzles_command();
    command.args(args);
    run_with_stdin(command, stdin)
}

/// Runs a command made by [`puzzles_command`] (with its own arguments and environment) with
/// `stdin` as its standard input.
pub fn run_with_stdin(mut command: Command, stdin: &[u8]) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the puzzles binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // The child may exit without reading (usage errors): a failed write is fine then.
    let _ = input.write_all(stdin);
    drop(input);
    let output = child.wait_with_output().expect("puzzles runs");
    Run {
        code: output
            .status
            .code()
            .expect("puzzles exits normally, not by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// The workspace root: fixtures and paths in tests are relative to it.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is in the workspace")
        .to_path_buf()
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// `check-jsonschema --schemafile SCHEMA FILE`: `None` (said on stderr) when the tool is
/// missing outside CI; under CI (`CI=true`, where `.ci/run` installs it) a missing tool fails.
pub fn check_jsonschema(schema: &Path, file: &Path) -> Option<std::process::Output> {
    let run = Command::new("check-jsonschema")
        .arg("--schemafile")
        .arg(schema)
        .arg(file)
        .output();
    match run {
        Ok(output) => Some(output),
        Err(err) if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("check-jsonschema is needed under CI (.ci/run installs it): {err}")
        }
        Err(err) => {
            eprintln!(
                "skipped: check-jsonschema cannot run ({err}); `pip install check-jsonschema` to check files against JSON Schemas"
            );
            None
        }
    }
}
