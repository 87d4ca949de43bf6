//! A case's envelope: `{"game", "command", "input", "expect"?, "note"?, "name"?, "skip"?,
//! "$schema"?}`.
//!
//! Reading it with serde means scanning the whole `input` once to find where it ends and
//! again when the command parses it; for small cases (a renju record, a baseball guess) that
//! first scan cost a tenth of the case. [`Envelope::read`] therefore splits a well-formed
//! envelope with a small structural scanner and hands the fields other than `input` to serde
//! one by one; anything unusual (an unknown, repeated or escaped key, a missing field, text
//! that is not an object) goes the serde way, which also words every error. The scanner
//! never decides a fault by itself: when the command then rejects `input`, the caller asks
//! [`Envelope::strict`] whether the envelope itself was the fault.

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::{CaseError, ErrorKind};
use crate::source::{expect_object, from_text, no_repeated_keys, skip_blanks, skip_value};

/// The envelope of a case, borrowed from its text so errors in `input` keep their positions.
#[derive(Debug, PartialEq)]
pub struct Envelope<'a> {
    pub game: String,
    pub command: String,
    /// The text of the input value, a slice of the case's text.
    pub input: &'a str,
    pub expect: Option<Value>,
    /// Free text for people reading the fixture (and for `--filter`).
    pub note: Option<String>,
    /// The case's name, unique in its file: its id is then `file#name`.
    pub name: Option<String>,
    /// Why the case is not run now: it is reported as skipped.
    pub skip: Option<String>,
}

/// The serde form, which words every fault.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Strict<'a> {
    game: String,
    command: String,
    #[serde(borrow)]
    input: &'a RawValue,
    #[serde(default)]
    expect: Option<Value>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    skip: Option<String>,
    /// Where an editor finds the schema of the file; not read.
    #[serde(default, rename = "$schema")]
    _schema: Option<String>,
}

impl<'a> Envelope<'a> {
    /// Reads the envelope of `text`, the quick way when it is plainly well-formed.
    pub fn read(text: &'a str) -> Result<Envelope<'a>, CaseError> {
        match quick(text) {
            Some(envelope) => Ok(envelope),
            None => Envelope::strict(text),
        }
    }

    /// Reads the envelope with serde alone: one JSON object, nothing after it. Its faults are
    /// `case` errors (`syntax` when the text is not JSON).
    pub fn strict(text: &'a str) -> Result<Envelope<'a>, CaseError> {
        let as_case = |mut err: CaseError| {
            if err.kind == ErrorKind::Shape {
                err.kind = ErrorKind::Case;
            }
            err
        };
        expect_object(text).map_err(as_case)?;
        // A repeated key is a `shape` fault wherever it is, the envelope included.
        no_repeated_keys(text)?;
        let strict: Strict<'a> = from_text(text).map_err(as_case)?;
        Ok(Envelope {
            game: strict.game,
            command: strict.command,
            input: strict.input.get(),
            expect: strict.expect,
            note: strict.note,
            name: strict.name,
            skip: strict.skip,
        })
    }
}

/// The quick reading: `None` unless `text` is an object of the known keys, each once and
/// unescaped, with `game`, `command` and `input`, and nothing after it.
fn quick(text: &str) -> Option<Envelope<'_>> {
    let bytes = text.as_bytes();
    let mut at = skip_blanks(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    at += 1;
    let (mut game, mut command, mut input, mut expect, mut note) = (None, None, None, None, None);
    let (mut name, mut skip, mut schema) = (None, None, None);
    loop {
        at = skip_blanks(bytes, at);
        // A key: a plain string without escapes.
        if bytes.get(at) != Some(&b'"') {
            return None;
        }
        let key_end = at + 1 + bytes[at + 1..].iter().position(|&b| b == b'"')?;
        let key = &bytes[at + 1..key_end];
        if key.contains(&b'\\') {
            return None;
        }
        at = skip_blanks(bytes, key_end + 1);
        if bytes.get(at) != Some(&b':') {
            return None;
        }
        let start = skip_blanks(bytes, at + 1);
        let end = skip_value(bytes, start).filter(|&end| end > start)?;
        let value = &text[start..end];
        let slot = match key {
            b"game" => &mut game,
            b"command" => &mut command,
            b"input" => &mut input,
            b"expect" => &mut expect,
            b"note" => &mut note,
            b"name" => &mut name,
            b"skip" => &mut skip,
            b"$schema" => &mut schema,
            _ => return None,
        };
        if slot.replace(value).is_some() {
            return None;
        }
        at = skip_blanks(bytes, end);
        match bytes.get(at) {
            Some(b',') => at += 1,
            Some(b'}') => break,
            _ => return None,
        }
    }
    if skip_blanks(bytes, at + 1) != bytes.len() {
        return None;
    }
    // Every field but `input` is read by serde here, so it is checked as JSON; `input` is
    // checked by the command that parses it.
    let text_field = |value: Option<&str>| match value {
        Some(value) => serde_json::from_str::<Option<String>>(value).ok(),
        None => Some(None),
    };
    let note = text_field(note)?;
    let name = text_field(name)?;
    let skip = text_field(skip)?;
    text_field(schema)?;
    let expect = match expect {
        Some(expect) if crate::repeated_keys::first(expect).is_none() => {
            serde_json::from_str::<Option<Value>>(expect).ok()?
        }
        Some(_) => return None,
        None => None,
    };
    Some(Envelope {
        game: serde_json::from_str(game?).ok()?,
        command: serde_json::from_str(command?).ok()?,
        input: input?,
        expect,
        note,
        name,
        skip,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::IgnoredAny;

    const CASE: &str = r#"{"game": "baseball", "command": "judge", "input": {"secret": "123", "guess": "1\"3"}, "expect": {"strikes": 1}, "note": "a \"quoted\" note"}"#;

    #[test]
    fn the_quick_reading_agrees_with_serde() {
        let envelope = quick(CASE).expect("a plain envelope is read quickly");
        assert_eq!(envelope, Envelope::strict(CASE).unwrap());
        assert_eq!(envelope.input, r#"{"secret": "123", "guess": "1\"3"}"#);
        for text in [
            r#"{"game":"renju","command":"check","input":{"moves":[]}}"#,
            "\n{ \"input\" : [1, [2, {}]] ,\r\n\"command\":\"c\",\t\"game\":\"g\" }\n",
            r#"{"game": "g", "command": "c", "input": 7, "expect": null}"#,
            r#"{"game": "g", "command": "c", "input": "x}", "expect": [true, false]}"#,
        ] {
            assert_eq!(quick(text), Some(Envelope::strict(text).unwrap()), "{text}");
        }
    }

    /// Everything the quick reading does not take is left to serde, which words the fault.
    #[test]
    fn anything_unusual_goes_the_serde_way() {
        for text in [
            "",
            "[]",
            r#"{"game": "g", "command": "c"}"#,
            r#"{"game": "g", "command": "c", "input": {}, "extra": 1}"#,
            r#"{"game": "g", "command": "c", "input": {}, "game": "h"}"#,
            r#"{"game": "g", "command": "c", "input": {}} x"#,
            r#"{"game": "g", "command": "c", "input": {},}"#,
            r#"{"game": 1, "command": "c", "input": {}}"#,
            r#"{"game": "g", "command": "c", "input": {}, "expect": tru}"#,
            r#"{"game": "g", "command": "c", "input": {}, "note": 5}"#,
            r#"{"game": "g", "command": "c", "input": {"#,
            r#"{"game": "g", "command": "c", "input": }"#,
            r#"{"game": "g" "command": "c", "input": {}}"#,
        ] {
            assert_eq!(quick(text), None, "{text}");
            assert!(Envelope::strict(text).is_err(), "{text}");
        }
        // An escaped key is fine JSON, read by serde only.
        let escaped = r#"{"g\u0061me": "g", "command": "c", "input": {}}"#;
        assert_eq!(quick(escaped), None);
        assert_eq!(Envelope::strict(escaped).unwrap().game, "g");
    }

    /// On any text whatever: when the quick reading takes it and its input is JSON, serde
    /// reads the same envelope.
    #[test]
    fn quick_and_strict_agree_on_mangled_envelopes() {
        let pieces = [
            "\"", "{", "}", "[", "]", ",", ":", " ", "\\", "x", "1", "null", "\"game\"",
        ];
        let chars: Vec<char> = CASE.chars().collect();
        let mut seed = 7u64;
        for _ in 0..20_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let at = (seed >> 33) as usize % chars.len();
            let piece = pieces[(seed >> 20) as usize % pieces.len()];
            let mut text: String = chars[..at].iter().collect();
            if seed & 1 == 0 {
                text.push_str(piece);
            }
            text.extend(&chars[(at + (seed >> 1 & 1) as usize).min(chars.len())..]);
            if let Some(envelope) = quick(&text)
                && serde_json::from_str::<IgnoredAny>(envelope.input).is_ok()
            {
                assert_eq!(Ok(envelope), Envelope::strict(&text), "{text}");
            }
        }
    }
}
