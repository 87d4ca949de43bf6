//! What a proven VCT looks like under best play: the line where the attacker wins as soon as
//! it can and the defender holds out as long as it can, and the proof tree that answers every
//! defence.
//!
//! Both walk down from a node whose least winning depth is known. At an OR node (attacker to
//! move) that wins in `d` and no fewer, any move whose AND node wins in `d - 1` is one that
//! wins soonest (none wins sooner, or the OR node would). At an AND node that wins in `d` and
//! no fewer, a reply after which the attacker needs all `d` moves holds out longest, and one
//! exists (otherwise the AND node would win sooner).

use crate::board::Point;
use crate::mate::Win;
use crate::mate::proof::Proof;
use crate::mate::table::OutOfTime;
use crate::mate::threats::{AfterFour, after_four, stone_key};
use crate::mate::vct::{Expansion, Vct};

impl Vct<'_> {
    /// The least depth from 1 to `max` at which the node (attacker to move unless `and`)
    /// wins, if any.
    pub(crate) fn least_depth(&mut self, and: bool, max: u8) -> Result<Option<u8>, OutOfTime> {
        for depth in 1..=max {
            if self.prove(and, depth)? {
                return Ok(Some(depth));
            }
        }
        Ok(None)
    }

    /// At an OR node that wins in `depth` and no fewer: a move that wins soonest. Moves whose
    /// win the table already holds come first, so the search's own proof is followed.
    fn soonest_attack(&mut self, depth: u8) -> Result<Point, OutOfTime> {
        if let Some(f) = self.pos.attacker.fives(&self.pos.board).first() {
            return Ok(Point::from_index(f));
        }
        let Expansion::Moves(moves) = self.expand_or(depth) else {
            unreachable!("a proven OR node with no five point has moves");
        };
        let attacker = self.pos.attacker.color;
        let known = moves.iter().copied().find(|&m| {
            let hash = self.pos.hash ^ stone_key(m, attacker);
            self.lookup(self.key(hash, true, depth - 1))
                .is_some_and(|n| n.is_proven())
        });
        if let Some(m) = known {
            return Ok(m);
        }
        for &m in &moves {
            self.pos.place(m, attacker);
            let wins = self.prove(true, depth - 1);
            self.pos.remove(m);
            if wins? {
                return Ok(m);
            }
        }
        unreachable!("a proven OR node has a proven move")
    }

    /// At an AND node that wins in `depth` and no fewer, with the defender's `replies` (each a
    /// win for the attacker): one that holds out longest, and the least depth that wins
    /// after it.
    fn longest_defence(&mut self, replies: &[Point], depth: u8) -> Result<(Point, u8), OutOfTime> {
        let defender = self.pos.defender.color;
        for &r in replies {
            self.pos.place(r, defender);
            let sooner = self.prove(false, depth - 1);
            self.pos.remove(r);
            if !sooner? {
                return Ok((r, depth));
            }
        }
        // Only when the replies are the stand-in for "anything loses at once".
        let mut best = None;
        for &r in replies {
            self.pos.place(r, defender);
            let least = self.least_depth(false, depth);
            self.pos.remove(r);
            let least = least?.expect("every reply of a proven AND node loses");
            if best.is_none_or(|(_, b)| least > b) {
                best = Some((r, least));
            }
        }
        Ok(best.expect("a defender on a board that is not full has a reply"))
    }

    /// The replies to search at an AND node that wins in `depth` (the attacker has no
    /// unstoppable four): the forced block, or the defences that do not lose at once, or
    /// (when every reply loses at once) one legal reply to show.
    fn replies(&mut self, depth: u8) -> Vec<Point> {
        match self.expand_and(depth) {
            Expansion::Moves(moves) => moves,
            _ => vec![self.any_legal_defence()],
        }
    }

    /// The attacker's unstoppable end after its move, if it has one.
    fn unstoppable(&mut self) -> Option<AfterFour> {
        let defender = self.pos.defender;
        let fives = self.pos.attacker.fives(&self.pos.board);
        after_four(&mut self.pos.board, &defender, fives)
            .filter(|end| !matches!(end, AfterFour::Block(_)))
    }

    /// The line of an OR node that wins in `depth` attacker moves and no fewer, under best
    /// play: at each OR node a move that wins soonest, at each AND node a defence that holds
    /// out longest, to the five. Its depth is the node's.
    pub(crate) fn principal_line(&mut self, depth: u8) -> Result<Win, OutOfTime> {
        let mut placed = Vec::new();
        let win = self.play_line(depth, &mut placed);
        for &p in placed.iter().rev() {
            self.pos.remove(p);
        }
        win
    }

    /// Plays the line of [`Self::principal_line`] on the board, recording each stone in
    /// `placed` (the caller lifts them).
    fn play_line(&mut self, mut depth: u8, placed: &mut Vec<Point>) -> Result<Win, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker.color, self.pos.defender.color);
        loop {
            let m = self.soonest_attack(depth)?;
            let five = self.pos.attacker.fives(&self.pos.board).contains(m.index());
            self.pos.place(m, attacker);
            placed.push(m);
            if five {
                return Ok(Win::five(placed));
            }
            if let Some(end) = self.unstoppable() {
                return Ok(Win::from_end(placed, end));
            }
            let replies = self.replies(depth - 1);
            let (r, after) = self.longest_defence(&replies, depth - 1)?;
            self.pos.place(r, defender);
            placed.push(r);
            depth = after;
        }
    }

    /// The proof tree of an OR node that wins in `depth` attacker moves and no fewer.
    pub(crate) fn proof(&mut self, depth: u8) -> Result<Proof, OutOfTime> {
        let attacker = self.pos.attacker.color;
        let m = self.soonest_attack(depth)?;
        if depth == 1 {
            return Ok(Proof::leaf(m));
        }
        self.pos.place(m, attacker);
        let proof = self.proof_after(m, depth - 1);
        self.pos.remove(m);
        proof
    }

    /// The proof tree after the attacker's move `m`, its AND node winning in `depth`.
    fn proof_after(&mut self, m: Point, depth: u8) -> Result<Proof, OutOfTime> {
        if self.unstoppable().is_some() {
            return Ok(Proof::leaf(m));
        }
        let defender = self.pos.defender.color;
        let blocks = !self.pos.attacker.fives(&self.pos.board).is_empty();
        let replies = match self.expand_and(depth) {
            Expansion::Moves(moves) => moves,
            _ => Vec::new(),
        };
        let mut defences = Vec::with_capacity(replies.len());
        for r in replies {
            self.pos.place(r, defender);
            let answer = self.least_depth(false, depth).and_then(|least| {
                let least = least.expect("every defence of a proven AND node loses");
                self.proof(least)
            });
            self.pos.remove(r);
            defences.push((r, answer?));
        }
        let otherwise = if blocks {
            Vec::new()
        } else {
            self.refutations()
        };
        Ok(Proof {
            attack: m,
            defences,
            otherwise,
        })
    }

    /// The lowest legal point of the defender (on a board that is not full).
    fn any_legal_defence(&mut self) -> Point {
        let defender = self.pos.defender;
        let board = &mut self.pos.board;
        let empties: Vec<Point> = board.empty_points().collect();
        empties
            .into_iter()
            .find(|&p| defender.may_play(board, p))
            .expect("the defender has a legal point on a board that is not full")
    }
}

/// The proof tree of a VCF line (every attacker move a four, every defender move its forced
/// block): a chain to the five, or to the four the defender cannot stop.
pub(crate) fn proof_of_line(win: &Win) -> Proof {
    let mut proof: Option<Proof> = None;
    let pairs: Vec<&[Point]> = win.line.chunks(2).collect();
    for pair in pairs.into_iter().rev() {
        proof = Some(match (proof, pair) {
            (Some(next), &[attack, reply]) => Proof {
                attack,
                defences: vec![(reply, next)],
                otherwise: Vec::new(),
            },
            (_, pair) => Proof::leaf(pair[0]),
        });
    }
    proof.expect("a win has a move")
}
