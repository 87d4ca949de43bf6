//! What a batch reports, each report to stdout or its own file: JSON Lines (the default in
//! pipes and files), the report for people ([`super::human`], the default on a terminal), a
//! JUnit XML document for CI test reports, JSON Lines plus GitHub Actions annotations for
//! the failing cases (and a Markdown step summary), or the end-of-run counts as one JSON
//! object.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use super::human::{Human, colour_allowed};
use super::outputs::{self, OutputError, ReportFile};
use super::summary::{RunSummary, StepSummary, failure_summary};
use super::{CaseResult, Outcome};
use crate::args::{self, ReportFormat};
use crate::error::{ErrorKind, escape_controls, shorten_quotes};
use crate::output::{stderr_line, write_json};
use puzzles_common::xml_text;

/// Writes each case to every report as it comes, and whatever a report needs at the end.
pub struct Reporter {
    sinks: Vec<Sink>,
    /// `--report github` with GITHUB_STEP_SUMMARY set: the Markdown summary it appends to.
    step_summary: Option<StepSummary>,
}

impl std::fmt::Debug for Reporter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let formats: Vec<&str> = self.sinks.iter().map(|s| s.format.name()).collect();
        write!(f, "Reporter({})", formats.join(", "))
    }
}

/// One report and where it goes.
struct Sink {
    format: ReportFormat,
    out: Output,
    /// JUnit: one suite per case file, in input order.
    suites: Vec<TestSuite>,
    /// The report for people.
    human: Option<Human>,
}

impl Reporter {
    /// Opens every report's file. At most one report may go to stdout; when none does,
    /// stdout gets the report for people on a terminal and JSON Lines elsewhere, so a run
    /// always shows its cases.
    pub fn new(reports: &[args::Report]) -> Result<Reporter, OutputError> {
        let on_stdout: Vec<&str> = reports
            .iter()
            .filter(|r| r.path.is_none())
            .map(|r| r.format.name())
            .collect();
        if on_stdout.len() > 1 {
            return Err(OutputError(
                ErrorKind::Usage,
                format!(
                    "--report: {} would all go to stdout; give all but one a file (`--report junit=out.xml`)",
                    on_stdout.join(" and ")
                ),
            ));
        }
        let step_summary_path = reports
            .iter()
            .any(|r| r.format == ReportFormat::Github)
            .then(|| std::env::var_os("GITHUB_STEP_SUMMARY"))
            .flatten()
            .filter(|path| !path.is_empty())
            .map(PathBuf::from);
        outputs::check_distinct(reports, step_summary_path.as_deref())?;
        let terminal = io::stdout().is_terminal();
        let default = if terminal {
            ReportFormat::Human
        } else {
            ReportFormat::Jsonl
        };
        let stdout_format = reports
            .iter()
            .find(|r| r.path.is_none())
            .map_or(default, |r| r.format);
        let stdout = BufWriter::with_capacity(1 << 16, io::stdout());
        let mut sink = Sink::new(stdout_format, Output::Stdout(stdout));
        if let Some(human) = &mut sink.human {
            *human = Human::new(colour_allowed(terminal));
        }
        let mut sinks = vec![sink];
        for report in reports {
            let Some(path) = &report.path else { continue };
            let file = outputs::open(path).map_err(|e| {
                OutputError(
                    ErrorKind::Io,
                    format!(
                        "--report {}: cannot write {}: {e}",
                        report.format.name(),
                        path.display()
                    ),
                )
            })?;
            sinks.push(Sink::new(report.format, Output::File(file)));
        }
        Ok(Reporter {
            sinks,
            step_summary: step_summary_path.map(StepSummary::new),
        })
    }

    /// Whether stdout gets the report for people.
    pub fn human_on_stdout(&self) -> bool {
        self.sinks
            .first()
            .is_some_and(|s| s.format == ReportFormat::Human)
    }

    pub fn case(&mut self, result: &CaseResult) -> io::Result<()> {
        if let Some(summary) = &mut self.step_summary {
            summary.case(result);
        }
        for sink in &mut self.sinks {
            sink.case(result)?;
        }
        Ok(())
    }

    /// Hands what was written so far to the readers (every line, in a stream).
    pub fn flush(&mut self) -> io::Result<()> {
        self.sinks
            .iter_mut()
            .try_for_each(|sink| sink.out.writer().flush())
    }

    /// Hands the lines written so far to stdout's reader (a stream answers line by line).
    pub fn flush_stdout(&mut self) -> io::Result<()> {
        match self.sinks.first_mut() {
            Some(sink) => sink.out.writer().flush(),
            None => Ok(()),
        }
    }

    /// Ends every report: the JUnit documents, the summary objects, the step summary; each
    /// report file then replaces the file at its path.
    pub fn finish(&mut self, run: &RunSummary) -> io::Result<()> {
        if let Some(summary) = &self.step_summary
            && let Err(err) = summary.append(run)
        {
            stderr_line(&format!(
                "puzzles batch: cannot append to GITHUB_STEP_SUMMARY: {err}"
            ));
        }
        for sink in &mut self.sinks {
            sink.finish(run)?;
            match &mut sink.out {
                Output::Stdout(out) => out.flush()?,
                Output::File(file) => file.commit()?,
            }
        }
        Ok(())
    }
}

/// Stdout, or a report file.
enum Output {
    /// The `github` report writes JSON Lines there and its annotations on stderr.
    Stdout(BufWriter<io::Stdout>),
    File(ReportFile),
}

impl Output {
    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(out) => out,
            Output::File(file) => &mut file.writer,
        }
    }
}

impl Sink {
    fn new(format: ReportFormat, out: Output) -> Sink {
        Sink {
            format,
            out,
            suites: Vec::new(),
            human: (format == ReportFormat::Human).then(|| Human::new(false)),
        }
    }

    fn case(&mut self, result: &CaseResult) -> io::Result<()> {
        let on_stdout = matches!(self.out, Output::Stdout(_));
        let out = self.out.writer();
        match self.format {
            ReportFormat::Jsonl => write_json(out, &result.line, false),
            ReportFormat::Human => match &mut self.human {
                Some(human) => human.case(out, result),
                None => Ok(()),
            },
            ReportFormat::Github if on_stdout => {
                write_json(out, &result.line, false)?;
                if let Some(annotation) = github_annotation(result) {
                    // stdout first, so the annotation follows the line it is about.
                    out.flush()?;
                    stderr_line(&annotation);
                }
                Ok(())
            }
            ReportFormat::Github => match github_annotation(result) {
                Some(annotation) => writeln!(out, "{annotation}"),
                None => Ok(()),
            },
            ReportFormat::Junit => {
                let suite_name = xml(&result.file);
                if self
                    .suites
                    .last()
                    .is_none_or(|s| s.name.as_str() != suite_name)
                {
                    self.suites.push(TestSuite::new(suite_name));
                }
                if let Some(suite) = self.suites.last_mut() {
                    suite.add_test_case(junit_case(result)?);
                }
                Ok(())
            }
            ReportFormat::Summary => Ok(()),
        }
    }

    fn finish(&mut self, run: &RunSummary) -> io::Result<()> {
        match self.format {
            ReportFormat::Junit => {}
            ReportFormat::Summary => return write_json(self.out.writer(), run, false),
            ReportFormat::Human => {
                return match &mut self.human {
                    Some(human) => human.finish(self.out.writer(), run),
                    None => Ok(()),
                };
            }
            ReportFormat::Jsonl | ReportFormat::Github => return Ok(()),
        }
        let mut report = Report::new("puzzles batch");
        let total: Duration = self
            .suites
            .iter()
            .flat_map(|s| &s.test_cases)
            .filter_map(|c| c.time)
            .sum();
        report.set_time(total);
        for suite in &mut self.suites {
            let time = suite.test_cases.iter().filter_map(|c| c.time).sum();
            suite.set_time(time);
        }
        report.add_test_suites(std::mem::take(&mut self.suites));
        // Serialized in memory first: an error of the writer (a closed stdout) must reach
        // the caller as the `io::Error` it is, which quick-junit's own error would hide.
        let mut document = report
            .to_string()
            .map_err(|e| io::Error::other(e.to_string()))?;
        document.push('\n');
        self.out.writer().write_all(document.as_bytes())
    }
}

/// One `<testcase>`: named by the case (`file:line`), classed by `game.command`; a failed
/// expectation is a `<failure>` listing the mismatches, an invalid case an `<error>` with
/// the error object.
fn junit_case(result: &CaseResult) -> io::Result<TestCase> {
    let line = &result.line;
    let status = match result.outcome {
        Outcome::Passed | Outcome::Unchecked | Outcome::InputFile => TestCaseStatus::success(),
        Outcome::Skipped => {
            let mut status = TestCaseStatus::skipped();
            if let Some(reason) = &line.skip {
                status.set_message(xml(reason));
            }
            status
        }
        Outcome::Failed => {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            status.set_type("mismatch");
            status.set_message(xml(&failure_summary(result)));
            status.set_description(xml(&mismatch_lines(result)));
            status
        }
        Outcome::Invalid => {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            if let Some(err) = &line.error {
                status.set_type(err.kind.name());
                status.set_message(xml(&err.sentence(&line.case)));
            }
            status.set_description(xml(&serde_json::to_string(&line)?));
            status
        }
    };
    let mut case = TestCase::new(xml(&line.case), status);
    let class = match (&line.game, &line.command) {
        (Some(game), Some(command)) => format!("{game}.{command}"),
        _ => "batch".to_string(),
    };
    case.set_classname(xml(&class));
    case.set_time(result.elapsed);
    case.extra.insert("file".into(), xml(&result.file).into());
    case.extra
        .insert("line".into(), result.at_line.to_string().into());
    if result.outcome == Outcome::Failed {
        case.set_system_out(xml(&serde_json::to_string(&line)?));
    }
    Ok(case)
}

fn mismatch_lines(result: &CaseResult) -> String {
    result
        .line
        .mismatches
        .iter()
        .map(|m| format!("{}: expected {}, got {}\n", m.path, m.expected, m.actual))
        .collect()
}

/// A GitHub Actions workflow command that marks a failing case in the pull request's diff.
fn github_annotation(result: &CaseResult) -> Option<String> {
    let line = &result.line;
    let message = match result.outcome {
        Outcome::Passed | Outcome::Unchecked | Outcome::Skipped | Outcome::InputFile => {
            return None;
        }
        Outcome::Failed => failure_summary(result),
        Outcome::Invalid => line.error.as_ref()?.sentence(&line.case),
    };
    let title = match (&line.game, &line.command) {
        (Some(game), Some(command)) => shorten_quotes(&format!("puzzles batch: {game} {command}")),
        _ => "puzzles batch".to_string(),
    };
    let mut properties = format!(
        "file={},line={}",
        escape_property(&result.file),
        result.at_line
    );
    if let Some(column) = line.error.as_ref().and_then(|e| e.column)
        && result.outcome == Outcome::Invalid
    {
        properties.push_str(&format!(",col={column}"));
    }
    Some(format!(
        "::error {properties},title={}::{}",
        escape_property(&title),
        escape_data(&message)
    ))
}

/// Text for a JUnit document: the characters XML 1.0 forbids replaced (quick-junit escapes
/// markup, but a U+FFFF or a control character copied from a case would make the report
/// unreadable).
fn xml(text: &str) -> String {
    xml_text(text).into_owned()
}

/// Workflow command data: `%`, CR and LF are percent-encoded, other control characters
/// written as `\u{1b}` (as [`escape_controls`] does), so an annotation stays one line that
/// cannot drive the terminal of someone reading the log.
fn escape_data(text: &str) -> String {
    escape_controls(
        &text
            .replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A"),
    )
}

/// Workflow command properties also encode `:` and `,`.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workflow_commands_are_escaped() {
        assert_eq!(escape_data("50%\na\rb"), "50%25%0Aa%0Db");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(escape_data("x\u{1b}[2J\u{9b}"), "x\\u{1b}[2J\\u{9b}");
        assert_eq!(escape_property("g\u{1b}:"), "g\\u{1b}%3A");
    }
}
