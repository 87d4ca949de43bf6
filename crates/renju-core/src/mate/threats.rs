//! Threats in engine terms, for either colour under any rule: five points (where one more
//! stone wins), fours (moves that make a five point), threes (moves that make a new
//! win-in-two), and who may play where. Everything reads the board's per-line bit masks, so a
//! question about one line is a few shifts over at most eleven five-point windows.
//!
//! Definitions (the module [`crate::mate`](mod@crate::mate) states them for users):
//! - a *five point* of colour `c` is an empty point where `c`'s stone makes a winning row
//!   under the rule (exactly five, or five or more). A five is never forbidden, so a five point
//!   is always playable;
//! - a *four* is a move after which its colour has a five point;
//! - a *win-in-two* move is a legal four after which its colour has two or more five points
//!   (the opponent blocks one), or exactly one that the opponent may not block (black under
//!   renju, on a forbidden point);
//! - a *three* is a legal move, not a four, inside a five-point window that held two of its
//!   colour's stones and nothing else, after which its colour has a win-in-two move it did
//!   not have before.

use crate::board::{Board, CELLS, Color, LINE_CELLS, LINE_REFS, LINES, PAD, Point, edge_mask};
use crate::rules::{BlackMove, Rule, classify_black};

/// A set of board points (cell indexes), as a 225-bit mask.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Cells([u64; 4]);

impl Cells {
    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[cfg(test)]
    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    pub(crate) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The lowest cell index, if any.
    pub(crate) fn first(&self) -> Option<usize> {
        self.iter().next()
    }

    /// Cell indexes in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).flat_map(move |k| {
            let mut w = self.0[k];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + b
                })
            })
        })
    }
}

/// Positions 0..15 of a line, as bits.
const ON_LINE: u32 = ((1 << 15) - 1) << PAD;

/// The first bit of each five-point window along a line.
const WINDOW_STARTS: std::ops::RangeInclusive<u32> = PAD..=PAD + 10;

/// A colour's stones and the points closed to it (the other colour and the edge) on a line.
#[inline]
fn masks(board: &Board, line: usize, c: Color) -> (u32, u32) {
    let (black, stops) = board.line_masks(line);
    match c {
        Color::Black => (black, stops),
        Color::White => (board.white_mask(line), black | edge_mask(line)),
    }
}

/// Whether a row of six or more wins for `c` (otherwise only exactly five does).
#[inline]
pub(crate) fn overline_wins(rule: Rule, c: Color) -> bool {
    rule.wins_with(c, 6)
}

/// Empty points of the window starting at bit `s` when it holds `stones` of the colour and
/// nothing closed, and (for exact-five rules) the points just outside it are not the colour's,
/// so filling the window makes exactly five.
#[inline]
fn window_empties(own: u32, closed: u32, s: u32, stones: u32, exact: bool) -> u32 {
    let w = 0x1F << s;
    if (own & w).count_ones() != stones || closed & w != 0 {
        return 0;
    }
    if exact && (own >> (s - 1) & 1 == 1 || own >> (s + 5) & 1 == 1) {
        return 0;
    }
    w & !own
}

/// Five points of a line: bits (position + PAD).
#[inline]
fn line_fives(own: u32, closed: u32, exact: bool) -> u32 {
    if own.count_ones() < 4 {
        return 0;
    }
    WINDOW_STARTS.fold(0, |acc, s| acc | window_empties(own, closed, s, 4, exact))
}

/// Points of a line whose stone makes a five point on that line.
#[inline]
fn line_fours(own: u32, closed: u32, exact: bool) -> u32 {
    if own.count_ones() < 3 {
        return 0;
    }
    WINDOW_STARTS.fold(0, |acc, s| acc | window_empties(own, closed, s, 3, exact))
}

/// Points of a line inside a window that holds two of the colour's stones and nothing else:
/// where a three can be made.
#[inline]
fn line_three_spots(own: u32, closed: u32) -> u32 {
    if own.count_ones() < 2 {
        return 0;
    }
    WINDOW_STARTS.fold(0, |acc, s| acc | window_empties(own, closed, s, 2, false))
}

/// The four lines through a point.
fn lines_through(p: Point) -> impl Iterator<Item = usize> {
    LINE_REFS[p.index()].iter().map(|r| usize::from(r.line))
}

/// Adds the cells of a line's position bits to a set.
#[inline]
fn add_line_bits(line: usize, mut bits: u32, out: &mut Cells) {
    bits &= ON_LINE;
    while bits != 0 {
        let b = bits.trailing_zeros();
        bits &= bits - 1;
        out.insert(usize::from(LINE_CELLS[line][(b - PAD) as usize].0));
    }
}

/// Line-wise questions about one colour under one rule.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Side {
    pub color: Color,
    pub rule: Rule,
    exact: bool,
}

impl Side {
    pub(crate) fn new(color: Color, rule: Rule) -> Side {
        Side {
            color,
            rule,
            exact: !overline_wins(rule, color),
        }
    }

    /// The points `per_line(own, closed, exact)` finds on each of `lines`.
    fn scan(
        &self,
        board: &Board,
        lines: impl Iterator<Item = usize>,
        per_line: fn(u32, u32, bool) -> u32,
    ) -> Cells {
        let mut out = Cells::default();
        for line in lines {
            let (own, closed) = masks(board, line, self.color);
            add_line_bits(line, per_line(own, closed, self.exact), &mut out);
        }
        out
    }

    /// Every five point of the colour on the board.
    pub(crate) fn fives(&self, board: &Board) -> Cells {
        self.scan(board, 0..LINES, line_fives)
    }

    /// Five points on the four lines through `p` (after a stone landed there, the only
    /// lines where the colour's five points can have appeared).
    pub(crate) fn fives_through(&self, board: &Board, p: Point) -> Cells {
        self.scan(board, lines_through(p), line_fives)
    }

    /// Every point where the colour's stone makes a five point (legal or not).
    pub(crate) fn four_moves(&self, board: &Board) -> Cells {
        self.scan(board, 0..LINES, line_fours)
    }

    /// Four moves on the lines through `p`.
    pub(crate) fn four_moves_through(&self, board: &Board, p: Point) -> Cells {
        self.scan(board, lines_through(p), line_fours)
    }

    /// Points in a window of two stones of the colour and three empty points: the only
    /// places a three can be made (see the module docs).
    pub(crate) fn three_spots(&self, board: &Board) -> Cells {
        self.scan(board, 0..LINES, |own, closed, _| {
            line_three_spots(own, closed)
        })
    }

    /// Whether the colour may put a stone on empty point `p`: anything but a forbidden black
    /// move under renju (a five is never forbidden).
    pub(crate) fn may_play(&self, board: &mut Board, p: Point) -> bool {
        !(self.color == Color::Black
            && self.rule == Rule::Renju
            && matches!(classify_black(board, p), BlackMove::Forbidden(_)))
    }
}

/// What a four leaves the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AfterFour {
    /// Two or more five points: one block cannot stop them (the lowest two are given).
    Double(Point, Point),
    /// One five point that the defender (black under renju) may not play.
    ForbiddenBlock(Point),
    /// One five point the defender must take.
    Block(Point),
}

/// The five points `fives` of the attacker as a threat against `defender` (who has no five
/// point of their own), or `None` when there are none.
pub(crate) fn after_four(board: &mut Board, defender: &Side, fives: Cells) -> Option<AfterFour> {
    let mut it = fives.iter().map(Point::from_index);
    let first = it.next()?;
    if let Some(second) = it.next() {
        return Some(AfterFour::Double(first, second));
    }
    if defender.may_play(board, first) {
        Some(AfterFour::Block(first))
    } else {
        Some(AfterFour::ForbiddenBlock(first))
    }
}

/// A win-in-two move of the attacker (module docs), the lowest by cell index, when the
/// defender has no five point. `fours` are the candidate points to try.
pub(crate) fn win_in_two(
    board: &mut Board,
    attacker: &Side,
    defender: &Side,
    fours: Cells,
) -> Option<Point> {
    fours
        .iter()
        .map(Point::from_index)
        .find(|&q| is_win_in_two(board, attacker, defender, q))
}

/// Whether empty `q` is a win-in-two move for the attacker (the defender has no five point).
pub(crate) fn is_win_in_two(board: &mut Board, attacker: &Side, defender: &Side, q: Point) -> bool {
    if !attacker.may_play(board, q) {
        return false;
    }
    board.place(q, attacker.color);
    let fives = attacker.fives_through(board, q);
    let wins = matches!(
        after_four(board, defender, fives),
        Some(AfterFour::Double(..) | AfterFour::ForbiddenBlock(_))
    );
    board.remove(q);
    wins
}

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

/// The key of a stone of colour `c` at `p`.
#[inline]
pub(crate) fn stone_key(p: Point, c: Color) -> u64 {
    ZOBRIST[c as usize][p.index()]
}

/// A board with its Zobrist hash and the two sides of a mate search.
#[derive(Debug, Clone)]
pub(crate) struct Position {
    pub board: Board,
    pub hash: u64,
    pub attacker: Side,
    pub defender: Side,
}

impl Position {
    pub(crate) fn new(board: Board, attacker: Color, rule: Rule) -> Position {
        let hash = (0..CELLS)
            .map(Point::from_index)
            .filter_map(|p| board.get(p).map(|c| stone_key(p, c)))
            .fold(0, |a, k| a ^ k);
        Position {
            board,
            hash,
            attacker: Side::new(attacker, rule),
            defender: Side::new(attacker.opponent(), rule),
        }
    }

    pub(crate) fn place(&mut self, p: Point, c: Color) {
        self.board.place(p, c);
        self.hash ^= stone_key(p, c);
    }

    pub(crate) fn remove(&mut self, p: Point) {
        let c = self.board.get(p).expect("remove a stone that is there");
        self.board.remove(p);
        self.hash ^= stone_key(p, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::makes_win;

    /// Five points by brute force: every empty point, placed and measured.
    fn naive_fives(board: &Board, c: Color, rule: Rule) -> Cells {
        let mut out = Cells::default();
        for p in board.empty_points() {
            if makes_win(board, p, c, rule) {
                out.insert(p.index());
            }
        }
        out
    }

    #[test]
    fn five_points_and_fours_agree_with_brute_force() {
        let mut rng = crate::sample::Rng::new(27);
        for _ in 0..300 {
            let stones = 20 + rng.below(60);
            let board = crate::sample::middle_game(&mut rng, stones);
            for rule in [Rule::Renju, Rule::Gomoku, Rule::Freestyle] {
                for c in [Color::Black, Color::White] {
                    let side = Side::new(c, rule);
                    assert_eq!(side.fives(&board), naive_fives(&board, c, rule));
                    if !side.fives(&board).is_empty() {
                        // A four only matters when its colour has no five point yet.
                        continue;
                    }
                    let mut fours = Cells::default();
                    let mut b = board.clone();
                    for p in board.empty_points() {
                        b.place(p, c);
                        // A five point on one of p's lines, along that line.
                        let makes_five_point = (0..4).any(|d| {
                            (-4..=4).filter_map(|k| p.step(d, k)).any(|r| {
                                b.get(r).is_none()
                                    && rule.wins_with(c, b.run_through(r, d, c))
                                    && !rule.wins_with(c, board.run_through(r, d, c))
                            })
                        });
                        if makes_five_point && !makes_win(&board, p, c, rule) {
                            fours.insert(p.index());
                        }
                        b.remove(p);
                    }
                    let mut found = side.four_moves(&board);
                    // A point that wins at once is no four; the line scan reports a point by
                    // what it does on one line, so it may list it: drop those before comparing.
                    for p in found.iter().collect::<Vec<_>>() {
                        if makes_win(&board, Point::from_index(p), c, rule) {
                            found.remove(p);
                        }
                    }
                    assert_eq!(found, fours, "{c:?} {rule:?}\n{board:?}");
                }
            }
        }
    }
}
