//! One colour's threats along the board's lines: five points (where one more stone wins),
//! fours (moves that make a five point) and the windows where a three can be made, read from
//! the board's per-line bit masks, so a question about one line is a few shifts over at most
//! eleven five-point windows; and who may play where.
//!
//! Definitions (the module [`crate::mate`](mod@crate::mate) states them for users):
//! - a *five point* of colour `c` is an empty point where `c`'s stone makes a winning row
//!   under the rule (exactly five, or five or more). A five is never forbidden, so a five point
//!   is always playable;
//! - a *four* is a move that makes a five point on one of its lines.

use crate::board::{Board, Color, LINE_CELLS, LINE_REFS, LINES, PAD, Point, edge_mask};
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
#[cfg(test)]
const WINDOW_STARTS: std::ops::RangeInclusive<u32> = PAD..=PAD + 10;

/// A colour's stones and the points closed to it (the other colour and the edge) on a line.
#[inline]
pub(crate) fn masks(board: &Board, line: usize, c: Color) -> (u32, u32) {
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
#[cfg(test)]
#[inline]
fn line_fives(own: u32, closed: u32, exact: bool) -> u32 {
    if own.count_ones() < 4 {
        return 0;
    }
    WINDOW_STARTS.fold(0, |acc, s| acc | window_empties(own, closed, s, 4, exact))
}

/// Points of a line whose stone makes a five point on that line.
#[inline]
#[cfg(test)]
fn line_fours(own: u32, closed: u32, exact: bool) -> u32 {
    if own.count_ones() < 3 {
        return 0;
    }
    WINDOW_STARTS.fold(0, |acc, s| acc | window_empties(own, closed, s, 3, exact))
}

/// What one line holds for one colour, as position bits: five points, four moves, and the
/// points where a three can be made (see `line_three_spots`, the per-window reference kept for tests).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct LineThreat {
    pub fives: u32,
    pub fours: u32,
    pub spots: u32,
}

/// [`LineThreat`] of a line: the bits `line_fives`, `line_fours` and
/// `line_three_spots` (per-window references kept for tests) give, for all eleven windows at once. Bit `s` of the words below
/// stands for the window of positions `s..=s+4`; its stone count is added up bit-sliced
/// (`bit2 bit1 bit0`, a full and a half adder over the five shifted masks), about a fifth of
/// the work of a loop over the windows, and this runs on every line a stone touches.
#[inline]
pub(crate) fn line_threats(own: u32, closed: u32, exact: bool) -> LineThreat {
    if own.count_ones() < 2 {
        return LineThreat::default();
    }
    let (a, b, c, d, e) = (own, own >> 1, own >> 2, own >> 3, own >> 4);
    let (abc, abc_carry) = (a ^ b ^ c, (a & b) | (c & (a ^ b)));
    let (de, de_carry) = (d ^ e, d & e);
    let bit0 = abc ^ de;
    let ones_carry = abc & de;
    let bit1 = abc_carry ^ de_carry ^ ones_carry;
    let bit2 = (abc_carry & de_carry) | (ones_carry & (abc_carry ^ de_carry));
    let blocked = closed | closed >> 1 | closed >> 2 | closed >> 3 | closed >> 4;
    let open = !blocked & (((1 << 11) - 1) << PAD);
    // Under an exact-five rule a window next to one more stone of the colour makes six.
    let longer = if exact { own << 1 | own >> 5 } else { 0 };
    let two = open & !bit2 & bit1 & !bit0;
    let three = open & !bit2 & bit1 & bit0 & !longer;
    let four = open & bit2 & !bit1 & !bit0 & !longer;
    let spread =
        |starts: u32| (starts | starts << 1 | starts << 2 | starts << 3 | starts << 4) & !own;
    LineThreat {
        fives: spread(four),
        fours: spread(three),
        spots: spread(two),
    }
}

/// Points of a line inside a window that holds two of the colour's stones and nothing else:
/// where a three can be made.
#[inline]
#[cfg(test)]
fn line_three_spots(own: u32, closed: u32) -> u32 {
    if own.count_ones() < 2 {
        return 0;
    }
    WINDOW_STARTS.fold(0, |acc, s| acc | window_empties(own, closed, s, 2, false))
}

/// The four lines through a point.
pub(crate) fn lines_through(p: Point) -> impl Iterator<Item = usize> {
    LINE_REFS[p.index()].iter().map(|r| usize::from(r.line))
}

/// Adds the cells of a line's position bits to a set.
#[inline]
pub(crate) fn add_line_bits(line: usize, mut bits: u32, out: &mut Cells) {
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
    pub exact: bool,
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

    /// Every five point of the colour on the board (the searches keep these in
    /// [`crate::mate::state::Position`]; the tests compare the two).
    #[cfg(test)]
    pub(crate) fn fives(&self, board: &Board) -> Cells {
        self.scan(board, 0..LINES, line_fives)
    }

    /// The colour's five point of the lowest cell index, if it has one.
    pub(crate) fn first_five(&self, board: &Board) -> Option<Point> {
        let mut out = Cells::default();
        for line in 0..LINES {
            let (own, closed) = masks(board, line, self.color);
            if own.count_ones() >= 4 {
                add_line_bits(line, line_threats(own, closed, self.exact).fives, &mut out);
            }
        }
        out.first().map(Point::from_index)
    }

    /// The five points made by the colour's stone at `p`, when it had none before: those in
    /// the five-point windows that hold `p` (no other window changed).
    pub(crate) fn fives_made_by(&self, board: &Board, p: Point) -> Cells {
        let mut out = Cells::default();
        for r in &LINE_REFS[p.index()] {
            let line = usize::from(r.line);
            let (own, closed) = masks(board, line, self.color);
            let first = u32::from(r.pos) + PAD;
            // A five point in a window with `p` needs four stones within 4 of `p`.
            if (own >> (first - 4) & 0x1FF).count_ones() < 4 {
                continue;
            }
            let starts = first.saturating_sub(4).max(PAD)..=first.min(PAD + 10);
            let bits = starts.fold(0, |acc, s| {
                acc | window_empties(own, closed, s, 4, self.exact)
            });
            add_line_bits(line, bits, &mut out);
        }
        out
    }

    /// Every point where the colour's stone makes a five point (legal or not).
    #[cfg(test)]
    pub(crate) fn four_moves(&self, board: &Board) -> Cells {
        self.scan(board, 0..LINES, line_fours)
    }

    /// Four moves on the lines through `p`.
    pub(crate) fn four_moves_through(&self, board: &Board, p: Point) -> Cells {
        self.scan(board, lines_through(p), |own, closed, exact| {
            line_threats(own, closed, exact).fours
        })
    }

    /// Points in a window of two stones of the colour and three empty points: the only
    /// places a three can be made (see the module docs).
    #[cfg(test)]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mate::state::Position;
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

    #[test]
    fn the_position_keeps_the_same_threats_as_a_scan() {
        let mut rng = crate::sample::Rng::new(31);
        for _ in 0..60 {
            let stones = 20 + rng.below(50);
            let board = crate::sample::middle_game(&mut rng, stones);
            for rule in [Rule::Renju, Rule::Freestyle] {
                let mut pos = Position::new(board.clone(), Color::Black, rule);
                let mut placed = Vec::new();
                for k in 0..12 {
                    let empties: Vec<Point> = pos.board.empty_points().collect();
                    let p = empties[rng.below(empties.len())];
                    let c = if k % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    pos.place(p, c);
                    placed.push(p);
                    if k % 3 == 2 {
                        pos.remove(placed.pop().expect("placed"));
                    }
                    for side in [pos.attacker, pos.defender] {
                        assert_eq!(pos.fives(side.color), side.fives(&pos.board));
                        assert_eq!(pos.has_five(side.color), !side.fives(&pos.board).is_empty());
                        assert_eq!(pos.four_moves(side.color), side.four_moves(&pos.board));
                        assert_eq!(pos.three_spots(side.color), side.three_spots(&pos.board));
                    }
                }
            }
        }
    }

    #[test]
    fn all_windows_at_once_agree_with_window_by_window() {
        let mut rng = crate::sample::Rng::new(5);
        for _ in 0..20_000 {
            let mut own = 0u32;
            let mut closed = ((1 << PAD) - 1) | !0 << (PAD + 15);
            for k in 0..15 {
                match rng.below(3) {
                    0 => own |= 1 << (k + PAD),
                    1 => closed |= 1 << (k + PAD),
                    _ => {}
                }
            }
            for exact in [false, true] {
                let t = line_threats(own, closed, exact);
                assert_eq!(
                    t.fives,
                    line_fives(own, closed, exact),
                    "{own:b} {closed:b}"
                );
                assert_eq!(
                    t.fours,
                    line_fours(own, closed, exact),
                    "{own:b} {closed:b}"
                );
                assert_eq!(t.spots, line_three_spots(own, closed), "{own:b} {closed:b}");
            }
        }
    }
}
