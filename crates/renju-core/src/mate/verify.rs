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

/// Replays `line` from `board` (the attacker `attacker` to move) and checks it; `Ok` gives
/// its depth (attacker moves counting the five), `Err` the first fault in a sentence.
pub fn verify_line(
    board: &Board,
    attacker: Color,
    rule: Rule,
    kind: MateKind,
    line: &[Point],
    end: MateEnd,
) -> Result<u32, String> {
    let mut b = board.clone();
    let att = Side::new(attacker, rule);
    let def = Side::new(attacker.opponent(), rule);
    if line.len().is_multiple_of(2) {
        return Err(format!(
            "a line ends with an attacker move; this one has {} moves",
            line.len()
        ));
    }
    for (k, &p) in line.iter().enumerate() {
        let at = to_notation(p);
        if b.get(p).is_some() {
            return Err(format!("move {k} ({at}) is on an occupied point"));
        }
        let last = k + 1 == line.len();
        if k % 2 == 1 {
            defender_move(&mut b, &att, &def, k, p)?;
            continue;
        }
        let fives = att.fives(&b);
        if !fives.is_empty() {
            if !fives.contains(p.index()) {
                return Err(format!(
                    "move {k} ({at}): the attacker had a five and missed it"
                ));
            }
            if !(last && end == MateEnd::Five) {
                return Err(format!("move {k} ({at}) is a five but the line goes on"));
            }
            debug_assert!(makes_win(&b, p, attacker, rule));
            return Ok((k / 2 + 1) as u32);
        }
        let threats = def.fives(&b);
        if threats.len() >= 2 || threats.first().is_some_and(|d| d != p.index()) {
            return Err(format!(
                "move {k} ({at}) leaves the defender's four unblocked"
            ));
        }
        if !att.may_play(&mut b, p) {
            return Err(format!("move {k} ({at}) is forbidden for black"));
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
                Err(format!(
                    "the line ends at move {k} ({at}) without a five or an unblockable four"
                ))
            };
        }
        let four = !att.fives(&b).is_empty();
        let threat = four || {
            let fours = att.four_moves(&b);
            kind == MateKind::Vct && win_in_two(&mut b, &att, &def, fours).is_some()
        };
        if !threat {
            return Err(format!(
                "move {k} ({at}) leaves no {}",
                match kind {
                    MateKind::Vcf => "four",
                    MateKind::Vct => "four or three",
                }
            ));
        }
    }
    unreachable!("the loop returns at the last (attacker) move")
}

/// Checks defender move `k` at `p` and plays it.
fn defender_move(b: &mut Board, att: &Side, def: &Side, k: usize, p: Point) -> Result<(), String> {
    let at = to_notation(p);
    if let Some(f) = def.fives(b).first() {
        return Err(format!(
            "move {k} ({at}): the defender had a five at {} instead",
            to_notation(Point::from_index(f))
        ));
    }
    let fives = att.fives(b);
    if !fives.is_empty() && !fives.contains(p.index()) {
        return Err(format!(
            "move {k} ({at}) does not block the attacker's four"
        ));
    }
    if !def.may_play(b, p) {
        return Err(format!("move {k} ({at}) is forbidden for black"));
    }
    b.place(p, def.color);
    Ok(())
}
