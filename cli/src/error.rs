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
        CaseError::new(ErrorKind::Invalid, message).at(path)
    }

    /// The error at `path`, a JSON pointer (its long keys cut: see [`shorten_path`]).
    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = Some(shorten_path(&path.into()));
        self
    }

    /// A bug in `puzzles` itself.
    pub fn internal(message: impl Into<String>) -> Self {
        CaseError::new(ErrorKind::Internal, message)
    }

    /// Line and column in a text format other than JSON (e.g. a `.non` file).
    pub fn at_line(mut self, line: usize, column: Option<usize>) -> Self {
        self.line = Some(line);
        self.column = column;
        self
    }

    /// Converts a serde_json failure; `path` is where serde_path_to_error saw it.
    pub fn from_json(err: &serde_json::Error, path: Option<String>) -> Self {
        // serde_json says "trailing characters" both for text after the whole value and for
        // a fixed-length array (`"at": [0, 0, 0]`) with more items than it takes; the second
        // is well-formed JSON of the wrong shape, and only it has a path inside the value.
        let too_many_items = err.classify() == Category::Syntax
            && path.as_deref().is_some_and(|p| !p.is_empty())
            && err.to_string().starts_with("trailing characters");
        let kind = match err.classify() {
            _ if too_many_items => ErrorKind::Shape,
            Category::Syntax | Category::Eof => ErrorKind::Syntax,
            Category::Data => ErrorKind::Shape,
            Category::Io => ErrorKind::Io,
        };
        // serde_json counts columns from 1 but says column 0 just after a newline (the text
        // ends there, as in `{"rows":` and a line feed); the contract's columns are 1-based,
        // and that place is the first column of the new line.
        let (line, column) = match err.line() {
            0 => (None, None),
            line => (Some(line), Some(err.column().max(1))),
        };
        // serde_json appends " at line L column C" to its message; we report those as fields.
        let full = err.to_string();
        let suffix = format!(" at line {} column {}", err.line(), err.column());
        let message = full.strip_suffix(&suffix).unwrap_or(&full);
        let message = match kind {
            _ if too_many_items => "the array has more items than this field takes".to_string(),
            ErrorKind::Shape => shorten_quotes(&plain_words(message)),
            ErrorKind::Syntax => syntax_words(message).to_string(),
            _ => shorten_quotes(message),
        };
        let path = if kind == ErrorKind::Shape {
            path.map(|p| shorten_path(&p))
        } else {
            None
        };
        CaseError {
            kind,
            message,
            path,
            line,
            column,
        }
    }

    /// The one human line for stderr: `<input>: <fault> (at /path, line L, column C)`, or
    /// without `<input>: ` when `input_name` is empty.
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
        let subject = if input_name.is_empty() {
            String::new()
        } else {
            format!("{input_name}: ")
        };
        escape_controls(&format!("{subject}{}{place}", self.message))
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

/// A JSON pointer as the error object prints it: a key longer than [`QUOTE_KEEP`]
/// characters keeps its start and ends with `…`, so a 1 MB unknown key cannot make a 1 MB
/// path (in the error object, on stderr, in reports).
pub fn shorten_path(path: &str) -> String {
    if path.len() <= QUOTE_KEEP {
        return path.to_string();
    }
    let segments: Vec<String> = path
        .split('/')
        .map(|segment| {
            if segment.chars().count() > QUOTE_KEEP {
                let kept: String = segment.chars().take(QUOTE_KEEP).collect();
                format!("{kept}…")
            } else {
                segment.to_string()
            }
        })
        .collect();
    segments.join("/")
}

/// serde's wording of a shape fault (`invalid type: string "x", expected u64`) in a user's
/// words (`expected a whole number >= 0, found a string "x"`). Messages serde did not write
/// are kept as they are.
pub fn plain_words(message: &str) -> String {
    let parts = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        .and_then(|rest| rest.rsplit_once(", expected "));
    if let Some((found, expected)) = parts {
        return format!(
            "expected {}, found {}",
            expected_words(expected),
            found_words(found)
        );
    }
    if let Some((length, expected)) = message
        .strip_prefix("invalid length ")
        .and_then(|rest| rest.split_once(", expected "))
    {
        let found = match length.parse::<usize>() {
            Ok(n) => format!("{} {}", n, if n == 1 { "item" } else { "items" }),
            Err(_) => length.to_string(),
        };
        return format!("expected {}, found {found}", expected_words(expected));
    }
    message.to_string()
}

/// serde_json's syntax messages in words for someone who is not reading its source: what is
/// wrong at the reported line and column. Messages not listed here are already plain.
fn syntax_words(message: &str) -> &str {
    match message {
        "expected ident" => "not JSON: a word outside quotes must be true, false or null",
        "expected value" => {
            "not JSON: expected a value (an object, array, string, number, true, false or null)"
        }
        "EOF while parsing a value" => "the text ends where a JSON value should be",
        "EOF while parsing a string" => "the text ends inside a string: a closing `\"` is missing",
        "EOF while parsing an object" => "the text ends inside an object: a `}` is missing",
        "EOF while parsing a list" => "the text ends inside an array: a `]` is missing",
        "key must be a string" => "an object key must be a string in double quotes",
        "trailing characters" => "more text after the JSON value",
        "trailing comma" => "a comma before a closing bracket (JSON allows no trailing comma)",
        "expected `:`" => "expected `:` after an object key",
        "expected `,` or `}`" => "expected `,` or `}` after a value in an object",
        "expected `,` or `]`" => "expected `,` or `]` after a value in an array",
        "control character (\\u0000-\\u001F) found while parsing a string" => {
            "a control character inside a string must be escaped (as \\n, \\t or \\u00XX)"
        }
        "recursion limit exceeded" => "nested deeper than 128 arrays and objects",
        other => other,
    }
}

/// What serde expected, said the JSON way.
fn expected_words(expected: &str) -> String {
    let words = match expected {
        "u8" => "a whole number from 0 to 255",
        "u16" => "a whole number from 0 to 65535",
        "u32" => "a whole number from 0 to 4294967295",
        "u64" | "usize" | "u128" => "a whole number >= 0",
        "i8" | "i16" | "i32" | "i64" | "isize" | "i128" => "a whole number",
        "f32" | "f64" => "a number",
        "a sequence" | "sequence" => "an array",
        "a map" | "map" => "an object",
        "a string" | "a borrowed string" | "string" => "a string",
        "a boolean" | "bool" => "true or false",
        "unit" => "null",
        "a character" | "char" => "a single character",
        other => {
            if other.starts_with("struct ") || other.starts_with("a map") {
                return "an object".to_string();
            }
            let items = other
                .strip_prefix("an array of length ")
                .or_else(|| other.strip_prefix("a tuple of size "))
                .or_else(|| other.strip_prefix("tuple of size "))
                .and_then(|n| n.parse::<usize>().ok());
            if let Some(n) = items {
                let item = if n == 1 { "item" } else { "items" };
                return format!("an array of {n} {item}");
            }
            other
        }
    };
    words.to_string()
}

/// What serde found, said the JSON way (`string "x"` -> `a string "x"`).
fn found_words(found: &str) -> String {
    let quoted = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .map(|v| v.trim_matches('`').to_string())
    };
    if let Some(text) = found.strip_prefix("string ") {
        return format!("a string {text}");
    }
    if let Some(n) = quoted("integer ").or_else(|| quoted("floating point ")) {
        return format!("the number {n}");
    }
    if let Some(b) = quoted("boolean ") {
        return b;
    }
    match found {
        "map" => "an object",
        "sequence" => "an array",
        "unit value" | "null" => "null",
        other => other,
    }
    .to_string()
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

    /// Every syntax fault serde_json reports by a name of its own comes out in words.
    #[test]
    fn syntax_faults_are_said_in_words() {
        let cases = [
            ("nope", "not JSON: a word outside quotes", 2),
            ("{\"a\": tru}", "not JSON: a word outside quotes", 10),
            ("{\"a\": }", "not JSON: expected a value", 7),
            ("{\"a\": ", "the text ends where a JSON value should be", 6),
            // Just after a newline serde_json says column 0; the contract counts from 1.
            ("{\"a\":\n", "the text ends where a JSON value should be", 1),
            ("\"abc", "the text ends inside a string", 4),
            ("{\"a\": 1", "the text ends inside an object", 7),
            ("[1, 2", "the text ends inside an array", 5),
            ("{not json", "an object key must be a string", 2),
            ("{} x", "more text after the JSON value", 4),
            ("[1, ]", "a comma before a closing bracket", 5),
            ("{\"a\" 1}", "expected `:` after an object key", 6),
            ("{\"a\": 1 2}", "expected `,` or `}`", 9),
            ("[1 2]", "expected `,` or `]`", 4),
            (
                "\"a\u{1}b\"",
                "a control character inside a string must be escaped",
                3,
            ),
            (&"[".repeat(200), "nested deeper than 128", 128),
        ];
        for (text, words, column) in cases {
            let err = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
            let err = CaseError::from_json(&err, None);
            assert_eq!(err.kind, ErrorKind::Syntax, "{text}");
            assert!(err.message.starts_with(words), "{text}: {}", err.message);
            assert_eq!(err.column, Some(column), "{text}: {}", err.message);
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
    fn serde_messages_speak_json() {
        for (serde, plain) in [
            (
                "invalid type: string \"123\", expected u64",
                "expected a whole number >= 0, found a string \"123\"",
            ),
            (
                "invalid type: map, expected a string",
                "expected a string, found an object",
            ),
            (
                "invalid value: integer `-1`, expected u32",
                "expected a whole number from 0 to 4294967295, found the number -1",
            ),
            (
                "invalid type: sequence, expected struct SolveInput",
                "expected an object, found an array",
            ),
            (
                "invalid type: null, expected a boolean",
                "expected true or false, found null",
            ),
            (
                "invalid length 3, expected an array of length 2",
                "expected an array of 2 items, found 3 items",
            ),
            (
                "invalid length 1, expected an array of length 2",
                "expected an array of 2 items, found 1 item",
            ),
            ("missing field `guess`", "missing field `guess`"),
        ] {
            assert_eq!(plain_words(serde), plain, "{serde}");
        }
    }

    #[test]
    fn long_keys_are_cut_in_paths() {
        let key = "k".repeat(1_000_000);
        let err = CaseError::new(ErrorKind::Shape, "x").at(format!("/a/{key}/0"));
        let path = err.path.unwrap();
        assert_eq!(path, format!("/a/{}…/0", "k".repeat(QUOTE_KEEP)));
        assert_eq!(shorten_path("/rows/3/1"), "/rows/3/1");
    }

    #[test]
    fn sentences_escape_control_characters() {
        let err = CaseError::new(ErrorKind::Shape, "unknown field `a\nb\u{1b}[31m`");
        let sentence = err.sentence("in\tput");
        assert_eq!(sentence, "in\\tput: unknown field `a\\nb\\u{1b}[31m`");
        assert!(!sentence.chars().any(char::is_control));
    }
}
