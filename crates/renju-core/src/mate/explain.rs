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
use crate::mate::state::stone_key;
use crate::mate::table::OutOfTime;
use crate::mate::threats::{AfterFour, after_four, win_in_two};
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
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        if let Some(f) = self.pos.fives(attacker.color).first() {
            return Ok(Point::from_index(f));
        }
        let moves = match self.expand_or(depth)? {
            Expansion::Moves(moves) => moves,
            Expansion::Proven => {
                // A standing win-in-two, or a VCF: its first move.
                let fours = self.pos.four_moves(attacker.color);
                if let Some(q) = win_in_two(&mut self.pos.board, &attacker, &defender, fours) {
                    return Ok(q);
                }
                let vcf = self.vcf(depth)?.expect("a VCF proved the node");
                return Ok(vcf.line[0]);
            }
            Expansion::Disproven { .. } => unreachable!("the node wins"),
        };
        let known = moves.iter().copied().find(|&m| {
            let hash = self.pos.hash ^ stone_key(m, attacker.color);
            self.lookup(hash, true, depth - 1)
                .is_some_and(|(n, _)| n.is_proven())
        });
        if let Some(m) = known {
            return Ok(m);
        }
        for &m in &moves {
            self.pos.place(m, attacker.color);
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
    fn replies(&mut self, depth: u8) -> Result<Vec<Point>, OutOfTime> {
        Ok(match self.expand_and(depth)? {
            Expansion::Moves(moves) => moves,
            _ => vec![self.any_legal_defence()],
        })
    }

    /// The attacker's unstoppable end after its move, if it has one.
    fn unstoppable(&mut self) -> Option<AfterFour> {
        let defender = self.pos.defender;
        let fives = self.pos.fives(self.pos.attacker.color);
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
            let five = self.pos.fives(attacker).contains(m.index());
            self.pos.place(m, attacker);
            placed.push(m);
            if five {
                return Ok(Win::five(placed));
            }
            if let Some(end) = self.unstoppable() {
                return Ok(Win::from_end(placed, end));
            }
            let replies = self.replies(depth - 1)?;
            let (r, after) = self.longest_defence(&replies, depth - 1)?;
            self.pos.place(r, defender);
            placed.push(r);
            depth = after;
        }
    }

    /// The proof tree of an OR node that wins in `depth` attacker moves and no fewer.
    pub(crate) fn proof(&mut self, depth: u8) -> Result<Proof, OutOfTime> {
        let attacker = self.pos.attacker.color;
        let five = self.pos.has_five(attacker);
        let m = self.soonest_attack(depth)?;
        if five {
            return Ok(Proof::leaf(m));
        }
        self.pos.place(m, attacker);
        let proof = self.proof_after(m, depth - 1);
        self.pos.remove(m);
        proof
    }

    /// The proof tree after the attacker's move `m`, its AND node winning in `depth`.
    fn proof_after(&mut self, m: Point, depth: u8) -> Result<Proof, OutOfTime> {
        let (replies, otherwise) = match self.unstoppable() {
            Some(_) => return Ok(Proof::leaf(m)),
            None if self.pos.has_five(self.pos.attacker.color) => {
                (self.replies(depth)?, Vec::new())
            }
            None => {
                let plan = self
                    .defence_plan(depth)?
                    .expect("a proven AND node has a threat standing");
                (plan.replies, plan.refutations)
            }
        };
        let defender = self.pos.defender.color;
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
