//! VCT (victory by continuous threats): depth-first proof-number search (df-pn) over the
//! attacker's fours and threes against every defence.
//!
//! OR nodes (attacker to move, `depth` attacker moves left): a five point wins; with one
//! defender five point the attacker must block it; otherwise its fours and threes are the
//! moves. AND nodes (defender to move): a defender five point refutes; two attacker five
//! points, or one a black defender may not take, prove; one five point must be blocked.
//! Otherwise the attacker must hold a win-in-two (its last move was a three, or a three stands
//! after a forced block), and the defender's moves are every legal point except those after
//! which that same win-in-two still works: those lose at once, the rest are searched. So a
//! proof covers every defence, counter-fours and forbidden points included.
//!
//! Entries are keyed by position, node kind and depth, so the iterative deepening that finds
//! the shortest win keeps what shallower depths proved.

use crate::board::{Color, Point};
use crate::mate::table::{Clock, OutOfTime, Table};
use crate::mate::threats::{AfterFour, Position, after_four, is_win_in_two, stone_key, win_in_two};
use puzzles_common::rng::mix;

/// "Infinite" proof and disproof numbers (sums saturate here).
const INF: u32 = 1 << 30;

/// Proof and disproof numbers of a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Numbers {
    pn: u32,
    dn: u32,
}

impl Numbers {
    pub(crate) fn is_proven(self) -> bool {
        self.pn == 0
    }

    /// Packed for the table, as `pn + 1` and `dn + 1` so that 0 (an empty slot) is never a
    /// value.
    fn pack(self) -> u64 {
        u64::from(self.pn + 1) << 32 | u64::from(self.dn + 1)
    }

    fn unpack(v: u64) -> Numbers {
        Numbers {
            pn: (v >> 32) as u32 - 1,
            dn: (v & 0xFFFF_FFFF) as u32 - 1,
        }
    }
}

/// A node nothing is known about yet.
const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1 };

const PROVEN: Numbers = Numbers { pn: 0, dn: INF };
const DISPROVEN: Numbers = Numbers { pn: INF, dn: 0 };

/// What a node is before any search below it.
pub(crate) enum Expansion {
    Proven,
    Disproven,
    /// The moves to search (attacker's at OR nodes, defender's at AND nodes).
    Moves(Vec<Point>),
}

/// One VCT search over a position that it changes and restores.
#[derive(Debug)]
pub(crate) struct Vct<'a> {
    pub pos: &'a mut Position,
    pub clock: &'a mut Clock,
    pub table: &'a mut Table,
}

impl<'a> Vct<'a> {
    /// Whether the node (attacker to move unless `and`) is a win within `depth` attacker moves.
    pub(crate) fn prove(&mut self, and: bool, depth: u8) -> Result<bool, OutOfTime> {
        if let Some(n) = self.lookup(self.key(self.pos.hash, and, depth))
            && (n.pn == 0 || n.dn == 0)
        {
            return Ok(n.pn == 0);
        }
        let n = self.mid(and, depth, Numbers { pn: INF, dn: INF })?;
        Ok(n.pn == 0)
    }

    pub(crate) fn key(&self, hash: u64, and: bool, depth: u8) -> u64 {
        hash ^ mix(u64::from(depth) * 2 + u64::from(and) + 1)
    }

    /// The attacker's moves at an OR node, or the node's value.
    pub(crate) fn expand_or(&mut self, depth: u8) -> Expansion {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let board = &mut self.pos.board;
        if !attacker.fives(board).is_empty() {
            return if depth >= 1 {
                Expansion::Proven
            } else {
                Expansion::Disproven
            };
        }
        if depth < 2 {
            return Expansion::Disproven;
        }
        let threats = defender.fives(board);
        if threats.len() >= 2 {
            return Expansion::Disproven;
        }
        if let Some(d) = threats.first().map(Point::from_index) {
            return if attacker.may_play(board, d) {
                Expansion::Moves(vec![d])
            } else {
                Expansion::Disproven
            };
        }
        Expansion::Moves(self.threat_moves())
    }

    /// The attacker's legal fours (moves that make a five point on one of their lines).
    pub(crate) fn legal_fours(&mut self) -> Vec<Point> {
        let attacker = self.pos.attacker;
        let board = &mut self.pos.board;
        let fours = attacker.four_moves(board);
        fours
            .iter()
            .map(Point::from_index)
            .filter(|&m| attacker.may_play(board, m))
            .collect()
    }

    /// The attacker's threats: its legal fours, and its threes unless a win-in-two already
    /// stands (then no move makes a new one).
    pub(crate) fn threat_moves(&mut self) -> Vec<Point> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let mut moves = self.legal_fours();
        let board = &mut self.pos.board;
        let fours = attacker.four_moves(board);
        if win_in_two(board, &attacker, &defender, fours).is_none() {
            let spots = attacker.three_spots(board);
            for m in spots.iter().filter(|&i| !fours.contains(i)) {
                let m = Point::from_index(m);
                if self.makes_three(m) {
                    moves.push(m);
                }
            }
        }
        moves
    }

    /// Whether the attacker's stone at empty `m` (not a four) makes a three: legal, and one of
    /// the fours on its lines is then a win-in-two.
    fn makes_three(&mut self, m: Point) -> bool {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let board = &mut self.pos.board;
        if !attacker.may_play(board, m) {
            return false;
        }
        board.place(m, attacker.color);
        let fours = attacker.four_moves_through(board, m);
        let three = win_in_two(board, &attacker, &defender, fours).is_some();
        board.remove(m);
        three
    }

    /// The defender's moves at an AND node, or the node's value.
    pub(crate) fn expand_and(&mut self, depth: u8) -> Expansion {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let board = &mut self.pos.board;
        if !defender.fives(board).is_empty() {
            return Expansion::Disproven;
        }
        match after_four(board, &defender, attacker.fives(board)) {
            Some(AfterFour::Block(f)) => return Expansion::Moves(vec![f]),
            Some(_) => {
                return if depth >= 1 {
                    Expansion::Proven
                } else {
                    Expansion::Disproven
                };
            }
            None => {}
        }
        if depth < 2 {
            return Expansion::Disproven;
        }
        let Some(q) = win_in_two(board, &attacker, &defender, attacker.four_moves(board)) else {
            return Expansion::Disproven;
        };
        let moves = defences(self.pos, q);
        if moves.is_empty() {
            Expansion::Proven
        } else {
            Expansion::Moves(moves)
        }
    }

    /// Df-pn's multiple iterative deepening at one node, within thresholds `th`.
    fn mid(&mut self, and: bool, depth: u8, th: Numbers) -> Result<Numbers, OutOfTime> {
        self.clock.tick()?;
        let key = self.key(self.pos.hash, and, depth);
        let expansion = if and {
            self.expand_and(depth)
        } else {
            self.expand_or(depth)
        };
        let moves = match expansion {
            Expansion::Proven => {
                self.store(key, PROVEN);
                return Ok(PROVEN);
            }
            Expansion::Disproven => {
                self.store(key, DISPROVEN);
                return Ok(DISPROVEN);
            }
            Expansion::Moves(m) => m,
        };
        let (mover, child_depth) = if and {
            (self.pos.defender.color, depth)
        } else {
            (self.pos.attacker.color, depth - 1)
        };
        loop {
            let values: Vec<Numbers> = moves
                .iter()
                .map(|&m| self.child_numbers(m, mover, !and, child_depth))
                .collect();
            let (n, best, second) = combine(&values, and);
            if n.pn >= th.pn || n.dn >= th.dn {
                self.store(key, n);
                return Ok(n);
            }
            let c = values[best];
            let child_th = if and {
                Numbers {
                    pn: (th.pn - n.pn).saturating_add(c.pn).min(INF),
                    dn: th.dn.min(second.saturating_add(1)),
                }
            } else {
                Numbers {
                    pn: th.pn.min(second.saturating_add(1)),
                    dn: (th.dn - n.dn).saturating_add(c.dn).min(INF),
                }
            };
            let m = moves[best];
            self.pos.place(m, mover);
            let r = self.mid(!and, child_depth, child_th);
            self.pos.remove(m);
            r?;
        }
    }

    /// The table's numbers for the child after `mover` plays `m` (1/1 when unknown).
    fn child_numbers(&self, m: Point, mover: Color, and: bool, depth: u8) -> Numbers {
        let hash = self.pos.hash ^ stone_key(m, mover);
        self.lookup(self.key(hash, and, depth)).unwrap_or(UNKNOWN)
    }

    pub(crate) fn lookup(&self, key: u64) -> Option<Numbers> {
        self.table.get(key).map(Numbers::unpack)
    }

    fn store(&mut self, key: u64, n: Numbers) {
        self.table.put(key, n.pack());
    }

    /// The lines that beat every reply of an AND node that its defences leave out: the
    /// attacker's standing win-in-two.
    pub(crate) fn refutations(&mut self) -> Vec<Vec<Point>> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let board = &mut self.pos.board;
        let fours = attacker.four_moves(board);
        win_in_two(board, &attacker, &defender, fours)
            .map(|q| vec![vec![q]])
            .unwrap_or_default()
    }
}

/// The defender's legal moves after which the attacker's win-in-two `q` no longer wins at
/// once: a counter-four (a five point of the defender), or anything that spoils `q`.
fn defences(pos: &mut Position, q: Point) -> Vec<Point> {
    let (attacker, defender) = (pos.attacker, pos.defender);
    let board = &mut pos.board;
    let empties: Vec<Point> = board.empty_points().collect();
    let mut out = Vec::new();
    for m in empties {
        if !defender.may_play(board, m) {
            continue;
        }
        board.place(m, defender.color);
        let refuted = m != q
            && defender.fives_through(board, m).is_empty()
            && is_win_in_two(board, &attacker, &defender, q);
        board.remove(m);
        if !refuted {
            out.push(m);
        }
    }
    out
}

/// A node's numbers from its children's, with the index of the child to search and the
/// runner-up's number (pn at OR nodes, dn at AND nodes).
fn combine(values: &[Numbers], and: bool) -> (Numbers, usize, u32) {
    let pick = |n: &Numbers| if and { n.dn } else { n.pn };
    let mut best = 0;
    let mut first = INF;
    let mut second = INF;
    for (i, v) in values.iter().enumerate() {
        let x = pick(v);
        if x < first {
            second = first;
            first = x;
            best = i;
        } else if x < second {
            second = x;
        }
    }
    let sum = |f: fn(&Numbers) -> u32| {
        values
            .iter()
            .map(f)
            .fold(0u32, |a, b| a.saturating_add(b))
            .min(INF)
    };
    let n = if and {
        Numbers {
            pn: sum(|n| n.pn),
            dn: first,
        }
    } else {
        Numbers {
            pn: first,
            dn: sum(|n| n.dn),
        }
    };
    (n, best, second)
}
