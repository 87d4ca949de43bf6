//! What a batch prints: JSON Lines (the default), a JUnit XML document for CI test
//! reports, or JSON Lines plus GitHub Actions annotations for the failing cases.

use std::io::{self, Write};
use std::time::Duration;

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use super::{CaseResult, Outcome};
use crate::args::ReportFormat;
use crate::output::write_json;

/// Writes each case as it comes and whatever the format needs at the end.
#[derive(Debug)]
pub struct Reporter {
    format: ReportFormat,
    /// JUnit: one suite per case file, in input order.
    suites: Vec<TestSuite>,
}

impl Reporter {
    pub fn new(format: ReportFormat) -> Reporter {
        Reporter {
            format,
            suites: Vec::new(),
        }
    }

    pub fn case(&mut self, out: &mut impl Write, result: &CaseResult) -> io::Result<()> {
        match self.format {
            ReportFormat::Jsonl => write_json(out, &result.line, false),
            ReportFormat::Github => {
                write_json(out, &result.line, false)?;
                if let Some(annotation) = github_annotation(result) {
                    // stdout first, so the annotation follows the line it is about.
                    out.flush()?;
                    eprintln!("{annotation}");
                }
                Ok(())
            }
            ReportFormat::Junit => {
                let suite_name = result.file.to_string();
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
        }
    }

    pub fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.format != ReportFormat::Junit {
            return Ok(());
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
        report
            .serialize(&mut *out)
            .map_err(|e| io::Error::other(e.to_string()))?;
        out.write_all(b"\n")
    }
}

/// One `<testcase>`: named by the case (`file:line`), classed by `game.command`; a failed
/// expectation is a `<failure>` listing the mismatches, an invalid case an `<error>` with
/// the error object.
fn junit_case(result: &CaseResult) -> io::Result<TestCase> {
    let line = &result.line;
    let status = match result.outcome {
        Outcome::Passed | Outcome::Unchecked => TestCaseStatus::success(),
        Outcome::Failed => {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            status.set_type("mismatch");
            status.set_message(failure_summary(result));
            status.set_description(mismatch_lines(result));
            status
        }
        Outcome::Invalid => {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            if let Some(err) = &line.error {
                status.set_type(err.kind.name());
                status.set_message(err.sentence(&line.case));
            }
            status.set_description(serde_json::to_string(&line)?);
            status
        }
    };
    let mut case = TestCase::new(line.case.clone(), status);
    let class = match (&line.game, &line.command) {
        (Some(game), Some(command)) => format!("{game}.{command}"),
        _ => "batch".to_string(),
    };
    case.set_classname(class);
    case.set_time(result.elapsed);
    case.extra
        .insert("file".into(), result.file.to_string().into());
    case.extra
        .insert("line".into(), result.at_line.to_string().into());
    if result.outcome == Outcome::Failed {
        case.set_system_out(serde_json::to_string(&line)?);
    }
    Ok(case)
}

/// `expected /status = "unique", got "multiple"` for the first mismatch, and how many more.
fn failure_summary(result: &CaseResult) -> String {
    let line = &result.line;
    match line.mismatches.first() {
        Some(first) => {
            let more = match line.mismatches.len() - 1 {
                0 => String::new(),
                n => format!(" (and {n} more)"),
            };
            format!(
                "{}: expected {} = {}, got {}{more}",
                line.case, first.path, first.expected, first.actual
            )
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
        Outcome::Passed | Outcome::Unchecked => return None,
        Outcome::Failed => failure_summary(result),
        Outcome::Invalid => line.error.as_ref()?.sentence(&line.case),
    };
    let title = match (&line.game, &line.command) {
        (Some(game), Some(command)) => format!("puzzles batch: {game} {command}"),
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

/// Workflow command data: `%`, CR and LF are percent-encoded.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
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
    }
}
