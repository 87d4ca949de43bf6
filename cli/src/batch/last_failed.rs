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
//!
//! The folder is puzzles' own: the record is written only into a folder puzzles made (the
//! `.gitignore` that says so marks it), never into one that `PUZZLES_CACHE_DIR` names but
//! someone else made (a fixtures folder, whose files git would stop seeing), and a batch
//! never reads a case from it.

use std::collections::BTreeSet;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files;

/// The folder made when no `PUZZLES_CACHE_DIR` names another one.
pub const DEFAULT_DIR: &str = ".puzzles_cache";
/// The environment variable naming the folder instead.
pub const DIR_VARIABLE: &str = "PUZZLES_CACHE_DIR";
const FILE_NAME: &str = "last-failed.json";
/// The first line of the `.gitignore` that marks a folder as puzzles' cache.
const MARK: &str = "# Made by `puzzles batch`: its record of failing cases.";

/// Whether `dir` is a cache folder that puzzles made (its `.gitignore` says so).
pub fn is_cache_dir(dir: &Path) -> bool {
    let Ok(file) = files::open_regular(&dir.join(".gitignore")) else {
        return false;
    };
    let mut head = Vec::with_capacity(MARK.len());
    file.take(MARK.len() as u64).read_to_end(&mut head).is_ok() && head == MARK.as_bytes()
}

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
    /// A folder puzzles did not make holds no record of its.
    pub fn load(dir: &Path) -> (LastFailed, Option<String>) {
        let path = dir.join(FILE_NAME);
        let read = if dir.exists() && !is_cache_dir(dir) {
            Err(io::ErrorKind::NotFound.into())
        } else {
            files::read_regular(&path, None)
        };
        let (failed, warning) = match read
            .as_deref()
            .map(|b| b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(b))
        {
            Err(err) if err.kind() == io::ErrorKind::NotFound => (BTreeSet::new(), None),
            Err(err) => (
                BTreeSet::new(),
                Some(format!("cannot read {}: {err}", path.display())),
            ),
            Ok(bytes) => match serde_json::from_slice::<Stored>(bytes) {
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
    /// its `.gitignore`, only when there is a failure to keep; refuses a folder that exists
    /// and is not puzzles' own.
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
        self.claim_folder()?;
        let stored = Stored {
            version: VERSION,
            failed: self.failed.clone(),
        };
        let mut text = serde_json::to_string_pretty(&stored).map_err(io::Error::other)?;
        text.push('\n');
        files::write_atomically(&path, None, |file| file.write_all(text.as_bytes()))
    }

    /// Makes the folder, marked as puzzles' own, or checks that the folder there is.
    fn claim_folder(&self) -> io::Result<()> {
        if let Some(parent) = self.dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent)?;
        }
        match fs::create_dir(&self.dir) {
            Ok(()) => files::write_atomically(&self.dir.join(".gitignore"), None, |file| {
                writeln!(file, "{MARK}\n*")
            }),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {
                if is_cache_dir(&self.dir) {
                    Ok(())
                } else {
                    Err(io::Error::other(format!(
                        "{} is a folder puzzles did not make, so the record is not written there (name a new folder with {DIR_VARIABLE})",
                        self.dir.display()
                    )))
                }
            }
            Err(err) => Err(err),
        }
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

    /// A fresh folder for one test; the record goes to `cache` in it.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("puzzles-last-failed-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
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
        let cache = dir.join("cache");
        let [a, b, c] = case_files(&dir.join("cases"));
        let b2 = format!("{b}:2");
        let (mut record, warning) = LastFailed::load(&cache);
        assert!(warning.is_none() && ids(&record).is_empty());
        record.record(&a, true);
        record.record(&b2, true);
        record.record(&c, false);
        record.save().unwrap();

        let (mut record, _) = LastFailed::load(&cache);
        assert_eq!(ids(&record), [a.clone(), b2.clone()]);
        // A narrower run: only `a` ran, and passed; `b:2` did not run and stays.
        record.record(&a, false);
        record.save().unwrap();
        let (mut record, _) = LastFailed::load(&cache);
        assert_eq!(ids(&record), [b2]);
        // Its file deleted, the case is forgotten at the next save.
        fs::remove_file(&b).unwrap();
        record.save().unwrap();
        let (record, _) = LastFailed::load(&cache);
        assert!(ids(&record).is_empty());
        assert_eq!(
            fs::read_to_string(cache.join(".gitignore"))
                .unwrap()
                .lines()
                .last(),
            Some("*")
        );
        assert!(is_cache_dir(&cache));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_green_run_without_a_record_makes_no_folder() {
        let dir = scratch("green");
        let cache = dir.join("cache");
        let (mut record, _) = LastFailed::load(&cache);
        record.record("a.json", false);
        record.save().unwrap();
        assert!(!cache.exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A folder that someone else made (a fixtures folder named by PUZZLES_CACHE_DIR) gets
    /// neither a `.gitignore` nor a record, and is not read as one.
    #[test]
    fn a_folder_puzzles_did_not_make_is_left_alone() {
        let dir = scratch("foreign");
        let [a, _, _] = case_files(&dir);
        fs::write(dir.join(FILE_NAME), "{\"version\": 1, \"failed\": [\"x\"]}").unwrap();
        let (mut record, warning) = LastFailed::load(&dir);
        assert!(warning.is_none() && ids(&record).is_empty());
        record.record(&a, true);
        let err = record.save().unwrap_err();
        assert!(err.to_string().contains("did not make"), "{err}");
        assert!(!dir.join(".gitignore").exists());
        assert!(!is_cache_dir(&dir));
        let mut names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a.json", "b.jsonl", "c.json", FILE_NAME]);
        fs::remove_dir_all(&dir).unwrap();
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
        let cache = dir.join("cache");
        fs::create_dir_all(&cache).unwrap();
        fs::write(cache.join(".gitignore"), format!("{MARK}\n*\n")).unwrap();
        fs::write(cache.join(FILE_NAME), "{\"failed\": 3}").unwrap();
        let [x, _, _] = case_files(&dir.join("cases"));
        let (mut record, warning) = LastFailed::load(&cache);
        let warning = warning.expect("a warning");
        assert!(warning.contains("not a record of failures"), "{warning}");
        assert!(ids(&record).is_empty());
        record.record(&x, true);
        record.save().unwrap();
        let (record, warning) = LastFailed::load(&cache);
        assert!(warning.is_none());
        assert_eq!(ids(&record), [x]);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A record with a byte-order mark is read; one that is a fifo or a device is reported
    /// at once rather than waited on.
    #[test]
    fn a_record_with_a_mark_or_of_the_wrong_kind() {
        let dir = scratch("kinds");
        let cache = dir.join("cache");
        fs::create_dir_all(&cache).unwrap();
        fs::write(cache.join(".gitignore"), format!("{MARK}\n*\n")).unwrap();
        let [x, _, _] = case_files(&dir.join("cases"));
        let text = format!("\u{feff}{{\"version\": 1, \"failed\": [{x:?}]}}");
        fs::write(cache.join(FILE_NAME), text).unwrap();
        let (record, warning) = LastFailed::load(&cache);
        assert_eq!((ids(&record), warning), (vec![x], None));
        #[cfg(unix)]
        {
            fs::remove_file(cache.join(FILE_NAME)).unwrap();
            std::os::unix::fs::symlink("/dev/zero", cache.join(FILE_NAME)).unwrap();
            let (_, warning) = LastFailed::load(&cache);
            let warning = warning.expect("a warning");
            assert!(warning.contains("a character device"), "{warning}");
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}
