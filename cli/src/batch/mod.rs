//! `puzzles batch`: run fixture cases in parallel, print one report line per case in input
//! order, and judge `expect`. One bad case never loses the others' verdicts.
//!
//! Cases are read as a stream and run a chunk at a time, so memory holds one chunk of cases
//! and their verdicts, whatever the size of the files; every position is computed from the
//! case's own text, so the work is linear in the size of the input. `puzzles batch -` reads
//! cases from stdin and answers each as soon as it is done ([`stream`]).
//!
//! Modules: [`config`] completes the command line from `puzzles.toml`, [`discover`] finds
//! the case files (with [`glob`] for `--exclude`), [`cases`] reads their cases and
//! [`select`] keeps those `--filter`, `--changed` and `--last-failed` ask for ([`list`]
//! prints them instead of running them); [`envelope`] and [`judge`] run one case, reading
//! input files by path through [`inputs`] ([`input_files`] tells those a walk meets from
//! cases), [`render`] draws the failing ones,
//! [`update`] rewrites expectations and [`naming`] adds names; [`report`], [`human`] and
//! [`summary`] write what a run found, [`slowest`] tells the slowest cases, [`last_failed`]
//! keeps the failing cases for the next `--last-failed` run, and [`watch`] runs them again
//! when a case or input file changes.

mod cases;
mod config;
mod discover;
mod envelope;
mod glob;
mod human;
mod input_files;
mod inputs;
mod judge;
mod last_failed;
mod list;
mod naming;
mod outputs;
mod render;
mod report;
mod select;
mod slowest;
mod stream;
mod summary;
mod update;
mod watch;

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::args::{BatchArgs, UpdateMode};
use crate::error::{CaseError, ErrorKind};
use crate::exit::ExitStatus;
use crate::expect::Mismatch;
use crate::output::{is_broken_pipe, stderr_line};

use cases::Case;
use config::Settings;
use discover::{Found, case_files};
use envelope::Envelope;
use glob::Excludes;
use input_files::InputFiles;
use inputs::InputPaths;
use judge::run_case;
use last_failed::{CaseKey, LastFailed};
use naming::Naming;
use outputs::OutputError;
use report::Reporter;
use select::{Filter, Rerun};
use slowest::Slowest;
use summary::{Counts, RunSummary};
use update::{CaseUpdate, Updates};

/// Cases read and run at a time: enough to keep every core busy past a few slow cases, few
/// enough that memory does not grow with the file.
const CHUNK_CASES: usize = 2048;
/// ... and at most this many bytes of case text per chunk.
const CHUNK_BYTES: usize = 8 << 20;

/// One output line.
#[derive(Debug, Serialize)]
pub struct CaseLine {
    pub case: String,
    /// The case's `"name"`, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub game: Option<String>,
    pub command: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<CaseError>,
    pub pass: Option<bool>,
    pub mismatches: Vec<Mismatch>,
    /// Why the case was skipped (`"skip"`), when it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skip: Option<String>,
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
    /// `--update`: the changes to its file that accept its verdict.
    pub update: CaseUpdate,
    /// The case was found in a folder and is no case at all (no `game`, `command`, `input`).
    pub not_a_case: bool,
    /// The file the case read its input from, as joined to the case file's folder.
    pub input_file: Option<PathBuf>,
    /// The hash of the case's text, when `--last-failed`'s record needs it.
    pub text_hash: Option<u64>,
    /// `--name-missing`: the name to give the case.
    pub name_request: Option<naming::Request>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    Failed,
    Invalid,
    Unchecked,
    /// `"skip"`: not run.
    Skipped,
    /// A file found in a folder that a case reads as its input: left out of the run.
    InputFile,
}

impl Outcome {
    fn is_failing(self) -> bool {
        matches!(self, Outcome::Failed | Outcome::Invalid)
    }
}

/// What a worker does with each case: run and judge it, and as asked draw it, work out the
/// edits that accept its verdict and the name it would get.
#[derive(Debug, Clone)]
struct Work {
    draw: bool,
    update: Option<UpdateMode>,
    name_missing: bool,
    /// Where inputs read by path may be.
    inputs: InputPaths,
    /// The input files of the run's cases, asked about files that are no case.
    input_files: Arc<InputFiles>,
    /// The files that `--last-failed`'s record holds cases of.
    recorded: Arc<HashSet<String>>,
}

impl Work {
    /// What each case of this run needs: drawing, updating, where inputs may be, and the
    /// files the last run's record holds failures of.
    fn new(
        args: &BatchArgs,
        draw: bool,
        input_files: Arc<InputFiles>,
        last_failed: Option<&LastFailed>,
    ) -> Work {
        let recorded: HashSet<String> = last_failed
            .iter()
            .flat_map(|record| record.entries().map(|(key, _)| key.file().to_string()))
            .collect();
        Work {
            draw,
            update: args.update,
            name_missing: args.name_missing,
            inputs: InputPaths {
                outside_allowed: args.allow_input_outside,
            },
            input_files,
            recorded: Arc::new(recorded),
        }
    }

    fn run(&self, case: &Case) -> CaseResult {
        let mut result = render::run_and_draw(case, self.draw, self.inputs);
        if result.not_a_case
            && case.found == Found::InFolder
            && self.input_files.contains(case.file.as_ref().as_ref())
        {
            result.outcome = Outcome::InputFile;
            return result;
        }
        // Hashing every case's text costs more than a small case's run: only for a failure
        // to record, or a file whose recorded failures this case may clear.
        if result.outcome.is_failing()
            || (!self.recorded.is_empty() && self.recorded.contains(&*case.file))
        {
            result.text_hash = Some(select::case_hash(case));
        }
        if let Some(mode) = self.update {
            result.update = update::update(case, &result, mode, self.inputs);
            if !result.update.edits.is_empty() && ran_out_of_time(&result) {
                result.update = CaseUpdate {
                    edits: Vec::new(),
                    refused: Some(format!(
                        "{} is left as it is: its verdict ran out of time (\"status\": \"timeout\"), which is no expectation; give it more time (`timeout_ms`) and update again",
                        case.id
                    )),
                };
            }
        }
        if self.name_missing
            && let Some(request) = naming::request(case)
        {
            result.name_request = Some(request);
        }
        result
    }
}

/// Whether a verdict says its work ran out of time (`"status": "timeout"`): `--update` never
/// takes it as the expectation.
fn ran_out_of_time(result: &CaseResult) -> bool {
    result
        .line
        .verdict
        .as_ref()
        .and_then(|v| crate::source::member(v.get(), "status"))
        == Some("\"timeout\"")
}

pub fn run(args: &BatchArgs) -> ExitStatus {
    if let Some(message) = update_value_as_path(args) {
        return usage_error(message);
    }
    let settings = match config::settings(args) {
        Ok(settings) => settings,
        Err(message) => return usage_error(message),
    };
    if args.watch {
        return watch::run(args, &settings);
    }
    match run_once(args, &settings, None).0 {
        RunEnd::Ran(status) | RunEnd::NotStarted(status) => status,
        RunEnd::StdoutClosed => ExitStatus::Success,
    }
}

/// `--update missing` (a space, not `=`) reads `missing` as a PATH: when no such file
/// exists, the sentence that says how to write it.
fn update_value_as_path(args: &BatchArgs) -> Option<String> {
    args.update?;
    let value = args.paths.iter().find(|path| {
        ["missing", "failing"]
            .iter()
            .any(|word| path.as_os_str() == *word)
            && !path.exists()
    })?;
    let value = value.display();
    Some(format!(
        "`{value}` is not a case file or folder: --update takes its value after `=` (`--update={value}`)"
    ))
}

/// How one run of the cases ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEnd {
    /// The cases ran (all, or up to `--fail-fast`'s stop): the exit status they give.
    Ran(ExitStatus),
    /// Whoever read stdout stopped reading (`| head`): the run ended quietly.
    StdoutClosed,
    /// The run could not start (a usage error, no cases, no worker threads): said on stderr.
    NotStarted(ExitStatus),
}

/// What a run saw besides its reports: the input files its cases read, each with the ids
/// of the cases that read it (for `--watch`).
#[derive(Debug, Default)]
pub struct Seen {
    pub inputs: BTreeMap<PathBuf, BTreeSet<String>>,
}

/// Runs the cases once (`only`: just the cases of these ids); how the run ended, and the
/// input files its cases read.
pub fn run_once(
    args: &BatchArgs,
    settings: &Settings,
    only: Option<&BTreeSet<String>>,
) -> (RunEnd, Seen) {
    let not_started = |status| (RunEnd::NotStarted(status), Seen::default());
    let started = Instant::now();
    puzzles_common::deadline::resume_all();
    let pool = match worker_pool(args.jobs) {
        Ok(pool) => pool,
        Err(err) => {
            return not_started(early_error(
                ErrorKind::Io,
                format!("cannot start worker threads: {err}"),
            ));
        }
    };
    let from_stdin = args.reads_stdin();
    if let Some(message) = from_stdin.then(|| stdin_conflict(args)).flatten() {
        return not_started(usage_error(message.into()));
    }
    let excludes = match Excludes::new(&settings.excludes) {
        Ok(excludes) => excludes,
        Err(message) => return not_started(usage_error(message)),
    };
    let last_failed = (!from_stdin && !args.no_cache).then(load_last_failed);
    let filter = Filter::new(&args.filter, &args.skip, &args.changed);
    let (shard, shards) = args.shard.unwrap_or((1, 1));
    let in_shard = move |i: usize| i % shards == shard - 1;
    let rerun = last_failed
        .as_ref()
        .filter(|_| args.last_failed)
        .map(Rerun::new);
    let files = if from_stdin {
        Vec::new()
    } else {
        case_files(&settings.paths, &excludes)
    };
    let input_files = Arc::new(InputFiles::new(&files));
    let mut cases = select::file_cases(files, &filter, rerun.as_ref())
        .filter(|case| only.is_none_or(|ids| ids.contains(&case.id)))
        .enumerate()
        .filter(|(i, _)| in_shard(*i))
        .map(|(_, case)| case)
        .peekable();
    if !from_stdin && cases.peek().is_none() {
        if !args.changed.is_empty() {
            // A change that no case is in or reads breaks nothing (a hook's quiet pass).
            stderr_line("puzzles batch: no case is in, or reads, a --changed file");
            return (RunEnd::Ran(ExitStatus::Success), Seen::default());
        }
        return not_started(no_cases(args, settings));
    }
    if args.list {
        let for_people = match list::for_people(&args.report) {
            Ok(for_people) => for_people,
            Err(message) => return not_started(usage_error(message)),
        };
        return (
            RunEnd::Ran(list::list(cases, &input_files, for_people)),
            Seen::default(),
        );
    }

    let (reporter, pictures) = match outputs(args, settings) {
        Ok(outputs) => outputs,
        Err(status) => return not_started(status),
    };
    let work = Work::new(args, pictures.is_some(), input_files, last_failed.as_ref());
    let collector = Collector {
        // A stream's stderr is often the terminal of a person using the script: no spinner.
        progress: progress_bar().filter(|_| !from_stdin),
        stale: rerun.as_ref().map(|r| Arc::clone(&r.stale)),
        ..Collector::new(args, reporter, pictures, last_failed)
    };
    let ended = if from_stdin {
        stream::run(&pool, work, collector, &filter, in_shard)
    } else {
        run_in_chunks(&pool, &work, collector, cases)
    };
    ended.finish(started)
}

/// The record of the last run's failures, with a warning on stderr when it could not be
/// read as it was written.
fn load_last_failed() -> LastFailed {
    let (record, warning) = LastFailed::load(&LastFailed::default_dir());
    if let Some(warning) = warning {
        stderr_line(&format!("puzzles batch: {warning}"));
    }
    record
}

/// The reports and the `--render` folder, checked before anything runs: a refused run makes
/// no folder and touches no file. The error is said already; its exit status is returned.
fn outputs(
    args: &BatchArgs,
    settings: &Settings,
) -> Result<(Reporter, Option<render::Pictures>), ExitStatus> {
    let reporter = Reporter::new(&settings.reports)
        .map_err(|OutputError(kind, message)| early_error(kind, message))?;
    let pictures = match args.render.as_deref().map(render::Pictures::new) {
        Some(Err(err)) => {
            let message = format!("--render: cannot make the folder: {err}");
            return Err(early_error(ErrorKind::Io, message));
        }
        made => made.and_then(Result::ok),
    };
    Ok((reporter, pictures))
}

/// Runs the cases of files a chunk at a time, each chunk in parallel, and hands the results
/// to the collector in input order.
fn run_in_chunks(
    pool: &rayon::ThreadPool,
    work: &Work,
    mut collector: Collector,
    mut cases: impl Iterator<Item = Case>,
) -> Ended {
    let mut stopped_early = false;
    let mut write_error = None;
    loop {
        let chunk = next_chunk(&mut cases);
        if chunk.is_empty() {
            break;
        }
        match run_chunk(pool, work, &chunk, &mut collector) {
            ChunkEnd::Done => {}
            ChunkEnd::Stopped => {
                stopped_early = true;
                break;
            }
            ChunkEnd::WriteFailed(err) => {
                write_error = Some(err);
                break;
            }
        }
        if let Err(err) = collector.reporter.flush() {
            write_error = Some(err);
            break;
        }
    }
    Ended {
        collector,
        stopped_early,
        write_error,
    }
}

/// The next cases to run together: up to [`CHUNK_CASES`] cases or [`CHUNK_BYTES`] of text.
fn next_chunk(cases: &mut impl Iterator<Item = Case>) -> Vec<Case> {
    let mut chunk = Vec::new();
    let mut bytes = 0;
    while chunk.len() < CHUNK_CASES && bytes < CHUNK_BYTES {
        let Some(case) = cases.next() else { break };
        bytes += case.size();
        chunk.push(case);
    }
    chunk
}

/// How a chunk's run ended.
#[derive(Debug)]
enum ChunkEnd {
    /// Every case ran and was collected.
    Done,
    /// `--fail-fast` met a failing case.
    Stopped,
    /// A report could not be written.
    WriteFailed(io::Error),
}

/// Runs one chunk on the pool and collects its results in input order as they arrive,
/// telling the workers to skip what is left once the run stops.
fn run_chunk(
    pool: &rayon::ThreadPool,
    work: &Work,
    chunk: &[Case],
    collector: &mut Collector,
) -> ChunkEnd {
    let stop = AtomicBool::new(false);
    // Results travel in groups: one message per case costs a thread wake-up per case, more
    // than a small case's whole run.
    let group = (chunk.len() / (pool.current_num_threads() * 8)).clamp(1, 64);
    let (tx, rx) = mpsc::channel::<(usize, Vec<Option<CaseResult>>)>();
    std::thread::scope(|scope| {
        let stop = &stop;
        scope.spawn(|| {
            pool.install(|| {
                chunk
                    .par_chunks(group)
                    .enumerate()
                    .for_each_with(tx, |tx, (index, cases)| {
                        let mut from = index * group;
                        let mut results = Vec::with_capacity(cases.len());
                        for case in cases {
                            let result = (!stop.load(Ordering::Relaxed)).then(|| work.run(case));
                            // A failure goes out at once: `--fail-fast` must not wait for
                            // the slow cases after it in the group.
                            let failing = result.as_ref().is_some_and(|r| r.outcome.is_failing());
                            results.push(result);
                            if failing {
                                let sent = std::mem::take(&mut results);
                                let count = sent.len();
                                let _ = tx.send((from, sent));
                                from += count;
                            }
                        }
                        if !results.is_empty() {
                            let _ = tx.send((from, results));
                        }
                    });
            });
        });
        // Print in input order as results arrive: a reorder buffer keyed by the position of
        // each message's first case.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (from, results) in rx {
            waiting.insert(from, results);
            while let Some(results) = waiting.remove(&next) {
                next += results.len();
                for result in results.into_iter().flatten() {
                    let end = match collector.take(result) {
                        Ok(Flow::Go) => continue,
                        Ok(Flow::Stop) => ChunkEnd::Stopped,
                        Err(err) => ChunkEnd::WriteFailed(err),
                    };
                    stop.store(true, Ordering::Relaxed);
                    // The cases still running stop at their next poll of the clock.
                    puzzles_common::deadline::cancel_all();
                    return end;
                }
            }
        }
        ChunkEnd::Done
    })
}

/// Whether to go on after a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    /// `--fail-fast` met a failing case.
    Stop,
}

/// Takes the results in input order: counts them, reports them, saves their pictures and
/// gathers their edits.
#[derive(Debug)]
struct Collector {
    counts: Counts,
    reporter: Reporter,
    pictures: Option<render::Pictures>,
    updates: Updates,
    naming: Naming,
    progress: Option<indicatif::ProgressBar>,
    fail_fast: bool,
    last_failed: Option<LastFailed>,
    /// `--last-failed`: the recorded failures that matched no case, once the cases are read.
    stale: Option<select::Stale>,
    /// `--durations N`.
    slowest: Option<Slowest>,
    /// The report for people goes to stdout: the progress bar steps aside while it writes,
    /// and its last block replaces the stderr summary line.
    human_on_stdout: bool,
    seen: Seen,
}

impl Collector {
    /// A collector with nothing counted yet, without a progress bar or stale records.
    fn new(
        args: &BatchArgs,
        reporter: Reporter,
        pictures: Option<render::Pictures>,
        last_failed: Option<LastFailed>,
    ) -> Collector {
        Collector {
            counts: Counts::default(),
            human_on_stdout: reporter.human_on_stdout(),
            reporter,
            pictures,
            updates: Updates::default(),
            naming: Naming::default(),
            progress: None,
            fail_fast: args.fail_fast,
            last_failed,
            stale: None,
            slowest: args.durations.map(Slowest::new),
            seen: Seen::default(),
        }
    }

    fn take(&mut self, mut result: CaseResult) -> io::Result<Flow> {
        if result.outcome == Outcome::InputFile {
            return Ok(Flow::Go);
        }
        self.counts.add(result.outcome);
        if let Some(bar) = &self.progress {
            bar.inc(1);
        }
        if let Some(pictures) = &mut self.pictures {
            pictures.save(&result);
        }
        self.updates.add(&result);
        if let Some(request) = result.name_request.take() {
            self.naming.add(&result.file, request);
        }
        if let (Some(record), Some(hash)) = (&mut self.last_failed, result.text_hash)
            && result.outcome != Outcome::Skipped
        {
            let key = CaseKey::new(&result.file, result.line.name.as_deref(), hash);
            record.record(key, &result.line.case, result.outcome.is_failing());
        }
        if let Some(input) = result.input_file.take() {
            let ids = self.seen.inputs.entry(input).or_default();
            ids.insert(result.line.case.clone());
        }
        if let Some(slowest) = &mut self.slowest {
            slowest.add(&result);
        }
        match &self.progress {
            Some(bar) if self.human_on_stdout => {
                bar.suspend(|| self.reporter.case(&result))?;
            }
            _ => self.reporter.case(&result)?,
        }
        if self.fail_fast && result.outcome.is_failing() {
            return Ok(Flow::Stop);
        }
        Ok(Flow::Go)
    }
}

/// A run that has taken its last case.
#[derive(Debug)]
struct Ended {
    collector: Collector,
    stopped_early: bool,
    write_error: Option<io::Error>,
}

impl Ended {
    /// Applies the updates, ends the reports, prints the summary line; how the run ended,
    /// and what it saw.
    fn finish(self, started: Instant) -> (RunEnd, Seen) {
        let Ended {
            mut collector,
            stopped_early,
            write_error,
        } = self;
        if let Some(bar) = collector.progress.take() {
            bar.finish_and_clear();
        }
        if let Some(pictures) = collector.pictures.take() {
            pictures.finish();
        }
        for (file, edits) in std::mem::take(&mut collector.naming).edits() {
            collector.updates.add_edits(&file, edits);
        }
        let accepted = std::mem::take(&mut collector.updates.accepted);
        let update_failures = std::mem::take(&mut collector.updates).apply();
        for failure in &update_failures {
            stderr_line(&format!("puzzles batch: --update: {failure}"));
        }
        let elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let updated = if update_failures.is_empty() {
            accepted.len()
        } else {
            0
        };
        if let Some(mut record) = collector.last_failed.take() {
            if update_failures.is_empty() {
                // Their expectations now hold the verdicts: they pass from now on.
                for id in &accepted {
                    record.forget_id(id);
                }
            }
            let stale = collector.stale.take();
            for (key, _) in stale
                .iter()
                .flat_map(|s| s.lock().map(|v| v.clone()).unwrap_or_default())
            {
                record.forget(&key);
            }
            if let Err(err) = record.save() {
                stderr_line(&format!(
                    "puzzles batch: cannot keep the record of failing cases in {}: {err}",
                    record.dir().display()
                ));
            }
        }
        let seen = std::mem::take(&mut collector.seen);
        let summary = RunSummary::new(collector.counts, updated, stopped_early, elapsed_ms);
        let written = match write_error {
            Some(err) => Err(err),
            None => collector.reporter.finish(&summary),
        };
        match written {
            Err(err) if is_broken_pipe(&err) => return (RunEnd::StdoutClosed, seen),
            Err(err) => return (RunEnd::Ran(crate::exit::cannot_write("batch", &err)), seen),
            Ok(()) => {}
        }
        if let Some(slowest) = collector.slowest.take() {
            slowest.tell();
        }
        if !collector.human_on_stdout {
            stderr_line(&summary.line());
        }
        let status = if update_failures.is_empty() {
            summary.status()
        } else {
            ExitStatus::Error
        };
        (RunEnd::Ran(status), seen)
    }
}

/// Why the flags cannot read cases from stdin (`-`), if they cannot.
fn stdin_conflict(args: &BatchArgs) -> Option<&'static str> {
    if args.paths.len() > 1 {
        Some("`-` (cases from stdin) cannot be mixed with case files; run them apart")
    } else if args.update.is_some() {
        Some("--update rewrites case files; cases read from stdin have no file to rewrite")
    } else if args.last_failed {
        Some("--last-failed re-runs cases of files; cases read from stdin have no record")
    } else if args.watch {
        Some("--watch runs cases of files again when they change; stdin does not change")
    } else {
        None
    }
}

/// `--jobs` is capped at this many workers per core: cases are CPU-bound, so more threads
/// only cost memory and start-up (`--jobs 3000` took 17 s to run 16 cases, and under a
/// 400 MB address-space limit could not start at all).
pub const MAX_JOBS_PER_CORE: usize = 4;

/// The pool the cases run on: `jobs` workers (default one per core), at most
/// [`MAX_JOBS_PER_CORE`] per core; a single worker when the system refuses more.
fn worker_pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let jobs = jobs.unwrap_or(cores).clamp(1, cores * MAX_JOBS_PER_CORE);
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .or_else(|_| rayon::ThreadPoolBuilder::new().num_threads(1).build())
}

/// A usage error found before any case ran: the error object on stdout, a sentence on
/// stderr, exit 2.
fn usage_error(message: String) -> ExitStatus {
    early_error(ErrorKind::Usage, message)
}

/// A batch that cannot start (a usage error, no worker threads, no picture folder): the
/// error object on stdout, a sentence on stderr, exit 2.
fn early_error(kind: ErrorKind, message: String) -> ExitStatus {
    crate::exit::fail(&CaseError::new(kind, message), "batch", false)
}

/// A batch that finds nothing to run is a mistake (a wrong folder, a glob that matched
/// nothing, a filter that matched nothing, more shards than cases), not a green check: exit
/// 2 and say so.
fn no_cases(args: &BatchArgs, settings: &Settings) -> ExitStatus {
    let paths: Vec<String> = settings
        .paths
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let message = match args.shard {
        Some((k, n)) if n > 1 => format!(
            "shard {k}/{n} of {} has no cases (are there fewer cases than shards?)",
            paths.join(", ")
        ),
        _ if !args.filter.is_empty() => format!(
            "no case in {} has {} in its id, `game command` or note (--filter){}",
            paths.join(", "),
            any_of(&args.filter),
            if args.skip.is_empty() {
                String::new()
            } else {
                format!(" without {} (--skip)", any_of(&args.skip))
            }
        ),
        _ if !args.skip.is_empty() => format!(
            "every case in {} has {} in its id, `game command` or note (--skip)",
            paths.join(", "),
            any_of(&args.skip)
        ),
        _ => format!(
            "no cases found in {}{}: a batch reads *.json and *.jsonl files, one case per file or line",
            paths.join(", "),
            if settings.excludes.is_empty() {
                " (hidden and git-ignored files are skipped)"
            } else {
                " (after --exclude; hidden and git-ignored files are skipped)"
            }
        ),
    };
    usage_error(message)
}

/// `"a" or "b"`: the texts of `--filter` or `--skip`, for a message.
fn any_of(texts: &[String]) -> String {
    texts
        .iter()
        .map(|t| format!("{t:?}"))
        .collect::<Vec<_>>()
        .join(" or ")
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
