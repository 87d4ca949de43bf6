//! How much the one-piece lookahead's width buys and costs: plays seeded games with the
//! default engine and, on every tray from tray 25 on, also asks engines comparing fewer of
//! their best plans, and engines comparing plans that end on different boards
//! (`Engine::with_distinct_plans`), counting how often each picks the same board and the
//! CPU time each takes (thread clock).
//!
//! `cargo run --release -p blockdoku-core --example lookahead_width -- SEED GAMES TRAYS`
//!
//! A narrower lookahead that picks the same board on almost every tray is a cheap candidate
//! for a same-deal survival A/B (`versus ours@K`, `versus ours@K/distinct`); this does not
//! measure strength itself.
#![allow(clippy::print_stdout)]

use blockdoku_core::engine::{Engine, LOOKAHEAD_CANDIDATES, Turn};
use blockdoku_core::geometry::Geometry;
use blockdoku_core::piece::{Placement, default_set};
use blockdoku_core::selfplay::{SplitMix64, game_seeds};

/// Trays before the board reaches its steady crowding; not counted (as in `versus`).
const BURN_IN: u64 = 25;

/// CPU seconds this thread has run (the kernel's thread clock): on a shared machine the wall
/// time of a call counts the time it waited for a core.
fn thread_cpu_seconds() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let seed = args.first().copied().unwrap_or(2026);
    let games = args.get(1).copied().unwrap_or(8) as usize;
    let trays = args.get(2).copied().unwrap_or(500);
    let geo = Geometry::standard();
    // (plans compared, one plan per board): the default first, then narrower, then the
    // same widths keeping one plan per board (`Engine::with_distinct_plans`).
    let widths = [
        (LOOKAHEAD_CANDIDATES, false),
        (4, false),
        (3, false),
        (2, false),
        (1, false),
        (LOOKAHEAD_CANDIDATES, true),
        (4, true),
        (3, true),
        (2, true),
    ];
    let engines: Vec<Engine> = widths
        .iter()
        .map(|&(k, distinct)| {
            Engine::new(geo.clone())
                .with_lookahead(k)
                .with_distinct_plans(distinct)
        })
        .collect();
    let set: Vec<Placement> = default_set()
        .iter()
        .map(|p| Placement::new(p, &geo))
        .collect();
    let mut same = vec![0u64; widths.len()];
    let mut seconds = vec![0f64; widths.len()];
    let mut counted = 0u64;
    for game_seed in game_seeds(seed, games) {
        let mut rng = SplitMix64::new(game_seed);
        let mut board = 0u128;
        for tray_number in 0..trays {
            let tray: Vec<Placement> = (0..3)
                .map(|_| set[rng.below(set.len() as u64) as usize].clone())
                .collect();
            let mut boards = Vec::with_capacity(widths.len());
            let mut times = Vec::with_capacity(widths.len());
            for engine in &engines {
                let start = thread_cpu_seconds();
                let plan = engine.choose(board, &tray, Turn::default());
                times.push(thread_cpu_seconds() - start);
                boards.push((plan.board, plan.complete));
            }
            if !boards[0].1 {
                break;
            }
            if tray_number >= BURN_IN {
                counted += 1;
                for k in 0..widths.len() {
                    same[k] += u64::from(boards[k].0 == boards[0].0);
                    seconds[k] += times[k];
                }
            }
            board = boards[0].0;
        }
    }
    println!(
        "seed {seed}, {games} games of up to {trays} trays, {counted} trays from tray {BURN_IN}"
    );
    for k in 0..widths.len() {
        let (plans, distinct) = widths[k];
        println!(
            "{plans} plans{} compared: same board as {} plans on {:.1}% of trays, mean {:.0} us of CPU per tray",
            if distinct { " on different boards" } else { "" },
            LOOKAHEAD_CANDIDATES,
            100.0 * same[k] as f64 / counted.max(1) as f64,
            1e6 * seconds[k] / counted.max(1) as f64
        );
    }
}
