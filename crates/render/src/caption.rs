//! Lines of text under a finished picture, for pictures that need saying where they come from
//! (a failing batch case: its name and what did not match).

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::doc::{Doc, MARGIN, caption_height, caption_width};

/// Longest caption line kept; longer ones are cut with an ellipsis.
const MAX_LINE: usize = 160;

/// Why a picture cannot take a caption; `Display` gives a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaptionError {
    /// The picture is not well-formed XML (the parser's message).
    NotXml(String),
    /// The root element has no numeric `width` and `height`.
    NoSize,
    /// The document has no root element.
    NoRoot,
}

impl std::fmt::Display for CaptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CaptionError::NotXml(why) => write!(f, "the picture is not XML: {why}"),
            CaptionError::NoSize => f.write_str("the picture has no numeric width and height"),
            CaptionError::NoRoot => f.write_str("the picture has no root element"),
        }
    }
}

impl std::error::Error for CaptionError {}

/// A new SVG document: `svg` (a document of this crate, or any SVG with a numeric `width`
/// and `height`) as it is, with `lines` of text below it. `Err` says why `svg` cannot be
/// read.
pub fn with_caption(svg: &str, lines: &[String]) -> Result<String, CaptionError> {
    let mut reader = Reader::from_str(svg);
    reader.config_mut().trim_text(true);
    let mut events = Vec::new();
    let mut size = None;
    loop {
        match reader.read_event() {
            Err(err) => return Err(CaptionError::NotXml(err.to_string())),
            Ok(Event::Eof) => break,
            Ok(Event::Decl(_) | Event::DocType(_)) => {}
            Ok(event) => {
                if let (None, Event::Start(start) | Event::Empty(start)) = (&size, &event) {
                    let number =
                        |name: &str| {
                            start.try_get_attribute(name).ok().flatten().and_then(|a| {
                                std::str::from_utf8(&a.value).ok()?.parse::<f64>().ok()
                            })
                        };
                    match (number("width"), number("height")) {
                        (Some(w), Some(h)) => size = Some((w, h)),
                        _ => return Err(CaptionError::NoSize),
                    }
                }
                events.push(event);
            }
        }
    }
    let (width, height) = size.ok_or(CaptionError::NoRoot)?;
    let lines: Vec<String> = lines.iter().map(|l| cut(l)).collect();
    let mut doc = Doc::new(
        width.max(caption_width(&lines)),
        height + caption_height(lines.len()) + MARGIN,
        lines.first().map_or("picture", String::as_str),
    );
    doc.copy(events);
    doc.caption(MARGIN, height + 18.0, &lines);
    Ok(doc.finish())
}

fn cut(line: &str) -> String {
    if line.chars().count() <= MAX_LINE {
        line.to_string()
    } else {
        let kept: String = line.chars().take(MAX_LINE - 1).collect();
        format!("{kept}…")
    }
}

/// A picture of text alone, for something that cannot be drawn (a batch case whose input
/// the game's render does not take): `lines` as a caption on a blank page.
pub fn note(lines: &[String]) -> String {
    let lines: Vec<String> = lines.iter().map(|l| cut(l)).collect();
    let mut doc = Doc::new(
        caption_width(&lines),
        caption_height(lines.len()) + 2.0 * MARGIN,
        lines.first().map_or("note", String::as_str),
    );
    doc.caption(MARGIN, MARGIN + 14.0, &lines);
    doc.finish()
}
