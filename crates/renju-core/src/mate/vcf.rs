//! VCF (victory by continuous fours): threat-space search over the attacker's fours, where
//! every defender reply is forced (the one five point, or nothing when a black defender may
//! not play it), by iterative deepening so the first win found is a shortest one.
//!
//! The transposition table keeps, per position and attacker, the depth up to which it is
//! known to hold no win; `EXHAUSTED` when the search below it never met the depth limit,
//! which also ends the deepening early: a `no_win` that holds at every depth.

use crate::board::{Color, Point};
use crate::mate::Win;
use crate::mate::state::{Position, stone_key};
use crate::mate::table::{Clock, OutOfTime, Table};
use crate::mate::threats::{AfterFour, after_four};

/// "No win at any depth" in the table.
const EXHAUSTED: u8 = u8::MAX;

/// Mixed into the table key when white attacks, so the two sides' searches on one board
/// keep apart.
const WHITE_ATTACKS: u64 = 0x9E37_79B9_7F4A_7C15;

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
    /// with `first` when given.
    pub(crate) fn shortest(
        &mut self,
        max_depth: u8,
        first: Option<Point>,
    ) -> Result<Option<Win>, OutOfTime> {
        for depth in 1..=max_depth {
            self.cut = false;
            if self.or_node(depth, first)? {
                return Ok(self.found.take());
            }
            if !self.cut {
                break;
            }
        }
        Ok(None)
    }

    /// Whether a VCF of at most `depth` attacker moves exists (one search at that depth).
    pub(crate) fn wins_within(&mut self, depth: u8) -> Result<bool, OutOfTime> {
        self.cut = false;
        let won = self.or_node(depth, None)?;
        self.found = None;
        Ok(won)
    }

    fn key(&self) -> u64 {
        self.key_of(self.pos.hash)
    }

    /// The table key of the position with Zobrist hash `hash`.
    fn key_of(&self, hash: u64) -> u64 {
        match self.pos.attacker.color {
            Color::Black => hash,
            Color::White => hash ^ WHITE_ATTACKS,
        }
    }

    /// Attacker to move with `depth` moves left: can it win by fours?
    fn or_node(&mut self, depth: u8, first: Option<Point>) -> Result<bool, OutOfTime> {
        self.clock.tick()?;
        let (attacker, defender) = (self.pos.attacker.color, self.pos.defender.color);
        if let Some(f) = self.pos.fives(attacker).first() {
            let mut line = self.path.clone();
            line.push(Point::from_index(f));
            self.found = Some(Win::five(&line));
            return Ok(depth >= 1);
        }
        let key = self.key();
        // A root restricted to one first move is not the position's own answer: not cached.
        let cache = first.is_none();
        if let Some(known) = self.depth_bound(key).filter(|&d| cache && d >= depth) {
            // A bound that came from a depth limit is a cut here too.
            self.cut |= known != EXHAUSTED;
            return Ok(false);
        }
        let mut moves = self.pos.four_moves(attacker);
        let threats = self.pos.fives(defender);
        if let Some(d) = threats.first() {
            // The attacker must block, and in a VCF the block must be a four too.
            let blocks = threats.len() == 1 && moves.contains(d);
            moves = Default::default();
            if blocks {
                moves.insert(d);
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
            let won = if depth == 2 {
                self.try_last_four(m)?
            } else {
                self.try_four(m, depth)?
            };
            if won {
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

    /// [`Vcf::try_four`] with two moves left, where only a four the defender cannot stop
    /// wins: the same answer, table entries, `cut` and node count, with the stones put on the
    /// board alone. After a block the attacker has no five point (its four made one, now
    /// taken), so the node below would only read the table or find whether the attacker has
    /// a four left, which is asked here on the lines the two stones changed.
    fn try_last_four(&mut self, m: Point) -> Result<bool, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let board = &mut self.pos.board;
        board.place(m, attacker.color);
        let fives = attacker.fives_made_by(board, m);
        let won = match after_four(board, &defender, fives) {
            None => Ok(false),
            Some(AfterFour::Block(f)) => {
                board.place(f, defender.color);
                let r = self.after_last_block(m, f);
                self.pos.board.remove(f);
                r
            }
            Some(end) => {
                self.path.push(m);
                self.found = Some(Win::from_end(&self.path, end));
                self.path.pop();
                Ok(true)
            }
        };
        self.pos.board.remove(m);
        won
    }

    /// What [`Vcf::or_node`] does with one move left after the attacker's four `m` and the
    /// block `f` (both on the board only): never a win; a cut when the table has no better
    /// bound and the attacker still has a four to play (the block of a counter-four, if the
    /// block made one).
    fn after_last_block(&mut self, m: Point, f: Point) -> Result<bool, OutOfTime> {
        self.clock.tick()?;
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let hash = self.pos.hash ^ stone_key(m, attacker.color) ^ stone_key(f, defender.color);
        let key = self.key_of(hash);
        if let Some(known) = self.depth_bound(key).filter(|&d| d >= 1) {
            self.cut |= known != EXHAUSTED;
            return Ok(false);
        }
        // The defender had no five point after `m`; any now are the block's.
        let threats = defender.fives_made_by(&self.pos.board, f);
        let has_move = match threats.first() {
            Some(d) => {
                let d = Point::from_index(d);
                threats.len() == 1
                    && attacker
                        .four_moves_through(&self.pos.board, d)
                        .contains(d.index())
            }
            None => self.pos.has_four_move_after(&attacker, &[m, f]),
        };
        if has_move {
            self.cut = true;
        } else {
            self.table.put(key, u64::from(EXHAUSTED));
        }
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
        let fives = attacker.fives_made_by(&self.pos.board, m);
        let won = match after_four(&mut self.pos.board, &defender, fives) {
            None => Ok(false),
            Some(AfterFour::Block(f)) => {
                self.pos.place(f, defender.color);
                self.path.push(f);
                let r = self.or_node(depth - 1, None);
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
