//! A board that knows every five point of both colours, kept with nothing but the rules
//! ([`makes_win`], [`classify_black`]): the checkers of [`super::verify`] replay claimed mates
//! on it, independently of how the searches find them.
//!
//! Whether an empty point is a five point of a colour depends only on the points within 5 of
//! it on its four lines (a winning row through it has at most 4 more stones on each side, and
//! exactly five needs the points just beyond them), so after a stone lands or is lifted only
//! those points are asked again.

use crate::board::{Board, CELLS, Color, Point};
use crate::rules::{BlackMove, Rule, classify_black, makes_win};

/// The board, the rule, and the five points of black (index 0) and white (index 1).
#[derive(Debug, Clone)]
pub(crate) struct Referee {
    pub board: Board,
    pub rule: Rule,
    five: [[bool; CELLS]; 2],
    count: [usize; 2],
}

fn side(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Referee {
    pub(crate) fn new(board: &Board, rule: Rule) -> Referee {
        let mut out = Referee {
            board: board.clone(),
            rule,
            five: [[false; CELLS]; 2],
            count: [0; 2],
        };
        for i in 0..CELLS {
            out.recheck(Point::from_index(i));
        }
        out
    }

    /// Asks again whether `p` is a five point of each colour.
    fn recheck(&mut self, p: Point) {
        for c in [Color::Black, Color::White] {
            let now = self.board.get(p).is_none() && makes_win(&self.board, p, c, self.rule);
            let slot = &mut self.five[side(c)][p.index()];
            if *slot != now {
                *slot = now;
                if now {
                    self.count[side(c)] += 1;
                } else {
                    self.count[side(c)] -= 1;
                }
            }
        }
    }

    /// Asks again every point within 5 of `p` on its four lines (and `p`).
    fn recheck_around(&mut self, p: Point) {
        for d in 0..4 {
            for k in -5..=5 {
                if let Some(q) = p.step(d, k) {
                    self.recheck(q);
                }
            }
        }
    }

    pub(crate) fn place(&mut self, p: Point, c: Color) {
        self.board.place(p, c);
        self.recheck_around(p);
    }

    pub(crate) fn remove(&mut self, p: Point) {
        self.board.remove(p);
        self.recheck_around(p);
    }

    /// How many five points colour `c` has.
    pub(crate) fn fives(&self, c: Color) -> usize {
        self.count[side(c)]
    }

    /// Whether `p` is a five point of `c`.
    pub(crate) fn is_five(&self, p: Point, c: Color) -> bool {
        self.five[side(c)][p.index()]
    }

    /// The five points of `c`, lowest cell index first.
    pub(crate) fn five_points(&self, c: Color) -> Vec<Point> {
        (0..CELLS)
            .filter(|&i| self.five[side(c)][i])
            .map(Point::from_index)
            .collect()
    }

    /// Whether `c` may put a stone on `p`: empty, and for black under renju not forbidden (a
    /// five is never forbidden).
    pub(crate) fn may_play(&mut self, p: Point, c: Color) -> bool {
        self.board.get(p).is_none()
            && !(c == Color::Black
                && self.rule == Rule::Renju
                && matches!(classify_black(&mut self.board, p), BlackMove::Forbidden(_)))
    }

    /// Whether `attacker`'s five cannot be stopped, `attacker.opponent()` to move without a
    /// five of its own: two five points, or one that the other side may not play.
    pub(crate) fn unstoppable(&mut self, attacker: Color) -> bool {
        match self.fives(attacker) {
            0 => false,
            1 => {
                let f = self.five_points(attacker)[0];
                !self.may_play(f, attacker.opponent())
            }
            _ => true,
        }
    }

    /// The empty points where `c` may play.
    pub(crate) fn legal_points(&mut self, c: Color) -> Vec<Point> {
        let empties: Vec<Point> = self.board.empty_points().collect();
        empties
            .into_iter()
            .filter(|&p| self.may_play(p, c))
            .collect()
    }
}
