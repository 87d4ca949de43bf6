//! `--update`: accept the verdicts of failing cases by rewriting, in the case files, the
//! `expect` values that did not match (and with `--update=missing`, adding an `expect` to
//! the cases without one). Each change replaces the bytes of one value and nothing else, so
//! the other lines of a `.jsonl` stay byte-identical and a `.json` keeps its indentation and
//! key order; a new value is written in the style of the text around it.
//!
//! Workers work out a case's edits from its text; the printing thread collects them, and at
//! the end each file is rewritten once, however many paths reached it: its whole text read
//! again, each edited case checked to be byte for byte as it was read, and the new text
//! written to a temporary file renamed over it ([`crate::files`]). A symbolic link to a case
//! file stays a link: the file it leads to is rewritten. A read-only file, or one with other
//! hard links, is refused by name and left as it was.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use super::cases::Case;
use super::discover::Found;
use super::envelope::Envelope;
use super::inputs::InputPaths;
use super::{CaseResult, Outcome};
use crate::args::UpdateMode;
use crate::files;
use crate::games;
use crate::source::{locate, skip_blanks, skip_value};

/// One replacement of bytes in a case file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The case's id, for stderr.
    pub case: String,
    /// Byte range in the file, and the bytes found there when the case was read.
    pub offset: usize,
    pub old: String,
    pub new: String,
    /// What changed, for stderr: `/strikes: 1 -> 2`.
    pub note: String,
    /// The case the edit is in, which must still be as it was read.
    pub within: CaseSpan,
}

/// Where a case's text is in its file, and a hash of that text: the whole case must be
/// unchanged for an edit in it to be written (an edit that only checked its own bytes could
/// land on a line someone rewrote while the batch ran).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaseSpan {
    offset: usize,
    len: usize,
    hash: u64,
}

impl CaseSpan {
    pub(super) fn of(offset: usize, text: &[u8]) -> CaseSpan {
        CaseSpan {
            offset,
            len: text.len(),
            hash: hash(text),
        }
    }

    /// Whether `file` still holds the case's text where it was.
    fn holds(&self, file: &[u8]) -> bool {
        file.get(self.offset..self.offset + self.len)
            .is_some_and(|text| hash(text) == self.hash)
    }
}

fn hash(bytes: &[u8]) -> u64 {
    // `DefaultHasher::new()` hashes alike within a process, which is all this needs.
    let mut hasher = DefaultHasher::new();
    hasher.write(bytes);
    hasher.finish()
}

/// What `--update` does with one case: its edits, or why its verdict is not recorded.
#[derive(Debug, Default)]
pub struct CaseUpdate {
    pub edits: Vec<Edit>,
    pub refused: Option<String>,
}

/// The edits that accept `result`'s verdict in `case`'s text: none for a passing or invalid
/// case, nor for a case read from stdin; refused for a verdict that rests on an unseeded
/// random choice, which the next run would not repeat.
pub fn update(
    case: &Case,
    result: &CaseResult,
    mode: UpdateMode,
    inputs: InputPaths,
) -> CaseUpdate {
    let edits = edits(case, result, mode);
    if edits.is_empty() {
        return CaseUpdate::default();
    }
    let unseeded = case
        .text
        .as_ref()
        .is_ok_and(|text| unseeded_random(text, case.folder(), inputs));
    if unseeded {
        return CaseUpdate {
            edits: Vec::new(),
            refused: Some(format!(
                "not recording {}: its verdict rests on a random choice without a seed, which the next run would not repeat; give its input a \"seed\"",
                case.id
            )),
        };
    }
    CaseUpdate {
        edits,
        refused: None,
    }
}

/// Whether the case's command makes a random choice that its input leaves unseeded.
fn unseeded_random(text: &str, folder: &Path, inputs: InputPaths) -> bool {
    let Ok(envelope) = Envelope::read(text) else {
        return false;
    };
    let Some(command) = games::find(&envelope.game, &envelope.command).and_then(|c| c.as_json())
    else {
        return false;
    };
    let input = if envelope.input.starts_with('"') {
        let Ok(relative) = serde_json::from_str::<String>(envelope.input) else {
            return false;
        };
        let Ok((_, bytes)) = inputs.read(folder, &relative, None) else {
            return false;
        };
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        serde_json::from_slice::<Value>(bytes).ok()
    } else {
        serde_json::from_str::<Value>(envelope.input).ok()
    };
    input.is_some_and(|input| command.is_unseeded(&input))
}

fn edits(case: &Case, result: &CaseResult, mode: UpdateMode) -> Vec<Edit> {
    let Ok(text) = &case.text else {
        return Vec::new();
    };
    if case.found == Found::Stdin {
        return Vec::new();
    }
    let within = CaseSpan::of(case.offset, text.as_bytes());
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
                    within,
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
                    within,
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
    /// Why some verdicts are not recorded, for stderr.
    refused: Vec<String>,
}

impl Updates {
    pub fn add(&mut self, result: &CaseResult) {
        if let Some(why) = &result.update.refused {
            self.refused.push(why.clone());
        }
        let edits = &result.update.edits;
        if edits.is_empty() {
            return;
        }
        if result.outcome == Outcome::Failed && edits.len() == result.line.mismatches.len() {
            self.accepted.push(result.line.case.clone());
        }
        self.add_edits(&result.file, edits.clone());
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
    /// be rewritten, as messages. Paths that reach one file (a link, `./x`) are one file.
    pub fn apply(self) -> Vec<String> {
        for why in &self.refused {
            crate::output::stderr_line(&format!("puzzles batch: --update: {why}"));
        }
        let mut failures = Vec::new();
        let mut targets: Vec<Target> = Vec::new();
        for (file, edits) in self.files {
            match files::rewrite_target(Path::new(&*file)) {
                Ok((path, metadata)) => match targets.iter_mut().find(|t| t.path == path) {
                    Some(target) => target.edits.extend(edits),
                    None => targets.push(Target {
                        name: file,
                        path,
                        metadata,
                        edits,
                    }),
                },
                Err(err) => failures.push(format!("cannot update {file}: {err}")),
            }
        }
        for mut target in targets {
            target.edits.sort_by_key(|edit| edit.offset);
            target.edits.dedup();
            match rewrite(&target.path, &target.metadata, &target.edits) {
                Ok(()) => {
                    for edit in &target.edits {
                        crate::output::stderr_line(&format!(
                            "puzzles batch: updated {}: {}",
                            edit.case, edit.note
                        ));
                    }
                }
                Err(err) => failures.push(format!("cannot update {}: {err}", target.name)),
            }
        }
        failures
    }
}

/// A file to rewrite: the name it was read by, the file itself (links resolved) and its
/// metadata (its mode and owner go to the new text), and the edits.
struct Target {
    name: Arc<str>,
    path: PathBuf,
    metadata: std::fs::Metadata,
    edits: Vec<Edit>,
}

/// Writes `edits` (sorted by offset) into the file at `path`, whose every edited case must be
/// as it was read.
fn rewrite(path: &Path, metadata: &std::fs::Metadata, edits: &[Edit]) -> std::io::Result<()> {
    let bytes = files::read_regular(path, None)?;
    let changed = || std::io::Error::other("the file changed while the batch ran; run it again");
    let mut out = Vec::with_capacity(bytes.len() + 256);
    let mut at = 0;
    for edit in edits {
        let end = edit.offset + edit.old.len();
        if !edit.within.holds(&bytes)
            || edit.offset < at
            || bytes.get(edit.offset..end) != Some(edit.old.as_bytes())
        {
            return Err(changed());
        }
        out.extend_from_slice(&bytes[at..edit.offset]);
        out.extend_from_slice(edit.new.as_bytes());
        at = end;
    }
    out.extend_from_slice(&bytes[at..]);
    files::write_atomically(path, Some(metadata), |file| file.write_all(&out))
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

    /// An edit is written only onto the case as it was read: a line changed while the batch
    /// ran is refused even when the bytes of the value to replace are still in place, and
    /// the file is left as it was.
    #[test]
    fn an_edit_needs_its_whole_case_unchanged() {
        let dir = std::env::temp_dir().join(format!("puzzles-update-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.jsonl");
        let line = r#"{"game":"baseball","command":"judge","input":{"secret":"123","guess":"134"},"expect":{"strikes":9}}"#;
        let at = line.find('9').unwrap();
        let edit = Edit {
            case: "t.jsonl:1".into(),
            offset: at,
            old: "9".into(),
            new: "1".into(),
            note: "/strikes: 9 -> 1".into(),
            within: CaseSpan::of(0, line.as_bytes()),
        };
        let changed = line.replace("134", "135");
        std::fs::write(&path, format!("{changed}\n")).unwrap();
        let metadata = std::fs::metadata(&path).unwrap();
        let err = rewrite(&path, &metadata, std::slice::from_ref(&edit)).unwrap_err();
        assert!(
            err.to_string().contains("changed while the batch ran"),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{changed}\n")
        );

        std::fs::write(&path, format!("{line}\n")).unwrap();
        rewrite(&path, &metadata, &[edit]).unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        assert_eq!(written, format!("{}\n", line.replace(":9}", ":1}")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn timing_is_left_out() {
        let mut verdict = json!({"status": "unique", "stats": {"nodes": 1, "elapsed_ms": 3}});
        drop_timing(&mut verdict);
        assert_eq!(verdict, json!({"status": "unique", "stats": {"nodes": 1}}));
    }
}
