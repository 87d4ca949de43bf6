//! Times `renju mate` on seeded middle-game positions, for `scripts/renju-mate-bench.sh`
//! (which runs renju-note/quintet on the same positions).
//!
//! `cargo run --release -p renju-core --example mate_bench -- COUNT vcf|vct MAX_DEPTH [PASSES]`
//!
//! The positions are the first COUNT seeded middle games (30-79 stones) in which nobody has
//! won and the side to move, the attacker, has no five point yet: such a one-move win is
//! answered before any search, and would fill half the set with sub-microsecond solves.
//! A first pass prints `index attacker(o|x) blacks/whites status depth micros nodes line` per
//! position (`o` black, `x` white as quintet writes them; micros is the least CPU time of
//! three solves, from the thread's own clock, so time other processes take is not
//! counted), with the median, p90, p99, worst and sum of each status on stderr. `MATE_TIMEOUT_MS` sets a
//! deadline per solve (then `timeout` is a status); `MATE_THREATS=vcf` counts quiet moves that
//! threaten a VCF as VCT threats. Then PASSES
//! more passes (default 20) over all positions are timed as a whole by the thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`, so time other processes take on a shared machine is
//! not counted), and a summary goes to stderr.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use renju_core::mate::{MateKind, MateOptions, MateStatus, Threats, solve};
use renju_core::rules::{Rule, WinningRows, makes_win, winning_rows};
use renju_core::sample::{Rng, middle_game};
use renju_core::{Board, Color, Point};

fn notation(p: Point) -> String {
    format!("{}{}", (b'A' + p.x) as char, p.y + 1)
}

fn stones(board: &Board, c: Color) -> String {
    (0..225)
        .map(Point::from_index)
        .filter(|&p| board.get(p) == Some(c))
        .map(notation)
        .collect::<Vec<_>>()
        .join(",")
}

/// CPU time this thread has run, in nanoseconds, from its own clock
/// (`CLOCK_THREAD_CPUTIME_ID`), not `/proc/thread-self/schedstat`: that counter moves only at
/// scheduler ticks (4 ms here) and context switches, so a search between two ticks reads 0.
fn thread_cpu_ns() -> Option<u64> {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    u64::try_from(t.tv_sec)
        .ok()?
        .checked_mul(1_000_000_000)?
        .checked_add(u64::try_from(t.tv_nsec).ok()?)
}

/// `count` seeded middle games where nobody has won yet and the side to move has no five
/// point, with the side to move.
fn positions(count: usize) -> Vec<(Board, Color)> {
    let mut rng = Rng::new(2027);
    let mut out = Vec::new();
    while out.len() < count {
        let stones_wanted = 30 + rng.below(50);
        let board = middle_game(&mut rng, stones_wanted);
        if winning_rows(&board, Rule::Renju) != WinningRows::Neither {
            continue;
        }
        let attacker = if board.count(Color::Black) == board.count(Color::White) {
            Color::Black
        } else {
            Color::White
        };
        if board
            .empty_points()
            .any(|p| makes_win(&board, p, attacker, Rule::Renju))
        {
            continue;
        }
        out.push((board, attacker));
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let kind = match args.get(2).map(String::as_str) {
        Some("vct") => MateKind::Vct,
        _ => MateKind::Vcf,
    };
    let max_depth: u8 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(113);
    let passes: u32 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(20);
    let threats = match std::env::var("MATE_THREATS").as_deref() {
        Ok("vcf") => Threats::Vcf,
        _ => Threats::Threes,
    };
    let timeout = std::env::var("MATE_TIMEOUT_MS")
        .ok()
        .and_then(|t| t.parse().ok())
        .map(Duration::from_millis);
    let options = |start: Instant| MateOptions {
        kind,
        threats,
        max_depth,
        all_first_moves: false,
        proof: false,
        deadline: timeout.map_or(puzzles_common::Deadline::NEVER, |t| {
            puzzles_common::Deadline::starting_at(start, Some(t.as_millis() as u64))
        }),
    };
    let positions = positions(count);
    let mut wins = 0;
    let mut times = Vec::new();
    let mut by_status: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for (n, (board, attacker)) in positions.iter().enumerate() {
        let mut us = f64::INFINITY;
        let mut out = None;
        for _ in 0..3 {
            let start = Instant::now();
            let cpu_start = thread_cpu_ns();
            out = Some(solve(board, *attacker, Rule::Renju, &options(start)));
            let spent = match (cpu_start, thread_cpu_ns()) {
                (Some(a), Some(b)) => (b - a) as f64 / 1e3,
                _ => start.elapsed().as_secs_f64() * 1e6,
            };
            us = us.min(spent);
        }
        let out = out.expect("solved three times");
        times.push(us);
        wins += usize::from(out.status == MateStatus::Win);
        let status = match out.status {
            MateStatus::Win => "win",
            MateStatus::NoWin => "no_win",
            MateStatus::Timeout => "timeout",
        };
        by_status.entry(status).or_default().push(us);
        let depth = out.win.as_ref().map_or(0, |w| w.depth());
        let who = if *attacker == Color::Black { 'o' } else { 'x' };
        let line = out.win.as_ref().map_or(String::new(), |w| {
            let moves: Vec<String> = w.line.iter().map(|&p| notation(p)).collect();
            moves.join(",")
        });
        println!(
            "{n}\t{who}\t{}/{}\t{status}\t{depth}\t{us:.1}\t{}\t{line}",
            stones(board, Color::Black),
            stones(board, Color::White),
            out.nodes
        );
    }
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    for _ in 0..passes {
        for (board, attacker) in &positions {
            let options = options(Instant::now());
            std::hint::black_box(solve(board, *attacker, Rule::Renju, &options));
        }
    }
    let per_pass = |total: f64| total / f64::from(passes.max(1));
    let wall_ms = per_pass(start.elapsed().as_secs_f64() * 1e3);
    let cpu_ms = match (cpu_start, thread_cpu_ns()) {
        (Some(a), Some(b)) => format!("{:.2}", per_pass((b - a) as f64 / 1e6)),
        _ => "?".to_string(),
    };
    eprintln!(
        "ours {kind:?} to depth {max_depth}: {} positions, {wins} wins; per pass over {passes} passes: \
         cpu {cpu_ms} ms, wall {wall_ms:.2} ms; first pass {}",
        times.len(),
        spread(&mut times)
    );
    for (status, mut times) in by_status {
        eprintln!(
            "  {status}: {} positions, {}",
            times.len(),
            spread(&mut times)
        );
    }
}

/// Median, p90, p99, worst and sum of some times in microseconds.
fn spread(times: &mut [f64]) -> String {
    times.sort_by(f64::total_cmp);
    let n = times.len();
    format!(
        "median {:.1} us p90 {:.1} us p99 {:.1} us worst {:.1} us total {:.1} us",
        times[n / 2],
        times[n * 9 / 10],
        times[n * 99 / 100],
        times[n - 1],
        times.iter().sum::<f64>()
    )
}
