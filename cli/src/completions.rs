//! `puzzles completions SHELL` and `puzzles man`: shell completion scripts and the man page,
//! generated from the same clap definitions as the parser (every game command included), so
//! they cannot name a flag the program does not take.

use std::io::{self, Write};
use std::path::Path;

use crate::args::{self, CompletionsArgs, ManArgs};
use crate::error::{CaseError, ErrorKind};
use crate::exit::{ExitStatus, fail};
use crate::output::is_broken_pipe;

/// Prints the completion script of `args.shell` on stdout.
pub fn completions(args: &CompletionsArgs) -> ExitStatus {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut args::command(), "puzzles", &mut script);
    write_out(&script)
}

/// Prints the man page of `puzzles` (every command listed) on stdout, or with `--dir` writes
/// one page per command there (`puzzles.1`, `puzzles-renju-check.1`, ...).
pub fn man(args: &ManArgs) -> ExitStatus {
    match &args.dir {
        Some(dir) => match write_pages(dir) {
            Ok(()) => ExitStatus::Success,
            Err(err) => {
                let message = format!("cannot write the man pages to {}: {err}", dir.display());
                fail(&CaseError::new(ErrorKind::Io, message), "man", false)
            }
        },
        None => {
            let mut page = Vec::new();
            match clap_mangen::Man::new(args::command()).render(&mut page) {
                Ok(()) => write_out(&page),
                Err(err) => fail(
                    &CaseError::new(ErrorKind::Internal, err.to_string()),
                    "man",
                    false,
                ),
            }
        }
    }
}

fn write_pages(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    clap_mangen::generate_to(args::command(), dir)
}

/// Writes generated text to stdout; a closed pipe is fine.
fn write_out(bytes: &[u8]) -> ExitStatus {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(err) if !is_broken_pipe(&err) => ExitStatus::Error,
        _ => ExitStatus::Success,
    }
}
