//! `puzzles batch`: run fixture cases in parallel, print one JSON line per case in input order,
//! and judge `expect`. One bad case never loses the others' verdicts.
//!
//! Cases are read as a stream and run a chunk at a time, so memory holds one chunk of cases
//! and their verdicts, whatever the size of the files; every position is computed from the
//! case's own text, so the work is linear in the size of the input.

mod cases;
mod envelope;
mod render;
mod report;

use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::args::BatchArgs;
use crate::error::{CaseError, ErrorDocument, ErrorKind};
use crate::exit::ExitStatus;
use crate::expect::{Mismatch, mismatches};
use crate::output::{is_broken_pipe, write_json};
use crate::registry::{self, Kind, Output};
use crate::source::{Source, place, position, shift};

use cases::{Case, CaseReader, case_files};
use envelope::Envelope;
use report::Reporter;

/// Cases read and run at a time: enough to keep every core busy past a few slow cases, few
/// enough that memory does not grow with the file.
const CHUNK_CASES: usize = 2048;
/// ... and at most this many bytes of case text per chunk.
const CHUNK_BYTES: usize = 8 << 20;

/// One output line.
#[derive(Debug, Serialize)]
pub struct CaseLine {
    pub case: String,
    pub game: Option<String>,
    pub command: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<CaseError>,
    pub pass: Option<bool>,
    pub mismatches: Vec<Mismatch>,
}

/// A case's output line and what the reports need besides it.
#[derive(Debug)]
pub struct CaseResult {
    pub line: CaseLine,
    pub outcome: Outcome,
    /// The case's file and the 1-based line a report should point at.
    pub file: Arc<str>,
    pub at_line: usize,
    pub elapsed: Duration,
    /// `--render`: the SVG picture of a failing case.
    pub picture: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    Failed,
    Invalid,
    Unchecked,
}

impl Outcome {
    fn is_failing(self) -> bool {
        matches!(self, Outcome::Failed | Outcome::Invalid)
    }
}

pub fn run(args: &BatchArgs) -> ExitStatus {
    let started = Instant::now();
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
    let (shard, shards) = args.shard.unwrap_or((1, 1));
    let mut cases = CaseReader::new(case_files(&args.paths))
        .enumerate()
        .filter(|(i, _)| i % shards == shard - 1)
        .map(|(_, case)| case)
        .peekable();
    if cases.peek().is_none() {
        return no_cases(args);
    }

    let mut pictures = match args.render.as_deref().map(render::Pictures::new) {
        Some(Err(err)) => {
            let message = format!("--render: cannot make the folder: {err}");
            let error = CaseError::new(ErrorKind::Io, message);
            eprintln!("puzzles: batch: {}", error.message);
            let _ = write_json(&mut io::stdout(), &ErrorDocument { error: &error }, false);
            return ExitStatus::Error;
        }
        made => made.and_then(Result::ok),
    };
    let draw = pictures.is_some();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut reporter = Reporter::new(args.report);
    let progress = progress_bar();
    let mut counts = [0usize; 4];
    let mut stopped_early = false;
    let mut write_error = None;
    'chunks: loop {
        let mut chunk = Vec::new();
        let mut bytes = 0;
        while chunk.len() < CHUNK_CASES && bytes < CHUNK_BYTES {
            let Some(case) = cases.next() else { break };
            bytes += case.size();
            chunk.push(case);
        }
        if chunk.is_empty() {
            break;
        }
        let stop = AtomicBool::new(false);
        // Results travel in groups: one message per case costs a thread wake-up per case,
        // more than a small case's whole run.
        let group = (chunk.len() / (pool.current_num_threads() * 8)).clamp(1, 64);
        let (tx, rx) = mpsc::channel::<(usize, Vec<Option<CaseResult>>)>();
        let ended = std::thread::scope(|scope| {
            let (chunk, stop) = (&chunk, &stop);
            scope.spawn(|| {
                pool.install(|| {
                    chunk
                        .par_chunks(group)
                        .enumerate()
                        .for_each_with(tx, |tx, (index, cases)| {
                            let results = cases
                                .iter()
                                .map(|case| {
                                    (!stop.load(Ordering::Relaxed))
                                        .then(|| render::run_and_draw(case, draw))
                                })
                                .collect();
                            let _ = tx.send((index, results));
                        });
                });
            });
            // Print in input order as results arrive: a reorder buffer keyed by group index.
            let mut waiting = BTreeMap::new();
            let mut next = 0;
            for (index, results) in rx {
                waiting.insert(index, results);
                while let Some(results) = waiting.remove(&next) {
                    next += 1;
                    for result in results.into_iter().flatten() {
                        counts[result.outcome as usize] += 1;
                        if let Some(bar) = &progress {
                            bar.inc(1);
                        }
                        if let Some(pictures) = &mut pictures {
                            pictures.save(&result);
                        }
                        if let Err(err) = reporter.case(&mut out, &result) {
                            stop.store(true, Ordering::Relaxed);
                            return Some(Err(err));
                        }
                        if args.fail_fast && result.outcome.is_failing() {
                            stop.store(true, Ordering::Relaxed);
                            return Some(Ok(()));
                        }
                    }
                }
            }
            None
        });
        match ended {
            Some(Ok(())) => {
                stopped_early = true;
                break 'chunks;
            }
            Some(Err(err)) => {
                write_error = Some(err);
                break 'chunks;
            }
            None => {}
        }
        if let Err(err) = out.flush() {
            write_error = Some(err);
            break;
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if let Some(pictures) = pictures {
        pictures.finish();
    }
    let written = match write_error {
        Some(err) => Err(err),
        None => reporter.finish(&mut out).and_then(|()| out.flush()),
    };
    match written {
        Err(err) if is_broken_pipe(&err) => return ExitStatus::Success,
        Err(err) => {
            eprintln!("puzzles: batch: cannot write: {err}");
            return ExitStatus::Error;
        }
        Ok(()) => {}
    }

    let [passed, failed, invalid, unchecked] = counts;
    let run = passed + failed + invalid + unchecked;
    let stop_note = if stopped_early {
        " (stopped at the first failing case: --fail-fast)"
    } else {
        ""
    };
    let cases = if run == 1 { "case" } else { "cases" };
    eprintln!(
        "puzzles batch: {run} {cases}: {passed} passed, {failed} failed, {invalid} invalid, {unchecked} without expect ({:.2} s){stop_note}",
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

/// A batch that finds nothing to run is a mistake (a wrong folder, a glob that matched
/// nothing, more shards than cases), not a green check: exit 2 and say so.
fn no_cases(args: &BatchArgs) -> ExitStatus {
    let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
    let message = match args.shard {
        Some((k, n)) if n > 1 => format!(
            "shard {k}/{n} of {} has no cases (are there fewer cases than shards?)",
            paths.join(", ")
        ),
        _ => format!(
            "no cases found in {}: a batch reads *.json and *.jsonl files, one case per file or line",
            paths.join(", ")
        ),
    };
    let error = CaseError::new(ErrorKind::Usage, message);
    eprintln!(
        "puzzles: batch: {}",
        crate::error::escape_controls(&error.message)
    );
    let _ = write_json(&mut io::stdout(), &ErrorDocument { error: &error }, false);
    ExitStatus::Error
}

fn progress_bar() -> Option<indicatif::ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::no_length();
    let style = indicatif::ProgressStyle::with_template("{spinner} {pos} cases {elapsed}")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
    bar.set_style(style);
    Some(bar)
}

fn run_case(case: &Case) -> CaseResult {
    let started = Instant::now();
    let mut result = CaseResult {
        line: CaseLine {
            case: case.name.clone(),
            game: None,
            command: None,
            verdict: None,
            error: None,
            pass: None,
            mismatches: Vec::new(),
        },
        outcome: Outcome::Invalid,
        file: case.file.clone(),
        at_line: case.line,
        elapsed: Duration::ZERO,
        picture: None,
    };
    let origin = (case.line, 1);
    match &case.text {
        Err(err) => result.line.error = Some(err.clone()),
        Ok(text) => judge(&mut result, text, origin),
    }
    if let Some(line) = result.line.error.as_ref().and_then(|e| e.line) {
        result.at_line = line;
    }
    result.elapsed = started.elapsed();
    result
}

/// Runs the case in `text` (which starts at `origin` in its file) and judges `expect`.
fn judge(result: &mut CaseResult, text: &str, origin: (usize, usize)) {
    let line = &mut result.line;
    let envelope = match Envelope::read(text) {
        Ok(envelope) => envelope,
        Err(err) => {
            line.error = Some(shift(err, origin));
            return;
        }
    };
    let evaluated = evaluate(&envelope, text, origin);
    if evaluated.is_err() {
        // The quick envelope reading leaves faults to serde: when the command cannot take
        // the input, the fault may be the envelope's.
        if let Err(err) = Envelope::strict(text) {
            line.error = Some(shift(err, origin));
            return;
        }
    }
    line.game = Some(envelope.game.clone());
    line.command = Some(envelope.command.clone());
    let expects_error = envelope
        .expect
        .as_ref()
        .is_some_and(|e| e.get("error").is_some());
    match evaluated {
        Ok(verdict) => {
            if let Some(expect) = &envelope.expect {
                match raw_mismatches(expect, &verdict) {
                    Ok(found) => line.mismatches = found,
                    Err(err) => {
                        let message = format!("cannot re-read the verdict: {err}");
                        line.error = Some(CaseError::new(ErrorKind::Internal, message));
                        return;
                    }
                }
                line.pass = Some(line.mismatches.is_empty());
            }
            line.verdict = Some(verdict);
            result.outcome = match line.pass {
                None => Outcome::Unchecked,
                Some(true) => Outcome::Passed,
                Some(false) => Outcome::Failed,
            };
        }
        Err(err) => {
            // A case may expect an error: `"expect": {"error": {"kind": "invalid", ...}}`.
            if let Some(expect) = envelope.expect.as_ref().filter(|_| expects_error) {
                let actual = serde_json::json!({ "error": err });
                line.mismatches = mismatches(expect, &actual);
                line.pass = Some(line.mismatches.is_empty());
            } else if envelope.expect.is_some() {
                line.pass = Some(false);
            }
            line.error = Some(err);
            result.outcome = match line.pass {
                Some(true) => Outcome::Passed,
                Some(false) if expects_error => Outcome::Failed,
                _ => Outcome::Invalid,
            };
        }
    }
    if result.outcome == Outcome::Failed
        && let Some(at) = expect_line(text, &line.mismatches)
    {
        result.at_line = at + origin.0 - 1;
    }
}

/// [`mismatches`] of a verdict still in its JSON text: an expectation usually names a few
/// fields of a large verdict, so only those fields are parsed into values.
fn raw_mismatches(expect: &Value, verdict: &RawValue) -> serde_json::Result<Vec<Mismatch>> {
    let Value::Object(wanted) = expect else {
        return Ok(mismatches(expect, &serde_json::from_str(verdict.get())?));
    };
    // Verdict keys are plain identifiers, so they borrow; anything else takes the full parse.
    let Ok(fields) =
        serde_json::from_str::<std::collections::HashMap<&str, &RawValue>>(verdict.get())
    else {
        return Ok(mismatches(expect, &serde_json::from_str(verdict.get())?));
    };
    let mut actual = serde_json::Map::new();
    for key in wanted.keys() {
        if let Some(raw) = fields.get(key.as_str()) {
            actual.insert(key.clone(), serde_json::from_str(raw.get())?);
        }
    }
    Ok(mismatches(expect, &Value::Object(actual)))
}

/// The line (in the case text) of the first mismatching value of `expect`, for reports.
fn expect_line(text: &str, mismatches: &[Mismatch]) -> Option<usize> {
    let first = mismatches.first()?;
    let offset = crate::source::locate(text, &format!("/expect{}", first.path))
        .or_else(|| crate::source::locate(text, "/expect"))?;
    Some(position(text, offset).0)
}

fn evaluate(
    envelope: &Envelope<'_>,
    text: &str,
    origin: (usize, usize),
) -> Result<Box<RawValue>, CaseError> {
    let (game, name) = (envelope.game.as_str(), envelope.command.as_str());
    let command =
        registry::find(game, name).ok_or_else(|| place(unknown(game, name), text, origin))?;
    let refuse = |message: String| {
        let err = CaseError::new(ErrorKind::Case, message).at("/command");
        place(err, text, origin)
    };
    let json = match &command.kind {
        Kind::Json(json) if json.output == Output::Json => json,
        Kind::Json(_) => {
            return Err(refuse(format!(
                "`{game} {name}` draws a picture, which a batch does not compare (`puzzles batch --render DIR` draws the failing cases)"
            )));
        }
        Kind::Interactive(_) => {
            return Err(refuse(format!(
                "`{game} {name}` is interactive and cannot run in a batch"
            )));
        }
    };
    let raw = envelope.input;
    let offset = raw.as_ptr() as usize - text.as_ptr() as usize;
    let source = Source::Text {
        text: raw,
        origin: shift_origin(origin, position(text, offset)),
        timeout: None,
    };
    let verdict = json.run(source, false)?;
    RawValue::from_string(verdict)
        .map_err(|e| CaseError::new(ErrorKind::Internal, format!("the verdict is not JSON: {e}")))
}

/// The file position of `inner` (a position in a case's text) for a case starting at `outer`.
fn shift_origin(outer: (usize, usize), inner: (usize, usize)) -> (usize, usize) {
    if inner.0 == 1 {
        (outer.0, outer.1 + inner.1 - 1)
    } else {
        (outer.0 + inner.0 - 1, inner.1)
    }
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
