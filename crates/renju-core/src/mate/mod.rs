//! `renju mate`: can the side to move force a five by continuous fours (VCF) or continuous
//! fours and threes (VCT), how short is the shortest win, and which first moves win.
//!
//! - [`threats`](self) (internal): five points, fours, threes and legality for either colour
//!   under any rule, on the board's line masks; Zobrist keys.
//! - `vcf`: threat-space search with a transposition table, iterative deepening.
//! - `vct`: df-pn over fours and threes against every defence.
//! - [`verify`]: replays a claimed line and checks it move by move.
//!
//! Exactness. The rules are the engine's own ([`crate::rules`]): a black attacker never
//! plays a forbidden point (a five is never forbidden); a black defender whose only block is
//! forbidden cannot block, so the four wins; a defender's four (counter-four) must be blocked
//! first, and in a VCF the block must itself be a four; a five that is also an overline wins
//! for white under renju and under freestyle, for nobody else. The defender never passes.
//!
//! Depth counts the attacker's moves up to and including the winning five: a lone four with
//! its block forbidden is depth 2 though the line shows only the four.

mod explain;
pub mod proof;
mod referee;
mod table;
pub(crate) mod threats;
mod vcf;
mod vct;
pub mod verify;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod tests;

pub use crate::contract::{
    MateEnd, MateInput, MateKind, MateStats, MateStatus, MateVerdict, ProofDefence, ProofNode,
    Threats,
};

use std::time::Instant;

use puzzles_common::Deadline;
use puzzles_common::limits::or_default;

use crate::board::{Board, Color, Point};
use crate::error::InputError;
use crate::notation::to_notation;
use crate::position::position;
use crate::rules::Rule;
use proof::Proof;
use table::{Clock, OutOfTime, Table};
use threats::{AfterFour, Position};

/// The most attacker moves a line can have: one per point of the board.
pub const MAX_DEPTH: u8 = 113;
/// `max_depth` when the input gives none: VCF (every move a four) runs out of fours long
/// before this; VCT grows fast with depth, so its default is what problem books pose.
pub const DEFAULT_VCF_DEPTH: u8 = MAX_DEPTH;
pub const DEFAULT_VCT_DEPTH: u8 = 7;

/// A winning line in engine terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    pub line: Vec<Point>,
    pub end: MateEnd,
}

impl Win {
    /// `path` ended by the attacker's five (its last move).
    pub(crate) fn five(path: &[Point]) -> Win {
        Win {
            line: path.to_vec(),
            end: MateEnd::Five,
        }
    }

    /// `path` ending with a four that cannot be stopped: a double threat goes on with a block
    /// and the five, a forbidden block stops there.
    pub(crate) fn from_end(path: &[Point], end: AfterFour) -> Win {
        match end {
            AfterFour::Double(block, five) => {
                let mut line = path.to_vec();
                line.extend([block, five]);
                Win::five(&line)
            }
            AfterFour::ForbiddenBlock(_) | AfterFour::Block(_) => Win {
                line: path.to_vec(),
                end: MateEnd::ForbiddenBlock,
            },
        }
    }

    /// Attacker moves counting the five (the five after a forbidden block too).
    pub fn depth(&self) -> u32 {
        let attacker_moves = self.line.len().div_ceil(2) as u32;
        match self.end {
            MateEnd::Five => attacker_moves,
            MateEnd::ForbiddenBlock => attacker_moves + 1,
        }
    }
}

/// What to search for.
#[derive(Debug, Clone, Copy)]
pub struct MateOptions {
    pub kind: MateKind,
    pub max_depth: u8,
    pub all_first_moves: bool,
    pub proof: bool,
    pub deadline: Deadline,
}

/// The answer in engine terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MateOutcome {
    pub status: MateStatus,
    pub win: Option<Win>,
    pub first_moves: Option<Vec<Point>>,
    pub proof: Option<Proof>,
    pub nodes: u64,
}

/// Searches the position for a mate of the side `attacker` (to move). The game must not be
/// over; the board is not changed.
pub fn solve(board: &Board, attacker: Color, rule: Rule, options: &MateOptions) -> MateOutcome {
    let mut search = Search {
        pos: Position::new(board.clone(), attacker, rule),
        clock: Clock::new(options.deadline),
        vcf_table: None,
        vct_table: None,
        options: *options,
    };
    let (status, found) = match search.run() {
        Ok(found) if found.win.is_some() => (MateStatus::Win, found),
        Ok(found) => (MateStatus::NoWin, found),
        Err(Stopped { win }) => (
            MateStatus::Timeout,
            Found {
                win,
                ..Found::default()
            },
        ),
    };
    MateOutcome {
        status,
        win: found.win,
        first_moves: found.first_moves,
        proof: found.proof,
        nodes: search.clock.nodes,
    }
}

/// What a search that finished found.
#[derive(Default)]
struct Found {
    win: Option<Win>,
    first_moves: Option<Vec<Point>>,
    proof: Option<Proof>,
}

/// A search that ran out of time, with the win found before, if any.
struct Stopped {
    win: Option<Win>,
}

impl From<OutOfTime> for Stopped {
    fn from(_: OutOfTime) -> Self {
        Stopped { win: None }
    }
}

/// Bits of the transposition tables: up to 2^18 slots of 16 bytes for VCF (growing with the
/// search), 2^20 for VCT (allocated zeroed).
const VCF_TABLE_BITS: u32 = 18;
const VCT_TABLE_BITS: u32 = 20;

struct Search {
    pos: Position,
    clock: Clock,
    vcf_table: Option<Table>,
    vct_table: Option<Table>,
    options: MateOptions,
}

impl Search {
    /// The shortest win (or none), then its proof and the winning first moves when asked.
    fn run(&mut self) -> Result<Found, Stopped> {
        let win = self.shortest()?;
        let proof = match &win {
            Some(w) if self.options.proof => match self.proof(w) {
                Ok(proof) => Some(proof),
                Err(OutOfTime) => return Err(Stopped { win: win.clone() }),
            },
            _ => None,
        };
        let first_moves = if self.options.all_first_moves {
            Some(
                self.first_moves()
                    .map_err(|OutOfTime| Stopped { win: win.clone() })?,
            )
        } else {
            None
        };
        Ok(Found {
            win,
            first_moves,
            proof,
        })
    }

    /// The proof tree of the win `win` found.
    fn proof(&mut self, win: &Win) -> Result<Proof, OutOfTime> {
        let depth = win.depth();
        if self.options.kind == MateKind::Vcf || depth == 1 {
            return Ok(explain::proof_of_line(win));
        }
        self.vct().proof(depth as u8)
    }

    /// Every winning first move, by column then row.
    fn first_moves(&mut self) -> Result<Vec<Point>, OutOfTime> {
        let mut first = if self.pos.attacker.fives(&self.pos.board).is_empty() {
            let mut first = Vec::new();
            for m in self.first_move_candidates() {
                if self.wins_with(m)? {
                    first.push(m);
                }
            }
            first
        } else {
            self.first_moves_beside_a_five()
        };
        first.sort_by_key(|p| (p.x, p.y));
        Ok(first)
    }

    /// The winning first moves when the attacker already has a five point: the fives, and
    /// (within two moves) every threat of the kind after which the defender has no five of
    /// its own, since the five is still there on the next move.
    fn first_moves_beside_a_five(&mut self) -> Vec<Point> {
        let fives = self.pos.attacker.fives(&self.pos.board);
        let mut out: Vec<Point> = fives.iter().map(Point::from_index).collect();
        if self.options.max_depth < 2 {
            return out;
        }
        let threats = self.pos.defender.fives(&self.pos.board);
        let threat_moves = match self.options.kind {
            MateKind::Vcf => self.vct().legal_fours(),
            MateKind::Vct => self.vct().threat_moves(),
        };
        out.extend(
            threat_moves
                .into_iter()
                .filter(|m| !fives.contains(m.index()) && threats.iter().all(|d| d == m.index())),
        );
        out
    }

    /// The attacker's five points, then (when the defender has fewer than two) the moves the
    /// kind allows: the block of a defender five point, or the fours (and threes).
    fn first_move_candidates(&mut self) -> Vec<Point> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        let fives = attacker.fives(&self.pos.board);
        let mut out: Vec<Point> = fives.iter().map(Point::from_index).collect();
        let threats = defender.fives(&self.pos.board);
        if threats.len() >= 2 {
            return out;
        }
        let others = match self.options.kind {
            MateKind::Vcf => {
                let mut fours = attacker.four_moves(&self.pos.board);
                if let Some(d) = threats.first() {
                    let blocks = fours.contains(d);
                    fours = Default::default();
                    if blocks {
                        fours.insert(d);
                    }
                }
                fours.iter().map(Point::from_index).collect()
            }
            MateKind::Vct => {
                let depth = self.options.max_depth;
                match self.vct().expand_or(depth) {
                    vct::Expansion::Moves(moves) => moves,
                    _ => Vec::new(),
                }
            }
        };
        out.extend(others.into_iter().filter(|p| !fives.contains(p.index())));
        out
    }

    /// Whether first move `m` (a candidate) wins within the depth.
    fn wins_with(&mut self, m: Point) -> Result<bool, OutOfTime> {
        if self.pos.attacker.fives(&self.pos.board).contains(m.index()) {
            return Ok(true);
        }
        let depth = self.options.max_depth;
        match self.options.kind {
            MateKind::Vcf => {
                let threats = self.pos.defender.fives(&self.pos.board);
                let d = threats.first().map(Point::from_index);
                Ok(self.vcf().shortest(depth, d, Some(m))?.is_some())
            }
            MateKind::Vct => {
                if depth < 2 || !self.pos.attacker.may_play(&mut self.pos.board, m) {
                    return Ok(false);
                }
                let attacker = self.pos.attacker.color;
                self.pos.place(m, attacker);
                let r = self.vct().prove(true, depth - 1);
                self.pos.remove(m);
                r
            }
        }
    }

    fn shortest(&mut self) -> Result<Option<Win>, OutOfTime> {
        let (attacker, defender) = (self.pos.attacker, self.pos.defender);
        if let Some(f) = attacker.fives(&self.pos.board).first() {
            return Ok(Some(Win::five(&[Point::from_index(f)])));
        }
        let threats = defender.fives(&self.pos.board);
        if threats.len() >= 2 {
            return Ok(None);
        }
        let max = self.options.max_depth;
        match self.options.kind {
            MateKind::Vcf => {
                let d = threats.first().map(Point::from_index);
                self.vcf().shortest(max, d, None)
            }
            MateKind::Vct => {
                for depth in 2..=max {
                    if self.vct().prove(false, depth)? {
                        return self.vct().principal_line(depth).map(Some);
                    }
                }
                Ok(None)
            }
        }
    }

    fn vcf(&mut self) -> vcf::Vcf<'_> {
        let table = self
            .vcf_table
            .get_or_insert_with(|| Table::growing(VCF_TABLE_BITS));
        vcf::Vcf::new(&mut self.pos, &mut self.clock, table)
    }

    fn vct(&mut self) -> vct::Vct<'_> {
        let table = self
            .vct_table
            .get_or_insert_with(|| Table::new(VCT_TABLE_BITS));
        vct::Vct {
            pos: &mut self.pos,
            clock: &mut self.clock,
            table,
        }
    }
}

/// The board and the attacker (the side to move) of a `renju mate` input, or why there is no
/// mate to search: a bad position, or a game that is over.
pub fn mate_position(input: &MateInput) -> Result<(Board, Color), InputError> {
    let game = position(input.source(), None)?;
    if let Some(outcome) = game.outcome() {
        let what = match outcome.winner {
            Some(c) => format!("{} has won", c.name()),
            None => "it is a draw".to_string(),
        };
        let path = if input.moves.is_some() {
            "/moves"
        } else {
            "/board"
        };
        return Err(InputError::new(
            path,
            format!("the game is over ({what}), so there is no mate to search"),
        ));
    }
    Ok((game.board().clone(), game.to_move()))
}

/// `renju mate`: the side to move's VCF or VCT.
pub fn mate(input: MateInput) -> Result<MateVerdict, InputError> {
    let start = Instant::now();
    let (board, attacker) = mate_position(&input)?;
    let max_depth = match input.max_depth {
        None => match input.kind {
            MateKind::Vcf => DEFAULT_VCF_DEPTH,
            MateKind::Vct => DEFAULT_VCT_DEPTH,
        },
        Some(d) if (1..=u32::from(MAX_DEPTH)).contains(&d) => d as u8,
        Some(d) => {
            return Err(InputError::new(
                "/max_depth",
                format!("`max_depth` counts attacker moves, 1 to {MAX_DEPTH}; got {d}"),
            ));
        }
    };
    let options = MateOptions {
        kind: input.kind,
        max_depth,
        all_first_moves: input.all_first_moves,
        proof: input.proof,
        deadline: Deadline::starting_at(start, or_default(input.timeout_ms)),
    };
    let outcome = solve(&board, attacker, input.rule, &options);
    let win = outcome.win.filter(|_| outcome.status == MateStatus::Win);
    Ok(MateVerdict {
        status: outcome.status,
        attacker,
        depth: win.as_ref().map(Win::depth),
        line: win
            .as_ref()
            .map(|w| w.line.iter().map(|&p| to_notation(p)).collect())
            .unwrap_or_default(),
        end: win.as_ref().map(|w| w.end),
        first_moves: outcome
            .first_moves
            .map(|f| f.into_iter().map(to_notation).collect()),
        proof: outcome
            .proof
            .as_ref()
            .filter(|_| outcome.status == MateStatus::Win)
            .map(ProofNode::from),
        stats: MateStats {
            nodes: outcome.nodes,
            elapsed_ms: (start.elapsed().as_secs_f64() * 1e6).round() / 1e3,
        },
    })
}
