//! The searches' position: the board, its Zobrist hash, the two sides, and each colour's five
//! points and fours kept line by line as stones come and go.
//!
//! A stone changes only the four lines through it, so placing or lifting one recomputes
//! those lines' masks for both colours (eight one-pass scans of eleven windows), and "does
//! black have a five point", "white's four moves" cost a walk over the few lines that hold
//! any instead of a scan of all 88. Probes that place a stone for a moment and ask only about
//! the lines through it go to [`Board`] directly and leave the cache alone.

use crate::board::{Board, CELLS, Color, LINES, Point};
use crate::mate::lines::{
    Cells, LineThreat, Side, add_line_bits, line_threats, lines_through, masks,
};
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

/// Per colour and line, the five points, four moves and three spots (bits as in the board's
/// line masks), and which lines hold any five point or four move.
#[derive(Debug, Clone)]
struct LineThreats {
    lines: [[LineThreat; LINES]; 2],
    five_lines: [u128; 2],
    four_lines: [u128; 2],
    spot_lines: [u128; 2],
}

impl LineThreats {
    fn new() -> LineThreats {
        LineThreats {
            lines: [[LineThreat::default(); LINES]; 2],
            five_lines: [0; 2],
            four_lines: [0; 2],
            spot_lines: [0; 2],
        }
    }

    /// Recomputes one line for one side.
    #[inline]
    fn refresh(&mut self, board: &Board, side: &Side, line: usize) {
        let c = colour_index(side.color);
        let (own, closed) = masks(board, line, side.color);
        let t = if own.count_ones() < 2 {
            LineThreat::default()
        } else {
            line_threats(own, closed, side.exact)
        };
        self.lines[c][line] = t;
        let keep = !(1u128 << line);
        let has = |mask: u32| u128::from(mask != 0) << line;
        self.five_lines[c] = self.five_lines[c] & keep | has(t.fives);
        self.four_lines[c] = self.four_lines[c] & keep | has(t.fours);
        self.spot_lines[c] = self.spot_lines[c] & keep | has(t.spots);
    }

    /// The cells of colour `c`'s lines in `lines`, with `pick` choosing the mask.
    fn cells(&self, c: usize, mut lines: u128, pick: fn(&LineThreat) -> u32) -> Cells {
        let mut out = Cells::default();
        while lines != 0 {
            let line = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            add_line_bits(line, pick(&self.lines[c][line]), &mut out);
        }
        out
    }
}

/// The line threats a stone's arrival replaced, so that lifting it restores them.
#[derive(Debug, Clone)]
struct Undo {
    point: Point,
    lines: [[LineThreat; 4]; 2],
    five_lines: [u128; 2],
    four_lines: [u128; 2],
    spot_lines: [u128; 2],
}

/// A board with its Zobrist hash, the two sides of a mate search and their line threats.
/// Stones are lifted in the reverse order of their placing (the searches' stack), which lets
/// a lift restore the line threats instead of computing them again.
#[derive(Debug, Clone)]
pub(crate) struct Position {
    pub board: Board,
    pub hash: u64,
    pub attacker: Side,
    pub defender: Side,
    threats: LineThreats,
    undo: Vec<Undo>,
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
            undo: Vec::new(),
        };
        for line in 0..LINES {
            // A line with fewer than two stones of each colour holds nothing yet.
            let (black, _) = pos.board.line_masks(line);
            if black.count_ones() >= 2 || pos.board.white_mask(line).count_ones() >= 2 {
                pos.refresh(line);
            }
        }
        pos
    }

    fn refresh(&mut self, line: usize) {
        self.threats.refresh(&self.board, &self.attacker, line);
        self.threats.refresh(&self.board, &self.defender, line);
    }

    /// Puts a stone on an empty point (hash and line threats follow).
    pub(crate) fn place(&mut self, p: Point, c: Color) {
        let t = &self.threats;
        let mut lines = [[LineThreat::default(); 4]; 2];
        for (k, line) in lines_through(p).enumerate() {
            lines[0][k] = t.lines[0][line];
            lines[1][k] = t.lines[1][line];
        }
        self.undo.push(Undo {
            point: p,
            lines,
            five_lines: t.five_lines,
            four_lines: t.four_lines,
            spot_lines: t.spot_lines,
        });
        self.board.place(p, c);
        self.hash ^= stone_key(p, c);
        for line in lines_through(p) {
            self.refresh(line);
        }
    }

    /// Lifts the stone placed last (hash and line threats as before it).
    pub(crate) fn remove(&mut self, p: Point) {
        let undo = self.undo.pop().expect("a stone to lift");
        assert_eq!(undo.point, p, "stones are lifted in reverse order");
        let c = self.board.get(p).expect("remove a stone that is there");
        self.board.remove(p);
        self.hash ^= stone_key(p, c);
        let t = &mut self.threats;
        for (k, line) in lines_through(p).enumerate() {
            t.lines[0][line] = undo.lines[0][k];
            t.lines[1][line] = undo.lines[1][k];
        }
        t.five_lines = undo.five_lines;
        t.four_lines = undo.four_lines;
        t.spot_lines = undo.spot_lines;
    }

    /// Whether colour `c` has a five point.
    #[inline]
    pub(crate) fn has_five(&self, c: Color) -> bool {
        self.threats.five_lines[colour_index(c)] != 0
    }

    /// Every five point of colour `c`.
    pub(crate) fn fives(&self, c: Color) -> Cells {
        let i = colour_index(c);
        self.threats
            .cells(i, self.threats.five_lines[i], |t| t.fives)
    }

    /// Every point where colour `c`'s stone makes a five point (legal or not).
    pub(crate) fn four_moves(&self, c: Color) -> Cells {
        let i = colour_index(c);
        self.threats
            .cells(i, self.threats.four_lines[i], |t| t.fours)
    }

    /// Points in a window of two stones of colour `c` and three empty points: the only
    /// places a three can be made.
    pub(crate) fn three_spots(&self, c: Color) -> Cells {
        let i = colour_index(c);
        self.threats
            .cells(i, self.threats.spot_lines[i], |t| t.spots)
    }
}
