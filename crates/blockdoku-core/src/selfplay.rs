//! Seeded self-play: trays dealt from the default set by our own PRNG, played by the engine.
//!
//! The generator is SplitMix64 (Steele, Lea and Flood, 2014), written out in `puzzles-common`
//! and shared with the other games, so a seed deals the same trays forever, whatever crate
//! versions or platform. Game `i` of a run is seeded
//! with the `i`-th output of a SplitMix64 seeded with the run's seed, so games are independent
//! and can be played in parallel without changing any result.

use crate::engine::{Engine, Turn};
use crate::piece::{Placement, default_placements};
use crate::rules::Scoring;
use puzzles_common::Deadline;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use puzzles_common::SplitMix64;

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A tray could not be placed whole.
    GameOver,
    /// `max_trays` trays were placed.
    Cap,
    /// The time limit ran out first.
    Timeout,
}

/// One self-played game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Trays placed whole.
    pub trays: u64,
    /// Points scored (including the pieces placed from the last, unfinished tray).
    pub score: u64,
    /// Pieces placed.
    pub pieces: u64,
    pub ending: Ending,
    /// The final board.
    pub board: u128,
    /// The last tray dealt (indexes into the default set), the one that ended the game when
    /// it ended by `GameOver`.
    pub last_tray: [usize; 3],
    /// The board before the last tray.
    pub board_before: u128,
}

/// The seeds of the games of a run.
pub fn game_seeds(seed: u64, games: usize) -> Vec<u64> {
    let mut master = SplitMix64::new(seed);
    (0..games).map(|_| master.next_u64()).collect()
}

/// Plays one game from an empty board. `deadline`: stop (as [`Ending::Timeout`]) when passed.
pub fn play_game(
    engine: &Engine,
    seed: u64,
    max_trays: u64,
    scoring: Scoring,
    deadline: Deadline,
) -> GameRecord {
    let set = default_placements(engine.geometry());
    let mut rng = SplitMix64::new(seed);
    let mut rec = GameRecord {
        trays: 0,
        score: 0,
        pieces: 0,
        ending: Ending::Cap,
        board: 0,
        last_tray: [0; 3],
        board_before: 0,
    };
    let mut streak = false;
    while rec.trays < max_trays {
        if deadline.passed() {
            rec.ending = Ending::Timeout;
            return rec;
        }
        for t in rec.last_tray.iter_mut() {
            *t = rng.below(set.len() as u64) as usize;
        }
        let tray: Vec<Placement> = rec.last_tray.iter().map(|&t| set[t].clone()).collect();
        rec.board_before = rec.board;
        let Some(plan) = engine.plan(rec.board, &tray, Turn { scoring, streak }, deadline) else {
            rec.ending = Ending::Timeout;
            return rec;
        };
        rec.board = plan.board;
        rec.score += plan.points;
        rec.pieces += plan.moves.len() as u64;
        streak = plan.streak;
        if !plan.complete {
            rec.ending = Ending::GameOver;
            return rec;
        }
        rec.trays += 1;
    }
    rec
}
