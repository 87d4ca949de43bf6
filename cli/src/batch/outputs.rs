//! Where the reports of a batch go: stdout, and the files `--report FORMAT=PATH` names.
//!
//! Every output is checked before any is opened: two that resolve to one file (`r.xml` and
//! `./r.xml`, a link, `/dev/stdout` beside the report on stdout, the step summary) would mix
//! two documents into one that no reader can parse, so that is a usage error and no file is
//! touched. A report file is written to a temporary file beside it and renamed over it when
//! the run ends, so a run that stops early leaves the old report as it was, and a symbolic
//! link at its path is replaced, never written through; a fifo or a device (a pipe from
//! `>(...)`, `/dev/stderr`) is written as the run goes.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::args::Report;
use crate::error::ErrorKind;
use crate::files::{self, FileId};

/// Why the outputs cannot be set up: the error's kind and its message.
#[derive(Debug)]
pub struct OutputError(pub ErrorKind, pub String);

/// One report file being written.
#[derive(Debug)]
pub struct ReportFile {
    pub writer: BufWriter<File>,
    /// The temporary file and the file it replaces at the end; `None` for a fifo or device.
    pending: Option<(tempfile::NamedTempFile, PathBuf)>,
}

impl ReportFile {
    /// Makes the report the file at its path (after the last byte is written).
    pub fn commit(&mut self) -> io::Result<()> {
        self.writer.flush()?;
        match self.pending.take() {
            Some((temporary, target)) => temporary.persist(target).map(drop).map_err(|e| e.error),
            None => Ok(()),
        }
    }
}

/// Checks that no two outputs of `reports` (stdout included, and `step_summary` when given)
/// are one file; a usage error naming both otherwise. Nothing is opened.
pub fn check_distinct(reports: &[Report], step_summary: Option<&Path>) -> Result<(), OutputError> {
    let mut taken: Vec<(FileId, String)> = Vec::new();
    if let Some(id) = stdout_identity() {
        taken.push((id, "stdout".to_string()));
    }
    if let Some(path) = step_summary
        && let Some(id) = text_identity(path)
    {
        taken.push((id, format!("GITHUB_STEP_SUMMARY ({})", path.display())));
    }
    for report in reports {
        let Some(path) = &report.path else { continue };
        let name = format!("--report {}={}", report.format.name(), path.display());
        let Some(id) = text_identity(path) else {
            continue;
        };
        if let Some((_, other)) = taken.iter().find(|(taken, _)| *taken == id) {
            return Err(OutputError(
                ErrorKind::Usage,
                format!("{name} is the same file as {other}; give each report a file of its own"),
            ));
        }
        taken.push((id, name));
    }
    Ok(())
}

/// Opens the report file at `path`: a temporary file beside the file it will replace, or a
/// fifo or device as it is.
pub fn open(path: &Path) -> io::Result<ReportFile> {
    if let Ok(metadata) = std::fs::metadata(path)
        && !metadata.is_file()
        && !metadata.is_dir()
    {
        let file = std::fs::OpenOptions::new().write(true).open(path)?;
        return Ok(ReportFile {
            writer: BufWriter::new(file),
            pending: None,
        });
    }
    let temporary = files::temporary_beside(path)?;
    let writer = BufWriter::new(temporary.as_file().try_clone()?);
    Ok(ReportFile {
        writer,
        pending: Some((temporary, path.to_path_buf())),
    })
}

/// The identity of an output that readers parse (a regular file, existing or to be made, a
/// fifo or a socket); `None` for a terminal or `/dev/null`, which two writers may share. A
/// link to a regular file is the link's own place, which the report replaces.
fn text_identity(path: &Path) -> Option<FileId> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_symlink());
    match std::fs::metadata(path) {
        Ok(metadata) if metadata.is_file() && is_link => files::place_identity(path),
        Ok(metadata) if files::holds_text(&metadata) => files::identity_of(path, &metadata),
        Ok(_) => None,
        Err(_) => files::place_identity(path),
    }
}

/// The identity of stdout when it is a file or a pipe.
fn stdout_identity() -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let stdout = io::stdout();
        let handle = File::from(stdout.as_fd().try_clone_to_owned().ok()?);
        let metadata = handle.metadata().ok()?;
        files::holds_text(&metadata)
            .then(|| files::identity_of(Path::new(""), &metadata))
            .flatten()
    }
    #[cfg(not(unix))]
    None
}
