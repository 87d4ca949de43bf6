//! Running the two solvers on one puzzle and timing them: ours in this process (the
//! solving thread's CPU clock), nonogrid as a child process (its CPU from this process's
//! reaped-children counters).

use nonogram_core::palette::ClueItem;
use nonogram_core::solver::{
    Puzzle, SolveInput, SolveOptions, SolveStatus, SolveVerdict, solve_puzzle_with,
};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Clone)]
pub(crate) struct Run {
    pub(crate) status: String,
    pub(crate) wall: f64,
    pub(crate) cpu: f64,
    pub(crate) note: String,
}

impl Run {
    /// The status, with the note in brackets when there is one.
    pub(crate) fn label(&self) -> String {
        if self.note.is_empty() {
            self.status.clone()
        } else {
            format!("{} ({})", self.status, self.note)
        }
    }
}

/// CPU time of the calling thread, from its own clock (`CLOCK_THREAD_CPUTIME_ID`), not from
/// `/proc/thread-self/schedstat`: that counter moves only at scheduler ticks (4 ms here) and
/// context switches, so a puzzle solved between two ticks would read 0 s.
pub(crate) fn thread_cpu() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}

/// User + system CPU time of this process's reaped children (clock ticks of 1/100 s).
pub(crate) fn children_cpu() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the parenthesised command name; cutime and cstime are fields 16 and 17.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // `rest` starts at field 3 (state), so field n is at index n - 3.
    (tick(16 - 3) + tick(17 - 3)) / 100.0
}

/// Whether a picture satisfies the input's clues, by code of its own: the runs of one
/// character of every row and column against the clue items (a plain count is black, `#`
/// unless the palette gives black another character; a coloured count is its colour's).
pub(crate) fn check_picture(input: &SolveInput, pic: &[String]) -> bool {
    let char_of = |name: &str| {
        let palette = input.palette.iter().flatten();
        palette.clone().find(|c| c.name == name).map(|c| c.char)
    };
    let want = |items: &[ClueItem]| -> Option<Vec<(u32, char)>> {
        if items.len() == 1 && items[0].count() == 0 {
            return Some(Vec::new());
        }
        let item = |it: &ClueItem| match it {
            ClueItem::Count(n) => Some((*n, char_of("black").unwrap_or('#'))),
            ClueItem::Colored { count, color } => char_of(color).map(|c| (*count, c)),
        };
        items.iter().map(item).collect()
    };
    let runs = |cells: &[char]| -> Vec<(u32, char)> {
        let mut out: Vec<(u32, char)> = Vec::new();
        for (i, &ch) in cells.iter().enumerate() {
            if ch == '.' {
                continue;
            }
            match out.last_mut() {
                Some(last) if i > 0 && cells[i - 1] == ch => last.0 += 1,
                _ => out.push((1, ch)),
            }
        }
        out
    };
    let grid: Vec<Vec<char>> = pic.iter().map(|r| r.chars().collect()).collect();
    let (rows, cols) = (&input.rows, &input.cols);
    grid.len() == rows.len()
        && grid.iter().all(|r| r.len() == cols.len())
        && grid.iter().zip(rows).all(|(r, c)| Some(runs(r)) == want(c))
        && (0..cols.len()).all(|j| {
            let col: Vec<char> = grid.iter().map(|r| r[j]).collect();
            Some(runs(&col)) == want(&cols[j])
        })
}

/// `solve` with explicit options: the same checks and time limit as `solve`.
pub(crate) fn solve_with(
    input: &SolveInput,
    options: SolveOptions,
) -> Result<SolveVerdict, String> {
    let start = Instant::now();
    let puzzle = Puzzle::from_input(&input.rows, &input.cols, input.palette.as_deref())
        .map_err(|e| e.to_string())?;
    let goal = match &input.goal {
        Some(g) => Some(puzzle.goal_picture(g).map_err(|e| e.to_string())?),
        None => None,
    };
    let deadline = puzzles_common::Deadline::starting_at(start, input.timeout_ms);
    Ok(solve_puzzle_with(
        &puzzle,
        goal.as_deref(),
        deadline,
        start,
        options,
    ))
}

pub(crate) fn run_ours(input: &SolveInput, options: SolveOptions) -> (Run, Option<SolveVerdict>) {
    let c0 = thread_cpu();
    let t0 = Instant::now();
    let v = solve_with(input, options);
    let wall = t0.elapsed().as_secs_f64();
    let cpu = thread_cpu() - c0;
    match v {
        Ok(v) => {
            let mut note = String::new();
            let bad = v
                .solutions
                .iter()
                .filter(|p| !check_picture(input, p))
                .count();
            if bad > 0 {
                note = format!("{bad} INVALID picture(s)");
            }
            if v.status == SolveStatus::Multiple
                && (v.solutions.len() != 2 || v.solutions[0] == v.solutions[1])
            {
                note = "multiple without two different pictures".into();
            }
            let status = serde_json::to_value(v.status)
                .ok()
                .and_then(|s| s.as_str().map(String::from))
                .unwrap_or_default();
            (
                Run {
                    status,
                    wall,
                    cpu,
                    note,
                },
                Some(v),
            )
        }
        Err(e) => (
            Run {
                status: "error".into(),
                wall,
                cpu,
                note: e,
            },
            None,
        ),
    }
}

/// Runs nonogrid and reads its verdict from its output: "Backtracking found N solutions"
/// when it searched ("N-th solution:" headers from its SAT build, which does not stop at
/// its own timeout: killed 10 s after it); a grid without `?` when line logic finished it; a
/// grid with `?` and no such line when its timeout stopped it; a panic "Bad puzzle" when
/// propagation refuted it.
pub(crate) fn run_nonogrid(bin: &str, file: &Path, timeout_s: u64) -> Run {
    let c0 = children_cpu();
    let t0 = Instant::now();
    let finished = match run_child(bin, file, timeout_s) {
        Ok(finished) => finished,
        Err(e) => {
            return Run {
                status: "error".into(),
                wall: 0.0,
                cpu: 0.0,
                note: format!("cannot run {bin}: {e}"),
            };
        }
    };
    let wall = t0.elapsed().as_secs_f64();
    let cpu = children_cpu() - c0;
    let (status, note) = nonogrid_status(&finished, wall < timeout_s as f64);
    Run {
        status,
        wall,
        cpu,
        note,
    }
}

/// How a child process ended: whether it exited with success, whether it was killed at the
/// hard limit, and what it wrote.
pub(crate) struct Finished {
    pub(crate) ok: bool,
    pub(crate) killed: bool,
    /// CPU time of the child (its one thread, or its main thread), in nanoseconds, read
    /// after it exited and before it was reaped; `None` where that could not be read.
    pub(crate) cpu_ns: Option<u64>,
    pub(crate) out: String,
    pub(crate) err: String,
}

/// Runs nonogrid on `file` with `--max-solutions=2 --timeout=T`, killing it 10 s after its
/// own limit in case that does not cover a phase.
pub(crate) fn run_child(bin: &str, file: &Path, timeout_s: u64) -> std::io::Result<Finished> {
    let mut command = Command::new(bin);
    command
        .arg("--max-solutions=2")
        .arg(format!("--timeout={timeout_s}"))
        .arg(file);
    run_command(command, Duration::from_secs(timeout_s + 10))
}

/// Runs a command to its end, or kills it once `hard` has passed, and keeps what it wrote.
pub(crate) fn run_command(mut command: Command, hard: Duration) -> std::io::Result<Finished> {
    let t0 = Instant::now();
    let mut child = command
        .env("RUST_BACKTRACE", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut killed = false;
    // Read output on threads so a full pipe cannot block the child.
    let read = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_string(&mut s);
            }
            s
        })
    };
    let out_t = read(child.stdout.take().map(|p| Box::new(p) as _));
    let err_t = read(child.stderr.take().map(|p| Box::new(p) as _));
    let mut cpu_ns = None;
    let status = loop {
        // An exited child's own CPU clock, read before `try_wait` reaps it (a child that
        // exits between the two looks is reaped without it: the caller falls back).
        cpu_ns = cpu_ns.or_else(|| exited_cpu_ns(child.id()));
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) if t0.elapsed() > hard => {
                let _ = child.kill();
                killed = true;
                break child.wait().ok();
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(_) => break None,
        }
    };
    Ok(Finished {
        ok: status.is_some_and(|s| s.success()),
        killed,
        cpu_ns,
        out: out_t.join().unwrap_or_default(),
        err: err_t.join().unwrap_or_default(),
    })
}

/// The CPU time of process `pid` once it has exited (a zombie not yet reaped), from
/// `/proc/PID/schedstat` (nanoseconds on the CPU); `None` while it runs. The reaped-children
/// counters move in 10 ms clock ticks per child, too coarse for processes of 2 ms.
fn exited_cpu_ns(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let state = stat.rsplit_once(')')?.1.split_whitespace().next()?;
    if state != "Z" {
        return None;
    }
    let sched = std::fs::read_to_string(format!("/proc/{pid}/schedstat")).ok()?;
    sched.split_whitespace().next()?.parse().ok()
}

/// nonogrid's verdict and a note, from how it ended (`in_time`: before its own limit).
pub(crate) fn nonogrid_status(f: &Finished, in_time: bool) -> (String, String) {
    if f.killed {
        return ("timeout".to_string(), "killed".to_string());
    }
    if !f.ok {
        if f.err.contains("Bad puzzle") || f.err.contains("Unsolvable") {
            return ("none".into(), String::new());
        }
        let first = f.err.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        return ("error".into(), first.chars().take(80).collect());
    }
    let status = if let Some(line) = f.out.lines().find(|l| l.starts_with("Backtracking found")) {
        let n: usize = line
            .split_whitespace()
            .nth(2)
            .and_then(|n| n.parse().ok())
            .unwrap_or(usize::MAX);
        match n {
            0 => "none",
            1 if in_time => "unique",
            1 => "timeout",
            2 => "multiple",
            _ => "error",
        }
    } else if f.out.contains("2-th solution") {
        // The SAT build (`--features sat`) lists its solutions instead.
        "multiple"
    } else if f.out.contains("1-th solution") {
        "unique"
    } else if f.out.contains('?') {
        "timeout"
    } else {
        return ("unique".into(), "line logic".into());
    };
    (status.to_string(), String::new())
}
