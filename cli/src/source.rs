//! Turning a command's input (text from a file, or a value inside a batch case) into its typed
//! Rust input, with the JSON pointer and line/column of any fault.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::Segment;

use crate::error::{CaseError, ErrorKind};

/// Where a command's input comes from.
#[derive(Debug)]
pub enum Source<'a> {
    /// JSON text; `origin` is the 1-based line and column of its first character in the
    /// file it was cut from, so errors point into that file. `timeout` (from `--timeout`)
    /// replaces the input's `timeout_ms` once the text has parsed as it is.
    Text {
        text: &'a str,
        origin: (usize, usize),
        timeout: Option<u64>,
    },
    /// An already parsed value (a `.non` or XML file turned into the command's JSON input).
    Value(Value),
}

impl<'a> Source<'a> {
    #[cfg(test)]
    pub fn text(text: &'a str) -> Self {
        Source::Text {
            text,
            origin: (1, 1),
            timeout: None,
        }
    }

    /// The JSON text and its origin, for placing an engine's error in it.
    pub fn text_and_origin(&self) -> Option<(&'a str, (usize, usize))> {
        match self {
            Source::Text { text, origin, .. } => Some((text, *origin)),
            Source::Value(_) => None,
        }
    }

    /// Deserializes the input: one JSON object and nothing after it. With a `timeout`, the
    /// text is parsed exactly as without one (same faults, same positions), then the limit
    /// is put in.
    pub fn parse<T: DeserializeOwned>(self) -> Result<T, CaseError> {
        match self {
            Source::Text {
                text,
                origin,
                timeout,
            } => {
                expect_object(text).map_err(|e| shift(e, origin))?;
                let value = from_text(text).map_err(|e| shift(e, origin))?;
                match timeout {
                    None => Ok(value),
                    Some(ms) => {
                        let mut edited: Value = serde_json::from_str(text)
                            .map_err(|e| shift(CaseError::from_json(&e, None), origin))?;
                        if let Some(object) = edited.as_object_mut() {
                            object.insert("timeout_ms".into(), timeout_value(ms));
                        }
                        serde_path_to_error::deserialize(edited)
                            .map_err(|e| place(from_path_error(e), text, origin))
                    }
                }
            }
            Source::Value(value) => {
                if !value.is_object() {
                    return Err(not_an_object(json_type(&value)));
                }
                serde_path_to_error::deserialize(value).map_err(from_path_error)
            }
        }
    }
}

/// The `timeout_ms` that `--timeout MS` stands for: `--timeout 0` is no limit (`null`), as
/// for `timeout(1)`; any other value that many milliseconds.
pub fn timeout_value(ms: u64) -> Value {
    if ms == 0 { Value::Null } else { ms.into() }
}

/// Deserializes the one JSON value of `text` (nothing may follow it). Good input, the common
/// case, goes through serde_json alone; only a failure is parsed again with path tracking
/// to name the faulty value, since tracking costs an allocation per field read.
pub fn from_text<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, CaseError> {
    no_repeated_keys(text)?;
    let mut de = serde_json::Deserializer::from_str(text);
    if let Ok(value) = T::deserialize(&mut de).and_then(|value| de.end().map(|()| value)) {
        return Ok(value);
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| at_value_start(e, text))?;
    de.end().map_err(|e| CaseError::from_json(&e, None))?;
    Ok(value)
}

/// A shape fault placed where the faulty value starts: serde reports the place where it
/// stopped reading (after `123` in `"secret": 123`), the contract the value's first character.
fn at_value_start(err: serde_path_to_error::Error<serde_json::Error>, text: &str) -> CaseError {
    let full_pointer = pointer(err.path().iter());
    let mut error = from_path_error(err);
    if error.kind == ErrorKind::Shape
        && let Some(offset) = locate(text, &full_pointer)
    {
        let (line, column) = position(text, offset);
        error.line = Some(line);
        error.column = Some(column);
    }
    error
}

/// A key repeated in an object, anywhere in `text`, is a `shape` error at the repeated
/// member, placed at its second value. serde keeps the last value of a repeated key where it
/// reads a map (an `expect`, a `Value`), so `{"strikes": 9, "strikes": 8}` would mean 8 to
/// the judge and 9 to a person or a tool that reads the first; no input of ours repeats a
/// key on purpose.
pub fn no_repeated_keys(text: &str) -> Result<(), CaseError> {
    match crate::repeated_keys::first(text) {
        None => Ok(()),
        Some((pointer, offset, key)) => {
            let (line, column) = position(text, offset);
            let message = format!("duplicate field `{key}`");
            Err(CaseError::new(ErrorKind::Shape, message)
                .at(pointer)
                .at_line(line, Some(column)))
        }
    }
}

/// Every input and every batch case is a JSON object: serde would also read a struct from an
/// array (`["123", "134"]` as a judge input), which no user means.
pub fn expect_object(text: &str) -> Result<(), CaseError> {
    let at = skip_blanks(text.as_bytes(), 0);
    let found = match text.as_bytes().get(at) {
        None => {
            let err = CaseError::new(ErrorKind::Syntax, "empty input: expected one JSON object");
            return Err(err);
        }
        Some(b'{') => return Ok(()),
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        Some(b'-' | b'0'..=b'9') => "a number",
        // Not JSON at all: the parser's own message says where and why.
        Some(_) => return Ok(()),
    };
    // `this is not json` starts like `true`, `[oops` like an array: only JSON text that
    // parses is a value of the wrong shape; anything else is a syntax error.
    let mut de = serde_json::Deserializer::from_str(text);
    if let Err(err) = serde::de::IgnoredAny::deserialize(&mut de).and_then(|_| de.end()) {
        return Err(CaseError::from_json(&err, None));
    }
    let (line, column) = position(text, at);
    Err(not_an_object(found).at("").at_line(line, Some(column)))
}

fn not_an_object(found: &str) -> CaseError {
    CaseError::new(
        ErrorKind::Shape,
        format!("expected a JSON object, found {found}"),
    )
    .at("")
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub fn from_path_error(err: serde_path_to_error::Error<serde_json::Error>) -> CaseError {
    let pointer = pointer(err.path().iter());
    CaseError::from_json(err.inner(), Some(pointer))
}

/// Moves a position relative to a fragment to the position in the whole file.
pub fn shift(mut err: CaseError, (line0, col0): (usize, usize)) -> CaseError {
    if let Some(line) = err.line {
        if line == 1 {
            err.column = err.column.map(|c| c + col0 - 1);
        }
        err.line = Some(line + line0 - 1);
    }
    err
}

/// RFC 6901 JSON pointer of a serde_path_to_error path.
pub fn pointer<'p>(segments: impl Iterator<Item = &'p Segment>) -> String {
    let mut out = String::new();
    for segment in segments {
        match segment {
            Segment::Seq { index } => {
                out.push('/');
                out.push_str(&index.to_string());
            }
            Segment::Map { key } | Segment::Enum { variant: key } => {
                out.push('/');
                out.push_str(&key.replace('~', "~0").replace('/', "~1"));
            }
            Segment::Unknown => {}
        }
    }
    out
}

/// Gives an engine's error (a JSON pointer, no position) the line and column of the value
/// it points at in `text`, the input as it was read (`origin`: see [`Source::Text`]).
pub fn place(mut err: CaseError, text: &str, origin: (usize, usize)) -> CaseError {
    if err.line.is_some() {
        return err;
    }
    let Some(offset) = err.path.as_deref().and_then(|p| locate(text, p)) else {
        return err;
    };
    let (line, column) = position(text, offset);
    err.line = Some(line);
    err.column = Some(column);
    shift(err, origin)
}

/// Byte offset of the value that an RFC 6901 JSON pointer names in JSON `text`; `None` when
/// the text is not JSON of that shape. (serde_json keeps no positions in its values, so the
/// path is walked over the text itself.)
pub fn locate(text: &str, pointer: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = skip_blanks(b, 0);
    if pointer.is_empty() {
        return Some(i);
    }
    for token in pointer.strip_prefix('/')?.split('/') {
        let key = token.replace("~1", "/").replace("~0", "~");
        match *b.get(i)? {
            b'{' => i = member_value(text, i, &key)?,
            b'[' => {
                let index: usize = key.parse().ok()?;
                i = skip_blanks(b, i + 1);
                for _ in 0..index {
                    i = skip_blanks(b, skip_value(b, i)?);
                    if *b.get(i)? != b',' {
                        return None;
                    }
                    i = skip_blanks(b, i + 1);
                }
                if *b.get(i)? == b']' {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(i)
}

/// Byte offset of the value of the first member named `key` of the JSON object that starts
/// at byte `start` of `text`; `None` when there is no such member.
fn member_value(text: &str, start: usize, key: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = start + 1;
    loop {
        i = skip_blanks(b, i);
        let end = skip_value(b, i)?;
        let name: String = serde_json::from_str(text.get(i..end)?).ok()?;
        i = skip_blanks(b, end);
        if *b.get(i)? != b':' {
            return None;
        }
        i = skip_blanks(b, i + 1);
        if name == key {
            return Some(i);
        }
        i = skip_blanks(b, skip_value(b, i)?);
        if *b.get(i)? != b',' {
            return None;
        }
        i += 1;
    }
}

/// The first offset at or after `i` that is not JSON whitespace (space, tab, CR, LF).
pub fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// End offset of the JSON value starting at `i` (strings, arrays and objects are matched;
/// numbers and literals run to the next delimiter). Structure only: whether the value is
/// valid JSON is for a parser to say.
pub fn skip_value(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match *b.get(i)? {
            b'"' => {
                i += 1;
                loop {
                    match *b.get(i)? {
                        b'\\' => i += 2,
                        b'"' => break,
                        _ => i += 1,
                    }
                }
                i += 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'{' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b']' => {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b',' | b':' if depth == 0 => return Some(i),
            b' ' | b'\t' | b'\n' | b'\r' if depth == 0 => return Some(i),
            _ => i += 1,
        }
    }
}

/// The text of the value of `key` among the top-level members of the object `text` (the
/// first one, when repeated); `None` when `text` is no object or has no such key. A scan of
/// the members' structure only: the value is not checked as JSON.
pub fn member<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let bytes = text.as_bytes();
    let mut at = skip_blanks(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    at += 1;
    loop {
        at = skip_blanks(bytes, at);
        if bytes.get(at) != Some(&b'"') {
            return None;
        }
        let key_end = skip_value(bytes, at)?;
        let found = &text[at + 1..key_end - 1];
        at = skip_blanks(bytes, key_end);
        if bytes.get(at) != Some(&b':') {
            return None;
        }
        let start = skip_blanks(bytes, at + 1);
        let end = skip_value(bytes, start).filter(|&end| end > start)?;
        if found == key {
            return Some(&text[start..end]);
        }
        at = skip_blanks(bytes, end);
        match bytes.get(at) {
            Some(b',') => at += 1,
            _ => return None,
        }
    }
}

/// 1-based line and column of byte `offset` in `text`.
pub fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rfind('\n')
        .map_or(before.len(), |nl| before.len() - nl - 1)
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_walks_pointers_over_the_text() {
        let text = "{\"a\": [1, {\"b~/\": \"x,]\\\"\"}, [2, 3]],\n \"c\": {\"d\": true}}";
        let at = |p: &str| locate(text, p).map(|o| &text[o..]);
        assert!(at("").unwrap().starts_with("{\"a\""));
        assert!(at("/a").unwrap().starts_with("[1, {"));
        assert!(at("/a/0").unwrap().starts_with("1, {"));
        assert!(at("/a/1/b~0~1").unwrap().starts_with("\"x,]"));
        assert!(at("/a/2/1").unwrap().starts_with("3]]"));
        assert!(at("/c/d").unwrap().starts_with("true}"));
        assert_eq!(position(text, locate(text, "/c/d").unwrap()), (2, 13));
        for missing in ["/z", "/a/3", "/a/x", "/c/d/e", "a"] {
            assert_eq!(locate(text, missing), None, "{missing}");
        }
        assert_eq!(locate("[1, 2", "/5"), None);
    }

    #[test]
    fn engine_errors_get_the_position_of_their_path() {
        let err = place(
            CaseError::invalid("/rows/1", "bad"),
            "{\"rows\": [[1],\n  [9]]}",
            (3, 5),
        );
        assert_eq!((err.line, err.column), (Some(4), Some(3)));
        let err = place(CaseError::invalid("", "totals"), "  {}", (1, 1));
        assert_eq!((err.line, err.column), (Some(1), Some(3)));
        let err = place(CaseError::invalid("/nope", "x"), "{}", (1, 1));
        assert_eq!(err.line, None);
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        rows: Vec<Vec<u32>>,
    }

    #[test]
    fn shape_error_has_pointer_and_position() {
        let err = Source::text("{\"rows\": [[1], [2, -1]]}")
            .parse::<Sample>()
            .unwrap_err();
        assert_eq!(err.path.as_deref(), Some("/rows/1/1"));
        // Where `-1` starts (serde stops reading after it, at column 22).
        assert_eq!((err.line, err.column), (Some(1), Some(20)));
        assert_eq!(err.kind, crate::error::ErrorKind::Shape);
        assert_eq!(
            err.message,
            "expected a whole number from 0 to 4294967295, found the number -1"
        );
    }

    /// A repeated key is named where it repeats, also inside nested objects, and a key
    /// spelled with an escape (`"r\u006fws"`) is the same key.
    #[test]
    fn repeated_key_is_placed_at_its_second_value() {
        let err = Source::text("{\"rows\": [[1]],\n \"rows\": [[2]]}")
            .parse::<Sample>()
            .unwrap_err();
        assert_eq!(err.message, "duplicate field `rows`");
        assert_eq!(err.path.as_deref(), Some("/rows"));
        assert_eq!((err.line, err.column), (Some(2), Some(10)));

        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Outer {
            cases: Vec<Sample>,
        }
        let text = "{\"cases\": [{\"rows\": []}, {\"rows\": [], \"r\\u006fws\": [[3]]}]}";
        let err = Source::text(text).parse::<Outer>().unwrap_err();
        assert_eq!(err.path.as_deref(), Some("/cases/1/rows"));
        let offset = text.find("[[3]]").unwrap();
        assert_eq!((err.line, err.column), (Some(1), Some(offset + 1)));
    }

    /// Text that is not JSON is a syntax error even when it starts like a JSON value of the
    /// wrong shape (`this` like `true`, `[oops` like an array).
    #[test]
    fn not_json_is_a_syntax_error_whatever_its_first_character() {
        for text in [
            "this is not json",
            "nope",
            "[oops",
            "\"unterminated",
            "fals",
            "-x",
        ] {
            let err = Source::text(text).parse::<Sample>().unwrap_err();
            assert_eq!(err.kind, crate::error::ErrorKind::Syntax, "{text}: {err:?}");
        }
        for text in ["[1]", "\"s\"", "null", "true", "-1"] {
            let err = Source::text(text).parse::<Sample>().unwrap_err();
            assert_eq!(err.kind, crate::error::ErrorKind::Shape, "{text}: {err:?}");
        }
    }

    #[test]
    fn unknown_field_is_named() {
        let err = Source::text("{\"rows\": [], \"colz\": []}")
            .parse::<Sample>()
            .unwrap_err();
        assert!(
            err.message.contains("unknown field `colz`"),
            "{}",
            err.message
        );
    }

    #[test]
    fn syntax_error_and_trailing_text() {
        let err = Source::text("{\"rows\": [}").parse::<Sample>().unwrap_err();
        assert_eq!(err.kind, crate::error::ErrorKind::Syntax);
        assert_eq!(err.path, None);
        let err = Source::text("{\"rows\": []} x")
            .parse::<Sample>()
            .unwrap_err();
        assert_eq!(err.kind, crate::error::ErrorKind::Syntax);
        assert_eq!(err.column, Some(14));
    }

    /// A fixed-length array with an item too many is well-formed JSON of the wrong shape,
    /// though serde_json calls it "trailing characters" like text after the whole value.
    #[test]
    fn an_array_too_long_for_its_field_is_a_shape_fault_at_its_path() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Move {
            at: [i64; 2],
        }
        let text = "{\"at\": [0, 0, 7]}";
        let err = Source::text(text).parse::<Move>().unwrap_err();
        assert_eq!(err.kind, crate::error::ErrorKind::Shape, "{err:?}");
        assert_eq!(err.path.as_deref(), Some("/at"));
        assert_eq!(
            err.message,
            "the array has more items than this field takes"
        );
        assert_eq!(
            (err.line, err.column),
            (Some(1), Some(8)),
            "where the array starts"
        );
        let err = Source::text("{\"at\": [0, 0]} 7")
            .parse::<Move>()
            .unwrap_err();
        assert_eq!(
            err.kind,
            crate::error::ErrorKind::Syntax,
            "text after the value"
        );
        assert_eq!(err.path, None);
    }

    #[test]
    fn fragment_positions_are_shifted_to_the_file() {
        let src = Source::Text {
            text: "{\"rows\": [[x]]}",
            origin: (3, 10),
            timeout: None,
        };
        let err = src.parse::<Sample>().unwrap_err();
        assert_eq!((err.line, err.column), (Some(3), Some(10 + 11)));
    }

    #[test]
    fn pointer_escapes_and_position_counts_lines() {
        let segs = [
            Segment::Map {
                key: "a/b~c".into(),
            },
            Segment::Seq { index: 2 },
        ];
        assert_eq!(pointer(segs.iter()), "/a~1b~0c/2");
        assert_eq!(position("ab\ncd", 4), (2, 2));
        assert_eq!(position("ab", 0), (1, 1));
    }
}
