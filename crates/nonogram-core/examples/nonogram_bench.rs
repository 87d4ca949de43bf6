//! Benchmark: our solver against nonogrid on the shared nonogram set, side by side, in one run.
//!
//! ```text
//! cargo run --release -p nonogram-core --example nonogram_bench -- \
//!     [--bench-dir crates/nonogram-core/data/bench] [--out BENCHMARKS.md] [--timeout 60] \
//!     [--nonogrid nonogrid] [--only NAME-SUBSTRING] [--goals fixtures/nonogram] \
//!     [--learn-after NODES|never] [--hard-dir DIR]... [--hard-timeout SECONDS] \
//!     [--no-dfs-alone]
//! ```
//! (`scripts/nonogram-bench.sh` runs exactly this from the repo root.)
//!
//! For each puzzle JSON of the set: our solver runs in this process (wall and thread CPU
//! time); the puzzle is written as `.non` into a temporary folder and nonogrid runs on it with
//! `--max-solutions=2 --timeout=T` (wall time, and its CPU time from this process's
//! reaped-children counters). Both verdicts are compared with the file's `status`; every
//! picture we return is re-checked here against the clues. The report is Markdown.
//!
//! Puzzles of unknown status whose clues a `solve` fixture under `--goals` holds with a
//! `goal` picture are solved a second time with that goal, and reported apart: the main
//! tables are from the clues alone.
//!
//! `--learn-after` sets [`SolveOptions::learn_after_nodes`] for every run of ours (`never`:
//! the depth-first search alone, the solver before the learning search existed).
//!
//! Hard section: every puzzle file (`.json` with `rows`/`cols`, `.non`, `.xml`) under each
//! `--hard-dir` runs three times with `--hard-timeout` (default `--timeout`): ours as
//! configured, ours with the depth-first search alone, and nonogrid. Puzzles that may not be
//! redistributed (most of webpbn.com) are read this way from the user's own folder and never
//! copied into the repo. `--no-dfs-alone` leaves out the second run (the depth-first search
//! alone), which on a large hard set costs more than the other two together.

use nonogram_core::cells::clues_of;
use nonogram_core::formats::to_non;
use nonogram_core::formats::{Format, decode_text, parse_puzzle};
use nonogram_core::solver::{
    Puzzle, SolveInput, SolveOptions, SolveStatus, SolveVerdict, solve_puzzle_with,
};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Args {
    bench_dir: PathBuf,
    out: Option<PathBuf>,
    timeout_s: u64,
    nonogrid: String,
    only: Option<String>,
    goals: PathBuf,
    options: SolveOptions,
    hard_dirs: Vec<PathBuf>,
    hard_timeout_s: Option<u64>,
    /// Whether the hard section also runs the depth-first search alone.
    dfs_alone: bool,
}

fn parse_args() -> Args {
    let mut a = Args {
        bench_dir: PathBuf::from("crates/nonogram-core/data/bench"),
        out: None,
        timeout_s: 60,
        nonogrid: "nonogrid".into(),
        only: None,
        goals: PathBuf::from("fixtures/nonogram"),
        options: SolveOptions::default(),
        hard_dirs: Vec::new(),
        hard_timeout_s: None,
        dfs_alone: true,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut val = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--bench-dir" => a.bench_dir = PathBuf::from(val()),
            "--out" => a.out = Some(PathBuf::from(val())),
            "--timeout" => a.timeout_s = val().parse().expect("--timeout takes seconds"),
            "--nonogrid" => a.nonogrid = val(),
            "--only" => a.only = Some(val()),
            "--goals" => a.goals = PathBuf::from(val()),
            "--learn-after" => {
                a.options.learn_after_nodes = match val().as_str() {
                    "never" => None,
                    n => Some(
                        n.parse()
                            .expect("--learn-after takes a node count or `never`"),
                    ),
                }
            }
            "--hard-dir" => a.hard_dirs.push(PathBuf::from(val())),
            "--no-dfs-alone" => a.dfs_alone = false,
            "--hard-timeout" => {
                a.hard_timeout_s = Some(val().parse().expect("--hard-timeout takes seconds"));
            }
            other => panic!("unknown flag {other}"),
        }
    }
    a
}

#[derive(Clone)]
struct Run {
    status: String,
    wall: f64,
    cpu: f64,
    note: String,
}

impl Run {
    /// The status, with the note in brackets when there is one.
    fn label(&self) -> String {
        if self.note.is_empty() {
            self.status.clone()
        } else {
            format!("{} ({})", self.status, self.note)
        }
    }
}

struct Row {
    name: String,
    group: String,
    size: String,
    known: String,
    ours: Run,
    theirs: Option<Run>,
    line_logic: bool,
    nodes: u64,
    /// Unknown status only: our run given the goal of a fixture (and that fixture's path).
    with_goal: Option<(Run, String)>,
}

/// `solve` fixtures (batch cases) under `dir` whose input has a `goal`, as (path, input).
fn goal_fixtures(dir: &Path) -> Vec<(String, SolveInput)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&p).ok()?).ok()?;
            if v["command"] != "solve" || v["input"]["goal"].is_null() {
                return None;
            }
            let input: SolveInput = serde_json::from_value(v["input"].clone()).ok()?;
            Some((p.display().to_string(), input))
        })
        .collect()
}

fn group_of(name: &str) -> String {
    for g in ["survey", "domino", "test-pattern", "nonodb", "jwilk"] {
        if name.starts_with(g) {
            return g.to_string();
        }
    }
    name.split('-').take(2).collect::<Vec<_>>().join("-")
}

/// CPU time of the calling thread, from its own clock (`CLOCK_THREAD_CPUTIME_ID`). Not from
/// `/proc/thread-self/schedstat`, as before: that counter moves only at scheduler ticks
/// (4 ms here) and context switches, so a puzzle solved between two ticks read 0 s.
fn thread_cpu() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}

/// User + system CPU time of this process's reaped children (clock ticks of 1/100 s).
fn children_cpu() -> f64 {
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

fn check_picture(rows: &[Vec<u32>], cols: &[Vec<u32>], pic: &[String]) -> bool {
    let grid: Vec<Vec<bool>> = pic
        .iter()
        .map(|r| r.chars().map(|c| c == '#').collect())
        .collect();
    let norm = |c: &Vec<u32>| if c == &[0] { vec![] } else { c.clone() };
    grid.len() == rows.len()
        && grid.iter().all(|r| r.len() == cols.len())
        && grid.iter().zip(rows).all(|(r, c)| clues_of(r) == norm(c))
        && (0..cols.len()).all(|j| {
            let col: Vec<bool> = grid.iter().map(|r| r[j]).collect();
            clues_of(&col) == norm(&cols[j])
        })
}

/// `solve` with explicit options: the same checks and time limit as `solve`.
fn solve_with(input: &SolveInput, options: SolveOptions) -> Result<SolveVerdict, String> {
    let start = Instant::now();
    let puzzle = Puzzle::new(&input.rows, &input.cols).map_err(|e| e.to_string())?;
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

fn run_ours(input: &SolveInput, options: SolveOptions) -> (Run, Option<SolveVerdict>) {
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
                .filter(|p| !check_picture(&input.rows, &input.cols, p))
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
/// its own timeout: killed 10 s after it); a grid without `?` when line logic finished it; a grid with `?` and no
/// such line when its timeout stopped it; a panic "Bad puzzle" when propagation refuted it.
fn run_nonogrid(bin: &str, file: &Path, timeout_s: u64) -> Run {
    let c0 = children_cpu();
    let t0 = Instant::now();
    let child = Command::new(bin)
        .arg("--max-solutions=2")
        .arg(format!("--timeout={timeout_s}"))
        .arg(file)
        .env("RUST_BACKTRACE", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            return Run {
                status: "error".into(),
                wall: 0.0,
                cpu: 0.0,
                note: format!("cannot run {bin}: {e}"),
            };
        }
    };
    // Hard limit in case its own timeout does not cover a phase.
    let hard = Duration::from_secs(timeout_s + 10);
    let mut killed = false;
    // Read output on threads so a full pipe cannot block the child.
    let mut out_pipe = child.stdout.take();
    let mut err_pipe = child.stderr.take();
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = std::io::Read::read_to_string(p, &mut s);
        }
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = err_pipe.as_mut() {
            let _ = std::io::Read::read_to_string(p, &mut s);
        }
        s
    });
    let status = loop {
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
    let wall = t0.elapsed().as_secs_f64();
    let cpu = children_cpu() - c0;
    let out = out_t.join().unwrap_or_default();
    let err = err_t.join().unwrap_or_default();
    let ok = status.is_some_and(|s| s.success());
    let (status, note) = if killed {
        ("timeout".to_string(), "killed".to_string())
    } else if !ok {
        if err.contains("Bad puzzle") || err.contains("Unsolvable") {
            ("none".into(), String::new())
        } else {
            let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            ("error".into(), first.chars().take(80).collect())
        }
    } else if let Some(line) = out.lines().find(|l| l.starts_with("Backtracking found")) {
        let n: usize = line
            .split_whitespace()
            .nth(2)
            .and_then(|n| n.parse().ok())
            .unwrap_or(usize::MAX);
        let s = match n {
            0 => "none",
            1 if wall < timeout_s as f64 => "unique",
            1 => "timeout",
            2 => "multiple",
            _ => "error",
        };
        (s.to_string(), String::new())
    } else if out.contains("2-th solution") {
        // The SAT build (`--features sat`) lists its solutions instead.
        ("multiple".into(), String::new())
    } else if out.contains("1-th solution") {
        ("unique".into(), String::new())
    } else if out.contains('?') {
        ("timeout".into(), String::new())
    } else {
        ("unique".into(), "line logic".into())
    };
    Run {
        status,
        wall,
        cpu,
        note,
    }
}

fn agrees(known: &str, got: &str) -> bool {
    known == "unknown" || known == got
}

fn main() {
    let args = parse_args();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&args.bench_dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", args.bench_dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    if let Some(only) = &args.only {
        files.retain(|p| p.to_string_lossy().contains(only.as_str()));
    }
    let tmp = std::env::temp_dir().join(format!("nonogram-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let have_nonogrid = Command::new(&args.nonogrid)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let version = if have_nonogrid {
        Command::new(&args.nonogrid)
            .arg("--version")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    } else {
        eprintln!("nonogrid not found: measuring our solver only (cargo install nonogrid)");
        String::new()
    };
    let goals = goal_fixtures(&args.goals);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let started = Instant::now();
    let mut rows: Vec<Row> = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read puzzle");
        let v: serde_json::Value = serde_json::from_str(&text).expect("puzzle JSON");
        let name = v["name"].as_str().unwrap_or("?").to_string();
        let known = v["status"].as_str().unwrap_or("unknown").to_string();
        let clues = |k: &str| -> Vec<Vec<u32>> {
            serde_json::from_value(v[k].clone()).expect("clue lists")
        };
        let input = SolveInput {
            rows: clues("rows"),
            cols: clues("cols"),
            timeout_ms: Some(args.timeout_s * 1000),
            goal: None,
        };
        let size = format!("{}x{}", input.cols.len(), input.rows.len());
        let (ours, verdict) = run_ours(&input, args.options);
        let theirs = have_nonogrid.then(|| {
            let file = tmp.join(format!("{name}.non"));
            std::fs::write(&file, to_non(Some(&name), &input.rows, &input.cols))
                .expect("write .non");
            run_nonogrid(&args.nonogrid, &file, args.timeout_s)
        });
        eprintln!(
            "{name:45} {size:>8} known {known:8} ours {:8} {:8.3}s  nonogrid {:8} {:8.3}s",
            ours.status,
            ours.wall,
            theirs.as_ref().map_or("-", |t| t.status.as_str()),
            theirs.as_ref().map_or(0.0, |t| t.wall),
        );
        let with_goal = (known == "unknown")
            .then(|| {
                goals
                    .iter()
                    .find(|(_, g)| g.rows == input.rows && g.cols == input.cols)
            })
            .flatten()
            .map(|(path, g)| {
                let guided = SolveInput {
                    timeout_ms: input.timeout_ms,
                    ..g.clone()
                };
                (run_ours(&guided, args.options).0, path.clone())
            });
        rows.push(Row {
            group: group_of(&name),
            name,
            size,
            known,
            ours,
            theirs,
            line_logic: verdict.as_ref().is_some_and(|v| v.stats.line_logic),
            nodes: verdict.as_ref().map_or(0, |v| v.stats.nodes),
            with_goal,
        });
    }
    let hard = run_hard(&args, have_nonogrid, &tmp);
    let _ = std::fs::remove_dir_all(&tmp);
    let mut report = render(
        &args,
        &rows,
        &version,
        &load,
        started.elapsed().as_secs_f64(),
    );
    if !hard.is_empty() {
        render_hard(&mut report, &args, &hard);
    }
    match &args.out {
        Some(p) => {
            let kept = std::fs::read_to_string(p)
                .map(|old| other_sections(&old).to_string())
                .unwrap_or_default();
            let gap = if kept.is_empty() { "" } else { "\n" };
            std::fs::write(p, format!("{report}{gap}{kept}")).expect("write report");
        }
        None => print!("{report}"),
    }
}

/// Second-level headings this report writes; every other section of the output file (other
/// benchmarks sharing BENCHMARKS.md) is kept as it was.
const OWN_SECTIONS: [&str; 6] = [
    "Totals per group",
    "Puzzles of unknown status",
    "Disagreements with the known status",
    "Slowest puzzles",
    "Every puzzle",
    "Hard section",
];

/// The part of an existing report file from its first section that this report does not
/// write to its end (empty when there is none).
fn other_sections(old: &str) -> &str {
    let mut at = 0;
    for line in old.split_inclusive('\n') {
        if let Some(title) = line.strip_prefix("## ")
            && !OWN_SECTIONS.iter().any(|own| title.starts_with(own))
        {
            return &old[at..];
        }
        at += line.len();
    }
    ""
}

/// One puzzle of the hard section: ours as configured, ours with the depth-first search
/// alone, nonogrid.
struct HardRow {
    name: String,
    dir: String,
    size: String,
    known: String,
    ours: Run,
    ours_verdict: Option<SolveVerdict>,
    /// `None` with `--no-dfs-alone`.
    dfs: Option<Run>,
    theirs: Option<Run>,
}

/// Reads one puzzle file of the hard section: JSON (`rows`, `cols`, optional `name` and
/// `status`), `.non` or webpbn `.xml`.
fn read_hard(path: &Path) -> Option<(String, String, SolveInput)> {
    let bytes = std::fs::read(path).ok()?;
    let text = decode_text(&bytes);
    let stem = path.file_stem()?.to_string_lossy().to_string();
    if let Some(f) = Format::from_path(&path.to_string_lossy()) {
        let input = parse_puzzle(&text, f).ok()?;
        return Some((stem, "unknown".into(), input));
    }
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let name = v["name"].as_str().map_or(stem, String::from);
    let known = v["status"].as_str().unwrap_or("unknown").to_string();
    let input = SolveInput {
        rows: serde_json::from_value(v["rows"].clone()).ok()?,
        cols: serde_json::from_value(v["cols"].clone()).ok()?,
        timeout_ms: None,
        goal: None,
    };
    Some((name, known, input))
}

fn run_hard(args: &Args, have_nonogrid: bool, tmp: &Path) -> Vec<HardRow> {
    let timeout_s = args.hard_timeout_s.unwrap_or(args.timeout_s);
    let mut out = Vec::new();
    for dir in &args.hard_dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            eprintln!("hard section: cannot read {}", dir.display());
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if let Some(only) = &args.only
                && !path.to_string_lossy().contains(only.as_str())
            {
                continue;
            }
            let Some((name, known, mut input)) = read_hard(&path) else {
                if path.extension().is_some_and(|x| x != "md") {
                    eprintln!("hard section: skipped {} (not a puzzle)", path.display());
                }
                continue;
            };
            input.timeout_ms = Some(timeout_s * 1000);
            input.goal = None;
            let size = format!("{}x{}", input.cols.len(), input.rows.len());
            let (ours, ours_verdict) = run_ours(&input, args.options);
            let dfs_only = SolveOptions {
                learn_after_nodes: None,
                ..args.options
            };
            let dfs = args.dfs_alone.then(|| run_ours(&input, dfs_only).0);
            let theirs = have_nonogrid.then(|| {
                let file = tmp.join(format!("hard-{name}.non"));
                std::fs::write(&file, to_non(Some(&name), &input.rows, &input.cols))
                    .expect("write .non");
                run_nonogrid(&args.nonogrid, &file, timeout_s)
            });
            eprintln!(
                "hard {name:40} {size:>8} ours {:8} {:8.3}s cpu  dfs alone {:8} {:8.3}s cpu  nonogrid {:8} {:8.3}s",
                ours.status,
                ours.cpu,
                dfs.as_ref().map_or("-", |d| d.status.as_str()),
                dfs.as_ref().map_or(0.0, |d| d.cpu),
                theirs.as_ref().map_or("-", |t| t.status.as_str()),
                theirs.as_ref().map_or(0.0, |t| t.cpu),
            );
            out.push(HardRow {
                name,
                dir: dir.display().to_string(),
                size,
                known,
                ours,
                ours_verdict,
                dfs,
                theirs,
            });
        }
    }
    out
}

fn render_hard(s: &mut String, args: &Args, rows: &[HardRow]) {
    let timeout_s = args.hard_timeout_s.unwrap_or(args.timeout_s);
    let _ = writeln!(s, "\n## Hard section\n");
    let _ = writeln!(
        s,
        "Every puzzle file under {} (`--hard-dir`), {timeout_s} s limit each, run three times \
         one after the other: ours (the default: depth-first search, then the learning search \
         taking turns with it), ours with the depth-first search alone (`learn_after_nodes: \
         None`, the solver before the learning search; `-` when left out with \
         `--no-dfs-alone`), and nonogrid. CPU seconds of the \
         solving thread (nonogrid: of the child process); *conflicts*: of our learning search \
         (0: it did not run or needed none). Puzzles under a folder outside the repository \
         are the user's own (not redistributable) and are not in the repository.\n",
        args.hard_dirs
            .iter()
            .map(|d| format!("`{}`", d.display()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        s,
        "| puzzle | from | size (w x h) | known | ours | ours cpu | ours wall | nodes | conflicts | DFS alone | DFS alone cpu | nonogrid | nonogrid cpu |"
    );
    let _ = writeln!(
        s,
        "|---|---|---|---|---|---:|---:|---:|---:|---|---:|---|---:|"
    );
    for r in rows {
        let (ts, tc) = r.theirs.as_ref().map_or(("-".into(), "-".into()), |t| {
            (t.status.clone(), format!("{:.2}", t.cpu))
        });
        let ours = r.ours.label();
        let _ = writeln!(
            s,
            "| {} | `{}` | {} | {} | {} | {:.3} | {:.3} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.dir,
            r.size,
            r.known,
            ours,
            r.ours.cpu,
            r.ours.wall,
            r.ours_verdict.as_ref().map_or(0, |v| v.stats.nodes),
            r.ours_verdict.as_ref().map_or(0, |v| v.stats.conflicts),
            r.dfs.as_ref().map_or("-", |d| d.status.as_str()),
            r.dfs
                .as_ref()
                .map_or("-".into(), |d| format!("{:.3}", d.cpu)),
            ts,
            tc
        );
    }
    let decided = |st: &str| matches!(st, "unique" | "multiple" | "none");
    let dfs: Vec<&Run> = rows.iter().filter_map(|r| r.dfs.as_ref()).collect();
    let dfs_note = if dfs.is_empty() {
        "depth-first search alone not run".to_string()
    } else {
        format!(
            "depth-first search alone {}/{} ({:.3} s cpu)",
            dfs.iter().filter(|d| decided(&d.status)).count(),
            dfs.len(),
            dfs.iter().map(|d| d.cpu).sum::<f64>()
        )
    };
    let _ = writeln!(
        s,
        "\nDecided: ours {}/{n} ({:.3} s cpu in all), {dfs_note}.",
        rows.iter().filter(|r| decided(&r.ours.status)).count(),
        rows.iter().map(|r| r.ours.cpu).sum::<f64>(),
        n = rows.len()
    );
}

fn ratio(a: f64, b: f64) -> String {
    if a <= 0.0 {
        "-".into()
    } else {
        format!("{:.2}", b / a)
    }
}

fn render(args: &Args, rows: &[Row], version: &str, load: &str, total: f64) -> String {
    let mut s = String::new();
    let theirs_on = rows.iter().any(|r| r.theirs.is_some());
    let _ = writeln!(s, "# Nonogram solver benchmark\n");
    let _ = writeln!(
        s,
        "Made by `scripts/nonogram-bench.sh` (= `cargo run --release -p nonogram-core --example nonogram_bench -- {}`), \
         run from the repository root. Puzzles: the {} JSON files of `{}` (a copy of the published set, licences in its README). \
         Reference solver: `{}` run as `nonogrid --max-solutions=2 --timeout={}` on `.non` files generated from the same JSON.",
        std::env::args().skip(1).collect::<Vec<_>>().join(" "),
        rows.len(),
        args.bench_dir.display(),
        if version.is_empty() {
            "nonogrid (not installed in this run)"
        } else {
            version
        },
        args.timeout_s
    );
    let _ = writeln!(
        s,
        "\nTimes are seconds. *wall* is elapsed time; *cpu* is CPU time (ours: the solving thread; nonogrid: \
         the child process, 10 ms resolution). Each puzzle runs ours then nonogrid, one at a time. \
         The machine is shared (2 cores, other builds running; load average at start: `{}`), so compare ratios, \
         not absolute figures. Whole run: {:.0} s. Ratio = nonogrid / ours (above 1: we are faster); \
         per puzzle it is the CPU ratio, or the wall ratio (marked) when either CPU time is under 10 ms. \
         *line logic*: line solving alone decided it; *nodes*: our search nodes (0 = no search, 1 = probing at \
         the root decided it). *decided*: unique, multiple or none within the time limit.\n",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" "),
        total
    );
    // Totals per group.
    let mut groups: Vec<String> = rows.iter().map(|r| r.group.clone()).collect();
    groups.sort();
    groups.dedup();
    let _ = writeln!(s, "## Totals per group\n");
    let _ = writeln!(
        s,
        "| group | puzzles | ours wall | nonogrid wall | wall ratio | ours cpu | nonogrid cpu | cpu ratio | ours agree with known status | nonogrid agrees | ours decided | nonogrid decided |"
    );
    let _ = writeln!(
        s,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    const ALL: &str = "**all**";
    const KNOWN: &str = "**all of known status**";
    for g in groups.iter().map(String::as_str).chain([ALL, KNOWN]) {
        let rs: Vec<&Row> = match g {
            ALL => rows.iter().collect(),
            KNOWN => rows.iter().filter(|r| r.known != "unknown").collect(),
            _ => rows.iter().filter(|r| r.group == g).collect(),
        };
        let ow: f64 = rs.iter().map(|r| r.ours.wall).sum();
        let oc: f64 = rs.iter().map(|r| r.ours.cpu).sum();
        let tw: f64 = rs
            .iter()
            .filter_map(|r| r.theirs.as_ref())
            .map(|t| t.wall)
            .sum();
        let tc: f64 = rs
            .iter()
            .filter_map(|r| r.theirs.as_ref())
            .map(|t| t.cpu)
            .sum();
        let known: Vec<&&Row> = rs.iter().filter(|r| r.known != "unknown").collect();
        let oa = known.iter().filter(|r| r.ours.status == r.known).count();
        let ta = known
            .iter()
            .filter(|r| r.theirs.as_ref().is_some_and(|t| t.status == r.known))
            .count();
        let decided = |st: &str| matches!(st, "unique" | "multiple" | "none");
        let od = rs.iter().filter(|r| decided(&r.ours.status)).count();
        let td = rs
            .iter()
            .filter(|r| r.theirs.as_ref().is_some_and(|t| decided(&t.status)))
            .count();
        let _ = writeln!(
            s,
            "| {g} | {} | {ow:.3} | {} | {} | {oc:.3} | {} | {} | {oa}/{} | {} | {od}/{} | {} |",
            rs.len(),
            if theirs_on {
                format!("{tw:.3}")
            } else {
                "-".into()
            },
            if theirs_on { ratio(ow, tw) } else { "-".into() },
            if theirs_on {
                format!("{tc:.3}")
            } else {
                "-".into()
            },
            if theirs_on { ratio(oc, tc) } else { "-".into() },
            known.len(),
            if theirs_on {
                format!("{ta}/{}", known.len())
            } else {
                "-".into()
            },
            rs.len(),
            if theirs_on {
                format!("{td}/{}", rs.len())
            } else {
                "-".into()
            },
        );
    }
    let over10 = rows.iter().filter(|r| r.ours.wall > 10.0).count();
    let wrong: Vec<&Row> = rows
        .iter()
        .filter(|r| !agrees(&r.known, &r.ours.status) || !r.ours.note.is_empty())
        .collect();
    let _ = writeln!(
        s,
        "\nOurs: {} of {} puzzles with a known status got it; {} puzzle(s) over 10 s wall; {} picture problem(s).",
        rows.iter()
            .filter(|r| r.known != "unknown" && r.ours.status == r.known)
            .count(),
        rows.iter().filter(|r| r.known != "unknown").count(),
        over10,
        rows.iter().filter(|r| !r.ours.note.is_empty()).count(),
    );
    let unknown: Vec<&Row> = rows.iter().filter(|r| r.known == "unknown").collect();
    if !unknown.is_empty() {
        let _ = writeln!(s, "\n## Puzzles of unknown status\n");
        let _ = writeln!(
            s,
            "| puzzle | size | ours | ours wall | nodes | nonogrid | nonogrid wall |"
        );
        let _ = writeln!(s, "|---|---|---|---:|---:|---|---:|");
        for r in unknown {
            let t = r.theirs.clone().unwrap_or(Run {
                status: "-".into(),
                wall: 0.0,
                cpu: 0.0,
                note: String::new(),
            });
            let _ = writeln!(
                s,
                "| {} | {} | {} | {:.3} | {} | {} | {:.3} |",
                r.name, r.size, r.ours.status, r.ours.wall, r.nodes, t.status, t.wall
            );
        }
        let guided: Vec<&Row> = rows.iter().filter(|r| r.with_goal.is_some()).collect();
        if !guided.is_empty() {
            let _ = writeln!(
                s,
                "\nGiven a goal picture (the `goal` of a `solve` fixture with the same clues; \
                 the status above is from the clues alone):\n\n\
                 | puzzle | ours with the goal | wall | goal from |\n|---|---|---:|---|"
            );
            for r in guided {
                if let Some((run, path)) = &r.with_goal {
                    let _ = writeln!(
                        s,
                        "| {} | {} | {:.3} | `{}` |",
                        r.name, run.status, run.wall, path
                    );
                }
            }
        }
    }
    if !wrong.is_empty() {
        let _ = writeln!(s, "\n## Disagreements with the known status\n");
        for r in wrong {
            let _ = writeln!(
                s,
                "- {}: known {}, ours {} {}",
                r.name, r.known, r.ours.status, r.ours.note
            );
        }
    }
    let mut slow: Vec<&Row> = rows.iter().collect();
    slow.sort_by(|a, b| {
        let ka = a.ours.wall.max(a.theirs.as_ref().map_or(0.0, |t| t.wall));
        let kb = b.ours.wall.max(b.theirs.as_ref().map_or(0.0, |t| t.wall));
        kb.total_cmp(&ka)
    });
    let _ = writeln!(s, "\n## Slowest puzzles (by the slower of the two)\n");
    table(&mut s, slow.iter().take(20).copied());
    let _ = writeln!(
        s,
        "\n## Every puzzle\n\n<details><summary>{} rows</summary>\n",
        rows.len()
    );
    table(&mut s, rows.iter());
    let _ = writeln!(s, "\n</details>");
    s
}

fn table<'a>(s: &mut String, rows: impl Iterator<Item = &'a Row>) {
    let _ = writeln!(
        s,
        "| puzzle | size (w x h) | known | ours | ours wall | ours cpu | line logic | nodes | nonogrid | nonogrid wall | nonogrid cpu | ratio |"
    );
    let _ = writeln!(s, "|---|---|---|---|---:|---:|---|---:|---|---:|---:|---:|");
    for r in rows {
        let (ts, tw, tc) =
            r.theirs
                .as_ref()
                .map_or(("-".to_string(), "-".to_string(), "-".to_string()), |t| {
                    let st = if t.note.is_empty() || t.note == "line logic" {
                        t.status.clone()
                    } else {
                        format!("{} ({})", t.status, t.note)
                    };
                    (st, format!("{:.3}", t.wall), format!("{:.2}", t.cpu))
                });
        // CPU ratios of puzzles that take under 10 ms say nothing (nonogrid's CPU time
        // has 10 ms resolution): the wall ratio is given for those.
        // A side that timed out makes the ratio a bound.
        let rt = r.theirs.as_ref().map_or("-".into(), |t| {
            let bound = match (r.ours.status == "timeout", t.status == "timeout") {
                (false, true) => "at least ",
                (true, false) => "at most ",
                _ => "",
            };
            if r.ours.cpu >= 0.01 && t.cpu >= 0.01 {
                format!("{bound}{}", ratio(r.ours.cpu, t.cpu))
            } else {
                format!("{bound}{} (wall)", ratio(r.ours.wall.max(0.0001), t.wall))
            }
        });
        let ours = r.ours.label();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {:.3} | {:.3} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.size,
            r.known,
            ours,
            r.ours.wall,
            r.ours.cpu,
            if r.line_logic { "yes" } else { "no" },
            r.nodes,
            ts,
            tw,
            tc,
            rt
        );
    }
}
