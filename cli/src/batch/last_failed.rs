//! `--last-failed`: the cases that failed when they last ran, kept between runs so a batch
//! can re-run just those (pytest's `--lf`).
//!
//! The record is a small JSON file, `last-failed.json`, in `.puzzles_cache/` under the
//! current folder (paths are printed relative to it), or in `PUZZLES_CACHE_DIR`. A case is
//! recorded by what survives an edit elsewhere in its file: its file and `"name"`, or for a
//! case without a name its file and a hash of its text, so that a line inserted above it
//! never makes `--last-failed` run another case in its place. Each run changes only the
//! cases it ran: a failing or invalid case is added, a passing one (or one without
//! `expect`, or one whose expectation `--update` rewrote) is removed, and every other entry
//! stays, so a run narrowed by `--filter` forgets nothing. The folder is made only when
//! there is a failure to record, so a green run in a folder without a cache leaves no trace,
//! and it holds a `.gitignore` of `*` so that git never sees it.
//!
//! The folder is puzzles' own: the record is written only into a folder puzzles made (the
//! `.gitignore` that says so marks it), never into one that `PUZZLES_CACHE_DIR` names but
//! someone else made (a fixtures folder, whose files git would stop seeing), and a batch
//! never reads a case from it.

use std::collections::BTreeMap;
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

/// How a case is known in the record: its file, and its name or the hash of its text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CaseKey {
    Named { file: String, name: String },
    Text { file: String, hash: String },
}

impl CaseKey {
    /// The key of a case of `file`: by `name` when it has one, else by its text's hash.
    pub fn new(file: &str, name: Option<&str>, text_hash: u64) -> CaseKey {
        match name {
            Some(name) => CaseKey::Named {
                file: file.to_string(),
                name: name.to_string(),
            },
            None => CaseKey::Text {
                file: file.to_string(),
                hash: format!("{text_hash:016x}"),
            },
        }
    }

    pub fn file(&self) -> &str {
        match self {
            CaseKey::Named { file, .. } | CaseKey::Text { file, .. } => file,
        }
    }
}

/// A hash of a case's text that stays the same from run to run and from one build to the
/// next (64-bit FNV-1a), so a record written by one `puzzles` is read by the next.
pub fn text_hash(text: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in text {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// One recorded failure as stored: `{"file", "name"}` or `{"file", "line", "text_hash"}`
/// (the line is where the case was when it failed, for messages).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    text_hash: Option<String>,
}

impl Entry {
    fn key(&self) -> Option<CaseKey> {
        match (&self.name, &self.text_hash) {
            (Some(name), _) => Some(CaseKey::Named {
                file: self.file.clone(),
                name: name.clone(),
            }),
            (None, Some(hash)) => Some(CaseKey::Text {
                file: self.file.clone(),
                hash: hash.clone(),
            }),
            (None, None) => None,
        }
    }
}

/// The file's content: a version, so a later format can tell an old file, and the entries
/// sorted.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    version: u32,
    failed: Vec<Entry>,
}

const VERSION: u32 = 2;

/// The failures read at the start of a run, and what this run found: each key with the id
/// the case had when it failed (`file:line` or `file#name`).
#[derive(Debug)]
pub struct LastFailed {
    dir: PathBuf,
    failed: BTreeMap<CaseKey, String>,
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
            Err(err) if err.kind() == io::ErrorKind::NotFound => (BTreeMap::new(), None),
            Err(err) => (
                BTreeMap::new(),
                Some(format!("cannot read {}: {err}", path.display())),
            ),
            Ok(bytes) => read_stored(bytes, &path),
        };
        let changed = warning.is_some();
        let record = LastFailed {
            dir: dir.to_path_buf(),
            failed,
            changed,
        };
        (record, warning)
    }

    /// Whether the case of `key` failed when it last ran.
    #[cfg(test)]
    pub fn contains(&self, key: &CaseKey) -> bool {
        self.failed.contains_key(key)
    }

    /// The recorded failures with the id each case had when it failed.
    pub fn entries(&self) -> impl Iterator<Item = (&CaseKey, &str)> {
        self.failed.iter().map(|(key, id)| (key, id.as_str()))
    }

    /// Records how a case (now at `id`) ended this run.
    pub fn record(&mut self, key: CaseKey, id: &str, failing: bool) {
        if failing {
            let before = self.failed.insert(key, id.to_string());
            self.changed |= before.as_deref() != Some(id);
        } else {
            self.changed |= self.failed.remove(&key).is_some();
        }
    }

    /// Forgets the failure recorded this run under `id` (its expectation was accepted).
    pub fn forget_id(&mut self, id: &str) {
        let before = self.failed.len();
        self.failed.retain(|_, recorded| recorded != id);
        self.changed |= self.failed.len() != before;
    }

    /// Forgets a recorded failure that matches no case any more.
    pub fn forget(&mut self, key: &CaseKey) {
        self.changed |= self.failed.remove(key).is_some();
    }

    /// Writes the record if this run changed it: through a temporary file renamed over the
    /// old one, so a reader (or another run) never sees half a file. Makes the folder, with
    /// its `.gitignore`, only when there is a failure to keep; refuses a folder that exists
    /// and is not puzzles' own.
    pub fn save(&mut self) -> io::Result<()> {
        // A case whose file is gone can never run again: forget it, or `--last-failed`
        // would look for it forever.
        let before = self.failed.len();
        self.failed.retain(|key, _| Path::new(key.file()).exists());
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
            failed: self
                .failed
                .iter()
                .map(|(key, id)| stored_entry(key, id))
                .collect(),
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

/// The entries of a record file's bytes, or a warning why they are not read.
fn read_stored(bytes: &[u8], path: &Path) -> (BTreeMap<CaseKey, String>, Option<String>) {
    /// The version alone, so an older format is told as such.
    #[derive(Deserialize)]
    struct Version {
        version: u32,
    }
    let malformed = |err: serde_json::Error| {
        Some(format!(
            "{} is not a record of failures ({err}); starting afresh",
            path.display()
        ))
    };
    match serde_json::from_slice::<Version>(bytes) {
        Err(err) => (BTreeMap::new(), malformed(err)),
        Ok(Version { version }) if version != VERSION => (
            BTreeMap::new(),
            Some(format!(
                "{} has version {version}, not {VERSION}; starting afresh",
                path.display()
            )),
        ),
        Ok(_) => match serde_json::from_slice::<Stored>(bytes) {
            Ok(stored) => (entries(stored.failed), None),
            Err(err) => (BTreeMap::new(), malformed(err)),
        },
    }
}

/// The stored entries by key, each with the id its case had (entries without a key, which
/// a person may have written by hand, are dropped).
fn entries(stored: Vec<Entry>) -> BTreeMap<CaseKey, String> {
    stored
        .into_iter()
        .filter_map(|entry| {
            let id = match (&entry.name, entry.line) {
                (Some(name), _) => format!("{}#{name}", entry.file),
                (None, Some(line)) => format!("{}:{line}", entry.file),
                (None, None) => entry.file.clone(),
            };
            Some((entry.key()?, id))
        })
        .collect()
}

/// The stored form of a key and the id its case had: the line of a `file:line` id is kept
/// for messages.
fn stored_entry(key: &CaseKey, id: &str) -> Entry {
    match key {
        CaseKey::Named { file, name } => Entry {
            file: file.clone(),
            name: Some(name.clone()),
            line: None,
            text_hash: None,
        },
        CaseKey::Text { file, hash } => Entry {
            file: file.clone(),
            name: None,
            line: id
                .strip_prefix(file.as_str())
                .and_then(|rest| rest.strip_prefix(':'))
                .and_then(|line| line.parse().ok()),
            text_hash: Some(hash.clone()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(record: &LastFailed) -> Vec<String> {
        record.entries().map(|(_, id)| id.to_string()).collect()
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("puzzles-last-failed-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// Case files that exist, so the record keeps their entries.
    fn case_files(dir: &Path) -> [String; 3] {
        fs::create_dir_all(dir).unwrap();
        ["a.json", "b.jsonl", "c.json"].map(|name| {
            let path = dir.join(name);
            fs::write(&path, "{}").unwrap();
            path.display().to_string()
        })
    }

    fn unnamed(file: &str, text: &str) -> CaseKey {
        CaseKey::new(file, None, text_hash(text.as_bytes()))
    }

    #[test]
    fn keeps_what_a_run_did_not_touch_and_forgets_what_passed() {
        let dir = scratch("merge");
        let [a, b, c] = case_files(&dir.join("cases"));
        let b2 = format!("{b}:2");
        let dir = dir.join("cache");
        let (mut record, warning) = LastFailed::load(&dir);
        assert!(warning.is_none() && ids(&record).is_empty());
        record.record(unnamed(&a, "A"), &a, true);
        record.record(unnamed(&b, "B2"), &b2, true);
        record.record(CaseKey::new(&c, Some("x"), 0), &format!("{c}#x"), false);
        record.save().unwrap();

        let (mut record, _) = LastFailed::load(&dir);
        assert_eq!(ids(&record), [a.clone(), b2.clone()]);
        // The line is kept for messages; the key is the text.
        assert!(record.contains(&unnamed(&b, "B2")));
        assert!(!record.contains(&unnamed(&b, "B3")));
        // A narrower run: only `a` ran, and passed; `b:2` did not run and stays.
        record.record(unnamed(&a, "A"), &a, false);
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
        fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }

    #[test]
    fn named_cases_are_kept_by_name() {
        let dir = scratch("named");
        let [a, _, _] = case_files(&dir.join("cases"));
        let dir = dir.join("cache");
        let (mut record, _) = LastFailed::load(&dir);
        record.record(CaseKey::new(&a, Some("big"), 1), &format!("{a}#big"), true);
        record.save().unwrap();
        let (record, _) = LastFailed::load(&dir);
        // Whatever the text now: the name is the case.
        assert!(record.contains(&CaseKey::new(&a, Some("big"), 2)));
        assert_eq!(ids(&record), [format!("{a}#big")]);
        fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_green_run_without_a_record_makes_no_folder() {
        let dir = scratch("green");
        let (mut record, _) = LastFailed::load(&dir);
        record.record(unnamed("a.json", "A"), "a.json", false);
        record.save().unwrap();
        assert!(!dir.exists());
    }

    #[test]
    fn the_hash_is_fixed() {
        // FNV-1a's published test values: a record stays readable by later builds.
        assert_eq!(text_hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(text_hash(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn a_malformed_or_older_record_is_reported_and_replaced() {
        let root = scratch("malformed");
        let [x, _, _] = case_files(&root.join("cases"));
        let dir = root.join("cache");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(".gitignore"), format!("{MARK}\n*\n")).unwrap();
        fs::write(dir.join(FILE_NAME), "{\"failed\": 3}").unwrap();
        let (mut record, warning) = LastFailed::load(&dir);
        let warning = warning.expect("a warning");
        assert!(warning.contains("not a record of failures"), "{warning}");
        assert!(ids(&record).is_empty());
        record.record(unnamed(&x, "X"), &x, true);
        record.save().unwrap();
        let (record, warning) = LastFailed::load(&dir);
        assert!(warning.is_none());
        assert_eq!(ids(&record), [x]);
        fs::write(
            dir.join(FILE_NAME),
            "{\"version\": 1, \"failed\": [\"a.json\"]}",
        )
        .unwrap();
        let (_, warning) = LastFailed::load(&dir);
        assert!(warning.unwrap().contains("version 1, not 2"));
        fs::remove_dir_all(&root).unwrap();
    }

    /// A folder that someone else made (a fixtures folder named by PUZZLES_CACHE_DIR) gets
    /// neither a `.gitignore` nor a record, and is not read as one.
    #[test]
    fn a_folder_puzzles_did_not_make_is_left_alone() {
        let dir = scratch("foreign");
        let [a, _, _] = case_files(&dir);
        fs::write(dir.join(FILE_NAME), "{\"version\": 2, \"failed\": []}").unwrap();
        let (mut record, warning) = LastFailed::load(&dir);
        assert!(warning.is_none() && ids(&record).is_empty());
        record.record(unnamed(&a, "A"), &a, true);
        let err = record.save().unwrap_err();
        assert!(err.to_string().contains("did not make"), "{err}");
        assert!(!dir.join(".gitignore").exists());
        assert!(!is_cache_dir(&dir));
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A record with a byte-order mark is read; one that is a device is reported at once
    /// rather than waited on.
    #[test]
    fn a_record_with_a_mark_or_of_the_wrong_kind() {
        let dir = scratch("kinds");
        let cache = dir.join("cache");
        let [x, _, _] = case_files(&dir.join("cases"));
        let (mut record, _) = LastFailed::load(&cache);
        record.record(unnamed(&x, "X"), &x, true);
        record.save().unwrap();
        let text = fs::read_to_string(cache.join(FILE_NAME)).unwrap();
        fs::write(cache.join(FILE_NAME), format!("\u{feff}{text}")).unwrap();
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
