//! Feedback throughput in CPU time, for loaded machines where the criterion bench's wall
//! clock mostly measures other processes. Same 1024 seeded 30-cell lines as
//! `benches/feedback.rs`. Usage:
//!
//! ```sh
//! cargo build --release -p nonogram-core --example feedback_throughput
//! /usr/bin/time -f "%U s user" target/release/examples/feedback_throughput classic 20000
//! ```
//!
//! lines per second per core = 1024 x reps / user seconds.

use nonogram_core::classic::ClassicFeedback;
use nonogram_core::feedback::LineJudge;
use nonogram_core::line::{Cell, clues_of};
use nonogram_core::linesolver::LineSolver;
use puzzles_common::SplitMix64;
use std::hint::black_box;

const LEN: usize = 30;
const LINES: usize = 1024;

/// The cases' generator: the workspace's SplitMix64 (`puzzles-common`), `% n` as it always
/// was here, so the cases stay the same.
fn below(rng: &mut SplitMix64, n: u64) -> u64 {
    rng.next_u64() % n
}

fn cases() -> Vec<(Vec<u32>, Vec<Cell>)> {
    let mut rng = SplitMix64::new(2026);
    (0..LINES)
        .map(|_| {
            let picture: Vec<bool> = (0..LEN).map(|_| below(&mut rng, 2) == 0).collect();
            let clues = clues_of(&picture);
            let line = picture
                .iter()
                .map(|&filled| match below(&mut rng, 10) {
                    0..=5 if filled => Cell::Filled,
                    0..=5 => Cell::Empty,
                    6 if filled => Cell::Empty,
                    6 => Cell::Filled,
                    _ => Cell::Unknown,
                })
                .collect();
            (clues, line)
        })
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "classic".into());
    let reps: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1000);
    let cases = cases();
    let mut matched = [false; LEN];
    let mut classic = ClassicFeedback::new();
    let mut judge = LineJudge::new();
    let mut solver = LineSolver::new();
    let mut forced = [Cell::Unknown; LEN];
    let start = std::time::Instant::now();
    for _ in 0..reps {
        for (clues, line) in &cases {
            let out = &mut matched[..clues.len()];
            match which.as_str() {
                "classic" => classic.matches(black_box(clues), black_box(line), out),
                "strict" => {
                    let r = judge.strict(black_box(clues), black_box(line), out);
                    black_box(r.is_ok());
                }
                "solver" => {
                    let r = solver.solve(black_box(clues), black_box(line), &mut forced);
                    black_box(r.is_ok());
                }
                other => {
                    eprintln!("unknown mode {other:?}: classic, strict or solver");
                    std::process::exit(2);
                }
            }
            black_box(&out);
        }
    }
    let lines = (reps * LINES) as f64;
    eprintln!(
        "{which}: {lines} lines in {:.3} s wall ({:.2} M lines/s wall; divide by user time for per-core CPU throughput)",
        start.elapsed().as_secs_f64(),
        lines / start.elapsed().as_secs_f64() / 1e6
    );
}
