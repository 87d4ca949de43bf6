//! What `puzzles batch` runs when the command line does not say: the `[batch]` table of a
//! `puzzles.toml` at the repository root, else the root's `fixtures/` folder, so a person
//! typing `puzzles batch` and a CI job run the same cases with the same flags.
//!
//! ```toml
//! [batch]
//! paths = ["fixtures", "more/cases.jsonl"]   # used when no PATH is given
//! exclude = ["wip"]                          # added to every --exclude
//! report = ["human", "junit=reports/junit.xml"]  # used when no --report is given
//! ```
//!
//! The repository root is the nearest folder, from the current one up, that holds a
//! `puzzles.toml` or a `.git`; paths in the file are relative to it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::args::{self, BatchArgs, Report};

/// The file's name.
pub const FILE_NAME: &str = "puzzles.toml";
/// The folder run when neither the command line nor the file names one.
pub const DEFAULT_FOLDER: &str = "fixtures";

#[derive(Debug, Default, Deserialize)]
struct ConfigFile {
    #[serde(default)]
    batch: Option<BatchTable>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchTable {
    #[serde(default)]
    paths: Vec<String>,
    #[serde(default)]
    exclude: Vec<String>,
    #[serde(default)]
    report: Vec<String>,
}

/// The PATHs, `--exclude` patterns and reports of a run: the command line's, completed from
/// the configuration.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub paths: Vec<PathBuf>,
    pub excludes: Vec<String>,
    pub reports: Vec<Report>,
}

/// The settings of `args`, completed from `puzzles.toml` or `fixtures/`; a sentence for a
/// usage error when the file is malformed or there is nothing to run.
pub fn settings(args: &BatchArgs) -> Result<Settings, String> {
    let mut settings = Settings {
        paths: args.paths.clone(),
        excludes: args.exclude.clone(),
        reports: args.report.clone(),
    };
    if args.reads_stdin() {
        return Ok(settings);
    }
    let cwd =
        std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let (root, up) = repository_root(&cwd);
    let from_root = |path: &str| up.join(path);
    let file = root.join(FILE_NAME);
    let shown = from_root(FILE_NAME);
    let table = match crate::files::read_regular(&file, None) {
        Ok(bytes) => {
            // UTF-8, as TOML is; a byte-order mark is skipped.
            let text = crate::run::json_text(&bytes)
                .map_err(|e| e.sentence(&shown.display().to_string()))?;
            read(text).map_err(|e| format!("{}: {e}", shown.display()))?
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => BatchTable::default(),
        Err(err) => return Err(format!("cannot read {}: {err}", shown.display())),
    };
    settings.excludes.extend(table.exclude.iter().cloned());
    if settings.reports.is_empty() {
        for report in &table.report {
            let parsed = args::parse_report(report)
                .map_err(|e| format!("{}: [batch] report: {e}", from_root(FILE_NAME).display()))?;
            settings.reports.push(Report {
                path: parsed.path.map(|p| up.join(p)),
                ..parsed
            });
        }
    }
    if settings.paths.is_empty() {
        settings.paths = table.paths.iter().map(|p| from_root(p)).collect();
    }
    if settings.paths.is_empty() {
        if !root.join(DEFAULT_FOLDER).is_dir() {
            return Err(format!(
                "no PATH given, and {} has no `{DEFAULT_FOLDER}/` folder nor a `{FILE_NAME}` with `[batch] paths`; name the case files or folders to run",
                shown_root(&up)
            ));
        }
        settings.paths.push(from_root(DEFAULT_FOLDER));
    }
    Ok(settings)
}

fn shown_root(up: &Path) -> String {
    if up.as_os_str().is_empty() {
        "this folder".to_string()
    } else {
        format!("the repository root ({})", up.display())
    }
}

/// The `[batch]` table of a `puzzles.toml`'s text.
fn read(text: &str) -> Result<BatchTable, String> {
    let file: ConfigFile =
        toml::from_str(text).map_err(|e| e.to_string().trim().replace('\n', " "))?;
    Ok(file.batch.unwrap_or_default())
}

/// The repository root of `cwd` and the relative path from `cwd` up to it (`../..`, or
/// empty when they are the same): the nearest folder with a `puzzles.toml` or a `.git`,
/// else `cwd` itself.
fn repository_root(cwd: &Path) -> (PathBuf, PathBuf) {
    let mut up = PathBuf::new();
    for dir in cwd.ancestors() {
        if dir.join(FILE_NAME).is_file() || dir.join(".git").exists() {
            return (dir.to_path_buf(), up);
        }
        up.push("..");
    }
    (cwd.to_path_buf(), PathBuf::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_batch_table_is_read_and_checked() {
        let table = read("[batch]\npaths = [\"a\", \"b.jsonl\"]\nexclude = [\"wip\"]\n").unwrap();
        assert_eq!(table.paths, ["a", "b.jsonl"]);
        assert_eq!(table.exclude, ["wip"]);
        assert!(read("[other]\nx = 1\n").unwrap().paths.is_empty());
        let typo = read("[batch]\npath = [\"a\"]\n").unwrap_err();
        assert!(typo.contains("path"), "{typo}");
        assert!(read("[batch]\npaths = \"a\"\n").is_err());
    }

    #[test]
    fn the_root_is_the_nearest_folder_with_git_or_the_file() {
        let dir = std::env::temp_dir().join(format!("puzzles-config-{}", std::process::id()));
        let deep = dir.join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(dir.join(FILE_NAME), "").unwrap();
        let (root, up) = repository_root(&deep);
        assert_eq!(root, dir);
        assert_eq!(up, Path::new("../.."));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
