//! Turning a command's input (text from a file, or a value inside a batch case) into its typed
//! Rust input, with the JSON pointer and line/column of any fault.

use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::Segment;

use crate::error::CaseError;

/// Where a command's input comes from.
#[derive(Debug)]
pub enum Source<'a> {
    /// JSON text; `origin` is the 1-based line and column of its first character in the
    /// file it was cut from, so errors point into that file.
    Text {
        text: &'a str,
        origin: (usize, usize),
    },
    /// An already parsed value (used when the CLI had to edit the input, e.g. `--timeout`).
    Value(Value),
}

impl<'a> Source<'a> {
    pub fn text(text: &'a str) -> Self {
        Source::Text {
            text,
            origin: (1, 1),
        }
    }

    /// Deserializes the input, rejecting trailing characters after the JSON value.
    pub fn parse<T: DeserializeOwned>(self) -> Result<T, CaseError> {
        match self {
            Source::Text { text, origin } => {
                let mut de = serde_json::Deserializer::from_str(text);
                let value = serde_path_to_error::deserialize(&mut de)
                    .map_err(|e| shift(from_path_error(e), origin))?;
                de.end()
                    .map_err(|e| shift(CaseError::from_json(&e, None), origin))?;
                Ok(value)
            }
            Source::Value(value) => {
                serde_path_to_error::deserialize(value).map_err(from_path_error)
            }
        }
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
        assert_eq!((err.line, err.column), (Some(1), Some(21)));
        assert_eq!(err.kind, crate::error::ErrorKind::Shape);
        assert!(
            err.message.starts_with("invalid value: integer `-1`"),
            "{}",
            err.message
        );
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

    #[test]
    fn fragment_positions_are_shifted_to_the_file() {
        let src = Source::Text {
            text: "{\"rows\": [[x]]}",
            origin: (3, 10),
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
