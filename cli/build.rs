//! Names the git commit in `puzzles --version` when the program is built from a checkout:
//! `puzzles 0.1.0 (git 8da7a52c1e0f)`. Outside a checkout, or without git, the version is the
//! package's alone; this script never fails the build.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    println!("cargo:rerun-if-env-changed=PUZZLES_GIT_COMMIT");
    // A packager building from a tarball can say which commit it is.
    let commit = std::env::var("PUZZLES_GIT_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(checkout_commit);
    let long = match commit {
        Some(commit) => format!("{version} (git {})", commit.trim()),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=PUZZLES_VERSION={long}");
}

/// The commit checked out, from `git rev-parse`; None outside a checkout or without git.
/// The script runs again when HEAD moves (a commit, a checkout), not on every edit.
fn checkout_commit() -> Option<String> {
    let commit = git(&["rev-parse", "--short=12", "HEAD"])?;
    let git_dir = PathBuf::from(git(&["rev-parse", "--absolute-git-dir"])?);
    let common = git(&["rev-parse", "--git-common-dir"]).map_or(git_dir.clone(), |dir| {
        let dir = PathBuf::from(dir);
        if dir.is_absolute() {
            dir
        } else {
            Path::new(".").join(dir)
        }
    });
    let head = git_dir.join("HEAD");
    println!("cargo:rerun-if-changed={}", head.display());
    if let Ok(text) = std::fs::read_to_string(&head)
        && let Some(reference) = text.trim().strip_prefix("ref: ")
    {
        for dir in [&git_dir, &common] {
            let path = dir.join(reference);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        let packed = common.join("packed-refs");
        if packed.exists() {
            println!("cargo:rerun-if-changed={}", packed.display());
        }
    }
    Some(commit)
}

/// One line of git's output, None when git is missing or fails.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let line = text.lines().next()?.trim().to_string();
    (!line.is_empty()).then_some(line)
}
