//! Prints one self-played game tray by tray: each tray's pieces, the plan's evaluation,
//! points and search positions, and the board before and after.
//!
//! `cargo run --release -p blockdoku-core --example trace -- SEED GAME TRAYS [POPCNT] [FIRST]`
//!
//! The engine is the one `best` and `selfplay` play, unless told otherwise:
//!
//! - `POPCNT` 0: the portable search instead of the one compiled for the POPCNT instruction
//!   (the output must be the same);
//! - `FIRST` N > 0: the N best quiet first moves of each piece (`Engine::with_first_moves`);
//!   0: every move, the exact search (`Engine::with_exact_search`);
//! - `LOOKAHEAD=K`: K plans compared by the lookahead (`Engine::with_lookahead`);
//! - `SECOND=N`: the N lowest-bound quiet second moves of each piece
//!   (`Engine::with_second_moves`); 0: every one;
//! - `GAP=G`: the lookahead leaves out the plans evaluated more than G above the best
//!   (`Engine::with_lookahead_gap`); `GAP=all` compares every plan kept;
//! - `UNDER=C`: the gap applies under C occupied cells (`Engine::with_lookahead_gap_under`).
//!
//! The output is the engine's behaviour byte for byte (moves, evaluations, points and node
//! counts), so a change that must keep the moves is checked by comparing it before and
//! after, e.g. `trace 2026 0 300` and `GAP=all trace 2026 0 300`.
#![allow(clippy::print_stdout)]

use blockdoku_core::engine::{Engine, LOOKAHEAD_CANDIDATES, Turn};
use blockdoku_core::geometry::Geometry;
use blockdoku_core::piece::{DEFAULT_PIECES, Placement, default_placements};
use blockdoku_core::selfplay::{SplitMix64, game_seeds};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let seed = args.first().copied().unwrap_or(0);
    let game = args.get(1).copied().unwrap_or(0) as usize;
    let trays = args.get(2).copied().unwrap_or(20);
    let geo = Geometry::standard();
    let popcnt = args.get(3).copied().unwrap_or(1) != 0;
    let mut engine = Engine::new(geo.clone())
        .with_popcount_instruction(popcnt)
        .with_lookahead(
            std::env::var("LOOKAHEAD")
                .ok()
                .and_then(|k| k.parse().ok())
                .unwrap_or(LOOKAHEAD_CANDIDATES),
        );
    match args.get(4) {
        None => {}
        Some(0) => engine = engine.with_exact_search(),
        Some(&n) => engine = engine.with_first_moves(Some(n as usize)),
    }
    match std::env::var("SECOND").ok().and_then(|k| k.parse().ok()) {
        None => {}
        Some(0) => engine = engine.with_second_moves(None),
        Some(n) => engine = engine.with_second_moves(Some(n)),
    }
    match std::env::var("GAP").ok().as_deref() {
        None => {}
        Some("all") => engine = engine.with_lookahead_gap(None),
        Some(gap) => match gap.parse() {
            Ok(gap) => engine = engine.with_lookahead_gap(Some(gap)),
            Err(_) => panic!("GAP={gap}: a number of evaluation points, or all"),
        },
    }
    if let Some(cells) = std::env::var("UNDER").ok().and_then(|k| k.parse().ok()) {
        engine = engine.with_lookahead_gap_under(cells);
    }
    let set = default_placements(&geo);
    let mut rng = SplitMix64::new(game_seeds(seed, game + 1)[game]);
    let mut board = 0u128;
    for t in 0..trays {
        let idx: Vec<usize> = (0..3).map(|_| rng.below(47) as usize).collect();
        let tray: Vec<Placement> = idx.iter().map(|&i| set[i].clone()).collect();
        let plan = engine.choose(board, &tray, Turn::default());
        println!(
            "tray {t}: {:?} eval {} points {} nodes {}",
            idx.iter().map(|&i| DEFAULT_PIECES[i]).collect::<Vec<_>>(),
            plan.eval,
            plan.points,
            plan.nodes
        );
        for (a, b) in geo.render(board).iter().zip(geo.render(plan.board)) {
            println!("    {a}   {b}");
        }
        board = plan.board;
        if !plan.complete {
            println!("game over");
            break;
        }
    }
}
