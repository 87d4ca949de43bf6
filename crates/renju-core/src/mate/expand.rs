//! The moves of the VCT search's nodes, exact against every defence.
//!
//! OR nodes (attacker to move, `depth` attacker moves left): a five point wins; with one
//! defender five point the attacker must block it; a standing win-in-two, or a VCF within the
//! depth, wins; otherwise the attacker's threats are the moves: its fours and threes, or with
//! [`Threats::Vcf`] its fours and every quiet move after which it would have a VCF within the
//! depth left were it to move again.
//!
//! AND nodes (defender to move): a defender five point refutes; two attacker five points, or
//! one a black defender may not take, prove; one five point must be blocked. Otherwise the
//! attacker must have a threat standing (a win-in-two, or with [`Threats::Vcf`] a VCF within
//! the depth), and the defender's moves are its legal points except those after which a
//! win-in-two (or that VCF) still works: those lose at once. So a proof covers every defence,
//! counter-fours and forbidden points included.
//!
//! Which replies spoil a win-in-two `q` is decided point by point, over few points: a
//! defender's stone can take away one of `q`'s five points only by taking it (every other
//! point of the windows that make them holds an attacker stone or is `q`), and a white stone
//! only ever removes black's fives, fours and straight-four points, so a black `q` that is
//! legal by its own lines stays legal. So the only replies that can spoil `q` are `q`, its
//! five points and the defender's fours (counter-fours), and when `q` wins only because
//! black may not take its one five point, the points near that one. Under renju a black
//! move whose legality hangs on the double-three rule's recursion can change with stones
//! anywhere, so then every empty point is asked.

use crate::board::{Color, Point};
use crate::mate::Threats;
use crate::mate::Win;
use crate::mate::lines::Cells;
use crate::mate::table::OutOfTime;
use crate::mate::threats::{AfterFour, after_four, is_win_in_two, makes_three, win_in_two};
use crate::mate::vcf::Vcf;
use crate::mate::vct::{Expansion, Vct};
use crate::rules::{Rule, decided_locally};

/// At an AND node with a standing threat: the replies that do not lose at once, and the
/// lines (each ending with a four the defender cannot stop) that beat all the others.
pub(crate) struct DefencePlan {
    pub replies: Vec<Point>,
    pub refutations: Vec<Vec<Point>>,
}

impl Vct<'_> {
    /// The attacker's moves at an OR node, or the node's value.
    pub(crate) fn expand_or(&mut self, depth: u8) -> Result<Expansion, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        if self.pos.has_five(attacker.color) {
            return Ok(if depth >= 1 {
                Expansion::Proven
            } else {
                Expansion::Disproven { any_depth: false }
            });
        }
        if depth < 2 {
            return Ok(Expansion::Disproven { any_depth: false });
        }
        let threats = self.pos.fives(defender.color);
        if threats.len() >= 2 {
            return Ok(Expansion::Disproven { any_depth: true });
        }
        if let Some(d) = threats.first().map(Point::from_index) {
            return Ok(if attacker.may_play(&mut self.pos.board, d) {
                Expansion::Moves(vec![d])
            } else {
                Expansion::Disproven { any_depth: true }
            });
        }
        let fours = self.pos.four_moves(attacker.color);
        if win_in_two(&mut self.pos.board, &attacker, &defender, fours).is_some() {
            return Ok(Expansion::Proven);
        }
        if depth == 2 {
            // Only a win-in-two wins in two.
            return Ok(Expansion::Disproven { any_depth: false });
        }
        if Vcf::new(self.pos, self.clock, self.vcf_table).wins_within(depth)? {
            return Ok(Expansion::Proven);
        }
        let moves = self.threat_moves(depth)?;
        Ok(if moves.is_empty() {
            Expansion::Disproven {
                any_depth: self.threats == Threats::Threes,
            }
        } else {
            Expansion::Moves(moves)
        })
    }

    /// A shortest VCF of the attacker within `depth`, the attacker to move.
    pub(crate) fn vcf(&mut self, depth: u8) -> Result<Option<Win>, OutOfTime> {
        Vcf::new(self.pos, self.clock, self.vcf_table).shortest(depth, None)
    }

    /// The attacker's legal fours (moves that make a five point on one of their lines).
    pub(crate) fn legal_fours(&mut self) -> Vec<Point> {
        let attacker = self.pos.attacker;
        let fours = self.pos.four_moves(attacker.color);
        let board = &mut self.pos.board;
        fours
            .iter()
            .map(Point::from_index)
            .filter(|&m| attacker.may_play(board, m))
            .collect()
    }

    /// The attacker's threats at an OR node with `depth` moves left: its legal fours, then
    /// its threes unless a win-in-two already stands (then no move makes a new one), or with
    /// [`Threats::Vcf`] every legal quiet move after which it has a VCF within `depth - 1`.
    pub(crate) fn threat_moves(&mut self, depth: u8) -> Result<Vec<Point>, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let mut moves = self.legal_fours();
        let fours = self.pos.four_moves(attacker.color);
        match self.threats {
            Threats::Threes => {
                let spots = self.pos.three_spots(attacker.color);
                let board = &mut self.pos.board;
                if win_in_two(board, &attacker, &defender, fours).is_none() {
                    for m in spots.iter().filter(|&i| !fours.contains(i)) {
                        let m = Point::from_index(m);
                        if makes_three(board, &attacker, &defender, m) {
                            moves.push(m);
                        }
                    }
                }
            }
            Threats::Vcf => {
                let quiet: Vec<Point> = self.pos.board.empty_points().collect();
                for m in quiet.into_iter().filter(|m| !fours.contains(m.index())) {
                    if self.threatens_vcf(m, depth - 1)? {
                        moves.push(m);
                    }
                }
            }
        }
        Ok(moves)
    }

    /// Whether the attacker's quiet move `m` is legal and leaves it a VCF within `depth`
    /// were it to move again.
    fn threatens_vcf(&mut self, m: Point, depth: u8) -> Result<bool, OutOfTime> {
        let attacker = self.pos.attacker;
        if !attacker.may_play(&mut self.pos.board, m) {
            return Ok(false);
        }
        self.pos.place(m, attacker.color);
        let threat = Vcf::new(self.pos, self.clock, self.vcf_table).wins_within(depth);
        self.pos.remove(m);
        threat
    }

    /// The defender's moves at an AND node, or the node's value.
    pub(crate) fn expand_and(&mut self, depth: u8) -> Result<Expansion, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        if self.pos.has_five(defender.color) {
            return Ok(Expansion::Disproven { any_depth: true });
        }
        let fives = self.pos.fives(attacker.color);
        match after_four(&mut self.pos.board, &defender, fives) {
            Some(AfterFour::Block(f)) => return Ok(Expansion::Moves(vec![f])),
            Some(_) => {
                return Ok(if depth >= 1 {
                    Expansion::Proven
                } else {
                    Expansion::Disproven { any_depth: false }
                });
            }
            None => {}
        }
        if depth < 2 {
            return Ok(Expansion::Disproven { any_depth: false });
        }
        Ok(match self.defence_plan(depth)? {
            None => Expansion::Disproven {
                any_depth: self.threats == Threats::Threes,
            },
            Some(plan) if plan.replies.is_empty() => Expansion::Proven,
            Some(plan) => Expansion::Moves(plan.replies),
        })
    }

    /// At an AND node (no five point on either side, `depth` at least 2): the attacker's
    /// standing threat and the replies that do not lose to it at once; `None` without a
    /// threat.
    pub(crate) fn defence_plan(&mut self, depth: u8) -> Result<Option<DefencePlan>, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let fours = self.pos.four_moves(attacker.color);
        if let Some(q) = win_in_two(&mut self.pos.board, &attacker, &defender, fours) {
            return Ok(Some(self.defences_to(q, fours)));
        }
        if self.threats == Threats::Threes {
            return Ok(None);
        }
        let Some(threat) = self.vcf(depth)? else {
            return Ok(None);
        };
        let line = unstoppable_part(&threat);
        let mut replies = Vec::new();
        let empties: Vec<Point> = self.pos.board.empty_points().collect();
        for r in empties {
            self.pos.place(r, defender.color);
            let refuted = self.line_wins(&line);
            self.pos.remove(r);
            if !refuted && defender.may_play(&mut self.pos.board, r) {
                replies.push(r);
            }
        }
        Ok(Some(DefencePlan {
            replies,
            refutations: vec![line],
        }))
    }

    /// The defender's legal replies after which no win-in-two of the attacker works at once
    /// (`q` is one standing now, `fours` the attacker's four moves): counter-fours, and
    /// whatever spoils them all.
    fn defences_to(&mut self, q: Point, fours: Cells) -> DefencePlan {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let candidates: Vec<Point> = match self.local_replies(q) {
            Some(near) => near.iter().map(Point::from_index).collect(),
            None => self.pos.board.empty_points().collect(),
        };
        // Other win-in-two moves standing now: the only others a reply can leave working.
        let standing: Vec<Point> = {
            let board = &mut self.pos.board;
            fours
                .iter()
                .map(Point::from_index)
                .filter(|&o| o != q && is_win_in_two(board, &attacker, &defender, o))
                .collect()
        };
        let mut replies = Vec::new();
        let mut refuters = vec![q];
        // A reply that makes a five point of the defender's (a counter-four) is one of its
        // fours; it always needs an answer.
        let counters = self.pos.four_moves(defender.color);
        let board = &mut self.pos.board;
        for r in candidates {
            if r == q || counters.contains(r.index()) {
                if defender.may_play(board, r) {
                    replies.push(r);
                }
                continue;
            }
            board.place(r, defender.color);
            let refuter = std::iter::once(q)
                .chain(standing.iter().copied().filter(|&o| o != r))
                .find(|&o| is_win_in_two(board, &attacker, &defender, o));
            board.remove(r);
            match refuter {
                Some(o) => {
                    if !refuters.contains(&o) {
                        refuters.push(o);
                    }
                }
                None => {
                    if defender.may_play(board, r) {
                        replies.push(r);
                    }
                }
            }
        }
        DefencePlan {
            replies,
            refutations: refuters.into_iter().map(|o| vec![o]).collect(),
        }
    }

    /// The only replies that can spoil the win-in-two `q`, when that can be told without
    /// trying every point (see the module docs): `q`, its five points, the defender's fours,
    /// and (when `q`'s four wins only because black may not take its one five point) the
    /// points within 5 of that five point on its lines. `None` when a move of black's that
    /// matters is not decided locally.
    fn local_replies(&mut self, q: Point) -> Option<Cells> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let board = &mut self.pos.board;
        let renju = attacker.rule == Rule::Renju;
        if renju && attacker.color == Color::Black && !decided_locally(board, q) {
            return None;
        }
        board.place(q, attacker.color);
        let fives = attacker.fives_made_by(board, q);
        let single = fives
            .first()
            .filter(|_| fives.len() == 1)
            .map(Point::from_index);
        let local = single.is_none_or(|f| decided_locally(board, f));
        board.remove(q);
        if renju && !local {
            return None;
        }
        let mut out = self.pos.four_moves(defender.color);
        out.insert(q.index());
        for f in fives.iter() {
            out.insert(f);
        }
        if let Some(f) = single {
            for d in 0..4 {
                for k in -5..=5 {
                    if let Some(p) = f.step(d, k)
                        && self.pos.board.get(p).is_none()
                    {
                        out.insert(p.index());
                    }
                }
            }
        }
        Some(out)
    }

    /// Whether the attacker's line of fours (as [`DefencePlan::refutations`] gives them:
    /// each defender move the forced block, ending with a four the defender cannot stop)
    /// still wins from here, attacker to move.
    pub(crate) fn line_wins(&mut self, line: &[Point]) -> bool {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let mut placed = Vec::new();
        let mut wins = false;
        for pair in line.chunks(2) {
            let m = pair[0];
            if self.pos.has_five(attacker.color) {
                wins = true;
                break;
            }
            let threats = self.pos.fives(defender.color);
            let blocks = threats.is_empty() || threats.len() == 1 && threats.contains(m.index());
            if !blocks
                || self.pos.board.get(m).is_some()
                || !attacker.may_play(&mut self.pos.board, m)
            {
                break;
            }
            self.pos.place(m, attacker.color);
            placed.push(m);
            let fives = attacker.fives_made_by(&self.pos.board, m);
            match after_four(&mut self.pos.board, &defender, fives) {
                Some(AfterFour::Block(f)) => {
                    self.pos.place(f, defender.color);
                    placed.push(f);
                }
                Some(_) => {
                    wins = true;
                    break;
                }
                None => break,
            }
        }
        for &p in placed.iter().rev() {
            self.pos.remove(p);
        }
        wins
    }
}

/// A VCF's line up to its four that the defender cannot stop (a line that ends with a
/// block and the five after two five points drops those two).
pub(crate) fn unstoppable_part(win: &Win) -> Vec<Point> {
    let line = &win.line;
    match win.end {
        crate::mate::MateEnd::ForbiddenBlock => line.clone(),
        crate::mate::MateEnd::Five => line[..line.len().saturating_sub(2)].to_vec(),
    }
}
