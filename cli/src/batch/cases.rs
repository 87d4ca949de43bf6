//! Finding case files and reading their cases as a stream: a `.json` file is one case, a
//! `.jsonl` file one case per non-blank line, read a line at a time so a file of any size
//! needs memory for only the cases in flight, and a bad line (not UTF-8, say) spoils only
//! itself.

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{CaseError, ErrorKind};
use crate::run::json_text;

/// One case to run, as read from its file.
#[derive(Debug)]
pub struct Case {
    /// `path` or `path:line`, as printed in the output's `case`.
    pub name: String,
    /// The file's path as printed (with `/` separators).
    pub file: Arc<str>,
    /// 1-based line of the file where the case starts.
    pub line: usize,
    /// The case's JSON text, or why it could not be read.
    pub text: Result<String, CaseError>,
}

impl Case {
    /// Bytes of text this case holds in memory.
    pub fn size(&self) -> usize {
        self.text.as_ref().map_or(0, String::len)
    }
}

/// The case files of the PATH arguments, in order: each folder searched recursively for
/// `*.json` and `*.jsonl` files (sorted, following symbolic links but never into a folder
/// already searched, so a link loop cannot repeat cases); each file as given (a missing one
/// becomes a case that reports it).
pub fn case_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut searched = HashSet::new();
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            search(path, &mut searched, &mut found);
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    files
}

fn search(dir: &Path, searched: &mut HashSet<PathBuf>, files: &mut Vec<PathBuf>) {
    let real = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    if !searched.insert(real) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            search(&path, searched, files);
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
    files: std::vec::IntoIter<PathBuf>,
    open: Option<OpenLines>,
    buffer: Vec<u8>,
}

/// A `.jsonl` file being read.
#[derive(Debug)]
struct OpenLines {
    name: Arc<str>,
    reader: BufReader<File>,
    line: usize,
}

impl CaseReader {
    pub fn new(files: Vec<PathBuf>) -> CaseReader {
        CaseReader {
            files: files.into_iter(),
            open: None,
            buffer: Vec::new(),
        }
    }

    /// The next case of the open `.jsonl` file; `None` at its end (the file is closed).
    fn next_line(&mut self) -> Option<Case> {
        let open = self.open.as_mut()?;
        loop {
            self.buffer.clear();
            let read = open.reader.read_until(b'\n', &mut self.buffer);
            let number = open.line + 1;
            let case = |text| Case {
                name: format!("{}:{number}", open.name),
                file: open.name.clone(),
                line: number,
                text,
            };
            match read {
                Ok(0) => {
                    self.open = None;
                    return None;
                }
                Err(err) => {
                    let err = CaseError::new(ErrorKind::Io, format!("cannot read the file: {err}"));
                    let failed = case(Err(err.at_line(number, None)));
                    self.open = None;
                    return Some(failed);
                }
                Ok(_) => {}
            }
            open.line = number;
            let bytes = self.buffer.trim_ascii();
            if bytes.is_empty() {
                continue;
            }
            let text = json_text(bytes).map(str::to_owned).map_err(|e| {
                let column = e.column;
                e.at_line(number, column)
            });
            return Some(case(text));
        }
    }
}

impl Iterator for CaseReader {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        loop {
            if self.open.is_some() {
                if let Some(case) = self.next_line() {
                    return Some(case);
                }
                continue;
            }
            let path = self.files.next()?;
            let name: Arc<str> = Arc::from(path.display().to_string().replace('\\', "/"));
            let unreadable = |err: std::io::Error| Case {
                name: name.to_string(),
                file: name.clone(),
                line: 1,
                text: Err(CaseError::new(
                    ErrorKind::Io,
                    format!("cannot read the file: {err}"),
                )),
            };
            if path.extension().is_some_and(|e| e == "jsonl") {
                match File::open(&path) {
                    Ok(file) => {
                        self.open = Some(OpenLines {
                            name,
                            reader: BufReader::with_capacity(1 << 16, file),
                            line: 0,
                        });
                    }
                    Err(err) => return Some(unreadable(err)),
                }
                continue;
            }
            return Some(match std::fs::read(&path) {
                Err(err) => unreadable(err),
                Ok(bytes) => Case {
                    name: name.to_string(),
                    file: name.clone(),
                    line: 1,
                    text: json_text(&bytes).map(str::to_owned),
                },
            });
        }
    }
}
