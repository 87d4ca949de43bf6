//! The process exit codes, in one place, as the contract and the README state them.

use std::process::ExitCode;

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
