//! The searches' position: the board, its Zobrist hash, the two sides, and each colour's five
//! points and fours kept line by line as stones come and go.
//!
//! A stone changes only the four lines through it, so placing or lifting one recomputes
//! those lines' masks for both colours (eight one-pass scans of eleven windows), and "does
//! black have a five point", "white's four moves" cost a walk over the few lines that hold
//! any instead of a scan of all 88. Probes that place a stone for a moment and ask only about
//! the lines through it go to [`Board`] directly and leave the cache alone.

use crate::board::{Board, CELLS, Color, LINES, Point, edge_mask};
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

/// A set of lines, one bit each.
type LineSet = [u64; 2];

/// Per colour and line, the five points, four moves and three spots (bits as in the board's
/// line masks), and which lines hold any five point or four move.
#[derive(Debug, Clone)]
struct LineThreats {
    lines: [[LineThreat; LINES]; 2],
    five_lines: [LineSet; 2],
    four_lines: [LineSet; 2],
    spot_lines: [LineSet; 2],
}

impl LineThreats {
    fn new() -> LineThreats {
        LineThreats {
            lines: [[LineThreat::default(); LINES]; 2],
            five_lines: [[0; 2]; 2],
            four_lines: [[0; 2]; 2],
            spot_lines: [[0; 2]; 2],
        }
    }

    /// Recomputes one line for both colours (`exact` by colour index: whether only exactly
    /// five wins). Both colours at once read the line's masks once; this runs for the four
    /// lines of every stone placed, the searches' most frequent work.
    #[inline]
    fn refresh(&mut self, board: &Board, exact: [bool; 2], line: usize) {
        let (black, stops) = board.line_masks(line);
        let edge = edge_mask(line);
        let white = stops & !edge;
        let (word, bit) = (line >> 6, 1u64 << (line & 63));
        for (c, own, closed) in [(0, black, stops), (1, white, black | edge)] {
            let t = if own.count_ones() < 2 {
                LineThreat::default()
            } else {
                line_threats(own, closed, exact[c])
            };
            self.lines[c][line] = t;
            let mark = |set: &mut LineSet, mask: u32| {
                set[word] = (set[word] & !bit) | (u64::from(mask != 0) * bit);
            };
            mark(&mut self.five_lines[c], t.fives);
            mark(&mut self.four_lines[c], t.fours);
            mark(&mut self.spot_lines[c], t.spots);
        }
    }

    /// The cells of colour `c`'s lines in `lines`, with `pick` choosing the mask.
    fn cells(&self, c: usize, lines: LineSet, pick: fn(&LineThreat) -> u32) -> Cells {
        let mut out = Cells::default();
        for (k, mut set) in lines.into_iter().enumerate() {
            while set != 0 {
                let line = k * 64 + set.trailing_zeros() as usize;
                set &= set - 1;
                add_line_bits(line, pick(&self.lines[c][line]), &mut out);
            }
        }
        out
    }
}

/// The line threats a stone's arrival replaced, so that lifting it restores them.
#[derive(Debug, Clone)]
struct Undo {
    point: Point,
    lines: [[LineThreat; 4]; 2],
    five_lines: [LineSet; 2],
    four_lines: [LineSet; 2],
    spot_lines: [LineSet; 2],
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
    /// By colour index: whether only exactly five wins.
    exact: [bool; 2],
    undo: Vec<Undo>,
}

impl Position {
    pub(crate) fn new(board: Board, attacker: Color, rule: Rule) -> Position {
        let hash = (0..CELLS)
            .map(Point::from_index)
            .filter_map(|p| board.get(p).map(|c| stone_key(p, c)))
            .fold(0, |a, k| a ^ k);
        let sides = [Color::Black, Color::White].map(|c| Side::new(c, rule));
        let mut pos = Position {
            board,
            hash,
            attacker: Side::new(attacker, rule),
            defender: Side::new(attacker.opponent(), rule),
            threats: LineThreats::new(),
            exact: sides.map(|side| side.exact),
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
        self.threats.refresh(&self.board, self.exact, line);
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
        self.threats.five_lines[colour_index(c)] != [0; 2]
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

    /// Whether `side` has a four move on the board as it is, where the stones at `moved`
    /// were put on [`Position::board`] directly, not through [`Position::place`]: the lines
    /// through them are read afresh, the others from what is kept.
    pub(crate) fn has_four_move_after(&self, side: &Side, moved: &[Point]) -> bool {
        let c = colour_index(side.color);
        let mut stale: LineSet = [0; 2];
        for line in moved.iter().flat_map(|&p| lines_through(p)) {
            stale[line >> 6] |= 1 << (line & 63);
        }
        let kept = self.threats.four_lines[c];
        if kept[0] & !stale[0] != 0 || kept[1] & !stale[1] != 0 {
            return true;
        }
        moved.iter().flat_map(|&p| lines_through(p)).any(|line| {
            let (own, closed) = masks(&self.board, line, side.color);
            line_threats(own, closed, side.exact).fours != 0
        })
    }

    /// Points in a window of two stones of colour `c` and three empty points: the only
    /// places a three can be made.
    pub(crate) fn three_spots(&self, c: Color) -> Cells {
        let i = colour_index(c);
        self.threats
            .cells(i, self.threats.spot_lines[i], |t| t.spots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{Rng, middle_game};

    /// With two stones put on the board behind the cache's back, `has_four_move_after`
    /// answers as a position built afresh from that board.
    #[test]
    fn four_moves_after_stones_off_the_cache_match_a_fresh_position() {
        let mut rng = Rng::new(11);
        let mut fours = 0;
        for round in 0..400 {
            let stones = 20 + rng.below(60);
            let board = middle_game(&mut rng, stones);
            let rule = [Rule::Renju, Rule::Gomoku, Rule::Freestyle][round % 3];
            let mut pos = Position::new(board, Color::Black, rule);
            let empties: Vec<Point> = pos.board.empty_points().collect();
            let m = empties[rng.below(empties.len())];
            let f = empties[rng.below(empties.len())];
            if m == f {
                continue;
            }
            let (mover, other) = if round % 2 == 0 {
                (Color::Black, Color::White)
            } else {
                (Color::White, Color::Black)
            };
            pos.board.place(m, mover);
            pos.board.place(f, other);
            let fresh = Position::new(pos.board.clone(), Color::Black, rule);
            for side in [pos.attacker, pos.defender] {
                let expected = !fresh.four_moves(side.color).is_empty();
                assert_eq!(pos.has_four_move_after(&side, &[m, f]), expected);
                fours += usize::from(expected);
            }
            pos.board.remove(f);
            pos.board.remove(m);
        }
        assert!(fours > 100, "{fours} sides with a four move");
    }
}
