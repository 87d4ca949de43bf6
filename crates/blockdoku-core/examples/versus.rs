//! Survival and speed of a playing engine on our seeded deal, side by side with an external
//! engine driven over a line protocol (`scripts/blockdoku-vs-blokie.sh` builds and runs it):
//!
//! `cargo run --release -p blockdoku-core --example versus -- ENGINE SEED GAMES CAP JOBS SECONDS`
//!
//! - `ENGINE`: `ours` (this crate's engine, as `selfplay` plays it; `ours@1` without the
//!   lookahead, `ours@K` comparing K plans; `ours:NAME=V` with evaluation weight `NAME` set
//!   to `V`, e.g. `ours:clear_ways=0`, for same-deal A/B runs of a weight; `ours/portable`
//!   or `ours@K/portable`: the same moves without the search compiled for the POPCNT
//!   instruction, to time it; `ours/distinct` or `ours@K/distinct`: the lookahead compares
//!   K plans that end on different boards, `Engine::with_distinct_plans`; `ours/first=N`:
//!   the search tries only the N best quiet first moves of each piece,
//!   `Engine::with_first_moves` (the default is N = `engine::FIRST_MOVES`); `ours/exact`:
//!   every move, the exact search (`Engine::with_exact_search`; a `first=N` or `second=N`
//!   with it narrows that move only); `ours/second=N`: only the N lowest-bound quiet second
//!   moves, `Engine::with_second_moves` (the default is N = `engine::SECOND_MOVES`;
//!   `ours/second=all`: every second move);
//!   `ours/gap=G`: the lookahead leaves out the plans evaluated more than G above the best,
//!   `Engine::with_lookahead_gap`, with `/under=C` only on boards of fewer than C cells,
//!   `Engine::with_lookahead_gap_under` (the defaults are `engine::LOOKAHEAD_GAP` and
//!   `engine::LOOKAHEAD_GAP_UNDER`; `ours/gap=all`: every plan compared); flags combine,
//!   `ours@3/distinct/first=15/second=6`)
//!   or a shell command that answers trays on stdin (see `scripts/blockdoku-blokie-driver.cpp`
//!   for the protocol).
//! - Game `i` is dealt exactly as `selfplay` deals it: trays of three pieces drawn uniformly
//!   with replacement from the 47 default pieces by a SplitMix64 seeded with the `i`-th
//!   output of `game_seeds(SEED)`. Every game is played with our rules (`rules::apply`): an
//!   external engine's placements are checked piece by piece, and when it says no order of
//!   a tray fits, our search confirms it.
//! - A game stops at death, at `CAP` trays, or when `SECONDS` of wall time have passed (then
//!   it counts as far as it got, censored like a capped game). `JOBS` games run at once.
//! - Survival: deaths per tray dealt, with the exact (Garwood) Poisson 95% interval.
//! - Speed: the time of each decision from tray 25 on (the board has reached its steady
//!   crowding by then), median and p10-p90. For `ours` it is the wall time of the call, with
//!   the process's CPU time over the summed call times printed beside it (near 1: the calls
//!   were not kept waiting for a core), and the CPU time of each call from the thread's own
//!   clock (the goal's measure, which waiting for a core does not inflate); an external
//!   engine reports its own CPU time.
//! - Crowding: the occupied cells of the boards the timed trays were dealt on (mean, and the
//!   share with 30 or more, where our evaluation asks the ways to clear), for either engine;
//!   for `ours` also the search's positions per tray and the CPU time per position, which
//!   tell a slower engine that searches more from one whose positions cost more.
#![allow(clippy::print_stdout, clippy::print_stderr)]

#[path = "shared/weight_settings.rs"]
mod weight_settings;

use blockdoku_core::engine::{Engine, Turn};
use blockdoku_core::eval::CLEAR_GATE;
use blockdoku_core::geometry::Geometry;
use blockdoku_core::piece::{Placement, default_placements};
use blockdoku_core::rules::apply;
use blockdoku_core::selfplay::{SplitMix64, game_seeds};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Trays before the board reaches its steady crowding; not timed.
const BURN_IN: u64 = 25;

/// CPU time this thread has run, in ns (the kernel's thread clock, exact at the moment it
/// is read: the goal is CPU time per tray, and a call's wall time on a shared machine also
/// counts the time it waited for a core).
fn thread_cpu_ns() -> u64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

/// One engine deciding trays.
enum Player {
    Ours(Box<Engine>),
    External {
        _child: Child,
        to: ChildStdin,
        from: BufReader<ChildStdout>,
        line: String,
    },
}

/// A decision: the placements in playing order (tray index, cells), or `None` when the
/// engine found no order that places the whole tray; the time it took in ns; and for ours,
/// the CPU time of the call in ns and the positions its search examined.
type Decision = (Option<Vec<(usize, u128)>>, u64, Option<(u64, u64)>);

fn words(b: u128) -> [u128; 3] {
    let m = (1u128 << 27) - 1;
    [b & m, (b >> 27) & m, (b >> 54) & m]
}

/// An engine as the command line names it, read once before any game starts, so a
/// misspelt spec stops the run at once with its message rather than in a worker thread.
enum EngineSpec {
    Ours(Box<Engine>),
    /// A shell command that answers trays on stdin.
    External(String),
}

impl EngineSpec {
    /// Reads `ours[@K][/portable][/distinct][/first=N|/exact][/second=N|/second=all]`
    /// `[/gap=G|/gap=all][/under=C][:NAME=V...]` or takes `spec` as a shell command; panics
    /// with the accepted forms on an `ours` spec it cannot read.
    fn parse(spec: &str) -> EngineSpec {
        let Some(rest) = spec.strip_prefix("ours") else {
            return EngineSpec::External(spec.to_string());
        };
        // `ours@K`: K plans compared by the lookahead (1: none); `:NAME=V`: a weight.
        let mut parts = rest.split(':');
        // `/portable`, `/distinct`, `/exact`, `/first=N`, `/second=N` or `/second=all`, `/gap=G`
        // and `/under=C` after the plans, in any order.
        let mut flags = parts.next().unwrap_or("").split('/');
        let plans = flags.next().unwrap_or("");
        let (mut portable, mut distinct, mut exact) = (false, false, false);
        // Widths asked for (`Some(None)`: every move); `None` keeps the engine's default.
        let (mut first_moves, mut second_moves): (Option<usize>, Option<Option<usize>>) =
            (None, None);
        // The gap asked for (`Some(None)`: every plan compared) and the cells under which it
        // applies; `None` keeps the engine's default.
        let (mut gap, mut gap_under): (Option<Option<i32>>, Option<u32>) = (None, None);
        for flag in flags {
            match flag {
                "portable" => portable = true,
                "distinct" => distinct = true,
                "exact" => exact = true,
                "second=all" => second_moves = Some(None),
                "gap=all" => gap = Some(None),
                _ => {
                    let width = |name| flag.strip_prefix(name).and_then(|w| w.parse().ok());
                    match (
                        width("first="),
                        width("second="),
                        width("gap="),
                        width("under="),
                    ) {
                        (Some(n), _, _, _) => first_moves = Some(n),
                        (_, Some(n), _, _) => second_moves = Some(Some(n)),
                        (_, _, Some(g), _) => gap = Some(Some(g as i32)),
                        (_, _, _, Some(c)) => gap_under = Some(c as u32),
                        _ => panic!(
                            "unknown flag /{flag} in {spec} (portable, distinct, first=N, \
                             second=N, second=all, exact, gap=G, gap=all, under=C)"
                        ),
                    }
                }
            }
        }
        let weights = weight_settings::with_settings(parts);
        let mut engine = Engine::with_weights(Geometry::standard(), weights)
            .with_popcount_instruction(!portable)
            .with_distinct_plans(distinct);
        if let Some(gap) = gap {
            engine = engine.with_lookahead_gap(gap);
        }
        if let Some(cells) = gap_under {
            engine = engine.with_lookahead_gap_under(cells);
        }
        if exact {
            engine = engine.with_exact_search();
        }
        if let Some(n) = first_moves {
            engine = engine.with_first_moves(Some(n));
        }
        if let Some(width) = second_moves {
            engine = engine.with_second_moves(width);
        }
        if !plans.is_empty() {
            let k = plans
                .strip_prefix('@')
                .and_then(|k| k.parse().ok())
                .unwrap_or_else(|| panic!("{plans:?} in {spec}: write @K, K plans compared"));
            engine = engine.with_lookahead(k);
        }
        EngineSpec::Ours(Box::new(engine))
    }
}

impl Player {
    /// A player for one worker thread: a copy of our engine, or its own external process.
    fn new(spec: &EngineSpec) -> Player {
        let command = match spec {
            EngineSpec::Ours(engine) => return Player::Ours(engine.clone()),
            EngineSpec::External(command) => command,
        };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {command}: {e}"));
        let to = child.stdin.take().expect("piped stdin");
        let from = BufReader::new(child.stdout.take().expect("piped stdout"));
        Player::External {
            _child: child,
            to,
            from,
            line: String::new(),
        }
    }

    fn decide(&mut self, set: &[Placement], board: u128, tray: &[usize; 3]) -> Decision {
        match self {
            Player::Ours(engine) => {
                let pieces: Vec<Placement> = tray.iter().map(|&t| set[t].clone()).collect();
                let cpu_start = thread_cpu_ns();
                let start = Instant::now();
                let plan = engine.choose(board, &pieces, Turn::default());
                let ns = start.elapsed().as_nanos() as u64;
                let cpu = thread_cpu_ns().saturating_sub(cpu_start);
                let moves = plan.complete.then(|| {
                    plan.moves
                        .iter()
                        .map(|m| (m.piece, pieces[m.piece].mask_at(m.anchor)))
                        .collect()
                });
                (moves, ns, Some((cpu, plan.nodes)))
            }
            Player::External { to, from, line, .. } => {
                let mut request = String::new();
                for b in std::iter::once(board).chain(tray.iter().map(|&t| set[t].mask_at(0))) {
                    for w in words(b) {
                        request.push_str(&w.to_string());
                        request.push(' ');
                    }
                }
                request.pop();
                request.push('\n');
                to.write_all(request.as_bytes())
                    .expect("engine accepts a tray");
                to.flush().expect("engine accepts a tray");
                line.clear();
                from.read_line(line).expect("engine answers");
                let v: Vec<u128> = line
                    .split_whitespace()
                    .map(|x| x.parse().expect("numbers"))
                    .collect();
                assert_eq!(v.len(), 11, "bad answer {line:?}");
                let ns = v[1] as u64;
                if v[0] == 0 {
                    return (None, ns, None);
                }
                let cells =
                    (0..3).map(|i| v[2 + 3 * i] | (v[3 + 3 * i] << 27) | (v[4 + 3 * i] << 54));
                (Some(match_pieces(set, board, tray, cells)), ns, None)
            }
        }
    }
}

/// Assigns each placed cell set to a tray piece not yet used whose shape it is, checking
/// that it lies on empty cells (of the board as it stands after the earlier moves).
fn match_pieces(
    set: &[Placement],
    board: u128,
    tray: &[usize; 3],
    cells: impl Iterator<Item = u128>,
) -> Vec<(usize, u128)> {
    let geo = Geometry::standard();
    let mut used = [false; 3];
    let mut b = board;
    let mut out = Vec::new();
    for q in cells {
        let slot = (0..3).find(|&i| {
            !used[i] && {
                let p = &set[tray[i]];
                let mut pos = p.positions(!b & geo.full());
                let mut hit = false;
                while pos != 0 {
                    hit |= p.mask_at(pos.trailing_zeros()) == q;
                    pos &= pos - 1;
                }
                hit
            }
        });
        let slot =
            slot.unwrap_or_else(|| panic!("illegal placement {q:#x} on {b:#x} for {tray:?}"));
        used[slot] = true;
        b = apply(&geo, b, q, Turn::default()).board;
        out.push((slot, q));
    }
    out
}

#[derive(Default)]
struct Totals {
    trays: u64,
    deaths: u64,
    games: u64,
    refuted: u64,
    times: Vec<u32>,
    /// Ours only: the CPU time of each timed call, in ns.
    cpu_times: Vec<u32>,
    /// Ours only: the positions its search examined, summed over the timed calls.
    nodes: u64,
    /// The occupied cells of the board each timed tray was dealt on, summed.
    occupied: u64,
    /// The timed trays dealt on a board of at least [`CLEAR_GATE`] occupied cells (where
    /// our evaluation asks its costliest term, the ways to clear).
    crowded: u64,
}

fn play(player: &mut Player, seed: u64, cap: u64, until: Instant, totals: &Mutex<Totals>) {
    let geo = Geometry::standard();
    let set = default_placements(&geo);
    let mut rng = SplitMix64::new(seed);
    let mut board = 0u128;
    let mut times = Vec::new();
    let mut cpu_times = Vec::new();
    let (mut nodes, mut occupied, mut crowded) = (0u64, 0u64, 0u64);
    let mut trays = 0u64;
    let mut died = false;
    let mut refuted = false;
    while trays < cap && Instant::now() < until {
        let mut tray = [0usize; 3];
        for t in tray.iter_mut() {
            *t = rng.below(set.len() as u64) as usize;
        }
        let (moves, ns, ours) = player.decide(&set, board, &tray);
        if trays >= BURN_IN {
            times.push(ns.min(u64::from(u32::MAX)) as u32);
            if let Some((cpu, examined)) = ours {
                cpu_times.push(cpu.min(u64::from(u32::MAX)) as u32);
                nodes += examined;
            }
            occupied += u64::from(board.count_ones());
            crowded += u64::from(board.count_ones() >= CLEAR_GATE);
        }
        trays += 1;
        let Some(moves) = moves else {
            died = true;
            // Confirm by our exhaustive search that no order fits.
            let pieces: Vec<Placement> = tray.iter().map(|&t| set[t].clone()).collect();
            refuted = Engine::new(geo.clone()).fits_whole(board, &pieces);
            break;
        };
        for (_, q) in moves {
            board = apply(&geo, board, q, Turn::default()).board;
        }
    }
    let mut t = totals.lock().expect("not poisoned");
    t.trays += trays;
    t.deaths += u64::from(died);
    t.refuted += u64::from(refuted);
    t.games += 1;
    t.times.extend(times);
    t.cpu_times.extend(cpu_times);
    t.nodes += nodes;
    t.occupied += occupied;
    t.crowded += crowded;
    eprintln!(
        "game seed {seed:#018x}: {trays} trays{}; so far {} deaths in {} trays, {} games",
        if died { ", died" } else { "" },
        t.deaths,
        t.trays,
        t.games
    );
}

/// P(X <= k) for X ~ Poisson(lambda).
fn poisson_cdf(k: u64, lambda: f64) -> f64 {
    let mut term = (-lambda).exp();
    let mut sum = term;
    for i in 1..=k {
        term *= lambda / i as f64;
        sum += term;
    }
    sum
}

/// The exact (Garwood) 95% interval of a Poisson mean from `k` events, by bisection.
fn poisson_interval(k: u64) -> (f64, f64) {
    let solve = |target: f64, below: bool| {
        let (mut lo, mut hi) = (0.0f64, 10.0 + 3.0 * k as f64);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            // P(X <= k-1) falls as lambda grows (lower end); P(X <= k) likewise (upper end).
            let p = if below {
                1.0 - poisson_cdf(k - 1, mid)
            } else {
                poisson_cdf(k, mid)
            };
            if (p < target) == below {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    };
    let lower = if k == 0 { 0.0 } else { solve(0.025, true) };
    (lower, solve(0.025, false))
}

/// User + system CPU seconds of this process so far (from /proc, 100 ticks a second).
fn process_cpu_seconds() -> f64 {
    let text = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = text.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 (utime, stime) of the man page, counted from field 3 here.
    (tick(11) + tick(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().cloned().unwrap_or_else(|| "ours".into());
    let engine = EngineSpec::parse(&spec);
    let num = |i: usize, d: u64| args.get(i).and_then(|x| x.parse().ok()).unwrap_or(d);
    let (seed, games, cap, jobs, seconds) = (
        num(1, 0),
        num(2, 100),
        num(3, 10_000),
        num(4, 2),
        num(5, 600),
    );
    let seeds = game_seeds(seed, games as usize);
    let until = Instant::now() + Duration::from_secs(seconds);
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(Totals::default());
    let start = Instant::now();
    let cpu0 = process_cpu_seconds();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                let mut player = Player::new(&engine);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= seeds.len() || Instant::now() >= until {
                        break;
                    }
                    play(&mut player, seeds[i], cap, until, &totals);
                }
            });
        }
    });
    let wall = start.elapsed().as_secs_f64();
    let cpu = process_cpu_seconds() - cpu0;
    let t = totals.into_inner().expect("not poisoned");
    report(&spec, seed, cap, jobs, wall, cpu, t);
}

/// Prints the run's survival, speed and crowding; `wall` and `cpu`: the run's wall and
/// process CPU seconds.
fn report(spec: &str, seed: u64, cap: u64, jobs: u64, wall: f64, cpu: f64, mut t: Totals) {
    t.times.sort_unstable();
    let q = |f: f64| {
        if t.times.is_empty() {
            0.0
        } else {
            f64::from(t.times[((t.times.len() - 1) as f64 * f) as usize]) / 1000.0
        }
    };
    let summed: f64 = t.times.iter().map(|&x| f64::from(x)).sum::<f64>() / 1e9;
    let (lo, hi) = poisson_interval(t.deaths);
    let per10k = |d: f64| d / t.trays.max(1) as f64 * 10_000.0;
    println!("engine: {spec}");
    println!(
        "deal: seed {seed}, {} games started, cap {cap} trays, {jobs} jobs, {wall:.0} s wall",
        t.games
    );
    println!(
        "survival: {} deaths in {} trays; deaths per 10k trays {:.3} (95% CI {:.3}-{:.3}); trays per death {:.0}",
        t.deaths,
        t.trays,
        per10k(t.deaths as f64),
        per10k(lo),
        per10k(hi),
        t.trays as f64 / t.deaths.max(1) as f64
    );
    if t.refuted > 0 {
        println!(
            "RULES MISMATCH: {} deaths where our search places the whole tray",
            t.refuted
        );
    }
    println!(
        "time per tray from tray {BURN_IN} on: median {:.0} us (p10-p90 {:.0}-{:.0}), mean {:.0} us over {} trays",
        q(0.5),
        q(0.1),
        q(0.9),
        summed * 1e6 / t.times.len().max(1) as f64,
        t.times.len()
    );
    let timed = t.times.len().max(1) as f64;
    println!(
        "boards from tray {BURN_IN} on: {:.2} occupied cells on average, {:.2}% with {CLEAR_GATE} or more",
        t.occupied as f64 / timed,
        t.crowded as f64 * 100.0 / timed
    );
    if spec.starts_with("ours") {
        println!(
            "process CPU {cpu:.1} s over {summed:.1} s of timed calls (all trays: CPU per tray {:.0} us)",
            cpu * 1e6 / t.trays.max(1) as f64
        );
    }
    print_thread_cpu(&mut t);
}

/// Ours only: the CPU time per tray by the thread clock, and per search position.
fn print_thread_cpu(t: &mut Totals) {
    if t.cpu_times.is_empty() {
        return;
    }
    t.cpu_times.sort_unstable();
    let n = t.cpu_times.len();
    let cq = |f: f64| f64::from(t.cpu_times[((n - 1) as f64 * f) as usize]) / 1000.0;
    let mean = t.cpu_times.iter().map(|&x| f64::from(x)).sum::<f64>() / n as f64 / 1000.0;
    println!(
        "CPU per tray from tray {BURN_IN} on (thread clock): median {:.0} us (p10-p90 {:.0}-{:.0}), mean {mean:.0} us over {n} trays",
        cq(0.5),
        cq(0.1),
        cq(0.9)
    );
    println!(
        "search positions per tray from tray {BURN_IN} on: {:.0} on average ({:.1} ns of CPU each)",
        t.nodes as f64 / n as f64,
        mean * 1000.0 * n as f64 / t.nodes.max(1) as f64
    );
}
