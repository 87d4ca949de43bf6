//! Which cases to run: the files the PATHs and `--exclude` find, the cases `--filter` keeps
//! by their id, their `game command` or their note, and with `--last-failed` those of them
//! that failed when they last ran.

use std::collections::BTreeSet;

use super::cases::{Case, CaseReader, case_files};
use super::envelope::Envelope;
use super::glob::Glob;
use super::last_failed::LastFailed;
use crate::args::BatchArgs;
use crate::output::stderr_line;

/// The cases of the PATHs (none for `-`, whose cases come from stdin) that `--exclude` and
/// `filter` leave, narrowed to those `rerun` recorded as failing when any of them is; when
/// none is, all of them, and stderr says so.
pub fn file_cases<'a>(
    args: &'a BatchArgs,
    filter: &'a Filter,
    rerun: Option<&LastFailed>,
) -> impl Iterator<Item = Case> + 'a {
    let excludes: Vec<Glob> = args.exclude.iter().map(|g| Glob::new(g)).collect();
    let from_stdin = args.reads_stdin();
    let selected = move |only: Option<BTreeSet<String>>| {
        CaseReader::new(if from_stdin {
            Vec::new()
        } else {
            case_files(&args.paths, &excludes)
        })
        .filter(|case| filter.keeps(case))
        .filter(move |case| only.as_ref().is_none_or(|ids| ids.contains(&case.name)))
        .peekable()
    };
    if let Some(record) = rerun {
        let mut failed_before = selected(Some(record.ids()));
        if failed_before.peek().is_some() {
            return failed_before;
        }
        stderr_line(&format!(
            "puzzles batch: --last-failed: no case here failed when it last ran (record: {}); running them all",
            record.dir().display()
        ));
    }
    selected(None)
}

/// The `--filter` and `--skip` texts: a case runs when any `--filter` text (or none is
/// given) and no `--skip` text is in its id, its `game command` (`renju check`) or its
/// `note`.
#[derive(Debug, Default)]
pub struct Filter {
    texts: Vec<String>,
    skips: Vec<String>,
}

impl Filter {
    pub fn new(texts: &[String], skips: &[String]) -> Filter {
        Filter {
            texts: texts.to_vec(),
            skips: skips.to_vec(),
        }
    }

    pub fn keeps(&self, case: &Case) -> bool {
        let wanted = self.texts.is_empty() || mentions(case, &self.texts);
        wanted && (self.skips.is_empty() || !mentions(case, &self.skips))
    }
}

/// Whether any of `texts` is in the case's id, its `game command` or its note.
fn mentions(case: &Case, texts: &[String]) -> bool {
    let found_in = |text: &str| texts.iter().any(|t| text.contains(t.as_str()));
    if found_in(&case.name) {
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
