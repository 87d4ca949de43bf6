//! `--watch`: run the cases, then run them again whenever a case file changes, until
//! interrupted: the way jest's `--watch` or cargo-watch work while a person edits fixtures.
//! When only input files change (`"input": "dancer.non"`), only the cases that read them run.
//!
//! It polls rather than asking the system for notifications: every [`POLL`] the PATHs are
//! walked again (so a new or removed file counts too) and each case file's and input file's
//! size and modification time compared with the last run's. That needs no dependency and
//! behaves the same on every platform and file system; walking the 280-case `fixtures`
//! folder and reading its files' metadata takes well under a millisecond.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, SystemTime};

use super::config::Settings;
use super::discover::case_files;
use super::glob::Excludes;
use super::{RunEnd, run_once};
use crate::args::BatchArgs;
use crate::exit::ExitStatus;
use crate::output::stderr_line;

/// How often the files are looked at.
const POLL: Duration = Duration::from_millis(300);
/// How many polls a run waits at most for the files to stop changing.
const SETTLE_POLLS: usize = 10;

/// Files as they stand: path, size and modification time, in order.
type Snapshot = Vec<(PathBuf, Option<(u64, SystemTime)>)>;

fn stamp(path: &Path) -> Option<(u64, SystemTime)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

fn case_snapshot(settings: &Settings, excludes: &Excludes) -> Snapshot {
    case_files(&settings.paths, excludes)
        .into_iter()
        .map(|file| {
            let stamp = stamp(&file.path);
            (file.path, stamp)
        })
        .collect()
}

fn input_snapshot(inputs: &BTreeMap<PathBuf, BTreeSet<String>>) -> Snapshot {
    inputs
        .keys()
        .map(|path| (path.clone(), stamp(path)))
        .collect()
}

/// The files that differ between two snapshots (added, removed or changed).
fn changes(before: &Snapshot, now: &Snapshot) -> Vec<PathBuf> {
    let was: HashSet<_> = before.iter().collect();
    let is: HashSet<_> = now.iter().collect();
    let mut changed: Vec<PathBuf> = now
        .iter()
        .filter(|entry| !was.contains(entry))
        .chain(before.iter().filter(|entry| !is.contains(entry)))
        .map(|(path, _)| path.clone())
        .collect();
    changed.dedup();
    changed
}

/// Runs the cases, then again after every change, until the process is interrupted, stdout
/// is closed, or a run cannot start (a usage error: the exit status is that run's).
pub fn run(args: &BatchArgs, settings: &Settings) -> ExitStatus {
    let excludes = match Excludes::new(&settings.excludes) {
        Ok(excludes) => excludes,
        Err(message) => return super::usage_error(message),
    };
    let mut only: Option<BTreeSet<String>> = None;
    let mut inputs: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    loop {
        let cases_before = case_snapshot(settings, &excludes);
        let (end, seen) = run_once(args, settings, only.as_ref());
        match end {
            RunEnd::Ran(_) => {}
            RunEnd::StdoutClosed => return ExitStatus::Success,
            RunEnd::NotStarted(status) => return status,
        }
        // A run of some cases saw only their inputs; a whole run sees them all.
        if only.is_none() {
            inputs = seen.inputs;
        }
        let inputs_before = input_snapshot(&inputs);
        stderr_line(&format!(
            "puzzles batch: --watch: watching {} case files and {} input files; Ctrl-C to stop",
            cases_before.len(),
            inputs.len()
        ));
        let (case_changes, input_changes) = loop {
            thread::sleep(POLL);
            let cases = changes(&cases_before, &case_snapshot(settings, &excludes));
            let inputs = changes(&inputs_before, &input_snapshot(&inputs));
            if !cases.is_empty() || !inputs.is_empty() {
                break (cases, inputs);
            }
        };
        settle(settings, &excludes, &inputs);
        let first = case_changes.first().or(input_changes.first());
        let shown = first.map_or_else(String::new, |path| path.display().to_string());
        if case_changes.is_empty() {
            let ids: BTreeSet<String> = input_changes
                .iter()
                .filter_map(|path| inputs.get(path))
                .flatten()
                .cloned()
                .collect();
            stderr_line(&format!(
                "puzzles batch: --watch: {shown} changed; running the {} that read it",
                if ids.len() == 1 {
                    "case".to_string()
                } else {
                    format!("{} cases", ids.len())
                }
            ));
            only = Some(ids);
        } else {
            stderr_line(&format!(
                "puzzles batch: --watch: {shown} changed; running again"
            ));
            only = None;
        }
    }
}

/// An editor may write a file in several steps: waits until the files stay still for one
/// poll, or at most [`SETTLE_POLLS`] polls when something keeps writing.
fn settle(settings: &Settings, excludes: &Excludes, inputs: &BTreeMap<PathBuf, BTreeSet<String>>) {
    let look = || (case_snapshot(settings, excludes), input_snapshot(inputs));
    let mut last = look();
    for _ in 0..SETTLE_POLLS {
        thread::sleep(POLL);
        let now = look();
        if now == last {
            break;
        }
        last = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_names_the_added_changed_or_removed_file() {
        let t0 = SystemTime::UNIX_EPOCH;
        let t1 = t0 + Duration::from_secs(1);
        let a = (PathBuf::from("a.json"), Some((10, t0)));
        let b = (PathBuf::from("b.json"), Some((10, t0)));
        let b_touched = (PathBuf::from("b.json"), Some((10, t1)));
        let c = (PathBuf::from("c.json"), Some((3, t0)));
        let before = vec![a.clone(), b.clone()];
        assert!(changes(&before, &before.clone()).is_empty());
        assert_eq!(
            changes(&before, &vec![a.clone(), b_touched]),
            [PathBuf::from("b.json")]
        );
        assert_eq!(
            changes(&before, &vec![a.clone(), b.clone(), c]),
            [PathBuf::from("c.json")]
        );
        assert_eq!(changes(&before, &vec![b]), [PathBuf::from("a.json")]);
    }
}
