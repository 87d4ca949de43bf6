//! Compares evaluation weights by self-play on a fixed seeded deal:
//!
//! `cargo run --release -p blockdoku-core --example tune -- GAMES TRAYS W1 [W2 ...]`
//!
//! Each `W` is the weights of `Weights::NAMES`, comma-separated, or `default` (the current
//! defaults) followed by any `:NAME=V` settings (`default:edge_slots=20:hard_crowded=1`,
//! as `versus` takes them), optionally followed by `@K`: the plans the lookahead compares (1: no
//! lookahead; default `LOOKAHEAD_CANDIDATES`). Every candidate plays the same `GAMES` games (seed 1, or
//! the environment's `TUNE_SEED`; the `selfplay` deal) for at most `TRAYS` trays each. Deaths are too rare to rank candidates in minutes
//! (about one per 10,000 trays or fewer), so each board the engine leaves from tray 25 on is
//! also probed: 32 trays dealt from a separate generator, and the fraction that cannot be
//! placed whole in any order is the chance of dying on that board. Its mean over the boards
//! estimates the chance of dying per tray with the deal's noise averaged out (an unbiased
//! estimate: on average over the probe trays it is the chance the real next tray kills).
//! The interval is the mean +- 2 standard errors over games (boards of one game are
//! correlated, games are not).
#![allow(clippy::print_stdout)]

#[path = "shared/weight_settings.rs"]
mod weight_settings;

use blockdoku_core::engine::{Engine, Turn};
use blockdoku_core::eval::Weights;
use blockdoku_core::geometry::Geometry;
use blockdoku_core::piece::{Placement, default_placements};
use blockdoku_core::selfplay::{SplitMix64, game_seeds};
use rayon::prelude::*;
use std::time::Instant;

const BURN_IN: u64 = 25;
const PROBES: u32 = 32;

struct Game {
    trays: u64,
    died: bool,
    /// Sum over probed boards of the fraction of probe trays that do not fit.
    risk: f64,
    boards: u64,
    occupied: u64,
    /// Probed boards with at least [`CROWDED_CELLS`] occupied cells: how often the engine
    /// gets into the trouble deaths come from (far more often than it dies).
    crowded: u64,
}

/// The occupied cells from which a probed board counts as crowded.
const CROWDED_CELLS: u32 = 32;

fn play(engine: &Engine, set: &[Placement], seed: u64, cap: u64) -> Game {
    let mut deal = SplitMix64::new(seed);
    // Its own stream, apart from the deal.
    let mut probe = SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut g = Game {
        trays: 0,
        died: false,
        risk: 0.0,
        boards: 0,
        occupied: 0,
        crowded: 0,
    };
    let mut board = 0u128;
    let mut tray: Vec<Placement> = Vec::with_capacity(3);
    while g.trays < cap {
        tray.clear();
        for _ in 0..3 {
            tray.push(set[deal.below(set.len() as u64) as usize].clone());
        }
        let plan = engine.choose(board, &tray, Turn::default());
        if !plan.complete {
            g.died = true;
            break;
        }
        board = plan.board;
        g.trays += 1;
        if g.trays >= BURN_IN {
            let mut fails = 0;
            for _ in 0..PROBES {
                tray.clear();
                for _ in 0..3 {
                    tray.push(set[probe.below(set.len() as u64) as usize].clone());
                }
                fails += u32::from(!engine.fits_whole(board, &tray));
            }
            g.risk += f64::from(fails) / f64::from(PROBES);
            g.boards += 1;
            g.occupied += u64::from(board.count_ones());
            g.crowded += u64::from(board.count_ones() >= CROWDED_CELLS);
        }
    }
    g
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|x| x.parse().ok()).unwrap_or(20);
    let cap: u64 = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(500);
    let geo = Geometry::standard();
    let set = default_placements(&geo);
    // `TUNE_SEED` replays the comparison on other games (a check on the first seed's pick).
    let seed: u64 = std::env::var("TUNE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let seeds = game_seeds(seed, games);
    println!(
        "{games} games (seed {seed}), cap {cap} trays, {PROBES} probe trays per board from tray {BURN_IN}"
    );
    println!("weights {:?}", Weights::NAMES);
    for spec in &args[2..] {
        let (w, lookahead) = weight_settings::candidate(spec);
        let engine = Engine::with_weights(geo.clone(), w).with_lookahead(lookahead);
        let start = Instant::now();
        let results: Vec<Game> = seeds
            .par_iter()
            .map(|&s| play(&engine, &set, s, cap))
            .collect();
        let secs = start.elapsed().as_secs_f64();
        let boards: u64 = results.iter().map(|g| g.boards).sum();
        let trays: u64 = results.iter().map(|g| g.trays).sum();
        let deaths = results.iter().filter(|g| g.died).count();
        let mean = results.iter().map(|g| g.risk).sum::<f64>() / boards.max(1) as f64;
        // Standard error of a ratio estimate clustered by game.
        let n = results.len() as f64;
        let var = results
            .iter()
            .map(|g| (g.risk - mean * g.boards as f64).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        let se = var.sqrt() * n.sqrt() / boards.max(1) as f64;
        let occupied =
            results.iter().map(|g| g.occupied).sum::<u64>() as f64 / boards.max(1) as f64;
        let crowded = results.iter().map(|g| g.crowded).sum::<u64>() as f64 / boards.max(1) as f64;
        println!(
            "{spec} {:?} @{lookahead}: risk per 10k trays {:.2} (+- {:.2}), deaths {deaths} in {trays} trays, occupied {occupied:.1}, crowded (>= {CROWDED_CELLS} cells) per 1000 boards {:.2}, {:.0} us/tray wall",
            w.to_array(),
            mean * 1e4,
            2.0 * se * 1e4,
            crowded * 1e3,
            secs * 1e6 / trays.max(1) as f64 * rayon::current_num_threads() as f64,
        );
    }
}
