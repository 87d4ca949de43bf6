//! `--last-failed`: the ids of the cases that failed when they last ran, kept between runs so
//! a batch can re-run just those (pytest's `--lf`).
//!
//! The record is a small JSON file, `last-failed.json`, in `.puzzles_cache/` under the
//! current folder (ids are printed relative to it), or in `PUZZLES_CACHE_DIR`. Each run
//! changes only the cases it ran: a failing or invalid case is added, a passing one (or one
//! without `expect`, or one whose expectation `--update` rewrote) is removed, and every other
//! id stays, so a run narrowed by `--filter` forgets nothing. The folder is made only when
//! there is a failure to record, so a green run in a folder without a cache leaves no trace,
//! and it holds a `.gitignore` of `*` so that git never sees it.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The folder made when no `PUZZLES_CACHE_DIR` names another one.
pub const DEFAULT_DIR: &str = ".puzzles_cache";
/// The environment variable naming the folder instead.
pub const DIR_VARIABLE: &str = "PUZZLES_CACHE_DIR";
const FILE_NAME: &str = "last-failed.json";

/// The file's content: a version, so a later format can tell an old file, and the ids sorted.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    version: u32,
    failed: BTreeSet<String>,
}

const VERSION: u32 = 1;

/// The failures read at the start of a run, and what this run found.
#[derive(Debug)]
pub struct LastFailed {
    dir: PathBuf,
    failed: BTreeSet<String>,
    /// Whether this run changed the set (nothing is written otherwise).
    changed: bool,
}

impl LastFailed {
    /// The folder named by `PUZZLES_CACHE_DIR` when it is set and not empty, else
    /// `.puzzles_cache` in the current folder.
    pub fn default_dir() -> PathBuf {
        std::env::var_os(DIR_VARIABLE)
            .filter(|dir| !dir.is_empty())
            .map_or_else(|| PathBuf::from(DEFAULT_DIR), PathBuf::from)
    }

    /// Reads the record in `dir`. A missing file is an empty record; an unreadable or
    /// malformed one is too, with a warning for stderr, and is replaced when the run writes.
    pub fn load(dir: &Path) -> (LastFailed, Option<String>) {
        let path = dir.join(FILE_NAME);
        let (failed, warning) = match fs::read(&path) {
            Err(err) if err.kind() == io::ErrorKind::NotFound => (BTreeSet::new(), None),
            Err(err) => (
                BTreeSet::new(),
                Some(format!("cannot read {}: {err}", path.display())),
            ),
            Ok(bytes) => match serde_json::from_slice::<Stored>(&bytes) {
                Ok(stored) if stored.version == VERSION => (stored.failed, None),
                Ok(stored) => (
                    BTreeSet::new(),
                    Some(format!(
                        "{} has version {}, not {VERSION}; starting afresh",
                        path.display(),
                        stored.version
                    )),
                ),
                Err(err) => (
                    BTreeSet::new(),
                    Some(format!(
                        "{} is not a record of failures ({err}); starting afresh",
                        path.display()
                    )),
                ),
            },
        };
        let changed = warning.is_some();
        let record = LastFailed {
            dir: dir.to_path_buf(),
            failed,
            changed,
        };
        (record, warning)
    }

    /// The ids of the cases that failed when they last ran.
    pub fn ids(&self) -> BTreeSet<String> {
        self.failed.clone()
    }

    /// Records how a case ended this run.
    pub fn record(&mut self, id: &str, failing: bool) {
        self.changed |= if failing {
            self.failed.insert(id.to_string())
        } else {
            self.failed.remove(id)
        };
    }

    /// Writes the record if this run changed it: through a temporary file renamed over the
    /// old one, so a reader (or another run) never sees half a file. Makes the folder, with
    /// its `.gitignore`, only when there is a failure to keep.
    pub fn save(&mut self) -> io::Result<()> {
        // A case whose file is gone can never run again: forget it, or `--last-failed`
        // would look for it forever.
        let before = self.failed.len();
        self.failed.retain(|id| Path::new(file_of(id)).exists());
        self.changed |= self.failed.len() != before;
        if !self.changed {
            return Ok(());
        }
        let path = self.dir.join(FILE_NAME);
        if self.failed.is_empty() && !self.dir.exists() {
            return Ok(());
        }
        fs::create_dir_all(&self.dir)?;
        let ignore = self.dir.join(".gitignore");
        if !ignore.exists() {
            fs::write(
                &ignore,
                "# Made by `puzzles batch`: its record of failing cases.\n*\n",
            )?;
        }
        let stored = Stored {
            version: VERSION,
            failed: self.failed.clone(),
        };
        let mut text = serde_json::to_string_pretty(&stored).map_err(io::Error::other)?;
        text.push('\n');
        let temporary = self
            .dir
            .join(format!(".{FILE_NAME}.{}.tmp", std::process::id()));
        fs::write(&temporary, text)?;
        fs::rename(&temporary, &path).inspect_err(|_| {
            let _ = fs::remove_file(&temporary);
        })
    }

    /// Where the record lives, for messages.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// The file a case id names: `path` for a `.json` case, `path` of `path:N` for a line of a
/// `.jsonl` file.
fn file_of(id: &str) -> &str {
    match id.rsplit_once(':') {
        Some((file, line))
            if file.ends_with(".jsonl")
                && !line.is_empty()
                && line.bytes().all(|b| b.is_ascii_digit()) =>
        {
            file
        }
        _ => id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(record: &LastFailed) -> Vec<String> {
        record.ids().into_iter().collect()
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("puzzles-last-failed-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// Case files that exist, so the record keeps their ids.
    fn case_files(dir: &Path) -> [String; 3] {
        fs::create_dir_all(dir).unwrap();
        ["a.json", "b.jsonl", "c.json"].map(|name| {
            let path = dir.join(name);
            fs::write(&path, "{}").unwrap();
            path.display().to_string()
        })
    }

    #[test]
    fn keeps_what_a_run_did_not_touch_and_forgets_what_passed() {
        let dir = scratch("merge");
        let [a, b, c] = case_files(&dir.join("cases"));
        let b2 = format!("{b}:2");
        let (mut record, warning) = LastFailed::load(&dir);
        assert!(warning.is_none() && ids(&record).is_empty());
        record.record(&a, true);
        record.record(&b2, true);
        record.record(&c, false);
        record.save().unwrap();

        let (mut record, _) = LastFailed::load(&dir);
        assert_eq!(ids(&record), [a.clone(), b2.clone()]);
        // A narrower run: only `a` ran, and passed; `b:2` did not run and stays.
        record.record(&a, false);
        record.save().unwrap();
        let (mut record, _) = LastFailed::load(&dir);
        assert_eq!(ids(&record), [b2]);
        // Its file deleted, the case is forgotten at the next save.
        fs::remove_file(&b).unwrap();
        record.save().unwrap();
        let (record, _) = LastFailed::load(&dir);
        assert!(ids(&record).is_empty());
        assert_eq!(
            fs::read_to_string(dir.join(".gitignore"))
                .unwrap()
                .lines()
                .last(),
            Some("*")
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_green_run_without_a_record_makes_no_folder() {
        let dir = scratch("green");
        let (mut record, _) = LastFailed::load(&dir);
        record.record("a.json", false);
        record.save().unwrap();
        assert!(!dir.exists());
    }

    #[test]
    fn a_case_id_names_its_file() {
        assert_eq!(file_of("f/a.jsonl:12"), "f/a.jsonl");
        assert_eq!(file_of("f/a.json"), "f/a.json");
        assert_eq!(file_of("f/a:1.json"), "f/a:1.json");
        assert_eq!(file_of("f/a.jsonl:"), "f/a.jsonl:");
    }

    #[test]
    fn a_malformed_record_is_reported_and_replaced() {
        let dir = scratch("malformed");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(FILE_NAME), "{\"failed\": 3}").unwrap();
        let [x, _, _] = case_files(&dir.join("cases"));
        let (mut record, warning) = LastFailed::load(&dir);
        let warning = warning.expect("a warning");
        assert!(warning.contains("not a record of failures"), "{warning}");
        assert!(ids(&record).is_empty());
        record.record(&x, true);
        record.save().unwrap();
        let (record, warning) = LastFailed::load(&dir);
        assert!(warning.is_none());
        assert_eq!(ids(&record), [x]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
