//! How much the one-piece lookahead's width and the search's breadth buy and cost: plays
//! seeded games with the default engine and, on every tray from tray 25 on, also asks
//! engines comparing fewer of their best plans, engines comparing plans that end on
//! different boards (`Engine::with_distinct_plans`), the exact search, engines searching
//! more or fewer quiet first or second moves of each piece (`Engine::with_first_moves`,
//! `Engine::with_second_moves`), and engines leaving out of the lookahead the plans
//! evaluated far above the best (`Engine::with_lookahead_gap`,
//! `Engine::with_lookahead_gap_under`). It counts how often each picks the same board
//! (overall and by how crowded the tray's board is) and the CPU time each takes (thread
//! clock; the engines are asked in an order that turns by one a tray, as the one asked
//! first pays colder caches).
//!
//! `cargo run --release -p blockdoku-core --example lookahead_width -- SEED GAMES TRAYS`
//!
//! A narrower lookahead that picks the same board on almost every tray is a cheap candidate
//! for a same-deal survival A/B (`versus ours@K`, `versus ours@K/distinct`, `versus
//! ours/first=N`, `versus ours/second=N`, `versus ours/gap=G`); this does not measure
//! strength itself, and agreement is a poor guide to it: engines agreeing on 94-97% of trays
//! have died more often, and a lookahead gap of 50 under 25 cells, agreeing on 98.4%, died
//! 1.23 times as often on seeds 2036-2037.
#![allow(clippy::print_stdout)]

use blockdoku_core::engine::{
    Engine, FIRST_MOVES, LOOKAHEAD_CANDIDATES, LOOKAHEAD_GAP, LOOKAHEAD_GAP_UNDER, SECOND_MOVES,
    Turn,
};
use blockdoku_core::geometry::Geometry;
use blockdoku_core::piece::{Placement, default_placements};
use blockdoku_core::selfplay::{SplitMix64, game_seeds};

/// Trays before the board reaches its steady crowding; not counted (as in `versus`).
const BURN_IN: u64 = 25;

/// The lowest occupied-cell count of each crowding band the agreement is also split by.
const BANDS: [u32; 4] = [0, 15, 20, 30];

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
    // (plans compared, one plan per board, quiet first moves, quiet second moves searched
    // per piece, lookahead gap, boards it applies under): the default first, then narrower
    // lookaheads, the same widths keeping one plan per board (`Engine::with_distinct_plans`),
    // the exact search (every move), narrower searches (`Engine::with_first_moves`,
    // `Engine::with_second_moves`), and lookaheads with other gaps (`Engine::with_lookahead_gap`,
    // `Engine::with_lookahead_gap_under`): none (every plan kept compared), and others.
    let (first, second) = (Some(FIRST_MOVES), Some(SECOND_MOVES));
    let (gap, under) = (Some(LOOKAHEAD_GAP), LOOKAHEAD_GAP_UNDER);
    let plans = LOOKAHEAD_CANDIDATES;
    let widths = [
        (plans, false, first, second, gap, under),
        (4, false, first, second, gap, under),
        (3, false, first, second, gap, under),
        (2, false, first, second, gap, under),
        (1, false, first, second, gap, under),
        (plans, true, first, second, gap, under),
        (4, true, first, second, gap, under),
        (3, true, first, second, gap, under),
        (plans, false, None, None, gap, under),
        (plans, false, first, None, gap, under),
        (plans, false, first, Some(3), gap, under),
        (plans, false, Some(15), second, gap, under),
        (plans, false, Some(10), second, gap, under),
        (plans, false, first, second, None, u32::MAX),
        (plans, false, first, second, Some(100), u32::MAX),
        (plans, false, first, second, Some(50), u32::MAX),
        (plans, false, first, second, Some(25), u32::MAX),
        (plans, false, first, second, Some(50), 20),
        (plans, false, first, second, Some(50), 30),
    ];
    let engines: Vec<Engine> = widths
        .iter()
        .map(|&(k, distinct, first_moves, second_moves, gap, under)| {
            Engine::new(geo.clone())
                .with_lookahead(k)
                .with_lookahead_gap(gap)
                .with_lookahead_gap_under(under)
                .with_distinct_plans(distinct)
                .with_first_moves(first_moves)
                .with_second_moves(second_moves)
        })
        .collect();
    let set = default_placements(&geo);
    let mut same = vec![0u64; widths.len()];
    let mut seconds = vec![0f64; widths.len()];
    let mut counted = 0u64;
    // By the occupied cells of the tray's board: trays counted, and the same board per engine.
    let mut band_trays = [0u64; BANDS.len()];
    let mut band_same = vec![[0u64; BANDS.len()]; widths.len()];
    for game_seed in game_seeds(seed, games) {
        let mut rng = SplitMix64::new(game_seed);
        let mut board = 0u128;
        for tray_number in 0..trays {
            let tray: Vec<Placement> = (0..3)
                .map(|_| set[rng.below(set.len() as u64) as usize].clone())
                .collect();
            let mut boards = vec![(0u128, false); widths.len()];
            let mut times = vec![0f64; widths.len()];
            // The engine asked first on a tray pays colder caches (about a tenth of its time
            // in a scratch run): the order turns by one engine a tray.
            for j in 0..engines.len() {
                let k = (j + tray_number as usize) % engines.len();
                let start = thread_cpu_seconds();
                let plan = engines[k].choose(board, &tray, Turn::default());
                times[k] = thread_cpu_seconds() - start;
                boards[k] = (plan.board, plan.complete);
            }
            if !boards[0].1 {
                break;
            }
            if tray_number >= BURN_IN {
                counted += 1;
                let band = BANDS
                    .iter()
                    .rposition(|&low| board.count_ones() >= low)
                    .unwrap_or(0);
                band_trays[band] += 1;
                for k in 0..widths.len() {
                    same[k] += u64::from(boards[k].0 == boards[0].0);
                    band_same[k][band] += u64::from(boards[k].0 == boards[0].0);
                    seconds[k] += times[k];
                }
            }
            board = boards[0].0;
        }
    }
    println!(
        "seed {seed}, {games} games of up to {trays} trays, {counted} trays from tray {BURN_IN}"
    );
    let bands: Vec<String> = (0..BANDS.len())
        .map(|b| match BANDS.get(b + 1) {
            Some(next) => format!("{}-{} cells: {} trays", BANDS[b], next - 1, band_trays[b]),
            None => format!("{}+ cells: {} trays", BANDS[b], band_trays[b]),
        })
        .collect();
    println!("same board by the tray's board: {}", bands.join(", "));
    for k in 0..widths.len() {
        let (plans, distinct, first_moves, second_moves, gap, under) = widths[k];
        let by_band: Vec<String> = band_same[k]
            .iter()
            .zip(&band_trays)
            .map(|(&s, &n)| format!("{:.1}%", 100.0 * s as f64 / n.max(1) as f64))
            .collect();
        println!(
            "{plans} plans{}{}{} compared: same board as the default on {:.1}% of trays ({}), mean {:.0} us of CPU per tray",
            if distinct { " on different boards" } else { "" },
            match (first_moves, second_moves) {
                (None, None) => " (the exact search)".to_string(),
                (f, s) if (f, s) == (first, second) => String::new(),
                (f, s) => format!(
                    " after {} quiet first moves and {} quiet second moves",
                    f.map_or("all".to_string(), |n| n.to_string()),
                    s.map_or("all".to_string(), |n| n.to_string())
                ),
            },
            match (gap, under) {
                _ if (gap, under) == (widths[0].4, widths[0].5) => String::new(),
                (None, _) => " with no gap (every plan kept)".to_string(),
                (Some(g), u32::MAX) => format!(" within {g} of the best"),
                (Some(g), c) => format!(" within {g} of the best under {c} cells"),
            },
            100.0 * same[k] as f64 / counted.max(1) as f64,
            by_band.join(" "),
            1e6 * seconds[k] / counted.max(1) as f64
        );
    }
}
