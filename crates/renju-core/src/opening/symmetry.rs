//! The eight symmetries of the square board about its centre h8 (four rotations, four
//! reflections), and the test that two offered fifth moves are the same move in disguise:
//! some symmetry maps the stones on the board onto themselves, colours kept, and one offer
//! onto the other.

use crate::board::{Board, Point, SIZE};

/// One symmetry of the board about h8, as the image of an offset `(dx, dy)` from the centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symmetry {
    /// The symmetry in words, for messages.
    pub name: &'static str,
    /// The image of `(dx, dy)`: `dx' = a * dx + b * dy`, `dy' = c * dx + d * dy`.
    matrix: [i32; 4],
}

/// The identity first, then the rotations and the reflections.
pub const SYMMETRIES: [Symmetry; 8] = [
    Symmetry {
        name: "the identity",
        matrix: [1, 0, 0, 1],
    },
    Symmetry {
        name: "the quarter turn",
        matrix: [0, -1, 1, 0],
    },
    Symmetry {
        name: "the half turn",
        matrix: [-1, 0, 0, -1],
    },
    Symmetry {
        name: "the three-quarter turn",
        matrix: [0, 1, -1, 0],
    },
    Symmetry {
        name: "the reflection in column h",
        matrix: [-1, 0, 0, 1],
    },
    Symmetry {
        name: "the reflection in row 8",
        matrix: [1, 0, 0, -1],
    },
    Symmetry {
        name: "the reflection in the diagonal a1-o15",
        matrix: [0, 1, 1, 0],
    },
    Symmetry {
        name: "the reflection in the diagonal a15-o1",
        matrix: [0, -1, -1, 0],
    },
];

impl Symmetry {
    /// The image of `p`, which is always on the board (the board is square about h8).
    pub fn apply(self, p: Point) -> Point {
        let c = (SIZE / 2) as i32;
        let (dx, dy) = (i32::from(p.x) - c, i32::from(p.y) - c);
        let [a, b, cc, d] = self.matrix;
        Point {
            x: (c + a * dx + b * dy) as u8,
            y: (c + cc * dx + d * dy) as u8,
        }
    }

    /// Whether the symmetry maps every stone of `board` onto a stone of the same colour.
    pub fn preserves(self, board: &Board) -> bool {
        (0..SIZE * SIZE).map(Point::from_index).all(|p| {
            board
                .get(p)
                .is_none_or(|c| board.get(self.apply(p)) == Some(c))
        })
    }
}

/// Two offers that are the same move under a symmetry of the position: their places in the
/// list and the symmetry that maps the first onto the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SymmetricPair {
    pub first: usize,
    pub second: usize,
    pub by: Symmetry,
}

/// The first pair of `offers` (in list order) that a symmetry keeping `board` maps onto each
/// other; `None` when the offers are all different moves. Equal points are not reported here.
pub fn symmetric_offers(board: &Board, offers: &[Point]) -> Option<SymmetricPair> {
    let keeping: Vec<Symmetry> = SYMMETRIES[1..]
        .iter()
        .copied()
        .filter(|s| s.preserves(board))
        .collect();
    for (j, &b) in offers.iter().enumerate() {
        for (i, &a) in offers[..j].iter().enumerate() {
            if a == b {
                continue;
            }
            if let Some(&by) = keeping.iter().find(|s| s.apply(a) == b) {
                return Some(SymmetricPair {
                    first: i,
                    second: j,
                    by,
                });
            }
        }
    }
    None
}
