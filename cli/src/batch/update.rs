//! `--update`: accept the verdicts of failing cases by rewriting, in the case files, the
//! `expect` values that did not match (and with `--update=missing`, adding an `expect` to
//! the cases without one). Each change replaces the bytes of one value and nothing else, so
//! the other lines of a `.jsonl` stay byte-identical and a `.json` keeps its indentation and
//! key order; a new value is written in the style of the text around it.
//!
//! Workers work out a case's edits from its text; the printing thread collects them per file
//! and each file is rewritten once at the end (to a temporary file, then renamed over it).

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

use super::cases::Case;
use super::discover::Found;
use super::{CaseResult, Outcome};
use crate::args::UpdateMode;
use crate::source::{locate, skip_blanks, skip_value};

/// One replacement of bytes in a case file.
#[derive(Debug, Clone)]
pub struct Edit {
    /// The case's id, for stderr.
    pub case: String,
    /// Byte range in the file, and the bytes found there when the case was read.
    pub offset: usize,
    pub old: String,
    pub new: String,
    /// What changed, for stderr: `/strikes: 1 -> 2`.
    pub note: String,
}

/// The edits that accept `result`'s verdict in `case`'s text: none for a passing or invalid
/// case, nor for a case read from stdin.
pub fn edits(case: &Case, result: &CaseResult, mode: UpdateMode) -> Vec<Edit> {
    let Ok(text) = &case.text else {
        return Vec::new();
    };
    if case.found == Found::Stdin {
        return Vec::new();
    }
    let style = Style::of(text);
    let mut edits = Vec::new();
    match result.outcome {
        Outcome::Failed => {
            let verdict_has_error = result
                .line
                .verdict
                .as_ref()
                .is_some_and(|v| v.get().contains("\"error\""));
            for mismatch in &result.line.mismatches {
                // A case that expects an error but got a verdict needs a person to decide.
                let expected_error = mismatch.path.starts_with("/error")
                    && result.line.error.is_none()
                    && !verdict_has_error;
                if expected_error {
                    continue;
                }
                let Some(start) = locate(text, &format!("/expect{}", mismatch.path)) else {
                    continue;
                };
                let Some(end) = skip_value(text.as_bytes(), start) else {
                    continue;
                };
                let old = &text[start..end];
                let new = style.write(&mismatch.actual, old.contains('\n'), indent_of(text, start));
                let path = if mismatch.path.is_empty() {
                    "/"
                } else {
                    &mismatch.path
                };
                edits.push(Edit {
                    case: case.id.clone(),
                    offset: case.offset + start,
                    old: old.to_string(),
                    note: format!(
                        "{path}: {} -> {}",
                        short(&mismatch.expected),
                        short(&mismatch.actual)
                    ),
                    new,
                });
            }
        }
        Outcome::Unchecked if mode == UpdateMode::Missing => {
            let Some(verdict) = &result.line.verdict else {
                return edits;
            };
            let Ok(mut verdict) = serde_json::from_str::<Value>(verdict.get()) else {
                return edits;
            };
            drop_timing(&mut verdict);
            if let Some(edit) = add_expect(text, &verdict, &style) {
                edits.push(Edit {
                    case: case.id.clone(),
                    offset: case.offset + edit.0,
                    old: String::new(),
                    new: edit.1,
                    note: format!("added expect {}", short(&verdict)),
                });
            }
        }
        _ => {}
    }
    edits
}

/// Where to put `"expect": ...` in the envelope: after its last member, before `}`.
fn add_expect(text: &str, verdict: &Value, style: &Style) -> Option<(usize, String)> {
    let bytes = text.as_bytes();
    let start = skip_blanks(bytes, 0);
    let close = skip_value(bytes, start)?.checked_sub(1)?;
    if bytes.get(close) != Some(&b'}') {
        return None;
    }
    let mut end = close;
    while end > start && matches!(bytes[end - 1], b' ' | b'\t' | b'\n' | b'\r') {
        end -= 1;
    }
    let members = end > start + 1;
    let comma = if members { "," } else { "" };
    let key_indent = locate(text, "/input").map_or(String::new(), |at| indent_of(text, at));
    if text[start..close].contains('\n') {
        let value = style.write(verdict, true, key_indent.clone());
        Some((end, format!("{comma}\n{key_indent}\"expect\": {value}")))
    } else {
        let space = if style.spaced { " " } else { "" };
        let value = style.write(verdict, false, String::new());
        Some((end, format!("{comma}{space}\"expect\":{space}{value}")))
    }
}

/// Timing fields (`elapsed_ms`) differ from run to run: an added `expect` leaves them out.
fn drop_timing(value: &mut Value) {
    match value {
        Value::Object(members) => {
            members.retain(|key, _| !key.ends_with("elapsed_ms"));
            members.values_mut().for_each(drop_timing);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_timing),
        _ => {}
    }
}

/// The leading blanks of the line `at` is on.
fn indent_of(text: &str, at: usize) -> String {
    let line_start = text[..at].rfind('\n').map_or(0, |nl| nl + 1);
    text[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// A value for stderr, cut when long.
fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}... ({} characters)", &text[..cut], text.chars().count()),
        None => text,
    }
}

/// How the case text writes JSON: `": "` or `":"`, and its indentation step when indented.
#[derive(Debug)]
struct Style {
    spaced: bool,
    step: String,
}

impl Style {
    fn of(text: &str) -> Style {
        let spaced = text.contains("\": ") || text.contains(", ");
        // The indentation of the first indented line is one step.
        let step = text
            .lines()
            .skip(1)
            .map(|line| {
                line.chars()
                    .take_while(|c| *c == ' ' || *c == '\t')
                    .collect::<String>()
            })
            .find(|indent| !indent.is_empty())
            .unwrap_or_else(|| "  ".to_string());
        Style { spaced, step }
    }

    /// `value` as this style writes it: on several lines (each under `indent`) when
    /// `multiline` and the value is a non-empty array or object.
    fn write(&self, value: &Value, multiline: bool, indent: String) -> String {
        let mut out = String::new();
        self.write_into(&mut out, value, multiline.then_some(indent));
        out
    }

    fn write_into(&self, out: &mut String, value: &Value, indent: Option<String>) {
        let (open, close, items): (char, char, Vec<(Option<&String>, &Value)>) = match value {
            Value::Array(items) if !items.is_empty() => {
                ('[', ']', items.iter().map(|v| (None, v)).collect())
            }
            Value::Object(members) if !members.is_empty() => (
                '{',
                '}',
                members.iter().map(|(k, v)| (Some(k), v)).collect(),
            ),
            scalar => {
                out.push_str(&scalar.to_string());
                return;
            }
        };
        // Arrays of scalars stay on one line even when indented: board rows read best so.
        let flat = open == '[' && items.iter().all(|(_, v)| !v.is_array() && !v.is_object());
        out.push(open);
        let inner = indent
            .as_ref()
            .filter(|_| !flat)
            .map(|i| format!("{i}{}", self.step));
        for (i, (key, item)) in items.iter().enumerate() {
            if i > 0 {
                out.push(',');
                if inner.is_none() && self.spaced {
                    out.push(' ');
                }
            }
            if let Some(inner) = &inner {
                out.push('\n');
                out.push_str(inner);
            }
            if let Some(key) = key {
                out.push_str(&Value::String((*key).clone()).to_string());
                out.push(':');
                if self.spaced || inner.is_some() {
                    out.push(' ');
                }
            }
            self.write_into(out, item, inner.clone());
        }
        if let (Some(_), Some(indent)) = (&inner, &indent) {
            out.push('\n');
            out.push_str(indent);
        }
        out.push(close);
    }
}

/// The edits of a run, gathered per file in the order the files came.
#[derive(Debug, Default)]
pub struct Updates {
    files: Vec<(Arc<str>, Vec<Edit>)>,
    index: HashMap<Arc<str>, usize>,
    /// The ids of the failing cases whose every mismatch has an edit: they pass once the
    /// edits are written.
    pub accepted: Vec<String>,
}

impl Updates {
    pub fn add(&mut self, result: &CaseResult) {
        if result.edits.is_empty() {
            return;
        }
        if result.outcome == Outcome::Failed && result.edits.len() == result.line.mismatches.len() {
            self.accepted.push(result.line.case.clone());
        }
        self.add_edits(&result.file, result.edits.clone());
    }

    /// Adds edits of another kind (names) to `file`'s.
    pub fn add_edits(&mut self, file: &Arc<str>, edits: Vec<Edit>) {
        let at = *self.index.entry(file.clone()).or_insert_with(|| {
            self.files.push((file.clone(), Vec::new()));
            self.files.len() - 1
        });
        self.files[at].1.extend(edits);
    }

    /// Rewrites each file once and says on stderr what changed; the files that could not
    /// be rewritten, as messages.
    pub fn apply(self) -> Vec<String> {
        let mut failures = Vec::new();
        for (file, mut edits) in self.files {
            edits.sort_by_key(|edit| edit.offset);
            match rewrite(Path::new(&*file), &edits) {
                Ok(()) => {
                    for edit in &edits {
                        crate::output::stderr_line(&format!(
                            "puzzles batch: updated {}: {}",
                            edit.case, edit.note
                        ));
                    }
                }
                Err(err) => failures.push(format!("cannot update {file}: {err}")),
            }
        }
        failures
    }
}

fn rewrite(path: &Path, edits: &[Edit]) -> std::io::Result<()> {
    let bytes = std::fs::read(path)?;
    let mut out = Vec::with_capacity(bytes.len() + 256);
    let mut at = 0;
    for edit in edits {
        let end = edit.offset + edit.old.len();
        if edit.offset < at || bytes.get(edit.offset..end) != Some(edit.old.as_bytes()) {
            return Err(std::io::Error::other(
                "the file changed while the batch ran; run it again",
            ));
        }
        out.extend_from_slice(&bytes[at..edit.offset]);
        out.extend_from_slice(edit.new.as_bytes());
        at = end;
    }
    out.extend_from_slice(&bytes[at..]);
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.puzzles-update"));
    std::fs::write(&temporary, &out)?;
    if let Ok(metadata) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(&temporary, metadata.permissions());
    }
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_are_written_in_the_style_around_them() {
        let compact = Style::of(r#"{"game":"g","input":{}}"#);
        assert_eq!(
            compact.write(&json!({"a": [1, 2]}), false, String::new()),
            r#"{"a":[1,2]}"#
        );
        let spaced = Style::of(r#"{"game": "g", "input": {}}"#);
        assert_eq!(
            spaced.write(&json!({"a": [1, 2]}), false, String::new()),
            r#"{"a": [1, 2]}"#
        );
        let indented = Style::of("{\n    \"game\": \"g\"\n}");
        assert_eq!(
            indented.write(&json!({"a": [1, 2], "b": {}}), true, "    ".into()),
            "{\n        \"a\": [1, 2],\n        \"b\": {}\n    }"
        );
    }

    #[test]
    fn an_expect_goes_after_the_last_member() {
        let spaced = Style::of(r#"{"game": "g", "input": {}}"#);
        let text = r#"{"game": "g", "input": {} }"#;
        let (at, insert) = add_expect(text, &json!({"x": 1}), &spaced).unwrap();
        let mut edited = text.to_string();
        edited.insert_str(at, &insert);
        assert_eq!(edited, r#"{"game": "g", "input": {}, "expect": {"x": 1} }"#);

        let text = "{\n  \"game\": \"g\",\n  \"input\": {}\n}\n";
        let (at, insert) = add_expect(text, &json!({"x": [1]}), &Style::of(text)).unwrap();
        let mut edited = text.to_string();
        edited.insert_str(at, &insert);
        assert_eq!(
            edited,
            "{\n  \"game\": \"g\",\n  \"input\": {},\n  \"expect\": {\n    \"x\": [1]\n  }\n}\n"
        );
    }

    #[test]
    fn timing_is_left_out() {
        let mut verdict = json!({"status": "unique", "stats": {"nodes": 1, "elapsed_ms": 3}});
        drop_timing(&mut verdict);
        assert_eq!(verdict, json!({"status": "unique", "stats": {"nodes": 1}}));
    }
}
