//! Brute-force mate searchers for small depths, the tests' reference: every empty point is
//! tried as a move, threats are measured stone by stone with `run_through`, and the VCT
//! defender tries every legal point. They share only the rule engine (`classify_black`,
//! `makes_win`) with the real searches.

use crate::board::{Board, Color, Point};
use crate::rules::{BlackMove, Rule, classify_black, makes_win};

/// The position and the two colours.
pub(crate) struct Brute {
    pub board: Board,
    pub attacker: Color,
    pub rule: Rule,
}

impl Brute {
    fn defender(&self) -> Color {
        self.attacker.opponent()
    }

    fn legal(&mut self, p: Point, c: Color) -> bool {
        !(c == Color::Black
            && self.rule == Rule::Renju
            && matches!(classify_black(&mut self.board, p), BlackMove::Forbidden(_)))
    }

    fn fives(&self, c: Color) -> Vec<Point> {
        self.board
            .empty_points()
            .filter(|&p| makes_win(&self.board, p, c, self.rule))
            .collect()
    }

    /// After the attacker's stone: does the defender lose at once (two five points, or one
    /// that a black defender may not take)? `None` when the attacker has no five point.
    fn unstoppable(&mut self, fives: &[Point]) -> Option<bool> {
        match fives {
            [] => None,
            [f] => Some(!self.legal(*f, self.defender())),
            _ => Some(true),
        }
    }

    /// Whether `q` (empty) is a win-in-two for the attacker.
    fn win_in_two(&mut self, q: Point) -> bool {
        if !self.legal(q, self.attacker) {
            return false;
        }
        self.board.place(q, self.attacker);
        let f = self.fives(self.attacker);
        let r = self.unstoppable(&f) == Some(true);
        self.board.remove(q);
        r
    }

    fn empties(&self) -> Vec<Point> {
        self.board.empty_points().collect()
    }

    /// VCF within `depth` attacker moves (counting the five), attacker to move.
    pub(crate) fn vcf(&mut self, depth: u32) -> bool {
        self.or_node(depth, false)
    }

    /// VCT within `depth` attacker moves, attacker to move.
    pub(crate) fn vct(&mut self, depth: u32) -> bool {
        self.or_node(depth, true)
    }

    fn or_node(&mut self, depth: u32, vct: bool) -> bool {
        if !self.fives(self.attacker).is_empty() {
            return depth >= 1;
        }
        if depth < 2 {
            return false;
        }
        let threats = self.fives(self.defender());
        if threats.len() >= 2 {
            return false;
        }
        let standing = vct && self.empties().into_iter().any(|q| self.win_in_two(q));
        for m in self.empties() {
            if threats.first().is_some_and(|&d| d != m) || !self.legal(m, self.attacker) {
                continue;
            }
            self.board.place(m, self.attacker);
            let fives = self.fives(self.attacker);
            let allowed = !fives.is_empty()
                || !threats.is_empty() && vct
                || vct && depth > 2 && !standing && self.makes_three(m);
            let won = allowed && self.and_node(depth - 1, vct, &fives);
            self.board.remove(m);
            if won {
                return true;
            }
        }
        false
    }

    /// The attacker's stone at `m` (placed, no five point): in a window of five that held
    /// two attacker stones and three empty points, and a four on one of its lines (along
    /// that line) is now a win-in-two.
    fn makes_three(&mut self, m: Point) -> bool {
        let a = self.attacker;
        let window_of_two = (0..4).any(|d| {
            (-4..=0).any(|start| {
                let cells: Vec<Option<Point>> = (start..start + 5).map(|k| m.step(d, k)).collect();
                cells.iter().all(Option::is_some) && {
                    let own = cells
                        .iter()
                        .flatten()
                        .filter(|&&p| p != m && self.board.get(p) == Some(a))
                        .count();
                    let empty = cells
                        .iter()
                        .flatten()
                        .filter(|&&p| self.board.get(p).is_none())
                        .count();
                    own == 2 && empty == 2
                }
            })
        });
        if !window_of_two {
            return false;
        }
        for d in 0..4 {
            for k in -4..=4 {
                let Some(q) = m.step(d, k) else { continue };
                if self.board.get(q).is_some() {
                    continue;
                }
                self.board.place(q, a);
                let along = (-4..=4).filter_map(|j| q.step(d, j)).any(|r| {
                    self.board.get(r).is_none()
                        && self.rule.wins_with(a, self.board.run_through(r, d, a))
                });
                self.board.remove(q);
                if along && self.win_in_two(q) {
                    return true;
                }
            }
        }
        false
    }

    /// Defender to move after the attacker's move that left `fives`.
    fn and_node(&mut self, depth: u32, vct: bool, fives: &[Point]) -> bool {
        if !self.fives(self.defender()).is_empty() {
            return false;
        }
        match self.unstoppable(fives) {
            Some(true) => return depth >= 1,
            Some(false) => {
                let f = fives[0];
                self.board.place(f, self.defender());
                let r = self.or_node(depth, vct);
                self.board.remove(f);
                return r;
            }
            None => {}
        }
        if !vct || depth < 2 {
            return false;
        }
        if !self.empties().into_iter().any(|q| self.win_in_two(q)) {
            return false;
        }
        for m in self.empties() {
            if !self.legal(m, self.defender()) {
                continue;
            }
            self.board.place(m, self.defender());
            let r = self.or_node(depth, vct);
            self.board.remove(m);
            if !r {
                return false;
            }
        }
        true
    }
}
