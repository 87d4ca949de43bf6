//! Checkers of claimed mates, for tests and for anyone who doubts an answer: they replay a
//! line or a proof tree and check every move with the rules alone ([`crate::rules`], on a
//! `Referee`), independently of how the searches found them.
//!
//! - Attacker moves: on an empty point, legal (black under renju: not forbidden), a five when
//!   it has a five point, the block of a defender's four when there is one, and afterwards a
//!   threat: a five point (VCF and VCT), or (VCT) a move that leaves a win-in-two, a four after
//!   which the defender cannot stop a five.
//! - Defender moves: the defender has no five point of its own (it would win instead); a
//!   legal move; when the attacker has five points, one of them (the only one when there is
//!   one, so the reply is forced).
//! - The end: the attacker's five, or white's four whose one five point black may not take.
//!
//! A proof tree ([`Proof`]) is checked against every legal reply of the defender, found by the
//! checker itself: a reply the tree answers is followed, any other must leave the attacker a
//! five point or lose to one of the node's `otherwise` lines (fours to a four the defender
//! cannot stop). So a proof that passes is a forced win, whatever the search did.

use crate::board::{Board, Color, Point};
use crate::mate::referee::Referee;
use crate::mate::{MateEnd, MateKind, Threats};
use crate::notation::to_notation;
use crate::rules::Rule;

pub use crate::mate::proof::Proof;

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

/// What a mate is made of: the rule, and the threats the attacker may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    pub rule: Rule,
    pub kind: MateKind,
    pub threats: Threats,
}

/// Replays `line` from `board` (the attacker `attacker` to move) and checks it; `Ok` gives
/// its depth (attacker moves counting the five), `Err` the first fault. Under
/// [`Threats::Vcf`] a quiet attacker move is not checked for the VCF it threatens (a line
/// shows one defence; the proof tree shows the threat).
pub fn verify_line(
    board: &Board,
    attacker: Color,
    terms: Terms,
    line: &[Point],
    end: MateEnd,
) -> Result<u32, LineFault> {
    if line.len().is_multiple_of(2) {
        return Err(LineFault::EvenLength(line.len()));
    }
    let mut referee = Referee::new(board, terms.rule);
    let defender = attacker.opponent();
    for (k, &p) in line.iter().enumerate() {
        if referee.board.get(p).is_some() {
            return Err(LineFault::Occupied(k, p));
        }
        if k % 2 == 1 {
            defender_move(&mut referee, attacker, k, p)?;
            continue;
        }
        let last = k + 1 == line.len();
        if referee.fives(attacker) > 0 {
            if !referee.is_five(p, attacker) {
                return Err(LineFault::MissedFive(k, p));
            }
            if !(last && end == MateEnd::Five) {
                return Err(LineFault::FiveNotLast(k, p));
            }
            return Ok((k / 2 + 1) as u32);
        }
        let threats = referee.five_points(defender);
        if threats.len() >= 2 || threats.first().is_some_and(|&d| d != p) {
            return Err(LineFault::FourUnblocked(k, p));
        }
        if !referee.may_play(p, attacker) {
            return Err(LineFault::Forbidden(k, p));
        }
        referee.place(p, attacker);
        if last {
            let forbidden = referee.fives(defender) == 0
                && referee.fives(attacker) == 1
                && referee.unstoppable(attacker);
            return if end == MateEnd::ForbiddenBlock && forbidden {
                Ok((k / 2 + 2) as u32)
            } else {
                Err(LineFault::NoEnd(k, p))
            };
        }
        let threat = referee.fives(attacker) > 0
            || terms.kind == MateKind::Vct
                && (terms.threats == Threats::Vcf || has_win_in_two(&mut referee, attacker));
        if !threat {
            return Err(LineFault::NoThreat(k, p, terms.kind));
        }
    }
    unreachable!("the loop returns at the last (attacker) move")
}

/// Checks defender move `k` at `p` and plays it.
fn defender_move(
    referee: &mut Referee,
    attacker: Color,
    k: usize,
    p: Point,
) -> Result<(), LineFault> {
    let defender = attacker.opponent();
    if let Some(&f) = referee.five_points(defender).first() {
        return Err(LineFault::DefenderHadFive(k, p, f));
    }
    if referee.fives(attacker) > 0 && !referee.is_five(p, attacker) {
        return Err(LineFault::DefenderMissedBlock(k, p));
    }
    if !referee.may_play(p, defender) {
        return Err(LineFault::Forbidden(k, p));
    }
    referee.place(p, defender);
    Ok(())
}

/// Whether the attacker, moving again, has a win-in-two: a legal move after which the
/// defender (with no five point of its own) cannot stop a five.
fn has_win_in_two(referee: &mut Referee, attacker: Color) -> bool {
    if referee.fives(attacker.opponent()) > 0 {
        return false;
    }
    for q in referee.legal_points(attacker) {
        referee.place(q, attacker);
        let wins = referee.unstoppable(attacker);
        referee.remove(q);
        if wins {
            return true;
        }
    }
    false
}

/// The first fault of a proof tree: the moves from the root to the node at fault, and what
/// is wrong there. `Display` gives it as a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofFault {
    pub path: Vec<Point>,
    pub fault: ProofFaultKind,
}

/// What is wrong at a node of a proof tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProofFaultKind {
    /// The attacker's move is on an occupied point.
    Occupied,
    /// The attacker's move is forbidden for black.
    Forbidden,
    /// The attacker's move leaves the defender a five.
    DefenderFive,
    /// The attacker's move is no threat of the mate's kind.
    NoThreat,
    /// The tree answers a reply the defender may not play.
    NotAReply(Point),
    /// This reply of the defender is neither answered nor beaten by an `otherwise` line.
    Unanswered(Point),
    /// The tree is deeper than the depth claimed.
    TooDeep,
}

impl std::fmt::Display for ProofFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path: Vec<String> = self.path.iter().map(|&p| to_notation(p)).collect();
        let at = if path.is_empty() {
            "at the root".to_string()
        } else {
            format!("after {}", path.join(" "))
        };
        match self.fault {
            ProofFaultKind::Occupied => write!(f, "{at}: the attack is on an occupied point"),
            ProofFaultKind::Forbidden => write!(f, "{at}: the attack is forbidden for black"),
            ProofFaultKind::DefenderFive => {
                write!(f, "{at}: the attack leaves the defender a five")
            }
            ProofFaultKind::NoThreat => write!(f, "{at}: the attack threatens nothing"),
            ProofFaultKind::NotAReply(r) => {
                write!(f, "{at}: {} is not a legal reply", to_notation(r))
            }
            ProofFaultKind::Unanswered(r) => {
                write!(f, "{at}: nothing answers the reply {}", to_notation(r))
            }
            ProofFaultKind::TooDeep => write!(f, "{at}: the win takes more moves than claimed"),
        }
    }
}

impl std::error::Error for ProofFault {}

/// Checks a proof tree from `board` (the attacker `attacker` to move) against every legal
/// reply of the defender; `Ok` gives its depth (attacker moves counting the five, on the
/// longest branch), at most `max_depth`.
pub fn verify_proof(
    board: &Board,
    attacker: Color,
    terms: Terms,
    proof: &Proof,
    max_depth: u32,
) -> Result<u32, ProofFault> {
    let mut checker = ProofChecker {
        referee: Referee::new(board, terms.rule),
        attacker,
        terms,
        path: Vec::new(),
    };
    let depth = checker.attack(proof, max_depth)?;
    if depth > max_depth {
        return Err(checker.fault(ProofFaultKind::TooDeep));
    }
    Ok(depth)
}

struct ProofChecker {
    referee: Referee,
    attacker: Color,
    terms: Terms,
    /// Moves from the root to the node being checked.
    path: Vec<Point>,
}

impl ProofChecker {
    fn fault(&self, fault: ProofFaultKind) -> ProofFault {
        ProofFault {
            path: self.path.clone(),
            fault,
        }
    }

    /// The depth of the win from this attacker node (`budget` attacker moves are left for
    /// it, which bounds the VCF a quiet move may threaten).
    fn attack(&mut self, node: &Proof, budget: u32) -> Result<u32, ProofFault> {
        let attacker = self.attacker;
        let m = node.attack;
        if self.referee.board.get(m).is_some() {
            return Err(self.fault(ProofFaultKind::Occupied));
        }
        if self.referee.is_five(m, attacker) {
            return Ok(1);
        }
        if !self.referee.may_play(m, attacker) {
            return Err(self.fault(ProofFaultKind::Forbidden));
        }
        self.referee.place(m, attacker);
        self.path.push(m);
        let depth = self.replies(node, budget);
        self.path.pop();
        self.referee.remove(m);
        depth
    }

    /// After the attack of `node`: the deepest win over every legal reply.
    fn replies(&mut self, node: &Proof, budget: u32) -> Result<u32, ProofFault> {
        let (attacker, defender) = (self.attacker, self.attacker.opponent());
        if self.referee.fives(defender) > 0 {
            return Err(self.fault(ProofFaultKind::DefenderFive));
        }
        if !self.is_threat(node, budget) {
            return Err(self.fault(ProofFaultKind::NoThreat));
        }
        let legal = self.referee.legal_points(defender);
        for &(r, _) in &node.defences {
            if !legal.contains(&r) {
                return Err(self.fault(ProofFaultKind::NotAReply(r)));
            }
        }
        let mut deepest = 1;
        for r in legal {
            self.referee.place(r, defender);
            let depth = match node.defences.iter().find(|(d, _)| *d == r) {
                Some((_, answer)) => {
                    self.path.push(r);
                    let depth = self.attack(answer, budget.saturating_sub(1));
                    self.path.pop();
                    depth.map(Some)
                }
                None if self.referee.fives(attacker) > 0 => Ok(Some(1)),
                None => Ok(self.first_line_that_wins(&node.otherwise)),
            };
            self.referee.remove(r);
            match depth? {
                Some(d) => deepest = deepest.max(1 + d),
                None => return Err(self.fault(ProofFaultKind::Unanswered(r))),
            }
        }
        Ok(deepest)
    }

    /// Whether the attack just played is a threat of the mate's kind: a four, or (VCT) a move
    /// after which the first `otherwise` line wins if the defender does nothing (within one
    /// four for threes, within the remaining depth for VCF threats).
    fn is_threat(&mut self, node: &Proof, budget: u32) -> bool {
        if self.referee.fives(self.attacker) > 0 {
            return true;
        }
        if self.terms.kind == MateKind::Vcf {
            return false;
        }
        let Some(line) = node.otherwise.first() else {
            return false;
        };
        let limit = match self.terms.threats {
            Threats::Threes => 2,
            Threats::Vcf => budget.saturating_sub(1),
        };
        replay_fours(&mut self.referee, self.attacker, line).is_some_and(|d| d <= limit)
    }

    /// The depth of the first of `lines` that wins from here, if any.
    fn first_line_that_wins(&mut self, lines: &[Vec<Point>]) -> Option<u32> {
        lines
            .iter()
            .find_map(|line| replay_fours(&mut self.referee, self.attacker, line))
    }
}

/// Replays a line of fours (attacker, forced block, attacker, ...) from the referee's board,
/// attacker to move, and undoes it: `Some(depth)` (attacker moves counting the five) when its
/// last move leaves a five the defender cannot stop, each attacker move before it a four whose
/// one five point the defender must take and the line's defender moves those blocks.
fn replay_fours(referee: &mut Referee, attacker: Color, line: &[Point]) -> Option<u32> {
    let defender = attacker.opponent();
    let mut placed = Vec::new();
    let mut result = None;
    for (k, &p) in line.iter().enumerate() {
        let attacking = k % 2 == 0;
        let fine = if attacking {
            let blocks = match referee.five_points(defender).as_slice() {
                [] => true,
                [d] => *d == p,
                _ => false,
            };
            referee.fives(attacker) == 0 && blocks && referee.may_play(p, attacker)
        } else {
            referee.fives(defender) == 0
                && referee.five_points(attacker) == [p]
                && referee.may_play(p, defender)
        };
        if !fine {
            break;
        }
        referee.place(p, if attacking { attacker } else { defender });
        placed.push(p);
        if !attacking {
            continue;
        }
        let last = k + 1 == line.len();
        if last {
            if referee.fives(defender) == 0 && referee.unstoppable(attacker) {
                result = Some((k / 2 + 2) as u32);
            }
        } else if referee.fives(attacker) != 1 {
            break;
        }
    }
    for &p in placed.iter().rev() {
        referee.remove(p);
    }
    result
}
