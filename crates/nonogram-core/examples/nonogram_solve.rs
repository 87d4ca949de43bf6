//! Solves one puzzle file (`.json` with `rows`/`cols`, `.non`, `.xml`) and prints the
//! verdict without the pictures: a quick way to look at one benchmark puzzle.
//!
//! `cargo run --release -p nonogram-core --example nonogram_solve -- FILE [TIMEOUT_MS] [LEARN_AFTER_NODES|never|sat|default] [SEED] [off|whole|greedy]`
//!
//! The third argument sets [`SolveOptions::learn_after_nodes`] (`default`: the solver's);
//! `sat` runs the learning search alone right after the root propagation. The fourth sets
//! [`SolveOptions::learn_seed`], to measure a change over several seeds. The fifth sets
//! [`SolveOptions::line_propagator`]: `off` (the default), `whole` or `greedy`.

use nonogram_core::formats::{Format, parse_puzzle};
use nonogram_core::solver::{
    DEFAULT_TIMEOUT_MS, Explain, Puzzle, SolveInput, SolveOptions, solve_puzzle_with,
};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect(
        "usage: nonogram_solve FILE [TIMEOUT_MS] [LEARN_AFTER_NODES|never|sat|default] [SEED] [off|whole|greedy]",
    );
    let timeout: u64 = args
        .next()
        .map_or(DEFAULT_TIMEOUT_MS, |t| t.parse().expect("timeout in ms"));
    let mut options = SolveOptions::default();
    if let Some(a) = args.next() {
        match a.as_str() {
            "default" => {}
            "never" => options.learn_after_nodes = None,
            "sat" => {
                options.learn_after_nodes = Some(0);
                options.alternate = false;
            }
            n => options.learn_after_nodes = Some(n.parse().expect("a node count, never or sat")),
        }
    }
    if let Some(seed) = args.next() {
        options.learn_seed = seed.parse().expect("a seed (u32)");
    }
    if let Some(mode) = args.next() {
        options.line_propagator = match mode.as_str() {
            "off" => None,
            "whole" => Some(Explain::WholeLine),
            "greedy" => Some(Explain::Greedy),
            _ => panic!("a line propagator mode: off, whole or greedy"),
        };
    }
    let text = std::fs::read_to_string(&path).expect("read file");
    let input: SolveInput = match Format::from_path(&path) {
        Some(f) => parse_puzzle(&text, f).unwrap_or_else(|e| panic!("{path}: {e}")),
        None => {
            let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            SolveInput {
                rows: serde_json::from_value(v["rows"].clone()).expect("rows"),
                cols: serde_json::from_value(v["cols"].clone()).expect("cols"),
                timeout_ms: None,
                goal: None,
            }
        }
    };
    let puzzle = match Puzzle::new(&input.rows, &input.cols) {
        Ok(p) => p,
        Err(e) => {
            println!("input error: {e}");
            return;
        }
    };
    let start = Instant::now();
    let deadline = puzzles_common::Deadline::starting_at(start, Some(timeout));
    let v = solve_puzzle_with(&puzzle, None, deadline, start, options);
    println!(
        "{:?} solutions={} {}",
        v.status,
        v.solutions.len(),
        serde_json::to_string(&v.stats).unwrap_or_default()
    );
}
