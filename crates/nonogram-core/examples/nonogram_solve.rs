//! Solves one puzzle file (`.json` with `rows`/`cols`, `.non`, `.xml`) and prints the
//! verdict without the pictures: a quick way to look at one benchmark puzzle.
//!
//! `cargo run --release -p nonogram-core --example nonogram_solve -- FILE [TIMEOUT_MS] [LEARN_AFTER_NODES|never|sat|default] [SEED] [off|whole|greedy] [solver|clues|clues-always]`
//!
//! After the file and the limit:
//! - `LEARN_AFTER_NODES` sets [`SolveOptions::learn_after_nodes`] (`default`: the solver's);
//!   `sat` runs the learning search alone right after the root propagation;
//! - `SEED` sets [`SolveOptions::learn_seed`], to measure a change over several seeds;
//! - `off|whole|greedy` sets [`SolveOptions::line_propagator`] (`off`, the default: none);
//! - `solver|clues|clues-always` sets [`SolveOptions::phases`] (`clues-always` by default).
//!
//! With `NONOGRAM_PICTURES=PATH` in the environment, the pictures found are also written to
//! PATH as JSON (a list of pictures, each a list of row strings), to check them.

use nonogram_core::formats::{Format, decode_text, parse_puzzle};
use nonogram_core::solver::{
    DEFAULT_TIMEOUT_MS, Explain, Phases, Puzzle, SolveInput, SolveOptions, solve_puzzle_with,
};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect(
        "usage: nonogram_solve FILE [TIMEOUT_MS] [LEARN_AFTER_NODES|never|sat|default] [SEED] [off|whole|greedy] [solver|clues|clues-always]",
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
    if let Some(phases) = args.next() {
        options.phases = match phases.as_str() {
            "solver" => Phases::Solver,
            "clues" => Phases::Clues,
            "clues-always" => Phases::CluesAlways,
            _ => panic!("a phases mode: solver, clues or clues-always"),
        };
    }
    let text = match std::fs::read(&path) {
        Ok(bytes) => decode_text(&bytes).into_owned(),
        Err(e) => {
            println!("input error: {path}: {e}");
            return;
        }
    };
    let input = match read_input(&path, &text) {
        Ok(input) => input,
        Err(e) => {
            println!("input error: {path}: {e}");
            return;
        }
    };
    let puzzle = match Puzzle::from_input(&input.rows, &input.cols, input.palette.as_deref()) {
        Ok(p) => p,
        Err(e) => {
            println!("input error: {e}");
            return;
        }
    };
    let start = Instant::now();
    let deadline = puzzles_common::Deadline::starting_at(start, Some(timeout));
    let v = solve_puzzle_with(&puzzle, None, deadline, start, options);
    if let Ok(out) = std::env::var("NONOGRAM_PICTURES") {
        let json = serde_json::to_string(&v.solutions).unwrap_or_default();
        if let Err(e) = std::fs::write(&out, json) {
            println!("could not write {out}: {e}");
        }
    }
    println!(
        "{:?} solutions={} {}",
        v.status,
        v.solutions.len(),
        serde_json::to_string(&v.stats).unwrap_or_default()
    );
}

/// The clues of a puzzle file: a format the library reads (by extension), otherwise JSON
/// with `rows` and `cols`.
fn read_input(path: &str, text: &str) -> Result<SolveInput, String> {
    if let Some(f) = Format::from_path(path) {
        return parse_puzzle(text, f).map_err(|e| e.to_string());
    }
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    Ok(SolveInput {
        rows: serde_json::from_value(v["rows"].clone()).map_err(|e| format!("rows: {e}"))?,
        cols: serde_json::from_value(v["cols"].clone()).map_err(|e| format!("cols: {e}"))?,
        palette: serde_json::from_value(v["palette"].clone())
            .map_err(|e| format!("palette: {e}"))?,
        timeout_ms: None,
        goal: None,
    })
}
