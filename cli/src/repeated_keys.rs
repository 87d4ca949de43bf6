//! Finding a key repeated in a JSON object, anywhere in a text, in one pass over its bytes.
//!
//! serde keeps the last value of a repeated key where it reads a map (an `expect`, a
//! `Value`), so `{"strikes": 9, "strikes": 8}` means 8 to the judge and 9 to a person or to
//! a tool that reads the first; every input and case is checked before it is read
//! ([`crate::source::no_repeated_keys`]). The scan runs on every input, so it allocates
//! nothing once warm: the keys of open objects are byte ranges in frames that a thread
//! keeps from one text to the next, and only an object of many keys gets a hash set.

use std::cell::RefCell;
use std::collections::HashSet;

/// The first repeated key of JSON `text`: the pointer to its member, the offset of its second
/// value, and the key. Structure only: text that is not JSON has no answer here (its parser
/// says what is wrong), and keys with escapes (`"r\u006fws"`) are compared by what they
/// spell.
pub fn first(text: &str) -> Option<(String, usize, String)> {
    thread_local! {
        static FRAMES: RefCell<Vec<Frame>> = const { RefCell::new(Vec::new()) };
    }
    FRAMES.with(|frames| match frames.try_borrow_mut() {
        Ok(mut frames) => scan(text, &mut frames),
        Err(_) => scan(text, &mut Vec::new()),
    })
}

fn scan(text: &str, frames: &mut Vec<Frame>) -> Option<(String, usize, String)> {
    let b = text.as_bytes();
    let mut depth = 0;
    let mut i = 0;
    loop {
        // Numbers, literals and blanks say nothing about keys: skip to the next byte that does.
        while i < b.len() && !STRUCTURE[usize::from(b[i])] {
            i += 1;
        }
        if i == b.len() {
            return None;
        }
        match b[i] {
            b'"' => {
                let (end, escaped) = string_end(b, i)?;
                if depth > 0 && frames[depth - 1].wants_key {
                    let frame = &mut frames[depth - 1];
                    frame.wants_key = false;
                    let key = Key {
                        start: i,
                        end,
                        escaped,
                    };
                    if frame.holds(text, key) {
                        let value = skip_blanks(b, skip_blanks(b, end) + 1);
                        let mut path: String = frames[..depth - 1]
                            .iter()
                            .map(|f| f.segment(text))
                            .collect();
                        let name = key_text(&text[i..end]);
                        path.push('/');
                        path.push_str(&escape(&name));
                        return Some((path, value, name));
                    }
                    frame.add(text, key);
                }
                i = end;
                continue;
            }
            open @ (b'{' | b'[') => {
                if frames.len() == depth {
                    frames.push(Frame::default());
                }
                frames[depth].open(open == b'{');
                depth += 1;
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth > 0 => frames[depth - 1].next(),
            _ => {}
        }
        i += 1;
    }
}

/// The bytes [`scan`] stops at: quotes, brackets, braces and commas.
const STRUCTURE: [bool; 256] = {
    let mut table = [false; 256];
    let mut k = 0;
    let bytes = *b"\"{}[],";
    while k < bytes.len() {
        table[bytes[k] as usize] = true;
        k += 1;
    }
    table
};

/// An open array or object while [`scan`] reads.
#[derive(Debug, Default)]
struct Frame {
    object: bool,
    wants_key: bool,
    /// The keys of the object so far; the last one is the member being read.
    keys: Vec<Key>,
    /// What the keys spell, once there are more than [`FEW_KEYS`], so that a look-up stays
    /// constant-time in an object of thousands of keys.
    many: Option<HashSet<String>>,
    index: usize,
}

/// A key of an object: its byte range in the text (quotes included), and whether it holds
/// an escape (then it is compared by what it spells).
#[derive(Debug, Clone, Copy)]
struct Key {
    start: usize,
    end: usize,
    escaped: bool,
}

impl Key {
    fn raw<'t>(&self, text: &'t str) -> &'t str {
        &text[self.start..self.end]
    }
}

/// Keys compared one by one up to this many; past it, by hashing.
const FEW_KEYS: usize = 16;

impl Frame {
    fn open(&mut self, object: bool) {
        self.object = object;
        self.wants_key = object;
        self.keys.clear();
        if let Some(many) = &mut self.many {
            many.clear();
        }
        self.index = 0;
    }

    fn next(&mut self) {
        if self.object {
            self.wants_key = true;
        } else {
            self.index += 1;
        }
    }

    fn holds(&self, text: &str, key: Key) -> bool {
        if self.keys.len() > FEW_KEYS {
            return self
                .many
                .as_ref()
                .is_some_and(|many| many.contains(&key_text(key.raw(text))));
        }
        let raw = key.raw(text);
        self.keys.iter().any(|other| {
            other.raw(text) == raw
                || ((key.escaped || other.escaped) && key_text(other.raw(text)) == key_text(raw))
        })
    }

    fn add(&mut self, text: &str, key: Key) {
        self.keys.push(key);
        if self.keys.len() > FEW_KEYS {
            let many = self.many.get_or_insert_with(HashSet::new);
            if many.is_empty() {
                many.extend(self.keys.iter().map(|k| key_text(k.raw(text))));
            } else {
                many.insert(key_text(key.raw(text)));
            }
        }
    }

    /// This frame's part of the pointer to what is inside it.
    fn segment(&self, text: &str) -> String {
        if self.object {
            let key = self
                .keys
                .last()
                .map_or_else(String::new, |k| key_text(k.raw(text)));
            format!("/{}", escape(&key))
        } else {
            format!("/{}", self.index)
        }
    }
}

/// A key as an RFC 6901 pointer token.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// What a JSON string (quotes included) spells.
fn key_text(quoted: &str) -> String {
    let inner = &quoted[1..quoted.len() - 1];
    if inner.contains('\\') {
        serde_json::from_str::<String>(quoted).unwrap_or_else(|_| inner.to_string())
    } else {
        inner.to_string()
    }
}

/// The offset just after the JSON string that starts at `start` (its opening quote), and
/// whether the string holds an escape.
fn string_end(b: &[u8], start: usize) -> Option<(usize, bool)> {
    let mut escaped = false;
    let mut i = start + 1;
    loop {
        match *b.get(i)? {
            b'"' => return Some((i + 1, escaped)),
            b'\\' => {
                escaped = true;
                i += 2;
            }
            _ => i += 1,
        }
    }
}

/// The first offset at or after `i` that is not JSON whitespace.
fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Repeated keys are found at any depth, by what they spell, in objects of many keys too;
    /// strings that look like structure, and text that is not JSON, do not confuse the scan.
    #[test]
    fn repeated_keys_are_found_anywhere() {
        let found = |text: &str| first(text).map(|(p, at, k)| (p, text[at..].to_string(), k));
        assert_eq!(found(r#"{"a": 1, "b": {"c": [1, {"d": 2}]}}"#), None);
        assert_eq!(
            found(r#"{"expect": {"strikes": 9, "strikes": 8}}"#),
            Some(("/expect/strikes".into(), "8}}".into(), "strikes".into()))
        );
        assert_eq!(
            found(r#"{"a": [0, {"x": 1}, {"x": 1, "y~/": {}, "y~/": 2}]}"#).map(|f| f.0),
            Some("/a/2/y~0~1".into())
        );
        assert_eq!(
            found(r#"{"rows": 1, "rows": 2}"#).map(|f| f.2),
            Some("rows".into())
        );
        assert_eq!(found(r#"{"a": "{"a": 1, "a": 2}", "b": ["a", "a"]}"#), None);
        let many: Vec<String> = (0..1000).map(|i| format!("\"k{i}\": {i}")).collect();
        let mut text = format!("{{{}}}", many.join(", "));
        assert_eq!(found(&text), None);
        text.insert_str(text.len() - 1, ", \"k500\": 0");
        assert_eq!(found(&text).map(|f| f.0), Some("/k500".into()));
        for broken in [r#"{"a": 1, "a"#, "}}]]", r#"{"a" "a""#, "\"", "[,,{"] {
            let _ = first(broken);
        }
        assert_eq!(found(r#"{"a":{"b":1}, "b":2}"#), None);
    }
}
