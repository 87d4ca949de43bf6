//! Finding case files and reading their cases as a stream: a `.json` file is one case, a
//! `.jsonl` file one case per non-blank line, read a line at a time so a file of any size
//! needs memory for only the cases in flight, and a bad line (not UTF-8, say) spoils only
//! itself.
//!
//! A PATH may also be a case id as a batch prints it, `file.jsonl:3`: that case alone. Ids
//! of one file are merged into one reading of it, so re-running the failures of a large file
//! reads it once.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::glob::Glob;
use super::last_failed::is_cache_dir;
use crate::error::{CaseError, ErrorKind};
use crate::files::{identity, open_regular, read_line, read_regular};
use crate::run::{UTF8_BOM, json_text};

/// How a case's file came to be run: named on the command line, found in a folder, or
/// read from stdin. A file found in a folder that is no case gets a hint about `--exclude`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    Named,
    InFolder,
    Stdin,
}

/// One case to run, as read from its file.
#[derive(Debug)]
pub struct Case {
    /// `path` or `path:line`, as printed in the output's `case`.
    pub name: String,
    /// The file's path as printed (with `/` separators).
    pub file: Arc<str>,
    /// 1-based line of the file where the case starts.
    pub line: usize,
    /// Byte offset in the file where the case's text starts (for `--update`).
    pub offset: usize,
    pub found: Found,
    /// The case's JSON text, or why it could not be read.
    pub text: Result<String, CaseError>,
}

impl Case {
    /// Bytes of text this case holds in memory.
    pub fn size(&self) -> usize {
        self.text.as_ref().map_or(0, String::len)
    }

    /// The folder a relative `input` path is read from: the case file's, or the current one.
    pub fn folder(&self) -> &Path {
        match self.found {
            Found::Stdin => Path::new(""),
            _ => Path::new(&*self.file).parent().unwrap_or(Path::new("")),
        }
    }

    /// The case of one line of a `.jsonl` file or of stdin (`bytes` without its newline);
    /// `None` for a blank line.
    pub fn from_line(
        file: &Arc<str>,
        found: Found,
        number: usize,
        offset: usize,
        bytes: &[u8],
    ) -> Option<Case> {
        let text = bytes.trim_ascii();
        if text.is_empty() {
            return None;
        }
        let mut leading = bytes.len() - bytes.trim_ascii_start().len();
        if text.starts_with(UTF8_BOM) {
            // `json_text` skips it: the case's text, which `--update` edits, starts after it.
            leading += UTF8_BOM.len();
        }
        let text = json_text(text).map(str::to_owned).map_err(|e| {
            let column = e.column;
            e.at_line(number, column)
        });
        Some(Case {
            name: format!("{file}:{number}"),
            file: file.clone(),
            line: number,
            offset: offset + leading,
            found,
            text,
        })
    }
}

/// A file to read cases from, and which of its lines were asked for (`None`: all).
#[derive(Debug)]
pub struct CaseFile {
    pub path: PathBuf,
    pub lines: Option<BTreeSet<usize>>,
    pub found: Found,
}

/// The case files of the PATH arguments, in order: each folder searched recursively for
/// `*.json` and `*.jsonl` files (sorted, following symbolic links but never into a folder
/// already searched, so a link loop cannot repeat cases, and never into a path that
/// `exclude` matches); each file as given (a missing one becomes a case that reports it);
/// each case id (`file:line`) as a selection of its file's lines.
pub fn case_files(paths: &[PathBuf], exclude: &[Glob]) -> Vec<CaseFile> {
    let mut searched = HashSet::new();
    let mut files: Vec<CaseFile> = Vec::new();
    // Where each selected file is in `files`, so that its ids are merged into one reading.
    let mut selected: HashMap<PathBuf, usize> = HashMap::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            search(path, exclude, &mut searched, &mut found);
            found.sort();
            files.extend(found.into_iter().map(|path| CaseFile {
                path,
                lines: None,
                found: Found::InFolder,
            }));
        } else if let Some((file, line)) = case_id(path) {
            match selected.get(&file) {
                Some(&at) => {
                    if let Some(lines) = &mut files[at].lines {
                        lines.insert(line);
                    }
                }
                None => {
                    selected.insert(file.clone(), files.len());
                    files.push(CaseFile {
                        path: file,
                        lines: Some(BTreeSet::from([line])),
                        found: Found::Named,
                    });
                }
            }
        } else {
            files.push(CaseFile {
                path: path.clone(),
                lines: None,
                found: Found::Named,
            });
        }
    }
    once_per_file(files)
}

/// Each file once, at its first place, however many PATHs reach it (a folder and a file in
/// it, `x.json` and `./x.json`, a link): a file read twice would run its cases twice and
/// have `--update` edit it twice. The lines asked of one file are merged.
fn once_per_file(files: Vec<CaseFile>) -> Vec<CaseFile> {
    let mut first: HashMap<crate::files::FileId, usize> = HashMap::new();
    let mut kept: Vec<CaseFile> = Vec::with_capacity(files.len());
    for file in files {
        let Some(id) = identity(&file.path) else {
            kept.push(file);
            continue;
        };
        match first.get(&id) {
            Some(&at) => {
                kept[at].lines = match (kept[at].lines.take(), file.lines) {
                    (Some(mut lines), Some(more)) => {
                        lines.extend(more);
                        Some(lines)
                    }
                    _ => None,
                };
            }
            None => {
                first.insert(id, kept.len());
                kept.push(file);
            }
        }
    }
    kept
}

/// `file:line` when `path` is no file itself but names a line of an existing file.
fn case_id(path: &Path) -> Option<(PathBuf, usize)> {
    if path.exists() {
        return None;
    }
    let text = path.to_str()?;
    let (file, line) = text.rsplit_once(':')?;
    let line: usize = line.parse().ok().filter(|&n| n > 0)?;
    let file = PathBuf::from(file);
    file.is_file().then_some((file, line))
}

/// A path as printed: `/` separators on every system.
pub fn printed(path: &Path) -> String {
    path.display().to_string().replace('\\', "/")
}

fn search(dir: &Path, exclude: &[Glob], searched: &mut HashSet<PathBuf>, files: &mut Vec<PathBuf>) {
    let real = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    // The record of failing cases is no case.
    if !searched.insert(real) || is_cache_dir(dir) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = printed(&path);
        if exclude.iter().any(|glob| glob.matches(&name)) {
            continue;
        }
        if path.is_dir() {
            search(&path, exclude, searched, files);
        } else if path
            .extension()
            .is_some_and(|e| e == "json" || e == "jsonl")
        {
            files.push(path);
        }
    }
}

/// The cases of a list of files, read lazily in order.
#[derive(Debug)]
pub struct CaseReader {
    files: std::vec::IntoIter<CaseFile>,
    open: Option<OpenLines>,
    /// Cases asked for by id that the file did not have, reported after its other cases.
    missing: Vec<Case>,
    buffer: Vec<u8>,
}

/// A `.jsonl` file being read.
#[derive(Debug)]
struct OpenLines {
    name: Arc<str>,
    reader: BufReader<File>,
    found: Found,
    /// Lines read so far, and the byte offset of the next line.
    line: usize,
    offset: usize,
    /// The lines asked for that are still to come (`None`: every line).
    wanted: Option<BTreeSet<usize>>,
}

impl CaseReader {
    pub fn new(files: Vec<CaseFile>) -> CaseReader {
        CaseReader {
            files: files.into_iter(),
            open: None,
            missing: Vec::new(),
            buffer: Vec::new(),
        }
    }

    /// The next case of the open `.jsonl` file; `None` at its end (the file is closed).
    fn next_line(&mut self) -> Option<Case> {
        let open = self.open.as_mut()?;
        loop {
            if open.wanted.as_ref().is_some_and(BTreeSet::is_empty) {
                self.open = None;
                return None;
            }
            self.buffer.clear();
            let read = read_line(&mut open.reader, &mut self.buffer);
            let number = open.line + 1;
            match read {
                Ok(0) => {
                    if let Some(open) = self.open.take() {
                        for line in open.wanted.unwrap_or_default() {
                            self.missing.push(no_such_line(&open.name, line, open.line));
                        }
                    }
                    return None;
                }
                Err(err) => {
                    let err = CaseError::new(ErrorKind::Io, format!("cannot read the file: {err}"));
                    let failed = Case {
                        name: format!("{}:{number}", open.name),
                        file: open.name.clone(),
                        line: number,
                        offset: open.offset,
                        found: open.found,
                        text: Err(err.at_line(number, None)),
                    };
                    self.open = None;
                    return Some(failed);
                }
                Ok(read) => {
                    open.line = number;
                    let offset = open.offset;
                    open.offset += read;
                    if let Some(wanted) = &mut open.wanted
                        && !wanted.remove(&number)
                    {
                        continue;
                    }
                    let bytes = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
                    match Case::from_line(&open.name, open.found, number, offset, bytes) {
                        Some(case) => return Some(case),
                        None if open.wanted.is_some() => {
                            return Some(no_such_line(&open.name, number, 0));
                        }
                        None => continue,
                    }
                }
            }
        }
    }
}

/// The case of an id whose line holds no case: blank (`lines_in_file` 0) or past the end.
fn no_such_line(file: &Arc<str>, line: usize, lines_in_file: usize) -> Case {
    let why = if lines_in_file == 0 {
        format!("line {line} of {file} is blank")
    } else {
        format!("{file} has no line {line} (it has {lines_in_file})")
    };
    let message = format!(
        "no case {file}:{line}: {why}; a case id is a path, or path:line for a .jsonl line, as a batch prints it"
    );
    Case {
        name: format!("{file}:{line}"),
        file: file.clone(),
        line,
        offset: 0,
        found: Found::Named,
        text: Err(CaseError::new(ErrorKind::Usage, message)),
    }
}

impl Iterator for CaseReader {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        loop {
            if let Some(case) = self.missing.pop() {
                return Some(case);
            }
            if self.open.is_some() {
                if let Some(case) = self.next_line() {
                    return Some(case);
                }
                self.missing.reverse();
                continue;
            }
            let CaseFile { path, lines, found } = self.files.next()?;
            let name: Arc<str> = Arc::from(printed(&path));
            let unreadable = |err: std::io::Error| Case {
                name: name.to_string(),
                file: name.clone(),
                line: 1,
                offset: 0,
                found,
                text: Err(CaseError::new(
                    ErrorKind::Io,
                    format!("cannot read the file: {err}"),
                )),
            };
            if path.extension().is_some_and(|e| e == "jsonl") {
                match open_regular(&path) {
                    Ok(file) => {
                        self.open = Some(OpenLines {
                            name,
                            reader: BufReader::with_capacity(1 << 16, file),
                            found,
                            line: 0,
                            offset: 0,
                            wanted: lines,
                        });
                    }
                    Err(err) => return Some(unreadable(err)),
                }
                continue;
            }
            // A `.json` file is one case, at line 1; its id is its path.
            let mut lines = lines.unwrap_or_default();
            let whole = lines.remove(&1) || lines.is_empty();
            let lines_in_file = 1;
            self.missing = lines
                .into_iter()
                .rev()
                .map(|line| no_such_line(&name, line, lines_in_file))
                .collect();
            if !whole {
                continue;
            }
            return Some(match read_regular(&path, None) {
                Err(err) => unreadable(err),
                Ok(bytes) => {
                    let text = json_text(&bytes).map(str::to_owned);
                    let bom = if bytes.starts_with(b"\xEF\xBB\xBF") {
                        3
                    } else {
                        0
                    };
                    Case {
                        name: name.to_string(),
                        file: name.clone(),
                        line: 1,
                        offset: bom,
                        found,
                        text,
                    }
                }
            });
        }
    }
}
