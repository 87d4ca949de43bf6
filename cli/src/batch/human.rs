//! The report for people, printed by default when stdout is a terminal (`--report human`
//! asks for it anywhere): nothing for a passing case, a few lines for each failing or
//! invalid one as it comes (its id and `game command`, then each mismatch as
//! `path: expected X, got Y` with long values shortened, or the error), and at the end a
//! block in the manner of cargo-nextest's: the counts, then the failing cases again.
//!
//! Colour only when asked (a terminal, and no `NO_COLOR`); every text taken from a case has
//! its control characters escaped, so a hostile fixture cannot drive the terminal.

use std::io::{self, Write};

use serde_json::Value;

use super::summary::RunSummary;
use super::{CaseResult, Outcome};
use crate::error::escape_controls;

/// Values longer than this many characters are shortened in mismatch lines.
const VALUE_KEEP: usize = 60;
/// Failing cases listed again in the final block; the rest are counted.
const FINAL_LIST: usize = 30;
/// Width of the status column (`INVALID` and a space).
const STATUS_WIDTH: usize = 8;

/// Whether colour may be written to a stream: it is a terminal and `NO_COLOR` is not set
/// (to anything but the empty string, as <https://no-color.org> asks).
pub fn colour_allowed(terminal: bool) -> bool {
    terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// ANSI styles, or none.
#[derive(Debug, Clone, Copy)]
struct Paint {
    on: bool,
}

impl Paint {
    fn style(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\u{1b}[{code}m{text}\u{1b}[0m")
        } else {
            text.to_string()
        }
    }

    fn red(self, text: &str) -> String {
        self.style("1;31", text)
    }

    fn magenta(self, text: &str) -> String {
        self.style("1;35", text)
    }

    fn green(self, text: &str) -> String {
        self.style("1;32", text)
    }

    fn yellow(self, text: &str) -> String {
        self.style("1;33", text)
    }

    fn dim(self, text: &str) -> String {
        self.style("2", text)
    }
}

/// The human report: the failing cases seen so far, for the final block.
#[derive(Debug)]
pub struct Human {
    paint: Paint,
    failing: Vec<(Outcome, String)>,
    more: usize,
}

impl Human {
    pub fn new(colour: bool) -> Human {
        Human {
            paint: Paint { on: colour },
            failing: Vec::new(),
            more: 0,
        }
    }

    /// Writes the lines of a failing or invalid case (nothing for the others).
    pub fn case(&mut self, out: &mut dyn Write, result: &CaseResult) -> io::Result<()> {
        if !result.outcome.is_failing() {
            return Ok(());
        }
        let heading = heading(result);
        writeln!(out, "{} {heading}", self.status(result.outcome))?;
        for line in details(result) {
            writeln!(out, "{:STATUS_WIDTH$} {line}", "")?;
        }
        if self.failing.len() < FINAL_LIST {
            self.failing.push((result.outcome, heading));
        } else {
            self.more += 1;
        }
        // Shown now, not when the buffer fills: a person is waiting for it.
        out.flush()
    }

    fn status(&self, outcome: Outcome) -> String {
        let (word, paint): (&str, fn(Paint, &str) -> String) = match outcome {
            Outcome::Failed => ("FAIL", Paint::red),
            Outcome::Invalid => ("INVALID", Paint::magenta),
            Outcome::Skipped => ("SKIP", Paint::yellow),
            Outcome::Passed | Outcome::Unchecked | Outcome::InputFile => ("PASS", Paint::green),
        };
        paint(
            self.paint,
            &format!("{word:>width$}", width = STATUS_WIDTH - 1),
        )
    }

    /// The final block: a rule, the counts, the failing cases again.
    pub fn finish(&mut self, out: &mut dyn Write, run: &RunSummary) -> io::Result<()> {
        writeln!(out, "{}", self.paint.dim("------------"))?;
        let summary = format!("{:>width$}", "Summary", width = STATUS_WIDTH - 1);
        let summary = if run.exit == 0 {
            self.paint.green(&summary)
        } else {
            self.paint.red(&summary)
        };
        writeln!(
            out,
            "{summary} [{:>8.3}s] {}",
            run.elapsed_ms as f64 / 1000.0,
            counts(run)
        )?;
        for (outcome, heading) in &self.failing {
            writeln!(out, "{} {heading}", self.status(*outcome))?;
        }
        if self.more > 0 {
            writeln!(out, "{:STATUS_WIDTH$} and {} more", "", self.more)?;
        }
        if run.stopped_early {
            writeln!(
                out,
                "{:STATUS_WIDTH$} stopped at the first failing case (--fail-fast)",
                ""
            )?;
        }
        Ok(())
    }
}

/// `280 cases: 277 passed, 1 failed, 1 invalid, 1 skipped, 0 without expect`.
fn counts(run: &RunSummary) -> String {
    let counts = run.counts;
    let updated = match run.updated {
        0 => String::new(),
        n => format!(" ({n} updated)"),
    };
    format!(
        "{} {}: {} passed, {} failed{updated}, {} invalid, {} skipped, {} without expect",
        run.cases,
        if run.cases == 1 { "case" } else { "cases" },
        counts.passed,
        counts.failed,
        counts.invalid,
        counts.skipped,
        counts.unchecked
    )
}

/// `id  game command`.
fn heading(result: &CaseResult) -> String {
    let line = &result.line;
    let command = match (&line.game, &line.command) {
        (Some(game), Some(command)) => format!("  {game} {command}"),
        _ => String::new(),
    };
    escape_controls(&format!("{}{command}", line.case))
}

/// The lines under a failing case's heading: its mismatches, or its error.
fn details(result: &CaseResult) -> Vec<String> {
    let line = &result.line;
    let mut lines: Vec<String> = line
        .mismatches
        .iter()
        .map(|m| {
            let path = if m.path.is_empty() { "/" } else { &m.path };
            escape_controls(&format!(
                "{path}: expected {}, got {}",
                short(&m.expected),
                short(&m.actual)
            ))
        })
        .collect();
    if let Some(err) = &line.error
        && (lines.is_empty() || result.outcome == Outcome::Invalid)
    {
        let mut place = Vec::new();
        if let Some(path) = err.path.as_deref().filter(|p| !p.is_empty()) {
            place.push(format!("at {path}"));
        }
        if let Some(row) = err.line {
            place.push(match err.column {
                Some(column) => format!("line {row}, column {column}"),
                None => format!("line {row}"),
            });
        }
        let place = if place.is_empty() {
            String::new()
        } else {
            format!(" ({})", place.join(", "))
        };
        lines.push(escape_controls(&format!(
            "{} error{place}: {}",
            err.kind.name(),
            err.message
        )));
    }
    lines
}

/// A value as compact JSON, its middle cut when long: `[1,2,3,...,9] (412 characters)`.
pub fn short(value: &Value) -> String {
    let text = value.to_string();
    let count = text.chars().count();
    if count <= VALUE_KEEP {
        return text;
    }
    let head: String = text.chars().take(VALUE_KEEP - 12).collect();
    let tail: String = text.chars().skip(count - 8).collect();
    format!("{head}…{tail} ({count} characters)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn long_values_keep_both_ends_and_their_length() {
        assert_eq!(short(&json!({"a": 1})), r#"{"a":1}"#);
        let long = json!((0..100).collect::<Vec<u32>>());
        let shown = short(&long);
        assert!(shown.starts_with("[0,1,2,3"), "{shown}");
        assert!(
            shown.contains("…") && shown.ends_with("98,99] (291 characters)"),
            "{shown}"
        );
    }

    #[test]
    fn paint_is_plain_when_off() {
        assert_eq!(Paint { on: false }.red("x"), "x");
        assert_eq!(Paint { on: true }.red("x"), "\u{1b}[1;31mx\u{1b}[0m");
    }
}
