//! Finding the case files of the PATH arguments, the way ripgrep finds files to search.
//!
//! A folder is walked recursively with the `ignore` crate (ripgrep's own walker): hidden
//! files and folders are skipped, `.gitignore`, `.ignore` and `.git/info/exclude` are honoured
//! (in the folder and its parents, whether or not it is a git repository, but never the
//! user's global git excludes, so a person and CI find the same files), and so are
//! `--exclude` patterns; the runner's cache folder is never entered. Files named on the
//! command line are read whatever those rules say.
//!
//! A PATH may also select cases of a file: `file.jsonl:3` (the case at that line) or
//! `file.jsonl#name` (the case of that name). A file reached by several PATHs
//! (`c c/m.json`, `c/m.json ./c/m.json`, `c/l.jsonl c/l.jsonl:1`) is one file, read once, at
//! the place of its first PATH; a whole file wins over a selection of its cases.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use ignore::WalkBuilder;

use super::glob::Excludes;
use super::last_failed::{DEFAULT_DIR, LastFailed, is_cache_dir};
use crate::files::{FileId, identity};

/// How a file is known when telling whether two PATHs reach it: its identity on the file
/// system (a link, `./x` and `x` are one file), or its path when it does not exist.
#[derive(Debug, PartialEq, Eq, Hash)]
enum FileKey {
    Id(FileId),
    Path(PathBuf),
}

/// How a case's file came to be run: named on the command line, found in a folder, or
/// read from stdin. A file found in a folder that is no case gets a hint about `--exclude`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    Named,
    InFolder,
    Stdin,
}

/// The cases of a file that PATHs selected.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Cases by their 1-based line.
    pub lines: BTreeSet<usize>,
    /// Cases by their `"name"`.
    pub names: BTreeSet<String>,
}

/// A file to read cases from, and which of its cases were asked for (`None`: all).
#[derive(Debug, Clone)]
pub struct CaseFile {
    pub path: PathBuf,
    pub selection: Option<Selection>,
    pub found: Found,
}

/// What a PATH argument names.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    Folder(PathBuf),
    File(PathBuf),
    Line(PathBuf, usize),
    Name(PathBuf, String),
}

/// The case files of the PATH arguments, in order: each folder walked (sorted by name),
/// each file as given (a missing one becomes a case that reports it), each case id as a
/// selection of its file's cases; every file once.
pub fn case_files(paths: &[PathBuf], excludes: &Excludes) -> Vec<CaseFile> {
    let mut files: Vec<CaseFile> = Vec::new();
    // Where each file is in `files`.
    let mut seen: HashMap<FileKey, usize> = HashMap::new();
    let cache = real_cache_dir();
    let mut add = |path: PathBuf, selected: Option<Selection>, found: Found| {
        let key = identity(&path).map_or_else(|| FileKey::Path(path.clone()), FileKey::Id);
        match seen.get(&key) {
            None => {
                seen.insert(key, files.len());
                files.push(CaseFile {
                    path,
                    selection: selected,
                    found,
                });
            }
            Some(&at) => {
                let file = &mut files[at];
                match (&mut file.selection, selected) {
                    (Some(have), Some(more)) => {
                        have.lines.extend(more.lines);
                        have.names.extend(more.names);
                    }
                    (Some(_), None) => file.selection = None,
                    (None, _) => {}
                }
            }
        }
    };
    for path in paths {
        match target(path) {
            Target::Folder(dir) => {
                for file in walk(&dir, excludes, cache.clone()) {
                    add(file, None, Found::InFolder);
                }
            }
            Target::File(file) => add(file, None, Found::Named),
            Target::Line(file, line) => {
                let selection = Selection {
                    lines: BTreeSet::from([line]),
                    ..Selection::default()
                };
                add(file, Some(selection), Found::Named);
            }
            Target::Name(file, name) => {
                let selection = Selection {
                    names: BTreeSet::from([name]),
                    ..Selection::default()
                };
                add(file, Some(selection), Found::Named);
            }
        }
    }
    files
}

/// Reads a PATH: a folder, a file, or (when no such file exists) `file:line` or
/// `file#name` of an existing file. Anything else is a file, which reports itself missing.
fn target(path: &Path) -> Target {
    if path.is_dir() {
        return Target::Folder(path.to_path_buf());
    }
    if path.exists() {
        return Target::File(path.to_path_buf());
    }
    let Some(text) = path.to_str() else {
        return Target::File(path.to_path_buf());
    };
    if let Some((file, line)) = text.rsplit_once(':')
        && let Ok(line) = line.parse::<usize>()
        && line > 0
        && Path::new(file).is_file()
    {
        return Target::Line(PathBuf::from(file), line);
    }
    // A name may hold `#` itself: the file is the shortest prefix that is a file.
    for (at, _) in text.match_indices('#') {
        let (file, name) = (&text[..at], &text[at + 1..]);
        if !name.is_empty() && Path::new(file).is_file() {
            return Target::Name(PathBuf::from(file), name.to_string());
        }
    }
    Target::File(path.to_path_buf())
}

/// The real path of the cache folder, when it exists: never walked into.
fn real_cache_dir() -> Option<PathBuf> {
    std::fs::canonicalize(LastFailed::default_dir()).ok()
}

/// The `*.json` and `*.jsonl` files under `dir`, sorted, by the rules of the module doc.
fn walk(dir: &Path, excludes: &Excludes, cache: Option<PathBuf>) -> Vec<PathBuf> {
    let excludes = excludes.clone();
    let mut builder = WalkBuilder::new(dir);
    builder
        .hidden(true)
        .parents(true)
        .ignore(true)
        .git_ignore(true)
        .git_exclude(true)
        .git_global(false)
        .require_git(false)
        .follow_links(true)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(move |entry| {
            let folder = entry.file_type().is_some_and(|t| t.is_dir());
            if entry.file_name() == DEFAULT_DIR || (folder && is_cache_dir(entry.path())) {
                return false;
            }
            if let Some(cache) = &cache
                && folder
                && Some(entry.file_name()) == cache.file_name()
                && std::fs::canonicalize(entry.path()).is_ok_and(|real| &real == cache)
            {
                return false;
            }
            !excludes.matches(&printed(entry.path()))
        });
    builder
        .build()
        .flatten()
        // Not only regular files: a fifo named like a case is reported as one that cannot be
        // read, rather than silently left out.
        .filter(|entry| entry.depth() > 0 && entry.file_type().is_some_and(|t| !t.is_dir()))
        .map(ignore::DirEntry::into_path)
        .filter(|path| {
            path.extension()
                .is_some_and(|e| e == "json" || e == "jsonl")
        })
        .collect()
}

/// A path as printed: `/` separators on every system.
pub fn printed(path: &Path) -> String {
    path.display().to_string().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("puzzles-discover-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(files: &[CaseFile], root: &Path) -> Vec<String> {
        files
            .iter()
            .map(|f| printed(f.path.strip_prefix(root).unwrap_or(&f.path)))
            .collect()
    }

    #[test]
    fn hidden_and_ignored_files_are_skipped_unless_named() {
        let dir = scratch("hidden");
        for file in [
            "a.json",
            ".hidden.json",
            ".vscode/settings.json",
            "wip/b.jsonl",
            "keep/c.json",
            "notes.txt",
        ] {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "{}").unwrap();
        }
        std::fs::write(dir.join(".gitignore"), "wip/\n").unwrap();
        let none = Excludes::new(&[]).unwrap();
        let found = case_files(std::slice::from_ref(&dir), &none);
        assert_eq!(names(&found, &dir), ["a.json", "keep/c.json"]);
        let named = case_files(&[dir.join(".hidden.json"), dir.join("wip/b.jsonl")], &none);
        assert_eq!(named.len(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_reached_twice_is_one_file_and_whole_wins() {
        let dir = scratch("twice");
        std::fs::create_dir_all(dir.join("c")).unwrap();
        std::fs::write(dir.join("c/m.json"), "{}").unwrap();
        std::fs::write(dir.join("c/l.jsonl"), "{}\n{}\n").unwrap();
        let none = Excludes::new(&[]).unwrap();
        let c = dir.join("c");
        let files = case_files(&[c.clone(), c.join("m.json")], &none);
        assert_eq!(names(&files, &dir), ["c/l.jsonl", "c/m.json"]);
        let dotted = c.join(".").join("m.json");
        let files = case_files(&[c.join("m.json"), dotted], &none);
        assert_eq!(files.len(), 1);
        let line = PathBuf::from(format!("{}:1", c.join("l.jsonl").display()));
        let files = case_files(&[line.clone(), c.join("l.jsonl"), line], &none);
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].selection, None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn ids_select_lines_and_names() {
        let dir = scratch("ids");
        let file = dir.join("l.jsonl");
        std::fs::write(&file, "{}\n").unwrap();
        let shown = file.display().to_string();
        assert_eq!(
            target(Path::new(&format!("{shown}:2"))),
            Target::Line(file.clone(), 2)
        );
        assert_eq!(
            target(Path::new(&format!("{shown}#a#b"))),
            Target::Name(file.clone(), "a#b".into())
        );
        assert_eq!(
            target(Path::new(&format!("{shown}#"))),
            Target::File(PathBuf::from(format!("{shown}#")))
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
