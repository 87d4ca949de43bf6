//! Which cases to run: the files the PATHs and `--exclude` find, the cases `--filter` keeps
//! by their id, their `game command` or their note, `--changed` by their file or input file,
//! and with `--last-failed` those of them that failed when they last ran.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::cases::{Case, CaseReader};
use super::discover::{CaseFile, printed};
use super::envelope::Envelope;
use super::input_files::input_path;
use super::last_failed::{CaseKey, LastFailed, text_hash};
use crate::output::stderr_line;

/// The key a case is recorded under by `--last-failed`.
pub fn case_key(case: &Case) -> CaseKey {
    CaseKey::new(&case.file, case.name.as_deref(), case_hash(case))
}

/// The hash of a case's text that `--last-failed` knows an unnamed case by.
pub fn case_hash(case: &Case) -> u64 {
    match &case.text {
        Ok(text) => text_hash(text.as_bytes()),
        // An unreadable line has no text: its place is all there is to know it by.
        Err(_) => text_hash(case.id.as_bytes()),
    }
}

/// The recorded failures that matched no case, each with the id it had: filled when the
/// cases have all been read.
pub type Stale = Arc<Mutex<Vec<(CaseKey, String)>>>;

/// What `--last-failed` runs again: the recorded failures, and which of them matched no
/// case of the files read whole (they were edited or removed since).
#[derive(Debug)]
pub struct Rerun {
    keys: HashSet<CaseKey>,
    files: HashSet<String>,
    /// The failures that matched nothing.
    pub stale: Stale,
    ids: Vec<(CaseKey, String)>,
}

impl Rerun {
    pub fn new(record: &LastFailed) -> Rerun {
        Rerun {
            keys: record.entries().map(|(key, _)| key.clone()).collect(),
            files: record
                .entries()
                .map(|(key, _)| key.file().to_string())
                .collect(),
            stale: Arc::default(),
            ids: record
                .entries()
                .map(|(key, id)| (key.clone(), id.to_string()))
                .collect(),
        }
    }
}

/// The cases of `files` that `filter` keeps, narrowed to those `rerun` recorded as failing
/// when any of them is; when none is, all of them, and stderr says so.
pub fn file_cases<'a>(
    files: Vec<CaseFile>,
    filter: &'a Filter,
    rerun: Option<&'a Rerun>,
) -> Box<dyn Iterator<Item = Case> + 'a> {
    let selected = move |files: Vec<CaseFile>| CaseReader::new(files).filter(|c| filter.keeps(c));
    if let Some(rerun) = rerun {
        let whole: HashSet<String> = files
            .iter()
            .filter(|f| f.selection.is_none())
            .map(|f| printed(&f.path))
            .collect();
        let mut failed_before = Recorded {
            cases: CaseReader::new(files.clone()),
            filter,
            rerun,
            whole,
            matched: HashSet::new(),
            ended: false,
        }
        .peekable();
        if failed_before.peek().is_some() {
            return Box::new(failed_before);
        }
        drop(failed_before);
        stderr_line(&format!(
            "puzzles batch: --last-failed: no case here failed when it last ran (record: {}); running them all",
            LastFailed::default_dir().display()
        ));
    }
    Box::new(selected(files))
}

/// The cases that `rerun` recorded as failing; at the end, the recorded failures of the
/// files read whole that matched no case are told on stderr and kept in `rerun.stale`.
struct Recorded<'a, I> {
    cases: I,
    filter: &'a Filter,
    rerun: &'a Rerun,
    whole: HashSet<String>,
    matched: HashSet<CaseKey>,
    ended: bool,
}

impl<I: Iterator<Item = Case>> Iterator for Recorded<'_, I> {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        for case in self.cases.by_ref() {
            if !self.rerun.files.contains(&*case.file) {
                continue;
            }
            let key = case_key(&case);
            // Matched before the filter: a recorded case that `--filter` leaves out is
            // still there.
            if self.rerun.keys.contains(&key) {
                self.matched.insert(key);
                if self.filter.keeps(&case) {
                    return Some(case);
                }
            }
        }
        if !self.ended {
            self.ended = true;
            self.tell_stale();
        }
        None
    }
}

impl<I> Recorded<'_, I> {
    fn tell_stale(&self) {
        let stale: Vec<(CaseKey, String)> = self
            .rerun
            .ids
            .iter()
            .filter(|(key, _)| self.whole.contains(key.file()) && !self.matched.contains(key))
            .cloned()
            .collect();
        if stale.is_empty() {
            return;
        }
        let ids: BTreeSet<&str> = stale.iter().map(|(_, id)| id.as_str()).collect();
        let shown: Vec<&str> = ids.iter().take(5).copied().collect();
        let more = match ids.len().saturating_sub(shown.len()) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        stderr_line(&format!(
            "puzzles batch: --last-failed: {} recorded as failing match no case now (changed or removed since): {}{more}; forgetting them",
            plural(ids.len(), "case", "cases"),
            shown.join(", ")
        ));
        if let Ok(mut out) = self.rerun.stale.lock() {
            out.extend(stale);
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The `--filter`, `--skip` and `--changed` selections: a case runs when any `--filter`
/// text (or none is given) and no `--skip` text is in its id, its `game command`
/// (`renju check`) or its `note`, and (when `--changed` names files) its file or its input
/// file is one of them.
#[derive(Debug, Default)]
pub struct Filter {
    texts: Vec<String>,
    skips: Vec<String>,
    /// `--changed`: real paths.
    changed: HashSet<PathBuf>,
}

impl Filter {
    pub fn new(texts: &[String], skips: &[String], changed: &[PathBuf]) -> Filter {
        Filter {
            texts: texts.to_vec(),
            skips: skips.to_vec(),
            changed: changed.iter().map(|path| real(path)).collect(),
        }
    }

    pub fn keeps(&self, case: &Case) -> bool {
        let wanted = self.texts.is_empty() || mentions(case, &self.texts);
        wanted
            && (self.skips.is_empty() || !mentions(case, &self.skips))
            && (self.changed.is_empty() || self.touches(case))
    }

    /// Whether the case's file, or the file its `input` names, is one of `--changed`.
    fn touches(&self, case: &Case) -> bool {
        if self.changed.contains(&real(Path::new(&*case.file))) {
            return true;
        }
        input_path(case).is_some_and(|path| self.changed.contains(&real(&path)))
    }
}

/// A path's real form, to compare two spellings of one file (itself when it does not exist).
fn real(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether any of `texts` is in the case's id, its `game command` or its note.
fn mentions(case: &Case, texts: &[String]) -> bool {
    let found_in = |text: &str| texts.iter().any(|t| text.contains(t.as_str()));
    if found_in(&case.id) {
        return true;
    }
    // Only the envelope is read here; the input is parsed when the case runs.
    let Some(envelope) = case
        .text
        .as_deref()
        .ok()
        .and_then(|t| Envelope::read(t).ok())
    else {
        return false;
    };
    found_in(&format!("{} {}", envelope.game, envelope.command))
        || envelope.note.as_deref().is_some_and(found_in)
}
