//! Colours: the palette of a colour puzzle and clue items that carry a colour.
//!
//! A colour puzzle's input adds `palette`, a list of `{"name", "char", "rgb"}`, and its clue
//! lists mix plain counts (the default colour, `black`) with `{"count": 3, "color": "red"}`.
//! Every input without a palette is a black-and-white puzzle exactly as before colours: a
//! plain count is black, pictures use `#`. Pictures and boards use each colour's `char`, `.`
//! for the background (webpbn's convention) and, on a player's board, `x`/`X` for a cell
//! crossed out, so a picture from `solve` can be fed to `check` and `clues`.
//!
//! [`Palette`] is the checked form: colour 1 is black when the puzzle has plain counts or
//! the palette names it (its `char` `#` unless the palette says otherwise), then the
//! palette's other colours in their order. A palette of one colour is a black-and-white
//! puzzle drawn in that colour.

use crate::InputError;
use crate::cells::LineError;
use crate::colorline::{BACKGROUND, ColorSet, MAX_COLORS, only};
use schemars::JsonSchema;
use serde::de::{self, Deserializer, MapAccess, Unexpected, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The colour plain counts have.
pub const DEFAULT_COLOR: &str = "black";
/// The character of the default colour when the palette does not give one.
pub const DEFAULT_CHAR: char = '#';
/// Characters no colour may take: the background and a player's untouched and crossed cells.
const RESERVED: [char; 3] = ['.', 'x', 'X'];

/// One colour of a puzzle's `palette`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaletteColor {
    /// The name clue items use (`"red"`); `black` is the colour of plain counts.
    pub name: String,
    /// The one character that stands for the colour in pictures and boards (not `.`, `x` or
    /// `X`, which are the background, an untouched cell and a crossed-out one).
    pub char: char,
    /// How to draw it: `#rrggbb` or `#rgb` (the `#` may be left out, as webpbn does).
    /// Without it, common colour names get their usual value and others a distinct one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rgb: Option<String>,
}

/// One number of a clue list: a plain count (the default colour, black) or a count with its
/// colour, a name from the puzzle's `palette`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ClueItem {
    /// A block of the default colour.
    Count(u32),
    /// A block of the named colour.
    Colored {
        /// The block's length.
        count: u32,
        /// A colour `name` of the palette.
        color: String,
    },
}

impl From<u32> for ClueItem {
    fn from(count: u32) -> ClueItem {
        ClueItem::Count(count)
    }
}

/// A plain count equals its number (so clue lists compare with lists of numbers).
impl PartialEq<u32> for ClueItem {
    fn eq(&self, other: &u32) -> bool {
        *self == ClueItem::Count(*other)
    }
}

impl ClueItem {
    /// The block's length.
    pub fn count(&self) -> u32 {
        match self {
            ClueItem::Count(n) | ClueItem::Colored { count: n, .. } => *n,
        }
    }
}

/// Clue lists of plain counts, as the JSON forms hold them.
pub fn plain_lists(lists: &[Vec<u32>]) -> Vec<Vec<ClueItem>> {
    lists
        .iter()
        .map(|l| l.iter().map(|&n| ClueItem::Count(n)).collect())
        .collect()
}

/// The counts of clue lists that are all plain, or `None` when one item has a colour.
pub fn counts_if_plain(lists: &[Vec<ClueItem>]) -> Option<Vec<Vec<u32>>> {
    lists
        .iter()
        .map(|l| {
            l.iter()
                .map(|item| match item {
                    ClueItem::Count(n) => Some(*n),
                    ClueItem::Colored { .. } => None,
                })
                .collect()
        })
        .collect()
}

/// The object form of a clue item, as read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ColoredCount {
    count: u32,
    color: String,
}

/// A plain count is read as serde reads a `u32` (so its faults are worded as before
/// colours), an object as `{"count", "color"}`.
impl<'de> Deserialize<'de> for ClueItem {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ItemVisitor;
        impl<'de> Visitor<'de> for ItemVisitor {
            type Value = ClueItem;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("u32")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ClueItem, E> {
                u32::try_from(v)
                    .map(ClueItem::Count)
                    .map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &self))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ClueItem, E> {
                u32::try_from(v)
                    .map(ClueItem::Count)
                    .map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ClueItem, A::Error> {
                let c = ColoredCount::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(ClueItem::Colored {
                    count: c.count,
                    color: c.color,
                })
            }
        }
        deserializer.deserialize_any(ItemVisitor)
    }
}

/// A colour of a checked palette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Color {
    pub name: String,
    pub ch: char,
    /// Red, green and blue.
    pub rgb: [u8; 3],
}

impl Color {
    /// `#rrggbb`.
    pub fn hex(&self) -> String {
        let [r, g, b] = self.rgb;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// A checked palette: colours `1..=len()` (colour 0 is the background).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Palette {
    colors: Vec<Color>,
}

impl Default for Palette {
    /// Black and white: black `#`.
    fn default() -> Palette {
        Palette {
            colors: vec![Color {
                name: DEFAULT_COLOR.into(),
                ch: DEFAULT_CHAR,
                rgb: [0, 0, 0],
            }],
        }
    }
}

/// Usual values of common colour names (CSS's), for palettes that give no `rgb`.
const NAMED: &[(&str, [u8; 3])] = &[
    ("black", [0, 0, 0]),
    ("white", [255, 255, 255]),
    ("red", [220, 38, 38]),
    ("green", [22, 163, 74]),
    ("blue", [37, 99, 235]),
    ("yellow", [250, 204, 21]),
    ("orange", [249, 115, 22]),
    ("purple", [147, 51, 234]),
    ("pink", [236, 72, 153]),
    ("brown", [146, 64, 14]),
    ("gray", [107, 114, 128]),
    ("grey", [107, 114, 128]),
    ("cyan", [6, 182, 212]),
    ("magenta", [217, 70, 239]),
    ("lime", [132, 204, 22]),
    ("navy", [30, 58, 138]),
    ("teal", [13, 148, 136]),
    ("olive", [101, 163, 13]),
    ("maroon", [127, 29, 29]),
    ("silver", [156, 163, 175]),
    ("gold", [234, 179, 8]),
];

/// Distinct values for colours without `rgb` whose name is not a common one.
const SPARE: &[[u8; 3]] = &[
    [220, 38, 38],
    [37, 99, 235],
    [22, 163, 74],
    [234, 179, 8],
    [147, 51, 234],
    [249, 115, 22],
    [6, 182, 212],
    [236, 72, 153],
    [101, 163, 13],
    [146, 64, 14],
];

/// `#rgb`, `#rrggbb`, `rgb` or `rrggbb` as red, green and blue.
pub fn parse_rgb(text: &str) -> Option<[u8; 3]> {
    let hex = text.trim().strip_prefix('#').unwrap_or(text.trim());
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..=i], 16).ok();
    match hex.len() {
        3 => Some([digit(0)? * 17, digit(1)? * 17, digit(2)? * 17]),
        6 => {
            let pair = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
            Some([pair(0)?, pair(2)?, pair(4)?])
        }
        _ => None,
    }
}

/// Palette entry `i` checked against the colours before it (`spare`: the values left for
/// colours without `rgb` and without a common name).
fn checked_color<'a>(
    i: usize,
    entry: &PaletteColor,
    before: &[Color],
    spare: &mut impl Iterator<Item = &'a [u8; 3]>,
) -> Result<Color, InputError> {
    let at = |field: &str| format!("/palette/{i}/{field}");
    if entry.name.trim().is_empty() {
        return Err(InputError::new(at("name"), "a colour needs a name"));
    }
    if before.iter().any(|c| c.name == entry.name) {
        return Err(InputError::new(
            at("name"),
            format!("colour {:?} is named twice in the palette", entry.name),
        ));
    }
    if RESERVED.contains(&entry.char) || entry.char.is_whitespace() || entry.char.is_control() {
        return Err(InputError::new(
            at("char"),
            format!(
                "colour {:?} cannot use {:?}: '.' is the background, 'x' and 'X' a crossed-out cell",
                entry.name, entry.char
            ),
        ));
    }
    if let Some(other) = before.iter().find(|c| c.ch == entry.char) {
        return Err(InputError::new(
            at("char"),
            format!(
                "colours {:?} and {:?} both use {:?}",
                other.name, entry.name, entry.char
            ),
        ));
    }
    let rgb = match &entry.rgb {
        Some(text) => parse_rgb(text).ok_or_else(|| {
            InputError::new(
                at("rgb"),
                format!("{text:?} is not a colour value (expected #rrggbb or #rgb)"),
            )
        })?,
        None => NAMED
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(&entry.name))
            .map_or_else(|| *spare.next().unwrap_or(&[0, 0, 0]), |(_, rgb)| *rgb),
    };
    Ok(Color {
        name: entry.name.clone(),
        ch: entry.char,
        rgb,
    })
}

impl Palette {
    /// Checks a palette as the input gives it (`None`: none given). `plain`: whether some
    /// clue is a plain count, which needs the default colour.
    pub fn from_input(
        entries: Option<&[PaletteColor]>,
        plain: bool,
    ) -> Result<Palette, InputError> {
        let Some(entries) = entries else {
            return Ok(Palette::default());
        };
        let mut colors: Vec<Color> = Vec::new();
        let mut spare = SPARE.iter().cycle();
        for (i, entry) in entries.iter().enumerate() {
            let color = checked_color(i, entry, &colors, &mut spare)?;
            colors.push(color);
        }
        let default = colors.iter().position(|c| c.name == DEFAULT_COLOR);
        match default {
            Some(k) => {
                let black = colors.remove(k);
                colors.insert(0, black);
            }
            None if plain => {
                if let Some(c) = colors.iter().find(|c| c.ch == DEFAULT_CHAR) {
                    return Err(InputError::new(
                        "/palette",
                        format!(
                            "colour {:?} uses '#', the character of the default colour of plain counts (black); give black another character in the palette",
                            c.name
                        ),
                    ));
                }
                colors.insert(0, Palette::default().colors.remove(0));
            }
            None => {}
        }
        if colors.len() > MAX_COLORS {
            return Err(InputError::new(
                "/palette",
                format!(
                    "{} colours, more than the limit of {MAX_COLORS}",
                    colors.len()
                ),
            ));
        }
        if colors.is_empty() {
            return Ok(Palette::default());
        }
        Ok(Palette { colors })
    }

    /// The palette of an input whose clue lists are `lists` (it needs black when one of
    /// them holds a plain count).
    pub fn for_clues<'a>(
        lists: impl IntoIterator<Item = &'a [ClueItem]>,
        entries: Option<&[PaletteColor]>,
    ) -> Result<Palette, InputError> {
        let plain = lists
            .into_iter()
            .flatten()
            .any(|item| matches!(item, ClueItem::Count(_)));
        Palette::from_input(entries, plain)
    }

    /// How many colours (not counting the background).
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// Never: a palette has at least one colour.
    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
    }

    /// Whether the puzzle has more than one colour.
    pub fn is_color(&self) -> bool {
        self.colors.len() > 1
    }

    /// Colour `c` (`1..=len()`).
    pub fn color(&self, c: u8) -> &Color {
        &self.colors[usize::from(c) - 1]
    }

    /// The colours, colour 1 first.
    pub fn colors(&self) -> &[Color] {
        &self.colors
    }

    /// Every value a cell can take: the background and each colour.
    pub fn universe(&self) -> ColorSet {
        (1u32 << (self.colors.len() + 1)) - 1
    }

    /// The colour a name stands for.
    pub fn index_of(&self, name: &str) -> Option<u8> {
        let k = self.colors.iter().position(|c| c.name == name)?;
        u8::try_from(k + 1).ok()
    }

    /// The value a picture character stands for: 0 for `.`, the colour of its `char`.
    pub fn value_of(&self, ch: char) -> Option<u8> {
        if ch == '.' {
            return Some(0);
        }
        let k = self.colors.iter().position(|c| c.ch == ch)?;
        u8::try_from(k + 1).ok()
    }

    /// The character of value `v` (0 the background `.`).
    pub fn char_of(&self, v: u8) -> char {
        if v == 0 { '.' } else { self.color(v).ch }
    }

    /// The palette as an input gives it (the default colour first).
    pub fn to_input(&self) -> Vec<PaletteColor> {
        self.colors
            .iter()
            .map(|c| PaletteColor {
                name: c.name.clone(),
                char: c.ch,
                rgb: Some(c.hex()),
            })
            .collect()
    }

    /// The lengths and colours of one clue list (`path`: its JSON pointer, for faults). A
    /// lone 0 (plain or coloured) is an empty line; other zeros are left to the clue
    /// checks, which name them.
    pub fn resolve(
        &self,
        items: &[ClueItem],
        path: &str,
    ) -> Result<(Vec<u32>, Vec<u8>), InputError> {
        if items.len() == 1 && items[0].count() == 0 {
            self.color_of(&items[0], &format!("{path}/0"))?;
            return Ok((Vec::new(), Vec::new()));
        }
        let mut lens = Vec::with_capacity(items.len());
        let mut colors = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            colors.push(self.color_of(item, &format!("{path}/{i}"))?);
            lens.push(item.count());
        }
        Ok((lens, colors))
    }

    /// The colour of one clue item.
    fn color_of(&self, item: &ClueItem, path: &str) -> Result<u8, InputError> {
        let name = match item {
            ClueItem::Count(_) => DEFAULT_COLOR,
            ClueItem::Colored { color, .. } => color,
        };
        self.index_of(name).ok_or_else(|| {
            let known: Vec<&str> = self.colors.iter().map(|c| c.name.as_str()).collect();
            InputError::new(
                format!("{path}/color"),
                format!(
                    "unknown colour {name:?}: the palette has {}",
                    known.join(", ")
                ),
            )
        })
    }

    /// Clue items for lengths and colours: plain counts for black, objects for the others.
    pub fn items(&self, lens: &[u32], colors: &[u8]) -> Vec<ClueItem> {
        lens.iter()
            .zip(colors)
            .map(|(&count, &c)| {
                let name = &self.color(c).name;
                if name == DEFAULT_COLOR {
                    ClueItem::Count(count)
                } else {
                    ClueItem::Colored {
                        count,
                        color: name.clone(),
                    }
                }
            })
            .collect()
    }

    /// A clue list in words for messages: `[2, 1 red]` (black counts plain).
    pub fn describe(&self, lens: &[u32], colors: &[u8]) -> String {
        let items: Vec<String> = lens
            .iter()
            .zip(colors)
            .map(|(&n, &c)| {
                let name = &self.color(c).name;
                if name == DEFAULT_COLOR {
                    n.to_string()
                } else {
                    format!("{n} {name}")
                }
            })
            .collect();
        format!("[{}]", items.join(", "))
    }

    /// A player's line: a colour's `char`, `x`/`X` crossed out (the background), `.`
    /// untouched (any value).
    pub fn parse_line(&self, text: &str) -> Result<Vec<ColorSet>, LineError> {
        let universe = self.universe();
        let expected = format!("'.', 'x', 'X' or a colour: {}", self.chars_in_words());
        self.parse_cells(text, &expected, |ch| match ch {
            '.' => Some(universe),
            'x' | 'X' => Some(BACKGROUND),
            ch => self.value_of(ch).map(only),
        })
    }

    /// A picture line: a colour's `char` or `.` for the background, each cell a value (a
    /// picture has no crossed-out cells: `x` is refused like any other character).
    pub fn parse_picture(&self, text: &str) -> Result<Vec<u8>, LineError> {
        let expected = format!("'.' or a colour: {}", self.chars_in_words());
        let values = self.parse_cells(text, &expected, |ch| self.value_of(ch).map(u32::from))?;
        Ok(values.into_iter().map(|x| x as u8).collect())
    }

    /// A line of cells, each read by `cell` (`None`: not a cell character).
    fn parse_cells(
        &self,
        text: &str,
        expected: &str,
        cell: impl Fn(char) -> Option<u32>,
    ) -> Result<Vec<u32>, LineError> {
        let mut cells = Vec::with_capacity(text.len().min(crate::cells::MAX_LINE_LEN));
        for (index, ch) in text.chars().enumerate() {
            if index >= crate::cells::MAX_LINE_LEN {
                return Err(LineError::TooLong {
                    len: text.chars().count(),
                });
            }
            match cell(ch) {
                Some(v) => cells.push(v),
                None => {
                    return Err(LineError::BadColorCell {
                        index,
                        found: ch,
                        expected: expected.to_string(),
                    });
                }
            }
        }
        Ok(cells)
    }

    /// The colours' characters for messages: `'#' (black), 'r' (red)`.
    fn chars_in_words(&self) -> String {
        let chars: Vec<String> = self
            .colors
            .iter()
            .map(|c| format!("{:?} ({})", c.ch, c.name))
            .collect();
        chars.join(", ")
    }

    /// Checks one clue list against its line's length: no 0 in a longer list, and room for
    /// the blocks with a background cell between neighbours of one colour.
    pub fn check_fit(&self, lens: &[u32], colors: &[u8], len: usize) -> Result<(), LineError> {
        if let Some(index) = lens.iter().position(|&n| n == 0) {
            return Err(LineError::ZeroClue { index });
        }
        let mut needed: Option<u64> = Some(0);
        for (j, &n) in lens.iter().enumerate() {
            let gap = u64::from(j > 0 && colors[j] == colors[j - 1]);
            needed = needed.and_then(|t| t.checked_add(u64::from(n) + gap));
        }
        if matches!(needed, Some(n) if n <= len as u64) {
            return Ok(());
        }
        Err(LineError::ColorsDoNotFit {
            clues: self.describe(lens, colors),
            needed,
            len,
        })
    }

    /// A picture line as text.
    pub fn picture_text(&self, values: &[u8]) -> String {
        values.iter().map(|&v| self.char_of(v)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn color(name: &str, ch: char) -> PaletteColor {
        PaletteColor {
            name: name.into(),
            char: ch,
            rgb: None,
        }
    }

    #[test]
    fn plain_counts_read_as_u32_and_objects_as_colours() {
        let items: Vec<ClueItem> =
            serde_json::from_str(r#"[3, {"count": 2, "color": "red"}, 0]"#).unwrap();
        assert_eq!(
            items,
            [
                ClueItem::Count(3),
                ClueItem::Colored {
                    count: 2,
                    color: "red".into()
                },
                ClueItem::Count(0)
            ]
        );
        assert_eq!(
            serde_json::to_string(&items).unwrap(),
            r#"[3,{"count":2,"color":"red"},0]"#
        );
        for (text, want) in [
            ("[-1]", "invalid value: integer `-1`, expected u32"),
            (
                "[1099511627776]",
                "invalid value: integer `1099511627776`, expected u32",
            ),
            (r#"["3"]"#, r#"invalid type: string "3", expected u32"#),
            ("[1.5]", "invalid type: floating point `1.5`, expected u32"),
        ] {
            let err = serde_json::from_str::<Vec<ClueItem>>(text).unwrap_err();
            let plain = serde_json::from_str::<Vec<u32>>(text).unwrap_err();
            assert!(err.to_string().starts_with(want), "{err}");
            assert_eq!(
                err.to_string(),
                plain.to_string(),
                "worded as a u32's fault"
            );
        }
        let err =
            serde_json::from_str::<Vec<ClueItem>>(r#"[{"count": 1, "colour": "r"}]"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `colour`"), "{err}");
    }

    #[test]
    fn palettes_put_black_first_and_check_names_and_chars() {
        let p = Palette::from_input(Some(&[color("red", 'r'), color("black", 'k')]), true).unwrap();
        assert_eq!(p.colors().iter().map(|c| c.ch).collect::<String>(), "kr");
        assert_eq!(p.index_of("red"), Some(2));
        // Plain counts bring black in, as `#`.
        let p = Palette::from_input(Some(&[color("red", 'r')]), true).unwrap();
        assert_eq!(p.colors().iter().map(|c| c.ch).collect::<String>(), "#r");
        assert_eq!(p.color(2).rgb, [220, 38, 38]);
        // Without plain counts it stays out.
        let p = Palette::from_input(Some(&[color("red", 'r')]), false).unwrap();
        assert!(!p.is_color());
        let faults = [
            (
                vec![color("red", 'r'), color("red", 's')],
                "/palette/1/name",
            ),
            (
                vec![color("red", 'r'), color("blue", 'r')],
                "/palette/1/char",
            ),
            (vec![color("red", 'x')], "/palette/0/char"),
            (vec![color("red", '.')], "/palette/0/char"),
            (vec![color("", 'r')], "/palette/0/name"),
            (vec![color("red", '#')], "/palette"),
        ];
        for (entries, path) in faults {
            let e = Palette::from_input(Some(&entries), true).unwrap_err();
            assert_eq!(e.path, path, "{entries:?}: {e}");
        }
        let mut bad = color("red", 'r');
        bad.rgb = Some("#12345".into());
        assert_eq!(
            Palette::from_input(Some(&[bad]), true).unwrap_err().path,
            "/palette/0/rgb"
        );
        assert_eq!(parse_rgb("f00"), Some([255, 0, 0]));
        assert_eq!(parse_rgb("#0a0B0c"), Some([10, 11, 12]));
    }

    #[test]
    fn clue_items_resolve_to_colours_and_unknown_ones_are_named() {
        let p = Palette::from_input(Some(&[color("red", 'r')]), true).unwrap();
        let items: Vec<ClueItem> =
            serde_json::from_str(r#"[2, {"count": 1, "color": "red"}]"#).unwrap();
        assert_eq!(
            p.resolve(&items, "/rows/0").unwrap(),
            (vec![2, 1], vec![1, 2])
        );
        assert_eq!(p.describe(&[2, 1], &[1, 2]), "[2, 1 red]");
        assert_eq!(p.items(&[2, 1], &[1, 2]), items);
        let bad: Vec<ClueItem> =
            serde_json::from_str(r#"[2, {"count": 1, "color": "blue"}]"#).unwrap();
        let e = p.resolve(&bad, "/rows/3").unwrap_err();
        assert_eq!(e.path, "/rows/3/1/color");
        assert!(e.message.contains("\"blue\""), "{e}");
        assert!(
            p.resolve(&[ClueItem::Count(0)], "/rows/0")
                .unwrap()
                .0
                .is_empty()
        );
    }

    #[test]
    fn lines_and_pictures_read_the_palette_chars() {
        let p = Palette::from_input(Some(&[color("red", 'r')]), true).unwrap();
        assert_eq!(
            p.parse_line("#r.x").unwrap(),
            [only(1), only(2), 0b111, BACKGROUND]
        );
        assert_eq!(p.parse_picture("#r.").unwrap(), [1, 2, 0]);
        assert_eq!(p.picture_text(&[1, 2, 0]), "#r.");
        assert!(matches!(
            p.parse_picture("#x"),
            Err(LineError::BadColorCell {
                index: 1,
                found: 'x',
                ..
            })
        ));
        let e = p.parse_line("#q").unwrap_err();
        assert!(e.to_string().contains("'r' (red)"), "{e}");
    }
}
