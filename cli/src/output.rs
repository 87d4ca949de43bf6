//! Writing to stdout and stderr. A closed pipe (`puzzles ... | head`) is not an error: the
//! caller stopped listening, so we stop quietly. Every stderr line goes through
//! [`stderr_line`], which escapes control characters and never panics (a closed stderr is
//! ignored, unlike `eprintln!`, which would panic).

use std::io::{self, Write};

use serde::Serialize;

use crate::error::escape_controls;

/// Writes one JSON value and a newline, compact unless `pretty`.
pub fn write_json(
    out: &mut (impl Write + ?Sized),
    value: &impl Serialize,
    pretty: bool,
) -> io::Result<()> {
    if pretty {
        serde_json::to_writer_pretty(&mut *out, value)?;
    } else {
        serde_json::to_writer(&mut *out, value)?;
    }
    out.write_all(b"\n")
}

/// True when the error only means that the reader went away.
pub fn is_broken_pipe(err: &io::Error) -> bool {
    err.kind() == io::ErrorKind::BrokenPipe
}

/// Writes `text` as one line on stderr: control characters (newlines, escape sequences)
/// written as `\n`, `\u{1b}`, ..., so nothing copied from an input can break the line or
/// drive the terminal. A failed write is ignored: there is nowhere left to report it.
pub fn stderr_line(text: &str) {
    let line = format!("{}\n", escape_controls(text));
    let _ = io::stderr().lock().write_all(line.as_bytes());
}
