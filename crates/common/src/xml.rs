//! Text bound for an XML 1.0 document (SVG pictures, JUnit reports). An XML writer escapes
//! markup (`<`, `&`, quotes) but cannot write a character that XML 1.0 forbids: most C0
//! controls, U+FFFE and U+FFFF. Such a character in a name or message copied from the input
//! would make the whole document unreadable, so every text goes through [`xml_text`] first.

use std::borrow::Cow;

/// What stands for a character XML 1.0 cannot carry.
pub const REPLACEMENT: char = '\u{FFFD}';

/// Whether XML 1.0 allows `c` (its `Char` production: tab, newline, carriage return,
/// U+0020..U+D7FF, U+E000..U+FFFD, U+10000..U+10FFFF).
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// `text` with every character XML 1.0 forbids replaced by U+FFFD (borrowed when there is
/// none, the common case).
pub fn xml_text(text: &str) -> Cow<'_, str> {
    if text.chars().all(is_xml_char) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| if is_xml_char(c) { c } else { REPLACEMENT })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forbidden_characters_are_replaced_and_others_kept() {
        assert_eq!(
            xml_text("a\u{1}b\u{FFFF}c\u{FFFE}"),
            "a\u{FFFD}b\u{FFFD}c\u{FFFD}"
        );
        let fine = "tab\there\nnew é 😀 \u{D7FF}\u{E000}\u{FFFD}\u{10FFFF} <&>";
        assert!(matches!(xml_text(fine), Cow::Borrowed(_)));
        for c in ['\u{0}', '\u{8}', '\u{b}', '\u{c}', '\u{1b}', '\u{1f}'] {
            assert!(!is_xml_char(c), "{c:?}");
        }
    }
}
