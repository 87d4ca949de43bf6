//! `puzzles batch -`: cases as JSON Lines on stdin, each verdict line written (and flushed)
//! in input order as soon as it and every case before it are done, so a script can keep one
//! `puzzles` open as a co-process: write a case, read its answer, write the next.
//!
//! Flushing is per run of answers, not per line: whoever prints (the reading thread or a
//! worker) writes every answer that is ready in order, then flushes once before it lets go of
//! the lock. No printed answer ever waits for a later case, and a writer that sends many cases
//! at once gets its answers in a few large writes instead of one system call per line.
//!
//! A case that arrives alone (the writer waits for its answer) runs on the reading thread
//! itself: no hand-over to a worker and back, which would cost two thread wake-ups per
//! round trip. Cases that arrive together (the writer sends many before reading) go to the
//! worker pool in groups, at most [`MAX_IN_FLIGHT`] at once, so memory stays flat however
//! far ahead the writer is.

use std::collections::BTreeMap;
use std::io::{self, BufReader, StdinLock};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use super::cases::Case;
use super::discover::Found;
use super::select::Filter;
use super::{CaseResult, Collector, Ended, Flow, Work};
use crate::error::{CaseError, ErrorKind};
use crate::files::read_line;

/// Cases handed to one worker at a time when many are waiting.
const GROUP: usize = 64;
/// Cases read ahead of the answers at most.
const MAX_IN_FLIGHT: usize = 4096;

/// Reads stdin to its end (or until `--fail-fast` stops) and answers every case.
pub fn run(
    pool: &rayon::ThreadPool,
    work: Work,
    collector: Collector,
    filter: &Filter,
    in_shard: impl Fn(usize) -> bool,
) -> Ended {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            next: 0,
            waiting: BTreeMap::new(),
            collector: Some(collector),
            in_flight: 0,
            write_error: None,
            stopped_early: false,
        }),
        room: Condvar::new(),
        stop: AtomicBool::new(false),
    });
    let stdin = io::stdin();
    let mut lines = Lines::new(stdin.lock());
    let (mut index, mut kept) = (0, 0);
    let mut next_case = |lines: &mut Lines| loop {
        let case = lines.next()?;
        if !filter.keeps(&case) {
            continue;
        }
        kept += 1;
        if in_shard(kept - 1) {
            index += 1;
            return Some((index - 1, case));
        }
    };
    while !shared.stop.load(Ordering::Relaxed) {
        let Some(first) = next_case(&mut lines) else {
            break;
        };
        let mut group = vec![first];
        while group.len() < GROUP && lines.has_line_waiting() {
            match next_case(&mut lines) {
                Some(case) => group.push(case),
                None => break,
            }
        }
        if group.len() == 1 && shared.lock().in_flight == 0 {
            let (index, case) = group.remove(0);
            shared.deliver(index, work.run(&case));
            continue;
        }
        shared.reserve(group.len());
        let worker = Arc::clone(&shared);
        let work = work.clone();
        pool.spawn(move || {
            let mut results = Vec::with_capacity(group.len());
            for (index, case) in group {
                let result = (!worker.stop.load(Ordering::Relaxed)).then(|| work.run(&case));
                let failing = result.as_ref().is_some_and(|r| r.outcome.is_failing());
                results.push((index, result));
                // A failure is handed back at once: `--fail-fast` must not wait for the
                // slow cases after it in the group.
                if failing {
                    worker.finish(std::mem::take(&mut results));
                }
            }
            if !results.is_empty() {
                worker.finish(results);
            }
        });
    }
    let mut state = shared.lock();
    while state.in_flight > 0 {
        state = shared.room.wait(state).unwrap_or_else(|e| e.into_inner());
    }
    Ended {
        collector: state
            .collector
            .take()
            .expect("the collector is taken once, after the last case"),
        stopped_early: state.stopped_early,
        write_error: state.write_error.take(),
    }
}

/// The state the reading thread and the workers share.
struct Shared {
    state: Mutex<State>,
    /// Signalled as cases finish: for a reader waiting for room, and for the end.
    room: Condvar,
    /// Set when no more cases should run (`--fail-fast`, or stdout is gone).
    stop: AtomicBool,
}

struct State {
    /// The index of the next case to print, and the finished cases waiting for it.
    next: usize,
    waiting: BTreeMap<usize, Option<CaseResult>>,
    collector: Option<Collector>,
    /// Cases handed to workers and not yet finished.
    in_flight: usize,
    write_error: Option<io::Error>,
    stopped_early: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until `cases` more fit in flight, then counts them in.
    fn reserve(&self, cases: usize) {
        let mut state = self.lock();
        while state.in_flight > 0 && state.in_flight + cases > MAX_IN_FLIGHT {
            state = self.room.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        state.in_flight += cases;
    }

    /// A worker's group is done (`None`: a case skipped after a stop). The group is handed
    /// back whole, up to a failing case: its cases arrived together, so their reader is not
    /// waiting on the first.
    fn finish(&self, results: Vec<(usize, Option<CaseResult>)>) {
        let mut state = self.lock();
        state.in_flight -= results.len();
        state.waiting.extend(results);
        self.print_in_order(&mut state);
        self.room.notify_all();
    }

    /// The reading thread's own case is done.
    fn deliver(&self, index: usize, result: CaseResult) {
        let mut state = self.lock();
        state.waiting.insert(index, Some(result));
        self.print_in_order(&mut state);
    }

    /// Prints every answer that is ready in input order, then flushes them in one go.
    fn print_in_order(&self, state: &mut State) {
        let mut printed = false;
        while let Some(result) = state.waiting.remove(&state.next) {
            state.next += 1;
            let (Some(result), Some(collector)) = (result, state.collector.as_mut()) else {
                continue;
            };
            if self.stop.load(Ordering::Relaxed) {
                continue;
            }
            printed = true;
            match collector.take(result) {
                Ok(Flow::Go) => {}
                Ok(Flow::Stop) => {
                    state.stopped_early = true;
                    self.stop.store(true, Ordering::Relaxed);
                    // The cases still running stop at their next poll of the clock.
                    puzzles_common::deadline::cancel_all();
                }
                Err(err) => {
                    state.write_error = Some(err);
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if !printed || state.write_error.is_some() {
            return;
        }
        if let Some(collector) = state.collector.as_mut()
            && let Err(err) = collector.reporter.flush_stdout()
        {
            state.write_error = Some(err);
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The lines of stdin as cases named `<stdin>:N`; blank lines are skipped.
struct Lines<'a> {
    reader: BufReader<StdinLock<'a>>,
    buffer: Vec<u8>,
    name: Arc<str>,
    number: usize,
    offset: usize,
    ended: bool,
}

impl<'a> Lines<'a> {
    fn new(stdin: StdinLock<'a>) -> Self {
        Lines {
            reader: BufReader::with_capacity(1 << 16, stdin),
            buffer: Vec::new(),
            name: Arc::from("<stdin>"),
            number: 0,
            offset: 0,
            ended: false,
        }
    }

    /// True when a whole line is already read from the pipe: the writer sent several cases
    /// before waiting for answers.
    fn has_line_waiting(&self) -> bool {
        self.reader.buffer().contains(&b'\n')
    }

    fn next(&mut self) -> Option<Case> {
        while !self.ended {
            self.buffer.clear();
            let read = read_line(&mut self.reader, &mut self.buffer);
            self.number += 1;
            let number = self.number;
            match read {
                Ok(0) => self.ended = true,
                Ok(read) => {
                    let offset = self.offset;
                    self.offset += read;
                    let bytes = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
                    if let Some(case) =
                        Case::from_line(&self.name, Found::Stdin, number, offset, bytes)
                    {
                        return Some(case);
                    }
                }
                Err(err) => {
                    self.ended = true;
                    let err = CaseError::new(ErrorKind::Io, format!("cannot read stdin: {err}"));
                    return Some(Case {
                        id: format!("{}:{number}", self.name),
                        name: None,
                        file: self.name.clone(),
                        line: number,
                        offset: self.offset,
                        found: Found::Stdin,
                        text: Err(err.at_line(number, None)),
                    });
                }
            }
        }
        None
    }
}
