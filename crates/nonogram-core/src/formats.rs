//! Puzzle files other than the JSON contract: the `.non` text format (Steve Simpson's, read
//! by most nonogram solvers, nonogrid among them) and the XML that webpbn exports
//! (`<puzzleset><puzzle><clue type="rows"><line><count>..`).
//!
//! Reading gives a [`SolveInput`] (clues only; the solver checks that they make sense).
//! A file that cannot be read gives a [`FormatError`] with the 1-based line and column of the
//! fault, so an author can fix the file. Writing ([`to_non`], [`to_webpbn_xml`]) produces files
//! the same readers (and other solvers) accept; the benchmark uses it to feed nonogrid.

use crate::cells::MAX_LINE_LEN;
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
    fn at(line: usize, column: usize, message: impl Into<String>) -> FormatError {
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
        Format::Non => parse_non(text),
        Format::Xml => parse_webpbn_xml(text),
    }
}

/// Keywords of the `.non` format that carry no clue and are skipped with their value.
/// (`goal` is read: see [`parse_non`].)
const NON_IGNORED: &[&str] = &[
    "title",
    "by",
    "author",
    "copyright",
    "license",
    "licence",
    "catalogue",
    "catalog",
    "name",
    "solution",
    "note",
    "comment",
    "id",
    "source",
    "color",
    "colour",
    "difficulty",
];

/// A line of a `rows`/`columns` section: its number, and its clues (`None` when blank).
type SectionLine = (usize, Option<Vec<u32>>);

#[derive(Clone, Copy, PartialEq, Eq, Default)]
enum Section {
    #[default]
    None,
    Rows,
    Columns,
}

/// Reads the `.non` format. Rules (those of the published description, made precise):
/// - a line whose first non-blank character is `#` or that starts with `//` is a comment;
/// - `width N`, `height N` give the size (optional: the sections' lengths are used);
/// - `rows` and `columns` start a section; its clue lines run to the next keyword line.
///   A clue line is numbers separated by commas and/or blanks; `0` (or a blank line between
///   two clue lines) is an empty line. Blank lines at the start and end of a section are
///   separators, not lines;
/// - `goal` gives the picture the clues were made from, as `0`/`1` characters for the cells
///   row by row (quoted or not): it becomes the solver's `goal`;
/// - other keywords (`title`, `by`, `copyright`, ...) are accepted and ignored.
fn parse_non(text: &str) -> Result<SolveInput, FormatError> {
    let mut reader = NonReader::default();
    for (idx, raw) in text.lines().enumerate() {
        reader.read_line(idx + 1, raw.trim_end_matches('\r'))?;
    }
    reader.finish()
}

/// A `rows` or `columns` section as read so far: its header's line number and its lines.
type NonSection = (usize, Vec<SectionLine>);

/// What the `.non` reader has seen before the current line. Each keyword may appear once;
/// the `Option`s remember where, so a second one can be refused and a count that disagrees
/// with its section can name the line.
#[derive(Default)]
struct NonReader {
    /// The `goal` cells as written, with the line and column of its value.
    goal: Option<(String, usize, usize)>,
    /// `width` and `height`: the value and its line.
    width: Option<(usize, usize)>,
    height: Option<(usize, usize)>,
    rows: Option<NonSection>,
    cols: Option<NonSection>,
    /// The section clue lines belong to (none after any other keyword).
    section: Section,
}

impl NonReader {
    /// Reads one line (without its line ending) of the file.
    fn read_line(&mut self, lineno: usize, line: &str) -> Result<(), FormatError> {
        let trimmed = line.trim();
        if trimmed.starts_with('#') || trimmed.starts_with("//") {
            return Ok(());
        }
        let first = trimmed.chars().next();
        let is_clue_line = trimmed.is_empty() || first.is_some_and(|c| c.is_ascii_digit());
        if self.section != Section::None && is_clue_line {
            return self.read_clue_line(lineno, line, trimmed);
        }
        if trimmed.is_empty() {
            return Ok(());
        }
        let keyword_end = trimmed
            .find(|c: char| c.is_whitespace())
            .unwrap_or(trimmed.len());
        let at = KeywordLine {
            lineno,
            line,
            keyword: &trimmed[..keyword_end],
            rest: trimmed[keyword_end..].trim(),
        };
        match at.keyword.to_ascii_lowercase().as_str() {
            "width" | "height" => self.read_size(&at)?,
            "rows" | "columns" => self.open_section(&at)?,
            "goal" => self.read_goal(&at)?,
            k if NON_IGNORED.contains(&k) => self.section = Section::None,
            _ => {
                return Err(FormatError::at(
                    lineno,
                    at.column(),
                    format!(
                        "unknown keyword `{}` (expected width, height, rows, columns, title, ...)",
                        at.keyword
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A clue line (or a blank one) of the open section.
    fn read_clue_line(
        &mut self,
        lineno: usize,
        line: &str,
        trimmed: &str,
    ) -> Result<(), FormatError> {
        let entry = if trimmed.is_empty() {
            None
        } else {
            Some(parse_clue_line(line, lineno)?)
        };
        let target = if self.section == Section::Rows {
            &mut self.rows
        } else {
            &mut self.cols
        };
        if let Some((_, lines)) = target.as_mut() {
            lines.push((lineno, entry));
            if lines.len() > MAX_LINE_LEN + 2 * 64 {
                return Err(FormatError::at(
                    lineno,
                    1,
                    format!("more than {MAX_LINE_LEN} clue lines in one section"),
                ));
            }
        }
        Ok(())
    }

    /// `width N` or `height N`.
    fn read_size(&mut self, at: &KeywordLine) -> Result<(), FormatError> {
        let value = parse_size(at.rest, at.line, at.lineno, at.keyword)?;
        let slot = if at.keyword.eq_ignore_ascii_case("width") {
            &mut self.width
        } else {
            &mut self.height
        };
        at.first_time(slot, "line")?;
        *slot = Some((value, at.lineno));
        self.section = Section::None;
        Ok(())
    }

    /// `rows` or `columns`: the clue lines that follow belong to it.
    fn open_section(&mut self, at: &KeywordLine) -> Result<(), FormatError> {
        if !at.rest.is_empty() {
            return Err(FormatError::at(
                at.lineno,
                column_of(at.line, at.rest),
                format!(
                    "unexpected text after `{}`: clue lists go on the lines below it",
                    at.keyword
                ),
            ));
        }
        let is_rows = at.keyword.eq_ignore_ascii_case("rows");
        let slot = if is_rows {
            &mut self.rows
        } else {
            &mut self.cols
        };
        at.first_time(slot, "section")?;
        *slot = Some((at.lineno, Vec::new()));
        self.section = if is_rows {
            Section::Rows
        } else {
            Section::Columns
        };
        Ok(())
    }

    /// `goal 0110...`: checked for its characters here, for its length in [`Self::finish`].
    fn read_goal(&mut self, at: &KeywordLine) -> Result<(), FormatError> {
        if self.goal.is_some() {
            return Err(FormatError::at(
                at.lineno,
                at.column(),
                "second `goal` line",
            ));
        }
        let value = at.rest.trim_matches('"');
        if let Some((i, c)) = value.char_indices().find(|&(_, c)| c != '0' && c != '1') {
            return Err(FormatError::at(
                at.lineno,
                column_of(at.line, &value[i..]),
                format!("unexpected {c:?} in `goal` (expected 0 and 1, one per cell)"),
            ));
        }
        self.goal = Some((value.to_string(), at.lineno, column_of(at.line, at.rest)));
        self.section = Section::None;
        Ok(())
    }

    /// The puzzle, once every line is read: both sections present and consistent with
    /// `width`/`height`, and the goal (if any) the right size and true to the clues.
    fn finish(self) -> Result<SolveInput, FormatError> {
        let (rows_line, row_lines) = self
            .rows
            .ok_or_else(|| FormatError::at(0, 0, "the file has no `rows` section"))?;
        let (cols_line, col_lines) = self
            .cols
            .ok_or_else(|| FormatError::at(0, 0, "the file has no `columns` section"))?;
        let rows = finish_section(row_lines, rows_line, "rows", self.height)?;
        let cols = finish_section(col_lines, cols_line, "columns", self.width)?;
        let goal = match self.goal {
            None => None,
            Some((cells, line, column)) => Some(non_goal(&cells, &rows, &cols, line, column)?),
        };
        Ok(SolveInput {
            rows,
            cols,
            timeout_ms: None,
            goal,
        })
    }
}

/// A keyword line of a `.non` file: its number, its text, the keyword as written and what
/// follows it (trimmed).
struct KeywordLine<'a> {
    lineno: usize,
    line: &'a str,
    keyword: &'a str,
    rest: &'a str,
}

impl KeywordLine<'_> {
    /// The keyword's column.
    fn column(&self) -> usize {
        column_of(self.line, self.keyword)
    }

    /// Refuses the keyword when `slot` shows it was given before (`what`: "line" or
    /// "section").
    fn first_time<T>(&self, slot: &Option<T>, what: &str) -> Result<(), FormatError> {
        match slot {
            Some(_) => Err(FormatError::at(
                self.lineno,
                self.column(),
                format!("second `{}` {what}", self.keyword),
            )),
            None => Ok(()),
        }
    }
}

/// The `goal` line's cells as picture rows (`#` and `.`), checked against the clues.
fn non_goal(
    cells: &str,
    rows: &[Vec<u32>],
    cols: &[Vec<u32>],
    line: usize,
    column: usize,
) -> Result<Vec<String>, FormatError> {
    let (h, w) = (rows.len(), cols.len());
    if cells.len() != h * w {
        return Err(FormatError::at(
            line,
            column,
            format!(
                "`goal` has {}; the puzzle has {} of {w}",
                puzzles_common::count(cells.len(), "cell"),
                puzzles_common::count(h, "row")
            ),
        ));
    }
    let row_text = |r: &[u8]| {
        r.iter()
            .map(|&b| if b == b'1' { '#' } else { '.' })
            .collect()
    };
    let goal: Vec<String> = cells.as_bytes().chunks(w.max(1)).map(row_text).collect();
    check_goal(rows, cols, &goal, line, column)?;
    Ok(goal)
}

/// Bytes of text scanned to turn offsets into columns and lines, counted in tests: reading
/// must scan each byte a bounded number of times, however long a clue list is.
#[cfg(test)]
mod position_work {
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

/// 1-based character column where `part` (a sub-slice of `line`) starts.
fn column_of(line: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
    let offset = offset.min(line.len());
    #[cfg(test)]
    position_work::add(offset);
    line[..offset].chars().count() + 1
}

fn parse_size(rest: &str, line: &str, lineno: usize, keyword: &str) -> Result<usize, FormatError> {
    let col = column_of(line, rest);
    let value: usize = rest.parse().map_err(|_| {
        FormatError::at(
            lineno,
            col,
            format!("`{keyword}` needs a whole number, found {rest:?}"),
        )
    })?;
    if value == 0 || value > MAX_LINE_LEN {
        return Err(FormatError::at(
            lineno,
            col,
            format!("`{keyword}` {value} is outside 1..={MAX_LINE_LEN}"),
        ));
    }
    Ok(value)
}

/// One clue line: numbers separated by commas and/or blanks (`3,1`, `3 1`, `3, 1`, `0`).
/// One pass over the line; a fault's column is counted only when there is a fault, so a line
/// of 100,000 counts costs 100,000 steps, not 100,000 column counts.
fn parse_clue_line(line: &str, lineno: usize) -> Result<Vec<u32>, FormatError> {
    let fault = |pos: usize, message: String| {
        FormatError::at(lineno, column_of(line, &line[pos..]), message)
    };
    let mut clues = Vec::new();
    // Between two numbers: any blanks and at most one comma.
    let mut comma_pending = false;
    let mut chars = line.char_indices().peekable();
    while let Some(&(pos, c)) = chars.peek() {
        if c.is_ascii_digit() {
            let mut value: u32 = 0;
            while let Some(&(_, d)) = chars.peek() {
                let Some(digit) = d.to_digit(10) else { break };
                value = value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(digit))
                    .ok_or_else(|| fault(pos, "clue number is too large".into()))?;
                chars.next();
            }
            if let Some(&(p2, next)) = chars.peek()
                && next.is_alphabetic()
            {
                return Err(fault(
                    p2,
                    format!("unexpected {next:?} after a clue (colour clues are not supported)"),
                ));
            }
            clues.push(value);
            comma_pending = false;
        } else if c == ',' {
            if clues.is_empty() || comma_pending {
                return Err(fault(pos, "empty clue before a comma".into()));
            }
            comma_pending = true;
            chars.next();
        } else if c.is_whitespace() {
            chars.next();
        } else {
            return Err(fault(
                pos,
                format!("unexpected {c:?} in a clue line (expected numbers separated by commas)"),
            ));
        }
    }
    if comma_pending {
        let col = line.trim_end().chars().count();
        return Err(FormatError::at(lineno, col, "clue line ends with a comma"));
    }
    Ok(clues)
}

/// Trims blank separator lines at both ends of a section, turns inner blank lines into empty
/// lines, and checks the count against `width`/`height` when given.
fn finish_section(
    mut lines: Vec<SectionLine>,
    header_line: usize,
    name: &str,
    declared: Option<(usize, usize)>,
) -> Result<Vec<Vec<u32>>, FormatError> {
    while lines.last().is_some_and(|(_, l)| l.is_none()) {
        lines.pop();
    }
    let start = lines
        .iter()
        .position(|(_, l)| l.is_some())
        .unwrap_or(lines.len());
    let lines: Vec<Vec<u32>> = lines
        .into_iter()
        .skip(start)
        .map(|(_, l)| match l {
            Some(v) if v == [0] => Vec::new(),
            Some(v) => v,
            None => Vec::new(),
        })
        .collect();
    if lines.is_empty() {
        return Err(FormatError::at(
            header_line,
            1,
            format!("the `{name}` section has no clue lines"),
        ));
    }
    if let Some((n, at)) = declared
        && n != lines.len()
    {
        let what = if name == "rows" { "height" } else { "width" };
        return Err(FormatError::at(
            at,
            1,
            format!(
                "`{what}` says {n} but the `{name}` section (line {header_line}) has {} clue lines",
                lines.len()
            ),
        ));
    }
    if lines.len() > MAX_LINE_LEN {
        return Err(FormatError::at(
            header_line,
            1,
            format!(
                "the `{name}` section has {} lines, more than the limit of {MAX_LINE_LEN}",
                lines.len()
            ),
        ));
    }
    Ok(lines)
}

/// Reads webpbn's XML export: the first `<puzzle>` of a `<puzzleset>` (or a bare
/// `<puzzle>`), its `<clue type="rows">` and `<clue type="columns">` lists of
/// `<line><count>N</count>...</line>`. Colour puzzles (a `<count color=..>` other than the
/// puzzle's default colour) are refused: this is a black-and-white solver.
fn parse_webpbn_xml(text: &str) -> Result<SolveInput, FormatError> {
    check_markup_bounds(text)?;
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| {
        let pos = e.pos();
        FormatError::at(
            pos.row as usize,
            pos.col as usize,
            format!("malformed XML: {e}"),
        )
    })?;
    let at = XmlPositions { doc: &doc };
    let puzzle = webpbn_puzzle(doc.root_element(), &at)?;
    let default_color = puzzle.attribute("defaultcolor").unwrap_or("black");
    let mut rows: Option<Vec<Vec<u32>>> = None;
    let mut cols: Option<Vec<Vec<u32>>> = None;
    for clue in puzzle
        .children()
        .filter(|n| n.is_element() && n.tag_name().name() == "clue")
    {
        let slot = match clue.attribute("type") {
            Some("rows") => &mut rows,
            Some("columns") => &mut cols,
            other => {
                return Err(at.fault(
                    clue,
                    format!("<clue> needs type=\"rows\" or type=\"columns\", found {other:?}"),
                ));
            }
        };
        if slot.is_some() {
            return Err(at.fault(clue, "a second <clue> of the same type".into()));
        }
        *slot = Some(webpbn_clue_lines(clue, default_color, &at)?);
    }
    let rows =
        rows.ok_or_else(|| at.fault(puzzle, "the <puzzle> has no <clue type=\"rows\">".into()))?;
    let cols =
        cols.ok_or_else(|| at.fault(puzzle, "the <puzzle> has no <clue type=\"columns\">".into()))?;
    let goal = webpbn_goal(puzzle, default_color, &at)?;
    if let (Some(goal), Some(image)) = (&goal, goal_image(puzzle)) {
        let (l, c) = at.of(image);
        check_goal(&rows, &cols, goal, l, c)?;
    }
    Ok(SolveInput {
        rows,
        cols,
        timeout_ms: None,
        goal,
    })
}

/// Line and column of XML nodes, computed only for a fault: finding a node's line and
/// column scans the text from its start, so doing it for every `<count>` would make reading
/// quadratic.
struct XmlPositions<'d, 'i> {
    doc: &'d roxmltree::Document<'i>,
}

impl XmlPositions<'_, '_> {
    /// The 1-based line and column where `node` starts.
    fn of(&self, node: roxmltree::Node) -> (usize, usize) {
        #[cfg(test)]
        position_work::add(node.range().start);
        let p = self.doc.text_pos_at(node.range().start);
        (p.row as usize, p.col as usize)
    }

    /// A fault of the file, reported where `node` starts.
    fn fault(&self, node: roxmltree::Node, message: String) -> FormatError {
        let (l, c) = self.of(node);
        FormatError::at(l, c, message)
    }
}

/// The `<puzzle>` to read: the root itself or the first of a `<puzzleset>`; only
/// black-and-white grids (`type="grid"`, the default).
fn webpbn_puzzle<'a, 'i>(
    root: roxmltree::Node<'a, 'i>,
    at: &XmlPositions,
) -> Result<roxmltree::Node<'a, 'i>, FormatError> {
    let puzzle = match root.tag_name().name() {
        "puzzle" => root,
        "puzzleset" => root
            .children()
            .find(|n| n.is_element() && n.tag_name().name() == "puzzle")
            .ok_or_else(|| at.fault(root, "the <puzzleset> holds no <puzzle>".into()))?,
        other => {
            return Err(at.fault(
                root,
                format!("expected <puzzleset> or <puzzle> as the root element, found <{other}>"),
            ));
        }
    };
    if let Some(kind) = puzzle.attribute("type")
        && kind != "grid"
    {
        return Err(at.fault(
            puzzle,
            format!("puzzle type {kind:?} is not supported (only \"grid\")"),
        ));
    }
    Ok(puzzle)
}

/// The clue lists of one `<clue>`: one per `<line>`, a lone 0 read as an empty line.
fn webpbn_clue_lines(
    clue: roxmltree::Node,
    default_color: &str,
    at: &XmlPositions,
) -> Result<Vec<Vec<u32>>, FormatError> {
    let mut lines = Vec::new();
    for line in clue.children().filter(|n| n.is_element()) {
        if line.tag_name().name() != "line" {
            return Err(at.fault(
                line,
                format!(
                    "expected <line> inside <clue>, found <{}>",
                    line.tag_name().name()
                ),
            ));
        }
        let mut counts = webpbn_counts(line, default_color, at)?;
        if counts == [0] {
            counts.clear();
        }
        lines.push(counts);
        if lines.len() > MAX_LINE_LEN {
            return Err(at.fault(
                line,
                format!("more than {MAX_LINE_LEN} <line> elements in one <clue>"),
            ));
        }
    }
    if lines.is_empty() {
        return Err(at.fault(clue, "the <clue> has no <line>".into()));
    }
    Ok(lines)
}

/// The `<count>` numbers of one `<line>`, all of the puzzle's default colour.
fn webpbn_counts(
    line: roxmltree::Node,
    default_color: &str,
    at: &XmlPositions,
) -> Result<Vec<u32>, FormatError> {
    let mut counts = Vec::new();
    for count in line.children().filter(|n| n.is_element()) {
        if count.tag_name().name() != "count" {
            return Err(at.fault(
                count,
                format!(
                    "expected <count> inside <line>, found <{}>",
                    count.tag_name().name()
                ),
            ));
        }
        if let Some(color) = count.attribute("color")
            && color != default_color
        {
            return Err(at.fault(
                count,
                format!(
                    "colour {color:?} is not supported: only black-and-white puzzles can be solved"
                ),
            ));
        }
        let text = count.text().unwrap_or("").trim();
        let value: u32 = text.parse().map_err(|_| {
            at.fault(
                count,
                format!("<count> needs a whole number, found {text:?}"),
            )
        })?;
        counts.push(value);
    }
    Ok(counts)
}

/// The most attributes one XML element may have: webpbn's have at most three. (The XML
/// parser checks each attribute's name against the element's others, so 80,000 attributes
/// on one element took seconds.)
pub const MAX_XML_ATTRIBUTES: usize = 64;

/// Refuses, in one linear scan and before the XML parser sees the file, what would make
/// parsing cost more than linear time or memory: entity declarations (a 30,000-character
/// entity referenced 30,000 times expands a 120 KB file to 900 MB; webpbn files declare
/// none, and the predefined entities and character references still work) and elements
/// with more than [`MAX_XML_ATTRIBUTES`] attributes. Anything else malformed is left to the
/// parser, which words it.
fn check_markup_bounds(text: &str) -> Result<(), FormatError> {
    let b = text.as_bytes();
    let find = |from: usize, what: &[u8]| {
        b.get(from..)
            .and_then(|rest| rest.windows(what.len()).position(|w| w == what))
            .map(|k| from + k)
    };
    let mut i = 0;
    while let Some(k) = b
        .get(i..)
        .and_then(|rest| rest.iter().position(|&c| c == b'<'))
    {
        i += k;
        let rest = &b[i..];
        if rest.starts_with(b"<!--") {
            i = find(i + 4, b"-->").map_or(b.len(), |end| end + 3);
            continue;
        }
        if rest.starts_with(b"<![CDATA[") {
            i = find(i + 9, b"]]>").map_or(b.len(), |end| end + 3);
            continue;
        }
        if rest.starts_with(b"<!ENTITY") {
            let (line, column) = line_and_column(text, i);
            return Err(FormatError::at(
                line,
                column,
                "entity declarations (<!ENTITY) are not read: webpbn files have none",
            ));
        }
        if rest.starts_with(b"<?") || rest.starts_with(b"<!") {
            // A declaration or processing instruction: its inside is scanned on, so an
            // entity declared in a DOCTYPE's internal subset is found.
            i += 2;
            continue;
        }
        // A tag: up to its `>`, outside quoted values; each `=` there is one attribute.
        let start = i;
        let mut quote = None;
        let mut attributes = 0;
        i += 1;
        while let Some(&c) = b.get(i) {
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None => match c {
                    b'"' | b'\'' => quote = Some(c),
                    b'=' => attributes += 1,
                    b'>' | b'<' => break,
                    _ => {}
                },
            }
            i += 1;
        }
        if attributes > MAX_XML_ATTRIBUTES {
            let (line, column) = line_and_column(text, start);
            return Err(FormatError::at(
                line,
                column,
                format!(
                    "an element with {attributes} attributes; at most {MAX_XML_ATTRIBUTES} are read"
                ),
            ));
        }
    }
    Ok(())
}

/// 1-based line and character column of byte `offset` (a character boundary) in `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |nl| nl + 1);
    let line = before.bytes().filter(|&c| c == b'\n').count() + 1;
    (line, before[line_start..].chars().count() + 1)
}

/// The `<image>` of a webpbn puzzle's `<solution type="goal">` (`type` defaults to `goal`).
fn goal_image<'a, 'i>(puzzle: roxmltree::Node<'a, 'i>) -> Option<roxmltree::Node<'a, 'i>> {
    puzzle
        .children()
        .filter(|n| {
            n.is_element()
                && n.tag_name().name() == "solution"
                && n.attribute("type").unwrap_or("goal") == "goal"
        })
        .find_map(|n| {
            n.children()
                .find(|i| i.is_element() && i.tag_name().name() == "image")
        })
}

/// A goal that breaks a clue is a fault of the file, reported at the goal's line. (Clues
/// that are themselves bad are left to `solve`, which names the faulty clue list.)
fn check_goal(
    rows: &[Vec<u32>],
    cols: &[Vec<u32>],
    goal: &[String],
    line: usize,
    column: usize,
) -> Result<(), FormatError> {
    let Ok(puzzle) = Puzzle::new(rows, cols) else {
        return Ok(());
    };
    puzzle
        .goal_picture(goal)
        .map(|_| ())
        .map_err(|e| FormatError::at(line, column, e.message))
}

/// The `<solution type="goal">` image of a webpbn puzzle (`type` defaults to `goal`), as
/// picture rows: its text is rows between `|` bars, one character per cell, the characters
/// those of the `<color>` definitions (`X` black and `.` white when there are none).
fn webpbn_goal(
    puzzle: roxmltree::Node,
    default_color: &str,
    at: &XmlPositions,
) -> Result<Option<Vec<String>>, FormatError> {
    let Some(image) = goal_image(puzzle) else {
        return Ok(None);
    };
    let color_char = |name: &str, fallback: char| {
        puzzle
            .children()
            .find(|n| {
                n.is_element()
                    && n.tag_name().name() == "color"
                    && n.attribute("name") == Some(name)
            })
            .and_then(|n| n.attribute("char"))
            .and_then(|ch| ch.chars().next())
            .unwrap_or(fallback)
    };
    let filled = color_char(default_color, 'X');
    let empty = color_char(puzzle.attribute("backgroundcolor").unwrap_or("white"), '.');
    let (l, c) = at.of(image);
    let mut rows = Vec::new();
    for part in image.text().unwrap_or("").split('|') {
        let cells: String = part.chars().filter(|ch| !ch.is_whitespace()).collect();
        if cells.is_empty() {
            continue;
        }
        let mut row = String::with_capacity(cells.len());
        for ch in cells.chars() {
            row.push(if ch == filled {
                '#'
            } else if ch == empty {
                '.'
            } else {
                return Err(FormatError::at(
                    l,
                    c,
                    format!(
                        "unexpected {ch:?} in the goal <image> (expected {filled:?} filled and {empty:?} empty)"
                    ),
                ));
            });
        }
        rows.push(row);
    }
    Ok(Some(rows))
}

fn clue_text(clues: &[u32]) -> String {
    if clues.is_empty() {
        "0".to_string()
    } else {
        clues
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Writes a puzzle in the `.non` format (readable by [`parse_puzzle`] and by nonogrid).
/// `title` is written with its double quotes replaced by single ones.
pub fn to_non(title: Option<&str>, rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let mut out = String::new();
    if let Some(t) = title {
        out.push_str(&format!(
            "title \"{}\"\n",
            t.replace(['"', '\n', '\r'], "'")
        ));
    }
    out.push_str(&format!(
        "width {}\nheight {}\n\nrows\n",
        cols.len(),
        rows.len()
    ));
    for r in rows {
        out.push_str(&clue_text(r));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for c in cols {
        out.push_str(&clue_text(c));
        out.push('\n');
    }
    out
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes a puzzle as webpbn XML (a `<puzzleset>` with one black-and-white `<puzzle>`).
pub fn to_webpbn_xml(title: Option<&str>, rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n",
    );
    if let Some(t) = title {
        out.push_str(&format!("<title>{}</title>\n", xml_escape(t)));
    }
    out.push_str("<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n");
    for (kind, lines) in [("columns", cols), ("rows", rows)] {
        out.push_str(&format!("<clue type=\"{kind}\">\n"));
        for line in lines {
            out.push_str("<line>");
            for n in line {
                out.push_str(&format!("<count>{n}</count>"));
            }
            out.push_str("</line>\n");
        }
        out.push_str("</clue>\n");
    }
    out.push_str("</puzzle>\n</puzzleset>\n");
    out
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

    const DANCER: &str =
        "title \"dancer\"\nwidth 5\nheight 3\n\nrows\n2\n2,1\n0\n\ncolumns\n1\n1 1\n\n0\n3\n";

    #[test]
    fn reads_non_sections_and_empty_lines() {
        let p = parse_puzzle(DANCER, Format::Non).unwrap();
        assert_eq!(p.rows, vec![vec![2], vec![2, 1], vec![]]);
        // The blank line inside `columns` is an empty column, `0` another.
        assert_eq!(p.cols, vec![vec![1], vec![1, 1], vec![], vec![], vec![3]]);
    }

    #[test]
    fn non_comments_and_unknown_keywords() {
        let text = "# a comment\nrows\n1\n\ncolumns\n1\n";
        let p = parse_puzzle(text, Format::Non).unwrap();
        assert_eq!((p.rows.len(), p.cols.len()), (1, 1));
        let err = parse_puzzle("widht 5\nrows\n1\ncolumns\n1\n", Format::Non).unwrap_err();
        assert_eq!((err.line, err.column), (1, 1));
        assert!(err.message.contains("widht"), "{err}");
    }

    #[test]
    fn non_errors_name_the_line() {
        let err =
            parse_puzzle("width 2\nheight 1\nrows\n1,a\ncolumns\n1\n0\n", Format::Non).unwrap_err();
        assert_eq!(err.line, 4);
        assert_eq!(err.column, 3);
        let err =
            parse_puzzle("width 3\nheight 1\nrows\n1\ncolumns\n1\n0\n", Format::Non).unwrap_err();
        assert_eq!(err.line, 1, "{err}");
        assert!(err.message.contains("width"), "{err}");
        let err = parse_puzzle("rows\n1\n", Format::Non).unwrap_err();
        assert!(err.message.contains("columns"), "{err}");
        let err = parse_puzzle("rows\n1,,2\ncolumns\n1\n", Format::Non).unwrap_err();
        assert_eq!((err.line, err.column), (2, 3));
        let err = parse_puzzle("rows\n99999999999\ncolumns\n1\n", Format::Non).unwrap_err();
        assert_eq!(err.line, 2);
        let err = parse_puzzle("width 0\nrows\n1\ncolumns\n1\n", Format::Non).unwrap_err();
        assert_eq!(err.line, 1);
    }

    #[test]
    fn non_round_trip() {
        let rows = vec![vec![1, 2], vec![], vec![4]];
        let cols = vec![vec![1], vec![2], vec![], vec![3]];
        let text = to_non(Some("t \"q\""), &rows, &cols);
        let p = parse_puzzle(&text, Format::Non).unwrap();
        assert_eq!((p.rows, p.cols), (rows, cols));
    }

    #[test]
    fn xml_round_trip_and_export_shape() {
        let rows = vec![vec![1, 2], vec![], vec![4]];
        let cols = vec![vec![1], vec![2], vec![], vec![3]];
        let text = to_webpbn_xml(Some("a < b"), &rows, &cols);
        assert!(text.contains("<clue type=\"rows\">"));
        let p = parse_puzzle(&text, Format::Xml).unwrap();
        assert_eq!((p.rows, p.cols), (rows, cols));
    }

    #[test]
    fn reads_webpbn_export_with_doctype() {
        let text = r#"<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<source>webpbn.com</source>
<puzzle type="grid" defaultcolor="black">
<id>#1</id>
<title>Demo</title>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clue type="columns">
<line><count>2</count><count>1</count></line>
<line><count>1</count></line>
</clue>
<clue type="rows">
<line><count>2</count></line>
<line></line>
<line><count color="black">1</count></line>
</clue>
<solution type="goal"><image>|XX|..|X.|</image></solution>
</puzzle>
</puzzleset>"#;
        let p = parse_puzzle(text, Format::Xml).unwrap();
        assert_eq!(p.rows, vec![vec![2], vec![], vec![1]]);
        assert_eq!(p.cols, vec![vec![2, 1], vec![1]]);
        assert_eq!(p.goal, Some(vec!["##".into(), "..".into(), "#.".into()]));
    }

    #[test]
    fn reads_goal_pictures() {
        let non = "width 3\nheight 2\nrows\n2\n1\ncolumns\n1\n2\n0\ngoal \"110010\"\n";
        let p = parse_puzzle(non, Format::Non).unwrap();
        assert_eq!(p.goal, Some(vec!["##.".into(), ".#.".into()]));
        let unquoted = non.replace("\"110010\"", "110010");
        assert_eq!(parse_puzzle(&unquoted, Format::Non).unwrap().goal, p.goal);
        let err = parse_puzzle(&non.replace("110010", "11001"), Format::Non).unwrap_err();
        assert_eq!((err.line, err.column), (10, 6), "{err}");
        assert!(err.message.contains("5 cells"), "{err}");
        let err = parse_puzzle(&non.replace("110010", "110x10"), Format::Non).unwrap_err();
        assert_eq!((err.line, err.column), (10, 10), "{err}");
        let err = parse_puzzle(&non.replace("110010", "101010"), Format::Non).unwrap_err();
        assert_eq!((err.line, err.column), (10, 6), "{err}");
        assert!(err.message.contains("goal row 0 has runs [1, 1]"), "{err}");
        // webpbn: the image uses the puzzle's colour characters.
        let xml = "<puzzle defaultcolor=\"black\"><color name=\"white\" char=\"-\">fff</color><color name=\"black\" char=\"B\">000</color>\
            <clue type=\"rows\"><line><count>1</count></line></clue><clue type=\"columns\"><line></line><line><count>1</count></line></clue>\
            <solution type=\"solution\"><image>|B-|</image></solution>\
            <solution><image>\n|-B|\n</image></solution></puzzle>";
        let p = parse_puzzle(xml, Format::Xml).unwrap();
        assert_eq!(p.goal, Some(vec![".#".into()]));
        let err = parse_puzzle(&xml.replace("|-B|", "|-X|"), Format::Xml).unwrap_err();
        assert!(err.message.contains("'X'"), "{err}");
        let err = parse_puzzle(&xml.replace("|-B|", "|B-|"), Format::Xml).unwrap_err();
        assert!(err.message.contains("goal column 0 has runs [1]"), "{err}");
    }

    #[test]
    fn xml_errors_have_positions() {
        let err = parse_puzzle("<puzzleset>\n<puzzle>\n<clue type=\"rows\"><line><count>x</count></line></clue>\n</puzzle></puzzleset>", Format::Xml).unwrap_err();
        assert_eq!(err.line, 3, "{err}");
        assert!(err.message.contains("whole number"), "{err}");
        let err = parse_puzzle("<puzzleset>\n<puzzle>\n</puzzleset>", Format::Xml).unwrap_err();
        assert_eq!(err.line, 3, "{err}");
        let err = parse_puzzle(
            "<puzzle><clue type=\"rows\"><line><count color=\"red\">1</count></line></clue></puzzle>",
            Format::Xml,
        )
        .unwrap_err();
        assert!(err.message.contains("colour"), "{err}");
    }

    /// 100,000 counts in one clue list: one pass over the text, whatever the length (the
    /// positions that faults need are looked up only for a fault).
    #[test]
    fn long_clue_lists_are_read_in_one_pass() {
        let n = 100_000;
        let ones = vec!["1"; n].join(",");
        let non = format!("width 5\nheight 1\nrows\n{ones}\ncolumns\n1\n0\n1\n0\n1\n");
        let (p, scanned) = position_work::of(|| parse_puzzle(&non, Format::Non));
        assert_eq!(p.unwrap().rows[0].len(), n);
        assert!(
            scanned <= non.len(),
            "{scanned} bytes scanned for positions"
        );

        let counts = "<count>1</count>".repeat(n);
        let xml = format!(
            "<puzzle><clue type=\"rows\"><line>{counts}</line></clue>\
             <clue type=\"columns\"><line><count>1</count></line></clue></puzzle>"
        );
        let (p, scanned) = position_work::of(|| parse_puzzle(&xml, Format::Xml));
        assert_eq!(p.unwrap().rows[0].len(), n);
        assert_eq!(scanned, 0, "positions looked up for a file without faults");
    }

    #[test]
    fn faults_at_the_end_of_long_clue_lists_keep_their_columns() {
        let ones = vec!["1"; 1000].join(", ");
        let non = format!("rows\n{ones}, 2x\ncolumns\n1\n");
        let err = parse_puzzle(&non, Format::Non).unwrap_err();
        assert_eq!((err.line, err.column), (2, ones.len() + 4), "{err}");
        let err = parse_puzzle(&format!("rows\n{ones},\ncolumns\n1\n"), Format::Non).unwrap_err();
        assert_eq!((err.line, err.column), (2, ones.len() + 1), "{err}");
        // Columns count characters, not bytes.
        let err = parse_puzzle(
            &format!("rows\n{ones},\u{a0}\u{a0}2x\ncolumns\n1\n"),
            Format::Non,
        )
        .unwrap_err();
        assert_eq!((err.line, err.column), (2, ones.len() + 5), "{err}");
        let counts = "<count>1</count>".repeat(1000);
        let xml = format!(
            "<puzzle>\n<clue type=\"rows\"><line>{counts}<count>z</count></line></clue></puzzle>"
        );
        let err = parse_puzzle(&xml, Format::Xml).unwrap_err();
        assert_eq!((err.line, err.column), (2, 25 + counts.len()), "{err}");
    }

    /// webpbn's `.non` export: `catalogue`, `title`, `name`, `by`, `copyright`, `license` are
    /// read and ignored, whatever their (non-ASCII) text.
    #[test]
    fn reads_webpbn_non_exports_with_name_and_non_ascii_titles() {
        let text = "catalogue \"webpbn #1\"\ntitle \"Caf\u{e9} \u{a9}\"\nname \"Jos\u{e9}\"\n\
                    by \"Jan\"\ncopyright \"\u{a9} 2004\"\nlicense CC-BY-3.0\nwidth 2\nheight 1\n\n\
                    rows\n2\n\ncolumns\n1\n1\n";
        let p = parse_puzzle(text, Format::Non).unwrap();
        assert_eq!((p.rows, p.cols), (vec![vec![2]], vec![vec![1], vec![1]]));
    }

    /// A billion-laughs style file and an element with 80,000 attributes are refused in one
    /// linear scan, with the place of the fault.
    #[test]
    fn costly_markup_is_refused_before_parsing() {
        let entity = format!(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE p [<!ENTITY e \"{}\">]>\n<puzzle>{}</puzzle>",
            "x".repeat(30_000),
            "&e;".repeat(30_000)
        );
        let err = parse_puzzle(&entity, Format::Xml).unwrap_err();
        assert_eq!((err.line, err.column), (2, 14), "{err}");
        assert!(err.message.contains("<!ENTITY"), "{err}");
        let attributes: String = (0..80_000).map(|k| format!(" a{k}=\"1\"")).collect();
        let many = format!("<puzzleset>\n <puzzle{attributes}></puzzle></puzzleset>");
        let err = parse_puzzle(&many, Format::Xml).unwrap_err();
        assert_eq!((err.line, err.column), (2, 2), "{err}");
        assert!(err.message.contains("80000 attributes"), "{err}");
        // Quoted `=` and `>`, comments and CDATA are not attributes or tags.
        let fine: String = (0..MAX_XML_ATTRIBUTES)
            .map(|k| format!(" a{k}=\"x=>y\""))
            .collect();
        let fine = format!("<!-- <!ENTITY --><puzzle{fine}><![CDATA[<!ENTITY a=b>]]></puzzle>");
        let err = parse_puzzle(&fine, Format::Xml).unwrap_err();
        assert!(err.message.contains("no <clue"), "{err}");
    }

    #[test]
    fn format_from_path() {
        assert_eq!(Format::from_path("a/b.non"), Some(Format::Non));
        assert_eq!(Format::from_path("x.XML"), Some(Format::Xml));
        assert_eq!(Format::from_path("x.json"), None);
        assert_eq!(Format::from_path("dir.non/file"), None);
    }
}
