//! `--watch`: run the cases, then run them again whenever a case file changes, until
//! interrupted: the way jest's `--watch` or cargo-watch work while a person edits fixtures.
//!
//! It polls rather than asking the system for notifications: every [`POLL`] the PATHs are
//! searched again (so a new or removed file counts too) and each case file's size and
//! modification time compared with the last run's. That needs no dependency and behaves the
//! same on every platform and file system; searching the 280-case `fixtures` folder and
//! reading its files' metadata takes well under a millisecond.

use std::collections::HashSet;
use std::path::PathBuf;
use std::thread;
use std::time::{Duration, SystemTime};

use super::cases::case_files;
use super::glob::Glob;
use super::{RunEnd, run_once};
use crate::args::BatchArgs;
use crate::exit::ExitStatus;
use crate::output::stderr_line;

/// How often the case files are looked at.
const POLL: Duration = Duration::from_millis(300);
/// How many polls a run waits at most for the files to stop changing.
const SETTLE_POLLS: usize = 10;

/// The case files as they stand: path, size and modification time, in search order.
type Snapshot = Vec<(PathBuf, Option<(u64, SystemTime)>)>;

fn snapshot(args: &BatchArgs, excludes: &[Glob]) -> Snapshot {
    case_files(&args.paths, excludes)
        .into_iter()
        .map(|file| {
            let stamp = std::fs::metadata(&file.path)
                .ok()
                .and_then(|meta| Some((meta.len(), meta.modified().ok()?)));
            (file.path, stamp)
        })
        .collect()
}

/// The first file that differs between two snapshots (added, removed or changed).
fn first_change(before: &Snapshot, now: &Snapshot) -> Option<PathBuf> {
    let was: HashSet<_> = before.iter().collect();
    let is: HashSet<_> = now.iter().collect();
    let changed = now
        .iter()
        .find(|entry| !was.contains(entry))
        .or_else(|| before.iter().find(|entry| !is.contains(entry)));
    changed.map(|(path, _)| path.clone())
}

/// Runs the cases, then again after every change, until the process is interrupted, stdout
/// is closed, or a run cannot start (a usage error: the exit status is that run's).
pub fn run(args: &BatchArgs) -> ExitStatus {
    let excludes: Vec<Glob> = args.exclude.iter().map(|g| Glob::new(g)).collect();
    loop {
        let before = snapshot(args, &excludes);
        match run_once(args) {
            RunEnd::Ran(_) => {}
            RunEnd::StdoutClosed => return ExitStatus::Success,
            RunEnd::NotStarted(status) => return status,
        }
        stderr_line(&format!(
            "puzzles batch: --watch: watching {} case files; Ctrl-C to stop",
            before.len()
        ));
        let changed = loop {
            thread::sleep(POLL);
            let now = snapshot(args, &excludes);
            if let Some(path) = first_change(&before, &now) {
                break path;
            }
        };
        // An editor may write a file in several steps: wait until the files stay still for
        // one poll, or at most [`SETTLE_POLLS`] polls when something keeps writing.
        let mut last = snapshot(args, &excludes);
        for _ in 0..SETTLE_POLLS {
            thread::sleep(POLL);
            let now = snapshot(args, &excludes);
            if now == last {
                break;
            }
            last = now;
        }
        stderr_line(&format!(
            "puzzles batch: --watch: {} changed; running again",
            changed.display()
        ));
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
        assert_eq!(first_change(&before, &before.clone()), None);
        assert_eq!(
            first_change(&before, &vec![a.clone(), b_touched]),
            Some(PathBuf::from("b.json"))
        );
        assert_eq!(
            first_change(&before, &vec![a.clone(), b.clone(), c]),
            Some(PathBuf::from("c.json"))
        );
        assert_eq!(
            first_change(&before, &vec![b]),
            Some(PathBuf::from("a.json"))
        );
    }
}
