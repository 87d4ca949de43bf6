//! Compares evaluation weights where games are lost: from crowded boards.
//!
//! `cargo run --release -p blockdoku-core --example crisis -- STARTS MIN_CELLS TRAYS W1 [W2 ...]`
//!
//! Deaths are rare (about one per 57,000 trays) and come after the board has filled up, so
//! counting them in whole games ranks weights only over hours. This collects `STARTS`
//! crowded boards (at least `MIN_CELLS` occupied cells) from games of the default engine
//! (seed 7, apart from `tune`'s seed 1 and the `versus` seeds; at most one board per 10
//! trays of a game), then lets every candidate play on from each of them for at most
//! `TRAYS` trays, on the same deal for all candidates (start `i` deals from the `i`-th
//! output of seed 8), and counts how many starts end in death. The candidates are paired
//! on the same starts and trays, so the comparison with the first uses only the starts
//! where one dies and the other does not (a sign test). This measures how a candidate gets
//! out of trouble, not how often it gets into it: `tune`'s `crowded` column says that.
//!
//! Each `W` is as in `tune`: `default`, `default:NAME=V:...` or the comma-separated weights,
//! optionally `@K` for the plans the lookahead compares.
#![allow(clippy::print_stdout)]

#[path = "shared/weight_settings.rs"]
mod weight_settings;

use blockdoku_core::engine::{Engine, Turn};
use blockdoku_core::geometry::Geometry;
use blockdoku_core::piece::{Placement, default_placements};
use blockdoku_core::selfplay::{SplitMix64, game_seeds};
use std::time::Instant;

fn deal(rng: &mut SplitMix64, set: &[Placement], tray: &mut Vec<Placement>) {
    tray.clear();
    for _ in 0..3 {
        tray.push(set[rng.below(set.len() as u64) as usize].clone());
    }
}

/// Crowded boards from the default engine's games of seed 7.
fn starts(geo: &Geometry, set: &[Placement], wanted: usize, min_cells: u32) -> Vec<u128> {
    let engine = Engine::new(geo.clone());
    let mut out = Vec::new();
    let mut tray = Vec::with_capacity(3);
    for seed in game_seeds(7, 100_000) {
        let mut rng = SplitMix64::new(seed);
        let mut board = 0u128;
        let mut last = 0u64;
        for t in 1..=3000u64 {
            deal(&mut rng, set, &mut tray);
            let plan = engine.choose(board, &tray, Turn::default());
            if !plan.complete {
                break;
            }
            board = plan.board;
            if board.count_ones() >= min_cells && t >= last + 10 {
                out.push(board);
                last = t;
                if out.len() == wanted {
                    return out;
                }
            }
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let wanted: usize = args.first().and_then(|x| x.parse().ok()).unwrap_or(500);
    let min_cells: u32 = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(36);
    let cap: u64 = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(30);
    let geo = Geometry::standard();
    let set = default_placements(&geo);
    let start = Instant::now();
    let boards = starts(&geo, &set, wanted, min_cells);
    let deal_seeds = game_seeds(8, boards.len());
    println!(
        "{} starts of >= {min_cells} cells (mean {:.1}), collected in {:.0} s; {cap} trays from each",
        boards.len(),
        boards.iter().map(|b| b.count_ones() as f64).sum::<f64>() / boards.len().max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    let mut first: Option<Vec<bool>> = None;
    for spec in &args[3..] {
        let (weights, lookahead) = weight_settings::candidate(spec);
        let engine = Engine::with_weights(geo.clone(), weights).with_lookahead(lookahead);
        let clock = Instant::now();
        let mut tray = Vec::with_capacity(3);
        let mut died = Vec::with_capacity(boards.len());
        let mut trays = 0u64;
        for (&b, &seed) in boards.iter().zip(&deal_seeds) {
            let mut rng = SplitMix64::new(seed);
            let mut board = b;
            let mut dead = false;
            for _ in 0..cap {
                deal(&mut rng, &set, &mut tray);
                let plan = engine.choose(board, &tray, Turn::default());
                if !plan.complete {
                    dead = true;
                    break;
                }
                board = plan.board;
                trays += 1;
            }
            died.push(dead);
        }
        let deaths = died.iter().filter(|&&d| d).count();
        let paired = match &first {
            None => String::new(),
            Some(f) => {
                let worse = f.iter().zip(&died).filter(|&(&a, &b)| !a && b).count();
                let better = f.iter().zip(&died).filter(|&(&a, &b)| a && !b).count();
                let z = (worse as f64 - better as f64) / ((worse + better) as f64).sqrt().max(1.0);
                format!(
                    ", against the first: dies where it lives {worse}, lives where it dies {better} (z {z:+.2})"
                )
            }
        };
        println!(
            "{spec}: deaths {deaths} of {} ({:.2}%){paired}, {:.0} us/tray",
            died.len(),
            100.0 * deaths as f64 / died.len().max(1) as f64,
            clock.elapsed().as_secs_f64() * 1e6 / trays.max(1) as f64
        );
        if first.is_none() {
            first = Some(died);
        }
    }
}
