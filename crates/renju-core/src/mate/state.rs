//! The searches' position: the board, its Zobrist hash, the two sides, and each colour's five
//! points and fours kept line by line as stones come and go.
//!
//! A stone changes only the four lines through it, so placing or lifting one recomputes
//! those lines' masks for both colours (eight one-pass scans of eleven windows), and "does
//! black have a five point", "white's four moves" cost a walk over the few lines that hold
//! any instead of a scan of all 88. Probes that place a stone for a moment and ask only about
//! the lines through it go to [`Board`] directly and leave the cache alone.

use crate::board::{Board, CELLS, Color, LINES, Point};
use crate::mate::lines::{Cells, Side, add_line_bits, line_threats, lines_through, masks};
use crate::rules::Rule;

/// Zobrist keys: one per colour and cell, from a fixed seed, so hashes are the same on every
/// run.
const fn zobrist() -> [[u64; CELLS]; 2] {
    let mut out = [[0u64; CELLS]; 2];
    let mut state: u64 = 0x005E_ED0F_5EA5;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            out[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    out
}

static ZOBRIST: [[u64; CELLS]; 2] = zobrist();

/// The array index of a colour.
#[inline]
pub(crate) fn colour_index(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The key of a stone of colour `c` at `p`.
#[inline]
pub(crate) fn stone_key(p: Point, c: Color) -> u64 {
    ZOBRIST[colour_index(c)][p.index()]
}

/// Per colour and line, the five points and the four moves (bits as in the board's line
/// masks), and which lines hold any.
#[derive(Debug, Clone)]
struct LineThreats {
    fives: [[u32; LINES]; 2],
    fours: [[u32; LINES]; 2],
    five_lines: [u128; 2],
    four_lines: [u128; 2],
}

impl LineThreats {
    fn new() -> LineThreats {
        LineThreats {
            fives: [[0; LINES]; 2],
            fours: [[0; LINES]; 2],
            five_lines: [0; 2],
            four_lines: [0; 2],
        }
    }

    /// Recomputes one line for one side.
    #[inline]
    fn refresh(&mut self, board: &Board, side: &Side, line: usize) {
        let c = colour_index(side.color);
        let (own, closed) = masks(board, line, side.color);
        let (fives, fours) = line_threats(own, closed, side.exact);
        self.fives[c][line] = fives;
        self.fours[c][line] = fours;
        let bit = 1u128 << line;
        if fives == 0 {
            self.five_lines[c] &= !bit;
        } else {
            self.five_lines[c] |= bit;
        }
        if fours == 0 {
            self.four_lines[c] &= !bit;
        } else {
            self.four_lines[c] |= bit;
        }
    }

    /// The cells of the lines in `lines` whose masks in `of` are set.
    fn cells(of: &[u32; LINES], mut lines: u128) -> Cells {
        let mut out = Cells::default();
        while lines != 0 {
            let line = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            add_line_bits(line, of[line], &mut out);
        }
        out
    }
}

/// A board with its Zobrist hash, the two sides of a mate search and their line threats.
#[derive(Debug, Clone)]
pub(crate) struct Position {
    pub board: Board,
    pub hash: u64,
    pub attacker: Side,
    pub defender: Side,
    threats: LineThreats,
}

impl Position {
    pub(crate) fn new(board: Board, attacker: Color, rule: Rule) -> Position {
        let hash = (0..CELLS)
            .map(Point::from_index)
            .filter_map(|p| board.get(p).map(|c| stone_key(p, c)))
            .fold(0, |a, k| a ^ k);
        let mut pos = Position {
            board,
            hash,
            attacker: Side::new(attacker, rule),
            defender: Side::new(attacker.opponent(), rule),
            threats: LineThreats::new(),
        };
        for line in 0..LINES {
            pos.refresh(line);
        }
        pos
    }

    fn refresh(&mut self, line: usize) {
        self.threats.refresh(&self.board, &self.attacker, line);
        self.threats.refresh(&self.board, &self.defender, line);
    }

    /// Puts a stone on an empty point (hash and line threats follow).
    pub(crate) fn place(&mut self, p: Point, c: Color) {
        self.board.place(p, c);
        self.hash ^= stone_key(p, c);
        for line in lines_through(p) {
            self.refresh(line);
        }
    }

    /// Lifts a stone (hash and line threats follow).
    pub(crate) fn remove(&mut self, p: Point) {
        let c = self.board.get(p).expect("remove a stone that is there");
        self.board.remove(p);
        self.hash ^= stone_key(p, c);
        for line in lines_through(p) {
            self.refresh(line);
        }
    }

    /// Whether colour `c` has a five point.
    #[inline]
    pub(crate) fn has_five(&self, c: Color) -> bool {
        self.threats.five_lines[colour_index(c)] != 0
    }

    /// Every five point of colour `c`.
    pub(crate) fn fives(&self, c: Color) -> Cells {
        let i = colour_index(c);
        LineThreats::cells(&self.threats.fives[i], self.threats.five_lines[i])
    }

    /// Every point where colour `c`'s stone makes a five point (legal or not).
    pub(crate) fn four_moves(&self, c: Color) -> Cells {
        let i = colour_index(c);
        LineThreats::cells(&self.threats.fours[i], self.threats.four_lines[i])
    }
}
