//! Puzzle files other than the JSON contract: the `.non` text format (Steve Simpson's, read
//! by most nonogram solvers, nonogrid among them; module `non`) and the XML that webpbn exports
//! (`<puzzleset><puzzle><clue type="rows"><line><count>..`; module `webpbn`, whose input is
//! first bounded by the pre-scan of module `markup`).
//!
//! Reading gives a [`SolveInput`] (clues only; the solver checks that they make sense).
//! A file that cannot be read gives a [`FormatError`] with the 1-based line and column of the
//! fault, so an author can fix the file. Writing ([`to_non`], [`to_webpbn_xml`]) produces files
//! the same readers (and other solvers) accept; the benchmark uses them to feed nonogrid.

mod markup;
mod non;
mod webpbn;

pub use markup::MAX_XML_ATTRIBUTES;
pub use non::to_non;
pub use webpbn::to_webpbn_xml;

use crate::puzzle::Puzzle;
use crate::solver::SolveInput;
use std::fmt;

/// The text of a puzzle file as [`parse_puzzle`] wants it. Files from puzzle sites are
/// often Latin-1 (authors' names, titles): the bytes as UTF-8 when they are (after a
/// byte-order mark), else each byte as the character of that code point, so every file
/// reads, and the clues, which are ASCII, read the same either way.
pub fn decode_text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => std::borrow::Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// The file formats [`parse_puzzle`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The `.non` text format: `width`/`height`, then `rows` and `columns` sections with one
    /// comma-separated clue list per line.
    Non,
    /// webpbn's XML export (`<puzzleset>`), black-and-white puzzles only.
    Xml,
}

impl Format {
    /// The format named on a command line (`non`, `xml`; case-insensitive).
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "non" => Some(Format::Non),
            "xml" | "pbn" => Some(Format::Xml),
            _ => None,
        }
    }

    /// The format a file name's extension implies (`.non`, `.xml`, `.pbn`), or `None` (JSON
    /// or unknown: the caller decides).
    pub fn from_path(path: &str) -> Option<Format> {
        let ext = path.rsplit_once('.')?.1;
        if ext.contains('/') || ext.contains('\\') {
            return None;
        }
        Format::from_name(ext)
    }
}

/// Why a puzzle file could not be read. `line` and `column` are 1-based (column counts
/// characters); both are 0 when the fault is the file as a whole (e.g. no `rows` section).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl FormatError {
    pub(crate) fn at(line: usize, column: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.message
            )
        }
    }
}

impl std::error::Error for FormatError {}

/// Reads a puzzle file in the given format into the solver's input (no `timeout_ms`: the
/// default limit).
pub fn parse_puzzle(text: &str, format: Format) -> Result<SolveInput, FormatError> {
    match format {
        Format::Non => non::parse_non(text),
        Format::Xml => webpbn::parse_webpbn_xml(text),
    }
}

/// Bytes of text scanned to turn offsets into columns and lines, counted in tests: reading
/// must scan each byte a bounded number of times, however long a clue list is.
#[cfg(test)]
pub(crate) mod position_work {
    use std::cell::Cell;

    thread_local! {
        static SCANNED: Cell<usize> = const { Cell::new(0) };
    }

    pub fn add(bytes: usize) {
        SCANNED.with(|s| s.set(s.get() + bytes));
    }

    /// The bytes scanned by `f` on this thread.
    pub fn of<T>(f: impl FnOnce() -> T) -> (T, usize) {
        let before = SCANNED.with(Cell::get);
        let out = f();
        (out, SCANNED.with(Cell::get) - before)
    }
}

/// A goal that breaks a clue is a fault of the file, reported at the goal's line. (Clues
/// that are themselves bad are left to `solve`, which names the faulty clue list.)
pub(crate) fn check_goal(
    input: &SolveInput,
    goal: &[String],
    line: usize,
    column: usize,
) -> Result<(), FormatError> {
    let Ok(puzzle) = Puzzle::from_input(&input.rows, &input.cols, input.palette.as_deref()) else {
        return Ok(());
    };
    puzzle
        .goal_picture(goal)
        .map(|_| ())
        .map_err(|e| FormatError::at(line, column, e.message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_text_reads_utf8_and_latin1_and_drops_a_bom() {
        assert_eq!(decode_text("Caf\u{e9}".as_bytes()), "Caf\u{e9}");
        assert_eq!(decode_text(b"Caf\xe9 \xa9"), "Caf\u{e9} \u{a9}");
        assert_eq!(decode_text(b"\xEF\xBB\xBFwidth 2"), "width 2");
    }

    #[test]
    fn format_from_path() {
        assert_eq!(Format::from_path("a/b.non"), Some(Format::Non));
        assert_eq!(Format::from_path("x.XML"), Some(Format::Xml));
        assert_eq!(Format::from_path("x.json"), None);
        assert_eq!(Format::from_path("dir.non/file"), None);
    }
}
