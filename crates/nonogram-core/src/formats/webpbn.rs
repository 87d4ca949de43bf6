//! webpbn's XML export: reading ([`parse_webpbn_xml`]) and writing ([`to_webpbn_xml`]).
//! Every text the writer copies into the document goes through one escaper, [`escape`].

use super::markup::check_markup_bounds;
use super::{FormatError, check_goal};
use crate::cells::MAX_LINE_LEN;
use crate::palette::{ClueItem, DEFAULT_COLOR, PaletteColor, parse_rgb};
use crate::puzzle::Puzzle;
use crate::solver::SolveInput;

/// Reads webpbn's XML export: the first `<puzzle>` of a `<puzzleset>` (or a bare
/// `<puzzle>`), its `<color>` definitions and its `<clue type="rows">` and
/// `<clue type="columns">` lists of `<line><count color="..">N</count>...</line>` (a count
/// without `color` has the puzzle's `defaultcolor`, black unless it says otherwise). A
/// puzzle whose counts use one colour is black and white (pictures `#` and `.`); with more,
/// the input gets a `palette` of the colours the counts use, each with its `char` (the
/// file's, or another when that one is `.`, `x`, `X` or taken: `#` for the default colour)
/// and its value.
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
    let colors = XmlColors::read(puzzle);
    let mut rows: Option<Vec<XmlLine>> = None;
    let mut cols: Option<Vec<XmlLine>> = None;
    // webpbn writes `<clues>`; `<clue>` is read too.
    for clue in puzzle
        .children()
        .filter(|n| n.is_element() && matches!(n.tag_name().name(), "clues" | "clue"))
    {
        let slot = match clue.attribute("type") {
            Some("rows") => &mut rows,
            Some("columns") => &mut cols,
            other => {
                return Err(at.fault(
                    clue,
                    format!("<clues> needs type=\"rows\" or type=\"columns\", found {other:?}"),
                ));
            }
        };
        if slot.is_some() {
            return Err(at.fault(clue, "a second <clues> of the same type".into()));
        }
        *slot = Some(webpbn_clue_lines(clue, &colors, &at)?);
    }
    let rows =
        rows.ok_or_else(|| at.fault(puzzle, "the <puzzle> has no <clues type=\"rows\">".into()))?;
    let cols = cols.ok_or_else(|| {
        at.fault(
            puzzle,
            "the <puzzle> has no <clues type=\"columns\">".into(),
        )
    })?;
    let palette = colors.palette(rows.iter().chain(&cols).flatten().map(|(_, c)| *c));
    let items = |lines: &[XmlLine]| -> Vec<Vec<ClueItem>> {
        lines
            .iter()
            .map(|line| line.iter().map(|&(n, c)| palette.item(n, c)).collect())
            .collect()
    };
    let mut input = SolveInput {
        rows: items(&rows),
        cols: items(&cols),
        palette: palette.input(),
        timeout_ms: None,
        goal: None,
    };
    if let Some(image) = goal_image(puzzle) {
        let goal = webpbn_goal(image, &palette, &at)?;
        let (l, c) = at.of(image);
        check_goal(&input, &goal, l, c)?;
        input.goal = Some(goal);
    }
    Ok(input)
}

/// One `<line>`'s counts, each with its colour (an index into [`XmlColors::defined`]).
type XmlLine = Vec<(u32, usize)>;

/// The colours a webpbn puzzle defines (`<color name="red" char="r">f00</color>`), and its
/// default and background colours.
struct XmlColors<'a> {
    /// Name, character and value text of each definition, in the file's order; the
    /// default colour is added (as `X`, black) when the file does not define it.
    defined: Vec<(&'a str, Option<char>, &'a str)>,
    default: usize,
    background: &'a str,
}

impl<'a> XmlColors<'a> {
    fn read<'i: 'a>(puzzle: roxmltree::Node<'a, 'i>) -> Self {
        let mut defined: Vec<(&'a str, Option<char>, &'a str)> = puzzle
            .children()
            .filter(|n| n.is_element() && n.tag_name().name() == "color")
            .filter_map(|n| {
                let name = n.attribute("name")?;
                let ch = n.attribute("char").and_then(|c| c.chars().next());
                Some((name, ch, n.text().unwrap_or("").trim()))
            })
            .collect();
        let default_name = puzzle.attribute("defaultcolor").unwrap_or("black");
        let default = match defined.iter().position(|d| d.0 == default_name) {
            Some(k) => k,
            None => {
                defined.push((default_name, Some('X'), "000"));
                defined.len() - 1
            }
        };
        XmlColors {
            defined,
            default,
            background: puzzle.attribute("backgroundcolor").unwrap_or("white"),
        }
    }

    /// The colour of one `<count>`: its `color` attribute or the default.
    fn of_count(&self, count: roxmltree::Node, at: &XmlPositions) -> Result<usize, FormatError> {
        let Some(name) = count.attribute("color") else {
            return Ok(self.default);
        };
        if name == self.background {
            return Err(at.fault(
                count,
                format!("a block cannot have the background colour {name:?}"),
            ));
        }
        self.defined
            .iter()
            .position(|d| d.0 == name)
            .ok_or_else(|| {
                at.fault(
                    count,
                    format!("colour {name:?} has no <color name=\"{name}\"> definition"),
                )
            })
    }

    /// The puzzle's palette: the colours `used` names (any order, repeats), each with the
    /// character pictures will use.
    fn palette(&self, used: impl Iterator<Item = usize>) -> XmlPalette<'_> {
        let mut is_used = vec![false; self.defined.len()];
        for c in used {
            is_used[c] = true;
        }
        let mut colors: Vec<(usize, char)> = Vec::new();
        let taken = |colors: &[(usize, char)], ch: char| colors.iter().any(|&(_, t)| t == ch);
        for k in (0..self.defined.len()).filter(|&k| is_used[k]) {
            let (name, file_char, _) = self.defined[k];
            // The default colour and black take `#` first, as pictures in JSON write them.
            let sharp = (k == self.default || name == DEFAULT_COLOR).then_some('#');
            let preferred = sharp.into_iter().chain(file_char);
            let ch = preferred
                .chain(SPARE_CHARS.chars())
                .find(|&ch| {
                    !matches!(ch, '.' | 'x' | 'X')
                        && !ch.is_whitespace()
                        && ch != '|'
                        && !taken(&colors, ch)
                })
                .unwrap_or('?');
            colors.push((k, ch));
        }
        XmlPalette { xml: self, colors }
    }
}

/// Characters for colours whose own character cannot be used.
const SPARE_CHARS: &str = "ABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwyz0123456789@%&*+=";

/// The colours a puzzle's counts use, with their characters in pictures.
struct XmlPalette<'x> {
    xml: &'x XmlColors<'x>,
    /// Index into the definitions and the picture character, per colour used.
    colors: Vec<(usize, char)>,
}

impl XmlPalette<'_> {
    fn is_color(&self) -> bool {
        self.colors.len() > 1
    }

    /// The clue item of `count` cells of definition `c`: a plain count in black and white
    /// and for black.
    fn item(&self, count: u32, c: usize) -> ClueItem {
        let name = self.xml.defined[c].0;
        if !self.is_color() || name == DEFAULT_COLOR {
            ClueItem::Count(count)
        } else {
            ClueItem::Colored {
                count,
                color: name.to_string(),
            }
        }
    }

    /// The input's `palette` (none in black and white).
    fn input(&self) -> Option<Vec<PaletteColor>> {
        self.is_color().then(|| {
            self.colors
                .iter()
                .map(|&(k, ch)| {
                    let (name, _, value) = self.xml.defined[k];
                    PaletteColor {
                        name: name.to_string(),
                        char: ch,
                        rgb: parse_rgb(value).map(|[r, g, b]| format!("#{r:02x}{g:02x}{b:02x}")),
                    }
                })
                .collect()
        })
    }

    /// The picture character of a goal image character, or `None` when it is no colour of
    /// the puzzle.
    fn picture_char(&self, file_char: char) -> Option<char> {
        if file_char == self.background_char() {
            return Some('.');
        }
        if !self.is_color() {
            let k = self.black_and_white();
            return (self.xml.defined[k].1 == Some(file_char)).then_some('#');
        }
        self.colors
            .iter()
            .find(|&&(k, _)| self.xml.defined[k].1 == Some(file_char))
            .map(|&(_, ch)| ch)
    }

    /// The image characters in words, for a fault.
    fn expected(&self) -> String {
        let empty = self.background_char();
        if !self.is_color() {
            let filled = self.xml.defined[self.black_and_white()].1.unwrap_or('X');
            return format!("{filled:?} filled and {empty:?} empty");
        }
        let mut words: Vec<String> = self
            .colors
            .iter()
            .map(|&(k, _)| {
                let (name, ch, _) = self.xml.defined[k];
                format!("{:?} for {name}", ch.unwrap_or('?'))
            })
            .collect();
        words.push(format!("{empty:?} for the background"));
        words.join(", ")
    }

    /// The image character of the background.
    fn background_char(&self) -> char {
        let background = self.xml.defined.iter().find(|d| d.0 == self.xml.background);
        background.and_then(|d| d.1).unwrap_or('.')
    }

    /// In black and white, the definition of the one colour: the one the counts use, or
    /// the default when none does.
    fn black_and_white(&self) -> usize {
        self.colors.first().map_or(self.xml.default, |&(k, _)| k)
    }
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

/// The clue lists of one `<clues>`: one per `<line>`, a lone 0 read as an empty line.
fn webpbn_clue_lines(
    clue: roxmltree::Node,
    colors: &XmlColors,
    at: &XmlPositions,
) -> Result<Vec<XmlLine>, FormatError> {
    let mut lines = Vec::new();
    for line in clue.children().filter(|n| n.is_element()) {
        if line.tag_name().name() != "line" {
            return Err(at.fault(
                line,
                format!(
                    "expected <line> inside <clues>, found <{}>",
                    line.tag_name().name()
                ),
            ));
        }
        let mut counts = webpbn_counts(line, colors, at)?;
        if counts.len() == 1 && counts[0].0 == 0 {
            counts.clear();
        }
        lines.push(counts);
        if lines.len() > MAX_LINE_LEN {
            return Err(at.fault(
                line,
                format!("more than {MAX_LINE_LEN} <line> elements in one <clues>"),
            ));
        }
    }
    if lines.is_empty() {
        return Err(at.fault(clue, "the <clues> has no <line>".into()));
    }
    Ok(lines)
}

/// The `<count>`s of one `<line>`, each with its colour.
fn webpbn_counts(
    line: roxmltree::Node,
    colors: &XmlColors,
    at: &XmlPositions,
) -> Result<XmlLine, FormatError> {
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
        let color = colors.of_count(count, at)?;
        let text = count.text().unwrap_or("").trim();
        let value: u32 = text.parse().map_err(|_| {
            at.fault(
                count,
                format!("<count> needs a whole number, found {text:?}"),
            )
        })?;
        counts.push((value, color));
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

/// A goal `<image>` as picture rows: its text is rows between `|` bars, one character per
/// cell, the characters those of the `<color>` definitions (`X` for the default colour and
/// `.` for the background when there are none), rewritten as the palette's.
fn webpbn_goal(
    image: roxmltree::Node,
    palette: &XmlPalette,
    at: &XmlPositions,
) -> Result<Vec<String>, FormatError> {
    let mut rows = Vec::new();
    for part in image.text().unwrap_or("").split('|') {
        let cells: String = part.chars().filter(|ch| !ch.is_whitespace()).collect();
        if cells.is_empty() {
            continue;
        }
        let row = cells
            .chars()
            .map(|ch| {
                palette.picture_char(ch).ok_or_else(|| {
                    let (l, c) = at.of(image);
                    FormatError::at(
                        l,
                        c,
                        format!(
                            "unexpected {ch:?} in the goal <image> (expected {})",
                            palette.expected()
                        ),
                    )
                })
            })
            .collect::<Result<String, FormatError>>()?;
        rows.push(row);
    }
    Ok(rows)
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

/// Writes a puzzle as webpbn XML: a `<puzzleset>` with one `<puzzle>`, the background
/// (`white`, `.`) and each colour of the palette defined with its character and value, the
/// first colour the default (its counts without `color`).
pub fn to_webpbn_xml(title: Option<&str>, puzzle: &Puzzle) -> String {
    let palette = puzzle.palette();
    let mut out = format!(
        "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"{}\">\n",
        escape(&palette.color(1).name)
    );
    if let Some(t) = title {
        out.push_str(&format!("<title>{}</title>\n", escape(t)));
    }
    out.push_str("<color name=\"white\" char=\".\">ffffff</color>\n");
    for color in palette.colors() {
        out.push_str(&format!(
            "<color name=\"{}\" char=\"{}\">{}</color>\n",
            escape(&color.name),
            escape(&color.ch.to_string()),
            &color.hex()[1..]
        ));
    }
    let (h, w) = (puzzle.height(), puzzle.width());
    for (kind, ids) in [("columns", h..h + w), ("rows", 0..h)] {
        out.push_str(&format!("<clues type=\"{kind}\">\n"));
        for id in ids {
            out.push_str("<line>");
            let (lens, colors) = puzzle.line(id);
            for (&n, &c) in lens.iter().zip(colors) {
                if c == 1 {
                    out.push_str(&format!("<count>{n}</count>"));
                } else {
                    let name = escape(&palette.color(c).name);
                    out.push_str(&format!("<count color=\"{name}\">{n}</count>"));
                }
            }
            out.push_str("</line>\n");
        }
        out.push_str("</clues>\n");
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
        let cols = vec![vec![1], vec![2], vec![1], vec![3]];
        let puzzle = Puzzle::new(&rows, &cols).unwrap();
        let text = to_webpbn_xml(Some("a < b & \"c\" \u{1}"), &puzzle);
        assert!(text.contains("<clues type=\"rows\">"));
        assert!(text.contains("<title>a &lt; b &amp; &quot;c&quot; \u{fffd}</title>"));
        let p = parse_puzzle(&text, Format::Xml).unwrap();
        assert_eq!(p.rows, rows);
        assert_eq!(p.cols, cols);
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

    /// A colour puzzle as webpbn writes one (`<clues>`, counts of the default colour
    /// without `color`, `X` for black): a palette of the colours used, black as `#`, the
    /// goal in the palette's characters.
    const COLOR: &str = r#"<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="black">
<color name="white" char=".">FFFFFF</color>
<color name="black" char="X">000000</color>
<color name="red" char="*">FF0000</color>
<color name="blue" char="@">4040FF</color>
<clues type="columns">
<line><count color="red">1</count></line>
<line><count color="red">1</count><count>1</count></line>
<line><count color="blue">2</count></line>
</clues>
<clues type="rows">
<line><count color="red">2</count><count color="blue">1</count></line>
<line><count>1</count><count color="blue">1</count></line>
</clues>
<solution type="goal"><image>|**@|.X@|</image></solution>
</puzzle></puzzleset>"#;

    #[test]
    fn reads_colour_puzzles() {
        let p = parse_puzzle(COLOR, Format::Xml).unwrap();
        let palette = p.palette.clone().expect("a colour puzzle has a palette");
        let chars: Vec<(String, char)> = palette.iter().map(|c| (c.name.clone(), c.char)).collect();
        assert_eq!(
            chars,
            [
                ("black".into(), '#'),
                ("red".into(), '*'),
                ("blue".into(), '@')
            ]
        );
        assert_eq!(palette[2].rgb.as_deref(), Some("#4040ff"));
        let red = |n| ClueItem::Colored {
            count: n,
            color: "red".into(),
        };
        let blue = |n| ClueItem::Colored {
            count: n,
            color: "blue".into(),
        };
        assert_eq!(
            p.rows,
            vec![vec![red(2), blue(1)], vec![ClueItem::Count(1), blue(1)]]
        );
        assert_eq!(p.cols[1], vec![red(1), ClueItem::Count(1)]);
        assert_eq!(p.goal, Some(vec!["**@".into(), ".#@".into()]));
        // The goal must fit the clues, and use the puzzle's characters.
        let err = parse_puzzle(&COLOR.replace("|**@|.X@|", "|*X@|.*@|"), Format::Xml).unwrap_err();
        assert!(
            err.message
                .contains("goal row 0 has runs [1 red, 1, 1 blue]"),
            "{err}"
        );
        let err = parse_puzzle(&COLOR.replace("|**@|.X@|", "|**@|.Q@|"), Format::Xml).unwrap_err();
        assert!(err.message.contains("'*' for red"), "{err}");
    }

    #[test]
    fn colour_faults_name_the_count() {
        let err = parse_puzzle(
            &COLOR.replace(r#"<count color="blue">2"#, r#"<count color="green">2"#),
            Format::Xml,
        )
        .unwrap_err();
        assert_eq!((err.line, err.column), (10, 7), "{err}");
        assert!(err.message.contains("\"green\" has no <color"), "{err}");
        let err = parse_puzzle(
            &COLOR.replace(r#"<count color="blue">2"#, r#"<count color="white">2"#),
            Format::Xml,
        )
        .unwrap_err();
        assert!(err.message.contains("background"), "{err}");
    }

    /// Written and read back, a colour puzzle keeps its clues and colours; the old
    /// spelling `<clue>` reads too.
    #[test]
    fn colour_round_trip() {
        let p = parse_puzzle(COLOR, Format::Xml).unwrap();
        let puzzle = Puzzle::from_input(&p.rows, &p.cols, p.palette.as_deref()).unwrap();
        let text = to_webpbn_xml(None, &puzzle);
        assert!(text.contains(r#"<count color="red">2</count>"#), "{text}");
        let back = parse_puzzle(&text, Format::Xml).unwrap();
        assert_eq!((&back.rows, &back.cols), (&p.rows, &p.cols));
        assert_eq!(back.palette, p.palette);
        let old = COLOR
            .replace("<clues", "<clue")
            .replace("</clues>", "</clue>");
        assert_eq!(parse_puzzle(&old, Format::Xml).unwrap(), p);
    }
}
