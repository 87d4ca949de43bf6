//! Benchmark: our solver against nonogrid on the shared nonogram set, side by side, in one run.
//!
//! ```text
//! cargo run --release -p nonogram-core --example nonogram_bench -- \
//!     [--bench-dir crates/nonogram-core/data/bench] [--out docs/benchmarks/nonogram.md] [--timeout 60] \
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
//! the depth-first search alone, without the learning search).
//!
//! Hard section: every puzzle file (`.json` with `rows`/`cols`, `.non`, `.xml`) under each
//! `--hard-dir` runs three times with `--hard-timeout` (default `--timeout`): ours as
//! configured, ours with the depth-first search alone, and nonogrid. Puzzles that may not be
//! redistributed (most of webpbn.com) are read this way from the user's own folder and never
//! copied into the repo. `--no-dfs-alone` leaves out the second run (the depth-first search
//! alone), which on a large hard set costs more than the other two together.

//!
//! `nonogram_bench color ...` is the colour comparison instead (module `color`, its puzzles
//! from `color_inputs`; `scripts/nonogram-color-bench.sh` runs it).
//!
//! Modules: `runners` runs and times the two solvers on one puzzle, `hard` the hard
//! section, `report` writes the Markdown.

mod color;
mod color_inputs;
mod hard;
mod report;
mod runners;

use hard::{render_hard, run_hard};
use nonogram_core::formats::to_non;
use nonogram_core::palette::plain_lists;
use nonogram_core::solver::{SolveInput, SolveOptions};
use report::{other_sections, render};
use runners::{Run, run_nonogrid, run_ours};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

pub(crate) struct Args {
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

pub(crate) struct Row {
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

fn agrees(known: &str, got: &str) -> bool {
    known == "unknown" || known == got
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("color") {
        color::main_color(std::env::args().skip(2));
        return;
    }
    let args = parse_args();
    let tmp = std::env::temp_dir().join(format!("nonogram-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let version = nonogrid_version(&args.nonogrid);
    let have_nonogrid = !version.is_empty();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let started = Instant::now();
    let rows = run_set(&args, have_nonogrid, &tmp);
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

/// nonogrid's `--version` line, or empty when it cannot be run.
fn nonogrid_version(bin: &str) -> String {
    match Command::new(bin).arg("--version").output() {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).trim().to_string(),
        _ => {
            eprintln!("nonogrid not found: measuring our solver only (cargo install nonogrid)");
            String::new()
        }
    }
}

/// Every puzzle JSON of the set, ours then nonogrid (written as `.non` into `tmp`).
fn run_set(args: &Args, have_nonogrid: bool, tmp: &Path) -> Vec<Row> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(&args.bench_dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", args.bench_dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    if let Some(only) = &args.only {
        files.retain(|p| p.to_string_lossy().contains(only.as_str()));
    }
    let goals = goal_fixtures(&args.goals);
    let mut rows: Vec<Row> = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read puzzle");
        let v: serde_json::Value = serde_json::from_str(&text).expect("puzzle JSON");
        let name = v["name"].as_str().unwrap_or("?").to_string();
        let known = v["status"].as_str().unwrap_or("unknown").to_string();
        let clues = |k: &str| -> Vec<Vec<u32>> {
            serde_json::from_value(v[k].clone()).expect("clue lists")
        };
        let (row_clues, col_clues) = (clues("rows"), clues("cols"));
        let input = SolveInput {
            rows: plain_lists(&row_clues),
            cols: plain_lists(&col_clues),
            palette: None,
            timeout_ms: Some(args.timeout_s * 1000),
            goal: None,
        };
        let size = format!("{}x{}", input.cols.len(), input.rows.len());
        let (ours, verdict) = run_ours(&input, args.options);
        let theirs = have_nonogrid.then(|| {
            let file = tmp.join(format!("{name}.non"));
            std::fs::write(&file, to_non(Some(&name), &row_clues, &col_clues)).expect("write .non");
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
    rows
}
