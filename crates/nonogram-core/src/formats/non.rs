//! The `.non` text format: reading (see [`parse_non`] for the rules) and writing
//! ([`to_non`]).

use super::{FormatError, check_goal};
use crate::cells::MAX_LINE_LEN;
use crate::palette::plain_lists;
use crate::solver::SolveInput;

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
pub(super) fn parse_non(text: &str) -> Result<SolveInput, FormatError> {
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
        let mut input = SolveInput {
            rows: plain_lists(&rows),
            cols: plain_lists(&cols),
            palette: None,
            timeout_ms: None,
            goal: None,
        };
        if let Some((cells, line, column)) = self.goal {
            let goal = non_goal(&cells, rows.len(), cols.len(), line, column)?;
            check_goal(&input, &goal, line, column)?;
            input.goal = Some(goal);
        }
        Ok(input)
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

/// The `goal` line's cells as picture rows (`#` and `.`) of a puzzle of `h` rows and `w`
/// columns.
fn non_goal(
    cells: &str,
    h: usize,
    w: usize,
    line: usize,
    column: usize,
) -> Result<Vec<String>, FormatError> {
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
    Ok(cells.as_bytes().chunks(w.max(1)).map(row_text).collect())
}

/// 1-based character column where `part` (a sub-slice of `line`) starts.
fn column_of(line: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
    let offset = offset.min(line.len());
    #[cfg(test)]
    super::position_work::add(offset);
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
                    format!(
                        "unexpected {next:?} after a clue (the .non format has no colours: write colour puzzles as webpbn XML or JSON)"
                    ),
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

/// Writes a puzzle in the `.non` format (readable by [`super::parse_puzzle`] and by nonogrid).
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

#[cfg(test)]
mod tests {
    use super::super::{Format, parse_puzzle, position_work};
    use super::*;

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
        assert_eq!(p.rows, rows);
        assert_eq!(p.cols, cols);
    }

    /// webpbn's `.non` export: `catalogue`, `title`, `name`, `by`, `copyright`, `license` are
    /// read and ignored, whatever their (non-ASCII) text.
    #[test]
    fn reads_webpbn_non_exports_with_name_and_non_ascii_titles() {
        let text = "catalogue \"webpbn #1\"\ntitle \"Caf\u{e9} \u{a9}\"\nname \"Jos\u{e9}\"\n\
                    by \"Jan\"\ncopyright \"\u{a9} 2004\"\nlicense CC-BY-3.0\nwidth 2\nheight 1\n\n\
                    rows\n2\n\ncolumns\n1\n1\n";
        let p = parse_puzzle(text, Format::Non).unwrap();
        assert_eq!(p.rows, vec![vec![2]]);
        assert_eq!(p.cols, vec![vec![1], vec![1]]);
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
    }

    /// 100,000 counts in one clue list: one pass over the text, whatever the length (a
    /// fault's column is counted only for a fault).
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
    }
}
