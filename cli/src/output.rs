//! Writing JSON to stdout. A closed pipe (`puzzles ... | head`) is not an error: the caller
//! stopped listening, so we stop quietly.

use std::io::{self, Write};

use serde::Serialize;

/// Writes one JSON value and a newline, compact unless `pretty`.
pub fn write_json(out: &mut impl Write, value: &impl Serialize, pretty: bool) -> io::Result<()> {
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
