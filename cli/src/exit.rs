//! The process exit codes, in one place, as the contract and the README state them.

use std::io;
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

/// Reports a bug in `puzzles` the contract's way (an `internal` error object on stdout, one
/// line on stderr) and ends with exit 2: no path of the program ends without saying why.
pub fn internal(message: &str) -> ExitStatus {
    let error = CaseError::internal(message);
    stderr_line(&format!("puzzles: internal error: {}", error.message));
    let _ = write_json(&mut io::stdout(), &ErrorDocument { error: &error }, false);
    ExitStatus::Error
}
