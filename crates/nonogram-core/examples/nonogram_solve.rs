//! Solves one puzzle file (`.json` with `rows`/`cols`, `.non`, `.xml`) and prints the
//! verdict without the pictures: a quick way to look at one benchmark puzzle.
//!
//! `cargo run --release -p nonogram-core --example nonogram_solve -- FILE [TIMEOUT_MS]`

use nonogram_core::formats::{Format, parse_puzzle};
use nonogram_core::solver::{SolveInput, solve};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: nonogram_solve FILE [TIMEOUT_MS]");
    let timeout: Option<u64> = args.next().map(|t| t.parse().expect("timeout in ms"));
    let text = std::fs::read_to_string(&path).expect("read file");
    let mut input: SolveInput = match Format::from_path(&path) {
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
    input.timeout_ms = timeout;
    match solve(input) {
        Ok(v) => println!(
            "{:?} solutions={} {}",
            v.status,
            v.solutions.len(),
            serde_json::to_string(&v.stats).unwrap_or_default()
        ),
        Err(e) => println!("input error: {e}"),
    }
}
