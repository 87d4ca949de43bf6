//! Prints `simulate` figures and timings for every strategy:
//! `cargo run --release -p baseball-core --example measure -- [length] [alphabet] [repeats]`.

use std::time::Instant;

use baseball_core::simulate::{SimulateInput, simulate};
use baseball_core::strategy::Strategy;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let length = args.first().and_then(|a| a.parse().ok()).unwrap_or(4);
    let alphabet = args.get(1).cloned();
    let repeats = args.get(2).is_some_and(|a| a == "repeats");
    let only: Option<&str> = args.get(3).map(|s| s.as_str());
    for strategy in Strategy::ALL {
        if only.is_some_and(|o| o != strategy.name()) {
            continue;
        }
        if only.is_none() && strategy == Strategy::Optimal && length >= 4 && !repeats {
            continue;
        }
        let t = Instant::now();
        let v = simulate(SimulateInput {
            length: Some(length),
            alphabet: alphabet.clone(),
            repeats,
            strategy,
            seed: Some(1),
            first_guess: None,
            timeout_ms: Some(600_000),
        })
        .expect("valid input");
        println!(
            "{:<14} total {:>6} average {:.4} worst {} histogram {:?} first {:?} ({:.3} s)",
            strategy.name(),
            v.total_guesses.unwrap_or(0),
            v.average.unwrap_or(0.0),
            v.worst.unwrap_or(0),
            v.histogram,
            v.first_guess.unwrap_or_default(),
            t.elapsed().as_secs_f64()
        );
    }
}
