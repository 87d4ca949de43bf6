//! Threats in engine terms, for either colour under any rule: what a four leaves the other
//! side, win-in-two moves and threes.
//!
//! Definitions (the module [`crate::mate`](mod@crate::mate) states them for users):
//! - a *win-in-two* move is a legal four after which its colour has two or more five points
//!   (the opponent blocks one), or exactly one that the opponent may not block (black under
//!   renju, on a forbidden point);
//! - a *three* is a legal move, not a four, inside a five-point window that held two of its
//!   colour's stones and nothing else, after which its colour has a win-in-two move it did
//!   not have before.

use crate::board::{Board, Color, Point};
use crate::mate::lines::{Cells, Side};
use crate::rules::Rule;

/// What a four leaves the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AfterFour {
    /// Two or more five points: one block cannot stop them (the lowest two are given).
    Double(Point, Point),
    /// One five point that the defender (black under renju) may not play.
    ForbiddenBlock(Point),
    /// One five point the defender must take.
    Block(Point),
}

/// The five points `fives` of the attacker as a threat against `defender` (who has no five
/// point of their own), or `None` when there are none.
pub(crate) fn after_four(board: &mut Board, defender: &Side, fives: Cells) -> Option<AfterFour> {
    let mut it = fives.iter().map(Point::from_index);
    let first = it.next()?;
    if let Some(second) = it.next() {
        return Some(AfterFour::Double(first, second));
    }
    if defender.may_play(board, first) {
        Some(AfterFour::Block(first))
    } else {
        Some(AfterFour::ForbiddenBlock(first))
    }
}

/// A win-in-two move of the attacker (module docs), the lowest by cell index, when the
/// defender has no five point. `fours` are the candidate points to try.
pub(crate) fn win_in_two(
    board: &mut Board,
    attacker: &Side,
    defender: &Side,
    fours: Cells,
) -> Option<Point> {
    fours
        .iter()
        .map(Point::from_index)
        .find(|&q| is_win_in_two(board, attacker, defender, q))
}

/// Whether empty `q` is a win-in-two move for the attacker (neither side has a five point).
/// The shape comes first and legality last: most points asked make one five point or none,
/// and black's legality is the costly question.
pub(crate) fn is_win_in_two(board: &mut Board, attacker: &Side, defender: &Side, q: Point) -> bool {
    board.place(q, attacker.color);
    let fives = attacker.fives_made_by(board, q);
    let shape = match fives.len() {
        0 => false,
        1 => {
            defender.rule == Rule::Renju && defender.color == Color::Black && {
                let f = Point::from_index(fives.iter().next().expect("one five point"));
                !defender.may_play(board, f)
            }
        }
        _ => true,
    };
    board.remove(q);
    shape && attacker.may_play(board, q)
}

/// Whether the attacker's stone at empty `m` (not a four, the attacker without a standing
/// win-in-two) makes a three: legal, and one of the fours on its lines is then a win-in-two.
pub(crate) fn makes_three(board: &mut Board, attacker: &Side, defender: &Side, m: Point) -> bool {
    board.place(m, attacker.color);
    let fours = attacker.four_moves_through(board, m);
    let three = win_in_two(board, attacker, defender, fours).is_some();
    board.remove(m);
    three && attacker.may_play(board, m)
}
