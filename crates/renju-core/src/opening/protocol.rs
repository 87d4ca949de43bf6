//! Each opening rule as a script of steps: stones (with the area each may go in), swap
//! decisions, declarations, offers and the choice among them, each with the player who acts.
//! Two rules branch on an answer (swap2's `{"more": 2}`, taraguchi's choice after move 4);
//! the referee then puts the branch's steps in front of the rest.

use std::collections::VecDeque;

use crate::board::Color;
use crate::opening::terms::{Area, MAX_OFFERS, OpeningRule, Seat};

/// Who acts at a step: a player by seat, or whoever holds a colour at that moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Actor {
    Seat(Seat),
    Holder(Color),
}

/// How many fifth moves an offer must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Count {
    Fixed(u8),
    /// The number declared earlier in the opening.
    Declared,
}

/// One step of an opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// The next stone of the record (the colours alternate, black first), in `area`.
    Stone { area: Area, by: Actor },
    /// Move 5: white's holder takes one of black's offered fifth moves by playing it.
    Choose,
    /// `"swap"` or `"stay"`.
    Swap { by: Actor },
    /// swap2: `"swap"`, `"stay"` or `{"more": 2}`, by the second player.
    SwapOrMore,
    /// taraguchi after move 4: black's holder answers `"swap"`/`"stay"` (then move 5 in the
    /// 9x9 square and another swap) or offers `count` fifth moves anywhere.
    SwapOrOffer { count: u8 },
    /// `{"declare": N}` with 1 <= N <= `max`.
    Declare { max: u8, by: Actor },
    /// `{"offer": [...]}` by black's holder.
    Offer { count: Count },
}

const FIRST: Actor = Actor::Seat(Seat::First);
const SECOND: Actor = Actor::Seat(Seat::Second);
const BLACK: Actor = Actor::Holder(Color::Black);
const WHITE: Actor = Actor::Holder(Color::White);

/// The first three stones of a renju opening, all placed by the first player.
const RENJU_THREE: [Step; 3] = [
    Step::Stone {
        area: Area::Center,
        by: FIRST,
    },
    Step::Stone {
        area: Area::Square3,
        by: FIRST,
    },
    Step::Stone {
        area: Area::Square5,
        by: FIRST,
    },
];

/// The fourth stone anywhere, by white's holder.
const FOURTH_ANYWHERE: Step = Step::Stone {
    area: Area::Anywhere,
    by: WHITE,
};

/// The steps of `rule`, from the empty board to the end of the opening.
pub(crate) fn script(rule: OpeningRule) -> VecDeque<Step> {
    let steps: Vec<Step> = match rule {
        OpeningRule::Rif => [
            &RENJU_THREE[..],
            &[
                Step::Swap { by: SECOND },
                FOURTH_ANYWHERE,
                Step::Offer {
                    count: Count::Fixed(2),
                },
                Step::Choose,
            ],
        ]
        .concat(),
        OpeningRule::Yamaguchi => [
            &RENJU_THREE[..],
            &[
                Step::Declare {
                    max: MAX_OFFERS,
                    by: FIRST,
                },
                Step::Swap { by: SECOND },
                FOURTH_ANYWHERE,
                Step::Offer {
                    count: Count::Declared,
                },
                Step::Choose,
            ],
        ]
        .concat(),
        OpeningRule::Soosorv(n) => [
            &RENJU_THREE[..],
            &[
                Step::Swap { by: SECOND },
                FOURTH_ANYWHERE,
                Step::Declare { max: n, by: WHITE },
                Step::Swap { by: BLACK },
                Step::Offer {
                    count: Count::Declared,
                },
                Step::Choose,
            ],
        ]
        .concat(),
        OpeningRule::Taraguchi(n) => taraguchi(n),
        OpeningRule::Swap2 => vec![
            anywhere(FIRST),
            anywhere(FIRST),
            anywhere(FIRST),
            Step::SwapOrMore,
        ],
        OpeningRule::Pro | OpeningRule::LongPro => vec![
            Step::Stone {
                area: Area::Center,
                by: FIRST,
            },
            anywhere(SECOND),
            Step::Stone {
                area: if rule == OpeningRule::Pro {
                    Area::Outside5
                } else {
                    Area::Outside7
                },
                by: FIRST,
            },
        ],
    };
    steps.into()
}

/// Taraguchi-N: a swap after each of the first four stones, each stone in a wider square.
fn taraguchi(n: u8) -> Vec<Step> {
    let mut steps = Vec::new();
    for (area, by, decider) in [
        (Area::Center, BLACK, WHITE),
        (Area::Square3, WHITE, BLACK),
        (Area::Square5, BLACK, WHITE),
    ] {
        steps.push(Step::Stone { area, by });
        steps.push(Step::Swap { by: decider });
    }
    steps.push(Step::Stone {
        area: Area::Square7,
        by: WHITE,
    });
    steps.push(Step::SwapOrOffer { count: n });
    steps
}

fn anywhere(by: Actor) -> Step {
    Step::Stone {
        area: Area::Anywhere,
        by,
    }
}

/// swap2 after `{"more": 2}`: white, then black, anywhere, by the second player; then the
/// first player chooses the colours.
pub(crate) const SWAP2_MORE: [Step; 3] = [
    Step::Stone {
        area: Area::Anywhere,
        by: SECOND,
    },
    Step::Stone {
        area: Area::Anywhere,
        by: SECOND,
    },
    Step::Swap { by: FIRST },
];

/// taraguchi's first choice after move 4, once black's holder has answered the swap: move 5
/// in the central 9x9 square, then white's holder may swap.
pub(crate) const TARAGUCHI_FIFTH: [Step; 2] = [
    Step::Stone {
        area: Area::Square9,
        by: BLACK,
    },
    Step::Swap { by: WHITE },
];
