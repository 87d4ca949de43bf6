//! Forbidden maps per CPU second (not wall second), so the figure means "per core" even on a
//! shared, loaded machine. Reads this process's user+system CPU time from /proc/self/stat
//! (Linux; clock ticks of 10 ms, so it runs for several seconds).
//!
//! `cargo run --release -p renju-core --example rate [seconds] [heavy]` (`heavy`: the
//! black-heavy random positions instead of the middle games)

use renju_core::{forbidden_map, sample};
use std::hint::black_box;
use std::time::Instant;

/// User + system CPU seconds of this process.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses): utime is the 14th field overall.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|s| s.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|s| s.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5.0);
    let heavy = std::env::args().nth(2).is_some_and(|a| a == "heavy");
    let boards = if heavy {
        sample::black_heavy(2, 512)
    } else {
        sample::middle_games(1, 512)
    };
    let fouls: usize = boards
        .iter()
        .map(|b| forbidden_map(b).iter().flatten().count())
        .sum();
    let (c0, w0) = (cpu_seconds(), Instant::now());
    let mut n = 0u64;
    while cpu_seconds() - c0 < secs {
        for b in &boards {
            black_box(forbidden_map(black_box(b)));
        }
        n += boards.len() as u64;
    }
    let (cpu, wall) = (cpu_seconds() - c0, w0.elapsed().as_secs_f64());
    println!(
        "{n} forbidden maps ({} positions, {fouls} forbidden points in all): {:.0} per CPU second, {:.0} per wall second ({cpu:.2} s CPU, {wall:.2} s wall)",
        boards.len(),
        n as f64 / cpu,
        n as f64 / wall
    );
}
