//! The checker of a claimed mate line, for tests and for anyone who doubts an answer: it
//! replays the line and checks every move against the rules, independently of how the line
//! was found.
//!
//! - Attacker moves: on an empty point, legal (black under renju: not forbidden), a five when
//!   it has a five point, the block of a defender's four when there is one, and afterwards a
//!   threat: a five point (VCF and VCT) or a win-in-two (VCT).
//! - Defender moves: the defender has no five point of its own (it would win instead); a
//!   legal move; when the attacker has five points, one of them (the only one when there is
//!   one, so the reply is forced).
//! - The end: the attacker's five, or white's four whose one five point black may not take.

use crate::board::{Board, Color, Point};
use crate::mate::threats::{AfterFour, Side, after_four, win_in_two};
use crate::mate::{MateEnd, MateKind};
use crate::notation::to_notation;
use crate::rules::{Rule, makes_win};

/// The first fault of a claimed line: the move's index in the line (0 = the attacker's first)
/// and point where a move is at fault. `Display` gives it as a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineFault {
    /// A line has an odd number of moves (it ends with the attacker's); holds the count.
    EvenLength(usize),
    /// The move is on an occupied point.
    Occupied(usize, Point),
    /// The attacker had a five and played elsewhere.
    MissedFive(usize, Point),
    /// The move makes a five but the line goes on.
    FiveNotLast(usize, Point),
    /// The attacker's move leaves the defender's four unblocked.
    FourUnblocked(usize, Point),
    /// The move is forbidden for black.
    Forbidden(usize, Point),
    /// The last move makes neither a five nor a four whose five point black may not take.
    NoEnd(usize, Point),
    /// The attacker's move makes no threat of the mate's kind.
    NoThreat(usize, Point, MateKind),
    /// The defender played here while having a five of its own at the third point.
    DefenderHadFive(usize, Point, Point),
    /// The defender's move does not block the attacker's four.
    DefenderMissedBlock(usize, Point),
}

impl std::fmt::Display for LineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = to_notation;
        match *self {
            LineFault::EvenLength(n) => {
                write!(
                    f,
                    "a line ends with an attacker move; this one has {n} moves"
                )
            }
            LineFault::Occupied(k, p) => write!(f, "move {k} ({}) is on an occupied point", at(p)),
            LineFault::MissedFive(k, p) => {
                write!(
                    f,
                    "move {k} ({}): the attacker had a five and missed it",
                    at(p)
                )
            }
            LineFault::FiveNotLast(k, p) => {
                write!(f, "move {k} ({}) is a five but the line goes on", at(p))
            }
            LineFault::FourUnblocked(k, p) => {
                write!(
                    f,
                    "move {k} ({}) leaves the defender's four unblocked",
                    at(p)
                )
            }
            LineFault::Forbidden(k, p) => write!(f, "move {k} ({}) is forbidden for black", at(p)),
            LineFault::NoEnd(k, p) => write!(
                f,
                "the line ends at move {k} ({}) without a five or an unblockable four",
                at(p)
            ),
            LineFault::NoThreat(k, p, kind) => write!(
                f,
                "move {k} ({}) leaves no {}",
                at(p),
                match kind {
                    MateKind::Vcf => "four",
                    MateKind::Vct => "four or three",
                }
            ),
            LineFault::DefenderHadFive(k, p, five) => write!(
                f,
                "move {k} ({}): the defender had a five at {} instead",
                at(p),
                at(five)
            ),
            LineFault::DefenderMissedBlock(k, p) => {
                write!(f, "move {k} ({}) does not block the attacker's four", at(p))
            }
        }
    }
}

impl std::error::Error for LineFault {}

/// Replays `line` from `board` (the attacker `attacker` to move) and checks it; `Ok` gives
/// its depth (attacker moves counting the five), `Err` the first fault.
pub fn verify_line(
    board: &Board,
    attacker: Color,
    rule: Rule,
    kind: MateKind,
    line: &[Point],
    end: MateEnd,
) -> Result<u32, LineFault> {
    let mut b = board.clone();
    let att = Side::new(attacker, rule);
    let def = Side::new(attacker.opponent(), rule);
    if line.len().is_multiple_of(2) {
        return Err(LineFault::EvenLength(line.len()));
    }
    for (k, &p) in line.iter().enumerate() {
        if b.get(p).is_some() {
            return Err(LineFault::Occupied(k, p));
        }
        let last = k + 1 == line.len();
        if k % 2 == 1 {
            defender_move(&mut b, &att, &def, k, p)?;
            continue;
        }
        let fives = att.fives(&b);
        if !fives.is_empty() {
            if !fives.contains(p.index()) {
                return Err(LineFault::MissedFive(k, p));
            }
            if !(last && end == MateEnd::Five) {
                return Err(LineFault::FiveNotLast(k, p));
            }
            debug_assert!(makes_win(&b, p, attacker, rule));
            return Ok((k / 2 + 1) as u32);
        }
        let threats = def.fives(&b);
        if threats.len() >= 2 || threats.first().is_some_and(|d| d != p.index()) {
            return Err(LineFault::FourUnblocked(k, p));
        }
        if !att.may_play(&mut b, p) {
            return Err(LineFault::Forbidden(k, p));
        }
        b.place(p, attacker);
        if last {
            let fives = att.fives(&b);
            let forbidden = def.fives(&b).is_empty()
                && matches!(
                    after_four(&mut b, &def, fives),
                    Some(AfterFour::ForbiddenBlock(_))
                );
            return if end == MateEnd::ForbiddenBlock && forbidden {
                Ok((k / 2 + 2) as u32)
            } else {
                Err(LineFault::NoEnd(k, p))
            };
        }
        let four = !att.fives(&b).is_empty();
        let threat = four || {
            let fours = att.four_moves(&b);
            kind == MateKind::Vct && win_in_two(&mut b, &att, &def, fours).is_some()
        };
        if !threat {
            return Err(LineFault::NoThreat(k, p, kind));
        }
    }
    unreachable!("the loop returns at the last (attacker) move")
}

/// Checks defender move `k` at `p` and plays it.
fn defender_move(
    b: &mut Board,
    att: &Side,
    def: &Side,
    k: usize,
    p: Point,
) -> Result<(), LineFault> {
    if let Some(f) = def.fives(b).first() {
        return Err(LineFault::DefenderHadFive(k, p, Point::from_index(f)));
    }
    let fives = att.fives(b);
    if !fives.is_empty() && !fives.contains(p.index()) {
        return Err(LineFault::DefenderMissedBlock(k, p));
    }
    if !def.may_play(b, p) {
        return Err(LineFault::Forbidden(k, p));
    }
    b.place(p, def.color);
    Ok(())
}
