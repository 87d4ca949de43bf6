//! Walking a record through an opening rule: the stones of `moves` and the decisions of
//! `actions` are taken in turn as the rule's script asks for them, each checked against the
//! step it answers; after the script, the rest of the record is ordinary play.

use std::collections::VecDeque;

use crate::board::{Board, Color, Point};
use crate::game::{AfterEnd, Game, MoveFault};
use crate::notation::{ParsedMove, to_notation};
use crate::opening::names::{Canonical, canonical};
use crate::opening::protocol::{Actor, Count, SWAP2_MORE, Step, TARAGUCHI_FIFTH, script};
use crate::opening::symmetry::symmetric_offers;
use crate::opening::terms::{Area, Choice, OpeningRule, Seat};
use crate::rules::Rule;

/// An action of the record, its points parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Choice(Choice),
    Declare(u32),
    /// The offered points; a point off the board stays `None`, a fault of the offer.
    Offer(Vec<Option<Point>>),
    More(u32),
}

/// Where a fault is: a move of `moves` or an action of `actions` (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Move(usize),
    Action(usize),
}

/// What an opening rule forbids, beyond the faults of any record ([`MoveFault`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningFault {
    /// A stone outside the area its step allows.
    OutsideArea,
    /// Move 5 is none of the offered fifth moves.
    NotOffered,
    /// A pass before the opening is over.
    Pass,
    /// A stone where the rule expects a decision first.
    MissingAction,
    /// A decision the rule does not expect there (or after the opening).
    UnexpectedAction,
    /// A declared number of fifth moves out of the rule's range.
    DeclareOutOfRange,
    /// An offer with the wrong number of points.
    OfferCount,
    /// The same point offered twice.
    OfferRepeated,
    /// Two offers that a symmetry of the four stones maps onto each other.
    OfferSymmetric,
}

/// A fault's kind: one any record can have, or one of the opening rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultKind {
    Record(MoveFault),
    Opening(OpeningFault),
}

/// The first fault of a record under its opening rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub at: Item,
    pub kind: FaultKind,
    /// The fault in words, naming the rule and what it asks for.
    pub message: String,
}

/// What the next item of the record must be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// A stone of colour `stone` in `area`; `pass` says whether a pass may stand for it.
    Stone {
        stone: Color,
        area: Area,
        pass: bool,
    },
    /// Move 5, one of `offers`.
    Choose { offers: Vec<Point> },
    /// `"swap"` or `"stay"`.
    Swap,
    /// `"swap"`, `"stay"` or `{"more": 2}`.
    SwapOrMore,
    /// `"swap"`/`"stay"` or an offer of `count` points.
    SwapOrOffer { count: u8 },
    /// `{"declare": N}`, 1 <= N <= `max`.
    Declare { max: u8 },
    /// An offer of `count` points.
    Offer { count: u8 },
}

impl Expected {
    /// What is expected, in words.
    pub fn describe(&self) -> String {
        match self {
            Expected::Stone { stone, area, .. } => {
                format!("a {} stone {}", stone.name(), area.describe())
            }
            Expected::Choose { offers } => {
                format!("one of black's offered fifth moves ({})", spelled(offers))
            }
            Expected::Swap => "a swap decision (\"swap\" or \"stay\")".to_string(),
            Expected::SwapOrMore => "\"swap\", \"stay\" or {\"more\": 2}".to_string(),
            Expected::SwapOrOffer { count } => {
                format!("a swap decision (\"swap\" or \"stay\") or an offer of {count} fifth moves")
            }
            Expected::Declare { max } => {
                format!("a declaration of 1 to {max} fifth moves ({{\"declare\": N}})")
            }
            Expected::Offer { count } => format!("an offer of {count} fifth moves"),
        }
    }

    /// Whether the step is a decision (an action) rather than a stone.
    pub fn is_action(&self) -> bool {
        !matches!(self, Expected::Stone { .. } | Expected::Choose { .. })
    }
}

/// Who acts next, and what the rule expects of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    pub player: Seat,
    pub expected: Expected,
}

/// A record judged under its opening rule, up to its first fault.
#[derive(Debug, Clone)]
pub struct Refereed {
    /// The opening rule.
    pub rule: OpeningRule,
    /// The game up to the item before the fault (the whole record when there is none).
    pub game: Game,
    /// Who holds black after the swaps so far.
    pub black_player: Seat,
    /// The canonical opening of the first three stones, once they stand and form one.
    pub opening: Option<Canonical>,
    /// Black's offered fifth moves, once offered.
    pub offers: Vec<Point>,
    /// How many moves of the record the game holds (passes count).
    pub game_moves: usize,
    /// What comes next; `None` once the game is over.
    pub next: Option<Expectation>,
    pub fault: Option<Fault>,
}

impl Refereed {
    /// Whether the rule lets `m` be the next move: a stone where a stone is due, in its area,
    /// among the offers for move 5, on the board and on an empty point; a pass only after the
    /// opening. Whether the move is legal otherwise (forbidden for black, after the end) is
    /// the game's to say.
    pub fn admits(&self, m: ParsedMove) -> Result<(), (FaultKind, String)> {
        let Some(next) = &self.next else {
            return Ok(());
        };
        let number = self.game_moves + 1;
        if next.expected.is_action() {
            return Err((
                FaultKind::Opening(OpeningFault::MissingAction),
                format!(
                    "{}: {} comes before move {number}",
                    self.rule,
                    next.expected.describe()
                ),
            ));
        }
        check_stone(self.rule, self.game.board(), &next.expected, m, number).map(|_| ())
    }
}

/// Checks move number `number`, `m`, against what is expected of it, in the order a referee
/// would: a pass, a point off the board, an occupied point, then the rule's area or offers.
/// The point played (`None` for a pass, which only ordinary play allows).
fn check_stone(
    rule: OpeningRule,
    board: &Board,
    expected: &Expected,
    m: ParsedMove,
    number: usize,
) -> Result<Option<Point>, (FaultKind, String)> {
    let opening = |kind, what: String| (FaultKind::Opening(kind), format!("{rule}: {what}"));
    let p = match m {
        ParsedMove::Pass => {
            return match expected {
                Expected::Stone { pass: true, .. } => Ok(None),
                _ => Err(opening(
                    OpeningFault::Pass,
                    format!(
                        "no pass before the opening is over; move {number} must be {}",
                        expected.describe()
                    ),
                )),
            };
        }
        ParsedMove::OffBoard => {
            let fault = record_fault(number - 1, m, MoveFault::OffBoard);
            return Err((fault.kind, fault.message));
        }
        ParsedMove::At(p) => p,
    };
    if board.get(p).is_some() {
        let fault = record_fault(number - 1, m, MoveFault::Occupied);
        return Err((fault.kind, fault.message));
    }
    match expected {
        Expected::Stone { area, .. } if !area.contains(p) => Err(opening(
            OpeningFault::OutsideArea,
            format!(
                "move {number} must be {}, not {}",
                area.describe(),
                to_notation(p)
            ),
        )),
        Expected::Choose { offers } if !offers.contains(&p) => Err(opening(
            OpeningFault::NotOffered,
            format!(
                "move {number} must be one of black's offered fifth moves ({}), not {}",
                spelled(offers),
                to_notation(p)
            ),
        )),
        _ => Ok(Some(p)),
    }
}

/// Judges `moves` and `actions` under `opening`, the game played under `rule`.
pub fn referee(
    rule: Rule,
    opening: OpeningRule,
    moves: &[ParsedMove],
    actions: &[Decision],
) -> Refereed {
    let mut walk = Walk {
        opening,
        game: Game::new(rule),
        script: script(opening),
        black_player: Seat::First,
        declared: None,
        offers: Vec::new(),
        stones: Vec::new(),
        moves,
        actions,
        next_move: 0,
        next_action: 0,
    };
    let fault = walk.run().err();
    walk.finish(fault)
}

struct Walk<'a> {
    opening: OpeningRule,
    game: Game,
    script: VecDeque<Step>,
    black_player: Seat,
    declared: Option<u8>,
    offers: Vec<Point>,
    /// The stones played so far, in order (no passes stand among the first three).
    stones: Vec<Point>,
    moves: &'a [ParsedMove],
    actions: &'a [Decision],
    next_move: usize,
    next_action: usize,
}

impl Walk<'_> {
    fn run(&mut self) -> Result<(), Fault> {
        while let Some(&step) = self.script.front() {
            let wants_stone = matches!(step, Step::Stone { .. } | Step::Choose);
            let more_moves = self.next_move < self.moves.len();
            let more_actions = self.next_action < self.actions.len();
            match (wants_stone, more_moves, more_actions) {
                (true, true, _) => self.stone(step)?,
                (false, _, true) => self.decide(step)?,
                (true, false, true) => {
                    return Err(self.fault(
                        Item::Action(self.next_action),
                        OpeningFault::UnexpectedAction,
                        format!(
                            "move {}, {}, comes before any further action",
                            self.next_move + 1,
                            self.describe_step(step)
                        ),
                    ));
                }
                (false, true, false) => {
                    return Err(self.fault(
                        Item::Move(self.next_move),
                        OpeningFault::MissingAction,
                        format!(
                            "{} comes before move {}",
                            self.describe_step(step),
                            self.next_move + 1
                        ),
                    ));
                }
                (_, false, false) => return Ok(()),
            }
        }
        self.play_on()
    }

    /// Ordinary play after the opening; a decision left over is a fault once the moves are
    /// played.
    fn play_on(&mut self) -> Result<(), Fault> {
        while self.next_move < self.moves.len() {
            let k = self.next_move;
            let m = self.moves[k];
            self.game
                .play(k, m, AfterEnd::Refuse)
                .map_err(|f| record_fault(k, m, f))?;
            self.next_move += 1;
        }
        if self.next_action < self.actions.len() {
            return Err(self.fault(
                Item::Action(self.next_action),
                OpeningFault::UnexpectedAction,
                "the opening is over, so no decision is due".to_string(),
            ));
        }
        Ok(())
    }

    /// The next move, answering a stone step (or the choice among the offers).
    fn stone(&mut self, step: Step) -> Result<(), Fault> {
        let k = self.next_move;
        let m = self.moves[k];
        let expected = self.expected(step);
        check_stone(self.opening, self.game.board(), &expected, m, k + 1).map_err(
            |(kind, message)| Fault {
                at: Item::Move(k),
                kind,
                message,
            },
        )?;
        self.game
            .play(k, m, AfterEnd::Refuse)
            .map_err(|f| record_fault(k, m, f))?;
        if let ParsedMove::At(p) = m {
            self.stones.push(p);
        }
        self.next_move += 1;
        self.script.pop_front();
        Ok(())
    }

    /// The next action, answering a decision step.
    fn decide(&mut self, step: Step) -> Result<(), Fault> {
        let j = self.next_action;
        let decision = &self.actions[j];
        match (step, decision) {
            (Step::Swap { .. } | Step::SwapOrMore, Decision::Choice(c)) => {
                self.choose(*c);
                self.script.pop_front();
            }
            (Step::SwapOrMore, Decision::More(2)) => {
                self.script.pop_front();
                self.push_front(&SWAP2_MORE);
            }
            (Step::SwapOrMore, Decision::More(n)) => {
                let n = *n;
                return Err(self.fault(
                    Item::Action(j),
                    OpeningFault::UnexpectedAction,
                    format!("the second player adds exactly 2 more stones, not {n}"),
                ));
            }
            (Step::SwapOrOffer { .. }, Decision::Choice(c)) => {
                self.choose(*c);
                self.script.pop_front();
                self.push_front(&TARAGUCHI_FIFTH);
            }
            (Step::SwapOrOffer { count }, Decision::Offer(points)) => {
                let points = points.clone();
                self.offer(j, count, &points)?;
                self.script.pop_front();
                self.push_front(&[Step::Choose]);
            }
            (Step::Declare { max, .. }, Decision::Declare(n)) => {
                let n = *n;
                if !(1..=u32::from(max)).contains(&n) {
                    return Err(self.fault(
                        Item::Action(j),
                        OpeningFault::DeclareOutOfRange,
                        format!("the number of fifth moves is 1 to {max}, not {n}"),
                    ));
                }
                self.declared = Some(n as u8);
                self.script.pop_front();
            }
            (Step::Offer { count }, Decision::Offer(points)) => {
                let count = match count {
                    Count::Fixed(n) => n,
                    Count::Declared => self.declared.unwrap_or(0),
                };
                let points = points.clone();
                self.offer(j, count, &points)?;
                self.script.pop_front();
            }
            _ => {
                return Err(self.fault(
                    Item::Action(j),
                    OpeningFault::UnexpectedAction,
                    format!(
                        "{} is due here, not {}",
                        self.describe_step(step),
                        describe_decision(decision)
                    ),
                ));
            }
        }
        self.next_action += 1;
        Ok(())
    }

    fn choose(&mut self, choice: Choice) {
        if choice == Choice::Swap {
            self.black_player = self.black_player.other();
        }
    }

    fn push_front(&mut self, steps: &[Step]) {
        for &s in steps.iter().rev() {
            self.script.push_front(s);
        }
    }

    /// Checks black's offer (action `j`): `count` points, each on the board and empty, no two
    /// equal or symmetric under a symmetry of the stones on the board.
    fn offer(&mut self, j: usize, count: u8, points: &[Option<Point>]) -> Result<(), Fault> {
        let at = Item::Action(j);
        if points.len() != usize::from(count) {
            return Err(self.fault(
                at,
                OpeningFault::OfferCount,
                format!(
                    "black offers exactly {count} fifth move{}, this offer has {}",
                    if count == 1 { "" } else { "s" },
                    points.len()
                ),
            ));
        }
        let mut spots = Vec::with_capacity(points.len());
        for (i, point) in points.iter().enumerate() {
            let (kind, why) = match point {
                None => (MoveFault::OffBoard, "is off the board".to_string()),
                Some(p) if self.game.board().get(*p).is_some() => (
                    MoveFault::Occupied,
                    format!("({}) is on an occupied point", to_notation(*p)),
                ),
                Some(p) => {
                    spots.push(*p);
                    continue;
                }
            };
            return Err(Fault {
                at,
                kind: FaultKind::Record(kind),
                message: format!("{}: offer[{i}] {why}", self.opening),
            });
        }
        for (b, q) in spots.iter().enumerate() {
            if let Some(a) = spots[..b].iter().position(|p| p == q) {
                return Err(self.fault(
                    at,
                    OpeningFault::OfferRepeated,
                    format!("offer[{a}] and offer[{b}] are both {}", to_notation(*q)),
                ));
            }
        }
        if let Some(pair) = symmetric_offers(self.game.board(), &spots) {
            let (a, b) = (spots[pair.first], spots[pair.second]);
            return Err(self.fault(
                at,
                OpeningFault::OfferSymmetric,
                format!(
                    "offer[{}] ({}) and offer[{}] ({}) are the same fifth move: {} keeps the stones on the board and takes one to the other",
                    pair.first,
                    to_notation(a),
                    pair.second,
                    to_notation(b),
                    pair.by.name
                ),
            ));
        }
        self.offers = spots;
        Ok(())
    }

    fn fault(&self, at: Item, kind: OpeningFault, what: String) -> Fault {
        Fault {
            at,
            kind: FaultKind::Opening(kind),
            message: format!("{}: {what}", self.opening),
        }
    }

    /// What a step asks for, in words.
    fn describe_step(&self, step: Step) -> String {
        self.expected(step).describe()
    }

    /// A step as the verdict's `next` spells it.
    fn expected(&self, step: Step) -> Expected {
        match step {
            Step::Stone { area, .. } => Expected::Stone {
                stone: self.game.to_move(),
                area,
                pass: false,
            },
            Step::Choose => Expected::Choose {
                offers: self.offers.clone(),
            },
            Step::Swap { .. } => Expected::Swap,
            Step::SwapOrMore => Expected::SwapOrMore,
            Step::SwapOrOffer { count } => Expected::SwapOrOffer { count },
            Step::Declare { max, .. } => Expected::Declare { max },
            Step::Offer { count } => Expected::Offer {
                count: match count {
                    Count::Fixed(n) => n,
                    Count::Declared => self.declared.unwrap_or(0),
                },
            },
        }
    }

    /// The seat that acts at `step`.
    fn actor(&self, step: Step) -> Seat {
        let holder = |c: Color| match c {
            Color::Black => self.black_player,
            Color::White => self.black_player.other(),
        };
        match step {
            Step::Stone {
                by: Actor::Seat(s), ..
            }
            | Step::Swap { by: Actor::Seat(s) }
            | Step::Declare {
                by: Actor::Seat(s), ..
            } => s,
            Step::Stone {
                by: Actor::Holder(c),
                ..
            }
            | Step::Swap {
                by: Actor::Holder(c),
            }
            | Step::Declare {
                by: Actor::Holder(c),
                ..
            } => holder(c),
            Step::SwapOrMore => Seat::Second,
            Step::SwapOrOffer { .. } | Step::Offer { .. } => holder(Color::Black),
            Step::Choose => holder(Color::White),
        }
    }

    fn finish(self, fault: Option<Fault>) -> Refereed {
        let next = match self.script.front() {
            _ if self.game.outcome().is_some() => None,
            Some(&step) => Some(Expectation {
                player: self.actor(step),
                expected: self.expected(step),
            }),
            None => {
                let stone = self.game.to_move();
                Some(Expectation {
                    player: match stone {
                        Color::Black => self.black_player,
                        Color::White => self.black_player.other(),
                    },
                    expected: Expected::Stone {
                        stone,
                        area: Area::Anywhere,
                        pass: true,
                    },
                })
            }
        };
        let opening = match self.stones[..] {
            [a, b, c, ..] => canonical(a, b, c),
            _ => None,
        };
        Refereed {
            rule: self.opening,
            game: self.game,
            black_player: self.black_player,
            opening,
            offers: self.offers,
            game_moves: self.next_move,
            next,
            fault,
        }
    }
}

/// A fault any record can have, at move `k`.
fn record_fault(k: usize, m: ParsedMove, fault: MoveFault) -> Fault {
    let what = match (fault, m) {
        (MoveFault::OffBoard, _) => "is off the board".to_string(),
        (MoveFault::Occupied, ParsedMove::At(p)) => {
            format!("({}) is on an occupied point", to_notation(p))
        }
        (MoveFault::Occupied, _) => "is on an occupied point".to_string(),
        (MoveFault::AfterEnd, _) => "comes after the end of the game".to_string(),
    };
    Fault {
        at: Item::Move(k),
        kind: FaultKind::Record(fault),
        message: format!("move {} {what}", k + 1),
    }
}

fn spelled(points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| to_notation(p))
        .collect::<Vec<_>>()
        .join(", ")
}

fn describe_decision(decision: &Decision) -> String {
    match decision {
        Decision::Choice(Choice::Swap) => "\"swap\"".to_string(),
        Decision::Choice(Choice::Stay) => "\"stay\"".to_string(),
        Decision::Declare(n) => format!("{{\"declare\": {n}}}"),
        Decision::Offer(points) => format!("an offer of {} points", points.len()),
        Decision::More(n) => format!("{{\"more\": {n}}}"),
    }
}
