//! VCF (victory by continuous fours): threat-space search over the attacker's fours, where
//! every defender reply is forced (the one five point, or nothing when a black defender may
//! not play it), by iterative deepening so the first win found is a shortest one.
//!
//! The transposition table keeps, per position (attacker to move), the depth up to which it
//! is known to hold no win; `EXHAUSTED` when the search below it never met the depth limit,
//! which also ends the deepening early: a `no_win` that holds at every depth.

use crate::board::Point;
use crate::mate::Win;
use crate::mate::table::{Clock, OutOfTime, Table};
use crate::mate::threats::{AfterFour, Position, after_four};

/// "No win at any depth" in the table.
const EXHAUSTED: u8 = u8::MAX;

/// One VCF search state over a position that it changes and restores.
#[derive(Debug)]
pub(crate) struct Vcf<'a> {
    pub pos: &'a mut Position,
    pub clock: &'a mut Clock,
    pub table: &'a mut Table,
    /// Moves from the root to the current position.
    path: Vec<Point>,
    /// Whether the depth limit cut some branch below the current node.
    cut: bool,
    found: Option<Win>,
}

impl<'a> Vcf<'a> {
    pub(crate) fn new(pos: &'a mut Position, clock: &'a mut Clock, table: &'a mut Table) -> Self {
        Vcf {
            pos,
            clock,
            table,
            path: Vec::new(),
            cut: false,
            found: None,
        }
    }

    /// A shortest VCF of at most `max_depth` attacker moves (counting the five), starting
    /// with `first` when given. The attacker has no five point and the defender at most one
    /// (`defender_five`): the caller settles the other cases.
    pub(crate) fn shortest(
        &mut self,
        max_depth: u8,
        defender_five: Option<Point>,
        first: Option<Point>,
    ) -> Result<Option<Win>, OutOfTime> {
        for depth in 2..=max_depth {
            self.cut = false;
            if self.or_node(depth, defender_five, first)? {
                return Ok(self.found.take());
            }
            if !self.cut {
                break;
            }
        }
        Ok(None)
    }

    /// Attacker to move with `depth` moves left: can it win by fours?
    fn or_node(
        &mut self,
        depth: u8,
        defender_five: Option<Point>,
        first: Option<Point>,
    ) -> Result<bool, OutOfTime> {
        self.clock.tick()?;
        let key = self.pos.hash;
        // A root restricted to one first move is not the position's own answer: not cached.
        let cache = first.is_none();
        if let Some(known) = self.depth_bound(key).filter(|&d| cache && d >= depth) {
            // A bound that came from a depth limit is a cut here too.
            self.cut |= known != EXHAUSTED;
            return Ok(false);
        }
        let mut moves = self.pos.attacker.four_moves(&self.pos.board);
        if let Some(d) = defender_five {
            // The attacker must block, and in a VCF the block must be a four too.
            let blocks = moves.contains(d.index());
            moves = Default::default();
            if blocks {
                moves.insert(d.index());
            }
        }
        if let Some(f) = first {
            let keep = moves.contains(f.index());
            moves = Default::default();
            if keep {
                moves.insert(f.index());
            }
        }
        if moves.is_empty() {
            if cache {
                self.table.put(key, u64::from(EXHAUSTED));
            }
            return Ok(false);
        }
        if depth < 2 {
            self.cut = true;
            return Ok(false);
        }
        let outer_cut = std::mem::take(&mut self.cut);
        for m in moves.iter().map(Point::from_index) {
            if !self.pos.attacker.may_play(&mut self.pos.board, m) {
                continue;
            }
            let won = self.try_four(m, depth);
            if won? {
                self.cut |= outer_cut;
                return Ok(true);
            }
        }
        if cache {
            let known = self.depth_bound(key).unwrap_or(0);
            let value = if self.cut {
                depth.max(known)
            } else {
                EXHAUSTED
            };
            self.table.put(key, u64::from(value));
        }
        self.cut |= outer_cut;
        Ok(false)
    }

    /// The depth up to which the table knows the position (attacker to move) holds no win.
    fn depth_bound(&self, key: u64) -> Option<u8> {
        self.table.get(key).map(|v| v as u8)
    }

    /// Plays the attacker's legal four `m` and the forced reply, searches on, and restores
    /// the board whatever happens.
    fn try_four(&mut self, m: Point, depth: u8) -> Result<bool, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        self.pos.place(m, attacker.color);
        self.path.push(m);
        let fives = attacker.fives_through(&self.pos.board, m);
        let won = match after_four(&mut self.pos.board, &defender, fives) {
            None => Ok(false),
            Some(AfterFour::Block(f)) => {
                self.pos.place(f, defender.color);
                self.path.push(f);
                let counter = defender.fives_through(&self.pos.board, f);
                let r = if counter.len() >= 2 {
                    Ok(false)
                } else {
                    let d = counter.first().map(Point::from_index);
                    self.or_node(depth - 1, d, None)
                };
                self.path.pop();
                self.pos.remove(f);
                r
            }
            Some(end) => {
                self.found = Some(Win::from_end(&self.path, end));
                Ok(true)
            }
        };
        self.path.pop();
        self.pos.remove(m);
        won
    }
}
