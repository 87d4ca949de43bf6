//! The end of a run in numbers: the counts of each outcome, the stderr line, the
//! `--report summary` object, and the Markdown summary a GitHub Actions job page shows.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::{CaseResult, Outcome};
use crate::error::shorten_quotes;
use crate::exit::ExitStatus;

/// How many cases ended each way.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub passed: usize,
    pub failed: usize,
    pub invalid: usize,
    /// Cases without `expect`: a verdict, nothing to judge.
    pub unchecked: usize,
    /// Cases with `"skip"`: not run.
    pub skipped: usize,
}

impl Counts {
    pub fn add(&mut self, outcome: Outcome) {
        let count = match outcome {
            Outcome::Passed => &mut self.passed,
            Outcome::Failed => &mut self.failed,
            Outcome::Invalid => &mut self.invalid,
            Outcome::Unchecked => &mut self.unchecked,
            Outcome::Skipped => &mut self.skipped,
            // A file that a case reads as its input: no case at all.
            Outcome::InputFile => return,
        };
        *count += 1;
    }

    pub fn total(&self) -> usize {
        self.passed + self.failed + self.invalid + self.unchecked + self.skipped
    }
}

/// The `--report summary` object: `{"cases", "passed", "failed", "invalid", "unchecked",
/// "skipped", "updated", "stopped_early", "exit", "elapsed_ms"}`.
#[derive(Debug, Clone, Serialize)]
pub struct RunSummary {
    pub cases: usize,
    #[serde(flatten)]
    pub counts: Counts,
    /// Failing cases whose `expect` `--update` rewrote (they pass now).
    pub updated: usize,
    /// True when `--fail-fast` stopped the run.
    pub stopped_early: bool,
    /// The exit code of the run.
    pub exit: u8,
    pub elapsed_ms: u64,
}

impl RunSummary {
    pub fn new(counts: Counts, updated: usize, stopped_early: bool, elapsed_ms: u64) -> Self {
        let mut summary = RunSummary {
            cases: counts.total(),
            counts,
            updated,
            stopped_early,
            exit: 0,
            elapsed_ms,
        };
        summary.exit = match summary.status() {
            ExitStatus::Success => 0,
            ExitStatus::Failure => 1,
            ExitStatus::Error => 2,
        };
        summary
    }

    /// 2 when a case was invalid, 1 when an expectation failed (and was not updated).
    pub fn status(&self) -> ExitStatus {
        if self.counts.invalid > 0 {
            ExitStatus::Error
        } else if self.counts.failed > self.updated {
            ExitStatus::Failure
        } else {
            ExitStatus::Success
        }
    }

    /// The stderr line: `12 cases: 10 passed, 1 failed, 1 invalid, 0 without expect (0.02 s)`,
    /// with `, N skipped` before the time when cases were skipped.
    pub fn line(&self) -> String {
        let Counts {
            passed,
            failed,
            invalid,
            unchecked,
            skipped,
        } = self.counts;
        let skipped = match skipped {
            0 => String::new(),
            n => format!(", {n} skipped"),
        };
        let cases = if self.cases == 1 { "case" } else { "cases" };
        let updated = match self.updated {
            0 => String::new(),
            n => format!(" ({n} updated)"),
        };
        let stop_note = if self.stopped_early {
            " (stopped at the first failing case: --fail-fast)"
        } else {
            ""
        };
        format!(
            "puzzles batch: {} {cases}: {passed} passed, {failed} failed{updated}, {invalid} invalid, {unchecked} without expect{skipped} ({:.2} s){stop_note}",
            self.cases,
            self.elapsed_ms as f64 / 1000.0
        )
    }
}

/// Rows of failing cases kept for the step summary; the rest are counted.
const STEP_SUMMARY_ROWS: usize = 50;

/// The Markdown a GitHub Actions job page shows (`GITHUB_STEP_SUMMARY`): the counts and a
/// table of the first failing cases.
#[derive(Debug)]
pub struct StepSummary {
    path: PathBuf,
    rows: Vec<String>,
    more: usize,
}

impl StepSummary {
    pub fn new(path: PathBuf) -> StepSummary {
        StepSummary {
            path,
            rows: Vec::new(),
            more: 0,
        }
    }

    pub fn case(&mut self, result: &CaseResult) {
        let what = match result.outcome {
            Outcome::Passed | Outcome::Unchecked | Outcome::Skipped | Outcome::InputFile => return,
            Outcome::Failed => "failed",
            Outcome::Invalid => "invalid",
        };
        if self.rows.len() == STEP_SUMMARY_ROWS {
            self.more += 1;
            return;
        }
        let line = &result.line;
        let command = match (&line.game, &line.command) {
            (Some(game), Some(command)) => format!("{game} {command}"),
            _ => String::new(),
        };
        let why = match (&line.error, result.outcome) {
            (Some(err), Outcome::Invalid) => format!("{} error: {}", err.kind.name(), err.message),
            _ => failure_summary(result),
        };
        self.rows.push(format!(
            "| `{}` | {} | {what} | {} |",
            cell(&line.case).replace('`', "'"),
            cell(&command),
            cell(&why)
        ));
    }

    /// Appends the summary (the file is shared by every step of the job).
    pub fn append(&self, run: &RunSummary) -> io::Result<()> {
        let mut text = String::from("### puzzles batch\n\n");
        let counts = run.counts;
        text.push_str(&format!(
            "{} cases: {} passed, {} failed, {} invalid, {} without expect{}{}.\n",
            run.cases,
            counts.passed,
            counts.failed,
            counts.invalid,
            counts.unchecked,
            if counts.skipped > 0 {
                format!(", {} skipped", counts.skipped)
            } else {
                String::new()
            },
            if run.updated > 0 {
                format!(" ({} updated)", run.updated)
            } else {
                String::new()
            }
        ));
        if !self.rows.is_empty() {
            text.push_str("\n| case | command | outcome | why |\n|---|---|---|---|\n");
            for row in &self.rows {
                text.push_str(row);
                text.push('\n');
            }
            if self.more > 0 {
                text.push_str(&format!("\nand {} more failing cases.\n", self.more));
            }
        }
        text.push('\n');
        crate::files::open_to_append(&self.path)
            .and_then(|mut file| file.write_all(text.as_bytes()))
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", self.path.display())))
    }
}

/// `expected /status = "unique", got "multiple"` for the first mismatch, and how many more.
pub fn failure_summary(result: &CaseResult) -> String {
    let line = &result.line;
    match line.mismatches.first() {
        Some(first) => {
            let more = match line.mismatches.len() - 1 {
                0 => String::new(),
                n => format!(" (and {n} more)"),
            };
            shorten_quotes(&format!(
                "{}: expected {} = {}, got {}{more}",
                line.case, first.path, first.expected, first.actual
            ))
        }
        None => match &line.error {
            Some(err) => format!(
                "{}: expected a verdict, got an error: {}",
                line.case, err.message
            ),
            None => format!("{}: the expectation failed", line.case),
        },
    }
}

/// Text for a Markdown table cell: one line, no `|`, no HTML, no control characters.
fn cell(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().take(300) {
        match c {
            '|' => out.push_str("\\|"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_cells_stay_in_their_cell() {
        assert_eq!(cell("a|b\nc<d>"), "a\\|b c&lt;d&gt;");
    }

    #[test]
    fn updated_failures_no_longer_fail_the_run() {
        let counts = Counts {
            passed: 3,
            failed: 2,
            ..Counts::default()
        };
        assert_eq!(RunSummary::new(counts, 0, false, 5).exit, 1);
        assert_eq!(RunSummary::new(counts, 2, false, 5).exit, 0);
        let invalid = Counts {
            invalid: 1,
            ..counts
        };
        assert_eq!(RunSummary::new(invalid, 2, false, 5).exit, 2);
    }
}
