//! End-to-end benchmark of `puzzles batch`: JSON Lines files of generated renju `check` and
//! baseball `judge` cases (each with a true `expect`) through the release binary, at several
//! sizes, reporting cases per second of wall and of CPU time and the peak memory.
//!
//! `scripts/batch-bench.sh [--cases 10000,100000] [--jobs 1]` builds and runs it.
//! `--generate-only` writes the case files and prints their paths, for other benchmarks
//! (`scripts/batch-stream-bench.py`) to use the same cases.
//!
//! CPU time is the child's user + system time, read from this process's `/proc/self/stat`
//! (children's times, once waited for); peak memory is the child's `VmHWM`, polled while it
//! runs. Linux only.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use renju_core::sample;

struct Options {
    sizes: Vec<usize>,
    jobs: usize,
    dir: PathBuf,
    runs: usize,
    generate_only: bool,
}

fn options() -> Options {
    let mut options = Options {
        sizes: vec![10_000, 100_000],
        jobs: 1,
        dir: PathBuf::from("target/batch-bench"),
        runs: 3,
        generate_only: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--cases" => {
                options.sizes = value
                    .split(',')
                    .map(|s| {
                        s.trim()
                            .parse()
                            .expect("--cases takes numbers, e.g. 10000,100000")
                    })
                    .collect();
            }
            "--jobs" => options.jobs = value.parse().expect("--jobs takes a number"),
            "--runs" => options.runs = value.parse().expect("--runs takes a number"),
            "--dir" => options.dir = PathBuf::from(value),
            "--generate-only" => {
                options.generate_only = true;
                i += 1;
                continue;
            }
            other => panic!("unknown argument {other}; see the file's doc comment"),
        }
        i += 2;
    }
    options
}

/// Renju `check` cases: records of seeded middle games (about 30 stones), with the side to
/// move as the expectation.
fn renju_cases(n: usize) -> String {
    let boards = sample::middle_games(7, n.min(4096));
    let mut text = String::new();
    for i in 0..n {
        let board = &boards[i % boards.len()];
        let rows = board.to_rows();
        let mut black = Vec::new();
        let mut white = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.chars().enumerate() {
                let point = format!("{}{}", (b'a' + c as u8) as char, 15 - r);
                match cell {
                    'X' => black.push(point),
                    'O' => white.push(point),
                    _ => {}
                }
            }
        }
        let mut moves = Vec::new();
        for k in 0..black.len().max(white.len()) {
            moves.extend(black.get(k).cloned());
            moves.extend(white.get(k).cloned());
        }
        let to_move = if black.len() > white.len() {
            "white"
        } else {
            "black"
        };
        let moves: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
        let _ = writeln!(
            text,
            "{{\"game\": \"renju\", \"command\": \"check\", \"input\": {{\"moves\": [{}]}}, \"expect\": {{\"to_move\": \"{to_move}\"}}}}",
            moves.join(", ")
        );
    }
    text
}

/// Baseball `judge` cases: seeded 4-digit secrets and guesses without repeats, with the
/// strikes and balls counted here as the expectation.
fn baseball_cases(n: usize) -> String {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let code = |next: &mut dyn FnMut() -> u64| {
        let mut digits: Vec<u8> = (b'0'..=b'9').collect();
        for i in 0..4 {
            let j = i + (next() % (10 - i as u64)) as usize;
            digits.swap(i, j);
        }
        String::from_utf8(digits[..4].to_vec()).unwrap_or_default()
    };
    let mut text = String::new();
    for _ in 0..n {
        let secret = code(&mut next);
        let guess = code(&mut next);
        let strikes = secret
            .bytes()
            .zip(guess.bytes())
            .filter(|(a, b)| a == b)
            .count();
        let common = guess
            .bytes()
            .filter(|b| secret.as_bytes().contains(b))
            .count();
        let _ = writeln!(
            text,
            "{{\"game\": \"baseball\", \"command\": \"judge\", \"input\": {{\"secret\": \"{secret}\", \"guess\": \"{guess}\"}}, \"expect\": {{\"strikes\": {strikes}, \"balls\": {}}}}}",
            common - strikes
        );
    }
    text
}

/// CPU seconds (user + system) of this process's waited-for children.
fn children_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the name.
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|s| s.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(13) + ticks(14)) / 100.0
}

/// Peak resident memory of a running process, in KiB.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

struct Measure {
    wall: Duration,
    cpu: f64,
    peak_kib: u64,
}

fn run_batch(binary: &Path, file: &Path, jobs: usize) -> Measure {
    let cpu0 = children_cpu();
    let started = Instant::now();
    let mut child = Command::new(binary)
        .args(["batch", "--jobs", &jobs.to_string()])
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the puzzles binary starts (build it: cargo build --release -p puzzles)");
    let mut peak = 0;
    loop {
        if let Some(kib) = peak_kib(child.id()) {
            peak = peak.max(kib);
        }
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let wall = started.elapsed();
    let output = child.wait_with_output().expect("wait");
    let summary = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && summary.contains(" 0 failed, 0 invalid"),
        "the batch did not pass: {summary}"
    );
    Measure {
        wall,
        cpu: children_cpu() - cpu0,
        peak_kib: peak,
    }
}

/// Makes the text of a case file of N cases.
type Generator = fn(usize) -> String;

/// Each benchmark's name (the start of its file name) and the maker of its case file.
const GENERATORS: [(&str, Generator); 2] = [
    ("renju-check", renju_cases),
    ("baseball-judge", baseball_cases),
];

fn main() {
    let options = options();
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.parent()?.join("puzzles")))
        .expect("the examples folder is inside the target folder");
    std::fs::create_dir_all(&options.dir).expect("bench folder");
    if options.generate_only {
        for (game, make) in GENERATORS {
            for &n in &options.sizes {
                let file = options.dir.join(format!("{game}-{n}.jsonl"));
                std::fs::write(&file, make(n)).expect("write the cases");
                println!("{}", file.display());
            }
        }
        return;
    }
    println!(
        "| cases | file | jobs | runs | CPU (min to max) | cases/s of CPU (min to max) | µs of CPU per case (best) | wall (best) | peak memory (max) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (game, make) in GENERATORS {
        // (cases, best µs of CPU per case) per size, for the linearity ratio.
        let mut per_case = Vec::new();
        for &n in &options.sizes {
            let file = options.dir.join(format!("{game}-{n}.jsonl"));
            let text = make(n);
            std::fs::File::create(&file)
                .and_then(|mut f| f.write_all(text.as_bytes()))
                .expect("write the cases");
            let runs: Vec<Measure> = (0..options.runs.max(1))
                .map(|_| run_batch(&binary, &file, options.jobs))
                .collect();
            let cpu_min = runs.iter().map(|m| m.cpu).fold(f64::INFINITY, f64::min);
            let cpu_max = runs.iter().map(|m| m.cpu).fold(0.0, f64::max);
            let wall = runs.iter().map(|m| m.wall).min().unwrap_or_default();
            let peak = runs.iter().map(|m| m.peak_kib).max().unwrap_or(0);
            let rate = |cpu: f64| n as f64 / cpu.max(0.01);
            per_case.push((n, cpu_min * 1e6 / n as f64));
            println!(
                "| {n} {game} | {:.1} MB | {} | {} | {cpu_min:.2} to {cpu_max:.2} s | {:.0} to {:.0} | {:.1} | {:.2} s | {:.1} MB |",
                text.len() as f64 / 1e6,
                options.jobs,
                runs.len(),
                rate(cpu_max),
                rate(cpu_min),
                cpu_min * 1e6 / n as f64,
                wall.as_secs_f64(),
                peak as f64 / 1024.0
            );
        }
        if let (Some(small), Some(large)) = (per_case.first(), per_case.last())
            && large.0 > small.0
        {
            eprintln!(
                "{game}: CPU per case at {} cases / at {} cases = {:.2}",
                large.0,
                small.0,
                large.1 / small.1
            );
        }
    }
}
