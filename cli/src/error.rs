//! The error object of the contract: `{"error": {kind, message, path, line, column}}`.

use serde::Serialize;
use serde_json::error::Category;

/// Why an input could not be turned into a verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The input could not be read (missing file, unreadable stdin).
    Io,
    /// The input is not JSON (or not the text format it claims to be).
    Syntax,
    /// JSON of the wrong shape: wrong type, missing or unknown field.
    Shape,
    /// Well-formed, but a value is out of range or contradicts another.
    Invalid,
    /// A batch case envelope is wrong (unknown game or command, missing `input`).
    Case,
    /// A bug in `puzzles` itself; please report it.
    Internal,
}

/// One input's fault, as printed on stdout and summarised on stderr.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CaseError {
    pub kind: ErrorKind,
    pub message: String,
    /// JSON pointer to the faulty value, where the shape or a value is at fault.
    pub path: Option<String>,
    /// 1-based line and column, where the parser knows them.
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl CaseError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        CaseError {
            kind,
            message: message.into(),
            path: None,
            line: None,
            column: None,
        }
    }

    /// A value the engine rejected, at `path` inside the command's input.
    pub fn invalid(path: impl Into<String>, message: impl Into<String>) -> Self {
        CaseError {
            path: Some(path.into()),
            ..CaseError::new(ErrorKind::Invalid, message)
        }
    }

    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Line and column in a text format other than JSON (e.g. a `.non` file).
    pub fn at_line(mut self, line: usize, column: Option<usize>) -> Self {
        self.line = Some(line);
        self.column = column;
        self
    }

    /// Converts a serde_json failure; `path` is where serde_path_to_error saw it.
    pub fn from_json(err: &serde_json::Error, path: Option<String>) -> Self {
        let kind = match err.classify() {
            Category::Syntax | Category::Eof => ErrorKind::Syntax,
            Category::Data => ErrorKind::Shape,
            Category::Io => ErrorKind::Io,
        };
        let (line, column) = match err.line() {
            0 => (None, None),
            line => (Some(line), Some(err.column())),
        };
        // serde_json appends " at line L column C" to its message; we report those as fields.
        let full = err.to_string();
        let suffix = format!(" at line {} column {}", err.line(), err.column());
        let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
        let path = if kind == ErrorKind::Shape { path } else { None };
        CaseError {
            kind,
            message,
            path,
            line,
            column,
        }
    }

    /// The one human line for stderr: `<input>: <fault> (at /path, line L, column C)`.
    pub fn sentence(&self, input_name: &str) -> String {
        let mut place = Vec::new();
        if let Some(path) = self.path.as_deref().filter(|p| !p.is_empty()) {
            place.push(format!("at {path}"));
        }
        if let Some(line) = self.line {
            match self.column {
                Some(column) => place.push(format!("line {line}, column {column}")),
                None => place.push(format!("line {line}")),
            }
        }
        let place = if place.is_empty() {
            String::new()
        } else {
            format!(" ({})", place.join(", "))
        };
        format!("{input_name}: {}{place}", self.message)
    }
}

/// The stdout form of an error: `{"error": {...}}`.
#[derive(Debug, Serialize)]
pub struct ErrorDocument<'a> {
    pub error: &'a CaseError,
}
