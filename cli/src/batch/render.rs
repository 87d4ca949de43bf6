//! `puzzles batch --render DIR`: an SVG picture of every failing case, so a CI artefact shows
//! what broke. A worker draws the case (its input through the game's `render` command, the
//! same parse path as everywhere, with the mismatches or the error written under it); the
//! printing thread, which sees the cases in input order, names and writes the files, so
//! names are the same whatever the number of jobs.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::inputs::InputPaths;
use super::{Case, CaseResult, Envelope, run_case};
use crate::error::CaseError;
use crate::files;
use crate::games;
use crate::output::stderr_line;
use crate::registry::Kind;
use crate::source::Source;

/// The time limit of the engine work behind one picture, in milliseconds.
const PICTURE_TIMEOUT_MS: u64 = 2_000;

/// The folder pictures go to, and the names given so far.
#[derive(Debug)]
pub struct Pictures {
    dir: PathBuf,
    names: BTreeSet<String>,
    failures: Vec<String>,
}

impl Pictures {
    /// Creates `dir` (and its parents) when missing.
    pub fn new(dir: &Path) -> io::Result<Pictures> {
        std::fs::create_dir_all(dir)?;
        Ok(Pictures {
            dir: dir.to_path_buf(),
            names: BTreeSet::new(),
            failures: Vec::new(),
        })
    }

    /// Writes the picture of a case, if it has one: a new file renamed over any old one of
    /// that name (a symbolic link there is replaced, never written through). A file that
    /// cannot be written is told at the end; it does not stop the batch.
    pub fn save(&mut self, result: &CaseResult) {
        let Some(svg) = &result.picture else { return };
        let name = self.name(result);
        let path = self.dir.join(&name);
        let written = files::write_atomically(&path, None, |file| {
            file.write_all(svg.as_bytes())?;
            file.write_all(b"\n")
        });
        if let Err(err) = written {
            self.failures
                .push(format!("cannot write {}: {err}", path.display()));
        }
    }

    /// Says on stderr how many pictures were written and which could not be.
    pub fn finish(self) {
        for failure in &self.failures {
            stderr_line(&format!("puzzles batch: --render: {failure}"));
        }
        let written = self.names.len() - self.failures.len();
        stderr_line(&format!(
            "puzzles batch: {written} picture{} of failing cases in {}",
            if written == 1 { "" } else { "s" },
            self.dir.display()
        ));
    }

    /// `<file stem>.svg` for a `.json` case, `<file stem>-<line>.svg` for a `.jsonl` one;
    /// a name already given (same stem in two folders) gets `~2`, `~3`, ... before `.svg`:
    /// `~` never comes from a stem (see below), so a second `x.json` (`x~2.svg`) and line 2
    /// of `x.jsonl` (`x-2.svg`) cannot be confused.
    fn name(&mut self, result: &CaseResult) -> String {
        let file = Path::new(&*result.file);
        let stem = file
            .file_stem()
            .map_or_else(|| "case".into(), |s| s.to_string_lossy());
        let stem: String = stem
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || "-_.".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let base = match result.line.case.rsplit_once(':') {
            Some((_, line)) if file.extension().is_some_and(|e| e == "jsonl") => {
                format!("{stem}-{line}")
            }
            _ => stem,
        };
        let mut name = format!("{base}.svg");
        let mut k = 1;
        while !self.names.insert(name.clone()) {
            k += 1;
            name = format!("{base}~{k}.svg");
        }
        name
    }
}

/// Runs a case and, when `draw` and it fails, draws it.
pub fn run_and_draw(case: &Case, draw: bool, inputs: InputPaths) -> CaseResult {
    let mut result = run_case(case, inputs);
    if draw && result.outcome.is_failing() {
        result.picture = picture(case, &result, inputs);
    }
    result
}

/// The picture of a failing case: its input drawn by the game's `render` command when that
/// draws the case's command, with what went wrong written under it; otherwise (an unreadable
/// case, an unknown game, a command without a picture, an input `render` refuses) the text
/// alone. Every failing case gets a picture.
fn picture(case: &Case, result: &CaseResult, inputs: InputPaths) -> Option<String> {
    let mut lines = vec![result.line.case.clone()];
    let envelope = case
        .text
        .as_ref()
        .ok()
        .and_then(|t| Envelope::strict(t).ok());
    if let Some(envelope) = &envelope {
        lines[0] = format!(
            "{}: {} {}",
            result.line.case, envelope.game, envelope.command
        );
    }
    for m in &result.line.mismatches {
        lines.push(format!(
            "{}: expected {}, got {}",
            if m.path.is_empty() { "/" } else { &m.path },
            m.expected,
            m.actual
        ));
    }
    if let Some(err) = &result.line.error {
        lines.push(describe(err));
    }
    let Some(envelope) = envelope else {
        return Some(puzzles_render::note(&lines));
    };
    let render = games::find(&envelope.game, "render").and_then(|c| match &c.kind {
        Kind::Json(json) if json.draws.contains(&envelope.command.as_str()) => Some(json),
        _ => None,
    });
    let Some(render) = render else {
        // A caption about `render` refusing the input would read as if the case were broken.
        return Some(puzzles_render::note(&lines));
    };
    // A picture must not cost what the case did again: a solver that ran out of time
    // would run out of it a second time.
    let timeout = render.takes_timeout().then_some(PICTURE_TIMEOUT_MS);
    let drawn = if envelope.input.starts_with('"') {
        // `"input": "puzzle.non"`: the file the case names, read as the case read it.
        inputs.run(render, case.folder(), envelope.input, (1, 1), timeout)
    } else {
        let source = Source::Text {
            text: envelope.input,
            origin: (1, 1),
            timeout,
        };
        render.run(source, false)
    };
    match drawn {
        Ok(svg) => Some(
            puzzles_render::with_caption(&svg, &lines)
                .unwrap_or_else(|_| puzzles_render::note(&lines)),
        ),
        Err(err) => {
            let same = result.line.error.as_ref().map(|e| &e.message) == Some(&err.message);
            lines.push(if same {
                "no picture: render refuses the input for the same reason".to_string()
            } else {
                format!("no picture: {}", describe(&err))
            });
            Some(puzzles_render::note(&lines))
        }
    }
}

fn describe(err: &CaseError) -> String {
    let kind = err.kind.name();
    match err.path.as_deref() {
        Some(path) if !path.is_empty() => format!("error ({kind}) at {path}: {}", err.message),
        _ => format!("error ({kind}): {}", err.message),
    }
}
