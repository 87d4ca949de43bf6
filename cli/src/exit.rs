//! The process exit codes, in one place, as the contract and the README state them.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::error::{CaseError, ErrorDocument};
use crate::output::{is_broken_pipe, stderr_line, write_json};

/// How a `puzzles` run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExitStatus {
    /// A verdict was produced (whatever it says), or every batch case passed.
    Success,
    /// A check failed: some batch expectation did not hold.
    Failure,
    /// Usage or input error: nothing trustworthy was produced for some input.
    Error,
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> Self {
        match status {
            ExitStatus::Success => ExitCode::from(0),
            ExitStatus::Failure => ExitCode::from(1),
            ExitStatus::Error => ExitCode::from(2),
        }
    }
}

/// The one way a run ends on an error: one sentence on stderr (`puzzles: <subject>: <fault>
/// (at <path>, line L, column C)`, without `<subject>: ` when it is empty), the error object
/// on stdout (indented when `pretty`), exit 2. A closed stdout or stderr is no reason to
/// stop: the exit code still says what happened.
pub fn fail(error: &CaseError, subject: &str, pretty: bool) -> ExitStatus {
    stderr_line(&format!("puzzles: {}", error.sentence(subject)));
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let _ = write_json(&mut out, &ErrorDocument { error }, pretty).and_then(|()| out.flush());
    ExitStatus::Error
}

/// How a run ends once its answer went to stdout: a closed pipe (`puzzles ... | head`) is a
/// quiet success, the reader having stopped listening; any other failure (a full disk) is
/// [`cannot_write`].
pub fn after_writing(written: io::Result<()>, subject: &str) -> ExitStatus {
    match written {
        Ok(()) => ExitStatus::Success,
        Err(err) if is_broken_pipe(&err) => ExitStatus::Success,
        Err(err) => cannot_write(subject, &err),
    }
}

/// The end of a run whose stdout failed: stdout can no longer carry an error object, so
/// the sentence on stderr says it, and exit 2.
pub fn cannot_write(subject: &str, err: &io::Error) -> ExitStatus {
    stderr_line(&format!(
        "puzzles: {subject}: cannot write to stdout: {err}"
    ));
    ExitStatus::Error
}

/// Reports a bug in `puzzles` the contract's way (an `internal` error object) and ends with
/// exit 2: no path of the program ends without saying why.
pub fn internal(message: &str) -> ExitStatus {
    fail(&CaseError::internal(message), "internal error", false)
}
