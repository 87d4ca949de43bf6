//! Seeded self-play: trays dealt from the default set by our own PRNG, played by the engine,
//! and the `selfplay` command that plays a run of such games on every worker thread.
//!
//! The generator is SplitMix64 (Steele, Lea and Flood, 2014), written out in `puzzles-common`
//! and shared with the other games, so a seed deals the same trays forever, whatever crate
//! versions or platform. Game `i` of a run is seeded with the `i`-th output of a SplitMix64
//! seeded with the run's seed, so games are independent and can be played in parallel
//! without changing any result.

use crate::engine::{Engine, Turn};
use crate::error::InputError;
use crate::geometry::Geometry;
use crate::input::command_input;
use crate::piece::{Placement, default_placements};
use crate::rules::Scoring;
use puzzles_common::Deadline;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

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

// ---------------------------------------------------------------------------------------
// The `selfplay` command

fn default_games() -> usize {
    20
}
fn default_max_trays() -> u64 {
    1000
}

/// Most games one `selfplay` may play.
pub const MAX_GAMES: usize = 100_000;
/// Largest `max_trays`.
pub const MAX_TRAYS: u64 = 100_000_000;

command_input! {
    /// `blockdoku selfplay`: the engine plays seeded games from an empty board.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SelfplayInput {
        /// Number of games (1..=100000), default 20.
        #[serde(default = "default_games")]
        pub games: usize,
        /// Seed of the deal, default 0. The same seed deals the same trays in every version.
        #[serde(default)]
        pub seed: u64,
        /// A game that places this many trays stops and counts as reaching the cap; default 1000.
        #[serde(default = "default_max_trays")]
        pub max_trays: u64,
        scoring,
        size,
        /// Stop all games after this many milliseconds (status `timeout`): no game starts after
        /// it, and the verdict reports only the games played. Default 60000; `null` for no limit.
        #[serde(default, deserialize_with = "puzzles_common::limits::timeout_ms")]
        pub timeout_ms: Option<u64>,
    }
}

/// One self-played game.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct GameResult {
    /// The game's own seed (derived from the run's seed and the game's index).
    pub seed: u64,
    /// Trays placed whole.
    pub trays: u64,
    /// Points scored.
    pub score: u64,
    /// Pieces placed.
    pub pieces: u64,
    /// Why the game stopped: `game_over`, `cap` or `timeout`.
    pub ending: Ending,
}

/// Self-play figures. `games` counts the games played: all of them, or, when `timeout_ms`
/// stopped the run, those that started before it and placed a piece (a game cut short counts
/// as far as it got). Means are over the games played (0 when there are none).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SelfplayVerdict {
    /// Games played (see above).
    pub games: usize,
    /// Mean number of trays placed whole per game.
    pub mean_trays: f64,
    /// Mean score per game.
    pub mean_score: f64,
    /// Games that placed `max_trays` trays.
    pub reached_cap: usize,
    /// `complete`, or `timeout` when the time limit stopped some game.
    pub status: SelfplayStatus,
    /// The run's seed, as given (or 0).
    pub seed: u64,
    /// The cap on trays per game, as given (or 1000).
    pub max_trays: u64,
    /// Fewest trays any game placed.
    pub min_trays: u64,
    /// Every game, in order.
    pub results: Vec<GameResult>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SelfplayStatus {
    /// Every game ran to its end.
    Complete,
    /// The time limit stopped the run: only the games played are reported.
    Timeout,
}

/// Plays the run `input` asks for: its games on every worker thread, until all are played or
/// its time limit passes.
pub fn selfplay(input: SelfplayInput) -> Result<SelfplayVerdict, InputError> {
    let start = Instant::now();
    let geo = Geometry::of_input(input.size, input.box_size)?;
    check_counts(&input)?;
    let deadline =
        Deadline::starting_at(start, puzzles_common::limits::or_default(input.timeout_ms));
    let engine = Engine::new(geo);
    let seeds = game_seeds(input.seed, input.games);
    let played = play_games(&engine, &seeds, &input, deadline);
    Ok(SelfplayVerdict::of(&input, &seeds, played))
}

/// Refuses a number of games or a tray cap out of range, at its field.
fn check_counts(input: &SelfplayInput) -> Result<(), InputError> {
    if input.games == 0 || input.games > MAX_GAMES {
        return Err(InputError::new(
            "/games",
            format!(
                "games is {}; it must be between 1 and {MAX_GAMES}",
                input.games
            ),
        ));
    }
    if input.max_trays == 0 || input.max_trays > MAX_TRAYS {
        return Err(InputError::new(
            "/max_trays",
            format!(
                "max_trays is {}; it must be between 1 and {MAX_TRAYS}",
                input.max_trays
            ),
        ));
    }
    Ok(())
}

impl SelfplayVerdict {
    /// The figures of the games `played` of a run of `input` (`seeds`: every game's seed, by
    /// index): means over the games played, 0 when the limit left no time for any.
    fn of(input: &SelfplayInput, seeds: &[u64], played: Played) -> SelfplayVerdict {
        let results: Vec<GameResult> = played
            .games
            .iter()
            .map(|game| GameResult {
                seed: seeds[game.index],
                trays: game.record.trays,
                score: game.record.score,
                pieces: game.record.pieces,
                ending: game.record.ending,
            })
            .collect();
        let mean = |total: f64| {
            if results.is_empty() {
                0.0
            } else {
                total / results.len() as f64
            }
        };
        SelfplayVerdict {
            games: results.len(),
            mean_trays: mean(results.iter().map(|r| r.trays as f64).sum()),
            mean_score: mean(results.iter().map(|r| r.score as f64).sum()),
            reached_cap: results.iter().filter(|r| r.ending == Ending::Cap).count(),
            status: if played.stopped {
                SelfplayStatus::Timeout
            } else {
                SelfplayStatus::Complete
            },
            seed: input.seed,
            max_trays: input.max_trays,
            min_trays: results.iter().map(|r| r.trays).min().unwrap_or(0),
            results,
        }
    }
}

/// The games a run played, in the order they were dealt, and whether its deadline stopped it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Played {
    games: Vec<PlayedGame>,
    stopped: bool,
}

/// One game a run played: its index in the run, and its record.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PlayedGame {
    index: usize,
    record: GameRecord,
}

/// Plays the games of `seeds` on every worker thread, each taking the next game in order,
/// until all are played or `deadline` passes: no game starts after it. A game the deadline
/// stopped before it placed a piece never ran and is left out.
fn play_games(engine: &Engine, seeds: &[u64], input: &SelfplayInput, deadline: Deadline) -> Played {
    let next = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let played = Mutex::new(Vec::new());
    let worker = || {
        loop {
            if deadline.passed() {
                stopped.store(true, Ordering::Relaxed);
                return;
            }
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(&seed) = seeds.get(index) else {
                return;
            };
            let record = play_game(engine, seed, input.max_trays, input.scoring, deadline);
            if record.ending == Ending::Timeout {
                stopped.store(true, Ordering::Relaxed);
                if record.pieces == 0 {
                    continue;
                }
            }
            played
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push(PlayedGame { index, record });
        }
    };
    let workers = rayon::current_num_threads().clamp(1, seeds.len().max(1));
    rayon::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(|_| worker());
        }
        worker();
    });
    let mut games = played
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    games.sort_unstable_by_key(|game| game.index);
    Played {
        games,
        stopped: stopped.into_inner(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(games: usize, max_trays: u64) -> SelfplayInput {
        SelfplayInput {
            games,
            seed: 5,
            max_trays,
            scoring: Scoring::Classic,
            size: 9,
            box_size: None,
            timeout_ms: None,
        }
    }

    fn record(trays: u64, score: u64, ending: Ending) -> GameRecord {
        GameRecord {
            trays,
            score,
            pieces: 3 * trays + 1,
            ending,
            board: 0,
            last_tray: [0; 3],
            board_before: 0,
        }
    }

    /// A deadline already passed: no game starts, and the run says it was stopped.
    #[test]
    fn an_expired_deadline_plays_no_game() {
        let engine = Engine::new(Geometry::standard());
        let seeds = game_seeds(5, 4);
        let played = play_games(&engine, &seeds, &input(4, 10), Deadline::after_ms(Some(0)));
        assert_eq!(
            played,
            Played {
                games: Vec::new(),
                stopped: true
            }
        );
        let v = SelfplayVerdict::of(&input(4, 10), &seeds, played);
        assert_eq!((v.games, v.status), (0, SelfplayStatus::Timeout));
        assert_eq!((v.mean_trays, v.mean_score, v.min_trays), (0.0, 0.0, 0));
    }

    /// Without a limit every game is played and reported in the order dealt, each as
    /// `play_game` plays it alone.
    #[test]
    fn every_game_is_played_in_order() {
        let engine = Engine::new(Geometry::standard());
        let seeds = game_seeds(5, 5);
        let played = play_games(&engine, &seeds, &input(5, 6), Deadline::NEVER);
        assert!(!played.stopped);
        let index: Vec<usize> = played.games.iter().map(|g| g.index).collect();
        assert_eq!(index, [0, 1, 2, 3, 4]);
        for game in &played.games {
            let alone = play_game(
                &engine,
                seeds[game.index],
                6,
                Scoring::Classic,
                Deadline::NEVER,
            );
            assert_eq!(game.record, alone);
        }
    }

    /// The figures of a run the limit stopped come from the games played only: a game cut
    /// short counts as far as it got, and the games never played are not reported.
    #[test]
    fn a_stopped_run_reports_only_the_games_played() {
        let seeds = game_seeds(5, 10);
        let played = Played {
            games: vec![
                PlayedGame {
                    index: 0,
                    record: record(10, 400, Ending::Cap),
                },
                PlayedGame {
                    index: 1,
                    record: record(4, 100, Ending::GameOver),
                },
                PlayedGame {
                    index: 3,
                    record: record(7, 250, Ending::Timeout),
                },
            ],
            stopped: true,
        };
        let v = SelfplayVerdict::of(&input(10, 10), &seeds, played);
        assert_eq!(v.status, SelfplayStatus::Timeout);
        assert_eq!((v.games, v.results.len()), (3, 3));
        assert_eq!(v.mean_trays, 7.0);
        assert_eq!(v.mean_score, 250.0);
        assert_eq!((v.reached_cap, v.min_trays), (1, 4));
        let reported: Vec<u64> = v.results.iter().map(|r| r.seed).collect();
        assert_eq!(reported, [seeds[0], seeds[1], seeds[3]]);
        assert_eq!(v.results[2].ending, Ending::Timeout);
    }
}
