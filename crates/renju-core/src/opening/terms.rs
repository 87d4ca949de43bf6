//! The words of the opening protocols as they appear in JSON: the rule's name, the actions of
//! a record, the two seats and the areas where a stone may go.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::{Point, SIZE};
use crate::notation::MoveSpec;

/// Most fifth moves a rule may ask for: every empty point once four stones stand.
pub const MAX_OFFERS: u8 = (SIZE * SIZE - 4) as u8;

/// An opening rule: where the first stones may go, when a player may swap colours, how many
/// fifth moves black offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningRule {
    /// RIF (1996): the first player places 1 at h8, 2 in the central 3x3 square and 3 in the
    /// central 5x5; the second may swap; white plays 4 anywhere; black offers two fifth moves
    /// and white takes one, then plays 6.
    Rif,
    /// Yamaguchi: as `rif`, but the first player declares with move 3 how many fifth moves
    /// black will offer.
    Yamaguchi,
    /// Soosõrv-N: moves 1-3 as `rif`; swap; white plays 4 anywhere and declares 1 to N fifth
    /// moves; swap; black offers that many, white takes one and plays 6.
    Soosorv(u8),
    /// Taraguchi-N: 1 at h8, 2 in the 3x3, 3 in the 5x5, 4 in the 7x7, with a swap after each;
    /// then black plays 5 in the 9x9 (swap before and after), or offers N fifth moves anywhere.
    Taraguchi(u8),
    /// Swap2 (gomoku): the first player places three stones anywhere (black, white, black);
    /// the second stays, swaps, or places two more and lets the first choose.
    Swap2,
    /// Pro (gomoku): 1 at h8, 2 anywhere, 3 at least 3 lines from the centre.
    Pro,
    /// Long pro (gomoku): as `pro`, but 3 at least 4 lines from the centre.
    LongPro,
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningRule::Rif => f.write_str("rif"),
            OpeningRule::Yamaguchi => f.write_str("yamaguchi"),
            OpeningRule::Soosorv(n) => write!(f, "soosorv-{n}"),
            OpeningRule::Taraguchi(n) => write!(f, "taraguchi-{n}"),
            OpeningRule::Swap2 => f.write_str("swap2"),
            OpeningRule::Pro => f.write_str("pro"),
            OpeningRule::LongPro => f.write_str("long-pro"),
        }
    }
}

/// The spellings an opening rule accepts, for error messages.
const SPELLINGS: &str = "`rif`, `yamaguchi`, `soosorv-N`, `taraguchi-N`, `swap2`, `pro` or `long-pro` (N from 1 to 221)";

impl FromStr for OpeningRule {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let numbered = |n: &str| -> Result<u8, String> {
            match n.parse::<u8>() {
                Ok(n) if (1..=MAX_OFFERS).contains(&n) => Ok(n),
                _ => Err(format!(
                    "the number of fifth moves in {s:?} is 1 to {MAX_OFFERS}"
                )),
            }
        };
        match s {
            "rif" => Ok(OpeningRule::Rif),
            "yamaguchi" => Ok(OpeningRule::Yamaguchi),
            "swap2" => Ok(OpeningRule::Swap2),
            "pro" => Ok(OpeningRule::Pro),
            "long-pro" => Ok(OpeningRule::LongPro),
            // The rule texts' defaults: Soosõrv's original four, Taraguchi's original five.
            "soosorv" | "soosyrv" => Ok(OpeningRule::Soosorv(4)),
            "taraguchi" => Ok(OpeningRule::Taraguchi(5)),
            _ => {
                if let Some(n) = s
                    .strip_prefix("soosorv-")
                    .or_else(|| s.strip_prefix("soosyrv-"))
                {
                    numbered(n).map(OpeningRule::Soosorv)
                } else if let Some(n) = s.strip_prefix("taraguchi-") {
                    numbered(n).map(OpeningRule::Taraguchi)
                } else {
                    Err(format!("unknown opening rule {s:?}; expected {SPELLINGS}"))
                }
            }
        }
    }
}

impl Serialize for OpeningRule {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for OpeningRule {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for OpeningRule {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "OpeningRule".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The opening rule, from its published text.",
            "oneOf": [
                {
                    "const": "rif",
                    "description": "RIF: the first player places 1 at h8, 2 in the central 3x3 square and 3 in the central 5x5; the second may swap; white plays 4 anywhere; black offers 2 fifth moves, white takes one and plays 6."
                },
                {
                    "const": "yamaguchi",
                    "description": "Yamaguchi: as `rif`, but the first player declares with move 3 how many fifth moves black will offer (`{\"declare\": N}` before the swap decision)."
                },
                {
                    "type": "string",
                    "pattern": "^(soosorv|soosyrv)(-[1-9][0-9]{0,2})?$",
                    "description": "`soosorv-N` (`soosorv-8` the usual; `soosyrv-N` is the same, `soosorv` alone the original N = 4): moves 1-3 as `rif`; swap; white plays 4 anywhere and declares 1 to N fifth moves; swap; black offers that many, white takes one and plays 6."
                },
                {
                    "type": "string",
                    "pattern": "^taraguchi(-[1-9][0-9]{0,2})?$",
                    "description": "`taraguchi-N` (`taraguchi-10` the usual; `taraguchi` alone the original N = 5): 1 at h8, 2 in the 3x3, 3 in the 5x5, 4 in the 7x7, a swap decision after each; then black plays 5 in the 9x9 (swap decisions before and after it) or offers N fifth moves anywhere."
                },
                {
                    "const": "swap2",
                    "description": "Swap2: the first player places three stones anywhere (black, white, black); the second answers `stay`, `swap`, or `{\"more\": 2}` and places a white and a black stone, after which the first answers `stay` or `swap`."
                },
                {
                    "const": "pro",
                    "description": "Pro: 1 at h8, 2 anywhere, 3 outside the central 5x5 square (at least 3 lines from h8)."
                },
                {
                    "const": "long-pro",
                    "description": "Long pro: 1 at h8, 2 anywhere, 3 outside the central 7x7 square (at least 4 lines from h8)."
                }
            ]
        })
    }
}

/// A swap decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    /// The two players exchange colours.
    Swap,
    /// Colours stay as they are.
    Stay,
}

/// `{"declare": N}`: the number of fifth moves black will offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Declare {
    /// How many fifth moves black will offer.
    pub declare: u32,
}

/// `{"offer": [...]}`: black's offered fifth moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// The offered points: `"h8"` or `[7, 7]`, distinct, empty, none symmetric to another.
    pub offer: Vec<MoveSpec>,
}

/// `{"more": 2}`: swap2's third answer, two more stones (white, then black) from the second player, after which the first player chooses the colours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct More {
    /// How many stones follow: 2.
    pub more: u32,
}

/// One decision of the opening protocol, in the order made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(
    untagged,
    expecting = "an opening action is \"swap\", \"stay\", {\"declare\": N}, {\"offer\": [points]} or {\"more\": 2}"
)]
pub enum Action {
    /// `"swap"` or `"stay"` at a point where a player may swap colours.
    Choice(Choice),
    /// `{"declare": N}`: how many fifth moves black will offer.
    Declare(Declare),
    /// `{"offer": ["k9", ...]}`: black's offered fifth moves.
    Offer(Offer),
    /// `{"more": 2}`: swap2's two more stones.
    More(More),
}

/// A player by seat: the one who began the game (the tentative black) or the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// The player who placed the first stone.
    First,
    /// The other player.
    Second,
}

impl Seat {
    /// The other player.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// Where an opening stone may go, measured from the centre h8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Area {
    /// h8 itself.
    #[serde(rename = "center")]
    Center,
    /// The central 3x3 square, g7 to i9.
    #[serde(rename = "3x3")]
    Square3,
    /// The central 5x5 square, f6 to j10.
    #[serde(rename = "5x5")]
    Square5,
    /// The central 7x7 square, e5 to k11.
    #[serde(rename = "7x7")]
    Square7,
    /// The central 9x9 square, d4 to l12.
    #[serde(rename = "9x9")]
    Square9,
    /// Outside the central 5x5 square: at least 3 lines from h8 across or up and down.
    #[serde(rename = "outside_5x5")]
    Outside5,
    /// Outside the central 7x7 square: at least 4 lines from h8.
    #[serde(rename = "outside_7x7")]
    Outside7,
    /// Any empty point.
    #[serde(rename = "anywhere")]
    Anywhere,
}

impl Area {
    /// Whether `p` lies in the area.
    pub fn contains(self, p: Point) -> bool {
        let centre = (SIZE / 2) as i32;
        let from_centre = (i32::from(p.x) - centre)
            .abs()
            .max((i32::from(p.y) - centre).abs());
        match self {
            Area::Center => from_centre == 0,
            Area::Square3 => from_centre <= 1,
            Area::Square5 => from_centre <= 2,
            Area::Square7 => from_centre <= 3,
            Area::Square9 => from_centre <= 4,
            Area::Outside5 => from_centre >= 3,
            Area::Outside7 => from_centre >= 4,
            Area::Anywhere => true,
        }
    }

    /// The area in words, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Area::Center => "at the centre, h8",
            Area::Square3 => "in the central 3x3 square (g7 to i9)",
            Area::Square5 => "in the central 5x5 square (f6 to j10)",
            Area::Square7 => "in the central 7x7 square (e5 to k11)",
            Area::Square9 => "in the central 9x9 square (d4 to l12)",
            Area::Outside5 => "outside the central 5x5 square (at least 3 lines from h8)",
            Area::Outside7 => "outside the central 7x7 square (at least 4 lines from h8)",
            Area::Anywhere => "on any empty point",
        }
    }
}
