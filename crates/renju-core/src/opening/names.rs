//! The 26 canonical renju openings: black at h8, white next to it (directly above for the 13
//! direct openings, diagonally for the 13 indirect ones), black's second stone in the central
//! 5x5 square. Every other first three stones in those squares are one of them turned or
//! reflected. Numbers and names as the renju literature gives them (the Renju International
//! Federation's table of openings; Japanese names in their usual romanisation).

use crate::board::{Point, SIZE};
use crate::opening::symmetry::SYMMETRIES;

/// One canonical opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canonical {
    /// `D1`..`D13` (direct) or `I1`..`I13` (indirect).
    pub code: &'static str,
    /// The Japanese name, e.g. `Kagetsu`.
    pub name: &'static str,
}

/// White's stone of a direct opening (h9) and of an indirect one (i9), as offsets from h8.
const DIRECT_WHITE: (i32, i32) = (0, 1);
const INDIRECT_WHITE: (i32, i32) = (1, 1);

/// Black's second stone of each direct opening, as an offset from h8 with white on h9.
const DIRECT: [(&str, &str, (i32, i32)); 13] = [
    ("D1", "Kansei", (0, 2)),
    ("D2", "Keigetsu", (1, 2)),
    ("D3", "Sosei", (2, 2)),
    ("D4", "Kagetsu", (1, 1)),
    ("D5", "Zangetsu", (2, 1)),
    ("D6", "Ugetsu", (1, 0)),
    ("D7", "Kinsei", (2, 0)),
    ("D8", "Shogetsu", (0, -1)),
    ("D9", "Kyugetsu", (1, -1)),
    ("D10", "Shingetsu", (2, -1)),
    ("D11", "Zuisei", (0, -2)),
    ("D12", "Sangetsu", (1, -2)),
    ("D13", "Yusei", (2, -2)),
];

/// Black's second stone of each indirect opening, as an offset from h8 with white on i9.
const INDIRECT: [(&str, &str, (i32, i32)); 13] = [
    ("I1", "Chosei", (2, 2)),
    ("I2", "Kyogetsu", (2, 1)),
    ("I3", "Kosei", (2, 0)),
    ("I4", "Suigetsu", (2, -1)),
    ("I5", "Ryusei", (2, -2)),
    ("I6", "Ungetsu", (1, 0)),
    ("I7", "Hogetsu", (1, -1)),
    ("I8", "Rangetsu", (1, -2)),
    ("I9", "Gingetsu", (0, -1)),
    ("I10", "Myojo", (0, -2)),
    ("I11", "Shagetsu", (-1, -1)),
    ("I12", "Meigetsu", (-1, -2)),
    ("I13", "Suisei", (-2, -2)),
];

fn offset(p: Point) -> (i32, i32) {
    let c = (SIZE / 2) as i32;
    (i32::from(p.x) - c, i32::from(p.y) - c)
}

/// The canonical opening of the first three stones (black, white, black), or `None` when
/// they are no renju opening (black not on h8, white not next to it, or black's second stone
/// outside the central 5x5 square).
pub fn canonical(first: Point, second: Point, third: Point) -> Option<Canonical> {
    if offset(first) != (0, 0) {
        return None;
    }
    SYMMETRIES.iter().find_map(|s| {
        let table = match offset(s.apply(second)) {
            DIRECT_WHITE => &DIRECT,
            INDIRECT_WHITE => &INDIRECT,
            _ => return None,
        };
        let third = offset(s.apply(third));
        table
            .iter()
            .find(|(_, _, at)| *at == third)
            .map(|&(code, name, _)| Canonical { code, name })
    })
}
