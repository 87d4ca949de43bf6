//! `puzzles batch`: run fixture cases in parallel, print one JSON line per case in input order,
//! and judge `expect`. One bad case never loses the others' verdicts.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::args::BatchArgs;
use crate::error::{CaseError, ErrorKind};
use crate::exit::ExitStatus;
use crate::expect::{Mismatch, mismatches};
use crate::output::{is_broken_pipe, write_json};
use crate::registry::{self, Kind};
use crate::source::{Source, from_path_error, position, shift};

/// One case to run: a whole `.json` file, or one line of a `.jsonl` file.
#[derive(Debug)]
struct Case {
    /// `path` or `path:line`, as printed in the output's `case`.
    name: String,
    file: Arc<str>,
    span: Range<usize>,
    /// Or the reason the file could not be read at all.
    unreadable: Option<CaseError>,
}

/// The envelope of a case, borrowed from the file so errors in `input` keep their positions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<'a> {
    game: String,
    command: String,
    #[serde(borrow)]
    input: &'a RawValue,
    #[serde(default)]
    expect: Option<Value>,
    /// Free text for people reading the fixture; ignored.
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

/// One output line.
#[derive(Debug, Serialize)]
struct CaseLine {
    case: String,
    game: Option<String>,
    command: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<CaseError>,
    pass: Option<bool>,
    mismatches: Vec<Mismatch>,
    #[serde(skip)]
    outcome: Outcome,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Passed,
    Failed,
    Invalid,
    Unchecked,
}

pub fn run(args: &BatchArgs) -> ExitStatus {
    let started = Instant::now();
    let mut cases = load(&args.paths);
    if let Some((k, n)) = args.shard {
        cases = cases
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % n == k - 1)
            .map(|(_, c)| c)
            .collect();
    }
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = args.jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    let pool = match builder.build() {
        Ok(pool) => pool,
        Err(err) => {
            eprintln!("puzzles: batch: cannot start worker threads: {err}");
            return ExitStatus::Error;
        }
    };

    let progress = progress_bar(cases.len());
    let stop = AtomicBool::new(false);
    let mut counts = [0usize; 4];
    let (tx, rx) = mpsc::channel::<(usize, CaseLine)>();
    let closed = std::thread::scope(|scope| {
        let (cases, stop) = (&cases, &stop);
        scope.spawn(move || {
            pool.install(|| {
                cases
                    .par_iter()
                    .enumerate()
                    .for_each_with(tx, |tx, (index, case)| {
                        if !stop.load(Ordering::Relaxed) {
                            let _ = tx.send((index, run_case(case)));
                        }
                    });
            });
        });
        // Print in input order as lines arrive: a reorder buffer keyed by case index.
        let stdout = io::stdout();
        let mut out = stdout.lock();
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (index, line) in rx {
            waiting.insert(index, line);
            while let Some(line) = waiting.remove(&next) {
                next += 1;
                counts[line.outcome as usize] += 1;
                if let Some(bar) = &progress {
                    bar.inc(1);
                }
                if let Err(err) = write_json(&mut out, &line, false).and_then(|()| out.flush()) {
                    stop.store(true, Ordering::Relaxed);
                    return Some(err);
                }
            }
        }
        None
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    match closed {
        Some(err) if is_broken_pipe(&err) => return ExitStatus::Success,
        Some(err) => {
            eprintln!("puzzles: batch: cannot write: {err}");
            return ExitStatus::Error;
        }
        None => {}
    }

    let [passed, failed, invalid, unchecked] = counts;
    eprintln!(
        "puzzles batch: {} cases: {passed} passed, {failed} failed, {invalid} invalid, {unchecked} without expect ({:.2} s)",
        cases.len(),
        started.elapsed().as_secs_f64()
    );
    if invalid > 0 {
        ExitStatus::Error
    } else if failed > 0 {
        ExitStatus::Failure
    } else {
        ExitStatus::Success
    }
}

fn progress_bar(len: usize) -> Option<indicatif::ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(len as u64);
    let style = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} cases {elapsed}")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    Some(bar)
}

/// Expands the PATH arguments into cases: folders recursively (`*.json`, `*.jsonl`, sorted),
/// files as given; an unreadable path becomes a case that reports it.
fn load(paths: &[PathBuf]) -> Vec<Case> {
    let mut cases = Vec::new();
    for path in paths {
        let mut files = Vec::new();
        if path.is_dir() {
            collect(path, &mut files);
            files.sort();
        } else {
            files.push(path.clone());
        }
        for file in files {
            let name = file.display().to_string().replace('\\', "/");
            match std::fs::read_to_string(&file) {
                Err(err) => cases.push(Case {
                    name,
                    file: Arc::from(""),
                    span: 0..0,
                    unreadable: Some(CaseError::new(
                        ErrorKind::Io,
                        format!("cannot read the file: {err}"),
                    )),
                }),
                Ok(text) if file.extension().is_some_and(|e| e == "jsonl") => {
                    let text: Arc<str> = Arc::from(text);
                    let mut start = 0;
                    for (number, line) in text.split_inclusive('\n').enumerate() {
                        let span = start..start + line.trim_end().len();
                        start += line.len();
                        if !line.trim().is_empty() {
                            let name = format!("{name}:{}", number + 1);
                            cases.push(Case {
                                name,
                                file: text.clone(),
                                span,
                                unreadable: None,
                            });
                        }
                    }
                }
                Ok(text) => {
                    let span = 0..text.len();
                    cases.push(Case {
                        name,
                        file: Arc::from(text),
                        span,
                        unreadable: None,
                    });
                }
            }
        }
    }
    cases
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path
            .extension()
            .is_some_and(|e| e == "json" || e == "jsonl")
        {
            files.push(path);
        }
    }
}

fn run_case(case: &Case) -> CaseLine {
    let mut line = CaseLine {
        case: case.name.clone(),
        game: None,
        command: None,
        verdict: None,
        error: None,
        pass: None,
        mismatches: Vec::new(),
        outcome: Outcome::Invalid,
    };
    if let Some(err) = &case.unreadable {
        line.error = Some(err.clone());
        return line;
    }
    let text = &case.file[case.span.clone()];
    let origin = position(&case.file, case.span.start);
    let mut de = serde_json::Deserializer::from_str(text);
    let envelope: Envelope<'_> = match serde_path_to_error::deserialize(&mut de) {
        Ok(envelope) => envelope,
        Err(err) => {
            let mut err = from_path_error(err);
            if err.kind == ErrorKind::Shape {
                err.kind = ErrorKind::Case;
            }
            line.error = Some(shift(err, origin));
            return line;
        }
    };
    line.game = Some(envelope.game.clone());
    line.command = Some(envelope.command.clone());
    let result = evaluate(&envelope, &case.file);
    match result {
        Ok(verdict) => {
            if let Some(expect) = &envelope.expect {
                line.mismatches = mismatches(expect, &verdict);
                line.pass = Some(line.mismatches.is_empty());
            }
            line.verdict = Some(verdict);
        }
        Err(err) => {
            // A case may expect an error: `"expect": {"error": {"kind": "invalid", ...}}`.
            let expects_error = envelope
                .expect
                .as_ref()
                .and_then(|e| e.get("error"))
                .is_some();
            if let Some(expect) = envelope.expect.as_ref().filter(|_| expects_error) {
                let actual = serde_json::json!({ "error": err });
                line.mismatches = mismatches(expect, &actual);
                line.pass = Some(line.mismatches.is_empty());
            } else if envelope.expect.is_some() {
                line.pass = Some(false);
            }
            line.error = Some(err);
            line.outcome = match line.pass {
                Some(true) => Outcome::Passed,
                Some(false) if expects_error => Outcome::Failed,
                _ => Outcome::Invalid,
            };
            return line;
        }
    }
    line.outcome = match line.pass {
        None => Outcome::Unchecked,
        Some(true) => Outcome::Passed,
        Some(false) => Outcome::Failed,
    };
    line
}

fn evaluate(envelope: &Envelope<'_>, file: &str) -> Result<Value, CaseError> {
    let (game, name) = (envelope.game.as_str(), envelope.command.as_str());
    let command = registry::find(game, name).ok_or_else(|| unknown(game, name))?;
    let Kind::Json(json) = &command.kind else {
        let message = format!("`{game} {name}` is interactive and cannot run in a batch");
        return Err(CaseError::new(ErrorKind::Case, message).at("/command"));
    };
    let raw = envelope.input.get();
    let offset = raw.as_ptr() as usize - file.as_ptr() as usize;
    let source = Source::Text {
        text: raw,
        origin: position(file, offset),
        timeout: None,
    };
    json.run_value(source)
}

fn unknown(game: &str, name: &str) -> CaseError {
    let commands = registry::commands();
    if !registry::GAMES.contains(&game) {
        let message = format!(
            "unknown game {game:?}; the games are {}",
            registry::GAMES.join(", ")
        );
        return CaseError::new(ErrorKind::Case, message).at("/game");
    }
    let known: Vec<&str> = commands
        .iter()
        .filter(|c| c.game == game)
        .map(|c| c.name)
        .collect();
    let message = format!(
        "unknown command {name:?} for {game}; its commands are {}",
        known.join(", ")
    );
    CaseError::new(ErrorKind::Case, message).at("/command")
}
