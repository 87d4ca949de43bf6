//! Inputs by path: `"input": "puzzle.non"` names a file, relative to the case file, read as
//! the single command reads one (`.non`, XML or JSON, by extension or content).
//!
//! Case files come from pull requests and other people's folders, and a verdict or a picture
//! quotes what it reads: so the file must stay inside the folder tree of its case file. An
//! absolute path, a `..` that climbs out of the folder, or a symbolic link that leads out of
//! it is refused before anything is read, and the refusal names only the path the case
//! gave; `--allow-input-outside` lifts the rule for a user who means it. Reading goes by
//! [`crate::files`]: a regular file, at most its size cap, before the time limit.

use std::path::{Component, Path, PathBuf};
use std::time::Instant;

use super::discover::printed;
use crate::args::RunArgs;
use crate::error::{CaseError, ErrorKind};
use crate::files;
use crate::registry::JsonCommand;

/// Where the inputs a case names by path may be.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InputPaths {
    /// `--allow-input-outside`: anywhere the user running the batch may read.
    pub outside_allowed: bool,
}

impl InputPaths {
    /// Runs `command` on the file that the JSON string `raw` names, relative to `folder` (the
    /// case file's), with `timeout` as `--timeout`. Its faults name the file and their place
    /// in it; the error's position is the `input` string's, `at`.
    pub fn run(
        self,
        command: &JsonCommand,
        folder: &Path,
        raw: &str,
        at: (usize, usize),
        timeout: Option<u64>,
    ) -> Result<String, CaseError> {
        let located = |mut err: CaseError| {
            err.line = Some(at.0);
            err.column = Some(at.1);
            err
        };
        let started = Instant::now();
        let relative: String = serde_json::from_str(raw)
            .map_err(|e| located(CaseError::from_json(&e, Some("/input".into()))))?;
        let (path, bytes) = self
            .read(folder, &relative, files::deadline(started, timeout))
            .map_err(located)?;
        let shown = printed(&path);
        let args = RunArgs {
            input: Some(path),
            timeout,
            ..RunArgs::default()
        };
        crate::run::evaluate(command, &args, &bytes, started).map_err(|mut err| {
            let place = match (err.line, err.column) {
                (Some(line), Some(column)) => format!(" (line {line}, column {column})"),
                (Some(line), None) => format!(" (line {line})"),
                _ => String::new(),
            };
            err.message = format!("in {shown}{place}: {}", err.message);
            located(err)
        })
    }

    /// The path `relative` names from `folder` (as the case gave it, for messages and for
    /// the format its extension says) and the file's bytes; an error at `/input` when the
    /// path is refused or the file cannot be read.
    pub fn read(
        self,
        folder: &Path,
        relative: &str,
        deadline: Option<Instant>,
    ) -> Result<(PathBuf, Vec<u8>), CaseError> {
        let path = folder.join(relative);
        let shown = printed(&path);
        let real = match self.outside_allowed {
            true => path.clone(),
            false => confine(folder, relative).map_err(|why| {
                let message = format!(
                    "the input file {shown} is outside the folder of the case file ({why}); inputs by path stay inside it unless `--allow-input-outside` is given"
                );
                CaseError::new(ErrorKind::Case, message).at("/input")
            })?,
        };
        let bytes = files::read_regular(&real, deadline).map_err(|e| {
            let message = format!("cannot read the input file {shown}: {e}");
            CaseError::new(ErrorKind::Io, message).at("/input")
        })?;
        Ok((path, bytes))
    }
}

/// The file `relative` names inside `folder`'s tree, its symbolic links resolved, or why it
/// is not inside. A path that does not resolve (a missing file) is returned as it is, for
/// the read to report.
fn confine(folder: &Path, relative: &str) -> Result<PathBuf, &'static str> {
    let given = Path::new(relative);
    if given.has_root() || given.is_absolute() {
        return Err("an absolute path");
    }
    let mut depth = 0usize;
    for component in given.components() {
        match component {
            Component::Normal(_) => depth += 1,
            Component::ParentDir if depth == 0 => return Err("`..` leads out of it"),
            Component::ParentDir => depth -= 1,
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return Err("an absolute path"),
        }
    }
    let path = folder.join(given);
    let root = match folder.as_os_str().is_empty() {
        true => Path::new("."),
        false => folder,
    };
    match (std::fs::canonicalize(root), std::fs::canonicalize(&path)) {
        (Ok(root), Ok(real)) if real.starts_with(&root) => Ok(real),
        (Ok(_), Ok(_)) => Err("a symbolic link on the way leads out of it"),
        _ => Ok(path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_in_the_case_files_tree() {
        let dir = std::env::temp_dir().join(format!("puzzles-inputs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("cases/sub")).unwrap();
        std::fs::write(dir.join("cases/sub/p.non"), "x").unwrap();
        std::fs::write(dir.join("secret.txt"), "root:x:0:0").unwrap();
        let cases = dir.join("cases");
        assert!(confine(&cases, "sub/p.non").is_ok());
        assert!(confine(&cases, "sub/../sub/./p.non").is_ok());
        assert!(
            confine(&cases, "missing.non").is_ok(),
            "for the read to report"
        );
        assert_eq!(
            confine(&cases, "../secret.txt"),
            Err("`..` leads out of it")
        );
        assert_eq!(
            confine(&cases, "sub/../../secret.txt"),
            Err("`..` leads out of it")
        );
        assert_eq!(confine(&cases, "/etc/passwd"), Err("an absolute path"));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.join("secret.txt"), cases.join("link.non")).unwrap();
            std::os::unix::fs::symlink(&dir, cases.join("up")).unwrap();
            let out = Err("a symbolic link on the way leads out of it");
            assert_eq!(confine(&cases, "link.non"), out);
            assert_eq!(confine(&cases, "up/secret.txt"), out);
            assert_eq!(
                confine(&cases, "up/cases/sub/p.non").ok(),
                Some(std::fs::canonicalize(cases.join("sub/p.non")).unwrap())
            );
        }
        let refused = InputPaths::default()
            .read(&cases, "../secret.txt", None)
            .unwrap_err();
        assert_eq!(refused.kind, ErrorKind::Case);
        assert!(!refused.message.contains("root:"), "{}", refused.message);
        let allowed = InputPaths {
            outside_allowed: true,
        }
        .read(&cases, "../secret.txt", None)
        .unwrap();
        assert_eq!(allowed.1, b"root:x:0:0");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
