//! The error object of the contract: `{"error": {kind, message, path, line, column}}`.

use serde::Serialize;
use serde_json::error::Category;

/// Why an input could not be turned into a verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The command line is wrong: unknown game or command, bad flag, no arguments.
    Usage,
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

impl ErrorKind {
    /// The contract's spelling (`"invalid"`), for reports that name the kind in text.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Usage => "usage",
            ErrorKind::Io => "io",
            ErrorKind::Syntax => "syntax",
            ErrorKind::Shape => "shape",
            ErrorKind::Invalid => "invalid",
            ErrorKind::Case => "case",
            ErrorKind::Internal => "internal",
        }
    }
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
            message: shorten_quotes(&message.into()),
            path: None,
            line: None,
            column: None,
        }
    }

    /// A value the engine rejected, at `path` inside the command's input.
    pub fn invalid(path: impl Into<String>, message: impl Into<String>) -> Self {
        CaseError {
            path: Some(shorten_quotes(&path.into())),
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
        let message = shorten_quotes(full.strip_suffix(&suffix).unwrap_or(&full));
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
        escape_controls(&format!("{input_name}: {}{place}", self.message))
    }
}

/// Quoted input longer than this many characters is cut in messages.
const QUOTE_KEEP: usize = 40;
/// No message is longer than this many characters, whatever it quotes.
const MESSAGE_MAX: usize = 1000;

/// Messages quote the input they reject (`guess "1a4" uses 'a'`, ``unknown field `gues` ``);
/// a 10 MB value must not become a 10 MB message. Every `"..."` or `` `...` `` run longer than
/// [`QUOTE_KEEP`] characters keeps its start and says how long it was, and the whole message
/// is capped at [`MESSAGE_MAX`] characters.
pub fn shorten_quotes(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    let mut out = String::with_capacity(message.len().min(MESSAGE_MAX * 4));
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        if c != '"' && c != '`' {
            continue;
        }
        // The quoted run: up to the matching quote (backslash escapes inside "..."), or the end.
        let start = i;
        while i < chars.len() && chars[i] != c {
            i += if c == '"' && chars[i] == '\\' { 2 } else { 1 };
        }
        let end = i.min(chars.len());
        let run = &chars[start..end];
        if run.len() > QUOTE_KEEP {
            out.extend(&run[..QUOTE_KEEP]);
            out.push('…');
        } else {
            out.extend(run);
        }
        if i < chars.len() {
            out.push(c);
            i += 1;
        }
        if run.len() > QUOTE_KEEP {
            out.push_str(&format!(" ({} characters)", run.len()));
        }
    }
    if out.chars().count() > MESSAGE_MAX {
        out = out.chars().take(MESSAGE_MAX).collect();
        out.push('…');
    }
    out
}

/// stderr gets one line per fault: newlines, escape sequences and other control characters
/// copied from the input are written as `\n`, `\u{1b}`, ... so they cannot break the line or
/// drive the terminal.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A game engine's rejection of a value (every game crate returns the same type): an
/// `invalid` error at the value's JSON pointer.
impl From<puzzles_common::InputError> for CaseError {
    fn from(err: puzzles_common::InputError) -> Self {
        CaseError::invalid(err.path, err.message)
    }
}

/// The stdout form of an error: `{"error": {...}}`.
#[derive(Debug, Serialize)]
pub struct ErrorDocument<'a> {
    pub error: &'a CaseError,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_names_are_the_serialized_spellings() {
        for kind in [
            ErrorKind::Usage,
            ErrorKind::Io,
            ErrorKind::Syntax,
            ErrorKind::Shape,
            ErrorKind::Invalid,
            ErrorKind::Case,
            ErrorKind::Internal,
        ] {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
        }
    }

    #[test]
    fn long_quotes_are_cut_and_measured() {
        let secret = "7".repeat(10_000_000);
        let err = CaseError::invalid("/secret", format!("secret {secret:?} is too long"));
        assert!(err.message.len() < 200, "{}", err.message.len());
        assert!(
            err.message
                .starts_with(&format!("secret \"{}…\"", "7".repeat(QUOTE_KEEP)))
        );
        assert!(
            err.message.ends_with("(10000000 characters) is too long"),
            "{}",
            err.message
        );
        let field = format!("unknown field `{}`, expected `rows`", "z".repeat(500));
        let short = shorten_quotes(&field);
        assert!(
            short.contains("…` (500 characters), expected `rows`"),
            "{short}"
        );
    }

    #[test]
    fn short_quotes_and_escapes_are_kept() {
        let text = r#"guess "1a4" uses 'a', "a\"b" and `x`"#;
        assert_eq!(shorten_quotes(text), text);
        assert_eq!(shorten_quotes("unclosed \"abc"), "unclosed \"abc");
        let long = "x".repeat(5000);
        assert_eq!(shorten_quotes(&long).chars().count(), MESSAGE_MAX + 1);
    }

    #[test]
    fn sentences_escape_control_characters() {
        let err = CaseError::new(ErrorKind::Shape, "unknown field `a\nb\u{1b}[31m`");
        let sentence = err.sentence("in\tput");
        assert_eq!(sentence, "in\\tput: unknown field `a\\nb\\u{1b}[31m`");
        assert!(!sentence.chars().any(char::is_control));
    }
}
