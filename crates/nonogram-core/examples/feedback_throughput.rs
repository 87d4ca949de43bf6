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

use nonogram_core::cells::Cell;
use nonogram_core::classic::ClassicFeedback;
use nonogram_core::feedback::LineJudge;
use nonogram_core::linesolver::LineSolver;
use std::hint::black_box;

#[path = "../benches/support/feedback_cases.rs"]
mod feedback_cases;
use feedback_cases::{LEN, LINES, cases};

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
