//! The one place that writes XML: a thin layer over quick-xml's [`Writer`] that knows the
//! few SVG elements the pictures use. Every attribute value and every text goes through
//! [`xml_text`] (which replaces the characters XML 1.0 forbids: a control character or
//! U+FFFF copied from an input would make the document unreadable) and then quick-xml,
//! which escapes markup; numbers are printed by [`num`], so the same picture is the same
//! text on every machine.

use puzzles_common::xml_text;
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Attributes of one element: name and value, written in this order.
pub type Attrs<'a> = &'a [(&'a str, &'a str)];

/// An SVG document being written.
pub struct Doc {
    writer: Writer<Vec<u8>>,
    /// Names of the elements opened and not yet closed, innermost last.
    open: Vec<&'static str>,
}

impl Doc {
    /// Starts a document of `width` x `height` user units (pixels) on a white background,
    /// with `title` as its accessible name.
    pub fn new(width: f64, height: f64, title: &str) -> Doc {
        let mut doc = Doc {
            writer: Writer::new_with_indent(Vec::new(), b' ', 1),
            open: Vec::new(),
        };
        doc.event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)));
        let (w, h) = (num(width), num(height));
        let view_box = format!("0 0 {w} {h}");
        doc.open(
            "svg",
            &[
                ("xmlns", SVG_NS),
                ("version", "1.1"),
                ("width", &w),
                ("height", &h),
                ("viewBox", &view_box),
                ("font-family", "sans-serif"),
            ],
        );
        doc.element_text("title", &[], title);
        doc.rect(0.0, 0.0, width, height, &[("fill", "#ffffff")]);
        doc
    }

    fn event(&mut self, event: Event<'_>) {
        // The writer writes into a Vec<u8>, which cannot fail.
        self.writer
            .write_event(event)
            .expect("writing XML into memory cannot fail");
    }

    /// A start tag; of two attributes of the same name the later wins, so callers can
    /// override a default (`text-anchor`).
    fn start(name: &str, attrs: Attrs<'_>) -> BytesStart<'static> {
        let mut start = BytesStart::new(name.to_string());
        for (k, &(key, value)) in attrs.iter().enumerate() {
            if attrs[k + 1..].iter().all(|&(later, _)| later != key) {
                start.push_attribute((key, &*xml_text(value)));
            }
        }
        start
    }

    /// Opens an element; [`Doc::close`] closes it.
    pub fn open(&mut self, name: &'static str, attrs: Attrs<'_>) {
        self.event(Event::Start(Self::start(name, attrs)));
        self.open.push(name);
    }

    /// Closes the innermost open element.
    pub fn close(&mut self) {
        if let Some(name) = self.open.pop() {
            self.event(Event::End(BytesEnd::new(name)));
        }
    }

    /// An element without content.
    pub fn empty(&mut self, name: &str, attrs: Attrs<'_>) {
        self.event(Event::Empty(Self::start(name, attrs)));
    }

    /// An element holding one text.
    pub fn element_text(&mut self, name: &str, attrs: Attrs<'_>, text: &str) {
        let start = Self::start(name, attrs);
        let end = start.to_end().into_owned();
        self.event(Event::Start(start));
        self.event(Event::Text(BytesText::new(&xml_text(text))));
        self.event(Event::End(end));
    }

    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, attrs: Attrs<'_>) {
        let (x, y, w, h) = (num(x), num(y), num(width), num(height));
        let place = [("x", &*x), ("y", &*y), ("width", &*w), ("height", &*h)];
        self.empty("rect", &[&place[..], attrs].concat());
    }

    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), attrs: Attrs<'_>) {
        let (x1, y1, x2, y2) = (num(x1), num(y1), num(x2), num(y2));
        let place = [("x1", &*x1), ("y1", &*y1), ("x2", &*x2), ("y2", &*y2)];
        self.empty("line", &[&place[..], attrs].concat());
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: Attrs<'_>) {
        let (cx, cy, r) = (num(cx), num(cy), num(r));
        let place = [("cx", &*cx), ("cy", &*cy), ("r", &*r)];
        self.empty("circle", &[&place[..], attrs].concat());
    }

    /// A text whose anchor point is (`x`, `y`): by default the middle of its baseline.
    pub fn text(&mut self, x: f64, y: f64, size: f64, text: &str, attrs: Attrs<'_>) {
        let (x, y, size) = (num(x), num(y), num(size));
        let place = [
            ("x", &*x),
            ("y", &*y),
            ("font-size", &*size),
            ("text-anchor", "middle"),
        ];
        self.element_text("text", &[&place[..], attrs].concat(), text);
    }

    /// Lines of small text from (`x`, `y`) down, left-aligned: a picture's caption.
    pub fn caption(&mut self, x: f64, y: f64, lines: &[String]) {
        for (k, line) in lines.iter().enumerate() {
            let y = y + CAPTION_LINE * k as f64;
            let attrs = [("text-anchor", "start"), ("fill", INK)];
            let (x, y, size) = (num(x), num(y), num(CAPTION_SIZE));
            let place = [("x", &*x), ("y", &*y), ("font-size", &*size)];
            self.element_text("text", &[&place[..], &attrs[..]].concat(), line);
        }
    }

    /// Writes events read from another document as they are (a nested picture).
    pub fn copy<'e>(&mut self, events: impl IntoIterator<Item = Event<'e>>) {
        for event in events {
            self.event(event);
        }
    }

    /// Closes every open element and returns the document (without a final newline).
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        // Only &str went in.
        String::from_utf8(self.writer.into_inner()).expect("the document is UTF-8")
    }
}

/// Font size and line height of captions.
pub const CAPTION_SIZE: f64 = 13.0;
pub const CAPTION_LINE: f64 = 18.0;

/// Height a caption of `lines` lines takes below a picture.
pub fn caption_height(lines: usize) -> f64 {
    if lines == 0 {
        0.0
    } else {
        CAPTION_LINE * lines as f64 + 8.0
    }
}

/// Width a caption needs, estimated from its longest line (sans-serif at 13 px averages
/// about 7 px a character).
pub fn caption_width(lines: &[String]) -> f64 {
    let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    longest as f64 * 7.0 + 2.0 * MARGIN
}

/// `lines` broken at spaces so that none is wider than a page of `width` (the estimate of
/// [`caption_width`]); a word longer than that stays whole.
pub fn wrap(lines: &[String], width: f64) -> Vec<String> {
    let most = (((width - 2.0 * MARGIN) / 7.0).floor() as usize).max(20);
    let mut out = Vec::new();
    for line in lines {
        let mut current = String::new();
        for word in line.split(' ') {
            if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > most {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out
}

/// Space around a picture.
pub const MARGIN: f64 = 12.0;

/// Text and line colour.
pub const INK: &str = "#1f2937";
/// A filled cell or a black stone.
pub const DARK: &str = "#1f2937";
/// Thin grid lines (not for text: 2.5:1 on white).
pub const GRID: &str = "#9ca3af";
/// Secondary text, grey but readable (7.6:1 on white).
pub const MUTED: &str = "#4b5563";
/// Marks of faults: broken lines, illegal cells.
pub const ALERT: &str = "#dc2626";

/// Black or white, whichever reads better on `background` (`#rrggbb`): one of the two is
/// always at least 4.58:1 against any colour.
pub fn ink_on(background: &str) -> &'static str {
    let channel = |k: usize| {
        let v = f64::from(u8::from_str_radix(&background[1 + 2 * k..3 + 2 * k], 16).unwrap_or(0))
            / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    // WCAG relative luminance; black wins when its contrast (L + 0.05) / 0.05 beats white's
    // 1.05 / (L + 0.05).
    let luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
    if (luminance + 0.05).powi(2) > 0.05 * 1.05 {
        "#000000"
    } else {
        "#ffffff"
    }
}

/// `1 hole`, `2 holes`.
pub fn count(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// A number as SVG writes it: at most two decimals, no trailing zeros, no `-0`.
pub fn num(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    if rounded == 0.0 {
        return "0".to_string();
    }
    let text = format!("{rounded:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The colour of the `k`-th of many things (pieces): hues a golden angle apart, so
/// neighbours in numbering differ clearly, as `#rrggbb`.
pub fn palette(k: usize) -> String {
    let hue = (k as f64 * 137.507_764) % 360.0;
    let (s, l) = (0.62, if k.is_multiple_of(2) { 0.58 } else { 0.48 });
    let c = (1.0 - (2.0 * l - 1.0_f64).abs()) * s;
    let h = hue / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-4.25), "-4.25");
    }

    #[test]
    fn palette_colours_differ() {
        let colours: Vec<String> = (0..12).map(palette).collect();
        for (i, a) in colours.iter().enumerate() {
            assert_eq!(a.len(), 7, "{a}");
            assert!(colours[i + 1..].iter().all(|b| b != a), "{a} repeats");
        }
    }

    #[test]
    fn text_is_escaped() {
        let mut doc = Doc::new(10.0, 10.0, "a <b> & \"c\"");
        doc.text(1.0, 2.0, 10.0, "x < y", &[("fill", "#000")]);
        let svg = doc.finish();
        assert!(svg.contains("a &lt;b&gt; &amp;"), "{svg}");
        assert!(svg.contains("x &lt; y"), "{svg}");
    }

    #[test]
    fn characters_xml_forbids_never_reach_the_document() {
        let mut doc = Doc::new(10.0, 10.0, "t\u{1}\u{FFFF}");
        doc.text(1.0, 2.0, 10.0, "a\u{FFFE}\u{1b}b", &[("class", "\u{0}")]);
        let svg = doc.finish();
        assert!(roxmltree::Document::parse(&svg).is_ok(), "{svg}");
        assert!(svg.contains("a\u{FFFD}\u{FFFD}b"), "{svg}");
    }
}
