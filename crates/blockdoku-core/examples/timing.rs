//! Times single tray decisions: `cargo run --release -p blockdoku-core --example timing`.
#![allow(clippy::print_stdout)]

use blockdoku_core::engine::{Engine, Turn};
use blockdoku_core::eval::Evaluator;
use blockdoku_core::geometry::Geometry;
use blockdoku_core::piece::{Piece, Placement};
use std::time::Instant;

fn piece(rows: &[&str]) -> Piece {
    let owned: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
    Piece::parse(&owned, "").expect("valid piece")
}

fn main() {
    let geo = Geometry::standard();
    let ev = Evaluator::new(geo.clone());
    let engine = Engine::new(geo.clone());
    let what = std::env::args().nth(1).unwrap_or_default();
    if what == "eval" {
        // CPU figures: run under `time`.
        let mut sum = 0i64;
        for i in 0..1_000_000u128 {
            sum += i64::from(
                ev.eval(i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835) & geo.full()),
            );
        }
        println!("1e6 evals ({sum})");
        return;
    }
    if what == "search" {
        let tray: Vec<Placement> = [piece(&["#"]), piece(&["#"]), piece(&["#"])]
            .iter()
            .map(|p| Placement::new(p, &geo))
            .collect();
        for _ in 0..5 {
            let _ = engine.choose(0, &tray, Turn::default());
        }
        println!("5 searches, empty board, three monominoes");
        return;
    }
    let trays: [(&str, Vec<Piece>); 2] = [
        (
            "three monominoes",
            vec![piece(&["#"]), piece(&["#"]), piece(&["#"])],
        ),
        (
            "mixed",
            vec![
                piece(&["#####"]),
                piece(&[".#.", "###", ".#."]),
                piece(&["#.", ".#"]),
            ],
        ),
    ];
    for (name, tray) in &trays {
        let tray: Vec<Placement> = tray.iter().map(|p| Placement::new(p, &geo)).collect();
        let start = Instant::now();
        let plan = engine.choose(0, &tray, Turn::default());
        println!(
            "empty board, {name}: {:.1} ms, {} nodes",
            start.elapsed().as_secs_f64() * 1000.0,
            plan.nodes
        );
    }
    let start = Instant::now();
    let mut sum = 0i64;
    for i in 0..100_000u128 {
        sum += i64::from(
            ev.eval(i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835) & geo.full()),
        );
    }
    println!(
        "eval: {:.0} ns each ({sum})",
        start.elapsed().as_secs_f64() * 1e9 / 100_000.0
    );
}
