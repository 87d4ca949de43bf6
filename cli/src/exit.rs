//! The process exit codes, in one place, as the contract and the README state them.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::error::{CaseError, ErrorDocument};
use crate::output::{stderr_line, write_json};

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

/// Reports a bug in `puzzles` the contract's way (an `internal` error object) and ends with
/// exit 2: no path of the program ends without saying why.
pub fn internal(message: &str) -> ExitStatus {
    fail(&CaseError::internal(message), "internal error", false)
}
