// Harness for scripts/renju-mate-bench.sh, copied into a quintet checkout as
// examples/batch.rs (quintet itself is never committed here): solves every position of a
// mate_bench table in one process. A first pass prints `index status times micros path` per
// position (micros: the least CPU time of three solves, from the thread's own clock, as
// mate_bench times ours); then `reps` more passes are timed as a whole by thread CPU time
// and wall time.
use quintet::board::*;
use quintet::mate::*;
use std::io::BufRead;
use std::time::Instant;

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// CPU time this thread has run, in nanoseconds (CLOCK_THREAD_CPUTIME_ID, from the C
/// library every Rust program on Linux links).
fn cpu_ns() -> u64 {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid, writable timespec for the call.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(ok, 0, "clock_gettime");
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args[1].parse::<SolveMode>().unwrap();
    let limit: u8 = args[2].parse().unwrap();
    let threat_limit: u8 = args[3].parse().unwrap();
    let reps: usize = args.get(4).map(|a| a.parse().unwrap()).unwrap_or(1);
    let stdin = std::io::stdin();
    let mut rows = Vec::new();
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let f: Vec<&str> = line.split('\t').collect();
        let attacker = f[1].parse::<Player>().unwrap();
        let board = f[2].parse::<Board>().unwrap();
        rows.push((f[0].to_string(), attacker, board));
    }
    let mut wins = 0;
    let mut times = Vec::new();
    for (idx, attacker, board) in &rows {
        let mut us = f64::INFINITY;
        let mut sol = None;
        for _ in 0..3 {
            let c0 = cpu_ns();
            sol = solve(mode, limit, board, *attacker, threat_limit);
            us = us.min((cpu_ns() - c0) as f64 / 1e3);
        }
        times.push(us);
        let status = if sol.is_some() { "win" } else { "no_win" };
        wins += sol.is_some() as usize;
        let n = sol.as_ref().map_or(0, |m| m.n_times());
        let path = sol.map_or(String::new(), |m| Points(m.path).to_string());
        println!("{idx}\t{status}\t{n}\t{us:.1}\t{path}");
    }
    let c0 = cpu_ns();
    let t0 = Instant::now();
    for _ in 0..reps {
        for (_, attacker, board) in &rows {
            std::hint::black_box(solve(mode, limit, board, *attacker, threat_limit));
        }
    }
    let wall = t0.elapsed().as_secs_f64() * 1e3 / reps.max(1) as f64;
    let cpu = (cpu_ns() - c0) as f64 / 1e6 / reps.max(1) as f64;
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = times.len();
    let total: f64 = times.iter().sum();
    eprintln!("quintet {:?}: {n} positions, {wins} wins; per pass over {reps} passes: cpu {cpu:.2} ms, wall {wall:.2} ms; first pass median {:.1} us p90 {:.1} us p99 {:.1} us worst {:.1} us total {total:.1} us",
        mode, times[n / 2], times[n * 9 / 10], times[n * 99 / 100], times[n - 1]);
}
