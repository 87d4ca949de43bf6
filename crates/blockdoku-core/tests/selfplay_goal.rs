//! The engine's strength goal: `cargo test --release -p blockdoku-core --test selfplay_goal --
//! --ignored`. About 20 s of wall time in release on a 2-core machine (20,000 trays), but
//! minutes in a debug build, so a plain `cargo test` leaves it out.

use blockdoku_core::{Scoring, SelfplayInput, selfplay};

/// At least 19 of 20 seeded games (seed 0, the `selfplay` default) reach a 1000-tray cap.
#[test]
#[ignore = "minutes in a debug build; run it in release with --ignored"]
fn nineteen_of_twenty_games_reach_1000_trays() {
    let v = selfplay(SelfplayInput {
        games: 20,
        seed: 0,
        max_trays: 1000,
        scoring: Scoring::Classic,
        size: 9,
        box_size: None,
        // No time limit: the goal is about deaths, and the default 60 s cut games short
        // (status `timeout`) on a loaded machine.
        timeout_ms: Some(puzzles_common::limits::NO_LIMIT_MS),
    })
    .expect("valid input");
    let trays: Vec<u64> = v.results.iter().map(|r| r.trays).collect();
    assert!(
        v.reached_cap >= 19,
        "reached the cap: {} of 20, trays {trays:?}",
        v.reached_cap
    );
}
