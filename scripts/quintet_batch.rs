// Harness for scripts/renju-mate-bench.sh, copied into a quintet checkout as
// examples/batch.rs (quintet itself is never committed here): solves every position of a
// mate_bench table in one process. A first pass prints the verdicts (and the least wall time
// of three solves per position); then `reps` more passes are timed as a whole by thread CPU
// time (/proc/thread-self/schedstat) and wall time.
use quintet::board::*;
use quintet::mate::*;
use std::io::BufRead;
use std::time::Instant;

fn cpu_ns() -> u64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    s.split_whitespace().next().unwrap().parse().unwrap()
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
        // The least wall time of three solves, as the mate_bench example times ours.
        let mut us = f64::INFINITY;
        let mut sol = None;
        for _ in 0..3 {
            let t0 = Instant::now();
            sol = solve(mode, limit, board, *attacker, threat_limit);
            us = us.min(t0.elapsed().as_secs_f64() * 1e6);
        }
        times.push(us);
        let status = if sol.is_some() { "win" } else { "no_win" };
        wins += sol.is_some() as usize;
        let n = sol.map_or(0, |m| m.n_times());
        println!("{idx}\t{status}\t{n}\t{us:.1}");
    }
    let c0 = cpu_ns();
    let t0 = Instant::now();
    for _ in 0..reps {
        for (_, attacker, board) in &rows {
            std::hint::black_box(solve(mode, limit, board, *attacker, threat_limit));
        }
    }
    let wall = t0.elapsed().as_secs_f64() * 1e3 / reps as f64;
    let cpu = (cpu_ns() - c0) as f64 / 1e6 / reps as f64;
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = times.len();
    let total: f64 = times.iter().sum();
    eprintln!("quintet {:?}: {n} positions, {wins} wins; per pass over {reps} passes: cpu {cpu:.2} ms, wall {wall:.2} ms; first pass median {:.1} us p90 {:.1} us p99 {:.1} us worst {:.1} us total {total:.1} us",
        mode, times[n / 2], times[n * 9 / 10], times[n * 99 / 100], times[n - 1]);
}
