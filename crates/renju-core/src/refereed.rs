//! A record refereed under its opening rule, spelled the contract's way: the referee
//! ([`crate::opening`]) works in points and engine terms; this module turns its findings into
//! the verdict fields of `validate` and `move` (`error`, `black_player`, `opening`, `next`).

use crate::contract::{
    Expects, MoveReason, Next, OpeningInput, OpeningName, RecordError, RecordFault,
};
use crate::error::InputError;
use crate::game::MoveFault;
use crate::notation::{ParsedMove, to_notation};
use crate::opening::{
    Canonical, Expectation, Expected, Fault, FaultKind, Item, OpeningFault, Refereed,
    parse_actions, referee,
};
use crate::rules::Rule;

/// Referees the parsed `moves` under `opening` (its actions parsed here; their malformed
/// points are input errors), the game played under `rule`.
pub(crate) fn referee_parsed(
    rule: Rule,
    opening: &OpeningInput,
    moves: &[ParsedMove],
) -> Result<Refereed, InputError> {
    let actions = parse_actions(&opening.actions)?;
    Ok(referee(rule, opening.rule, moves, &actions))
}

/// The verdict's `error` for a referee's fault.
pub(crate) fn record_error(fault: &Fault) -> RecordError {
    let (move_index, action) = match fault.at {
        Item::Move(k) => (Some(k), None),
        Item::Action(k) => (None, Some(k)),
    };
    RecordError {
        move_index,
        action,
        reason: record_fault(fault.kind),
        message: Some(fault.message.clone()),
    }
}

/// The JSON path of a fault's move or action, for the commands that take a record as a
/// position and refuse a broken one.
pub(crate) fn fault_path(fault: &Fault) -> String {
    match fault.at {
        Item::Move(k) => format!("/moves/{k}"),
        Item::Action(k) => format!("/opening/actions/{k}"),
    }
}

fn record_fault(kind: FaultKind) -> RecordFault {
    match kind {
        FaultKind::Record(MoveFault::OffBoard) => RecordFault::OffBoard,
        FaultKind::Record(MoveFault::Occupied) => RecordFault::Occupied,
        FaultKind::Record(MoveFault::AfterEnd) => RecordFault::AfterEnd,
        FaultKind::Opening(f) => match f {
            OpeningFault::OutsideArea => RecordFault::OutsideArea,
            OpeningFault::NotOffered => RecordFault::NotOffered,
            OpeningFault::Pass => RecordFault::PassInOpening,
            OpeningFault::MissingAction => RecordFault::MissingAction,
            OpeningFault::UnexpectedAction => RecordFault::UnexpectedAction,
            OpeningFault::DeclareOutOfRange => RecordFault::DeclareOutOfRange,
            OpeningFault::OfferCount => RecordFault::OfferCount,
            OpeningFault::OfferRepeated => RecordFault::OfferRepeated,
            OpeningFault::OfferSymmetric => RecordFault::OfferSymmetric,
        },
    }
}

/// `move`'s reason for a candidate the rule does not admit (see [`Refereed::admits`]).
pub(crate) fn move_reason(kind: FaultKind) -> MoveReason {
    match kind {
        FaultKind::Record(MoveFault::OffBoard) => MoveReason::OffBoard,
        FaultKind::Record(MoveFault::Occupied) => MoveReason::Occupied,
        FaultKind::Record(MoveFault::AfterEnd) => MoveReason::AfterEnd,
        FaultKind::Opening(OpeningFault::OutsideArea) => MoveReason::OutsideArea,
        FaultKind::Opening(OpeningFault::NotOffered) => MoveReason::NotOffered,
        FaultKind::Opening(OpeningFault::Pass) => MoveReason::PassInOpening,
        // A candidate stone is never an action; every other fault of the rule is one the
        // rule waits for before the stone.
        FaultKind::Opening(_) => MoveReason::MissingAction,
    }
}

/// The verdict's `opening`.
pub(crate) fn opening_name(c: Canonical) -> OpeningName {
    OpeningName {
        code: c.code.to_string(),
        name: c.name.to_string(),
    }
}

/// The verdict's `next`.
pub(crate) fn next(e: &Expectation) -> Next {
    let expects = match &e.expected {
        Expected::Stone { stone, area, pass } => Expects::Move {
            stone: *stone,
            area: *area,
            pass: *pass,
        },
        Expected::Choose { offers } => Expects::Choose {
            offers: offers.iter().map(|&p| to_notation(p)).collect(),
        },
        Expected::Swap => Expects::Swap,
        Expected::SwapOrMore => Expects::SwapOrMore,
        Expected::SwapOrOffer { count } => Expects::SwapOrOffer {
            count: u32::from(*count),
        },
        Expected::Declare { max } => Expects::Declare {
            min: 1,
            max: u32::from(*max),
        },
        Expected::Offer { count } => Expects::Offer {
            count: u32::from(*count),
        },
    };
    Next {
        player: e.player,
        expects,
    }
}
