//! Self-play measurement, printing the boards where games ended:
//! `cargo run --release -p blockdoku-core --example selfplay -- GAMES SEED MAX_TRAYS`.
#![allow(clippy::print_stdout)]

use blockdoku_core::engine::Engine;
use blockdoku_core::eval::Weights;
use blockdoku_core::geometry::Geometry;
use blockdoku_core::piece::DEFAULT_PIECES;
use blockdoku_core::rules::Scoring;
use blockdoku_core::selfplay::{game_seeds, play_game};
use rayon::prelude::*;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(20) as usize;
    let seed = args.get(1).copied().unwrap_or(0);
    let cap = args.get(2).copied().unwrap_or(1000);
    // BD_W="occupied,box_middle,..." (all of `Weights::NAMES`) overrides the weights.
    let mut w = Weights::default();
    if let Ok(text) = std::env::var("BD_W") {
        let v: Vec<i32> = text
            .split(',')
            .filter_map(|x| x.trim().parse().ok())
            .collect();
        if let Ok(a) = <[i32; blockdoku_core::eval::WEIGHTS]>::try_from(v) {
            w = Weights::from_array(a);
        }
    }
    println!("{w:?}");
    let geo = Geometry::standard();
    let engine = Engine::with_weights(geo.clone(), w);
    // BD_SCORING=combo scores the games Blockudoku-style.
    let scoring = match std::env::var("BD_SCORING").as_deref() {
        Ok("combo") => Scoring::Combo,
        _ => Scoring::Classic,
    };
    let start = Instant::now();
    let recs: Vec<_> = game_seeds(seed, games)
        .into_par_iter()
        .map(|s| play_game(&engine, s, cap, scoring, puzzles_common::Deadline::NEVER))
        .collect();
    let secs = start.elapsed().as_secs_f64();
    let trays: u64 = recs.iter().map(|r| r.trays).sum();
    for (i, r) in recs.iter().enumerate() {
        println!(
            "game {i}: trays {} score {} {:?}",
            r.trays, r.score, r.ending
        );
        if r.trays < cap {
            println!("  last tray {:?}", r.last_tray.map(|t| DEFAULT_PIECES[t]));
            for (a, b) in geo.render(r.board_before).iter().zip(geo.render(r.board)) {
                println!("    {a}   {b}");
            }
        }
    }
    println!(
        "games {games} seed {seed} cap {cap}: reached cap {}, mean trays {:.1}, mean score {:.1}, {:.2} ms/tray, {secs:.1} s",
        recs.iter().filter(|r| r.trays == cap).count(),
        trays as f64 / games as f64,
        recs.iter().map(|r| r.score).sum::<u64>() as f64 / games as f64,
        secs * 1000.0 / trays.max(1) as f64,
    );
}
