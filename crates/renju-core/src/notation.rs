//! Point notation: `h8` (column letter a..o, row number 1..15 from the bottom), `[x, y]`
//! zero-based pairs, and `pass`.

use crate::board::{Point, SIZE};
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// A move as written in input: a notation string (`"h8"`, `"pass"`) or an `[x, y]` pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum MoveSpec {
    /// `"h8"` (letters a..o, rows 1..15; upper case accepted) or `"pass"`.
    // Held inline when short: a record is mostly two- and three-letter points, and one heap
    // string per move cost more than judging the move.
    Text(#[schemars(with = "String")] SmolStr),
    /// `[x, y]`: x = column (a = 0), y = row from the bottom (row 1 = 0).
    Pair(Vec<i64>),
}

/// A parsed move: a point that may lie off the board (a record may contain one; `validate`
/// reports it), or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParsedMove {
    /// On the board.
    At(Point),
    /// Well-formed but outside the 15x15 board (`p3`, `a16`, `[15, 0]`).
    OffBoard,
    /// Skips a turn.
    Pass,
}

// Deserialized by hand rather than as a serde untagged enum: that buffers every value before
// trying each variant, which made reading a record cost more than judging it, and its error
// ("did not match any variant") did not say what a move looks like.
impl<'de> Deserialize<'de> for MoveSpec {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(MoveSpecVisitor)
    }
}

struct MoveSpecVisitor;

impl<'de> serde::de::Visitor<'de> for MoveSpecVisitor {
    type Value = MoveSpec;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a move: a point such as \"h8\", an [x, y] pair of integers, or \"pass\"")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<MoveSpec, E> {
        Ok(MoveSpec::Text(SmolStr::new(text)))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<MoveSpec, A::Error> {
        let mut numbers = Vec::with_capacity(2);
        while let Some(n) = seq.next_element::<i64>()? {
            numbers.push(n);
        }
        Ok(MoveSpec::Pair(numbers))
    }
}

impl MoveSpec {
    /// Parse; `Err` says why the input is not a move (the caller adds the JSON path).
    pub fn parse(&self) -> Result<ParsedMove, MoveSpecError> {
        match self {
            MoveSpec::Pair(v) => match v.as_slice() {
                [x, y] => Ok(Point::new(*x, *y).map_or(ParsedMove::OffBoard, ParsedMove::At)),
                _ => Err(MoveSpecError::PairLength(v.len())),
            },
            MoveSpec::Text(s) => parse_text(s),
        }
    }
}

/// Why a move as written is not a move; `Display` gives the sentence an input error carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveSpecError {
    /// An `[x, y]` pair with another count of numbers (the count).
    PairLength(usize),
    /// Text that is neither a point nor `pass` (the text as given).
    NotAPoint(SmolStr),
}

impl std::fmt::Display for MoveSpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveSpecError::PairLength(n) => {
                write!(f, "a point pair has two numbers [x, y], this one has {n}")
            }
            MoveSpecError::NotAPoint(s) => write!(
                f,
                "{s:?} is not a point: write a column letter a..o and a row 1..15 (\"h8\"), an [x, y] pair, or \"pass\""
            ),
        }
    }
}

impl std::error::Error for MoveSpecError {}

fn parse_text(s: &str) -> Result<ParsedMove, MoveSpecError> {
    // Nearly every move of a record is a lower-case point of one or two digits: read it
    // directly, since records are read far more often than they are judged wrong.
    if let [col @ b'a'..=b'z', digits @ ..] = s.as_bytes()
        && matches!(digits.len(), 1 | 2)
        && digits.iter().all(u8::is_ascii_digit)
    {
        let row = digits
            .iter()
            .fold(0, |row, d| row * 10 + i64::from(d - b'0'));
        let x = i64::from(col - b'a');
        return Ok(Point::new(x, row - 1).map_or(ParsedMove::OffBoard, ParsedMove::At));
    }
    let t = s.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(ParsedMove::Pass);
    }
    let bad = || MoveSpecError::NotAPoint(SmolStr::new(s));
    let mut chars = t.chars();
    let col = chars.next().ok_or_else(bad)?;
    if !col.is_ascii_alphabetic() {
        return Err(bad());
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let row: i64 = digits.parse().map_err(|_| bad())?;
    let x = i64::from(col.to_ascii_lowercase() as u8 - b'a');
    // Row numbers start at 1: "h0" is as far off the board as "h16".
    Ok(Point::new(x, row - 1).map_or(ParsedMove::OffBoard, ParsedMove::At))
}

/// The notation of a point (`h8`).
pub fn to_notation(p: Point) -> String {
    format!("{}{}", (b'a' + p.x) as char, usize::from(p.y) + 1)
}

/// Parse notation for tests, panicking on bad or off-board input (test-only, so no caller
/// outside the tests can reach a panic through it).
#[cfg(test)]
pub(crate) fn pt(s: &str) -> Point {
    match parse_text(s) {
        Ok(ParsedMove::At(p)) => p,
        other => panic!("bad test point {s:?}: {other:?}"),
    }
}

const _: () = assert!(SIZE == 15);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_in_both_forms() {
        assert_eq!(
            MoveSpec::Text("h8".into()).parse(),
            Ok(ParsedMove::At(Point { x: 7, y: 7 }))
        );
        assert_eq!(
            MoveSpec::Text("H8".into()).parse(),
            Ok(ParsedMove::At(Point { x: 7, y: 7 }))
        );
        assert_eq!(
            MoveSpec::Pair(vec![7, 7]).parse(),
            Ok(ParsedMove::At(Point { x: 7, y: 7 }))
        );
        assert_eq!(to_notation(Point { x: 7, y: 7 }), "h8");
        assert_eq!(to_notation(Point { x: 0, y: 14 }), "a15");
        assert_eq!(to_notation(Point { x: 14, y: 0 }), "o1");
    }

    #[test]
    fn off_board_and_malformed() {
        for s in ["p1", "a16", "a0", "z99"] {
            assert_eq!(
                MoveSpec::Text(s.into()).parse(),
                Ok(ParsedMove::OffBoard),
                "{s}"
            );
        }
        assert_eq!(
            MoveSpec::Pair(vec![15, 0]).parse(),
            Ok(ParsedMove::OffBoard)
        );
        assert_eq!(
            MoveSpec::Pair(vec![-1, 3]).parse(),
            Ok(ParsedMove::OffBoard)
        );
        assert_eq!(
            MoveSpec::Pair(vec![i64::MIN, i64::MAX]).parse(),
            Ok(ParsedMove::OffBoard)
        );
        for s in ["", "8h", "h", "hh8", "h-1", "h1000", "é5", "h 8", "passe"] {
            assert!(
                MoveSpec::Text(s.into()).parse().is_err(),
                "{s:?} should be malformed"
            );
        }
        assert_eq!(
            MoveSpec::Text("hh8".into())
                .parse()
                .unwrap_err()
                .to_string(),
            "\"hh8\" is not a point: write a column letter a..o and a row 1..15 (\"h8\"), an [x, y] pair, or \"pass\""
        );
        assert_eq!(
            MoveSpec::Pair(vec![1]).parse().unwrap_err().to_string(),
            "a point pair has two numbers [x, y], this one has 1"
        );
        assert!(MoveSpec::Pair(vec![1, 2, 3]).parse().is_err());
        assert_eq!(MoveSpec::Text("pass".into()).parse(), Ok(ParsedMove::Pass));
    }
}

#[cfg(test)]
mod deserialize_tests {
    use super::MoveSpec;

    #[test]
    fn moves_read_as_strings_or_pairs_and_nothing_else() {
        let read = |text: &str| serde_json::from_str::<MoveSpec>(text);
        assert_eq!(read("\"h8\"").unwrap(), MoveSpec::Text("h8".into()));
        assert_eq!(read("[7, 7]").unwrap(), MoveSpec::Pair(vec![7, 7]));
        assert_eq!(read("[1, 2, 3]").unwrap(), MoveSpec::Pair(vec![1, 2, 3]));
        for bad in ["true", "7", "[1.5, 2]", "{\"x\": 1}", "null", "[\"a\", 1]"] {
            let err = read(bad).unwrap_err().to_string();
            assert!(
                err.contains("a move: a point such as") || err.contains("expected i64"),
                "{bad}: {err}"
            );
        }
    }
}
