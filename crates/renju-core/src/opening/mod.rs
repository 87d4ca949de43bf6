//! The opening rules of online renju and gomoku, as a referee a server can drive: where the
//! first stones may go, when a player may swap colours, how many fifth moves black offers and
//! which one white takes.
//!
//! A record with an opening is two lists: `moves`, the stones in the order played, and
//! `actions`, the protocol's decisions in order (`"swap"`/`"stay"`, `{"declare": N}`,
//! `{"offer": [...]}`, `{"more": 2}`). Each rule is a script of steps (`protocol`):
//! the referee takes the next stone or the next decision as the script asks, checks it against
//! its step, and reports the first fault, who holds black after the swaps, the canonical
//! opening of the first three stones and what the rule expects next.
//!
//! - `terms`: the rule names, actions, seats and areas as JSON spells them.
//! - `protocol` (internal): each rule's script, and the branches two rules take.
//! - `symmetry`: the eight board symmetries and the test for symmetric offers.
//! - `names`: the 26 canonical openings.
//! - `referee`: the walk itself.
//!
//! Sources: the rule texts as the Renju International Federation publishes them (RIF,
//! Yamaguchi, Soosõrv-N, Taraguchi-N), the gomoku rules' common texts (swap2, pro, long pro)
//! and abstractplay's renju for how a server lets players answer.

mod names;
mod protocol;
mod referee;
mod symmetry;
mod terms;

#[cfg(test)]
mod tests;

pub use names::{Canonical, canonical};
pub use referee::{
    Decision, Expectation, Expected, Fault, FaultKind, Item, OpeningFault, Refereed, referee,
};
pub use symmetry::{SYMMETRIES, SymmetricPair, Symmetry, symmetric_offers};
pub use terms::{Action, Area, Choice, Declare, MAX_OFFERS, More, Offer, OpeningRule, Seat};

use crate::error::InputError;
use crate::notation::{MoveSpec, ParsedMove};
use crate::position::parse_moves;
use crate::rules::Rule;

/// Most actions a record may hold (a few decisions open a game; this is generous).
pub const MAX_ACTIONS: usize = 1000;

/// Referees a record given as the contract gives it (`moves`, and the opening's rule and
/// `actions`), the game played under `rule`: malformed notation is an input error at its JSON
/// path, a fault of the rule is the [`Refereed`]'s `fault`.
pub fn referee_record(
    rule: Rule,
    opening: OpeningRule,
    moves: &[MoveSpec],
    actions: &[Action],
) -> Result<Refereed, InputError> {
    let moves = parse_moves(moves)?;
    let actions = parse_actions(actions)?;
    Ok(referee(rule, opening, &moves, &actions))
}

/// The actions of `/opening/actions` with their points parsed; malformed notation, a pass
/// among offered points and oversized lists are input errors at their JSON paths.
pub fn parse_actions(actions: &[Action]) -> Result<Vec<Decision>, InputError> {
    if actions.len() > MAX_ACTIONS {
        return Err(InputError::new(
            "/opening/actions",
            format!(
                "an opening holds at most {MAX_ACTIONS} actions, this one has {}",
                actions.len()
            ),
        ));
    }
    actions
        .iter()
        .enumerate()
        .map(|(k, action)| {
            Ok(match action {
                Action::Choice(c) => Decision::Choice(*c),
                Action::Declare(d) => Decision::Declare(d.declare),
                Action::More(m) => Decision::More(m.more),
                Action::Offer(o) => Decision::Offer(offered_points(k, &o.offer)?),
            })
        })
        .collect()
}

fn offered_points(
    k: usize,
    offer: &[MoveSpec],
) -> Result<Vec<Option<crate::board::Point>>, InputError> {
    let cells = crate::board::CELLS;
    if offer.len() > cells {
        return Err(InputError::new(
            format!("/opening/actions/{k}/offer"),
            format!(
                "an offer holds at most {cells} points, this one has {}",
                offer.len()
            ),
        ));
    }
    offer
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let path = format!("/opening/actions/{k}/offer/{i}");
            match spec.parse() {
                Ok(ParsedMove::At(p)) => Ok(Some(p)),
                Ok(ParsedMove::OffBoard) => Ok(None),
                Ok(ParsedMove::Pass) => Err(InputError::new(
                    path,
                    "an offered fifth move is a point, not a pass",
                )),
                Err(e) => Err(InputError::new(path, e.to_string())),
            }
        })
        .collect()
}
