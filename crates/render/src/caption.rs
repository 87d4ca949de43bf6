//! Lines of text under a finished picture, for pictures that need saying where they come from
//! (a failing batch case: its name and what did not match).

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::doc::{Doc, MARGIN, caption_height, caption_width};

/// Longest caption line kept; longer ones are cut with an ellipsis.
const MAX_LINE: usize = 160;

/// A new SVG document: `svg` (a document of this crate, or any SVG with a numeric `width`
/// and `height`) as it is, with `lines` of text below it. `Err` says why `svg` cannot be
/// read.
pub fn with_caption(svg: &str, lines: &[String]) -> Result<String, String> {
    let mut reader = Reader::from_str(svg);
    reader.config_mut().trim_text(true);
    let mut events = Vec::new();
    let mut size = None;
    loop {
        match reader.read_event() {
            Err(err) => return Err(format!("the picture is not XML: {err}")),
            Ok(Event::Eof) => break,
            Ok(Event::Decl(_) | Event::DocType(_)) => {}
            Ok(event) => {
                if let (None, Event::Start(start)) = (&size, &event) {
                    let number =
                        |name: &str| {
                            start.try_get_attribute(name).ok().flatten().and_then(|a| {
                                std::str::from_utf8(&a.value).ok()?.parse::<f64>().ok()
                            })
                        };
                    match (number("width"), number("height")) {
                        (Some(w), Some(h)) => size = Some((w, h)),
                        _ => return Err("the picture has no numeric width and height".into()),
                    }
                }
                events.push(event);
            }
        }
    }
    let (width, height) = size.ok_or("the picture has no root element")?;
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
