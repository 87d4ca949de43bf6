//! `puzzles completions SHELL` and `puzzles man`: shell completion scripts and the man page,
//! generated from the same clap definitions as the parser (every game command included), so
//! they cannot name a flag the program does not take.

use std::io::{self, Write};
use std::path::Path;

use crate::args::{self, CompletionsArgs, ManArgs};
use crate::error::{CaseError, ErrorKind};
use crate::exit::{ExitStatus, after_writing, fail};
use crate::files;

/// Prints the completion script of `args.shell` on stdout.
pub fn completions(args: &CompletionsArgs) -> ExitStatus {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut args::command(), "puzzles", &mut script);
    write_out(&script, "completions")
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
                Ok(()) => write_out(&page, "man"),
                Err(err) => fail(
                    &CaseError::new(ErrorKind::Internal, err.to_string()),
                    "man",
                    false,
                ),
            }
        }
    }
}

/// One page per command, subcommands first, each written whole through a temporary file
/// ([`files::write_atomically`]), so a link planted at a page's name is replaced, not
/// written through.
fn write_pages(dir: &Path) -> io::Result<()> {
    fn pages(command: clap::Command, dir: &Path) -> io::Result<()> {
        for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
            pages(sub.clone(), dir)?;
        }
        let page = clap_mangen::Man::new(command);
        files::write_atomically(&dir.join(page.get_filename()), None, |file| {
            page.render(file)
        })
    }
    std::fs::create_dir_all(dir)?;
    let mut command = args::command().disable_help_subcommand(true);
    command.build();
    pages(command, dir)
}

/// Writes generated text to stdout; a closed pipe is fine.
fn write_out(bytes: &[u8], subject: &str) -> ExitStatus {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    after_writing(out.write_all(bytes).and_then(|()| out.flush()), subject)
}
