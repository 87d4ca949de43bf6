//! Reading the cases of case files as a stream: a `.json` file is one case, a `.jsonl` file
//! one case per non-blank line, read a line at a time so a file of any size needs memory for
//! only the cases in flight, and a bad line (not UTF-8, say) spoils only itself.
//!
//! Each case gets its id here: `file#name` for a case with a `"name"`, else `file:line` for
//! a line of a `.jsonl` file and `file` for a `.json` file. Names are unique within a file:
//! a name met again makes that case invalid, naming both lines.

use std::collections::HashMap;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::sync::Arc;

use super::discover::{CaseFile, Found, Selection, printed};
use crate::error::{CaseError, ErrorKind};
use crate::files::{open_regular, read_line, read_regular};
use crate::run::{UTF8_BOM, json_text};
use crate::source::member;
use crate::source::place;

/// One case to run, as read from its file.
#[derive(Debug)]
pub struct Case {
    /// `file#name`, `file:line` or `file`, as printed in the output's `case`.
    pub id: String,
    /// The case's `"name"`, when it has a valid one.
    pub name: Option<String>,
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

/// Names longer than this are refused: an id is printed in every report and typed back.
const NAME_MAX_CHARS: usize = 100;

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

    /// The id of a case of `file` at `line`, unnamed.
    fn unnamed_id(file: &str, line: Option<usize>) -> String {
        match line {
            Some(line) => format!("{file}:{line}"),
            None => file.to_string(),
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
        let mut case = Case {
            id: Case::unnamed_id(file, Some(number)),
            name: None,
            file: file.clone(),
            line: number,
            offset: offset + leading,
            found,
            text,
        };
        case.read_name(Some(number));
        Some(case)
    }

    /// Takes the case's `"name"` into its id (`file#name`); a name that is no string is left
    /// to the envelope's reading, a string that cannot be a name makes the case invalid.
    fn read_name(&mut self, line: Option<usize>) {
        let Ok(text) = &self.text else { return };
        // Most cases have no name: one substring search, no scan of the members.
        if !text.contains("\"name\"") {
            return;
        }
        // A JSON file that is no case (`{"name": "site", ...}`) keeps its plain id.
        let Some(raw) = member(text, "name").filter(|_| member(text, "game").is_some()) else {
            return;
        };
        let Ok(name) = serde_json::from_str::<String>(raw) else {
            return;
        };
        match name_fault(&name) {
            None => {
                self.id = format!("{}#{name}", self.file);
                self.name = Some(name);
            }
            Some(fault) => {
                let err = CaseError::new(ErrorKind::Case, format!("\"name\" {fault}")).at("/name");
                self.text = Err(place(err, text, (line.unwrap_or(1), 1)));
            }
        }
    }
}

/// Why `name` cannot name a case, if it cannot.
fn name_fault(name: &str) -> Option<String> {
    if name.is_empty() {
        Some("is empty; a name is a short text, unique in its file".into())
    } else if name.chars().count() > NAME_MAX_CHARS {
        Some(format!("is longer than {NAME_MAX_CHARS} characters"))
    } else if name.chars().any(char::is_control) {
        Some("holds a control character".into())
    } else if name.trim() != name {
        Some("starts or ends with a space".into())
    } else {
        None
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
    /// The cases asked for that are still to come (`None`: every case).
    wanted: Option<Selection>,
    /// The line of each name met so far.
    names: HashMap<String, usize>,
}

impl OpenLines {
    /// Whether the selection is met and the rest of the file can be left unread.
    fn done(&self) -> bool {
        self.wanted
            .as_ref()
            .is_some_and(|w| w.lines.is_empty() && w.names.is_empty())
    }

    /// Checks the name of `case` against the names met before, and whether the selection
    /// wants it.
    fn take(&mut self, mut case: Case) -> Option<Case> {
        if let Some(name) = case.name.clone() {
            match self.names.get(&name) {
                Some(&first) => {
                    let message = format!(
                        "\"name\" {name:?} is also the name of line {first} of {}; names are unique within a file",
                        self.name
                    );
                    let err = CaseError::new(ErrorKind::Case, message).at("/name");
                    case.text = Err(err.at_line(case.line, None));
                    case.id = Case::unnamed_id(&self.name, Some(case.line));
                    case.name = None;
                }
                None => {
                    self.names.insert(name, case.line);
                }
            }
        }
        let Some(wanted) = &mut self.wanted else {
            return Some(case);
        };
        let by_line = wanted.lines.remove(&case.line);
        let by_name = case.name.as_ref().is_some_and(|n| wanted.names.remove(n));
        (by_line || by_name).then_some(case)
    }
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
            if open.done() {
                self.open = None;
                return None;
            }
            self.buffer.clear();
            let read = read_line(&mut open.reader, &mut self.buffer);
            let number = open.line + 1;
            match read {
                Ok(0) => {
                    if let Some(open) = self.open.take() {
                        let wanted = open.wanted.unwrap_or_default();
                        for line in wanted.lines {
                            self.missing.push(no_such_line(&open.name, line, open.line));
                        }
                        for name in wanted.names {
                            self.missing.push(no_such_name(&open.name, &name));
                        }
                    }
                    return None;
                }
                Err(err) => {
                    let err = CaseError::new(ErrorKind::Io, format!("cannot read the file: {err}"));
                    let failed = Case {
                        id: Case::unnamed_id(&open.name, Some(number)),
                        name: None,
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
                    let bytes = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
                    match Case::from_line(&open.name, open.found, number, offset, bytes) {
                        Some(case) => {
                            if let Some(case) = open.take(case) {
                                return Some(case);
                            }
                        }
                        None => {
                            if let Some(wanted) = &mut open.wanted
                                && wanted.lines.remove(&number)
                            {
                                return Some(no_such_line(&open.name, number, 0));
                            }
                        }
                    }
                }
            }
        }
    }

    /// The case of a `.json` file, if the selection wants it (the ids it does not have are
    /// left in `self.missing`).
    fn whole_file(
        &mut self,
        path: &Path,
        name: &Arc<str>,
        wanted: Option<Selection>,
        found: Found,
    ) -> Option<Case> {
        let mut case = match read_regular(path, None) {
            Err(err) => unreadable(name, found, &err),
            Ok(bytes) => {
                let bom = if bytes.starts_with(b"\xEF\xBB\xBF") {
                    3
                } else {
                    0
                };
                Case {
                    id: name.to_string(),
                    name: None,
                    file: name.clone(),
                    line: 1,
                    offset: bom,
                    found,
                    text: json_text(&bytes).map(str::to_owned),
                }
            }
        };
        case.read_name(None);
        let Some(mut wanted) = wanted else {
            return Some(case);
        };
        let by_line = wanted.lines.remove(&1);
        let by_name = case.name.as_ref().is_some_and(|n| wanted.names.remove(n));
        let lines_in_file = 1;
        let mut missing: Vec<Case> = wanted
            .lines
            .into_iter()
            .map(|line| no_such_line(name, line, lines_in_file))
            .collect();
        missing.extend(wanted.names.iter().map(|n| no_such_name(name, n)));
        missing.reverse();
        self.missing = missing;
        (by_line || by_name).then_some(case)
    }
}

fn unreadable(name: &Arc<str>, found: Found, err: &std::io::Error) -> Case {
    Case {
        id: name.to_string(),
        name: None,
        file: name.clone(),
        line: 1,
        offset: 0,
        found,
        text: Err(CaseError::new(
            ErrorKind::Io,
            format!("cannot read the file: {err}"),
        )),
    }
}

/// The case of an id whose line holds no case: blank (`lines_in_file` 0) or past the end.
fn no_such_line(file: &Arc<str>, line: usize, lines_in_file: usize) -> Case {
    let why = if lines_in_file == 0 {
        format!("line {line} of {file} is blank")
    } else {
        format!("{file} has no line {line} (it has {lines_in_file})")
    };
    no_such_case(file, &format!("{file}:{line}"), line, &why)
}

/// The case of an id `file#name` that no case of the file has.
fn no_such_name(file: &Arc<str>, name: &str) -> Case {
    let why = format!("no case of {file} has the name {name:?}");
    no_such_case(file, &format!("{file}#{name}"), 1, &why)
}

fn no_such_case(file: &Arc<str>, id: &str, line: usize, why: &str) -> Case {
    let message = format!(
        "no case {id}: {why}; a case id is a path, path:line for a .jsonl line, or path#name, as a batch prints it"
    );
    Case {
        id: id.to_string(),
        name: None,
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
            let CaseFile {
                path,
                selection,
                found,
            } = self.files.next()?;
            let name: Arc<str> = Arc::from(printed(&path));
            if path.extension().is_some_and(|e| e == "jsonl") {
                match open_regular(&path) {
                    Ok(file) => {
                        self.open = Some(OpenLines {
                            name,
                            reader: BufReader::with_capacity(1 << 16, file),
                            found,
                            line: 0,
                            offset: 0,
                            wanted: selection,
                            names: HashMap::new(),
                        });
                    }
                    Err(err) => return Some(unreadable(&name, found, &err)),
                }
                continue;
            }
            if let Some(case) = self.whole_file(&path, &name, selection, found) {
                return Some(case);
            }
        }
    }
}
