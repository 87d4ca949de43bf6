//! `--name-missing`: a `"name"` for every case without one, written into its file as the
//! envelope's first member, so the case's id (`file#name`) stops changing when lines are
//! added above it. A name comes from the case's note (`"two strikes, one ball"` becomes
//! `two-strikes-one-ball`), else from its command and a count (`judge-1`, `judge-2`); a name
//! the file already has gets `-2`, `-3`, ... Names are settled once the run has seen every
//! case, against every name in the file, so a new name never repeats one further down.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;

use super::cases::{Case, CaseReader};
use super::discover::{CaseFile, Found};
use super::envelope::Envelope;
use super::update::{CaseSpan, Edit};
use crate::source::skip_blanks;

/// Longest name made from a note, in characters.
const NOTE_NAME_MAX: usize = 40;

/// A name to add to one case: where, in what style, and what it is made from.
#[derive(Debug, Clone)]
pub struct Request {
    case: String,
    /// Byte offset in the file, just after the envelope's `{`.
    offset: usize,
    /// What goes before and after the quoted name.
    before: String,
    after: String,
    base: Base,
    /// The case, which must be unchanged when the name is written.
    within: CaseSpan,
}

/// What a name is made from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Base {
    Note(String),
    Command(String),
}

/// The request of a case without a name (none for a case with one, an unreadable one, or
/// one read from stdin).
pub fn request(case: &Case) -> Option<Request> {
    if case.name.is_some() || case.found == Found::Stdin {
        return None;
    }
    let text = case.text.as_deref().ok()?;
    let envelope = Envelope::read(text).ok()?;
    let open = skip_blanks(text.as_bytes(), 0);
    let first = skip_blanks(text.as_bytes(), open + 1);
    let spaced = text.contains("\": ");
    let between = &text[open + 1..first];
    let (before, after) = match between.rfind('\n') {
        // An envelope over several lines: the name on a line of its own, indented as the
        // first member is.
        Some(newline) => (
            format!("\n{}\"name\":", &between[newline + 1..]),
            ",".into(),
        ),
        None => (
            String::from("\"name\":"),
            if spaced { ", " } else { "," }.into(),
        ),
    };
    let before = if spaced { format!("{before} ") } else { before };
    let base = match envelope.note.as_deref().map(slug).filter(|s| !s.is_empty()) {
        Some(slug) => Base::Note(slug),
        None => Base::Command(envelope.command.clone()),
    };
    Some(Request {
        case: case.id.clone(),
        offset: case.offset + open + 1,
        before,
        after,
        base,
        within: CaseSpan::of(case.offset, text.as_bytes()),
    })
}

/// A note as a name: lower-case letters and digits, words joined by `-`, cut at a word.
fn slug(note: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut length = 0;
    for word in note
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let word = word.to_lowercase();
        let added = word.chars().count() + usize::from(!words.is_empty());
        if length + added > NOTE_NAME_MAX {
            break;
        }
        length += added;
        words.push(word);
    }
    words.join("-")
}

/// The requests of a run, by file in the order the files came.
#[derive(Debug, Default)]
pub struct Naming {
    files: Vec<(Arc<str>, Vec<Request>)>,
    index: HashMap<Arc<str>, usize>,
}

impl Naming {
    pub fn add(&mut self, file: &Arc<str>, request: Request) {
        let at = *self.index.entry(file.clone()).or_insert_with(|| {
            self.files.push((file.clone(), Vec::new()));
            self.files.len() - 1
        });
        self.files[at].1.push(request);
    }

    /// The edits that write the names, per file: each name unique among the file's names.
    pub fn edits(self) -> Vec<(Arc<str>, Vec<Edit>)> {
        self.files
            .into_iter()
            .map(|(file, requests)| {
                let mut taken = names_in(&file);
                let mut counts: HashMap<String, usize> = HashMap::new();
                let edits = requests
                    .into_iter()
                    .map(|request| {
                        let name = match &request.base {
                            Base::Note(slug) => fresh(&mut taken, slug),
                            Base::Command(command) => {
                                let next = counts.entry(command.clone()).or_insert(1);
                                let (name, used) = numbered(&mut taken, command, *next);
                                *next = used + 1;
                                name
                            }
                        };
                        let quoted = serde_json::Value::String(name.clone()).to_string();
                        Edit {
                            case: request.case,
                            offset: request.offset,
                            old: String::new(),
                            new: format!("{}{quoted}{}", request.before, request.after),
                            note: format!("named {quoted}"),
                            within: request.within,
                        }
                    })
                    .collect();
                (file, edits)
            })
            .collect()
    }
}

/// `base` itself when it is free, else the first free of `base-2`, `base-3`, ...; it is
/// taken from then on.
fn fresh(taken: &mut HashSet<String>, base: &str) -> String {
    if taken.contains(base) {
        return numbered(taken, base, 2).0;
    }
    taken.insert(base.to_string());
    base.to_string()
}

/// The first free of `base-from`, `base-(from+1)`, ..., taken from then on, and its number.
fn numbered(taken: &mut HashSet<String>, base: &str, from: usize) -> (String, usize) {
    let mut n = from;
    while taken.contains(&format!("{base}-{n}")) {
        n += 1;
    }
    let name = format!("{base}-{n}");
    taken.insert(name.clone());
    (name, n)
}

/// Every name the cases of `file` have now.
fn names_in(file: &str) -> HashSet<String> {
    let files = vec![CaseFile {
        path: Path::new(file).to_path_buf(),
        selection: None,
        found: Found::Named,
    }];
    CaseReader::new(files)
        .filter_map(|case| case.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_become_short_names() {
        assert_eq!(slug("Two strikes, one ball!"), "two-strikes-one-ball");
        assert_eq!(
            slug("a very long note that goes on and on and on past the limit of forty"),
            "a-very-long-note-that-goes-on-and-on-and"
        );
        assert_eq!(slug("!!!"), "");
    }

    #[test]
    fn names_are_fresh() {
        let mut taken = HashSet::from(["judge-1".to_string(), "x".to_string()]);
        assert_eq!(numbered(&mut taken, "judge", 1), ("judge-2".into(), 2));
        assert_eq!(numbered(&mut taken, "judge", 3), ("judge-3".into(), 3));
        assert_eq!(fresh(&mut taken, "x"), "x-2");
        assert_eq!(fresh(&mut taken, "two-strikes"), "two-strikes");
        assert_eq!(fresh(&mut taken, "two-strikes"), "two-strikes-2");
    }
}
