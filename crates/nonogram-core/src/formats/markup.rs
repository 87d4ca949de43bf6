//! A pre-scan of XML text that refuses, before the XML parser sees it, what would make
//! parsing cost more than linear time or memory.

use super::FormatError;

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
pub(super) fn check_markup_bounds(text: &str) -> Result<(), FormatError> {
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

#[cfg(test)]
mod tests {
    use super::super::{Format, parse_puzzle};
    use super::*;

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
}
