//! Seeded self-play: trays dealt from the default set by our own PRNG, played by the engine.
//!
//! The generator is SplitMix64 (Steele, Lea and Flood, 2014) written out here, so a seed deals
//! the same trays forever, whatever crate versions or platform. Game `i` of a run is seeded
//! with the `i`-th output of a SplitMix64 seeded with the run's seed, so games are independent
//! and can be played in parallel without changing any result.

use crate::engine::{Evaluator, best_plan};
use crate::piece::{Placement, default_set};
use crate::rules::Scoring;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// SplitMix64: a tiny, fast, well-mixed 64-bit generator with a fixed definition.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias (Lemire's method with
    /// rejection).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

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
    ev: &Evaluator,
    seed: u64,
    max_trays: u64,
    scoring: Scoring,
    deadline: Option<Instant>,
) -> GameRecord {
    let set: Vec<Placement> = default_set()
        .iter()
        .map(|p| Placement::new(p, ev.geometry()))
        .collect();
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
        if deadline.is_some_and(|d| Instant::now() >= d) {
            rec.ending = Ending::Timeout;
            return rec;
        }
        for t in rec.last_tray.iter_mut() {
            *t = rng.below(set.len() as u64) as usize;
        }
        let tray: Vec<Placement> = rec.last_tray.iter().map(|&t| set[t].clone()).collect();
        rec.board_before = rec.board;
        let Some(plan) = best_plan(ev, rec.board, &tray, scoring, streak, true, deadline) else {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference outputs of SplitMix64 for seed 1234567 (from the published reference
    /// implementation's test vector).
    #[test]
    fn splitmix_matches_reference() {
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(r.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = SplitMix64::new(7);
        let mut seen = [0u32; 47];
        for _ in 0..47_000 {
            seen[r.below(47) as usize] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
    }
}
