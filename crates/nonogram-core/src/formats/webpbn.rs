//! webpbn's XML export: reading ([`parse_webpbn_xml`]) and writing ([`to_webpbn_xml`]).
//! Every text the writer copies into the document goes through one escaper, [`escape`].

use super::markup::check_markup_bounds;
use super::{FormatError, check_goal};
use crate::cells::MAX_LINE_LEN;
use crate::solver::SolveInput;

/// Reads webpbn's XML export: the first `<puzzle>` of a `<puzzleset>` (or a bare
/// `<puzzle>`), its `<clue type="rows">` and `<clue type="columns">` lists of
/// `<line><count>N</count>...</line>`. Colour puzzles (a `<count color=..>` other than the
/// puzzle's default colour) are refused: this is a black-and-white solver.
pub(super) fn parse_webpbn_xml(text: &str) -> Result<SolveInput, FormatError> {
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
        super::position_work::add(node.range().start);
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

/// Text as it may stand in an attribute value or element content of the XML the writer
/// makes: characters XML 1.0 forbids replaced (see [`puzzles_common::xml_text`]), markup
/// characters as entities. Every text the writer copies from its input goes through here.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in puzzles_common::xml_text(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Writes a puzzle as webpbn XML (a `<puzzleset>` with one black-and-white `<puzzle>`).
pub fn to_webpbn_xml(title: Option<&str>, rows: &[Vec<u32>], cols: &[Vec<u32>]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n",
    );
    if let Some(t) = title {
        out.push_str(&format!("<title>{}</title>\n", escape(t)));
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
    use super::super::{Format, parse_puzzle, position_work};
    use super::*;

    #[test]
    fn xml_round_trip_and_export_shape() {
        let rows = vec![vec![1, 2], vec![], vec![4]];
        let cols = vec![vec![1], vec![2], vec![], vec![3]];
        let text = to_webpbn_xml(Some("a < b & \"c\" \u{1}"), &rows, &cols);
        assert!(text.contains("<clue type=\"rows\">"));
        assert!(text.contains("<title>a &lt; b &amp; &quot;c&quot; \u{fffd}</title>"));
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

    /// The goal image uses the puzzle's colour characters.
    #[test]
    fn reads_goal_images() {
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

    /// 100,000 counts in one clue list: one pass over the text (the positions that faults
    /// need are looked up only for a fault).
    #[test]
    fn long_clue_lists_are_read_in_one_pass() {
        let n = 100_000;
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
        let counts = "<count>1</count>".repeat(1000);
        let xml = format!(
            "<puzzle>\n<clue type=\"rows\"><line>{counts}<count>z</count></line></clue></puzzle>"
        );
        let err = parse_puzzle(&xml, Format::Xml).unwrap_err();
        assert_eq!((err.line, err.column), (2, 25 + counts.len()), "{err}");
    }
}
