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

mod expand;
mod explain;
mod lines;
pub mod proof;
mod referee;
mod search;
mod state;
mod table;
mod threats;
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
use search::{Found, Search, Stopped};
use state::Position;
use threats::AfterFour;

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
    pub threats: Threats,
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
    if !options.all_first_moves
        && let Some(f) = lines::Side::new(attacker, rule).first_five(board)
    {
        // A five on offer needs no search (half of middle-game VCF questions end here).
        let win = Win::five(&[f]);
        return MateOutcome {
            status: MateStatus::Win,
            proof: options.proof.then(|| explain::proof_of_line(&win)),
            win: Some(win),
            first_moves: None,
            nodes: 0,
        };
    }
    let mut search = Search::new(Position::new(board.clone(), attacker, rule), *options);
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
        threats: input.threats,
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
